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

    /// The first line of a text transcript: the format and its version.
    public static let textHeader = "# touchtrace transcript v1"
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
                throw OutputError(message: "cannot write: \(describeErrno(errno))")
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
    public var description: String { message }
}

/// Writes records as a transcript, buffered: records stream out as they are made and are never
/// all held.
public final class TranscriptWriter: RecordSink {
    public let format: TranscriptFormat
    private let output: ByteOutput
    private var buffer: [UInt8] = []
    /// Each source's prefix, rendered once: `screen.pan ` or `"view":"screen","source":"pan",`.
    private let prefixes: [[UInt8]]
    /// The first failure to write; later writes are dropped and `finish` throws it.
    private var failure: Error?
    private static let flushThreshold = 1 << 16

    public init(format: TranscriptFormat, sources: [SourceName], output: ByteOutput) {
        self.format = format
        self.output = output
        buffer.reserveCapacity(Self.flushThreshold + 4096)
        switch format {
        case .text:
            prefixes = sources.map { Array(" \($0.view).\($0.name) ".utf8) }
            buffer.append(contentsOf: Array(TranscriptFormat.textHeader.utf8))
            buffer.append(0x0A)
        case .jsonl:
            prefixes = sources.map { source in
                var bytes = Array(",\"view\":".utf8)
                appendJSONString(source.view, to: &bytes)
                bytes.append(contentsOf: Array(",\"source\":".utf8))
                appendJSONString(source.name, to: &bytes)
                bytes.append(contentsOf: Array(",\"event\":\"".utf8))
                return bytes
            }
        }
    }

    public func write(_ record: Record) {
        switch format {
        case .text: writeText(record)
        case .jsonl: writeJSON(record)
        }
        if buffer.count >= Self.flushThreshold { flush() }
    }

    /// Writes what is buffered; throws if any write failed.
    public func finish() throws {
        flush()
        if let failure { throw failure }
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        if failure == nil {
            do {
                try buffer.withUnsafeBytes { try output.write($0) }
            } catch {
                failure = error
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeText(_ record: Record) {
        appendFixed4(record.t, to: &buffer)
        buffer.append(contentsOf: prefixes[record.source])
        appendStatic(record.event, to: &buffer)
        for field in record.fields {
            buffer.append(0x20)
            appendStatic(field.key, to: &buffer)
            buffer.append(UInt8(ascii: "="))
            switch field.value {
            case .number(let v): appendFixed4(v, to: &buffer)
            case .point(let p):
                appendFixed4(p.x, to: &buffer)
                buffer.append(UInt8(ascii: ","))
                appendFixed4(p.y, to: &buffer)
            case .integer(let n): appendDecimal(n, to: &buffer)
            case .name(let s): appendStatic(s, to: &buffer)
            case .text(let s): appendJSONString(s, to: &buffer)
            case .touch(let id): appendTouchID(id, to: &buffer)
            }
        }
        buffer.append(0x0A)
    }

    private func writeJSON(_ record: Record) {
        buffer.append(contentsOf: Array("{\"t\":".utf8))
        appendShortest(record.t, to: &buffer)
        buffer.append(contentsOf: prefixes[record.source])
        appendStatic(record.event, to: &buffer)
        buffer.append(UInt8(ascii: "\""))
        for field in record.fields {
            buffer.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\"")])
            appendStatic(field.key, to: &buffer)
            buffer.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
            switch field.value {
            case .number(let v): appendShortest(v, to: &buffer)
            case .point(let p):
                buffer.append(UInt8(ascii: "["))
                appendShortest(p.x, to: &buffer)
                buffer.append(UInt8(ascii: ","))
                appendShortest(p.y, to: &buffer)
                buffer.append(UInt8(ascii: "]"))
            case .integer(let n): appendDecimal(n, to: &buffer)
            case .name(let s):
                buffer.append(UInt8(ascii: "\""))
                appendStatic(s, to: &buffer)
                buffer.append(UInt8(ascii: "\""))
            case .text(let s): appendJSONString(s, to: &buffer)
            case .touch(let id): appendTouchID(id, to: &buffer)
            }
        }
        buffer.append(contentsOf: [UInt8(ascii: "}"), 0x0A])
    }
}

@inline(__always) func appendStatic(_ s: StaticString, to out: inout [UInt8]) {
    out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
}

func appendTouchID(_ id: TouchID, to out: inout [UInt8]) {
    switch id {
    case .number(let n): appendDecimal(Int(n), to: &out)
    case .text(let s): appendJSONString(s, to: &out)
    }
}

/// Appends a string as a JSON string literal: quotes, and escapes for `"`, `\` and control
/// characters.
public func appendJSONString(_ s: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for b in s.utf8 {
        switch b {
        case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(b >> 4)], hex[Int(b & 15)]])
        default: out.append(b)
        }
    }
    out.append(UInt8(ascii: "\""))
}

/// Appends a double in the shortest form that reads back to the same value (`0.1`, `12.0`,
/// `1e-05`), as Swift's `description` and Python's `repr` print it. Non-finite values, which
/// JSON cannot hold, are written as `null`.
@inline(__always) public func appendShortest(_ v: Double, to out: inout [UInt8]) {
    guard v.isFinite else {
        out.append(contentsOf: Array("null".utf8))
        return
    }
    if v == v.rounded(.towardZero) && abs(v) < 1e15 {
        // Whole numbers are common (coordinates, diameters): print them without the general
        // algorithm.
        if v.sign == .minus { out.append(UInt8(ascii: "-")) }
        appendDecimal(UInt64(abs(v)), to: &out)
        out.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "0")])
        return
    }
    out.append(contentsOf: v.description.utf8)
}
