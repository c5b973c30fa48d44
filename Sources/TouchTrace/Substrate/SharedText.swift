#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A string referred to by a small number, so that the values that carry it (touch ids,
/// transcript records) stay plain data: copied without reference counting, and handed between
/// threads as bytes.
///
/// Used for the strings a trace gives as touch ids and for the failure reasons of discrete
/// recognizers. Every shared text belongs to the `TextScope` that was current when it was made
/// (see `TextScope` for which one that is) and can be read while that scope lives: a replay,
/// a trace, a fixture's verification each make their texts in a scope of their own, which is
/// let go when nothing keeps it any more, so that a process that replays traces without end
/// stays the same size.
///
/// Equal strings alive at the same time share one entry, so two shared texts are equal exactly
/// when their strings are. When the last scope holding a text goes, the text is kept for a
/// grace (until 4 MiB of texts let go after it have followed), so that records copied out of a
/// collector that has just gone still read; reading a text after its grace stops the program
/// with a message, never with wrong text. A sink that keeps records after their replay keeps
/// the replay's scope (`RecordSink.keep(_:)`; `RecordCollector` does), and code that keeps
/// records for long keeps the collector.
public struct SharedText: Hashable, Sendable, CustomStringConvertible {
    private let index: UInt32
    private let generation: UInt32

    /// `string`, shared, in the current scope.
    public init(_ string: String) {
        (index, generation) = SharedTextTable.shared.intern(string, in: TextScope.currentOrProcess)
    }

    /// The text of the UTF-8 `bytes`, shared, in the current scope (as `init(_:)` with their
    /// string, made without one).
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        (index, generation) = SharedTextTable.shared.intern(bytes, in: TextScope.currentOrProcess)
    }

    /// The string. Stops the program if the text's scope has been let go.
    public var string: String { SharedTextTable.shared.string(at: index, generation: generation) }

    /// Calls `body` with the string's UTF-8 bytes where the table keeps them, without making a
    /// `String` (writers copy them straight into their output). `body` runs under the table's
    /// lock: it must not make or read shared texts. Stops the program if the text's scope has
    /// been let go.
    func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        SharedTextTable.shared.withUTF8(at: index, generation: generation, body)
    }

    public var description: String { string }

    /// How many distinct texts are alive in the process, in every scope: flat for a process
    /// that replays trace after trace.
    public static var aliveCount: Int { SharedTextTable.shared.count }

    /// Whether some scope holds `string` now (made by no one: nothing is added).
    package static func isAlive(_ string: String) -> Bool { SharedTextTable.shared.isHeld(string) }

    /// Texts in the table: held by a scope, or in their grace after the last scope let them go.
    package static var storedCount: Int { SharedTextTable.shared.storedCount }

    /// How many bytes of texts no scope holds are kept (each counted with 64 more) before the
    /// oldest is freed.
    package static var graceBytes: Int { SharedTextTable.graceBytes }
}

/// Keeps shared texts alive: the texts made while a scope is current on a thread belong to it,
/// and are released when the scope is.
///
/// touchtrace makes them itself, so that nothing needs to be done by hand: a `Trace` keeps one
/// for its touch ids and a `Replayer` one for the texts it makes (each only when no scope is
/// current: then they share it), and sinks that keep records keep the scopes given to them.
/// Outside every scope, texts belong to the process and are never released.
///
/// ```swift
/// let texts = TextScope()
/// let records = RecordCollector()
/// try texts.run {
///     let trace = try Trace.read(path: "swipe.trace.json")
///     Replayer.replay(trace, scene: .seed, into: records)
/// }
/// // `records` keeps `texts`: their failure reasons stay readable while it lives.
/// ```
public final class TextScope: @unchecked Sendable {
    /// Indices of the table's entries this scope holds, each once: an open-addressing set
    /// (index + 1 per slot, 0 for empty), at most half full. Only touched under the table's lock,
    /// so the run-time check of exclusive access (a call at every access) is left out.
    @exclusivity(unchecked) fileprivate var held: [UInt32] = []
    @exclusivity(unchecked) fileprivate var heldCount = 0

    /// A new, empty scope.
    public init() {}

    /// The scope of texts made outside every other: they live as long as the process.
    public static let process = TextScope()

    deinit { SharedTextTable.shared.release(self) }

