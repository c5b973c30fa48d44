/// Writes W3C WebDriver Actions (`{"actions": [...]}`, the body of
/// `POST /session/{id}/actions`): one `pointer` source of `"pointerType": "touch"` per finger.
///
/// A driver performs the actions tick by tick, the n-th action of every source in the n-th
/// tick, and a tick lasts as long as its longest action; so every source has an action in every
/// tick, `pause` where it has nothing to do. Each trace event becomes:
/// - a tick of `pause` for the whole milliseconds since the last event (none when 0);
/// - a tick of `pointerMove` (duration 0, `"origin": "viewport"`, whole CSS pixels) for each
///   touch that lands or moves, or lifts somewhere else than it last was;
/// - a tick of `pointerDown` for each touch that lands and `pointerUp` for each that lifts.
/// Fingers are sources `finger1`, `finger2`, … in the order they first land; a touch takes the
/// first source that is up, so that a trace of a hundred taps is one source, not a hundred.
/// `force` / `maximumForce` is the action's `pressure` and twice `majorRadius` its `width` and
/// `height`. WebDriver has no cancel: a cancelled touch is lifted (`pointerUp`), with a warning.
/// A place outside the trace's screen is written as it is, with a warning (once): clients
/// refuse moves outside the viewport.
struct WebDriverWriter {
    let trace: Trace
    let touches: ExportedTouches
    private(set) var warnings: [TraceError] = []

    init(trace: Trace, touches: ExportedTouches) {
        self.trace = trace
        self.touches = touches
    }

    mutating func write() -> [UInt8] {
        let maximumForce = trace.header.maximumForce ?? 1
        var sources: [[String]] = []
        var sourceOfTouch: [Int: Int] = [:]
        var downSources: [Bool] = []
        var lastPlace: [Int: (Int64, Int64)] = [:]
        var lastMillisecond: Int64?
        let t0 = touches.firstTime
        let screen = trace.screen
        var warnedOutside = false
        func addTick(_ actions: [Int: String], filler: String) {
            for s in sources.indices { sources[s].append(actions[s] ?? filler) }
        }
        for event in touches.events {
            let ms = Int64(((event.t - t0) * 1000).rounded())
            var moves: [Int: String] = [:]
            var presses: [Int: String] = [:]
            var freed: [Int] = []
            for change in event.changes where change.phase != .stationary {
                let source: Int
                if change.phase == .began {
                    if let free = downSources.indices.first(where: { !downSources[$0] && !freed.contains($0) }) {
                        source = free
                    } else {
                        source = sources.count
                        // A new source did nothing in the ticks before: it pauses through them.
                        let ticks = sources.first?.count ?? 0
                        sources.append(Array(repeating: "", count: ticks))
                        for k in 0..<ticks { sources[source][k] = sources[0][k].hasPrefix("{\"type\": \"pause\"") ? sources[0][k] : "{\"type\": \"pause\", \"duration\": 0}" }
                        downSources.append(false)
                    }
                    downSources[source] = true
                    sourceOfTouch[change.touch] = source
                } else {
                    guard let known = sourceOfTouch[change.touch] else { continue }
                    source = known
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
                if change.phase == .began || lastPlace[change.touch].map({ $0 != (x, y) }) ?? true || (!properties.isEmpty && change.phase == .moved) {
                    moves[source] = "{\"type\": \"pointerMove\", \"duration\": 0, \"origin\": \"viewport\", \"x\": \(x), \"y\": \(y)\(properties)}"
                    lastPlace[change.touch] = (x, y)
                }
                if change.phase == .began {
                    presses[source] = "{\"type\": \"pointerDown\", \"button\": 0\(properties)}"
                } else if change.phase.isEnding {
                    presses[source] = "{\"type\": \"pointerUp\", \"button\": 0}"
                    freed.append(source)
                    sourceOfTouch[change.touch] = nil
                    lastPlace[change.touch] = nil
                    if change.phase == .cancelled {
                        warnings.append(trace.source.error(at: change.offset, event.isFinalCancel
                            ? "warning: touch \(change.id) is still down at the end of the trace; WebDriver has no cancel, so the actions lift it (pointerUp)"
                            : "warning: touch \(change.id) is cancelled here; WebDriver has no cancel, so the actions lift it (pointerUp)"))
                    }
                }
            }
            if moves.isEmpty && presses.isEmpty { continue }
            if let last = lastMillisecond, ms > last {
                addTick([:], filler: "{\"type\": \"pause\", \"duration\": \(ms - last)}")
            }
            lastMillisecond = ms
            if !moves.isEmpty { addTick(moves, filler: "{\"type\": \"pause\", \"duration\": 0}") }
            if !presses.isEmpty { addTick(presses, filler: "{\"type\": \"pause\", \"duration\": 0}") }
            for s in freed { downSources[s] = false }
        }
        var out: [UInt8] = []
        out.append(contentsOf: "{\"actions\": [".utf8)
        for (s, actions) in sources.enumerated() {
            out.append(contentsOf: (s == 0 ? "\n" : ",\n").utf8)
            out.append(contentsOf: "{\"type\": \"pointer\", \"id\": \"finger\(s + 1)\", \"parameters\": {\"pointerType\": \"touch\"}, \"actions\": [".utf8)
            for (k, action) in actions.enumerated() {
                out.append(contentsOf: ((k == 0 ? "\n  " : ",\n  ") + action).utf8)
            }
            out.append(contentsOf: "\n]}".utf8)
        }
        out.append(contentsOf: "\n]}\n".utf8)
        return out
    }
}
