import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TouchTrace

/// `pinch` and `twoFingerRotation` (SPEC 13, 13.1), record by record.
@Suite struct TwoFingerTests {
    func records(_ events: [(t: Double, touches: [T])], _ recognizer: any Recognizer) throws -> [Record] {
        try TouchTraceTests.records(traceJSON(events, version: 2), scene: scene2([view("v", [0, 0, 1000, 1000], [rec("g", recognizer)])]))
    }

    // MARK: Pinch

    @Test func aPinchBeginsOnceTheSpanHasChangedEnoughAndCarriesItsScale() throws {
        // Fingers 100 points apart. At 0.01 the span is 105 (change 5 < 8): nothing. At 0.02 it is
        // 110 (change 10 ≥ 8): began, scale 110/100 = 1.1, midpoint ((100 + 210)/2, 100).
        // Samples (0, 1), (0.01, 1.05), (0.02, 1.1) lie on a line of slope 0.05/0.01 = 5 per
        // second, which the quadratic fit reproduces: velocity 5. At 0.03 the span is 200:
        // scale 2.
        let events: [(t: Double, touches: [T])] = [
            (0, [(1, "began", 100, 100), (2, "began", 200, 100)]), (0.01, [(2, "moved", 205, 100)]), (0.02, [(2, "moved", 210, 100)]),
            (0.03, [(2, "moved", 300, 100)]), (0.04, [(1, "ended", 100, 100), (2, "ended", 300, 100)]),
        ]
        let r = try records(events, PinchRecognizer())
        #expect(r.map { $0.to ?? "" } == ["began", "changed", "ended"])
        #expect(r[0].t == 0.02)
        #expect(close(r[0].number("scale")!, 1.1))
        #expect(close(r[0].number("velocity")!, 5, 1e-6))
        #expect(r[0].point("location") == Point(x: 155, y: 100))
        #expect(close(r[1].number("scale")!, 2))
        #expect(r[1].point("location") == Point(x: 200, y: 100))
        #expect(close(r[2].number("scale")!, 2))
    }

    @Test func theScaleCarriesOnWhenAFingerIsReplaced() throws {
        // Scale 2 (100 → 200). Finger 2 lifts (1 still tracked: no end); finger 3 lands 50
        // points from finger 1: the new pair starts at scale 2 and distance 50; at 100 apart
        // the scale is 2 × 100/50 = 4. When finger 1 lifts, finger 3 alone is tracked; the
        // gesture ends when no tracked finger is down.
        let events: [(t: Double, touches: [T])] = [
            (0, [(1, "began", 100, 100), (2, "began", 200, 100)]), (0.02, [(2, "moved", 300, 100)]), (0.04, [(2, "ended", 300, 100)]),
            (0.06, [(3, "began", 150, 100)]), (0.08, [(3, "moved", 200, 100)]), (0.1, [(1, "ended", 100, 100)]), (0.12, [(3, "ended", 200, 100)]),
        ]
        let r = try records(events, PinchRecognizer())
        #expect(r.map { $0.to ?? "" } == ["began", "changed", "ended"])
        #expect(close(r[0].number("scale")!, 2))
        #expect(r[1].t == 0.08 && close(r[1].number("scale")!, 4))
        #expect(r[2].t == 0.12)
    }

    @Test func aPinchTracksTheTwoEarliestTouchesOnly() throws {
        // Touch 3 lands last: its moves change nothing. Touch 2 then moves from 100 to 120
        // points from touch 1: scale 1.2, midpoint ((100 + 220)/2, 100).
        let events: [(t: Double, touches: [T])] = [
            (0, [(1, "began", 100, 100), (2, "began", 200, 100)]), (0.01, [(3, "began", 500, 500)]), (0.02, [(3, "moved", 900, 900)]),
            (0.03, [(2, "moved", 220, 100)]), (0.04, [(1, "ended", 100, 100), (2, "ended", 220, 100), (3, "ended", 900, 900)]),
        ]
        let r = try records(events, PinchRecognizer())
        #expect(r.map { $0.to ?? "" } == ["began", "ended"])
        #expect(r[0].t == 0.03 && close(r[0].number("scale")!, 1.2))
        #expect(r[0].point("location") == Point(x: 160, y: 100))
    }