    /// How many distinct texts this scope holds.
    public var count: Int { SharedTextTable.shared.withLock { heldCount } }

    /// Runs `body` with this scope current on this thread (the one before it is current again
    /// afterwards): the shared texts `body` makes belong to it.
    public func run<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        let previous = TextScope.currentPointer
        TextScope.currentPointer = Unmanaged.passUnretained(self).toOpaque()
        defer { TextScope.currentPointer = previous }
        return try withExtendedLifetime(self) { () throws(E) -> R in try body() }
    }

    /// The scope current on this thread, if any.
    public static var current: TextScope? {
        guard let raw = currentPointer else { return nil }
        return Unmanaged<TextScope>.fromOpaque(raw).takeUnretainedValue()
    }

    static var currentOrProcess: TextScope { current ?? process }

    /// The current scope, unretained, as the thread keeps it (nil for none): cheap to compare.
    static var currentPointer: UnsafeMutableRawPointer? {
        get { pthread_getspecific(currentKey) }
        set { pthread_setspecific(currentKey, newValue) }
    }

    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "no thread-specific key for the current text scope (\(status))")
        return key
    }()
}

/// The strings behind `SharedText`s: every entry counts the scopes that hold it, and is freed
/// (its bytes, its place in the hash table, its index for reuse under a new generation) after
/// its grace, which begins when the last one is released. Readers and replays on several threads meet new strings at once,
/// so every access holds one lock (they are rare: never one per touch of a number id).
private final class SharedTextTable: @unchecked Sendable {
    static let shared = SharedTextTable()

    fileprivate struct Entry {
        /// The UTF-8 bytes (nil for an empty string, and for a free entry).
        var start: UnsafeMutablePointer<UInt8>?
        var count: Int
        /// The bytes' hash (see `hash`), kept so that placing the entry again (when the slots
        /// grow, or a neighbour leaves) does not read its bytes again.
        var hash: Int
        /// Scopes that hold the entry; 0 for a free entry or one in its grace.
        var holders: UInt32
        /// Bumped every time the entry is freed, so that texts of the old string are told apart.
        var generation: UInt32
        /// When the entry last began its grace (see `graveyard`), to tell a stale place in the
        /// queue from the current one.
        var buried: UInt64 = 0
    }

    /// The table's contents, in memory the table owns and reaches through a pointer: a stored
    /// variable of a class is reached through a run-time exclusivity check at every access,
    /// which would cost more than a lookup. Only touched under the lock.
    private let contents: UnsafeMutablePointer<Contents>
    /// Mixed into every hash: chosen per process (as `Hasher`'s own seed is), so that no file
    /// can be written whose strings all land in one run of slots.
    private let seed: UInt64
    /// The bytes of texts in their grace, counted with `entryOverhead` each.
    static let graceBytes = 4 << 20
    static let entryOverhead = 64
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    private init() {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if canImport(Glibc)
        // Held for a few hundred instructions at a time, by threads that each replay traces
        // (verify's workers): a waiter that spins a little takes the lock sooner, and for less,
        // than one that sleeps until it is woken.
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        pthread_mutex_init(lock, &attributes)
        pthread_mutexattr_destroy(&attributes)
        contents = .allocate(capacity: 1)
        contents.initialize(to: Contents())
        var hasher = Hasher()
        hasher.combine(0x7465_7874 as UInt64)
        seed = UInt64(UInt(bitPattern: hasher.finalize()))
    }

