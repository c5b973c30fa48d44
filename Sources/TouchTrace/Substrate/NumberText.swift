/// Fixed-decimal text for messages and the text transcript: `0.2330`, `-12.5000`.
///
/// Written by hand rather than with `String(format:)` so that it costs no Foundation call and
/// prints the same digits on every platform. Values that round to zero print without a sign.
public func fixed4(_ value: Double) -> String {
    var bytes: [UInt8] = []
    appendFixed4(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// Two times for a message that compares them: with four decimals, or, where four decimals
/// would print them alike (`1.0000` after `1.0000` for a step back of 1e-12 s), in their
/// shortest round-trip form, which tells them apart.
func distinctTimes(_ a: Double, _ b: Double) -> (String, String) {
    let (fa, fb) = (fixed4(a), fixed4(b))
    guard fa == fb && a != b else { return (fa, fb) }
    var (sa, sb): ([UInt8], [UInt8]) = ([], [])
    appendShortest(a, to: &sa)
    appendShortest(b, to: &sb)
    return (String(decoding: sa, as: UTF8.self), String(decoding: sb, as: UTF8.self))
}

/// `value` rounded to `places` decimals (0 to 4): `12.3`, `0.027`.
package func fixedDecimals(_ value: Double, _ places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let text = fixed4((value * scale).rounded() / scale)
    return String(text.dropLast(places == 0 ? 5 : 4 - places))
}

/// Appends `value` with exactly four decimals (round half away from zero on the scaled value).
public func appendFixed4(_ value: Double, to out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: fixed4MaximumLength) { buffer in
        let n = writeFixed4(value, to: buffer.baseAddress!)
        out.append(contentsOf: buffer[0..<n])
    }
}

/// The longest text `writeFixed4` writes: a sign, 309 digits, a point and four decimals.
let fixed4MaximumLength = 320

/// Writes `value` with exactly four decimals at `out` (room for `fixed4MaximumLength` bytes);
/// returns the length. Values that round to zero are written without a sign; non-finite ones
/// as `nan`, `inf`, `-inf`.
@inline(__always)
func writeFixed4(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
    let scaled = value * 10_000
    let magnitude = abs(scaled)
    // Below 10,000 once rounded, the usual case (times, points, velocities), written here, small
    // enough to be inlined where numbers are written; the rest, NaN and the infinities, which
    // fail this comparison, by `writeWideFixed4`.
    guard magnitude < 99_999_999.5 else { return writeWideFixed4(value, to: out) }
    // Rounded half away from zero, without a call to `round`: the whole part, plus one when
    // what is left (exact) is a half or more. (Through Int64: one conversion instruction,
    // where UInt64 takes a branch or two.)
    let whole = Int64(magnitude)
    // Not negative (a magnitude), so its bits are its value.
    let units = UInt64(bitPattern: whole) &+ (magnitude - Double(whole) >= 0.5 ? 1 : 0)
    // The sign is stored in any case: without one, the digits are written over it. It is the
    // value's sign bit (a value that rounds to zero has none, a NaN is not here).
    out[0] = UInt8(ascii: "-")
    let n = Int(truncatingIfNeeded: value.bitPattern >> 63) & (units != 0 ? 1 : 0)
    // The eight digits of `units` are the whole part's four (with leading zeros) and the four
    // decimals, made in one go. The whole part less its leading zeros (at most three: one
    // digit stays) is stored as a word, the point over the zeros it ends with, and the
    // decimals as a word after it.
    let digits = eightDigits(UInt32(truncatingIfNeeded: units))
    let zeros = ((digits ^ 0x3030_3030_3030_3030) | (1 << 24)).trailingZeroBitCount / 8
    let start = UnsafeMutableRawPointer(out + n)
    start.storeBytes(of: (UInt32(truncatingIfNeeded: digits) >> UInt32(truncatingIfNeeded: 8 &* zeros)).littleEndian, as: UInt32.self)
    let point = 4 &- zeros
    start.storeBytes(of: UInt8(ascii: "."), toByteOffset: point, as: UInt8.self)
    (start + point + 1).storeBytes(of: UInt32(truncatingIfNeeded: digits >> 32).littleEndian, as: UInt32.self)
    return n + point + 5
}

/// `writeFixed4` for every value, written for those from 10,000 up, NaN and the infinities.
@inline(never)
private func writeWideFixed4(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
    guard value.isFinite else {
        let text: StaticString = value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf")
        out.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }
    let scaled = value * 10_000
    let magnitude = abs(scaled)
    var n = 0
    if magnitude < 9.0e15 {
        // Rounded half away from zero, as above. (From 2^52 up the value is whole: below 9e15
        // it stays below 9e15.)
        var units = UInt64(magnitude)
        if magnitude - Double(units) >= 0.5 { units += 1 }
        if scaled < 0 && units != 0 {
            out[0] = UInt8(ascii: "-")
            n = 1
        }
        let whole = units / 10_000
        let fraction = UInt32(truncatingIfNeeded: units &- whole &* 10_000)
        n += writeDecimal(whole, to: out + n)
        out[n] = UInt8(ascii: ".")
        // The four digits are the upper half of the eight of `fraction`, below 10^4.
        let digits = UInt32(truncatingIfNeeded: eightDigits(fraction) >> 32)
        UnsafeMutableRawPointer(out + n + 1).storeBytes(of: digits.littleEndian, as: UInt32.self)
        return n + 5
    }
    // Beyond 9e11 the fourth decimal is below the resolution of a Double anyway: write the
    // integral value exactly and four zeros.
    var v = value.rounded()
    if v < 0 {
        out[0] = UInt8(ascii: "-")
        n = 1
        v = -v
    }
    n += v < 9_007_199_254_740_992 ? writeDecimal(UInt64(v), to: out + n) : writeExactInteger(v, to: out + n)
    for (k, b) in ".0000".utf8.enumerated() { out[n + k] = b }
    return n + 5
}

/// Writes a whole double of at least 2^53 exactly in decimal (up to 309 digits); returns the
/// length. Its value is mantissa × 2^exponent: the mantissa in base-10^9 limbs, doubled
/// `exponent` times, 29 doublings at a time (a limb times 2^29 fits in 64 bits).
private func writeExactInteger(_ v: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
    var exponent = Int(v.exponent) - 52
    var limbs: [UInt64] = []
    var m = v.significandBitPattern | (1 << 52)
    while m > 0 {
        limbs.append(m % 1_000_000_000)
        m /= 1_000_000_000
    }
    while exponent > 0 {
        let shift = UInt64(min(exponent, 29))
        exponent -= Int(shift)
        var carry: UInt64 = 0
        for i in limbs.indices {
            let x = limbs[i] << shift + carry
            limbs[i] = x % 1_000_000_000
            carry = x / 1_000_000_000
        }
        while carry > 0 {
            limbs.append(carry % 1_000_000_000)
            carry /= 1_000_000_000
        }
    }
    // The top limb as it is, every other one with its nine digits.
    var n = writeDecimal(limbs[limbs.count - 1], to: out)
    for i in stride(from: limbs.count - 2, through: 0, by: -1) {
        var limb = limbs[i]
        for k in stride(from: 8, through: 0, by: -1) {
            out[n + k] = UInt8(truncatingIfNeeded: 0x30 + limb % 10)
            limb /= 10
        }
        n += 9
    }
    return n
}

/// Writes a non-negative integer in decimal at `out`; returns the length (at most 20). May
/// write up to 8 bytes for a shorter number (what follows the digits is to be overwritten).
@inline(__always)
func writeDecimal(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
    if value < 10 {
        // The most common (counts of touches, small ids).
        out[0] = UInt8(truncatingIfNeeded: 0x30 + value)
        return 1
    }
    if value < 100_000_000 {
        // Eight digits in one word, less their leading zeros: its lowest "0" bytes, all but
        // the last for 0.
        let digits = eightDigits(UInt32(truncatingIfNeeded: value))
        let leadingZeros = ((digits ^ 0x3030_3030_3030_3030) | (1 << 56)).trailingZeroBitCount / 8
        UnsafeMutableRawPointer(out).storeBytes(of: (digits &>> UInt64(truncatingIfNeeded: 8 &* leadingZeros)).littleEndian, as: UInt64.self)
        return 8 &- leadingZeros
    }
    var length = 0
    var v = value
    while v > 0 {
        length += 1
        v /= 10
    }
    v = value
    var i = length
    while i > 0 {
        i -= 1
        out[i] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
        v /= 10
    }
    return length
}

/// Appends a non-negative integer in decimal.
public func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
        let n = writeDecimal(value, to: buffer.baseAddress!)
        out.append(contentsOf: buffer[0..<n])
    }
}

