/// The compact form for hand-written fixtures: `"strokes": [{"id": 1, "points": [[t, x, y], ...]}]`.
/// A stroke begins at its first point, moves through the middle ones and ends at its last; the
/// strokes are merged into events by time.
///
/// No stroke is kept in memory (but the points of a small array: see `KeptPoints`). Reading
/// checks the strokes one after another with the cursor
/// (the usual stroke in a straight line, any other as a small tree, with every problem reported
/// as before), and notes only where the array lies, whether the strokes begin in order of time,
/// and the few strokes that need a closer look (those with a problem, and those with keys other
/// than one `id` and one `points`). The merge then reads the points again from the bytes, a
/// point at a time: one reader per stroke that is down, taken from a heap ordered by time. In a
/// merge without a problem, a stroke's touch keeps the slot it was given when it began, and its
/// moves are admitted there without the touch being looked up, however many strokes are down.
/// Strokes that begin in order of time (as recorded and generated ones do) are taken up one by
/// one as the merge reaches their first point, so memory holds the strokes that overlap in time,
/// whatever the size of the file; strokes in another order are first indexed (a few words per
/// stroke) and sorted by their first time. A finger that moves while no other is down (the
/// usual case: one stroke after another) makes events of one touch each, which are given out
/// without the heap's steps and with the touch admitted in the slot it had in the event before.
/// Where the events go nowhere (`validate`), the middle of such a stroke, and that of fingers
/// recorded together (strokes whose times are those of the stroke before them), is counted
/// rather than merged (`StrokeTail`).
///
/// A large array read where the events need not all pass through one consumer in order (as in
/// `validate`) is cut at a stroke near its middle (`StrokesSplit`): another thread checks the
/// strokes from there on and then merges them, from the first that begins with none of them
/// down, while this thread checks and merges those before. This thread takes the other's check
/// in when it reaches the split exactly and every stroke there was written as usual (but for
/// other keys, not under `--strict`: this thread warns of those the other met first, as it
/// would have) and without a problem (so that any message, syntax errors first, is still this
/// thread's, in file order),
/// and its merge when the strokes begin in order of time and this thread's merge, with nothing
/// down, reaches the stroke where the other's events begin; otherwise it reads on alone.
extension TraceReader {
    /// Reads and checks the `strokes` array at the cursor (leaving the cursor after it), then
    /// merges its strokes into events and streams them to `consumer`.
    mutating func readStrokes<C: TouchEventConsumer>(_ cursor: inout JSONCursor, consumer: inout C) throws(ParseFailure) -> StrokeList {
        let start = cursor.pos
        if cursor.peek() != UInt8(ascii: "[") {
            let node = try cursor.node(depth: 1)
            try report(at: node.offset, "\"strokes\" must be an array of strokes, found \(node.kindDescription)")
            return StrokeList(range: start..<start)
        }
        let open = cursor.pos
        var list = StrokeList(range: open..<open)
        var unusable: [Int] = []
        cursor.pos += 1
        var index = 0
        var first = true
        var restChecked = false
        var lastBegin = -Double.infinity
        // A merge whose events go nowhere passes over the middle of a stroke down alone (see
        // `StrokeTail`): the checks (this thread's and the other's) note each stroke's tail for
        // it, up to a number of strokes, where the points are not kept.
        let tailsWanted = C.self == IgnoringConsumer.self ? strokeTailsMaximum : 0
        // A large array is cut in two at a stroke near its middle: another thread checks and
        // then merges the strokes from there on, while this one does the strokes before.
        var split: StrokesSplit<C>?
        if isFirstPass, cursor.end >= parallelMinimumBytes, C.emptyForLaterPart() != nil,
           let parts = StrokesSplit<C>(bytes: cursor, strokesStart: cursor.pos) {
            parts.start(source, reportUnknownKeys: diagnostics.reportUnknownKeys,
                        tailsMaximum: tailsWanted)
            if laterPartsReadFirst > 0 { parts.waitForBoth() }
            split = parts
        }
        // However reading ends, the other thread takes no more work and is waited for.
        defer { split?.finish() }
        var splitAt = split?.split ?? Int.max
        // The other thread's merge, when its check is taken in.
        var join: StrokesSplit<C>?
        // The points of a small array are kept as the check reads them, for the merge.
        let keep = split == nil && cursor.end - open <= keptStrokesMaximumBytes
        var kept = KeptPoints()
        if keep {
            kept.points.reserveCapacity((cursor.end - open) / 24 + 8)
            kept.strokes.reserveCapacity((cursor.end - open) / 256 + 4)
        }
        let tailsMaximum = keep ? 0 : tailsWanted
        var pages = PageRelease(from: open)
        // Where the keys other than `id` and `points` of the stroke being checked lie.
        var otherKeys: [Int] = []
        // The spacing of points that `usualTriple` does not read, learned as they come.
        var layout = LearnedTriple()
        // The times of the strokes whose tails are noted, for their twins.
        let recentTimes = tailsMaximum > 0 ? RecentStrokeTimes() : nil
        while try cursor.nextElement(first: first) {
            first = false
            pages.reached(cursor.pos, in: source)
            if cursor.pos >= splitAt, let parts = split {
                splitAt = Int.max
                // Exactly at the split, between strokes: the other thread's check holds, and
                // the rest of the array has no problem (no syntax error either).
                if cursor.pos == parts.split, case let theirs = parts.checked(), theirs.ok {
                    if theirs.firstBegin < lastBegin || !theirs.beginInOrder {
                        list.beginInOrder = false
                    } else if list.beginInOrder {
                        join = parts
                    }
                    // Their strokes with other keys, warned of as this thread would warn.
                    for k in theirs.withOtherKeys { list.withOtherKeys.append(index + k) }
                    if list.tails.count == index {
                        list.tails += theirs.tails.prefix(max(0, tailsMaximum - index))
                    }
                    for met in theirs.unknownKeys {
                        try unknownKey(met.key, at: met.offset, in: "stroke \(index + met.stroke)")
                    }
                    index += theirs.count
                    cursor.pos = theirs.end
                    break
                }
            }
            let strokeStart = cursor.pos
            let firstKept = kept.points.count
            otherKeys.removeAll(keepingCapacity: true)
            var tail: StrokeTail.Reading?
            if let recentTimes, list.tails.count < tailsMaximum { tail = StrokeTail.Reading(times: recentTimes.current) }
            var begin = try Self.checkUsualStroke(&cursor, keep: keep, into: &kept.points, otherKeys: &otherKeys, tail: &tail, layout: &layout)
            if let tail, let recentTimes {
                list.tails.append(begin != nil ? tail.finished(after: list.tails.last, previousTimes: recentTimes.previous) : StrokeTail())
                recentTimes.next()
            }
            if keep {
                if begin != nil {
                    kept.strokes.append(firstKept..<kept.points.count)
                } else {
                    kept.points.removeLast(kept.points.count - firstKept)
                    kept.strokes.append(firstKept..<firstKept)
                }
            }
            if begin != nil, !otherKeys.isEmpty {
                // A stroke with other keys (a recorder's `pointerType`, say), checked in a
                // straight line all the same: its keys are warned of as the tree's steps below
                // would warn. Under `--strict` each is a problem, said after the same look for a
                // syntax error in the rest of the array (which would be said alone); a warning
                // is dropped when such an error ends reading, and needs no look.
                if diagnostics.reportUnknownKeys && !restChecked {
                    restChecked = true
                    try checkRestOfStrokes(after: cursor)
                }
                for keyOffset in otherKeys {
                    var reader = cursor
                    reader.pos = keyOffset
                    try unknownKey(reader.decode(try reader.memberKey()), at: keyOffset, in: "stroke \(index)")
                }
                list.withOtherKeys.append(index)
            }
            if begin == nil {
                // Any other stroke, as a tree. A syntax error anywhere in the array comes before
                // any problem of a stroke (the array was once read whole before its strokes were
                // checked): the rest of the array is checked for one first, once.
                cursor.pos = strokeStart
                let node = try cursor.node(depth: 2)
                if !restChecked {
                    restChecked = true
                    try checkRestOfStrokes(after: cursor)
                }
                begin = try checkStroke(node, index: index)
                if begin == nil { unusable.append(index) } else { list.unusual.append(index) }
            }
            if let begin {
                if begin < lastBegin { list.beginInOrder = false }
                lastBegin = begin
            }
            index += 1
        }
        pages.finish(at: cursor.pos, in: source)
        list.range = open..<cursor.pos
        list.kept = kept
        try source.withBytes { buffer throws(ParseFailure) in
            let cursor = JSONCursor(buffer, from: list.range.lowerBound, to: list.range.upperBound)
            try self.mergeStrokes(list, leavingOut: unusable, cursor: cursor, consumer: &consumer, join: join)
        }
        // The tails served the merge alone (a replay's later passes merge point by point).
        list.tails = []
        return list
    }

