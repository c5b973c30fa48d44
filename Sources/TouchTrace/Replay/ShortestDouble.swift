/// Shortest round-trip text for doubles, written straight into a byte buffer.
///
/// The digits come from the Ryū algorithm (Ulf Adams, "Ryū: fast float-to-string conversion",
/// PLDI 2018): the shortest decimal in the interval of numbers that read back as the same double,
/// the closest one when several are as short. They are laid out as Swift's `description` lays
/// them out: plain notation from 0.0001 up to 2^53 (`0.0001`, `12.0`, `123456.789`), otherwise
/// scientific with a signed exponent of two digits at least (`1e-05`, `1.5e+16`).
/// `Double.description` gives the same text but costs a `String` per number, which was most of a
/// JSON Lines replay's time.
enum ShortestDouble {
    /// Writes `v` (finite) at `out`, which has `room` bytes; returns the length (at most 24).
    /// A writer of many numbers passes `tables` it keeps (`PowerTables.shared`): reaching the
    /// shared tables checks, at every number, that they have been made.
    static func write(_ v: Double, to out: UnsafeMutablePointer<UInt8>, tables: PowerTables = .shared) -> Int {
        let bits = v.bitPattern
        var n = 0
        if bits >> 63 != 0 {
            out[0] = UInt8(ascii: "-")
            n = 1
        }
        let mantissa = bits & ((1 << 52) - 1)
        let exponent = Int((bits >> 52) & 0x7FF)
        if exponent == 0 && mantissa == 0 {
            out[n] = UInt8(ascii: "0"); out[n + 1] = UInt8(ascii: "."); out[n + 2] = UInt8(ascii: "0")
            return n + 3
        }
        // Short decimals (coordinates with two decimals, times with six): when m = |v|·10^8 is a
        // whole number below 10^15 and, less its trailing zeros, reads back as |v|, it is the
        // shortest form, since decimals of at most 15 significant digits are all distinct
        // doubles. One multiplication rejects the rest, which go to the general algorithm.
        let magnitude = abs(v)
        let scaled = magnitude * 1e8
        if magnitude >= 1e-4 && scaled < 1e15 && scaled == Double(Int64(scaled)) {
            var digits = UInt64(Int64(scaled))
            var e10 = -8
            if digits % 10_000 == 0 {
                digits /= 10_000
                e10 += 4
            }
            while digits % 10 == 0 {
                digits /= 10
                e10 += 1
            }
            if Double(digits) / powerOfTen(-e10) == magnitude || (e10 >= 0 && Double(digits) * powerOfTen(e10) == magnitude) {
                return n + layOut(digits, e10, plainUpTo: 16, at: out + n)
            }
        }
        let (digits, e10) = decimal(mantissa: mantissa, exponent: exponent, tables: tables)
        // Swift writes whole numbers from 2^53 up in scientific notation too.
        return n + layOut(digits, e10, plainUpTo: abs(v) <= 9_007_199_254_740_992 ? 16 : 0, at: out + n)
    }

