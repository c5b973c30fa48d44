/// The deadlines recognizers have asked for (SPEC 10): at most one per recognizer, ordered by
/// their time in whole microseconds, then by scene order.
///
/// Small and sorted: a scene has a handful of recognizers, and most ask for no deadline at all.
struct DeadlineQueue: Sendable {
    struct Entry: Sendable, Equatable {
        /// The time asked for, in seconds (what the recognizer's records carry).
        var time: Double
        /// The time rounded to the nearest microsecond: what deadlines are compared by.
        var micros: Int64
        /// The recognizer, by its index in scene order.
        var recognizer: Int
    }

    /// Earliest first; ties in scene order.
    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    /// The entry that stands for the work TouchTraceUIKit's gesture code scheduled (timers,
    /// delayed blocks; `ReplayAttachment.nextWork`), in place of a recognizer: it sorts after
    /// every recognizer's deadline at the same microsecond.
    static let attachmentWork = Int.max

    /// A time in whole microseconds (rounded to the nearest: 1.001 s is 1,001,000 µs).
    static func micros(_ t: Double) -> Int64 {
        let scaled = (t * 1_000_000).rounded()
        // Trace times are checked to lie far inside this range; clamp for safety all the same.
        if scaled >= 9.0e18 { return Int64(9.0e18) }
        if scaled <= -9.0e18 { return Int64(-9.0e18) }
        return Int64(scaled)
    }

    /// Sets the recognizer's deadline, replacing the one it had.
    mutating func set(_ recognizer: Int, at time: Double) {
        remove(recognizer)
        let entry = Entry(time: time, micros: Self.micros(time), recognizer: recognizer)
        var i = entries.count
        while i > 0 && Self.precedes(entry, entries[i - 1]) { i -= 1 }
        entries.insert(entry, at: i)
    }

    /// Makes this queue `other`, keeping its memory.
    mutating func replaceAll(with other: DeadlineQueue) {
        guard !entries.isEmpty || !other.entries.isEmpty else { return }
        entries.removeAll(keepingCapacity: true)
        entries.append(contentsOf: other.entries)
    }

    /// Drops the recognizer's deadline, if it has one.
    mutating func remove(_ recognizer: Int) {
        if let i = entries.firstIndex(where: { $0.recognizer == recognizer }) { entries.remove(at: i) }
    }

    /// The recognizer's deadline, if it has one.
    func deadline(of recognizer: Int) -> Entry? {
        entries.first { $0.recognizer == recognizer }
    }

    /// Takes the earliest deadline if it is due by `micros` (or any, when nil).
    mutating func popDue(by micros: Int64?) -> Entry? {
        guard let first = entries.first else { return nil }
        if let micros, first.micros > micros { return nil }
        return entries.removeFirst()
    }

    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.micros != b.micros ? a.micros < b.micros : a.recognizer < b.recognizer
    }
}
