// UIKit's standard controls driven by a replay's touches: a UISlider dragged by its thumb, a
// UISwitch tapped, a UIStepper pressed and held, a UISegmentedControl tapped. Each test derives the values and actions by
// hand from touchtrace's fixed geometry (MoreViews.swift: a 28-point thumb on a track the
// bounds' width, a stepper's halves) and the trace's points and times. Last, the time and the
// timeline a view's own touch code (a control's included) runs on.
import Testing
import TouchTrace
@testable import TouchTraceUIKit

@Suite struct StandardControlTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// The control a replay made, kept to read its value after the replay.
    final class Held: @unchecked Sendable { var control: UIControl? }

    /// A slider whose subclass overrides the tracking methods and calls `super`, as app code
    /// does: it logs each call and must still move.
    final class LoggedSlider: UISlider {
        var log: Log?
        override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            let tracks = super.beginTracking(touch, with: event)
            log?.lines.append("beginTracking \(tracks)")
            return tracks
        }
        override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            log?.lines.append("continueTracking")
            return super.continueTracking(touch, with: event)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            super.touchesBegan(touches, with: event)
            log?.lines.append("highlighted \(isHighlighted)")
        }
    }

    typealias Events = [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])]

    /// Replays `events` through a screen of a 390 × 844 root with the control `make` makes
    /// (its frame set by `make`) as its only subview; returns the actions that ran, in order,
    /// each as "NAME VALUE" (with the trace's time first when `timed`), the value read by
    /// `value` when the action ran; with `rootTap`, a one-tap recognizer on the root logs too.
    func actions(_ events: Events, timed: Bool = false, held: Held = Held(), rootTap: Bool = false,
                 make: @escaping @Sendable (Log) -> UIControl, value: @escaping @Sendable (UIControl) -> String) throws -> [String] {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("controls") {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let control = make(log)
            held.control = control
            root.addSubview(control)
            let named: [(String, UIControl.Event)] = [
                ("touchDown", .touchDown), ("touchDownRepeat", .touchDownRepeat), ("touchDragInside", .touchDragInside),
                ("touchDragOutside", .touchDragOutside), ("touchDragEnter", .touchDragEnter), ("touchDragExit", .touchDragExit),
                ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside), ("touchCancel", .touchCancel),
                ("valueChanged", .valueChanged), ("primaryActionTriggered", .primaryActionTriggered),
            ]
            for (name, event) in named {
                control.addTarget(for: event) { c in
                    // The time in whole milliseconds (sums of 0.1 s are not exact in binary).
                    let time = timed ? "\((CACurrentMediaTime() * 1000).rounded() / 1000) " : ""
                    log.lines.append("\(time)\(name) \(value(c))")
                }
            }
            if rootTap {
                let tap = UITapGestureRecognizer(target: nil, action: nil)
                tap.addTarget { _ in log.lines.append("tap on the root recognized") }
                root.addGestureRecognizer(tap)
            }
            return root
        })
        let scene = try parseScene(#"{"screen": "controls"}"#, version: 2, registry: registry)
        _ = replay(try parseTrace(traceJSON(events, version: 2)), scene)
        return log.lines
    }

    // MARK: UISlider

    /// A slider at (100, 100, 228, 31), range `range`, at `start`. Its geometry, in its own
    /// points: the track is x 0…228, y 13.5…17.5 (4 high about the middle line y = 15.5); the
    /// thumb, 28 × 28, travels 228 − 28 = 200 points: at fraction f of the range its rect is
    /// x 200f…200f + 28, y 1.5…29.5, its centre x 200f + 14.
    func slider(range: ClosedRange<Float> = 0...1, start: Float, continuous: Bool = true) -> @Sendable (Log) -> UIControl {
        { log in
            let slider = LoggedSlider(frame: CGRect(x: 100, y: 100, width: 228, height: 31))
            slider.log = log
            slider.minimumValue = range.lowerBound
            slider.maximumValue = range.upperBound
            slider.value = start
            slider.isContinuous = continuous
            return slider
        }
    }

    static let sliderValue: @Sendable (UIControl) -> String = { "\(($0 as! UISlider).value)" }

    /// The drag both slider tests replay. At 0.5 the thumb is x 100…128 (screen 200…228), centre
    /// 114: the touch begins at screen (220, 115), the slider's (120, 15), on the thumb, 6
    /// right of its centre. Each move puts the centre at the finger's x − 6:
    /// While tracked, "inside" is the slider's bounds grown by 70 points (UIControl's tracking
    /// area): x −70…298, y −70…101 in the slider.
    /// - 0.1 s, x 270 (slider 170): centre 164, fraction (164 − 14) / 200 = 0.75; inside.
    /// - 0.2 s, x 400 (slider 300): centre 294, (294 − 14) / 200 = 1.4, kept at 1; 300 is past
    ///   298: outside, so drag exit (sent before the drag outside, as UIKit sends them).
    /// - 0.3 s, x 420: still past the end, 1: no change; outside.
    /// - 0.4 s, (170, 160) (slider (70, 60), 29 points below the slider, within 70): centre 64,
    ///   (64 − 14) / 200 = 0.25; inside again, so drag enter.
    /// - 0.5 s, lifted there: the same place, no change; inside: touchUpInside.
    static let drag: Events = [
        (0, [(1, "began", 220, 115)]), (0.1, [(1, "moved", 270, 115)]), (0.2, [(1, "moved", 400, 115)]),
        (0.3, [(1, "moved", 420, 115)]), (0.4, [(1, "moved", 170, 160)]), (0.5, [(1, "ended", 170, 160)]),
    ]

    /// The drag above on a 0…1 slider at 0.5: each change of value sends valueChanged and
    /// primaryActionTriggered (in the order the actions were added) from continueTracking,
    /// before the move's drag actions; a move that changes nothing sends no value actions.
    /// The subclass's overrides run and, calling super, keep the slider's behaviour.
    @Test func aSliderDraggedFromItsThumbFollowsTheFinger() throws {
        let held = Held()
        #expect(try actions(Self.drag, held: held, make: slider(start: 0.5), value: Self.sliderValue) == [
            "beginTracking true", "touchDown 0.5", "highlighted true",
            "continueTracking", "valueChanged 0.75", "primaryActionTriggered 0.75", "touchDragInside 0.75",
            "continueTracking", "valueChanged 1.0", "primaryActionTriggered 1.0", "touchDragExit 1.0", "touchDragOutside 1.0",
            "continueTracking", "touchDragOutside 1.0",
            "continueTracking", "valueChanged 0.25", "primaryActionTriggered 0.25", "touchDragEnter 0.25", "touchDragInside 0.25",
            "touchUpInside 0.25",
        ])
        #expect((held.control as? UISlider)?.value == 0.25)
    }

    /// isContinuous false, range 0…10 at 5 (fraction 0.5: the same thumb as above): the value
    /// follows the drag as above, ten times the fractions — 7.5, 10, 10, 2.5 — but
    /// valueChanged (with primaryActionTriggered) runs once, at the lift, with 2.5 (endTracking
    /// runs before the lift's touchUpInside).
    @Test func aSliderThatIsNotContinuousSendsItsValueOnceAtTheLift() throws {
        let held = Held()
        #expect(try actions(Self.drag, held: held, make: slider(range: 0...10, start: 5, continuous: false), value: Self.sliderValue) == [
            "beginTracking true", "touchDown 5.0", "highlighted true",
            "continueTracking", "touchDragInside 7.5",
            "continueTracking", "touchDragExit 10.0", "touchDragOutside 10.0",
            "continueTracking", "touchDragOutside 10.0",
            "continueTracking", "touchDragEnter 2.5", "touchDragInside 2.5",
            "valueChanged 2.5", "primaryActionTriggered 2.5", "touchUpInside 2.5",
        ])
        #expect((held.control as? UISlider)?.value == 2.5)
    }

    /// At 0.5 the thumb is the slider's x 100…128. A tap at screen (130, 115), the slider's
    /// (30, 15), is on the track left of it: beginTracking refuses it, so the slider is not
    /// highlighted (code that lets a tap recognizer set the value checks that), no action runs
    /// and the value stays 0.5 (iOS does not jump to a tapped place). A drag that begins there
    /// and crosses the thumb, to x 300 (slider 200, right of the thumb), moves nothing either.
    @Test func aTouchOnTheTrackBesideTheThumbChangesNothing() throws {
        let held = Held()
        let tap: Events = [(0, [(1, "began", 130, 115)]), (0.1, [(1, "ended", 130, 115)])]
        #expect(try actions(tap, held: held, make: slider(start: 0.5), value: Self.sliderValue) == ["beginTracking false", "highlighted false"])
        #expect((held.control as? UISlider)?.value == 0.5)
        let drag: Events = [(0, [(1, "began", 130, 115)]), (0.1, [(1, "moved", 300, 115)]), (0.2, [(1, "ended", 300, 115)])]
        #expect(try actions(drag, held: held, make: slider(start: 0.5), value: Self.sliderValue) == ["beginTracking false", "highlighted false"])
        #expect((held.control as? UISlider)?.value == 0.5)
    }

    /// Code that sets the value sends nothing; the value is kept within the range, and a new
    /// range moves a value outside it to its end. The thumb's rect follows the value: at 0.25
    /// of a 228-wide slider, x = 200 × 0.25 = 50.
    @Test func aSlidersValueSetByCodeIsClampedAndSendsNothing() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
        var sent = 0
        slider.addTarget(for: .allEvents) { _ in sent += 1 }
        slider.setValue(2, animated: true)
        #expect(slider.value == 1)
        slider.value = -1
        #expect(slider.value == 0)
        slider.value = 0.75
        slider.maximumValue = 0.5
        #expect(slider.value == 0.5)
        #expect(sent == 0)
        let track = slider.trackRect(forBounds: slider.bounds)
        #expect(track == CGRect(x: 0, y: 13.5, width: 228, height: 4))
        slider.maximumValue = 1
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0.25) == CGRect(x: 50, y: 1.5, width: 28, height: 28))
    }

    // MARK: UISwitch

    static let switchAt: @Sendable (Log) -> UIControl = { _ in UISwitch(frame: CGRect(x: 100, y: 100, width: 51, height: 31)) }
    static let switchValue: @Sendable (UIControl) -> String = { "\(($0 as! UISwitch).isOn)" }

    /// A switch at (100, 100, 51, 31), off. Two taps at (120, 115), inside, a second apart (so
    /// the second is a new first tap, no touchDownRepeat): each lift inside toggles it — on,
    /// then off — sending valueChanged and primaryActionTriggered from endTracking, before
    /// touchUpInside.
    @Test func aSwitchTappedTwiceTurnsOnThenOff() throws {
        let held = Held()
        let taps: Events = [
            (0, [(1, "began", 120, 115)]), (0.1, [(1, "ended", 120, 115)]),
            (1, [(2, "began", 120, 115)]), (1.1, [(2, "ended", 120, 115)]),
        ]
        #expect(try actions(taps, held: held, make: Self.switchAt, value: Self.switchValue) == [
            "touchDown false", "valueChanged true", "primaryActionTriggered true", "touchUpInside true",
            "touchDown true", "valueChanged false", "primaryActionTriggered false", "touchUpInside false",
        ])
        #expect((held.control as? UISwitch)?.isOn == false)
    }

    /// Down on the switch at (120, 115), dragged to (130, 300), the switch's (30, 200): 200 is
    /// past 31 + 70 = 101, outside the tracking area; only 10 points to the right, short of the
    /// 25 that move the thumb. Lifted there: touchUpOutside, and it stays off.
    @Test func aSwitchTouchThatEndsOutsideDoesNotToggle() throws {
        let held = Held()
        let events: Events = [(0, [(1, "began", 120, 115)]), (0.1, [(1, "moved", 130, 300)]), (0.2, [(1, "ended", 130, 300)])]
        #expect(try actions(events, held: held, make: Self.switchAt, value: Self.switchValue) == [
            "touchDown false", "touchDragExit false", "touchDragOutside false", "touchUpOutside false",
        ])
        #expect((held.control as? UISwitch)?.isOn == false)
    }

    /// Code that turns a switch on sends nothing.
    @Test func setOnSendsNothing() {
        let toggle = UISwitch(frame: CGRect(x: 0, y: 0, width: 51, height: 31))
        var sent = 0
        toggle.addTarget(for: .allEvents) { _ in sent += 1 }
        toggle.setOn(true, animated: true)
        #expect(toggle.isOn && sent == 0)
    }

    // MARK: UIStepper

    /// A stepper at (100, 100, 94, 32): its halves split at its x 47, so on the screen −
    /// is x 100…147 and + is x 147…194; set up by `setUp`.
    func stepper(_ setUp: @escaping @Sendable (UIStepper) -> Void = { _ in }) -> @Sendable (Log) -> UIControl {
        { _ in
            let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 94, height: 32))
            setUp(stepper)
            return stepper
        }
    }

    static let stepperValue: @Sendable (UIControl) -> String = { "\(($0 as! UIStepper).value)" }

    /// Taps a second apart (each a first tap, each lifted within 0.1 s, before any repeat) at
    /// `xs` (y 116).
    func taps(_ xs: [Double]) -> Events {
        xs.enumerated().flatMap { k, x -> Events in
            [(Double(k), [(k + 1, "began", x, 116)]), (Double(k) + 0.1, [(k + 1, "ended", x, 116)])]
        }
    }

    /// Defaults 0…100, step 1. The stepper is at (100, 100, 94, 32): − is x 100…147, + is
    /// 147…194. + at x 170 twice: 1, 2; − at x 120 three times: 1, 0, then at the minimum
    /// nothing changes (no valueChanged). A tap steps at the lift, as UIKit's stepper (in
    /// endTracking, before touchUpInside), so its value actions run after touchDown's.
    @Test func aStepperStepsUpAndDownAndStopsAtItsMinimum() throws {
        #expect(try actions(taps([170, 170, 120, 120, 120]), make: stepper(), value: Self.stepperValue) == [
            "touchDown 0.0", "valueChanged 1.0", "primaryActionTriggered 1.0", "touchUpInside 1.0",
            "touchDown 1.0", "valueChanged 2.0", "primaryActionTriggered 2.0", "touchUpInside 2.0",
            "touchDown 2.0", "valueChanged 1.0", "primaryActionTriggered 1.0", "touchUpInside 1.0",
            "touchDown 1.0", "valueChanged 0.0", "primaryActionTriggered 0.0", "touchUpInside 0.0",
            "touchDown 0.0", "touchUpInside 0.0",
        ])
    }

    /// Range 0…2 at 1.5, step 1. Without wraps: + goes to 2.5, past the end: it stops at 2;
    /// + again at the end changes nothing; − gives 1. With wraps, UIKit's rule: + from 1.5 to
    /// 2.5 passes the maximum, so it lands on the minimum, 0; + gives 1; − gives 0.
    @Test func aStepperClampsAtItsEndsAndWrapsOnlyWhenAsked() throws {
        let noWrap = stepper { s in
            s.maximumValue = 2
            s.value = 1.5
        }
        #expect(try actions(taps([170, 170, 120]), make: noWrap, value: Self.stepperValue).filter { $0.hasPrefix("valueChanged") } == [
            "valueChanged 2.0", "valueChanged 1.0",
        ])
        let wrapping = stepper { s in
            s.maximumValue = 2
            s.value = 1.5
            s.wraps = true
        }
        #expect(try actions(taps([170, 170, 120]), make: wrapping, value: Self.stepperValue).filter { $0.hasPrefix("valueChanged") } == [
            "valueChanged 0.0", "valueChanged 1.0", "valueChanged 0.0",
        ])
    }

    /// UIKit's repeats: the first 0.5 s after the touch down, then every 0.5 s (touchtrace keeps
    /// that interval; see UIStepper). + held from 0 s to 2.2 s: nothing at the touch down, steps
    /// at 0.5, 1, 1.5 and 2 s (1 … 4); the lift at 2.2 s does not step (a repeat has), and the
    /// repeat due at 2.5 s is stopped. Held on + again from 3 s: 5 at 3.5 s. At 3.7 s the finger
    /// slides to (170, 250), the stepper's y 150, past 32 + 70 = 102: outside (exit), on no
    /// button, so the repeat at 4 s steps nothing. At 4.2 s it comes back on − (x 120): enter;
    /// the repeat at 4.5 s steps down, 4. Lifted at 4.6 s: no step, touchUpInside.
    @Test func aHeldStepperRepeatsOnTheTracesTime() throws {
        let events: Events = [
            (0, [(1, "began", 170, 116)]), (2.2, [(1, "ended", 170, 116)]),
            (3, [(2, "began", 170, 116)]), (3.7, [(2, "moved", 170, 250)]), (4.2, [(2, "moved", 120, 116)]),
            (4.6, [(2, "ended", 120, 116)]),
        ]
        let lines = try actions(events, timed: true, make: stepper(), value: Self.stepperValue)
        #expect(lines.filter { !$0.contains("primaryActionTriggered") } == [
            "0.0 touchDown 0.0", "0.5 valueChanged 1.0", "1.0 valueChanged 2.0", "1.5 valueChanged 3.0",
            "2.0 valueChanged 4.0", "2.2 touchUpInside 4.0",
            "3.0 touchDown 4.0", "3.5 valueChanged 5.0",
            "3.7 touchDragExit 5.0", "3.7 touchDragOutside 5.0",
            "4.2 touchDragEnter 5.0", "4.2 touchDragInside 5.0", "4.5 valueChanged 4.0", "4.6 touchUpInside 4.0",
        ])
    }

    /// isContinuous false: + held from 0 s to 1.75 s steps to 3 (repeats at 0.5, 1 and 1.5 s,
    /// as above), but valueChanged runs once, at the lift (from endTracking, before
    /// touchUpInside).
    @Test func aStepperThatIsNotContinuousSendsItsValueOnceAtTheLift() throws {
        let events: Events = [(0, [(1, "began", 170, 116)]), (1.75, [(1, "ended", 170, 116)])]
        let lines = try actions(events, timed: true, make: stepper { $0.isContinuous = false }, value: Self.stepperValue)
        #expect(lines == [
            "0.0 touchDown 0.0", "1.75 valueChanged 3.0", "1.75 primaryActionTriggered 3.0", "1.75 touchUpInside 3.0",
        ])
    }

    // MARK: UISegmentedControl

    /// A segmented control of "A", "B", "C" at (100, 100, 300, 32), set up by `setUp`.
    func segmented(_ setUp: @escaping @Sendable (UISegmentedControl) -> Void = { _ in }) -> @Sendable (Log) -> UIControl {
        { _ in
            let control = UISegmentedControl(items: ["A", "B", "C"])
            control.frame = CGRect(x: 100, y: 100, width: 300, height: 32)
            setUp(control)
            return control
        }
    }

    static let segmentValue: @Sendable (UIControl) -> String = { "\(($0 as! UISegmentedControl).selectedSegmentIndex)" }

    /// Three automatic segments share the 300 points: 100 each, the control's x 0…100, 100…200,
    /// 200…300 (screen 100…200, 200…300, 300…400). Tapped at screen x 250 (the control's 150):
    /// segment 1 is chosen at the lift, valueChanged before touchUpInside. Tapped there again:
    /// already selected, nothing but the touch events. Down at x 150 (segment 0), slid to x 350
    /// (the control's 250, segment 2) and lifted: segment 2. Then down at x 350 and lifted at
    /// (350, 300), the control's y 200, past 32 + 70 = 102 (the tracking area): the lift is
    /// outside, so touchDragExit then touchUpOutside, and nothing is chosen.
    @Test func aSegmentedControlSelectsTheSegmentUnderTheLift() throws {
        let held = Held()
        let events: Events = [
            (0, [(1, "began", 250, 116)]), (0.1, [(1, "ended", 250, 116)]),
            (1, [(2, "began", 250, 116)]), (1.1, [(2, "ended", 250, 116)]),
            (2, [(3, "began", 150, 116)]), (2.1, [(3, "moved", 350, 116)]), (2.2, [(3, "ended", 350, 116)]),
            (3, [(4, "began", 350, 116)]), (3.1, [(4, "ended", 350, 300)]),
        ]
        let lines = try actions(events, held: held, make: segmented(), value: Self.segmentValue)
        #expect(lines.filter { !$0.contains("primaryActionTriggered") } == [
            "touchDown -1", "valueChanged 1", "touchUpInside 1",
            "touchDown 1", "touchUpInside 1",
            "touchDown 1", "touchDragInside 1", "valueChanged 2", "touchUpInside 2",
            "touchDown 2", "touchDragExit 2", "touchUpOutside 2",
        ])
        #expect((held.control as? UISegmentedControl)?.selectedSegmentIndex == 2)
    }

    /// Segment 0 given 50 points: the other two share 300 − 50 = 250, 125 each, so segment 1 is
    /// the control's x 50…175 (screen 150…275) and segment 2 is 175…300 (screen 275…400).
    /// Segment 2 disabled: a tap at screen 280 (the control's 180) chooses nothing; one at 270
    /// (170) chooses segment 1. Momentary: a tap at 120 (20, segment 0) sends valueChanged with
    /// index 0, and the index is back to none (-1) after.
    @Test func aSegmentedControlHonoursWidthsDisabledSegmentsAndMomentary() throws {
        let held = Held()
        let setUp: @Sendable (UISegmentedControl) -> Void = { control in
            control.setWidth(50, forSegmentAt: 0)
            control.setEnabled(false, forSegmentAt: 2)
        }
        let taps: Events = [
            (0, [(1, "began", 280, 116)]), (0.1, [(1, "ended", 280, 116)]),
            (1, [(2, "began", 270, 116)]), (1.1, [(2, "ended", 270, 116)]),
        ]
        #expect(try actions(taps, held: held, make: segmented(setUp), value: Self.segmentValue).filter { $0.hasPrefix("valueChanged") } == [
            "valueChanged 1",
        ])
        let momentary: Events = [(0, [(1, "began", 120, 116)]), (0.1, [(1, "ended", 120, 116)])]
        #expect(try actions(momentary, held: held, make: segmented { $0.isMomentary = true }, value: Self.segmentValue)
            .filter { $0.hasPrefix("valueChanged") } == ["valueChanged 0"])
        #expect((held.control as? UISegmentedControl)?.selectedSegmentIndex == UISegmentedControl.noSegment)
    }

    /// Inserting before the selected segment moves the selection with it; removing it leaves
    /// none; an index out of range selects none; setting the index sends nothing.
    @Test func aSegmentedControlsSegmentsEditedByCode() {
        let control = UISegmentedControl(items: ["A", "B"])
        var sent = 0
        control.addTarget(for: .allEvents) { _ in sent += 1 }
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Z", at: 0, animated: false)
        #expect(control.numberOfSegments == 3 && control.selectedSegmentIndex == 2 && control.titleForSegment(at: 0) == "Z")
        control.removeSegment(at: 2, animated: false)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        control.selectedSegmentIndex = 5
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect(sent == 0)
    }

    // MARK: Taps that are the control's

    /// Apple's "Attaching gesture recognizers to UIKit controls" gives a one-finger single tap
    /// on a stepper or a segmented control to the control, as on a button or a switch: with a
    /// tap recognizer on the root, a tap on the stepper's + (x 170) steps it and the root's tap
    /// never sees the touch; so does a tap on the segmented control's segment 1 (x 250); a tap
    /// at (300, 500), beside the control, is the root's.
    @Test func aStepperAndASegmentedControlTakeTheirTapsFromARecognizerOfTheRoot() throws {
        let onStepper: Events = [(0, [(1, "began", 170, 116)]), (0.1, [(1, "ended", 170, 116)])]
        #expect(try actions(onStepper, rootTap: true, make: stepper(), value: Self.stepperValue).filter { !$0.contains("primary") } == [
            "touchDown 0.0", "valueChanged 1.0", "touchUpInside 1.0",
        ])
        let onSegment: Events = [(0, [(1, "began", 250, 116)]), (0.1, [(1, "ended", 250, 116)])]
        #expect(try actions(onSegment, rootTap: true, make: segmented(), value: Self.segmentValue).filter { !$0.contains("primary") } == [
            "touchDown -1", "valueChanged 1", "touchUpInside 1",
        ])
        let beside: Events = [(0, [(1, "began", 300, 500)]), (0.1, [(1, "ended", 300, 500)])]
        #expect(try actions(beside, rootTap: true, make: segmented(), value: Self.segmentValue) == ["tap on the root recognized"])
    }

    // MARK: UIPageControl

    /// A page control of 5 pages at (95, 100, 200, 26), on page 2. Its dots are 16 points apart
    /// about its middle x 100 (own points): page p's dot at 100 + (p − 2) · 16, so page 2's at
    /// 100 (screen x 195). A tap at screen x 230 (own 135, right of the dot) shows page 3; a
    /// tap at x 150 (own 55, left of it) goes back; with a tap recognizer on the root, the taps
    /// are the control's (Apple lists page controls with buttons and switches); a touch that
    /// lifts outside (y 300) changes nothing.
    @Test func aPageControlMovesOnePageTowardTheTap() throws {
        let pager: @Sendable (Log) -> UIControl = { _ in
            let pager = UIPageControl(frame: CGRect(x: 95, y: 100, width: 200, height: 26))
            pager.numberOfPages = 5
            pager.currentPage = 2
            return pager
        }
        let page: @Sendable (UIControl) -> String = { "\(($0 as! UIPageControl).currentPage)" }
        let right: Events = [(0, [(1, "began", 230, 110)]), (0.1, [(1, "ended", 230, 110)])]
        #expect(try actions(right, rootTap: true, make: pager, value: page) == ["touchDown 2", "valueChanged 3", "touchUpInside 3"])
        let left: Events = [(0, [(1, "began", 150, 110)]), (0.1, [(1, "ended", 150, 110)])]
        #expect(try actions(left, make: pager, value: page) == ["touchDown 2", "valueChanged 1", "touchUpInside 1"])
        let away: Events = [(0, [(1, "began", 230, 110)]), (0.1, [(1, "moved", 230, 300)]), (0.2, [(1, "ended", 230, 300)])]
        #expect(try actions(away, make: pager, value: page).filter { $0.hasPrefix("valueChanged") }.isEmpty)
    }

    // MARK: The time of a view's own code

    /// A view that logs the time its touchesBegan sees and, from there, schedules a timer.
    final class TimedView: UIView {
        var log: Log?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            log?.lines.append("touchesBegan at \(CACurrentMediaTime())")
            Timer.scheduledTimer(withTimeInterval: 0.25, repeats: false) { [log] _ in
                log?.lines.append("timer at \(CACurrentMediaTime())")
            }
        }
    }

    /// A screen with no recognizer: its view's touch methods are the only code called in the
    /// replay. Two replays on this thread, the first with its touch at 5 s, the second at 1 s:
    /// the second's touchesBegan sees its own 1 s (not the 5 s of the replay before it), and
    /// the timer it schedules is its replay's, firing 0.25 s later, at 1.25 s, before the lift
    /// at 1.5 s.
    @Test func aViewsTouchMethodsRunAtTheEventsTimeOnTheirReplaysTimeline() throws {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("timed") {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let view = TimedView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            view.log = log
            root.addSubview(view)
            return root
        })
        let scene = try parseScene(#"{"screen": "timed"}"#, version: 2, registry: registry)
        _ = replay(try parseTrace(traceJSON([(5, [(1, "began", 10, 10)]), (6, [(1, "ended", 10, 10)])], version: 2)), scene)
        log.lines.removeAll()
        _ = replay(try parseTrace(traceJSON([(1, [(1, "began", 10, 10)]), (1.5, [(1, "ended", 10, 10)])], version: 2)), scene)
        #expect(log.lines == ["touchesBegan at 1.0", "timer at 1.25"])
    }
}
