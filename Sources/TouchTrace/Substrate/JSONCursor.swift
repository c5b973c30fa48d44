#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The deepest nesting of arrays and objects a document may have. Deeper input is rejected with
/// a message instead of overflowing the stack.
public let maximumJSONNesting = 64

/// A byte-level JSON cursor: it validates the grammar of RFC 8259 as it goes and never builds a
/// `String` for anything but the values it is asked for.
///
/// It works on a raw pointer for speed; the caller keeps the bytes alive for its lifetime
/// (`withUnsafeBufferPointer`).
struct JSONCursor {
    let base: UnsafePointer<UInt8>
    let end: Int
    var pos: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0, to limit: Int? = nil) {
        // An empty buffer may have no base address; point at a harmless static byte instead.
        self.base = buffer.baseAddress ?? JSONCursor.emptyBase
        self.end = limit ?? buffer.count
        self.pos = start
    }

    private static var emptyBase: UnsafePointer<UInt8> {
        // A static string's storage lives for the whole program.
        ("" as StaticString).utf8Start
    }

    @inline(__always) var atEnd: Bool { pos >= end }

    /// The byte at the cursor, or 0 at the end (0 is never valid JSON outside strings).
    @inline(__always) var current: UInt8 { pos < end ? base[pos] : 0 }

    @inline(__always) mutating func skipWhitespace() {
        // Most keys and values follow no whitespace or one space: a byte above ' ' ends it at once.
        guard pos < end, base[pos] <= 0x20 else { return }
        // One space or line break before a byte above a space: after the colons and commas of
        // a spaced file, between the events of a file with an event a line. (The byte is at
        // most a space: the shift is below 33.)
        if pos + 1 < end, base[pos + 1] > 0x20, (UInt64(1) &<< UInt64(base[pos])) & Self.spaceOrLineFeed != 0 {
            pos += 1
            return
        }
        skipLongerWhitespace()
    }

    /// The rest of `skipWhitespace`, from a byte at most a space that no byte above a space
    /// follows (or that is not a space or a line feed). Out of line, so that the steps every
    /// reader inlines stay those above: such a run (an indentation) is worth a call.
    @inline(never)
    mutating func skipLongerWhitespace() {
        // A line feed and up to 15 spaces before a byte above a space, as pretty-printed files
        // have before every key and value: the spaces counted in one or two eight-byte words,
        // where the first byte that is not a space is. In bounds: 17 bytes from the line feed
        // are read, and the byte after them.
        if pos + 18 <= end, base[pos] == 0x0A {
            let first = UnsafeRawPointer(base + pos + 1).loadUnaligned(as: UInt64.self).littleEndian ^ 0x2020_2020_2020_2020
            let after: Int
            if first != 0 {
                after = pos + 1 + first.trailingZeroBitCount >> 3
            } else {
                let second = UnsafeRawPointer(base + pos + 9).loadUnaligned(as: UInt64.self).littleEndian ^ 0x2020_2020_2020_2020
                after = pos + 9 + (second != 0 ? second.trailingZeroBitCount >> 3 : 8)
            }
            if base[after] > 0x20 {
                pos = after
                return
            }
        }
        while true {
            if pos + 8 <= end {
                // A run of spaces measured eight bytes at a time: its length is where the first
                // other byte is, with no test of a byte on its own. In bounds: checked just above.
                let others = UnsafeRawPointer(base + pos).loadUnaligned(as: UInt64.self).littleEndian ^ 0x2020_2020_2020_2020
                if others == 0 {
                    pos += 8
                    continue
                }
                pos += others.trailingZeroBitCount >> 3
            } else {
                while pos < end, base[pos] == 0x20 { pos += 1 }
                guard pos < end else { return }
            }
            // Not a space: a line break, carriage return or tab goes on, in one test of a bit
            // each (no table of jumps, which the order of these bytes would make hard to
            // predict); anything else ends the whitespace. The shift is below 33.
            let b = base[pos]
            guard b < 0x20, (UInt64(1) &<< UInt64(b)) & Self.whitespaceBelowSpace != 0 else { return }
            pos += 1
        }
    }

    /// The bytes below a space that JSON counts as whitespace (tab, line feed, carriage
    /// return), as a set of bits.
    private static var whitespaceBelowSpace: UInt64 { 1 << 0x09 | 1 << 0x0A | 1 << 0x0D }

    /// A space and a line feed, as a set of bits.
    private static var spaceOrLineFeed: UInt64 { 1 << 0x20 | 1 << 0x0A }

    /// Skips whitespace and returns the next byte without consuming it (0 at the end).
    @inline(__always) mutating func peek() -> UInt8 {
        skipWhitespace()
        return current
    }

    /// Whether the byte at the cursor can start a number (`-` or a digit).
    @inline(__always) var atNumberStart: Bool {
        let b = current
        // A byte below '0' wraps to 10 or more: one comparison for the range '0'...'9'.
        return b == UInt8(ascii: "-") || b &- 0x30 < 10
    }

    /// The first byte of a string's contents (0 for an empty string).
    @inline(__always) func firstByte(of token: JSONStringToken) -> UInt8 {
        token.end > token.start ? base[token.start] : 0
    }

    /// The byte at `offset` (0 outside the buffer).
    func byte(at offset: Int) -> UInt8 {
        offset >= 0 && offset < end ? base[offset] : 0
    }

    func failure(_ message: String, at offset: Int? = nil) -> ParseFailure {
        ParseFailure(offset: offset ?? pos, message: message)
    }

    /// A description of the byte at the cursor for "expected X, found Y" messages.
    func foundDescription() -> String {
        if pos >= end { return "the end of the file" }
        let b = base[pos]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b == 0 { return "a NUL byte (binary data?)" }
        return String(format2: b)
    }

    @inline(__always) mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(ParseFailure) {
        skipWhitespace()
        guard pos < end, base[pos] == byte else {
            throw failure("invalid JSON: expected \(what()), found \(foundDescription())")
        }
        pos += 1
    }

    // MARK: Objects and arrays

    /// After `{` or a member's value: true if another member follows (consumes `,`), false at `}`
    /// (consumes it).
    @inline(__always) mutating func nextMember(first: Bool) throws(ParseFailure) -> Bool {
        skipWhitespace()
        guard pos < end else { throw failure("invalid JSON: unexpected end of file inside an object (missing '}')") }
        let b = base[pos]
        if b == UInt8(ascii: "}") {
            pos += 1
            return false
        }
        if first { return true }
        guard b == UInt8(ascii: ",") else { throw failureAfter("an object member", closing: "}") }
        pos += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") { throw failure("invalid JSON: trailing comma before '}'") }
        return true
    }

    /// After `[` or an element: true if another element follows (consumes `,`), false at `]`.
    ///
    /// Transparent: the loop over a trace's events is large, and as an `@inline(__always)`
    /// function this was called out of line there.
    @_transparent mutating func nextElement(first: Bool) throws(ParseFailure) -> Bool {
        skipWhitespace()
        guard pos < end else { throw failure("invalid JSON: unexpected end of file inside an array (missing ']')") }
        let b = base[pos]
        if b == UInt8(ascii: "]") {
            pos += 1
            return false
        }
        if first { return true }
        guard b == UInt8(ascii: ",") else { throw failureAfter("an array element", closing: "]") }
        pos += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") { throw failure("invalid JSON: trailing comma before ']'") }
        return true
    }

    /// "expected ',' or '}' after an object member, found …": out of line, so that the loops
    /// that step from one member or element to the next stay small enough to be inlined.
    @inline(never)
    private func failureAfter(_ what: StaticString, closing: StaticString) -> ParseFailure {
        failure("invalid JSON: expected ',' or '\(closing)' after \(what), found \(foundDescription())")
    }

    /// Reads a member's key and the colon after it.
    @inline(__always) mutating func memberKey() throws(ParseFailure) -> JSONStringToken {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else {
            throw failure("invalid JSON: expected a quoted key, found \(foundDescription())")
        }
        // Keys are almost always short plain ASCII: scan them without the general string checks.
        var i = pos + 1
        while i < end {
            let b = base[i]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
            i += 1
        }
        let key: JSONStringToken
        if i < end && base[i] == UInt8(ascii: "\"") {
            key = JSONStringToken(start: pos + 1, end: i, hasEscapes: false)
            pos = i + 1
        } else {
            key = try stringToken()
        }
        // The colon, usually right after the key or after one space.
        if pos < end && base[pos] == UInt8(ascii: ":") {
            pos += 1
        } else {
            try expect(UInt8(ascii: ":"), "':' after the key")
        }
        skipWhitespace()
        return key
    }

    // MARK: Predicted keys and values

    /// Whether the next `length` (≤ 8) bytes are those of `pattern` (little-endian), compared in
    /// one load; false near the end of the buffer (the caller then takes the general path).
    @inline(__always) func hasBytes(_ pattern: UInt64, length: Int) -> Bool {
        guard pos + 8 <= end else { return false }
        let word = UnsafeRawPointer(base + pos).loadUnaligned(as: UInt64.self)
        let mask: UInt64 = length == 8 ? ~0 : (1 << UInt64(length * 8)) - 1
        return word & mask == pattern
    }

    /// Consumes a member key given as its quoted bytes (`"id"` as 0x22646922, 4), with the
    /// colon right after it and the whitespace after that, if it is next; returns its token.
    /// Files almost always list keys in one order: checking the expected key in one comparison
    /// is cheaper than scanning and then telling it apart.
    /// A key longer than eight bytes gives its ninth as `then`.
    @inline(__always) mutating func predictedKey(_ pattern: UInt64, length: Int, then ninth: UInt8? = nil) -> JSONStringToken? {
        guard hasBytes(pattern, length: length) else { return nil }
        var keyLength = length
        if let ninth {
            guard pos + 9 < end, base[pos + 8] == ninth else { return nil }
            keyLength = 9
        }
        guard pos + keyLength < end, base[pos + keyLength] == UInt8(ascii: ":") else { return nil }
        let token = JSONStringToken(start: pos + 1, end: pos + keyLength - 1, hasEscapes: false)
        pos += keyLength + 1
        skipWhitespace()
        return token
    }

    /// The eight bytes that start `offset` bytes past the cursor, the first in the lowest byte,
    /// or 0 when fewer than eight remain there: what a caller tells keys apart by, whatever
    /// their order (a key's bytes with its closing quote are never 0).
    @inline(__always) func lookahead(_ offset: Int) -> UInt64 {
        let at = pos + offset
        guard offset >= 0, at + 8 <= end else { return 0 }
        // In bounds: checked just above.
        return UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self).littleEndian
    }

    /// Consumes the member key at the cursor (its opening quote), whose `length` bytes and
    /// closing quote the caller has matched (`lookahead`), with the colon after it and the
    /// whitespace after that. False, with nothing consumed, when the cursor is not at a quote
    /// or no colon follows: the general steps (`memberKey`) then read the same bytes and report
    /// what is there.
    @inline(__always) mutating func takeKey(length: Int) -> Bool {
        guard pos < end, base[pos] == UInt8(ascii: "\"") else { return false }
        var p = pos + length + 2
        // The colon, usually right after the key.
        while p < end, Self.isWhitespace(base[p]) { p += 1 }
        guard p < end, base[p] == UInt8(ascii: ":") else { return false }
        pos = p + 1
        skipWhitespace()
        return true
    }

    /// Consumes a member key whose bytes the caller has matched from the cursor on
    /// (`quotedLength` bytes, opening and closing quote included, as `lookahead(0)` shows
    /// them), the colon after it and the whitespace on either side of the colon, whatever the
    /// layout. False when no colon follows: the caller then lets the general steps read (and
    /// report) the same bytes from where it started.
    @inline(__always) mutating func takeQuotedKey(_ quotedLength: Int) -> Bool {
        var p = pos + quotedLength
        // The colon, right after the key in most files; after spaces in the others.
        if p < end, base[p] == UInt8(ascii: ":") {
            pos = p + 1
        } else {
            while p < end, Self.isWhitespace(base[p]) { p += 1 }
            guard p < end, base[p] == UInt8(ascii: ":") else { return false }
            pos = p + 1
        }
        skipWhitespace()
        return true
    }

    /// Consumes the member key at the cursor if it is `key` (a key `shortContents(of:)` packed
    /// when it was read before), with the colon after it and the whitespace on either side of
    /// the colon, in one comparison of its bytes instead of a scan: the same bytes, so the
    /// same key `memberKey` would read. False, with nothing consumed, for any other key, near
    /// the end of the buffer, or when no colon follows.
    @inline(__always) mutating func takeKey(_ key: ShortString) -> Bool {
        // The quote, 16 bytes and the byte after them.
        guard pos + 18 <= end, base[pos] == UInt8(ascii: "\"") else { return false }
        // In bounds: checked just above.
        let p = UnsafeRawPointer(base + pos + 1)
        guard p.loadUnaligned(as: UInt64.self).littleEndian & Self.lowBytes(key.length) == key.low,
              p.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian & Self.lowBytes(key.length - 8) == key.high,
              base[pos + 1 + key.length] == UInt8(ascii: "\"") else { return false }
        return takeQuotedKey(key.length + 2)
    }

    /// Skips whitespace and consumes `byte` if it is next; whether it did. What a reader that
    /// does not predict the layout steps over between values (`}`, `]`): the byte right at the
    /// cursor is tried first, as most files write it.
    @inline(__always) mutating func skip(_ byte: UInt8) -> Bool {
        if pos < end, base[pos] == byte {
            pos += 1
            return true
        }
        skipWhitespace()
        guard pos < end, base[pos] == byte else { return false }
        pos += 1
        return true
    }

    /// `skip(byte)`, and the whitespace after the byte when it was there: what stands between
    /// two members or elements (`,`), whatever the layout, leaving the cursor at the next one.
    @inline(__always) mutating func skipSeparator(_ byte: UInt8) -> Bool {
        guard skip(byte) else { return false }
        skipWhitespace()
        return true
    }

    /// Consumes the next `length` (≤ 8) bytes if they are those of `pattern` (little-endian):
    /// the separators, keys and colons of the layout files usually have (`, "x": `), matched in
    /// one comparison. Callers read the same bytes with the general steps when it gives false.
    @inline(__always) mutating func skipLiteral(_ pattern: UInt64, length: Int) -> Bool {
        guard hasBytes(pattern, length: length) else { return false }
        pos += length
        return true
    }

    /// Consumes a quoted value given as its bytes (`"moved"`), if it is next and is followed by a
    /// delimiter.
    @inline(__always) mutating func predictedString(_ pattern: UInt64, length: Int) -> Bool {
        guard hasBytes(pattern, length: length) else { return false }
        let next = base[pos + length]
        guard next == UInt8(ascii: ",") || next == UInt8(ascii: "}") || next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09 else { return false }
        pos += length
        return true
    }

    // MARK: Strings

    /// Scans a string starting at its opening quote; validates escapes, control characters and
    /// UTF-8, and returns where its contents lie.
    @inline(__always) mutating func stringToken() throws(ParseFailure) -> JSONStringToken {
        let open = pos
        pos += 1
        let start = pos
        var escapes = false
        while pos < end {
            let b = base[pos]
            if b == UInt8(ascii: "\"") {
                let token = JSONStringToken(start: start, end: pos, hasEscapes: escapes)
                pos += 1
                return token
            }
            if b == UInt8(ascii: "\\") {
                escapes = true
                try skipEscape()
            } else if b == 0x0A || b == 0x0D {
                throw failure("invalid JSON: line break in a string (is a closing quote missing?)")
            } else if b < 0x20 {
                throw failure("invalid JSON: control character \(String(format2: b)) in a string (write it as an escape)")
            } else if b >= 0x80 {
                try skipUTF8Sequence()
            } else {
                pos += 1
            }
        }
        throw failure("invalid JSON: unterminated string", at: open)
    }

    private mutating func skipEscape() throws(ParseFailure) {
        let at = pos
        pos += 1
        guard pos < end else { throw failure("invalid JSON: unterminated string", at: at) }
        switch base[pos] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            pos += 1
        case UInt8(ascii: "u"):
            pos += 1
            for _ in 0..<4 {
                guard pos < end, hexValue(base[pos]) != nil else {
                    throw failure("invalid JSON: \\u must be followed by four hexadecimal digits", at: at)
                }
                pos += 1
            }
        default:
            throw failure("invalid JSON: unknown escape '\\\(Character(Unicode.Scalar(base[pos])))' in a string", at: at)
        }
    }

    /// Validates one multi-byte UTF-8 sequence (no overlong forms, no surrogates, at most U+10FFFF).
    private mutating func skipUTF8Sequence() throws(ParseFailure) {
        let b0 = base[pos]
        var length = 0
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: throw failure("invalid UTF-8 byte \(String(format2: b0)) (is this a binary file?)")
        }
        guard pos + length <= end else { throw failure("invalid UTF-8: truncated sequence") }
        let b1 = base[pos + 1]
        guard b1 >= lower && b1 <= upper else { throw failure("invalid UTF-8 sequence (is this a binary file?)") }
        for k in 2..<max(length, 2) where k < length {
            guard base[pos + k] & 0xC0 == 0x80 else { throw failure("invalid UTF-8 sequence (is this a binary file?)") }
        }
        pos += length
    }

    /// Whether a string's contents are exactly the given ASCII key (no allocation).
    @inline(__always) func equals(_ token: JSONStringToken, _ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        if token.hasEscapes { return decode(token) == literal.description }
        guard token.end - token.start == n else { return false }
        return memcmp(base + token.start, literal.utf8Start, n) == 0
    }

    /// The contents of a string of at most 16 bytes without escapes, packed in two words, or
    /// nil for any other string: a key met again is told by comparing two words, with no
    /// `String` made and nothing hashed.
    func shortContents(of token: JSONStringToken) -> ShortString? {
        let length = token.end - token.start
        guard !token.hasEscapes, length <= 16 else { return nil }
        var low: UInt64 = 0
        var high: UInt64 = 0
        if token.start + 16 <= end {
            // In bounds: the 16 bytes from the start were checked just above.
            let p = UnsafeRawPointer(base + token.start)
            low = p.loadUnaligned(as: UInt64.self).littleEndian & Self.lowBytes(length)
            high = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian & Self.lowBytes(length - 8)
        } else {
            // Near the end of the buffer: a byte at a time.
            for i in 0..<length {
                let b = UInt64(base[token.start + i])
                if i < 8 { low |= b << UInt64(8 * i) } else { high |= b << UInt64(8 * (i - 8)) }
            }
        }
        return ShortString(low: low, high: high, length: length)
    }

    /// A word's lowest `count` bytes set (none for 0 or fewer, all eight for 8 or more).
    @inline(__always) private static func lowBytes(_ count: Int) -> UInt64 {
        count <= 0 ? 0 : count >= 8 ? ~0 : (1 << UInt64(8 * count)) - 1
    }

    /// The decoded contents of a string.
    func decode(_ token: JSONStringToken) -> String {
        let raw = UnsafeBufferPointer(start: base + token.start, count: token.end - token.start)
        if !token.hasEscapes { return String(decoding: raw, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        func flush() {
            if !out.isEmpty {
                scalars.append(contentsOf: String(decoding: out, as: UTF8.self).unicodeScalars)
                out.removeAll(keepingCapacity: true)
            }
        }
        func hex4(_ at: Int) -> UInt32 {
            var v: UInt32 = 0
            for k in 0..<4 { v = v << 4 | UInt32(hexValue(raw[at + k]) ?? 0) }
            return v
        }
        while i < raw.count {
            let b = raw[i]
            guard b == UInt8(ascii: "\\") else {
                out.append(b)
                i += 1
                continue
            }
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                flush()
                var code = hex4(i)
                i += 4
                if code >= 0xD800 && code < 0xDC00, i + 6 <= raw.count,
                   raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u") {
                    let low = hex4(i + 2)
                    if low >= 0xDC00 && low < 0xE000 {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                // A lone surrogate cannot be a Unicode scalar: it becomes U+FFFD.
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: out.append(e)
            }
        }
        flush()
        return String(scalars)
    }

    // MARK: Numbers

    /// Parses a JSON number at the cursor into a correctly rounded `Double`.
    ///
    /// Most numbers in traces have at most 19 digits and small exponents, which Clinger's fast
    /// path converts exactly with one multiplication or division; the rest go through `strtod`,
    /// which rounds correctly. Digits are read eight at a time.
    ///
    /// Transparent, as is `shortNumber`: the compiler inlines them into the hot loops, which keep
    /// the cursor in registers (as plain `@inline(__always)` functions it called them out of line).
    @_transparent mutating func number() throws(ParseFailure) -> JSONNumber {
        if let short = shortNumber() { return short }
        return try anyNumber()
    }

    /// The number at the cursor, or nil (nothing consumed) when the value there does not start
    /// like a number (for the caller to read and describe); the usual number is tried first, so
    /// that it costs no test of the first byte. `longFractions`: as for `shortNumber`.
    @_transparent mutating func numberIfPresent(longFractions: Bool = false) throws(ParseFailure) -> JSONNumber? {
        if let short = shortNumber(longFractions: longFractions) { return short }
        guard atNumberStart else { return nil }
        return try anyNumber()
    }

    /// The usual number of a trace, `-123.45` with at most seven digits before the point and
    /// eight after it and a delimiter after it; nil (nothing consumed) for any other, which
    /// `anyNumber` reads and checks. The whole part is read digit by digit (one to three digits
    /// in most traces: fewer instructions than finding its length first), the fraction in one
    /// eight-byte step, however many of its digits there are.
    ///
    /// `longFractions`: whether a number with more than eight digits after the point (a double
    /// as a browser writes it) is read on from where these steps stop (`longerFraction`) rather
    /// than from its start by `anyNumber` — the same value, for the places where such numbers
    /// are met (a touch's coordinates). Elsewhere the call it takes would only crowd the inlined
    /// steps.
    @_transparent mutating func shortNumber(longFractions: Bool = false) -> JSONNumber? {
        var p = pos
        // The reads below end at most 18 bytes past `pos`: a sign, seven digits and the byte
        // after them, the point, the eight bytes after it and the byte after those.
        guard p + 20 <= end else { return nil }
        let negative = base[p] == UInt8(ascii: "-")
        if negative { p += 1 }
        // (A byte below '0' wraps to 10 or more: one comparison for '0'...'9'.)
        var mantissa = UInt64(base[p] &- 0x30)
        guard mantissa < 10 else { return nil }
        p += 1
        if mantissa != 0 {
            // Up to six more digits; a leading zero is left for the delimiter test below, which
            // fails at the digit after it, as it fails at an eighth digit.
            let last = p + 6
            while p < last {
                let digit = base[p] &- 0x30
                if digit >= 10 { break }
                // At most seven digits here and eight below: below 10^15, no wrap.
                mantissa = mantissa &* 10 &+ UInt64(digit)
                p += 1
            }
        }
        var fractionDigits = 0
        if base[p] == UInt8(ascii: ".") {
            let values = Self.digitValues(at: base + p + 1)
            let digits = Self.digitCount(values)
            guard digits > 0 else { return nil }
            // As above: at most 7 + 8 digits in all, and a ninth after the point fails the
            // delimiter test.
            mantissa = mantissa &* integerPowerOfTen(digits) &+ Self.eightDigitValue(values << UInt64(64 - 8 * digits))
            fractionDigits = digits
            p += 1 + digits
        }
        let next = base[p]
        guard next == UInt8(ascii: ",") || next == UInt8(ascii: "}") || next == UInt8(ascii: "]") ||
              next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09 else {
            // Eight digits after the point and more are read on as `anyNumber` would read them.
            return longFractions ? longerFraction(at: p, mantissa: mantissa, fractionDigits: fractionDigits) : nil
        }
        pos = p
        // At most 15 digits, below 2^53: the value is exact, and the division by an exact power of
        // ten rounds correctly (Clinger's fast path). Below 10^15, so the value fits in an Int64,
        // whose conversion is one instruction where an unsigned one takes a branch or two.
        var value = Double(Int64(truncatingIfNeeded: mantissa))
        if fractionDigits > 0 { value /= powerOfTen(fractionDigits) }
        let integer: Int64? = fractionDigits == 0 ? (negative ? -Int64(mantissa) : Int64(mantissa)) : nil
        return JSONNumber(value: negative ? -value : value, integer: integer)
    }

    /// The three numbers of an array written `[a, b, c]` (one `, ` between, no other space; or
    /// minified, `[a,b,c]`), each in `shortNumber`'s form, with the cursor after the `]`; nil
    /// (nothing consumed) for any other, which the general steps read. A stroke's point
    /// `[t, x, y]` is nearly always written so: one bounds test for the whole array and no
    /// integer or delimiter work per number make it several times cheaper than three
    /// `shortNumber` calls. The values are those `shortNumber` gives, to the bit.
    @inline(__always) mutating func usualTriple() -> (Double, Double, Double)? {
        // The longest such array: 1 + 3 × 16 + 2 × 2 + 1 = 54 bytes, and a number's reads end
        // at most 17 bytes past its start (the last at most 37 past the `[`): 64 bytes hold
        // every read below.
        guard pos + 64 <= end, base[pos] == UInt8(ascii: "[") else { return nil }
        let start = base + pos
        // In bounds: each offset below stays within the 64 bytes tested above.
        guard let (a, afterA) = Self.shortValue(at: start + 1), let nextB = Self.afterComma(afterA),
              let (b, afterB) = Self.shortValue(at: nextB), let nextC = Self.afterComma(afterB),
              let (c, afterC) = Self.shortValue(at: nextC),
              afterC.pointee == UInt8(ascii: "]") else { return nil }
        pos += afterC + 1 - start
        return (a, b, c)
    }

    /// `usualTriple` for a caller that needs only the first number: `a`, with `b` and `c` checked
    /// to be in the same form but not converted (such a number lies within ±10^7), and the
    /// cursor after the `]`; nil (nothing consumed) exactly where `usualTriple` gives nil.
    @inline(__always) mutating func usualTripleFirst() -> Double? {
        // As in `usualTriple`: 64 bytes hold every read below.
        guard pos + 64 <= end, base[pos] == UInt8(ascii: "[") else { return nil }
        let start = base + pos
        // In bounds: each offset below stays within the 64 bytes tested above.
        guard let (a, afterA) = Self.shortValue(at: start + 1), let nextB = Self.afterComma(afterA),
              let afterB = Self.shortValueEnd(at: nextB), let nextC = Self.afterComma(afterB),
              let afterC = Self.shortValueEnd(at: nextC),
              afterC.pointee == UInt8(ascii: "]") else { return nil }
        pos += afterC + 1 - start
        return a
    }

    /// The three numbers of an array `[a, b, c]` in any spacing (pretty-printed, a number a
    /// line; tabs; a space before a comma), each in `shortValue`'s form or `longDigits`' (a
    /// double as a browser or Python writes it) and followed, after any
    /// whitespace, by the comma or the `]`: their values (those `number` gives, to the bit),
    /// with the cursor after the `]`; nil (nothing consumed) for any other, which the general
    /// steps read. For the arrays `usualTriple` does not take: one whitespace skip around each
    /// value instead of the general steps' element and delimiter work.
    mutating func spacedTriple() -> (Double, Double, Double)? {
        var c = self
        guard c.pos < c.end, c.base[c.pos] == UInt8(ascii: "[") else { return nil }
        c.pos += 1
        guard let a = c.spacedShortValue(before: UInt8(ascii: ",")),
              let b = c.spacedShortValue(before: UInt8(ascii: ",")),
              let d = c.spacedShortValue(before: UInt8(ascii: "]")) else { return nil }
        self = c
        return (a, b, d)
    }

    /// `spacedTriple`'s step: whitespace, a number in `shortValue`'s or `longDigits`' form (no
    /// exponent), whitespace and then
    /// `delimiter`, with the cursor after it; nil for anything else (the cursor is then
    /// anywhere: the caller starts again from where it was). A longer number, an exponent or
    /// any other byte after the value is not the delimiter, so the step never takes a number
    /// that `number` would read differently.
    private mutating func spacedShortValue(before delimiter: UInt8) -> Double? {
        skipWhitespace()
        guard let value = decimalBeforeRun() else { return nil }
        skipWhitespace()
        guard pos < end, base[pos] == delimiter else { return nil }
        pos += 1
        return value
    }

    /// The value of the number at the cursor, for a learned layout: a number in `shortValue`'s
    /// form is read digit by digit without `shortNumber`'s test of the byte after it, which the
    /// caller leaves to the run it matches next (a run after a value starts with a comma, a `}`
    /// or whitespace: a delimiter, so `shortNumber` would give the same value there); one in
    /// `longDigits`' form (a double as a browser or Python writes it) likewise, out of line
    /// (`longDecimalBeforeRun`); any
    /// other number as `numberIfPresent` reads it, and nil (nothing consumed) for a value that
    /// does not start like a number. A number going on with an exponent is left to
    /// `numberIfPresent`, so that it does not make the next run miss.
    @_transparent mutating func learnedNumberValue() throws(ParseFailure) -> Double? {
        // `shortValue` reads at most the 17 bytes from the cursor: all in the buffer.
        if pos + 17 <= end, let (value, after) = Self.shortValue(at: base + pos), after.pointee | 0x20 != UInt8(ascii: "e") {
            pos = after - base
            return value
        }
        if let value = longDecimalBeforeRun() { return value }
        return try numberIfPresent()?.value
    }

    /// A small integer at the cursor for a learned layout, `0` or one to seven digits with no
    /// sign or leading zero, followed by a comma (an id in most traces): its value, the value
    /// `shortNumber` gives it, with the cursor at the comma; nil (nothing consumed) for
    /// anything else, which `numberIfPresent` reads. One test of two bytes for one digit, one
    /// eight-byte step for more.
    @inline(__always) mutating func smallIntegerBeforeComma() -> Int64? {
        guard pos + 8 <= end else { return nil }
        // In bounds: checked just above. One digit (most ids) in one test of two bytes.
        let pair = UnsafeRawPointer(base + pos).loadUnaligned(as: UInt16.self).littleEndian ^ 0x2C30
        if pair < 10 {
            pos += 1
            return Int64(pair)
        }
        let values = Self.digitValues(at: base + pos)
        let digits = Self.digitCount(values)
        // Seven digits at most: the byte after them is among the eight read.
        guard digits > 0, digits < 8, values & 0xFF != 0 || digits == 1,
              UInt8(truncatingIfNeeded: values >> UInt64(digits * 8)) == UInt8(ascii: ",") ^ 0x30 else { return nil }
        pos += digits
        // Below 10^7: fits an Int64.
        return Int64(truncatingIfNeeded: Self.eightDigitValue(values << UInt64(64 - 8 * digits)))
    }

    /// Where the next number of a `usualTriple` starts after the one ending at `p`: past `, `
    /// (tried first, in one comparison) or a lone `,`; nil for anything else. Two bytes from
    /// `p` must be readable.
    @inline(__always) static func afterComma(_ p: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        let pair = UnsafeRawPointer(p).loadUnaligned(as: UInt16.self).littleEndian
        if pair == 0x202C { return p + 2 }
        return pair & 0xFF == 0x2C ? p + 1 : nil
    }

    /// Where the number at `start` ends if it is in `shortValue`'s form (the same test, step by
    /// step, without the value), else nil. The 17 bytes from `start` must be readable.
    @inline(__always) static func shortValueEnd(at start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        var p = start
        if p.pointee == UInt8(ascii: "-") { p += 1 }
        // As in `shortValue`: at most eight digits looked at on each side of the point.
        var q = p
        while q < p + 8, q.pointee &- 0x30 < 10 { q += 1 }
        let integerDigits = q - p
        guard integerDigits > 0, integerDigits < 8, p.pointee != UInt8(ascii: "0") || integerDigits == 1 else { return nil }
        if q.pointee == UInt8(ascii: ".") {
            q += 1
            let fraction = q
            while q < fraction + 8, q.pointee &- 0x30 < 10 { q += 1 }
            let fractionDigits = q - fraction
            guard fractionDigits > 0, fractionDigits < 8 else { return nil }
        }
        return q
    }

    /// The value of the number at `start` in `shortNumber`'s form (at most seven digits before
    /// and after the point, no exponent, no leading zero) and where it ends, or nil for any
    /// other start; what follows the number is left to the caller. The 17 bytes from `start`
    /// must be readable. Digit by digit: for numbers this short, fewer instructions than the
    /// eight-byte steps of `shortNumber`, to the same value. Transparent, as `shortNumber` is:
    /// as an `@inline(__always)` function it was called out of line for two of a point's three.
    @_transparent static func shortValue(at start: UnsafePointer<UInt8>) -> (Double, UnsafePointer<UInt8>)? {
        var p = start
        let negative = p.pointee == UInt8(ascii: "-")
        if negative { p += 1 }
        // At most eight digits are looked at on each side of the point (eight is too many), so
        // no read goes past `start + 16`. (A byte below '0' wraps to 10 or more: one comparison
        // for '0'...'9'.)
        var q = p
        var mantissa: UInt64 = 0
        while q < p + 8 {
            let digit = q.pointee &- 0x30
            guard digit < 10 else { break }
            // At most 14 digits in all (checked below before the value is used): below 10^14, no wrap.
            mantissa = mantissa &* 10 &+ UInt64(digit)
            q += 1
        }
        let integerDigits = q - p
        guard integerDigits > 0, integerDigits < 8, p.pointee != UInt8(ascii: "0") || integerDigits == 1 else { return nil }
        var fractionDigits = 0
        if q.pointee == UInt8(ascii: ".") {
            q += 1
            let fraction = q
            while q < fraction + 8 {
                let digit = q.pointee &- 0x30
                guard digit < 10 else { break }
                // As above: at most 7 + 7 digits are kept.
                mantissa = mantissa &* 10 &+ UInt64(digit)
                q += 1
            }
            fractionDigits = q - fraction
            guard fractionDigits > 0, fractionDigits < 8 else { return nil }
        }
        // At most 14 digits: the division is exact to the last bit (Clinger's fast path). Below
        // 10^14, so the value fits in an Int64, whose conversion is one instruction where an
        // unsigned one takes a branch or two.
        var value = Double(Int64(truncatingIfNeeded: mantissa))
        if fractionDigits > 0 { value /= powerOfTen(fractionDigits) }
        return (negative ? -value : value, q)
    }

    /// The eight bytes at `p` less '0' each, the first in the lowest byte: a digit is 0–9.
    @inline(__always) static func digitValues(at p: UnsafePointer<UInt8>) -> UInt64 {
        UnsafeRawPointer(p).loadUnaligned(as: UInt64.self).littleEndian ^ 0x3030_3030_3030_3030
    }

    /// How many of the bytes of `digitValues` are digits before the first that is not (0–8).
    /// Adding 0x76 to the low seven bits of a byte sets its top bit when it is 10 or more,
    /// without carries between bytes, so the first non-digit is the lowest flagged byte.
    @inline(__always) static func digitCount(_ values: UInt64) -> Int {
        // Each byte's low seven bits plus 0x76 is at most 0xF5: no carry into the next byte, no wrap.
        let flagged = (((values & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | values) & 0x8080_8080_8080_8080
        return flagged == 0 ? 8 : flagged.trailingZeroBitCount >> 3
    }

    /// The digits at `p` (eight bytes readable): the value of the first up to eight, and how many
    /// there are.
    @inline(__always) static func digitRun(at p: UnsafePointer<UInt8>) -> (value: UInt64, count: Int) {
        let values = digitValues(at: p)
        let run = digitCount(values)
        guard run > 0 else { return (0, 0) }
        // The run's digits in the top bytes, zeros below: the same number in eight digits.
        return (eightDigitValue(values << UInt64(64 - 8 * run)), run)
    }

    /// Any JSON number, checked against the grammar, with its problems described (out of line:
    /// `shortNumber` reads nearly all of them).
    @inline(never)
    mutating func anyNumber() throws(ParseFailure) -> JSONNumber {
        if let long = longDecimal() { return long }
        let start = pos
        var negative = false
        if pos < end && base[pos] == UInt8(ascii: "-") {
            negative = true
            pos += 1
        }
        guard pos < end else { throw failure("invalid number: expected a digit", at: start) }
        var mantissa: UInt64 = 0
        // Every digit read, leading zeros of the fraction included: up to 19, `mantissa` holds
        // them exactly.
        var digitCount = 0
        let first = base[pos]
        if first == UInt8(ascii: "0") {
            pos += 1
            // (A byte below '0' wraps to 10 or more: one comparison for '0'...'9', here and below.)
            if pos < end, base[pos] &- 0x30 < 10 {
                throw failure("invalid number: leading zeros are not allowed in JSON", at: start)
            }
        } else if first &- 0x31 < 9 {
            readDigits(into: &mantissa, count: &digitCount)
        } else {
            throw failure("invalid number: expected a digit after '-'", at: start)
        }
        let integerDigits = digitCount
        var exponent = 0
        var isInteger = true
        if pos < end && base[pos] == UInt8(ascii: ".") {
            isInteger = false
            pos += 1
            guard pos < end, base[pos] &- 0x30 < 10 else {
                throw failure("invalid number: expected a digit after '.'", at: start)
            }
            readDigits(into: &mantissa, count: &digitCount)
            exponent = integerDigits - digitCount
        }
        if pos < end {
            let b = base[pos]
            if b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                isInteger = false
                pos += 1
                var expNegative = false
                if pos < end && (base[pos] == UInt8(ascii: "+") || base[pos] == UInt8(ascii: "-")) {
                    expNegative = base[pos] == UInt8(ascii: "-")
                    pos += 1
                }
                guard pos < end, base[pos] &- 0x30 < 10 else {
                    throw failure("invalid number: expected a digit in the exponent", at: start)
                }
                var e = 0
                while pos < end {
                    let d = base[pos] &- 0x30
                    if d >= 10 { break }
                    if e < 100_000 { e = e * 10 + Int(d) }
                    pos += 1
                }
                exponent += expNegative ? -e : e
            }
        }
        if pos < end {
            let b = base[pos]
            // A number must end at a delimiter; "12abc" or "1.5.2" is not a number.
            if !(b == UInt8(ascii: ",") || b == UInt8(ascii: "]") || b == UInt8(ascii: "}") ||
                 b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09) {
                throw failure("invalid number: unexpected \(foundDescription()) after a number", at: pos)
            }
        }
        let value: Double
        if digitCount > 19 {
            // More digits than a double holds (`%.17f`, or a browser's 17 significant digits
            // after a few before the point): their first 19 most often tell the value.
            if let v = Self.manyDigitsValue(at: base + start, digitCount: digitCount, exponent: exponent) {
                value = negative ? -v : v
            } else {
                value = slowParse(from: start, to: pos)
            }
        } else if mantissa == 0 {
            value = negative ? -0.0 : 0.0
        } else if mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            var v = Double(mantissa)
            if exponent < 0 { v /= powerOfTen(-exponent) } else if exponent > 0 { v *= powerOfTen(exponent) }
            value = negative ? -v : v
        } else if exponent == 0 {
            // A whole number of up to nineteen digits (a 64-bit id): it converts exactly as
            // written, rounded once to the nearest double, as strtod rounds it.
            let v = Double(mantissa)
            value = negative ? -v : v
        } else if let v = Self.longFraction(mantissa, exponent: exponent) {
            // Sixteen to nineteen digits with a fraction, as JavaScript and Python write a double.
            value = negative ? -v : v
        } else {
            value = slowParse(from: start, to: pos)
        }
        // Nineteen digits still fit in the mantissa (10^19 − 1 < 2^64); whether they fit in an
        // Int64 is checked, so every 64-bit id is read exactly (−2^63 included).
        let integer: Int64?
        if isInteger && integerDigits <= 18 {
            integer = negative ? -Int64(mantissa) : Int64(mantissa)
        } else if isInteger && integerDigits == 19 && mantissa <= UInt64(Int64.max) + (negative ? 1 : 0) {
            // 0 − 2^63 wraps to the bit pattern of Int64.min, exactly −2^63 (checked just above).
            integer = negative ? Int64(truncatingIfNeeded: 0 &- mantissa) : Int64(mantissa)
        } else {
            integer = nil
        }
        return JSONNumber(value: value, integer: integer)
    }

    /// A number written `-123.45678901234567` (at most seven digits before the point, and after
    /// it as many as keep the digits that count to nineteen: a double as a browser or Python
    /// writes it, `0.012702062067888584` too), read in eight-byte steps with no test of a byte
    /// on its own, with an exponent after it or none; nil (nothing consumed) for any other,
    /// which the general steps of `anyNumber` read. The value is the one those steps give, to
    /// the bit: the same digits and exponent, converted by Clinger's fast path or else Eisel and
    /// Lemire's method, both correctly rounded; where neither can tell, nil, and those steps
    /// take it to `strtod`.
    @inline(__always) private mutating func longDecimal() -> JSONNumber? {
        // `longDigits` reads at most 34 bytes from the number's start, and an exponent after
        // them at most five more: 48 hold every read.
        guard pos + 48 <= end, let digits = Self.longDigits(at: base + pos) else { return nil }
        return endOfLongDecimal(digits)
    }

    /// `shortNumber`'s way on where the number at the cursor does not end at `p`, after
    /// `fractionDigits` digits after the point (the digits so far in `mantissa`): for eight
    /// followed by more (a double as a browser or Python writes it), its value as `anyNumber`
    /// gives it, reading on from `p` rather than from the number's start; nil (nothing
    /// consumed) for any other number, and where `longDecimal` gives nil, for `anyNumber` to
    /// read. Out of line: most numbers are short.
    @inline(never)
    private mutating func longerFraction(at p: Int, mantissa: UInt64, fractionDigits: Int) -> JSONNumber? {
        // The bytes `longDecimal` would have: 48 from the number's start. `p` is at most 17 past
        // it, the steps from there read at most 25 bytes, and an exponent five more.
        guard fractionDigits == 8, base[p] &- 0x30 < 10, pos + 48 <= end else { return nil }
        let negative = base[pos] == UInt8(ascii: "-")
        // `p` is nine bytes past the point; the sign, if any, is before the whole part (a whole
        // part of 0 counted as a digit: the count only has to bound the mantissa).
        let wholeDigits = p - 9 - pos - (negative ? 1 : 0)
        guard let digits = Self.moreFractionDigits(at: base + p, mantissa: mantissa, wholeDigits: wholeDigits,
                                                   fractionDigits: 8, negative: negative) else { return nil }
        return endOfLongDecimal(digits)
    }

    /// The digits of a number in `longDecimal`'s form at `start`, up to its first byte that is
    /// not a digit (`end`): all of them but a whole part of 0 in `mantissa`, and how many came
    /// after the point; nil for any other start (no digit before or after the point, a leading
    /// zero, eight digits or more before it, more than nineteen that count). At most the 34
    /// bytes from `start` are read.
    @inline(__always) static func longDigits(at start: UnsafePointer<UInt8>) -> LongDigits? {
        var p = start
        let negative = p.pointee == UInt8(ascii: "-")
        if negative { p += 1 }
        // The whole part: one to seven digits, not starting with 0 unless it is just 0.
        let whole = digitRun(at: p)
        guard whole.count > 0, whole.count < 8, p.pointee != UInt8(ascii: "0") || whole.count == 1 else { return nil }
        p += whole.count
        guard p.pointee == UInt8(ascii: ".") else { return nil }
        return moreFractionDigits(at: p + 1, mantissa: whole.value, wholeDigits: whole.value == 0 ? 0 : whole.count,
                                  fractionDigits: 0, negative: negative)
    }

    /// `longDigits` on from `p`, after `fractionDigits` digits after the point (none, or the
    /// eight `shortNumber` read), with the digits so far in `mantissa` and `wholeDigits` before
    /// the point: eight-byte steps, each run of eight digits taken with one multiplication by
    /// 10^8, until a step finds fewer (at most three steps: a third run of eight is too many).
    /// The 25 bytes from `p` must be readable.
    @inline(__always) static func moreFractionDigits(at p: UnsafePointer<UInt8>, mantissa: UInt64, wholeDigits: Int,
                                                     fractionDigits: Int, negative: Bool) -> LongDigits? {
        var p = p
        var mantissa = mantissa
        var count = fractionDigits
        var run = digitRun(at: p)
        // Wraps only past nineteen digits that count, here and below, which the guard at the
        // end turns away before the value is used.
        if run.count == 8 {
            mantissa = mantissa &* 100_000_000 &+ run.value
            count += 8
            p += 8
            run = digitRun(at: p)
            if run.count == 8 {
                mantissa = mantissa &* 100_000_000 &+ run.value
                count += 8
                p += 8
                run = digitRun(at: p)
            }
        }
        mantissa = mantissa &* integerPowerOfTen(run.count) &+ run.value
        count += run.count
        p += run.count
        // Nineteen digits fit a UInt64 exactly (10^19 − 1 < 2^64); a number with more is read
        // by `anyNumber`. (The last step found fewer than eight digits, so no digit is at `p`,
        // or it found eight, the third run of eight: too many.)
        guard count > 0, wholeDigits + count <= 19 else { return nil }
        return LongDigits(mantissa: mantissa, fractionDigits: count, negative: negative, end: p)
    }

    /// `longDecimal`'s end, at the byte after the digits: at a delimiter, the value with the
    /// cursor there; at an exponent, `withExponent`; nil for anything else. Transparent: as an
    /// `@inline(__always)` function it was called out of line.
    @_transparent private mutating func endOfLongDecimal(_ digits: LongDigits) -> JSONNumber? {
        let next = digits.end.pointee
        if next == UInt8(ascii: ",") || next == UInt8(ascii: "}") || next == UInt8(ascii: "]") ||
           next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09, let value = digits.value {
            pos = digits.end - base
            return JSONNumber(value: value, integer: nil)
        }
        // An exponent (which `withExponent` reads), or not a number of this form, or one whose
        // value only `strtod` tells (for which it gives nil too: no exponent follows).
        return withExponent(at: digits.end - base, mantissa: digits.mantissa, fractionDigits: digits.fractionDigits,
                            negative: digits.negative)
    }

    /// `longDecimal`'s end for a number whose digits (`mantissa`, `fractionDigits` of them after
    /// the point) are followed at `p` by an exponent of one to three digits (`2.5e-3`,
    /// `1.5E+02`, as C's `%e` writes one) and a delimiter: its value as `anyNumber` gives it
    /// (the same steps), with the cursor after it; nil (nothing consumed) for anything else,
    /// or where neither fast method can tell the value. Out of line: most numbers have none.
    @inline(never)
    private mutating func withExponent(at p: Int, mantissa: UInt64, fractionDigits: Int, negative: Bool) -> JSONNumber? {
        // In bounds: `p` is at most 42 bytes past `pos`, and 48 are readable (`longDecimal`).
        guard base[p] | 0x20 == UInt8(ascii: "e") else { return nil }
        var q = p + 1
        let sign = base[q]
        if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { q += 1 }
        var e = 0
        let first = q
        while q < first + 3, base[q] &- 0x30 < 10 {
            e = e * 10 + Int(base[q] - 0x30)
            q += 1
        }
        guard q > first else { return nil }
        let next = base[q]
        guard next == UInt8(ascii: ",") || next == UInt8(ascii: "}") || next == UInt8(ascii: "]") ||
              next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09 else { return nil }
        let exponent = (sign == UInt8(ascii: "-") ? -e : e) - fractionDigits
        let value: Double
        if mantissa == 0 {
            value = negative ? -0.0 : 0.0
        } else if mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            // As `anyNumber` converts it: one exact operation, correctly rounded.
            var v = Double(mantissa)
            if exponent < 0 { v /= powerOfTen(-exponent) } else if exponent > 0 { v *= powerOfTen(exponent) }
            value = negative ? -v : v
        } else if let v = Self.longFraction(mantissa, exponent: exponent) {
            value = negative ? -v : v
        } else {
            return nil
        }
        pos = q
        return JSONNumber(value: value, integer: nil)
    }

    /// Reads a run of decimal digits at the cursor (at least one is there), appending them to
    /// `mantissa` (wrapping once there are more than 19, which the caller checks in `count`):
    /// eight at a time where eight bytes remain.
    @inline(__always) private mutating func readDigits(into mantissa: inout UInt64, count: inout Int) {
        while pos + 8 <= end {
            let (value, run) = Self.digitRun(at: base + pos)
            guard run > 0 else { return }
            // Wraps only past 19 digits, which the caller sees in `count` and reads with strtod.
            mantissa = mantissa &* integerPowerOfTen(run) &+ value
            count += run
            pos += run
            if run < 8 { return }
        }
        // The last few bytes of the buffer: one at a time.
        while pos < end {
            let d = base[pos] &- 0x30
            if d >= 10 { return }
            // As above: a wrap past 19 digits is seen in `count`.
            mantissa = mantissa &* 10 &+ UInt64(d)
            count += 1
            pos += 1
        }
    }

    /// The value of eight digits 0–9, one per byte, the first in the lowest byte: pairs, then
    /// fours, then all eight combined in lanes of one word.
    @inline(__always) static func eightDigitValue(_ digits: UInt64) -> UInt64 {
        // Each lane holds at most 99, 9999, 99999999 in turn, well inside it: no carry between
        // lanes, and what overflows the top lane is masked away.
        var v = (digits &* 10 &+ (digits >> 8)) & 0x00FF_00FF_00FF_00FF
        v = (v &* 100 &+ (v >> 16)) & 0x0000_FFFF_0000_FFFF
        return (v &* 10_000 &+ (v >> 32)) & 0xFFFF_FFFF
    }

    /// The correctly rounded value of `w` × 10^`exponent` for a nonzero `w` of at most nineteen
    /// digits and −27 ≤ `exponent` ≤ −1 (a number like `359.85104370117188`), or nil where this
    /// cannot tell (another exponent, or a product too close to a rounding boundary: rare), for
    /// `strtod` to read.
    ///
    /// Eisel and Lemire's method: `w`, shifted so its top bit is set, times the 128 leading bits
    /// of 5^`exponent` (`reciprocalPowerOfFive`) gives the 54 leading bits of the value; the
    /// power of two comes from the exponent. For these exponents the 128 bits are close enough
    /// that only a product ending in all ones, or a tie, can round either way: both go to `strtod`.
    static func longFraction(_ w: UInt64, exponent: Int) -> Double? {
        guard w != 0, exponent >= -27, exponent <= -1 else { return nil }
        let (fiveHigh, fiveLow) = reciprocalPowerOfFive(-exponent)
        let zeros = w.leadingZeroBitCount
        let normalized = w << UInt64(zeros)
        var (high, low) = normalized.multipliedFullWidth(by: fiveHigh)
        if high & 0x1FF == 0x1FF {
            // The 55 bits kept may be off by the product's lower half: add it in.
            let (sum, carry) = low.addingReportingOverflow(normalized.multipliedFullWidth(by: fiveLow).high)
            low = sum
            // No wrap: a product of two 64-bit numbers has a high half below 2^64 − 1.
            if carry { high &+= 1 }
        }
        guard low != UInt64.max else { return nil }
        // The product's top bit is bit 127 or 126 (both factors have their top bit set).
        let upper = Int(high >> 63)
        let shift = UInt64(upper + 9)
        var mantissa = high >> shift
        // A possible tie (exactly halfway between two doubles): left to strtod.
        if low <= 1, mantissa & 3 == 1, mantissa << shift == high { return nil }
        // floor(exponent × log2(10)) + 63, the binary exponent of the product's top bit, biased.
        var power = ((217_706 * exponent) >> 16) + 63 + upper - zeros + 1023
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >= 1 << 53 {
            mantissa = 1 << 52
            power += 1
        }
        mantissa &= ~(1 << 52)
        guard power > 0, power < 0x7FF else { return nil }
        return Double(bitPattern: mantissa | UInt64(power) << 52)
    }

    /// The correctly rounded magnitude of the number at `start` (checked before) whose
    /// `digitCount` digits, more than 19 (the `0` before the point of `0.…` not counted), times
    /// 10^`exponent` are its value, from its first 19 digits `w` alone, or nil where they cannot
    /// tell it (for `strtod` to read). The value lies in [w, w + 1) × 10^(exponent + digitCount
    /// − 19), and rounding keeps order: where both ends round to the same double
    /// (`longFraction`, which is correctly rounded), so does the value.
    static func manyDigitsValue(at start: UnsafePointer<UInt8>, digitCount: Int, exponent: Int) -> Double? {
        var p = start
        if p.pointee == UInt8(ascii: "-") { p += 1 }
        if p.pointee == UInt8(ascii: "0") { p += 1 }
        var w: UInt64 = 0
        var taken = 0
        // In bounds: more than 19 digits lie ahead, with at most one point among them.
        while taken < 19 {
            let digit = p.pointee &- 0x30
            if digit < 10 {
                // At most 19 digits: below 10^19 < 2^64, no wrap.
                w = w &* 10 &+ UInt64(digit)
                taken += 1
            }
            p += 1
        }
        let scale = exponent + (digitCount - 19)
        // w + 1 is at most 10^19, which fits.
        guard let low = longFraction(w, exponent: scale), let high = longFraction(w + 1, exponent: scale),
              low == high else { return nil }
        return low
    }

    /// Correct rounding for the rare long or far-out numbers, through the C library.
    private func slowParse(from start: Int, to stop: Int) -> Double {
        let length = stop - start
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer in
            for i in 0..<length { buffer[i] = CChar(bitPattern: base[start + i]) }
            buffer[length] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }

    // MARK: Splitting an array

    /// The offset of a `{` at or after `target` (within 64 KiB of it, and at least 16 bytes
    /// before the end) that stands after a `,` past `start` and whose first key is one of
    /// `keys`: probably the start of an element of the array whose elements begin at `start`,
    /// though it may lie inside a string (callers check before they trust it); nil if none.
    func objectElementStart(near target: Int, after start: Int, firstKeys keys: [[UInt8]]) -> Int? {
        let limit = min(end - 16, target + 1 << 16)
        var i = max(target, start + 1)
        while i < limit {
            if base[i] == UInt8(ascii: "{") {
                var before = i - 1
                while before > start, Self.isWhitespace(base[before]) { before -= 1 }
                var after = i + 1
                while after < limit, Self.isWhitespace(base[after]) { after += 1 }
                if base[before] == UInt8(ascii: ","), base[after] == UInt8(ascii: "\""),
                   keys.contains(where: { key in
                       let n = key.count
                       return after + n + 1 < end && key.withUnsafeBufferPointer { bytes in
                           bytes.indices.allSatisfy { base[after + 1 + $0] == bytes[$0] }
                       } && base[after + n + 1] == UInt8(ascii: "\"")
                   }) {
                    return i
                }
            }
            i += 1
        }
        return nil
    }

    /// The first key of the first element of the array whose elements begin at `start`, when
    /// that element is an object whose first key is written without escapes and is one to 64
    /// bytes long: its bytes (without the quotes), for `objectElementStart` to look for (an
    /// array's objects as a program writes them begin with the same key); nil otherwise.
    func firstKeyOfFirstElement(at start: Int) -> [UInt8]? {
        var c = self
        c.pos = start
        c.skipWhitespace()
        guard c.current == UInt8(ascii: "{") else { return nil }
        c.pos += 1
        c.skipWhitespace()
        guard c.current == UInt8(ascii: "\"") else { return nil }
        let first = c.pos + 1
        var k = first
        while k < end, k - first <= 64 {
            let b = base[k]
            if b == UInt8(ascii: "\"") { return k > first ? Array(UnsafeBufferPointer(start: base + first, count: k - first)) : nil }
            // An escape or a control byte: not looked for.
            if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
            k += 1
        }
        return nil
    }

    private static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09
    }

    // MARK: Whole values

    /// Skips one value of any kind, validating it. Recursion is bounded by `maximumJSONNesting`.
    mutating func skipValue(depth: Int) throws(ParseFailure) {
        skipWhitespace()
        guard pos < end else { throw failure("invalid JSON: expected a value, found the end of the file") }
        switch base[pos] {
        case UInt8(ascii: "{"):
            try checkDepth(depth + 1)
            pos += 1
            var first = true
            while try nextMember(first: first) {
                first = false
                _ = try memberKey()
                try skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "["):
            try checkDepth(depth + 1)
            pos += 1
            var first = true
            while try nextElement(first: first) {
                first = false
                try skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "\""):
            _ = try stringToken()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try number()
        default:
            try literal()
        }
    }

    /// Passes over a short plain string at the cursor, as `skipValue` would, and gives true: at
    /// most seven bytes between its quotes, each printable ASCII other than `\` (`"touch"`,
    /// `"pen"`: a pointer's type, as a browser's recorder writes it in every touch). False, with
    /// nothing consumed, for any other value (a longer string, an escape, a control byte, UTF-8,
    /// not a string), which `skipValue` reads and checks.
    @inline(__always) mutating func skipShortPlainString() -> Bool {
        // The quote and the eight bytes after it.
        guard pos + 9 <= end, base[pos] == UInt8(ascii: "\"") else { return false }
        // In bounds: checked just above.
        let word = UnsafeRawPointer(base + pos + 1).loadUnaligned(as: UInt64.self).littleEndian
        // Quote bytes made zero: the lowest byte flagged is the first quote. (The subtraction
        // borrows only upward from a zero byte, so the lowest flag is exact; it wraps by design.)
        let quotes = word ^ 0x2222_2222_2222_2222
        let flags = (quotes &- 0x0101_0101_0101_0101) & ~quotes & 0x8080_8080_8080_8080
        guard flags != 0 else { return false }
        let length = flags.trailingZeroBitCount >> 3
        // The bytes before it, all at once: printable ASCII (0x7F too, which JSON allows), no
        // backslash. A byte's top bit flags it: set in the word for 0x80 and above; among the
        // others, its low seven bits plus 0x60 reach 0x80 from 0x20 up (so a byte below 0x20 is
        // flagged with the sum's top bit clear); a backslash is the byte that `^ 0x5C` makes
        // zero, found as the quote was but exactly (the sums stay below 0x100 in each byte, so
        // no byte carries into the next: the additions wrap nowhere).
        let inside: UInt64 = (1 << UInt64(8 * length)) - 1
        let high = word & 0x8080_8080_8080_8080
        let control = ~((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x6060_6060_6060_6060) & 0x8080_8080_8080_8080
        let slashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
        let backslash = ~(((slashes & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | slashes) & 0x8080_8080_8080_8080
        guard (high | control | backslash) & inside == 0 else { return false }
        pos += length + 2
        return true
    }

    /// Skips an array read and validated before whose elements are arrays of numbers (a
    /// stroke's `[[t, x, y], ...]`), to the byte after its closing bracket: only the closing
    /// bracket of each element and the byte after it are looked at, so the numbers are not read
    /// again. For any other array (one that may hold strings, objects or deeper arrays) use
    /// `skipValue`, which reads and validates everything.
    mutating func skipArrayOfNumberArrays() {
        guard pos < end, base[pos] == UInt8(ascii: "[") else { return }
        pos += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            pos += 1
            return
        }
        // Each element is `[numbers]`: its `]` (found with the C library's vectorized memchr)
        // is followed by `,` and the next element, or by the array's own `]`.
        while pos < end, let found = memchr(base + pos, Int32(UInt8(ascii: "]")), end - pos) {
            pos = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                pos += 1
                return
            }
        }
        pos = end
    }

    /// Moves the cursor to the next `}` (to the end of the buffer if there is none), found with
    /// the C library's vectorized memchr and nothing validated: for an object read and checked
    /// before whose members still to pass over hold no `}` (arrays of numbers), so that the one
    /// found is the object's own. `nextMember` then reads it.
    mutating func skipToClosingBrace() {
        guard pos < end, let found = memchr(base + pos, Int32(UInt8(ascii: "}")), end - pos) else {
            pos = end
            return
        }
        pos = UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    @inline(__always) func checkDepth(_ depth: Int) throws(ParseFailure) {
        if depth > maximumJSONNesting {
            throw failure("nesting deeper than \(maximumJSONNesting) levels of arrays and objects")
        }
    }

    /// `true`, `false` or `null` at the cursor.
    @discardableResult
    mutating func literal() throws(ParseFailure) -> JSONNode.Value {
        func matches(_ word: StaticString) -> Bool {
            let n = word.utf8CodeUnitCount
            return pos + n <= end && memcmp(base + pos, word.utf8Start, n) == 0
        }
        if matches("true") { pos += 4; return .bool(true) }
        if matches("false") { pos += 5; return .bool(false) }
        if matches("null") { pos += 4; return .null }
        throw failure("invalid JSON: expected a value, found \(foundDescription())")
    }

    /// Parses one value into a tree, for the small parts of a file (headers, scenes).
    mutating func node(depth: Int) throws(ParseFailure) -> JSONNode {
        skipWhitespace()
        let at = pos
        guard pos < end else { throw failure("invalid JSON: expected a value, found the end of the file") }
        switch base[pos] {
        case UInt8(ascii: "{"):
            try checkDepth(depth + 1)
            pos += 1
            var members: [JSONNode.Member] = []
            var first = true
            while try nextMember(first: first) {
                first = false
                let keyOffset = pos
                let key = try memberKey()
                let value = try node(depth: depth + 1)
                members.append(JSONNode.Member(key: decode(key), keyOffset: keyOffset, value: value))
            }
            return JSONNode(offset: at, value: .object(members))
        case UInt8(ascii: "["):
            try checkDepth(depth + 1)
            pos += 1
            var elements: [JSONNode] = []
            var first = true
            while try nextElement(first: first) {
                first = false
                elements.append(try node(depth: depth + 1))
            }
            return JSONNode(offset: at, value: .array(elements))
        case UInt8(ascii: "\""):
            let token = try stringToken()
            return JSONNode(offset: at, value: .string(decode(token)))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let n = try number()
            return JSONNode(offset: at, value: .number(n.value, integer: n.integer))
        default:
            return JSONNode(offset: at, value: try literal())
        }
    }
}

/// A string of at most 16 bytes, as `JSONCursor.shortContents(of:)` packs it: its bytes in
/// two words (the first byte lowest, zeros past the end) and its length.
struct ShortString: Equatable {
    var low: UInt64
    var high: UInt64
    var length: Int
}

/// Where a string's contents lie in the buffer (between the quotes).
struct JSONStringToken {
    var start: Int
    var end: Int
    var hasEscapes: Bool
}

/// A parsed number: its correctly rounded value and, when written as an integer that fits, the
/// exact integer.
struct JSONNumber {
    var value: Double
    var integer: Int64?
}

@inline(__always) func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - 0x30
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - 0x61 + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - 0x41 + 10
    default: return nil
    }
}

