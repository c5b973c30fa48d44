import Testing
@testable import TouchTrace
import TouchTraceUIKit

@Suite struct UITouchTests {
    /// A touch's force and radius follow the trace event by event; the rest is as UIKit says.
    @Test func touchesAreCurrentAtEveryEvent() throws {
        let trace = try parseTrace("""
            {"version": 2, "events": [
            {"t": 0.0, "touches": [{"id": 1, "phase": "began", "x": 100, "y": 100, "force": 0.5, "majorRadius": 10}]},
            {"t": 0.1, "touches": [{"id": 1, "phase": "moved", "x": 110, "y": 100, "force": 1.5, "majorRadius": 12}]},
            {"t": 0.2, "touches": [{"id": 1, "phase": "ended", "x": 110, "y": 100}]}
            ]}
            """)
        let log = CallLog()
        let scene = oneViewScene([("r", UIKitRecognizer {
            let r = Scripted()
            func note(_ r: Scripted, _ touches: Set<UITouch>, _ event: UIEvent) {
                let touch = touches.first!
                log.lines.append("\(touch.phase) t \(touch.timestamp) force \(touch.force) radius \(touch.majorRadius) "
                    + "max \(touch.maximumPossibleForce == 20.0 / 3.0) tolerance \(touch.majorRadiusTolerance) "
                    + "direct \(touch.type == .direct) window \(touch.window != nil && touch.window === r.view?.window) mine \(touch.gestureRecognizers?.first === r) "
                    + "event \(event.type == .touches) \(event.timestamp) all \(event.allTouches?.count ?? -1) "
                    + "for r \(event.touches(for: r)?.count ?? -1) for view \(event.touches(for: r.view!)?.count ?? -1)")
            }
            r.began = note
            r.moved = note
            r.ended = note
            return r
        })], version: 2)
        _ = replay(trace, scene)
        // The lift has no force or radius in the trace: the touch keeps 0 there, as a touch
        // without them. The touch's window is its view's (the scene's views are in one).
        #expect(log.lines == [
            "began t 0.0 force 0.5 radius 10.0 max true tolerance 0.0 direct true window true mine true event true 0.0 all 1 for r 1 for view 1",
            "moved t 0.1 force 1.5 radius 12.0 max true tolerance 0.0 direct true window true mine true event true 0.1 all 1 for r 1 for view 1",
            "ended t 0.2 force 0.0 radius 0.0 max true tolerance 0.0 direct true window true mine true event true 0.2 all 1 for r 1 for view 1",
        ])
    }
}
