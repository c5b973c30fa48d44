/// Shortest round-trip text for doubles, written straight into a byte buffer.
///
/// The digits are the shortest decimal in the interval of numbers that read back as the same
/// double, the closest one when several are as short (see `decimal`). They are laid out as
/// Swift's `description` lays them out: plain notation from 0.0001 up to 2^53 (`0.0001`, `12.0`,
/// `123456.789`), otherwise scientific with a signed exponent of two digits at least (`1e-05`,
/// `1.5e+16`). `Double.description` gives the same text but costs a `String` per number, which
/// was most of a JSON Lines replay's time.
enum ShortestDouble {
    /// Writes `v` at `out`, which has `room` bytes; returns the length (at most 24). Both zeros
    /// are written `0.0` (zero has no sign in transcripts, SPEC 7 and 13.1), non-finite values,
    /// which JSON cannot hold, `null`. A writer of many numbers passes `tables` it keeps
    /// (`PowerTables.shared`): reaching the shared tables checks, at every number, that they
    /// have been made.
    ///
    /// With `recent`, the texts are kept there and copied when the same value comes again.
    @inline(__always)
    static func write(_ v: Double, to out: UnsafeMutablePointer<UInt8>, tables: PowerTables = .shared,
                      recent: RecentShortest? = nil) -> Int {
        if let recent { return recent.write(v, to: out, tables: tables) }
        return make(v, to: out, tables: tables)
    }

    /// `write` without kept texts. Short decimals are written here, inlined where numbers are
    /// written (no call, no registers saved); every other value, zeros and non-finite ones
    /// included, by `writeOther`.
    @inline(__always)
    fileprivate static func make(_ v: Double, to out: UnsafeMutablePointer<UInt8>, tables: PowerTables) -> Int {
        // Short decimals (coordinates with two decimals, times with six): when N = |v|·10^8 is
        // a whole number below 10^15 and N / 10^8 reads back as |v| (both exact, the quotient
        // is rounded once), that decimal is the shortest form, since decimals of at most 15
        // significant digits are all distinct doubles; from 10^−4 up to 10^7 it is written
        // plain, with eight decimals less their trailing zeros. One multiplication rejects the
        // rest, which go to the general algorithm. (Zero fails `magnitude >= 1e-4`, infinities
        // `scaled < 1e15`, NaN every comparison.)
        //
        // Whether N is whole is told by adding 2^52: below 2^52, the sum is exact (and N its
        // mantissa bits) only when N is whole; otherwise it is rounded to a whole number, and
        // taking 2^52 away again (exactly) does not give N back.
        let magnitude = abs(v)
        let scaled = magnitude * 1e8
        let shifted = scaled + twoToThe52
        if magnitude >= 1e-4 && scaled < 1e15 && shifted - twoToThe52 == scaled && scaled / 1e8 == magnitude {
            // The sign is stored in any case: without one, the digits are written over it
            // (`v` is not zero here, so its sign bit is its sign).
            out[0] = UInt8(ascii: "-")
            let n = Int(truncatingIfNeeded: v.bitPattern >> 63)
            let eightDecimals = shifted.bitPattern & ((1 << 52) - 1)
            // The most common of them (coordinates with two decimals, whole numbers) have at
            // most four decimals and an integer part below 10^4: the same decimal, N / 10^4,
            // written from one word of eight digits rather than two.
            let fourDecimals = eightDecimals / 10_000
            if eightDecimals < 1_000_000_000_000 && fourDecimals &* 10_000 == eightDecimals {
                return n &+ writeFourDecimals(UInt32(truncatingIfNeeded: fourDecimals), at: out + n)
            }
            return n &+ writeEightDecimals(eightDecimals, at: out + n)
        }
        return writeOther(v, to: out, tables: tables)
    }

    /// `write` for every value but the short decimals: zeros, non-finite values, and the rest by
    /// the general algorithm.
    @inline(never)
    private static func writeOther(_ v: Double, to out: UnsafeMutablePointer<UInt8>, tables: PowerTables) -> Int {
        let bits = v.bitPattern
        let mantissa = bits & ((1 << 52) - 1)
        let exponent = Int((bits >> 52) & 0x7FF)
        if bits << 1 == 0 {
            // "0.0" and a byte to be overwritten.
            UnsafeMutableRawPointer(out).storeBytes(of: UInt32(0x30_30_2E_30).littleEndian, as: UInt32.self)
            return 3
        }
        if exponent == 0x7FF {
            // "null"
            UnsafeMutableRawPointer(out).storeBytes(of: UInt32(0x6C_6C_75_6E).littleEndian, as: UInt32.self)
            return 4
        }
        // The sign, stored in any case, as in `write`.
        out[0] = UInt8(ascii: "-")
        let n = Int(truncatingIfNeeded: bits >> 63)
        return n &+ writeWithoutShortcuts(mantissa: mantissa, exponent: exponent, tables: tables, at: out + n)
    }

