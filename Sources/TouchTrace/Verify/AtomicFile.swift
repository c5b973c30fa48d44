#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written in full or not at all: bytes go to a temporary file beside the target, which
/// is renamed over it on `commit`. A crash or an error leaves the old file (or none), never half
/// of a new one. Targets that are not regular files (`/dev/null`, a pipe) are written directly.
public final class AtomicFile: PathNamedFileOutput {
    private let temporaryPath: String?
    private var finished = false

    /// Opens the output; throws `OutputError` when the place cannot be written.
    public init(path: String) throws {
        let (fd, temporaryPath) = try Self.openForWriting(path)
        self.temporaryPath = temporaryPath
        super.init(path: path, fd: fd)
    }

    /// The descriptor to write `path` through, and the temporary file it belongs to (nil when
    /// the target is written directly).
    private static func openForWriting(_ path: String) throws -> (Int32, String?) {
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw OutputError(message: "\(path): is a directory; give a file to write")
            }
            let fd = open(path, O_WRONLY)
            if fd < 0 { throw OutputError(message: "\(path): cannot write: \(describeErrno(errno))") }
            return (fd, nil)
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var attempt = 0
        while true {
            let candidate = directory + Self.temporaryName(for: name, suffix: ".\(getpid())-\(attempt).tmp")
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            if fd >= 0 { return (fd, candidate) }
            if errno != EEXIST || attempt > 100 {
                let failure = errno
                var folder = stat()
                if failure == ENOENT && stat(directory.isEmpty ? "." : directory, &folder) == 0 {
                    // The folder is there but takes no new file (`/proc`): "no such file" would
                    // say the target is missing, which it need not be.
                    throw OutputError(message: "\(path): cannot write: its folder takes no new files (the temporary file \(candidate) cannot be made there)")
                }
                throw OutputError(message: "\(path): cannot write: \(describeErrno(failure))")
            }
            attempt += 1
        }
    }

    /// The name of the temporary file beside `name`: `.NAME` and `suffix`, with NAME cut short
    /// (at a character's boundary) so the whole stays within 255 bytes, the longest name most
    /// file systems take: a target whose own name fits must get a temporary name that fits.
    static func temporaryName(for name: String, suffix: String) -> String {
        let room = 255 - 1 - suffix.utf8.count
        var kept = Substring(name)
        while kept.utf8.count > room { kept = kept.dropLast() }
        return "." + kept + suffix
    }

    deinit {
        if !finished { abort() }
    }

    /// Puts the written bytes in place.
    public func commit() throws {
        guard !finished else { return }
        finished = true
        let closed = close(fd)
        guard let temporaryPath else { return }
        if closed != 0 || rename(temporaryPath, path) != 0 {
            let reason = describeErrno(errno)
            unlink(temporaryPath)
            throw OutputError(message: "\(path): cannot write: \(reason)")
        }
    }

    /// Drops what was written; the target is left as it was.
    public func abort() {
        guard !finished else { return }
        finished = true
        close(fd)
        if let temporaryPath { unlink(temporaryPath) }
    }

    /// Writes a whole file atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let file = try AtomicFile(path: path)
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.abort()
            throw error
        }
    }
}
