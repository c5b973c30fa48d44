import Dispatch

/// Limits on numbers in traces: beyond them a value is a mistake, not a measurement.
enum TraceLimits {
    /// Coordinates, in points, within ±10 million (a screen is a few thousand points wide).
    static var coordinate: Double { 1.0e7 }
    /// Times, in seconds, within ±10 billion (Unix time in seconds fits, with room to spare).
    static var time: Double { 1.0e10 }
}

/// Reads a trace file's bytes: the header, then the events as a stream. Events are checked as
/// they are read (syntax, types, ranges, the life of every touch); the first pass over a file
/// checks everything, later passes replay the same bytes.
struct TraceReader {
    let source: SourceFile
    var diagnostics: Diagnostics
    var tracker = TouchTracker()
    /// The event being read, reused for every event.
    var event = TouchEvent(index: 0, t: 0, touches: [])
    var lastTime = -Double.infinity
    var summary = TraceSummary()
    /// Recently ended touches and the event they ended in, for "moved after it ended" messages;
    /// cleared when it grows, so that traces with millions of touches do not grow it. Brought up
    /// to date from `endedSinceUpdate` in batches and before a message reads it.
    var recentlyEnded: [TouchID: Int] = [:]
    /// Touches ended (and the event) since `recentlyEnded` was last brought up to date, in order:
    /// noting an ending costs an append, not a hash, and most traces are read without a message
    /// that asks (a small trace never makes the dictionary at all).
    var endedSinceUpdate: [(id: TouchID, event: Int)] = []
    /// The first pass over a file notes warnings; later passes replay it.
    var isFirstPass = true
    /// The unknown keys warned about, each once, and their warnings.
    var warnedUnknownKeys: Set<String> = []
    /// The unknown keys `passesOverUnknownKey` passed over (those of at most 16 bytes, at most
    /// `passedKeysLimit` of them, in the order first passed), which it found among those it
    /// may pass over; the place of the last one matched among them, and the one after it (the
    /// key expected next: files write their keys in the same order in every touch).
    var passedUnknownKeys: [ShortString] = []
    var lastPassedKey = 0
    var expectedUnknownKey: ShortString?
    static var passedKeysLimit: Int { 16 }
    /// The bytes of the last unknown member `passesOverUnknownKey` passed over whose value is a
    /// short plain string (`"pointerType": "touch"` and the whitespace after it), when it knows
    /// one: the same bytes again are passed over in one comparison (see there).
    var passedMember = ShortRun()
    var knowsPassedMember = false
    var unknownKeyWarnings: [TraceError] = []
    /// Whether reading ended at a problem that leaves the rest unreadable (a syntax error).
    var endedUnreadable = false
    /// Set when this reader reads a later part of the events on its own thread.
    var laterPart: LaterPartTracking?
    /// Whether a large trace may be read with two threads (tests turn it on for small ones).
    var parallelMinimumBytes = TraceReader.parallelMinimumBytes
    /// Parts of a large trace the other thread reads before this one begins (tests set it).
    var laterPartsReadFirst = 0
    /// The largest `strokes` array whose points the check keeps for the merge.
    var keptStrokesMaximumBytes = TraceReader.keptStrokesMaximumBytes
    /// The most strokes whose tails the check notes (see `StrokeTail`).
    var strokeTailsMaximum = TraceReader.strokeTailsMaximum
    /// How many points the strokes' merge passed over by their strokes' tails (tests read it).
    var middlePointsPassedOver = 0
    /// The layout of events learned from the trace itself (`readInLearnedLayout`, `learnLayout`).
    var layout = LearnedLayout()

    init(source: SourceFile, options: TraceReadOptions) {
        self.source = source
        self.diagnostics = Diagnostics(source: source, options: options)
        self.parallelMinimumBytes = options.parallelMinimumBytes
        self.laterPartsReadFirst = options.laterPartsReadFirst
        self.keptStrokesMaximumBytes = options.keptStrokesMaximumBytes
        self.strokeTailsMaximum = options.strokeTailsMaximum
        self.layout.learns = options.learnsLayouts
        if !options.learnsLayouts { self.layout.tryFrom = .max }
    }

    /// The lists a reader fills as it reads (touches down and their slots, the event's
    /// touches, the endings noted), handed from one reader to the next by a caller that reads
    /// trace after trace on one thread (a verify worker): each trace reuses their memory, where
    /// a new reader would allocate and grow them again and free them at the end.
    struct Lists {
        fileprivate var tracker = TouchTracker()
        fileprivate var touches: [EventTouch] = []
        fileprivate var endedSinceUpdate: [(id: TouchID, event: Int)] = []

        init() {}
    }

    /// A reader that reads with `lists`' memory (left empty until `giveBack(to:)`), starting
    /// as a new reader does: no touch known, no event read.
    init(source: SourceFile, options: TraceReadOptions, reusing lists: inout Lists) {
        self.init(source: source, options: options)
        swap(&tracker, &lists.tracker)
        swap(&event.touches, &lists.touches)
        swap(&endedSinceUpdate, &lists.endedSinceUpdate)
        tracker.removeAll()
        event.touches.removeAll(keepingCapacity: true)
        endedSinceUpdate.removeAll(keepingCapacity: true)
    }

    /// Hands the lists' memory back to `lists`, for the next reader (this one is done).
    mutating func giveBack(to lists: inout Lists) {
        swap(&tracker, &lists.tracker)
        swap(&event.touches, &lists.touches)
        swap(&endedSinceUpdate, &lists.endedSinceUpdate)
    }

    // MARK: The whole file (first pass)

    mutating func read<C: TouchEventConsumer>(consumer: inout C) throws(TraceErrors) -> Trace {
        do {
            return try readChecked(consumer: &consumer)
        } catch where diagnostics.collectAll && !unknownKeyWarnings.isEmpty && !endedUnreadable {
            // Every problem is wanted (validate): the unknown keys warned about too (unless the
            // file could not be read to its end, where only what ended it is said).
            throw TraceErrors(error.errors + unknownKeyWarnings)
        }
    }

    private mutating func readChecked<C: TouchEventConsumer>(consumer: inout C) throws(TraceErrors) -> Trace {
        do { try checkNotEmptyOrBinary(source) } catch { throw TraceErrors(error) }
        var header = TraceHeader()
        var body: Trace.Body?
        var bodyKeyOffset = 0
        do throws(ParseFailure) {
            try source.withBytes { buffer throws(ParseFailure) in
                var cursor = JSONCursor(buffer)
                try self.readTop(&cursor, header: &header, body: &body, bodyKeyOffset: &bodyKeyOffset, consumer: &consumer)
            }
        } catch {
            if error.isStop { throw TraceErrors(diagnostics.errors) }
            endedUnreadable = true
            throw diagnostics.fatal(error)
        }
        guard let body else {
            try diagnostics.report(at: 0, "missing \"events\": a trace needs \"events\" (or the compact \"strokes\")")
            try diagnostics.finish()
            preconditionFailure("unreachable")
        }
        try diagnostics.finish()
        return Trace(source: source, header: header, summary: summary, body: body)
    }

    /// The top-level object. Throws `ParseFailure` for syntax and `TraceErrors` for the rest.
    private mutating func readTop<C: TouchEventConsumer>(
        _ cursor: inout JSONCursor, header: inout TraceHeader, body: inout Trace.Body?,
        bodyKeyOffset: inout Int, consumer: inout C
    ) throws(ParseFailure) {
        let open = cursor.pos
        if cursor.peek() != UInt8(ascii: "{") {
            var probe = cursor
            let node = try probe.node(depth: 0)
            try report(at: node.offset, "a trace must be a JSON object with \"version\" and \"events\", found \(node.kindDescription)")
            return
        }
        cursor.pos += 1
        // The keys touchtrace knows are told apart by their bytes and noted in a bit set; only
        // other keys are decoded, and remembered as strings.
        var seenKeys: UInt8 = 0
        var seenOtherKeys: Set<String> = []
        var sawVersion = false
        var first = true
        while try cursor.nextMember(first: first) {
            first = false
            let keyOffset = cursor.pos
            let keyToken = try cursor.memberKey()
            let valueOffset = cursor.pos
            let known = TopKey(cursor, keyToken)
            let isDuplicate: Bool
            if let known {
                isDuplicate = seenKeys & known.bit != 0
                seenKeys |= known.bit
            } else {
                isDuplicate = !seenOtherKeys.insert(cursor.decode(keyToken)).inserted
            }
            if isDuplicate {
                try report(at: keyOffset, "duplicate key \"\(known?.name ?? cursor.decode(keyToken))\"")
                try cursor.skipValue(depth: 1)
                continue
            }
            guard let known else {
                try unknownKey(cursor.decode(keyToken), at: keyOffset, in: "the trace")
                try cursor.skipValue(depth: 1)
                continue
            }
            switch known {
            case .version:
                sawVersion = true
                let node = try cursor.node(depth: 1)
                if case .number(_, let integer?) = node.value, integer == 1 || integer == 2 {
                    header.version = Int(integer)
                } else if case .number(_, let integer) = node.value {
                    let written = writtenNumber(at: valueOffset)
                    if integer == nil {
                        // `1.0` is not version 1: versions are whole numbers, written as such.
                        try report(at: valueOffset, "\"version\" must be an integer (1 or 2), found \(written)")
                    } else {
                        try report(at: valueOffset, "unsupported \"version\" \(written): this touchtrace reads version 1 and 2 traces")
                    }
                } else {
                    try report(at: valueOffset, "\"version\" must be the number 1 or 2, found \(node.kindDescription)")
                }
            case .name, .description:
                let node = try cursor.node(depth: 1)
                if let s = node.string {
                    if known == .name { header.name = s } else { header.description = s }
                } else {
                    try report(at: valueOffset, "\"\(known.name)\" must be a string, found \(node.kindDescription)")
                }
            case .screen:
                let node = try cursor.node(depth: 1)
                header.screen = try readScreen(node)
            case .scene:
                header.scene = try cursor.node(depth: 1)
            case .maximumForce:
                let node = try cursor.node(depth: 1)
                if let v = node.number, v.isFinite, v > 0, v <= TraceLimits.coordinate {
                    header.maximumForce = v
                } else if let v = node.number {
                    try report(at: valueOffset, "\"maximumForce\" must be a number above 0 and at most \(numberText(TraceLimits.coordinate)), found \(numberText(v))")
                } else {
                    try report(at: valueOffset, "\"maximumForce\" must be a positive number (the force of the hardest press the screen measures), found \(node.kindDescription)")
                }
            case .events, .strokes:
                if body != nil {
                    try report(at: keyOffset, "a trace has \"events\" or \"strokes\", not both")
                    try cursor.skipValue(depth: 1)
                    continue
                }
                bodyKeyOffset = keyOffset
                // The consumer is read into where it lies: wrapping it (or copying it) would
                // make every buffer it holds shared, and copied again at its first write.
                if known == .events {
                    let start = cursor.pos
                    try readEvents(&cursor, consumer: &consumer)
                    body = .events(start..<cursor.pos)
                } else {
                    body = .strokes(try readStrokes(&cursor, consumer: &consumer))
                }
            }
        }
        cursor.skipWhitespace()
        if !cursor.atEnd {
            throw cursor.failure("invalid JSON: unexpected \(cursor.foundDescription()) after the end of the trace object")
        }
        if !sawVersion {
            try report(at: open, "missing required key \"version\" (write \"version\": 1)")
        }
    }