    /// Writes the magnitude of the finite, non-zero double of `mantissa` and biased `exponent`
    /// by the general algorithm alone (`decimal`, then `layOut`), without the short forms that
    /// `write` tries first; returns the length. What `write` writes for every other value, and
    /// what tests compare its short forms with.
    @inline(__always)
    static func writeWithoutShortcuts(mantissa: UInt64, exponent: Int, tables: PowerTables, at out: UnsafeMutablePointer<UInt8>) -> Int {
        let (digits, e10) = decimal(mantissa: mantissa, exponent: exponent, tables: tables)
        let count = decimalLength(digits, tables: tables)
        // The exponent of the leading digit.
        let x = e10 &+ count &- 1
        if e10 < 0 && x >= -4 && x < 8 {
            // Most numbers of a transcript: a fraction, below 10^8, plain.
            return layOutFraction(digits, count: count, x: x, tables: tables, at: out)
        }
        // Swift writes whole numbers from 2^53 up in scientific notation too: from exponent
        // 1023 + 53 up, but for 2^53 itself.
        let plainUpTo = exponent < 1023 + 53 || (exponent == 1023 + 53 && mantissa == 0) ? 16 : 0
        return layOut(digits, e10, plainUpTo: plainUpTo, tables: tables, at: out)
    }

    /// Writes digits × 10^e10, whose `count` digits (1 to 17) are not all before the point and
    /// whose leading digit has the exponent `x`, from −4 to 7, in plain notation (`12.75`,
    /// `0.0075`); returns the length. Uses up to 23 bytes at `out`.
    ///
    /// The digits, followed by zeros to make seventeen (a multiplication by a power of ten), are
    /// the same words whatever their count: the first digit, then two words of eight. For
    /// x ≥ 0 the point goes into the first word after x digits (the rest of the word moved up
    /// a byte, its last byte stored after it); for x < 0, the text is `0.`, −x − 1 zeros, and
    /// the digits. What follows the `count` digits (zeros) is written over by the caller.
    @inline(__always)
    private static func layOutFraction(_ digits: UInt64, count: Int, x: Int, tables: PowerTables, at out: UnsafeMutablePointer<UInt8>) -> Int {
        // Below 10^17 (count is at most 17, the power at least 10^0).
        let padded = digits &* tables.tens[17 &- count]
        let first = padded / 10_000_000_000_000_000
        // The remainders and quotients are below their divisors: no overflow.
        let rest = padded &- first &* 10_000_000_000_000_000
        let high = rest / 100_000_000
        let low = rest &- high &* 100_000_000
        let highDigits = eightDigits(UInt32(truncatingIfNeeded: high))
        let lowDigits = eightDigits(UInt32(truncatingIfNeeded: low))
        let raw = UnsafeMutableRawPointer(out)
        if x >= 0 {
            // The first digit, then the word of eight stored whole, then again from its digit
            // x on, one byte further (x < 8: the shift is below 64): the point goes in the byte
            // between, and the x zero bytes the second store ends with (up to byte 9 + x, below
            // 18) are written over by the other word, from byte 10: 18 bytes.
            out[0] = UInt8(truncatingIfNeeded: 0x30 &+ first)
            raw.storeBytes(of: highDigits.littleEndian, toByteOffset: 1, as: UInt64.self)
            raw.storeBytes(of: (highDigits &>> UInt64(truncatingIfNeeded: 8 &* x)).littleEndian, toByteOffset: x &+ 2, as: UInt64.self)
            out[x &+ 1] = UInt8(ascii: ".")
            raw.storeBytes(of: lowDigits.littleEndian, toByteOffset: 10, as: UInt64.self)
            return count &+ 1
        }
        // "0.0000" (as many zeros as needed are kept), then the digits from 1 − x (2 to 5):
        // 23 bytes at most.
        raw.storeBytes(of: UInt64(0x3030_3030_2E30).littleEndian, as: UInt64.self)
        let n = 1 &- x
        out[n] = UInt8(truncatingIfNeeded: 0x30 &+ first)
        raw.storeBytes(of: highDigits.littleEndian, toByteOffset: n &+ 1, as: UInt64.self)
        raw.storeBytes(of: lowDigits.littleEndian, toByteOffset: n &+ 9, as: UInt64.self)
        return n &+ count
    }

