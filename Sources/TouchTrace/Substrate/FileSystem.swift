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
