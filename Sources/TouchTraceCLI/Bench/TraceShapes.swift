import TouchTrace

/// How a trace's JSON text is laid out: the same values, written with different white space.
enum TraceLayout: Sendable {
    /// One event (or stroke) a line, a space after every `:` and `,` (the layout of
    /// `JSONSerialization` without options, and of most hand-written fixtures).
    case spaced
    /// No spaces and no line breaks at all (the layout of `JSON.stringify` and `JSONEncoder`).
    case minified
    /// One key a line, indented by two spaces a level (the layout of `json.dumps(indent=2)` and
    /// `JSONEncoder`'s `.prettyPrinted`).
    case pretty
}

/// One way traces come from devices and people (SPEC 19): a layout, a key order, a form and
/// what each touch carries. `touchtrace bench` measures every goal of SPEC 9 on each of these
/// and judges it on the slowest.
struct TraceShape: Sendable {
    /// A short name for the bench's table.
    var name: String
    /// What sets this shape apart, for the bench's table.
    var summary: String
    var layout: TraceLayout
    /// Keys in a varied order: each event's and each touch's keys shuffled, the trace's own keys
    /// sorted (so `"events"` comes before `"version"`).
    var shuffledKeys = false
    /// The compact `strokes` form instead of `events`.
    var strokes = false
    /// Every touch has `force` and `majorRadius`, and its numbers have one to six decimals
    /// (times keep six, so that rounding never makes them decrease).
    var measures = false
    /// Touches in every event: nil for one finger three gestures in four and two in the fourth.
    var fingers: ClosedRange<Int>? = nil
    /// As a browser page writes Pointer Events with `JSON.stringify`: coordinates with all the
    /// digits of a double (sixteen or seventeen significant) and a `pointerType` in every touch,
    /// a key touchtrace does not know (warned about once).
    var browser = false

    /// The shapes `touchtrace bench` measures. The first seven carry the same gestures for the
    /// same seed (their transcripts are the same); the last three carry their own.
    static let all: [TraceShape] = [.spaced, .minified, .pretty, .shuffled, .strokesForm, .prettyShuffled, .prettyStrokes,
                                    .device, .crowd, .browser]

    static let spaced = TraceShape(name: "spaced", summary: "one event a line, spaces after : and ,", layout: .spaced)
    static let minified = TraceShape(name: "minified", summary: "no spaces or line breaks", layout: .minified)
    static let pretty = TraceShape(name: "pretty", summary: "pretty-printed, one key a line", layout: .pretty)
    static let shuffled = TraceShape(name: "shuffled", summary: "keys in any order", layout: .spaced, shuffledKeys: true)
    static let strokesForm = TraceShape(name: "strokes", summary: "the strokes form, one stroke a line", layout: .spaced, strokes: true)
    /// Two of the ways above at once, as a script's `json.dump(trace, indent=2)` of its own
    /// dictionaries writes them.
    static let prettyShuffled = TraceShape(name: "pretty-shuffled", summary: "pretty-printed, keys in any order",
                                           layout: .pretty, shuffledKeys: true)
    static let prettyStrokes = TraceShape(name: "pretty-strokes", summary: "the strokes form pretty-printed, a number a line",
                                          layout: .pretty, strokes: true)
    static let device = TraceShape(name: "device", summary: "force and majorRadius, 1 to 6 decimals, minified", layout: .minified, measures: true)
    static let crowd = TraceShape(name: "crowd", summary: "2 to 10 touches an event", layout: .spaced, fingers: 2...10)
    static let browser = TraceShape(name: "browser", summary: "a double's 17 digits, an unknown key a touch, minified",
                                    layout: .minified, browser: true)

