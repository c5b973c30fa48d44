// Output bytes: a growable buffer written without a check per byte, the outputs it is written
// to, and the small tables and memos a writer of many short lines keeps beside it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where transcript bytes go.
public protocol ByteOutput: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension ByteOutput {
    /// Writes `bytes` (the safe form of `write(_:)`, for callers that hold an array).
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Writes the UTF-8 bytes of `text`, without copying them out of the string first.
    package func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }
}

/// Bytes written to a file descriptor (stdout, or a file being written).
public final class FileDescriptorOutput: ByteOutput {
    public let fd: Int32

    public init(fd: Int32) { self.fd = fd }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            // Within `bytes`: `offset` is below its count.
            #if canImport(Darwin)
            let n = Darwin.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            #elseif canImport(Glibc)
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            #else
            let n = Musl.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            #endif
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError(message: "cannot write: \(describeErrno(errno))", isBrokenPipe: errno == EPIPE)
            }
            offset += n
        }
    }
}

/// Bytes kept in memory (for verify, diff and tests).
public final class MemoryOutput: ByteOutput {
    public private(set) var bytes: [UInt8] = []
    public init() {}
    public func write(_ bytes: UnsafeRawBufferPointer) throws { self.bytes.append(contentsOf: bytes) }
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Bytes kept in memory and written again and again by one thread (a verify worker's
/// transcripts, one after another): `removeAll` empties it and keeps the memory for the next.
final class ReusedMemoryOutput: ByteOutput {
    /// The bytes written since the last `removeAll`. Without the run-time check of exclusive
    /// access (a call at every write and read): the object is one thread's, and no access to
    /// the bytes begins while another is under way (each is one call that returns).
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []

    init() {}

    func write(_ bytes: UnsafeRawBufferPointer) throws { self.bytes.append(contentsOf: bytes) }

    /// Empties it, keeping the memory.
    func removeAll() { bytes.removeAll(keepingCapacity: true) }
}

/// Writing output failed (disk full, closed pipe).
public struct OutputError: Error, CustomStringConvertible {
    public var message: String
    /// The reader closed the pipe (`| head`): not a failure of the writer.
    public var isBrokenPipe = false
    public var description: String { message }
}

/// A growable byte buffer on raw memory for writing transcripts: callers `reserve` room for a
/// piece, then append it without a bounds or uniqueness check per byte (as `[UInt8]` would do).
///
/// Appends that do not say they make room write within the room reserved (checked in debug
/// builds): callers reserve, for a line, more than the longest line its pieces can make. The
/// buffer is a value of three words, kept in registers while a line is written; its memory is
/// the owner's to free (`deallocate`).
struct ByteBuffer {
    fileprivate private(set) var base: UnsafeMutablePointer<UInt8>
    /// Where the next byte goes: `base` plus the count. (A pointer rather than a count: a line
    /// is written with one register, as with a pointer of its own.)
    private var end: UnsafeMutablePointer<UInt8>
    /// The end of the memory: `base` plus the capacity.
    private var limit: UnsafeMutablePointer<UInt8>

    init(capacity: Int) {
        base = .allocate(capacity: max(capacity, 64))
        end = base
        // The memory just allocated.
        limit = base + max(capacity, 64)
    }

    /// The bytes written.
    var count: Int { end - base }
    /// The bytes the memory holds.
    var capacity: Int { limit - base }

    /// Frees the memory; the buffer must not be used again.
    func deallocate() { base.deallocate() }

    /// Makes room for `n` more bytes.
    @inline(__always) mutating func reserve(_ n: Int) {
        if limit - end < n { self = Self.grown(self, to: count + n) }
    }

    /// `buffer` with room for `needed` bytes. Slow paths take and return the buffer by value
    /// rather than `inout`: a line's writer keeps the buffer's words in registers only while
    /// its address is never passed to a call.
    @inline(never)
    private static func grown(_ buffer: ByteBuffer, to needed: Int) -> ByteBuffer {
        var grown = buffer
        var newCapacity = buffer.capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        grown.base = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        // The `count` bytes written, into memory of `newCapacity` > `count` bytes.
        grown.base.update(from: buffer.base, count: buffer.count)
        grown.end = grown.base + buffer.count
        grown.limit = grown.base + newCapacity
        buffer.base.deallocate()
        return grown
    }

    mutating func removeAll() { end = base }

    /// The bytes written, for an output; valid until the buffer next changes.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Counts `n` bytes written at `end`.
    @inline(__always) private mutating func advance(_ n: Int) {
        assert(n <= limit - end, "wrote past the reserved room")
        // Within the reserved room (checked in debug builds).
        end += n
    }

    /// Appends a byte within the reserved room.
    @inline(__always) mutating func append(_ byte: UInt8) {
        assert(end < limit, "wrote past the reserved room")
        // Within the reserved room (the caller reserved it).
        end.pointee = byte
        end += 1
    }

    /// Appends the first `length` (at most 8) bytes of `word`, its lowest byte first, within
    /// the reserved room and 8 bytes of it at least (the word is stored whole: punctuation as
    /// one store).
    @inline(__always) mutating func append(word: UInt64, length: Int) {
        assert(8 <= limit - end && length <= 8, "wrote past the reserved room")
        // Eight bytes within the reserved room, unaligned as raw memory allows.
        UnsafeMutableRawPointer(end).storeBytes(of: word.littleEndian, as: UInt64.self)
        advance(length)
    }

    /// Appends a static string's UTF-8 bytes within the reserved room.
    @inline(__always) mutating func append(_ s: StaticString) {
        // The string's bytes (`utf8Start` stops the program for a string of one character),
        // within the reserved room.
        _ = copyBytes(s.utf8Start, s.utf8CodeUnitCount, to: end)
        advance(s.utf8CodeUnitCount)
    }

    /// Appends a static key text within the reserved room.
    @inline(__always) mutating func append(_ key: StaticKeyText) {
        // The key's bytes (its address and length), within the reserved room.
        _ = copyBytes(key.start, key.count, to: end)
        advance(key.count)
    }

    /// Appends, making room first.
    mutating func append(_ bytes: [UInt8]) {
        reserve(bytes.count)
        // Within the room just made.
        bytes.withUnsafeBufferPointer { _ = copyBytes($0.baseAddress!, $0.count, to: end) }
        advance(bytes.count)
    }

    /// Appends what `other` holds, within the reserved room, copied sixteen bytes at a time:
    /// `other` is a short text kept with 16 bytes of room past its count (a `NumberMemo`'s, a
    /// `ByteRows` row's), and this buffer's room covers the count rounded up to 16.
    @inline(__always) fileprivate mutating func appendWords(_ source: UnsafePointer<UInt8>, _ n: Int) {
        assert(n + 16 <= limit - end, "wrote past the reserved room")
        // Both ends have 16 bytes of room past the `n` bytes (see above).
        _ = copyWords(source, n, to: end)
        advance(n)
    }

    /// Appends `value` with exactly four decimals (`fixed4`), within the reserved room
    /// (`fixed4MaximumLength` bytes).
    @inline(__always) mutating func appendFixed4(_ value: Double) {
        // `writeFixed4` writes at most `fixed4MaximumLength` bytes, within the reserved room.
        advance(writeFixed4(value, to: end))
    }

    /// Appends `value` in shortest round-trip form (`appendShortest`), within the reserved room
    /// (`fixed4MaximumLength` bytes, more than the 24 it takes).
    @inline(__always) mutating func appendShortest(_ value: Double, tables: PowerTables) {
        // At most 24 bytes, within the reserved room.
        advance(writeShortest(value, to: end, tables: tables))
    }

    /// Appends `value` in shortest round-trip form as `appendShortest(_:tables:)` does, a text
    /// kept in `recent` copied when the value is one of those written lately.
    @inline(__always) mutating func appendShortest(_ value: Double, tables: PowerTables, recent: RecentShortest) {
        // At most 24 bytes (32 written), within the reserved room.
        advance(ShortestDouble.write(value, to: end, tables: tables, recent: recent))
    }

    /// Appends a signed integer in decimal, within the reserved room (24 bytes).
    @inline(__always) mutating func appendDecimal(_ n: Int64) {
        if n < 0 {
            append(UInt8(ascii: "-"))
            // At most 20 digits (and 8 bytes written), within the reserved room.
            advance(writeDecimal(n.magnitude, to: end))
        } else {
            // As above.
            advance(writeDecimal(UInt64(n), to: end))
        }
    }

    /// Appends a JSON string literal of a static string, making room for it and then for
    /// `roomAfter` more bytes (the rest of the line it is in).
    @inline(__always) mutating func appendJSONString(_ s: StaticString, roomAfter: Int) {
        self = Self.appendingJSONString(s, to: self, roomAfter: roomAfter)
    }

    /// Appends a JSON string literal of a shared text, making room for it and then for
    /// `roomAfter` more bytes.
    @inline(__always) mutating func appendJSONString(_ text: SharedText, roomAfter: Int) {
        self = Self.appendingJSONString(text, to: self, roomAfter: roomAfter)
    }

    /// `buffer` with a JSON string literal of `s` appended (by value: see `grown`).
    @inline(never)
    private static func appendingJSONString(_ s: StaticString, to buffer: ByteBuffer, roomAfter: Int) -> ByteBuffer {
        var out = buffer
        s.withUTF8Buffer { out.appendJSONString($0, roomAfter: roomAfter) }
        return out
    }

    /// `buffer` with a JSON string literal of `text` appended (by value: see `grown`).
    @inline(never)
    private static func appendingJSONString(_ text: SharedText, to buffer: ByteBuffer, roomAfter: Int) -> ByteBuffer {
        var out = buffer
        text.withUTF8 { out.appendJSONString($0, roomAfter: roomAfter) }
        return out
    }

    /// A JSON string literal of UTF-8 `bytes`, escaped as `appendJSONString(_:to:)` escapes:
    /// room for six bytes a byte (`\u001b`), the quotes and `roomAfter` is made first. The
    /// bytes are copied as they are but for the escapes, eight at a time while none needs one.
    private mutating func appendJSONString(_ bytes: UnsafeBufferPointer<UInt8>, roomAfter: Int) {
        reserve(bytes.count * 6 + 2 + roomAfter)
        append(UInt8(ascii: "\""))
        guard let source = bytes.baseAddress else {
            append(UInt8(ascii: "\""))
            return
        }
        let n = bytes.count
        var i = 0
        while i < n {
            // Below `n`: `i` only grows while it stays below `n`.
            if i &+ 8 <= n {
                // Eight bytes of `bytes`, from `i` on (`i + 8 <= n`).
                let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
                if !Self.needsEscape(word) {
                    // Eight bytes within the room made above (six a byte).
                    UnsafeMutableRawPointer(end).storeBytes(of: word, as: UInt64.self)
                    advance(8)
                    i &+= 8
                    continue
                }
            }
            // Within `bytes`: `i < n`.
            let b = source[i]
            i &+= 1
            if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") {
                append(b)
                continue
            }
            append(UInt8(ascii: "\\"))
            switch b {
            case 0x0A: append(UInt8(ascii: "n"))
            case 0x0D: append(UInt8(ascii: "r"))
            case 0x09: append(UInt8(ascii: "t"))
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                append(word: 0x30_30_75, length: 3)
                // Below 16: within the 16 digits.
                append(hex.utf8Start[Int(b >> 4)])
                append(hex.utf8Start[Int(b & 15)])
            default: append(b)
            }
        }
        append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes of `word` needs an escape in a JSON string: a control
    /// character (below 0x20), `"` or `\`. (A byte below 0x20 leaves its high bit set in
    /// `word - 0x20` per byte where it was clear in `word`; a byte equal to `c` is a zero byte
    /// of `word ^ c`, found the same way. Borrows only carry from a byte that is found.)
    @inline(__always) private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Wrapping on purpose: per-byte borrows, read only where a byte is found (see above).
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let found = ((word &- ones &* 0x20) & ~word)
            | ((quotes &- ones) & ~quotes)
            | ((backslashes &- ones) & ~backslashes)
        return found & highs != 0
    }
}

// MARK: What a writer of short lines keeps beside its buffer

/// The bytes ready for a `ByteOutput`, in memory of their own, written a line at a time by one
/// thread at a time and written out when more than `threshold` bytes are held.
///
/// The buffer is reached through a pointer rather than a class's variable: such a variable is
/// checked for exclusive access at every use, and the buffer is used for every line.
final class OutputBuffer: @unchecked Sendable {
    // Sendable as a writer is: one thread at a time uses it, a hand-over between threads (a
    // `ChunkPipe`) orders their uses.
    private let output: ByteOutput
    private let buffer: UnsafeMutablePointer<ByteBuffer>
    private let threshold: Int
    /// The first failure to write; later writes are dropped and `finish` throws it.
    private var failure: Error?
    /// Whether bytes were written out since the buffer was made or last restarted: then what
    /// it holds is not all that was appended.
    private var wroteOut = false