    /// The shortest decimal digits and exponent with digits × 10^e10 reading back as the double
    /// (the closest such when several are as short, the even one of two as close).
    ///
    /// The double is fc · 2^e. The interval of numbers that read back as it is scaled by a
    /// cached power of ten, 10^k, to where its width is from 10 to 1000 units: one 64 × 128-bit
    /// multiplication gives the scaled upper end z; the multiple of 1000 below it, when still in
    /// the interval, is the answer one digit shorter than the scale, else the digits closest to
    /// the value at the scale of 100 (Junekey Jeon's Dragonbox, 2020; the interval ends belong
    /// to it when fc is even, as reading rounds ties to even).
    @inline(__always)
    private static func decimal(mantissa: UInt64, exponent: Int, tables: PowerTables) -> (UInt64, Int) {
        // (Integers below 2^53 need no case of their own: those below 10^7 are short decimals,
        // which `write` writes before it comes here, and for the others, whose interval is at
        // most 1 wide, no decimal of fewer digits than the integer's own reads back as it.)
        let e: Int
        let fc: UInt64
        if exponent == 0 {
            e = 1 - 1075
            fc = mantissa
        } else {
            e = exponent &- 1075
            fc = (1 << 52) | mantissa
        }
        let endsIncluded = fc & 1 == 0
        if mantissa == 0 && exponent > 1 {
            return shorterInterval(e, tables: tables)
        }

        // Small numbers (|e| below 1100, beta from 1 to 3): no overflow.
        let minusK = floorLog10Pow2(e) &- 2
        let cache = tables.power[0 &- minusK]
        let beta = e &+ floorLog2Pow10(0 &- minusK)
        // The interval's width (2^e), scaled, rounded down: its lower end is about deltai below z.
        let deltai = UInt32(truncatingIfNeeded: cache.1 &>> UInt64(truncatingIfNeeded: 63 &- beta))
        let twoFc = fc << 1
        let (z, zIsInteger) = multiplyUpper((twoFc | 1) &<< UInt64(truncatingIfNeeded: beta), cache)

        var significand = z / 1000
        var r = UInt32(truncatingIfNeeded: z &- 1000 &* significand)
        var shorter = false
        if r < deltai {
            // The multiple of 1000 below z is inside, unless it is the excluded upper end.
            if r == 0 && zIsInteger && !endsIncluded {
                significand -= 1
                r = 1000
            } else {
                shorter = true
            }
        } else if r == deltai {
            // At the lower end exactly or not: the fractional parts decide.
            let (xParity, xIsInteger) = multiplyParity(twoFc - 1, cache, beta: beta)
            shorter = xParity || (xIsInteger && endsIncluded)
        }
        if shorter {
            return withoutTrailingZeros(significand, minusK &+ 3)
        }
        // The digits at the scale of 100 closest to the value: from the distance of the value's
        // scaled image below z, rounded; exact when that distance is not a multiple of 100.
        significand &*= 10
        var distance = r &- (deltai / 2) &+ 50
        let approximateParity = (distance ^ 50) & 1 != 0
        let hundreds = distance / 100
        let divisible = distance == hundreds &* 100
        distance = hundreds
        significand += UInt64(distance)
        if divisible {
            let (yParity, yIsInteger) = multiplyParity(twoFc, cache, beta: beta)
            if yParity != approximateParity {
                significand -= 1
            } else if yIsInteger && significand & 1 != 0 {
                // Exactly halfway between two: the even one.
                significand -= 1
            }
        }
        // No trailing zero to take off: were these digits a multiple of 10 (of 1000 at the
        // scale of z), that multiple would lie in the interval (the digits closest to the
        // value do), at or below z, so the multiple of 1000 below z would too, and the shorter
        // answer above would have been taken.
        return (significand, minusK &+ 2)
    }

    /// A power of two whose lower neighbour is half as far as its upper one (fc = 2^52, e > −1074).
    private static func shorterInterval(_ e: Int, tables: PowerTables) -> (UInt64, Int) {
        let minusK = (e * 631_305 - 261_663) >> 21
        let beta = e + floorLog2Pow10(-minusK)
        let high = tables.power[-minusK].1
        // The interval's ends, scaled; both belong to it (fc is even). The lower end is an
        // integer only for e of 2 and 3; otherwise the first integer above it is the first in.
        var xi = (high &- (high >> 54)) >> UInt64(11 - beta)
        let zi = (high &+ (high >> 53)) >> UInt64(11 - beta)
        if !(e >= 2 && e <= 3) { xi += 1 }
        let tens = zi / 10
        if tens * 10 >= xi {
            return withoutTrailingZeros(tens, minusK + 1)
        }
        // The value itself, scaled, rounded half up; for e = −77 it is a tie, taken to even.
        var significand = ((high >> UInt64(10 - beta)) + 1) / 2
        if e == -77 && significand & 1 != 0 {
            significand -= 1
        } else if significand < xi {
            significand += 1
        }
        return withoutTrailingZeros(significand, minusK)
    }

