#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// What became of one fixture.
public enum FixtureOutcome: Sendable, Equatable {
    /// The replay matches the expected file (within the tolerance).
    case passed
    /// The expected file was written (it was missing, or the record mode rewrote it).
    case recorded
    /// The replay differs from the expected file: a unified diff.
    case differs(diff: String)
    /// There is no expected file and the record mode writes none.
    case missingExpected
    /// The fixture cannot be replayed (bad trace or scene) or its expected file cannot be read or
    /// written: the messages, `path:line:column: ...` where they have a place.
    case broken(messages: [String])

    public var isFailure: Bool {
        switch self {
        case .passed, .recorded: return false
        default: return true
        }
    }
}

public struct FixtureResult: Sendable {
    public let fixture: Fixture
    public let outcome: FixtureOutcome

    /// What to tell the user, or nil for a pass.
    public var message: String? {
        switch outcome {
        case .passed:
            return nil
        case .recorded:
            return "\(fixture.expectedPath) (read it against the spec before you commit it)"
        case .differs(let diff):
            return "\(fixture.name): the replay differs from \(fixture.expectedPath)\n" + diff +
                "If the new behaviour is right, run: touchtrace verify \(fixture.tracePath) --record failed"
        case .missingExpected:
            return "\(fixture.name): no expected file \(fixture.expectedPath); create it with: touchtrace verify \(fixture.tracePath) --record missing"
        case .broken(let messages):
            return "\(fixture.name): cannot be replayed\n" + messages.joined(separator: "\n")
        }
    }
}

/// Replays fixtures and compares them with their expected files: the one verify that both the
/// `verify` command and the project's own tests use.
public struct Verifier: Sendable {
    public var mode: RecordMode
    public var comparison: TranscriptComparison
    /// The recognizer and control types the fixtures' scenes may name.
    public var registry: Registry

    public init(mode: RecordMode = .missing, tolerance: Double = TranscriptComparison.defaultTolerance, registry: Registry = .standard) {
        self.mode = mode
        self.registry = registry
        self.comparison = TranscriptComparison(tolerance: tolerance)
    }

    /// The text transcript of a trace file, with the scene resolved as `replay` does.
    ///
    /// When a `scene.json` lies beside the trace (the usual fixture layout), the trace is
    /// replayed while it is read and checked, in one pass; the transcript is kept only if the
    /// trace has no scene of its own (which would take precedence), else it is replayed again.
    public static func render(tracePath: String, sceneFile: String? = nil, scenes: SceneCache = SceneCache()) throws(TraceErrors) -> [UInt8] {
        let source: SourceFile
        do { source = try SourceFile.read(path: tracePath) } catch { throw TraceErrors(error) }
        let beside = Scene.besidePath(of: tracePath)
        // A broken scene.json matters only to traces without a scene of their own: read those
        // first, below.
        if let provisional = try? scenes.scene(at: beside) {
            let output = MemoryOutput()
            let writer = transcriptWriter(for: provisional, output: output)
            var replayer = Replayer(scene: provisional, sink: writer)
            let trace = try Trace.parse(source, consumer: &replayer)
            if trace.header.scene == nil && trace.header.version == 1 {
                replayer.finish()
                try? writer.finish()
                return output.bytes
            }
            return try render(trace, scene: Scene.resolve(for: trace, sceneFile: sceneFile, registry: scenes.registry))
        }
        let trace = try Trace.parse(source)
        // Without a scene of its own, the trace uses scene.json (whose problems are then its
        // own), else the --scene file or the default scene.
        if trace.header.scene == nil, let cached = try scenes.scene(at: beside, version: trace.header.version) {
            return render(trace, scene: cached)
        }
        return try render(trace, scene: Scene.resolve(for: trace, sceneFile: sceneFile, registry: scenes.registry))
    }

    private static func render(_ trace: Trace, scene: Scene) -> [UInt8] {
        let output = MemoryOutput()
        let writer = transcriptWriter(for: scene, output: output, version: trace.header.version)
        Replayer.replay(trace, scene: scene, into: writer)
        // Memory cannot fail to take bytes.
        try? writer.finish()
        return output.bytes
    }

    private static func transcriptWriter(for scene: Scene, output: MemoryOutput, version: Int = 1) -> TranscriptWriter {
        TranscriptWriter(format: .text, sources: Replayer(scene: scene, sink: RecordCollector()).sources, output: output, version: version)
    }