    /// Reads the rest of the strokes array after `cursor` (after a stroke) for a syntax error,
    /// throwing the first, and letting the pages of a mapped file go behind it as it goes (the
    /// check and the merge read them again), so that memory stays flat.
    private func checkRestOfStrokes(after cursor: JSONCursor) throws(ParseFailure) {
        var probe = cursor
        var pages = PageRelease(from: probe.pos)
        while try probe.nextElement(first: false) {
            pages.reached(probe.pos, in: source)
            try probe.skipValue(depth: 2)
        }
        pages.finish(at: probe.pos, in: source)
    }

    /// Checks a stroke written as strokes usually are: an object with one `id` (an integer or a
    /// string) and one `points` (at least two `[t, x, y]`, numbers in range, times that do not
    /// go backwards), in any order and spacing. Its first time, or nil for any other stroke, with
    /// the cursor somewhere inside it (the caller reads it again). Malformed JSON throws here
    /// just as reading the stroke as a tree would, at the same byte.
    static func checkUsualStroke(_ cursor: inout JSONCursor) throws(ParseFailure) -> Double? {
        var none: [KeptPoint] = []
        var otherKeys: [Int] = []
        var noTail: StrokeTail.Reading?
        var layout = LearnedTriple()
        let begin = try checkUsualStroke(&cursor, keep: false, into: &none, otherKeys: &otherKeys, tail: &noTail, layout: &layout)
        return otherKeys.isEmpty ? begin : nil
    }

    /// `checkUsualStroke`, appending the stroke's points to `kept` as they are read when `keep`
    /// says so (the caller removes them when the stroke is not written as usual), and letting
    /// the stroke have other keys besides (written without escapes), whose values are passed
    /// over (and checked as JSON) and whose offsets are appended to `otherKeys`, in file order,
    /// for the caller to warn of when the stroke is usual otherwise (not when the result is nil).
    /// With a `tail`, its points are noted there as they are read (see `StrokeTail`). `layout`
    /// is the spacing of points learned so far (kept from one stroke to the next).
    static func checkUsualStroke(_ cursor: inout JSONCursor, keep: Bool, into kept: inout [KeptPoint],
                                 otherKeys: inout [Int], tail: inout StrokeTail.Reading?,
                                 layout: inout LearnedTriple) throws(ParseFailure) -> Double? {
        guard cursor.current == UInt8(ascii: "{") else { return nil }
        cursor.pos += 1
        var sawID = false
        var begin: Double?
        var first = true
        while try cursor.nextMember(first: first) {
            first = false
            let keyOffset = cursor.pos
            let key = try cursor.memberKey()
            if !sawID && cursor.equals(key, "id") {
                sawID = true
                if cursor.current == UInt8(ascii: "\"") {
                    _ = try cursor.stringToken()
                } else if startsNumber(cursor.current) {
                    guard try cursor.number().integer != nil else { return nil }
                } else {
                    return nil
                }
            } else if begin == nil && cursor.equals(key, "points") {
                guard let t = try checkUsualPoints(&cursor, keep: keep, into: &kept, tail: &tail, layout: &layout) else { return nil }
                begin = t
            } else if !key.hasEscapes && !cursor.equals(key, "id") && !cursor.equals(key, "points") {
                // Nested as deep as the tree's steps would read it (the stroke is at depth 2).
                try cursor.skipValue(depth: 3)
                otherKeys.append(keyOffset)
            } else {
                return nil
            }
        }
        return sawID ? begin : nil
    }

    /// `checkUsualStroke`'s points: the first time, or nil for points with any problem. With
    /// `keep`, each point's values and offset are appended to `kept`, as the merge would read them;
    /// with a `tail`, each point is noted there. Points in another spacing than `usualTriple`
    /// reads (pretty-printed) are read with the runs of `layout`, learned from the first such
    /// point and again where one differs.
    private static func checkUsualPoints(_ cursor: inout JSONCursor, keep: Bool, into kept: inout [KeptPoint],
                                         tail: inout StrokeTail.Reading?, layout: inout LearnedTriple) throws(ParseFailure) -> Double? {
        guard cursor.current == UInt8(ascii: "[") else { return nil }
        // Every value is read when the points are kept or noted; else x and y only checked.
        let values = keep || tail != nil
        cursor.pos += 1
        var check = PointCheck()
        var more = try cursor.nextElement(first: true)
        while more {
            let t: Double, x: Double, y: Double
            let offset = cursor.pos
            var spaced = false
            if values, let (time, px, py) = cursor.usualTriple() {
                (t, x, y) = (time, px, py)
            } else if !values, let time = cursor.usualTripleFirst() {
                // x and y in the short form lie within ±10^7, the coordinates' range.
                (t, x, y) = (time, 0, 0)
            } else if let (time, px, py) = Self.otherSpacedPoint(&cursor, layout: &layout) {
                (t, x, y) = (time, px, py)
                spaced = true
            } else {
                guard cursor.current == UInt8(ascii: "[") else { return nil }
                cursor.pos += 1
                guard try cursor.nextElement(first: true), startsNumber(cursor.current) else { return nil }
                t = try cursor.number().value
                guard try cursor.nextElement(first: false), startsNumber(cursor.current) else { return nil }
                x = try cursor.number().value
                guard try cursor.nextElement(first: false), startsNumber(cursor.current) else { return nil }
                y = try cursor.number().value
                guard try !cursor.nextElement(first: false) else { return nil }
            }
            guard check.take(t: t, x: x, y: y) else { return nil }
            if keep { kept.append(KeptPoint(t: t, x: x, y: y, offset: offset)) }
            tail?.note(t: t, x: x, y: y, offset: offset)
            // `, [` (the usual separator) and `,[` (minified) are what `nextElement` would read
            // as one more point.
            if cursor.hasBytes(DownStroke.separator, length: 3) {
                cursor.pos += 2
            } else if cursor.hasBytes(DownStroke.minifiedSeparator, length: 2) {
                cursor.pos += 1
            } else {
                more = try Self.nextPoint(&cursor, layout: &layout)
            }
            // The points after one in another spacing are most likely in the same: read with the
            // learned runs in a loop of their own, up to the first that is not.
            if spaced && more {
                guard try Self.checkLearnedPoints(&cursor, more: &more, check: &check, keep: keep, into: &kept,
                                                  tail: &tail, layout: &layout) else { return nil }
            }
        }
        return check.count >= 2 ? check.begin : nil
    }

