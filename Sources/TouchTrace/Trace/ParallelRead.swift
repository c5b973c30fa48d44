import Dispatch

extension TouchEventConsumer {
    /// By default a consumer's work cannot be split: it sees every event, in order, on one thread.
    public static func emptyForLaterPart() -> Self? { nil }
    public mutating func appendLaterPart(_ later: Self) {}
}

extension IgnoringConsumer {
    public static func emptyForLaterPart() -> IgnoringConsumer? { IgnoringConsumer() }
    public mutating func appendLaterPart(_ later: IgnoringConsumer) {}
}

/// What reading the later part of a trace's events on another thread found.
final class LaterPart<C: TouchEventConsumer>: @unchecked Sendable {
    /// Whether the part read without any problem up to the end of the `events` array.
    var ok = false
    var consumer: C?
    /// The offset just past the `events` array's `]`.
    var end = 0
    var eventCount = 0
    var firstTime: Double?
    var lastTime: Double?
    /// The largest x and y of the touches the part admitted.
    var maxX = 0.0
    var maxY = 0.0
    /// For each touch id the part lists, whether it first appears beginning (then it must not be
    /// down where the part starts) or otherwise (then it must be).
    var firstSeen: [TouchID: Bool] = [:]
    /// Touches that began in the part (not counting those assumed down at its start).
    var began = 0
    /// Touches still down at the end of the part: ids, their serial in the part (nil for those
    /// that were down at its start), and where they last were.
    var stillDown: [(id: TouchID, serial: Int?, offset: Int, location: Point)] = []
}

/// What a reader of a later part tracks about touch ids it has not seen yet.
struct LaterPartTracking {
    var firstSeen: [TouchID: Bool] = [:]
    /// Serials of touches taken as down at the part's start.
    var assumed: Set<Int> = []
    /// Past this many distinct ids the split is not worth its memory: the part gives up.
    static let limit = 200_000
}

extension TraceReader {
    /// The smallest trace read with two threads: below it, a thread costs more than it saves.
    static var parallelMinimumBytes: Int { 4_000_000 }

    /// Where to split the `events` array that starts at `start`: the start of an event object
    /// near the middle of what follows (a `{` after a `,`, whose first key is `"t"` or
    /// `"touches"`), or nil. It may be a false boundary (inside a string, say); the reader of the
    /// first part checks that it lands there between events before anything is trusted.
    static func splitPoint(in buffer: UnsafeBufferPointer<UInt8>, eventsStart start: Int) -> Int? {
        let middle = start + (buffer.count - start) / 2
        let limit = min(buffer.count - 16, middle + 1 << 16)
        var i = middle
        while i < limit {
            if buffer[i] == UInt8(ascii: "{") {
                var before = i - 1
                while before > start, buffer[before] == 0x20 || buffer[before] == 0x0A || buffer[before] == 0x0D || buffer[before] == 0x09 { before -= 1 }
                var after = i + 1
                while after < limit, buffer[after] == 0x20 || buffer[after] == 0x0A || buffer[after] == 0x0D || buffer[after] == 0x09 { after += 1 }
                if buffer[before] == UInt8(ascii: ","), buffer[after] == UInt8(ascii: "\""),
                   (buffer[after + 1] == UInt8(ascii: "t") && buffer[after + 2] == UInt8(ascii: "\"")) ||
                   (after + 9 < buffer.count && buffer[after + 1] == UInt8(ascii: "t") && buffer[after + 2] == UInt8(ascii: "o") &&
                    buffer[after + 7] == UInt8(ascii: "s") && buffer[after + 8] == UInt8(ascii: "\"")) {
                    return i
                }
            }
            i += 1
        }
        return nil
    }

    /// Reads the events from `split` to the end of the `events` array (on another thread):
    /// stops at the first problem, which the sequential reading will then report properly.
    /// With `reportUnknownKeys` (`--strict`), an unknown key is a problem there too.
    static func readLaterPart<C: TouchEventConsumer>(_ source: SourceFile, from split: Int, reportUnknownKeys: Bool,
                                                     into part: LaterPart<C>) {
        var reader = TraceReader(source: source, options: TraceReadOptions(reportUnknownKeys: reportUnknownKeys))
        reader.laterPart = LaterPartTracking()
        reader.isFirstPass = false
        guard var consumer = C.emptyForLaterPart() else { return }
        do {
            try source.withBytes { buffer throws(ParseFailure) in
                var cursor = JSONCursor(buffer, from: split)
                var index = 0
                var pages = PageRelease(from: split)
                // The part starts with an element, not with the array's '['.
                repeat {
                    pages.reached(cursor.pos, in: source)
                    guard try reader.readEvent(&cursor, index: index) else { throw ParseFailure.stop }
                    try reader.admitPending(eventIndex: index, label: { _ in "" })
                    consumer.consume(reader.event)
                    index += 1
                } while try cursor.nextElement(first: false)
                pages.finish(at: cursor.pos, in: source)
                part.end = cursor.pos
                part.eventCount = index
            }
        } catch {
            return
        }
        guard let tracking = reader.laterPart else { return }
        part.consumer = consumer
        part.firstSeen = tracking.firstSeen
        part.began = reader.tracker.touchCount - tracking.assumed.count
        part.firstTime = reader.summary.firstTime
        part.lastTime = reader.summary.lastTime
        part.maxX = reader.summary.maxX
        part.maxY = reader.summary.maxY
        var serial = 0
        var order: [Int: Int] = [:]
        for s in 0..<reader.tracker.touchCount where !tracking.assumed.contains(s) {
            order[s] = serial
            serial += 1
        }
        part.stillDown = reader.tracker.stillDown().map { ($0.id, order[$0.serial], $0.beganOffset, $0.location) }
        part.ok = true
    }

