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
private final class SharedTextTable: @unchecked Sendable {
    static let shared = SharedTextTable()

    private var indices: [String: UInt32] = [:]
    private var strings: [String] = []
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    private init() { pthread_mutex_init(lock, nil) }

    func index(of string: String) -> UInt32 {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let known = indices[string] { return known }
        precondition(strings.count < Int(UInt32.max), "more than \(UInt32.max) distinct shared strings")
        let index = UInt32(strings.count)
        strings.append(string)
        indices[string] = index
        return index
    }

    func string(at index: UInt32) -> String {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return strings[Int(index)]
    }
}