    /// Verifies one fixture, writing its expected file if the record mode says so.
    public func verify(_ fixture: Fixture, scenes: SceneCache? = nil) -> FixtureResult {
        let scenes = scenes ?? SceneCache(registry: registry)
        let actual: [UInt8]
        do {
            actual = try Self.render(tracePath: fixture.tracePath, scenes: scenes)
        } catch {
            return FixtureResult(fixture: fixture, outcome: .broken(messages: error.errors.map(\.description)))
        }
        var expected: [UInt8]?
        do {
            expected = try SourceFile.read(path: fixture.expectedPath).bytes
        } catch {
            if Scene.fileExists(fixture.expectedPath) {
                return FixtureResult(fixture: fixture, outcome: .broken(messages: [error.description]))
            }
            expected = nil
        }
        let outcome: FixtureOutcome
        switch (mode, expected) {
        case (.all, _), (.missing, nil), (.failed, nil):
            outcome = write(actual, for: fixture)
        case (.never, nil):
            outcome = .missingExpected
        case (_, let expected?):
            if expected == actual {
                outcome = .passed
            } else if let diff = comparison.compare(expected: String(decoding: expected, as: UTF8.self),
                                                    actual: String(decoding: actual, as: UTF8.self)) {
                if mode == .failed {
                    outcome = write(actual, for: fixture)
                } else {
                    outcome = .differs(diff: diff.unified(oldLabel: "\(fixture.expectedPath)\t(expected)",
                                                          newLabel: "\(fixture.tracePath)\t(replayed)", title: fixture.name))
                }
            } else {
                outcome = .passed
            }
        }
        return FixtureResult(fixture: fixture, outcome: outcome)
    }

    private func write(_ bytes: [UInt8], for fixture: Fixture) -> FixtureOutcome {
        do {
            try AtomicFile.write(bytes, to: fixture.expectedPath)
            return .recorded
        } catch {
            return .broken(messages: ["\(error)"])
        }
    }

    /// Verifies fixtures on `jobs` threads; results come back in the order of `fixtures`.
    /// `progress` is called with the number done so far (from worker threads, serially).
    public func verify(_ fixtures: [Fixture], jobs: Int, progress: (@Sendable (Int) -> Void)? = nil) -> [FixtureResult] {
        let results = ResultSlots(count: fixtures.count)
        let workers = max(1, min(jobs, fixtures.count))
        let counter = ProgressCounter(report: progress)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            // Each worker reads each folder's scene once.
            let scenes = SceneCache(registry: registry)
            // Interleaved so that each worker gets a share of every folder.
            var i = worker
            while i < fixtures.count {
                results.set(i, verify(fixtures[i], scenes: scenes))
                counter.advance()
                i += workers
            }
        }
        return results.all()
    }

    /// The number of CPU cores, the default for `--jobs`.
    public static var coreCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

/// One slot per fixture, each written by exactly one worker before `all()` is read. A raw
/// buffer, allocated once: threads write distinct elements, and no Swift access to a shared
/// property is involved (which exclusivity checking would rightly refuse).
private final class ResultSlots: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<FixtureResult?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: max(count, 1))
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func set(_ i: Int, _ result: FixtureResult) { slots[i] = result }

    func all() -> [FixtureResult] { (0..<count).map { slots[$0]! } }
}

/// Counts finished fixtures for progress reports.
private final class ProgressCounter: @unchecked Sendable {
    private let lock = DispatchQueue(label: "touchtrace.verify.progress")
    private var done = 0
    private let report: (@Sendable (Int) -> Void)?

    init(report: (@Sendable (Int) -> Void)?) { self.report = report }

    func advance() {
        guard let report else { return }
        lock.sync {
            done += 1
            report(done)
        }
    }
}

/// Scene files read once per path (a folder's `scene.json` serves all its fixtures), with their
/// problems. For one thread: each verify worker has its own.
public final class SceneCache {
    /// By trace version, then path: a scene is read by the rules of the trace that uses it.
    private var scenes: [[String: Result<Scene, TraceErrors>?]] = [[:], [:]]

    /// The types its scenes may name.
    public let registry: Registry

    public init(registry: Registry = .standard) { self.registry = registry }

    /// The scene in the file at `path` read for a trace of `version`, nil if there is no such
    /// file, or its problems.
    public func scene(at path: String, version: Int = 1) throws(TraceErrors) -> Scene? {
        let k = version >= 2 ? 1 : 0
        if let known = scenes[k][path] {
            return try known?.get()
        }
        guard Scene.fileExists(path) else {
            scenes[k][path] = .some(nil)
            return nil
        }
        let result: Result<Scene, TraceErrors>
        do { result = .success(try SceneReader.read(path: path, version: version, registry: registry)) } catch { result = .failure(error) }
        scenes[k][path] = result
        return try result.get()
    }
}
