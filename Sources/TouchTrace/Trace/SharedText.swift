#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A string kept once for the life of the process and referred to by a small number, so that
/// the values that carry it (touch ids, transcript records) stay plain data: copied without
/// reference counting, and handed between threads as bytes.
///
/// Used for the strings a trace gives as touch ids and for the failure reasons of discrete
/// recognizers (one short sentence per failed gesture). Equal strings share one entry; the
/// table only grows, by the distinct strings the process meets.
public struct SharedText: Hashable, Sendable, CustomStringConvertible {
    private let index: UInt32

    /// The shared copy of `string`.
    public init(_ string: String) { index = SharedTextTable.shared.index(of: string) }

    public var string: String { SharedTextTable.shared.string(at: index) }

    public var description: String { string }
}

/// The strings behind `SharedText`s. Readers and replays on several threads meet new strings
/// at once, so every access holds a lock (they are rare: never one per touch of a number id).
///
/// The table only grows (a replay of a long trace meets a new failure reason in about every
/// other failed gesture, each naming its points), so it is kept compact: the UTF-8 bytes back
/// to back in blocks, an entry of a pointer and a length per string, and an open-addressing
/// hash table of indices — about the bytes of the strings and 40 more per string, where
/// Swift strings in an array and a dictionary cost about twice that.
private final class SharedTextTable: @unchecked Sendable {
    static let shared = SharedTextTable()

    private struct Entry {
        var start: UnsafePointer<UInt8>
        var count: Int
    }

    private var entries: [Entry] = []
    /// Blocks of bytes, never freed (strings point into them); the last one is being filled.
    private var blocks: [UnsafeMutablePointer<UInt8>] = []
    private var blockUsed = 0
    private var blockCapacity = 0
    private static let blockSize = 1 << 20
    /// Index + 1 of the string in each slot, 0 for an empty slot; a power of two in size, at
    /// most half full.
    private var slots: [UInt32] = Array(repeating: 0, count: 1024)
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    private init() { pthread_mutex_init(lock, nil) }

    func index(of string: String) -> UInt32 {
        var string = string
        return string.withUTF8 { bytes in
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            let mask = slots.count - 1
            var slot = Self.hash(bytes) & mask
            while slots[slot] != 0 {
                let entry = entries[Int(slots[slot] - 1)]
                if entry.count == bytes.count && (bytes.isEmpty || memcmp(entry.start, bytes.baseAddress!, bytes.count) == 0) {
                    return slots[slot] - 1
                }
                slot = (slot + 1) & mask
            }
            precondition(entries.count < Int(UInt32.max) - 1, "more than \(UInt32.max - 1) distinct shared strings")
            let index = UInt32(entries.count)
            entries.append(Entry(start: store(bytes), count: bytes.count))
            slots[slot] = index + 1
            if entries.count * 2 > slots.count { grow() }
            return index
        }
    }

    func string(at index: UInt32) -> String {
        pthread_mutex_lock(lock)
        let entry = entries[Int(index)]
        pthread_mutex_unlock(lock)
        // The bytes never move or change once stored.
        return String(decoding: UnsafeBufferPointer(start: entry.start, count: entry.count), as: UTF8.self)
    }

    /// Copies `bytes` into the blocks; where they now lie.
    private func store(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafePointer<UInt8> {
        if blocks.isEmpty || blockUsed + bytes.count > blockCapacity {
            blockCapacity = max(Self.blockSize, bytes.count)
            blocks.append(UnsafeMutablePointer<UInt8>.allocate(capacity: blockCapacity))
            blockUsed = 0
        }
        let start = blocks[blocks.count - 1] + blockUsed
        if let base = bytes.baseAddress { start.initialize(from: base, count: bytes.count) }
        blockUsed += bytes.count
        return UnsafePointer(start)
    }

    /// Doubles the slots and places every string again.
    private func grow() {
        var bigger = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        for (i, entry) in entries.enumerated() {
            var slot = Self.hash(UnsafeBufferPointer(start: entry.start, count: entry.count)) & mask
            while bigger[slot] != 0 { slot = (slot + 1) & mask }
            bigger[slot] = UInt32(i + 1)
        }
        slots = bigger
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }
}
