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
struct WebDriverWriter {
    let trace: Trace
    let touches: ExportedTouches
    private(set) var warnings: [TraceError] = []

    init(trace: Trace, touches: ExportedTouches) {
        self.trace = trace
        self.touches = touches
    }

    /// One input source: the pointer of one touch id.
    private struct Source {
        var name: String
        /// The source's own actions with their ticks, in tick order; it pauses in the others.
        var actions: [(tick: Int, text: String)] = []
        /// Where the touch down on this source last was, in whole CSS pixels.
        var place: (x: Int64, y: Int64)?
    }

    /// The name of the source of `id`: `touch` and the integer, or `touch-` and the string.
    static func sourceName(_ id: TouchID) -> String {
        if let n = id.number { return "touch" + String(n) }
        return "touch-" + (id.text ?? "")
    }

    mutating func write() -> [UInt8] {
        let maximumForce = trace.header.maximumForce ?? 1
        var sources: [Source] = []
        var sourceOfID: [TouchID: Int] = [:]
        var idOfName: [String: TouchID] = [:]
        /// The pause of every tick so far, in milliseconds (0 in a tick of moves, downs or ups).
        var tickPauses: [Int64] = []
        var lastMillisecond: Int64?
        let t0 = touches.firstTime
        let screen = trace.screen
        var warnedOutside = false
        for event in touches.events {
            let ms = Int64(((event.t - t0) * 1000).rounded())
            var moves: [(source: Int, text: String)] = []
            var presses: [(source: Int, text: String)] = []
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
                    source = sources.count
                    sourceOfID[change.id] = source
                    sources.append(Source(name: name))
                }
                let x = Int64(change.x.rounded()), y = Int64(change.y.rounded())
                if !warnedOutside && (x < 0 || y < 0 || Double(x) > screen.width || Double(y) > screen.height) {
                    warnedOutside = true
                    warnings.append(trace.source.error(at: change.offset, "warning: touch \(change.id) at (\(x), \(y)) lies outside the trace's screen (\(numberText(screen.width))x\(numberText(screen.height))); WebDriver clients refuse a move outside the viewport (\"move target out of bounds\"), so check the page's size (the export writes it as it is)"))
                }
                var properties = ""
                if let force = change.force {
                    var out: [UInt8] = []
                    appendShortest(min(1, force / maximumForce), to: &out)
                    properties += ", \"pressure\": " + String(decoding: out, as: UTF8.self)
                }
                if let radius = change.majorRadius {
                    var out: [UInt8] = []
                    appendShortest(2 * radius, to: &out)
                    let d = String(decoding: out, as: UTF8.self)
                    properties += ", \"width\": \(d), \"height\": \(d)"
                }
                let last = change.phase == .began ? nil : sources[source].place
                if last.map({ $0 != (x, y) }) ?? true || (!properties.isEmpty && change.phase == .moved) {
                    moves.append((source, "{\"type\": \"pointerMove\", \"duration\": 0, \"origin\": \"viewport\", \"x\": \(x), \"y\": \(y)\(properties)}"))
                }
                sources[source].place = (x, y)
                if change.phase == .began {
                    presses.append((source, "{\"type\": \"pointerDown\", \"button\": 0\(properties)}"))
                } else if change.phase.isEnding {
                    presses.append((source, "{\"type\": \"pointerUp\", \"button\": 0}"))
                    sources[source].place = nil
                    if change.phase == .cancelled {
                        warnings.append(trace.source.error(at: change.offset, event.isFinalCancel
                            ? "warning: touch \(change.id) is still down at the end of the trace; WebDriver has no cancel, so the actions lift it (pointerUp)"
                            : "warning: touch \(change.id) is cancelled here; WebDriver has no cancel, so the actions lift it (pointerUp)"))
                    }
                }
            }
            if moves.isEmpty && presses.isEmpty { continue }
            if let last = lastMillisecond, ms > last { tickPauses.append(ms - last) }
            lastMillisecond = ms
            for tick in [moves, presses] where !tick.isEmpty {
                for (source, text) in tick { sources[source].actions.append((tickPauses.count, text)) }
                tickPauses.append(0)
            }
        }
        var out: [UInt8] = []
        out.append(contentsOf: "{\"actions\": [".utf8)
        for (s, source) in sources.enumerated() {
            out.append(contentsOf: (s == 0 ? "\n{\"type\": \"pointer\", \"id\": " : ",\n{\"type\": \"pointer\", \"id\": ").utf8)
            appendJSONString(source.name, to: &out)
            out.append(contentsOf: ", \"parameters\": {\"pointerType\": \"touch\"}, \"actions\": [".utf8)
            var next = 0
            for tick in tickPauses.indices {
                out.append(contentsOf: (tick == 0 ? "\n  " : ",\n  ").utf8)
                if next < source.actions.count && source.actions[next].tick == tick {
                    out.append(contentsOf: source.actions[next].text.utf8)
                    next += 1
                } else {
                    out.append(contentsOf: "{\"type\": \"pause\", \"duration\": \(tickPauses[tick])}".utf8)
                }
            }
            out.append(contentsOf: "\n]}".utf8)
        }
        out.append(contentsOf: "\n]}\n".utf8)
        return out
    }
}