/// 10^e for 0 ≤ e ≤ 8, as an integer.
@inline(__always) func integerPowerOfTen(_ e: Int) -> UInt64 {
    switch e {
    case 0: return 1
    case 1: return 10
    case 2: return 100
    case 3: return 1_000
    case 4: return 10_000
    case 5: return 100_000
    case 6: return 1_000_000
    case 7: return 10_000_000
    default: return 100_000_000
    }
}

/// 10^e for 0 ≤ e ≤ 22, every one exactly representable as a Double. A switch rather than a
/// global table, which Swift would guard with a lazy-initialization check on every number.
@inline(__always) func powerOfTen(_ e: Int) -> Double {
    switch e {
    case 0: return 1e0
    case 1: return 1e1
    case 2: return 1e2
    case 3: return 1e3
    case 4: return 1e4
    case 5: return 1e5
    case 6: return 1e6
    case 7: return 1e7
    case 8: return 1e8
    case 9: return 1e9
    case 10: return 1e10
    case 11: return 1e11
    case 12: return 1e12
    case 13: return 1e13
    case 14: return 1e14
    case 15: return 1e15
    case 16: return 1e16
    case 17: return 1e17
    case 18: return 1e18
    case 19: return 1e19
    case 20: return 1e20
    case 21: return 1e21
    default: return 1e22
    }
}

