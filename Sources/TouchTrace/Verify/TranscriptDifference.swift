/// How a replay differs from its expected transcript, in the words and lines `touchtrace diff`
/// prints: a headline naming the trace and both files, then the unified diff of SPEC 7.
public struct TranscriptDifference: Sendable {
    /// The trace's `name`, else the fixture name (`GROUP/NAME`): the `@@` lines carry it.
    public let title: String
    /// The trace file, as it was named (the new side of the diff).
    public let tracePath: String
    /// The expected transcript, as it was named (the old side of the diff).
    public let expectedPath: String
    /// The records that differ (numbers within the tolerance count as equal).
    public let diff: LineDiff

    /// A difference to show; `diff` holds the expected file's lines as old and the replay's as new.
    public init(title: String, tracePath: String, expectedPath: String, diff: LineDiff) {
        self.title = title
        self.tracePath = tracePath
        self.expectedPath = expectedPath
        self.diff = diff
    }

    /// `TITLE: the replay of TRACE differs from EXPECTED (N lines)`, N counting deleted and
    /// inserted lines.
    public var headline: String {
        let n = diff.changeCount
        return "\(title): the replay of \(tracePath) differs from \(expectedPath) (\(n) line\(n == 1 ? "" : "s"))"
    }

    /// The unified diff, the expected file as the old side and the replay as the new, three
    /// lines of context; it ends with a newline.
    public var unified: String {
        diff.unified(oldLabel: "\(expectedPath)\t(expected)", newLabel: "\(tracePath)\t(replayed)", title: title)
    }

    /// The headline and the unified diff: the lines `touchtrace diff TRACE EXPECTED` prints
    /// (without colour), ending with a newline.
    public var report: String { headline + "\n" + unified }
}

extension Verifier {
    /// How the fixture's replay differs from its expected file, compared with this verifier's
    /// tolerance and resolved as `touchtrace diff TRACE EXPECTED` resolves it; nil when every
    /// record is the same. Writes nothing, whatever the record mode.
    ///
    /// Throws the trace's or scene's problems, or the expected file's if it cannot be read.
    public func difference(_ fixture: Fixture, scenes: SceneCache? = nil) throws(TraceErrors) -> TranscriptDifference? {
        let scenes = scenes ?? SceneCache(registry: registry)
        let actual = try Self.render(tracePath: fixture.tracePath, scenes: scenes)
        let expected: SourceFile
        do { expected = try SourceFile.read(path: fixture.expectedPath) } catch { throw TraceErrors(error) }
        guard let diff = comparison.compare(expected: String(decoding: expected.bytes, as: UTF8.self),
                                            actual: String(decoding: actual, as: UTF8.self)) else { return nil }
        let name = try Trace.read(path: fixture.tracePath).header.name
        return TranscriptDifference(title: name ?? fixture.name, tracePath: fixture.tracePath,
                                    expectedPath: fixture.expectedPath, diff: diff)
    }
}

extension RecordMode {
    /// The record mode when none is given: `never` when the environment variable `CI` is set to
    /// anything but empty, `0` or `false` (in any case), else `missing` (SPEC 7).
    public static func `default`(environment: [String: String]) -> RecordMode {
        isSet(environment["CI"]) ? .never : .missing
    }

    /// Whether a flag-like environment value is on: present and not empty, `0` or `false`.
    static func isSet(_ value: String?) -> Bool {
        guard let value else { return false }
        return !(value.isEmpty || value == "0" || value.lowercased() == "false")
    }
}