    /// What `checkUsualPoints` checks of a stroke's points as it reads them: each in range
    /// (NaN is not) and not before the one before; the first time, the last and how many.
    private struct PointCheck {
        var count = 0
        var begin = 0.0
        var last = 0.0

        /// Takes the next point: false if it fails the check.
        mutating func take(t: Double, x: Double, y: Double) -> Bool {
            guard t.magnitude <= TraceLimits.time, x.magnitude <= TraceLimits.coordinate,
                  y.magnitude <= TraceLimits.coordinate, count == 0 || t >= last else { return false }
            if count == 0 { begin = t }
            last = t
            count += 1
            return true
        }
    }

    /// `checkUsualPoints`' steps for the points at the cursor while their bytes are the runs
    /// `layout` learned (with `more` as `nextElement` says after each): the values, checks and
    /// notes of the loop there, without its tries of the usual spacing first. True, with the
    /// cursor at a point the runs do not read (or the array's end), for that loop to go on;
    /// false for a point that fails the check. Out of line, so that the loop over the usual
    /// points stays as small as it was.
    @inline(never)
    private static func checkLearnedPoints(_ cursor: inout JSONCursor, more: inout Bool, check: inout PointCheck,
                                           keep: Bool, into kept: inout [KeptPoint], tail: inout StrokeTail.Reading?,
                                           layout: inout LearnedTriple) throws(ParseFailure) -> Bool {
        while more {
            let offset = cursor.pos
            guard let (t, x, y) = layout.read(&cursor) else { return true }
            guard check.take(t: t, x: x, y: y) else { return false }
            if keep { kept.append(KeptPoint(t: t, x: x, y: y, offset: offset)) }
            tail?.note(t: t, x: x, y: y, offset: offset)
            if !layout.skipSeparator(&cursor) { more = try Self.nextPoint(&cursor, layout: &layout) }
        }
        return true
    }

    /// A point written as points usually are, `[t, x, y]` with `, ` between and numbers in the
    /// cursor's short form: its values, read in a straight line; nil (nothing read) for any
    /// other, which the general steps read.
    fileprivate static func usualPoint(_ cursor: inout JSONCursor) -> (t: Double, x: Double, y: Double)? {
        guard let (t, x, y) = cursor.usualTriple() else { return nil }
        return (t, x, y)
    }

    /// A point in another spacing than `usualTriple` reads (pretty-printed, say), its numbers in
    /// the cursor's short form: read with the runs `layout` learned, or else in any spacing
    /// (`spacedTriple`) and then learned for the points after; nil (nothing read) for any other,
    /// which the general steps read. Out of line, as `nextPoint` is: the loop over the usual
    /// points stays as small as it was.
    @inline(never)
    fileprivate static func otherSpacedPoint(_ cursor: inout JSONCursor, layout: inout LearnedTriple) -> (Double, Double, Double)? {
        if let values = layout.read(&cursor) { return values }
        let start = cursor
        guard let values = cursor.spacedTriple() else { return nil }
        _ = layout.learn(start)
        return values
    }

    /// Whether another point follows the one just read (the cursor after its `]`), as
    /// `nextElement` says, with the cursor at its `[`: over the run between points that `layout`
    /// learned when the bytes are those, else with the general steps, whose run is then learned.
    @inline(never)
    fileprivate static func nextPoint(_ cursor: inout JSONCursor, layout: inout LearnedTriple) throws(ParseFailure) -> Bool {
        if layout.skipSeparator(&cursor) { return true }
        let end = cursor.pos
        let more = try cursor.nextElement(first: false)
        if more { layout.learnSeparator(cursor, from: end, to: cursor.pos) }
        return more
    }

    private static func startsNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Checks any stroke, read as a tree, reporting every problem; its first time, or nil if it
    /// cannot be replayed (it was reported).
    private mutating func checkStroke(_ node: JSONNode, index: Int) throws(ParseFailure) -> Double? {
        guard let members = node.members else {
            try report(at: node.offset, "stroke \(index): expected an object with \"id\" and \"points\", found \(node.kindDescription)")
            return nil
        }
        var sawID = false
        var points: JSONNode?
        for member in members {
            switch member.key {
            case "id":
                switch member.value.value {
                case .number(_, _?), .string:
                    sawID = true
                case .number:
                    try report(at: member.value.offset, "stroke \(index): \"id\" must be an integer without fraction or exponent that fits in 64 bits, or a string; found \(writtenNumber(at: member.value.offset))")
                    return nil
                default:
                    try report(at: member.value.offset, "stroke \(index): \"id\" must be an integer or a string, found \(member.value.kindDescription)")
                    return nil
                }
            case "points":
                points = member.value
            default:
                try unknownKey(member.key, at: member.keyOffset, in: "stroke \(index)")
            }
        }
        guard sawID else {
            try report(at: node.offset, "stroke \(index): missing required key \"id\"")
            return nil
        }
        guard let points else {
            try report(at: node.offset, "stroke \(index): missing required key \"points\" (a list of [t, x, y])")
            return nil
        }
        guard let list = points.elements else {
            try report(at: points.offset, "stroke \(index): \"points\" must be an array of [t, x, y], found \(points.kindDescription)")
            return nil
        }
        // The points that are right: how many, the first time and the last.
        var count = 0
        var begin = 0.0
        var last = 0.0
        var usable = true
        for (k, point) in list.enumerated() {
            let label = "stroke \(index), point \(k)"
            guard let triple = point.elements, triple.count == 3,
                  let t = triple[0].number, let x = triple[1].number, let y = triple[2].number else {
                try report(at: point.offset, "\(label): expected [t, x, y] (three numbers), found \(point.kindDescription)")
                usable = false
                continue
            }
            guard t.isFinite, abs(t) <= TraceLimits.time else {
                try report(at: triple[0].offset, "\(label): t is out of range (\(numberText(t))); times must be within ±\(numberText(TraceLimits.time)) seconds")
                usable = false
                continue
            }
            var inRange = true
            for (value, which) in [(x, triple[1]), (y, triple[2])] where !(value.isFinite && abs(value) <= TraceLimits.coordinate) {
                try report(at: which.offset, "\(label): coordinate out of range (\(numberText(value))); coordinates must be within ±\(numberText(TraceLimits.coordinate)) points")
                inRange = false
            }
            guard inRange else {
                usable = false
                continue
            }
            if count > 0, t < last {
                let (now, before) = distinctTimes(t, last)
                try report(at: triple[0].offset, "\(label): time goes backwards (t=\(now) after t=\(before))")
                usable = false
                continue
            }
            if count == 0 { begin = t }
            last = t
            count += 1
        }
        if usable && count < 2 {
            // SPEC 13.1: where it begins and where it ends (a tap: the same point twice).
            try report(at: points.offset, "stroke \(index): a stroke needs at least two points, where it touches down and where it lifts (for a tap, the same point twice: [[t0, x, y], [t1, x, y]]); found \(count)")
            return nil
        }
        return usable ? begin : nil
    }

