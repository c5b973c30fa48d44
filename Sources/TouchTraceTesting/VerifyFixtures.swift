import TouchTrace

/// What `verifyFixtures` found: one result per fixture, and the messages an assertion reports.
public struct FixtureVerification: Sendable {
    /// The path the fixtures were read from (see `assertFixtures` for how a relative path is
    /// found), nil when it was not found.
    public var path: String?
    /// The record mode it ran with, nil when it could not be decided.
    public var recording: FixtureRecording?
    /// Every fixture's result, in path order.
    public var results: [FixtureResult]
    /// One message per failing fixture (or one for a problem that stopped the run): the test
    /// fails with each.
    public var failures: [String]
    /// One message per expected file written: reported without failing the test.
    public var notes: [String]

    /// Whether every fixture passed or was recorded.
    public var succeeded: Bool { failures.isEmpty }

    init(path: String?, recording: FixtureRecording?, results: [FixtureResult] = [], failures: [String], notes: [String] = []) {
        self.path = path
        self.recording = recording
        self.results = results
        self.failures = failures
        self.notes = notes
    }
}

/// Verifies a folder of fixtures (every `NAME.trace.json` under it, with `NAME.expected.txt`
/// beside it) or one trace, as `touchtrace verify` does, and returns what an assertion would
/// report instead of reporting it. `assertFixtures` is this plus the reporting; call this one
/// to check the messages, or to report them some other way.
///
/// - Parameters:
///   - path: a folder or a `.trace.json` file; a relative path is found as `assertFixtures`
///     says.
///   - registry: the recognizer and control types the fixtures' scenes may name.
///   - record: the record mode when `TOUCHTRACE_RECORD` does not set one (see
///     `FixtureRecording`).
///   - tolerance: the largest difference between two numbers that still counts as equal.
///   - environment: the environment variables to read (`TOUCHTRACE_RECORD`, `CI`); nil reads the
///     process's.
///   - filePath: the calling test file, where a relative `path` is looked for when the current
///     directory does not have it.
public func verifyFixtures(_ path: String, registry: Registry = .standard, record: RecordMode? = nil,
                           tolerance: Double = TranscriptComparison.defaultTolerance,
                           environment: [String: String]? = nil, filePath: String = #filePath) -> FixtureVerification {
    let recording: FixtureRecording
    do {
        recording = try FixtureRecording.resolve(argument: record, environment: environment ?? FixtureRecording.processEnvironment())
    } catch {
        return FixtureVerification(path: nil, recording: nil, failures: [error.message])
    }
    let resolved: String
    switch FixtureLocation.resolve(path, filePath: filePath) {
    case .success(let found): resolved = found
    case .failure(let error): return FixtureVerification(path: nil, recording: recording, failures: [error.message])
    }
    let fixtures: [Fixture]
    do {
        fixtures = try Fixture.discover([resolved])
    } catch {
        return FixtureVerification(path: resolved, recording: recording, failures: [error.message])
    }
    guard !fixtures.isEmpty else {
        return FixtureVerification(path: resolved, recording: recording,
                                   failures: ["\(resolved): no fixtures (*\(Fixture.traceSuffix)) in this folder or below"])
    }
    let verifier = Verifier(mode: recording.mode, tolerance: tolerance, registry: registry)
    let results = verifier.verify(fixtures, jobs: Verifier.coreCount)
    var failures: [String] = []
    var notes: [String] = []
    for result in results {
        if result.outcome.isFailure {
            failures.append(failureMessage(result, verifier: verifier, recording: recording))
        } else if result.outcome == .recorded {
            notes.append(recordedNote(result.fixture, recording: recording))
        }
    }
    return FixtureVerification(path: resolved, recording: recording, results: results, failures: failures, notes: notes)
}

/// What a failing fixture's test failure says: the fixture, its trace and expected file, what
/// went wrong (for a difference, the lines `touchtrace diff TRACE EXPECTED` prints) and what to
/// do next.
func failureMessage(_ result: FixtureResult, verifier: Verifier, recording: FixtureRecording) -> String {
    let fixture = result.fixture
    let variable = FixtureRecording.environmentVariable
    switch result.outcome {
    case .passed, .recorded:
        return ""
    case .differs(let diff):
        // The report of `touchtrace diff`: its headline names the trace's title, both files and
        // the number of lines. It replays again, which only a failure pays for.
        var text: String
        if let difference = try? verifier.difference(fixture) {
            text = difference.report
        } else {
            text = "\(fixture.name): the replay of \(fixture.tracePath) differs from \(fixture.expectedPath)\n" + diff
        }
        text += "If the new behaviour is right, record it with: \(variable)=failed swift test"
            + " (then read \(fixture.expectedPath) against the spec before you commit it)"
        return text
    case .missingExpected:
        return "\(fixture.name): no expected file \(fixture.expectedPath) for \(fixture.tracePath), and the record mode is never (\(recording.reason))\n"
            + "Record it with: \(variable)=missing swift test (then read it against the spec before you commit it)"
    case .broken(let messages):
        return "\(fixture.name): \(fixture.tracePath) cannot be replayed, or \(fixture.expectedPath) cannot be read or written\n"
            + messages.joined(separator: "\n")
    }
}

/// What a recorded fixture's note says: which file was written from which trace, and why.
func recordedNote(_ fixture: Fixture, recording: FixtureRecording) -> String {
    "\(fixture.name): recorded \(fixture.expectedPath) from the replay of \(fixture.tracePath) (record mode \(recording.mode.rawValue): \(recording.reason)); read it against the spec before you commit it"
}