    /// Admits a touch of a later part: an id first seen in any phase but `began` is taken as
    /// down at the part's start, which the first part's reader checks when it gets there.
    /// The touch is admitted first: a touch that is down has been seen, and only the others
    /// are looked up.
    mutating func admitInLaterPart(_ touch: EventTouch, eventIndex: Int) throws(ParseFailure) -> Result<(slot: Int, serial: Int), TouchTracker.Problem> {
        let admission = tracker.admit(touch.id, touch.phase, event: eventIndex, offset: touch.offset, location: touch.location)
        switch admission {
        case .success where touch.phase == .began:
            // It was not down: the first time the part lists it, unless it ended before.
            if laterPart!.firstSeen[touch.id] == nil { try noteFirstSeen(touch.id, began: true) }
            return admission
        case .failure(.notDown) where laterPart!.firstSeen[touch.id] == nil:
            // Down since before the part: begun, for this reader, in no event of its own.
            try noteFirstSeen(touch.id, began: false)
            if case .success(let (_, serial)) = tracker.admit(touch.id, .began, event: -2, offset: touch.offset, location: touch.location) {
                laterPart!.assumed.insert(serial)
            }
            return tracker.admit(touch.id, touch.phase, event: eventIndex, offset: touch.offset, location: touch.location)
        default:
            return admission
        }
    }

    /// Notes how a later part first lists a touch id; past `LaterPartTracking.limit` ids, gives
    /// the part up.
    private mutating func noteFirstSeen(_ id: TouchID, began: Bool) throws(ParseFailure) {
        if laterPart!.firstSeen.count >= LaterPartTracking.limit { throw ParseFailure.stop }
        laterPart!.firstSeen[id] = began
    }

    /// Joins the later part when the first part's reader has reached `split` exactly, between
    /// events: if the part read cleanly and its assumptions hold, takes it in and returns true
    /// (the cursor then stands past the `events` array); otherwise returns false, and reading
    /// goes on from the split in this thread.
    mutating func joinLaterPart<C: TouchEventConsumer>(_ part: LaterPart<C>, group: DispatchGroup, eventIndex: Int,
                                                           cursor: inout JSONCursor, consumer: inout C) throws(ParseFailure) -> Bool {
        group.wait()
        guard part.ok, let later = part.consumer else { return false }
        for (id, began) in part.firstSeen where began == tracker.isDown(id) { return false }
        if let first = part.firstTime, let last = summary.lastTime, first < last { return false }
        consumer.appendLaterPart(later)
        // The touches down at the end: those of the first part the later one never listed, and
        // the later part's own, in the order they began.
        let before = tracker.stillDown()
        var earlier: [TouchID: (serial: Int, beganOffset: Int)] = [:]
        for touch in before { earlier[touch.id] = (touch.serial, touch.beganOffset) }
        var left: [(id: TouchID, slot: Int, serial: Int, beganOffset: Int, location: Point)] =
            before.filter { part.firstSeen[$0.id] == nil }
        for (k, touch) in part.stillDown.enumerated() {
            if let serial = touch.serial {
                left.append((touch.id, k, tracker.touchCount + serial, touch.offset, touch.location))
            } else if let began = earlier[touch.id] {
                // Down since the first part: it began there.
                left.append((touch.id, k, began.serial, began.beganOffset, touch.location))
            }
        }
        left.sort { $0.serial < $1.serial }
        summary.touchCount = tracker.touchCount + part.began
        summary.maxX = max(summary.maxX, part.maxX)
        summary.maxY = max(summary.maxY, part.maxY)
        if summary.firstTime == nil { summary.firstTime = part.firstTime }
        if let last = part.lastTime { summary.lastTime = last }
        summary.eventCount = eventIndex + part.eventCount
        cursor.pos = part.end
        try finishTrace(consumer: &consumer, eventIndex: summary.eventCount, left: left)
        return true
    }
}
