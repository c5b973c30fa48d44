// Controls as a device has them (SPEC 17): the area a tracked touch keeps, 70 points beyond a
// control's bounds (UIControl's `pointMostlyInside`), and the events at its edge; buttons that
// enlarge their own hit area with `point(inside:with:)`. Every expected value is derived in the
// test's comment from the trace's points and the control's frame.
import Testing
import TouchTrace
@testable import TouchTraceUIKit

extension ControlTrackingTests {
    typealias Events = [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])]

    /// The button of these tests is at (100, 100, 100, 50) on the screen (see `actions`): a
    /// tracked touch stays inside within 70 points of it, the button's x −70…170 and y −70…120,
    /// that is the screen's x 30…270 and y 30…220.
    static let slop: Double = 70

    /// Down at (150, 125), dragged to (240, 125) — the button's x 140, 40 points right of its
    /// right edge (100), within 70 — and lifted there: the move is a drag inside, still
    /// highlighted, and the lift is touchUpInside (with the button's primary action).
    @Test func aLiftFortyPointsOutsideAButtonIsTouchUpInside() throws {
        let x = 100 + 100 + 40.0
        #expect(x - 200 < Self.slop)
        #expect(try actions([
            (0, [(1, "began", 150, 125)]), (0.1, [(1, "moved", x, 125)]), (0.2, [(1, "ended", x, 125)]),
        ]) == [
            "touchDown highlighted=true", "touchDragInside highlighted=true",
            "touchUpInside highlighted=true", "primaryActionTriggered highlighted=true",
        ])
    }

    /// Down at (150, 125), dragged to (300, 125) — the button's x 200, 100 points right of its
    /// edge, past 70 — and lifted there: touchDragExit then touchDragOutside (UIKit sends the
    /// crossing first), no longer highlighted, and touchUpOutside at the lift.
    @Test func aLiftAHundredPointsOutsideAButtonIsTouchUpOutside() throws {
        let x = 100 + 100 + 100.0
        #expect(x - 200 > Self.slop)
        #expect(try actions([
            (0, [(1, "began", 150, 125)]), (0.1, [(1, "moved", x, 125)]), (0.2, [(1, "ended", x, 125)]),
        ]) == [
            "touchDown highlighted=true", "touchDragExit highlighted=false", "touchDragOutside highlighted=false",
            "touchUpOutside highlighted=false",
        ])
    }

    /// The edge of the tracking area, 70 points out, on the right and below: x 269 is 69 points
    /// right of the button (inside), 271 is 71 (outside: exit), back to 269 (enter); then y 219
    /// is 69 below its bottom edge (150) (inside, a plain drag inside), 221 is 71 (exit), and
    /// the lift at (150, 125), on the button, is outside → inside at the lift itself: UIKit's
    /// touchesEnded sends touchDragEnter before touchUpInside. The highlight follows "inside".
    @Test func dragEnterAndExitHappenSeventyPointsOut() throws {
        #expect(try actions([
            (0, [(1, "began", 150, 125)]),
            (0.1, [(1, "moved", 269, 125)]), (0.2, [(1, "moved", 271, 125)]), (0.3, [(1, "moved", 269, 125)]),
            (0.4, [(1, "moved", 150, 219)]), (0.5, [(1, "moved", 150, 221)]),
            (0.6, [(1, "ended", 150, 125)]),
        ]) == [
            "touchDown highlighted=true",
            "touchDragInside highlighted=true",
            "touchDragExit highlighted=false", "touchDragOutside highlighted=false",
            "touchDragEnter highlighted=true", "touchDragInside highlighted=true",
            "touchDragInside highlighted=true",
            "touchDragExit highlighted=false", "touchDragOutside highlighted=false",
            "touchDragEnter highlighted=true", "touchUpInside highlighted=true", "primaryActionTriggered highlighted=true",
        ])
    }

    /// A button that enlarges its hit area by `left` points on its left, in the manner of apps'
    /// "enlarged hit area" buttons: its `point(inside:with:)` holds its bounds grown leftwards.
    final class WideLeftButton: UIButton {
        var left: CGFloat = 0
        override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            CGRect(x: bounds.minX - left, y: bounds.minY, width: bounds.width + left, height: bounds.height).contains(point)
        }
    }

    /// The actions of a `WideLeftButton` at (200, 100, 100, 50) enlarged by `left`, as `actions`
    /// logs a button's.
    func wideButtonActions(left: CGFloat, _ events: Events) throws -> [String] {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("wide") {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let button = WideLeftButton(frame: CGRect(x: 200, y: 100, width: 100, height: 50))
            button.left = left
            root.addSubview(button)
            let named: [(String, UIControl.Event)] = [
                ("touchDown", .touchDown), ("touchDragInside", .touchDragInside), ("touchDragOutside", .touchDragOutside),
                ("touchDragEnter", .touchDragEnter), ("touchDragExit", .touchDragExit),
                ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside),
            ]
            for (name, event) in named {
                button.addTarget(for: event) { c in log.lines.append("\(name) inside=\(c.isTouchInside)") }
            }
            return root
        })
        let scene = try parseScene(#"{"screen": "wide"}"#, version: 2, registry: registry)
        _ = replay(try parseTrace(traceJSON(events, version: 2)), scene)
        return log.lines
    }

    /// Enlarged by 12 points (less than 70), the button still keeps a tracked touch 70 points
    /// all round: down at (195, 125), the button's x −5, in its enlarged hit area; dragged to
    /// (140, 125), x −60: inside; to (125, 125), x −75: outside (exit); lifted there: outside.
    /// The enlarged area changes where a touch may begin, not how far it is kept.
    @Test func aButtonWithASlightlyEnlargedHitAreaKeepsTheSeventyPoints() throws {
        #expect(try wideButtonActions(left: 12, [
            (0, [(1, "began", 195, 125)]), (0.1, [(1, "moved", 140, 125)]), (0.2, [(1, "moved", 125, 125)]),
            (0.3, [(1, "ended", 125, 125)]),
        ]) == [
            "touchDown inside=true", "touchDragInside inside=true",
            "touchDragExit inside=false", "touchDragOutside inside=false", "touchUpOutside inside=false",
        ])
    }

    /// Enlarged by 120 points (more than 70): down at (90, 125), the button's x −110, in its hit
    /// area; dragged to (85, 125), x −115, beyond the 70 points but where `point(inside:with:)`
    /// still holds: inside (UIKit's `pointMostlyInside` asks `point(inside:with:)` too); to
    /// (70, 125), x −130, outside both: exit; lifted at (90, 125): enter, then
    /// touchUpInside.
    @Test func aButtonWithAWideHitAreaKeepsItsTouchAsFarAsItReaches() throws {
        #expect(try wideButtonActions(left: 120, [
            (0, [(1, "began", 90, 125)]), (0.1, [(1, "moved", 85, 125)]), (0.2, [(1, "moved", 70, 125)]),
            (0.3, [(1, "ended", 90, 125)]),
        ]) == [
            "touchDown inside=true", "touchDragInside inside=true",
            "touchDragExit inside=false", "touchDragOutside inside=false",
            "touchDragEnter inside=true", "touchUpInside inside=true",
        ])
    }
}

