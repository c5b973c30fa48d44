#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The two transcript formats.
public enum TranscriptFormat: String, Sendable, CaseIterable {
    /// One line per record, fixed four decimals: stable across platforms, readable in a diff.
    /// The format of expected files.
    case text
    /// One JSON object per record, numbers in shortest round-trip form: for other programs.
    case jsonl

    /// The first line of a text transcript of a version 1 trace: the format and its version.
    public static let textHeader = "# touchtrace transcript v1"

    /// The first line of a text transcript of a trace of `version` (1 or 2): the transcript of a
    /// version 2 trace says `v2`.
    public static func textHeader(version: Int) -> String { "# touchtrace transcript v\(version)" }
}

/// Where transcript bytes go.
public protocol ByteOutput: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Bytes written to a file descriptor (stdout, or a file being written).
public final class FileDescriptorOutput: ByteOutput {
    public let fd: Int32

    public init(fd: Int32) { self.fd = fd }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
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

/// Writing output failed (disk full, closed pipe).
public struct OutputError: Error, CustomStringConvertible {
    public var message: String
    /// The reader closed the pipe (`| head`): not a failure of the writer.
    public var isBrokenPipe = false
    public var description: String { message }
}

/// Writes records as a transcript, buffered: records stream out as they are made and are never
/// all held. One thread at a time may use it (a `PipelinedWriter` hands it to its own thread).
public final class TranscriptWriter: RecordSink, @unchecked Sendable {
    public let format: TranscriptFormat
    private let output: ByteOutput
    /// Each source's prefix, rendered once: ` screen.pan ` or `,"view":"screen","source":"pan","event":"`,
    /// all in one block of memory the writer owns (reaching an array of arrays retains and
    /// releases the inner array at every record).
    private let prefixBytes: UnsafeMutablePointer<UInt8>
    /// Where each source's prefix starts in `prefixBytes`, and its length.
    private let prefixes: UnsafeMutablePointer<(start: Int, count: Int)>
    private let sourceCount: Int
    /// The first failure to write; later writes are dropped and `finish` throws it.
    private var failure: Error?
    private static let flushThreshold = 1 << 16

    /// A writer for the transcript of a trace of `version` (which names the text header).
    public init(format: TranscriptFormat, sources: [SourceName], output: ByteOutput, version: Int = 1) {
        self.format = format
        self.output = output
        var buffer = ByteBuffer(capacity: Self.flushThreshold + 4096)
        let rendered: [[UInt8]]
        switch format {
        case .text:
            rendered = sources.map { Array(" \($0.view).\($0.name) ".utf8) }
            buffer.append(Array(TranscriptFormat.textHeader(version: version).utf8))
            buffer.reserve(1)
            buffer.append(0x0A)
        case .jsonl:
            rendered = sources.map { source in
                var bytes = Array(",\"view\":".utf8)
                appendJSONString(source.view, to: &bytes)
                bytes.append(contentsOf: Array(",\"source\":".utf8))
                appendJSONString(source.name, to: &bytes)
                bytes.append(contentsOf: Array(",\"event\":\"".utf8))
                return bytes
            }
        }
        sourceCount = sources.count
        prefixes = .allocate(capacity: max(sources.count, 1))
        // Eight bytes more: prefixes are copied a word at a time (see `copyWords`).
        prefixBytes = .allocate(capacity: rendered.reduce(0) { $0 + $1.count } + 8)
        var offset = 0
        for (i, bytes) in rendered.enumerated() {
            (prefixBytes + offset).initialize(from: bytes, count: bytes.count)
            (prefixes + i).initialize(to: (offset, bytes.count))
            offset += bytes.count
        }
        state = .allocate(capacity: 1)
        state.initialize(to: State(buffer: buffer))
        powerTables = format == .jsonl ? PowerTables.shared : nil
    }

