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

// MARK: Timers: fire dates, timers added to the run loop, Dispatch's Swift 3 schedules

extension DispatchSourceTests {
    /// Calls `tick(_:)` on itself from a selector timer.
    final class Beat {
        let log: Log
        init(log: Log) { self.log = log }
        func tick(_ timer: Timer) {
            log.lines.append("beat \(DispatchSourceTests.now) \(timer.userInfo as? String ?? "?") every \(timer.timeInterval)")
        }
    }

    /// A one-shot timer of 1 s made at the touch down (0) is due at 1; its fire date, read then,
    /// is 1 s from now. At the move (0.1) code moves it to `Date(timeIntervalSinceNow: 0.15)`:
    /// due 0.1 + 0.15 = 0.25, where it fires, between the move and the next event (0.3); then it
    /// is no longer valid. The tolerance set is kept.
    @Test func aTimerWhoseFireDateIsMovedFiresAtTheNewDate() throws {
        let expected = ["due in 1000000", "fired 250000", "valid false tolerance 0.05"]
        let lines = try onTheMachinesClock(expecting: expected) {
            try run([
                (0, [(1, "began", 100, 100)]), (0.1, [(1, "moved", 110, 100)]), (0.3, [(1, "moved", 120, 100)]),
                (0.5, [(1, "ended", 120, 100)]),
            ], began: { script, log in
                let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in log.lines.append("fired \(Self.now)") }
                timer.tolerance = 0.05
                log.lines.append("due in \(Self.micros(timer.fireDate.timeIntervalSinceNow.rounded(toMilliseconds: ())))")
                script.timer = timer
            }, moved: { script, move, log in
                if move == 1 { script.timer?.fireDate = Date(timeIntervalSinceNow: 0.15) }
                if move == 2 { log.lines.append("valid \(script.timer?.isValid == true) tolerance \(script.timer?.tolerance ?? 0)") }
            })
        }
        #expect(lines == expected)
    }

    /// A repeating timer of 0.2 s from the touch down (due 0.2, 0.4, …). At the move (0.1) its
    /// fire date is set 0.05 s ahead: it fires at 0.15, then every 0.2 s from there — 0.35 —
    /// until the lift (0.5) invalidates it, before 0.55.
    @Test func aRepeatingTimerGoesOnFromItsNewFireDate() throws {
        let expected = ["tick 150000", "tick 350000"]
        let lines = try onTheMachinesClock(expecting: expected) {
            try run([
                (0, [(1, "began", 100, 100)]), (0.1, [(1, "moved", 110, 100)]), (0.5, [(1, "ended", 110, 100)]),
            ], began: { script, log in
                script.timer = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { _ in log.lines.append("tick \(Self.now)") }
            }, moved: { script, _, _ in
                script.timer?.fireDate = Date(timeIntervalSinceNow: 0.05)
            }, ended: { script, _ in
                script.timer?.invalidate()
            })
        }
        #expect(lines == expected)
    }

    /// The ticks of a repeating timer of 0.1 s from 0 whose block, at its first firing (0.1),
    /// sets its own fire date `ahead` seconds on; the lift (0.5) invalidates it.
    func ticksMovingTheirOwnFireDate(ahead: Double) throws -> [String] {
        try run([(0, [(1, "began", 100, 100)]), (0.5, [(1, "ended", 100, 100)])], began: { script, log in
            var first = true
            script.timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { timer in
                log.lines.append("tick \(Self.now)")
                if first { timer.fireDate = Date(timeIntervalSinceNow: ahead) }
                first = false
            }
        }, ended: { script, _ in
            script.timer?.invalidate()
        })
    }

    /// 0.25 s ahead: the next firing is at 0.35 (not 0.2), then every 0.1 s — 0.45 (0.55 is
    /// after the lift). Moved to now (0): it fires again at 0.1, once, after the firing in
    /// progress, then at 0.2, 0.3, 0.4 and 0.5 (a timer due at an event's time fires before
    /// that event, here the lift that invalidates it). Each firing once: the block's new date
    /// replaces the timer's own next firing.
    @Test func aTimersBlockThatMovesItsFireDateReschedulesIt() throws {
        let ahead = ["tick 100000", "tick 350000", "tick 450000"]
        #expect(try onTheMachinesClock(expecting: ahead) { try ticksMovingTheirOwnFireDate(ahead: 0.25) } == ahead)
        let expected = ["tick 100000", "tick 100000", "tick 200000", "tick 300000", "tick 400000", "tick 500000"]
        let now = try onTheMachinesClock(expecting: expected) { try ticksMovingTheirOwnFireDate(ahead: 0) }
        #expect(now == expected, "\(now)")
    }

    /// Pausing and resuming by the fire date: a repeating timer of 0.1 s from 0 ticks at 0.1 and
    /// 0.2; at the move at 0.25 it is set to `Date.distantFuture`: it stays valid and ticks no
    /// more; at the move at 0.6 it is set to `Date()`, now: it fires after that event's
    /// deliveries, at 0.6, then at 0.7; the lift at 0.75 invalidates it.
    @Test func aTimerPausedWithTheDistantFutureAndResumedWithNow() throws {
        let expected = ["tick 100000", "tick 200000", "paused 250000 valid true", "tick 600000", "tick 700000"]
        let lines = try onTheMachinesClock(expecting: expected) {
            try run([
                (0, [(1, "began", 100, 100)]), (0.25, [(1, "moved", 110, 100)]), (0.6, [(1, "moved", 120, 100)]),
                (0.75, [(1, "ended", 120, 100)]),
            ], began: { script, log in
                script.timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in log.lines.append("tick \(Self.now)") }
            }, moved: { script, move, log in
                if move == 1 {
                    script.timer?.fireDate = .distantFuture
                    log.lines.append("paused \(Self.now) valid \(script.timer?.isValid == true)")
                } else {
                    script.timer?.fireDate = Date()
                }
            }, ended: { script, _ in
                script.timer?.invalidate()
            })
        }
        #expect(lines == expected)
    }

    /// Spends `seconds` of the machine's time (a busy loop, as code under load would).
    static func spin(_ seconds: Double) {
        let start = Date(timeIntervalSinceNow: 0)
        var k = 0
        while Date(timeIntervalSinceNow: 0).timeIntervalSince(start) < seconds { k += 1 }
        _ = k
    }

    /// A date is tied to the trace's time where the replay entered the code, not where it is
    /// set: at the move (0.1) the code makes `Date().addingTimeInterval(0.15)`, spends 20 ms of
    /// the machine's time (more than the half millisecond of rounding), then sets it: due
    /// 0.1 + 0.15 = 0.25 exactly. At the move (0.3) it reads the fire date of a second timer
    /// (due 0.3 + 1 = 1.3), spends 20 ms, and sets it 0.05 later: 1.35 exactly, fired after the
    /// lift (1.3 + 0.05; no busy loop shifts it). Run three times, the same each time.
    @Test func aDateLandsExactlyWhateverTheMachineTakes() throws {
        for _ in 0..<3 {
            let expected = ["fired 250000", "second 1350000"]
            let lines = try onTheMachinesClock(expecting: expected) {
                try run([
                    (0, [(1, "began", 100, 100)]), (0.1, [(1, "moved", 110, 100)]), (0.3, [(1, "moved", 120, 100)]),
                    (0.5, [(1, "ended", 120, 100)]),
                ], began: { script, log in
                    script.timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in log.lines.append("fired \(Self.now)") }
                }, moved: { script, move, log in
                    if move == 1 {
                        let date = Date().addingTimeInterval(0.15)
                        Self.spin(0.02)
                        script.timer?.fireDate = date
                    } else {
                        script.pending = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in log.lines.append("second \(Self.now)") }
                        let due = script.pending!.fireDate
                        Self.spin(0.02)
                        script.pending?.fireDate = due.addingTimeInterval(0.05)
                    }
                })
            }
            #expect(lines == expected)
        }
    }

    /// Timers made unscheduled and added with `RunLoop.main.add(_:forMode:)`:
    /// - `Timer(fireAt: now + 0.3, interval: 0.1, target:selector:userInfo:repeats: true)`,
    ///   added at the touch down (0): first at its date, 0.3, then 0.4; invalidated at the lift
    ///   (0.45). Its `timeInterval` is 0.1 and its `userInfo` the one given.
    /// - `Timer(fire: now + 0.05, interval: 1, repeats: false, block:)`: once, at 0.05.
    /// - `Timer(timeInterval: 0.2, repeats: false, block:)` made at 0, added at the move (0.1):
    ///   0.2 after it is added, 0.3 (after the selector timer's firing there, which was put on
    ///   the timeline first); its `timeInterval` is 0, a one-shot's, as Foundation's.
    @Test func timersAddedToTheRunLoopFireOnTheReplaysTime() throws {
        Timer.registerAction("controlTrackingBeat:", for: Beat.self) { beat, timer in beat.tick(timer) }
        let expected = [
            "once 50000", "beat 300000 beat every 0.1", "added later 300000 every 0.0", "beat 400000 beat every 0.1",
        ]
        let lines = try onTheMachinesClock(expecting: expected) {
            try run([
                (0, [(1, "began", 100, 100)]), (0.1, [(1, "moved", 110, 100)]), (0.45, [(1, "ended", 110, 100)]),
            ], began: { script, log in
                let beat = Beat(log: log)
                let timer = Timer(fireAt: Date(timeIntervalSinceNow: 0.3), interval: 0.1, target: beat,
                                  selector: "controlTrackingBeat:", userInfo: "beat", repeats: true)
                RunLoop.main.add(timer, forMode: .common)
                script.timer = timer
                RunLoop.main.add(Timer(fire: Date(timeIntervalSinceNow: 0.05), interval: 1, repeats: false) { _ in
                    log.lines.append("once \(Self.now)")
                }, forMode: .default)
                script.pending = Timer(timeInterval: 0.2, repeats: false) { timer in
                    log.lines.append("added later \(Self.now) every \(timer.timeInterval)")
                }
            }, moved: { script, _, _ in
                if let pending = script.pending { RunLoop.main.add(pending, forMode: .default) }
            }, ended: { script, _ in
                script.timer?.invalidate()
            })
        }
        #expect(lines == expected)
    }

    /// Dispatch's Swift 3 names: `scheduleRepeating(deadline: .now() + 100 ms, interval: 250 ms)`
    /// at 0 fires at 0.1, 0.35, 0.6 (cancelled at the lift, 0.7); `scheduleOneshot(deadline:
    /// .now() + 0.2)` fires once, at 0.2; `scheduleRepeating(deadline: .now(), interval: 0.3)`
    /// (seconds) fires after the touch down's deliveries (0), then at 0.3 and 0.6, cancelled at
    /// the lift too. Firings due together run in the order they were armed: at 0.6, the
    /// seconds source's (armed at its 0.3 firing) before the other's (armed at 0.35).
    @Test func swiftThreeScheduleNamesScheduleAsTheirSuccessors() throws {
        let lines = try run([(0, [(1, "began", 100, 100)]), (0.7, [(1, "ended", 100, 100)])], began: { script, log in
            let repeating = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "old"))
            repeating.scheduleRepeating(deadline: .now() + .milliseconds(100), interval: .milliseconds(250))
            repeating.setEventHandler { log.lines.append("repeating \(Self.now)") }
            repeating.resume()
            script.source = repeating
            let once = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "old"))
            once.scheduleOneshot(deadline: .now() + 0.2)
            once.setEventHandler { log.lines.append("once \(Self.now)") }
            once.resume()
            script.keep = once
            let seconds = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "old"))
            seconds.scheduleRepeating(deadline: .now(), interval: 0.3)
            seconds.setEventHandler { log.lines.append("seconds \(Self.now)") }
            seconds.resume()
            script.other = seconds
        }, ended: { script, _ in
            script.source?.cancel()
            script.other?.cancel()
        })
        #expect(lines == [
            "seconds 0", "repeating 100000", "once 200000", "seconds 300000", "repeating 350000",
            "seconds 600000", "repeating 600000",
        ])
    }
}

