#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TouchTrace

/// Damaged traces read by the fast paths as the general steps read them. Small traces of every
/// shape the bench writes (SPEC 19; and pretty-printed with tabs and CRLF line ends) are made up
/// twice: as written, and with one key in every event, touch or stroke written with an escape
/// (which only the general steps read), the other padded to the same number of bytes. Both are
/// then damaged the same way at the same place, away from the escaped keys — a byte left out,
/// doubled, replaced or two swapped, the file cut short, a run of digits made very long or
/// replaced by `1e999`, `-0`, `00` and the like, or two or three of these — and must read the
/// same: the same events, summary, warnings, and problems with the same `line:column`, in
/// every mode, with one thread and with two. `TOUCHTRACE_DAMAGE_ROUNDS` sets the rounds (6
/// by default: 672 damaged traces); `TOUCHTRACE_DAMAGE_CASES`, a folder, keeps each trace
/// that reads differently there with both outcomes.
@Suite struct DamagedShapesTests {
    enum Layout {
        case spaced, minified, pretty
        /// Pretty-printed with a tab a level and CRLF line ends.
        case tabbed

        /// A line end and the indentation of `depth` levels, pretty-printed.
        func newline(_ depth: Int) -> String {
            self == .tabbed ? "\r\n" + String(repeating: "\t", count: depth) : "\n" + String(repeating: " ", count: 2 * depth)
        }
    }

    /// A shape as `touchtrace bench` writes it: a layout, key order, form and what each touch
    /// carries.
    struct Shape {
        var name: String
        var layout: Layout
        var shuffled = false
        var strokes = false
        var measures = false
        var fingers: ClosedRange<Int>? = nil
        var browser = false
    }

    static let shapes: [Shape] = [
        Shape(name: "spaced", layout: .spaced),
        Shape(name: "minified", layout: .minified),
        Shape(name: "pretty", layout: .pretty),
        Shape(name: "shuffled", layout: .spaced, shuffled: true),
        Shape(name: "strokes", layout: .spaced, strokes: true),
        Shape(name: "pretty-shuffled", layout: .pretty, shuffled: true),
        Shape(name: "pretty-strokes", layout: .pretty, strokes: true),
        Shape(name: "tabbed", layout: .tabbed),
        Shape(name: "tabbed-strokes", layout: .tabbed, strokes: true),
        Shape(name: "minified-strokes", layout: .minified, strokes: true),
        Shape(name: "device", layout: .minified, measures: true),
        Shape(name: "crowd", layout: .spaced, fingers: 2...10),
        Shape(name: "browser", layout: .minified, browser: true),
        Shape(name: "spaced-browser", layout: .spaced, browser: true),
    ]

    /// A JSON value; a member whose `twin` is set has its key padded in the plain trace and
    /// written with an escape in the other.
    indirect enum Value {
        case text(String)
        case object([Member])
        case array([Value])
    }

    struct Member {
        var key: String
        var value: Value
        var twin = false
    }

    /// The two traces being written, the same length, and the places of the escaped keys (from
    /// the key's opening quote to its colon), where no damage goes.
    struct Twins {
        var plain: [UInt8] = []
        var escaped: [UInt8] = []
        var keys: [Range<Int>] = []
        /// Where in a twin key the escape goes (its first letter, or another).
        var escapeAt = 0

        mutating func append(_ text: String) {
            plain.append(contentsOf: text.utf8)
            escaped.append(contentsOf: text.utf8)
        }

        mutating func key(_ name: String, twin: Bool, colon: String) {
            guard twin else {
                append("\"\(name)\"" + colon)
                return
            }
            let start = plain.count
            let bytes = Array(name.utf8)
            let at = min(escapeAt, bytes.count - 1)
            let hex = String(bytes[at], radix: 16)
            let written = String(decoding: bytes[..<at], as: UTF8.self) + "\\u00" + (at % 2 == 0 ? hex : hex.uppercased())
                + String(decoding: bytes[(at + 1)...], as: UTF8.self)
            plain.append(contentsOf: "\"\(name)\"     ".utf8)
            escaped.append(contentsOf: "\"\(written)\"".utf8)
            plain.append(contentsOf: colon.utf8)
            escaped.append(contentsOf: colon.utf8)
            keys.append(start..<(start + name.utf8.count + 8))
        }