    /// Merges the strokes of `list` (but those `leavingOut`, by their place in the array) into
    /// events by time and streams them. Points at the same time form one event, in stroke
    /// order; a stroke with two points at one time moves in a second event at that time.
    mutating func emitStrokeEvents<C: TouchEventConsumer>(_ list: StrokeList, leavingOut: [Int] = [], consumer: inout C) throws(ParseFailure) {
        try source.withBytes { buffer throws(ParseFailure) in
            let cursor = JSONCursor(buffer, from: list.range.lowerBound, to: list.range.upperBound)
            try self.mergeStrokes(list, leavingOut: leavingOut, cursor: cursor, consumer: &consumer)
        }
    }

    /// `join`: the other thread's merge of the strokes from its split on, taken in (when this
    /// merge, with nothing down, reaches the stroke its events begin with) in place of merging
    /// them here. `ownPart`: this merge is the other thread's, of the strokes from the start
    /// of `list.range`; its events are those from the first stroke that begins with nothing
    /// down (where it notes the `handoff`), and it stops at the first problem.
    mutating func mergeStrokes<C: TouchEventConsumer>(_ list: StrokeList, leavingOut: [Int], cursor: JSONCursor,
                                                      consumer: inout C, join: StrokesSplit<C>? = nil,
                                                      ownPart: LaterStrokes<C>? = nil) throws(ParseFailure) {
        var feed = try StrokeFeed(list, leavingOut: leavingOut, cursor: cursor, fromElement: ownPart != nil)
        // The points the check kept, if it did: read from there rather than from the bytes.
        let kept = list.kept.points
        var pending = try feed.next()
        var down = StrokeHeap()
        // The spacing of points that `usualTriple` does not read, learned as the check learns it.
        var layout = LearnedTriple()
        // Where each touch of the event comes from, for messages (the first `placed` of them),
        // where its stroke's id is kept in `down`, and its touch's slot (or -1).
        var places: [(stroke: Int, point: Int, slot: Int, touchSlot: Int)] = []
        var placed = 0
        var pages = PageRelease(from: list.range.lowerBound)
        var index = 0
        // The stroke whose point alone made the event before (admitted, and not its last), and
        // its touch's slot: when its next point alone makes the next event, the touch is
        // admitted without being looked up (a finger that moves while no other is down).
        var alone: (index: Int, slot: Int)?
        // Whether every touch so far was admitted (no problem): then the slot of each stroke's
        // touch is noted when it begins, for its moves to be admitted there.
        var trusted = true
        // Where the other thread's merge is looked at (the offset of the stroke to take up).
        var joinFrom = join == nil ? Int.max : join!.split
        // Whether the middle of a stroke down alone is passed over (see `StrokeTail`): the
        // events go nowhere, and every stroke is merged (its place in the array is its index).
        let passesOverMiddles = C.self == IgnoringConsumer.self && leavingOut.isEmpty && !list.tails.isEmpty
        // For the other thread's merge: the touches begun before its events begin.
        var touchesBefore = 0
        var beforeHandoff = ownPart != nil
        while true {
            if down.isEmpty, pending != nil, feed.lastOffset >= joinFrom, let join {
                // Nothing down: the events from here on are the other thread's, if it begins
                // them at this very stroke (then its merge from here is the same as this one's).
                guard let theirs = join.merged(), theirs.ok, feed.lastOffset <= theirs.handoff else {
                    joinFrom = Int.max
                    continue
                }
                if feed.lastOffset < theirs.handoff {
                    joinFrom = theirs.handoff
                } else {
                    consumer.appendLaterPart(theirs.consumer!)
                    theirs.consumer = nil
                    index += theirs.eventCount
                    summary.touchCount = tracker.touchCount + theirs.touchCount
                    summary.maxX = max(summary.maxX, theirs.maxX)
                    summary.maxY = max(summary.maxY, theirs.maxY)
                    if summary.firstTime == nil { summary.firstTime = theirs.firstTime }
                    summary.lastTime = theirs.lastTime
                    break
                }
            }
            if beforeHandoff, down.isEmpty, index > 0 {
                // Every stroke before has ended: the other thread's own events begin here.
                guard pending != nil else { throw ParseFailure.stop }
                beforeHandoff = false
                ownPart!.handoff = feed.lastOffset
                touchesBefore = tracker.touchCount
                index = 0
                summary.firstTime = nil
                consumer = C.emptyForLaterPart()!
            }
            // The strokes that begin no later than the earliest point of those down are taken up.
            while let t = pending?.stroke.t, down.isEmpty || t <= down.top.t {
                down.insert(pending!.stroke, id: pending!.id)
                pending = try feed.next()
                if feed.inFileOrder && feed.position >= pages.due {
                    // Bytes before every stroke still to be read are not needed again.
                    pages.reached(down.lowestPosition(below: feed.position), in: source)
                }
            }
            guard !down.isEmpty else { break }
            if let alone, down.isAlone(alone.index), laterPart == nil {
                // The stroke alone down (every stroke that begins no later than its point is
                // taken up) in the middle, and alone in the event before: the event is its
                // point alone, the same touch moved; and so are its next points, up to its last
                // or one no earlier than the next stroke's first, read in a stroke of its own.
                var stroke = down.top
                while true {
                    if passesOverMiddles, stroke.index < list.tails.count, case let tail = list.tails[stroke.index],
                       stroke.point + 2 < tail.count, pending.map({ $0.stroke.t > tail.lastTime }) ?? true {
                        // No stroke begins before its last point: each point from this one to the
                        // one two before the last makes an event of the same touch moved, as
                        // below, which goes nowhere. They are counted, and the stroke's largest
                        // coordinates noted (all its points are admitted); the touch's place and
                        // the summary's last time are those of the next point, read below.
                        index += tail.count - 2 - stroke.point
                        middlePointsPassedOver += tail.count - 2 - stroke.point
                        noteBounds(tail.largest)
                        try stroke.passMiddle(to: tail, cursor, layout: &layout)
                    }
                    event.index = index
                    event.t = stroke.t
                    admitMoving(inSlot: alone.slot, eventIndex: index, to: stroke.location, offset: stroke.offset)
                    consumer.consume(event)
                    index += 1
                    try stroke.advance(cursor, kept, layout: &layout)
                    if stroke.isLast { break }
                    if let t = pending?.stroke.t, t <= stroke.t { break }
                }
                down.replaceFirst(stroke)
                continue
            }
            // The earliest stroke's point, and its stroke moved on (or ended).
            let earliest = down.top
            if earliest.isLast { down.removeFirst() } else { try down.advanceFirst(cursor, kept, layout: &layout) }
            let earliestTouch = down.touchSlot(of: earliest)
            if trusted, earliestTouch >= 0, earliest.point > 0, !earliest.isLast, laterPart == nil,
               down.isEmpty || down.top.t != earliest.t || down.top.occurrence != earliest.occurrence {
                // Its point alone makes the event, and it moves the stroke's touch, admitted
                // (in a merge without a problem, where no two strokes down share an id) in the
                // slot it keeps: the event is made as below, without the touch looked up.
                let touch = EventTouch(id: down.id(of: earliest), phase: .moved, location: earliest.location, force: nil,
                                       majorRadius: nil, slot: -1, serial: -1, offset: earliest.offset)
                if event.touches.count == 1 {
                    event.touches[0] = touch
                } else {
                    event.touches.removeAll(keepingCapacity: true)
                    event.touches.append(touch)
                }
                event.index = index
                event.t = earliest.t
                admitMoving(inSlot: earliestTouch, eventIndex: index, to: earliest.location, offset: earliest.offset)
                alone = (earliest.index, earliestTouch)
                consumer.consume(event)
                index += 1
                continue
            }
            // The touches go over those of the event before; the rest are trimmed after.
            placed = 0
            var stroke = earliest
            var touchSlot = earliestTouch
            // Whether every touch moves a touch admitted in a slot of its own (as above).
            var allMove = trusted && laterPart == nil
            while true {
                allMove = allMove && touchSlot >= 0 && stroke.point > 0 && !stroke.isLast
                let phase: TouchPhase = stroke.point == 0 ? .began : (stroke.isLast ? .ended : .moved)
                let touch = EventTouch(id: down.id(of: stroke), phase: phase, location: stroke.location, force: nil, majorRadius: nil,
                                       slot: -1, serial: -1, offset: stroke.offset)
                if placed < event.touches.count { event.touches[placed] = touch } else { event.touches.append(touch) }
                if placed < places.count {
                    places[placed] = (stroke.index, stroke.point, stroke.slot, touchSlot)
                } else {
                    places.append((stroke.index, stroke.point, stroke.slot, touchSlot))
                }
                placed += 1
                // Each stroke at the same time and occurrence, taken and moved on in turn: its
                // next point comes after this event's.
                guard !down.isEmpty, down.top.t == earliest.t, down.top.occurrence == earliest.occurrence else { break }
                stroke = down.top
                touchSlot = down.touchSlot(of: stroke)
                if stroke.isLast { down.removeFirst() } else { try down.advanceFirst(cursor, kept, layout: &layout) }
            }
            if placed < event.touches.count { event.touches.removeLast(event.touches.count - placed) }
            event.index = index
            event.t = earliest.t
            if allMove {
                // Each touch in the slot its stroke keeps: strokes down at once have ids of
                // their own (two with one id would have been a problem), so no touch is listed
                // twice.
                admitMoving(eventIndex: index, inSlots: { position in places[position].touchSlot })
            } else {
                try admitPending(eventIndex: index, label: { position in
                    "stroke \(places[position].stroke), point \(places[position].point)"
                })
            }
            if event.touches.count != placed {
                // A touch was dropped (a problem): touches are looked up by id from here on.
                trusted = false
            } else if trusted {
                for position in 0..<placed where event.touches[position].phase == .began {
                    down.setTouchSlot(event.touches[position].slot, at: places[position].slot)
                }
            }
            alone = placed == 1 && event.touches.count == 1 && !event.touches[0].phase.isEnding
                ? (earliest.index, event.touches[0].slot) : nil
            consumer.consume(event)
            index += 1
            if passesOverMiddles && placed > 1 {
                try passOverTwins(&down, tails: list.tails, before: pending?.stroke.t, trusted: trusted, index: &index, cursor: cursor, layout: &layout)
            }
        }
        pages.finish(at: list.range.upperBound, in: source)
        summary.eventCount = index
        if ownPart != nil {
            if beforeHandoff { throw ParseFailure.stop }
            summary.touchCount -= touchesBefore
        }
        try finishTrace(consumer: &consumer, eventIndex: index)
    }
}