/// The 128 leading bits of 5^−`k` for 1 ≤ k ≤ 27 (as 2^b ÷ 5^k rounded up, with b such that the
/// top bit is set), high word first: `JSONCursor.longFraction`'s factors. A switch rather than a
/// global table, as `powerOfTen` is.
func reciprocalPowerOfFive(_ k: Int) -> (UInt64, UInt64) {
    switch k {
    case 1: return (0xCCCC_CCCC_CCCC_CCCC, 0xCCCC_CCCC_CCCC_CCCD)
    case 2: return (0xA3D7_0A3D_70A3_D70A, 0x3D70_A3D7_0A3D_70A4)
    case 3: return (0x8312_6E97_8D4F_DF3B, 0x645A_1CAC_0831_26EA)
    case 4: return (0xD1B7_1758_E219_652B, 0xD3C3_6113_404E_A4A9)
    case 5: return (0xA7C5_AC47_1B47_8423, 0x0FCF_80DC_3372_1D54)
    case 6: return (0x8637_BD05_AF6C_69B5, 0xA63F_9A49_C2C1_B110)
    case 7: return (0xD6BF_94D5_E57A_42BC, 0x3D32_9076_0469_1B4D)
    case 8: return (0xABCC_7711_8461_CEFC, 0xFDC2_0D2B_36BA_7C3E)
    case 9: return (0x8970_5F41_36B4_A597, 0x3168_0A88_F895_3031)
    case 10: return (0xDBE6_FECE_BDED_D5BE, 0xB573_440E_5A88_4D1C)
    case 11: return (0xAFEB_FF0B_CB24_AAFE, 0xF78F_69A5_1539_D749)
    case 12: return (0x8CBC_CC09_6F50_88CB, 0xF93F_87B7_442E_45D4)
    case 13: return (0xE12E_1342_4BB4_0E13, 0x2865_A5F2_06B0_6FBA)
    case 14: return (0xB424_DC35_095C_D80F, 0x5384_84C1_9EF3_8C95)
    case 15: return (0x901D_7CF7_3AB0_ACD9, 0x0F9D_3701_4BF6_0A11)
    case 16: return (0xE695_94BE_C44D_E15B, 0x4C2E_BE68_7989_A9B4)
    case 17: return (0xB877_AA32_36A4_B449, 0x09BE_FEB9_FAD4_87C3)
    case 18: return (0x9392_EE8E_921D_5D07, 0x3AFF_322E_6243_9FD0)
    case 19: return (0xEC1E_4A7D_B695_61A5, 0x2B31_E9E3_D06C_32E6)
    case 20: return (0xBCE5_0864_9211_1AEA, 0x88F4_BB1C_A6BC_F585)
    case 21: return (0x971D_A050_74DA_7BEE, 0xD3F6_FC16_EBCA_5E04)
    case 22: return (0xF1C9_0080_BAF7_2CB1, 0x5324_C68B_12DD_6339)
    case 23: return (0xC16D_9A00_9592_8A27, 0x75B7_053C_0F17_8294)
    case 24: return (0x9ABE_14CD_4475_3B52, 0xC492_6A96_7279_3543)
    case 25: return (0xF796_87AE_D3EE_C551, 0x3A83_DDBD_83F5_2205)
    case 26: return (0xC612_0625_7658_9DDA, 0x9536_4AFE_032A_819E)
    default: return (0x9E74_D1B7_91E0_7E48, 0x775E_A264_CF55_347E)
    }
}