    /// The shortest decimal digits and exponent with digits × 10^e10 reading back as the double.
    private static func decimal(mantissa: UInt64, exponent: Int, tables: PowerTables) -> (UInt64, Int) {
        // Integers below 2^53 are their own shortest form, less trailing zeros.
        if exponent >= 1023 && exponent <= 1023 + 52 {
            let shift = 1023 + 52 - exponent
            let m = (1 << 52) | mantissa
            if m & ((1 << shift) - 1) == 0 {
                var value = m >> shift
                var e10 = 0
                while value % 10 == 0 {
                    value /= 10
                    e10 += 1
                }
                return (value, e10)
            }
        }
        // The value is m2 · 2^e2; the interval of doubles reading back as it is
        // [mv − 1 − mmShift, mv + 2] / 4 around mv = 4·m2 (the low end is closer at powers of two).
        let e2: Int
        let m2: UInt64
        if exponent == 0 {
            e2 = 1 - 1023 - 52 - 2
            m2 = mantissa
        } else {
            e2 = exponent - 1023 - 52 - 2
            m2 = (1 << 52) | mantissa
        }
        let acceptBounds = m2 & 1 == 0
        let mv = 4 * m2
        let mmShift: UInt64 = mantissa != 0 || exponent <= 1 ? 1 : 0

        var vr: UInt64, vp: UInt64, vm: UInt64
        var e10: Int
        var vmTrailingZeros = false
        var vrTrailingZeros = false
        if e2 >= 0 {
            let q = log10Pow2(e2) - (e2 > 3 ? 1 : 0)
            e10 = q
            let k = inverseBitCount + pow5Bits(q) - 1
            let shift = -e2 + q + k
            let factor = PowerTables.inverse[q]
            vr = mulShift(4 * m2, factor, shift)
            vp = mulShift(4 * m2 + 2, factor, shift)
            vm = mulShift(4 * m2 - 1 - mmShift, factor, shift)
            if q <= 21 {
                if mv % 5 == 0 {
                    vrTrailingZeros = isMultipleOfPowerOf5(mv, q)
                } else if acceptBounds {
                    vmTrailingZeros = isMultipleOfPowerOf5(mv - 1 - mmShift, q)
                } else if isMultipleOfPowerOf5(mv + 2, q) {
                    vp -= 1
                }
            }
        } else {
            let q = log10Pow5(-e2) - (-e2 > 1 ? 1 : 0)
            e10 = q + e2
            let i = -e2 - q
            let k = pow5Bits(i) - powerBitCount
            let shift = q - k
            let factor = tables.power[i]
            vr = mulShift(4 * m2, factor, shift)
            vp = mulShift(4 * m2 + 2, factor, shift)
            vm = mulShift(4 * m2 - 1 - mmShift, factor, shift)
            if q <= 1 {
                vrTrailingZeros = true
                if acceptBounds {
                    vmTrailingZeros = mmShift == 1
                } else {
                    vp -= 1
                }
            } else if q < 63 {
                vrTrailingZeros = mv & ((1 << UInt64(q)) - 1) == 0
            }
        }

        // Drop digits while the interval still holds a shorter number.
        var removed = 0
        var lastRemoved: UInt64 = 0
        var output: UInt64
        if vmTrailingZeros || vrTrailingZeros {
            // The rare exact cases: ties and bounds that are themselves short decimals.
            while vp / 10 > vm / 10 {
                vmTrailingZeros = vmTrailingZeros && vm % 10 == 0
                vrTrailingZeros = vrTrailingZeros && lastRemoved == 0
                lastRemoved = vr % 10
                vr /= 10; vp /= 10; vm /= 10
                removed += 1
            }
            if vmTrailingZeros {
                while vm % 10 == 0 {
                    vrTrailingZeros = vrTrailingZeros && lastRemoved == 0
                    lastRemoved = vr % 10
                    vr /= 10; vp /= 10; vm /= 10
                    removed += 1
                }
            }
            if vrTrailingZeros && lastRemoved == 5 && vr % 2 == 0 {
                // Exactly halfway: round to even.
                lastRemoved = 4
            }
            let outside = vr == vm && (!acceptBounds || !vmTrailingZeros)
            output = vr + (outside || lastRemoved >= 5 ? 1 : 0)
        } else {
            var roundUp = false
            if vp / 100 > vm / 100 {
                roundUp = vr % 100 >= 50
                vr /= 100; vp /= 100; vm /= 100
                removed += 2
            }
            while vp / 10 > vm / 10 {
                roundUp = vr % 10 >= 5
                vr /= 10; vp /= 10; vm /= 10
                removed += 1
            }
            output = vr + (vr == vm || roundUp ? 1 : 0)
        }
        return (output, e10 + removed)
    }