    /// A buffer for `output`, written out when more than `threshold` bytes are held.
    init(output: ByteOutput, threshold: Int) {
        self.output = output
        self.threshold = threshold
        buffer = .allocate(capacity: 1)
        buffer.initialize(to: ByteBuffer(capacity: threshold + 4096))
    }

    deinit {
        buffer.pointee.deallocate()
        buffer.deinitialize(count: 1)
        buffer.deallocate()
    }

    /// Calls `body` to append to the buffer (a copy of its three words, kept in registers,
    /// stored back after), then writes the bytes out if there are more than the threshold.
    @inline(__always) func append<R>(_ body: (inout ByteBuffer) -> R) -> R {
        // The buffer lives as long as this object; one thread at a time uses it.
        var local = buffer.pointee
        let result = body(&local)
        buffer.pointee = local
        if local.count >= threshold { flush() }
        return result
    }

    /// Writes what is held (a failure is kept for `finish`, later writes dropped).
    func flush() {
        // As in `append`.
        guard buffer.pointee.count > 0 else { return }
        wroteOut = true
        if failure == nil {
            do {
                try output.write(buffer.pointee.bytes)
            } catch {
                failure = error
            }
        }
        buffer.pointee.removeAll()
    }

    /// Writes what is held; throws the first failure to write.
    func finish() throws {
        flush()
        if let failure { throw failure }
    }

