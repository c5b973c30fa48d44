import Foundation
import Testing
@testable import TouchTrace

/// Many strokes down at once: the merge admits a stroke's moves in the slot its touch was given
/// when it began (in a merge without a problem), rather than looking the touch up by id. These
/// traces read as the same events written in the events form read, and as the merge reads them
/// from the bytes.
@Suite struct OverlappingStrokesTests {
    /// One made-up stroke: its id as written and its points, in hundredths of a second.
    typealias Stroke = (id: String, points: [(t: Int, x: Double, y: Double)])

    /// Strokes in groups that begin at one time (up to twenty down at once, beyond the tracker's
    /// short list of ids), a long stroke with others begun and ended inside it, points at equal
    /// times within a stroke and across strokes; ids unique (numbers and strings), or in some
    /// rounds drawn from a few, so that a touch begins again while down, is listed twice in an
    /// event or moves after it ended.
    static func strokes(_ random: inout SplitMix64, reusingIDs: Bool) -> [Stroke] {
        var strokes: [Stroke] = []
        var start = 0
        var serial = 0
        func id() -> String {
            serial += 1
            if reusingIDs { return "\(random.int(1...4))" }
            return random.int(0...3) == 0 ? "\"s\(serial)\"" : "\(serial)"
        }
        func points(from t0: Int, count: Int) -> [(t: Int, x: Double, y: Double)] {
            var t = t0
            var points: [(t: Int, x: Double, y: Double)] = []
            for _ in 0..<count {
                points.append((t, Double(random.int(0...400)) / 4, Double(random.int(0...800)) / 4))
                t += random.int(0...3) == 0 ? 0 : random.int(1...4)
            }
            return points
        }
        for _ in 0..<random.int(1...4) {
            start += random.int(0...8)
            if random.int(0...2) == 0 {
                // A long stroke, and short ones inside it.
                strokes.append((id(), points(from: start, count: random.int(12...30))))
                var inner = start
                for _ in 0..<random.int(1...5) {
                    inner += random.int(0...5)
                    strokes.append((id(), points(from: inner, count: random.int(2...4))))
                }
            } else {
                // Fewer when ids repeat: each event then has a problem or several, and a trace
                // of hundreds reads as far as the most problems reported.
                for _ in 0..<random.int(1...(reusingIDs ? 5 : 20)) {
                    strokes.append((id(), points(from: start, count: random.int(2...9))))
                }
            }
        }
        return strokes
    }

    static func time(_ t: Int) -> String { "\(Double(t) / 100)" }

    /// The strokes as a trace, one stroke a line after the first (`{"version": 1, "strokes": [`).
    static func strokesJSON(_ strokes: [Stroke], minified: Bool) -> String {
        "{\"version\": 1, \"strokes\": [\n" + strokes.map { stroke in
            minified
                ? "{\"id\":\(stroke.id),\"points\":[" + stroke.points.map { "[\(time($0.t)),\($0.x),\($0.y)]" }.joined(separator: ",") + "]}"
                : "{\"id\": \(stroke.id), \"points\": [" + stroke.points.map { "[\(time($0.t)), \($0.x), \($0.y)]" }.joined(separator: ", ") + "]}"
        }.joined(separator: ",\n") + "\n]}"
    }

    /// The same events in the events form (every point sorted by time, by the points before it
    /// in its stroke at that time, then by stroke: SPEC 13.1).
    static func eventsJSON(_ strokes: [Stroke]) -> String {
        let events = StrokesTests.pointsInEventOrder(strokes.map { stroke in
            (stroke.id, stroke.points.map { (Double($0.t) / 100, $0.x, $0.y) })
        })
        return "{\"version\": 1, \"events\": [\n" + events.map { event in
            "{\"t\": \(event.t), \"touches\": [" + event.touches.map {
                "{\"id\": \($0.id), \"phase\": \"\($0.phase)\", \"x\": \($0.x), \"y\": \($0.y)}"
            }.joined(separator: ", ") + "]}"
        }.joined(separator: ",\n") + "\n]}"
    }

