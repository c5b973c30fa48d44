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
    /// Bytes not yet written to `output`. Each record is formatted into a local copy of it and
    /// stored back once, so that formatting touches no class property per byte.
    private var buffer: ByteBuffer
    /// Each source's prefix, rendered once: ` screen.pan ` or `,"view":"screen","source":"pan","event":"`.
    private let prefixes: [[UInt8]]
    /// The first failure to write; later writes are dropped and `finish` throws it.
    private var failure: Error?
    private static let flushThreshold = 1 << 16

    public init(format: TranscriptFormat, sources: [SourceName], output: ByteOutput) {
        self.format = format
        self.output = output
        buffer = ByteBuffer(capacity: Self.flushThreshold + 4096)
        switch format {
        case .text:
            prefixes = sources.map { Array(" \($0.view).\($0.name) ".utf8) }
            buffer.append(Array(TranscriptFormat.textHeader.utf8))
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

    deinit { buffer.deallocate() }

    public func write(_ record: Record) {
        var out = buffer
        switch format {
        case .text: Self.writeText(record, prefix: prefixes[record.source], to: &out)
        case .jsonl: Self.writeJSON(record, prefix: prefixes[record.source], to: &out)
        }
        buffer = out
        if out.count >= Self.flushThreshold { flush() }
    }

    /// Writes what is buffered; throws if any write failed.
    public func finish() throws {
        flush()
        if let failure { throw failure }
    }

    private func flush() {
        guard buffer.count > 0 else { return }
        if failure == nil {
            do {
                try output.write(buffer.bytes)
            } catch {
                failure = error
            }
        }
        buffer.removeAll()
    }

    /// Room for one field's value other than text: a number, a point, an integer.
    private static let valueRoom = 2 * fixed4MaximumLength + 4

    private static func writeText(_ record: Record, prefix: [UInt8], to out: inout ByteBuffer) {
        out.reserve(fixed4MaximumLength)
        out.advance(writeFixed4(record.t, to: out.end))
        out.append(prefix)
        out.append(record.event)
        for i in 0..<record.fields.count {
            let field = record.fields[i]
            out.reserve(1)
            out.append(0x20)
            out.append(field.key)
            out.reserve(valueRoom)
            out.append(UInt8(ascii: "="))
            switch field.value {
            case .number(let v):
                out.advance(writeFixed4(v, to: out.end))
            case .point(let p):
                out.advance(writeFixed4(p.x, to: out.end))
                out.append(UInt8(ascii: ","))
                out.advance(writeFixed4(p.y, to: out.end))
            case .integer(let n):
                out.advance(writeInteger(Int64(n), to: out.end))
            case .name(let s):
                out.append(s)
            case .text, .touchText:
                out.append(jsonString(record.text ?? ""))
            case .touch(let id):
                out.advance(writeInteger(id, to: out.end))
            }
        }
        out.reserve(1)
        out.append(0x0A)
    }

    private static func writeJSON(_ record: Record, prefix: [UInt8], to out: inout ByteBuffer) {
        out.append("{\"t\":")
        out.reserve(32)
        out.advance(writeShortest(record.t, to: out.end))
        out.append(prefix)
        out.append(record.event)
        out.reserve(1)
        out.append(UInt8(ascii: "\""))
        for i in 0..<record.fields.count {
            let field = record.fields[i]
            out.append(",\"")
            out.append(field.key)
            out.append("\":")
            out.reserve(64)
            switch field.value {
            case .number(let v):
                out.advance(writeShortest(v, to: out.end))
            case .point(let p):
                out.append(UInt8(ascii: "["))
                out.advance(writeShortest(p.x, to: out.end))
                out.append(UInt8(ascii: ","))
                out.advance(writeShortest(p.y, to: out.end))
                out.append(UInt8(ascii: "]"))
            case .integer(let n):
                out.advance(writeInteger(Int64(n), to: out.end))
            case .name(let s):
                out.append(UInt8(ascii: "\""))
                out.append(s)
                out.reserve(1)
                out.append(UInt8(ascii: "\""))
            case .text, .touchText:
                out.append(jsonString(record.text ?? ""))
            case .touch(let id):
                out.advance(writeInteger(id, to: out.end))
            }
        }
        out.append("}\n")
    }

    private static func jsonString(_ s: String) -> [UInt8] {
        var bytes: [UInt8] = []
        appendJSONString(s, to: &bytes)
        return bytes
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

/// Writes a double in the shortest form that reads back to the same value (`0.1`, `12.0`,
/// `1e-05`), as Swift's `description` and Python's `repr` print it; returns the length (at most
/// 24). Non-finite values, which JSON cannot hold, are written as `null`.
@inline(__always) func writeShortest(_ v: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
    guard v.isFinite else {
        for (i, b) in "null".utf8.enumerated() { out[i] = b }
        return 4
    }
    return ShortestDouble.write(v, to: out)
}

/// Appends a double in the shortest form that reads back to the same value.
public func appendShortest(_ v: Double, to out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
        let n = writeShortest(v, to: buffer.baseAddress!)
        out.append(contentsOf: buffer[0..<n])
    }
}