    /// Writes digits × 10^e10, in plain notation when the leading digit's exponent is from −4 to
    /// below `plainUpTo`; returns the length. Uses up to `room` bytes at `out`.
    @inline(__always)
    private static func layOut(_ digits: UInt64, _ e10: Int, plainUpTo: Int, at out: UnsafeMutablePointer<UInt8>) -> Int {
        let count = decimalLength(digits)
        // The exponent of the leading digit.
        let x = e10 + count - 1
        if x >= -4 && x < plainUpTo {
            if e10 >= 0 {
                // 1200.0: the digits, zeros (e10 is below 16), ".0".
                writeDigits(digits, count: count, at: out)
                let raw = UnsafeMutableRawPointer(out + count)
                raw.storeBytes(of: asciiZeros, as: UInt64.self)
                raw.storeBytes(of: asciiZeros, toByteOffset: 8, as: UInt64.self)
                out[count + e10] = UInt8(ascii: "."); out[count + e10 + 1] = UInt8(ascii: "0")
                return count + e10 + 2
            }
            if x >= 0 {
                // 12.75: the digits one place right, then the integer digits (usually a few)
                // moved back one place, and the point.
                writeDigits(digits, count: count, at: out + 1)
                let integerDigits = x + 1
                if integerDigits <= 8 {
                    let raw = UnsafeMutableRawPointer(out)
                    let moved = raw.loadUnaligned(fromByteOffset: 1, as: UInt64.self)
                    let kept = raw.loadUnaligned(as: UInt64.self)
                    // The first `integerDigits` bytes in memory.
                    let mask = (integerDigits == 8 ? UInt64.max : (1 << UInt64(8 &* integerDigits)) &- 1).littleEndian
                    raw.storeBytes(of: (moved & mask) | (kept & ~mask), as: UInt64.self)
                } else {
                    for i in 0..<integerDigits { out[i] = out[i + 1] }
                }
                out[integerDigits] = UInt8(ascii: ".")
                return count + 1
            }
            // 0.0075: zeros after the point (three at most), then the digits.
            out[0] = UInt8(ascii: "0"); out[1] = UInt8(ascii: ".")
            UnsafeMutableRawPointer(out + 2).storeBytes(of: UInt32(truncatingIfNeeded: asciiZeros), as: UInt32.self)
            let n = 2 + (-x - 1)
            writeDigits(digits, count: count, at: out + n)
            return n + count
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

    /// Eight "0" characters.
    private static let asciiZeros: UInt64 = 0x3030_3030_3030_3030

    /// Bytes of room `write` may use at `out` (the text is at most 24; digits are stored eight
    /// at a time).
    static let room = 40

    /// How many decimal digits `v` (≥ 1, below 10^17) has.
    @inline(__always) static func decimalLength(_ v: UInt64) -> Int {
        var length = 1
        var x = v
        if x >= 100_000_000 { length += 8; x /= 100_000_000 }
        // Now below 10^9: nine digits left are a case of their own.
        if x >= 100_000_000 { return length + 8 }
        if x >= 10_000 { length += 4; x /= 10_000 }
        if x >= 100 { length += 2; x /= 100 }
        if x >= 10 { length += 1 }
        return length
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
            raw.storeBytes(of: leadingDigits(UInt32(truncatingIfNeeded: high), count: count - 8).littleEndian, as: UInt64.self)
        } else {
            out[0] = UInt8(truncatingIfNeeded: 0x30 &+ high / 100_000_000)
            let middle = UInt32(truncatingIfNeeded: high % 100_000_000)
            raw.storeBytes(of: eightDigits(middle).littleEndian, toByteOffset: 1, as: UInt64.self)
        }
        raw.storeBytes(of: eightDigits(low).littleEndian, toByteOffset: count - 8, as: UInt64.self)
    }

    /// The last `count` (1 to 8) of the eight digits of `v`, first digit in the lowest byte,
    /// zeros after: to be stored as eight bytes.
    @inline(__always) private static func leadingDigits(_ v: UInt32, count: Int) -> UInt64 {
        eightDigits(v) >> UInt64(8 &* (8 &- count))
    }

    /// The eight decimal digits of `v` (below 10^8, with leading zeros) as ASCII in one word, the
    /// first digit in the lowest byte (stored little-endian, they read in order), computed in
    /// lanes of one word rather than a division per digit: the two halves of four digits in
    /// 32-bit lanes, each split into two digit pairs in 16-bit lanes, each split into two
    /// digits in bytes. Dividing a lane by 100 or 10 is a multiply and shift exact for the
    /// lane's range (x·10486 >> 20 = x / 100 below 10^4; x·103 >> 10 = x / 10 below 100).
    @inline(__always) static func eightDigits(_ v: UInt32) -> UInt64 {
        var x = UInt64(v / 10_000) | (UInt64(v % 10_000) << 32)
        var q = ((x &* 10486) >> 20) & 0x0000_007F_0000_007F
        x = ((x &- q &* 100) << 16) | q
        q = ((x &* 103) >> 10) & 0x000F_000F_000F_000F
        x = ((x &- q &* 10) << 8) | q
        return x | 0x3030_3030_3030_3030
    }

    // MARK: Arithmetic

    /// Bits kept of 5^i, and of 2^k / 5^i, in the tables.
    static let powerBitCount = 125
    static let inverseBitCount = 125

    /// ⌈log2(5^e)⌉ for 1 ≤ e ≤ 3528 (1 for e = 0).
    @inline(__always) static func pow5Bits(_ e: Int) -> Int { ((e * 1_217_359) >> 19) + 1 }
    /// ⌊log10(2^e)⌋ for 0 ≤ e ≤ 1650.
    @inline(__always) static func log10Pow2(_ e: Int) -> Int { (e * 78_913) >> 18 }
    /// ⌊log10(5^e)⌋ for 0 ≤ e ≤ 2620.
    @inline(__always) static func log10Pow5(_ e: Int) -> Int { (e * 732_923) >> 20 }

    @inline(__always) static func isMultipleOfPowerOf5(_ value: UInt64, _ p: Int) -> Bool {
        var v = value
        var count = 0
        while v % 5 == 0 && count < p {
            v /= 5
            count += 1
        }
        return count >= p
    }

    /// (m × factor) >> shift, where factor is a 128-bit number (low, high) and shift ≥ 64.
    @inline(__always) static func mulShift(_ m: UInt64, _ factor: (UInt64, UInt64), _ shift: Int) -> UInt64 {
        let low = m.multipliedFullWidth(by: factor.0)
        let high = m.multipliedFullWidth(by: factor.1)
        let (sum, carry) = high.low.addingReportingOverflow(low.high)
        let top = high.high &+ (carry ? 1 : 0)
        let s = UInt64(shift - 64)
        return s == 0 ? sum : (top << (64 - s)) | (sum >> s)
    }
}

/// The 125-bit tables of powers of five, computed once with exact big-integer arithmetic:
/// `power[i]` is the top 125 bits of 5^i, `inverse[i]` is ⌊2^(L−1+125) / 5^i⌋ + 1 with L the
/// bit length of 5^i. Kept in memory that lives as long as the process and is never written
/// after it is filled, so that reading an entry costs no reference counting.
struct PowerTables: Sendable {
    struct Table: @unchecked Sendable {
        let entries: UnsafeMutablePointer<(UInt64, UInt64)>
        @inline(__always) subscript(i: Int) -> (UInt64, UInt64) { entries[i] }
    }

