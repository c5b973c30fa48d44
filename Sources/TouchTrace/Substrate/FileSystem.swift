// The file system, through handles that own what they open: a folder's listing for now.

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