    private mutating func readScreen(_ node: JSONNode) throws(ParseFailure) -> (width: Double, height: Double)? {
        guard let members = node.members else {
            try report(at: node.offset, "\"screen\" must be an object like {\"width\": 390, \"height\": 844}, found \(node.kindDescription)")
            return nil
        }
        var width: Double?
        var height: Double?
        for member in members {
            switch member.key {
            case "width", "height":
                guard let v = member.value.number else {
                    try report(at: member.value.offset, "\"screen.\(member.key)\" must be a number (points), found \(member.value.kindDescription)")
                    continue
                }
                guard v.isFinite, v >= 0, v <= TraceLimits.coordinate else {
                    try report(at: member.value.offset, "\"screen.\(member.key)\" must be between 0 and \(numberText(TraceLimits.coordinate)) points, found \(numberText(v))")
                    continue
                }
                if member.key == "width" { width = v } else { height = v }
            default:
                try unknownKey(member.key, at: member.keyOffset, in: "\"screen\"")
            }
        }
        if width == nil || height == nil {
            if members.contains(where: { $0.key == "width" }) && members.contains(where: { $0.key == "height" }) { return nil }
            try report(at: node.offset, "\"screen\" needs both \"width\" and \"height\"")
            return nil
        }
        return (width!, height!)
    }

    // MARK: Events

    /// Reads the `events` array, checking each event and streaming it to `consumer`.
    mutating func readEvents<C: TouchEventConsumer>(_ cursor: inout JSONCursor, consumer: inout C) throws(ParseFailure) {
        if cursor.peek() != UInt8(ascii: "[") {
            let node = try cursor.node(depth: 1)
            try report(at: node.offset, "\"events\" must be an array of events, found \(node.kindDescription)")
            return
        }
        cursor.pos += 1
        // A large trace's events are cut into parts: this thread reads from the front, another
        // one reads whole parts from the back, and where they meet depends on how fast each goes.
        var later: LaterParts<C>?
        if isFirstPass, cursor.end >= parallelMinimumBytes, C.emptyForLaterPart() != nil,
           let parts = LaterParts<C>(bytes: cursor, eventsStart: cursor.pos) {
            parts.start(source, reportUnknownKeys: diagnostics.reportUnknownKeys)
            parts.waitForParts(laterPartsReadFirst)
            later = parts
        }
        // However reading ends, the other thread takes no more parts and is waited for.
        defer { later?.finish() }
        // Where the next part starts, past every offset when there is none: the loop compares
        // it with one integer instead of unwrapping the parts (and their references) every event.
        var nextStart = later?.nextStart ?? Int.max
        var index = 0
        var first = true
        // The bytes behind this reader leave memory as it goes (the other thread's reader does
        // the same behind itself, part by part).
        var pages = PageRelease(from: cursor.pos)
        while try cursor.nextElement(first: first) {
            first = false
            pages.reached(cursor.pos, in: source)
            if cursor.pos >= nextStart, let parts = later {
                while cursor.pos >= parts.nextStart {
                    // A part the other thread has read, from where this reader stands exactly:
                    // it and every part after it (all the other thread's) are joined, or none is
                    // and this thread reads on.
                    if let theirs = parts.reach(cursor.pos),
                       try joinLaterParts(theirs, eventIndex: index, cursor: &cursor, consumer: &consumer) {
                        // Every part read: what either reader left in memory goes.
                        pages.finish(at: cursor.pos, in: source)
                        return
                    }
                }
                nextStart = parts.nextStart
            }
            if try readEvent(&cursor, index: index) {
                try admitPending(eventIndex: index, label: { _ in "event \(index)" })
                consumer.consume(event)
            }
            index += 1
        }
        pages.finish(at: cursor.pos, in: source)
        summary.eventCount = index
        try finishTrace(consumer: &consumer, eventIndex: index)
    }

    /// Reads one event object into `event` (its touches not yet admitted); false if it was
    /// unusable (reported).
    ///
    /// Inlined into the reading loops, so that the usual event costs one call, not two.
    mutating func readEvent(_ cursor: inout JSONCursor, index: Int) throws(ParseFailure) -> Bool {
        if try readUsualEvent(&cursor, index: index) { return true }
        // One comparison while no layout is learned nor due to be: the steps that follow are those
        // of a reader without layouts, the layout's out of line.
        if index >= layout.tryFrom { return try readEventWithLayout(&cursor, index: index) }
        if try readPlainEvent(&cursor, index: index) { return true }
        return try readAnyEvent(&cursor, index: index)
    }

    /// `readEvent` for an event that has a problem (or that the other steps do not read): any
    /// spacing and order, every problem reported.
    @inline(never)
    private mutating func readAnyEvent(_ cursor: inout JSONCursor, index: Int) throws(ParseFailure) -> Bool {
        let eventOffset = cursor.pos
        guard cursor.current == UInt8(ascii: "{") else {
            let node = try cursor.node(depth: 2)
            try report(at: node.offset, "event \(index): expected an object with \"t\" and \"touches\", found \(node.kindDescription)")
            return false
        }
        cursor.pos += 1
        event.touches.removeAll(keepingCapacity: true)
        var t: Double?
        var sawTouches = false
        var usable = true
        var first = true
        // Events are almost always {"t": ..., "touches": [...]}: those keys are tried first.
        var predicted = 0
        while try cursor.nextMember(first: first) {
            first = false
            let keyOffset = cursor.pos
            let key: JSONStringToken
            var which: EventKey
            if predicted == 0, let k = cursor.predictedKey(0x227422, length: 3) {
                key = k
                which = .t
            } else if predicted == 1, let k = cursor.predictedKey(0x7365_6863_756F_7422, length: 8, then: 0x22) {
                key = k
                which = .touches
            } else {
                key = try cursor.memberKey()
                which = cursor.equals(key, "t") ? .t : (cursor.equals(key, "touches") ? .touches : .other)
            }
            predicted += 1
            if which == .t {
                if t != nil {
                    try report(at: keyOffset, "event \(index): duplicate key \"t\"")
                    usable = false
                }
                let valueOffset = cursor.pos
                guard cursor.atNumberStart else {
                    let node = try cursor.node(depth: 2)
                    try report(at: valueOffset, "event \(index): \"t\" must be a number (seconds), found \(node.kindDescription)")
                    usable = false
                    continue
                }
                let v = try cursor.number().value
                if !(v.magnitude <= TraceLimits.time) {
                    try report(at: valueOffset, "event \(index): \"t\" is out of range (\(numberText(v))); times must be within ±\(numberText(TraceLimits.time)) seconds")
                    usable = false
                }
                t = v
            } else if which == .touches {
                if sawTouches {
                    try report(at: keyOffset, "event \(index): duplicate key \"touches\"")
                    usable = false
                }
                sawTouches = true
                if try !readTouches(&cursor, eventIndex: index) { usable = false }
            } else {
                try unknownKey(cursor.decode(key), at: keyOffset, in: "event \(index)")
                try cursor.skipValue(depth: 2)
            }
        }
        guard let t else {
            try report(at: eventOffset, "event \(index): missing required key \"t\" (the event's time in seconds)")
            return false
        }
        if !sawTouches {
            try report(at: eventOffset, "event \(index) (t=\(fixed4(t))): missing required key \"touches\"")
            return false
        }
        if t < lastTime {
            let (now, before) = distinctTimes(t, lastTime)
            try report(at: eventOffset, "event \(index) (t=\(now)): time goes backwards (the event before is at t=\(before))")
        } else if t.isFinite {
            lastTime = t
        }
        if !usable { return false }
        event.t = t
        event.index = index
        return true
    }

