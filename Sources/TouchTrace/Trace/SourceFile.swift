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
        // Pipes, and files that grew since fstat: read on until the end (for a regular file of
        // the size fstat gave, one read of nothing).
        let failure: Int32? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16_384) { chunk in
            while true {
                let n = Glue.read(fd, chunk.baseAddress!, chunk.count)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if n == 0 { return nil }
                bytes.append(contentsOf: chunk[0..<n])
            }
        }
        if let failure {
            throw TraceError(path: path, line: 1, column: 1, message: "cannot read: \(describeErrno(failure))")
        }
        return SourceFile(path: path, bytes: bytes)
    }

    /// The 1-based line and column of a byte offset; columns count characters (UTF-8 scalars),
    /// as editors do.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return (1, 1) }
            let end = min(max(offset, 0), b.count)
            // Lines: from newline to newline with memchr (the C library's, which is vectorized);
            // the column counted from the last line start.
            var line = 1
            var lineStart = 0
            while lineStart < end, let found = memchr(base + lineStart, 0x0A, end - lineStart) {
                line += 1
                lineStart = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
            }
            var column = 1
            for i in lineStart..<end where b[i] & 0xC0 != 0x80 { column += 1 }
            return (line, column)
        }
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
