import Testing
@testable import TouchTrace

/// `swipe` (SPEC 13, 13.1).
@Suite struct SwipeTests {
    func lines(_ events: [(t: Double, touches: [T])], _ swipe: SwipeRecognizer = SwipeRecognizer()) throws -> [String] {
        try transcript(traceJSON(events, version: 2), scene: scene2([view("v", [0, 0, 400, 800], [rec("swipe", swipe)])]))
    }

    func stroke(to x: Double, _ y: Double, via: (Double, Double)? = nil) -> [(t: Double, touches: [T])] {
        var events: [(t: Double, touches: [T])] = [(0, [(1, "began", 100, 100)])]
        if let via { events.append((0.05, [(1, "moved", 100 + via.0, 100 + via.1)])) }
        events.append((0.1, [(1, "moved", 100 + x, 100 + y)]))
        events.append((0.15, [(1, "ended", 100 + x, 100 + y)]))
        return events
    }

    @Test func recognizedAtTheFirstMoveLongEnoughInTheDirection() throws {
        // 40 points at 0.05 is short of 50: nothing yet. 60 points at 0.1: recognized.
        #expect(try lines(stroke(to: 60, 0, via: (40, 0)))
                == ["0.1000 v.swipe state from=possible to=recognized direction=right translation=60.0000,0.0000"])
        // Exactly 50 points is enough.
        #expect(try lines(stroke(to: 50, 0)).first?.hasPrefix("0.1000 v.swipe state from=possible to=recognized") == true)
    }

    @Test func theAngleToTheDirectionIsAtMostMaximumAngle() throws {
        // atan(28.8/50) = 29.94°: within 30°. atan(29/50) = 30.11°: not.
        #expect(try lines(stroke(to: 50, 28.8)) == ["0.1000 v.swipe state from=possible to=recognized direction=right translation=50.0000,28.8000"])
        // Its length is √(50² + 29²) = √3341 = 57.8014 points.
        #expect(try lines(stroke(to: 50, 29))
                == [#"0.1000 v.swipe state from=possible to=failed reason="moved 57.8014 points by (50, 29), more than 30° from the direction right""#])
    }

    @Test func aMovementTheWrongWayFails() throws {
        let left = try lines(stroke(to: -60, 0))
        #expect(left.count == 1 && left[0].hasPrefix("0.1000 v.swipe state from=possible to=failed"), "\(left)")
        // Allowed left, it is recognized, and the direction says so.
        #expect(try lines(stroke(to: -60, 0), SwipeRecognizer(directions: [.left]))
                == ["0.1000 v.swipe state from=possible to=recognized direction=left translation=-60.0000,0.0000"])
    }

    @Test func withSeveralDirectionsTheNearestIsNamed() throws {
        // (40, −50): 38.66° from up (atan(40/50)), 51.34° from right; both within 60°: up.
        // Down is 180° − 38.66° away and y grows downward, so up is y < 0.
        let swipe = SwipeRecognizer(directions: [.right, .up, .down], maximumAngle: 60)
        #expect(try lines(stroke(to: 40, -50), swipe) == ["0.1000 v.swipe state from=possible to=recognized direction=up translation=40.0000,-50.0000"])
        #expect(try lines(stroke(to: 50, 40), swipe) == ["0.1000 v.swipe state from=possible to=recognized direction=right translation=50.0000,40.0000"])
        #expect(try lines(stroke(to: 40, 50), swipe) == ["0.1000 v.swipe state from=possible to=recognized direction=down translation=40.0000,50.0000"])
    }

    @Test func tooSlowFailsAtTheDeadline() throws {
        // Deadline: touch-down 0 + 0.5 s; the move of 60 points at 0.5 comes after it.
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 100, 100)]), (0.5, [(1, "moved", 160, 100)]), (0.6, [(1, "ended", 160, 100)])]
        #expect(try lines(events) == [#"0.5000 v.swipe state from=possible to=failed reason="did not move 50 points within 0.5 s of touching down""#])
    }

    @Test func liftingFirstFails() throws {
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 100, 100)]), (0.1, [(1, "moved", 130, 100)]), (0.2, [(1, "ended", 130, 100)])]
        #expect(try lines(events) == [#"0.2000 v.swipe state from=possible to=failed reason="touch 1 lifted before the swipe moved 50 points""#])
    }

    @Test func aTwoFingerSwipeIsJudgedOnTheCentroid() throws {
        // Touch 1 moves 80, touch 2 moves 30: the centroid moves 55 to the right.
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 100, 100), (2, "began", 100, 200)]),
                                                   (0.1, [(1, "moved", 180, 100), (2, "moved", 130, 200)]),
                                                   (0.2, [(1, "ended", 180, 100), (2, "ended", 130, 200)])]
        #expect(try lines(events, SwipeRecognizer(numberOfTouchesRequired: 2))
                == ["0.1000 v.swipe state from=possible to=recognized direction=right translation=55.0000,0.0000"])
        let one = try lines(events, SwipeRecognizer())
        #expect(one == [#"0.0000 v.swipe state from=possible to=failed reason="2 touches down at once; the swipe takes 1""#])
    }
}
