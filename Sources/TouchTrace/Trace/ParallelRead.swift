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
final class LaterPart<C: TouchEventConsumer> {
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
    /// The unknown keys the part met (see `LaterPartTracking.unknownKeys`).
    var unknownKeys: [(key: String, offset: Int, place: String)] = []
    /// For each touch id the part lists, whether it first appears beginning (then it must not be
    /// down where the part starts) or otherwise (then it must be). A list, not the reader's
    /// dictionary: a part's results wait until the first thread gets there, and a list of the
    /// same entries takes a fraction of the memory (the join only goes through them in order).
    var firstSeen: [(id: TouchID, began: Bool)] = []
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
    /// Each unknown key the part met, where it first met it (its place "event N…" counted from
    /// the part's first event), in the order met: the first part's reader warns of those it
    /// has not warned of when it takes the part in, as reading the whole trace would have.
    var unknownKeys: [(key: String, offset: Int, place: String)] = []
    /// The keys of `unknownKeys`, which the part passes over from then on.
    var unknownKeyNames: Set<String> = []
    /// Past this many distinct ids the split is not worth its memory: the part gives up.
    static let limit = 200_000
}

extension TraceReader {
    /// The smallest trace read with two threads: below it, a thread costs more than it saves.
    static var parallelMinimumBytes: Int { 4_000_000 }

    /// Where to split the `events` array whose elements begin at `start`: the start of an
    /// event object near the middle of what follows (a `{` after a `,`, whose first key is `"t"`,
    /// `"touches"` or the first event's: `eventFirstKeys`), or nil. It may be a false boundary
    /// (inside a string, say); the reader of
    /// the first part checks that it lands there between events before anything is trusted.
    static func splitPoint(in bytes: JSONCursor, eventsStart start: Int) -> Int? {
        splitPoint(in: bytes, eventsStart: start, near: start + (bytes.end - start) / 2,
                   firstKeys: eventFirstKeys(in: bytes, eventsStart: start))
    }

    /// `splitPoint(in:eventsStart:)` at or just after `target` instead of the middle, for an
    /// event starting with one of `firstKeys` (`eventFirstKeys`).
    static func splitPoint(in bytes: JSONCursor, eventsStart start: Int, near target: Int, firstKeys: [[UInt8]]) -> Int? {
        bytes.objectElementStart(near: target, after: start, firstKeys: firstKeys)
    }

    /// The keys an event found by `splitPoint` may start with: `"t"` and `"touches"`, and the
    /// first event's first key if it is another (a recorder's `"type"` written before them,
    /// say: an event that starts so is cut there too, where otherwise no start would be found
    /// and one thread would read the whole trace).
    static func eventFirstKeys(in bytes: JSONCursor, eventsStart start: Int) -> [[UInt8]] {
        var keys: [[UInt8]] = [Array("t".utf8), Array("touches".utf8)]
        if let first = bytes.firstKeyOfFirstElement(at: start), !keys.contains(first) { keys.append(first) }
        return keys
    }

    /// Reads the events from `split` up to `until` (the start of the next part), or to the end
    /// of the `events` array when `until` is `Int.max` (on another thread): stops at the first
    /// problem, which the sequential reading will then report properly. A part that does not
    /// end exactly at `until`, between events, is not ok. With `reportUnknownKeys` (`--strict`),
    /// an unknown key is a problem there too.
    static func readLaterPart<C: TouchEventConsumer>(_ source: SourceFile, from split: Int, until: Int = Int.max,
                                                     reportUnknownKeys: Bool) -> LaterPart<C> {
        let part = LaterPart<C>()
        var reader = TraceReader(source: source, options: TraceReadOptions(reportUnknownKeys: reportUnknownKeys))
        reader.laterPart = LaterPartTracking()
        reader.isFirstPass = false
        guard var consumer = C.emptyForLaterPart() else { return part }
        do {
            try source.withBytes { buffer throws(ParseFailure) in
                var cursor = JSONCursor(buffer, from: split)
                var index = 0
                var pages = PageRelease(from: split)
                // The part starts with an element, not with the array's '['.
                var more = true
                repeat {
                    pages.reached(cursor.pos, in: source)
                    guard try reader.readEvent(&cursor, index: index) else { throw ParseFailure.stop }
                    try reader.admitPending(eventIndex: index, label: { _ in "" })
                    consumer.consume(reader.event)
                    index += 1
                    more = try cursor.nextElement(first: false)
                } while more && cursor.pos < until
                // Past the next part's start (a false boundary), or at the array's end short of it.
                if more ? cursor.pos != until : until != Int.max { throw ParseFailure.stop }
                pages.finish(at: cursor.pos, in: source)
                part.end = cursor.pos
                part.eventCount = index
            }
        } catch {
            return part
        }
        guard let tracking = reader.laterPart else { return part }
        part.consumer = consumer
        part.firstSeen = tracking.firstSeen.map { ($0.key, $0.value) }
        part.unknownKeys = tracking.unknownKeys
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
        return part
    }

