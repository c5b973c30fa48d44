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

    /// The text of `v` by the general algorithm alone, without the short forms.
    func generalText(_ v: Double) -> String {
        var bytes: [UInt8] = []
        appendShortestWithoutShortcuts(v, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The short forms (at most four decimals below 10^4 in one word of digits, at most eight
    /// below 10^7 in two) write what the general algorithm writes, on three million values:
    /// random decimals with from 0 to 9 decimals and integer parts of every length to 10^8,
    /// the doubles beside them, and random bit patterns; both signs. (A mismatch would also
    /// show against `description`, checked for a share of them.)
    @Test func shortFormsMatchTheGeneralAlgorithm() {
        var random = SplitMix64(state: 2028)
        let scales: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
        var mismatches: [String] = []
        var compared = 0
        for i in 0..<1_000_000 {
            let k = i % 10
            // Integer parts up to 10^(i % 9), so that short integer parts are common.
            let limit = UInt64([10, 100, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000, 10_000][i % 9])
            let m = (random.next() % limit) * UInt64(scales[k]) + random.next() % UInt64(scales[k])
            let decimal = Double(m) / scales[k]
            let sign: Double = random.next() & 1 == 0 ? 1 : -1
            for v in [sign * decimal, sign * decimal.nextUp, Double(bitPattern: random.next())] where v.isFinite && v != 0 {
                compared += 1
                let t = text(v)
                if t != generalText(v) || (i % 16 == 0 && t != v.description) {
                    if mismatches.count < 5 { mismatches.append("\(v.description) written \(t), generally \(generalText(v))") }
                }
            }
        }
        #expect(compared > 2_900_000)
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// Every value with at most four decimals from 0.0001 to 99.9999 (a million: where the
    /// four-decimal form applies, and its ends), and the doubles beside each, as the general
    /// algorithm writes them.
    @Test func everyFourDecimalValueBelowOneHundredMatchesTheGeneralAlgorithm() {
        var mismatches: [String] = []
        for units in 1..<1_000_000 {
            let v = Double(units) / 10_000
            for x in [v, v.nextDown, v.nextUp] {
                let t = text(x)
                if t != generalText(x) && mismatches.count < 5 { mismatches.append("\(x.description) written \(t), generally \(generalText(x))") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// The edges named for the short forms: the least and greatest four-decimal values below
    /// 10^4 and past them, 10^4 itself, 1e-7, 1e21, subnormals, 2^53 and the integers beside
    /// it, 0.1 + 0.2 (not short: seventeen digits), values just past eight decimals; both
    /// signs, against the general algorithm and `description`. Zeros are `0.0` whatever the
    /// sign (not written by the general algorithm, which takes no zero).
    @Test func shortFormEdges() {
        let values: [Double] = [0.0001, 0.0001.nextDown, 0.0001.nextUp, 9999.9999, 9999.9999.nextUp, 9999.99995, 10_000, 10_000.0001,
                                9999.0, 1.0, 0.5, 12.0, 100.0, 1234.5, 0.0011, 1e-7, 1e21, 1e-5, .leastNonzeroMagnitude, Double.leastNormalMagnitude.nextDown,
                                9_007_199_254_740_992, 9_007_199_254_740_991, 9_007_199_254_740_994, 0.1 + 0.2, 0.000_000_01,
                                1.000_000_001, 9_999_999.999_999_99, 99_999_999.999, 1e15, 123_456.789_1]
        var mismatches: [String] = []
        for v in values {
            for x in [v, -v] {
                let t = text(x)
                if t != generalText(x) || t != x.description { mismatches.append("\(x.description) written \(t), generally \(generalText(x))") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(text(-0.0) == "0.0")
        #expect(text(9999.9999) == "9999.9999")
        #expect(text(0.0011) == "0.0011")
        #expect(text(-100.0) == "-100.0")
    }

    /// Whole numbers from 10^7 (past the short forms) to 2^53 have no case of their own: the
    /// general algorithm writes them as Swift does, integer digits and `.0` (`12345678.0`),
    /// scientific from 10^16 (`1e+16`). Random ones of every length, their neighbours, and
    /// those with many trailing zeros.
    @Test func wholeNumbersPastTheShortFormsMatchDescription() {
        var random = SplitMix64(state: 53)
        var values: [Double] = [1e7, 1e7 + 1, 12_345_678, 1e15, 1e16, 9_007_199_254_740_990, 4_503_599_627_370_497]
        for i in 0..<200_000 {
            let digits = 8 + i % 9
            var limit: UInt64 = 1
            for _ in 0..<digits { limit *= 10 }
            let whole = Double(min(random.next() % limit, 1 << 53))
            values.append(contentsOf: [whole, (whole / 1e5).rounded() * 1e5, whole.nextUp])
        }
        var mismatches: [String] = []
        for v in values where v >= 1e7 {
            let t = text(v)
            if t != v.description && mismatches.count < 5 { mismatches.append("\(v.description) written \(t)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(text(12_345_678) == "12345678.0")
        #expect(text(1e16) == "1e+16")
    }

    /// Fractions below 10^8 in plain notation (`layOutFraction`): digits of every count from 1
    /// to 17 with the leading digit's exponent from −4 to 7 (`0.00012`, `1234567.8901234567`),
    /// each digit random, and the doubles beside them, which the general algorithm writes with
    /// as many digits as they need; both signs.
    @Test func fractionsOfEveryLengthMatchDescription() {
        var random = SplitMix64(state: 1717)
        var mismatches: [String] = []
        var compared = 0
        for count in 1...17 {
            for x in -4...7 {
                for _ in 0..<1_500 {
                    var digits = "", leading = ""
                    for i in 0..<count { digits.append(Character(String(random.next() % (i == 0 ? 9 : 10) + (i == 0 ? 1 : 0)))) }
                    // digits × 10^(x − count + 1), written as a decimal for `Double(_:)` to read.
                    let text: String
                    if x >= 0 {
                        let whole = String(digits.prefix(x + 1)).padding(toLength: x + 1, withPad: "0", startingAt: 0)
                        let fraction = String(digits.dropFirst(x + 1))
                        text = whole + "." + (fraction.isEmpty ? "0" : fraction)
                    } else {
                        leading = String(repeating: "0", count: -x - 1)
                        text = "0." + leading + digits
                    }
                    guard let v = Double(text) else { continue }
                    for w in [v, v.nextUp, v.nextDown, -v] where w != 0 {
                        compared += 1
                        let t = self.text(w)
                        if t != w.description && mismatches.count < 5 { mismatches.append("\(w.description) written \(t)") }
                    }
                }
            }
        }
        #expect(compared > 800_000)
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// Two million more, against `description`: random bit patterns (every exponent, huge and
    /// tiny ones), subnormals, random short decimals, integers below and above 2^53, values
    /// k / 2^n whose exact decimals end in 5 (where digits are rounded half to even), powers of
    /// two, and ±0 (`0.0`).
    @Test func matchesDescriptionOnTwoMillionMixedDoubles() {
        var random = SplitMix64(state: 2030)
        var mismatches: [String] = []
        var compared = 0
        for i in 0..<2_000_000 {
            let r = random.next()
            let v: Double
            switch i % 8 {
            case 0: v = Double(bitPattern: r)
            case 1: v = Double(bitPattern: r & 0x000F_FFFF_FFFF_FFFF)
            case 2: v = Double(Int64(bitPattern: r) % 100_000_000_000) / [1.0, 1e2, 1e4, 1e6, 1e8][Int(r >> 60) % 5]
            case 3: v = Double(r >> UInt64(random.next() % 64))
            case 4: v = Double(r >> 11) / Double(UInt64(1) << (1 + random.next() % 62))
            case 5: v = Double(sign: r & 1 == 0 ? .plus : .minus, exponent: Int(random.next() % 2098) - 1074, significand: 1)
            case 6: v = Double(bitPattern: (r & 0x800F_FFFF_FFFF_FFFF) | ((random.next() % 2046 + 1) << 52))
            default: v = r & 1 == 0 ? 0.0 : -0.0
            }
            guard v.isFinite else { continue }
            compared += 1
            let t = text(v)
            if t != (v == 0 ? "0.0" : v.description) && mismatches.count < 5 { mismatches.append("\(v.description) written \(t)") }
        }
        #expect(compared > 1_990_000)
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// Texts kept by bits (`RecentShortest`) are copied only for the value they were made for:
    /// a stream drawn from a pool larger than the places (so values meet in a place and replace
    /// each other), with NaNs of several bit patterns, infinities, zeros and short decimals,
    /// written as it is without the places.
    @Test func recentTextsAreTheValuesOwn() {
        var random = SplitMix64(state: 128)
        var pool: [Double] = [.nan, -.nan, Double(bitPattern: 0x7FF0_0000_0000_0001), .infinity, -.infinity, 0.0, -0.0, 0.5, 12.25]
        for _ in 0..<400 { pool.append(Double(bitPattern: random.next())) }
        for _ in 0..<100 { pool.append(Double(random.next() % 1_000_000) / 7) }
        for _ in 0..<300 { pool.append(Double(Int64(random.next() % 1_000_000) - 500_000) / 100) }
        let recent = RecentShortest()
        var buffer = ByteBuffer(capacity: 1 << 10)
        defer { buffer.deallocate() }
        var mismatches: [String] = []
        for _ in 0..<300_000 {
            let v = pool[Int(random.next() % UInt64(pool.count))]
            buffer.removeAll()
            buffer.reserve(64)
            buffer.appendShortest(v, tables: .shared, recent: recent)
            let written = String(decoding: Array(buffer.bytes), as: UTF8.self)
            if written != text(v) && mismatches.count < 5 { mismatches.append("\(v.description) written \(written)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