extension TraceReader {
    /// In a merge whose events go nowhere and without a problem, after an event of several
    /// touches: if the strokes down are a stroke and those after it in the array whose times are
    /// its own, one for one (`StrokeTail.twinOfPrevious`), all at the same point in their
    /// middle, each with its touch admitted in a slot of its own, and no stroke begins before
    /// their last point (`nextBegin`, the next to be taken up), each event from this point to
    /// the one two before the last is their touches moved together, which goes nowhere. The
    /// events are counted (`index`) and the strokes' largest coordinates noted, as for a stroke
    /// down alone; the strokes move to their points before the last, where the merge reads on.
    /// Out of line: most events are one touch's.
    @inline(never)
    fileprivate mutating func passOverTwins(_ down: inout StrokeHeap, tails: [StrokeTail], before nextBegin: Double?, trusted: Bool,
                                            index: inout Int, cursor: JSONCursor, layout: inout LearnedTriple) throws(ParseFailure) {
        guard trusted, laterPart == nil, down.count > 1 else { return }
        let first = down.top
        let places = first.index..<(first.index + down.count)
        guard places.upperBound <= tails.count, case let tail = tails[first.index], first.point > 0,
              first.point + 2 < tail.count, nextBegin.map({ $0 > tail.lastTime }) ?? true,
              tails[places.dropFirst()].allSatisfy(\.twinOfPrevious), down.areTwins(at: places, point: first.point) else { return }
        let events = tail.count - 2 - first.point
        index += events
        middlePointsPassedOver += events * places.count
        for place in places { noteBounds(tails[place].largest) }
        try down.passMiddles(tails, cursor, layout: &layout)
    }
}

/// Where a trace's strokes lie and what the merge needs to know of them: no stroke itself.
struct StrokeList: Sendable {
    /// The bytes of the `strokes` array, brackets included (empty when it is not an array).
    var range: Range<Int>
    /// Whether the strokes that can be replayed begin in order of time (each no earlier than
    /// the one before): then they are merged as they come in the file.
    var beginInOrder = true
    /// Strokes (by their place in the array) that can be replayed but are written with keys
    /// other than one `id` and one `points`: they are read by the general path.
    var unusual: [Int] = []
    /// Strokes (by their place in the array) written as usual but for keys other than `id` and
    /// `points` (each once): their points are passed over by their brackets, the other keys'
    /// values read.
    var withOtherKeys: [Int] = []
    /// The points of the strokes written as usual, when the array is small enough for the check
    /// to keep them (`TraceReader.keptStrokesMaximumBytes`); empty otherwise.
    var kept = KeptPoints()
    /// For a merge whose events go nowhere (`validate`, and the check before a replay), what
    /// the check found at the end of each stroke, by its place in the array (see `StrokeTail`);
    /// empty otherwise, and shorter than the array past `TraceReader.strokeTailsMaximum`.
    var tails: [StrokeTail] = []
}

