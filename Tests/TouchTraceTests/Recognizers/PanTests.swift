import Testing
@testable import TouchTrace

@Suite struct PanTests {
    let scene = singleViewScene(recognizers: [("pan", PanRecognizer())])

    func states(_ records: [Record]) -> [String] { records.compactMap(\.to) }

    /// The fields of the records a pan and the knob's rotation write themselves, in order: the
    /// pan's translation, velocity and touches, the rotation's angle; in version 2 a failed or
    /// cancelled record has the reason first (the rest as in every other record), in version 1
    /// no record has one.
    @Test(arguments: [1, 2]) func theirRecordsCarryTheirFieldsInOrder(_ version: Int) throws {
        let cancelled = traceJSON([(0, [(1, "began", 100, 100)]), (0.01, [(1, "moved", 130, 100)]), (0.02, [(1, "moved", 140, 104)]),
                                   (0.03, [(1, "cancelled", 140, 104)])], version: version)
        let failed = traceJSON([(0, [(1, "began", 100, 100)]), (0.01, [(1, "moved", 105, 100)]), (0.02, [(1, "ended", 105, 100)])],
                               version: version)
        let kinds: [(recognizer: any Recognizer, fields: [String])] = [
            (PanRecognizer(), ["translation", "velocity", "touches"]), (RotationRecognizer(), ["angle"]),
        ]
        for (recognizer, fields) in kinds {
            let scene = version == 1 ? singleViewScene(recognizers: [("g", recognizer)])
                                     : scene2([view("v", [0, 0, 400, 800], [rec("g", recognizer)])])
            let withReason = version == 1 ? ["from", "to"] + fields : ["from", "to", "reason"] + fields
            let gesture = try records(cancelled, scene: scene)
            #expect(gesture.map { $0.to } == ["began", "changed", "cancelled"])
            #expect(gesture.map { $0.fields.map(\.key) } == [["from", "to"] + fields, ["from", "to"] + fields, withReason])
            let short = try records(failed, scene: scene)
            #expect(short.map { $0.to } == ["failed"])
            #expect(short.map { $0.fields.map(\.key) } == [withReason])
            if version == 2 {
                #expect(gesture.last?.text("reason") == "touch 1 was cancelled")
                #expect(short.first?.text("reason") == "every touch lifted after moving 5 points, short of the 10 points it needs to begin")
            }
        }
    }

    @Test func beginsOncePastTenPointsAndEnds() throws {
        let r = try records(traceJSON([(0, [(1, "began", 0, 0)]), (0.01, [(1, "moved", 6, 0)]), (0.02, [(1, "moved", 10, 0)]),
                                       (0.03, [(1, "moved", 15, 0)]), (0.04, [(1, "ended", 15, 0)])]), scene: scene)
        #expect(states(r) == ["began", "changed", "ended"])
        #expect(r[0].t == 0.02)
        #expect(r[0].point("translation") == Point(x: 10, y: 0))
        #expect(r[2]["touches"] == .integer(0))
    }

    @Test func failsWhenEveryFingerLiftsBeforeBeginning() throws {
        let r = try records(traceJSON([(0, [(1, "began", 0, 0)]), (0.01, [(1, "moved", 9, 0)]), (0.02, [(1, "ended", 9, 0)])]), scene: scene)
        #expect(states(r) == ["failed"])
    }

    @Test func aCancelledTouchCancelsOrFails() throws {
        let began = try records(traceJSON([(0, [(1, "began", 0, 0)]), (0.01, [(1, "moved", 20, 0)]), (0.02, [(1, "cancelled", 20, 0)])]), scene: scene)
        #expect(states(began) == ["began", "cancelled"])
        let possible = try records(traceJSON([(0, [(1, "began", 0, 0)]), (0.01, [(1, "cancelled", 2, 0)])]), scene: scene)
        #expect(states(possible) == ["failed"])
    }

    @Test func landingAndLiftingFingersDoNotMakeTheTranslationJump() throws {
        let r = try records(traceJSON([
            (0, [(1, "began", 0, 0)]),
            (0.01, [(1, "moved", 20, 0), (2, "began", 300, 300)]),   // 2 lands far away: +20, not the centroid's leap
            (0.02, [(1, "moved", 30, 0), (2, "moved", 310, 0)]),      // both move: the mean of (+10, 0) and (+10, −300)
            (0.03, [(1, "moved", 40, 0), (2, "ended", 900, 900)]),    // 2 lifts in the same event: only 1 counts, +10
            (0.04, [(1, "ended", 40, 0)]),
        ]), scene: scene)
        let translations = r.compactMap { $0.point("translation") }
        #expect(translations[0] == Point(x: 20, y: 0))
        #expect(translations[1] == Point(x: 30, y: -150))
        #expect(translations[2] == Point(x: 40, y: -150))
    }