    /// An event as files usually write it, `{"t": 0.25, "touches": [{"id": 1, ...}, ...]}`
    /// spaced just so, its touches read by `readUsualTouch` or else `readPlainTouch`, and
    /// nothing to report: read in a
    /// straight line into `event`, with the same steps as `readAnyEvent`. For any other, false
    /// with the cursor where it was, for `readPlainEvent`. Malformed JSON throws here just as
    /// `readAnyEvent` would at the same byte.
    private mutating func readUsualEvent(_ cursor: inout JSONCursor, index: Int) throws(ParseFailure) -> Bool {
        var c = cursor
        guard c.skipLiteral(UsualLayout.eventOpen, length: 6), let t = try c.numberIfPresent(longFractions: true)?.value else { return false }
        // A time in range that does not go backwards (nor is it NaN: then `t >= lastTime` fails).
        guard t.magnitude <= TraceLimits.time, t >= lastTime,
              c.skipLiteral(UsualLayout.touchesKey, length: 8), c.skipLiteral(UsualLayout.touchesColon, length: 6)
        else { return false }
        // The touches go over those of the event before (`readAnyEvent` clears them if this fails).
        var count = 0
        while true {
            let offset = c.pos
            if let usual = try Self.readUsualTouch(&c) {
                if count < event.touches.count {
                    event.touches[count] = usual.touch(at: offset)
                } else {
                    if event.touches.capacity == 0 { event.touches.reserveCapacity(TouchTracker.fewFingers) }
                    event.touches.append(usual.touch(at: offset))
                }
            } else {
                guard let touch = try Self.readPlainTouch(&c, at: offset, passingOver: { passesOverUnknownKey(&$0, depth: 4) }) else { return false }
                placeTouch(touch, at: count)
            }
            count += 1
            guard c.skipLiteral(UsualLayout.touchSeparator, length: 2) else { break }
        }
        guard c.skipLiteral(UsualLayout.eventClose, length: 2) else {
            // The touches end, but not the event (a recorder's frame number follows, say): the
            // rest of it is read by the plain steps, from here, with what was read kept.
            guard c.current == UInt8(ascii: "]") else { return false }
            c.pos += 1
            return try readPlainEventMembers(&cursor, from: c, atKey: false, time: t, sawTouches: true, count: count, index: index)
        }
        if count < event.touches.count { event.touches.removeLast(event.touches.count - count) }
        cursor = c
        lastTime = t
        event.t = t
        event.index = index
        return true
    }

    /// An event with nothing to report, read in one pass into `event`: any spacing, its keys
    /// and its touches' keys in any order, told apart by their quoted bytes (`QuotedKey`), with
    /// the same steps as `readAnyEvent` takes over the same bytes. At the first thing
    /// `readAnyEvent` would report or warn about (or that this pass does not read: escapes in
    /// keys, malformed JSON between the values), false with the cursor where it
    /// was, and `readAnyEvent` reads the event again and reports. A malformed number throws
    /// here just as it would there, at the same byte and with the same message.
    private mutating func readPlainEvent(_ cursor: inout JSONCursor, index: Int) throws(ParseFailure) -> Bool {
        var c = cursor
        guard c.current == UInt8(ascii: "{") else { return false }
        c.pos += 1
        c.skipWhitespace()
        return try readPlainEventMembers(&cursor, from: c, atKey: true, time: nil, sawTouches: false, count: 0, index: index)
    }

    /// `readPlainEvent`'s steps from `start`, inside the event at `cursor`: at a member's key
    /// (`atKey`), or else after a member's value, with the time, whether the touches were read
    /// and how many, as read so far (by `readUsualEvent`, which hands an event over to these
    /// steps where its layout ends, rather than have it read again from the start). The same
    /// result as `readPlainEvent` reading the event from its start.
    private mutating func readPlainEventMembers(_ cursor: inout JSONCursor, from start: JSONCursor, atKey: Bool,
                                               time: Double?, sawTouches: Bool, count: Int, index: Int) throws(ParseFailure) -> Bool {
        var c = start
        var time = time
        var sawTouches = sawTouches
        // The touches go over those of the event before (`readAnyEvent` clears them if this fails).
        var count = count
        var more = atKey || c.skipSeparator(UInt8(ascii: ","))
        while more {
            let word = c.lookahead(0)
            if word & 0xFF_FFFF == QuotedKey.t {
                // A time in range, reported at once otherwise (whether it goes backwards is
                // said after the event, as `readAnyEvent` says it).
                guard time == nil, c.takeQuotedKey(3), let t = try c.numberIfPresent()?.value, t.magnitude <= TraceLimits.time else { return false }
                time = t
            } else if word == QuotedKey.touches, c.lookahead(8) & 0xFF == 0x22 {
                guard !sawTouches, c.takeQuotedKey(9), c.current == UInt8(ascii: "[") else { return false }
                sawTouches = true
                c.pos += 1
                // (`skip` leaves the cursor past any whitespace when the array is not empty.)
                if !c.skip(UInt8(ascii: "]")) {
                    repeat {
                        let offset = c.pos
                        guard let touch = try Self.readPlainTouch(&c, at: offset, passingOver: { passesOverUnknownKey(&$0, depth: 4) }) else { return false }
                        placeTouch(touch, at: count)
                        count += 1
                    } while c.skipSeparator(UInt8(ascii: ","))
                    guard c.skip(UInt8(ascii: "]")) else { return false }
                }
            } else {
                // Another key: passed over where `readAnyEvent` would say nothing of it.
                guard passesOverUnknownKey(&c, depth: 2) else { return false }
            }
            more = c.skipSeparator(UInt8(ascii: ","))
        }
        // Not NaN either: then `t >= lastTime` fails.
        guard c.skip(UInt8(ascii: "}")), let t = time, sawTouches, t >= lastTime else { return false }
        if count < event.touches.count { event.touches.removeLast(event.touches.count - count) }
        cursor = c
        lastTime = t
        event.t = t
        event.index = index
        return true
    }

    /// Puts `touch` at `position` of the event's touches, over the touch of an event before or
    /// after the last (the touches go over those of the event before; the caller trims the rest).
    private mutating func placeTouch(_ touch: EventTouch, at position: Int) {
        if position < event.touches.count {
            event.touches[position] = touch
        } else {
            if event.touches.capacity == 0 { event.touches.reserveCapacity(TouchTracker.fewFingers) }
            event.touches.append(touch)
        }
    }

    /// Reads an event's `touches` array into `event.touches`; false if a touch was unusable.
    private mutating func readTouches(_ cursor: inout JSONCursor, eventIndex: Int) throws(ParseFailure) -> Bool {
        guard cursor.current == UInt8(ascii: "[") else {
            let node = try cursor.node(depth: 2)
            try report(at: node.offset, "event \(eventIndex): \"touches\" must be an array, found \(node.kindDescription)")
            return false
        }
        cursor.pos += 1
        var usable = true
        var first = true
        var position = 0
        while try cursor.nextElement(first: first) {
            first = false
            if let touch = try readTouch(&cursor, eventIndex: eventIndex, position: position) {
                event.touches.append(touch)
            } else {
                usable = false
            }
            position += 1
        }
        return usable
    }

    /// Reads one touch object; nil if it was unusable (reported).
    ///
    /// The hot loop of every read: keys are told apart by their first byte and length, numbers go
    /// straight into doubles, and every problem is handed to `touchProblem`, out of line, so that
    /// this function carries none of the messages.
    private mutating func readTouch(_ cursor: inout JSONCursor, eventIndex: Int, position: Int) throws(ParseFailure) -> EventTouch? {
        let offset = cursor.pos
        let place = TouchPlace(eventIndex: eventIndex, position: position)
        guard cursor.current == UInt8(ascii: "{") else {
            try touchProblem(.notAnObject, at: offset, place, &cursor)
            return nil
        }
        if let touch = try Self.readPlainTouch(&cursor, at: offset, passingOver: { passesOverUnknownKey(&$0, depth: 4) }) { return touch }
        cursor.pos += 1
        var id: TouchID?
        var phase: TouchPhase?
        var x: Double?
        var y: Double?
        var force: Double?
        var majorRadius: Double?
        var usable = true
        var first = true
        while try cursor.nextMember(first: first) {
            first = false
            let keyOffset = cursor.pos
            // The keys touchtrace knows, told apart by their bytes; any other (or a known key
            // written with escapes) is read and decoded.
            var key: JSONStringToken?
            var which = TouchKey.take(&cursor)
            if which == .other {
                let token = try cursor.memberKey()
                key = token
                which = TouchKey(cursor, token)
            }
            let valueOffset = cursor.pos
            switch which {
            case .x, .y:
                let isX = which == .x
                if (isX ? x : y) != nil {
                    try touchProblem(.duplicate(isX ? "x" : "y"), at: keyOffset, place, &cursor)
                    usable = false
                }
                guard cursor.atNumberStart else {
                    try touchProblem(.coordinateNotANumber(isX ? "x" : "y"), at: valueOffset, place, &cursor)
                    usable = false
                    continue
                }
                let v = try cursor.number().value
                guard v.magnitude <= TraceLimits.coordinate else {
                    try touchProblem(.coordinateOutOfRange(isX ? "x" : "y", v), at: valueOffset, place, &cursor)
                    usable = false
                    continue
                }
                if isX { x = v } else { y = v }
            case .id:
                if id != nil {
                    try touchProblem(.duplicate("id"), at: keyOffset, place, &cursor)
                    usable = false
                }
                if cursor.atNumberStart {
                    let n = try cursor.number()
                    if let integer = n.integer {
                        id = .number(integer)
                    } else {
                        try touchProblem(.idNotAnInteger(n.value), at: valueOffset, place, &cursor)
                        usable = false
                    }
                } else if cursor.current == UInt8(ascii: "\"") {
                    id = .text(cursor.decode(try cursor.stringToken()))
                } else {
                    try touchProblem(.idNotAnIntegerOrString, at: valueOffset, place, &cursor)
                    usable = false
                }
            case .phase:
                if phase != nil {
                    try touchProblem(.duplicate("phase"), at: keyOffset, place, &cursor)
                    usable = false
                }
                guard cursor.current == UInt8(ascii: "\"") else {
                    try touchProblem(.phaseNotAString, at: valueOffset, place, &cursor)
                    usable = false
                    continue
                }
                if cursor.predictedString(0x22_6465_766F_6D22, length: 7) {
                    phase = .moved
                    continue
                }
                let token = try cursor.stringToken()
                if let p = Self.parsePhase(cursor, token) {
                    phase = p
                } else {
                    try touchProblem(.unknownPhase(cursor.decode(token)), at: valueOffset, place, &cursor)
                    usable = false
                }
            case .force, .majorRadius:
                let isForce = which == .force
                guard cursor.atNumberStart else {
                    try touchProblem(.measureNotANumber(isForce ? "force" : "majorRadius"), at: valueOffset, place, &cursor)
                    usable = false
                    continue
                }
                let v = try cursor.number().value
                guard v.isFinite, v >= 0, v <= TraceLimits.coordinate else {
                    try touchProblem(.measureOutOfRange(isForce ? "force" : "majorRadius", v), at: valueOffset, place, &cursor)
                    usable = false
                    continue
                }
                if isForce { force = v } else { majorRadius = v }
            case .other:
                try touchProblem(.unknownKey(key.map { cursor.decode($0) } ?? ""), at: keyOffset, place, &cursor)
                try cursor.skipValue(depth: 4)
            }
        }
        guard usable, let id, let phase, let x, let y else {
            if usable {
                try touchProblem(.missingKeys(id: id == nil, phase: phase == nil, x: x == nil, y: y == nil), at: offset, place, &cursor)
            }
            return nil
        }
        // The slot and serial come when the touch is admitted.
        return EventTouch(id: id, phase: phase, location: Point(x: x, y: y), force: force, majorRadius: majorRadius,
                          slot: -1, serial: -1, offset: offset)
    }