    /// Drops what is held and a failure to write, keeping the memory, and holds `start`.
    func restart(with start: [UInt8]) {
        // As in `append`.
        buffer.pointee.removeAll()
        buffer.pointee.append(start)
        failure = nil
        wroteOut = false
    }

    /// Whether all that was appended since the buffer was made or last restarted is still held
    /// (none written out) and is exactly the bytes of `expected`: compared where they are,
    /// without writing them out.
    func holdsExactly(_ expected: Span<UInt8>) -> Bool {
        guard !wroteOut else { return false }
        // As in `append`.
        let held = buffer.pointee
        guard held.count == expected.count else { return false }
        return expected.withUnsafeBufferPointer { bytes in
            // Both hold `held.count` bytes (checked above); an empty span may have no address.
            guard let start = bytes.baseAddress else { return true }
            return memcmp(held.base, start, held.count) == 0
        }
    }
}

/// Rows of bytes made once and kept in one block of memory (a writer's rendered prefixes:
/// reaching an array of arrays retains and releases the inner array at every use), each
/// appended sixteen bytes at a time.
final class ByteRows: @unchecked Sendable {
    // Sendable: written by `init`, and by `append` and `truncate` on the one thread that reads
    // it then (a transcript writer's, which is used by one thread at a time).
    private var bytes: UnsafeMutablePointer<UInt8>
    private var rows: UnsafeMutablePointer<(start: Int, count: Int)>
    /// How many rows there are.
    private(set) var count: Int