/// What the check found at the end of a stroke written as usual, for a merge whose events go
/// nowhere: when the stroke is down alone, in its middle, and no stroke begins before its last
/// point, its next points up to the one before the last each make an event of that touch alone,
/// moved, and those events need nothing but counting (the merge then reads on from the point
/// before the last). The stroke's largest x and y go to the summary's at once.
struct StrokeTail: Sendable {
    /// The stroke's points (0 for a stroke the merge reads point by point).
    var count = 0
    /// The last point's time.
    var lastTime = 0.0
    /// The largest x and largest y of all its points.
    var largest = Point(x: 0, y: 0)
    /// The offset of the `[` of the point before the last.
    var penultimateOffset = 0
    /// The time of the point two before the last, and how many points before it have that time
    /// (`DownStroke.occurrence`): the merge reads the point after it from there.
    var antepenultimateTime = 0.0
    var antepenultimateOccurrence = 0
    /// Whether its points' times are those of the stroke just before it in the array, one for
    /// one (a second finger of one gesture, recorded with the first at the same moments): when
    /// such strokes are the only ones down, in their middle, the events up to their points
    /// before the last are each their touches moved together, and are counted as one stroke's
    /// are (the merge reads on from the points before the last).
    var twinOfPrevious = false

    /// The most points of a stroke whose times the check keeps to tell a twin (see
    /// `twinOfPrevious`): a longer stroke is merged as any other.
    static var timesKept: Int { 4096 }

    /// What the check found while reading a stroke's points one by one.
    struct Reading {
        /// Where the first `timesKept` times of its points are written.
        private let times: PinnedRow<Double>
        private var count = 0
        private var largest = Point(x: 0, y: 0)
        /// The last three points noted, the latest first: time, occurrence (see
        /// `DownStroke.occurrence`) and offset.
        private var latest = (0.0, 0.0, 0.0)
        private var occurrences = (0, 0, 0)
        private var offsets = (0, 0)

        /// A reading that writes the times of the stroke's points in `times` (which holds
        /// `timesKept` of them; see `RecentStrokeTimes`).
        init(times: PinnedRow<Double>) {
            self.times = times
        }

        /// Notes the next point (its time no earlier than the one before, as checked).
        mutating func note(t: Double, x: Double, y: Double, offset: Int) {
            // In the row while there is room: the index is below its count.
            if count < times.count { times[count] = t }
            let occurrence = count > 0 && t == latest.0 ? occurrences.0 + 1 : 0
            if count == 0 {
                largest = Point(x: x, y: y)
            } else {
                if x > largest.x { largest.x = x }
                if y > largest.y { largest.y = y }
            }
            latest = (t, latest.0, latest.1)
            occurrences = (occurrence, occurrences.0, occurrences.1)
            offsets = (offset, offsets.0)
            count += 1
        }

        /// The stroke's tail, once its last point is noted: one with no points for a stroke of
        /// fewer than four (no middle point but one, nothing to count). `previous`: the tail of
        /// the stroke just before it in the array, if the check noted it, whose times
        /// `previousTimes` holds (for `twinOfPrevious`).
        func finished(after previous: StrokeTail?, previousTimes: PinnedRow<Double>) -> StrokeTail {
            guard count >= 4 else { return StrokeTail() }
            var tail = StrokeTail(count: count, lastTime: latest.0, largest: largest, penultimateOffset: offsets.1,
                                  antepenultimateTime: latest.2, antepenultimateOccurrence: occurrences.2)
            if let previous, previous.count == count, count <= times.count, count <= previousTimes.count {
                // Both strokes' times are in the rows (indices below their counts).
                var k = 0
                while k < count && times[k] == previousTimes[k] { k += 1 }
                tail.twinOfPrevious = k == count
            }
            return tail
        }
    }
}

/// The times of the last two strokes the check read, for `StrokeTail.Reading.finished` to tell
/// a stroke whose times are those of the stroke before it: two rows of `StrokeTail.timesKept`
/// times, the stroke's being read (`current`) and the one's before it (`previous`), which change
/// places after each stroke. One for each thread that checks strokes, for as long as it does.
final class RecentStrokeTimes {
    private let rows = (PinnedBuffer(repeating: 0.0, count: StrokeTail.timesKept),
                        PinnedBuffer(repeating: 0.0, count: StrokeTail.timesKept))
    private var swapped = false

    /// The row of the stroke being read.
    var current: PinnedRow<Double> { swapped ? rows.1.row : rows.0.row }
    /// The row of the stroke before it.
    var previous: PinnedRow<Double> { swapped ? rows.0.row : rows.1.row }

    /// The stroke being read is done: its row becomes the previous one.
    func next() { swapped.toggle() }
}

/// The points of a small strokes array as the check read them: the merge takes them from here
/// rather than reading the bytes a second time (a point's bytes are most of its cost). Kept
/// only for arrays of at most `TraceReader.keptStrokesMaximumBytes`, so that memory stays
/// small whatever the size of the file: a larger array is merged from its bytes.
struct KeptPoints: Sendable {
    /// The points of every stroke kept, stroke after stroke in the order of the file.
    var points: [KeptPoint] = []
    /// For each stroke by its place in the array, where its points lie in `points`: empty
    /// when they were not kept (a stroke not written as usual, or with a problem). A stroke
    /// kept has two points at least.
    var strokes: [Range<Int>] = []

    /// The points kept of the stroke at `place` in the array (empty if none).
    func points(ofStrokeAt place: Int) -> Range<Int> {
        place < strokes.count ? strokes[place] : 0..<0
    }
}

/// One point of a stroke: its values and the offset of its `[` (for messages).
struct KeptPoint: Sendable {
    var t: Double
    var x: Double
    var y: Double
    var offset: Int
}

extension TraceReader {
    /// The largest strokes array (in bytes, brackets included) whose points the check keeps
    /// for the merge: below the size at which reading is split across threads, and at most
    /// a few bytes of memory a byte of trace (a point is 32 bytes kept, 8 bytes written at least).
    static var keptStrokesMaximumBytes: Int { 4_000_000 }

    /// The most strokes whose tails the check notes for a merge whose events go nowhere (a
    /// tail is 64 bytes: at most 4.2 MB for each of the two threads that read a large array,
    /// whatever the size of the file); the strokes after them are merged point by point.
    static var strokeTailsMaximum: Int { 1 << 16 }
}

/// One stroke that is down in the merge: its next point and where the point after it is (its
/// id is kept by the heap, so that a stroke is copied as plain values).
private struct DownStroke {
    /// The point's time, the number of points before it at the same time in this stroke, and
    /// the stroke's place among the strokes merged: the order of the merge.
    var t: Double
    var occurrence: Int
    var index: Int
    /// The place of its id among the heap's ids.
    var slot = 0
    var location: Point
    /// Offset of the point's `[`.
    var offset: Int
    /// The point's place in the stroke.
    var point: Int
    var isLast: Bool
    /// Offset of the next point's `[`, when this one is not the last; for a stroke whose
    /// points were kept, the place of the next point among them.
    var next: Int
    /// For a stroke whose points were kept, the end of its points among them; 0 otherwise.
    var keptEnd = 0
    /// Whether its point was read with the spacing the merge learned (`LearnedTriple`): the next
    /// one is most likely in the same, and is tried in it first, without the usual spacing's
    /// steps or a call.
    var spaced = false

    /// Whether `self` comes before `other` in the merge.
    func precedes(_ other: DownStroke) -> Bool {
        if t != other.t { return t < other.t }
        if occurrence != other.occurrence { return occurrence < other.occurrence }
        return index < other.index
    }

