import Testing
@testable import TouchTrace

@Suite struct VelocityTrackerTests {
    /// Samples of x(t) = a + b·t + c·t² every `dt` seconds; the velocity at the last one is
    /// b + 2c·t, exactly, for any number of samples.
    @Test func aQuadraticGivesItsExactDerivative() {
        var tracker = VelocityTracker()
        let (b, c) = (250.0, -1800.0)
        var t = 10.0
        for i in 0..<8 {
            t = 10.0 + Double(i) * 0.008
            let s = t - 10.0
            tracker.add(t: t, position: Point(x: 3 + b * s + c * s * s, y: -7 - 2 * b * s))
        }
        let s = t - 10.0
        let v = tracker.velocity()
        #expect(close(v.x, b + 2 * c * s, 1e-9), "\(v.x)")
        #expect(close(v.y, -2 * b, 1e-9), "\(v.y)")
    }

    @Test func fewerThanThreeSamplesGiveZero() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity() == .zero)
        tracker.add(t: 0, position: .zero)
        tracker.add(t: 0.01, position: Point(x: 10, y: 0))
        #expect(tracker.velocity() == .zero)
        tracker.add(t: 0.02, position: Point(x: 20, y: 0))
        #expect(close(tracker.velocity().x, 1000))
    }

    /// SPEC 17: exactly two usable samples give their displacement over their time; one still
    /// gives zero, and three or more the fit.
    @Test func twoSamplesGiveTheirSlopeWhenAskedFor() {
        var tracker = VelocityTracker()
        tracker.add(t: 1, position: Point(x: 5, y: 5))
        #expect(tracker.velocity(fromTwoSamples: true) == .zero)
        // 12 points right and 4 up in 16 ms: (750, -250) points/s.
        tracker.add(t: 1.016, position: Point(x: 17, y: 1))
        let v = tracker.velocity(fromTwoSamples: true)
        #expect(close(v.x, 750, 1e-9) && close(v.y, -250, 1e-9), "\(v)")
        #expect(tracker.velocity() == .zero)
        // Two samples 50 ms apart: a stop between them, so one usable sample.
        var stopped = VelocityTracker()
        stopped.add(t: 0, position: .zero)
        stopped.add(t: 0.05, position: Point(x: 10, y: 0))
        #expect(stopped.velocity(fromTwoSamples: true) == .zero)
        // Two samples at one time: no time to divide by.
        var same = VelocityTracker()
        same.add(t: 0.5, position: .zero)
        same.add(t: 0.5, position: Point(x: 10, y: 0))
        #expect(same.velocity(fromTwoSamples: true) == .zero)
    }

    @Test func aGapOverFortyMillisecondsStopsTheWalkBack() {
        var tracker = VelocityTracker()
        for (t, x) in [(0.0, 0.0), (0.01, 5.0), (0.02, 10.0), (0.061, 100.0), (0.071, 110.0)] {
            tracker.add(t: t, position: Point(x: x, y: 0))
        }
        // Only 0.061 and 0.071 are used: two samples.
        #expect(tracker.velocity() == .zero)
        tracker.add(t: 0.081, position: Point(x: 120, y: 0))
        #expect(close(tracker.velocity().x, 1000))
    }

    @Test func aStopThatHasLeftTheRingNoLongerShortensTheWalkBack() {
        var tracker = VelocityTracker()
        // Five samples, a 50 ms stop, then 25 samples 1 ms apart on x = 3000·t: the ring holds
        // the newest 20, all after the stop and within 100 ms, so all 20 are fitted.
        for i in 0..<5 { tracker.add(t: Double(i) * 0.01, position: Point(x: 7, y: 0)) }
        for i in 0..<25 {
            let t = 0.09 + Double(i) * 0.001
            tracker.add(t: t, position: Point(x: 3000 * t, y: 0))
        }
        #expect(close(tracker.velocity().x, 3000, 1e-6))
        // A new gesture after `removeAll` starts a walk of its own: three samples, no stop.
        tracker.removeAll()
        for (t, x) in [(5.0, 0.0), (5.01, 10.0), (5.02, 20.0)] { tracker.add(t: t, position: Point(x: x, y: 0)) }
        #expect(close(tracker.velocity().x, 1000))
    }

    @Test func aGapOfExactlyFortyMillisecondsIsNotAStop() {
        var tracker = VelocityTracker()
        for (t, x) in [(0.0, 0.0), (0.04, 40.0), (0.08, 80.0)] {
            tracker.add(t: t, position: Point(x: x, y: 0))
        }
        #expect(close(tracker.velocity().x, 1000))
    }

    @Test func samplesOlderThanOneHundredMillisecondsAreNotUsed() {
        var tracker = VelocityTracker()
        // A fast start, then slow: the fit sees only the last 100 ms.
        for i in 0...30 {
            let t = Double(i) * 0.01
            tracker.add(t: t, position: Point(x: i < 10 ? Double(i) * 50 : 450 + Double(i - 9) * 2, y: 0))
        }
        #expect(close(tracker.velocity().x, 200))
    }

    @Test func onlyTheNewestTwentySamplesAreKept() {
        var tracker = VelocityTracker()
        for i in 0..<40 {
            let t = Double(i) * 0.001
            // Jumps back and forth in the first twenty; a straight line in the last twenty.
            tracker.add(t: t, position: Point(x: i < 20 ? Double(i % 2) * 1000 : Double(i) * 3, y: 0))
        }
        #expect(close(tracker.velocity().x, 3000, 1e-7))
    }

    @Test func samplesAtOneTimeMakeTheFitSingular() {
        var tracker = VelocityTracker()
        for x in [0.0, 5.0, 9.0, 12.0] { tracker.add(t: 1, position: Point(x: x, y: 0)) }
        tracker.add(t: 1.01, position: Point(x: 20, y: 0))
        #expect(tracker.velocity() == .zero)
    }

    @Test func aFingerThatRestsBeforeLiftingHasStopped() {
        var tracker = VelocityTracker()
        for i in 0..<5 { tracker.add(t: Double(i) * 0.01, position: Point(x: Double(i) * 10, y: 0)) }
        #expect(close(tracker.velocity(endingAt: 0.08).x, 1000))
        #expect(tracker.velocity(endingAt: 0.0801) == .zero)
    }

    @Test func aRestingFingerFitsExactlyZero() {
        var tracker = VelocityTracker()
        for i in 0..<6 { tracker.add(t: Double(i) * 0.0123, position: Point(x: 1234.5678, y: -98.7)) }
        let v = tracker.velocity()
        #expect(v.x == 0 && v.y == 0)
        #expect(v.x.sign == .plus)
    }
}