/// Appends a signed integer in decimal.
@inline(__always)
public func appendDecimal(_ value: Int, to out: inout [UInt8]) {
    if value < 0 {
        out.append(UInt8(ascii: "-"))
        appendDecimal(value.magnitude.toUInt64, to: &out)
    } else {
        appendDecimal(UInt64(value), to: &out)
    }
}

extension UInt {
    var toUInt64: UInt64 { UInt64(self) }
}

/// The eight decimal digits of `v` (below 10^8, with leading zeros) as ASCII in one word, the
/// first digit in the lowest byte (stored little-endian, they read in order), computed in
/// lanes of one word rather than a division per digit: the two halves of four digits in
/// 32-bit lanes, each split into two digit pairs in 16-bit lanes, each split into two
/// digits in bytes. Dividing a lane by 100 or 10 is a multiply and shift exact for the
/// lane's range (x·10486 >> 20 = x / 100 below 10^4; x·103 >> 10 = x / 10 below 100).
@inline(__always) func eightDigits(_ v: UInt32) -> UInt64 {
    var x = UInt64(v / 10_000) | (UInt64(v % 10_000) << 32)
    var q = ((x &* 10486) >> 20) & 0x0000_007F_0000_007F
    x = ((x &- q &* 100) << 16) | q
    q = ((x &* 103) >> 10) & 0x000F_000F_000F_000F
    x = ((x &- q &* 10) << 8) | q
    return x | 0x3030_3030_3030_3030
}

