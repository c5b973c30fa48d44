// What gesture code reads on a device, checked against UIKit's documentation: a view's event
// holds the fingers that rest, an ignored touch leaves a standard class's own recognition, a
// zoom's offset is set when the delegate hears of it, and Core Animation's completions run when
// the animations end. Each test derives what it expects from the trace's times and points.
import Testing
import TouchTrace
@testable import TouchTraceUIKit

@Suite struct DeviceFidelityTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// The phases of a set of touches, sorted, joined by commas.
    static func phases(_ touches: Set<UITouch>?) -> String {
        (touches ?? []).map { touch -> String in
            switch touch.phase {
            case .began: return "began"
            case .moved: return "moved"
            case .stationary: return "stationary"
            case .ended: return "ended"
            case .cancelled: return "cancelled"
            }
        }.sorted().joined(separator: ",")
    }

    /// A view that logs, at each of its touch methods, its name, the method and the phases of
    /// `event.allTouches`.
    final class EventView: UIView {
        let log: Log
        let name: String
        init(frame: CGRect, name: String, log: Log) {
            self.log = log
            self.name = name
            super.init(frame: frame)
        }
        required init?(coder: NSCoder) { return nil }
        private func note(_ method: String, _ event: UIEvent?) {
            log.lines.append("\(name) \(method) \(DeviceFidelityTests.phases(event?.allTouches))")
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", event) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("cancelled", event) }
    }

    /// Two views side by side, `left` (0, 0, 200, 400) and `right` (200, 0, 200, 400), the
    /// right one with a pan; finger 1 on the left, finger 2 on the right.
    @Test func aViewsEventHoldsEveryFingerDownInTheWindow() throws {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("pair") {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            root.addSubview(EventView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), name: "left", log: log))
            let right = EventView(frame: CGRect(x: 200, y: 0, width: 200, height: 400), name: "right", log: log)
            right.addGestureRecognizer(UIPanGestureRecognizer(target: nil, action: nil))
            root.addSubview(right)
            return root
        })
        let scene = try parseScene(#"{"screen": "pair"}"#, version: 2, registry: registry)
        let trace = try parseTrace(traceJSON([
            (0.00, [(1, "began", 50, 50), (2, "began", 250, 50)]),
            (0.05, [(2, "moved", 280, 50)]),
            (0.10, [(1, "moved", 60, 50)]),
            (0.15, [(1, "ended", 60, 50)]),
            (0.20, [(2, "ended", 280, 50)]),
        ], version: 2))
        _ = replay(trace, scene)
        // UIKit's `allTouches` is every touch of the event in the window, those that did not
        // change in it `stationary`. At 0: both fingers began, and each view's event holds both
        // (the left one's too, though the right view's touch is handed over after it). At 0.05
        // finger 2 has moved 30 points, past the pan's 10: the pan begins and the right view's
        // touch is cancelled (`cancelled` for that call), finger 1 resting. At 0.1 finger 1
        // moves: finger 2, still down though no view gets it any more, rests in the left view's
        // event. At 0.15 finger 1 lifts, finger 2 still rests.
        #expect(log.lines == [
            "left began began,began", "right began began,began",
            "right cancelled cancelled,stationary",
            "left moved moved,stationary",
            "left ended ended,stationary",
        ])
    }
}

extension DeviceFidelityTests {
    /// A delegate that notes, in `scrollViewDidZoom(_:)`, the zoom and the offset it reads.
    final class ZoomReader: UIScrollViewDelegate {
        let image = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        var heard: [String] = []
        func viewForZooming(in scrollView: UIScrollView) -> UIView? { image }
        func scrollViewDidZoom(_ scrollView: UIScrollView) {
            heard.append("zoom \(scrollView.zoomScale) \(scrollView.contentOffset.x),\(scrollView.contentOffset.y)")
        }
    }