extension String {
    /// A byte as `0xNN`.
    init(format2 byte: UInt8) {
        let digits = Array("0123456789ABCDEF")
        self = "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }
}

// MARK: Learned runs

/// Byte runs learned from a file: the literal text a layout writes between its values (the
/// separators, keys, colons, line breaks and indentation of `,\n      "touches": [\n        {\n
/// "id": `), kept so that later bytes can be compared with them a word at a time
/// (`JSONCursor.skipRun`). A run's bytes are kept eight to a word, the first byte lowest, zeros
/// past its end, with what a match needs worked out once: how many words it has, the mask of
/// its last word's bytes, and how many bytes the match reads.
struct LearnedRuns {
    /// A run: where its words start, the bytes they cover (eight for each, at least one word:
    /// the bytes a match reads), the mask of the bytes of its last word, and its length (four
    /// words: one shift to find a run).
    private struct Run {
        var first: Int
        var span: Int
        var lastMask: UInt64
        var length: Int
    }

    private var runs: [Run] = []
    /// The words of the runs' bytes, one run after the other.
    private var words: [UInt64] = []
    /// The longest run kept.
    static var longestRun: Int { 1 << 20 }

    init() {}

    /// How many runs there are.
    var count: Int { runs.count }

    /// Forgets every run (keeping the memory).
    mutating func removeAll() {
        runs.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
    }