    deinit {
        prefixes.deallocate()
        prefixBytes.deallocate()
        state.pointee.buffer.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
        timeText.deallocate()
        plainNames.deallocate()
    }

    /// Writes a record, read where it lies (borrowed, not copied).
    public func write(_ record: Record) {
        record.fields.withFields { write(t: record.t, source: record.source, event: record.event, fields: $0) }
    }

    /// Writes a record where it lies in a list, its fields read in place rather than copied
    /// (it is not changed): the formatting thread of a replay writes every record this way.
    func write(inPlace record: inout Record) {
        let (t, source, event) = (record.t, record.source, record.event)
        record.fields.withFieldsInPlace { write(t: t, source: source, event: event, fields: $0) }
    }

    /// Writes the record of `source` at time `t` (seconds): `event`, then `fields`.
    @inline(__always) private func write(t: Double, source: Int, event: StaticString, fields: UnsafeBufferPointer<Field>) {
        // The writer's mutable state is reached through a pointer: an access to a class's stored
        // variable costs a run-time exclusivity check, and a copy in and out costs a load and a
        // store of every part, used or not.
        let state = self.state
        // Every record of an event has the event's time: format it once.
        if t.bitPattern != state.pointee.timeBits {
            state.pointee.timeBits = t.bitPattern
            state.pointee.timeLength = format == .text ? writeFixed4(t, to: timeText) : writeShortest(t, to: timeText, tables: powerTables!)
        }
        let time = UnsafeBufferPointer(start: UnsafePointer(timeText), count: state.pointee.timeLength)
        precondition(source >= 0 && source < sourceCount, "record of source \(source), of \(sourceCount) sources")
        let place = prefixes[source]
        let prefix = UnsafeBufferPointer(start: UnsafePointer(prefixBytes + place.start), count: place.count)
        state.pointee.buffer.reserve(Self.room(event: event.utf8CodeUnitCount, fields: fields.count, prefix: prefix.count))
        switch format {
        case .text: Self.writeText(event: event, fields: fields, time: time, prefix: prefix, to: &state.pointee.buffer, plainNames: plainNames)
        case .jsonl: Self.writeJSON(event: event, fields: fields, time: time, prefix: prefix, to: &state.pointee.buffer, plainNames: plainNames, tables: powerTables!)
        }
        if state.pointee.buffer.count >= Self.flushThreshold { flush() }
    }

    /// The buffer, and the time of the last record (as bits, so that NaN never matches) with
    /// the length of its text in `timeText`.
    private struct State {
        var buffer: ByteBuffer
        var timeBits: UInt64 = Double.nan.bitPattern
        var timeLength = 0
    }

    /// The state, allocated with the writer and freed with it; only the writer's one thread
    /// at a time reaches it.
    private let state: UnsafeMutablePointer<State>
    /// Eight bytes more than the longest time: it is copied a word at a time.
    private let timeText = UnsafeMutablePointer<UInt8>.allocate(capacity: fixed4MaximumLength + 8)
    /// Names found plain (see `isPlainName`), 0 for an empty place; kept from one transcript to
    /// the next, as static strings never change.
    private let plainNames: UnsafeMutablePointer<UInt> = {
        let places = UnsafeMutablePointer<UInt>.allocate(capacity: TranscriptWriter.plainNameSlots)
        places.initialize(repeating: 0, count: TranscriptWriter.plainNameSlots)
        return places
    }()
    /// The shortest-double tables, kept here rather than reached at every number (JSON Lines
    /// only: text has four decimals).
    private let powerTables: PowerTables?

    /// Room enough for any field but a text: its key, and two numbers (a point) with punctuation.
    @inline(__always) private static var fieldRoom: Int { Field.maximumKeyLength + 2 * fixed4MaximumLength + 16 }

