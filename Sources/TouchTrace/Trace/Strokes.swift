/// The compact form for hand-written fixtures: `"strokes": [{"id": 1, "points": [[t, x, y], ...]}]`.
/// A stroke begins at its first point, moves through the middle ones and ends at its last; the
/// strokes are merged into events by time.
extension TraceReader {
    mutating func readStrokes(_ cursor: inout JSONCursor) throws(ParseFailure) -> [Stroke] {
        let node = try cursor.node(depth: 1)
        guard let elements = node.elements else {
            try report(at: node.offset, "\"strokes\" must be an array of strokes, found \(node.kindDescription)")
            return []
        }
        var strokes: [Stroke] = []
        for (index, element) in elements.enumerated() {
            if let stroke = try readStroke(element, index: index) { strokes.append(stroke) }
        }
        return strokes
    }

    private mutating func readStroke(_ node: JSONNode, index: Int) throws(ParseFailure) -> Stroke? {
        guard let members = node.members else {
            try report(at: node.offset, "stroke \(index): expected an object with \"id\" and \"points\", found \(node.kindDescription)")
            return nil
        }
        var id: TouchID?
        var points: JSONNode?
        for member in members {
            switch member.key {
            case "id":
                switch member.value.value {
                case .number(_, let integer?): id = .number(integer)
                case .string(let s): id = .text(s)
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
        guard let id else {
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
        var samples: [Stroke.Sample] = []
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
            if let previous = samples.last, t < previous.t {
                let (now, before) = distinctTimes(t, previous.t)
                try report(at: triple[0].offset, "\(label): time goes backwards (t=\(now) after t=\(before))")
                usable = false
                continue
            }
            samples.append(Stroke.Sample(t: t, location: Point(x: x, y: y), offset: point.offset))
        }
        if usable && samples.count < 2 {
            // SPEC 13.1: where it begins and where it ends (a tap: the same point twice).
            try report(at: points.offset, "stroke \(index): a stroke needs at least two points, where it touches down and where it lifts (for a tap, the same point twice: [[t0, x, y], [t1, x, y]]); found \(samples.count)")
            return nil
        }
        return usable ? Stroke(id: id, offset: node.offset, samples: samples) : nil
    }

    /// Merges strokes into events by time and streams them. Points at the same time form one
    /// event, in stroke order; a stroke with two points at one time moves in a second event at
    /// that time.
    mutating func emitStrokeEvents<C: TouchEventConsumer>(_ strokes: [Stroke], consumer: inout C) throws(ParseFailure) {
        var entries: [StrokeEntry] = []
        for (s, stroke) in strokes.enumerated() {
            var occurrence = 0
            for (k, sample) in stroke.samples.enumerated() {
                occurrence = k > 0 && stroke.samples[k - 1].t == sample.t ? occurrence + 1 : 0
                entries.append(StrokeEntry(t: sample.t, occurrence: occurrence, stroke: s, point: k))
            }
        }
        entries.sort { a, b in
            if a.t != b.t { return a.t < b.t }
            if a.occurrence != b.occurrence { return a.occurrence < b.occurrence }
            return a.stroke < b.stroke
        }
        var index = 0
        var i = 0
        while i < entries.count {
            var j = i
            event.touches.removeAll(keepingCapacity: true)
            while j < entries.count && entries[j].t == entries[i].t && entries[j].occurrence == entries[i].occurrence {
                let e = entries[j]
                let stroke = strokes[e.stroke]
                let sample = stroke.samples[e.point]
                let phase: TouchPhase = e.point == 0 ? .began : (e.point == stroke.samples.count - 1 ? .ended : .moved)
                event.touches.append(EventTouch(id: stroke.id, phase: phase, location: sample.location, force: nil, majorRadius: nil,
                                                slot: -1, serial: -1, offset: sample.offset))
                j += 1
            }
            event.index = index
            event.t = entries[i].t
            let group = entries[i..<j]
            try admitPending(eventIndex: index, label: { position in
                let e = group[group.startIndex + position]
                return "stroke \(e.stroke), point \(e.point)"
            })
            consumer.consume(event)
            index += 1
            i = j
        }
        summary.eventCount = index
        try finishTrace(consumer: &consumer, eventIndex: index)
    }
}

/// One point of a stroke in the merge of strokes into events.
private struct StrokeEntry {
    var t: Double
    var occurrence: Int
    var stroke: Int
    var point: Int
}