    /// Opens the stroke object at the cursor (checked before), reading its id and first point;
    /// leaves the cursor after it. `usual`: one `id` and one `points`, so that the points can be
    /// passed over by their brackets; `otherKeys`: usual but for keys other than those, whose
    /// values are read. Its id is given in `id`. `kept`: where its points lie in
    /// `keptPoints`, if they were kept (then they are read from there).
    init(_ cursor: inout JSONCursor, index: Int, usual: Bool, otherKeys: Bool = false, id: inout TouchID,
         kept: Range<Int> = 0..<0, keptPoints: [KeptPoint] = []) throws(ParseFailure) {
        id = TouchID.number(0)
        var points = 0
        var sawID = false
        cursor.skipWhitespace()
        cursor.pos += 1
        var first = true
        while try cursor.nextMember(first: first) {
            first = false
            let key = try cursor.memberKey()
            if cursor.equals(key, "id") {
                sawID = true
                if cursor.current == UInt8(ascii: "\"") {
                    id = .text(cursor.decode(try cursor.stringToken()))
                } else {
                    id = .number(try cursor.number().integer ?? 0)
                }
            } else if cursor.equals(key, "points") {
                // The last `points` is the stroke's (as the last `id` is).
                points = cursor.pos
                if usual && sawID && !otherKeys {
                    // Nothing but numbers and brackets up to the stroke's `}`: found in one search.
                    cursor.skipToClosingBrace()
                } else if usual {
                    cursor.skipArrayOfNumberArrays()
                } else {
                    try cursor.skipValue(depth: 3)
                }
            } else {
                try cursor.skipValue(depth: 3)
            }
        }
        self.t = 0
        self.occurrence = 0
        self.index = index
        self.location = Point(x: 0, y: 0)
        self.offset = points
        self.point = -1
        self.isLast = false
        if !kept.isEmpty {
            self.next = kept.lowerBound
            self.keptEnd = kept.upperBound
            var unused = LearnedTriple()
            try advance(cursor, keptPoints, layout: &unused)
            return
        }
        // The first point, just after the `[` of the points (read in any spacing: the merge's
        // learned spacing is for the points after a stroke's first).
        var reader = cursor
        reader.pos = points + 1
        reader.skipWhitespace()
        self.next = reader.pos
        var fresh = LearnedTriple()
        try advance(reader, keptPoints, layout: &fresh)
    }

    /// `, [` as the bytes of an integer (little-endian), for `hasBytes`.
    static var separator: UInt64 { 0x5B202C }

    /// `,[`, the separator between two points of a minified trace.
    static var minifiedSeparator: UInt64 { 0x5B2C }

    /// Moves from the point it is at, read from the bytes, to the point before the last, as if
    /// `advance` had gone through each point between (see `StrokeTail`).
    mutating func passMiddle(to tail: StrokeTail, _ cursor: JSONCursor, layout: inout LearnedTriple) throws(ParseFailure) {
        // As `advance` leaves it at the point two before the last: the next to read is the one
        // before the last.
        next = tail.penultimateOffset
        point = tail.count - 3
        t = tail.antepenultimateTime
        occurrence = tail.antepenultimateOccurrence
        try advance(cursor, [], layout: &layout)
    }

    /// Moves to the next point (there is one): from `kept`, where the stroke's points were
    /// kept, else from the bytes (a point in another spacing than the usual with the runs
    /// `layout` learned, as the check reads it).
    mutating func advance(_ cursor: JSONCursor, _ kept: [KeptPoint], layout: inout LearnedTriple) throws(ParseFailure) {
        if keptEnd != 0 {
            let point = kept[next]
            offset = point.offset
            next += 1
            isLast = next == keptEnd
            occurrence = self.point >= 0 && point.t == t ? occurrence + 1 : 0
            t = point.t
            location = Point(x: point.x, y: point.y)
            self.point += 1
            return
        }
        var reader = cursor
        reader.pos = next
        offset = next
        let time: Double, x: Double, y: Double
        if spaced, let point = layout.read(&reader) {
            (time, x, y) = point
        } else if let point = TraceReader.usualPoint(&reader) {
            (time, x, y) = point
            spaced = false
        } else if let point = TraceReader.otherSpacedPoint(&reader, layout: &layout) {
            (time, x, y) = point
            spaced = true
        } else {
            spaced = false
            // Any other form, read with the general steps (`anyNumber` reads every number, as
            // `number` would, without its short path in this rare branch).
            reader.pos += 1
            reader.skipWhitespace()
            time = try reader.anyNumber().value
            _ = try reader.nextElement(first: false)
            x = try reader.anyNumber().value
            _ = try reader.nextElement(first: false)
            y = try reader.anyNumber().value
            _ = try reader.nextElement(first: false)
        }
        // The points are checked: `, [` (the usual separator) or `,[` says another follows, or
        // the run between points learned with their spacing.
        if spaced, layout.skipSeparator(&reader) {
            isLast = false
        } else if reader.hasBytes(Self.separator, length: 3) {
            reader.pos += 2
            isLast = false
        } else if reader.hasBytes(Self.minifiedSeparator, length: 2) {
            reader.pos += 1
            isLast = false
        } else {
            isLast = try !TraceReader.nextPoint(&reader, layout: &layout)
        }
        next = reader.pos
        occurrence = point >= 0 && time == t ? occurrence + 1 : 0
        t = time
        location = Point(x: x, y: y)
        point += 1
    }
}

/// The strokes down in the merge, earliest point first (a binary heap).
private struct StrokeHeap {
    private var strokes: [DownStroke] = []
    /// The ids of the strokes down, by their `slot`, and the slots free for the next.
    private var ids: [TouchID] = []
    private var freeSlots: [Int] = []
    /// By the same `slot`: the slot the tracker gave the stroke's touch, once its first point
    /// was admitted in a merge without a problem (-1 until then).
    private var touchSlots: [Int] = []

    /// Room for a few strokes down at once (a hand's fingers) from the start, rather than
    /// growing to it one allocation at a time.
    init() {
        strokes.reserveCapacity(8)
        ids.reserveCapacity(8)
        touchSlots.reserveCapacity(8)
    }

    var isEmpty: Bool { strokes.isEmpty }

    /// How many strokes are down.
    var count: Int { strokes.count }

    /// Whether the strokes down are the strokes at `places` in the array, one each, all at
    /// point `point`, each with its touch's slot noted.
    func areTwins(at places: Range<Int>, point: Int) -> Bool {
        guard strokes.count == places.count else { return false }
        for stroke in strokes where !places.contains(stroke.index) || stroke.point != point || touchSlots[stroke.slot] < 0 {
            return false
        }
        return true
    }

    /// Moves every stroke down to the point before its last, as `DownStroke.passMiddle` does
    /// with its tail (by its place in the array, in `tails`). The strokes are twins (see
    /// `StrokeTail.twinOfPrevious`) at one point: at one time and occurrence before and after,
    /// so the heap's order, theirs by their places, stays.
    mutating func passMiddles(_ tails: [StrokeTail], _ cursor: JSONCursor, layout: inout LearnedTriple) throws(ParseFailure) {
        for k in strokes.indices {
            try strokes[k].passMiddle(to: tails[strokes[k].index], cursor, layout: &layout)
        }
    }

    /// Whether the stroke at place `index` is the only one down, at a point that is neither its
    /// first nor its last.
    func isAlone(_ index: Int) -> Bool {
        strokes.count == 1 && strokes[0].index == index && strokes[0].point > 0 && !strokes[0].isLast
    }