    @Test func aPinchWhoseFingersLiftBeforeItBeganFails() throws {
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 100, 100), (2, "began", 200, 100)]), (0.01, [(2, "moved", 203, 100)]),
                                                   (0.02, [(1, "ended", 100, 100)]), (0.03, [(2, "ended", 203, 100)])]
        let r = try records(events, PinchRecognizer())
        #expect(r.count == 1)
        #expect(r.first?.t == 0.03 && r.first?.to == "failed" && r.first?.text("reason") == "every touch lifted before the gesture began")
    }

    @Test func aCancelledTrackedTouchCancelsOrFailsIt() throws {
        let began: [(t: Double, touches: [T])] = [(0, [(1, "began", 100, 100), (2, "began", 200, 100)]), (0.01, [(2, "moved", 220, 100)]),
                                                  (0.02, [(2, "cancelled", 220, 100)]), (0.03, [(1, "ended", 100, 100)])]
        #expect(try records(began, PinchRecognizer()).map { $0.to ?? "" } == ["began", "cancelled"])
        let possible: [(t: Double, touches: [T])] = [(0, [(1, "began", 100, 100), (2, "began", 200, 100)]),
                                                     (0.02, [(2, "cancelled", 200, 100)]), (0.03, [(1, "ended", 100, 100)])]
        let r = try records(possible, PinchRecognizer())
        #expect(r.count == 1 && r[0].to == "failed" && r[0].t == 0.02)
    }

    // MARK: Rotation

    @Test func aRotationBeginsAtItsMinimum() throws {
        // The line from finger 1 to finger 2 turns to 0.0872 rad (under 0.0873), then 0.0874.
        func at(_ angle: Double) -> T { (2, "moved", 100 + 100 * cos(angle), 100 + 100 * sin(angle)) }
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 100, 100), (2, "began", 200, 100)]), (0.01, [at(0.0872)]), (0.02, [at(0.0874)]),
                                                   (0.03, [(1, "ended", 100, 100), (2, "ended", 200, 100)])]
        let r = try records(events, TwoFingerRotationRecognizer())
        #expect(r.map { $0.to ?? "" } == ["began", "ended"])
        #expect(r[0].t == 0.02)
        #expect(close(r[0].number("rotation")!, 0.0874, 1e-12))
    }

    @Test func aRotationAccumulatesAcrossPlusMinusPi() throws {
        // Finger 1 at (500, 500). Finger 2 starts at (400, 499): the line (−100, −1) has angle
        // −π + atan(0.01). It moves to (400, 501): angle π − atan(0.01). Unwrapped, the step is
        // −2·atan(0.01) (counter-clockwise on the screen, not almost a full turn). Then to
        // (500, 600), angle π/2: a step of π/2 − (π − atan(0.01)) = −π/2 + atan(0.01), total
        // −π/2 − atan(0.01). Then to (600, 500), angle 0: a step of −π/2, total −π − atan(0.01),
        // beyond −π: accumulated, never wrapped.
        let a = atan(0.01)
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 500, 500), (2, "began", 400, 499)]), (0.01, [(2, "moved", 400, 501)]),
                                                   (0.02, [(2, "moved", 500, 600)]), (0.03, [(2, "moved", 600, 500)]),
                                                   (0.04, [(1, "ended", 500, 500), (2, "ended", 600, 500)])]
        let r = try records(events, TwoFingerRotationRecognizer(minimumRotation: 0.01))
        #expect(r.map { $0.to ?? "" } == ["began", "changed", "changed", "ended"])
        #expect(close(r[0].number("rotation")!, -2 * a, 1e-12))
        #expect(close(r[1].number("rotation")!, -Double.pi / 2 - a, 1e-12))
        #expect(close(r[2].number("rotation")!, -Double.pi - a, 1e-12))
        #expect(r[2].point("location") == Point(x: 550, y: 500))
    }

    @Test func aHalfTurnInOneStepIsPlusPi() throws {
        // Steps are unwrapped into (−π, π]: a step of exactly −π counts as +π. The line turns
        // from (0, 100) (angle π/2) to (0, −100) (angle −π/2): −π, counted +π.
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 100, 100), (2, "began", 100, 200)]), (0.01, [(2, "moved", 100, 0)]),
                                                   (0.02, [(1, "ended", 100, 100), (2, "ended", 100, 0)])]
        let r = try records(events, TwoFingerRotationRecognizer())
        #expect(r.first?.to == "began")
        #expect(r.first?.number("rotation") == Double.pi)
    }

    @Test func clockwiseOnTheScreenIsPositive() throws {
        // y grows downward: turning the line from (100, 0) to (0, 100) — right to down — is a
        // quarter turn clockwise on the screen: +π/2.
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 100, 100), (2, "began", 200, 100)]), (0.01, [(2, "moved", 100, 200)]),
                                                   (0.02, [(1, "ended", 100, 100), (2, "ended", 100, 200)])]
        let r = try records(events, TwoFingerRotationRecognizer())
        #expect(r.first.map { close($0.number("rotation")!, Double.pi / 2, 1e-12) } == true)
    }

    @Test func rotationVelocityIsInRadiansPerSecond() throws {
        // Steps of 0.1 rad every 10 ms from the pair's touch-down: samples (0, 0), (0.01, 0.1),
        // (0.02, 0.2), a line of slope 10 rad/s.
        func at(_ angle: Double) -> T { (2, "moved", 100 + 100 * cos(angle), 100 + 100 * sin(angle)) }
        let steady: [(t: Double, touches: [T])] = [(0, [(1, "began", 100, 100), (2, "began", 200, 100)]), (0.01, [at(0.1)]), (0.02, [at(0.2)]),
                                                   (0.03, [(1, "ended", 100, 100), (2, "ended", 200, 100)])]
        let r = try records(steady, TwoFingerRotationRecognizer())
        #expect(r.map { $0.to ?? "" } == ["began", "changed", "ended"])
        #expect(close(r[1].number("velocity")!, 10, 1e-6))
    }
}