    init(_ rows: [[UInt8]]) {
        count = rows.count
        self.rows = .allocate(capacity: max(rows.count, 1))
        // Sixteen bytes more: rows are copied sixteen bytes at a time.
        bytes = .allocate(capacity: rows.reduce(0) { $0 + $1.count } + 16)
        var offset = 0
        for (i, row) in rows.enumerated() {
            // Within the block: `offset` plus the row's length is at most the sum of lengths.
            (bytes + offset).initialize(from: row, count: row.count)
            (self.rows + i).initialize(to: (offset, row.count))
            offset += row.count
        }
    }

    deinit {
        rows.deallocate()
        bytes.deallocate()
    }

    /// Adds `row` after the last (rarely: a source defined while replaying), copying the rows
    /// into blocks one row larger.
    func append(_ row: [UInt8]) {
        // The bytes in use end where the last row ends (rows are laid out one after another).
        let used = count > 0 ? rows[count - 1].start + rows[count - 1].count : 0
        let newBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: used + row.count + 16)
        // `used` bytes are initialized in the old block; the new one holds them and the row.
        newBytes.initialize(from: bytes, count: used)
        (newBytes + used).initialize(from: row, count: row.count)
        let newRows = UnsafeMutablePointer<(start: Int, count: Int)>.allocate(capacity: count + 1)
        // `count` rows in the old block, one more place in the new.
        newRows.initialize(from: rows, count: count)
        (newRows + count).initialize(to: (used, row.count))
        bytes.deallocate()
        rows.deallocate()
        bytes = newBytes
        rows = newRows
        count += 1
    }