extension StandardControlTests {
    /// A switch at (100, 100, 51, 31), on when `on`.
    static func switchAt(on: Bool) -> @Sendable (Log) -> UIControl {
        { _ in
            let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 51, height: 31))
            toggle.isOn = on
            return toggle
        }
    }

    /// `isOn`, then the side the thumb shows.
    static let switchAndThumb: @Sendable (UIControl) -> String = { control in
        let toggle = control as! UISwitch
        return "\(toggle.isOn) thumb=\(toggle.thumbIsOn)"
    }

    /// Off; down at (110, 115), the switch's x 10. A move to x 130 (+20, not past 25) leaves the
    /// thumb off; one to 140 (+30, past 25, toward on) takes it to on, `isOn` still false and
    /// nothing sent. Lifted there: the switch takes the thumb's side — on, valueChanged (with
    /// primaryActionTriggered) from endTracking, before touchUpInside.
    @Test func aSwitchDraggedAcrossTakesTheSideOfItsThumb() throws {
        let held = Held()
        let events: Events = [
            (0, [(1, "began", 110, 115)]), (0.1, [(1, "moved", 130, 115)]), (0.2, [(1, "moved", 140, 115)]),
            (0.3, [(1, "ended", 140, 115)]),
        ]
        #expect(try actions(events, held: held, make: Self.switchAt(on: false), value: Self.switchAndThumb) == [
            "touchDown false thumb=false", "touchDragInside false thumb=false", "touchDragInside false thumb=true",
            "valueChanged true thumb=true", "primaryActionTriggered true thumb=true", "touchUpInside true thumb=true",
        ])
        #expect((held.control as? UISwitch)?.isOn == true)
    }

    /// Off; down at (110, 115). To 140 (+30): the thumb goes on, and the next translation is
    /// measured from 140. To 120 (−20 from 140, short of 25): it stays; to 110 (−30): back off.
    /// Lifted there: the drag moved the thumb, so the switch takes its side — off, as it was:
    /// no valueChanged, and no tap toggle either.
    @Test func aSwitchDraggedThereAndBackStaysAsItWas() throws {
        let held = Held()
        let events: Events = [
            (0, [(1, "began", 110, 115)]), (0.1, [(1, "moved", 140, 115)]), (0.2, [(1, "moved", 120, 115)]),
            (0.3, [(1, "moved", 110, 115)]), (0.4, [(1, "ended", 110, 115)]),
        ]
        #expect(try actions(events, held: held, make: Self.switchAt(on: false), value: Self.switchAndThumb) == [
            "touchDown false thumb=false", "touchDragInside false thumb=true", "touchDragInside false thumb=true",
            "touchDragInside false thumb=false", "touchUpInside false thumb=false",
        ])
        #expect((held.control as? UISwitch)?.isOn == false)
    }

    /// On; down at (140, 115), the switch's x 40; to 110 (−30, toward off): the thumb goes off.
    /// Then straight down to (110, 300), the switch's y 200, past 31 + 70 = 101: outside (exit),
    /// no move across. Lifted there: the switch still takes the thumb's side — off, valueChanged
    /// — and the lift is touchUpOutside.
    @Test func aSwitchDraggedOffThenLiftedFarAwayIsOff() throws {
        let held = Held()
        let events: Events = [
            (0, [(1, "began", 140, 115)]), (0.1, [(1, "moved", 110, 115)]), (0.2, [(1, "moved", 110, 300)]),
            (0.3, [(1, "ended", 110, 300)]),
        ]
        #expect(try actions(events, held: held, make: Self.switchAt(on: true), value: Self.switchAndThumb) == [
            "touchDown true thumb=true", "touchDragInside true thumb=false",
            "touchDragExit true thumb=false", "touchDragOutside true thumb=false",
            "valueChanged false thumb=false", "primaryActionTriggered false thumb=false", "touchUpOutside false thumb=false",
        ])
        #expect((held.control as? UISwitch)?.isOn == false)
    }

    /// Off; down at (110, 115), moved exactly 25 points to (135, 115): not more than 25, the
    /// thumb stays. Lifted at (135, 155), the switch's (35, 55), 24 points below it, inside the
    /// 70 points: a touch that did not move the thumb lifted inside is a tap — it turns on.
    @Test func aSwitchMovedTwentyFivePointsIsStillATap() throws {
        let held = Held()
        let events: Events = [(0, [(1, "began", 110, 115)]), (0.1, [(1, "moved", 135, 115)]), (0.2, [(1, "ended", 135, 155)])]
        #expect(try actions(events, held: held, make: Self.switchAt(on: false), value: Self.switchAndThumb) == [
            "touchDown false thumb=false", "touchDragInside false thumb=false",
            "valueChanged true thumb=true", "primaryActionTriggered true thumb=true", "touchUpInside true thumb=true",
        ])
        #expect((held.control as? UISwitch)?.isOn == true)
    }
}
