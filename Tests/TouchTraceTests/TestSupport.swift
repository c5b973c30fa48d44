import Testing
@testable import TouchTrace

/// A touch for building traces in tests: id, phase, x, y.
typealias T = (id: Int, phase: String, x: Double, y: Double)

/// The JSON of a trace with these events (and an optional scene object written as JSON).
func traceJSON(_ events: [(t: Double, touches: [T])], scene: String? = nil, extra: String = "", version: Int = 1) -> String {
    let body = events.map { e in
        let touches = e.touches.map { "{\"id\": \($0.id), \"phase\": \"\($0.phase)\", \"x\": \($0.x), \"y\": \($0.y)}" }
        return "{\"t\": \(e.t), \"touches\": [\(touches.joined(separator: ", "))]}"
    }
    let sceneKey = scene.map { "\"scene\": \($0),\n" } ?? ""
    return "{\"version\": \(version),\n\(sceneKey)\(extra)\"events\": [\n" + body.joined(separator: ",\n") + "\n]}"
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
func parseScene(_ json: String, version: Int = 1) throws(TraceErrors) -> Scene {
    let source = SourceFile(path: "scene.json", bytes: Array(json.utf8))
    let node: JSONNode
    do { node = try JSONNode.parseDocument(source) } catch { throw TraceErrors(error) }
    return try SceneReader.read(node, source: source, origin: "scene.json", version: version)
}

/// The transcript lines (without the header) of replaying a trace; the scene is resolved as
/// the CLI does, or given.
func transcript(_ json: String, scene: Scene? = nil, format: TranscriptFormat = .text) throws -> [String] {
    let trace = try parseTrace(json)
    let scene = try scene ?? Scene.resolve(for: trace)
    let output = MemoryOutput()
    let version = trace.header.version
    let writer = TranscriptWriter(format: format, sources: Replayer(scene: scene, sink: RecordCollector()).sources, output: output,
                                  version: version)
    Replayer.replay(trace, scene: scene, into: writer)
    try writer.finish()
    var lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    if format == .text { #expect(lines.first == TranscriptFormat.textHeader(version: version)); lines.removeFirst() }
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

// MARK: Version 2 (deadlines, views inside views, the arena)

/// A version 2 scene built in code (for recognizers a scene file cannot name, such as `Probe`).
func scene2(_ views: [SceneView], recognition: Recognition = .exclusive) -> Scene {
    Scene(views: views, origin: "test", version: 2, recognition: recognition)
}

/// A recognizer of a version 2 view, with the arena's keys.
func rec(_ name: String, _ recognizer: any Recognizer, simultaneousWith: [String] = [], requireToFail: [String] = [],
         cancelsTouchesInView: Bool = true) -> SceneRecognizer {
    SceneRecognizer(name: name, recognizer: recognizer, simultaneousWith: simultaneousWith, requireToFail: requireToFail,
                    cancelsTouchesInView: cancelsTouchesInView)
}

/// A view of a version 2 scene built in code.
func view(_ name: String, _ frame: [Double], superview: Int? = nil, _ recognizers: [SceneRecognizer] = [],
          control: (String, any Control)? = nil) -> SceneView {
    SceneView(name: name, frame: Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]), superview: superview,
              recognizers: recognizers, control: control.map { (name: $0.0, control: $0.1) })
}

/// A recognizer for engine tests whose every move is written down. It writes a record for
/// every call it gets (`touchesBegan`, `touchesMoved`, `touchesEnded`, `touchesCancelled`, with
/// each touch's id and location in its view; `deadline` at its deadline), then carries out the
/// steps of its script meant for that call: asks for a deadline, asks for state changes (their
/// records carry `askedAt`, the time it asked), or sets its own `state` without asking.
struct Probe: Recognizer {
    enum Call: Sendable { case began, moved, ended, cancelled, deadline }

    struct Step: Sendable {
        var at: Double
        var on: Call
        var ask: [RecognizerState] = []
        var deadline: Double? = nil
        var cancelDeadline = false
        /// A state it sets on itself without asking the engine.
        var sets: RecognizerState? = nil
    }

    var script: [Step] = []
    var competes = true
    /// Whether it writes a record for every call (false: only its state changes show).
    var writesCalls = true
    var state: RecognizerState = .possible

    init(_ script: [Step] = [], competes: Bool = true, writesCalls: Bool = true) {
        self.script = script
        self.competes = competes
        self.writesCalls = writesCalls
    }

    /// A probe that asks for `state` at the call `on` at time `at`.
    static func asks(_ state: RecognizerState, at: Double, on: Call, writesCalls: Bool = false) -> Probe {
        Probe([Step(at: at, on: on, ask: [state])], writesCalls: writesCalls)
    }

    private mutating func handle(_ call: Call, _ touches: TouchSet, _ context: inout DeliveryContext) {
        if writesCalls {
            let event: StaticString
            switch call {
            case .began: event = "touchesBegan"
            case .moved: event = "touchesMoved"
            case .ended: event = "touchesEnded"
            case .cancelled: event = "touchesCancelled"
            case .deadline: event = "deadline"
            }
            if touches.isEmpty {
                context.emit(event)
            } else {
                for touch in touches {
                    context.emit(event, FieldList(Field("touch", FieldValue(touch.id)), Field("location", .point(touch.location))))
                }
            }
        }
        for step in script where step.on == call && step.at == context.t {
            if let d = step.deadline { context.setDeadline(d) }
            if step.cancelDeadline { context.cancelDeadline() }
            for s in step.ask { state = context.requestState(s, FieldList(Field("askedAt", .number(context.t)))) }
            if let s = step.sets { state = s }
        }
    }

    mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) { handle(.began, touches, &context) }
    mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) { handle(.moved, touches, &context) }
    mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) { handle(.ended, touches, &context) }
    mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) { handle(.cancelled, touches, &context) }
    mutating func deadlinePassed(_ context: inout DeliveryContext) { handle(.deadline, TouchSet([]), &context) }
    mutating func reset() { state = .possible }
}

