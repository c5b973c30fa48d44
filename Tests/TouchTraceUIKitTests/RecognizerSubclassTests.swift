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

    /// `FirstFingerPan` that ignores the later fingers before it calls `super`.
    final class FirstFingerPanIgnoringFirst: UIPanGestureRecognizer {
        var first: UITouch?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            for touch in touches {
                if first == nil { first = touch } else if touch !== first { ignore(touch, for: event) }
            }
            super.touchesBegan(touches, with: event)
        }
        override func reset() {
            super.reset()
            first = nil
        }
    }

    @Test func touchIgnoredBeforeSuperIsNotThePans() throws {
        // Finger 1 from (50, 50) 10 points right at each event; finger 2 lands at 0.02 as finger
        // 1 moves, moves 30 points at 0.03 with finger 1's 10, lifts at 0.04; finger 1 lifts at 0.05.
        let trace = try parseTrace(traceJSON([
            (0.00, [(1, "began", 50, 50)]),
            (0.01, [(1, "moved", 60, 50)]),
            (0.02, [(2, "began", 150, 150), (1, "moved", 70, 50)]),
            (0.03, [(1, "moved", 80, 50), (2, "moved", 180, 150)]),
            (0.04, [(2, "ended", 180, 150)]),
            (0.05, [(1, "ended", 80, 50)]),
        ], version: 2))
        let scene = Scene(views: [SceneView(name: "pad", frame: Rect(x: 0, y: 0, width: 400, height: 400), recognizers: [
            ("pan", UIKitRecognizer { FirstFingerPanIgnoringFirst(target: nil, action: nil) }),
        ])], origin: "test")
        let records = replay(trace, scene)
        // Finger 2 is ignored before `super` hears of it, so the pan never has it: its
        // translation is finger 1's, 10, 20, 30 (not 10, 20, 40 with the centroid of two), one
        // finger throughout, and it ends as finger 1 lifts.
        let translations = records.compactMap { record -> String? in
            if case .point(let p)? = record["translation"], case .integer(let n)? = record["touches"] { return "\(p.x) \(n)" }
            return nil
        }
        #expect(translations == ["10.0 1", "20.0 1", "30.0 1", "30.0 0"])
        #expect(transitions(records, source: 0).map(\.to) == ["began", "changed", "changed", "ended"])
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

extension RecognizerSubclassTests {
    /// A long press that notes where the gesture began when its state becomes `began`, in an
    /// override of `state` — as drag recognizers built on `UILongPressGestureRecognizer` do.
    final class NotingPress: UILongPressGestureRecognizer {
        let log: Log
        var startX: CGFloat?
        init(log: Log) {
            self.log = log
            super.init(target: nil, action: nil)
        }
        override var state: UIGestureRecognizer.State {
            didSet {
                if state == .began { startX = location(in: nil).x }
                log.lines.append("\(CACurrentMediaTime()) \(oldValue)→\(state)")
            }
        }
    }

    /// A pan whose override of `state` counts the changes it hears.
    final class CountingPan: UIPanGestureRecognizer {
        let log: Log
        init(log: Log) {
            self.log = log
            super.init(target: nil, action: nil)
        }
        override var state: UIGestureRecognizer.State {
            didSet { log.lines.append("\(CACurrentMediaTime()) \(oldValue)→\(state)") }
        }
    }

    @Test func overrideOfStateHearsTheStandardClassesOwnChanges() throws {
        // One finger rests at (100, 100) from 0; moves to 110 at 0.6 and 120 at 0.7; lifts at 0.8.
        let trace = try parseTrace(traceJSON([
            (0.0, [(1, "began", 100, 100)]),
            (0.6, [(1, "moved", 110, 100)]),
            (0.7, [(1, "moved", 120, 100)]),
            (0.8, [(1, "ended", 120, 100)]),
        ], version: 2))
        let log = Log()
        let scene = Scene(views: [SceneView(name: "pad", frame: Rect(x: 0, y: 0, width: 400, height: 400), recognizers: [
            ("press", UIKitRecognizer {
                let press = NotingPress(log: log)
                press.addTarget { recognizer in
                    let press = recognizer as! NotingPress
                    log.lines.append("action \(press.state) moved \(press.location(in: nil).x - (press.startX ?? -1000))")
                }
                return press
            }),
        ])], origin: "test")
        _ = replay(trace, scene)
        // UIKit's long press sets its own `state` (the subclass's setter: its `didSet` runs):
        // `began` at the deadline, 0.5 s (UIKit's `minimumPressDuration`) after touch-down, where
        // the finger rests (x 100, noted by the override); `changed` at each move; `ended` at
        // the lift; `possible` at the reset after it. The action reads the movement since
        // `began` through what the override noted: 0, 10, 20, and 20 at the lift.
        #expect(log.lines == [
            "0.5 possible→began", "action began moved 0.0",
            "0.6 began→changed", "action changed moved 10.0",
            "0.7 changed→changed", "action changed moved 20.0",
            "0.8 changed→ended", "action ended moved 20.0",
            "0.8 ended→possible",
        ])
    }

    @Test func overrideOfStateHearsThePansChangesAndTheArenas() throws {
        // One finger from (100, 100) 20 points right at 0.01 and 0.02, lifts at 0.03; a second
        // finger at 1.0 lifts at 1.01 without moving.
        let trace = try parseTrace(traceJSON([
            (0.00, [(1, "began", 100, 100)]),
            (0.01, [(1, "moved", 120, 100)]),
            (0.02, [(1, "moved", 140, 100)]),
            (0.03, [(1, "ended", 140, 100)]),
            (1.00, [(2, "began", 100, 100)]),
            (1.01, [(2, "ended", 100, 100)]),
        ], version: 2))
        let log = Log()
        let scene = Scene(views: [SceneView(name: "pad", frame: Rect(x: 0, y: 0, width: 400, height: 400), recognizers: [
            ("pan", UIKitRecognizer { CountingPan(log: log) }),
        ])], origin: "test")
        _ = replay(trace, scene)
        // UIKit's pan sets `began` (20 points ≥ its 10-point hysteresis), `changed` at the next
        // move, `ended` at the lift, then the reset sets `possible`; the still finger's lift
        // fails the pan (never moved 10 points), and the reset follows.
        #expect(log.lines == [
            "0.01 possible→began", "0.02 began→changed", "0.03 changed→ended", "0.03 ended→possible",
            "1.01 possible→failed", "1.01 failed→possible",
        ])
    }
}
