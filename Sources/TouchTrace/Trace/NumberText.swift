/// Fixed-decimal text for messages and the text transcript: `0.2330`, `-12.5000`.
///
/// Written by hand rather than with `String(format:)` so that it costs no Foundation call and
/// prints the same digits on every platform. Values that round to zero print without a sign.
public func fixed4(_ value: Double) -> String {
    var bytes: [UInt8] = []
    appendFixed4(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// Appends `value` with exactly four decimals (round half away from zero on the scaled value).
@inline(__always)
public func appendFixed4(_ value: Double, to out: inout [UInt8]) {
    guard value.isFinite else {
        out.append(contentsOf: value.isNaN ? Array("nan".utf8) : (value < 0 ? Array("-inf".utf8) : Array("inf".utf8)))
        return
    }
    let scaled = (value * 10_000).rounded()
    if abs(scaled) < 9.0e15 {
        var n = Int64(scaled)
        if n < 0 {
            out.append(UInt8(ascii: "-"))
            n = -n
        }
        let integer = n / 10_000
        let fraction = Int(n % 10_000)
        appendDecimal(UInt64(integer), to: &out)
        out.append(UInt8(ascii: "."))
        out.append(UInt8(truncatingIfNeeded: 0x30 + fraction / 1000))
        out.append(UInt8(truncatingIfNeeded: 0x30 + fraction / 100 % 10))
        out.append(UInt8(truncatingIfNeeded: 0x30 + fraction / 10 % 10))
        out.append(UInt8(truncatingIfNeeded: 0x30 + fraction % 10))
    } else {
        // Beyond 9e11 the fourth decimal is below the resolution of a Double anyway: print the
        // integral value exactly and four zeros.
        var v = value.rounded()
        if v < 0 {
            out.append(UInt8(ascii: "-"))
            v = -v
        }
        var digits: [UInt8] = []
        while v >= 1 {
            let q = (v / 10).rounded(.down)
            let d = Int(v - q * 10)
            digits.append(UInt8(0x30 + max(0, min(9, d))))
            v = q
        }
        if digits.isEmpty { digits.append(0x30) }
        out.append(contentsOf: digits.reversed())
        out.append(contentsOf: Array(".0000".utf8))
    }
}

/// Appends a non-negative integer in decimal.
@inline(__always)
public func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
    if value < 10 {
        out.append(UInt8(truncatingIfNeeded: 0x30 + value))
        return
    }
    var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &buffer) { raw in
        var i = raw.count
        var v = value
        while v > 0 {
            i -= 1
            raw[i] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
            v /= 10
        }
        out.append(contentsOf: raw[i...])
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
