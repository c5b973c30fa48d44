import Testing
@testable import TouchTrace

@Suite struct ShortestDoubleTests {
    func text(_ v: Double) -> String {
        var bytes: [UInt8] = []
        appendShortest(v, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [0.0, -0.0, 1.0, -12.0, 0.1, 0.3, 1e-05, 0.0001, 1e16, 1e15, 123456789012345680.0, 9007199254740993.0,
                      Double.leastNonzeroMagnitude, 2.2250738585072014e-308, 1.7976931348623157e308, Double.pi, -0.7853981633974483, 2.2396437886185483,
                      1e22, 1e23, 4.35, 0.1 + 0.2, 100.0, 1234.5, 1e-7, 1.5e-10, 9.5, 0.5, 250.0, 1e21, 5e-5])
    func matchesSwiftsDescription(_ v: Double) {
        // Negative zero is the one exception: zero has no sign in transcripts.
        #expect(text(v) == (v == 0 ? "0.0" : v.description))
    }

    /// JSON has no infinities or NaN: they are written `null`, and both zeros `0.0`.
    @Test func nonFiniteValuesAreNullAndZeroHasNoSign() {
        #expect(text(.infinity) == "null")
        #expect(text(-.infinity) == "null")
        #expect(text(.nan) == "null")
        #expect(text(-Double.nan) == "null")
        #expect(text(Double(bitPattern: 0x7FF0_0000_0000_0001)) == "null")
        #expect(text(0.0) == "0.0")
        #expect(text(-0.0) == "0.0")
    }

    /// Every exponent is covered: random bit patterns, random short decimals, and random
    /// mantissas with every exponent.
    @Test func matchesDescriptionOnAMillionDoubles() {
        var random = SplitMix64(state: 42)
        var mismatches: [String] = []
        for i in 0..<1_000_000 {
            let v: Double
            switch i % 3 {
            case 0: v = Double(bitPattern: random.next())
            case 1: v = Double(Int64(bitPattern: random.next()) % 10_000_000) / 10_000
            default: v = Double(bitPattern: random.next() & 0x7FF0_0000_0000_0000 | 0x000F_FFFF_FFFF_FFFF & random.next())
            }
            guard v.isFinite else { continue }
            let t = text(v)
            if t != v.description && mismatches.count < 5 { mismatches.append("\(v.description) written \(t)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// The edges of the algorithm: every power of two (whose lower neighbour is half as far as
    /// its upper one) with the doubles beside it, the largest mantissa at every exponent,
    /// subnormals, and every power of ten in range with its neighbours.
    @Test func matchesDescriptionAtTheEdges() {
        var values: [Double] = []
        for exponent in UInt64(0)..<2047 {
            for mantissa: UInt64 in [0, 1, 2, 0xF_FFFF_FFFF_FFFF, 0x8_0000_0000_0000] {
                values.append(Double(bitPattern: exponent << 52 | mantissa))
            }
        }
        var p = 1e-300
        while p < 1e300 {
            values.append(contentsOf: [p, p.nextUp, p.nextDown])
            p *= 10
        }
        for i in 1...20_000 {
            values.append(contentsOf: [Double(i), Double(i) / 1000, Double(i) * 1e15, Double(i) / 100, Double(i) * 0.1])
        }
        var mismatches: [String] = []
        for v in values where v.isFinite && v != 0 {
            let t = text(v)
            if t != v.description && mismatches.count < 5 { mismatches.append("\(v.description) written \(t)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// The powers of ten the digits are computed with, checked where they are known by hand:
    /// 10^0 is 2^127, 10^1 is 10 · 2^124 (exact); 10^−1 is 2^131 / 10 = 0xCCCC…CCC.CC…, rounded up.
    @Test func powerTableEntries() {
        let power = PowerTables.shared.power
        #expect(power[0] == (0, 1 << 63))
        #expect(power[1] == (0, 0xA000_0000_0000_0000))
        #expect(power[-1] == (0xCCCC_CCCC_CCCC_CCCD, 0xCCCC_CCCC_CCCC_CCCC))
    }

    /// Short decimals at every scale from 1 to 10^−8 (written with eight decimals less their
    /// trailing zeros), the doubles beside them (which are not short), and the ends of that form.
    @Test func matchesDescriptionOnShortDecimals() {
        var random = SplitMix64(state: 7)
        var values: [Double] = [1e-4, 1e-4.nextUp, 1e-4.nextDown, 1e7, 1e7.nextDown, 9_999_999.999_999_99, 0.000_100_01, 0.5, 12.0]
        for i in 0..<300_000 {
            let k = i % 9
            let m = random.next() % (k == 0 ? 10_000_000 : 1_000_000_000_000_000)
            let v = Double(m) / [1.0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8][k]
            values.append(contentsOf: [v, v.nextUp, Double(m % 100_000) / 1e8])
        }
        var mismatches: [String] = []
        for v in values where v != 0 {
            let t = text(v)
            if t != v.description && mismatches.count < 5 { mismatches.append("\(v.description) written \(t)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// Short decimals with an integer part of every length from 0 to 7 digits and from 0 to 8
    /// decimals, each digit from 1 to 9 or zeros between (`1000000.00000001`, `0.05`), and
    /// the doubles beside them: the integer part's leading zeros and the decimals' trailing
    /// zeros are cut from words of eight digits.
    @Test func matchesDescriptionOnShortDecimalsOfEveryLength() {
        var values: [Double] = []
        var whole: [UInt64] = [0]
        var p: UInt64 = 1
        for _ in 0..<7 {
            whole.append(contentsOf: [p, 9 * p, (p * 10 - 1) / 9 * 9, p * 10 - 1])
            p *= 10
        }
        var fractions: [UInt64] = [0]
        var q: UInt64 = 1
        for _ in 0..<8 {
            fractions.append(contentsOf: [q, 5 * q, 99_999_999 / q * q, 12_345_678 / q * q])
            q *= 10
        }
        for w in whole where w < 10_000_000 {
            for f in fractions {
                let v = Double(w * 100_000_000 + f) / 1e8
                values.append(contentsOf: [v, v.nextUp, v.nextDown])
            }
        }
        var mismatches: [String] = []
        for v in values where v != 0 {
            for x in [v, -v] {
                let t = text(x)
                if t != x.description && mismatches.count < 5 { mismatches.append("\(x.description) written \(t)") }
            }
        }
        #expect(values.count > 1000)
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