    /// The bytes `from..<to` of `cursor`'s buffer, eight to a word from the first, the last
    /// word padded with zeros.
    private static func words(_ cursor: JSONCursor, from start: Int, to stop: Int) -> [UInt64] {
        var out: [UInt64] = []
        var at = start
        while at < stop {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while at < stop, shift < 64 {
                // In the buffer: the caller checked `start...stop` against its end.
                word |= UInt64(cursor.base[at]) << shift
                shift += 8
                at += 1
            }
            out.append(word)
        }
        return out
    }

    /// Keeps the bytes `from..<to` of `cursor`'s buffer as a new run and returns its number;
    /// nil for a range outside the buffer or longer than `longestRun`.
    mutating func append(_ cursor: JSONCursor, from start: Int, to stop: Int) -> Int? {
        guard start >= 0, start <= stop, stop <= cursor.end, stop - start <= Self.longestRun else { return nil }
        let length = stop - start
        // An empty run still has one word (with no byte in its mask), as a match reads one.
        var runWords = Self.words(cursor, from: start, to: stop)
        if runWords.isEmpty { runWords = [0] }
        let lastBytes = length - (runWords.count - 1) * 8
        let lastMask: UInt64 = lastBytes >= 8 ? ~0 : (1 << UInt64(lastBytes * 8)) - 1
        runs.append(Run(first: words.count, span: runWords.count * 8, lastMask: lastMask, length: length))
        words += runWords
        return runs.count - 1
    }