    /// A touch with nothing to report (`{"id": 3, "phase": "moved", "x": 1.5, "y": 2}`, with
    /// `force` and `majorRadius` or without, any spacing, its keys in any order), read in one
    /// pass with the same steps as the loop of `readTouch`: each key told apart by its quoted
    /// bytes (`QuotedKey`), whatever comes before or after it. At the first thing that loop
    /// would report or warn about (or that this pass does not read: escapes in a key, malformed
    /// JSON between the values), nil with the cursor where it was, and the loop
    /// reads the touch and reports it. A malformed number throws here just as the loop would
    /// at the same byte. A key touchtrace does not know is passed over when `passesOver` takes
    /// it (`passesOverUnknownKey`: one the loop would say nothing of).
    private static func readPlainTouch(_ cursor: inout JSONCursor, at offset: Int,
                                        passingOver passesOver: (inout JSONCursor) -> Bool) throws(ParseFailure) -> EventTouch? {
        var c = cursor
        guard c.current == UInt8(ascii: "{") else { return nil }
        c.pos += 1
        var id: Int64 = 0
        var textID: String?
        var phase = TouchPhase.moved
        var x = 0.0
        var y = 0.0
        var force: Double?
        var majorRadius: Double?
        // The keys read so far, a bit each (`TouchKey.bit`): a key read twice is reported.
        var seen: UInt8 = 0
        c.skipWhitespace()
        repeat {
            let word = c.lookahead(0)
            // The key's first letter, then all its quoted bytes (the opening quote in the lowest
            // byte), then the value; each key at most once.
            switch (word >> 8) & 0xFF {
            case 0x78 where word & 0xFF_FFFF == QuotedKey.x:
                // (A NaN fails the comparison, as an infinity does.) A coordinate may be a
                // browser's double, of more than eight digits after the point.
                guard seen & TouchKey.x.bit == 0, c.takeQuotedKey(3),
                      let v = try c.numberIfPresent(longFractions: true)?.value, v.magnitude <= TraceLimits.coordinate else { return nil }
                seen |= TouchKey.x.bit
                x = v
            case 0x79 where word & 0xFF_FFFF == QuotedKey.y:
                guard seen & TouchKey.y.bit == 0, c.takeQuotedKey(3),
                      let v = try c.numberIfPresent(longFractions: true)?.value, v.magnitude <= TraceLimits.coordinate else { return nil }
                seen |= TouchKey.y.bit
                y = v
            case 0x69 where word & 0xFFFF_FFFF == QuotedKey.id:
                guard seen & TouchKey.id.bit == 0, c.takeQuotedKey(4) else { return nil }
                seen |= TouchKey.id.bit
                if let n = try c.numberIfPresent() {
                    guard let integer = n.integer else { return nil }
                    id = integer
                } else {
                    // A string id, read as the loop reads it.
                    guard c.current == UInt8(ascii: "\"") else { return nil }
                    textID = c.decode(try c.stringToken())
                }
            case 0x70 where word & 0xFF_FFFF_FFFF_FFFF == QuotedKey.phase:
                guard seen & TouchKey.phase.bit == 0, c.takeQuotedKey(7),
                      c.current == UInt8(ascii: "\"") else { return nil }
                seen |= TouchKey.phase.bit
                if c.predictedString(0x22_6465_766F_6D22, length: 7) {
                    phase = .moved
                } else {
                    guard let p = Self.parsePhase(c, try c.stringToken()) else { return nil }
                    phase = p
                }
            case 0x66 where word & 0xFF_FFFF_FFFF_FFFF == QuotedKey.force:
                guard seen & TouchKey.force.bit == 0, c.takeQuotedKey(7),
                      let v = try c.numberIfPresent()?.value, v.isFinite, v >= 0, v <= TraceLimits.coordinate else { return nil }
                seen |= TouchKey.force.bit
                force = v
            case 0x6D where word == QuotedKey.majorRa && c.lookahead(8) & 0xFF_FFFF_FFFF == QuotedKey.dius:
                guard seen & TouchKey.majorRadius.bit == 0, c.takeQuotedKey(13),
                      let v = try c.numberIfPresent()?.value, v.isFinite, v >= 0, v <= TraceLimits.coordinate else { return nil }
                seen |= TouchKey.majorRadius.bit
                majorRadius = v
            default:
                // Another key: passed over where the loop of `readTouch` would say nothing of it.
                guard passesOver(&c) else { return nil }
            }
        } while c.skipSeparator(UInt8(ascii: ","))
        guard c.skip(UInt8(ascii: "}")), seen & TouchKey.required == TouchKey.required else { return nil }
        cursor = c
        // The slot and serial come when the touch is admitted.
        return EventTouch(id: textID.map { .text($0) } ?? .number(id), phase: phase, location: Point(x: x, y: y),
                          force: force, majorRadius: majorRadius, slot: -1, serial: -1, offset: offset)
    }

    /// A touch as files usually write it, `{"id": 3, "phase": "moved", "x": 1.5, "y": 2}`
    /// spaced just so, with nothing to report: each key with what comes before it matched in
    /// one comparison, the values read with the same steps as the loop of `readTouch`. For any
    /// other, nil with the cursor where it was, for `readPlainTouch`. Malformed JSON throws here
    /// just as that loop would at the same byte.
    private static func readUsualTouch(_ cursor: inout JSONCursor) throws(ParseFailure) -> UsualTouch? {
        var c = cursor
        guard c.skipLiteral(UsualLayout.touchOpen, length: 7), let id = try c.numberIfPresent()?.integer,
              c.skipLiteral(UsualLayout.phaseKey, length: 8), c.skipLiteral(UsualLayout.phaseColon, length: 3),
              c.current == UInt8(ascii: "\"")
        else { return nil }
        let phase: TouchPhase
        if c.predictedString(0x22_6465_766F_6D22, length: 7) {
            phase = .moved
        } else {
            guard let p = Self.parsePhase(c, try c.stringToken()) else { return nil }
            phase = p
        }
        // (A NaN fails the comparison, as an infinity does.)
        guard c.skipLiteral(UsualLayout.xKey, length: 7), let x = try c.numberIfPresent(longFractions: true)?.value, x.magnitude <= TraceLimits.coordinate,
              c.skipLiteral(UsualLayout.yKey, length: 7), let y = try c.numberIfPresent(longFractions: true)?.value, y.magnitude <= TraceLimits.coordinate,
              c.current == UInt8(ascii: "}")
        else { return nil }
        c.pos += 1
        cursor = c
        return UsualTouch(id: id, phase: phase, x: x, y: y)
    }

    /// What a touch in the usual layout gives: few enough values to come back in registers.
    private struct UsualTouch {
        var id: Int64
        var phase: TouchPhase
        var x: Double
        var y: Double

        /// The touch at `offset`, its slot and serial to come when it is admitted.
        func touch(at offset: Int) -> EventTouch {
            EventTouch(id: .number(id), phase: phase, location: Point(x: x, y: y), force: nil, majorRadius: nil,
                       slot: -1, serial: -1, offset: offset)
        }
    }

    /// Where a touch is in the trace, for messages: `event 12, touches[0]`.
    struct TouchPlace {
        let eventIndex: Int
        let position: Int
        var label: String { "event \(eventIndex), touches[\(position)]" }
    }

    /// What can be wrong with a touch object.
    enum TouchProblem {
        case notAnObject
        case duplicate(StaticString)
        case coordinateNotANumber(StaticString)
        case coordinateOutOfRange(StaticString, Double)
        case idNotAnInteger(Double)
        case idNotAnIntegerOrString
        case phaseNotAString
        case unknownPhase(String)
        case measureNotANumber(StaticString)
        case measureOutOfRange(StaticString, Double)
        case unknownKey(String)
        case missingKeys(id: Bool, phase: Bool, x: Bool, y: Bool)
    }

