import Testing
@testable import TouchTrace

/// The deadline queue on its own (SPEC 10, 13.1 "whole microseconds").
@Suite struct DeadlineQueueTests {
    @Test func timesAreRoundedToTheNearestMicrosecond() {
        // 1.001 × 10⁶ is 1000999.9999999999 in doubles: truncating would give 1,000,999 µs.
        #expect(DeadlineQueue.micros(1.001) == 1_001_000)
        #expect(DeadlineQueue.micros(0.5000004) == 500_000)
        #expect(DeadlineQueue.micros(0.5000006) == 500_001)
        #expect(DeadlineQueue.micros(0) == 0)
        #expect(DeadlineQueue.micros(-0.0000016) == -2)
    }

    @Test func earliestFirstWhateverTheOrderAskedIn() {
        var q = DeadlineQueue()
        q.set(2, at: 0.3)
        q.set(0, at: 0.1)
        q.set(1, at: 0.2)
        #expect(q.entries.map(\.recognizer) == [0, 1, 2])
        #expect(q.entries.map(\.micros) == [100_000, 200_000, 300_000])
    }

    @Test func tiesInWholeMicrosecondsGoInSceneOrder() {
        var q = DeadlineQueue()
        q.set(3, at: 0.5000004)
        q.set(1, at: 0.5)
        #expect(q.entries.map(\.recognizer) == [1, 3], "0.5000004 s and 0.5 s are the same microsecond")
        var r = DeadlineQueue()
        r.set(1, at: 0.5000004)
        r.set(3, at: 0.5)
        #expect(r.entries.map(\.recognizer) == [1, 3])
        // Each keeps its own time for its records.
        #expect(r.deadline(of: 1)?.time == 0.5000004)
        // One microsecond apart is no tie: the later one goes last even if it comes first in scene order.
        var s = DeadlineQueue()
        s.set(3, at: 0.5)
        s.set(1, at: 0.500001)
        #expect(s.entries.map(\.recognizer) == [3, 1])
    }

    @Test func askingAgainReplacesTheDeadline() {
        var q = DeadlineQueue()
        q.set(0, at: 0.1)
        q.set(1, at: 0.2)
        q.set(0, at: 0.3)
        #expect(q.entries.map(\.recognizer) == [1, 0])
        #expect(q.entries.count == 2)
        #expect(q.deadline(of: 0)?.time == 0.3)
        q.set(0, at: 0.05)
        #expect(q.entries.map(\.recognizer) == [0, 1])
    }

    @Test func removingDropsOnlyThatRecognizersDeadline() {
        var q = DeadlineQueue()
        q.set(0, at: 0.1)
        q.set(1, at: 0.2)
        q.remove(1)
        #expect(q.entries.map(\.recognizer) == [0])
        q.remove(7)
        #expect(q.entries.map(\.recognizer) == [0])
        q.remove(0)
        #expect(q.isEmpty)
        #expect(q.deadline(of: 0) == nil)
    }

    @Test func popDueTakesOnlyWhatIsDueByTheBound() {
        var q = DeadlineQueue()
        q.set(4, at: 0.2)
        q.set(2, at: 0.1)
        #expect(q.popDue(by: 99_999) == nil)
        #expect(q.entries.count == 2, "nothing is taken when nothing is due")
        #expect(q.popDue(by: 100_000)?.recognizer == 2, "a deadline at the bound is due")
        #expect(q.popDue(by: 100_000) == nil)
        #expect(q.popDue(by: nil)?.recognizer == 4, "without a bound every deadline is due")
        #expect(q.popDue(by: nil) == nil)
    }
}

/// Deadlines through replays (SPEC 10), seen through a `Probe`.
@Suite struct DeadlineReplayTests {
    let full = [0.0, 0, 400, 800]