    /// The digits (not zero) less their trailing zeros, the exponent raised as many.
    ///
    /// Without a division: n is a multiple of 10 exactly when n · 5⁻¹ (the inverse of 5 modulo
    /// 2^64), rotated right one bit, is at most ⌊(2^64 − 1) / 10⌋, and that rotation is then
    /// n / 10 (for n = 10q, n · 5⁻¹ is 2q; for n odd the rotation sets the top bit; for n even
    /// and not a multiple of 5, n / 2 · 5⁻¹ is above ⌊(2^64 − 1) / 5⌋, so the rotation is above
    /// the bound). The same with 5⁻⁴ and four bits tells a multiple of 10^4.
    @inline(__always) private static func withoutTrailingZeros(_ digits: UInt64, _ e10: Int) -> (UInt64, Int) {
        var value = digits
        var e10 = e10
        // Multiplications modulo 2^64 on purpose (see above).
        let byTenThousand = rotatedRight(value &* inverseOf5To4, by: 4)
        if byTenThousand <= UInt64.max / 10_000 {
            value = byTenThousand
            e10 &+= 4
        }
        while true {
            // As above.
            let byTen = rotatedRight(value &* inverseOf5, by: 1)
            guard byTen <= UInt64.max / 10 else { break }
            value = byTen
            e10 &+= 1
        }
        return (value, e10)
    }

    /// 5⁻¹ and 5⁻⁴ modulo 2^64: 5 · 0xCCCC_CCCC_CCCC_CCCD and 625 · 0xD288_CE70_3AFB_7E91 are
    /// 1 modulo 2^64.
    private static let inverseOf5: UInt64 = 0xCCCC_CCCC_CCCC_CCCD
    private static let inverseOf5To4: UInt64 = 0xD288_CE70_3AFB_7E91

    /// `v` rotated right by `k` bits (1 to 63).
    @inline(__always) private static func rotatedRight(_ v: UInt64, by k: UInt64) -> UInt64 {
        (v &>> k) | (v &<< (64 &- k))
    }

    /// Writes `scaled` / 10^8 (below 10^15) in plain notation, the decimals less their
    /// trailing zeros (one at least: `12.0`); returns the length.
    ///
    /// The integer part (below 10^7) and the decimals are eight digits each, made in one word
    /// each: the integer part's leading zeros are its word's lowest "0" bytes (all but the
    /// last, for 0), the decimals' trailing zeros its highest (all but the first, for none).
    @inline(__always)
    private static func writeEightDecimals(_ scaled: UInt64, at out: UnsafeMutablePointer<UInt8>) -> Int {
        let whole = scaled / 100_000_000
        let fraction = UInt32(truncatingIfNeeded: scaled &- whole &* 100_000_000)
        let wholeDigits = eightDigits(UInt32(truncatingIfNeeded: whole))
        let leadingZeros = ((wholeDigits ^ asciiZeros) | (1 << 56)).trailingZeroBitCount / 8
        let raw = UnsafeMutableRawPointer(out)
        raw.storeBytes(of: (wholeDigits &>> UInt64(truncatingIfNeeded: 8 &* leadingZeros)).littleEndian, as: UInt64.self)
        let length = 8 &- leadingZeros
        out[length] = UInt8(ascii: ".")
        let digits = eightDigits(fraction)
        raw.storeBytes(of: digits.littleEndian, toByteOffset: length &+ 1, as: UInt64.self)
        let trailingZeros = ((digits ^ asciiZeros) | 1).leadingZeroBitCount / 8
        return length &+ 9 &- trailingZeros
    }

