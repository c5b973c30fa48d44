// Touches given to the views of a screen built in code, as UIKit's window gives them: the hit
// view's touchesBegan/Moved/Ended/Cancelled after the recognizers, UIResponder's default passing
// them to `next`, and what cancelsTouchesInView, delaysTouchesBegan and delaysTouchesEnded do.
// Each test derives the calls from the trace's times and points and from UIKit's documentation.
import Testing
import TouchTrace
@testable import TouchTraceUIKit

@Suite struct ViewTouchesTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// A drawing view: it keeps the points of its touch, in its own coordinates, and logs each
    /// call with the event's time.
    final class DrawingView: UIView {
        let log: Log
        var points: [CGPoint] = []

        init(frame: CGRect, log: Log) {
            self.log = log
            super.init(frame: frame)
        }

        required init?(coder: NSCoder) { return nil }

        private func note(_ what: String, _ touches: Set<UITouch>, _ event: UIEvent?) {
            let p = touches.first!.location(in: self)
            points.append(p)
            // The time in whole milliseconds (0.1 + 0.35 is 0.44999… in binary).
            log.lines.append("\((event!.timestamp * 1000).rounded() / 1000) \(what) \(p.x),\(p.y)")
        }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches, event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", touches, event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches, event) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("cancelled", touches, event) }
    }

    /// A screen whose controller logs the touches that reach it, with a plain view `box`
    /// (100, 100, 100, 100) that does not override the touch methods.
    final class ForwardingViewController: UIViewController {
        let log: Log
        let box = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))

        init(log: Log) {
            self.log = log
            super.init()
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(box)
        }

        private func note(_ what: String, _ touches: Set<UITouch>) {
            let touch = touches.first!
            let p = touch.location(in: view)
            log.lines.append("controller \(what) \(p.x),\(p.y) on box: \(touch.view === box)")
        }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches) }
    }

    /// Replays `events` through the screen of a root view with one drawing view at
    /// (0, 100, 390, 400) — so a point's y in the view is 100 less than on the screen — with
    /// the recognizer `recognizer` makes, if any, added to the drawing view; returns the
    /// drawing view's log.
    func drawing(_ events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])],
                 recognizer: (@Sendable () -> UIGestureRecognizer)? = nil) throws -> [String] {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("drawing") {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let canvas = DrawingView(frame: CGRect(x: 0, y: 100, width: 390, height: 400), log: log)
            root.addSubview(canvas)
            if let recognizer { canvas.addGestureRecognizer(recognizer()) }
            return root
        })
        let scene = try parseScene(#"{"screen": "drawing"}"#, version: 2, registry: registry)
        _ = replay(try parseTrace(traceJSON(events, version: 2)), scene)
        return log.lines
    }

    /// No recognizer: the drawing view gets every call, at the event's time, with the point
    /// less (0, 100).
    @Test func aDrawingViewCollectsThePointsOfItsTouch() throws {
        let lines = try drawing([
            (0, [(1, "began", 50, 150)]),
            (0.1, [(1, "moved", 60, 160)]),
            (0.2, [(1, "moved", 70, 175)]),
            (0.3, [(1, "ended", 70, 175)]),
        ])
        #expect(lines == ["0.0 began 50.0,50.0", "0.1 moved 60.0,60.0", "0.2 moved 70.0,75.0", "0.3 ended 70.0,75.0"])
    }

    /// The box does not override the touch methods: UIResponder's default passes each call to
    /// `next` — the box's superview, the controller's view — whose `next` is the controller
    /// (it is its view). The touch is at (150, 150) in the controller's view, and its `view`
    /// is the box, the view it hit.
    @Test func aViewControllerGetsTouchesForwardedFromItsView() throws {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("forwarding") { ForwardingViewController(log: log) })
        let scene = try parseScene(#"{"screen": "forwarding"}"#, version: 2, registry: registry)
        let trace = try parseTrace(traceJSON([
            (0, [(1, "began", 150, 150)]), (0.1, [(1, "moved", 160, 150)]), (0.2, [(1, "ended", 160, 150)]),
        ], version: 2))
        _ = replay(trace, scene)
        #expect(log.lines == [
            "controller began 150.0,150.0 on box: true", "controller moved 160.0,150.0 on box: true",
            "controller ended 160.0,150.0 on box: true",
        ])
        // The chain as UIKit has it: box → the controller's view → the controller → the window.
        let controller = ForwardingViewController(log: Log())
        controller.loadViewIfNeeded()
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.addSubview(controller.view)
        #expect(controller.box.next === controller.view)
        #expect(controller.view.next === controller)
        #expect(controller.next === window)
        #expect(window.next == nil)
    }

    /// The pan begins once the touch has moved 10 points (`panMinimumDistance`): at 0.05 s it
    /// has moved 4, at 0.1 s 30. The view has had began and the first move; at 0.1 s the pan
    /// sees the move first and begins, so the view gets touchesCancelled (at the touch's point
    /// then, (130, 100) in the view) instead of that move, and nothing after.
    @Test func aPanThatBeginsCancelsTheViewsTouches() throws {
        let events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] = [
            (0, [(1, "began", 100, 200)]),
            (0.05, [(1, "moved", 104, 200)]),
            (0.1, [(1, "moved", 130, 200)]),
            (0.15, [(1, "moved", 160, 200)]),
            (0.2, [(1, "ended", 160, 200)]),
        ]
        #expect(try drawing(events) { UIPanGestureRecognizer(target: nil, action: nil) } == [
            "0.0 began 100.0,100.0", "0.05 moved 104.0,100.0", "0.1 cancelled 130.0,100.0",
        ])
        // cancelsTouchesInView false: the view gets every call. The pan has begun when the touch
        // lifts, so delaysTouchesEnded holds nothing: touchesEnded at 0.2 s.
        #expect(try drawing(events) {
            let pan = UIPanGestureRecognizer(target: nil, action: nil)
            pan.cancelsTouchesInView = false
            return pan
        } == [
            "0.0 began 100.0,100.0", "0.05 moved 104.0,100.0", "0.1 moved 130.0,100.0", "0.15 moved 160.0,100.0",
            "0.2 ended 160.0,100.0",
        ])
    }

    /// delaysTouchesBegan: the touch's beginning at 0 s is held while the tap has not decided.
    /// At 0.1 s the touch is 60 points from where it began, past the tap's 45
    /// (`tapAllowableMovement`): the tap fails on that move, so the view gets the held
    /// touchesBegan, then touchesMoved with where the touch is now, (160, 100) in the view —
    /// both at 0.1 s, the touch's point then. The tap has failed when the touch lifts, so its
    /// delaysTouchesEnded holds nothing: touchesEnded at 0.2 s.
    @Test func delaysTouchesBeganHoldsTheBeginningUntilTheTapFails() throws {
        let tapThatFails: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] = [
            (0, [(1, "began", 100, 200)]),
            (0.1, [(1, "moved", 160, 200)]),
            (0.2, [(1, "ended", 160, 200)]),
        ]
        let delaying: @Sendable () -> UIGestureRecognizer = {
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.delaysTouchesBegan = true
            return tap
        }
        #expect(try drawing(tapThatFails, recognizer: delaying) == [
            "0.1 began 160.0,100.0", "0.1 moved 160.0,100.0", "0.2 ended 160.0,100.0",
        ])
        // A tap that is recognized (down and up at one point within 0.75 s): the held beginning
        // is dropped, and the view gets no call at all.
        let tapThatRecognizes: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] = [
            (0, [(1, "began", 100, 200)]), (0.1, [(1, "ended", 100, 200)]),
        ]
        #expect(try drawing(tapThatRecognizes, recognizer: delaying) == [])
        // Without delaysTouchesBegan the view gets touchesBegan at once; the tap is undecided when
        // the touch lifts, so delaysTouchesEnded (true) holds the end, and the tap recognizing
        // turns it into touchesCancelled.
        #expect(try drawing(tapThatRecognizes) { UITapGestureRecognizer(target: nil, action: nil) } == [
            "0.0 began 100.0,100.0", "0.1 cancelled 100.0,100.0",
        ])
    }

    /// A double tap: after the first lift at 0.1 s the recognizer waits for a second tap, so
    /// delaysTouchesEnded holds the view's touchesEnded. No second tap comes: the recognizer
    /// fails at its deadline, 0.35 s after the lift (`tapMaximumIntervalBetweenSuccessiveTaps`),
    /// and the view gets touchesEnded then, at 0.45 s.
    @Test func delaysTouchesEndedHoldsTheEndUntilADoubleTapFails() throws {
        let lines = try drawing([(0, [(1, "began", 100, 200)]), (0.1, [(1, "ended", 100, 200)])]) {
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.numberOfTapsRequired = 2
            return tap
        }
        #expect(lines == ["0.0 began 100.0,100.0", "0.45 ended 100.0,100.0"])
    }
}

