// The file system, through handles that own what they open: a folder's listing, a file read.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
