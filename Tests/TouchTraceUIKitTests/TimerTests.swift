import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// Time as a device has it (SPEC 17): `Timer`, `DispatchQueue.main.async`/`asyncAfter` and
/// `CACurrentMediaTime()` run on the trace's time, between events, deterministically.
@Suite struct TimerTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// The text transcript of a trace through a scene (without its header line).
    func text(_ json: String, _ scene: Scene) throws -> [String] { try transcriptText(json, scene) }

    /// A time in whole microseconds, for times that sums of intervals make.
    static func micros(_ t: Double) -> Int { Int((t * 1_000_000).rounded()) }

    /// Recognized at the lift of a finger that kept moving; fails itself from a `Timer` once the
    /// finger has rested `patience` seconds (every move starts the timer again), as custom
    /// recognizers do on iOS.
    final class KeepMoving: UIGestureRecognizer {
        var patience: TimeInterval = 0.5
        var timer: Timer?
        let log: Log
        init(log: Log) {
            self.log = log
            super.init(target: nil, action: nil)
        }
        func startTimer() {
            timer?.invalidate()
            timer = Timer.scheduledTimer(withTimeInterval: patience, repeats: false) { [weak self] _ in
                guard let self else { return }
                self.log.lines.append("timer at \(CACurrentMediaTime())")
                self.state = .failed
            }
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesBegan(touches, with: event)
            startTimer()
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesMoved(touches, with: event)
            startTimer()
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesEnded(touches, with: event)
            timer?.invalidate()
            state = .recognized
        }
        override func reset() {
            super.reset()
            timer?.invalidate()
            timer = nil
        }
    }

    @Test func aRecognizerFailsItselfFromATimerAfterHalfASecondAtRest() throws {
        let log = Log()
        let scene = Scene(views: [
            SceneView(name: "screen", frame: Rect(x: 0, y: 0, width: 400, height: 800),
                      recognizers: [("keepMoving", UIKitRecognizer { KeepMoving(log: log) })]),
        ], origin: "test", version: 2)
        // First gesture: down at 0 (timer due 0.5), moves at 0.2 (due 0.7) and 0.4 (due 0.9), then
        // rests until it lifts at 1.2: the timer fires at 0.9, between the events at 0.4 and 1.2,
        // and its block's `state = .failed` is a record at 0.9. The failed recognizer gets no
        // touches until the lift resets it. Second gesture: down at 2.0 (due 2.5), moves at 2.3
        // (due 2.8), lifts at 2.5 (invalidated): recognized at 2.5; nothing fires at 2.8.
        let json = traceJSON([
            (0, [(1, "began", 100, 100)]), (0.2, [(1, "moved", 105, 100)]), (0.4, [(1, "moved", 110, 100)]),
            (1.2, [(1, "ended", 110, 100)]),
            (2.0, [(2, "began", 100, 100)]), (2.3, [(2, "moved", 120, 100)]), (2.5, [(2, "ended", 130, 100)]),
        ], version: 2)
        let lines = try text(json, scene)
        #expect(lines == [
            "0.9000 screen.keepMoving state from=possible to=failed",
            "2.5000 screen.keepMoving state from=possible to=recognized",
        ], "\(lines.joined(separator: "\n"))")
        // CACurrentMediaTime() in the block reads the timer's time.
        #expect(log.lines == ["timer at 0.9"])
    }

    /// Begins from a `Timer` once the finger has been down 0.3 s: a long press written by hand.
    final class Hold: UIGestureRecognizer {
        var timer: Timer?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            timer = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: false) { [weak self] _ in self?.state = .began }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            timer?.invalidate()
            state = state == .possible ? .failed : .ended
        }
        override func reset() { timer?.invalidate() }
    }

    @Test func aTimersStateChangeIsDecidedByTheArenaAtItsTime() throws {
        let log = Log()
        let hold = UIKitRecognizer {
            let hold = Hold()
            hold.addTarget { g in log.lines.append("\(g.state) at \(CACurrentMediaTime())") }
            return hold
        }
        let scene = Scene(views: [
            SceneView(name: "screen", frame: Rect(x: 0, y: 0, width: 400, height: 800),
                      recognizers: [("hold", hold), ("tap", UIKitRecognizer { UITapGestureRecognizer() })]),
        ], origin: "test", version: 2)
        // The finger rests from 0 to 0.6. At 0.3 the hold's timer sets `.began`: the arena lets it
        // win, and the tap it competes with (still possible) fails at once, prevented, as at a
        // deadline; the hold's target runs at 0.3 (after the timer, as after an event). The lift
        // at 0.6 ends the hold.
        let json = traceJSON([(0, [(1, "began", 100, 100)]), (0.6, [(1, "ended", 100, 100)])], version: 2)
        let lines = try text(json, scene)
        #expect(lines == [
            "0.3000 screen.hold state from=possible to=began",
            "0.3000 screen.tap state from=possible to=failed reason=\"prevented by screen.hold\"",
            "0.6000 screen.hold state from=began to=ended",
        ], "\(lines.joined(separator: "\n"))")
        #expect(log.lines == ["began at 0.3", "ended at 0.6"])
    }

    /// A card whose tap handler enlarges it, and resets it 0.3 s later with
    /// `DispatchQueue.main.asyncAfter`.
    static func popScene(delay: Double) -> Scene {
        let tap = UIKitRecognizer {
            let tap = UITapGestureRecognizer()
            tap.addTarget { g in
                guard let card = g.view else { return }
                card.transform = CGAffineTransform(scaleX: 2, y: 2)
                // A work item: in Swift 6 language mode (this test target's) the compiler takes a
                // block given to a DispatchQueue's `async`/`asyncAfter` itself for `@Sendable`
                // main-actor code, and refuses one that captures a view (docs/own-gesture-code.md,
                // "Time"); an item's block is not taken so.
                let reset = DispatchWorkItem { card.transform = .identity }
                DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: reset)
            }
            return tap
        }
        return Scene(views: [
            SceneView(name: "card", frame: Rect(x: 100, y: 100, width: 100, height: 100), recognizers: [("tap", tap)]),
        ], origin: "test", version: 2)
    }

    @Test func aHandlerResetsAViewWithAsyncAfter() throws {
        // Tap down at 0, up at 0.05: recognized then; the action scales the card (viewChanged at
        // 0.05) and asks for the reset at .now() + 0.3 = 0.35. A second touch lands on the card at
        // 1.0 (after the reset): the reset fires between the events, its viewChanged at 0.35.
        let json = traceJSON([
            (0, [(1, "began", 150, 150)]), (0.05, [(1, "ended", 150, 150)]),
            (1.0, [(2, "began", 150, 150)]), (1.05, [(2, "ended", 150, 150)]),
        ], version: 2)
        let lines = try text(json, Self.popScene(delay: 0.3))
        #expect(lines == [
            "0.0500 card.tap state from=possible to=recognized location=50.0000,50.0000 taps=1",
            "0.0500 card.view viewChanged transform=2.0000,0.0000,0.0000,2.0000,0.0000,0.0000",
            "0.3500 card.view viewChanged transform=1.0000,0.0000,0.0000,1.0000,0.0000,0.0000",
            "1.0500 card.tap state from=possible to=recognized location=50.0000,50.0000 taps=1",
            "1.0500 card.view viewChanged transform=2.0000,0.0000,0.0000,2.0000,0.0000,0.0000",
            // The second reset is due at 1.35, after the trace's last event: it still fires (work
            // other than a repeating timer's goes on after the trace, as deadlines do).
            "1.3500 card.view viewChanged transform=1.0000,0.0000,0.0000,1.0000,0.0000,0.0000",
        ], "\(lines.joined(separator: "\n"))")
    }

    @Test func asyncRunsAfterTheEventsDeliveriesAndActions() throws {
        let log = Log()
        final class Mover: UIGestureRecognizer {
            let log: Log
            init(log: Log) {
                self.log = log
                super.init(target: nil, action: nil)
            }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
                // (It captures only what is `Sendable`: see `popScene`.)
                DispatchQueue.main.async { [log] in log.lines.append("async at \(CACurrentMediaTime())") }
                state = state == .possible ? .began : .changed
                log.lines.append("moved")
            }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { state = .ended }
        }
        let mover = UIKitRecognizer {
            let mover = Mover(log: log)
            mover.addTarget { g in log.lines.append("action \(g.state)") }
            return mover
        }
        let scene = Scene(views: [
            SceneView(name: "screen", frame: Rect(x: 0, y: 0, width: 400, height: 800), recognizers: [("mover", mover)]),
        ], origin: "test", version: 2)
        let json = traceJSON([
            (0, [(1, "began", 100, 100)]), (0.1, [(1, "moved", 120, 100)]), (0.2, [(1, "moved", 140, 100)]),
            (0.3, [(1, "ended", 140, 100)]),
        ], version: 2)
        _ = try text(json, scene)
        // In each event: the touches method, then the action, then the block given to `async`,
        // at the event's time — before the next event.
        #expect(log.lines == [
            "moved", "action began", "async at 0.1",
            "moved", "action changed", "async at 0.2",
            "action ended",
        ], "\(log.lines)")
    }

    /// Starts a repeating timer at touch-down that logs each firing's time; invalidates it at the
    /// lift when `stopsAtLift`. With `oneShotAt`, also asks for a block at that delay.
    final class Ticker: UIGestureRecognizer {
        let log: Log
        let stopsAtLift: Bool
        let oneShotAt: Double?
        var timer: Timer?
        init(log: Log, stopsAtLift: Bool, oneShotAt: Double?) {
            self.log = log
            self.stopsAtLift = stopsAtLift
            self.oneShotAt = oneShotAt
            super.init(target: nil, action: nil)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            let log = self.log
            timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { timer in
                log.lines.append("tick \(TimerTests.micros(CACurrentMediaTime()))")
            }
            if let oneShotAt {
                DispatchQueue.main.asyncAfter(deadline: .now() + oneShotAt) { log.lines.append("once \(TimerTests.micros(CACurrentMediaTime()))") }
            }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            if stopsAtLift { timer?.invalidate() }
        }
    }

    func ticks(stopsAtLift: Bool, oneShotAt: Double?) throws -> [String] {
        let log = Log()
        let scene = Scene(views: [
            SceneView(name: "screen", frame: Rect(x: 0, y: 0, width: 200, height: 800), recognizers: [
                ("ticker", UIKitRecognizer { Ticker(log: log, stopsAtLift: stopsAtLift, oneShotAt: oneShotAt) }),
            ]),
            SceneView(name: "other", frame: Rect(x: 200, y: 0, width: 200, height: 800)),
        ], origin: "test", version: 2)
        // The ticker's finger: down at 0, up at 0.35; another finger on the other view from 0.5 to
        // 0.55, the trace's last event.
        let json = traceJSON([
            (0, [(1, "began", 100, 100)]), (0.35, [(1, "ended", 100, 100)]),
            (0.5, [(2, "began", 300, 100)]), (0.55, [(2, "ended", 300, 100)]),
        ], version: 2)
        _ = try text(json, scene)
        return log.lines
    }

    @Test func aRepeatingTimerRepeatsUntilInvalidated() throws {
        // Every 0.1 s from touch-down: 0.1, 0.2, 0.3; invalidated at the lift at 0.35.
        #expect(try ticks(stopsAtLift: true, oneShotAt: nil) == ["tick 100000", "tick 200000", "tick 300000"])
        // Never invalidated: it fires until the last event (0.55) and stops after it, when only it
        // is left to fire (0.1 … 0.5).
        #expect(try ticks(stopsAtLift: false, oneShotAt: nil) == ["tick 100000", "tick 200000", "tick 300000", "tick 400000", "tick 500000"])
        // A block pending at 1.0 keeps the replay going until then: ticks to 0.9, then at 1.0 the
        // block and the tick due then run together, in the order they were scheduled (the block
        // at touch-down, that tick at 0.9); then only the timer is left, and it stops.
        let withBlock = try ticks(stopsAtLift: false, oneShotAt: 1.0)
        #expect(withBlock == (1...9).map { "tick \($0 * 100_000)" } + ["once 1000000", "tick 1000000"], "\(withBlock)")
    }

    @Test func invalidateAndCancelBeforeFiring() throws {
        let log = Log()
        final class Quick: UIGestureRecognizer {
            let log: Log
            var timer: Timer?
            var item: DispatchWorkItem?
            init(log: Log) {
                self.log = log
                super.init(target: nil, action: nil)
            }
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
                timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { [weak self] _ in
                    self?.log.lines.append("timer fired")
                    self?.state = .failed
                }
                let item = DispatchWorkItem { [log] in log.lines.append("item ran") }
                self.item = item
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.4, execute: item)
            }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
                timer?.invalidate()
                item?.cancel()
                log.lines.append("valid \(timer?.isValid ?? true) cancelled \(item?.isCancelled ?? false)")
                state = .recognized
            }
        }
        let scene = Scene(views: [
            SceneView(name: "screen", frame: Rect(x: 0, y: 0, width: 400, height: 800),
                      recognizers: [("quick", UIKitRecognizer { Quick(log: log) })]),
        ], origin: "test", version: 2)
        // Lifted at 0.3, before the item (0.4) and the timer (0.5), both one-shots that would run
        // after the trace's end: neither runs.
        let json = traceJSON([(0, [(1, "began", 100, 100)]), (0.3, [(1, "ended", 100, 100)])], version: 2)
        let lines = try text(json, scene)
        #expect(lines == ["0.3000 screen.quick state from=possible to=recognized"], "\(lines)")
        #expect(log.lines == ["valid false cancelled true"])
    }

    @Test func aTimerMadeOutsideEveryReplayNeverFires() throws {
        let log = Log()
        let timer = Timer.scheduledTimer(withTimeInterval: 0, repeats: false) { _ in log.lines.append("fired") }
        DispatchQueue.main.async { log.lines.append("async") }
        // A replay on this thread afterwards runs nothing of them.
        _ = try text(traceJSON([(0, [(1, "began", 150, 150)]), (0.05, [(1, "ended", 150, 150)])], version: 2), Self.popScene(delay: 0.3))
        #expect(log.lines.isEmpty)
        #expect(timer.isValid)
        // `fire()` runs it at once, then a non-repeating timer is invalid.
        timer.fire()
        #expect(log.lines == ["fired"])
        #expect(!timer.isValid)
    }

    /// Recognized at a lift within 0.4 s; past that, `perform(_:with:afterDelay:)` fails it. A
    /// selector timer counts every 0.1 s while a finger is down.
    final class QuickPress: UIGestureRecognizer {
        let log: Log
        var ticker: Timer?
        init(log: Log) {
            self.log = log
            super.init(target: nil, action: nil)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            perform("giveUp", with: nil, afterDelay: 0.4)
            ticker = Timer.scheduledTimer(timeInterval: 0.1, target: self, selector: "tick:", userInfo: "press", repeats: true)
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            NSObject.cancelPreviousPerformRequests(withTarget: self)
            ticker?.invalidate()
            if state == .possible { state = .recognized }
        }
        func giveUp() {
            ticker?.invalidate()
            state = .failed
        }
        func tick(_ timer: Timer) {
            log.lines.append("tick \(TimerTests.micros(CACurrentMediaTime())) \(timer.userInfo as? String ?? "?")")
        }
    }

    @Test func performAfterDelayAndSelectorTimers() throws {
        NSObject.registerPerform("giveUp", for: QuickPress.self) { press, _ in press.giveUp() }
        Timer.registerAction("tick:", for: QuickPress.self) { press, timer in press.tick(timer) }
        let log = Log()
        let scene = Scene(views: [
            SceneView(name: "screen", frame: Rect(x: 0, y: 0, width: 400, height: 800),
                      recognizers: [("press", UIKitRecognizer { QuickPress(log: log) })]),
        ], origin: "test", version: 2)
        // A press from 0 to 0.25: ticks at 0.1 and 0.2, the request (due 0.4) cancelled at the
        // lift: recognized at 0.25. A press from 1.0 to 1.6: ticks at 1.1, 1.2, 1.3, then at 1.4
        // the request fails it (and stops the ticker; the tick due at 1.4, scheduled later than
        // the request, is gone).
        let json = traceJSON([
            (0, [(1, "began", 100, 100)]), (0.25, [(1, "ended", 100, 100)]),
            (1.0, [(2, "began", 100, 100)]), (1.6, [(2, "ended", 100, 100)]),
        ], version: 2)
        let lines = try text(json, scene)
        #expect(lines == [
            "0.2500 screen.press state from=possible to=recognized",
            "1.4000 screen.press state from=possible to=failed",
        ], "\(lines.joined(separator: "\n"))")
        #expect(log.lines == ["tick 100000 press", "tick 200000 press", "tick 1100000 press", "tick 1200000 press", "tick 1300000 press"],
                "\(log.lines)")
    }

    @Test func twoRunsGiveTheSameBytes() throws {
        let json = traceJSON([
            (0, [(1, "began", 150, 150)]), (0.05, [(1, "ended", 150, 150)]),
            (0.2, [(2, "began", 150, 150)]), (0.25, [(2, "ended", 150, 150)]),
        ], version: 2)
        // Two resets pending at once (0.35 and 0.55), the second after the trace's end. The second
        // tap (0.25) finds the card already scaled, and the second reset (0.55) finds it reset by
        // the first (0.35): neither writes a record, so 4 lines.
        let first = try text(json, Self.popScene(delay: 0.3))
        let second = try text(json, Self.popScene(delay: 0.3))
        #expect(first == second)
        #expect(first.count == 4, "\(first.joined(separator: "\n"))")
        #expect(first.last == "0.3500 card.view viewChanged transform=1.0000,0.0000,0.0000,1.0000,0.0000,0.0000")
    }
}
