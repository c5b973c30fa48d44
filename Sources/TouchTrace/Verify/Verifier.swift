#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// Warnings about the scene the fixture replayed through (unknown keys and parameters),
    /// `path:line:column: warning: ...`; the same scene file gives the same warnings.
    public var sceneWarnings: [TraceError] = []

    /// What to tell the user, or nil for a pass. Paths in the commands it suggests are quoted
    /// for the shell, and names are printed with control characters escaped.
    public var message: String? {
        // A pass, the usual case, says nothing: nothing is built for it.
        if case .passed = outcome { return nil }
        let name = printable(fixture.name)
        let expected = printable(fixture.expectedPath)
        switch outcome {
        case .passed:
            return nil
        case .recorded:
            return "\(expected) (read it against the spec before you commit it)"
        case .differs(let diff):
            return "\(name): the replay differs from \(expected)\n" + diff +
                "If the new behaviour is right, run: touchtrace verify \(shellWord(fixture.tracePath)) --record failed"
        case .missingExpected:
            return "\(name): no expected file \(expected); create it with: touchtrace verify \(shellWord(fixture.tracePath)) --record missing"
        case .broken(let messages):
            return "\(name): cannot be replayed\n" + messages.map(printable).joined(separator: "\n")
        }
    }
}

/// A path written so that a shell reads it back unchanged: as it is when it holds only safe
/// characters, else in single quotes (in `$'...'` with escapes when it holds control
/// characters); a path that starts with `-` gets `./` so that it is not taken for an option.
public func shellWord(_ path: String) -> String {
    var path = path
    if path.hasPrefix("-") && path != "-" { path = "./" + path }
    let safe = path.utf8.allSatisfy { b in
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) ||
            b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "/") ||
            b == UInt8(ascii: "+") || b == UInt8(ascii: ",") || b == UInt8(ascii: ":") || b == UInt8(ascii: "@") || b == UInt8(ascii: "%")
    }
    if safe && !path.isEmpty { return path }
    // Control characters never reach the terminal raw: bash's and zsh's $'...' spells them.
    if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
        var quoted = "$'"
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "'": quoted += "\\'"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    quoted += "\\x" + (hex.count < 2 ? "0" : "") + hex
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "'"
    }
    var quoted = "'"
    for c in path {
        if c == "'" { quoted += "'\\''" } else { quoted.append(c) }
    }
    return quoted + "'"
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

    /// A replayed trace: its text transcript, the trace and the scene it went through.
    public struct Replay: Sendable {
        public var transcript: [UInt8]
        public var trace: Trace
        public var scene: Scene
        /// The warning for touches that began outside every view, if any did.
        public var missedTouches: String?
    }

    /// The text transcript of a trace file, with the scene resolved as `replay` does.
    public static func render(tracePath: String, sceneFile: String? = nil, scenes: SceneCache = SceneCache()) throws(TraceErrors) -> [UInt8] {
        try replay(tracePath: tracePath, sceneFile: sceneFile, scenes: scenes).transcript
    }

    /// Reads, checks and replays a trace file to its text transcript: the one path of `verify`,
    /// `diff` and the project's tests. The scene is resolved as `Scene.resolve` does (`--scene`
    /// first, then the trace's own, then `scene.json` beside it, then the default scene).
    ///
    /// When the scene is known before the trace is read (`--scene`, or a `scene.json` beside
    /// it: the usual fixture layout), the trace is replayed while it is read and checked, in one
    /// pass; the transcript is kept unless the trace turns out to have a scene of its own that
    /// takes precedence, in which case it is replayed again.
    public static func replay(tracePath: String, sceneFile: String? = nil, scenes: SceneCache = SceneCache()) throws(TraceErrors) -> Replay {
        let replayed = try replayInPlace(tracePath: tracePath, sceneFile: sceneFile, scenes: scenes)
        replayed.finishTranscript()
        return Replay(transcript: scenes.transcript.bytes, trace: replayed.trace, scene: replayed.scene, missedTouches: replayed.missedTouches)
    }

    /// A replay whose transcript is held by its writer, and goes to its scene cache's
    /// `transcript` when `finishTranscript` is called.
    struct InPlaceReplay {
        var trace: Trace
        var scene: Scene
        /// The touches that began outside every view: their warning is written only if asked
        /// for (`verify` does not show it).
        var missed: MissedTouches
        /// The writer of the transcript, not yet finished: a transcript that matches its
        /// expected file is compared where the writer holds it (`holdsExactly`).
        var writer: TranscriptWriter

        var missedTouches: String? { missed.warning(source: trace.source) }

        /// Writes the rest of the transcript to the scene cache's `transcript`.
        func finishTranscript() {
            // Memory cannot fail to take bytes.
            try? writer.finish()
        }
    }

    /// `replay`, leaving the transcript with its writer, which writes it to `scenes.transcript`
    /// when finished (and keeps it there until the next replay through `scenes`): a scene read
    /// from a file is replayed through the plan and the writer kept with it, so that a folder of
    /// fixtures builds its scene's replayer and writer once.
    /// `listedRegular` says that the trace's folder listed it as a regular file (see `Fixture`).
    static func replayInPlace(tracePath: String, listedRegular: Bool = false, sceneFile: String?, scenes: SceneCache) throws(TraceErrors) -> InPlaceReplay {
        // One scope for the texts of the replay and of the trace (failure reasons, string touch
        // ids), where each would otherwise make its own: both live as long as the other.
        try (TextScope.current ?? TextScope()).run { () throws(TraceErrors) -> InPlaceReplay in
            try replayInScope(tracePath: tracePath, listedRegular: listedRegular, sceneFile: sceneFile, scenes: scenes)
        }
    }

    /// `replayInPlace`, with a text scope current.
    private static func replayInScope(tracePath: String, listedRegular: Bool, sceneFile: String?, scenes: SceneCache) throws(TraceErrors) -> InPlaceReplay {
        let source: SourceFile
        // A stream (`-`, a FIFO) is left to `SourceFile.read`: the worker's look at a path opens
        // it, which would take a FIFO's writer from the reader that follows. (A path its folder
        // listed as a regular file needs no look.)
        if listedRegular || !SourceFile.isStream(path: tracePath), let read = scenes.files.sourceFile(at: tracePath, listedRegular: listedRegular) {
            source = read
        } else {
            do { source = try SourceFile.read(path: tracePath) } catch { throw TraceErrors(error) }
        }
        let known: SceneCache.Prepared?
        if let sceneFile {
            known = try scenes.prepared(at: sceneFile, required: true)
        } else if tracePath != SourceFile.standardInputPath {
            // A broken scene.json matters only to traces without a scene of their own: read
            // those first, below.
            known = try? scenes.prepared(besideTrace: tracePath)
        } else {
            known = nil
        }
        if let provisional = known {
            // Read as for a version 1 trace, the usual case: a version 2 trace is replayed again
            // below, through its scene read by version 2's rules.
            let writer = scenes.restartedWriter(for: provisional, version: 1)
            // The scene's kept replay, started again (a `Replayer` is a handle to it).
            var replayer = provisional.restartedReplayer(writingTo: writer)
            var events = ScopedReplayEvents(replayer)
            let trace = try Trace.parse(source, consumer: &events, reusing: &scenes.readerLists.handle.value)
            if (sceneFile != nil || trace.header.scene == nil) && trace.header.version == 1 {
                replayer.finish()
                return InPlaceReplay(trace: trace, scene: provisional.scene, missed: replayer.missedTouches, writer: writer)
            }
            let scene = try Scene.resolve(for: trace, sceneFile: sceneFile, registry: scenes.registry)
            return render(trace, scene: scene, scenes: scenes)
        }
        var ignore = IgnoringConsumer()
        let trace = try Trace.parse(source, consumer: &ignore, reusing: &scenes.readerLists.handle.value)
        // Without a scene of its own, the trace uses scene.json (whose problems are then its
        // own), else the default scene.
        if trace.header.scene == nil && tracePath != SourceFile.standardInputPath,
           let cached = try scenes.prepared(besideTrace: tracePath, version: trace.header.version) {
            let writer = scenes.restartedWriter(for: cached, version: trace.header.version)
            var replayer = cached.restartedReplayer(writingTo: writer)
            replayer.consumeEvents(of: trace)
            replayer.finish()
            return InPlaceReplay(trace: trace, scene: cached.scene, missed: replayer.missedTouches, writer: writer)
        }
        let scene = try Scene.resolve(for: trace, sceneFile: sceneFile, registry: scenes.registry)
        return render(trace, scene: scene, scenes: scenes)
    }

    /// Replays a trace through a scene of its own (or the default scene), built for it alone.
    private static func render(_ trace: Trace, scene: Scene, scenes: SceneCache) -> InPlaceReplay {
        scenes.transcript.removeAll()
        // The scene names the sources in the order records number them, as the replayer does:
        // no second replayer is built to ask it.
        let writer = TranscriptWriter(format: .text, sources: scene.sources, output: scenes.transcript, version: trace.header.version)
        var replayer = Replayer(scene: scene, sink: writer)
        replayer.consumeEvents(of: trace)
        replayer.finish()
        return InPlaceReplay(trace: trace, scene: scene, missed: replayer.missedTouches, writer: writer)
    }

    /// Compares an expected text transcript with a replayed one: nil when they are the same
    /// record for record. An expected file with CRLF line ends (git's `autocrlf`, Windows
    /// editors) or a UTF-8 byte order mark is compared as if it had LF line ends and no mark:
    /// neither changes what the records say.
    public func compare(expected: [UInt8], actual: [UInt8]) -> LineDiff? {
        if expected == actual { return nil }
        let normalized = Self.normalizedText(expected)
        if normalized == actual { return nil }
        return comparison.compare(expected: String(decoding: normalized, as: UTF8.self),
                                  actual: String(decoding: actual, as: UTF8.self))
    }

    /// `bytes` without a leading UTF-8 byte order mark and with every CRLF turned into LF.
    public static func normalizedText(_ bytes: [UInt8]) -> [UInt8] {
        var start = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
        guard start > 0 || bytes.contains(0x0D) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count - start)
        var i = start
        while i < bytes.count {
            if bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A {
                i += 1
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }

    /// Verifies one fixture, writing its expected file if the record mode says so.
    public func verify(_ fixture: Fixture, scenes: SceneCache? = nil) -> FixtureResult {
        let scenes = scenes ?? SceneCache(registry: registry)
        let replay: InPlaceReplay
        do {
            replay = try Self.replayInPlace(tracePath: fixture.tracePath, listedRegular: fixture.listedRegular.trace, sceneFile: nil, scenes: scenes)
        } catch {
            return FixtureResult(fixture: fixture, outcome: .broken(messages: error.errors.map(\.description)))
        }
        let sceneWarnings = replay.scene.warnings
        // The usual case: a regular expected file, read into the worker's memory and settled
        // there. A transcript that matches it (the usual one) is compared where its writer holds
        // it: identical bytes pass in every record mode. Any other is written out first.
        if let outcome = scenes.files.withSpan(ofExpectedFileOf: fixture.tracePath, listedRegular: fixture.listedRegular.expected, { expected -> FixtureOutcome in
            if replay.writer.holdsExactly(expected) { return .passed }
            replay.finishTranscript()
            // The cache's own bytes, not a copy: the next replay through it writes them again.
            return settle(expected: expected, actual: scenes.transcript.bytes, fixture)
        }) {
            return FixtureResult(fixture: fixture, outcome: outcome, sceneWarnings: sceneWarnings)
        }
        // Anything else is read the usual way, which says what is wrong with it.
        replay.finishTranscript()
        let actual = scenes.transcript.bytes
        var expected: SourceFile?
        do {
            expected = try SourceFile.read(path: fixture.expectedPath)
        } catch {
            if Scene.fileExists(fixture.expectedPath) {
                return FixtureResult(fixture: fixture, outcome: .broken(messages: [error.description]))
            }
            expected = nil
        }
        let outcome = expected?.withSpan { settle(expected: $0, actual: actual, fixture) } ?? settle(expected: nil, actual: actual, fixture)
        return FixtureResult(fixture: fixture, outcome: outcome, sceneWarnings: sceneWarnings)
    }

    /// What becomes of a fixture whose expected file holds `expected` (nil: there is none) and
    /// whose replay wrote `actual`, writing the expected file if the record mode says so.
    private func settle(expected: Span<UInt8>?, actual: [UInt8], _ fixture: Fixture) -> FixtureOutcome {
        switch (mode, expected) {
        case (.missing, nil), (.failed, nil), (.all, nil):
            return write(actual, for: fixture)
        case (.never, nil):
            return .missingExpected
        case (.all, let expected?):
            // A file whose bytes would not change is left alone and not counted as recorded.
            return expected.holdsExactly(actual) ? .passed : write(actual, for: fixture)
        case (_, let expected?):
            // The usual case, the same bytes, is settled without copying the file's.
            if !expected.holdsExactly(actual), let diff = compare(expected: Array(copying: expected), actual: actual) {
                if mode == .failed {
                    return write(actual, for: fixture)
                }
                return .differs(diff: diff.unified(oldLabel: "\(printable(fixture.expectedPath))\t(expected)",
                                                   newLabel: "\(printable(fixture.tracePath))\t(replayed)", title: printable(fixture.name)))
            }
            return .passed
        }
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
        // Each folder's scene is read once for all the workers; each worker builds its own
        // replay and writer for it once, in a cache of its own. Workers take runs of
        // neighbouring fixtures (mostly of one folder, one scene) as they are ready for them.
        let sceneFiles = SharedSceneFiles()
        return resultsOnThreads(count: fixtures.count, workers: jobs, makeWorker: { [registry] in SceneCache(registry: registry, sharing: sceneFiles) },
                                progress: progress) { scenes, i in
            verify(fixtures[i], scenes: scenes)
        }
    }

    /// The number of CPU cores, the default for `--jobs`.
    public static var coreCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

/// Scene files read once per path (a folder's `scene.json` serves all its fixtures), with their
/// problems, and what replays through them need: each scene's replay plan, transcript writer and
/// replayer, made once. For one thread: each verify worker has its own.
public final class SceneCache {
    /// A scene read from a file, with the replay plan, the writer of its transcripts and the
    /// replayer that writes them, each made when first needed.
    final class Prepared {
        let scene: Scene
        private var madePlan: Replayer.Plan?
        /// The writer of this scene's transcripts into the cache's `transcript`.
        var writer: TranscriptWriter?
        /// The replays through the plan into `writer`: one, started again for each (see
        /// `Replayer.restart(plan:)`, which starts one that broke off as well).
        private var replayer: Replayer?

        init(_ scene: Scene) { self.scene = scene }

        var plan: Replayer.Plan {
            if let madePlan { return madePlan }
            let plan = Replayer.Plan(scene: scene)
            madePlan = plan
            return plan
        }

        /// A replay through the plan into `writer` (this scene's): the kept one started again,
        /// or a new one, kept from now on. The value returned is a handle to the kept replay.
        func restartedReplayer(writingTo writer: TranscriptWriter) -> Replayer {
            if var replayer, replayer.sink === writer {
                replayer.restart(plan: plan)
                return replayer
            }
            let made = Replayer(plan: plan, sink: writer)
            replayer = made
            return made
        }
    }

    /// What is known of one scene file, read by one version's rules: its scene (with what
    /// replays through it need), or its problems, or neither when there is no such file. (Plain
    /// types here, rather than a dictionary of optional results: the run time sets up nested
    /// generic types once per process, at a cost of tens of thousands of instructions each.)
    private struct KnownScene {
        var prepared: Prepared?
        var problems: TraceErrors?

        /// The scene, or nil for no file; throws its problems.
        func get() throws(TraceErrors) -> Prepared? {
            if let problems { throw problems }
            return prepared
        }
    }

    /// A folder and what is known of the `scene.json` in it.
    private struct KnownFolder {
        var folder: [UInt8]
        var scene: KnownScene
    }

    /// By path, for traces of version 1 and of version 2 (and later): a scene is read by the
    /// rules of the trace that uses it.
    private var scenesOfVersion1: [String: KnownScene] = [:]
    private var scenesOfVersion2: [String: KnownScene] = [:]
    /// The last folder asked about by `prepared(besideTrace:)`, per version as above, with what
    /// it found: fixtures come folder by folder, and comparing a folder's path costs less than
    /// making the scene's path and looking it up.
    private var lastFolderOfVersion1: KnownFolder?
    private var lastFolderOfVersion2: KnownFolder?

    /// The types its scenes may name.
    public let registry: Registry

    /// Where replays through this cache write their text transcripts: emptied by each.
    let transcript = ReusedMemoryOutput()
    /// Reads the worker's trace and expected files.
    let files = SmallFileReader()
    /// The memory of the lists the worker's trace reader fills, from one trace to the next,
    /// in place (`readerLists.handle.value`): the cache is one thread's, and a pinned value
    /// is reached without a run-time check of exclusive access at every trace.
    let readerLists = PinnedStorage(TraceReader.Lists())

    /// Scene files read for other caches too (verify's workers share them), or nil.
    private let shared: SharedSceneFiles?

    public init(registry: Registry = .standard) {
        self.registry = registry
        shared = nil
    }

    /// A cache that takes the scene files it does not require (each folder's `scene.json`)
    /// from `shared`, which reads each once for all the caches that share it.
    init(registry: Registry, sharing shared: SharedSceneFiles) {
        self.registry = registry
        self.shared = shared
    }

    /// The scene in the file at `path` read for a trace of `version`, nil if there is no such
    /// file (unless it is `required`, as a `--scene` file is: then its absence is a problem
    /// too), or its problems.
    public func scene(at path: String, version: Int = 1, required: Bool = false) throws(TraceErrors) -> Scene? {
        try prepared(at: path, version: version, required: required)?.scene
    }

    /// `scene(at:version:required:)`, with the scene's plan and writer.
    func prepared(at path: String, version: Int = 1, required: Bool = false) throws(TraceErrors) -> Prepared? {
        try lookUp(path, version: version, required: required).get()
    }

    /// The `scene.json` beside a trace, as `prepared(at: Scene.besidePath(of: tracePath))`.
    func prepared(besideTrace tracePath: String, version: Int = 1) throws(TraceErrors) -> Prepared? {
        if let last = version >= 2 ? lastFolderOfVersion2 : lastFolderOfVersion1, isFolder(last.folder, of: tracePath) {
            return try last.scene.get()
        }
        let utf8 = tracePath.utf8
        let folderEnd = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        let folder = String(decoding: utf8[..<folderEnd], as: UTF8.self)
        let found = lookUp(folder + "scene.json", version: version, required: false)
        let known = KnownFolder(folder: Array(folder.utf8), scene: found)
        if version >= 2 { lastFolderOfVersion2 = known } else { lastFolderOfVersion1 = known }
        return try found.get()
    }

    /// What is known of the scene file at `path`, read now if it was not: neither a scene nor
    /// problems when there is no such file and it is not `required`.
    private func lookUp(_ path: String, version: Int, required: Bool) -> KnownScene {
        if let known = version >= 2 ? scenesOfVersion2[path] : scenesOfVersion1[path] {
            return known
        }
        var known = KnownScene()
        if !required, let shared {
            let file = shared.file(at: path, version: version, registry: registry)
            known.prepared = file.scene.map(Prepared.init)
            known.problems = file.problems
        } else if required || Scene.fileExists(path) {
            do { known.prepared = Prepared(try SceneReader.read(path: path, version: version, registry: registry)) } catch { known.problems = error }
        }
        if version >= 2 { scenesOfVersion2[path] = known } else { scenesOfVersion1[path] = known }
        return known
    }

    /// The writer of `prepared`'s transcripts, starting a transcript of a trace of `version`
    /// in an emptied `transcript`.
    func restartedWriter(for prepared: Prepared, version: Int) -> TranscriptWriter {
        transcript.removeAll()
        if let writer = prepared.writer {
            writer.restart(version: version)
            return writer
        }
        // The scene names the sources in the order records number them, as the replayer does.
        let writer = TranscriptWriter(format: .text, sources: prepared.scene.sources, output: transcript, version: version)
        prepared.writer = writer
        return writer
    }
}

/// Scene files read once for the caches of all of a verify's workers (each keeps its own
/// replays and writers): a folder's `scene.json` is read and checked by the first worker that
/// needs it, the others wait for it and take what it found. For files that may be absent.
final class SharedSceneFiles: Sendable {
    /// What a scene file holds, by one version's rules: its scene, or its problems, or neither
    /// when there is no such file.
    struct SceneFile: Sendable {
        var scene: Scene?
        var problems: TraceErrors?
    }

    /// The files read so far, by path, for traces of version 1 and of version 2 (and later).
    private struct Known: Sendable {
        var ofVersion1: [String: SceneFile] = [:]
        var ofVersion2: [String: SceneFile] = [:]
    }

    /// Behind a lock, held while a file is read: the others that ask wait for it.
    private let known = Locked(Known())

    /// The scene file at `path` read for a trace of `version`, read now if no cache has read it.
    func file(at path: String, version: Int, registry: Registry) -> SceneFile {
        known.withLock { known in
            if let file = version >= 2 ? known.ofVersion2[path] : known.ofVersion1[path] { return file }
            var file = SceneFile()
            if Scene.fileExists(path) {
                do throws(TraceErrors) { file.scene = try SceneReader.read(path: path, version: version, registry: registry) } catch { file.problems = error }
            }
            if version >= 2 { known.ofVersion2[path] = file } else { known.ofVersion1[path] = file }
            return file
        }
    }
}