extension Double {
    /// The value rounded to whole milliseconds (a fire date read back is the machine's "now"
    /// plus the trace's time left, a few microseconds less by the time it is read).
    func rounded(toMilliseconds: Void) -> Double { (self * 1000).rounded() / 1000 }
}

// MARK: Context menus

extension StandardControlTests {
    /// Holds a menu delegate for the length of a replay.
    final class HeldDelegate: @unchecked Sendable { var delegate: MenuDelegate? }

    /// Logs each configuration asked, with the trace's time and the location, and offers a menu.
    final class MenuDelegate: UIContextMenuInteractionDelegate {
        let log: Log
        init(log: Log) { self.log = log }
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                    configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
            let inRoot = interaction.location(in: interaction.view?.superview)
            log.lines.append("asked \((CACurrentMediaTime() * 1000).rounded() / 1000) at \(location.x),\(location.y) root \(inRoot.x),\(inRoot.y)")
            return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { suggested in
                UIMenu(title: "", children: suggested + [UIAction(title: "Copy") { _ in }])
            }
        }
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                    animator: UIContextMenuInteractionAnimating?) {
            log.lines.append("displayed")
        }
    }

    /// A card (100, 200, 200, 100) with a context menu interaction and a label (20, 20, 100, 30)
    /// inside it; a tap recognizer on the card. A press at (150, 230) hits the label: the card's
    /// interaction asks its delegate at the touch down (0.0), with the location in the card,
    /// (50, 30) — and (150, 230) in the root — and shows no menu (no "displayed", even held
    /// 1 s); the touch still reaches the card's recognizers: a tap at 2.0 s on the card at
    /// (250, 280), (150, 80) in the card, is asked again and recognized. A touch at (50, 50),
    /// off the card, asks nothing.
    @Test func aContextMenuIsAskedForAtTheTouchDownAndShowsNothing() throws {
        let log = Log()
        let keep = HeldDelegate()
        var registry = Registry.standard
        try registry.register(.uiKit("menus") {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let card = UIView(frame: CGRect(x: 100, y: 200, width: 200, height: 100))
            card.addSubview(UILabel(frame: CGRect(x: 20, y: 20, width: 100, height: 30)))
            card.isUserInteractionEnabled = true
            let delegate = MenuDelegate(log: log)
            keep.delegate = delegate // the interaction holds its delegate weakly
            card.addInteraction(UIContextMenuInteraction(delegate: delegate))
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.addTarget { _ in log.lines.append("tap \((CACurrentMediaTime() * 1000).rounded() / 1000)") }
            card.addGestureRecognizer(tap)
            root.addSubview(card)
            return root
        })
        let scene = try parseScene(#"{"screen": "menus"}"#, version: 2, registry: registry)
        _ = replay(try parseTrace(traceJSON([
            (0, [(1, "began", 150, 230)]), (1, [(1, "ended", 150, 230)]),
            (2, [(2, "began", 250, 280)]), (2.1, [(2, "ended", 250, 280)]),
            (3, [(3, "began", 50, 50)]), (3.1, [(3, "ended", 50, 50)]),
        ], version: 2)), scene)
        #expect(log.lines == ["asked 0.0 at 50.0,30.0 root 150.0,230.0", "asked 2.0 at 150.0,80.0 root 250.0,280.0", "tap 2.1"])
    }
}