    /// Writes `units` / 10^4 (below 10^8) in plain notation, the decimals less their trailing
    /// zeros (one at least: `12.0`); returns the length.
    ///
    /// The eight digits of `units`, made in one word, are the integer part's four (its leading
    /// zeros are the word's lowest "0" bytes, all but the last for 0) and the four decimals
    /// (their trailing zeros its highest, all but the first for none), as `writeFixed4` lays
    /// them out.
    @inline(__always)
    private static func writeFourDecimals(_ units: UInt32, at out: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = eightDigits(units)
        let leadingZeros = ((digits ^ asciiZeros) | (1 << 24)).trailingZeroBitCount / 8
        let raw = UnsafeMutableRawPointer(out)
        raw.storeBytes(of: (UInt32(truncatingIfNeeded: digits) >> UInt32(truncatingIfNeeded: 8 &* leadingZeros)).littleEndian, as: UInt32.self)
        let length = 4 &- leadingZeros
        out[length] = UInt8(ascii: ".")
        let decimals = UInt32(truncatingIfNeeded: digits >> 32)
        raw.storeBytes(of: decimals.littleEndian, toByteOffset: length &+ 1, as: UInt32.self)
        let trailingZeros = ((decimals ^ UInt32(truncatingIfNeeded: asciiZeros)) | 1).leadingZeroBitCount / 8
        return length &+ 5 &- trailingZeros
    }

    /// Writes digits × 10^e10, in plain notation when the leading digit's exponent is from −4 to
    /// below `plainUpTo`; returns the length. Uses up to `room` bytes at `out`.
    @inline(__always)
    private static func layOut(_ digits: UInt64, _ e10: Int, plainUpTo: Int, tables: PowerTables, at out: UnsafeMutablePointer<UInt8>) -> Int {
        let count = decimalLength(digits, tables: tables)
        // The exponent of the leading digit.
        let x = e10 &+ count &- 1
        if x >= -4 && x < plainUpTo {
            if e10 >= 0 {
                // 1200.0: the digits, zeros (e10 is below 16), ".0".
                writeDigits(digits, count: count, at: out)
                let raw = UnsafeMutableRawPointer(out + count)
                raw.storeBytes(of: asciiZeros, as: UInt64.self)
                raw.storeBytes(of: asciiZeros, toByteOffset: 8, as: UInt64.self)
                out[count + e10] = UInt8(ascii: "."); out[count + e10 + 1] = UInt8(ascii: "0")
                return count &+ e10 &+ 2
            }
            if x >= 0 {
                // 12.75: the digits one place right, then the integer digits (usually a few)
                // moved back one place, and the point.
                writeDigits(digits, count: count, at: out + 1)
                let integerDigits = x &+ 1
                if integerDigits <= 8 {
                    let raw = UnsafeMutableRawPointer(out)
                    let moved = raw.loadUnaligned(fromByteOffset: 1, as: UInt64.self)
                    let kept = raw.loadUnaligned(as: UInt64.self)
                    // The first `integerDigits` bytes in memory.
                    let mask = (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* integerDigits)).littleEndian
                    raw.storeBytes(of: (moved & mask) | (kept & ~mask), as: UInt64.self)
                } else {
                    for i in 0..<integerDigits { out[i] = out[i + 1] }
                }
                out[integerDigits] = UInt8(ascii: ".")
                return count &+ 1
            }
            // 0.0075: zeros after the point (three at most), then the digits.
            out[0] = UInt8(ascii: "0"); out[1] = UInt8(ascii: ".")
            UnsafeMutableRawPointer(out + 2).storeBytes(of: UInt32(truncatingIfNeeded: asciiZeros), as: UInt32.self)
            let n = 1 &- x
            writeDigits(digits, count: count, at: out + n)
            return n &+ count
        }
        // 1.5e+16, 1e-05: the first digit, the point, the others.
        writeDigits(digits, count: count, at: out + 1)
        out[0] = out[1]
        var n = 1
        if count > 1 {
            out[1] = UInt8(ascii: ".")
            n = count + 1
        }
        out[n] = UInt8(ascii: "e"); n += 1
        out[n] = x < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"); n += 1
        let e = abs(x)
        if e >= 100 {
            out[n] = UInt8(truncatingIfNeeded: 0x30 + e / 100); n += 1
        }
        out[n] = UInt8(truncatingIfNeeded: 0x30 + e / 10 % 10)
        out[n + 1] = UInt8(truncatingIfNeeded: 0x30 + e % 10)
        return n + 2
    }

    /// 2^52, the least double whose neighbours are a whole number apart.
    private static let twoToThe52 = 4_503_599_627_370_496.0

    /// Eight "0" characters.
    private static let asciiZeros: UInt64 = 0x3030_3030_3030_3030

    /// Bytes of room `write` may use at `out` (the text is at most 24; digits are stored eight
    /// at a time, a kept text copied as 32).
    static let room = 40

    /// How many decimal digits `v` (≥ 1, below 10^17) has: from its length in bits, b, the
    /// number of digits is ⌊b · log10(2)⌋ (b · 1233 / 4096 is that for b < 64) or one more,
    /// when `v` reaches the next power of ten.
    @inline(__always) static func decimalLength(_ v: UInt64, tables: PowerTables) -> Int {
        let guess = ((64 &- v.leadingZeroBitCount) &* 1233) >> 12
        return guess &+ (v >= tables.tens[guess] ? 1 : 0)
    }

    /// Writes the `count` decimal digits of `v` (below 10^17) at `out`, eight at a time; may
    /// write up to `max(count, 8)` bytes (what follows the digits is to be overwritten).
    @inline(__always) static func writeDigits(_ v: UInt64, count: Int, at out: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(out)
        if count <= 8 {
            raw.storeBytes(of: leadingDigits(UInt32(truncatingIfNeeded: v), count: count).littleEndian, as: UInt64.self)
            return
        }
        let low = UInt32(truncatingIfNeeded: v % 100_000_000)
        let high = v / 100_000_000
        if count <= 16 {
            raw.storeBytes(of: leadingDigits(UInt32(truncatingIfNeeded: high), count: count &- 8).littleEndian, as: UInt64.self)
        } else {
            out[0] = UInt8(truncatingIfNeeded: 0x30 &+ high / 100_000_000)
            let middle = UInt32(truncatingIfNeeded: high % 100_000_000)
            raw.storeBytes(of: eightDigits(middle).littleEndian, toByteOffset: 1, as: UInt64.self)
        }
        raw.storeBytes(of: eightDigits(low).littleEndian, toByteOffset: count &- 8, as: UInt64.self)
    }

    /// The last `count` (1 to 8) of the eight digits of `v`, first digit in the lowest byte,
    /// zeros after: to be stored as eight bytes.
    @inline(__always) private static func leadingDigits(_ v: UInt32, count: Int) -> UInt64 {
        eightDigits(v) &>> UInt64(truncatingIfNeeded: 8 &* (8 &- count))
    }

    // MARK: Arithmetic

    /// ⌊log10(2^e)⌋ for −1700 ≤ e ≤ 1700.
    @inline(__always) static func floorLog10Pow2(_ e: Int) -> Int { (e &* 315_653) >> 20 }
    /// ⌊log2(10^e)⌋ for −1233 ≤ e ≤ 1233.
    @inline(__always) static func floorLog2Pow10(_ e: Int) -> Int { (e &* 1_741_647) >> 19 }

    /// The upper 128 bits of the 192-bit product of `u` and the 128-bit `cache` (low, high):
    /// their upper 64 bits, and whether their lower 64 bits are zero.
    @inline(__always) static func multiplyUpper(_ u: UInt64, _ cache: (UInt64, UInt64)) -> (UInt64, Bool) {
        let high = u.multipliedFullWidth(by: cache.1)
        let lowHigh = u.multipliedFullWidth(by: cache.0).high
        let (middle, carry) = high.low.addingReportingOverflow(lowHigh)
        return (high.high &+ (carry ? 1 : 0), middle == 0)
    }

    /// Of the lower 128 bits of the 192-bit product of `u` and `cache`, shifted right by
    /// 128 − beta: the lowest bit of the integer part, and whether the fraction is zero.
    @inline(__always) static func multiplyParity(_ u: UInt64, _ cache: (UInt64, UInt64), beta: Int) -> (Bool, Bool) {
        let low = u.multipliedFullWidth(by: cache.0)
        let high = (u &* cache.1) &+ low.high
        let parity = (high >> UInt64(64 - beta)) & 1 != 0
        let isInteger = (high << UInt64(beta)) | (low.low >> UInt64(64 - beta)) == 0
        return (parity, isInteger)
    }
}

