// The file system, through handles that own what they open: a folder's listing, a file read.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

#if canImport(Darwin)
private typealias DirectoryStream = UnsafeMutablePointer<DIR>
#else
private typealias DirectoryStream = OpaquePointer
#endif

/// A folder opened for listing: its entries one at a time, in the order the file system keeps
/// them (which differs between machines: callers that print names sort them). The folder is
/// closed when the listing goes away.
package final class DirectoryListing {
    private let stream: DirectoryStream

    /// Opens the folder at `path` (`"."` for an empty path); nil if it cannot be opened (it is
    /// missing, not a folder, or not readable).
    package init?(path: String) {
        guard let stream = opendir(path.isEmpty ? "." : path) else { return nil }
        self.stream = stream
    }

    deinit { closedir(stream) }

    /// The name of the next entry (`.` and `..` included), or nil after the last.
    package func nextName() -> String? {
        guard let entry = readdir(stream) else { return nil }
        // `d_name` is a fixed array of C characters ending at the first zero byte; the entry
        // stays valid until the next `readdir` on this stream, and the bytes are copied
        // into the string before then.
        return withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

/// A regular file opened for reading, closed when the handle goes away.
package final class ReadableFile {
    private let fd: Int32

    /// Opens the file at `path` for reading without waiting (`O_NONBLOCK`: opening a FIFO
    /// does not wait for a writer); nil if it cannot be opened or, once open, is not a regular
    /// file (checked on the open file, so a file swapped in between is caught).
    package init?(regularFileAt path: String) {
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// The next bytes one read gives (the first, on a file just opened): at most `count` of
    /// them, fewer near the end of the file, none at its end; nil if the read fails.
    package func firstBytes(upTo count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        // The read writes at most `buffer.count` bytes into the array's own storage.
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n >= 0 else { return nil }
        buffer.removeLast(buffer.count - n)
        return buffer
    }
}

// MARK: - The command line's files and processes

/// The environment the process was started with, each `NAME=value` entry split at its first
/// `=` (a name holds none); an entry without one is left out.
package func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    var entries = environ
    while let entry = entries.pointee {
        // Each side is made from its bytes: finding the `=` by characters would walk every
        // grapheme of long values like PATH first.
        if let eq = strchr(entry, Int32(UInt8(ascii: "="))) {
            // `eq` points into `entry`'s own bytes, at or after its start, and `eq + 1` at
            // most at its ending zero byte.
            let name = UnsafeRawBufferPointer(start: entry, count: eq - entry)
            environment[String(decoding: name, as: UTF8.self)] = String(cString: eq + 1)
        }
        // The list ends with a null entry, which stops the loop before this steps past it.
        entries += 1
    }
    return environment
}

/// A file with no name, made in `$TMPDIR` (or `/tmp`) and unlinked at once: written, then read
/// back from its start; it goes away with the handle, and with the process if that ends first.
package final class UnnamedTemporaryFile {
    private let fd: Int32

    /// Makes the file; throws an `OutputError` with the system's reason if it cannot.
    package init(prefix: String) throws {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/" + prefix + "-XXXXXX").utf8CString)
        // mkstemp writes the name it chose over the X's, within the array.
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { throw OutputError(message: String(cString: strerror(errno))) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        fd = made
    }

    deinit { close(fd) }

    /// Appends `bytes` to the file.
    package func write(_ bytes: [UInt8]) throws {
        try FileDescriptorOutput(fd: fd).write(bytes)
    }

    /// An output that appends to the file (valid while the handle lives).
    package var output: ByteOutput { FileDescriptorOutput(fd: fd) }

    /// Writes everything the file holds, from its start, to `out`. A failure to read the file
    /// throws `FileReadFailure`; what `out` throws is passed on.
    package func copyAll(to out: ByteOutput) throws {
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw FileReadFailure(reason: String(cString: strerror(errno))) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // The read writes at most `buffer.count` bytes into the array's own storage.
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadFailure(reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            // `n` is at most the buffer's count: the slice is within it.
            try buffer.withUnsafeBytes { try out.write(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
    }
}

/// A file that could not be read.
package struct FileReadFailure: Error, Sendable {
    /// The system's reason, as `strerror` gives it.
    package var reason: String
}

/// A value worked out on a thread of its own from when the handle is made; `value()` waits for
/// it. For work that can run beside the caller's (a search of folders while files are read).
package final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    // `result` is written once, on the worker's thread, before `done` is signalled, and read
    // only after `done` has been waited for: that hand-over is what the declaration above
    // stands for.
    private var result: Value?
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work` on a thread of its own.
    package init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async { [self] in
            result = work()
            done.signal()
        }
    }

    /// The work's value, once it is done (waits for it; every call gives the same value).
    package func value() -> Value {
        done.wait()
        // Left signalled for the next call.
        done.signal()
        return result!
    }
}

/// How a child process ended, and the most memory it held.
package struct ChildProcessExit: Sendable {
    /// Its exit code, or -1 if a signal ended it.
    package var status: Int32
    /// Its peak resident memory, in bytes.
    package var peakBytes: Int
}

/// A program that could not be started: the error `posix_spawn` gave.
package struct SpawnFailure: Error, Sendable {
    /// The system's error number.
    package var code: Int32
}

/// Runs a program to its end, with standard error to /dev/null and standard output to
/// /dev/null or, given `standardOutputFile`, to that file (made or emptied, mode 0644). The
/// program is a path, or with `searchingPath` a name looked for on the PATH as a shell does;
/// it gets this process's environment. Throws `SpawnFailure` if it cannot be started.
package func runChildProcess(_ program: String, _ arguments: [String], searchingPath: Bool = false,
                             standardOutputFile: String? = nil) throws(SpawnFailure) -> ChildProcessExit {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let standardOutputFile {
        posix_spawn_file_actions_addopen(&actions, 1, standardOutputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    } else {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // C copies of the words, freed when the child has started (it has its own copy by then).
    let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid = pid_t()
    let spawned = searchingPath ? posix_spawnp(&pid, program, &actions, nil, argv, environ)
        : posix_spawn(&pid, program, &actions, nil, argv, environ)
    guard spawned == 0 else { throw SpawnFailure(code: spawned) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let exited = (status & 0x7F) == 0
    #if canImport(Darwin)
    let peak = Int(usage.ru_maxrss)
    #else
    let peak = Int(usage.ru_maxrss) * 1024
    #endif
    return ChildProcessExit(status: exited ? (status >> 8) & 0xFF : -1, peakBytes: peak)
}

/// Makes a new folder with a unique name that starts with `prefix` (a path: `/tmp/name`);
/// its path, or the system's reason if it cannot be made.
package func makeUniqueDirectory(prefix: String) -> Result<String, OutputError> {
    var template = Array((prefix + "-XXXXXX").utf8CString)
    // mkdtemp writes the name it chose over the X's, within the array.
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard let made else { return .failure(OutputError(message: String(cString: strerror(errno)))) }
    return .success(String(cString: made))
}

// MARK: - Verify's reading

/// A file being written through its descriptor, whose write errors name the file's path. The
/// descriptor is opened, and closed, by the subclass that knows what the file is for.
public class PathNamedFileOutput: ByteOutput {
    /// The path of the file, as errors name it.
    public let path: String
    /// The open descriptor the bytes go to.
    let fd: Int32

    init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    /// Writes `bytes` to the file; an `OutputError` names the file's path.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        do {
            try FileDescriptorOutput(fd: fd).write(bytes)
        } catch let error as OutputError {
            throw OutputError(message: "\(path): \(error.message)", isBrokenPipe: error.isBrokenPipe)
        }
    }
}

/// What a folder's entry is, as the folder's own listing says (no `stat`).
package enum ListedKind {
    case regular, folder, link
    /// The file system does not say: ask `stat` or `lstat`.
    case unknown
    /// Anything else (a FIFO, a socket, a device).
    case other
}

/// A folder's entries, one at a time (`.` and `..` included, in the order the file system keeps
/// them), each name looked at as bytes where it lies in the entry: nothing is copied or
/// allocated for an entry unless its name or path is asked for. The folder is closed when the
/// handle goes away.
///
/// One thread uses a handle: its properties are not checked for exclusive access at run time
/// (a check costs more than looking at a name), which is safe as no method calls out to code
/// that could reach the handle while one of them is being changed.
package final class FolderEntries {
    private let stream: DirectoryStream
    /// The current entry, nil before the first `next()` and after the last.
    @exclusivity(unchecked) fileprivate var entry: UnsafeMutablePointer<dirent>?
    /// Where the current entry's name starts (in `entry`).
    @exclusivity(unchecked) fileprivate var name = UnsafeRawPointer(bitPattern: 1)!
    /// The current entry's name's length in bytes.
    @exclusivity(unchecked) package private(set) var nameLength = 0
    /// The folder's path and a slash, then room for a name: an entry's path is made here.
    private let pathBytes: UnsafeMutablePointer<UInt8>
    private let prefixCount: Int

    /// Where a `dirent`'s name starts in it, and the room it has.
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    private static let nameCapacity = MemoryLayout.size(ofValue: dirent().d_name)

    /// Opens the folder at `folder` (its entries' paths start with it and a slash; `/` stays
    /// `/`); nil, with `errno` telling why, if it cannot be opened.
    package init?(folder: String) {
        guard let stream = opendir(folder.isEmpty ? "." : folder) else { return nil }
        self.stream = stream
        let prefix = Array((folder == "/" ? "/" : folder + "/").utf8)
        prefixCount = prefix.count
        pathBytes = .allocate(capacity: prefix.count + Self.nameCapacity)
        pathBytes.initialize(from: prefix, count: prefix.count)
    }

    deinit {
        closedir(stream)
        pathBytes.deallocate()
    }

    /// Moves to the next entry; false after the last (or when the folder cannot be read further).
    package func next() -> Bool {
        guard let entry = readdir(stream) else {
            self.entry = nil
            nameLength = 0
            return false
        }
        self.entry = entry
        // The name field lies inside the entry, which stays valid until the next `readdir` on
        // this stream: `name` is only read through the methods below, before then.
        name = UnsafeRawPointer(entry) + Self.nameOffset
        // The name ends at its first zero byte, within the field.
        nameLength = memchr(name, 0, Self.nameCapacity).map { UnsafeRawPointer($0) - name } ?? Self.nameCapacity
        return true
    }

    /// Whether the current name starts with a dot (hidden, or `.` and `..`).
    package var isHidden: Bool {
        // A byte of the name is read only when the name has one.
        entry != nil && nameLength > 0 && name.load(as: UInt8.self) == UInt8(ascii: ".")
    }

    /// The current entry's kind, as the folder's listing gives it.
    package var kind: ListedKind {
        guard let entry else { return .other }
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_REG): return .regular
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .link
        case Int32(DT_UNKNOWN): return .unknown
        default: return .other
        }
    }

    /// Whether the current name ends with `suffix` (and is longer than `atLeast` bytes).
    package func nameEnds(with suffix: [UInt8], longerThan atLeast: Int = 0) -> Bool {
        let n = suffix.count
        guard entry != nil, nameLength >= n, nameLength > atLeast else { return false }
        // The last `n` bytes of the name, all within it (`nameLength >= n`).
        return memcmp(name + (nameLength - n), suffix, n) == 0
    }

    /// The current name.
    package var nameText: String {
        guard entry != nil else { return "" }
        // The name's own bytes, copied into the string before the next `readdir`.
        return String(decoding: UnsafeRawBufferPointer(start: name, count: nameLength), as: UTF8.self)
    }

    /// The current entry's path: the folder's path, a slash and the name, made in one piece.
    package var path: String {
        guard entry != nil else { return "" }
        // The buffer has room for the prefix and the longest name the field holds.
        UnsafeMutableRawPointer(pathBytes + prefixCount).copyMemory(from: name, byteCount: nameLength)
        return String(decoding: UnsafeBufferPointer(start: pathBytes, count: prefixCount + nameLength), as: UTF8.self)
    }
}

/// Names from a folder's listing (as bytes, all in one block of memory), to be looked up by
/// their bytes: hashed as they come, then put in an open-addressing table once they are all
/// in. Made for the thousands of names of a large tree, at a few dozen instructions a name:
/// nothing is allocated per name, and no name becomes a string unless asked for.
///
/// One thread uses it, through one reference: its properties are not checked for exclusive
/// access at run time (a check costs more than adding a name); no method calls out while
/// changing them.
package final class ListedNames {
    /// The names' bytes, one after another.
    @exclusivity(unchecked) private var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var byteCount = 0
    @exclusivity(unchecked) private var byteCapacity: Int
    /// Each name's hash (FNV-1a), start in `bytes` and length, in the order they were added.
    @exclusivity(unchecked) private var names: [(hash: UInt64, start: Int, length: Int)] = []
    /// After `prepareLookUps`: indices into `names`, by hash, -1 for an empty slot; at most
    /// half full, its size a power of two.
    @exclusivity(unchecked) private var table: [Int] = []

    package init() {
        byteCapacity = 4096
        bytes = .allocate(capacity: byteCapacity)
        names.reserveCapacity(256)
    }

    deinit { bytes.deallocate() }

    /// How many names were added.
    package var count: Int { names.count }

    /// Adds the current name of `entries` less its last `droppingLast` bytes (its suffix).
    package func add(_ entries: FolderEntries, droppingLast: Int) {
        guard entries.entry != nil else { return }
        let length = max(0, entries.nameLength - droppingLast)
        // The name where it lies in the entry, valid until the listing moves on.
        let name = entries.name.assumingMemoryBound(to: UInt8.self)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        // FNV-1a multiplies modulo 2^64 by definition.
        for i in 0..<length { hash = (hash ^ UInt64(name[i])) &* 0x100_0000_01b3 }
        if byteCount + length > byteCapacity {
            let larger = max(byteCapacity * 2, byteCount + length)
            let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
            memory.update(from: bytes, count: byteCount)
            bytes.deallocate()
            bytes = memory
            byteCapacity = larger
        }
        // There is room for `length` more bytes (made just above when there was not).
        (bytes + byteCount).update(from: name, count: length)
        names.append((hash, byteCount, length))
        byteCount += length
    }

    /// Makes the names ready to be looked up, once they are all in.
    package func prepareLookUps() {
        var size = 8
        while size < names.count * 2 { size *= 2 }
        table = Array(repeating: -1, count: size)
        let mask = size - 1
        for (i, name) in names.enumerated() {
            var slot = Int(truncatingIfNeeded: name.hash) & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = i
        }
    }

    /// Whether name `i` of `other` is among these (after `prepareLookUps`).
    package func contains(_ other: ListedNames, _ i: Int) -> Bool {
        let wanted = other.names[i]
        guard !table.isEmpty else { return false }
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: wanted.hash) & mask
        while table[slot] >= 0 {
            let name = names[table[slot]]
            // Both names lie within their blocks (start and length were recorded when added).
            if name.hash == wanted.hash && name.length == wanted.length
                && (name.length == 0 || memcmp(bytes + name.start, other.bytes + wanted.start, name.length) == 0) {
                return true
            }
            slot = (slot + 1) & mask
        }
        return false
    }

    /// Name `i` as a string.
    package func string(_ i: Int) -> String {
        let name = names[i]
        // Within the block: recorded when the name was added.
        return String(decoding: UnsafeBufferPointer(start: bytes + name.start, count: name.length), as: UTF8.self)
    }
}

// MARK: - Small files read in one piece

/// Reads small files (a verify worker's fixtures: traces and their expected files) with as few
/// system calls as a file allows, into memory kept from one file to the next.
///
/// A file is opened relative to its folder, whose descriptor is kept while the files asked for
/// stay in it (fixtures come folder by folder): the kernel looks up one name, not every
/// component of the path again. The folder is opened once two of its files have been opened by
/// their whole paths, so that a reader used for one fixture (a trace and its expected file)
/// makes no system call more than it needs. A file its folder's listing showed as regular (see
/// `Fixture.survey`) is read at once — open, one read, close — into a buffer larger than any
/// fixture: a regular file's short read is its end. Any other file, and a listed one that fills
/// the buffer, is asked for its kind and size (fstat) and read as before: only regular files
/// under `SourceFile.mappingThreshold`, the read asking for more than the size, so that one
/// that comes back short with exactly the size is the whole file.
///
/// On Linux, files are opened without updating their access time (`O_NOATIME`) where the
/// system allows it (the files are the user's own): reading a file written since it was last
/// read otherwise writes its inode, which costs more than reading it — a fixture tree just
/// checked out or generated is read at about two thirds of the kernel time. Where it does not
/// (`EPERM`: another user's files), the reader opens files as usual from then on.
///
/// Anything it does not read — a path it cannot open, a FIFO, a folder, a large file, a read
/// that fails, a file that grew or shrank while it was read — comes back as nil, and the
/// caller reads the path the usual way (`SourceFile.read`), which gives the same bytes and the
/// same messages as ever. Every file is opened with `O_NONBLOCK`, as the usual way opens it, so
/// that a FIFO named like a fixture file never makes it wait, even one that took the place of
/// a listed file since the listing.
final class SmallFileReader {
    /// The last file's bytes.
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The folder of the last file asked for, up to and with its last slash (empty: the
    /// current folder), and a descriptor of it: `AT_FDCWD` for the current folder, or -1 when
    /// it is not open (its files are then opened by their whole paths).
    private var folder: [UInt8] = []
    private var folderDescriptor: Int32 = AT_FDCWD
    /// Files of the folder opened by their whole paths, up to 2, when it is to be opened next;
    /// -1 when it is open or is not to be opened (it could not be).
    private var folderUses = -1
    /// How files are opened: `O_NONBLOCK`, and `O_NOATIME` until the system refuses it.
    private var openFlags = O_RDONLY | O_NONBLOCK | SmallFileReader.noAccessTime

    /// `O_NOATIME` (Linux's value on the architectures Swift builds for there; Glibc's module
    /// does not export it), 0 elsewhere.
    #if os(Linux) && (arch(x86_64) || arch(arm64))
    private static let noAccessTime: Int32 = 0o1000000
    #else
    private static let noAccessTime: Int32 = 0
    #endif

    /// The path of the last expected file asked for by its trace, as a C string.
    private var pathBytes: UnsafeMutablePointer<CChar>
    private var pathCapacity = 256

    init() {
        capacity = 1 << 16
        buffer = .allocate(capacity: capacity)
        pathBytes = .allocate(capacity: pathCapacity)
    }

    deinit {
        buffer.deallocate()
        pathBytes.deallocate()
        if folderDescriptor >= 0 { close(folderDescriptor) }
    }

    /// Calls `body` with the bytes of the regular file at `path` (valid until it returns), or
    /// returns nil without calling it when the file is not read here (see above). `listedRegular`
    /// says that its folder's listing showed it as a regular file.
    func withContents<R>(of path: String, listedRegular: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        // (withCString lends a native string's own bytes; passing the string makes a copy.)
        let fd = path.withCString { openForReading($0) }
        return try readOpened(fd, listedRegular: listedRegular, body)
    }

    /// `withContents(of: Fixture(tracePath: tracePath).expectedPath, ...)`, the path of the
    /// expected file written as a C string into memory kept for it rather than made as a
    /// `String` (verify asks for one per fixture). Nil, without calling `body`, for a trace path
    /// that does not end with `.trace.json` (as for a file not read here: see above).
    func withContents<R>(ofExpectedFileOf tracePath: String, listedRegular: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard let fd = openExpectedFile(of: tracePath) else { return nil }
        return try readOpened(fd, listedRegular: listedRegular, body)
    }

    /// `withContents(ofExpectedFileOf:listedRegular:_:)`, the bytes handed to `body` as a span
    /// (safe to read, and unable to outlive the call).
    func withSpan<R>(ofExpectedFileOf tracePath: String, listedRegular: Bool = false, _ body: (Span<UInt8>) throws -> R) rethrows -> R? {
        try withContents(ofExpectedFileOf: tracePath, listedRegular: listedRegular) { try body($0.span) }
    }

    /// Opens the expected file of the trace at `tracePath` (see `withContents(ofExpectedFileOf:)`):
    /// a descriptor, -1, or nil for a trace path without the suffix.
    private func openExpectedFile(of tracePath: String) -> Int32? {
        let suffix: StaticString = ".trace.json", replacement: StaticString = ".expected.txt"
        var trace = tracePath
        let length = trace.withUTF8 { bytes -> Int in
            let stem = bytes.count - suffix.utf8CodeUnitCount
            guard stem >= 0, let base = bytes.baseAddress,
                  memcmp(base + stem, suffix.utf8Start, suffix.utf8CodeUnitCount) == 0 else { return -1 }
            let length = stem + replacement.utf8CodeUnitCount
            if length + 1 > pathCapacity {
                pathBytes.deallocate()
                pathCapacity = max(length + 1, pathCapacity * 2)
                pathBytes = .allocate(capacity: pathCapacity)
            }
            let path = UnsafeMutableRawPointer(pathBytes)
            path.copyMemory(from: base, byteCount: stem)
            (path + stem).copyMemory(from: replacement.utf8Start, byteCount: replacement.utf8CodeUnitCount)
            pathBytes[length] = 0
            return length
        }
        guard length >= 0 else { return nil }
        return openForReading(UnsafePointer(pathBytes))
    }

    /// Opens the file at `whole` (a C string) for reading, in its folder (see above): a
    /// descriptor, or -1.
    private func openForReading(_ whole: UnsafePointer<CChar>) -> Int32 {
        let nameStart = enterFolder(of: whole)
        var fd = openFile(whole, nameStart: nameStart)
        if fd < 0 && errno == EPERM && openFlags & Self.noAccessTime != 0 {
            openFlags &= ~Self.noAccessTime
            fd = openFile(whole, nameStart: nameStart)
        }
        return fd
    }

    /// Reads the file open as `fd` (closed here), as `withContents` says.
    private func readOpened<R>(_ fd: Int32, listedRegular: Bool, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var filled = 0
        if listedRegular {
            let n = readSome(fd, at: 0)
            if n < 0 { return nil }
            if n < capacity { return try body(UnsafeBufferPointer(start: buffer, count: n)) }
            // A full buffer: a file larger than fixtures are, read the general way on from here.
            filled = n
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size < SourceFile.mappingThreshold, filled <= size else { return nil }
        if size + 1 > capacity {
            let larger = max(size + 1, capacity * 2)
            let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
            memory.update(from: buffer, count: filled)
            buffer.deallocate()
            buffer = memory
            capacity = larger
        }
        // One byte more than the size is asked for: a read that comes back short with exactly
        // the size is the whole file. Anything else (a file that grew or shrank since fstat, a
        // read that stopped early) goes the usual way, which reads to the end whatever the size.
        while true {
            let wanted = capacity - filled
            let n = readSome(fd, at: filled)
            if n < 0 { return nil }
            filled += n
            if n == wanted || filled > size { return nil }
            if filled == size { break }
            if n == 0 { return nil }
        }
        return try body(UnsafeBufferPointer(start: buffer, count: filled))
    }

    /// Opens the file at `path`, whose name starts at `nameStart`, in the current folder.
    private func openFile(_ path: UnsafePointer<CChar>, nameStart: Int) -> Int32 {
        if folderDescriptor == -1 { return open(path, openFlags) }
        let fd = openat(folderDescriptor, path + nameStart, openFlags)
        guard fd < 0, folderDescriptor >= 0, errno != EPERM else { return fd }
        // The folder kept may be one that has since been removed, or moved, and another made
        // at its path: the whole path says. If it finds the file, the folder is opened again
        // for the next.
        let again = open(path, openFlags)
        if again >= 0 { forgetFolder() }
        return again
    }

    /// Reads into the buffer from `offset` to its end, once (again if a signal interrupts
    /// it): the number of bytes read, or -1.
    private func readSome(_ fd: Int32, at offset: Int) -> Int {
        while true {
            let n = Glue.read(fd, buffer + offset, capacity - offset)
            if n >= 0 || errno != EINTR { return n }
        }
    }

    /// Makes the folder of `path` (a C string) the current one, opening it if it is not, and
    /// returns where the file's name starts in `path`.
    private func enterFolder(of path: UnsafePointer<CChar>) -> Int {
        let length = strlen(path)
        // The usual case: a file of the folder of the last one (it starts with that folder's
        // path, and no slash follows), found with two scans forward.
        let inLastFolder = length >= folder.count && folder.withUnsafeBufferPointer { known in
            (known.isEmpty || memcmp(known.baseAddress!, path, known.count) == 0)
                && memchr(path + known.count, Int32(UInt8(ascii: "/")), length - known.count) == nil
        }
        var nameStart = inLastFolder ? folder.count : length
        while !inLastFolder && nameStart > 0 && path[nameStart - 1] != CChar(UInt8(ascii: "/")) { nameStart -= 1 }
        let same = folder.withUnsafeBufferPointer { known in
            known.count == nameStart && (nameStart == 0 || memcmp(known.baseAddress!, path, nameStart) == 0)
        }
        if !same {
            forgetFolder()
            folder = Array(UnsafeRawBufferPointer(start: path, count: nameStart))
            if nameStart == 0 {
                folderDescriptor = AT_FDCWD
            } else {
                folderUses = 0
            }
        }
        if folderUses >= 0 {
            if folderUses < 2 {
                folderUses += 1
                return nameStart
            }
            // The folder's path alone, as a C string: its bytes and a terminating zero.
            var folderPath = folder.map { CChar(bitPattern: $0) }
            folderPath.append(0)
            folderDescriptor = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folderDescriptor < 0 { folderDescriptor = -1 }
            folderUses = -1
        }
        return nameStart
    }

    /// Closes the folder kept: the next file opens its own.
    private func forgetFolder() {
        if folderDescriptor >= 0 { close(folderDescriptor) }
        folder = []
        folderDescriptor = -1
        folderUses = -1
    }

    /// The trace file at `path` read here, or nil (see `withContents`).
    func sourceFile(at path: String, listedRegular: Bool = false) -> SourceFile? {
        withContents(of: path, listedRegular: listedRegular) { SourceFile(path: path, copying: $0, reusing: &spare) }
    }

    /// The memory of the last trace read, for the next once that trace is let go (the files
    /// are one thread's: no run-time check of exclusive access at every trace).
    @exclusivity(unchecked) private var spare = SpareSourceMemory()
}

// MARK: - Paths as bytes

/// `string` with its last bytes, `suffix`, replaced by `replacement`, made in one piece; nil
/// when `string` does not end with `suffix`.
func replacingSuffixBytes(of string: String, suffix: [UInt8], with replacement: [UInt8]) -> String? {
    var string = string
    return string.withUTF8 { bytes -> String? in
        let stem = bytes.count - suffix.count
        // memcmp reads suffix.count bytes of `bytes` from `stem`, which it has (stem >= 0).
        guard stem >= 0, let base = bytes.baseAddress, memcmp(base + stem, suffix, suffix.count) == 0 else { return nil }
        return String(unsafeUninitializedCapacity: stem + replacement.count) { out in
            // The capacity asked for is exactly the stem's bytes then the replacement's.
            let start = out.baseAddress!
            start.initialize(from: base, count: stem)
            replacement.withUnsafeBufferPointer { (start + stem).initialize(from: $0.baseAddress!, count: $0.count) }
            return stem + replacement.count
        }
    }
}

/// Whether `folder` is `path` up to and with its last slash (empty for a path without one),
/// compared as bytes.
func isFolder(_ folder: [UInt8], of path: String) -> Bool {
    // A native string's bytes are contiguous; a bridged one takes the general way.
    let found = path.utf8.withContiguousStorageIfAvailable { path -> Bool in
        // `path` starts with `folder`, and no slash follows.
        guard path.count >= folder.count, let base = path.baseAddress else { return folder.isEmpty }
        // memcmp reads folder.count bytes of each, which both have (checked above); memchr
        // reads the rest of `path`.
        let starts = folder.isEmpty || folder.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, folder.count) == 0 }
        return starts && memchr(base + folder.count, Int32(UInt8(ascii: "/")), path.count - folder.count) == nil
    }
    if let found { return found }
    let utf8 = path.utf8
    let end = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
    return utf8[..<end].elementsEqual(folder)
}

/// The indices of `paths` in the order of their UTF-8 bytes (as `precedesInBytes` orders them;
/// equal paths keep their order). Their bytes are copied once into one buffer; each path gets a
/// key, its 16 bytes after the prefix all the paths share, as two integers that order as the
/// bytes do, with zeros past the end (so that a path comes before the longer ones it begins);
/// the keys are radix sorted, and paths whose keys are equal are compared in full.
func orderOfPathsByBytes(_ paths: [String]) -> [Int] {
    var bytes: [UInt8] = []
    var spans: [(start: Int, count: Int)] = []
    spans.reserveCapacity(paths.count)
    for path in paths {
        let start = bytes.count
        // A native string's bytes in one copy; a bridged one's one by one.
        if path.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: path.utf8)
        }
        spans.append((start, bytes.count - start))
    }
    return bytes.withUnsafeBufferPointer { buffer -> [Int] in
        guard let base = buffer.baseAddress, let first = spans.first else { return Array(paths.indices) }
        // The length of the prefix every path shares.
        var shared = first.count
        for span in spans.dropFirst() where shared > 0 {
            shared = min(shared, span.count)
            if memcmp(base + first.start, base + span.start, shared) == 0 { continue }
            var k = 0
            while k < shared && base[first.start + k] == base[span.start + k] { k += 1 }
            shared = k
        }
        func key(_ span: (start: Int, count: Int), _ offset: Int) -> UInt64 {
            // Eight bytes in one load where the path has them (most do), read big-endian
            // so that the integers order as the bytes do.
            if offset + 8 <= span.count {
                // offset + 8 <= span.count: the eight bytes are within the span.
                return UInt64(bigEndian: UnsafeRawPointer(base + span.start + offset).loadUnaligned(as: UInt64.self))
            }
            var key: UInt64 = 0
            for k in offset..<(offset + 8) {
                key = key << 8 | UInt64(k < span.count ? base[span.start + k] : 0)
            }
            return key
        }
        var keyed = spans.indices.map { i in (key(spans[i], shared), key(spans[i], shared + 8), i) }
        radixSortByTwoKeys(&keyed)
        // Paths whose keys are equal (their 16 bytes after the shared prefix are) are in a
        // run, in the order they came: each run is sorted by the whole paths, stably.
        var runStart = 0
        while runStart < keyed.count {
            var runEnd = runStart + 1
            while runEnd < keyed.count && keyed[runEnd].0 == keyed[runStart].0 && keyed[runEnd].1 == keyed[runStart].1 { runEnd += 1 }
            if runEnd - runStart > 1 {
                keyed[runStart..<runEnd].sort { x, y in
                    let a = spans[x.2], b = spans[y.2]
                    let common = min(a.count, b.count)
                    if common > 0 {
                        let order = memcmp(base + a.start, base + b.start, common)
                        if order != 0 { return order < 0 }
                    }
                    return a.count < b.count
                }
            }
            runStart = runEnd
        }
        return keyed.map(\.2)
    }
}

/// Sorts by the two keys (the first, then the second), stably: a byte at a time from the
/// lowest byte of the second key to the highest of the first (16 passes of counting, each
/// skipped where every key has the same byte there). For the thousands of paths of a
/// fixture tree, a few passes over them cost less than the comparisons of a sort.
private func radixSortByTwoKeys(_ keyed: inout [(UInt64, UInt64, Int)]) {
    let n = keyed.count
    guard n > 1 else { return }
    // Scratch of n keys and 256 counts, freed on return; every index below is < n or < 256
    // (a digit is one byte), and each pass writes all n keys of `to` before they are read.
    let other = UnsafeMutablePointer<(UInt64, UInt64, Int)>.allocate(capacity: n)
    defer { other.deallocate() }
    let counts = UnsafeMutablePointer<Int>.allocate(capacity: 256)
    defer { counts.deallocate() }
    keyed.withUnsafeMutableBufferPointer { keys in
        var from = keys.baseAddress!, to = other
        for pass in 0..<16 {
            let shift = UInt64(8 * (pass % 8))
            let second = pass < 8
            // Inlined: called twice per key per pass, the sort's inner loop.
            @inline(__always) func digit(_ e: (UInt64, UInt64, Int)) -> Int {
                Int(truncatingIfNeeded: ((second ? e.1 : e.0) >> shift) & 0xFF)
            }
            counts.initialize(repeating: 0, count: 256)
            for i in 0..<n { counts[digit(from[i])] += 1 }
            if counts[digit(from[0])] == n { continue }
            var total = 0
            for d in 0..<256 {
                let c = counts[d]
                counts[d] = total
                total += c
            }
            for i in 0..<n {
                let d = digit(from[i])
                to[counts[d]] = from[i]
                counts[d] += 1
            }
            swap(&from, &to)
        }
        // After an odd number of passes, the keys are in the other memory: back they come.
        if from != keys.baseAddress! { keys.baseAddress!.update(from: from, count: n) }
    }
}

/// Whether `a` comes before `b` in the order of their UTF-8 bytes: the same on every machine,
/// whatever the locale (Swift's `<` on strings compares by Unicode rules instead).
func precedesInBytes(_ a: String, _ b: String) -> Bool {
    // Native strings hold their UTF-8 contiguously: one memcmp, no copies, of `common` bytes,
    // which both buffers have.
    let order = a.utf8.withContiguousStorageIfAvailable { x in
        b.utf8.withContiguousStorageIfAvailable { y -> Bool in
            let common = min(x.count, y.count)
            if common > 0, let px = x.baseAddress, let py = y.baseAddress {
                let order = memcmp(px, py, common)
                if order != 0 { return order < 0 }
            }
            return x.count < y.count
        }
    }
    if let known = order ?? nil { return known }
    return a.utf8.lexicographicallyPrecedes(b.utf8)
}
