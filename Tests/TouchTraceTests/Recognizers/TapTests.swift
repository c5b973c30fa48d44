import Testing
@testable import TouchTrace

/// `tap` (SPEC 13, 13.1): one view with one tap recognizer, in a version 2 trace.
@Suite struct TapTests {
    func lines(_ events: [(t: Double, touches: [T])], _ tap: TapRecognizer = TapRecognizer()) throws -> [String] {
        try transcript(traceJSON(events, version: 2), scene: scene2([view("v", [0, 0, 400, 800], [rec("tap", tap)])]))
    }

    @Test func aSingleTapIsRecognizedAtTheLiftWithWhereItBegan() throws {
        // location is where the tap began (10, 20), not where it lifted.
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.1, [(1, "ended", 12, 21)])])
                == ["0.1000 v.tap state from=possible to=recognized location=10.0000,20.0000 taps=1"])
    }

    @Test func aTapLastingItsMaximumDurationFailsAtTheDeadline() throws {
        // Deadline: touch-down 0 + maximumTapDuration 0.75 = 0.75 s. A deadline fires before an
        // event at the same time, so a lift at exactly 0.75 s is too late.
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.75, [(1, "ended", 10, 20)])])
                == [#"0.7500 v.tap state from=possible to=failed reason="tap 1 lasted 0.75 s without lifting""#])
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.7499, [(1, "ended", 10, 20)])])
                == ["0.7499 v.tap state from=possible to=recognized location=10.0000,20.0000 taps=1"])
        // A finger still down when the trace ends is cancelled at the last event: the tap fails
        // then, and its deadline at 0.75 s is dropped.
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.1, [(1, "moved", 10, 20)])])
                == [#"0.1000 v.tap state from=possible to=failed reason="touch 1 was cancelled""#])
    }

    @Test func aDoubleTap() throws {
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.1, [(1, "ended", 10, 20)]), (0.3, [(2, "began", 30, 20)]), (0.4, [(2, "ended", 30, 20)])],
                          TapRecognizer(numberOfTapsRequired: 2))
                == ["0.4000 v.tap state from=possible to=recognized location=10.0000,20.0000 taps=2"])
    }

    @Test func theNextTapMustBeginWithinTheInterval() throws {
        // Deadline: last lift 0.1 + 0.35 = 0.44999999999999996 in doubles, 450,000 µs — the
        // same microsecond as the second touch-down at 0.45, so the deadline comes first. The
        // touch at 0.45 then starts a new gesture, whose own interval ends at 0.5 + 0.35 = 0.85.
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 10, 20)]), (0.1, [(1, "ended", 10, 20)]),
                                                   (0.45, [(2, "began", 10, 20)]), (0.5, [(2, "ended", 10, 20)])]
        #expect(try lines(events, TapRecognizer(numberOfTapsRequired: 2)) == [
            #"0.4500 v.tap state from=possible to=failed reason="tap 2 did not begin within 0.35 s of the last lift""#,
            #"0.8500 v.tap state from=possible to=failed reason="tap 2 did not begin within 0.35 s of the last lift""#,
        ])
        let inTime: [(t: Double, touches: [T])] = [(0, [(1, "began", 10, 20)]), (0.1, [(1, "ended", 10, 20)]),
                                                   (0.4499, [(2, "began", 10, 20)]), (0.5, [(2, "ended", 10, 20)])]
        #expect(try lines(inTime, TapRecognizer(numberOfTapsRequired: 2)) == ["0.5000 v.tap state from=possible to=recognized location=10.0000,20.0000 taps=2"])
    }

    @Test func eachTapHasItsOwnMaximumDuration() throws {
        // The second tap goes down at 0.3: its deadline is 0.3 + 0.75 = 1.05 s (whole
        // microseconds: 1,050,000), the time of its lift, so it has lasted too long.
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 10, 20)]), (0.1, [(1, "ended", 10, 20)]),
                                                   (0.3, [(2, "began", 10, 20)]), (1.05, [(2, "ended", 10, 20)])]
        #expect(try lines(events, TapRecognizer(numberOfTapsRequired: 2))
                == [#"1.0500 v.tap state from=possible to=failed reason="tap 2 lasted 0.75 s without lifting""#])
    }

    @Test func movementIsMeasuredFromWhereTheTouchWentDown() throws {
        // 45 points is allowed, 45.5 is not.
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.05, [(1, "moved", 55, 20)]), (0.1, [(1, "ended", 55, 20)])])
                == ["0.1000 v.tap state from=possible to=recognized location=10.0000,20.0000 taps=1"])
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.05, [(1, "moved", 55.5, 20)]), (0.1, [(1, "ended", 55.5, 20)])])
                == [#"0.0500 v.tap state from=possible to=failed reason="touch 1 moved 45.5 points to (55.5, 20); at most 45 points allowed""#])
    }

    @Test func aLaterTapMustBeginNearTheFirst() throws {
        // The second tap lands 46 points right of the first (more than 45).
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 10, 20)]), (0.1, [(1, "ended", 10, 20)]),
                                                   (0.2, [(2, "began", 56, 20)]), (0.3, [(2, "ended", 56, 20)])]
        let found = try lines(events, TapRecognizer(numberOfTapsRequired: 2))
        #expect(found.first?.hasPrefix(#"0.2000 v.tap state from=possible to=failed reason="tap 2 began at (56, 20), 46 points from the first tap at (10, 20)"#) == true,
                "\(found)")
    }

    @Test func aTwoFingerTap() throws {
        // location: the centroid where the two touches went down, ((10 + 30)/2, (10 + 50)/2).
        let tap = TapRecognizer(numberOfTouchesRequired: 2)
        #expect(try lines([(0, [(1, "began", 10, 10)]), (0.02, [(2, "began", 30, 50)]), (0.1, [(1, "ended", 10, 10)]), (0.12, [(2, "ended", 30, 50)])], tap)
                == ["0.1200 v.tap state from=possible to=recognized location=20.0000,30.0000 taps=1"])
        // A third touch: more than required.
        #expect(try lines([(0, [(1, "began", 10, 10), (2, "began", 30, 50), (3, "began", 60, 50)]),
                           (0.1, [(1, "ended", 10, 10), (2, "ended", 30, 50), (3, "ended", 60, 50)])], tap)
                == [#"0.0000 v.tap state from=possible to=failed reason="3 touches down at once; the tap takes 2""#])
        // One lifts before the other lands.
        #expect(try lines([(0, [(1, "began", 10, 10)]), (0.05, [(1, "ended", 10, 10)]), (0.1, [(2, "began", 30, 50)]), (0.2, [(2, "ended", 30, 50)])], tap)
                .first == #"0.0500 v.tap state from=possible to=failed reason="touch 1 lifted before the tap's 2 touches were down together""#)
    }

    @Test func aCancelledTouchFailsIt() throws {
        #expect(try lines([(0, [(1, "began", 10, 20)]), (0.1, [(1, "cancelled", 10, 20)])])
                == [#"0.1000 v.tap state from=possible to=failed reason="touch 1 was cancelled""#])
    }
}