/// The texts of doubles lately written, by their bits, so that a value written again (a touch's
/// point in two records, a velocity, an angle that did not change) is copied rather than made
/// again. One thread at a time uses it (as `OutputBuffer`).
///
/// Each value has one of 256 places, chosen by a hash of its bits, which holds the bits of the
/// last value written there, its text's length and the text (at most 24 bytes, kept as 32).
/// Every place starts as NaN's, with `null`, which every NaN is written as: no value ever finds
/// a text that is not its own, so the bytes written are the same with or without the places.
final class RecentShortest: @unchecked Sendable {
    // Sendable: the places are read and written only by the one thread that uses it.
    private static let placeCount = 256
    /// A place: the bits (8 bytes), the length (8) and the text (32), in 64 bytes.
    private static let placeSize = 64
    private let places: UnsafeMutableRawPointer

    init() {
        places = .allocate(byteCount: Self.placeCount * Self.placeSize, alignment: 64)
        for i in 0..<Self.placeCount {
            // Within the block: place `i` of `placeCount`.
            let place = places + i * Self.placeSize
            place.initializeMemory(as: UInt8.self, repeating: 0, count: Self.placeSize)
            place.storeBytes(of: Double.nan.bitPattern, as: UInt64.self)
            place.storeBytes(of: 4, toByteOffset: 8, as: Int.self)
            place.storeBytes(of: UInt32(0x6C_6C_75_6E).littleEndian, toByteOffset: 16, as: UInt32.self)
        }
    }

