/// Writes W3C WebDriver Actions (`{"actions": [...]}`, the body of
/// `POST /session/{id}/actions`): one `pointer` source of `"pointerType": "touch"` per touch id.
///
/// A driver performs the actions tick by tick, the n-th action of every source in the n-th
/// tick, and a tick lasts as long as its longest action; so every source has an action in every
/// tick, `pause` where it has nothing to do (a source that appears later pauses through the
/// ticks before its first action). Each trace event becomes:
/// - a tick of `pause` for the whole milliseconds since the last event (none when 0);
/// - a tick of `pointerMove` (duration 0, `"origin": "viewport"`, whole CSS pixels) for each
///   touch that lands or moves, or lifts somewhere else than it last was;
/// - a tick of `pointerDown` for each touch that lands and `pointerUp` for each that lifts.
/// Sources are named after the touch ids, in the order the ids first land: `touch1` for the
/// integer id 1 (`touch-3` for -3), `touch-left` for the string id `"left"`; a name that another
/// id already has gets `~2`, `~3`, … added. An id used again after its touch ended keeps its
/// source. `force` / `maximumForce` is the action's `pressure` and twice `majorRadius` its
/// `width` and `height`. WebDriver has no cancel: a cancelled touch is lifted (`pointerUp`),
/// with a warning. A place outside the trace's screen is written as it is, with a warning
/// (once): clients refuse moves outside the viewport.
///
/// The sources are written one after another, each with an action in every tick: the events
/// are added once to learn the sources' names (and the warnings), then once more for each
/// batch of sources, whose ticks are written as they come.
struct WebDriverTicks {
    let trace: Trace
    /// The sources whose actions are written (none: the names and warnings are gathered).
    let writing: Range<Int>
    private(set) var warnings: [TraceError] = []
    /// The sources' names, in the order the ids first land.
    private(set) var sourceNames: [String] = []
    /// Where the touch down on each source last was, in whole CSS pixels.
    private var places: [(x: Int64, y: Int64)?] = []
    private var sourceOfID: [TouchID: Int] = [:]
    private var idOfName: [String: TouchID] = [:]
    private let maximumForce: Double
    /// The time of the first event, seconds: pauses count from it.
    private var firstTime: Double?
    private var lastMillisecond: Int64?
    private var warnedOutside = false
    /// The action of each written source in this event's tick of moves and in its tick of
    /// downs and ups (nil: it pauses), by its place in `writing`.
    private var moves: [String?]
    private var presses: [String?]
    /// No action, for each written source (a tick of pause).
    private let pauses: [String?]

    init(trace: Trace, writing: Range<Int>) {
        self.trace = trace
        self.writing = writing
        maximumForce = trace.header.maximumForce ?? 1
        pauses = Array(repeating: nil, count: writing.count)
        moves = pauses
        presses = pauses
    }

    /// The name of the source of `id`: `touch` and the integer, or `touch-` and the string.
    static func sourceName(_ id: TouchID) -> String {
        if let n = id.number { return "touch" + String(n) }
        return "touch-" + (id.text ?? "")
    }