    /// Room enough for any rendering of the record, but for its texts (see `writeJSONString`).
    @inline(__always) private static func room(event: Int, fields: Int, prefix: Int) -> Int {
        // Small numbers (a prefix, a static string's length, at most six fields): no overflow.
        fixed4MaximumLength &+ prefix &+ event &+ 16 &+ fields &* fieldRoom
    }

    /// Writes what is buffered; throws if any write failed.
    public func finish() throws {
        flush()
        if let failure { throw failure }
    }

    private func flush() {
        guard state.pointee.buffer.count > 0 else { return }
        if failure == nil {
            do {
                try output.write(state.pointee.buffer.bytes)
            } catch {
                failure = error
            }
        }
        state.pointee.buffer.removeAll()
    }

    /// One text line, into room reserved for it. Written through a pointer of its own, the
    /// buffer's count set once at the end (and around a text, which makes room of its own).
    @inline(__always)
    private static func writeText(event: StaticString, fields: UnsafeBufferPointer<Field>, time: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer,
                                  plainNames: UnsafeMutablePointer<UInt>) {
        var p = copyWords(time.baseAddress!, time.count, to: out.end)
        p = copyWords(prefix.baseAddress!, prefix.count, to: p)
        p = copyBytes(event.utf8Start, event.utf8CodeUnitCount, to: p)
        do {
            for field in fields {
                p[0] = 0x20
                let key = field.keyBytes
                p = copyBytes(key.baseAddress!, key.count, to: p + 1)
                p[0] = UInt8(ascii: "=")
                p += 1
                switch field.value {
                case .number(let v):
                    p += writeFixed4(v, to: p)
                case .point(let point):
                    p += writeFixed4(point.x, to: p)
                    p[0] = UInt8(ascii: ",")
                    p += 1
                    p += writeFixed4(point.y, to: p)
                case .integer(let n):
                    p += writeInteger(Int64(n), to: p)
                case .name(let s):
                    if isPlainName(s, known: plainNames) {
                        p = copyBytes(s.utf8Start, s.utf8CodeUnitCount, to: p)
                    } else {
                        out.advance(p - out.end)
                        s.withUTF8Buffer { writeJSONString($0, to: &out) }
                        p = out.end
                    }
                case .text(let text):
                    out.advance(p - out.end)
                    text.withUTF8 { writeJSONString($0, to: &out) }
                    p = out.end
                case .touch(let id):
                    p += writeInteger(id, to: p)
                case .numberList(let list):
                    out.advance(p - out.end)
                    writeNumbers(FieldValue.numbers(in: list), fixed: true, tables: nil, to: &out)
                    p = out.end
                }
            }
        }
        p[0] = 0x0A
        out.advance(p + 1 - out.end)
    }