    /// Reports a problem of a touch, out of line so that the messages stay out of the hot loop.
    /// For a value of the wrong kind, the value at the cursor is skipped first (to name its kind).
    @inline(never)
    private mutating func touchProblem(_ problem: TouchProblem, at offset: Int, _ place: TouchPlace,
                                       _ cursor: inout JSONCursor) throws(ParseFailure) {
        let label = place.label
        switch problem {
        case .notAnObject:
            let kind = try cursor.node(depth: 4).kindDescription
            try report(at: offset, "\(label): a touch must be an object with \"id\", \"phase\", \"x\" and \"y\", found \(kind)")
        case .duplicate(let key):
            try report(at: offset, "\(label): duplicate key \"\(key)\"")
        case .coordinateNotANumber(let name):
            let kind = try cursor.node(depth: 4).kindDescription
            try report(at: offset, "\(label): \"\(name)\" must be a number (points), found \(kind)")
        case .coordinateOutOfRange(let name, let v):
            try report(at: offset, "\(label): \"\(name)\" is out of range (\(numberText(v))); coordinates must be within ±\(numberText(TraceLimits.coordinate)) points")
        case .idNotAnInteger(let v):
            // As written: `1.0` and `1e3` are not integers even though their values are whole.
            let written = writtenNumber(at: offset)
            let what = v.isFinite && v == v.rounded() && abs(v) < 9.3e18 && !written.contains(".") && !written.contains("e") && !written.contains("E")
                ? "\(written) (beyond 64 bits)" : written
            try report(at: offset, "\(label): touch \"id\" must be an integer without fraction or exponent that fits in 64 bits, or a string; found \(what)")
        case .idNotAnIntegerOrString:
            let kind = try cursor.node(depth: 4).kindDescription
            try report(at: offset, "\(label): touch \"id\" must be an integer or a string, found \(kind)")
        case .phaseNotAString:
            let kind = try cursor.node(depth: 4).kindDescription
            try report(at: offset, "\(label): \"phase\" must be a string (\(TouchPhase.validNames)), found \(kind)")
        case .unknownPhase(let name):
            try report(at: offset, "\(label): unknown phase \"\(name)\" (valid phases: \(TouchPhase.validNames))")
        case .measureNotANumber(let name):
            let kind = try cursor.node(depth: 4).kindDescription
            try report(at: offset, "\(label): \"\(name)\" must be a number, found \(kind)")
        case .measureOutOfRange(let name, let v):
            try report(at: offset, "\(label): \"\(name)\" must be between 0 and \(numberText(TraceLimits.coordinate)), found \(numberText(v))")
        case .unknownKey(let key):
            try unknownKey(key, at: offset, in: label)
        case .missingKeys(let id, let phase, let x, let y):
            var missing: [String] = []
            if id { missing.append("\"id\"") }
            if phase { missing.append("\"phase\"") }
            if x { missing.append("\"x\"") }
            if y { missing.append("\"y\"") }
            let keys = missing.count == 1 ? "key \(missing[0])" : "keys " + missing.joined(separator: ", ")
            try report(at: offset, "\(label): missing required \(keys)")
        }
    }

    private static func parsePhase(_ cursor: JSONCursor, _ token: JSONStringToken) -> TouchPhase? {
        if cursor.equals(token, "moved") { return .moved }
        if cursor.equals(token, "began") { return .began }
        if cursor.equals(token, "ended") { return .ended }
        if cursor.equals(token, "cancelled") { return .cancelled }
        if cursor.equals(token, "stationary") { return .stationary }
        return nil
    }

    /// Checks the life of each touch of `event` and gives it its slot and serial. A touch with a
    /// problem is reported, and dropped when every problem is wanted.
    mutating func admitPending(eventIndex: Int, label: (Int) -> String) throws(ParseFailure) {
        // Touches are nearly always admitted: the loop reads and writes only what it needs, and
        // hands the rest of the event to `admitWithProblems` at the first problem.
        let count = event.touches.count
        var position = 0
        while position < count {
            let id = event.touches[position].id
            let phase = event.touches[position].phase
            let admission = laterPart == nil
                ? tracker.admit(id, phase, event: eventIndex, offset: event.touches[position].offset, location: event.touches[position].location)
                : try admitInLaterPart(event.touches[position], eventIndex: eventIndex)
            switch admission {
            case .success(let (slot, serial)):
                if phase.isEnding && isFirstPass { noteEnded(id, eventIndex) }
                event.touches[position].admitted(slot: slot, serial: serial)
                noteBounds(event.touches[position].location)
                position += 1
            case .failure(let problem):
                try admitWithProblems(from: position, problem, eventIndex: eventIndex, label: label)
                position = count
            }
        }
        tracker.finishEvent()
        summary.touchCount = tracker.touchCount
        if summary.firstTime == nil { summary.firstTime = event.t }
        summary.lastTime = event.t
    }

    /// `admitPending` for an event whose one touch, listed in `event` with the same id, moves to
    /// `location` (the touch written at byte `offset`) and was admitted in `slot`, as began or
    /// moved, in the event just before (a stroke's next point, as the strokes' merge knows): the
    /// same event and the same result, without looking the touch up.
    mutating func admitMoving(inSlot slot: Int, eventIndex: Int, to location: Point, offset: Int) {
        let serial = tracker.admitMoving(slot: slot, event: eventIndex, location: location)
        event.touches[0].moved(to: location, offset: offset, slot: slot, serial: serial)
        noteBounds(location)
        tracker.finishEvent()
        summary.touchCount = tracker.touchCount
        if summary.firstTime == nil { summary.firstTime = event.t }
        summary.lastTime = event.t
    }

    /// `admitPending` for an event whose touches each move a touch admitted, as began or moved,
    /// in an event before, in the slot `slot(position)` gives, a slot for each (as the strokes'
    /// merge knows them): the same event and the same result, without looking the touches up.
    mutating func admitMoving(eventIndex: Int, inSlots slot: (Int) -> Int) {
        for position in 0..<event.touches.count {
            let touchSlot = slot(position)
            let location = event.touches[position].location
            let serial = tracker.admitMoving(slot: touchSlot, event: eventIndex, location: location)
            event.touches[position].admitted(slot: touchSlot, serial: serial)
            noteBounds(location)
        }
        tracker.finishEvent()
        summary.touchCount = tracker.touchCount
        if summary.firstTime == nil { summary.firstTime = event.t }
        summary.lastTime = event.t
    }

    /// The rest of `admitPending` from the touch at `start`, which has `problem`: reports each
    /// touch with a problem and drops it.
    @inline(never)
    private mutating func admitWithProblems(from start: Int, _ problem: TouchTracker.Problem, eventIndex: Int,
                                            label: (Int) -> String) throws(ParseFailure) {
        var dropped: [Int] = []
        for position in start..<event.touches.count {
            let touch = event.touches[position]
            let admission = position == start
                ? .failure(problem)
                : laterPart == nil
                ? tracker.admit(touch.id, touch.phase, event: eventIndex, offset: touch.offset, location: touch.location)
                : try admitInLaterPart(touch, eventIndex: eventIndex)
            switch admission {
            case .success(let (slot, serial)):
                if touch.phase.isEnding && isFirstPass { noteEnded(touch.id, eventIndex) }
                event.touches[position].admitted(slot: slot, serial: serial)
                noteBounds(touch.location)
            case .failure(let problem):
                let what: String
                switch problem {
                case .listedTwice:
                    what = "touch \(touch.id) is listed twice in one event"
                case .beganWhileDown(let beganIn):
                    what = "touch \(touch.id) began again while it was down (it began in event \(beganIn))"
                case .notDown:
                    updateRecentlyEnded()
                    if let endedIn = recentlyEnded[touch.id] {
                        what = "touch \(touch.id) \(touch.phase) after it ended (in event \(endedIn))"
                    } else if recentlyEnded.count < Self.recentlyEndedLimit {
                        what = "touch \(touch.id) \(touch.phase) before it began"
                    } else {
                        what = "touch \(touch.id) \(touch.phase) but is not down (it has not begun, or it has ended)"
                    }
                }
                try report(at: touch.offset, "\(label(position)) (t=\(fixed4(event.t))): \(what)")
                dropped.append(position)
            }
        }
        for position in dropped.reversed() { event.touches.remove(at: position) }
    }

    /// Notes an admitted touch's location in the summary's largest coordinates (for the default
    /// screen). Every admitted touch is handed on in its event; dropped ones are not, and do not
    /// count.
    mutating func noteBounds(_ location: Point) {
        if location.x > summary.maxX { summary.maxX = location.x }
        if location.y > summary.maxY { summary.maxY = location.y }
    }

    private static let recentlyEndedLimit = 4096
    /// Endings noted before `recentlyEnded` is brought up to date.
    private static let endedBatch = 1024

    /// Notes that touch `id` ended in event `eventIndex` (first pass only: later passes read a
    /// trace without problems, and no message asks).
    private mutating func noteEnded(_ id: TouchID, _ eventIndex: Int) {
        if endedSinceUpdate.count >= Self.endedBatch { updateRecentlyEnded() }
        if endedSinceUpdate.capacity == 0 { endedSinceUpdate.reserveCapacity(16) }
        endedSinceUpdate.append((id, eventIndex))
    }

    /// Takes the endings noted since the last update into `recentlyEnded`, one by one in order,
    /// exactly as if each had gone in when it was noted.
    @inline(never) private mutating func updateRecentlyEnded() {
        for (id, eventIndex) in endedSinceUpdate {
            if recentlyEnded.count >= Self.recentlyEndedLimit {
                // Forget, but remember that we forgot: messages then stop guessing.
                recentlyEnded.removeAll(keepingCapacity: true)
                recentlyEnded[.text("\u{0}forgotten")] = -1
            }
            recentlyEnded[id] = eventIndex
        }
        endedSinceUpdate.removeAll(keepingCapacity: true)
    }