    func withLock<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }

    /// Entries held by a scope, for tests that check a long run stays flat.
    var count: Int { withLock { contents.pointee.liveCount - contents.pointee.graceCount } }

    /// Entries in the table: held, or in their grace.
    var storedCount: Int { withLock { contents.pointee.liveCount } }

    func isHeld(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            let hash = Self.hash(bytes, seed: seed)
            return withLock { contents.pointee.find(bytes, hash: hash).map { contents.pointee.entries[Int($0)].holders > 0 } ?? false }
        }
    }

    func intern(_ string: String, in scope: TextScope) -> (UInt32, UInt32) {
        var string = string
        return string.withUTF8 { intern($0, in: scope) }
    }

    func intern(_ bytes: UnsafeBufferPointer<UInt8>, in scope: TextScope) -> (UInt32, UInt32) {
        // Hashed once, outside the lock: for the lookup and, if it misses, for the new entry.
        let hash = Self.hash(bytes, seed: seed)
        return withLock {
            let index = contents.pointee.find(bytes, hash: hash) ?? contents.pointee.add(bytes, hash: hash)
            contents.pointee.hold(index, in: scope)
            return (index, contents.pointee.entries[Int(index)].generation)
        }
    }

    func string(at index: UInt32, generation: UInt32) -> String {
        withUTF8(at: index, generation: generation) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the bytes of the text at `index` (read under the lock: another thread
    /// may free the entry once the lock is let go). Stops the program if it has been freed.
    func withUTF8<R>(at index: UInt32, generation: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let result: R? = withLock {
            let entry = contents.pointee.entries[Int(index)]
            guard entry.generation == generation else { return nil }
            return body(UnsafeBufferPointer(start: entry.start, count: entry.count))
        }
        guard let result else {
            preconditionFailure("""
                a shared text was read long after its scope was let go: keep the TextScope of the replay \
                that made it (a RecordSink that keeps records implements keep(_:); keep the RecordCollector)
                """)
        }
        return result
    }

    /// Lets go of every entry `scope` holds: one no other scope holds begins its grace.
    func release(_ scope: TextScope) {
        withLock {
            for slot in scope.held where slot != 0 {
                contents.pointee.letGo(slot - 1)
            }
            scope.held = []
            scope.heldCount = 0
        }
    }

    /// A hash of `bytes` for the slots: a word at a time, each multiplied in and folded back,
    /// then mixed so that every bit of the result depends on every byte (the slot is taken from
    /// the lowest bits).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> Int {
        // A hash: every multiplication here wraps on purpose (only the bits matter), and the
        // offsets (`i`, `n − 8`, `8 k`) stay within the buffer's count, far from wrapping.
        var h = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let n = bytes.count
            var i = 0
            while i &+ 8 <= n {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                h ^= h >> 29
                i &+= 8
            }
            if i < n {
                // The last bytes: the word that ends with them, when there is one before them
                // (bytes hashed twice change nothing), else byte by byte.
                var tail: UInt64 = 0
                if n >= 8 {
                    tail = raw.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
                } else {
                    for k in 0..<n { tail |= UInt64(base[k]) << UInt64(8 &* k) }
                }
                h = (h ^ tail) &* 0xBF58_476D_1CE4_E5B9
                h ^= h >> 29
            }
        }
        h = (h ^ (h >> 32)) &* 0xD6E8_FEB8_6659_FD93
        h = (h ^ (h >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: h ^ (h >> 32))
    }
}

/// What `SharedTextTable` holds, and the work done on it under the lock.
private struct Contents {
    typealias Entry = SharedTextTable.Entry

    var entries: [Entry] = []
    /// Free entries, to be reused.
    var free: [UInt32] = []
    /// Index + 1 of the entry in each slot, 0 for an empty slot; a power of two in size, at
    /// most half full. Freed entries leave by backward-shift deletion (no tombstones).
    var slots: [UInt32] = Array(repeating: 0, count: 1024)
    var liveCount = 0
    /// Entries no scope holds any more, oldest first, with when each began its grace: they are
    /// freed only once `graceBytes` of younger ones have followed them, so that a record copied
    /// out of a collector just before the collector went (the usual `return collector.records`)
    /// still reads its text. Memory stays flat: what no scope holds is bounded by the grace.
    var graveyard: [(index: UInt32, buried: UInt64)] = []
    var graveyardStart = 0
    var graveyardBytes = 0
    var burials: UInt64 = 0
    var graceCount = 0

