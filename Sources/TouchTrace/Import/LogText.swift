/// A text log split into lines (LF or CRLF), with the small number and token readers the log
/// formats share, and messages located at `path:line:column`.
struct LogText {
    /// One line: bytes `start..<end` without its line end; `terminated` is false for a last line
    /// that has no line end (a file cut in the middle of a line, or one written without a final
    /// newline).
    struct Line {
        var start: Int
        var end: Int
        var terminated: Bool
    }

    /// The bytes of the text, indexed by their offset in the file (a window of a file read in
    /// windows starts at its offset, not at 0).
    struct Bytes {
        let storage: [UInt8]
        let base: Int

        subscript(i: Int) -> UInt8 { storage[i - base] }
        subscript(range: Range<Int>) -> ArraySlice<UInt8> { storage[(range.lowerBound - base)..<(range.upperBound - base)] }
        /// The offset just past the last byte.
        var count: Int { base + storage.count }
    }

    let path: String
    let bytes: Bytes
    /// The lines of the text (of the window), in order.
    let lines: [Line]
    /// The number of the first line (1 for a whole file).
    let firstLine: Int
    /// Where an offset before this window lies, found by reading the file again (nil for a
    /// whole file, which has nothing before it).
    let earlier: (@Sendable (Int) -> (line: Int, column: Int))?

    /// A whole file.
    init(_ original: SourceFile) {
        let source = Self.utf8(original)
        self.init(path: source.path, bytes: source.bytes, base: 0, firstLine: 1, isLast: true, earlier: nil)
    }