    /// The text of a document whose members are `members`, with the one member whose value is
    /// nil (the events or strokes) left open: `head`, then its items divided by `separator`, then
    /// `tail`.
    func document(_ members: [(String, JSONValue?)]) -> (head: [UInt8], separator: [UInt8], tail: [UInt8]) {
        let ordered = shuffledKeys ? members.sorted { $0.0 < $1.0 } : members
        var head: [UInt8] = Array("{".utf8)
        var tail: [UInt8] = []
        var open = false
        for (index, (key, value)) in ordered.enumerated() {
            let prefix: String
            switch layout {
            case .spaced: prefix = index == 0 ? "" : ", "
            case .minified: prefix = index == 0 ? "" : ","
            case .pretty: prefix = index == 0 ? "\n  " : ",\n  "
            }
            let colon = layout == .minified ? ":" : ": "
            if let value {
                if open {
                    tail.append(contentsOf: Array((prefix + "\"\(key)\"" + colon).utf8))
                    layout.emit(value, into: &tail, depth: 1)
                } else {
                    head.append(contentsOf: Array((prefix + "\"\(key)\"" + colon).utf8))
                    layout.emit(value, into: &head, depth: 1)
                }
            } else {
                open = true
                head.append(contentsOf: Array((prefix + "\"\(key)\"" + colon + "[").utf8))
                switch layout {
                case .spaced:
                    head.append(contentsOf: Array("\n".utf8))
                    tail.append(contentsOf: Array("\n]".utf8))
                case .minified:
                    tail.append(contentsOf: Array("]".utf8))
                case .pretty:
                    head.append(contentsOf: Array("\n    ".utf8))
                    tail.append(contentsOf: Array("\n  ]".utf8))
                }
            }
        }
        switch layout {
        case .spaced: tail.append(contentsOf: Array("}\n".utf8))
        case .minified: tail.append(contentsOf: Array("}".utf8))
        case .pretty: tail.append(contentsOf: Array("\n}\n".utf8))
        }
        let separator: String
        switch layout {
        case .spaced: separator = ",\n"
        case .minified: separator = ","
        case .pretty: separator = ",\n    "
        }
        return (head, Array(separator.utf8), tail)
    }

    /// Appends a gesture's events (or its strokes) as items of the open list, each after
    /// `separator` unless it is the list's first. `keyOrder` shuffles the keys of a shape with
    /// `shuffledKeys` (a generator of its own, so that the gestures stay those of the seed).
    func write(_ gesture: Gesture, into out: inout [UInt8], separator: [UInt8], first: inout Bool, keyOrder: inout SplitMix64) {
        func item(_ value: JSONValue) {
            if !first { out.append(contentsOf: separator) }
            first = false
            layout.emit(value, into: &out, depth: 2)
        }
        if strokes {
            for (f, id) in gesture.ids.enumerated() {
                let points = gesture.times.indices.map { k in
                    JSONValue.array([.number(gesture.times[k]), .number(gesture.touches[k][f].x), .number(gesture.touches[k][f].y)])
                }
                item(.object(ordered([("id", .number(String(id))), ("points", .array(points))], &keyOrder)))
            }
            return
        }
        for k in gesture.times.indices {
            let phase = k == 0 ? "began" : (k == gesture.times.count - 1 ? "ended" : "moved")
            let touches = gesture.ids.indices.map { f -> JSONValue in
                let touch = gesture.touches[k][f]
                var members: [(String, JSONValue)] = [("id", .number(String(gesture.ids[f]))), ("phase", .string(phase)),
                                                      ("x", .number(touch.x)), ("y", .number(touch.y))]
                if let force = touch.force { members.append(("force", .number(force))) }
                if let majorRadius = touch.majorRadius { members.append(("majorRadius", .number(majorRadius))) }
                if browser { members.append(("pointerType", .string("touch"))) }
                return .object(ordered(members, &keyOrder))
            }
            item(.object(ordered([("t", .number(gesture.times[k])), ("touches", .array(touches))], &keyOrder)))
        }
    }

    private func ordered(_ members: [(String, JSONValue)], _ keyOrder: inout SplitMix64) -> [(String, JSONValue)] {
        guard shuffledKeys else { return members }
        var members = members
        for i in stride(from: members.count - 1, to: 0, by: -1) {
            members.swapAt(i, keyOrder.int(0...i))
        }
        return members
    }
}

/// One gesture of the bench's traces: one or more fingers moving together at 120 Hz, its
/// numbers already written as the text they have in the trace.
struct Gesture {
    /// The touch ids, one a finger.
    var ids: [Int]
    /// The time of every sample (seconds, six decimals).
    var times: [String]
    /// Every sample's touches, one a finger in the order of `ids`.
    var touches: [[Touch]]

