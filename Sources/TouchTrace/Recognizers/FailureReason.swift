/// A failure reason's text, written as bytes and shared from them (`SharedText(utf8:)`), so that
/// a recognizer that fails makes no `String`: the same bytes as the interpolation it stands for
/// (`"lifted at \(pointText(p)) before any up stroke"` is `append("lifted at ")`,
/// `append(point: p)`, `append(" before any up stroke")`).
///
/// The bytes go to room on the stack (`withText(_:_:)`); a reason longer than that room (only
/// numbers of more than a dozen digits make one) moves what it has written to the heap and goes
/// on, so that any reason is written whole.
struct FailureReason {
    /// Room on the stack, in bytes: within what the standard library allocates on the stack
    /// without asking how deep the stack is.
    static let room = 1024

    private let start: UnsafeMutablePointer<UInt8>
    private var count = 0
    /// What did not fit in the room, in order, before the bytes at `start` (empty for the
    /// usual reason).
    private var spilled: [UInt8] = []

    private init(start: UnsafeMutablePointer<UInt8>) {
        self.start = start
    }

    /// Calls `build` to write a reason, then `body` with its UTF-8 bytes.
    @inline(__always)
    static func withText<R>(_ build: (inout FailureReason) -> Void, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
            var reason = FailureReason(start: buffer.baseAddress!)
            build(&reason)
            guard reason.spilled.isEmpty else {
                reason.spilled.append(contentsOf: UnsafeBufferPointer(start: reason.start, count: reason.count))
                return reason.spilled.withUnsafeBufferPointer(body)
            }
            return body(UnsafeBufferPointer(start: reason.start, count: reason.count))
        }
    }

    /// The reason as a `String` (for tests and messages that want one).
    static func text(_ build: (inout FailureReason) -> Void) -> String {
        withText(build) { String(decoding: $0, as: UTF8.self) }
    }

    /// Makes sure `n` more bytes (at most `room`) fit after `count`.
    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if count &+ n > Self.room { spill() }
    }

    @inline(never)
    private mutating func spill() {
        spilled.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
        count = 0
    }

    /// Appends words of the reason.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        precondition(n <= Self.room, "a piece of a failure reason longer than \(Self.room) bytes")
        reserve(n)
        (start + count).update(from: text.utf8Start, count: n)
        count &+= n
    }

    /// Appends a point as `pointText` writes it: `(251.5, 404)`.
    mutating func append(point p: Point) {
        reserve(2 &* fixed4MaximumLength &+ 4)
        start[count] = UInt8(ascii: "(")
        count &+= 1
        count &+= writeCompact(p.x, to: start + count)
        start[count] = UInt8(ascii: ",")
        start[count &+ 1] = UInt8(ascii: " ")
        count &+= 2
        count &+= writeCompact(p.y, to: start + count)
        start[count] = UInt8(ascii: ")")
        count &+= 1
    }

    /// Appends a number as `compactNumber` writes it: up to four decimals, no trailing zeros.
    mutating func append(compact v: Double) {
        reserve(fixed4MaximumLength)
        count &+= writeCompact(v, to: start + count)
    }

    /// Appends a distance as `oneDecimal` writes it: `12.0`, `33.5`.
    mutating func append(oneDecimal v: Double) {
        reserve(fixed4MaximumLength)
        // `fixedDecimals(v, 1)`: the value rounded to a tenth, with four decimals less the last
        // three (all of a non-finite value's text but its sign).
        let n = writeFixed4((v * 10).rounded() / 10, to: start + count)
        count &+= Swift.max(n &- 3, 0)
    }

    /// Appends a count in decimal: `3`.
    mutating func append(count value: Int) {
        reserve(24)
        if value < 0 {
            start[count] = UInt8(ascii: "-")
            count &+= 1
        }
        count &+= writeDecimal(UInt64(value.magnitude), to: start + count)
    }
}

/// Writes `compactNumber(v)` at `out` (room for `fixed4MaximumLength` bytes); returns the length.
func writeCompact(_ v: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
    var n = writeFixed4(v, to: out)
    // Four decimals follow the point, unless the value is not finite.
    guard n >= 5, out[n - 5] == UInt8(ascii: ".") else { return n }
    while out[n - 1] == UInt8(ascii: "0") { n -= 1 }
    if out[n - 1] == UInt8(ascii: ".") { n -= 1 }
    return n
}
