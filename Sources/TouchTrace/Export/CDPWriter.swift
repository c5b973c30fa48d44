/// Writes JSON Lines of Chrome DevTools Protocol `Input.dispatchTouchEvent` calls, one call a
/// line: `{"method": "Input.dispatchTouchEvent", "params": {"type": "touchMove",
/// "touchPoints": [...], "timestamp": 0.016}}`.
///
/// A call lists the touch points active after it (`id`, `x`, `y` in CSS pixels, `radiusX`,
/// `radiusY` and `force` where the trace has them); the browser compares it with the call before
/// and presses, moves or releases points one by one. So a trace event becomes `touchStart` when
/// a touch lands, `touchMove` when touches move or some lift while others stay down, `touchEnd`
/// (no points) when the last lifts and `touchCancel` (no points) when every touch down is
/// cancelled at once; a touch that lifts somewhere else than it last was is first moved there.
/// CDP cancels all touches or none: a touch cancelled while others stay down is lifted instead,
/// with a warning. Ids are 1, 2, … in touch-down order; `timestamp` is the trace's seconds plus
/// the time origin; `force` is `force` / `maximumForce`. Events are added one at a time, each
/// writing its calls.
struct CDPWriter {
    let trace: Trace
    let timeOrigin: Double
    private let maximumForce: Double
    private(set) var warnings: [TraceError] = []
    /// Points down, in touch-down order.
    private var down: [Point] = []

    init(trace: Trace, timeOrigin: Double) {
        self.trace = trace
        self.timeOrigin = timeOrigin
        maximumForce = trace.header.maximumForce ?? 1
    }

    private struct Point {
        var touch: Int
        var x: Double
        var y: Double
        var force: Double?
        var radius: Double?
    }

    /// Takes the trace's next event, appending its calls to `out` (when `writing`: else only
    /// its warnings are gathered).
    mutating func add(_ event: ExportedTouches.Event, to out: inout [UInt8], writing: Bool = true) {
        let maximumForce = self.maximumForce, timeOrigin = self.timeOrigin
        func call(_ type: String, _ points: [Point], _ t: Double) {
            guard writing else { return }
            out.append(contentsOf: "{\"method\": \"Input.dispatchTouchEvent\", \"params\": {\"type\": \"\(type)\", \"touchPoints\": [".utf8)
            for (k, p) in points.enumerated() {
                out.append(contentsOf: (k == 0 ? "{\"id\": \(p.touch + 1), \"x\": " : ", {\"id\": \(p.touch + 1), \"x\": ").utf8)
                appendShortest(p.x, to: &out)
                out.append(contentsOf: ", \"y\": ".utf8)
                appendShortest(p.y, to: &out)
                if let r = p.radius {
                    out.append(contentsOf: ", \"radiusX\": ".utf8)
                    appendShortest(r, to: &out)
                    out.append(contentsOf: ", \"radiusY\": ".utf8)
                    appendShortest(r, to: &out)
                }
                if let f = p.force {
                    out.append(contentsOf: ", \"force\": ".utf8)
                    appendShortest(min(1, f / maximumForce), to: &out)
                }
                out.append(UInt8(ascii: "}"))
            }
            out.append(contentsOf: "], \"timestamp\": ".utf8)
            appendShortest(t + timeOrigin, to: &out)
            out.append(contentsOf: "}}\n".utf8)
        }
        var began = false, moved = false
        var lifting: [Int] = []
        var cancelling: [ExportedTouches.Change] = []
        for change in event.changes where change.phase != .stationary {
            if change.phase == .began {
                down.append(Point(touch: change.touch, x: change.x, y: change.y, force: change.force, radius: change.majorRadius))
                began = true
                continue
            }
            guard let i = down.firstIndex(where: { $0.touch == change.touch }) else { continue }
            let before = down[i]
            down[i].x = change.x
            down[i].y = change.y
            if let f = change.force { down[i].force = f }
            if let r = change.majorRadius { down[i].radius = r }
            if before.x != change.x || before.y != change.y || before.force != down[i].force || before.radius != down[i].radius { moved = true }
            if change.phase.isEnding { lifting.append(change.touch) }
            if change.phase == .cancelled { cancelling.append(change) }
        }
        if began || moved { call(began ? "touchStart" : "touchMove", down, event.t) }
        if lifting.isEmpty { return }
        down.removeAll { lifting.contains($0.touch) }
        if !down.isEmpty {
            call("touchMove", down, event.t)
        } else {
            call(cancelling.count == lifting.count ? "touchCancel" : "touchEnd", [], event.t)
        }
        if !(down.isEmpty && cancelling.count == lifting.count) {
            for change in cancelling {
                warnings.append(trace.source.error(at: change.offset, "warning: touch \(change.id) is cancelled while other touches stay down (or lift); CDP's touchCancel cancels every touch, so this one is released (lifted) instead"))
            }
        }
    }
}