/// A UIControl that a touch hit-tests to tracks it as UIKit's does: its tracking methods and the
/// actions of its touch events. The button's frame is (100, 100, 100, 50): on the screen it
/// holds 100 ≤ x < 200, 100 ≤ y < 150.
@Suite struct ControlTrackingTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// A slider written with the tracking methods, as custom controls are: its value is where
    /// the touch is across its width, 0 to 1, sent as `.valueChanged`.
    final class TrackSlider: UIControl {
        let log: Log
        var value: CGFloat = 0

        init(frame: CGRect, log: Log) {
            self.log = log
            super.init(frame: frame)
        }

        required init?(coder: NSCoder) { return nil }

        private func take(_ touch: UITouch) {
            value = min(max(touch.location(in: self).x / bounds.width, 0), 1)
            sendActions(for: .valueChanged)
        }

        override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            log.lines.append("beginTracking")
            take(touch)
            return true
        }

        override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            take(touch)
            return true
        }

        override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
            log.lines.append("endTracking")
        }
    }

    /// The events' actions of a button (or, with `slider`, a `TrackSlider`) at (100, 100, 100,
    /// 50) on a root view, in the order they ran, each with `isHighlighted` then; a pan on the
    /// root when `pan` is set.
    func actions(_ events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])],
                 slider: Bool = false, pan: Bool = false, tapOn: String? = nil) throws -> [String] {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("control") {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let frame = CGRect(x: 100, y: 100, width: 100, height: 50)
            let control: UIControl = slider ? TrackSlider(frame: frame, log: log) : UIButton(frame: frame)
            root.addSubview(control)
            let named: [(String, UIControl.Event)] = [
                ("touchDown", .touchDown), ("touchDownRepeat", .touchDownRepeat), ("touchDragInside", .touchDragInside),
                ("touchDragOutside", .touchDragOutside), ("touchDragEnter", .touchDragEnter), ("touchDragExit", .touchDragExit),
                ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside), ("touchCancel", .touchCancel),
                ("primaryActionTriggered", .primaryActionTriggered), ("valueChanged", .valueChanged),
            ]
            for (name, event) in named {
                control.addTarget(for: event) { c in
                    let value = (c as? TrackSlider).map { " value=\($0.value)" } ?? ""
                    log.lines.append("\(name) highlighted=\(c.isHighlighted)\(value)")
                }
            }
            if pan { root.addGestureRecognizer(UIPanGestureRecognizer(target: nil, action: nil)) }
            if let tapOn {
                let tap = UITapGestureRecognizer(target: nil, action: nil)
                tap.addTarget { _ in log.lines.append("tap on the \(tapOn) recognized") }
                (tapOn == "root" ? root : control).addGestureRecognizer(tap)
            }
            return root
        })
        let scene = try parseScene(#"{"screen": "control"}"#, version: 2, registry: registry)
        _ = replay(try parseTrace(traceJSON(events, version: 2)), scene)
        return log.lines
    }

    /// Down and up at (150, 125), inside: touchDown (highlighted from the touch's beginning),
    /// then at the lift touchUpInside with the button's primary action, still highlighted while
    /// they run (UIKit's UIControl unhighlights after the lift's actions).
    @Test func aTapOnAButtonSendsTouchDownThenTouchUpInside() throws {
        #expect(try actions([(0, [(1, "began", 150, 125)]), (0.1, [(1, "ended", 150, 125)])]) == [
            "touchDown highlighted=true", "touchUpInside highlighted=true", "primaryActionTriggered highlighted=true",
        ])
    }

    /// Down at (150, 125); a move to (160, 125) stays inside: touchDragInside. A move to
    /// (280, 125) is at x = 180 in the button, past its width 100 and the 70 points beyond it
    /// that a tracked touch keeps (170): touchDragExit then touchDragOutside (UIKit's order),
    /// no longer highlighted. Lifted there: touchUpOutside.
    @Test func aDragOutOfAButtonSendsDragExitThenTouchUpOutside() throws {
        #expect(try actions([
            (0, [(1, "began", 150, 125)]), (0.1, [(1, "moved", 160, 125)]), (0.2, [(1, "moved", 280, 125)]),
            (0.3, [(1, "ended", 280, 125)]),
        ]) == [
            "touchDown highlighted=true", "touchDragInside highlighted=true", "touchDragExit highlighted=false",
            "touchDragOutside highlighted=false", "touchUpOutside highlighted=false",
        ])
    }

    /// The pan on the root sees the button's touch first. At 0.1 s the touch has moved 30
    /// points, past the pan's 10: the pan begins and cancels the touch in the views
    /// (cancelsTouchesInView), so the button gets touchesCancelled: touchCancel, and no
    /// touchUpInside at the lift.
    @Test func aPanThatBeginsCancelsTheButtonsTouch() throws {
        #expect(try actions([
            (0, [(1, "began", 110, 125)]), (0.1, [(1, "moved", 140, 125)]), (0.2, [(1, "ended", 140, 125)]),
        ], pan: true) == ["touchDown highlighted=true", "touchCancel highlighted=false"])
    }

    /// A slider written with the tracking methods: beginTracking at x = 125 (25 in the slider,
    /// a quarter of its width: 0.25), then continueTracking at 175 (0.75) and 290 (past its
    /// right edge: 1; x 190 in the slider, past 100 + 70, outside the tracking area), each
    /// sending valueChanged from its own code. beginTracking runs before the control is
    /// highlighted; continueTracking, as UIKit's, before `isTouchInside` and `isHighlighted`
    /// follow the move (so at 290 it still sees the control highlighted). endTracking at the
    /// lift, outside.
    @Test func aCustomSliderTracksItsTouch() throws {
        #expect(try actions([
            (0, [(1, "began", 125, 125)]), (0.1, [(1, "moved", 175, 125)]), (0.2, [(1, "moved", 290, 125)]),
            (0.3, [(1, "ended", 290, 125)]),
        ], slider: true) == [
            "beginTracking", "valueChanged highlighted=false value=0.25", "touchDown highlighted=true value=0.25",
            "valueChanged highlighted=true value=0.75", "touchDragInside highlighted=true value=0.75",
            "valueChanged highlighted=true value=1.0", "touchDragExit highlighted=false value=1.0",
            "touchDragOutside highlighted=false value=1.0", "endTracking",
            "touchUpOutside highlighted=false value=1.0",
        ])
    }
}

