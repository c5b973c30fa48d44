import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// When actions run (SPEC 17): after the event has been delivered and the touches method that
/// changed the state has returned, once per event per recognizer whose state calls actions,
/// in scene order, targets in the order added; at the deadline for a deadline's change.
@Suite struct ActionTimingTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// Sets `state` first and only then the property its target reads, as much real code does.
    final class Dragged: UIGestureRecognizer {
        var distance: CGFloat = 0
        var start: CGPoint = .zero
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            start = touches.first!.location(in: view)
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            state = state == .possible ? .began : .changed
            // Twice in one event: still one action.
            state = .changed
            distance = touches.first!.location(in: view).x - start.x
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            state = .ended
            distance = touches.first!.location(in: view).x - start.x
        }
    }

    @Test func targetsSeeThePropertiesSetAfterTheStateOncePerEventInSceneOrder() throws {
        let log = Log()
        func make(_ name: String) -> UIKitRecognizer {
            UIKitRecognizer {
                let r = Dragged()
                r.addTarget { g in log.lines.append("\(name) first \(g.state) \((g as! Dragged).distance)") }
                r.addTarget { g in log.lines.append("\(name) second \(g.state)") }
                return r
            }
        }
        // Two views; one event moves a finger on each, listed right view first.
        let scene = Scene(views: [
            SceneView(name: "left", frame: Rect(x: 0, y: 0, width: 100, height: 100), recognizers: [("drag", make("left"))]),
            SceneView(name: "right", frame: Rect(x: 100, y: 0, width: 100, height: 100), recognizers: [("drag", make("right"))]),
        ], origin: "test", version: 2, recognition: .simultaneous)
        let trace = try parseTrace(traceJSON([
            (0, [(1, "began", 10, 10), (2, "began", 110, 10)]),
            (0.1, [(2, "moved", 130, 10), (1, "moved", 15, 10)]),
            (0.2, [(1, "ended", 20, 10), (2, "ended", 140, 10)]),
        ], version: 2))
        _ = replay(trace, scene)
        #expect(log.lines == [
            // The state as it is after the event: began, then changed, in one event: changed.
            "left first changed 5.0", "left second changed", "right first changed 20.0", "right second changed",
            "left first ended 10.0", "left second ended", "right first ended 30.0", "right second ended",
        ], "\(log.lines)")
    }

    @Test func aFailureCallsNoTarget() throws {
        let log = Log()
        final class Refuser: UIGestureRecognizer {
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
                state = .began
                state = .failed
            }
        }
        let scene = Scene(views: [SceneView(name: "pad", frame: Rect(x: 0, y: 0, width: 100, height: 100), recognizers: [
            ("refuser", UIKitRecognizer { let r = Refuser(); r.addTarget { g in log.lines.append("\(g.state)") }; return r }),
        ])], origin: "test", version: 2)
        let trace = try parseTrace(traceJSON([(0, [(1, "began", 10, 10)]), (0.1, [(1, "moved", 30, 10)]), (0.2, [(1, "ended", 30, 10)])],
                                             version: 2))
        _ = replay(trace, scene)
        // began → failed is not a change UIKit allows; began then stands and is what the target sees.
        #expect(log.lines == ["began"], "\(log.lines)")
    }
}
