import Foundation
import Testing
import TouchTrace
@testable import TouchTraceTesting

/// `assertFixtures` under Swift Testing, and what it decides: record modes, paths, messages.
@Suite struct AssertFixturesSwiftTesting {
    @Test func aPassingFolderAndOneTrace() {
        // Found from this file's folder up to the package root, whatever the current directory.
        assertFixtures("traces/checkmark", environment: ["CI": "true"])
        assertFixtures("traces/checkmark/recognized.trace.json", environment: ["CI": "true"])
    }

    @Test func aCustomRegistry() throws {
        // Fixtures/lift names `lift`: the standard registry refuses its scene, the test's own
        // registry replays it.
        let registry = try liftRegistry()
        assertFixtures("Fixtures/lift", registry: registry, environment: ["CI": "true"])
        let standard = verifyFixtures("Fixtures/lift", environment: ["CI": "true"])
        #expect(standard.failures.count == 2)
        #expect(standard.failures.allSatisfy { $0.contains("cannot be replayed") && $0.contains("lift") })
    }

    @Test func aFailingFixtureIsAnIssueNamingTheFixtureBothFilesAndTheDiff() throws {
        let folder = try checkmarkFolder()
        defer { folder.remove() }
        let trace = folder.path + "/differs.trace.json"
        let expected = folder.path + "/differs.expected.txt"
        let diff = touchtraceDiff(trace, expected)
        #expect(diff.hasPrefix("checkmark/recognized: the replay of \(trace) differs from \(expected) (2 lines)\n"))
        // Exactly one failure, holding the diff and how to record.
        let reports = capturedReports { assertFixtures(trace, environment: [:]) }
        #expect(reports.count == 1 && reports.allSatisfy(\.isFailure))
        #expect(reports.first.map { $0.message.hasPrefix(diff) && $0.message.contains("TOUCHTRACE_RECORD=failed swift test") } == true)
        #expect(verifyFixtures(trace, environment: [:]).failures.count == 1)
        // Nothing was rewritten: the default mode writes only missing files.
        #expect(folder.read("differs.expected.txt") == wrongCheckmark(folder.read("same.expected.txt")!))
    }

    @Test func verifierDifference() throws {
        let same = Fixture(tracePath: packageRoot + "/traces/checkmark/recognized.trace.json")
        #expect(try Verifier().difference(same) == nil)
        let folder = try checkmarkFolder()
        defer { folder.remove() }
        let differs = Fixture(tracePath: folder.path + "/differs.trace.json")
        let difference = try #require(try Verifier().difference(differs))
        #expect(difference.title == "checkmark/recognized")
        #expect(difference.diff.changeCount == 2)
        #expect(difference.report == touchtraceDiff(differs.tracePath, differs.expectedPath))
        // A tolerance does not make `failed` equal `recognized`.
        #expect(try Verifier(tolerance: 1).difference(differs) != nil)
        // No expected file: its problem, not a difference.
        #expect(throws: TraceErrors.self) { try Verifier().difference(Fixture(tracePath: folder.path + "/missing.trace.json")) }
    }

    @Test func aTraceWithoutANameIsTitledByItsPath() throws {
        let folder = try checkmarkFolder()
        defer { folder.remove() }
        let named = folder.read("differs.trace.json")!
        try folder.write(named.replacingOccurrences(of: "\"name\": \"checkmark/recognized\",", with: ""), to: "differs.trace.json")
        let trace = folder.path + "/differs.trace.json"
        let expected = folder.path + "/differs.expected.txt"
        let failures = verifyFixtures(trace, environment: [:]).failures
        #expect(failures.count == 1)
        let diff = touchtraceDiff(trace, expected)
        #expect(diff.hasPrefix("\(folder.path)/differs: the replay of \(trace) differs from \(expected) (2 lines)\n"))
        #expect(diff.contains("\n@@ -2,4 +2,4 @@ \(folder.path)/differs\n"))
        #expect(failures.first?.hasPrefix(diff) == true)
    }

    @Test func theFailureIsReportedWhereTheAssertionIs() throws {
        let folder = try checkmarkFolder()
        defer { folder.remove() }
        let line = #line + 1
        let reports = capturedReports { assertFixtures(folder.path + "/differs.trace.json", environment: [:]) }
        #expect(reports.count == 1)
        #expect(reports.allSatisfy { $0.isFailure && $0.location.line == line && $0.location.fileName == "AssertFixturesSwiftTesting.swift" })
    }

    @Test func aPathThatIsNotThereFails() {
        let reports = capturedReports { assertFixtures("no-such-fixtures-folder", environment: [:]) }
        #expect(reports.count == 1)
        #expect(reports.allSatisfy { $0.isFailure && $0.message.hasPrefix("no-such-fixtures-folder: no such file or folder") })
    }