    /// UIScrollViewDelegate: `scrollViewDidZoom(_:)` tells that the zoom changed; a delegate
    /// that places its content from `contentOffset` there (centring an image) must find the
    /// offset the zoom brought, as on a device, not the one before.
    @Test func scrollViewDidZoomReadsTheZoomsOffset() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let reader = ZoomReader()
        scroll.addSubview(reader.image)
        scroll.contentSize = reader.image.frame.size
        scroll.minimumZoomScale = 1
        scroll.maximumZoomScale = 4
        scroll.delegate = reader
        // To 2 about the bounds' middle (100, 100): it becomes (200, 200), less (100, 100):
        // offset (100, 100), within the largest (400 − 200, 400 − 200) = (200, 200).
        scroll.setZoomScale(2, animated: false)
        // A 50 × 50 rect at (50, 50): 200 / 50 = 4, the limit. Its middle (75, 75) at 4 is
        // (300, 300), less (100, 100): (200, 200), within (800 − 200, 800 − 200).
        scroll.zoom(to: CGRect(x: 50, y: 50, width: 50, height: 50), animated: true)
        // The same zoom again: no change, nothing heard.
        scroll.setZoomScale(4, animated: false)
        #expect(reader.heard == ["zoom 2.0 100.0,100.0", "zoom 4.0 200.0,200.0"], "\(reader.heard)")
    }
}

extension DeviceFidelityTests {
    /// Ignores, after `super` has had them, the touches that begin in the lower half of a view
    /// 600 points tall (y over 300): a recognizer that keeps to the fingers of one area.
    static func ignoreLowerHalf(_ recognizer: UIGestureRecognizer, _ touches: Set<UITouch>, _ event: UIEvent) {
        for touch in touches where touch.location(in: recognizer.view).y > 300 { recognizer.ignore(touch, for: event) }
    }