    /// Cancels the touches still down at the last event's time (`left`, by default those the
    /// tracker has down), with a warning for each.
    mutating func finishTrace<C: TouchEventConsumer>(consumer: inout C, eventIndex: Int,
                                                    left: [(id: TouchID, slot: Int, serial: Int, beganOffset: Int, location: Point)]? = nil) throws(ParseFailure) {
        let left = left ?? tracker.stillDown()
        guard !left.isEmpty, let t = summary.lastTime else { return }
        event.index = eventIndex
        event.t = t
        event.touches.removeAll(keepingCapacity: true)
        for touch in left {
            _ = tracker.admit(touch.id, .cancelled, event: eventIndex, offset: touch.beganOffset, location: touch.location)
            // Cancelled where it last was.
            event.touches.append(EventTouch(
                id: touch.id, phase: .cancelled, location: touch.location, force: nil, majorRadius: nil,
                slot: touch.slot, serial: touch.serial, offset: touch.beganOffset))
            if isFirstPass {
                summary.warnings.append(diagnostics.error(
                    at: touch.beganOffset,
                    "warning: touch \(touch.id) is still down at the end of the trace; it is cancelled at t=\(fixed4(t))"))
            }
        }
        tracker.finishEvent()
        consumer.consume(event)
    }

    // MARK: Later passes

    /// Streams the events of a trace that was read without error before.
    mutating func replay<C: TouchEventConsumer>(_ body: Trace.Body, consumer: inout C) throws {
        isFirstPass = false
        switch body {
        case .events(let range):
            try source.withBytes { buffer throws(ParseFailure) in
                var cursor = JSONCursor(buffer, from: range.lowerBound, to: range.upperBound)
                try self.readEvents(&cursor, consumer: &consumer)
            }
        case .strokes(let strokes):
            try emitStrokeEvents(strokes, consumer: &consumer)
        }
        try diagnostics.finish()
    }

    // MARK: Problems

    /// Reports a problem that leaves the rest of the file readable. In `validate`, reading goes
    /// on; otherwise the problem ends reading (it is rethrown as `TraceErrors` by `read`).
    mutating func report(at offset: Int, _ message: String) throws(ParseFailure) {
        do {
            try diagnostics.report(at: offset, message)
        } catch {
            throw ParseFailure.stop
        }
    }

    /// Whether the plain steps may pass over the unknown key at `cursor` (a quoted key without
    /// escapes, not one touchtrace knows) and its value, as the general steps would with nothing
    /// to say: not under `--strict`, and only for a key already warned about (on the other
    /// thread's reader: already met, see `LaterPartTracking.unknownKeys`) or on a later pass.
    /// If so, the cursor is left
    /// after the value (and any whitespace); if not, or at anything malformed (which the
    /// general steps then read and report), false with the cursor where it was. Out of line, so
    /// that the plain steps' loops stay as they were for the traces without such keys.
    @inline(never)
    mutating func passesOverUnknownKey(_ cursor: inout JSONCursor, depth: Int) -> Bool {
        guard !diagnostics.reportUnknownKeys else { return false }
        // The keys this reader has warned of, or (a later part) met: only those are passed over,
        // so that the first of each is read by the general steps and warned of once.
        let checksKey = isFirstPass || laterPart != nil
        // Passing a member over changes nothing but the cursor while one key at most has been
        // passed over (or none is checked): then the bytes of a member passed over before, with
        // no whitespace after them, are passed over again, as the steps below would pass them.
        let changesNothing = passedUnknownKeys.count <= 1 || !checksKey
        var c = cursor
        if knowsPassedMember, changesNothing, c.skip(passedMember), c.current > 0x20 {
            cursor = c
            return true
        }
        // The keys passed over before are known to be among them (they only grow): the same
        // keys again, as in a file that writes a few in every touch, are matched by their
        // bytes and not looked up, the one after the last matched tried first (files write
        // them in the same order in every touch).
        var matched = false
        if checksKey, let expected = expectedUnknownKey {
            if c.takeKey(expected) {
                matched = true
                if passedUnknownKeys.count > 1 { notePassedKey(at: lastPassedKey + 1 < passedUnknownKeys.count ? lastPassedKey + 1 : 0) }
            } else if passedUnknownKeys.count > 1, let k = passedUnknownKeys.firstIndex(where: { c.takeKey($0) }) {
                matched = true
                notePassedKey(at: k)
            }
        }
        if !matched {
            guard let token = try? c.memberKey(), !token.hasEscapes else { return false }
            if checksKey {
                let short = c.shortContents(of: token)
                if short == nil || !passedUnknownKeys.contains(short!) {
                    let known = laterPart?.unknownKeyNames ?? warnedUnknownKeys
                    guard !known.isEmpty, known.contains(c.decode(token)) else { return false }
                    if let short, passedUnknownKeys.count < Self.passedKeysLimit {
                        passedUnknownKeys.append(short)
                        notePassedKey(at: passedUnknownKeys.count - 1)
                    }
                }
            }
        }
        // A short plain string (a pointer's type) at once; any other value with its checks.
        let shortValue = c.skipShortPlainString()
        if !shortValue {
            guard (try? c.skipValue(depth: depth)) != nil else { return false }
        }
        c.skipWhitespace()
        if shortValue, passedUnknownKeys.count <= 1 || !checksKey, let run = ShortRun(c, from: cursor.pos, to: c.pos) {
            // Passed over again the same way, at any depth: a string nests nothing.
            passedMember = run
            knowsPassedMember = true
        }
        cursor = c
        return true
    }

    /// Notes that the passed key at `place` among `passedUnknownKeys` was matched last, and
    /// expects the one after it next.
    private mutating func notePassedKey(at place: Int) {
        lastPassedKey = place
        expectedUnknownKey = passedUnknownKeys[place + 1 < passedUnknownKeys.count ? place + 1 : 0]
    }

    mutating func unknownKey(_ key: String, at offset: Int, in place: String) throws(ParseFailure) {
        if diagnostics.reportUnknownKeys {
            try report(at: offset, "unknown key \"\(key)\" in \(place) (ignored unless --strict)")
        } else if laterPart != nil {
            // A part read on the other thread warns of nothing: it notes where it first met
            // each key, and the first reader warns of it when it takes the part in.
            guard place.hasPrefix("event ") else { throw ParseFailure.stop }
            if laterPart!.unknownKeyNames.insert(key).inserted {
                laterPart!.unknownKeys.append((key, offset, place))
            }
        } else if isFirstPass && !warnedUnknownKeys.contains(key) {
            // A warning (SPEC 1), once per key: a key written into every touch is one mistake.
            warnedUnknownKeys.insert(key)
            let warning = diagnostics.error(at: offset, "warning: unknown key \"\(key)\" in \(place) (ignored)")
            summary.warnings.append(warning)
            unknownKeyWarnings.append(warning)
        }
    }
}

/// A number for messages: integers without decimals, others in shortest form, and a number too
/// large for a double as such.
extension TraceReader {
    /// The number at `offset` as the file writes it (`1.0`, `1e3`), for messages that must not
    /// print a value in a form the user did not write; at most 40 characters.
    func writtenNumber(at offset: Int) -> String {
        source.withBytes { bytes in
            var end = offset
            while end < bytes.count && end - offset < 40 {
                let b = bytes[end]
                guard (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
                        || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") else { break }
                end += 1
            }
            return String(decoding: bytes[offset..<end], as: UTF8.self)
        }
    }
}

func numberText(_ v: Double) -> String {
    if !v.isFinite { return v.isNaN ? "not a number" : "\(v < 0 ? "-" : "")beyond the largest double" }
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    return v.description
}

extension EventTouch {
    /// Gives an admitted touch its slot and serial (in one access to the array that holds it).
    fileprivate mutating func admitted(slot: Int, serial: Int) {
        self.slot = slot
        self.serial = serial
    }

    /// Makes the touch the same one moved: its place, offset, slot and serial (in one access).
    fileprivate mutating func moved(to location: Point, offset: Int, slot: Int, serial: Int) {
        self.phase = .moved
        self.location = location
        self.offset = offset
        self.slot = slot
        self.serial = serial
    }
}

/// The separators and keys of events and touches as files usually write them, each as the
/// little-endian bytes `JSONCursor.skipLiteral` compares in one step.
private enum UsualLayout {
    /// `{"t": `
    static var eventOpen: UInt64 { 0x203A_2274_227B }
    /// `, "touch` and `es": [`
    static var touchesKey: UInt64 { 0x6863_756F_7422_202C }
    static var touchesColon: UInt64 { 0x5B20_3A22_7365 }
    /// `, ` between touches (the next must then start with `{`).
    static var touchSeparator: UInt64 { 0x202C }
    /// `]}`
    static var eventClose: UInt64 { 0x7D5D }
    /// `{"id": `
    static var touchOpen: UInt64 { 0x0020_3A22_6469_227B }
    /// `, "phase` and `": `
    static var phaseKey: UInt64 { 0x6573_6168_7022_202C }
    static var phaseColon: UInt64 { 0x0020_3A22 }
    /// `, "x": ` and `, "y": `
    static var xKey: UInt64 { 0x0020_3A22_7822_202C }
    static var yKey: UInt64 { 0x0020_3A22_7922_202C }
}

/// The keys of events and touches with their quotes, as `JSONCursor.lookahead(0)` shows them
/// at a key's opening quote (the quote in the lowest byte): a key is told apart by one masked
/// comparison, whatever the spacing and order of the keys around it.
private enum QuotedKey {
    /// `"t"`, and `"touches` with the closing quote the byte after
    static var t: UInt64 { 0x22_7422 }
    static var touches: UInt64 { 0x7365_6863_756F_7422 }
    /// `"x"`, `"y"`, `"id"`, `"phase"`, `"force"`
    static var x: UInt64 { 0x22_7822 }
    static var y: UInt64 { 0x22_7922 }
    static var id: UInt64 { 0x2264_6922 }
    static var phase: UInt64 { 0x22_6573_6168_7022 }
    static var force: UInt64 { 0x22_6563_726F_6622 }
    /// `"majorRa` and `dius"`
    static var majorRa: UInt64 { 0x6152_726F_6A61_6D22 }
    static var dius: UInt64 { 0x22_7375_6964 }
}

/// The keys of the top-level object.
private enum TopKey: UInt8 {
    case version, name, description, screen, scene, events, strokes, maximumForce

