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
    private let storage: SourceBytes

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.storage = bytes.withUnsafeBufferPointer { SourceBytes(copying: $0) }
    }

    /// A file whose bytes are copied from `bytes` (memory its reader keeps for the next file).
    init(path: String, copying bytes: UnsafeBufferPointer<UInt8>) {
        self.path = path
        self.storage = SourceBytes(copying: bytes)
    }

    /// A file whose bytes are copied from `bytes` into the memory of `spare` when no file holds
    /// it any more and it is large enough, else into new memory that becomes the spare: for a
    /// reader of file after file, each let go before the next is read (a verify worker's
    /// traces), which then allocates and frees nothing per file.
    init(path: String, copying bytes: UnsafeBufferPointer<UInt8>, reusing spare: inout SpareSourceMemory) {
        self.path = path
        if isKnownUniquelyReferenced(&spare.storage), let storage = spare.storage, storage.refill(from: bytes) {
            self.storage = storage
        } else {
            let made = SourceBytes(copying: bytes, capacity: max(bytes.count, SpareSourceMemory.leastCapacity))
            spare.storage = made
            self.storage = made
        }
    }

    private init(path: String, storage: SourceBytes) {
        self.path = path
        self.storage = storage
    }

    /// The number of bytes.
    public var count: Int { storage.buffer.count }

    /// Calls `body` with the bytes, which stay valid until it returns.
    public func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        defer { withExtendedLifetime(storage) {} }
        return try body(storage.buffer)
    }

    /// Calls `body` with the bytes as a span (safe to read, and unable to outlive the call).
    func withSpan<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
        try withBytes { (bytes) throws(E) -> R in try body(bytes.span) }
    }

    /// Lets go of the memory behind the bytes in `range`, which stay readable: the pages of a
    /// mapped file that lie wholly inside it leave this process's resident memory and are read
    /// again from the page cache if touched again; bytes read into memory stay where they are.
    /// Readers call it behind them (see `PageRelease`), so that reading a mapped file of any
    /// size holds only a window of it in memory.
    func releasePages(_ range: Range<Int>) {
        storage.releasePages(range)
    }

    /// Copies the bytes in `range` to the start of `array` (which holds at least as many).
    func copyBytes(_ range: Range<Int>, into array: inout [UInt8]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count && range.count <= array.count)
        withBytes { bytes in
            array.withUnsafeMutableBufferPointer { into in
                _ = into.initialize(from: UnsafeBufferPointer(rebasing: bytes[range]))
            }
        }
    }

    /// A copy of the bytes (for small files: expected transcripts).
    public var bytes: [UInt8] { withBytes { Array($0) } }

    /// Files from this size on are mapped rather than read: copying a large file into fresh
    /// memory costs a page fault per page, several times the cost of reading it from a mapping.
    static let mappingThreshold = 1 << 20

    /// The path that names standard input in messages (`touchtrace replay -`).
    public static let standardInputPath = "<stdin>"

    /// Reads a whole file with POSIX calls (no Foundation on the hot path: it costs about twice
    /// as much per small file), mapping a large regular file. `-` reads standard input, and a
    /// pipe or FIFO given by its path (`/dev/stdin` in a pipeline, `<(...)`, a named pipe) is
    /// read as a stream the same way, waiting for a writer as `cat` does (see `readStream`).
    /// Directories, unreadable paths, empty and binary files are errors at `path:1:1`, and so is
    /// anything else that is not a regular file (a socket, a device): it is opened without
    /// blocking and never read. (Fixture searches never open what is not a regular file, so a
    /// FIFO named like a fixture does not make `verify` wait.)
    ///
    /// A mapped file is read where it lies in the page cache; a file truncated by another
    /// program while it is being read would fault, as with any tool that maps its input.
    public static func read(path: String) throws(TraceError) -> SourceFile {
        if path == "-" { return try readStandardInput() }
        var named = stat()
        if stat(path, &named) == 0, (named.st_mode & S_IFMT) == S_IFIFO {
            // A FIFO is opened without O_NONBLOCK: the open waits for a writer, where a read
            // after a non-blocking open would find the end at once if no writer had come yet.
            // Close-on-exec: a program started meanwhile must not hold it open (a later writer
            // would meet that program instead of the next reader).
            // (A signal may interrupt the wait: the open is made again.)
            var stream: Int32
            repeat { stream = open(path, O_RDONLY | O_CLOEXEC) } while stream < 0 && errno == EINTR
            if stream < 0 {
                throw TraceError(path: path, line: 1, column: 1, message: "cannot read: \(describeErrno(errno))")
            }
            defer { close(stream) }
            var info = stat()
            if fstat(stream, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO {
                return try readStream(stream, path: path)
            }
            // Replaced since: read below as what it is now.
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK)
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
        if (info.st_mode & S_IFMT) != S_IFREG {
            throw TraceError(path: path, line: 1, column: 1,
                             message: "is \(fileKindDescription(info.st_mode)), not a regular file; touchtrace reads files and pipes (or standard input, given as -)")
        }
        // O_NONBLOCK changes nothing for a regular file: reads of it never wait.
        let size = Int(info.st_size)
        if size >= mappingThreshold,
           let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED {
            return SourceFile(path: path, storage: SourceBytes(mapped: UnsafeRawPointer(mapped), count: size))
        }
        return try readToEnd(fd, path: path, sizeHint: size)
    }

    /// Whether `path` names a stream that `read(path:)` reads as one (`-`, or a pipe or FIFO
    /// such as `/dev/stdin` in a pipeline): its bytes can be read only once, so a caller that
    /// would look at a file before reading it (to tell a scene from a trace) must not.
    public static func isStream(path: String) -> Bool {
        if path == "-" { return true }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }

    /// Reads standard input to its end; messages name it `<stdin>`.
    public static func readStandardInput() throws(TraceError) -> SourceFile {
        var info = stat()
        if fstat(0, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size >= mappingThreshold,
           lseek(0, 0, SEEK_CUR) == 0,
           let mapped = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, 0, 0), mapped != MAP_FAILED {
            // `< big.trace.json`: a file, mapped as by its path.
            return SourceFile(path: standardInputPath, storage: SourceBytes(mapped: UnsafeRawPointer(mapped), count: Int(info.st_size)))
        }
        return try readStream(0, path: standardInputPath)
    }

    /// Reads a stream (a pipe, a FIFO, a terminal) to its end. What fits in
    /// `mappingThreshold` bytes is kept in memory; a larger stream is copied, a bounded buffer
    /// at a time, into an unnamed temporary file (created in `$TMPDIR`, else `/tmp`, and
    /// unlinked at once, so nothing is left behind however the program ends), which is then
    /// mapped and read exactly as a large file given by its path: the same two passes (checked
    /// whole before anything is replayed, so a bad trace still gives no output), keys in any
    /// order, the same messages, and memory that stays flat whatever the stream's size. The
    /// stream's bytes are on disk meanwhile: a stream needs that much free space there. Where
    /// no temporary file can be made, the stream is read into memory as a whole.
    static func readStream(_ fd: Int32, path: String) throws(TraceError) -> SourceFile {
        let chunk = mappingThreshold
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: chunk)
        var filled = 0
        // The first `chunk` bytes, or the whole stream if it is shorter.
        while filled < chunk {
            let n = try readSome(fd, memory + filled, chunk - filled, path: path, freeing: memory)
            if n == 0 { return SourceFile(path: path, storage: SourceBytes(allocated: memory, count: filled)) }
            filled += n
        }
        guard let spool = makeSpoolFile() else {
            // No temporary file: memory, as for a short stream.
            let whole = UnsafeBufferPointer(start: memory, count: filled)
            defer { memory.deallocate() }
            return try readToEnd(fd, path: path, sizeHint: filled * 2, startingWith: whole)
        }
        defer { close(spool.fd); memory.deallocate() }
        var total = 0
        while true {
            if filled > 0 {
                var written = 0
                while written < filled {
                    let n = write(spool.fd, memory + written, filled - written)
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 {
                        let failure = n < 0 ? describeErrno(errno) : "nothing written"
                        throw TraceError(path: path, line: 1, column: 1,
                                         message: "cannot read: a stream is kept in a temporary file in \(spool.folder) while it is read, and writing it failed: \(failure)")
                    }
                    written += n
                }
                total += filled
                filled = 0
            }
            let n = try readSome(fd, memory, chunk, path: path, freeing: nil)
            if n == 0 { break }
            filled = n
        }
        guard let mapped = mmap(nil, total, PROT_READ, MAP_PRIVATE, spool.fd, 0), mapped != MAP_FAILED else {
            throw TraceError(path: path, line: 1, column: 1, message: "cannot read: the temporary copy of the stream in \(spool.folder) could not be mapped: \(describeErrno(errno))")
        }
        return SourceFile(path: path, storage: SourceBytes(mapped: UnsafeRawPointer(mapped), count: total))
    }

    /// One `read` of up to `count` bytes (0 at the end), retried when interrupted; frees
    /// `freeing` before throwing.
    private static func readSome(_ fd: Int32, _ into: UnsafeMutablePointer<UInt8>, _ count: Int, path: String,
                                 freeing: UnsafeMutablePointer<UInt8>?) throws(TraceError) -> Int {
        while true {
            let n = Glue.read(fd, into, count)
            if n >= 0 { return n }
            if errno == EINTR { continue }
            let failure = errno
            freeing?.deallocate()
            throw TraceError(path: path, line: 1, column: 1, message: "cannot read: \(describeErrno(failure))")
        }
    }

    /// A new temporary file, already unlinked, and the folder it is in; nil if none can be made.
    private static func makeSpoolFile() -> (fd: Int32, folder: String)? {
        var folder = "/tmp"
        if let value = getenv("TMPDIR") {
            let text = String(cString: value)
            if !text.isEmpty { folder = text }
        }
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        var template = Array((folder + "/touchtrace-stream-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return (fd, folder)
    }

    /// Reads `fd` until the end of file.
    private static func readToEnd(_ fd: Int32, path: String, sizeHint size: Int,
                                  startingWith start: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)) throws(TraceError) -> SourceFile {
        // Small files, streams that cannot be kept in a temporary file, and files that could not
        // be mapped: read until the end (a regular file may have grown since fstat).
        var capacity = max(size + 1, start.count + 1, 16_384)
        var memory = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        if let base = start.baseAddress { memory.initialize(from: base, count: start.count) }
        var filled = start.count
        while true {
            if filled == capacity {
                capacity *= 2
                let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
                bigger.update(from: memory, count: filled)
                memory.deallocate()
                memory = bigger
            }
            let n = Glue.read(fd, memory + filled, capacity - filled)
            if n < 0 {
                if errno == EINTR { continue }
                let failure = errno
                memory.deallocate()
                throw TraceError(path: path, line: 1, column: 1, message: "cannot read: \(describeErrno(failure))")
            }
            if n == 0 { break }
            filled += n
        }
        return SourceFile(path: path, storage: SourceBytes(allocated: memory, count: filled))
    }

    /// The 1-based line and column of a byte offset; columns count characters (UTF-8 scalars),
    /// as editors do.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        withBytes { b in
            let end = min(max(offset, 0), b.count)
            // The line feeds before the offset (`lineFeeds`), a window at a time, and the column
            // counted from the last line start.
            var line = 1
            var lineStart = 0
            // A mapped file's pages go again once counted (the file may be far larger than memory).
            var pages = PageRelease(from: 0)
            var from = 0
            while from < end {
                let to = min(from + PageRelease.window, end)
                let found = lineFeeds(in: b, from..<to)
                line += found.count
                if let start = found.lastLineStart { lineStart = start }
                from = to
                pages.reached(min(from, lineStart), in: self)
            }
            pages.finish(at: lineStart, in: self)
            return (line, 1 + characterCount(b, lineStart..<end))
        }
    }

    /// An error at a byte offset of this file.
    public func error(at offset: Int, _ message: String) -> TraceError {
        let (line, column) = location(of: offset)
        return TraceError(path: path, line: line, column: column, message: message)
    }
}