    /// The powers: what every number below 2^54 needs.
    let power: Table

    /// The powers, made at first use.
    static let shared = PowerTables(power: make(count: 326) { $0.top125Bits(length: $0.bitLength) })
    /// The inverses, for numbers from 2^54 up: rare, so reached where they are needed and made
    /// only when a process meets one.
    static let inverse = make(count: 342) { $0.inverse125(length: $0.bitLength) }

    private static func make(count: Int, _ entry: (BigNumber) -> (UInt64, UInt64)) -> Table {
        let entries = UnsafeMutablePointer<(UInt64, UInt64)>.allocate(capacity: count)
        var five = BigNumber(1)
        for i in 0..<count {
            entries[i] = entry(five)
            five.multiply(by: 5)
        }
        return Table(entries: entries)
    }
}

/// Just enough of an unsigned big integer for the tables: little-endian 64-bit limbs.
struct BigNumber {
    var limbs: [UInt64]

    init(_ value: UInt64) { limbs = [value] }

    var bitLength: Int {
        guard let top = limbs.last(where: { $0 != 0 }), let index = limbs.lastIndex(where: { $0 != 0 }) else { return 0 }
        return index * 64 + (64 - top.leadingZeroBitCount)
    }

    mutating func multiply(by factor: UInt64) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let product = limbs[i].multipliedFullWidth(by: factor)
            let (low, overflow) = product.low.addingReportingOverflow(carry)
            limbs[i] = low
            carry = product.high &+ (overflow ? 1 : 0)
        }
        if carry != 0 { limbs.append(carry) }
    }

    /// Bit `k` (0 = least significant).
    func bit(_ k: Int) -> UInt64 {
        let limb = k / 64
        guard k >= 0, limb < limbs.count else { return 0 }
        return (limbs[limb] >> UInt64(k % 64)) & 1
    }

    /// The number shifted so that its highest bit is bit 124, as (low 64 bits, high 61 bits).
    func top125Bits(length: Int) -> (UInt64, UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for k in 0..<125 {
            let b = bit(length - 125 + k)
            if k < 64 { low |= b << UInt64(k) } else { high |= b << UInt64(k - 64) }
        }
        return (low, high)
    }

    /// ⌊2^(length − 1 + 125) / self⌋ + 1, by restoring long division: the first `length` bits
    /// of the dividend (1 followed by zeros) leave 2^(length−1), less than self, and the next 125
    /// zero bits give the quotient.
    func inverse125(length: Int) -> (UInt64, UInt64) {
        if length == 1 {
            // 5^0 = 1: 2^125 + 1.
            return (1, 1 << 61)
        }
        var remainder = BigNumber(0)
        remainder.limbs = [UInt64](repeating: 0, count: limbs.count + 1)
        remainder.setBit(length - 1)
        var low: UInt64 = 0
        var high: UInt64 = 0
        for k in stride(from: 124, through: 0, by: -1) {
            remainder.shiftLeftOne()
            if remainder.isAtLeast(self) {
                remainder.subtract(self)
                if k < 64 { low |= 1 << UInt64(k) } else { high |= 1 << UInt64(k - 64) }
            }
        }
        let (sum, carry) = low.addingReportingOverflow(1)
        return (sum, high &+ (carry ? 1 : 0))
    }

    mutating func setBit(_ k: Int) { limbs[k / 64] |= 1 << UInt64(k % 64) }

    mutating func shiftLeftOne() {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let next = limbs[i] >> 63
            limbs[i] = (limbs[i] << 1) | carry
            carry = next
        }
        if carry != 0 { limbs.append(carry) }
    }

    func isAtLeast(_ other: BigNumber) -> Bool {
        let count = max(limbs.count, other.limbs.count)
        for i in stride(from: count - 1, through: 0, by: -1) {
            let a = i < limbs.count ? limbs[i] : 0
            let b = i < other.limbs.count ? other.limbs[i] : 0
            if a != b { return a > b }
        }
        return true
    }

    mutating func subtract(_ other: BigNumber) {
        var borrow: UInt64 = 0
        for i in limbs.indices {
            let b = i < other.limbs.count ? other.limbs[i] : 0
            let (d1, o1) = limbs[i].subtractingReportingOverflow(b)
            let (d2, o2) = d1.subtractingReportingOverflow(borrow)
            limbs[i] = d2
            borrow = (o1 || o2) ? 1 : 0
        }
    }
}
