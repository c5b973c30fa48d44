#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the small files of fixtures for one verify worker with as few system calls as a
/// file allows — open, fstat, one read, close — into memory kept from one file to the next:
/// the read asks for more than the file's size, and when it comes back short with
/// exactly the size, that is the whole file, without a last read to find the end.
///
/// It reads only regular files under `SourceFile.mappingThreshold`. Anything else — a path
/// it cannot open, a FIFO, a folder, a large file, a read that fails, a file that grew or
/// shrank while it was read — comes back as nil, and the caller reads the path the usual way
/// (`SourceFile.read`), which gives the same bytes and the same messages as ever.
final class FixtureFiles {
    /// The last file's bytes.
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int

    init() {
        capacity = 1 << 16
        buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// Calls `body` with the bytes of the regular file at `path` (valid until it returns), or
    /// returns nil without calling it when the file is not read here (see above).
    func withContents<R>(of path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        // O_NONBLOCK, as the usual way: a FIFO named like a fixture file never makes it wait.
        // (withCString lends a native string's own bytes; passing the string makes a copy.)
        let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size < SourceFile.mappingThreshold else { return nil }
        if size + 1 > capacity {
            buffer.deallocate()
            capacity = max(size + 1, capacity * 2)
            buffer = .allocate(capacity: capacity)
        }
        // One byte more than the size is asked for: a read that comes back short with exactly
        // the size is the whole file. Anything else (a file that grew or shrank since fstat, a
        // read that stopped early) goes the usual way, which reads to the end whatever the size.
        var filled = 0
        while true {
            let wanted = capacity - filled
            let n = Glue.read(fd, buffer + filled, wanted)
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            filled += n
            if n == wanted || filled > size { return nil }
            if filled == size { break }
            if n == 0 { return nil }
        }
        return try body(UnsafeBufferPointer(start: buffer, count: filled))
    }

    /// The trace file at `path` read here, or nil (see `withContents`).
    func sourceFile(at path: String) -> SourceFile? {
        withContents(of: path) { SourceFile(path: path, bytes: Array($0)) }
    }
}