    @Test func recordingIsANoteNotAFailure() throws {
        let folder = try checkmarkFolder()
        defer { folder.remove() }
        // Records missing.expected.txt: a note (a warning under Swift Testing), not a failure.
        let reports = capturedReports { assertFixtures(folder.path + "/missing.trace.json", environment: [:]) }
        #expect(reports.count == 1 && reports.allSatisfy { !$0.isFailure })
        #expect(folder.read("missing.expected.txt") == folder.read("same.expected.txt"))
    }

    // MARK: Record modes (SPEC 7) on a folder with a matching, a differing and a missing fixture

    @Test(arguments: [RecordMode.missing, .all, .failed, .never])
    func recordModes(_ mode: RecordMode) throws {
        let folder = try checkmarkFolder()
        defer { folder.remove() }
        let right = folder.read("same.expected.txt")!
        let wrong = wrongCheckmark(right)
        let verification = verifyFixtures(folder.path, record: mode, environment: [:])
        let outcomes = verification.results.map { ($0.fixture.name.split(separator: "/").last!, $0.outcome) }
        #expect(outcomes.map { String($0.0) } == ["differs", "missing", "same"])
        #expect(verification.recording == FixtureRecording(mode: mode, reason: "record: .\(mode.rawValue)"))
        switch mode {
        case .missing:
            #expect(verification.results[0].outcome.isFailure)
            #expect(verification.results[1].outcome == .recorded)
            #expect(folder.read("differs.expected.txt") == wrong)
            #expect(folder.read("missing.expected.txt") == right)
        case .all, .failed:
            #expect(verification.results[0].outcome == .recorded)
            #expect(verification.results[1].outcome == .recorded)
            #expect(folder.read("differs.expected.txt") == right)
            #expect(folder.read("missing.expected.txt") == right)
        case .never:
            #expect(verification.results[0].outcome.isFailure)
            #expect(verification.results[1].outcome == .missingExpected)
            #expect(folder.read("differs.expected.txt") == wrong)
            #expect(!folder.exists("missing.expected.txt"))
        }
        if mode == .all {
            // SPEC 7 leaves a file whose bytes would not change alone and does not count it as
            // recorded; the Verifier counts it as recorded today. Either way its bytes stay.
            #expect([.recorded, .passed].contains(verification.results[2].outcome))
        } else {
            #expect(verification.results[2].outcome == .passed)
        }
        #expect(folder.read("same.expected.txt") == right)
        let recorded = verification.results.filter { $0.outcome == .recorded }.map(\.fixture)
        #expect(verification.notes == recorded.map { recordedNote($0, recording: verification.recording!) })
        #expect(verification.failures.count == verification.results.filter(\.outcome.isFailure).count)
        for fixture in recorded {
            let note = recordedNote(fixture, recording: verification.recording!)
            #expect(note.contains("recorded \(fixture.expectedPath) from the replay of \(fixture.tracePath) (record mode \(mode.rawValue): record: .\(mode.rawValue))"))
        }
    }