/// The tracker's velocity, bit for bit, against the fit written out plainly: walk back from the
/// newest sample, stop at a gap over 40 ms, at the 21st sample or at one more than 100 ms older
/// than the newest; then the three passes of the least-squares quadratic, one scalar at a time.
/// The tracker computes pairs of these as the lanes of vectors and keeps the walk's values in a
/// ring and in scratch; its every result must still be the same double.
@Suite struct VelocityTrackerBitsTests {
    struct Sample { var t: Double; var x: Double; var y: Double }

    /// The velocity (points per second) of `history` (oldest first) as SPEC 17 defines it.
    static func reference(_ history: [Sample]) -> Point {
        func micros(_ t: Double) -> Int64 { Int64((t * 1_000_000).rounded()) }
        guard let newest = history.last else { return .zero }
        var taken: [Sample] = []
        for s in history.reversed() {
            if taken.count == VelocityTracker.historySize { break }
            if let previous = taken.last, abs(micros(previous.t) - micros(s.t)) > VelocityTracker.assumeStoppedMicroseconds { break }
            if micros(newest.t) - micros(s.t) > VelocityTracker.horizonMicroseconds { break }
            taken.append(s)
        }
        let n = taken.count
        guard n >= VelocityTracker.minimumSampleCount else { return .zero }
        let tau = taken.map { ($0.t - newest.t) * 1000 }
        let dx = taken.map { $0.x - newest.x }
        let dy = taken.map { $0.y - newest.y }
        var distinct: [Double] = []
        for t in tau where !distinct.contains(t) { distinct.append(t) }
        guard distinct.count >= 3 else { return .zero }
        var sum1 = 0.0, sum2 = 0.0
        for k in 0..<n { sum1 += tau[k]; sum2 += tau[k] * tau[k] }
        let mean1 = sum1 / Double(n), mean2 = sum2 / Double(n)
        var s11 = 0.0, s12 = 0.0, z1x = 0.0, z1y = 0.0
        for k in 0..<n {
            let c1 = tau[k] - mean1, c2 = tau[k] * tau[k] - mean2
            s11 += c1 * c1
            s12 += c1 * c2
            z1x += c1 * dx[k]
            z1y += c1 * dy[k]
        }
        let r11 = s11.squareRoot()
        guard r11 > 0, r11.isFinite else { return .zero }
        let along = s12 / s11
        var s22 = 0.0, z2x = 0.0, z2y = 0.0
        for k in 0..<n {
            let c1 = tau[k] - mean1, c2 = (tau[k] * tau[k] - mean2) - along * c1
            s22 += c2 * c2
            z2x += c2 * dx[k]
            z2y += c2 * dy[k]
        }
        guard s22 > 0, s22.isFinite else { return .zero }
        let r12 = s12 / r11
        let a2x = z2x / s22, a2y = z2y / s22
        let a1x = (z1x / r11 - r12 * a2x) / r11, a1y = (z1y / r11 - r12 * a2y) / r11
        guard a1x.isFinite, a1y.isFinite else { return .zero }
        return Point(x: (a1x + 0) * 1000, y: (a1y + 0) * 1000)
    }