    deinit { places.deallocate() }

    /// Writes `v` at `out`, which has `ShortestDouble.room` bytes; returns the length.
    @inline(__always)
    fileprivate func write(_ v: Double, to out: UnsafeMutablePointer<UInt8>, tables: PowerTables) -> Int {
        let bits = v.bitPattern
        // A hash: the product is meant to wrap; its top eight bits pick one of 256 places.
        let index = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 56)
        // Within the block: `index` is below 256.
        let place = places + index &* Self.placeSize
        let to = UnsafeMutableRawPointer(out)
        if place.load(as: UInt64.self) == bits {
            // 32 bytes of the place's text, within the `room` (40) bytes at `out`.
            to.storeBytes(of: place.load(fromByteOffset: 16, as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            to.storeBytes(of: place.load(fromByteOffset: 32, as: SIMD16<UInt8>.self), toByteOffset: 16, as: SIMD16<UInt8>.self)
            return place.load(fromByteOffset: 8, as: Int.self)
        }
        let n = ShortestDouble.make(v, to: out, tables: tables)
        // The text and what follows it, 32 of the `room` bytes at `out`, into the place.
        place.storeBytes(of: to.loadUnaligned(as: SIMD16<UInt8>.self), toByteOffset: 16, as: SIMD16<UInt8>.self)
        place.storeBytes(of: to.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self), toByteOffset: 32, as: SIMD16<UInt8>.self)
        place.storeBytes(of: bits, as: UInt64.self)
        place.storeBytes(of: n, toByteOffset: 8, as: Int.self)
        return n
    }
}

/// The powers of ten 10^k for −292 ≤ k ≤ 326, each as its top 128 bits rounded up (exact for
/// 0 ≤ k ≤ 55): 10^k · 2^(127 − ⌊log2(10^k)⌋), as (low, high). Computed once with exact integer
/// arithmetic, and kept in memory that lives as long as the process and is never written after
/// it is filled, so that reading an entry costs no reference counting. With them, the powers of
/// ten that fit in 64 bits, which count digits.
struct PowerTables: Sendable {
    struct Table: @unchecked Sendable {
        /// The entry of 10^0; entries run from 10^−292 to 10^326.
        let zero: UnsafeMutablePointer<(UInt64, UInt64)>
        @inline(__always) subscript(k: Int) -> (UInt64, UInt64) { zero[k] }
    }

    static let smallestPower = -292
    static let largestPower = 326

    let power: Table
    /// 10^0 to 10^19, exactly, as `Table` keeps its entries.
    let tens: Tens

    struct Tens: @unchecked Sendable {
        let start: UnsafePointer<UInt64>
        @inline(__always) subscript(k: Int) -> UInt64 { start[k] }
    }

    /// The powers, made at first use.
    static let shared = PowerTables(power: makePowers(), tens: makeTens())

    private static func makeTens() -> Tens {
        let tens = UnsafeMutablePointer<UInt64>.allocate(capacity: 20)
        var p: UInt64 = 1
        for k in 0..<20 {
            tens[k] = p
            if k < 19 { p *= 10 }
        }
        return Tens(start: UnsafePointer(tens))
    }

    private static func makePowers() -> Table {
        let entries = UnsafeMutablePointer<(UInt64, UInt64)>.allocate(capacity: largestPower - smallestPower + 1)
        let zero = entries - smallestPower
        // 10^k = 5^k · 2^k: the top 128 bits of 10^k are those of 5^k.
        var five: [UInt64] = [1]
        for k in 0...largestPower {
            zero[k] = topBitsRoundedUp(five)
            multiply(&five, by: 5)
        }
        // 10^−k = 2^−k / 5^k: the top 128 bits of ⌊2^P / 5^k⌋, rounded up (5^k divides no power
        // of two), for P past the longest quotient's 128 bits; ⌊⌊a / 5⌋ / 5⌋ is ⌊a / 25⌋.
        var quotient = [UInt64](repeating: 0, count: 15)
        quotient[14] = 1 << 63
        for k in 1...(-smallestPower) {
            divide(&quotient, by: 5)
            zero[-k] = topBitsRoundedUp(quotient, exact: false)
        }
        return Table(zero: zero)
    }