    struct Touch {
        var x: String
        var y: String
        var force: String? = nil
        var majorRadius: String? = nil
    }

    /// A gesture drawn from `random`: one finger (three times in four) or two, or as many as the
    /// shape's `fingers`, for a number of samples in `range` (at most `most(fingers)`, at least
    /// three) moving with a random velocity and a little jitter; then a pause. `t` (seconds) and
    /// `nextID` carry on from one gesture to the next.
    static func make(_ random: inout SplitMix64, shape: TraceShape, t: inout Double, nextID: inout Int,
                     samples range: ClosedRange<Int> = 20...120, most: (Int) -> Int = { _ in .max }) -> Gesture {
        let fingers = shape.fingers.map { random.int($0) } ?? (random.int(1...4) == 4 ? 2 : 1)
        let samples = max(3, min(random.int(range), most(fingers)))
        var x = (0..<fingers).map { _ in random.uniform(20, 370) }
        var y = (0..<fingers).map { _ in random.uniform(20, 820) }
        let vx = random.uniform(-900, 900)
        let vy = random.uniform(-900, 900)
        let ids = (0..<fingers).map { nextID + $0 }
        nextID += fingers
        var gesture = Gesture(ids: ids, times: [], touches: [])
        for _ in 0..<samples {
            gesture.times.append(BenchInputs.decimal(t, 6))
            var row: [Touch] = []
            for f in 0..<fingers {
                if shape.measures {
                    row.append(Touch(x: BenchInputs.decimal(x[f], random.int(1...6)), y: BenchInputs.decimal(y[f], random.int(1...6)),
                                     force: BenchInputs.decimal(random.uniform(0, 6.67), random.int(1...6)),
                                     majorRadius: BenchInputs.decimal(random.uniform(4, 40), random.int(1...6))))
                } else if shape.browser {
                    // Three digits before the point and thirteen or fourteen after it.
                    row.append(Touch(x: BenchInputs.decimal(x[f], random.int(13...14)), y: BenchInputs.decimal(y[f], random.int(13...14))))
                } else {
                    row.append(Touch(x: BenchInputs.decimal(x[f], 2), y: BenchInputs.decimal(y[f], 2)))
                }
                x[f] = min(389, max(1, x[f] + vx * 0.008 + random.uniform(-1, 1)))
                y[f] = min(843, max(1, y[f] + vy * 0.008 + random.uniform(-1, 1)))
            }
            gesture.touches.append(row)
            t += 0.008 + random.uniform(-0.0005, 0.0005)
        }
        t += random.uniform(0.1, 0.6)
        return gesture
    }
}

/// A JSON value as the bench writes it: numbers and names already as text.
indirect enum JSONValue {
    case number(String)
    case string(String)
    /// Text written as it is (a scene kept in its own layout).
    case verbatim(String)
    case object([(String, JSONValue)])
    case array([JSONValue])
}

extension TraceLayout {
    /// Appends `value` in this layout; `depth` is its level of nesting (for pretty indentation).
    func emit(_ value: JSONValue, into out: inout [UInt8], depth: Int) {
        switch value {
        case .number(let text), .verbatim(let text):
            out.append(contentsOf: text.utf8)
        case .string(let text):
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, member)) in members.enumerated() {
                separate(index, into: &out, depth: depth)
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: key.utf8)
                out.append(contentsOf: Array((self == .minified ? "\":" : "\": ").utf8))
                emit(member, into: &out, depth: depth + 1)
            }
            close(members.isEmpty, into: &out, depth: depth)
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                separate(index, into: &out, depth: depth)
                emit(element, into: &out, depth: depth + 1)
            }
            close(elements.isEmpty, into: &out, depth: depth)
            out.append(UInt8(ascii: "]"))
        }
    }

    private func separate(_ index: Int, into out: inout [UInt8], depth: Int) {
        switch self {
        case .spaced: if index > 0 { out.append(contentsOf: Array(", ".utf8)) }
        case .minified: if index > 0 { out.append(UInt8(ascii: ",")) }
        case .pretty:
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * (depth + 1)))
        }
    }

    private func close(_ empty: Bool, into out: inout [UInt8], depth: Int) {
        guard self == .pretty, !empty else { return }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }
}
