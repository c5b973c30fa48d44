#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Names from a folder's listing (as bytes, all in one block of memory), to be looked up by
/// their bytes: hashed as they come, then put in an open-addressing table once they are all
/// in. Made for the thousands of names of a fixture tree, at a few dozen instructions a name:
/// nothing is allocated per name, and no name becomes a string unless asked for.
///
/// One thread uses it, through one reference: its properties are not checked for exclusive
/// access at run time (a check costs more than adding a name).
final class ListedNames {
    /// The names' bytes, one after another.
    @exclusivity(unchecked) private var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var byteCount = 0
    @exclusivity(unchecked) private var byteCapacity: Int
    /// Each name's hash (FNV-1a), start in `bytes` and length, in the order they were added.
    @exclusivity(unchecked) private var names: [(hash: UInt64, start: Int, length: Int)] = []
    /// After `prepareLookUps`: indices into `names`, by hash, -1 for an empty slot; at most
    /// half full, its size a power of two.
    @exclusivity(unchecked) private var table: [Int] = []

    init() {
        byteCapacity = 4096
        bytes = .allocate(capacity: byteCapacity)
        names.reserveCapacity(256)
    }

    deinit { bytes.deallocate() }

    var count: Int { names.count }

    /// Where a `dirent`'s name starts in it.
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

    /// Adds the first `length` bytes of an entry's name (a name without its suffix).
    func add(_ entry: UnsafeMutablePointer<dirent>, length: Int) {
        // The name where it lies in the entry (a copy of the whole field would be 256 bytes).
        let name = UnsafeRawPointer(entry).advanced(by: Self.nameOffset).assumingMemoryBound(to: UInt8.self)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in 0..<length { hash = (hash ^ UInt64(name[i])) &* 0x100_0000_01b3 }
        if byteCount + length > byteCapacity {
            let larger = max(byteCapacity * 2, byteCount + length)
            let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
            memory.update(from: bytes, count: byteCount)
            bytes.deallocate()
            bytes = memory
            byteCapacity = larger
        }
        (bytes + byteCount).update(from: name, count: length)
        names.append((hash, byteCount, length))
        byteCount += length
    }

    /// Makes the names ready to be looked up, once they are all in.
    func prepareLookUps() {
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
    func contains(_ other: ListedNames, _ i: Int) -> Bool {
        let wanted = other.names[i]
        guard !table.isEmpty else { return false }
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: wanted.hash) & mask
        while table[slot] >= 0 {
            let name = names[table[slot]]
            if name.hash == wanted.hash && name.length == wanted.length
                && (name.length == 0 || memcmp(bytes + name.start, other.bytes + wanted.start, name.length) == 0) {
                return true
            }
            slot = (slot + 1) & mask
        }
        return false
    }

    /// Name `i` as a string.
    func string(_ i: Int) -> String {
        let name = names[i]
        return String(decoding: UnsafeBufferPointer(start: bytes + name.start, count: name.length), as: UTF8.self)
    }
}