    @Test func aDeadlineFiresBeforeAnEventAtTheSameTime() throws {
        let probe = Probe([.init(at: 0, on: .began, deadline: 0.2)])
        let lines = try brief2([(0, [(1, "began", 10, 10)]), (0.2, [(1, "moved", 20, 10)]), (0.3, [(1, "ended", 20, 10)])],
                               scene: scene2([view("v", full, [rec("p", probe)])]))
        #expect(lines == ["0.0000 v.p touchesBegan touch=1", "0.2000 v.p deadline", "0.2000 v.p touchesMoved touch=1",
                          "0.3000 v.p touchesEnded touch=1"])
    }

    @Test func aDeadlineWithinHalfAMicrosecondOfAnEventIsDueAtIt() throws {
        // 0.2000004 s rounds to 200,000 µs, the event's microsecond: it fires first, with its own time.
        let probe = Probe([.init(at: 0, on: .began, deadline: 0.2000004)])
        let lines = try transcript(traceJSON([(0, [(1, "began", 10, 10)]), (0.2, [(1, "moved", 20, 10)]), (0.3, [(1, "ended", 20, 10)])], version: 2),
                                   scene: scene2([view("v", full, [rec("p", probe)])]), format: .jsonl)
        #expect(lines[1] == #"{"t":0.2000004,"view":"v","source":"p","event":"deadline"}"#)
        #expect(lines[2].hasPrefix(#"{"t":0.2,"view":"v","source":"p","event":"touchesMoved""#))
        // 0.2000006 s is 200,001 µs: after the event.
        let later = Probe([.init(at: 0, on: .began, deadline: 0.2000006)])
        let after = try brief2([(0, [(1, "began", 10, 10)]), (0.2, [(1, "moved", 20, 10)]), (0.3, [(1, "ended", 20, 10)])],
                               scene: scene2([view("v", full, [rec("p", later)])]))
        #expect(after[1] == "0.2000 v.p touchesMoved touch=1")
        #expect(after[2] == "0.2000 v.p deadline")
    }

    @Test func deadlinesTiedInMicrosecondsFireInSceneOrder() throws {
        // "b" (on a subview) comes after "a" (on its superview) in scene order but asks for the
        // earlier-looking time; both are 500,000 µs, so "a" goes first. Each fails at its
        // deadline, writing its record at its own time.
        let a = Probe([.init(at: 0, on: .began, deadline: 0.5000004), .init(at: 0.5000004, on: .deadline, ask: [.failed])], writesCalls: false)
        let b = Probe([.init(at: 0, on: .began, deadline: 0.5), .init(at: 0.5, on: .deadline, ask: [.failed])], writesCalls: false)
        let scene = scene2([view("outer", full, [rec("a", a)]), view("inner", [0, 0, 100, 100], superview: 0, [rec("b", b)])])
        let lines = try transcript(traceJSON([(0, [(1, "began", 10, 10)]), (1, [(1, "ended", 10, 10)])], version: 2),
                                   scene: scene, format: .jsonl)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"t":0.5000004,"view":"outer","source":"a","event":"state""#) == true)
        #expect(lines.last?.hasPrefix(#"{"t":0.5,"view":"inner","source":"b","event":"state""#) == true)
    }

    @Test func deadlinesAfterTheLastEventFireAfterTouchesStillDownAreCancelled() throws {
        let probe = Probe([.init(at: 0, on: .began, deadline: 0.9)])
        let lines = try brief2([(0, [(1, "began", 10, 10)]), (0.1, [(1, "moved", 12, 10)])],
                               scene: scene2([view("v", full, [rec("p", probe)])]))
        #expect(lines == ["0.0000 v.p touchesBegan touch=1", "0.1000 v.p touchesMoved touch=1", "0.1000 v.p touchesCancelled touch=1",
                          "0.9000 v.p deadline"])
    }

    @Test func deadlinesAfterTheLastEventFireEarliestFirstAndCanAskForMore() throws {
        let probe = Probe([.init(at: 0, on: .began, deadline: 2), .init(at: 2, on: .deadline, deadline: 3),
                           .init(at: 3, on: .deadline, ask: [.failed])])
        let other = Probe([.init(at: 0, on: .began, deadline: 2.5)])
        let lines = try brief2([(0, [(1, "began", 10, 10)]), (0.1, [(1, "ended", 10, 10)])],
                               scene: scene2([view("v", full, [rec("p", probe), rec("q", other)])]))
        #expect(lines == ["0.0000 v.p touchesBegan touch=1", "0.0000 v.q touchesBegan touch=1",
                          "0.1000 v.p touchesEnded touch=1", "0.1000 v.q touchesEnded touch=1",
                          "2.0000 v.p deadline", "2.5000 v.q deadline", "3.0000 v.p deadline", "3.0000 v.p failed askedAt=3.0000"])
    }

    @Test func aDeadlineAskedForAtADeadlineStillFiresBeforeTheNextEventIfDue() throws {
        // At its 0.1 s deadline it asks for 0.15 s: due before the event at 0.2 s too.
        let probe = Probe([.init(at: 0, on: .began, deadline: 0.1), .init(at: 0.1, on: .deadline, deadline: 0.15)])
        let lines = try brief2([(0, [(1, "began", 10, 10)]), (0.2, [(1, "ended", 10, 10)])], scene: scene2([view("v", full, [rec("p", probe)])]))
        #expect(lines == ["0.0000 v.p touchesBegan touch=1", "0.1000 v.p deadline", "0.1500 v.p deadline", "0.2000 v.p touchesEnded touch=1"])
    }

    @Test func aRecognizerCalledAtItsDeadlineWritesItsRecordsAtThatTime() throws {
        let probe = Probe([.init(at: 0, on: .began, deadline: 0.25), .init(at: 0.25, on: .deadline, ask: [.began])], writesCalls: false)
        let lines = try brief2([(0, [(1, "began", 10, 10)]), (0.4, [(1, "ended", 10, 10)])],
                               scene: scene2([view("v", full, [rec("p", probe)])]))
        #expect(lines == ["0.2500 v.p began askedAt=0.2500"])
    }

    @Test func askingAgainReplacesAndCancellingDrops() throws {
        let replaced = Probe([.init(at: 0, on: .began, deadline: 0.3), .init(at: 0.1, on: .moved, deadline: 0.6)])
        let lines = try brief2([(0, [(1, "began", 10, 10)]), (0.1, [(1, "moved", 11, 10)]), (1, [(1, "ended", 11, 10)])],
                               scene: scene2([view("v", full, [rec("p", replaced)])]))
        #expect(lines.filter { $0.hasSuffix("deadline") } == ["0.6000 v.p deadline"])
        let dropped = Probe([.init(at: 0, on: .began, deadline: 0.3), .init(at: 0.1, on: .moved, cancelDeadline: true)])
        let none = try brief2([(0, [(1, "began", 10, 10)]), (0.1, [(1, "moved", 11, 10)]), (1, [(1, "ended", 11, 10)])],
                              scene: scene2([view("v", full, [rec("p", dropped)])]))
        #expect(none.filter { $0.hasSuffix("deadline") }.isEmpty)
    }

    @Test func aRecognizerThatBecomesFinalAndIsResetLosesItsDeadline() throws {
        // It asks for 1 s, then fails at 0.1 s (its touch lifted: reset at once). The next
        // gesture asks for a deadline of its own, which fires.
        let probe = Probe([.init(at: 0, on: .began, deadline: 1), .init(at: 0.1, on: .ended, ask: [.failed]),
                           .init(at: 2, on: .began, deadline: 2.5)])
        let lines = try brief2([(0, [(1, "began", 10, 10)]), (0.1, [(1, "ended", 10, 10)]),
                                (2, [(2, "began", 10, 10)]), (3, [(2, "ended", 10, 10)])],
                               scene: scene2([view("v", full, [rec("p", probe)])]))
        #expect(lines == ["0.0000 v.p touchesBegan touch=1", "0.1000 v.p touchesEnded touch=1", "0.1000 v.p failed askedAt=0.1000",
                          "2.0000 v.p touchesBegan touch=2", "2.5000 v.p deadline", "3.0000 v.p touchesEnded touch=2"])
    }

    @Test func aWaitingRecognizerHasNoDeadline() throws {
        // r asks for a deadline at 0.5 s, then would win at 0.1 s but requires f to fail: it
        // waits, and its deadline is gone. f fails at 1 s; r wins then, with the kept data.
        let r = Probe([.init(at: 0, on: .began, deadline: 0.5), .init(at: 0.1, on: .moved, ask: [.began])])
        let f = Probe([.init(at: 1, on: .moved, ask: [.failed])], writesCalls: false)
        let lines = try brief2([(0, [(1, "began", 10, 10)]), (0.1, [(1, "moved", 11, 10)]), (0.7, [(1, "moved", 12, 10)]),
                                (1, [(1, "moved", 13, 10)]), (1.2, [(1, "ended", 13, 10)])],
                               scene: scene2([view("v", full, [rec("r", r, requireToFail: ["f"]), rec("f", f)])]))
        #expect(lines == ["0.0000 v.r touchesBegan touch=1", "0.1000 v.r touchesMoved touch=1",
                          "1.0000 v.f failed askedAt=1.0000", "1.0000 v.r began askedAt=0.1000",
                          "1.2000 v.r touchesEnded touch=1"])
    }
}