/// Memory that held the bytes of a file read before, kept by its reader for the next file
/// (see `SourceFile.init(path:copying:reusing:)`).
struct SpareSourceMemory {
    fileprivate var storage: SourceBytes?

    /// The least memory made for a spare: most fixture traces fit.
    fileprivate static let leastCapacity = 1 << 14

    init() {}
}

/// Memory holding a file's bytes, never written while a file holds it: mapped from the file,
/// or allocated (and then filled again only by `refill`, when no file holds it).
private final class SourceBytes: @unchecked Sendable {
    private(set) var buffer: UnsafeBufferPointer<UInt8>
    private let isMapped: Bool
    /// The bytes allocated (for memory that was not mapped).
    private let capacity: Int

    init(copying bytes: UnsafeBufferPointer<UInt8>, capacity: Int = 0) {
        self.capacity = max(bytes.count, capacity, 1)
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
        if let start = bytes.baseAddress { memory.initialize(from: start, count: bytes.count) }
        buffer = UnsafeBufferPointer(start: memory, count: bytes.count)
        isMapped = false
    }

    /// Takes over memory from `allocate`.
    init(allocated memory: UnsafeMutablePointer<UInt8>, count: Int) {
        buffer = UnsafeBufferPointer(start: memory, count: count)
        isMapped = false
        capacity = count
    }

