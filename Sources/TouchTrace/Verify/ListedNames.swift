#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Names from a folder's listing (as bytes, all in one buffer), to be looked up by their
/// bytes: sorted by a hash once they are all in, then found by binary search.
struct ListedNames {
    private var bytes: [UInt8] = []
    /// Each name's hash (FNV-1a), start in `bytes` and length.
    private var names: [(hash: UInt64, start: Int, length: Int)] = []

    var count: Int { names.count }

    /// Adds the first `length` bytes of an entry's name (a name without its suffix).
    mutating func add(_ entry: UnsafeMutablePointer<dirent>, length: Int) {
        // The name where it lies in the entry (a copy of the whole field would be 256 bytes),
        // as a buffer rather than a slice: appended in one copy, not byte by byte.
        let name = UnsafeRawBufferPointer(start: UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!, count: length)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in name { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        names.append((hash, bytes.count, length))
        bytes.append(contentsOf: name)
    }

    mutating func prepareLookUps() { names.sort { $0.hash < $1.hash } }

    /// Whether name `i` of `other` is among these (after `prepareLookUps`).
    func contains(_ other: ListedNames, _ i: Int) -> Bool {
        let wanted = other.names[i]
        var low = 0, high = names.count
        while low < high {
            let mid = (low + high) / 2
            if names[mid].hash < wanted.hash { low = mid + 1 } else { high = mid }
        }
        while low < names.count && names[low].hash == wanted.hash {
            let name = names[low]
            if name.length == wanted.length && bytes.withUnsafeBufferPointer({ mine in
                other.bytes.withUnsafeBufferPointer { theirs in
                    name.length == 0 || memcmp(mine.baseAddress! + name.start, theirs.baseAddress! + wanted.start, name.length) == 0
                }
            }) { return true }
            low += 1
        }
        return false
    }

    /// Name `i` as a string.
    func string(_ i: Int) -> String {
        let name = names[i]
        return String(decoding: bytes[name.start..<(name.start + name.length)], as: UTF8.self)
    }
}