/// Writes `compactNumber(v)` at `out` (room for `fixed4MaximumLength` bytes); returns the length.
func writeCompact(_ v: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
    var n = writeFixed4(v, to: out)
    // Four decimals follow the point, unless the value is not finite; within the `n` bytes.
    guard n >= 5, out[n - 5] == UInt8(ascii: ".") else { return n }
    while out[n - 1] == UInt8(ascii: "0") { n -= 1 }
    if out[n - 1] == UInt8(ascii: ".") { n -= 1 }
    return n
}

/// A short text (a message, a failure reason) written as UTF-8 bytes into room on the stack, so
/// that building it makes no `String`: words, numbers with up to four decimals, counts.
///
/// The bytes go to `stackRoom` bytes on the stack; a text longer than that (only numbers of
/// more than a dozen digits make one) moves what it has written to the heap and goes on, so
/// that any text is written whole.
struct TextBuilder {
    /// Room on the stack, in bytes: within what the standard library allocates on the stack
    /// without asking how deep the stack is.
    static let stackRoom = 1024

    private let start: UnsafeMutablePointer<UInt8>
    private var count = 0
    /// What did not fit in the room, in order, before the bytes at `start` (empty for the
    /// usual text).
    private var spilled: [UInt8] = []

    private init(start: UnsafeMutablePointer<UInt8>) {
        self.start = start
    }

    /// Calls `build` to write a text, then `body` with its UTF-8 bytes.
    @inline(__always)
    private static func withText<R>(_ build: (inout TextBuilder) -> Void, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackRoom) { buffer in
            var text = TextBuilder(start: buffer.baseAddress!)
            build(&text)
            guard text.spilled.isEmpty else {
                // The `count` bytes written in the room.
                text.spilled.append(contentsOf: UnsafeBufferPointer(start: text.start, count: text.count))
                return text.spilled.withUnsafeBufferPointer(body)
            }
            // As above.
            return body(UnsafeBufferPointer(start: text.start, count: text.count))
        }
    }

    /// The text `build` writes, shared (`SharedText`), made without a `String`.
    @inline(__always)
    static func sharedText(_ build: (inout TextBuilder) -> Void) -> SharedText {
        withText(build) { SharedText(utf8: $0) }
    }

    /// The text `build` writes, as a `String`.
    static func string(_ build: (inout TextBuilder) -> Void) -> String {
        withText(build) { String(decoding: $0, as: UTF8.self) }
    }

    /// Makes sure `n` more bytes (at most `stackRoom`) fit after `count`.
    @inline(__always)
    private mutating func reserve(_ n: Int) {
        // Small: `count` and `n` are at most `stackRoom`.
        if count &+ n > Self.stackRoom { spill() }
    }

    @inline(never)
    private mutating func spill() {
        // The `count` bytes written in the room.
        spilled.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
        count = 0
    }

    /// Appends words.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        precondition(n <= Self.stackRoom, "a piece of a text longer than \(Self.stackRoom) bytes")
        reserve(n)
        // Within the room: `reserve` made room for the `n` bytes.
        (start + count).update(from: text.utf8Start, count: n)
        count &+= n
    }

    /// Appends a number as `compactNumber` writes it: up to four decimals, no trailing zeros.
    mutating func append(compact v: Double) {
        reserve(fixed4MaximumLength)
        // At most `fixed4MaximumLength` bytes, within the room `reserve` made.
        count &+= writeCompact(v, to: start + count)
    }

    /// Appends a number as `fixedDecimals(v, places)` writes it: rounded to `places` decimals
    /// (0 to 4).
    mutating func append(fixed v: Double, places: Int) {
        precondition(places >= 0 && places <= 4, "from 0 to 4 decimals, not \(places)")
        reserve(fixed4MaximumLength)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        // As in `append(compact:)`. Four decimals less the ones not wanted (and the point for
        // none): all of a non-finite value's text but its sign.
        let n = writeFixed4((v * scale).rounded() / scale, to: start + count)
        count &+= Swift.max(n - (places == 0 ? 5 : 4 - places), 0)
    }

    /// Appends an integer in decimal: `3`, `-12`.
    mutating func append(decimal value: Int) {
        reserve(24)
        if value < 0 {
            // Within the room `reserve` made (24 bytes: a sign and 20 digits, 8 written).
            start[count] = UInt8(ascii: "-")
            count &+= 1
        }
        // As above.
        count &+= writeDecimal(UInt64(value.magnitude), to: start + count)
    }
}