        func isKey(_ offset: Int) -> Bool { keys.contains { $0.contains(offset) } }
    }

    /// Appends `value` in `layout`, `depth` levels deep (for pretty indentation), as the bench does.
    static func emit(_ value: Value, _ layout: Layout, depth: Int, into out: inout Twins) {
        switch value {
        case .text(let text):
            out.append(text)
        case .object(let members):
            out.append("{")
            for (index, member) in members.enumerated() {
                separate(index, layout, depth: depth, into: &out)
                out.key(member.key, twin: member.twin, colon: layout == .minified ? ":" : ": ")
                emit(member.value, layout, depth: depth + 1, into: &out)
            }
            if layout == .pretty || layout == .tabbed, !members.isEmpty { out.append(layout.newline(depth)) }
            out.append("}")
        case .array(let elements):
            out.append("[")
            for (index, element) in elements.enumerated() {
                separate(index, layout, depth: depth, into: &out)
                emit(element, layout, depth: depth + 1, into: &out)
            }
            if layout == .pretty || layout == .tabbed, !elements.isEmpty { out.append(layout.newline(depth)) }
            out.append("]")
        }
    }

    static func separate(_ index: Int, _ layout: Layout, depth: Int, into out: inout Twins) {
        switch layout {
        case .spaced: if index > 0 { out.append(", ") }
        case .minified: if index > 0 { out.append(",") }
        case .pretty, .tabbed: out.append((index > 0 ? "," : "") + layout.newline(depth + 1))
        }
    }

    /// A number with `places` decimals, trailing zeros kept (as the bench writes them).
    static func decimal(_ v: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let n = Int64((abs(v) * scale).rounded())
        let digits = String(n)
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        return (v < 0 && n != 0 ? "-" : "") + padded.dropLast(places) + (places > 0 ? "." + padded.suffix(places) : "")
    }

    /// Which keys are written both ways, padded and escaped: one in every event, touch or stroke.
    enum TwinKey: CaseIterable {
        /// A key touchtrace does not know, in every event (or stroke).
        case extraItemKey
        /// `t` (or a stroke's `id`).
        case firstKnownKey
        /// `touches` (or a stroke's `points`).
        case secondKnownKey
        /// One of each touch's keys (`x`, or `pointerType` in a browser's touches).
        case touchKey
        /// A key touchtrace does not know, in every touch.
        case extraTouchKey
        /// The first key of every event and of every touch (or of every stroke), whatever it
        /// is: each is then read by the general steps from its start.
        case firstKeys
    }