    /// Keeps the first `n` rows only (their memory is kept).
    func truncate(to n: Int) {
        precondition(n >= 0 && n <= count, "truncating \(count) rows to \(n)")
        count = n
    }

    /// The length of row `i`.
    @inline(__always) func length(of i: Int) -> Int {
        precondition(i >= 0 && i < count, "row \(i) of \(count)")
        // Within the rows: checked above.
        return rows[i].count
    }

    /// Appends row `i` to `out`, within its reserved room (the row's length and 16 bytes).
    @inline(__always) func append(_ i: Int, to out: inout ByteBuffer) {
        precondition(i >= 0 && i < count, "row \(i) of \(count)")
        // Within the rows: checked above; the block has 16 bytes past its last row.
        let row = rows[i]
        out.appendWords(bytes + row.start, row.count)
    }
}

/// The text of the last number written, kept to be written again: a transcript's records of
/// one event have the event's time. One thread at a time uses it (as `OutputBuffer`).
final class NumberMemo: @unchecked Sendable {
    // Sendable as `OutputBuffer` is.
    /// How numbers are written: four decimals, or shortest round-trip with these tables.
    private let tables: PowerTables?
    private let state: UnsafeMutablePointer<(bits: UInt64, text: ByteBuffer)>

    /// A memo of numbers written with four decimals, or (`tables` given) in shortest form.
    init(shortestWith tables: PowerTables?) {
        self.tables = tables
        state = .allocate(capacity: 1)
        // Sixteen bytes more than the longest text: it is copied sixteen bytes at a time.
        state.initialize(to: (Double.nan.bitPattern, ByteBuffer(capacity: fixed4MaximumLength + 16)))
    }

    deinit {
        state.pointee.text.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Forgets the last number.
    func reset() {
        // The state lives as long as this object; one thread at a time uses it.
        state.pointee.bits = Double.nan.bitPattern
    }

    /// Appends `v`'s text to `out` within its reserved room (`fixed4MaximumLength` bytes and
    /// 16), made only if `v` is not the last number (as bits, so that NaN never matches).
    @inline(__always) func append(_ v: Double, to out: inout ByteBuffer) {
        // As in `reset`.
        if v.bitPattern != state.pointee.bits {
            state.pointee.bits = v.bitPattern
            state.pointee.text.removeAll()
            if let tables {
                state.pointee.text.appendShortest(v, tables: tables)
            } else {
                state.pointee.text.appendFixed4(v)
            }
        }
        // The text has 16 bytes of room past it (see `init`).
        out.appendWords(state.pointee.text.base, state.pointee.text.count)
    }
}

/// Which static strings are plain words: at most 48 bytes of letters, digits, `_`, `-` and
/// `.`, which need no escape and fit in the room a writer gives a word. One thread at a time
/// uses it (as `OutputBuffer`).
///
/// Words found plain are kept by address and length (a static string's bytes never change),
/// each in one of 32 places chosen by its address: a writer writes a few dozen words, each
/// scanned about once.
final class PlainWords: @unchecked Sendable {
    // Sendable as `OutputBuffer` is.
    private static let places = 32
    /// Addresses and lengths found plain, 0 for an empty place.
    private let known: UnsafeMutablePointer<UInt>

    init() {
        known = .allocate(capacity: Self.places)
        known.initialize(repeating: 0, count: Self.places)
    }

    deinit { known.deallocate() }