    final class UpperTap: UITapGestureRecognizer {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesBegan(touches, with: event)
            DeviceFidelityTests.ignoreLowerHalf(self, touches, event)
        }
    }
    final class UpperPress: UILongPressGestureRecognizer {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesBegan(touches, with: event)
            DeviceFidelityTests.ignoreLowerHalf(self, touches, event)
        }
    }
    final class UpperSwipe: UISwipeGestureRecognizer {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesBegan(touches, with: event)
            DeviceFidelityTests.ignoreLowerHalf(self, touches, event)
        }
    }
    final class UpperPinch: UIPinchGestureRecognizer {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesBegan(touches, with: event)
            DeviceFidelityTests.ignoreLowerHalf(self, touches, event)
        }
    }
    final class UpperRotation: UIRotationGestureRecognizer {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesBegan(touches, with: event)
            DeviceFidelityTests.ignoreLowerHalf(self, touches, event)
        }
    }

    /// The state changes of the one recognizer `make` makes on a view 400 × 600 at the screen's
    /// origin, replaying `events`.
    func states(_ events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])],
                _ make: @escaping @Sendable () -> UIGestureRecognizer) throws -> [Transition] {
        let scene = Scene(views: [SceneView(name: "pad", frame: Rect(x: 0, y: 0, width: 400, height: 600), recognizers: [
            ("upper", UIKitRecognizer(make)),
        ])], origin: "test")
        return transitions(replay(try parseTrace(traceJSON(events, version: 2)), scene), source: 0)
    }

    /// Apple (`ignore(_:for:)`): an ignored touch is not part of the gesture and its later
    /// changes are not delivered. Each recognizer below ignores finger 1, which begins in the
    /// lower half, after `super` has had it; the gesture is then the other fingers'.
    @Test func anIgnoredTouchLeavesAStandardClasssRecognition() throws {
        // Tap (one finger): finger 1 down at 0 in the lower half, finger 2 down at 0.05 and up at
        // 0.1 in place, finger 1 up at 0.15. The tap forgot finger 1, so finger 2 is its one
        // finger: recognized at its lift, 0.1 — not failed at 0.05 for two fingers down.
        #expect(try states([
            (0.00, [(1, "began", 100, 400)]), (0.05, [(2, "began", 100, 100)]),
            (0.10, [(2, "ended", 100, 100)]), (0.15, [(1, "ended", 100, 400)]),
        ]) { UpperTap(target: nil, action: nil) } == [Transition(t: 0.1, from: "possible", to: "recognized")])
        // Long press (one finger, 0.5 s): finger 1 down at 0 (lower), finger 2 at 0.1 rests.
        // Its one finger is down from 0.1: began at 0.1 + 0.5 = 0.6, not failed at 0.1 for two
        // fingers; finger 1 moving 100 points at 0.3 is not the press's. Finger 2 lifts at 0.8:
        // ended.
        #expect(try states([
            (0.00, [(1, "began", 100, 400)]), (0.10, [(2, "began", 100, 100)]), (0.30, [(1, "moved", 200, 400)]),
            (0.80, [(2, "ended", 100, 100)]), (0.90, [(1, "ended", 200, 400)]),
        ]) { UpperPress(target: nil, action: nil) } == [
            Transition(t: 0.6, from: "possible", to: "began"), Transition(t: 0.8, from: "began", to: "ended"),
        ])
        // Swipe (right, one finger, 50 points): finger 1 down at 0 (lower) and moving down 100
        // at 0.05, finger 2 down at 0.01 at (100, 100) and at (160, 100) at 0.1: 60 points
        // straight right, recognized at 0.1 (measured from finger 2's start, not failed for two
        // fingers at 0.01).
        #expect(try states([
            (0.00, [(1, "began", 100, 400)]), (0.01, [(2, "began", 100, 100)]), (0.05, [(1, "moved", 100, 500)]),
            (0.10, [(2, "moved", 160, 100)]), (0.20, [(1, "ended", 100, 500), (2, "ended", 160, 100)]),
        ]) { UpperSwipe(target: nil, action: nil) } == [Transition(t: 0.1, from: "possible", to: "recognized")])
        // Pinch and rotation: fingers 2 and 3 down at 0 in the upper half, 100 apart; finger 1
        // down at 0.01 in the lower half (ignored). At 0.02 the pair spreads to 140 (the pinch:
        // 40 points ≥ 8, began) or finger 3 goes 50 down (the rotation: atan(50/100) ≈ 0.46 rad
        // ≥ 0.0873, began). Finger 2 lifts at 0.03: no other finger of the gesture is down to
        // take its place (finger 1 is not the gesture's). Finger 3 lifts at 0.05: the last of
        // its fingers, ended — not left `began`, waiting for finger 1's lift, which it is never given.
        let pinched = try states([
            (0.00, [(2, "began", 100, 100), (3, "began", 200, 100)]), (0.01, [(1, "began", 150, 400)]),
            (0.02, [(2, "moved", 80, 100), (3, "moved", 220, 100)]), (0.03, [(2, "ended", 80, 100)]),
            (0.05, [(3, "ended", 220, 100)]), (0.06, [(1, "ended", 150, 400)]),
        ]) { UpperPinch(target: nil, action: nil) }
        #expect(pinched == [Transition(t: 0.02, from: "possible", to: "began"), Transition(t: 0.05, from: "began", to: "ended")])
        let turned = try states([
            (0.00, [(2, "began", 100, 100), (3, "began", 200, 100)]), (0.01, [(1, "began", 150, 400)]),
            (0.02, [(3, "moved", 200, 150)]), (0.03, [(2, "ended", 100, 100)]),
            (0.05, [(3, "ended", 200, 150)]), (0.06, [(1, "ended", 150, 400)]),
        ]) { UpperRotation(target: nil, action: nil) }
        #expect(turned == [Transition(t: 0.02, from: "possible", to: "began"), Transition(t: 0.05, from: "began", to: "ended")])
        // An ignored finger of the pair: fingers 2 (upper) and 1 (lower) land together at 0; the
        // pinch forgets finger 1, so finger 3, landing at 0.01 100 points right of finger 2,
        // makes the pair with it. At 0.02 finger 3 is 140 from finger 2: 40 points ≥ 8, began,
        // with a scale of 140 / 100 = 1.4 — not a pair with finger 1, whose moves the pinch is
        // never given. Finger 3 lifts at 0.03, finger 2 at 0.04: ended.
        let scene = Scene(views: [SceneView(name: "pad", frame: Rect(x: 0, y: 0, width: 400, height: 600), recognizers: [
            ("upper", UIKitRecognizer { UpperPinch(target: nil, action: nil) }),
        ])], origin: "test")
        let records = replay(try parseTrace(traceJSON([
            (0.00, [(2, "began", 100, 100), (1, "began", 100, 400)]), (0.01, [(3, "began", 200, 100)]),
            (0.02, [(3, "moved", 240, 100), (1, "moved", 100, 500)]), (0.03, [(3, "ended", 240, 100)]),
            (0.04, [(2, "ended", 100, 100)]), (0.05, [(1, "ended", 100, 500)]),
        ], version: 2)), scene)
        #expect(transitions(records, source: 0) == [
            Transition(t: 0.02, from: "possible", to: "began"), Transition(t: 0.04, from: "began", to: "ended"),
        ])
        let scales = records.compactMap { record -> Double? in
            if case .number(let x)? = record["scale"] { return x }
            return nil
        }
        #expect(scales == [1.4, 1.4])
    }
}