    /// One JSON line, into room reserved for it, written as `writeText` writes.
    @inline(__always)
    private static func writeJSON(event: StaticString, fields: UnsafeBufferPointer<Field>, time: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer,
                                  plainNames: UnsafeMutablePointer<UInt>, tables: PowerTables) {
        var p = out.end
        // `{"t":`
        UnsafeMutableRawPointer(p).storeBytes(of: UInt64(0x3A_22_74_22_7B).littleEndian, as: UInt64.self)
        p = copyWords(time.baseAddress!, time.count, to: p + 5)
        p = copyWords(prefix.baseAddress!, prefix.count, to: p)
        p = copyBytes(event.utf8Start, event.utf8CodeUnitCount, to: p)
        p[0] = UInt8(ascii: "\"")
        p += 1
        do {
            for field in fields {
                // `,"`, the key, `":`
                UnsafeMutableRawPointer(p).storeBytes(of: UInt16(0x22_2C).littleEndian, as: UInt16.self)
                let key = field.keyBytes
                p = copyBytes(key.baseAddress!, key.count, to: p + 2)
                UnsafeMutableRawPointer(p).storeBytes(of: UInt16(0x3A_22).littleEndian, as: UInt16.self)
                p += 2
                switch field.value {
                case .number(let v):
                    p += writeShortest(v, to: p, tables: tables)
                case .point(let point):
                    p[0] = UInt8(ascii: "[")
                    p += 1
                    p += writeShortest(point.x, to: p, tables: tables)
                    p[0] = UInt8(ascii: ",")
                    p += 1
                    p += writeShortest(point.y, to: p, tables: tables)
                    p[0] = UInt8(ascii: "]")
                    p += 1
                case .integer(let n):
                    p += writeInteger(Int64(n), to: p)
                case .name(let s):
                    if isPlainName(s, known: plainNames) {
                        p[0] = UInt8(ascii: "\"")
                        p = copyBytes(s.utf8Start, s.utf8CodeUnitCount, to: p + 1)
                        p[0] = UInt8(ascii: "\"")
                        p += 1
                    } else {
                        out.advance(p - out.end)
                        s.withUTF8Buffer { writeJSONString($0, to: &out) }
                        p = out.end
                    }
                case .text(let text):
                    out.advance(p - out.end)
                    text.withUTF8 { writeJSONString($0, to: &out) }
                    p = out.end
                case .touch(let id):
                    p += writeInteger(id, to: p)
                case .numberList(let list):
                    out.advance(p - out.end)
                    writeNumbers(FieldValue.numbers(in: list), fixed: false, tables: tables, to: &out)
                    p = out.end
                }
            }
        }
        // `}` and a line feed
        UnsafeMutableRawPointer(p).storeBytes(of: UInt16(0x0A_7D).littleEndian, as: UInt16.self)
        out.advance(p + 2 - out.end)
    }

    /// A list of numbers: with four decimals, comma-separated (text), or as a JSON array of
    /// shortest forms; keeps the room after it that the record's other fields were given.
    private static func writeNumbers(_ values: [Double], fixed: Bool, tables: PowerTables?, to out: inout ByteBuffer) {
        out.reserve(values.count * (fixed4MaximumLength + 2) + 2 + room(event: 0, fields: 6, prefix: 0))
        var p = out.end
        if !fixed { p[0] = UInt8(ascii: "["); p += 1 }
        for (i, v) in values.enumerated() {
            if i > 0 { p[0] = UInt8(ascii: ","); p += 1 }
            p += fixed ? writeFixed4(v, to: p) : writeShortest(v, to: p, tables: tables!)
        }
        if !fixed { p[0] = UInt8(ascii: "]"); p += 1 }
        out.advance(p - out.end)
    }

    /// Whether any of the eight bytes of `word` needs an escape in a JSON string: a control
    /// character (below 0x20), `"` or `\`. (A byte below 0x20 leaves its high bit set in
    /// `word - 0x20` per byte where it was clear in `word`; a byte equal to `c` is a zero byte
    /// of `word ^ c`, found the same way. Borrows only carry from a byte that is found.)
    @inline(__always) private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let found = ((word &- ones &* 0x20) & ~word)
            | ((quotes &- ones) & ~quotes)
            | ((backslashes &- ones) & ~backslashes)
        return found & highs != 0
    }