    /// Whether `s` is a plain word.
    @inline(__always) func isPlain(_ s: StaticString) -> Bool {
        guard s.hasPointerRepresentation else { return false }
        let count = s.utf8CodeUnitCount
        guard count <= 48 else { return false }
        let key = UInt(bitPattern: s.utf8Start) ^ (UInt(count) << 56)
        // A hash: the product is meant to wrap; its top five bits pick one of 32 places.
        let place = Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 59)
        // Below 32 (five bits).
        if known[place] == key { return true }
        guard Self.isPlain(s.utf8Start, count: count) else { return false }
        known[place] = key
        return true
    }

    /// Whether `count` bytes are all letters, digits, `_`, `-` and `.`.
    private static func isPlain(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        for i in 0..<count {
            // Within the string's `count` bytes.
            let c = bytes[i]
            let plain = (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
            if !plain { return false }
        }
        return true
    }
}

/// A static string's UTF-8 bytes (at most 255) as one word: the address of the bytes shifted
/// up 8 bits, the length in the low 8, so that a value holding one (a record's field) stays
/// small. Plain data; the bytes are static and never change.
public struct StaticKeyText: Sendable, RandomAccessCollection, Equatable {
    private let bits: UInt64

    /// The text of `s` (text of at most 255 bytes).
    @inline(__always) init(_ s: StaticString) {
        precondition(s.hasPointerRepresentation && s.utf8CodeUnitCount <= 255, "a static text of at most 255 bytes")
        let address = UInt64(UInt(bitPattern: s.utf8Start))
        // Addresses of a process's static data are below 2^48 on every 64-bit platform Swift
        // runs on: shifted up 8 bits, they lose nothing.
        assert(address >> 56 == 0, "an address above 2^56")
        bits = address << 8 | UInt64(s.utf8CodeUnitCount)
    }

    /// The first byte.
    @inline(__always) var start: UnsafePointer<UInt8> {
        // The address `init` took from a static string (never 0), which lives as long as the
        // process.
        UnsafePointer(bitPattern: UInt(bits >> 8)).unsafelyUnwrapped
    }

    public var startIndex: Int { 0 }
    @inline(__always) public var endIndex: Int { Int(bits & 0xFF) }
    @inline(__always) public var count: Int { Int(bits & 0xFF) }

    @inline(__always) public subscript(i: Int) -> UInt8 {
        precondition(i >= 0 && i < count, "byte \(i) of a text of \(count)")
        // Within the text: checked above.
        return start[i]
    }

    /// The text as a `String`.
    public var string: String { String(decoding: self, as: UTF8.self) }

    public static func == (a: StaticKeyText, b: StaticKeyText) -> Bool {
        a.bits == b.bits || a.elementsEqual(b)
    }
}

/// Copies `n` bytes from `source` to `target`; returns the end of the copy. Short runs (keys,
/// names) are copied inline, as two words that may overlap: a call to memcpy costs more than
/// the copy. Reads and writes only the `n` bytes.
@inline(__always) func copyBytes(_ source: UnsafePointer<UInt8>, _ n: Int, to target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    let to = UnsafeMutableRawPointer(target)
    let from = UnsafeRawPointer(source)
    if n >= 8 && n <= 16 {
        let head = from.loadUnaligned(as: UInt64.self)
        let tail = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        to.storeBytes(of: head, as: UInt64.self)
        to.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
    } else if n >= 4 && n < 8 {
        let head = from.loadUnaligned(as: UInt32.self)
        let tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
        to.storeBytes(of: head, as: UInt32.self)
        to.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
    } else if n < 4 {
        for i in 0..<n { target[i] = source[i] }
    } else {
        to.copyMemory(from: from, byteCount: n)
    }
    return target + n
}

/// Copies `n` bytes from `source` to `target` sixteen at a time (one vector register); returns
/// the end of the `n` bytes. Reads and writes `n` rounded up to a multiple of 16, sixteen at
/// least: for memory the caller owns with that much room at both ends (a writer's own prefixes
/// and time text, into reserved room). A JSON Lines prefix (`,"view":"screen","source":...`)
/// is about 48 bytes: three copies rather than six.
@inline(__always) func copyWords(_ source: UnsafePointer<UInt8>, _ n: Int, to target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    let to = UnsafeMutableRawPointer(target)
    let from = UnsafeRawPointer(source)
    var i = 0
    repeat {
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self), toByteOffset: i, as: SIMD16<UInt8>.self)
        // Small: below `n` + 16.
        i &+= 16
    } while i < n
    return target + n
}