    /// Strokes made up at random, in order of their first time or not, minified or spaced: the
    /// touches (slots and serials too, on both passes), the problems and the warnings are those
    /// of the same events in the events form, and the whole reading (messages with their places)
    /// is the same when the merge reads the points from the bytes.
    @Test func manyStrokesDownReadAsTheSameEvents() throws {
        var random = SplitMix64(state: 71)
        var clean = 0
        var troubled = 0
        var crowded = 0
        for round in 0..<120 {
            var strokes = Self.strokes(&random, reusingIDs: round % 3 == 2)
            if round % 2 == 1 {
                // Out of order of their first time.
                for i in stride(from: strokes.count - 1, to: 0, by: -1) { strokes.swapAt(i, random.int(0...i)) }
            }
            if Self.mostDownAtOnce(strokes) > DownTouches.listLimit { crowded += 1 }
            let strokesJSON = Self.strokesJSON(strokes, minified: round % 4 < 2)
            let eventsJSON = Self.eventsJSON(strokes)
            for options in [TraceReadOptions(), TraceReadOptions(collectAllProblems: true)] {
                let fromStrokes = StrokesTests.admissionOutcome(strokesJSON, options: options)
                let fromEvents = StrokesTests.admissionOutcome(eventsJSON, options: options)
                #expect(fromStrokes.problems == fromEvents.problems, "round \(round)\n\(strokesJSON)")
                #expect(fromStrokes.touches == fromEvents.touches, "round \(round)\n\(strokesJSON)")
                #expect(fromStrokes.warnings == fromEvents.warnings, "round \(round)\n\(strokesJSON)")
                let (kept, fromBytes) = StrokesTests.keptAndFromBytes(strokesJSON, collectAllProblems: options.collectAllProblems)
                #expect(!kept.isEmpty && kept == fromBytes, "round \(round)\n\(strokesJSON)")
            }
            if StrokesTests.admissionOutcome(eventsJSON, options: TraceReadOptions()).problems.isEmpty { clean += 1 } else { troubled += 1 }
        }
        #expect(clean >= 40 && troubled >= 20 && crowded >= 10, "\(clean) without problems, \(troubled) with, \(crowded) with many down")
    }

    /// A stroke among many down whose time goes back is left out, with its problem at the
    /// point's line and column (before any of the merge's); the others read as the same events
    /// without it.
    @Test func aTimeGoingBackAmongManyDownIsPlacedAsBefore() throws {
        var random = SplitMix64(state: 83)
        for round in 0..<40 {
            var strokes = Self.strokes(&random, reusingIDs: false)
            while strokes.count < 3 { strokes += Self.strokes(&random, reusingIDs: false) }
            // A stroke of three points at least whose point `k` goes back.
            let late = random.int(0...(strokes.count - 1))
            while strokes[late].points.count < 3 {
                strokes[late].points.append((strokes[late].points.last!.t + 1, 1, 2))
            }
            let k = random.int(1...(strokes[late].points.count - 2))
            let before = strokes[late].points[k - 1].t
            strokes[late].points[k].t = before - 1 - random.int(0...3)
            let json = Self.strokesJSON(strokes, minified: round % 2 == 0)
            // Its line (the stroke's), and the column of the point's time (one past its `[`).
            let line = Array(json.split(separator: "\n", omittingEmptySubsequences: false)[late + 1].utf8)
            let brackets = line.indices.filter { line[$0] == UInt8(ascii: "[") }
            // The first `[` opens the points; the time follows its point's `[`.
            let column = brackets[1 + k] + 2
            let expected = "test.trace.json:\(late + 2):\(column): stroke \(late), point \(k): time goes backwards "
                + "(t=\(String(format: "%.4f", Double(strokes[late].points[k].t) / 100)) after t=\(String(format: "%.4f", Double(before) / 100)))"
            var others = strokes
            others.remove(at: late)
            let eventsJSON = Self.eventsJSON(others)
            for all in [false, true] {
                let options = TraceReadOptions(collectAllProblems: all)
                let read = StrokesTests.everything(json, options: options)
                #expect(read.first == expected, "round \(round)\n\(json)")
                let (kept, fromBytes) = StrokesTests.keptAndFromBytes(json, collectAllProblems: all)
                #expect(kept == fromBytes, "round \(round)\n\(json)")
                if all {
                    let fromStrokes = StrokesTests.admissionOutcome(json, options: options)
                    let fromEvents = StrokesTests.admissionOutcome(eventsJSON, options: options)
                    #expect(Array(fromStrokes.problems.dropFirst()) == fromEvents.problems, "round \(round)\n\(json)")
                } else {
                    #expect(read.count == 1)
                }
            }
        }
    }

    /// The most strokes down at one time (a stroke is down from its first time to its last).
    static func mostDownAtOnce(_ strokes: [Stroke]) -> Int {
        var most = 0
        for stroke in strokes {
            let t = stroke.points[0].t
            let down = strokes.count(where: { $0.points.first!.t <= t && t <= $0.points.last!.t })
            most = max(most, down)
        }
        return most
    }
}