    /// Gestures of pseudo-random steps (a fixed generator: the same every run): steps of 0 to
    /// 60 ms, so that samples share times, stop (over 40 ms) and fall past the horizon; and
    /// now and then a pause of exactly 40 ms. After every sample, the tracker's velocity and
    /// the reference's have the same bits.
    @Test func everyVelocityIsTheReferenceFitBitForBit() {
        // A linear congruential generator modulo 2³¹ (its products fit in 63 bits).
        var state: Int64 = 20_260_526
        func next(_ bound: Int64) -> Int64 {
            state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
            return (state >> 8) % bound
        }
        var compared = 0
        var fitted = 0
        for gesture in 0..<60 {
            var tracker = VelocityTracker()
            var history: [Sample] = []
            var t = 3.0 + Double(gesture)
            var x = 100.0, y = 700.0
            for _ in 0..<(10 + Int(next(50))) {
                switch next(10) {
                case 0: break
                case 1: t += 0.040
                case 2: t += Double(next(60_000)) / 1_000_000
                default: t += Double(4_000 + next(8_000)) / 1_000_000
                }
                x += Double(Int(next(2_001)) - 1_000) / 100
                y += Double(Int(next(2_001)) - 1_000) / 100
                tracker.add(t: t, position: Point(x: x, y: y))
                history.append(Sample(t: t, x: x, y: y))
                let got = tracker.velocity()
                let want = Self.reference(history)
                #expect(got.x.bitPattern == want.x.bitPattern && got.y.bitPattern == want.y.bitPattern,
                        "gesture \(gesture), sample \(history.count): \(got) against \(want)")
                compared += 1
                if want != .zero { fitted += 1 }
            }
        }
        // The sequences reach the fit most of the time, and not always.
        #expect(fitted > compared / 2 && fitted < compared, "\(fitted) of \(compared)")
    }
}

@Suite struct VelocityTrackerMicrosecondsTests {
    /// Whole microseconds are rounded to nearest with halves away from zero, as
    /// `Int64((t * 1_000_000).rounded())` rounds them, for times on both sides of every kind
    /// of fraction: exact halves (0.0000025 s is 2.5 µs as a double times 10⁶ gives it), just
    /// below and above them, negative times, zero and large times.
    @Test func roundsAsTheStandardRoundingDoes() {
        var times: [Double] = [0, -0.0, 0.0000025, -0.0000025, 0.0000015, -0.0000015, 0.5e-6, -0.5e-6, 1e-7, -1e-7,
                               0.4999999e-6, 123.4567895, 1e9, -1e9, 4_503_599_627.370_496, 9e12]
        // Every step of 0.1 µs over 20 µs, and the doubles either side of each.
        for i in -200...200 {
            let t = Double(i) * 1e-7
            times += [t, t.nextUp, t.nextDown]
        }
        for t in times {
            #expect(VelocityTracker.microseconds(t) == Int64((t * 1_000_000).rounded()), "\(t)")
        }
        // Worked by hand: 2.5 µs rounds away from zero to 3, −2.5 µs to −3, 1.4999 µs to 1.
        #expect(VelocityTracker.microseconds(2.5 / 1_000_000) == Int64((2.5 / 1_000_000 * 1_000_000).rounded()))
        #expect(VelocityTracker.microseconds(0.0000014999) == 1)
        #expect(VelocityTracker.microseconds(-0.0000014999) == -1)
    }
}

