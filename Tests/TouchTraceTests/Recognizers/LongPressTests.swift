import Testing
@testable import TouchTrace

/// `longPress` (SPEC 13, 13.1).
@Suite struct LongPressTests {
    func lines(_ events: [(t: Double, touches: [T])], _ press: LongPressRecognizer = LongPressRecognizer()) throws -> [String] {
        try transcript(traceJSON(events, version: 2), scene: scene2([view("v", [0, 0, 400, 800], [rec("press", press)])]))
    }

    @Test func itBeginsAtTheDeadlineThenFollowsEveryMoveAndEndsAtTheLift() throws {
        // Deadline: 0.1 + 0.5 = 0.6 s, with no event then. After began, a move of 100 points
        // is no longer limited.
        #expect(try lines([(0.1, [(1, "began", 10, 20)]), (0.3, [(1, "moved", 15, 20)]), (0.8, [(1, "moved", 115, 20)]), (0.9, [(1, "ended", 115, 20)])]) == [
            "0.6000 v.press state from=possible to=began location=15.0000,20.0000",
            "0.8000 v.press state from=began to=changed location=115.0000,20.0000",
            "0.9000 v.press state from=changed to=ended location=115.0000,20.0000",
        ])
    }

    @Test func theDeadlineCountsFromTheLastRequiredTouch() throws {
        // Two fingers: the second lands at 0.2, so began at 0.7, at their centroid.
        #expect(try lines([(0, [(1, "began", 10, 10)]), (0.2, [(2, "began", 30, 50)]), (1, [(1, "ended", 10, 10), (2, "ended", 30, 50)])],
                          LongPressRecognizer(numberOfTouchesRequired: 2)) == [
            "0.7000 v.press state from=possible to=began location=20.0000,30.0000",
            "1.0000 v.press state from=began to=ended location=20.0000,30.0000",
        ])
    }

    @Test func beforeItBeginsMovementIsLimited() throws {
        // 10 points is allowed; 10.5 is not.
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.2, [(1, "moved", 10, 30)]), (0.6, [(1, "ended", 10, 30)])]).first
                == "0.5000 v.press state from=possible to=began location=10.0000,30.0000")
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.2, [(1, "moved", 10, 30.5)]), (0.6, [(1, "ended", 10, 30.5)])])
                == [#"0.2000 v.press state from=possible to=failed reason="touch 1 moved 10.5 points to (10, 30.5) before the press began; at most 10 points allowed""#])
    }

    @Test func liftingBeforeTheDeadlineFails() throws {
        // The lift at exactly 0.5 s comes after the deadline at 0.5 s (deadlines first): began, then ended.
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.5, [(1, "ended", 10, 20)])])
                == ["0.5000 v.press state from=possible to=began location=10.0000,20.0000", "0.5000 v.press state from=began to=ended location=10.0000,20.0000"])
        let early = try lines([(0, [(1, "began", 10, 20)]), (0.4, [(1, "ended", 10, 20)])])
        #expect(early.count == 1 && early[0].hasPrefix(#"0.4000 v.press state from=possible to=failed reason="touch 1 lifted"#), "\(early)")
    }

    @Test func aCancelledTouchBeforeItBeganFailsAndAfterItCancels() throws {
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.2, [(1, "cancelled", 10, 20)])])
                == [#"0.2000 v.press state from=possible to=failed reason="cancelled""#])
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.7, [(1, "cancelled", 10, 20)])])
                == ["0.5000 v.press state from=possible to=began location=10.0000,20.0000", "0.7000 v.press state from=began to=cancelled reason=\"touch 1 was cancelled\" location=10.0000,20.0000"])
    }

    @Test func moreTouchesThanRequiredFail() throws {
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.1, [(2, "began", 50, 20)]), (0.7, [(1, "ended", 10, 20), (2, "ended", 50, 20)])])
                == [#"0.1000 v.press state from=possible to=failed reason="2 touches down at once; the press takes 1""#])
    }
}