    /// A small trace of `shape`: a few gestures of a few samples, as the bench makes them.
    static func trace(_ shape: Shape, twin: TwinKey, _ random: inout SplitMix64) -> Twins {
        var out = Twins()
        out.escapeAt = random.int(0...2)
        var keyOrder = SplitMix64(state: random.next())
        func ordered(_ members: [Member]) -> [Member] {
            guard shape.shuffled else { return members }
            var members = members
            for i in stride(from: members.count - 1, to: 0, by: -1) { members.swapAt(i, keyOrder.int(0...i)) }
            return members
        }
        var items: [Value] = []
        var t = random.uniform(0, 2)
        var nextID = random.int(0...3)
        var frame = 0
        // Now and then enough gestures for a layout to be learned again after misses.
        for _ in 0..<(random.int(0...9) == 0 ? random.int(8...14) : random.int(1...4)) {
            let fingers = shape.fingers.map { random.int($0) } ?? (random.int(1...4) == 4 ? 2 : 1)
            let samples = random.int(2...6)
            var x = (0..<fingers).map { _ in random.uniform(20, 370) }
            var y = (0..<fingers).map { _ in random.uniform(20, 820) }
            let vx = random.uniform(-900, 900), vy = random.uniform(-900, 900)
            let ids = (0..<fingers).map { nextID + $0 }
            nextID += fingers
            var times: [String] = []
            var rows: [[[Member]]] = []
            for _ in 0..<samples {
                times.append(decimal(t, 6))
                var row: [[Member]] = []
                for f in 0..<fingers {
                    var members: [Member]
                    if shape.measures {
                        members = [Member(key: "x", value: .text(decimal(x[f], random.int(1...6)))),
                                   Member(key: "y", value: .text(decimal(y[f], random.int(1...6)))),
                                   Member(key: "force", value: .text(decimal(random.uniform(0, 6.67), random.int(1...6)))),
                                   Member(key: "majorRadius", value: .text(decimal(random.uniform(4, 40), random.int(1...6))))]
                    } else if shape.browser {
                        members = [Member(key: "x", value: .text(decimal(x[f], random.int(13...14)))),
                                   Member(key: "y", value: .text(decimal(y[f], random.int(13...14)))),
                                   Member(key: "pointerType", value: .text("\"touch\""))]
                    } else {
                        members = [Member(key: "x", value: .text(decimal(x[f], 2))), Member(key: "y", value: .text(decimal(y[f], 2)))]
                    }
                    row.append(members)
                    x[f] = min(389, max(1, x[f] + vx * 0.008 + random.uniform(-1, 1)))
                    y[f] = min(843, max(1, y[f] + vy * 0.008 + random.uniform(-1, 1)))
                }
                rows.append(row)
                t += 0.008 + random.uniform(-0.0005, 0.0005)
            }
            t += random.uniform(0.1, 0.6)
            if shape.strokes {
                for (f, id) in ids.enumerated() {
                    let points = times.indices.map { k in
                        Value.array([.text(times[k]), rows[k][f][0].value, rows[k][f][1].value])
                    }
                    var members = [Member(key: "id", value: .text(String(id)), twin: twin == .firstKnownKey || twin == .touchKey),
                                   Member(key: "points", value: .array(points), twin: twin == .secondKnownKey)]
                    if twin == .extraItemKey || twin == .extraTouchKey {
                        members.insert(Member(key: "note", value: .text(String(frame)), twin: true), at: random.int(0...2))
                    }
                    frame += 1
                    members = ordered(members)
                    if twin == .firstKeys { members[0].twin = true }
                    items.append(.object(members))
                }
                continue
            }
            for k in times.indices {
                let phase = k == 0 ? "began" : (k == times.count - 1 ? "ended" : "moved")
                let touches = ids.indices.map { f -> Value in
                    var members = [Member(key: "id", value: .text(String(ids[f]))), Member(key: "phase", value: .text("\"\(phase)\""))]
                        + rows[k][f]
                    if twin == .touchKey {
                        let key = shape.browser ? "pointerType" : "x"
                        if let i = members.firstIndex(where: { $0.key == key }) { members[i].twin = true }
                    }
                    if twin == .extraTouchKey {
                        members.insert(Member(key: "tiltX", value: .text("0"), twin: true), at: random.int(0...members.count))
                    }
                    members = ordered(members)
                    if twin == .firstKeys { members[0].twin = true }
                    return .object(members)
                }
                var members = [Member(key: "t", value: .text(times[k]), twin: twin == .firstKnownKey),
                               Member(key: "touches", value: .array(touches), twin: twin == .secondKnownKey)]
                if twin == .extraItemKey {
                    members.insert(Member(key: "frame", value: .text(String(frame)), twin: true), at: random.int(0...2))
                }
                frame += 1
                members = ordered(members)
                if twin == .firstKeys { members[0].twin = true }
                items.append(.object(members))
            }
        }
        // The document, its list of events or strokes laid out as the bench lays it out.
        var members: [(String, Value?)] = [("version", .text("1")), ("name", .text("\"bench\"")),
                                           ("description", .text("\"generated by touchtrace bench\"")),
                                           ("screen", .object([Member(key: "width", value: .text("390")), Member(key: "height", value: .text("844"))])),
                                           (shape.strokes ? "strokes" : "events", nil)]
        if shape.shuffled { members.sort { $0.0 < $1.0 } }
        let layout = shape.layout
        out.append("{")
        for (index, (key, value)) in members.enumerated() {
            switch layout {
            case .spaced: out.append(index == 0 ? "" : ", ")
            case .minified: out.append(index == 0 ? "" : ",")
            case .pretty, .tabbed: out.append((index == 0 ? "" : ",") + layout.newline(1))
            }
            out.append("\"\(key)\"" + (layout == .minified ? ":" : ": "))
            if let value {
                emit(value, layout, depth: 1, into: &out)
                continue
            }
            // The list of events or strokes: in the spaced layout one a line, pretty-printed
            // one a level deeper.
            let (open, separator, close): (String, String, String)
            switch layout {
            case .spaced: (open, separator, close) = ("[\n", ",\n", "\n]")
            case .minified: (open, separator, close) = ("[", ",", "]")
            case .pretty, .tabbed: (open, separator, close) = ("[" + layout.newline(2), "," + layout.newline(2), layout.newline(1) + "]")
            }
            out.append(open)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(separator) }
                emit(item, layout, depth: 2, into: &out)
            }
            out.append(close)
        }
        switch layout {
        case .spaced: out.append("}\n")
        case .minified: out.append("}")
        case .pretty, .tabbed: out.append(layout.newline(0) + "}" + layout.newline(0))
        }
        return out
    }

    // MARK: Damage

    enum Damage: CaseIterable {
        case delete, duplicate, replace, truncate, swap, longDigits, odd
        /// Two or three of the others, one after another.
        case several
    }

    static let replacements: [UInt8] = Array(",:[]{}\"-.e09a \n\t\r".utf8)
    static let oddNumbers = ["1e999", "-0", "00", "-1e999", "1e-999", "0e0", "-", "1.", ".5", "1e", "01", "-00", "1E2", "0.0000000000000000000001"]

    /// Damages both traces the same way at the same place, away from the escaped keys (whose
    /// places move with the bytes after the damage); nil when no place for it was found.
    static func damage(_ twins: Twins, _ kind: Damage, _ random: inout SplitMix64) -> (twins: Twins, what: String)? {
        var out = twins
        let count = twins.plain.count
        guard count > 2 else { return nil }
        func free(_ offset: Int) -> Bool { offset >= 0 && offset < count && !twins.isKey(offset) }
        func place(_ ok: (Int) -> Bool) -> Int? {
            for _ in 0..<50 {
                let offset = random.int(0...count - 1)
                if ok(offset) { return offset }
            }
            return nil
        }
        func replace(_ range: Range<Int>, with bytes: [UInt8]) {
            out.plain.replaceSubrange(range, with: bytes)
            out.escaped.replaceSubrange(range, with: bytes)
            let delta = bytes.count - range.count
            out.keys = out.keys.map { $0.lowerBound >= range.upperBound ? ($0.lowerBound + delta)..<($0.upperBound + delta) : $0 }
        }
        let plain = twins.plain
        switch kind {
        case .delete:
            guard let at = place(free) else { return nil }
            replace(at..<(at + 1), with: [])
            return (out, "byte \(at) left out")
        case .duplicate:
            guard let at = place(free) else { return nil }
            replace(at..<(at + 1), with: [plain[at], plain[at]])
            return (out, "byte \(at) doubled")
        case .replace:
            guard let at = place(free) else { return nil }
            let byte = replacements[random.int(0...replacements.count - 1)]
            replace(at..<(at + 1), with: [byte])
            return (out, "byte \(at) made \(String(decoding: [byte], as: UTF8.self).debugDescription)")
        case .truncate:
            guard let at = place({ free($0) && free($0 - 1) }) else { return nil }
            replace(at..<count, with: [])
            out.keys = out.keys.filter { $0.upperBound <= at }
            return (out, "cut at \(at)")
        case .swap:
            guard let at = place({ free($0) && free($0 + 1) && plain[$0] != plain[$0 + 1] }) else { return nil }
            replace(at..<(at + 2), with: [plain[at + 1], plain[at]])
            return (out, "bytes \(at) and \(at + 1) swapped")
        case .longDigits, .odd:
            func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
            guard let at = place({ free($0) && isDigit(plain[$0]) }) else { return nil }
            // The run of digits around `at`, or (now and then) the whole number.
            let whole = random.int(0...2) == 0
            func inRun(_ b: UInt8) -> Bool {
                isDigit(b) || (whole && (b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") || b == UInt8(ascii: "+")))
            }
            var start = at, end = at + 1
            while start > 0 && inRun(plain[start - 1]) && free(start - 1) { start -= 1 }
            while end < count && inRun(plain[end]) && free(end) { end += 1 }
            let text: String
            if kind == .longDigits {
                // Mostly 20 digits or more; now and then about as many as the eight-byte steps
                // and a double's digits come to.
                let length = random.int(0...2) == 0 ? random.int(7...19) : random.int(20...40)
                text = String((0..<length).map { _ in Character(String(random.int(0...9))) })
            } else {
                text = oddNumbers[random.int(0...oddNumbers.count - 1)]
            }
            replace(start..<end, with: Array(text.utf8))
            return (out, "bytes \(start)..<\(end) made \(text)")
        case .several:
            var what: [String] = []
            for _ in 0..<random.int(2...3) {
                let kinds: [Damage] = [.delete, .duplicate, .replace, .swap, .longDigits, .odd]
                guard let (next, done) = damage(out, kinds[random.int(0...kinds.count - 1)], &random) else { continue }
                out = next
                what.append(done)
            }
            return what.isEmpty ? nil : (out, what.joined(separator: ", then "))
        }
    }

    /// Whether two outcomes differ only where the escape itself is seen: a problem placed inside
    /// an escaped key of `twins`, which says what byte it found there (`found '\\'`).
    static func differOnlyAtKeys(_ a: [String], _ b: [String], _ twins: Twins) -> Bool {
        guard a.count == b.count else { return false }
        let lines = twins.plain.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (x, y) in zip(a, b) where x != y {
            guard let found = x.range(of: ", found "), let other = y.range(of: ", found "),
                  x[..<found.lowerBound] == y[..<other.lowerBound] else { return false }
            // The place, `test.trace.json:line:column:`, as an offset (the traces are ASCII).
            let parts = x.split(separator: ":", maxSplits: 3)
            guard parts.count == 4, let line = Int(parts[1]), let column = Int(parts[2]), line <= lines.count else { return false }
            let offset = lines[..<(line - 1)].reduce(0) { $0 + $1.count + 1 } + column - 1
            guard twins.isKey(offset) else { return false }
        }
        return true
    }

    // MARK: Reading

    /// Every touch of every event, as the reader gave it (with force, radius and offset), with
    /// no event index, slot or serial: those of a later part are counted from the part.
    struct DetailLog: TouchEventConsumer {
        var lines: [String] = []
        mutating func consume(_ event: borrowing TouchEvent) {
            var line = "\(event.t.bitPattern):"
            for touch in event.touches {
                line += " \(touch.id) \(touch.phase) \(touch.location.x.bitPattern) \(touch.location.y.bitPattern)"
                    + " \(touch.force.map { "\($0.bitPattern)" } ?? "-") \(touch.majorRadius.map { "\($0.bitPattern)" } ?? "-") @\(touch.offset)"
            }
            lines.append(line)
        }
        static func emptyForLaterPart() -> DetailLog? { DetailLog() }
        mutating func appendLaterPart(_ later: DetailLog) { lines += later.lines }
    }

    /// What reading gives with a consumer that may be split over two threads: summary,
    /// warnings and every touch in detail, or every problem with its place.
    static func detailed(_ json: String, options: TraceReadOptions) -> [String] {
        var log = DetailLog()
        do {
            let trace = try Trace.parse(SourceFile(path: "test.trace.json", bytes: Array(json.utf8)), options: options, consumer: &log)
            let s = trace.summary
            return ["\(s.eventCount) events, \(s.touchCount) touches, max \(s.maxX) \(s.maxY), from \(String(describing: s.firstTime)) to \(String(describing: s.lastTime))"]
                + s.warnings.map(\.description) + log.lines
        } catch {
            return error.errors.map(\.description)
        }
    }

    /// What reading gives where the events go nowhere, as `validate` reads (the middles of
    /// strokes passed over, not merged): summary, warnings and, from a second pass, every
    /// touch in detail; or every problem with its place.
    static func checked(_ json: String, options: TraceReadOptions) -> [String] {
        do {
            let trace = try Trace.parse(SourceFile(path: "test.trace.json", bytes: Array(json.utf8)), options: options)
            var log = DetailLog()
            trace.forEachEvent(&log)
            let s = trace.summary
            return ["\(s.eventCount) events, \(s.touchCount) touches, max \(s.maxX) \(s.maxY), from \(String(describing: s.firstTime)) to \(String(describing: s.lastTime))"]
                + s.warnings.map(\.description) + log.lines
        } catch {
            return error.errors.map(\.description)
        }
    }

    /// The ways of reading compared: every mode of `ShapesTests.modes` as `StrokesTests`
    /// compares them (one thread: its consumer is not split), the same with a consumer that is
    /// split over two threads, as `validate` reads (with and without the strokes' tails passed
    /// over), strokes merged from the bytes rather than from kept points, and no layout learned.
    static func outcomes(_ json: String) -> [[String]] {
        let modes = ShapesTests.modes
        var noTails = TraceReadOptions(collectAllProblems: true)
        noTails.strokeTailsMaximum = 0
        var fromBytes = TraceReadOptions(collectAllProblems: true)
        fromBytes.keptStrokesMaximumBytes = 0
        var notLearned = TraceReadOptions(collectAllProblems: true)
        notLearned.learnsLayouts = false
        // Two threads stopping at the first problem, and collecting every one with unknown keys
        // reported.
        var firstProblem = TraceReadOptions()
        firstProblem.parallelMinimumBytes = 0
        firstProblem.laterPartsReadFirst = 3
        var strict = modes[2]
        strict.parallelMinimumBytes = 0
        strict.laterPartsReadFirst = 3
        return [StrokesTests.everything(json, options: modes[0]), StrokesTests.everything(json, options: modes[1]),
                StrokesTests.everything(json, options: modes[2]),
                detailed(json, options: modes[1]), detailed(json, options: modes[3]), detailed(json, options: modes[4]),
                checked(json, options: modes[1]), checked(json, options: modes[3]), checked(json, options: noTails),
                StrokesTests.everything(json, options: fromBytes), StrokesTests.everything(json, options: notLearned),
                detailed(json, options: modes[0]), detailed(json, options: firstProblem),
                detailed(json, options: modes[2]), detailed(json, options: strict)]
    }

    /// The ways of `outcomes` that must give the same as each other: one thread and two, the
    /// events as read and as a later pass gives them, with and without the strokes' tails, kept
    /// points or the bytes, a layout learned or not.
    static let sameWays: [(Int, Int)] = [(3, 4), (3, 5), (3, 6), (6, 7), (6, 8), (1, 9), (1, 10), (11, 12), (13, 14)]

    /// The first way of reading whose outcomes differ, and their first lines that differ.
    static func firstDifference(_ a: [[String]], _ b: [[String]]) -> String {
        guard let m = a.indices.first(where: { a[$0] != b[$0] }) else { return "same" }
        let line = a[m].indices.first { $0 >= b[m].count || a[m][$0] != b[m][$0] } ?? a[m].count
        func at(_ lines: [String]) -> String { line < lines.count ? lines[line] : "(\(lines.count) lines)" }
        return "way \(m), line \(line):\n  \(at(a[m]))\n  \(at(b[m]))"
    }

    static var rounds: Int {
        if let text = getenv("TOUCHTRACE_DAMAGE_ROUNDS"), let n = Int(String(cString: text)) { return n }
        return 6
    }

    /// Reads the damaged twins of `rounds` traces of every shape for every kind of damage;
    /// records each difference with what was done.
    @Test(arguments: Damage.allCases)
    func damagedTracesReadAsTheGeneralStepsRead(_ kind: Damage) {
        var random = SplitMix64(state: 0xDA3A_6E00 + UInt64(Damage.allCases.firstIndex(of: kind)!))
        var compared = 0
        var troubled = 0
        var differences = 0
        var explained = 0
        for round in 0..<Self.rounds {
            for shape in Self.shapes {
                // Half the traces have every event and touch (or stroke) read by the general
                // steps from its start.
                let twin = random.int(0...1) == 0 ? .firstKeys : TwinKey.allCases[random.int(0...TwinKey.allCases.count - 1)]
                let twins = Self.trace(shape, twin: twin, &random)
                #expect(twins.plain.count == twins.escaped.count)
                guard let (damaged, what) = Self.damage(twins, kind, &random) else { continue }
                let plainText = String(decoding: damaged.plain, as: UTF8.self)
                let escapedText = String(decoding: damaged.escaped, as: UTF8.self)
                let plain = Self.outcomes(plainText)
                let escaped = Self.outcomes(escapedText)
                compared += 1
                if !(escaped[0].first?.contains(" events, ") ?? false) { troubled += 1 }
                for (a, b) in Self.sameWays where plain[a] != plain[b] || escaped[a] != escaped[b] {
                    differences += 1
                    Issue.record("\(kind), round \(round), \(shape.name), \(twin), \(what): ways \(a) and \(b) differ\n\(plainText)")
                }
                if plain == escaped { continue }
                if zip(plain, escaped).allSatisfy({ $0 == $1 || Self.differOnlyAtKeys($0, $1, damaged) }) {
                    explained += 1
                    continue
                }
                differences += 1
                if let folder = getenv("TOUCHTRACE_DAMAGE_CASES") {
                    let name = String(cString: folder) + "/\(kind)-\(round)-\(shape.name)"
                    let text = plainText + "\n----\n" + escapedText + "\n----\n" + what + "\n" + Self.firstDifference(plain, escaped)
                        + "\n----plain\n" + plain.map { $0.joined(separator: "\n") }.joined(separator: "\n=====\n")
                        + "\n----escaped\n" + escaped.map { $0.joined(separator: "\n") }.joined(separator: "\n=====\n")
                    if let f = fopen(name, "w") { fputs(text, f); fclose(f) }
                }
                if differences <= 5 {
                    Issue.record("\(kind), round \(round), \(shape.name), \(twin), \(what): \(Self.firstDifference(plain, escaped))\n\(plainText)")
                }
            }
        }
        #expect(differences == 0, "\(differences) of \(compared) damaged traces read differently")
        #expect(compared >= Self.rounds * Self.shapes.count * 3 / 4, "\(compared) compared")
        print("\(kind): \(compared) compared, \(troubled) with problems, \(explained) differing only where a problem is placed in an escaped key")
    }
}