    /// The key as the file writes it (escapes decoded).
    var name: String {
        switch self {
        case .version: return "version"
        case .name: return "name"
        case .description: return "description"
        case .screen: return "screen"
        case .scene: return "scene"
        case .events: return "events"
        case .strokes: return "strokes"
        case .maximumForce: return "maximumForce"
        }
    }

    /// This key's bit in a set of seen keys.
    var bit: UInt8 { 1 << rawValue }

    /// The key `token` names, or nil for a key touchtrace does not know. Keys with escapes are
    /// compared once decoded, as `JSONCursor.equals` does.
    init?(_ cursor: JSONCursor, _ token: JSONStringToken) {
        if cursor.equals(token, "version") { self = .version }
        else if cursor.equals(token, "events") { self = .events }
        else if cursor.equals(token, "name") { self = .name }
        else if cursor.equals(token, "description") { self = .description }
        else if cursor.equals(token, "screen") { self = .screen }
        else if cursor.equals(token, "scene") { self = .scene }
        else if cursor.equals(token, "strokes") { self = .strokes }
        else if cursor.equals(token, "maximumForce") { self = .maximumForce }
        else { return nil }
    }
}

/// The keys of an event object.
private enum EventKey {
    case t, touches, other
}

/// The keys of a touch object.
private enum TouchKey {
    case id, phase, x, y, force, majorRadius, other

    /// This key's bit in a set of keys read.
    var bit: UInt8 {
        switch self {
        case .id: return 1
        case .phase: return 2
        case .x: return 4
        case .y: return 8
        case .force: return 16
        case .majorRadius: return 32
        case .other: return 64
        }
    }

    /// The keys every touch has.
    static var required: UInt8 { 1 | 2 | 4 | 8 }

    /// The key at the cursor (at its opening quote), told apart by its first byte and then
    /// its bytes with the closing quote, whatever the order of the keys, and consumed with its
    /// colon; `.other`, with nothing consumed, for any other key, a key written with escapes
    /// or one without a colon after it (the general steps read and report those).
    static func take(_ cursor: inout JSONCursor) -> TouchKey {
        // The key's bytes and its closing quote, the first in the lowest byte.
        let word = cursor.lookahead(1)
        let key: TouchKey
        let length: Int
        switch word & 0xFF {
        case 0x78 where word & 0xFFFF == 0x2278: key = .x; length = 1                              // x"
        case 0x79 where word & 0xFFFF == 0x2279: key = .y; length = 1                              // y"
        case 0x69 where word & 0xFF_FFFF == 0x22_6469: key = .id; length = 2                       // id"
        case 0x70 where word & 0xFFFF_FFFF_FFFF == 0x2265_7361_6870: key = .phase; length = 5      // phase"
        case 0x66 where word & 0xFFFF_FFFF_FFFF == 0x2265_6372_6F66: key = .force; length = 5      // force"
        case 0x6D where word == 0x6461_5272_6F6A_616D                                              // majorRad
                        && cursor.lookahead(9) & 0xFFFF_FFFF == 0x2273_7569:                       // ius"
            key = .majorRadius; length = 11
        default: return .other
        }
        return cursor.takeKey(length: length) ? key : .other
    }

    /// The key `token` names (escapes decoded), `.other` for a key touchtrace does not know.
    init(_ cursor: JSONCursor, _ key: JSONStringToken) {
        switch cursor.decode(key) {
        case "id": self = .id
        case "phase": self = .phase
        case "x": self = .x
        case "y": self = .y
        case "force": self = .force
        case "majorRadius": self = .majorRadius
        default: self = .other
        }
    }
}

/// The layout of a trace's events as the trace writes them, learned from its first event with
/// nothing to report: the literal bytes between the values (separators, keys, colons, line
/// breaks, indentation), as runs of bytes (`LearnedRuns`), and which value comes after each run,
/// in the event and in a touch. Later events are compared with it run by run, their values read
/// as the plain steps read them; at the first byte that differs the event is read by the plain
/// steps from its start, and after a few misses in a row the layout is learned again.
struct LearnedLayout {
    /// What comes after a run: four bits each, in a slot word.
    enum Slot {
        static var t: UInt64 { 0 }
        static var touches: UInt64 { 1 }
        static var id: UInt64 { 2 }
        static var phase: UInt64 { 3 }
        static var x: UInt64 { 4 }
        static var y: UInt64 { 5 }
        static var force: UInt64 { 6 }
        static var majorRadius: UInt64 { 7 }
        /// An unknown key's value, passed over (the key, in the run before, is one the plain
        /// steps passed over when the layout was learned).
        static var skip: UInt64 { 8 }
        /// The most slots an event or a touch may have.
        static var most: Int { 15 }
    }

    /// The runs: the event's first (number `i` before its slot `i`, then its closing run), then
    /// the touch's from `touchFirstRun` (the same way).
    var runs = LearnedRuns()
    var eventSlots: UInt64 = 0
    var eventSlotCount = 0
    var touchSlots: UInt64 = 0
    var touchSlotCount = 0
    var touchFirstRun = 0
    /// Whether a layout is learned, and whether one may be.
    var isLearned = false
    var learns = true
    /// Misses in a row, and the events the layout read and missed since it was learned.
    var misses = 0
    var hits = 0
    var missesSinceLearned = 0
    /// Whether the layout read many more events than it missed (a file whose every event has
    /// its own key order, say, has a layout that misses most).
    var paid: Bool { hits > 4 * missesSinceLearned }
    /// The first event index at which the reader tries the layout, or to learn one (the
    /// smallest index while one is learned, the largest when none may be), and how many
    /// events the next fruitless layout (one that read no event, or could not be learned)
    /// leaves to the plain steps before the next try.
    var tryFrom = 0
    var nextPause = 0

    /// Misses in a row after which the layout is learned again.
    static var missLimit: Int { 8 }
    /// The longest pause.
    static var longestPause: Int { 1 << 16 }

    init() {}

    /// Notes an event read with the layout.
    mutating func hit() {
        misses = 0
        hits += 1
    }

    /// Notes event `index`, which the layout did not read; after `missLimit` in a row, it is
    /// forgotten (and learned again from an event the plain steps read: this one if it paid).
    mutating func missed(at index: Int) {
        misses += 1
        missesSinceLearned += 1
        guard misses >= Self.missLimit else { return }
        isLearned = false
        if paid {
            nextPause = 0
            tryFrom = index
        } else {
            fruitless(at: index)
        }
    }

    /// Notes a layout that read nothing, or that could not be learned, at event `index`: the
    /// next try waits longer.
    mutating func fruitless(at index: Int) {
        tryFrom = learns ? index + 1 + nextPause : .max
        nextPause = min(Self.longestPause, max(16, nextPause * 2))
    }

    /// Whether event `index`, which the plain steps just read, should be learned from.
    func wantsLearning(at index: Int) -> Bool {
        !isLearned && learns && index >= tryFrom
    }
}

extension TraceReader {
    /// The rest of `readEvent` once the layout is learned or due to be: `readLearnedEvent`,
    /// noting whether the layout read the event (it is forgotten after a few misses in a row,
    /// and learned again from an event the plain steps read), then the plain steps and the
    /// general ones as `readEvent` takes them. The same result as `readPlainEvent`: a layout's
    /// runs are the bytes the plain steps passed over in an event they read with nothing to
    /// report, its values are read with their steps and checks, and at anything else the plain
    /// steps read the event from its start.
    @inline(never)
    mutating func readEventWithLayout(_ cursor: inout JSONCursor, index: Int) throws(ParseFailure) -> Bool {
        if layout.isLearned {
            if try readLearnedEvent(&cursor, index: index) {
                layout.hit()
                return true
            }
            layout.missed(at: index)
        }
        let start = cursor.pos
        if try readPlainEvent(&cursor, index: index) {
            learnLayout(cursor, from: start, index: index)
            return true
        }
        return try readAnyEvent(&cursor, index: index)
    }

    /// Learns the layout from event `index` at `start` (up to `cursor`), which the plain steps
    /// have just read with nothing to report, unless a pause after fruitless layouts says to wait.
    mutating func learnLayout(_ cursor: JSONCursor, from start: Int, index: Int) {
        guard layout.wantsLearning(at: index) else { return }
        // A minified layout is not learned: the plain steps read it as fast (and an event with
        // no whitespace byte at all is not worth learning to find that out).
        if Self.holdsWhitespace(cursor, from: start), Self.learn(cursor, from: start, into: &layout),
           layout.runs.holdsWhitespace {
            layout.isLearned = true
            layout.tryFrom = .min
            layout.misses = 0
            layout.hits = 0
            layout.missesSinceLearned = 0
        } else {
            layout.fruitless(at: index)
        }
    }

    /// Whether the bytes from `start` up to `cursor` hold a space, tab, line feed or carriage return.
    static func holdsWhitespace(_ cursor: JSONCursor, from start: Int) -> Bool {
        var c = cursor
        c.pos = start
        while c.pos < cursor.pos {
            let byte = c.current
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { return true }
            c.pos += 1
        }
        return false
    }

