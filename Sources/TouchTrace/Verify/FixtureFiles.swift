#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the small files of fixtures for one verify worker with as few system calls as a
/// file allows, into memory kept from one file to the next.
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
final class FixtureFiles {
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
    private var openFlags = O_RDONLY | O_NONBLOCK | FixtureFiles.noAccessTime

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
