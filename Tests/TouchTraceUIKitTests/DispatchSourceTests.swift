import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// Dispatch's timer sources on the trace's time (SPEC 17, docs/own-gesture-code.md "Time"):
/// `DispatchSource.makeTimerSource(queue:)` with Dispatch's semantics, run between events.
@Suite struct DispatchSourceTests {
    typealias Log = TimerTests.Log

    /// A time in whole microseconds, for times that sums of intervals make.
    static func micros(_ t: Double) -> Int { TimerTests.micros(t) }

    /// The time of what is being delivered, in whole microseconds.
    static var now: Int { micros(CACurrentMediaTime()) }

    /// One view of 400 × 800 at the origin with `recognizer` on it.
    static func scene(_ name: String, _ recognizer: UIKitRecognizer) -> Scene {
        Scene(views: [
            SceneView(name: "screen", frame: Rect(x: 0, y: 0, width: 400, height: 800), recognizers: [(name, recognizer)]),
        ], origin: "test", version: 2)
    }

    /// Calls `began`, `moved` (with the move's number, from 1) and `ended` of its finger.
    final class Script: UIGestureRecognizer {
        let began: (Script) -> Void
        let moved: (Script, Int) -> Void
        let ended: (Script) -> Void
        var moves = 0
        var source: DispatchSourceTimer?
        var other: DispatchSourceTimer?
        var keep: DispatchSourceTimer?
        var timer: Timer?
        var pending: Timer?
        init(began: @escaping (Script) -> Void, moved: @escaping (Script, Int) -> Void = { _, _ in },
             ended: @escaping (Script) -> Void = { _ in }) {
            self.began = began
            self.moved = moved
            self.ended = ended
            super.init(target: nil, action: nil)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { began(self) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            moves += 1
            moved(self, moves)
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { ended(self) }
    }

    /// Replays `events` through a scene with a `Script` and returns its log.
    func run(_ events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])],
             began: @escaping @Sendable (Script, Log) -> Void, moved: @escaping @Sendable (Script, Int, Log) -> Void = { _, _, _ in },
             ended: @escaping @Sendable (Script, Log) -> Void = { _, _ in }) throws -> [String] {
        let log = Log()
        let recognizer = UIKitRecognizer {
            Script(began: { began($0, log) }, moved: { moved($0, $1, log) }, ended: { ended($0, log) })
        }
        _ = try transcriptText(traceJSON(events, version: 2), Self.scene("script", recognizer))
        return log.lines
    }

    @Test func aRepeatingSourceFiresBetweenEventsUntilCancelled() throws {
        let lines = try run([
            (0, [(1, "began", 100, 100)]), (0.5, [(1, "moved", 110, 100)]), (0.8, [(1, "ended", 110, 100)]),
        ], began: { script, log in
            let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "ticks"))
            source.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(250))
            source.setEventHandler { log.lines.append("tick \(Self.now) data \(source.data)") }
            source.setCancelHandler { log.lines.append("cancelled \(Self.now)") }
            source.resume()
            script.source = source
        }, moved: { _, _, log in
            log.lines.append("moved \(Self.now)")
        }, ended: { script, log in
            script.source?.cancel()
            log.lines.append("ended \(Self.now) isCancelled \(script.source?.isCancelled == true)")
        })
        // Scheduled at the touch-down (0) for .now() + 100 ms, then every 250 ms: due 0.1, 0.35,
        // 0.6, 0.85, … Between the events at 0 and 0.5 it fires at 0.1 and 0.35; between 0.5 and
        // 0.8 at 0.6. The lift at 0.8 cancels it, before 0.85: no more firings, and the cancel
        // handler runs after the lift's deliveries, at 0.8.
        #expect(lines == [
            "tick 100000 data 1", "tick 350000 data 1", "moved 500000", "tick 600000 data 1",
            "ended 800000 isCancelled true", "cancelled 800000",
        ], "\(lines)")
    }

    @Test func aHandlerCancelsOrReschedulesItsOwnSource() throws {
        let lines = try run([
            (0, [(1, "began", 100, 100)]), (1.0, [(1, "ended", 100, 100)]),
        ], began: { script, log in
            let source = DispatchSource.makeTimerSource()
            source.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
            var count = 0
            source.setEventHandler {
                count += 1
                log.lines.append("tick \(count) at \(Self.now)")
                if count == 2 { source.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(50)) }
                if count == 4 { source.cancel() }
            }
            source.setCancelHandler { log.lines.append("cancelled at \(Self.now)") }
            source.resume()
        })
        // Every 100 ms from 0.1: ticks 1 (0.1) and 2 (0.2); the second schedules it anew, first at
        // 0.2 + 0.25 = 0.45, then every 50 ms: ticks 3 (0.45) and 4 (0.5), which cancels it: the
        // cancel handler runs right after, at 0.5; nothing more (the source's own handler held it
        // until then; cancelling lets the handlers go).
        #expect(lines == ["tick 1 at 100000", "tick 2 at 200000", "tick 3 at 450000", "tick 4 at 500000", "cancelled at 500000"],
                "\(lines)")
    }

    @Test func aSuspendedSourceFiresOnlyOnceResumed() throws {
        let lines = try run([
            (0, [(1, "began", 100, 100)]), (0.25, [(1, "moved", 110, 100)]), (0.5, [(1, "moved", 120, 100)]),
            (0.62, [(1, "moved", 130, 100)]), (0.85, [(1, "ended", 130, 100)]),
        ], began: { script, log in
            // Inactive at first: made and scheduled at 0 for 0.05, it fires nothing until resumed.
            let source = DispatchSource.makeTimerSource()
            source.schedule(deadline: .now() + 0.05, repeating: 0.1)
            source.setEventHandler { log.lines.append("tick \(Self.now) data \(source.data)") }
            script.source = source
            // Never resumed: its schedule (0.02) and its cancel handler never run.
            let idle = DispatchSource.makeTimerSource()
            idle.schedule(deadline: .now() + 0.02)
            idle.setEventHandler { log.lines.append("idle fired") }
            idle.setCancelHandler { log.lines.append("idle cancelled") }
            script.other = idle
        }, moved: { script, move, log in
            switch move {
            case 1:
                // 0.25: resumed (activated) now. Its firings due at 0.05 + n × 0.1 by now (0.05,
                // 0.15, 0.25) have passed: they come as one at 0.25, after this event, data 3;
                // then 0.35, 0.45. An unbalanced second resume() is ignored.
                script.source?.resume()
                script.source?.resume()
            case 2:
                // 0.5: suspended twice: nothing fires until both are balanced.
                script.source?.suspend()
                script.source?.suspend()
            default:
                // 0.62: one resume() is not enough; the second lets the firings missed meanwhile
                // (0.55 — due while suspended) come as one now, data 1; then 0.65, 0.75.
                script.source?.resume()
                log.lines.append("resumed once at \(Self.now)")
                script.source?.resume()
            }
        }, ended: { script, log in
            // 0.85: the firing due then has run just before this event (work due at an event's
            // time runs before it); cancelled, with no cancel handler; the idle one is cancelled
            // inactive.
            script.source?.cancel()
            script.other?.cancel()
        })
        #expect(lines == [
            "tick 250000 data 3", "tick 350000 data 1", "tick 450000 data 1",
            "resumed once at 620000", "tick 620000 data 1", "tick 650000 data 1", "tick 750000 data 1",
            "tick 850000 data 1",
        ], "\(lines)")
    }

    @Test func firingsMissedWhileSuspendedComeAsOne() throws {
        let lines = try run([
            (0, [(1, "began", 100, 100)]), (0.15, [(1, "moved", 110, 100)]), (0.58, [(1, "moved", 120, 100)]),
            (0.7, [(1, "ended", 120, 100)]),
        ], began: { script, log in
            let source = DispatchSource.makeTimerSource(queue: .main)
            source.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
            source.setEventHandler { log.lines.append("tick \(Self.now) data \(source.data)") }
            source.activate()
            script.source = source
        }, moved: { script, move, _ in
            if move == 1 { script.source?.suspend() } else { script.source?.resume() }
        }, ended: { script, _ in script.source?.cancel() })
        // Due 0.1, 0.2, 0.3, …: fires at 0.1; suspended at 0.15 past 0.2, 0.3, 0.4 and 0.5; resumed
        // at 0.58: those four come as one firing at 0.58 (data 4); then 0.6 and 0.7 (work due at an
        // event's time runs before the event), then the lift at 0.7 cancels it.
        #expect(lines == ["tick 100000 data 1", "tick 580000 data 4", "tick 600000 data 1", "tick 700000 data 1"], "\(lines)")
    }

    @Test func oneShotsFireOnceEvenAfterTheLastEvent() throws {
        let lines = try run([
            (0, [(1, "began", 100, 100)]), (0.1, [(1, "ended", 100, 100)]),
        ], began: { script, log in
            let once = DispatchSource.makeTimerSource(queue: .main)
            once.schedule(deadline: .now() + .milliseconds(300))
            once.setEventHandler { log.lines.append("once \(Self.now)") }
            once.resume()
            script.source = once
            let wall = DispatchSource.makeTimerSource()
            wall.schedule(wallDeadline: .now() + 0.2, repeating: .infinity)
            wall.setEventHandler { log.lines.append("wall \(Self.now) cancelled \(wall.isCancelled)") }
            wall.resume()
            script.other = wall
            let item = DispatchWorkItem { log.lines.append("item \(Self.now)") }
            DispatchQueue.main.asyncAfter(wallDeadline: .now() + .microseconds(250_000), execute: item)
            DispatchQueue.main.asyncAfter(wallDeadline: .now() + 0.15) { log.lines.append("block \(Self.now)") }
            let start = DispatchTime.now()
            log.lines.append("distance \(start.distance(to: start.advanced(by: .milliseconds(300))) == .nanoseconds(300_000_000))")
        })
        // Made at 0: the block given for wall time 0.15 runs then, the wall-time one-shot
        // (repeating .infinity) is due at 0.2, the work item at 0.25, the one-shot (repeating .never by default) at 0.3, all after the last event (0.1):
        // one-shots keep the replay going until they have fired, each once; a fired one-shot is
        // not cancelled.
        #expect(lines == ["distance true", "block 150000", "wall 200000 cancelled false", "item 250000", "once 300000"], "\(lines)")
    }

    @Test func aSourceNobodyHoldsIsGone() throws {
        let lines = try run([
            (0, [(1, "began", 100, 100)]), (0.3, [(1, "moved", 110, 100)]), (0.45, [(1, "ended", 110, 100)]),
        ], began: { script, log in
            let source = DispatchSource.makeTimerSource()
            source.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
            source.setEventHandler { log.lines.append("tick \(Self.now)") }
            source.setCancelHandler { log.lines.append("cancelled") }
            source.resume()
            script.source = source
            let late = DispatchSource.makeTimerSource()
            late.schedule(deadline: .now() + .seconds(2))
            late.setEventHandler { log.lines.append("late \(Self.now)") }
            late.resume()
            script.other = late
            // A repeating Timer ticks after the last event only while other work is pending.
            Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { _ in log.lines.append("timer \(Self.now)") }
        }, moved: { script, _, _ in
            // The bottom sheet's `stopTimer()`: `timer = nil`.
            script.source = nil
            script.other = nil
        })
        // The source fires at 0.1, 0.2 and 0.3 (work due at an event's time runs before the event);
        // let go by the move at 0.3, it fires no more and its cancel handler does not run. The one-shot due at 2.0 goes with it, so after the last event (0.45) nothing but the
        // repeating timer is left and the replay stops: the timer ticks at 0.2 and 0.4 only. At
        // 0.2 the timer (scheduled at 0) runs before the source (rescheduled at 0.1).
        #expect(lines == ["tick 100000", "timer 200000", "tick 200000", "tick 300000", "timer 400000"], "\(lines)")
    }

    @Test func theBottomSheetsTimerHopsToTheMainQueue() throws {
        let lines = try run([
            (0, [(1, "began", 100, 100)]), (0.7, [(1, "moved", 110, 100)]), (1.2, [(1, "ended", 110, 100)]),
        ], began: { script, log in
            // As a bottom sheet's `startTimer()`: a queue of its own, deadline `.now()`, every
            // 500 ms, a handler that hops to the main queue; `stopTimer()` is `timer = nil`.
            let queue = DispatchQueue(label: "com.domain.app.timer")
            script.source = DispatchSource.makeTimerSource(queue: queue)
            script.source?.schedule(deadline: .now(), repeating: .milliseconds(500))
            script.source?.setEventHandler {
                log.lines.append("fired \(Self.now)")
                DispatchQueue.main.async { log.lines.append("main \(Self.now)") }
            }
            script.source!.resume()
        }, moved: { script, _, _ in
            script.source = nil
        })
        // Resumed at the touch-down (0) with its deadline then: it fires at 0, right after the
        // event, and at 0.5; the block it gives the main queue runs after each firing, at its
        // time. Let go at 0.7: nothing at 1.0.
        #expect(lines == ["fired 0", "main 0", "fired 500000", "main 500000"], "\(lines)")
    }

    @Test func aSourceArmedOutsideEveryReplayNeverFires() throws {
        let log = Log()
        let source = DispatchSource.makeTimerSource()
        source.schedule(deadline: .now(), repeating: .milliseconds(10))
        source.setEventHandler { log.lines.append("fired") }
        source.resume()
        // A replay on this thread afterwards runs nothing of it.
        _ = try transcriptText(Self.pressTrace, Self.pressScene(Log()))
        #expect(log.lines.isEmpty)
        #expect(!source.isCancelled)
    }

    /// A long press written with a timer source: it begins when the source fires 0.5 s after the
    /// touch-down; a lift before that fails it (the lift cancels the source).
    final class SourcePress: UIGestureRecognizer {
        var timer: DispatchSourceTimer?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.main)
            timer.schedule(deadline: .now() + .milliseconds(500), repeating: .never)
            timer.setEventHandler { [weak self] in self?.state = .began }
            timer.resume()
            self.timer = timer
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            timer?.cancel()
            state = state == .possible ? .failed : .ended
        }
        override func reset() {
            timer?.cancel()
            timer = nil
        }
    }

    static func pressScene(_ log: Log) -> Scene {
        let press = UIKitRecognizer {
            let press = SourcePress()
            press.addTarget { g in log.lines.append("\(g.state) at \(DispatchSourceTests.now)") }
            return press
        }
        return Scene(views: [
            SceneView(name: "screen", frame: Rect(x: 0, y: 0, width: 400, height: 800),
                      recognizers: [("press", press), ("tap", UIKitRecognizer { UITapGestureRecognizer() })]),
        ], origin: "test", version: 2)
    }

    static let pressTrace = traceJSON([
        (0, [(1, "began", 100, 100)]), (0.7, [(1, "ended", 100, 100)]),
        (1.0, [(2, "began", 100, 100)]), (1.2, [(2, "ended", 100, 100)]),
    ], version: 2)

    @Test func aLongPressWrittenWithATimerSource() throws {
        let log = Log()
        let lines = try transcriptText(Self.pressTrace, Self.pressScene(log))
        // First finger: down at 0, the source due at 0 + 0.5 = 0.5 fires between the events at 0
        // and 0.7 and sets `.began`: the arena lets the press win at 0.5 and fails the tap it
        // competes with (still possible), prevented, as at a deadline; the press's target runs
        // at 0.5. The lift at 0.7 ends it. Second finger: down at 1.0 (due 1.5), lifted at 1.2:
        // the lift cancels the source and fails the press; the tap is recognized at the lift.
        #expect(lines == [
            "0.5000 screen.press state from=possible to=began",
            "0.5000 screen.tap state from=possible to=failed reason=\"prevented by screen.press\"",
            "0.7000 screen.press state from=began to=ended",
            "1.2000 screen.press state from=possible to=failed",
            "1.2000 screen.tap state from=possible to=recognized location=100.0000,100.0000 taps=1",
        ], "\(lines.joined(separator: "\n"))")
        #expect(log.lines == ["began at 500000", "ended at 700000"], "\(log.lines)")
    }

    /// A card that a timer source moves 10 points right every 0.25 s from its touch-down, until
    /// the lift cancels it (the handler moves the view, as the bottom sheet's does).
    static func driftScene() -> Scene {
        final class Drift: UIGestureRecognizer {
            var timer: DispatchSourceTimer?
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
                let timer = DispatchSource.makeTimerSource(queue: .main)
                timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
                timer.setEventHandler { [weak self] in self?.view?.center.x += 10 }
                timer.resume()
                self.timer = timer
            }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
                timer?.cancel()
                state = .failed
            }
        }
        return Scene(views: [
            SceneView(name: "card", frame: Rect(x: 100, y: 100, width: 100, height: 100),
                      recognizers: [("drift", UIKitRecognizer { Drift() })]),
        ], origin: "test", version: 2)
    }

    @Test func twoRunsGiveTheSameBytes() throws {
        let json = traceJSON([
            (0, [(1, "began", 150, 150)]), (0.6, [(1, "moved", 150, 150)]), (0.9, [(1, "ended", 150, 150)]),
        ], version: 2)
        let first = try transcriptText(json, Self.driftScene())
        let second = try transcriptText(json, Self.driftScene())
        #expect(first == second)
        // The card's center starts at (150, 150); the source fires at 0.25, 0.5 and 0.75 (the lift
        // at 0.9 cancels it before 1.0), each firing 10 points right, recorded at its time.
        #expect(first == [
            "0.2500 card.view viewChanged center=160.0000,150.0000",
            "0.5000 card.view viewChanged center=170.0000,150.0000",
            "0.7500 card.view viewChanged center=180.0000,150.0000",
            "0.9000 card.drift state from=possible to=failed",
        ], "\(first.joined(separator: "\n"))")
    }
}