    init(mapped: UnsafeRawPointer, count: Int) {
        buffer = UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: count)
        isMapped = true
        capacity = 0
    }

    /// Holds `bytes` from now on, in the same memory, if they fit; false (and unchanged) if
    /// not. Only for memory that no file holds.
    func refill(from bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !isMapped, bytes.count <= capacity, let memory = buffer.baseAddress else { return false }
        if let start = bytes.baseAddress { UnsafeMutablePointer(mutating: memory).update(from: start, count: bytes.count) }
        buffer = UnsafeBufferPointer(start: memory, count: bytes.count)
        return true
    }

    /// Drops the mapped pages wholly inside `range` from resident memory. The mapping is
    /// private and never written, so a dropped page holds nothing of its own: touched again, it
    /// is filled again from the file.
    func releasePages(_ range: Range<Int>) {
        guard isMapped, let base = buffer.baseAddress else { return }
        let page = SourceBytes.pageSize
        // The mapping starts on a page boundary: offsets round to pages as addresses do.
        let start = (max(range.lowerBound, 0) + page - 1) / page * page
        let end = min(range.upperBound, buffer.count) / page * page
        guard start < end else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, Int32(MADV_DONTNEED))
    }

    /// Bytes in a memory page.
    static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress!), buffer.count)
        } else {
            UnsafeMutablePointer(mutating: buffer.baseAddress!).deallocate()
        }
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
    /// Reads up to `count` bytes from `fd` into the start of `bytes` (which holds at least
    /// `count`), retrying when a signal interrupts the read: the count, 0 at the end, below 0
    /// on a failed read (with `errno` set).
    static func read(_ fd: Int32, into bytes: inout [UInt8], count: Int) -> Int {
        precondition(count <= bytes.count)
        var n = 0
        repeat {
            n = bytes.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress!, count) }
        } while n < 0 && errno == EINTR
        return n
    }

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

