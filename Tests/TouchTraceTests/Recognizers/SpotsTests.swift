import Testing
@testable import TouchTrace

extension SpotsTests {
    /// Spots of different ages moved in one event, listed so that the ages alternate: each
    /// record's diameter is the growth curve's at its own spot's age, whatever the spot before
    /// it asked. Touches 1 and 3 touch down at 0, touch 2 at 0.05; at 0.1 (listed 1, 2, 3) their
    /// ages are 0.1, 0.05 and 0.1 s; at 0.15, 0.15, 0.1 and 0.15 s.
    @Test func eachSpotHasTheDiameterOfItsOwnAge() throws {
        let scene = singleViewScene(recognizers: [("spots", SpotsRecognizer())])
        let r = try records(traceJSON([
            (0, [(1, "began", 10, 10), (3, "began", 30, 30)]),
            (0.05, [(1, "moved", 11, 10), (2, "began", 20, 20), (3, "moved", 31, 30)]),
            (0.1, [(1, "moved", 12, 10), (2, "moved", 21, 20), (3, "moved", 32, 30)]),
            (0.15, [(1, "moved", 13, 10), (2, "moved", 22, 20), (3, "moved", 33, 30)]),
        ]), scene: scene)
        let added: [Int64: Double] = [1: 0, 2: 0.05, 3: 0]
        var checked = 0
        // (The touches still down when the trace ends are cancelled after it: their
        // `spotRemoved` records are left out here.)
        for record in r where record.t >= 0.1 && record.event.description == "spotMoved" {
            guard case .touch(let id)? = record["touch"], case .number(let diameter)? = record["diameter"] else { continue }
            let age = record.t - added[id]!
            #expect(diameter == SpotsRecognizer.diameter(age: age), "touch \(id) at \(record.t)")
            checked += 1
        }
        #expect(checked == 6)
        // The two ages at 0.1 differ, and so do their diameters (the curve is increasing).
        #expect(SpotsRecognizer.diameter(age: 0.1) > SpotsRecognizer.diameter(age: 0.05))
    }
}

extension SpotsTests {
    /// The solve as it stood before its steps shared their products, written out here in full
    /// (its own x(s) and slope, not the library's) so that a later change to the library cannot
    /// move this reference along with it.
    static func unsharedValue(_ curve: TimingCurve, at x: Double) -> Double {
        func bezier(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
        }
        func derivative(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * c1 + 6 * u * s * (c2 - c1) + 3 * s * s * (1 - c2)
        }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0
        var hi = 1.0
        var s = x
        for _ in 0..<100 {
            let error = bezier(s, curve.x1, curve.x2) - x
            if error == 0 { break }
            if error > 0 { hi = s } else { lo = s }
            var next = (lo + hi) / 2
            let slope = derivative(s, curve.x1, curve.x2)
            if slope > 0 {
                let newton = s - error / slope
                if newton > lo && newton < hi { next = newton }
            }
            if next == s || hi - lo <= 2 * Double.ulpOfOne { break }
            s = next
        }
        return bezier(s, curve.y1, curve.y2)
    }

    /// Inputs for the curve: the doubles of [0, 1] by bit pattern at an even stride (every
    /// binade, the subnormals included, as densely as every other), uniform fractions, their
    /// next doubles up and down, and random bit patterns (negative, above 1, infinite, NaN).
    static func curveInputs(count: Int, seed: UInt64) -> [Double] {
        var inputs: [Double] = []
        inputs.reserveCapacity(count)
        let one = (1.0).bitPattern
        let byPattern = count / 2
        for k in 0...byPattern {
            inputs.append(Double(bitPattern: one / UInt64(byPattern) * UInt64(k)))
        }
        var random = SplitMix64(state: seed)
        while inputs.count + 3 <= count {
            let bits = random.next()
            let fraction = Double(bits >> 11) * 0x1p-53
            inputs += [fraction, fraction.nextUp, fraction.nextDown]
            if inputs.count % 64 < 3 { inputs.append(Double(bitPattern: random.next())) }
        }
        return inputs
    }

    /// The curve's values are those of the unshared solve, bit for bit, on two million inputs
    /// for the spots' curve and a hundred thousand each for curves with flat ends (where the
    /// bracket's middle is taken) and with control points out of order.
    @Test func theSharedStepsGiveTheUnsharedSolvesDoublesBitForBit() {
        let cases: [(TimingCurve, Int)] = [
            (.easeInEaseOut, 2_000_000),
            (TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1), 100_000),
            (TimingCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1), 100_000),
            (TimingCurve(x1: 0.9, y1: 0.2, x2: 0.1, y2: 0.8), 100_000),
            (TimingCurve(x1: 1, y1: -0.5, x2: 0, y2: 1.5), 100_000),
        ]
        for (n, (curve, count)) in cases.enumerated() {
            var differing = 0
            var firstDifference: Double?
            for x in Self.curveInputs(count: count, seed: 31 + UInt64(n)) {
                let value = curve.value(at: x), unshared = Self.unsharedValue(curve, at: x)
                if value.bitPattern != unshared.bitPattern {
                    differing += 1
                    if firstDifference == nil { firstDifference = x }
                }
            }
            #expect(differing == 0, "curve \(curve): \(differing) inputs differ, the first \(String(describing: firstDifference))")
        }
    }
}
