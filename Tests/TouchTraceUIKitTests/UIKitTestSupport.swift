#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TouchTrace
import TouchTraceUIKit

/// The package's root folder (this file is in Tests/TouchTraceUIKitTests/).
let packageRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

/// One state change of a recognizer: when, from what, to what.
struct Transition: Equatable, CustomStringConvertible {
    var t: Double
    var from: String
    var to: String
    var description: String { "\(t) \(from)→\(to)" }
}

extension Record {
    /// The value of a field, by key.
    subscript(key: String) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }

    func name(_ key: String) -> String? {
        if case .name(let s)? = self[key] { return s.description }
        return nil
    }
}

/// The records of replaying a trace through a scene.
func replay(_ trace: Trace, _ scene: Scene) -> [Record] {
    let collector = RecordCollector()
    Replayer.replay(trace, scene: scene, into: collector)
    return collector.records
}

/// The text transcript of a trace (JSON text) through a scene, version 2, without its header
/// line, one record a line.
func transcriptText(_ json: String, _ scene: Scene) throws -> [String] {
    let output = MemoryOutput()
    let writer = TranscriptWriter(format: .text, sources: scene.sources, output: output, version: 2)
    Replayer.replay(try parseTrace(json), scene: scene, into: writer)
    try writer.finish()
    return output.text.split(separator: "\n").dropFirst().map(String.init)
}

/// The transcript of `trace` through `scene` in `format`, written four times: directly, through
/// the pipelined writer, and both again (every run must give the same bytes).
func transcriptsByBothWriters(_ trace: Trace, _ scene: Scene, format: TranscriptFormat) throws -> [String] {
    var outputs: [String] = []
    for piped in [false, true, false, true] {
        let output = MemoryOutput()
        let writer = TranscriptWriter(format: format, sources: scene.sources, output: output, version: 2)
        if piped {
            let pipe = PipelinedWriter(writer)
            Replayer.replay(trace, scene: scene, into: pipe)
            try pipe.finish()
        } else {
            Replayer.replay(trace, scene: scene, into: writer)
            try writer.finish()
        }
        outputs.append(output.text)
    }
    return outputs
}

/// The state changes the source `source` (an index into `scene.sources`) wrote.
func transitions(_ records: [Record], source: Int) -> [Transition] {
    records.filter { $0.source == source && $0.event.description == "state" }
        .map { Transition(t: $0.t, from: $0.name("from") ?? "?", to: $0.name("to") ?? "?") }
}

/// The scene with every `checkmark` recognizer replaced by the seed's listing run through
/// TouchTraceUIKit (same names, same places).
func withSeedCheckmarks(_ scene: Scene) -> (scene: Scene, replaced: [Int]) {
    var scene = scene
    for v in scene.views.indices {
        for k in scene.views[v].recognizers.indices where scene.views[v].recognizers[k].recognizer is CheckmarkRecognizer {
            scene.views[v].recognizers[k].recognizer = UIKitRecognizer { CheckmarkGestureRecognizer() }
        }
    }
    var replaced: [Int] = []
    var source = 0
    for view in scene.views {
        for r in view.recognizers {
            if r.recognizer is UIKitRecognizer { replaced.append(source) }
            source += 1
        }
        if view.control != nil { source += 1 }
    }
    return (scene, replaced)
}

/// A trace from events written as (t, [(id, phase, x, y)]), version `version`.
func traceJSON(_ events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])], version: Int = 1, scene: String? = nil) -> String {
    let body = events.map { e in
        let touches = e.touches.map { "{\"id\": \($0.id), \"phase\": \"\($0.phase)\", \"x\": \($0.x), \"y\": \($0.y)}" }
        return "{\"t\": \(e.t), \"touches\": [\(touches.joined(separator: ", "))]}"
    }
    let sceneKey = scene.map { "\"scene\": \($0),\n" } ?? ""
    return "{\"version\": \(version),\n\(sceneKey)\"events\": [\n" + body.joined(separator: ",\n") + "\n]}"
}

/// Reads a trace from text, as if from a file named `test.trace.json`.
func parseTrace(_ json: String) throws(TraceErrors) -> Trace {
    try Trace.parse(SourceFile(path: "test.trace.json", bytes: Array(json.utf8)))
}

/// A scene read from JSON with a registry.
func parseScene(_ json: String, version: Int = 1, registry: Registry) throws(TraceErrors) -> Scene {
    let source = SourceFile(path: "scene.json", bytes: Array(json.utf8))
    let node: JSONNode
    do { node = try JSONNode.parseDocument(source) } catch { throw TraceErrors(error) }
    return try SceneReader.read(node, source: source, origin: "scene.json", version: version, registry: registry)
}

/// The trace files of a fixture folder, sorted.
func traceFiles(in folder: String) -> [String] {
    guard let dir = opendir(folder) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name.hasSuffix(".trace.json") { names.append(folder + "/" + name) }
    }
    return names.sorted()
}

/// The folders inside a folder, sorted.
func subfolders(of folder: String) -> [String] {
    guard let dir = opendir(folder) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        var info = stat()
        if !name.hasPrefix("."), stat(folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { names.append(name) }
    }
    return names.sorted()
}

/// Runs `scenario`, whose outcome depends on a `Date` made from the machine's clock, until it
/// gives `expected`, at most `attempts` times, and returns the last outcome.
///
/// Such a date is tied to the trace's time where the replay entered the code that makes it, to
/// the nearest millisecond (`Timer.fireDate`): a thread the system pauses for more than half a
/// millisecond between that entry and the `Date()` — as it may while the other tests share the
/// machine's two cores — gives a date later by the pause, the documented limit of the mapping.
/// A pause is rare and brief, so a second run meets none; a mapping that is wrong gives the same
/// wrong outcome in every run, and the test fails.
func onTheMachinesClock<T: Equatable>(expecting expected: T, attempts: Int = 3, _ scenario: () throws -> T) rethrows -> T {
    var outcome = try scenario()
    var run = 1
    while outcome != expected && run < attempts {
        outcome = try scenario()
        run += 1
    }
    return outcome
}