/// Transcript lines cut down to what arena tests compare: `t view.source to` for a state
/// change (with `: reason` for a failure, ` askedAt=…` when a probe asked), `t view.source
/// event` for any other record (with `touch=…` when it has one).
func brief(_ lines: [String]) -> [String] {
    lines.map { line in
        let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
        guard parts.count >= 3 else { return line }
        let rest = parts.count > 3 ? parts[3] : ""
        var out = "\(parts[0]) \(parts[1]) "
        if parts[2] == "state" {
            let to = field("to", in: rest) ?? "?"
            out += to
            if let reason = quoted("reason", in: rest) { out += ": " + reason }
            if let asked = field("askedAt", in: rest) { out += " askedAt=" + asked }
        } else {
            out += parts[2]
            if let touch = field("touch", in: rest) { out += " touch=" + touch }
        }
        return out
    }
}

/// The value of `key=value` in a text record's fields (up to the next space).
private func field(_ key: String, in text: String) -> String? {
    for piece in text.split(separator: " ") where piece.hasPrefix(key + "=") {
        return String(piece.dropFirst(key.count + 1))
    }
    return nil
}

/// The quoted value of `key="..."` in a text record's fields.
private func quoted(_ key: String, in text: String) -> String? {
    guard let start = text.firstRange(of: key + "=\"") else { return nil }
    var value = ""
    var escaped = false
    for c in text[start.upperBound...] {
        if escaped { value.append(c); escaped = false; continue }
        if c == "\\" { escaped = true; continue }
        if c == "\"" { break }
        value.append(c)
    }
    return value
}

/// A version 2 trace's transcript through a scene, cut down by `brief`.
func brief2(_ events: [(t: Double, touches: [T])], scene: Scene) throws -> [String] {
    brief(try transcript(traceJSON(events, version: 2), scene: scene))
}

/// A consumer that writes each event it is handed as lines (for comparing two readings).
protocol LineLog: TouchEventConsumer {
    init()
    var lines: [String] { get }
}

/// What reading a trace gives, whole: every message with its place, or the summary, the
/// warnings, the lines `Log` writes of the first pass and, after `second pass`, of the second.
func wholeReading<Log: LineLog>(_ json: String, options: TraceReadOptions, loggedAs: Log.Type) -> [String] {
    var log = Log()
    do {
        let trace = try Trace.parse(SourceFile(path: "test.trace.json", bytes: Array(json.utf8)), options: options, consumer: &log)
        var again = Log()
        trace.forEachEvent(&again)
        let s = trace.summary
        return ["\(s.eventCount) events, \(s.touchCount) touches, max \(s.maxX) \(s.maxY), from \(String(describing: s.firstTime)) to \(String(describing: s.lastTime))"]
            + s.warnings.map(\.description) + log.lines + ["second pass"] + again.lines
    } catch {
        return error.errors.map(\.description)
    }
}