@Suite struct QuadraticFitDistinctTimesTests {
    /// Whether `times` hold three distinct values, written plainly: a value that is not a
    /// number is distinct from every other (as `!=` has it), and each other value counts once.
    static func reference(_ times: [Double]) -> Bool {
        var seen: [Double] = []
        var notNumbers = 0
        for t in times {
            if t.isNaN { notNumbers += 1 } else if !seen.contains(t) { seen.append(t) }
        }
        return seen.count + notNumbers >= 3
    }

    static func hasThree(_ times: [Double]) -> Bool {
        PinnedScratch<QuadraticFit.Row>.with(capacity: times.count) { rows in
            for t in times { rows.append(QuadraticFit.Row(times: SIMD2(t, t * t), position: .zero)) }
            return QuadraticFit.hasThreeDistinctTimes(rows)
        }
    }

    @Test func agreesWithThePlainCountOverRandomRows() {
        // Worked by hand: one time, two times, a third time only at the end, and negative zero
        // (equal to zero, so not distinct from it).
        #expect(!Self.hasThree([0, 0, 0, 0]))
        #expect(!Self.hasThree([0, -8, 0, -8, -8]))
        #expect(Self.hasThree([0, -8, 0, -8, -16]))
        #expect(!Self.hasThree([0, -0.0, -8]))
        #expect(Self.hasThree([0, .nan, .nan]))
        // A linear congruential generator modulo 2³¹: the same rows every run, of 1 to 20 times
        // drawn from a few values (so that they repeat) and now and then not a number.
        var state: Int64 = 31_415
        func next(_ bound: Int64) -> Int64 {
            state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
            return (state >> 8) % bound
        }
        let values: [Double] = [0, -0.0, -7.5, -8, -16.25, .nan]
        var singular = 0
        for _ in 0..<2_000 {
            let times = (0...Int(next(20))).map { _ in values[Int(next(Int64(values.count)))] }
            let want = Self.reference(times)
            #expect(Self.hasThree(times) == want, "\(times)")
            if !want { singular += 1 }
        }
        // Both answers are reached often.
        #expect(singular > 100 && singular < 1_900, "\(singular)")
    }
}

extension VelocityTrackerBitsTests {
    /// Times that now and then go back (a sample earlier than the one before it, by up to
    /// 30 ms), or jump ahead past the horizon: the count of samples within the horizon, kept
    /// as samples come while they are in time order, and the walk made when they are not, both
    /// give the reference's velocity, bit for bit, after every sample.
    @Test func timesThatGoBackGiveTheReferenceFitBitForBit() {
        var state: Int64 = 4_242
        func next(_ bound: Int64) -> Int64 {
            state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
            return (state >> 8) % bound
        }
        var compared = 0
        var fitted = 0
        var wentBack = 0
        for gesture in 0..<60 {
            var tracker = VelocityTracker()
            var history: [Sample] = []
            var t = 7.0 + Double(gesture)
            var x = -40.0, y = 300.0
            for _ in 0..<(10 + Int(next(60))) {
                switch next(12) {
                case 0: break
                case 1: t -= Double(next(30_000)) / 1_000_000; wentBack += 1
                case 2: t += 0.040
                case 3: t += Double(next(120_000)) / 1_000_000
                default: t += Double(2_000 + next(9_000)) / 1_000_000
                }
                x += Double(Int(next(2_001)) - 1_000) / 100
                y += Double(Int(next(2_001)) - 1_000) / 100
                tracker.add(t: t, position: Point(x: x, y: y))
                history.append(Sample(t: t, x: x, y: y))
                let got = tracker.velocity()
                let want = Self.reference(history)
                #expect(got.x.bitPattern == want.x.bitPattern && got.y.bitPattern == want.y.bitPattern,
                        "gesture \(gesture), sample \(history.count): \(got) against \(want)")
                compared += 1
                if want != .zero { fitted += 1 }
            }
            // After `removeAll`, a gesture starts afresh: the next samples agree too.
            tracker.removeAll()
            history.removeAll()
            for k in 0..<5 {
                let s = Sample(t: t + Double(k) * 0.009, x: Double(k * k), y: -Double(k))
                tracker.add(t: s.t, position: Point(x: s.x, y: s.y))
                history.append(s)
                let got = tracker.velocity(), want = Self.reference(history)
                #expect(got.x.bitPattern == want.x.bitPattern && got.y.bitPattern == want.y.bitPattern)
            }
        }
        #expect(fitted > compared / 3 && fitted < compared, "\(fitted) of \(compared)")
        #expect(wentBack > 100, "\(wentBack)")
    }
}