extension ControlTrackingTests {
    /// Apple's "Attaching gesture recognizers to UIKit controls": a one-finger single tap on a
    /// button is the button's, not a tap recognizer's of a view it is inside. With a tap on
    /// the root, a tap at (150, 125), on the button, runs the button's actions and the root's
    /// tap never sees the touch; a tap at (300, 300), beside the button, is the root's.
    @Test func aButtonTakesItsTapFromARecognizerOfTheViewItIsIn() throws {
        let onButton: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] = [
            (0, [(1, "began", 150, 125)]), (0.1, [(1, "ended", 150, 125)]),
        ]
        #expect(try actions(onButton, tapOn: "root") == [
            "touchDown highlighted=true", "touchUpInside highlighted=true", "primaryActionTriggered highlighted=true",
        ])
        #expect(try actions([(0, [(1, "began", 300, 300)]), (0.1, [(1, "ended", 300, 300)])], tapOn: "root") == [
            "tap on the root recognized",
        ])
        // A tap recognizer on the button itself gets the touch first, as any recognizer of the
        // hit view: it recognizes at the lift, so the lift held by delaysTouchesEnded becomes
        // touchesCancelled (touchCancel); its action runs after the event.
        #expect(try actions(onButton, tapOn: "button") == [
            "touchDown highlighted=true", "touchCancel highlighted=false", "tap on the button recognized",
        ])
    }
}