    /// Takes the trace's next event, calling `tick` for each tick it makes, in order, with the
    /// tick's pause (whole milliseconds; 0 in a tick of moves, downs or ups) and the action of
    /// each source being written, by its place in `writing` (nil: it pauses in this tick).
    mutating func add(_ event: ExportedTouches.Event, _ tick: (_ pause: Int64, _ actions: [String?]) -> Void) {
        let t0 = firstTime ?? event.t
        firstTime = t0
        let ms = Int64(((event.t - t0) * 1000).rounded())
        let screen = trace.screen
        var moved = false, pressed = false
        var anyWritten = false
        for change in event.changes where change.phase != .stationary {
            let source: Int
            if let known = sourceOfID[change.id] {
                source = known
            } else {
                guard change.phase == .began else { continue }
                let base = Self.sourceName(change.id)
                var name = base
                var k = 1
                while idOfName[name] != nil {
                    k += 1
                    name = base + "~" + String(k)
                }
                idOfName[name] = change.id
                source = sourceNames.count
                sourceOfID[change.id] = source
                sourceNames.append(name)
                places.append(nil)
            }
            let written = writing.contains(source)
            if written && !anyWritten {
                anyWritten = true
                moves = pauses
                presses = pauses
            }
            let x = Int64(change.x.rounded()), y = Int64(change.y.rounded())
            if !warnedOutside && (x < 0 || y < 0 || Double(x) > screen.width || Double(y) > screen.height) {
                warnedOutside = true
                warnings.append(trace.source.error(at: change.offset, "warning: touch \(change.id) at (\(x), \(y)) lies outside the trace's screen (\(numberText(screen.width))x\(numberText(screen.height))); WebDriver clients refuse a move outside the viewport (\"move target out of bounds\"), so check the page's size (the export writes it as it is)"))
            }
            var properties = ""
            if written, let force = change.force {
                var out: [UInt8] = []
                appendShortest(min(1, force / maximumForce), to: &out)
                properties += ", \"pressure\": " + String(decoding: out, as: UTF8.self)
            }
            if written, let radius = change.majorRadius {
                var out: [UInt8] = []
                appendShortest(2 * radius, to: &out)
                let d = String(decoding: out, as: UTF8.self)
                properties += ", \"width\": \(d), \"height\": \(d)"
            }
            let hasProperties = change.force != nil || change.majorRadius != nil
            let last = change.phase == .began ? nil : places[source]
            if last.map({ $0 != (x, y) }) ?? true || (hasProperties && change.phase == .moved) {
                moved = true
                if written { moves[source - writing.lowerBound] = "{\"type\": \"pointerMove\", \"duration\": 0, \"origin\": \"viewport\", \"x\": \(x), \"y\": \(y)\(properties)}" }
            }
            places[source] = (x, y)
            if change.phase == .began {
                pressed = true
                if written { presses[source - writing.lowerBound] = "{\"type\": \"pointerDown\", \"button\": 0\(properties)}" }
            } else if change.phase.isEnding {
                pressed = true
                if written { presses[source - writing.lowerBound] = "{\"type\": \"pointerUp\", \"button\": 0}" }
                places[source] = nil
                if change.phase == .cancelled {
                    warnings.append(trace.source.error(at: change.offset, event.isFinalCancel
                        ? "warning: touch \(change.id) is still down at the end of the trace; WebDriver has no cancel, so the actions lift it (pointerUp)"
                        : "warning: touch \(change.id) is cancelled here; WebDriver has no cancel, so the actions lift it (pointerUp)"))
                }
            }
        }
        if !moved && !pressed { return }
        if let last = lastMillisecond, ms > last { tick(ms - last, pauses) }
        lastMillisecond = ms
        if moved { tick(0, anyWritten ? moves : pauses) }
        if pressed { tick(0, anyWritten ? presses : pauses) }
    }

    /// The start of the actions, before the first source.
    static func writeHead(to out: inout [UInt8]) {
        out.append(contentsOf: "{\"actions\": [".utf8)
    }

    /// The start of the source `name` (the first, or one after another), before its ticks.
    static func writeSourceHead(_ name: String, first: Bool, to out: inout [UInt8]) {
        out.append(contentsOf: (first ? "\n{\"type\": \"pointer\", \"id\": " : ",\n{\"type\": \"pointer\", \"id\": ").utf8)
        appendJSONString(name, to: &out)
        out.append(contentsOf: ", \"parameters\": {\"pointerType\": \"touch\"}, \"actions\": [".utf8)
    }

    /// A source's tick number `tick` (0, 1, …): its action, or a pause of `pause` milliseconds.
    static func writeTick(_ tick: Int, pause: Int64, action: String?, to out: inout [UInt8]) {
        out.append(contentsOf: (tick == 0 ? "\n  " : ",\n  ").utf8)
        if let action {
            out.append(contentsOf: action.utf8)
        } else {
            out.append(contentsOf: "{\"type\": \"pause\", \"duration\": \(pause)}".utf8)
        }
    }

    /// The end of a source, after its ticks.
    static func writeSourceEnd(to out: inout [UInt8]) {
        out.append(contentsOf: "\n]}".utf8)
    }

    /// The end of the actions, after the last source.
    static func writeEnd(to out: inout [UInt8]) {
        out.append(contentsOf: "\n]}\n".utf8)
    }
}