    /// A window of a file read in windows: whole lines, the last one unfinished only at the end
    /// of the file.
    init(path: String, bytes: [UInt8], base: Int, firstLine: Int, isLast: Bool, earlier: (@Sendable (Int) -> (line: Int, column: Int))?) {
        self.path = path
        self.bytes = Bytes(storage: bytes, base: base)
        self.firstLine = firstLine
        self.earlier = earlier
        var lines: [Line] = []
        var start = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A {
                let end = i > start && bytes[i - 1] == 0x0D ? i - 1 : i
                lines.append(Line(start: base + start, end: base + end, terminated: true))
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count {
            let end = bytes[bytes.count - 1] == 0x0D ? bytes.count - 1 : bytes.count
            lines.append(Line(start: base + start, end: base + end, terminated: !isLast))
        }
        self.lines = lines
    }

    /// The 1-based line and column (characters, as editors count them) of a byte offset.
    func location(of offset: Int) -> (line: Int, column: Int) {
        if offset < bytes.base, let earlier { return earlier(offset) }
        let o = min(max(offset, bytes.base), bytes.count)
        // The last line that starts at or before the offset.
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].start <= o { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return (firstLine, 1) }
        var line = firstLine + low - 1
        var lineStart = lines[low - 1].start
        // Past the line's end (at the end of a file that ends with a line end): the next line.
        for i in lineStart..<o where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        var column = 1
        for i in lineStart..<o where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    /// A message at a byte offset (an error or a warning to collect).
    func located(at offset: Int, _ message: String) -> TraceError {
        let (line, column) = location(of: offset)
        return TraceError(path: path, line: line, column: column, message: message)
    }

    /// The file as UTF-8: a log saved as UTF-16 (as Windows PowerShell's `>` saves
    /// `adb shell getevent -lt`) is converted, and a UTF-8 byte order mark dropped, so that
    /// lines and columns in messages are those an editor shows.
    static func utf8(_ source: SourceFile) -> SourceFile {
        let bytes = source.bytes
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            return SourceFile(path: source.path, bytes: Array(bytes[3...]))
        }
        guard bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) else { return source }
        let littleEndian = bytes[0] == 0xFF
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = 2
        while i + 1 < bytes.count {
            let (a, b) = (UInt16(bytes[i]), UInt16(bytes[i + 1]))
            units.append(littleEndian ? a | b << 8 : a << 8 | b)
            i += 2
        }
        return SourceFile(path: source.path, bytes: Array(String(decoding: units, as: UTF16.self).utf8))
    }

    /// A problem at a byte offset, as an error to throw.
    func error(at offset: Int, _ message: String) -> TraceErrors {
        TraceErrors(located(at: offset, message))
    }

    /// A problem in a line, with a note when the line is the file's unfinished last one.
    func error(at offset: Int, in line: Line, _ message: String) -> TraceErrors {
        if !line.terminated {
            return error(at: offset, "the file ends inside this line (was it cut short?): " + message)
        }
        return error(at: offset, message)
    }

    /// The text of a byte range (invalid UTF-8 shown as U+FFFD, for messages).
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The text of a range for a message: quoted, and cut when long.
    func quoted(_ range: Range<Int>) -> String {
        let cut = range.count > 40 ? range.lowerBound..<(range.lowerBound + 40) : range
        return "'" + text(cut) + (cut.count < range.count ? "…" : "") + "'"
    }

    /// The whitespace-separated tokens of a range.
    func tokens(_ range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var i = range.lowerBound
        while i < range.upperBound {
            while i < range.upperBound && isSpace(bytes[i]) { i += 1 }
            let start = i
            while i < range.upperBound && !isSpace(bytes[i]) { i += 1 }
            if i > start { result.append(start..<i) }
        }
        return result
    }

    /// The first offset at or after `i` that is not a space or tab (at most `end`).
    func skipSpaces(_ i: Int, _ end: Int) -> Int {
        var i = i
        while i < end && isSpace(bytes[i]) { i += 1 }
        return i
    }

    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    func starts(_ range: Range<Int>, with prefix: String) -> Bool {
        let p = Array(prefix.utf8)
        guard range.count >= p.count else { return false }
        for (k, b) in p.enumerated() where bytes[range.lowerBound + k] != b { return false }
        return true
    }

    /// The first offset of `needle` within `range`.
    func find(_ needle: String, in range: Range<Int>) -> Int? {
        let n = Array(needle.utf8)
        guard !n.isEmpty, range.count >= n.count else { return nil }
        var i = range.lowerBound
        while i + n.count <= range.upperBound {
            var match = true
            for k in 0..<n.count where bytes[i + k] != n[k] {
                match = false
                break
            }
            if match { return i }
            i += 1
        }
        return nil
    }

    /// A decimal integer with an optional sign that fits in 32 bits.
    func int32(_ range: Range<Int>) -> Int32? {
        guard let v = int64(range), v >= Int64(Int32.min), v <= Int64(Int32.max) else { return nil }
        return Int32(v)
    }

    /// The value of an ASCII decimal digit, or nil for any other byte.
    static func digit(_ b: UInt8) -> UInt8? {
        b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") ? b - UInt8(ascii: "0") : nil
    }

    /// A decimal integer with an optional sign, of at most 18 digits.
    func int64(_ range: Range<Int>) -> Int64? {
        var i = range.lowerBound
        var negative = false
        if i < range.upperBound && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < range.upperBound, range.upperBound - i <= 18 else { return nil }
        var v: Int64 = 0
        while i < range.upperBound {
            guard let d = Self.digit(bytes[i]) else { return nil }
            v = v * 10 + Int64(d)
            i += 1
        }
        return negative ? -v : v
    }

    /// Hexadecimal digits (1 to `maxDigits`), without a prefix.
    func hex(_ range: Range<Int>, maxDigits: Int = 8) -> UInt32? {
        guard !range.isEmpty, range.count <= maxDigits else { return nil }
        var v: UInt32 = 0
        for i in range {
            let b = bytes[i]
            let d: UInt8
            switch b {
            case 0x30...0x39: d = b - 0x30
            case 0x41...0x46: d = b - 0x41 + 10
            case 0x61...0x66: d = b - 0x61 + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    /// Seconds with an optional fraction of up to nine digits (`74366.364227`), in nanoseconds.
    /// Times beyond nine billion seconds (about 285 years) are refused.
    func nanoseconds(_ range: Range<Int>) -> Int64? {
        var i = range.lowerBound
        var seconds: Int64 = 0
        var digits = 0
        while i < range.upperBound, let d = Self.digit(bytes[i]) {
            seconds = seconds * 10 + Int64(d)
            digits += 1
            i += 1
            if digits > 10 { return nil }
        }
        guard digits > 0, seconds <= 9_000_000_000 else { return nil }
        var fraction: Int64 = 0
        var scale: Int64 = 1_000_000_000
        if i < range.upperBound {
            guard bytes[i] == UInt8(ascii: "."), i + 1 < range.upperBound else { return nil }
            i += 1
            while i < range.upperBound {
                guard let d = Self.digit(bytes[i]), scale > 1 else { return nil }
                scale /= 10
                fraction += Int64(d) * scale
                i += 1
            }
        }
        return seconds * 1_000_000_000 + fraction
    }
}