    @Test func aSuperviewsPanLeavesOutAFingerLiftingInTheSameEvent() throws {
        // Version 2: the pan is on "outer", the fingers on its subview "inner", so the pan sees
        // the event's touches through its superview's context. At 0.02 finger 1 moves +10 while
        // finger 2 lifts: only finger 1 is down before and after, so the translation grows by
        // +10 (to 20), not by the mean over both (+5, to 15).
        let scene = scene2([view("outer", [0, 0, 400, 800], [rec("pan", PanRecognizer())]),
                            view("inner", [0, 0, 200, 200], superview: 0)])
        let r = try records(traceJSON([
            (0, [(1, "began", 10, 10), (2, "began", 50, 50)]),
            (0.01, [(1, "moved", 20, 10), (2, "moved", 60, 50)]),     // both +10: began at (10, 0)
            (0.02, [(1, "moved", 30, 10), (2, "ended", 190, 190)]),   // 2 lifts: only 1 counts, +10
            (0.03, [(1, "ended", 30, 10)]),
        ], version: 2), scene: scene)
        let translations = r.compactMap { $0.point("translation") }
        #expect(states(r) == ["began", "changed", "ended"])
        #expect(translations[0] == Point(x: 10, y: 0))
        #expect(translations[1] == Point(x: 20, y: 0))
    }

    @Test func ignoresTouchesBeyondTheMaximum() throws {
        let scene = singleViewScene(recognizers: [("pan", PanRecognizer(maximumNumberOfTouches: 1))])
        let r = try records(traceJSON([(0, [(1, "began", 0, 0), (2, "began", 50, 50)]), (0.01, [(2, "moved", 100, 100)]),
                                       (0.02, [(1, "moved", 0, 20)]), (0.03, [(1, "ended", 0, 20)]), (0.04, [(2, "ended", 100, 100)])]), scene: scene)
        #expect(states(r) == ["began", "ended"])
        #expect(r[0].point("translation") == Point(x: 0, y: 20))
    }

    @Test func waitsForTheMinimumNumberOfTouches() throws {
        let scene = singleViewScene(recognizers: [("pan", PanRecognizer(minimumNumberOfTouches: 2))])
        let r = try records(traceJSON([(0, [(1, "began", 0, 0)]), (0.01, [(1, "moved", 50, 0)]), (0.02, [(2, "began", 100, 0)]),
                                       (0.03, [(2, "moved", 110, 0)]), (0.04, [(1, "ended", 50, 0)]), (0.05, [(2, "ended", 110, 0)])]), scene: scene)
        #expect(states(r) == ["began", "ended"])
        #expect(r[0]["touches"] == .integer(2))
        #expect(r[1]["touches"] == .integer(1))
    }

    @Test func endsWithZeroVelocityWhenTheFingerRested() throws {
        func lift(at t: Double) -> String {
            traceJSON([(0, [(1, "began", 0, 0)]), (0.01, [(1, "moved", 10, 0)]), (0.02, [(1, "moved", 20, 0)]),
                       (0.03, [(1, "moved", 30, 0)]), (t, [(1, "ended", 30, 0)])])
        }
        #expect(try records(lift(at: 0.07), scene: scene).last?.point("velocity").map { close($0.x, 1000) } == true)
        #expect(try records(lift(at: 0.071), scene: scene).last?.point("velocity") == .zero)
    }
}

@Suite struct RotationTests {
    @Test func anglesAreAroundTheViewsCenterInTheHalfOpenRange() {
        let size = (width: 100.0, height: 60.0)
        #expect(RotationRecognizer.angle(of: Point(x: 100, y: 30), in: size) == 0)
        #expect(RotationRecognizer.angle(of: Point(x: 50, y: 60), in: size) == Double.pi / 2)
        #expect(RotationRecognizer.angle(of: Point(x: 0, y: 30), in: size) == Double.pi)
        #expect(RotationRecognizer.angle(of: Point(x: 50, y: 0), in: size) == -Double.pi / 2)
    }

    @Test func followsOnlyItsOneTouch() throws {
        let scene = singleViewScene(recognizers: [("rotation", RotationRecognizer())], frame: Rect(x: 100, y: 100, width: 200, height: 200))
        let r = try records(traceJSON([(0, [(1, "began", 300, 200)]), (0.01, [(2, "began", 200, 300)]),
                                       (0.02, [(2, "moved", 100, 200), (1, "moved", 200, 100)]), (0.03, [(1, "ended", 200, 100)]),
                                       (0.04, [(2, "ended", 100, 200)])]), scene: scene)
        #expect(r.map(\.to) == ["began", "ended"])
        #expect(r[0].number("angle") == -Double.pi / 2)
    }
}