    /// `place` ("event N…", N counted from a later part's first event) with N counted from the
    /// trace's first event, the part's being `first`.
    static func place(_ place: String, countedFrom first: Int) -> String {
        let rest = place.dropFirst("event ".count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard place.hasPrefix("event "), let n = Int(digits) else { return place }
        return "event \(first + n)" + rest.dropFirst(digits.count)
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

    /// Joins the parts from `parts.first` to the end of the `events` array, when this reader has
    /// reached the first one's start exactly, between events: if every one of them read cleanly
    /// and, taken in order, their assumptions hold (touches down or not where each starts, times
    /// that do not go back), takes them all in and returns true (the cursor then stands past the
    /// `events` array); otherwise takes in none and returns false, and reading goes on from
    /// there in this thread, as if no part had been read.
    mutating func joinLaterParts<C: TouchEventConsumer>(_ parts: [LaterPart<C>], eventIndex: Int,
                                                        cursor: inout JSONCursor, consumer: inout C) throws(ParseFailure) -> Bool {
        // The touches down where each part starts, as the parts before it leave them: the first
        // part's reader checks each part's assumptions against them before anything is taken in.
        var down: [TouchID: (slot: Int, serial: Int, beganOffset: Int, location: Point)] = [:]
        for touch in tracker.stillDown() { down[touch.id] = (touch.slot, touch.serial, touch.beganOffset, touch.location) }
        var touchCount = tracker.touchCount
        var lastTime = summary.lastTime
        // Each event's time is compared with the latest time before it, not with the time of the
        // event just before (which may itself have gone back, and been reported): a part's first
        // event at or after that one but before the latest would go back too.
        var latest = self.lastTime
        for part in parts {
            guard part.ok, part.consumer != nil else { return false }
            for (id, began) in part.firstSeen where began == (down[id] != nil) { return false }
            if let first = part.firstTime, first < latest { return false }
            // The touches down at the part's end: those before it the part never listed, and the
            // part's own (those down since before it keep their serial and where they began).
            var after = down
            for (id, _) in part.firstSeen { after[id] = nil }
            for (k, touch) in part.stillDown.enumerated() {
                if let serial = touch.serial {
                    after[touch.id] = (k, touchCount + serial, touch.offset, touch.location)
                } else if let earlier = down[touch.id] {
                    after[touch.id] = (k, earlier.serial, earlier.beganOffset, touch.location)
                }
            }
            down = after
            touchCount += part.began
            if let last = part.lastTime {
                lastTime = last
                latest = last
            }
        }
        var eventCount = eventIndex
        for part in parts {
            consumer.appendLaterPart(part.consumer!)
            // Each part's results go as soon as they are taken in.
            part.consumer = nil
            summary.maxX = max(summary.maxX, part.maxX)
            summary.maxY = max(summary.maxY, part.maxY)
            if summary.firstTime == nil { summary.firstTime = part.firstTime }
            for met in part.unknownKeys {
                try unknownKey(met.key, at: met.offset, in: Self.place(met.place, countedFrom: eventCount))
            }
            eventCount += part.eventCount
        }
        summary.lastTime = lastTime
        summary.touchCount = touchCount
        summary.eventCount = eventCount
        cursor.pos = parts.last!.end
        // The touches down at the end, in the order they began.
        let left = down.map { (id: $0.key, slot: $0.value.slot, serial: $0.value.serial, beganOffset: $0.value.beganOffset, location: $0.value.location) }
            .sorted { $0.serial < $1.serial }
        try finishTrace(consumer: &consumer, eventIndex: eventCount, left: left)
        return true
    }
}

/// The later parts of a large trace's `events` array, cut at event boundaries, and which thread
/// reads which: this reader takes parts from the front as it reaches them, the other thread
/// takes whole parts from the back, each only while the other has not taken it (see
/// `PartsFromBothEnds`).
final class LaterParts<C: TouchEventConsumer> {
    /// Where part k starts (the `{` of an event, or what looks like one: see `splitPoint`);
    /// part k ends where part k + 1 starts, the last at the end of the `events` array.
    let starts: [Int]
    private let work: PartsFromBothEnds<LaterPart<C>>
    /// The part whose start this reader reaches next.
    private(set) var next = 0
    /// The offset at which the first thread next looks at the parts: `starts[next]`, or past
    /// every offset when it has passed them all.
    var nextStart: Int { next < starts.count ? starts[next] : Int.max }

    /// The parts a trace is cut into when it is read with two threads (including the first
    /// thread's own beginning): enough that the threads' finishing times differ by little, few
    /// enough that the per-part costs stay small. Even, so that a boundary is at the middle.
    static var count: Int { 16 }

    /// The offset, from the start of an array of `span` bytes, near which part k starts
    /// (0 < k < `count`). The threads meet near the middle, so the parts are smallest there
    /// and grow towards the ends: the boundary j parts away from the middle lies (j / half)²
    /// of the half-array away from it. When the first thread reaches a part the other is
    /// still reading, it waits for that part: near the middle it is under 1% of the array,
    /// where with equal parts it would be an eighth (the first thread's wait there measured
    /// 0.9–2.1 ms on 20 MB traces with eight equal parts, 0.1–0.7 ms with these).
    static func target(ofPart k: Int, span: Int) -> Int {
        let half = count / 2
        let steps = k - half
        let away = (span / 2) * (steps * steps) / (half * half)
        return span / 2 + (steps < 0 ? -away : away)
    }

    /// Cuts the `events` array whose elements begin at `eventsStart` (in the bytes `bytes`
    /// reads) into parts, smallest at its middle (`target(ofPart:span:)`), or returns nil when
    /// no boundary is found.
    init?(bytes: JSONCursor, eventsStart: Int) {
        var starts: [Int] = []
        let keys = TraceReader.eventFirstKeys(in: bytes, eventsStart: eventsStart)
        for k in 1..<Self.count {
            let target = eventsStart + Self.target(ofPart: k, span: bytes.end - eventsStart)
            guard let start = TraceReader.splitPoint(in: bytes, eventsStart: eventsStart, near: max(target, (starts.last ?? eventsStart) + 1),
                                                     firstKeys: keys) else { continue }
            if start > (starts.last ?? eventsStart) { starts.append(start) }
        }
        if starts.isEmpty { return nil }
        self.starts = starts
        work = PartsFromBothEnds(count: starts.count)
    }

    /// Starts the other thread: it reads parts from the last one back, while this reader has
    /// not taken them.
    func start(_ source: SourceFile, reportUnknownKeys: Bool) {
        // Looking for the starts touched the file there, and the system may have mapped a large
        // block of it around each byte touched (large page-cache blocks): that memory goes now,
        // not when a reader gets there (it measured 7 MB more at the peak on a 1 GB trace).
        // A reader that touches those pages again reads them back.
        let around = 2 << 20
        for start in starts { source.releasePages(max(0, start - around)..<start + around) }
        // Its touch ids belong to the scope this thread reads in.
        let texts = TextScope.currentOrProcess
        let starts = self.starts
        work.start { k in
            texts.run {
                TraceReader.readLaterPart(source, from: starts[k], until: k + 1 < starts.count ? starts[k + 1] : Int.max,
                                          reportUnknownKeys: reportUnknownKeys)
            }
        }
    }

    /// Waits until the other thread has read the last `count` parts (for tests).
    func waitForParts(_ count: Int) {
        guard count > 0 else { return }
        work.wait(for: max(0, starts.count - count))
    }

    /// Called when this reader reaches or passes `nextStart`: takes the part that starts there
    /// if the other thread has not, and moves on to the next. When the other thread has it and
    /// the reader stands exactly at its start, returns it and every part after it (all the other
    /// thread's), waited for; else nil.
    func reach(_ offset: Int) -> [LaterPart<C>]? {
        let k = next
        next += 1
        guard !work.takeFromFront(k), offset == starts[k] else { return nil }
        // A part the other thread took always gives a result (`readLaterPart` returns one).
        return work.results(from: k).map { $0! }
    }

    /// Leaves every part not yet taken to this reader, and waits for the other thread.
    func finish() {
        work.finish()
    }
}

/// What the other thread found in the later part of a large `strokes` array: first the check
/// of its strokes (stage 1), then their merge (stage 0), each in an instance of its own.
final class LaterStrokes<C: TouchEventConsumer> {
    /// Whether the stage went without any problem: every stroke of the part written as strokes
    /// usually are and checked (stage 1); the merge made no message and found where the part's
    /// own events begin (stage 0).
    var ok = false
    // Stage 1, the check.
    /// The offset just past the `strokes` array's `]`.
    var end = 0
    /// The strokes in the part.
    var count = 0
    /// Whether the part's strokes begin in order of time, and the first one's first time.
    var beginInOrder = true
    var firstBegin = 0.0
    /// The part's strokes (by their place in the part) written as usual but for keys other
    /// than `id` and `points` (see `StrokeList.withOtherKeys`).
    var withOtherKeys: [Int] = []
    /// Each such key where the part first met it, in file order: the first thread warns of
    /// those it has not warned of when it takes the check in, as reading on alone would.
    var unknownKeys: [(key: String, offset: Int, stroke: Int)] = []
    /// The tails of the part's strokes (see `StrokeList.tails`), by their place in the part.
    var tails: [StrokeTail] = []
    // Stage 0, the merge.
    /// The offset of the first stroke that begins after every stroke before it in the part has
    /// ended: the part's events are those from there on. The first thread takes them in when
    /// its own merge, with nothing down, reaches that stroke.
    var handoff = 0
    var consumer: C?
    var eventCount = 0
    var touchCount = 0
    var firstTime: Double?
    var lastTime: Double?
    /// The largest x and y of the touches the merge admitted (those before `handoff` too: the
    /// first thread admits them as well).
    var maxX = 0.0
    var maxY = 0.0
}

/// A large `strokes` array read with two threads: this reader checks and merges the strokes
/// up to a split near the middle, the other thread checks those from the split on and then
/// merges them; each of its stages is taken in only if this reader gets to it exactly as the
/// other thread assumed (the split a boundary between strokes, the strokes in order of time,
/// nothing down where the other thread's events begin), otherwise this reader reads on alone.
final class StrokesSplit<C: TouchEventConsumer> {
    /// The offset of the `{` of the first stroke of the later part (or what looks like one).
    let split: Int
    private let work = PartsFromBothEnds<LaterStrokes<C>>(count: 2)
    private var merge: LaterStrokes<C>??

    /// Finds a stroke's start near the middle of the `strokes` array whose elements begin at
    /// `start`, or returns nil.
    init?(bytes: JSONCursor, strokesStart start: Int) {
        // A stroke starts with `"id"` or `"points"`, or with the first stroke's first key.
        var keys: [[UInt8]] = [Array("id".utf8), Array("points".utf8)]
        if let first = bytes.firstKeyOfFirstElement(at: start), !keys.contains(first) { keys.append(first) }
        guard let split = bytes.objectElementStart(near: start + (bytes.end - start) / 2, after: start,
                                                   firstKeys: keys) else { return nil }
        self.split = split
    }

    /// Starts the other thread on the part from `split`.
    /// `tailsMaximum`: how many of the part's strokes have their tails noted (see
    /// `StrokeList.tails`), 0 for none.
    func start(_ source: SourceFile, reportUnknownKeys: Bool, tailsMaximum: Int) {
        // As for the events' parts: the pages mapped around the split go now.
        let around = 2 << 20
        source.releasePages(max(0, split - around)..<split + around)
        let texts = TextScope.currentOrProcess
        let split = self.split
        work.startInStages { stage, checked in
            texts.run {
                if stage == 1 {
                    return TraceReader.checkLaterStrokes(source, from: split, reportUnknownKeys: reportUnknownKeys, tailsMaximum: tailsMaximum)
                }
                return TraceReader.mergeLaterStrokes(source, from: split, checked: checked!, reportUnknownKeys: reportUnknownKeys)
            }
        }
    }

    /// The check of the part, waited for.
    func checked() -> LaterStrokes<C> {
        work.results(from: 1)[0]!
    }

    /// The merge of the part, waited for (once).
    func merged() -> LaterStrokes<C>? {
        if let merge { return merge }
        let result = work.results(from: 0)[0]
        merge = .some(result)
        return result
    }

    /// Waits until the other thread is done with both stages (for tests).
    func waitForBoth() {
        work.wait(for: 0)
    }

    /// Takes no more stages to the other thread, and waits for it.
    func finish() {
        work.finish()
    }
}

extension TraceReader {
    /// Checks the strokes from `split` to the end of the `strokes` array (on another thread):
    /// stops at the first stroke not written as strokes usually are (but for other keys, which
    /// are noted, and are problems under `--strict`), or any syntax error, which the first
    /// thread will then read properly. The tails of the first `tailsMaximum` strokes are noted.
    static func checkLaterStrokes<C>(_ source: SourceFile, from split: Int, reportUnknownKeys: Bool, tailsMaximum: Int) -> LaterStrokes<C> {
        let part = LaterStrokes<C>()
        do {
            try source.withBytes { buffer throws(ParseFailure) in
                var cursor = JSONCursor(buffer, from: split)
                var pages = PageRelease(from: split)
                var lastBegin = -Double.infinity
                var count = 0
                var none: [KeptPoint] = []
                var otherKeys: [Int] = []
                var layout = LearnedTriple()
                // The times of the strokes whose tails are noted, for their twins.
                let recentTimes = tailsMaximum > 0 ? RecentStrokeTimes() : nil
                // The other keys met so far (most strokes repeat the last one met).
                var met: Set<String> = []
                var lastKey = ""
                repeat {
                    pages.reached(cursor.pos, in: source)
                    otherKeys.removeAll(keepingCapacity: true)
                    var tail: StrokeTail.Reading?
                    if let recentTimes, count < tailsMaximum { tail = StrokeTail.Reading(times: recentTimes.current) }
                    guard let begin = try checkUsualStroke(&cursor, keep: false, into: &none, otherKeys: &otherKeys, tail: &tail, layout: &layout) else {
                        throw ParseFailure.stop
                    }
                    if let tail, let recentTimes {
                        // The part's first stroke is no twin: the one before it is the other thread's.
                        part.tails.append(tail.finished(after: part.tails.last, previousTimes: recentTimes.previous))
                        recentTimes.next()
                    }
                    if !otherKeys.isEmpty {
                        if reportUnknownKeys { throw ParseFailure.stop }
                        part.withOtherKeys.append(count)
                        for keyOffset in otherKeys {
                            var reader = cursor
                            reader.pos = keyOffset
                            let name = reader.decode(try reader.memberKey())
                            if name == lastKey { continue }
                            lastKey = name
                            if met.insert(name).inserted { part.unknownKeys.append((name, keyOffset, count)) }
                        }
                    }
                    if count == 0 { part.firstBegin = begin }
                    if begin < lastBegin { part.beginInOrder = false }
                    lastBegin = begin
                    count += 1
                } while try cursor.nextElement(first: false)
                pages.finish(at: cursor.pos, in: source)
                part.end = cursor.pos
                part.count = count
            }
        } catch {
            return part
        }
        part.ok = true
        return part
    }

    /// Merges the strokes from `split` (checked, in `checked`) into events (on another thread),
    /// from the first that begins after every one before it in the part has ended: stops at
    /// the first problem, which the first thread will then report.
    static func mergeLaterStrokes<C: TouchEventConsumer>(_ source: SourceFile, from split: Int, checked: LaterStrokes<C>,
                                                         reportUnknownKeys: Bool) -> LaterStrokes<C> {
        let part = LaterStrokes<C>()
        guard checked.ok, checked.beginInOrder, var consumer = C.emptyForLaterPart() else { return part }
        var reader = TraceReader(source: source, options: TraceReadOptions(reportUnknownKeys: reportUnknownKeys))
        reader.isFirstPass = false
        var list = StrokeList(range: split..<checked.end)
        list.withOtherKeys = checked.withOtherKeys
        list.tails = checked.tails
        do {
            try source.withBytes { buffer throws(ParseFailure) in
                let cursor = JSONCursor(buffer, from: split, to: checked.end)
                try reader.mergeStrokes(list, leavingOut: [], cursor: cursor, consumer: &consumer, ownPart: part)
            }
        } catch {
            return part
        }
        part.consumer = consumer
        part.eventCount = reader.summary.eventCount
        part.touchCount = reader.summary.touchCount
        part.firstTime = reader.summary.firstTime
        part.lastTime = reader.summary.lastTime
        part.maxX = reader.summary.maxX
        part.maxY = reader.summary.maxY
        part.ok = true
        return part
    }
}