    /// The top 128 bits of a number (little-endian limbs), shifted up to make 128 if it has fewer;
    /// plus one when bits below them are dropped and not zero, or when `exact` is false.
    private static func topBitsRoundedUp(_ limbs: [UInt64], exact: Bool = true) -> (UInt64, UInt64) {
        var top = limbs.count - 1
        while top > 0 && limbs[top] == 0 { top -= 1 }
        let length = top * 64 + (64 - limbs[top].leadingZeroBitCount)
        func limb(_ i: Int) -> UInt64 { i < limbs.count ? limbs[i] : 0 }
        var low: UInt64
        var high: UInt64
        var dropped = !exact
        if length <= 128 {
            // Shifted up: nothing is dropped.
            let up = 128 - length
            low = limb(0)
            high = limb(1)
            if up >= 64 {
                high = low << UInt64(up - 64)
                low = 0
            } else if up > 0 {
                high = (high << UInt64(up)) | (low >> UInt64(64 - up))
                low <<= UInt64(up)
            }
        } else {
            let shift = length - 128
            let word = shift / 64
            let bit = shift % 64
            if bit == 0 {
                low = limb(word)
                high = limb(word + 1)
            } else {
                low = (limb(word) >> UInt64(bit)) | (limb(word + 1) << UInt64(64 - bit))
                high = (limb(word + 1) >> UInt64(bit)) | (limb(word + 2) << UInt64(64 - bit))
            }
            if bit > 0 && limb(word) & ((1 << UInt64(bit)) - 1) != 0 { dropped = true }
            for i in 0..<word where limbs[i] != 0 { dropped = true }
        }
        if dropped {
            let (sum, carry) = low.addingReportingOverflow(1)
            low = sum
            high &+= carry ? 1 : 0
        }
        return (low, high)
    }

    private static func multiply(_ limbs: inout [UInt64], by factor: UInt64) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let product = limbs[i].multipliedFullWidth(by: factor)
            let (low, overflow) = product.low.addingReportingOverflow(carry)
            limbs[i] = low
            carry = product.high &+ (overflow ? 1 : 0)
        }
        if carry != 0 { limbs.append(carry) }
    }

    private static func divide(_ limbs: inout [UInt64], by divisor: UInt64) {
        var remainder: UInt64 = 0
        for i in limbs.indices.reversed() {
            let (q, r) = divisor.dividingFullWidth((remainder, limbs[i]))
            limbs[i] = q
            remainder = r
        }
    }
}

/// Writes a double in the shortest form that reads back to the same value (`0.1`, `12.0`,
/// `1e-05`), as Swift's `description` and Python's `repr` print it, at `out` with
/// `ShortestDouble.room` bytes; returns the length (at most 24). Non-finite values, which JSON
/// cannot hold, are written as `null`.
///
/// Zero has no sign (SPEC 7, 13.1): negative zero is written as zero is, never `-0.0`,
/// whichever zero the arithmetic left (transcripts of positive zero stay as they were).
@inline(__always) func writeShortest(_ v: Double, to out: UnsafeMutablePointer<UInt8>, tables: PowerTables = .shared) -> Int {
    ShortestDouble.write(v, to: out, tables: tables)
}

/// Appends a double in the shortest form that reads back to the same value; negative zero is
/// written as zero.
public func appendShortest(_ v: Double, to out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ShortestDouble.room) { buffer in
        let n = writeShortest(v, to: buffer.baseAddress!)
        out.append(contentsOf: buffer[0..<n])
    }
}

/// Appends a finite, non-zero double as `appendShortest` does, but by the general algorithm
/// alone, without the short forms tried first: for tests, which compare the two.
func appendShortestWithoutShortcuts(_ v: Double, to out: inout [UInt8]) {
    precondition(v.isFinite && v != 0, "a finite, non-zero double, not \(v)")
    let bits = v.bitPattern
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ShortestDouble.room) { buffer in
        // The sign, then at most 24 bytes, within the `room` bytes of the buffer.
        let start = buffer.baseAddress!
        start[0] = UInt8(ascii: "-")
        let sign = Int(bits >> 63)
        let n = ShortestDouble.writeWithoutShortcuts(mantissa: bits & ((1 << 52) - 1), exponent: Int((bits >> 52) & 0x7FF),
                                                     tables: .shared, at: start + sign)
        out.append(contentsOf: buffer[0..<(sign + n)])
    }
}