    @Test func neverFailsOnAMissingFileAndSaysHowToRecordIt() throws {
        let folder = try checkmarkFolder()
        defer { folder.remove() }
        let verification = verifyFixtures(folder.path + "/missing.trace.json", environment: ["CI": "1"])
        let trace = folder.path + "/missing.trace.json"
        let expected = folder.path + "/missing.expected.txt"
        #expect(verification.failures == [
            "\(folder.path)/missing: no expected file \(expected) for \(trace), and the record mode is never (CI=1)\n"
                + "Record it with: TOUCHTRACE_RECORD=missing swift test (then read it against the spec before you commit it)",
        ])
        #expect(!folder.exists("missing.expected.txt"))
    }

    @Test func theEnvironmentVariableWinsOverTheArgumentAndCI() throws {
        let folder = try checkmarkFolder()
        defer { folder.remove() }
        let verification = verifyFixtures(folder.path, record: .never, environment: ["TOUCHTRACE_RECORD": "failed", "CI": "true"])
        #expect(verification.succeeded)
        #expect(verification.notes.count == 2)
        #expect(folder.read("differs.expected.txt") == folder.read("same.expected.txt"))
    }

    @Test func recordModeResolution() throws {
        func resolve(_ argument: RecordMode?, _ environment: [String: String]) throws -> FixtureRecording {
            try FixtureRecording.resolve(argument: argument, environment: environment)
        }
        #expect(try resolve(nil, [:]) == FixtureRecording(mode: .missing, reason: "the default"))
        // CI: anything but empty, 0 or false means never.
        for value in ["true", "1", "yes", "TRUE"] {
            #expect(try resolve(nil, ["CI": value]) == FixtureRecording(mode: .never, reason: "CI=\(value)"))
        }
        for value in ["", "0", "false", "False"] {
            #expect(try resolve(nil, ["CI": value]).mode == .missing)
        }
        #expect(try resolve(.all, ["CI": "true"]) == FixtureRecording(mode: .all, reason: "record: .all"))
        for mode in RecordMode.allCases {
            #expect(try resolve(.never, ["TOUCHTRACE_RECORD": mode.rawValue, "CI": "true"])
                == FixtureRecording(mode: mode, reason: "TOUCHTRACE_RECORD=\(mode.rawValue)"))
        }
        // Empty counts as unset.
        #expect(try resolve(nil, ["TOUCHTRACE_RECORD": "", "CI": "1"]).mode == .never)
        #expect(throws: FixtureSetupError(message: "TOUCHTRACE_RECORD=sometimes is not a record mode (missing, all, failed, never)")) {
            try resolve(nil, ["TOUCHTRACE_RECORD": "sometimes"])
        }
        #expect(RecordMode.default(environment: ["CI": "on"]) == .never)
        #expect(RecordMode.default(environment: ["NOT_CI": "1"]) == .missing)
    }

    @Test func anUnknownRecordModeFailsTheAssertion() {
        let reports = capturedReports { assertFixtures("traces/checkmark", environment: ["TOUCHTRACE_RECORD": "yes"]) }
        #expect(reports.count == 1)
        #expect(reports.allSatisfy { $0.isFailure && $0.message.hasPrefix("TOUCHTRACE_RECORD=yes is not a record mode") })
    }

    @Test func theProcessEnvironmentIsReadWhenNoneIsGiven() {
        let environment = FixtureRecording.processEnvironment()
        #expect(environment["TOUCHTRACE_RECORD"] == ProcessInfo.processInfo.environment["TOUCHTRACE_RECORD"])
        #expect(environment["CI"] == ProcessInfo.processInfo.environment["CI"])
        #expect(environment.keys.allSatisfy { $0 == "TOUCHTRACE_RECORD" || $0 == "CI" })
    }

    // MARK: Where a relative path is found

    @Test func relativePathsAreFoundFromTheTestFileUpToThePackageRoot() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let fm = FileManager.default
        // outer/ holds a folder that must not be found: it lies above the package root.
        let package = root.path + "/outer/package"
        for folder in ["/outer/above-root", "/outer/package/Tests/MyTests/Fixtures", "/outer/package/shared"] {
            try fm.createDirectory(atPath: root.path + folder, withIntermediateDirectories: true)
        }
        try root.write("// swift-tools-version:6.0\n", to: "outer/package/Package.swift")
        let testFile = package + "/Tests/MyTests/MyTests.swift"
        #expect(FixtureLocation.resolve("Fixtures", filePath: testFile) == .success(package + "/Tests/MyTests/Fixtures"))
        #expect(FixtureLocation.resolve("shared", filePath: testFile) == .success(package + "/shared"))
        #expect(FixtureLocation.resolve(package + "/shared", filePath: "/elsewhere/x.swift") == .success(package + "/shared"))
        guard case .failure(let error) = FixtureLocation.resolve("above-root", filePath: testFile) else {
            Issue.record("a folder above the package root was found")
            return
        }
        let cwd = fm.currentDirectoryPath
        #expect(error.message == """
            above-root: no such file or folder; looked for it in the current directory and from the test file's folder up to the package root:
              \(cwd)/above-root
              \(package)/Tests/MyTests/above-root
              \(package)/Tests/above-root
              \(package)/above-root
            """)
        // A place is listed once, even when the current directory is the package root.
        if case .failure(let again) = FixtureLocation.resolve("nowhere", filePath: cwd + "/Tests/T/T.swift"), fm.fileExists(atPath: cwd + "/Package.swift") {
            #expect(again.message.components(separatedBy: "\n").dropFirst() == ["  \(cwd)/nowhere", "  \(cwd)/Tests/T/nowhere", "  \(cwd)/Tests/nowhere"])
        }
        // Found from this file, given relative to the current directory when it lies under it.
        if cwd == packageRoot {
            #expect(FixtureLocation.resolve("Fixtures/lift", filePath: #filePath) == .success("Tests/TouchTraceTestingTests/Fixtures/lift"))
        }
        #expect(FixtureLocation.relative("/a/b/c", to: "/a") == "b/c")
        #expect(FixtureLocation.relative("/ab/c", to: "/a") == "/ab/c")
        #expect(FixtureLocation.relative("/a/b", to: nil) == "/a/b")
        // The current directory comes first: this package's traces/ when tests run in its root.
        if fm.fileExists(atPath: "traces/checkmark") {
            #expect(FixtureLocation.resolve("traces/checkmark", filePath: testFile) == .success("traces/checkmark"))
        }
        #expect(FixtureLocation.parent(of: "/a/b/") == "/a")
        #expect(FixtureLocation.parent(of: "/a") == "/")
        #expect(FixtureLocation.parent(of: "/") == nil)
    }

    @Test func aFolderWithoutFixturesFails() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let verification = verifyFixtures(folder.path, environment: [:])
        #expect(verification.failures == ["\(folder.path): no fixtures (*.trace.json) in this folder or below"])
    }
}