/// What kind of file a `st_mode` describes, for messages: "a FIFO", "a socket", ...
public func fileKindDescription(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFLNK: return "a symbolic link"
    case S_IFREG: return "a regular file"
    default: return "not a regular file"
    }
}

/// Releases a mapped file's pages behind a reader that moves forward through it, a window at a
/// time: however large the file, only about `window` bytes of it stay in memory per reader.
struct PageRelease {
    /// Bytes read between two releases: large enough that the system calls cost nothing next
    /// to the reading, small enough to keep memory flat.
    static let window = 4 << 20
    /// Bytes before this offset have been released (from where the reader started).
    private var released: Int
    /// The offset from which the next release is due.
    private(set) var due: Int

    init(from offset: Int) {
        released = offset
        due = offset + Self.window
    }

    /// Called as the reader reaches `offset`: releases what lies behind it once a window has
    /// been read since the last release.
    @inline(__always) mutating func reached(_ offset: Int, in source: SourceFile) {
        if offset >= due { release(upTo: offset, in: source) }
    }

    /// Called when the reader is done at `offset`: releases everything it read.
    mutating func finish(at offset: Int, in source: SourceFile) {
        release(upTo: offset, in: source)
    }

    @inline(never) private mutating func release(upTo offset: Int, in source: SourceFile) {
        guard offset > released else { return }
        source.releasePages(released..<offset)
        // Page rounding keeps a partly read page; the next release starts at its boundary.
        released = offset / SourceBytes.pageSize * SourceBytes.pageSize
        due = offset + Self.window
    }
}

/// The line and column at every `stride`-th byte of a file, built once when the first messages
/// of a file need line numbers, so that many messages in a large file cost a short scan each,
/// not a scan from the start. It holds a few bytes per 64 KiB (never an entry per line: a 1 GB
/// trace has millions of lines), and lets the pages of a mapped file go as it passes them.
struct LineIndex {
    /// Bytes between two marks.
    let stride: Int
    /// The 1-based line and column at offset `k * stride`, for every mark `k`.
    private var lines: [Int] = []
    private var columns: [Int] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, stride: Int = 1 << 16, releasingPagesOf source: SourceFile? = nil) {
        self.stride = stride
        var line = 1
        var column = 1
        var from = 0
        var pages = PageRelease(from: 0)
        while true {
            lines.append(line)
            columns.append(column)
            if from >= bytes.count { break }
            let to = min(from + stride, bytes.count)
            (line, column) = LineIndex.advance(line, column, over: from..<to, in: bytes)
            from = to
            if let source { pages.reached(from, in: source) }
        }
        if let source { pages.finish(at: from, in: source) }
    }

    /// The line and column after reading `range` from `line`, `column`: line feeds counted by
    /// `lineFeeds`, columns as characters (UTF-8 scalars).
    private static func advance(_ line: Int, _ column: Int, over range: Range<Int>,
                                in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        guard !range.isEmpty else { return (line, column) }
        let found = lineFeeds(in: bytes, range)
        guard let lineStart = found.lastLineStart else {
            return (line, column + characterCount(bytes, range))
        }
        return (line + found.count, 1 + characterCount(bytes, lineStart..<range.upperBound))
    }

    func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), bytes.count)
        let mark = min(offset / stride, lines.count - 1)
        return LineIndex.advance(lines[mark], columns[mark], over: mark * stride..<offset, in: bytes)
    }
}

