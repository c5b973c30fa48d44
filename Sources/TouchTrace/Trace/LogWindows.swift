#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a regular file front to back in windows of whole lines, so that a log of any size is
/// read in a memory of about two windows (`touchtrace import`).
///
/// Each window holds the lines that end in it (a line longer than a window makes that window
/// longer), with the byte offset of its first byte and the number of its first line. A UTF-8
/// byte order mark at the start is dropped: offsets count from the byte after it, as
/// `LogText` does for a file read whole.
struct LogWindowReader: ~Copyable {
    /// One window: lines `firstLine`, … of the file, bytes `base ..< base + bytes.count`.
    struct Window {
        var bytes: [UInt8]
        var base: Int
        var firstLine: Int
        /// The file ends in this window (its last line may have no line end).
        var isLast: Bool
    }

    let path: String
    let windowSize: Int
    private var carry: [UInt8] = []
    /// Where each read lands before it is added to the window.
    private var chunk: [UInt8]
    private var nextBase = 0
    private var nextLine = 1
    private var atEnd = false
    private var started = false
    /// The file begins with a UTF-16 byte order mark: the caller reads it whole instead.
    private(set) var isUTF16 = false

    /// Where a log is read from: a regular file by its path (opened again for each pass), or a
    /// stream already read by `SourceFile.read(path:)` (spooled into a temporary file and
    /// mapped when large, so that a pipe is read in windows as a file is).
    enum Input {
        case path(String)
        case source(SourceFile)
    }

    private enum Reading {
        case file(Int32)
        /// The source and the offset of its next byte to read, with the pages released behind.
        case source(SourceFile, Int, PageRelease)
    }
    private var reading: Reading

    /// Opens `path` for reading; nil when it is not a regular file (standard input, a FIFO: the
    /// caller reads those with `SourceFile.read(path:)` and then in windows from
    /// `init(source:windowSize:)`), an error when it cannot be opened. A path that is not a
    /// regular file is not opened at all: a FIFO opened and closed here would meet its writer
    /// once, and the writer would then find no reader.
    init?(path: String, windowSize: Int = 1 << 20) throws(TraceError) {
        if path == "-" { return nil }
        var named = stat()
        if stat(path, &named) == 0, (named.st_mode & S_IFMT) != S_IFREG { return nil }
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        if fd < 0 {
            throw TraceError(path: path, line: 1, column: 1, message: "cannot read: \(describeErrno(errno))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return nil
        }
        self.path = path
        self.reading = .file(fd)
        self.windowSize = max(windowSize, 16)
        chunk = [UInt8](repeating: 0, count: self.windowSize)
    }

    /// Reads the bytes of `source` (a stream read by `SourceFile.read(path:)`) in windows, from
    /// its start, releasing the pages of a mapped source behind the reader.
    init(source: SourceFile, windowSize: Int = 1 << 20) {
        self.path = source.path
        self.reading = .source(source, 0, PageRelease(from: 0))
        self.windowSize = max(windowSize, 16)
        chunk = [UInt8](repeating: 0, count: self.windowSize)
    }

    /// A reader of `input` from its start; nil as for `init(path:windowSize:)`.
    init?(_ input: Input, windowSize: Int = 1 << 20) throws(TraceError) {
        switch input {
        case .path(let path): try self.init(path: path, windowSize: windowSize)
        case .source(let source): self.init(source: source, windowSize: windowSize)
        }
    }

    deinit {
        if case .file(let fd) = reading { close(fd) }
    }

    /// The next window, nil after the last.
    mutating func next() throws(TraceError) -> Window? {
        if atEnd && carry.isEmpty { return nil }
        var buffer = carry
        carry = []
        while !atEnd {
            let before = buffer.count
            let n = readChunk()
            if n < 0 {
                throw TraceError(path: path, line: nextLine, column: 1, message: "cannot read: \(describeErrno(errno))")
            }
            buffer.append(contentsOf: chunk[0..<n])
            if n == 0 {
                atEnd = true
                break
            }
            if !started {
                started = true
                if buffer.count >= 2 && ((buffer[0] == 0xFF && buffer[1] == 0xFE) || (buffer[0] == 0xFE && buffer[1] == 0xFF)) {
                    isUTF16 = true
                    return nil
                }
                if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
                    buffer.removeFirst(3)
                }
            }
            if newlineCount(in: buffer, from: max(0, before - 3)) > 0 { break }
        }
        if !atEnd, let last = Self.lastNewline(in: buffer) {
            carry = Array(buffer[(last + 1)...])
            buffer.removeSubrange((last + 1)...)
        }
        let window = Window(bytes: buffer, base: nextBase, firstLine: nextLine, isLast: atEnd)
        nextBase += buffer.count
        nextLine += newlineCount(in: buffer, from: 0)
        return window
    }

    /// Reads up to a window's bytes into `chunk`: the count, 0 at the end, below 0 on a failed
    /// read (with `errno` set).
    private mutating func readChunk() -> Int {
        let size = windowSize
        switch reading {
        case .file(let fd):
            return Glue.read(fd, into: &chunk, count: size)
        case .source(let source, let offset, var pages):
            let n = min(size, source.count - offset)
            if n > 0 { source.copyBytes(offset..<offset + n, into: &chunk) }
            pages.reached(offset + n, in: source)
            if n == 0 { pages.finish(at: offset, in: source) }
            reading = .source(source, offset + n, pages)
            return n
        }
    }

    /// The line and column (characters, as editors count them) of a byte offset of the file at
    /// `path`, read again window by window; (1, 1) when it cannot be read.
    static func location(of offset: Int, in path: String, windowSize: Int = 1 << 20) -> (line: Int, column: Int) {
        location(of: offset, in: .path(path), windowSize: windowSize)
    }

    /// The line and column of a byte offset of `input`, read again window by window; (1, 1)
    /// when it cannot be read.
    static func location(of offset: Int, in input: Input, windowSize: Int = 1 << 20) -> (line: Int, column: Int) {
        guard let reader = try? LogWindowReader(input, windowSize: windowSize) else { return (1, 1) }
        var windows = reader
        while let window = try? windows.next() {
            let end = window.base + window.bytes.count
            if offset < end || window.isLast {
                let o = min(max(offset - window.base, 0), window.bytes.count)
                var line = window.firstLine
                var lineStart = 0
                for i in 0..<o where window.bytes[i] == 0x0A {
                    line += 1
                    lineStart = i + 1
                }
                var column = 1
                for i in lineStart..<o where window.bytes[i] & 0xC0 != 0x80 { column += 1 }
                return (line, column)
            }
        }
        return (1, 1)
    }

    /// The offset of the last line end in `bytes`.
    private static func lastNewline(in bytes: [UInt8]) -> Int? {
        bytes.lastIndex(of: 0x0A)
    }
}