    func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> UInt32? {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot] - 1)]
            if entry.hash == hash && entry.count == bytes.count
                && (bytes.isEmpty || memcmp(entry.start!, bytes.baseAddress!, bytes.count) == 0) {
                return slots[slot] - 1
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> UInt32 {
        var start: UnsafeMutablePointer<UInt8>?
        if let base = bytes.baseAddress, !bytes.isEmpty {
            start = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            start!.initialize(from: base, count: bytes.count)
        }
        let index: UInt32
        if let reused = free.popLast() {
            index = reused
            entries[Int(index)].start = start
            entries[Int(index)].count = bytes.count
            entries[Int(index)].hash = hash
        } else {
            precondition(entries.count < Int(UInt32.max) - 1, "more than \(UInt32.max - 1) distinct shared strings at once")
            index = UInt32(entries.count)
            entries.append(Entry(start: start, count: bytes.count, hash: hash, holders: 0, generation: 0))
        }
        liveCount += 1
        if liveCount * 2 > slots.count { rehash(capacity: slots.count * 2) }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = index + 1
        return index
    }

    /// Counts `scope` among the holders of `index`, once.
    mutating func hold(_ index: UInt32, in scope: TextScope) {
        // (Not `Array(repeating:count:)`, which looks the array's type up at run time at every
        // call: see `VelocityTracker.add`.)
        if scope.held.isEmpty { scope.held = Array(repeatElement(0, count: 16)) }
        var mask = scope.held.count - 1
        var slot = Self.mix(index) & mask
        while scope.held[slot] != 0 {
            if scope.held[slot] == index + 1 { return }
            slot = (slot + 1) & mask
        }
        scope.held[slot] = index + 1
        scope.heldCount += 1
        entries[Int(index)].holders += 1
        if entries[Int(index)].buried != 0 {
            // Held again during its grace: out of the graveyard (its place there is now stale).
            entries[Int(index)].buried = 0
            graveyardBytes -= entries[Int(index)].count + SharedTextTable.entryOverhead
            graceCount -= 1
        }
        if scope.heldCount * 2 > scope.held.count {
            var bigger = [UInt32](repeating: 0, count: scope.held.count * 2)
            mask = bigger.count - 1
            for value in scope.held where value != 0 {
                var s = Self.mix(value - 1) & mask
                while bigger[s] != 0 { s = (s + 1) & mask }
                bigger[s] = value
            }
            scope.held = bigger
        }
    }

    /// One scope fewer holds entry `index`: if it was the last, the entry begins its grace.
    mutating func letGo(_ index: UInt32) {
        entries[Int(index)].holders -= 1
        if entries[Int(index)].holders == 0 { bury(index) }
    }

    /// Starts the grace of entry `index`, and frees the oldest entries whose grace is over.
    private mutating func bury(_ index: UInt32) {
        burials += 1
        entries[Int(index)].buried = burials
        graveyard.append((index, burials))
        graveyardBytes += entries[Int(index)].count + SharedTextTable.entryOverhead
        graceCount += 1
        while graveyardBytes > SharedTextTable.graceBytes {
            let (oldest, buried) = graveyard[graveyardStart]
            graveyardStart += 1
            let entry = entries[Int(oldest)]
            // A place left behind by an entry held again since (and perhaps let go again).
            guard entry.buried == buried else { continue }
            graveyardBytes -= entry.count + SharedTextTable.entryOverhead
            graceCount -= 1
            remove(oldest)
        }
        if graveyardStart > 4096 && graveyardStart * 2 > graveyard.count {
            graveyard.removeFirst(graveyardStart)
            graveyardStart = 0
        }
    }

    /// Frees entry `index`: its bytes, its slot (shifting later ones of its run back), its index.
    private mutating func remove(_ index: UInt32) {
        let entry = entries[Int(index)]
        let mask = slots.count - 1
        var slot = entry.hash & mask
        while slots[slot] != index + 1 { slot = (slot + 1) & mask }
        // Backward-shift deletion: move later members of the run into the hole when their home
        // slot does not lie (cyclically) after the hole.
        var hole = slot
        var next = (hole + 1) & mask
        while slots[next] != 0 {
            let home = entries[Int(slots[next] - 1)].hash & mask
            if (next - home) & mask >= (next - hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = 0
        entry.start?.deallocate()
        // A generation wraps after 2^32 reuses of one index, by then long past any text of it.
        entries[Int(index)] = Entry(start: nil, count: 0, hash: 0, holders: 0, generation: entry.generation &+ 1)
        free.append(index)
        liveCount -= 1
    }

    /// Places every entry in the slots again, in `capacity` slots.
    private mutating func rehash(capacity: Int) {
        var bigger = [UInt32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for value in slots where value != 0 {
            var slot = entries[Int(value - 1)].hash & mask
            while bigger[slot] != 0 { slot = (slot + 1) & mask }
            bigger[slot] = value
        }
        slots = bigger
    }

    private static func mix(_ index: UInt32) -> Int {
        // A hash: the multiplication wraps on purpose.
        Int(truncatingIfNeeded: (UInt64(index) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