    /// An event in the learned layout, read into `event` as `readPlainEvent` reads it; false
    /// with the cursor where it was at the first byte that differs from the layout's runs or a
    /// value the plain steps would not take. Malformed JSON throws here just as it would there.
    private mutating func readLearnedEvent(_ cursor: inout JSONCursor, index: Int) throws(ParseFailure) -> Bool {
        var c = cursor
        var slots = layout.eventSlots
        var run = 0
        var time = 0.0
        // The touches go over those of the event before (`readAnyEvent` clears them if this fails).
        var count = 0
        // Whether the run after the touches was passed with them.
        var passed = false
        for _ in 0..<layout.eventSlotCount {
            if !passed {
                guard c.skipRun(run, of: layout.runs) else { return false }
            }
            passed = false
            run += 1
            switch slots & 15 {
            case LearnedLayout.Slot.t:
                // A time in range that does not go backwards (nor is it NaN: then `t >= lastTime` fails).
                guard let t = try c.learnedNumberValue(), t.magnitude <= TraceLimits.time, t >= lastTime else { return false }
                time = t
            case LearnedLayout.Slot.touches:
                while true {
                    let offset = c.pos
                    guard let touch = try Self.readLearnedTouch(&c, at: offset, runs: layout.runs, slots: layout.touchSlots,
                                                                count: layout.touchSlotCount, firstRun: layout.touchFirstRun)
                    else { return false }
                    placeTouch(touch, at: count)
                    count += 1
                    // The run after the touches, or the next touch. (That run starts with the
                    // `]` or the whitespace before it: where it matches, no `,` follows.)
                    if c.skipRun(run, of: layout.runs) {
                        passed = true
                        break
                    }
                    guard c.skipSeparator(UInt8(ascii: ",")) else { return false }
                }
            default:
                // An unknown key the plain steps passed over when the layout was learned: they
                // pass over the same key again (the keys they may pass over only grow).
                guard c.skipShortPlainString() || (try? c.skipValue(depth: 2)) != nil else { return false }
            }
            slots >>= 4
        }
        if !passed {
            guard c.skipRun(run, of: layout.runs) else { return false }
        }
        if count < event.touches.count { event.touches.removeLast(event.touches.count - count) }
        cursor = c
        lastTime = time
        event.t = time
        event.index = index
        return true
    }

    /// A touch in the learned layout, read as `readPlainTouch` reads it; nil with the cursor
    /// where it was at the first byte that differs from the layout or a value the plain steps
    /// would not take.
    ///
    /// Static, with the layout's parts handed in: a method would copy the reader for each touch.
    private static func readLearnedTouch(_ cursor: inout JSONCursor, at offset: Int, runs: LearnedRuns, slots: UInt64,
                                         count: Int, firstRun: Int) throws(ParseFailure) -> EventTouch? {
        var c = cursor
        var id: Int64 = 0
        var textID: String?
        var phase = TouchPhase.moved
        var x = 0.0
        var y = 0.0
        var force: Double?
        var majorRadius: Double?
        var slots = slots
        var run = firstRun
        for _ in 0..<count {
            guard c.skipRun(run, of: runs) else { return nil }
            run += 1
            switch slots & 15 {
            case LearnedLayout.Slot.x:
                // (A NaN fails the comparison, as an infinity does.)
                guard let v = try c.learnedNumberValue(), v.magnitude <= TraceLimits.coordinate else { return nil }
                x = v
            case LearnedLayout.Slot.y:
                guard let v = try c.learnedNumberValue(), v.magnitude <= TraceLimits.coordinate else { return nil }
                y = v
            case LearnedLayout.Slot.id:
                if let small = c.smallIntegerBeforeComma() {
                    id = small
                } else if let n = try c.numberIfPresent() {
                    guard let integer = n.integer else { return nil }
                    id = integer
                } else {
                    // A string id, read as the plain steps read it.
                    guard c.current == UInt8(ascii: "\"") else { return nil }
                    textID = c.decode(try c.stringToken())
                }
            case LearnedLayout.Slot.phase:
                guard c.current == UInt8(ascii: "\"") else { return nil }
                if c.predictedString(0x22_6465_766F_6D22, length: 7) {
                    phase = .moved
                } else {
                    guard let p = Self.parsePhase(c, try c.stringToken()) else { return nil }
                    phase = p
                }
            case LearnedLayout.Slot.force:
                guard let v = try c.learnedNumberValue(), v.isFinite, v >= 0, v <= TraceLimits.coordinate else { return nil }
                force = v
            case LearnedLayout.Slot.majorRadius:
                guard let v = try c.learnedNumberValue(), v.isFinite, v >= 0, v <= TraceLimits.coordinate else { return nil }
                majorRadius = v
            default:
                // An unknown key the plain steps passed over when the layout was learned.
                guard c.skipShortPlainString() || (try? c.skipValue(depth: 4)) != nil else { return nil }
            }
            slots >>= 4
        }
        guard c.skipRun(run, of: runs) else { return nil }
        cursor = c
        // The slot and serial come when the touch is admitted.
        return EventTouch(id: textID.map { .text($0) } ?? .number(id), phase: phase, location: Point(x: x, y: y),
                          force: force, majorRadius: majorRadius, slot: -1, serial: -1, offset: offset)
    }

    /// Learns `layout` from the event at `start`, which the plain steps have just read with
    /// nothing to report: its runs and slots, and its first touch's (the other touches, and the
    /// separators between touches, are read as the plain steps read them). False for an event
    /// the layout cannot describe (no touches, too many keys, runs too long).
    static func learn(_ cursor: JSONCursor, from start: Int, into layout: inout LearnedLayout) -> Bool {
        var c = cursor
        c.pos = start
        var eventRuns: [(Int, Int)] = []
        var touchRuns: [(Int, Int)] = []
        var eventSlots: UInt64 = 0
        var touchSlots: UInt64 = 0
        guard c.current == UInt8(ascii: "{") else { return false }
        var runStart = c.pos
        c.pos += 1
        c.skipWhitespace()
        while true {
            guard let key = try? c.memberKey(), eventRuns.count < LearnedLayout.Slot.most else { return false }
            eventRuns.append((runStart, c.pos))
            let slot: UInt64
            if c.equals(key, "t") {
                slot = LearnedLayout.Slot.t
                guard (try? c.number()) != nil else { return false }
                runStart = c.pos
            } else if c.equals(key, "touches") {
                slot = LearnedLayout.Slot.touches
                guard c.current == UInt8(ascii: "[") else { return false }
                c.pos += 1
                c.skipWhitespace()
                // The run before the touches ends where the first one starts.
                eventRuns[eventRuns.count - 1].1 = c.pos
                guard c.current == UInt8(ascii: "{"), let slots = learnTouch(&c, runs: &touchRuns) else { return false }
                touchSlots = slots
                var next = c
                while next.skipSeparator(UInt8(ascii: ",")) {
                    guard (try? next.skipValue(depth: 4)) != nil else { return false }
                    c = next
                }
                // The run after the touches starts after the last one.
                runStart = c.pos
                c.skipWhitespace()
                guard c.current == UInt8(ascii: "]") else { return false }
                c.pos += 1
            } else {
                slot = LearnedLayout.Slot.skip
                guard (try? c.skipValue(depth: 2)) != nil else { return false }
                runStart = c.pos
            }
            eventSlots |= slot << UInt64(4 * (eventRuns.count - 1))
            guard let more = passMemberEnd(&c) else { return false }
            if more { continue }
            eventRuns.append((runStart, c.pos))
            break
        }
        guard !touchRuns.isEmpty else { return false }
        layout.runs.removeAll()
        for (from, to) in eventRuns + touchRuns {
            guard layout.runs.append(cursor, from: from, to: to) != nil else { return false }
        }
        layout.eventSlots = eventSlots
        layout.eventSlotCount = eventRuns.count - 1
        layout.touchSlots = touchSlots
        layout.touchSlotCount = touchRuns.count - 1
        layout.touchFirstRun = eventRuns.count
        return true
    }

    /// Learns the touch at the cursor (its `{`): appends its runs to `runs` and returns its
    /// slots, with the cursor after its `}`; nil for a touch the layout cannot describe.
    private static func learnTouch(_ c: inout JSONCursor, runs: inout [(Int, Int)]) -> UInt64? {
        var slots: UInt64 = 0
        var count = 0
        var runStart = c.pos
        c.pos += 1
        c.skipWhitespace()
        while true {
            guard let key = try? c.memberKey(), count < LearnedLayout.Slot.most else { return nil }
            runs.append((runStart, c.pos))
            let slot: UInt64
            switch TouchKey(c, key) {
            case .id: slot = LearnedLayout.Slot.id
            case .phase: slot = LearnedLayout.Slot.phase
            case .x: slot = LearnedLayout.Slot.x
            case .y: slot = LearnedLayout.Slot.y
            case .force: slot = LearnedLayout.Slot.force
            case .majorRadius: slot = LearnedLayout.Slot.majorRadius
            case .other: slot = LearnedLayout.Slot.skip
            }
            slots |= slot << UInt64(4 * count)
            count += 1
            guard (try? c.skipValue(depth: 4)) != nil else { return nil }
            runStart = c.pos
            guard let more = passMemberEnd(&c) else { return nil }
            if more { continue }
            runs.append((runStart, c.pos))
            return slots
        }
    }

    /// After a member's value while learning: past a `,` and the whitespace after it (true:
    /// another member follows), or past the object's closing `}` (false); nil at anything else.
    private static func passMemberEnd(_ c: inout JSONCursor) -> Bool? {
        c.skipWhitespace()
        if c.current == UInt8(ascii: ",") {
            c.pos += 1
            c.skipWhitespace()
            return true
        }
        guard c.current == UInt8(ascii: "}") else { return nil }
        c.pos += 1
        return false
    }
}