    /// The bytes of run `run`, for tests and messages.
    func bytes(of run: Int) -> [UInt8] {
        let r = runs[run]
        return (0..<r.length).map { k in
            UInt8(truncatingIfNeeded: words[r.first + k / 8] >> UInt64(k % 8 * 8))
        }
    }

    /// Whether the bytes at `at` in `base` (with `end` bytes in all) are those of run `run`;
    /// how many bytes it has if so, nil otherwise or when fewer than the run's whole words
    /// remain (the caller then reads the same bytes with the general steps).
    @inline(__always) fileprivate func match(_ run: Int, _ base: UnsafePointer<UInt8>, at: Int, end: Int) -> Int? {
        let r = runs[run]
        // Every word is read in full (the last one's bytes past the run masked off). `at` is at
        // most `end` and the span at most `longestRun + 8`: the sum does not wrap.
        guard at &+ r.span <= end else { return nil }
        return words.withUnsafeBufferPointer { buffer -> Int? in
            // The words from `r.first` that cover its span are the run's: `append` wrote them
            // (so the buffer is not empty and has a base address). The span is a positive
            // multiple of eight: no wrap below.
            var word = buffer.baseAddress.unsafelyUnwrapped + r.first
            let lastWord = word + (r.span &>> 3 &- 1)
            // In bounds: the guard above checked the run's whole words against the buffer's end.
            var p = UnsafeRawPointer(base + at)
            // Word by word, giving up at the first that differs (which also keeps the compiler
            // from turning the loop into vector steps, dearer for runs of a few words).
            while word < lastWord {
                guard p.loadUnaligned(as: UInt64.self).littleEndian == word.pointee else { return nil }
                p += 8
                word += 1
            }
            guard (p.loadUnaligned(as: UInt64.self).littleEndian ^ word.pointee) & r.lastMask == 0 else { return nil }
            return r.length
        }
    }

