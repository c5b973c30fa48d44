import Testing
@testable import TouchTrace

/// A touch for building traces in tests: id, phase, x, y.
typealias T = (id: Int, phase: String, x: Double, y: Double)

/// The JSON of a trace with these events (and an optional scene object written as JSON).
func traceJSON(_ events: [(t: Double, touches: [T])], scene: String? = nil, extra: String = "") -> String {
    let body = events.map { e in
        let touches = e.touches.map { "{\"id\": \($0.id), \"phase\": \"\($0.phase)\", \"x\": \($0.x), \"y\": \($0.y)}" }
        return "{\"t\": \(e.t), \"touches\": [\(touches.joined(separator: ", "))]}"
    }
    let sceneKey = scene.map { "\"scene\": \($0),\n" } ?? ""
    return "{\"version\": 1,\n\(sceneKey)\(extra)\"events\": [\n" + body.joined(separator: ",\n") + "\n]}"
}

/// Reads a trace from text, as if from a file named `test.trace.json`.
func parseTrace(_ json: String, options: TraceReadOptions = TraceReadOptions()) throws(TraceErrors) -> Trace {
    try Trace.parse(SourceFile(path: "test.trace.json", bytes: Array(json.utf8)), options: options)
}

/// The problems reading a trace reports (empty if it reads).
func problems(_ json: String, options: TraceReadOptions = TraceReadOptions()) -> [String] {
    do {
        _ = try parseTrace(json, options: options)
        return []
    } catch {
        return error.errors.map(\.description)
    }
}

/// A scene from its JSON.
func parseScene(_ json: String) throws(TraceErrors) -> Scene {
    let source = SourceFile(path: "scene.json", bytes: Array(json.utf8))
    let node: JSONNode
    do { node = try JSONNode.parseDocument(source) } catch { throw TraceErrors(error) }
    return try SceneReader.read(node, source: source, origin: "scene.json")
}

/// The transcript lines (without the header) of replaying a trace; the scene is resolved as
/// the CLI does, or given.
func transcript(_ json: String, scene: Scene? = nil, format: TranscriptFormat = .text) throws -> [String] {
    let trace = try parseTrace(json)
    let scene = try scene ?? Scene.resolve(for: trace)
    let output = MemoryOutput()
    let writer = TranscriptWriter(format: format, sources: Replayer(scene: scene, sink: RecordCollector()).sources, output: output)
    Replayer.replay(trace, scene: scene, into: writer)
    try writer.finish()
    var lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    if format == .text { #expect(lines.first == TranscriptFormat.textHeader); lines.removeFirst() }
    return lines
}

/// The records of replaying a trace.
func records(_ json: String, scene: Scene? = nil) throws -> [Record] {
    let trace = try parseTrace(json)
    let scene = try scene ?? Scene.resolve(for: trace)
    let collector = RecordCollector()
    Replayer.replay(trace, scene: scene, into: collector)
    return collector.records
}

/// A scene of one full-screen view with one recognizer or control.
func singleViewScene(recognizers: [(String, any Recognizer)] = [], control: (String, any Control)? = nil,
                     frame: Rect = Rect(x: 0, y: 0, width: 400, height: 800)) -> Scene {
    Scene(views: [SceneView(name: "v", frame: frame, recognizers: recognizers.map { ($0.0, $0.1) },
                            control: control.map { ($0.0, $0.1) })], origin: "test")
}

extension Record {
    /// The value of a field, by key.
    subscript(key: String) -> FieldValue? {
        fields.first { $0.key.description == key }?.value
    }

    var to: String? {
        if case .name(let s)? = self["to"] { return s.description }
        return nil
    }

    func number(_ key: String) -> Double? {
        if case .number(let v)? = self[key] { return v }
        return nil
    }

    func point(_ key: String) -> Point? {
        if case .point(let p)? = self[key] { return p }
        return nil
    }

    func text(_ key: String) -> String? {
        if case .text(let s)? = self[key] { return s.string }
        return nil
    }
}

/// Whether two doubles agree to within `tolerance`, relative to their size (absolute near 0).
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}