/// The characters (UTF-8 scalars: the bytes that do not continue one) in `range` of `bytes`,
/// counted sixteen bytes at a time (`byteCount`): a message in a long line (a minified trace is
/// one line) is placed with a count of its whole line before it.
func characterCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    // A byte continues a scalar when its top bits are 10.
    range.count - byteCount(in: bytes, range, masked: 0xC0, equalTo: 0x80)
}

/// The bytes `b` in `range` of `bytes` with `b & mask == value`, sixteen compared at a time.
func byteCount(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, masked mask: UInt8, equalTo value: UInt8) -> Int {
    guard let base = bytes.baseAddress, !range.isEmpty else { return 0 }
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "byteCount: range outside the bytes")
    let masks = SIMD16<UInt8>(repeating: mask)
    let values = SIMD16<UInt8>(repeating: value)
    let end = range.upperBound
    var count = 0
    var i = range.lowerBound
    while i + 16 <= end {
        // Each lane of the tally counts the bytes found in it, up to 255 blocks before it could
        // overflow; then the tally is added up in sixteen-bit lanes. In bounds: the block ends
        // within the range.
        var tally = SIMD16<UInt8>()
        for _ in 0..<min((end - i) / 16, 255) {
            let block = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
            tally &+= SIMD16<UInt8>().replacing(with: 1, where: block & masks .== values)
            i += 16
        }
        count += Int(SIMD16<UInt16>(truncatingIfNeeded: tally).wrappedSum())
    }
    while i < end {
        if base[i] & mask == value { count += 1 }
        i += 1
    }
    return count
}

/// The line ends (`\n`) in `bytes` from `start` on (`lineFeeds`).
func newlineCount(in bytes: [UInt8], from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { b in
        let start = max(start, 0)
        return start < b.count ? lineFeeds(in: b, start..<b.count).count : 0
    }
}

/// The line feeds in `range` of `bytes`, and the offset just after the last of them (nil when
/// there is none), sixteen bytes compared at a time. (The C library's memchr, called once a line,
/// spends more on each call than on the bytes when lines are short: a pretty-printed trace's
/// are about 16 bytes, and counting 20 MB of them took 7.9 ms that way, 1.6 ms this way.)
func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (count: Int, lastLineStart: Int?) {
    let count = byteCount(in: bytes, range, masked: 0xFF, equalTo: 0x0A)
    guard count > 0, let base = bytes.baseAddress else { return (0, nil) }
    let feed = SIMD16<UInt8>(repeating: 0x0A)
    let end = range.upperBound
    // The last feed, looked for from the end back, sixteen bytes at a time (in bounds: each block
    // starts at or after the range's start), then a byte at a time in the block that holds it.
    var j = end
    while j - 16 >= range.lowerBound,
          !any(UnsafeRawPointer(base + j - 16).loadUnaligned(as: SIMD16<UInt8>.self) .== feed) {
        j -= 16
    }
    while j > range.lowerBound {
        j -= 1
        if base[j] == 0x0A { return (count, j + 1) }
    }
    // Unreachable: a feed was counted in the range.
    return (count, nil)
}

extension Span where Element == UInt8 {
    /// Whether these bytes are exactly `bytes` (compared a word at a time, not a byte).
    func holdsExactly(_ bytes: [UInt8]) -> Bool {
        guard count == bytes.count else { return false }
        return withUnsafeBufferPointer { stored in
            bytes.withUnsafeBufferPointer { memory in
                // Both hold `count` bytes (checked above); an empty pair has no addresses.
                guard let a = stored.baseAddress, let b = memory.baseAddress else { return true }
                return memcmp(a, b, memory.count) == 0
            }
        }
    }
}

extension Array where Element == UInt8 {
    /// A copy of the bytes of `span`.
    init(copying span: Span<UInt8>) {
        self = span.withUnsafeBufferPointer { Array($0) }
    }
}