    /// Whether any run holds whitespace (a layout with none is minified).
    var holdsWhitespace: Bool {
        func spaced(_ word: UInt64, _ count: Int) -> Bool {
            (0..<count).contains { k in
                let b = UInt8(truncatingIfNeeded: word >> UInt64(k * 8))
                return b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09
            }
        }
        return words.contains { spaced($0, 8) }
    }
}

extension JSONCursor {
    /// Consumes run `run` of `runs` if the bytes at the cursor are its bytes, compared a word at
    /// a time; false, with nothing consumed, for any other bytes or near the end of the buffer
    /// (callers then read the same bytes with the general steps).
    @inline(__always) mutating func skipRun(_ run: Int, of runs: LearnedRuns) -> Bool {
        guard let length = runs.match(run, base, at: pos, end: end) else { return false }
        // At most `end`: the match read the run's bytes from `pos` before `end`.
        pos &+= length
        return true
    }
}

/// A run of at most 32 bytes learned from a trace (the spacing around a stroke point's
/// numbers), compared with the bytes at a cursor in four eight-byte steps, its bytes past its
/// length masked off.
struct ShortRun {
    /// The longest run kept.
    static var longest: Int { 32 }
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var masks: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// How many bytes the run has.
    private(set) var length = 0

    /// An empty run.
    init() {}

    /// The bytes `from..<to` of `cursor`'s buffer, or nil for a range outside it or longer than
    /// `longest`.
    init?(_ cursor: JSONCursor, from start: Int, to stop: Int) {
        guard start >= 0, start <= stop, stop <= cursor.end, stop - start <= Self.longest else { return nil }
        length = stop - start
        // A word at a time, in place (a stroke's first point is learned in every stroke the
        // merge takes up): each byte into its word, each word's mask over the bytes it holds.
        for k in 0..<length {
            let shift = UInt64(k % 8 * 8)
            let byte = UInt64(cursor.base[start + k]) << shift
            let mask: UInt64 = 0xFF << shift
            switch k / 8 {
            case 0: words.0 |= byte; masks.0 |= mask
            case 1: words.1 |= byte; masks.1 |= mask
            case 2: words.2 |= byte; masks.2 |= mask
            default: words.3 |= byte; masks.3 |= mask
            }
        }
    }