    /// The earliest stroke (there is one).
    var top: DownStroke { strokes[0] }

    /// The id of a stroke down.
    func id(of stroke: DownStroke) -> TouchID { ids[stroke.slot] }

    /// The slot of the touch of a stroke down (or just ended), or -1 (see `touchSlots`).
    func touchSlot(of stroke: DownStroke) -> Int { touchSlots[stroke.slot] }

    /// Notes the slot the tracker gave the touch of the stroke whose id is at `slot`.
    mutating func setTouchSlot(_ touchSlot: Int, at slot: Int) {
        touchSlots[slot] = touchSlot
    }

    mutating func insert(_ stroke: DownStroke, id: TouchID) {
        var stroke = stroke
        if let slot = freeSlots.popLast() {
            ids[slot] = id
            touchSlots[slot] = -1
            stroke.slot = slot
        } else {
            stroke.slot = ids.count
            ids.append(id)
            touchSlots.append(-1)
        }
        strokes.append(stroke)
        var child = strokes.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard strokes[child].precedes(strokes[parent]) else { break }
            strokes.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes the earliest stroke.
    mutating func removeFirst() {
        freeSlots.append(strokes[0].slot)
        let last = strokes.removeLast()
        if !strokes.isEmpty { replaceFirst(last) }
    }

    /// Moves the earliest stroke to its next point (it has one), in its place, and then to its
    /// place in the heap.
    mutating func advanceFirst(_ cursor: JSONCursor, _ kept: [KeptPoint], layout: inout LearnedTriple) throws(ParseFailure) {
        try strokes[0].advance(cursor, kept, layout: &layout)
        if strokes.count > 1 { siftDown() }
    }

    /// Puts `stroke` in the place of the earliest stroke.
    mutating func replaceFirst(_ stroke: DownStroke) {
        strokes[0] = stroke
        siftDown()
    }

    /// Moves the stroke at the top down to its place.
    private mutating func siftDown() {
        var parent = 0
        while true {
            let left = 2 * parent + 1
            if left >= strokes.count { break }
            let right = left + 1
            let child = right < strokes.count && strokes[right].precedes(strokes[left]) ? right : left
            guard strokes[child].precedes(strokes[parent]) else { break }
            strokes.swapAt(child, parent)
            parent = child
        }
    }

    /// The lowest offset a stroke down still reads from, or `limit` if lower.
    func lowestPosition(below limit: Int) -> Int {
        var lowest = limit
        for stroke in strokes where stroke.offset < lowest { lowest = stroke.offset }
        return lowest
    }
}

/// The strokes of a list in the order the merge takes them up (each no earlier than the one
/// before): as they come in the file when they begin in order, else by an index sorted by their
/// first time.
private struct StrokeFeed {
    private var cursor: JSONCursor
    private var first = true
    /// The place in the array of the next stroke in the file.
    private var index = 0
    private let leavingOut: [Int]
    private var nextLeftOut = 0
    private let unusual: [Int]
    private var nextUnusual = 0
    private let withOtherKeys: [Int]
    private var nextWithOtherKeys = 0
    /// For strokes not in order: each stroke's first time, place and offset, sorted.
    private var sorted: [(t: Double, index: Int, offset: Int, usual: Bool, otherKeys: Bool, place: Int)] = []
    private var nextSorted = 0
    let inFileOrder: Bool
    /// The points the check kept (see `KeptPoints`).
    private let kept: KeptPoints

    /// `fromElement`: the range begins at a stroke, not at the array's `[`.
    init(_ list: StrokeList, leavingOut: [Int], cursor: JSONCursor, fromElement: Bool = false) throws(ParseFailure) {
        self.cursor = cursor
        self.leavingOut = leavingOut
        self.unusual = list.unusual
        self.withOtherKeys = list.withOtherKeys
        self.kept = list.kept
        inFileOrder = list.beginInOrder
        guard !list.range.isEmpty else {
            self.cursor.pos = self.cursor.end
            return
        }
        if !fromElement { self.cursor.pos += 1 }
        if !inFileOrder {
            var entries: [(t: Double, index: Int, offset: Int, usual: Bool, otherKeys: Bool, place: Int)] = []
            while let (offset, index, usual, otherKeys, place) = try nextInFile() {
                var reader = self.cursor
                reader.pos = offset
                var id = TouchID.number(0)
                let stroke = try DownStroke(&reader, index: index, usual: usual, otherKeys: otherKeys, id: &id,
                                            kept: kept.points(ofStrokeAt: place), keptPoints: kept.points)
                entries.append((stroke.t, index, offset, usual, otherKeys, place))
            }
            entries.sort { a, b in a.t != b.t ? a.t < b.t : a.index < b.index }
            sorted = entries
        }
    }

    /// Where the feed reads in the file (in file order).
    var position: Int { cursor.pos }
    /// The offset of the stroke `next()` gave last.
    private(set) var lastOffset = 0

    /// The next stroke to take up, opened at its first point, and its id; nil after the last.
    mutating func next() throws(ParseFailure) -> (stroke: DownStroke, id: TouchID)? {
        var id = TouchID.number(0)
        if inFileOrder {
            guard let (offset, index, usual, otherKeys, place) = try nextInFile() else { return nil }
            lastOffset = offset
            // `nextInFile` stops at the stroke's start: it is read from there.
            return (try DownStroke(&cursor, index: index, usual: usual, otherKeys: otherKeys, id: &id,
                                   kept: kept.points(ofStrokeAt: place), keptPoints: kept.points), id)
        }
        guard nextSorted < sorted.count else { return nil }
        let entry = sorted[nextSorted]
        nextSorted += 1
        lastOffset = entry.offset
        var reader = cursor
        reader.pos = entry.offset
        return (try DownStroke(&reader, index: entry.index, usual: entry.usual, otherKeys: entry.otherKeys, id: &id,
                               kept: kept.points(ofStrokeAt: entry.place), keptPoints: kept.points), id)
    }

    /// Moves to the next stroke in the file that is not left out: its offset, its place among
    /// those not left out, whether it is written as usual (and with other keys) and its place
    /// in the array, with the cursor at its start (or, when not in file order, after it); nil
    /// at the end of the array.
    private mutating func nextInFile() throws(ParseFailure) -> (offset: Int, index: Int, usual: Bool, otherKeys: Bool, place: Int)? {
        while try cursor.nextElement(first: first) {
            first = false
            let k = index
            index += 1
            if nextLeftOut < leavingOut.count && leavingOut[nextLeftOut] == k {
                nextLeftOut += 1
                try cursor.skipValue(depth: 2)
                continue
            }
            var usual = true
            if nextUnusual < unusual.count && unusual[nextUnusual] == k {
                nextUnusual += 1
                usual = false
            }
            var otherKeys = false
            if nextWithOtherKeys < withOtherKeys.count && withOtherKeys[nextWithOtherKeys] == k {
                nextWithOtherKeys += 1
                otherKeys = true
            }
            let offset = cursor.pos
            if !inFileOrder { try cursor.skipValue(depth: 2) }
            // Messages number the strokes merged, those left out not counted.
            return (offset, k - nextLeftOut, usual, otherKeys, k)
        }
        return nil
    }
}
