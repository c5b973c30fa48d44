#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one input file and its path, for parsing and for turning byte offsets into
/// `line:column` positions in messages.
public struct SourceFile: Sendable {
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// Reads a whole file with POSIX calls (no Foundation on the hot path: it costs about twice
    /// as much per small file). Directories, unreadable paths, empty and binary files are errors
    /// at `path:1:1`.
    public static func read(path: String) throws(TraceError) -> SourceFile {
        let fd = open(path, O_RDONLY)
        if fd < 0 {
            throw TraceError(path: path, line: 1, column: 1, message: "cannot read: \(describeErrno(errno))")
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) != 0 {
            throw TraceError(path: path, line: 1, column: 1, message: "cannot read: \(describeErrno(errno))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw TraceError(path: path, line: 1, column: 1, message: "is a directory, not a trace file")
        }
        var bytes: [UInt8] = []
        let expected = Int(info.st_size)
        if (info.st_mode & S_IFMT) == S_IFREG && expected > 0 {
            bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
                var filled = 0
                while filled < expected {
                    let n = Glue.read(fd, buffer.baseAddress! + filled, expected - filled)
                    if n <= 0 { break }
                    filled += n
                }
                initialized = filled
            }
        }
        // Pipes and files that grew since fstat: read on until the end.
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glue.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw TraceError(path: path, line: 1, column: 1, message: "cannot read: \(describeErrno(errno))")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return SourceFile(path: path, bytes: bytes)
    }

    /// The 1-based line and column of a byte offset; columns count characters (UTF-8 scalars),
    /// as editors do.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var column = 1
        var i = 0
        while i < end {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return (line, column)
    }

    /// An error at a byte offset of this file.
    public func error(at offset: Int, _ message: String) -> TraceError {
        let (line, column) = location(of: offset)
        return TraceError(path: path, line: line, column: column, message: message)
    }
}

func describeErrno(_ code: Int32) -> String {
    switch code {
    case ENOENT: return "no such file or directory"
    case EACCES: return "permission denied"
    case EISDIR: return "is a directory"
    default:
        if let text = strerror(code) { return String(cString: text).lowercased() }
        return "error \(code)"
    }
}

/// Names of C functions that Swift types of the same name would shadow.
enum Glue {
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.read(fd, buffer, count)
        #elseif canImport(Glibc)
        return Glibc.read(fd, buffer, count)
        #else
        return Musl.read(fd, buffer, count)
        #endif
    }
}