    /// Whether the 32 bytes at `p` begin with the run's bytes: the first two words only for a
    /// run of at most 16 bytes (the indentation and line break around a number, as a rule),
    /// whose other masks are empty.
    @inline(__always) fileprivate func matches(_ p: UnsafeRawPointer) -> Bool {
        let a = (p.loadUnaligned(as: UInt64.self).littleEndian ^ words.0) & masks.0
        let b = (p.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian ^ words.1) & masks.1
        if length <= 16 { return a | b == 0 }
        let c = (p.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian ^ words.2) & masks.2
        let d = (p.loadUnaligned(fromByteOffset: 24, as: UInt64.self).littleEndian ^ words.3) & masks.3
        return a | b | c | d == 0
    }
}

extension JSONCursor {
    /// Consumes `run` if the bytes at the cursor are its bytes; false, with nothing consumed,
    /// for any other bytes or when fewer than 32 bytes remain (callers then read the same bytes
    /// with other steps).
    @inline(__always) mutating func skip(_ run: ShortRun) -> Bool {
        guard pos + ShortRun.longest <= end else { return false }
        // In bounds: the 32 bytes the match reads are before `end`, checked just above.
        guard run.matches(UnsafeRawPointer(base + pos)) else { return false }
        pos += run.length
        return true
    }
}

/// The bytes around a stroke point's three numbers as a trace writes them where `usualTriple`
/// does not read them (pretty-printed points: a line break and an indentation before each
/// number and before the `]`; or numbers longer than it reads, a double as a browser or Python
/// writes it), learned from one point and compared a few words at a time at
/// the points after it: four runs (from the `[` to the first number, between the first and the
/// second, between the second and the third, from the last number through the `]`) and a
/// fifth, from a point's `]` to the next point's `[`. A run after a number starts with
/// whitespace, a comma or the `]`, so a number in `shortValue`'s or `longDigits`' form that a
/// run follows is the number `number` reads there. Its runs are `ShortRun`s held in place rather than
/// `LearnedRuns`, whose runs live in arrays: a point is a few dozen bytes, and reaching a run
/// through an array cost more than reading the point in any spacing.
struct LearnedTriple {
    /// The point's four runs (until `learned`, empty ones that `read` does not use).
    private var open = ShortRun()
    private var first = ShortRun()
    private var second = ShortRun()
    private var close = ShortRun()
    /// Whether the runs are learned, and how the numbers between them are read: `.short` in
    /// `shortValue`'s form only; `.long` (a number of the learned point was in `longDigits`'
    /// form and not in `shortValue`'s) in that form first. One comparison for `read` to make
    /// for short numbers, as before long ones were read.
    private var learned = Numbers.none
    private enum Numbers { case none, short, long }
    /// The run between points, when `knowsSeparator`.
    private var separator = ShortRun()
    private var knowsSeparator = false

    init() {}

    /// Learns the runs of the point at `point` (at its `[`), which `spacedTriple` reads: true
    /// if it did (the runs before are forgotten, the one between points with them). A point
    /// with a run longer than `ShortRun.longest` is not learned.
    mutating func learn(_ point: JSONCursor) -> Bool {
        learned = .none
        knowsSeparator = false
        var c = point
        var from = c.pos
        guard c.current == UInt8(ascii: "[") else { return false }
        c.pos += 1
        var before = (ShortRun(), ShortRun(), ShortRun())
        var long = false
        for k in 0..<3 {
            c.skipWhitespace()
            guard let (numberEnd, isLong) = c.decimalEnd(), let run = ShortRun(c, from: from, to: c.pos) else { return false }
            long = long || isLong
            switch k {
            case 0: before.0 = run
            case 1: before.1 = run
            default: before.2 = run
            }
            c.pos = numberEnd
            from = numberEnd
            c.skipWhitespace()
            guard c.current == (k < 2 ? UInt8(ascii: ",") : UInt8(ascii: "]")) else { return false }
            c.pos += 1
        }
        guard let last = ShortRun(c, from: from, to: c.pos) else { return false }
        (open, first, second, close) = (before.0, before.1, before.2, last)
        learned = long ? .long : .short
        return true
    }

    /// Learns the run between points: the bytes `from..<to` of `cursor` (from a point's `]` to
    /// the next point's `[`, as the general steps went over them), if the point's runs are
    /// learned and this one is not yet.
    mutating func learnSeparator(_ cursor: JSONCursor, from start: Int, to stop: Int) {
        guard learned != .none, !knowsSeparator, let run = ShortRun(cursor, from: start, to: stop) else { return }
        separator = run
        knowsSeparator = true
    }

    /// The values of the point at the cursor if its bytes are the learned runs around three
    /// numbers in `shortValue`'s form (or, where the learned point's were long, in
    /// `decimalBeforeRun`'s forms), with the cursor after its `]`; nil (nothing consumed) for
    /// any other, which `spacedTriple` (learning the point's runs and numbers again) or the
    /// general steps read.
    @inline(__always) mutating func read(_ cursor: inout JSONCursor) -> (Double, Double, Double)? {
        // Short numbers first, in a function of their own that calls nothing.
        if let values = readShort(&cursor) { return values }
        return learned == .long ? readLongFirst(&cursor) : nil
    }

    /// `read` where the learned point's numbers were short. Out of line, as `read` was before
    /// long numbers were read: each of its callers inlines only the call.
    @inline(never)
    private mutating func readShort(_ cursor: inout JSONCursor) -> (Double, Double, Double)? {
        guard learned == .short else { return nil }
        var c = cursor
        guard c.skip(open), let a = c.shortValueBeforeRun(),
              c.skip(first), let b = c.shortValueBeforeRun(),
              c.skip(second), let d = c.shortValueBeforeRun(),
              c.skip(close) else { return nil }
        cursor = c
        return (a, b, d)
    }

    /// `read` where the learned point's numbers were long: each number tried in that form
    /// first. Out of line, so that `read` stays as small for short numbers.
    @inline(never)
    private mutating func readLongFirst(_ cursor: inout JSONCursor) -> (Double, Double, Double)? {
        var c = cursor
        guard c.skip(open), let a = c.decimalBeforeRun(longFirst: true),
              c.skip(first), let b = c.decimalBeforeRun(longFirst: true),
              c.skip(second), let d = c.decimalBeforeRun(longFirst: true),
              c.skip(close) else { return nil }
        cursor = c
        return (a, b, d)
    }

    /// Consumes the learned run between points if the bytes at the cursor (after a point's `]`)
    /// are its bytes and the next point's `[` follows: true, with the cursor at the `[`; false
    /// (nothing consumed) otherwise.
    mutating func skipSeparator(_ cursor: inout JSONCursor) -> Bool {
        guard knowsSeparator else { return false }
        var c = cursor
        guard c.skip(separator), c.current == UInt8(ascii: "[") else { return false }
        cursor = c
        return true
    }
}

extension JSONCursor {
    /// Where the number at the cursor ends if it is in `shortValue`'s form, or else in
    /// `longDigits`' (a double as a browser or Python writes it: `long`); nil for any other or
    /// when too few bytes remain (17 and 48).
    func decimalEnd() -> (end: Int, long: Bool)? {
        // `shortValueEnd(at:)` reads at most the 17 bytes from the cursor, `longDigits` at most
        // 34: all in the buffer.
        if pos + 17 <= end, let after = Self.shortValueEnd(at: base + pos) { return (after - base, false) }
        guard pos + 48 <= end, let digits = Self.longDigits(at: base + pos) else { return nil }
        return (digits.end - base, true)
    }

    /// The number at the cursor in `shortValue`'s form, or else in `longDigits`' (a double as a
    /// browser or Python writes it), for a caller that matches a learned run right after it (the
    /// run's first byte is the delimiter `number` would test, so an exponent after the digits
    /// makes it miss): its value, the value `number` gives, with the cursor after it; nil
    /// (nothing consumed) for any other.
    /// `longFirst`: the long form is tried first (where the numbers before were long: the
    /// short form's test of them would fail at their eighth digit after the point).
    @_transparent mutating func decimalBeforeRun(longFirst: Bool = false) -> Double? {
        if longFirst, let value = longDecimalBeforeRun() { return value }
        // `shortValue` reads at most the 17 bytes from the cursor: all in the buffer.
        guard pos + 17 <= end, let (value, after) = Self.shortValue(at: base + pos) else {
            return longFirst ? nil : longDecimalBeforeRun()
        }
        pos = after - base
        return value
    }

    /// The number at the cursor in `shortValue`'s form, for a caller that matches a learned run
    /// right after it (as for `decimalBeforeRun`): its value, with the cursor after it; nil
    /// (nothing consumed) for any other.
    @_transparent mutating func shortValueBeforeRun() -> Double? {
        // `shortValue` reads at most the 17 bytes from the cursor: all in the buffer.
        guard pos + 17 <= end, let (value, after) = Self.shortValue(at: base + pos) else { return nil }
        pos = after - base
        return value
    }

    /// A number in `longDigits`' form at the cursor (a double as a browser or Python writes it)
    /// with no exponent after it, for `decimalBeforeRun` and `learnedNumberValue`: its value,
    /// with the cursor after it; nil (nothing consumed) for any other. Out of line: most numbers
    /// are short.
    @inline(never)
    mutating func longDecimalBeforeRun() -> Double? {
        // `longDigits` reads at most 34 bytes from the cursor, and the byte after them is read:
        // all in the buffer.
        guard pos + 48 <= end, let digits = Self.longDigits(at: base + pos), digits.end.pointee | 0x20 != UInt8(ascii: "e"),
              let value = digits.value else { return nil }
        pos = digits.end - base
        return value
    }
}

/// The digits of a decimal number as `JSONCursor.longDigits` reads them: its value is
/// `mantissa` × 10^−`fractionDigits`, negated when `negative`; `end` is where its digits end.
struct LongDigits {
    var mantissa: UInt64
    var fractionDigits: Int
    var negative: Bool
    var end: UnsafePointer<UInt8>

    /// The correctly rounded value, as `anyNumber` converts these digits: one exact division
    /// (Clinger's fast path: at most 2^53, by a power of ten up to 10^19, both exact), else
    /// Eisel and Lemire's method; nil where that cannot tell (for `strtod`).
    @inline(__always) var value: Double? {
        let magnitude: Double
        if mantissa <= 1 << 53 {
            // At most 2^53: fits an Int64, whose conversion is one instruction.
            magnitude = Double(Int64(truncatingIfNeeded: mantissa)) / powerOfTen(fractionDigits)
        } else if let v = JSONCursor.longFraction(mantissa, exponent: -fractionDigits) {
            magnitude = v
        } else {
            return nil
        }
        return negative ? -magnitude : magnitude
    }
}