    /// Whether a name is short and plain enough to be written as it is, in the room a field
    /// has: at most 48 bytes of letters, digits, `_`, `-` and `.`. Any other (a recognizer of a
    /// program's own may name anything) is written as a quoted, escaped text, with room made
    /// for it, so that no name can run past the room reserved for a record.
    ///
    /// `known` holds names found plain, by address and length (a static string's bytes never
    /// change), each in one of `plainNameSlots` places chosen by its address: records name a
    /// few dozen states, phases and thumbs, and each is scanned about once per writer.
    @inline(__always) private static func isPlainName(_ s: StaticString, known: UnsafeMutablePointer<UInt>) -> Bool {
        guard s.hasPointerRepresentation else { return false }
        let count = s.utf8CodeUnitCount
        guard count <= 48 else { return false }
        let bytes = s.utf8Start
        let key = UInt(bitPattern: bytes) ^ (UInt(count) << 56)
        let place = Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 59)
        if known[place] == key { return true }
        guard isPlain(bytes, count: count) else { return false }
        known[place] = key
        return true
    }

    /// The places of `plainNames` (a power of two; see `isPlainName`).
    private static let plainNameSlots = 32

    /// Whether `count` bytes are all letters, digits, `_`, `-` and `.`.
    private static func isPlain(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        for i in 0..<count {
            let c = bytes[i]
            let plain = (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
            if !plain { return false }
        }
        return true
    }

    /// A JSON string literal. Texts are not counted in `room(event:fields:prefix:)`: room is made here for the
    /// text and, after it, for the rest of any record, whatever the text's length.
    ///
    /// Written straight into the buffer, escaped as `appendJSONString` escapes: room for six
    /// bytes a byte (`\u001b`) and the quotes is made first. `bytes` are UTF-8 (a text's, or a
    /// name's), copied as they are but for the escapes.
    private static func writeJSONString(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) {
        out.reserve(bytes.count &* 6 &+ 2 &+ FieldList.capacity &* Self.fieldRoom &+ 16)
        var p = out.end
        p[0] = UInt8(ascii: "\"")
        p += 1
        guard let source = bytes.baseAddress else {
            p[0] = UInt8(ascii: "\"")
            out.advance(p + 1 - out.end)
            return
        }
        let n = bytes.count
        var i = 0
        while i < n {
            // Eight bytes at a time while none needs an escape (the usual text), else one.
            if i &+ 8 <= n {
                let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
                if !needsEscape(word) {
                    UnsafeMutableRawPointer(p).storeBytes(of: word, as: UInt64.self)
                    p += 8
                    i &+= 8
                    continue
                }
            }
            let b = source[i]
            i &+= 1
            if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") {
                p[0] = b
                p += 1
                continue
            }
            p[0] = UInt8(ascii: "\\")
            switch b {
            case 0x0A: p[1] = UInt8(ascii: "n")
            case 0x0D: p[1] = UInt8(ascii: "r")
            case 0x09: p[1] = UInt8(ascii: "t")
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                p[1] = UInt8(ascii: "u")
                p[2] = UInt8(ascii: "0")
                p[3] = UInt8(ascii: "0")
                p[4] = hex.utf8Start[Int(b >> 4)]
                p[5] = hex.utf8Start[Int(b & 15)]
                p += 4
            default: p[1] = b
            }
            p += 2
        }
        p[0] = UInt8(ascii: "\"")
        out.advance(p + 1 - out.end)
    }
}

/// Writes a signed integer in decimal at `out`; returns the length (at most 20).
@inline(__always) func writeInteger(_ n: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
    if n < 0 {
        out[0] = UInt8(ascii: "-")
        return 1 + writeDecimal(n.magnitude, to: out + 1)
    }
    return writeDecimal(UInt64(n), to: out)
}

// MARK: Another transcript through the same writer

extension TranscriptWriter {
    /// Starts a new transcript, of a trace of `version`, on the same output for the same
    /// sources, as a new writer would: what is buffered is dropped (call `finish` first to keep
    /// it), a write failure forgotten, and the buffer kept. `verify` writes thousands of short
    /// transcripts: allocating a buffer for each costs more than writing it.
    func restart(version: Int) {
        var fresh = State(buffer: state.pointee.buffer)
        fresh.buffer.removeAll()
        if format == .text {
            let header = version == 1 || version == 2 ? Self.textHeaderLines[version - 1] : Array((TranscriptFormat.textHeader(version: version) + "\n").utf8)
            fresh.buffer.append(header)
        }
        state.pointee = fresh
        failure = nil
    }

    /// The text header's line of versions 1 and 2, made once.
    private static let textHeaderLines = [1, 2].map { Array((TranscriptFormat.textHeader(version: $0) + "\n").utf8) }
}
