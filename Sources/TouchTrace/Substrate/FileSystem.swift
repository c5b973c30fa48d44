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
