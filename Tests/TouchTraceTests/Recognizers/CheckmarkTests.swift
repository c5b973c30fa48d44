import Testing
@testable import TouchTrace

@Suite struct CheckmarkTests {
    let scene = singleViewScene(recognizers: [("checkmark", CheckmarkRecognizer())])

    /// The state and phase changes of one stroke, as "phase:to" and "state:to".
    func changes(_ points: [(Double, Double)]) throws -> [String] {
        var events: [(t: Double, touches: [T])] = []
        for (i, p) in points.enumerated() {
            let phase = i == 0 ? "began" : (i == points.count - 1 ? "ended" : "moved")
            events.append((Double(i) * 0.01, [(1, phase, p.0, p.1)]))
        }
        return try records(traceJSON(events), scene: scene).map { "\($0.event):\($0.to!)" }
    }

    @Test func recognizesACheckmark() throws {
        #expect(try changes([(0, 0), (10, 10), (20, 20), (30, 5), (40, -10), (40, -10)]) ==
                ["phase:initialPoint", "phase:downStroke", "phase:upStroke", "state:recognized"])
    }

    @Test func equalCoordinatesAreAllowed() throws {
        // Straight down first (x equal), flat along the bottom (y equal), straight up (x equal).
        #expect(try changes([(0, 0), (0, 10), (10, 10), (10, 5), (10, -5), (10, -5)]).last == "state:recognized")
    }

    @Test(arguments: [
        ([(0.0, 0.0), (-1.0, 5.0)], "first move must go right and down"),
        ([(0.0, 0.0), (5.0, -1.0)], "first move must go right and down"),
        ([(0.0, 0.0), (5.0, 5.0), (4.0, 9.0)], "on the down stroke"),
        ([(0.0, 0.0), (5.0, 5.0), (9.0, 2.0), (8.0, -3.0)], "moved left"),
        ([(0.0, 0.0), (5.0, 5.0), (9.0, 2.0), (10.0, 3.0)], "moved down"),
        ([(0.0, 0.0), (5.0, 5.0), (9.0, 9.0)], "before any up stroke"),
        ([(0.0, 0.0), (5.0, 5.0), (9.0, 2.0), (9.0, 0.0)], "not above the start"),
    ] as [([(Double, Double)], String)])
    func failsWithTheRuleThatBroke(_ points: [(Double, Double)], _ reason: String) throws {
        // The last point is where the finger lifts.
        let all = points + [points[points.count - 1]]
        let r = try records(traceJSON(all.enumerated().map { i, p in
            (Double(i) * 0.01, [(1, i == 0 ? "began" : (i == all.count - 1 ? "ended" : "moved"), p.0, p.1)])
        }), scene: scene)
        let failed = r.first { $0.to == "failed" }
        guard let text = failed?.text("reason") else {
            Issue.record("no failed record with a reason")
            return
        }
        #expect(text.contains(reason), "\(text)")
    }

    @Test func twoTouchesAtOnceFailButTheFirstIsStillTaken() throws {
        let r = try records(traceJSON([(0, [(1, "began", 0, 0), (2, "began", 10, 0)]), (0.01, [(1, "ended", 0, 0), (2, "ended", 10, 0)])]), scene: scene)
        #expect(r.map { "\($0.event):\($0.to!)" } == ["state:failed", "phase:initialPoint"])
    }

    @Test func aCancelledStrokeGoesBackToNotStartedThenCancels() throws {
        let r = try records(traceJSON([(0, [(1, "began", 0, 0)]), (0.01, [(1, "moved", 5, 5)]), (0.02, [(1, "cancelled", 5, 5)])]), scene: scene)
        #expect(r.map { "\($0.event):\($0.to!)" } == ["phase:initialPoint", "phase:downStroke", "phase:notStarted", "state:cancelled"])
    }

    @Test func resetsWhenTheViewIsClear() throws {
        // The second finger keeps the view busy: the failed recognizer waits for it to lift.
        let r = try records(traceJSON([(0, [(1, "began", 0, 0)]), (0.01, [(1, "moved", -5, 5)]), (0.02, [(2, "began", 50, 50)]),
                                       (0.03, [(1, "ended", -5, 5)]), (0.04, [(3, "began", 0, 0)]), (0.05, [(2, "ended", 50, 50), (3, "ended", 0, 0)]),
                                       (0.06, [(4, "began", 0, 0)]), (0.07, [(4, "ended", 0, 0)])]), scene: scene)
        #expect(r.map { "\($0.t):\($0.to!)" } == ["0.0:initialPoint", "0.01:failed", "0.06:initialPoint", "0.07:failed"])
    }

    @Test(arguments: [(404.0, "404"), (251.5, "251.5"), (-0.333333, "-0.3333"), (0.00001, "0"), (-0.00001, "0"),
                      (-12.0, "-12"), (0.1, "0.1"), (1e20, "100000000000000000000"), (Double.nan, "nan"), (-Double.infinity, "-inf")])
    func reasonsWriteNumbersWithUpToFourDecimals(value: Double, text: String) {
        #expect(compactNumber(value) == text)
    }

    @Test func reasonsWritePointsInParentheses() {
        #expect(pointText(Point(x: 251.5, y: 404)) == "(251.5, 404)")
        #expect(pointText(Point(x: -0.00004, y: 1.23456)) == "(0, 1.2346)")
    }

    /// Numbers a reason may meet: negative zero and values that round to it, more than four
    /// decimals, halves at the fourth and first decimal, the edges of the fast fixed-decimal
    /// path, very large and very small, and the non-finite.
    static let awkwardNumbers: [Double] = [
        0, -0.0, 0.00004, -0.00004, 0.00005, -0.00005, 1.23456789, -1.23456789, 0.05, -0.05, 0.15, -0.25,
        12.34999, 9999.99994, 9999.99995, -9999.99995, 10_000, 123_456.78915, 1e11, -9.87654321e15, 1e20,
        -1.7976931348623157e308, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e-300, .nan, .infinity, -.infinity,
    ]

    @Test func reasonsWrittenAsBytesReadAsTheirInterpolations() {
        let numbers = Self.awkwardNumbers
        for x in numbers {
            for y in [numbers[0], numbers[1], numbers[6], numbers[12], numbers[20], numbers[21], numbers[25], x] {
                let p = Point(x: x, y: y)
                let written = FailureReason.text { r in
                    r.append("lifted at ")
                    r.append(point: p)
                    r.append(": the up stroke rose ")
                    r.append(oneDecimal: x)
                    r.append(" points, less than ")
                    r.append(compact: y)
                    r.append(" times the ")
                    r.append(oneDecimal: y)
                    r.append("-point down stroke; ")
                    r.append(count: Int(exactly: x.rounded()) ?? -3)
                }
                let interpolated = "lifted at \(pointText(p)): the up stroke rose \(oneDecimal(x)) points, less than \(compactNumber(y)) times the \(oneDecimal(y))-point down stroke; \(Int(exactly: x.rounded()) ?? -3)"
                #expect(written == interpolated, "x = \(x), y = \(y)")
            }
        }
    }

    @Test func aReasonLongerThanItsRoomOnTheStackIsWrittenWhole() {
        // Six points of 309-digit coordinates: more than twice the room.
        let p = Point(x: -1.7976931348623157e308, y: 1.7976931348623157e308)
        let written = FailureReason.text { r in
            for k in 0..<6 {
                r.append(count: k)
                r.append(" at ")
                r.append(point: p)
                r.append("; ")
            }
        }
        let interpolated = (0..<6).map { "\($0) at \(pointText(p)); " }.joined()
        #expect(written.utf8.count > 2 * FailureReason.room)
        #expect(written == interpolated)
    }
}