extension DeviceFidelityTests {
    /// A layer animation's delegate that logs, at the trace's time (whole milliseconds), what
    /// it hears.
    final class Listener: CAAnimationDelegate {
        let log: LateRecognizerTests.Log
        let name: String
        init(_ name: String, log: LateRecognizerTests.Log) {
            self.name = name
            self.log = log
        }
        func animationDidStart(_ anim: CAAnimation) { log.lines.append("\(DeviceFidelityTests.now()) start \(name)") }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            log.lines.append("\(DeviceFidelityTests.now()) stop \(name) \(flag)")
        }
    }

    /// The trace's time now, in whole milliseconds.
    static func now() -> Double { (CACurrentMediaTime() * 1000).rounded() / 1000 }

    /// A tap at 0.1 s (down at 0.05) starts, in a transaction with a completion block, a fade of
    /// 0.4 s and a pulse of 0.25 s that autoreverses; then, outside it, a spin that repeats for
    /// ever and a `UIView` animation with `.repeat`. A second tap at 1.5 s removes the spin.
    @Test func coreAnimationCompletionsRunWhenTheAnimationsEnd() throws {
        let events: LateRecognizerTests.Events = [
            (0.05, [(1, "began", 100, 100)]), (0.1, [(1, "ended", 100, 100)]),
            (1.45, [(2, "began", 100, 100)]), (1.5, [(2, "ended", 100, 100)]),
        ]
        let (_, log) = try LateRecognizerTests().run(events) { log in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let layer = root.layer
            let tap = UITapGestureRecognizer()
            var taps = 0
            tap.addTarget { _ in
                taps += 1
                guard taps == 1 else {
                    layer.removeAnimation(forKey: "spin")
                    log.lines.append("\(DeviceFidelityTests.now()) keys \(layer.animationKeys() ?? [])")
                    return
                }
                CATransaction.begin()
                CATransaction.setCompletionBlock { log.lines.append("\(DeviceFidelityTests.now()) transaction done") }
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.duration = 0.4
                fade.delegate = Listener("fade", log: log)
                layer.add(fade, forKey: "fade")
                let pulse = CABasicAnimation(keyPath: "transform.scale")
                pulse.duration = 0.25
                pulse.autoreverses = true
                pulse.delegate = Listener("pulse", log: log)
                layer.add(pulse, forKey: "pulse")
                CATransaction.commit()
                let spin = CABasicAnimation(keyPath: "transform.rotation")
                spin.duration = 1
                spin.repeatCount = .infinity
                spin.delegate = Listener("spin", log: log)
                layer.add(spin, forKey: "spin")
                UIView.animate(withDuration: 0.2, delay: 0, options: [.repeat], animations: {}) { finished in
                    log.lines.append("\(DeviceFidelityTests.now()) repeat completion \(finished)")
                }
                log.lines.append("\(DeviceFidelityTests.now()) keys \(layer.animationKeys() ?? [])")
            }
            root.addGestureRecognizer(tap)
            return root
        }
        // Core Animation: each starts at once and stops when it ends — the fade at 0.1 + 0.4 =
        // 0.5, the pulse at 0.1 + 2 × 0.25 = 0.6 (there and back) — and the layer holds each
        // under its key while it runs. CATransaction's completion block is "called … as soon as
        // all animations subsequently added by this transaction group have completed": after
        // the pulse, at 0.6. The spin repeats for ever (repeatCount infinite): it stops only
        // when removed, at 1.5, not finished. The `.repeat` UIView animation never completes.
        #expect(log == [
            "0.1 start fade", "0.1 start pulse", "0.1 start spin", "0.1 keys [\"fade\", \"pulse\", \"spin\"]",
            "0.5 stop fade true", "0.6 stop pulse true", "0.6 transaction done",
            "1.5 stop spin false", "1.5 keys []",
        ], "\(log)")
    }
}
