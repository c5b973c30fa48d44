import Testing
@testable import TouchTrace
import TouchTraceUIKit

/// Recognizer subclasses as apps write them, checked against what UIKit documents for
/// subclasses (`UIGestureRecognizerSubclass`: `ignore(_:for:)`, `reset()`, setting `state`).
@Suite struct RecognizerSubclassTests {
    /// What a recognizer's code saw, line by line.
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// A pan that follows the first finger only: later fingers are ignored as they land, after
    /// the pan (`super`) has seen them, and it forgets its finger at `reset()`.
    final class FirstFingerPan: UIPanGestureRecognizer {
        var first: UITouch?
        let log: Log
        init(log: Log) {
            self.log = log
            super.init(target: nil, action: nil)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesBegan(touches, with: event)
            for touch in touches {
                if first == nil { first = touch } else if touch !== first { ignore(touch, for: event) }
            }
        }
        override func reset() {
            super.reset()
            log.lines.append("reset")
            first = nil
        }
    }

    @Test func ignoredTouchLeavesThePanOfAStandardClass() throws {
        // Finger 1 lands at (50, 50) and moves 10 points right at every event; finger 2 lands at
        // 0.03 (as finger 1 moves to x 70), moves 20 points right at 0.04 and 0.05, and lifts at
        // 0.06; finger 1 moves once more at 0.07 and lifts at 0.08. Then a second gesture:
        // finger 3 from (50, 150), 20 points right twice, then lifts.
        let trace = try parseTrace(traceJSON([
            (0.00, [(1, "began", 50, 50)]),
            (0.01, [(1, "moved", 60, 50)]),
            (0.03, [(2, "began", 150, 150), (1, "moved", 70, 50)]),
            (0.04, [(1, "moved", 80, 50), (2, "moved", 170, 150)]),
            (0.05, [(1, "moved", 90, 50), (2, "moved", 190, 150)]),
            (0.06, [(2, "ended", 190, 150)]),
            (0.07, [(1, "moved", 100, 50)]),
            (0.08, [(1, "ended", 100, 50)]),
            (1.00, [(3, "began", 50, 150)]),
            (1.01, [(3, "moved", 70, 150)]),
            (1.02, [(3, "moved", 90, 150)]),
            (1.03, [(3, "ended", 90, 150)]),
        ], version: 2))
        let log = Log()
        let scene = Scene(views: [SceneView(name: "pad", frame: Rect(x: 0, y: 0, width: 400, height: 400), recognizers: [
            ("pan", UIKitRecognizer {
                let pan = FirstFingerPan(log: log)
                pan.addTarget { recognizer in
                    let pan = recognizer as! UIPanGestureRecognizer
                    log.lines.append("\(pan.state) \(pan.translation(in: pan.view).x) \(pan.numberOfTouches)")
                }
                return pan
            }),
        ])], origin: "test")
        let records = replay(trace, scene)
        // UIKit's `ignore(_:for:)`: the touch is not part of the gesture. The pan (which saw
        // finger 2 land through `super`) stops following it, so the translation is finger 1's
        // alone: 10 at 0.01 (the hysteresis of 10 points is met: began), 20, 30, 40 at 0.03 ...
        // 0.05, nothing at 0.06 (finger 2 is not the pan's), 50 at 0.07; finger 1's lift leaves
        // no finger of the pan down: ended at 0.08 — not the half steps of a centroid with a
        // finger that no longer reports, nor a pan left `changed` that never ends. Reset after
        // the lift (no finger of the pan down), and the next gesture is a pan of its own:
        // 20 (began), 40, ended.
        #expect(transitions(records, source: 0) == [
            Transition(t: 0.01, from: "possible", to: "began"), Transition(t: 0.03, from: "began", to: "changed"),
            Transition(t: 0.04, from: "changed", to: "changed"), Transition(t: 0.05, from: "changed", to: "changed"),
            Transition(t: 0.07, from: "changed", to: "changed"), Transition(t: 0.08, from: "changed", to: "ended"),
            Transition(t: 1.01, from: "possible", to: "began"), Transition(t: 1.02, from: "began", to: "changed"),
            Transition(t: 1.03, from: "changed", to: "ended"),
        ])
        // `numberOfTouches` counts finger 1 alone once finger 2 is ignored; 0 once it lifted.
        #expect(log.lines == [
            "began 10.0 1", "changed 20.0 1", "changed 30.0 1", "changed 40.0 1", "changed 50.0 1", "ended 50.0 0", "reset",
            "began 20.0 1", "changed 40.0 1", "ended 40.0 0", "reset",
        ])
        // The records' `touches` count the pan's fingers: 1 while finger 1 is down, never 2.
        let touches = records.compactMap { record -> Int? in
            if case .integer(let n)? = record["touches"] { return n }
            return nil
        }
        #expect(touches == [1, 1, 1, 1, 1, 0, 1, 1, 0])
    }
}

extension RecognizerSubclassTests {
    /// Writes, at each touch method, the phases of `event.allTouches` (sorted) and what
    /// `event.touches(for: self)` counts.
    final class EventReader: UIGestureRecognizer {
        let log: Log
        init(log: Log) {
            self.log = log
            super.init(target: nil, action: nil)
        }
        private func note(_ method: String, _ event: UIEvent) {
            let phases = (event.allTouches ?? []).map { phase in
                switch phase.phase {
                case .began: return "began"
                case .moved: return "moved"
                case .stationary: return "stationary"
                case .ended: return "ended"
                case .cancelled: return "cancelled"
                default: return "other"
                }
            }.sorted()
            log.lines.append("\(method) \(phases.joined(separator: ",")) \(event.touches(for: self)?.count ?? -1)")
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { note("began", event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { note("moved", event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { note("ended", event) }
    }

    @Test func allTouchesHoldsTheFingersThatRest() throws {
        // Two fingers land at 0; at 0.01 only finger 1 moves; at 0.02 both move; at 0.03 finger
        // 1 lifts; at 0.04 finger 2 moves; at 0.05 it lifts.
        let trace = try parseTrace(traceJSON([
            (0.00, [(1, "began", 50, 50), (2, "began", 150, 150)]),
            (0.01, [(1, "moved", 60, 50)]),
            (0.02, [(1, "moved", 70, 50), (2, "moved", 160, 150)]),
            (0.03, [(1, "ended", 70, 50)]),
            (0.04, [(2, "moved", 170, 150)]),
            (0.05, [(2, "ended", 170, 150)]),
        ], version: 2))
        let log = Log()
        let scene = Scene(views: [SceneView(name: "pad", frame: Rect(x: 0, y: 0, width: 400, height: 400), recognizers: [
            ("reader", UIKitRecognizer { EventReader(log: log) }),
        ])], origin: "test")
        _ = replay(trace, scene)
        // UIKit's `allTouches` is every touch of the event, a finger that did not move in it
        // included with the phase `stationary` (the phase exists for that); `touches(for:)` a
        // recognizer holds the touches it is being given, so the same. At 0.01 the resting finger
        // 2 is there: 2 touches, not 1 (code that counts fingers with `allTouches`, as a pan that
        // fails when fewer than its minimum are down, would fail a two-finger drag). At 0.03 the
        // lifting finger 1 and the resting finger 2; at 0.04 finger 1 is gone.
        #expect(log.lines == [
            "began began,began 2",
            "moved moved,stationary 2",
            "moved moved,moved 2",
            "ended ended,stationary 2",
            "moved moved 1",
            "ended ended 1",
        ])
    }
}