@Suite struct SpotsTests {
    @Test func theEaseInEaseOutCurveIsSymmetricAndMonotonic() {
        let curve = TimingCurve.easeInEaseOut
        #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
        #expect(close(curve.value(at: 0.5), 0.5, 1e-15))
        var previous = 0.0
        for i in 1..<100 {
            let x = Double(i) / 100
            let y = curve.value(at: x)
            #expect(y > previous)
            #expect(close(y + curve.value(at: 1 - x), 1, 1e-14))
            // y is on the curve: some s has x(s) = x and y(s) = y.
            previous = y
        }
        // A value computed independently: bisection for x(s) = 0.25, then y(s) = 3s² − 2s³.
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let s = (lo + hi) / 2
            if 1.26 * s - 0.78 * s * s + 0.52 * s * s * s < 0.25 { lo = s } else { hi = s }
        }
        let s = (lo + hi) / 2
        #expect(close(curve.value(at: 0.25), 3 * s * s - 2 * s * s * s, 1e-13))
    }

    @Test func theCurvesValuesAreTheFormerSolvesBitForBit() {
        // The reference is the solve as first written, `SpotsTests.unsharedValue`. Evenly
        // spaced inputs, the ages of spots at jittered event times, and the ends; for
        // the default curve and for curves whose slope is zero at an end (where the solve
        // falls back on the bracket's middle).
        var inputs = (0...20_000).map { Double($0) / 20_000 }
        var t = 0.0
        for k in 0..<5_000 {
            t += 0.008 + Double(k % 7) * 0.000_137
            inputs.append((t - t.rounded(.down)) / SpotsRecognizer.growthDuration)
        }
        inputs += [-1, 1e-300, .ulpOfOne, 1 - .ulpOfOne, 1, 2, .nan]
        let curves = [TimingCurve.easeInEaseOut, TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1), TimingCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
                      TimingCurve(x1: 0.9, y1: 0.2, x2: 0.1, y2: 0.8)]
        for curve in curves {
            for x in inputs {
                let value = curve.value(at: x), former = SpotsTests.unsharedValue(curve, at: x)
                #expect(value.bitPattern == former.bitPattern, "x \(x): \(value) against \(former)")
            }
        }
    }

    @Test func diametersGrowFromOneToOneHundredInAFifthOfASecond() {
        #expect(SpotsRecognizer.diameter(age: 0) == 1)
        #expect(SpotsRecognizer.diameter(age: 0.1) == 50.5)
        #expect(SpotsRecognizer.diameter(age: 0.2) == 100)
        #expect(SpotsRecognizer.diameter(age: 5) == 100)
    }

    @Test func aSpotFollowsItsTouchAndIsRemovedWhereItWas() throws {
        let scene = singleViewScene(recognizers: [("spots", SpotsRecognizer())], frame: Rect(x: 10, y: 20, width: 400, height: 800))
        let lines = try transcript(traceJSON([(0, [(7, "began", 110, 120)]), (0.1, [(7, "moved", 130, 140)]), (0.3, [(7, "ended", 150, 160)])]), scene: scene)
        #expect(lines == [
            "0.0000 v.spots spotAdded touch=7 center=100.0000,100.0000 diameter=1.0000",
            "0.1000 v.spots spotMoved touch=7 center=120.0000,120.0000 diameter=50.5000",
            "0.3000 v.spots spotRemoved touch=7 center=120.0000,120.0000 diameter=100.0000",
        ])
    }
}
