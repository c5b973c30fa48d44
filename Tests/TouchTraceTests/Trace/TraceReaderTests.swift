import Foundation
import Testing
@testable import TouchTrace

@Suite struct TraceReaderTests {
    /// Collects every event a trace streams.
    struct Collector: TouchEventConsumer {
        var events: [(t: Double, touches: [(TouchID, TouchPhase, Double, Double, Int)])] = []
        mutating func consume(_ event: borrowing TouchEvent) {
            events.append((event.t, event.touches.map { ($0.id, $0.phase, $0.location.x, $0.location.y, $0.serial) }))
        }
    }

    func streamed(_ json: String) throws -> [(t: Double, touches: [(TouchID, TouchPhase, Double, Double, Int)])] {
        let trace = try parseTrace(json)
        var collector = Collector()
        trace.forEachEvent(&collector)
        return collector.events
    }

    @Test func readsEventsAndHeader() throws {
        let json = """
        {"version": 1, "name": "n", "description": "d", "screen": {"width": 390, "height": 844},
         "future": {"ignored": [1, 2]},
         "events": [{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 10, "y": 20, "force": 0.5}]},
                    {"touches": [{"y": 21, "x": 11.5, "phase": "moved", "id": 1}], "t": 0.01},
                    {"t": 0.02, "touches": [{"id": 1, "phase": "ended", "x": 12, "y": 22}]}]}
        """
        let trace = try parseTrace(json)
        #expect(trace.header.name == "n")
        #expect(trace.header.description == "d")
        #expect(trace.screen == (390, 844))
        #expect(trace.summary.eventCount == 3)
        #expect(trace.summary.touchCount == 1)
        let events = try streamed(json)
        #expect(events.count == 3)
        #expect(events[1].t == 0.01)
        #expect(events[1].touches[0].1 == .moved && events[1].touches[0].2 == 11.5)
    }

    /// The usual touch layout is read in a straight line and every other one by the general
    /// loop: both must give the same touches, whatever the spacing, order and extra keys.
    @Test(arguments: [
        #"{"id": 7, "phase": "began", "x": 12.25, "y": -3}"#,
        #"{"id":7,"phase":"began","x":12.25,"y":-3}"#,
        #"{ "id" : 7 , "phase" : "began" , "x" : 12.25 , "y" : -3 }"#,
        "{\n \"id\": 7,\n \"phase\": \"began\",\n \"x\": 12.25,\n \"y\": -3\n}",
        #"{"phase": "began", "id": 7, "y": -3, "x": 12.25}"#,
        #"{"id": 7, "phase": "began", "x": 1225e-2, "y": -3.0}"#,
        #"{"id": 7, "phase": "began", "x": 12.250000000000000000001, "y": -0.3e1}"#,
        #"{"id": 7, "phase": "began", "x": 12.25, "y": -3, "force": 0.5}"#,
        #"{"id": 7, "x": 12.25, "phase": "began", "y": -3}"#,
        #"{"id": 7, "phase": "began", "x": 12.25, "y": -3, "x2": 1}"#,
    ])
    func everyTouchLayoutReadsTheSame(touch: String) throws {
        // Padded, so that the numbers are far from the end of the file.
        let json = #"{"version": 1, "events": [{"t": 0.5, "touches": ["# + touch + #"]}]}"# + String(repeating: " ", count: 40)
        let events = try streamed(json)
        #expect(events.count == 2, "the began touch, then its cancellation at the end")
        guard let first = events.first?.touches.first else { return }
        #expect(first.0 == .number(7) && first.1 == .began && first.2 == 12.25 && first.3 == -3)
    }

    /// What reading a trace gives, for comparing two writings of it: every event streamed (the
    /// bits of every double), the summary, and the problems with their lines and messages (the
    /// columns differ with the spacing).
    func outcome(_ json: String) -> [String] {
        var store = EventStore()
        do {
            let trace = try Trace.parse(SourceFile(path: "test.trace.json", bytes: Array(json.utf8)),
                                        options: TraceReadOptions(collectAllProblems: true), consumer: &store)
            let s = trace.summary
            var lines = ["\(s.eventCount) \(s.touchCount) \(s.maxX.bitPattern) \(s.maxY.bitPattern) \(s.warnings.count)"]
            for i in 0..<store.eventCount {
                lines.append("\(store.times[i].bitPattern):" + store.touches(ofEvent: i).map {
                    "\(store.ids[$0]) \(store.phases[$0]) \(store.xs[$0].bitPattern) \(store.ys[$0].bitPattern)"
                }.joined(separator: ";"))
            }
            return lines
        } catch {
            return error.errors.map { "\($0.line): \($0.message)" }
        }
    }

    /// The same trace without the spaces files usually have (`"x":1`), which the straight-line
    /// reading of events and touches does not take: it is read by the general loops.
    func compacted(_ json: String) -> String {
        json.replacingOccurrences(of: "\": ", with: "\":").replacingOccurrences(of: ", ", with: ",")
    }

    /// Events as files usually write them are read in a straight line; anything else in them (a
    /// problem, another number form, other spacing) by the general loops. The same trace written
    /// without spaces, which only the general loops read, must read exactly the same: events,
    /// doubles to the bit, and problems with their lines.
    @Test(arguments: [
        // Clean events: several touches, every phase, numbers of every usual form, an event
        // without touches, a time with more digits than the short path reads.
        [#"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 1.5, "y": 2}, {"id": 2, "phase": "began", "x": -3.25, "y": 4e1}]}"#,
         #"{"t": 0.016, "touches": [{"id": 1, "phase": "moved", "x": 359.85, "y": 375.49}, {"id": 2, "phase": "stationary", "x": 0.007786, "y": -0.0}]}"#,
         #"{"t": 0.032, "touches": []}"#,
         #"{"t": 1234.123456789, "touches": [{"id": 1, "phase": "moved", "x": 1234567.1234567, "y": 12345.678901}]}"#,
         #"{"t": 1234.5, "touches": [{"id": 1, "phase": "ended", "x": 0.12345678, "y": 9999999}, {"id": 2, "phase": "cancelled", "x": 1, "y": 2}]}"#],
        // Problems after usual events: time backwards, out of range, touches not down or
        // listed twice, a string id, unknown keys, a wrong type, spacing before `]`.
        [#"{"t": 1, "touches": [{"id": 1, "phase": "began", "x": 10, "y": 20}]}"#,
         #"{"t": 0.5, "touches": [{"id": 1, "phase": "moved", "x": 11, "y": 21}]}"#,
         #"{"t": 1e11, "touches": [{"id": 1, "phase": "moved", "x": 12, "y": 22}]}"#,
         #"{"t": 2, "touches": [{"id": 9, "phase": "moved", "x": 13, "y": 23}, {"id": 1, "phase": "moved", "x": 14, "y": 24}]}"#,
         #"{"t": 3, "touches": [{"id": 1, "phase": "moved", "x": 15, "y": 25}, {"id": 1, "phase": "moved", "x": 16, "y": 26}]}"#,
         #"{"t": 4, "touches": [{"id": "a", "phase": "began", "x": 17, "y": 27}, {"id": 2, "phase": "began", "x": 1e8, "y": 28}]}"#,
         #"{"t": 5, "touches": [{"id": 1, "phase": "moved", "x": 18, "y": 28, "z": 1}], "note": 1}"#,
         #"{"t": 6, "touches": [{"id": 1, "phase": "moved", "x": "19", "y": 29} ]}"#,
         #"{"t": 7, "touches": [{"id": 1, "phase": "lifted", "x": 20, "y": 30}, {"id": 1.5, "phase": "moved", "x": 20, "y": 30}]}"#,
         #"{"t": 8, "touches": [{"id": 1, "phase": "ended", "x": 21, "y": 31}]}"#],
    ])
    func usualEventsReadAsAnyOthers(events: [String]) {
        let json = "{\"version\": 1, \"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n"
        let usual = outcome(json)
        #expect(usual == outcome(compacted(json)))
        #expect(usual.count > 2, "\(usual)")
    }

    /// Malformed JSON inside an event of the usual layout stops reading with the message the
    /// general loops give, on the same line.
    @Test(arguments: [
        #"{"t": 0.5x, "touches": [{"id": 1, "phase": "began", "x": 1, "y": 2}]}"#,
        #"{"t": 0.5, "touches": [{"id": 1, "phase": "began", "x": 1.5.5, "y": 2}]}"#,
        #"{"t": 0.5, "touches": [{"id": 01, "phase": "began", "x": 1, "y": 2}]}"#,
        #"{"t": 0.5, "touches": [{"id": 1, "phase": "began", "x": 1, "y": -}]}"#,
        #"{"t": 0.5, "touches": [{"id": 1, "phase": "began", "x": 1, "y": 2}, ]}"#,
        #"{"t": 0.5, "touches": [{"id": 1, "phase": "began", "x": 1, "y": 2}}"#,
        #"{"t": 0.5, "touches": [{"id": 1, "phase": "be\qan", "x": 1, "y": 2}]}"#,
    ])
    func malformedUsualEventsFailAsAnyOthers(event: String) {
        let json = "{\"version\": 1, \"events\": [\n" + #"{"t": 0, "touches": []}"# + ",\n" + event + "\n]}\n" + String(repeating: " ", count: 40)
        let usual = outcome(json)
        #expect(usual == outcome(compacted(json)))
        #expect(usual.count == 1 && usual[0].hasPrefix("3: invalid"), "\(usual)")
    }

    /// The same events written as devices and people write them: keys in another order (the
    /// touches before the time, the coordinates before the id), `force` and `majorRadius`,
    /// minified, pretty-printed (one key a line). However they are written, they read exactly
    /// alike: events, doubles to the bit, touches and summary (SPEC 19).
    @Test func eventsReadAlikeInEveryLayout() {
        let usual = [
            #"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 1.5, "y": 2, "force": 0.25, "majorRadius": 18.54912}, {"id": 2, "phase": "began", "x": -3.25, "y": 4e1}]}"#,
            #"{"t": 0.016, "touches": [{"id": 1, "phase": "moved", "x": 359.851, "y": 375.4874, "majorRadius": 5.575, "force": 3.438518}, {"id": 2, "phase": "stationary", "x": 0.007786, "y": -0.0}]}"#,
            #"{"t": 0.032, "touches": []}"#,
            #"{"t": 1234.5, "touches": [{"id": 1, "phase": "ended", "x": 0.12345678, "y": 9999999}, {"id": 2, "phase": "cancelled", "x": 1, "y": 2}]}"#,
        ]
        // Keys in another order: every event's, every touch's.
        let shuffled = [
            #"{"touches": [{"y": 2, "majorRadius": 18.54912, "x": 1.5, "force": 0.25, "phase": "began", "id": 1}, {"phase": "began", "id": 2, "y": 4e1, "x": -3.25}], "t": 0}"#,
            #"{"t": 0.016, "touches": [{"x": 359.851, "force": 3.438518, "id": 1, "y": 375.4874, "phase": "moved", "majorRadius": 5.575}, {"y": -0.0, "x": 0.007786, "id": 2, "phase": "stationary"}]}"#,
            #"{"touches": [], "t": 0.032}"#,
            #"{"touches": [{"phase": "ended", "y": 9999999, "id": 1, "x": 0.12345678}, {"x": 1, "y": 2, "phase": "cancelled", "id": 2}], "t": 1234.5}"#,
        ]
        func trace(_ events: [String]) -> String { "{\"version\": 1, \"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n" }
        /// One key a line, indented, as pretty printers write it.
        func pretty(_ json: String) -> String {
            json.replacingOccurrences(of: "{", with: "{\n        ").replacingOccurrences(of: ", ", with: ",\n        ")
                .replacingOccurrences(of: "}", with: "\n    }").replacingOccurrences(of: "[", with: "[\n      ")
        }
        /// Whitespace of every kind, and more than one byte of it, before and after every colon
        /// and comma.
        func oddlySpaced(_ json: String) -> String {
            json.replacingOccurrences(of: "\": ", with: "\"\t :  ").replacingOccurrences(of: ", ", with: " ,\r\n\t ")
        }
        let expected = outcome(trace(usual))
        #expect(expected.count == 5 && expected[0].hasPrefix("4 2 "), "\(expected)")
        for (label, json) in [("minified", compacted(trace(usual))), ("pretty", pretty(trace(usual))),
                              ("shuffled", trace(shuffled)), ("shuffled, minified", compacted(trace(shuffled))),
                              ("shuffled, pretty", pretty(trace(shuffled))), ("oddly spaced", oddlySpaced(trace(usual))),
                              ("shuffled, oddly spaced", oddlySpaced(trace(shuffled)))] {
            #expect(outcome(json) == expected, "\(label)")
        }
    }

    /// Problems and malformed JSON in touches whose keys are in another order are reported as
    /// they are for any touch: the problem first met, in the order the file lists the keys.
    @Test(arguments: [
        (#"{"touches": [{"x": 1, "id": 1, "x": 2, "phase": "began", "y": 2}], "t": 0.5}"#,
         #"3: event 1, touches[0]: duplicate key "x""#),
        (#"{"t": 0.5, "touches": [{"y": 2, "phase": "began", "x": 1}]}"#,
         #"3: event 1, touches[0]: missing required key "id""#),
        (#"{"t": 0.5, "touches": [{"force": -1, "y": 2, "phase": "began", "x": 1, "id": 1}]}"#,
         #"3: event 1, touches[0]: "force" must be between 0 and 10000000, found -1"#),
        (#"{"t": 0.5, "touches": [{"y": 2, "phase": "began", "x": 1.5.5, "id": 1}]}"#,
         "3: invalid number: unexpected '.' after a number"),
        (#"{"touches": [{"y": 2, "phase": "began", "x": 1, "id": 1}, ], "t": 0.5}"#,
         "3: invalid JSON: trailing comma before ']'"),
        (#"{"touches": [{"y": 2, "phase": "began", "x": 1, "id": 1}], "t": 0.5,}"#,
         "3: invalid JSON: trailing comma before '}'"),
        (#"{"touches": [{"y": 2 "phase": "began", "x": 1, "id": 1}], "t": 0.5}"#,
         "3: invalid JSON: expected ',' or '}' after an object member, found '\"'"),
        (#"{"touches": [{"y" 2, "phase": "began", "x": 1, "id": 1}], "t": 0.5}"#,
         "3: invalid JSON: expected ':' after the key, found '2'"),
        (#"{"touches": [{"y": 2, 8x": 1, "phase": "began", "id": 1}], "t": 0.5}"#,
         "3: invalid JSON: expected a quoted key, found '8'"),
        (#"{"touches": [{"y": 2, "x": 1, "phase": "began", "id": 1}], \t": 0.5}"#,
         "3: invalid JSON: expected a quoted key, found '\\'"),
    ])
    func problemsInTouchesInAnyOrder(event: String, message: String) {
        let json = "{\"version\": 1, \"events\": [\n" + #"{"t": 0, "touches": []}"# + ",\n" + event + "\n]}\n"
        #expect(outcome(json) == [message])
        #expect(outcome(compacted(json)) == [message])
    }

    // MARK: Keys in any order (SPEC 19)

    /// Every order of `items`, each once.
    static func orders<T>(of items: [T]) -> [[T]] {
        guard items.count > 1 else { return [items] }
        var all: [[T]] = []
        for (i, item) in items.enumerated() {
            var rest = items
            rest.remove(at: i)
            for tail in orders(of: rest) { all.append([item] + tail) }
        }
        return all
    }

    /// A trace whose event 0 (line 2) puts touch 4 down and whose event 1 (line 3) is `event`,
    /// padded so that its numbers are far from the end of the file.
    func keyOrderTrace(_ event: String) -> String {
        "{\"version\": 1, \"events\": [\n" + #"{"t": 0, "touches": [{"id": 4, "phase": "began", "x": 1, "y": 1}]}"# + ",\n"
            + event + "\n]}\n" + String(repeating: " ", count: 40)
    }

    /// An event of line 3 with `touch` as its only touch, its keys `t` first or `touches` first.
    func keyOrderEvent(_ touch: String, touchesFirst: Bool) -> String {
        touchesFirst ? #"{"touches": ["# + touch + #"], "t": 0.5}"# : #"{"t": 0.5, "touches": ["# + touch + "]}"
    }

    /// What reading a trace gives, every problem wanted (as `validate` reads): each event with
    /// every field of its touches and each warning, or the problems, each with its line and
    /// column.
    func keyOrderReading(_ json: String) -> [String] {
        struct Touches: TouchEventConsumer {
            var lines: [String] = []
            mutating func consume(_ event: borrowing TouchEvent) {
                lines.append("\(event.index) \(event.t): " + event.touches.map { touch in
                    "\(touch.id) \(touch.phase) \(touch.location.x) \(touch.location.y) \(touch.force.map { "\($0)" } ?? "-") \(touch.majorRadius.map { "\($0)" } ?? "-")"
                }.joined(separator: "; "))
            }
        }
        var touches = Touches()
        do {
            let trace = try Trace.parse(SourceFile(path: "t.trace.json", bytes: Array(json.utf8)),
                                        options: TraceReadOptions(collectAllProblems: true), consumer: &touches)
            return touches.lines + trace.summary.warnings.map { "\($0.line):\($0.column): \($0.message)" }
        } catch {
            return error.errors.map { "\($0.line):\($0.column): \($0.message)" }
        }
    }

    /// The column of line 3 (an event) where `text` first starts at or after `from`.
    func column(of text: String, in event: String, from: Int = 0) -> Int {
        let bytes = Array(event.utf8), wanted = Array(text.utf8)
        for start in from...(bytes.count - wanted.count) where Array(bytes[start..<start + wanted.count]) == wanted { return start + 1 }
        preconditionFailure("\(text) not in \(event)")
    }

    /// A touch's keys in every order (v1's `id`, `phase`, `x` and `y`; `force` and
    /// `majorRadius`; and, in every other order, a key touchtrace does not know, as browsers
    /// write `pointerType`), with the event's `t` before or after its `touches`, read alike:
    /// the touch ends with every value as written (12.5, -3, 0.75 and 9.125 are exact in
    /// binary), and an unknown key is warned of where it stands.
    @Test func touchKeysReadAlikeInEveryOrder() {
        let members = [#""id": 4"#, #""phase": "ended""#, #""x": 12.5"#, #""y": -3"#, #""force": 0.75"#, #""majorRadius": 9.125"#]
        let orders = Self.orders(of: members)
        #expect(orders.count == 720)
        for (i, order) in orders.enumerated() {
            var keys = order
            let unknown = i % 2 == 1
            if unknown { keys.insert(#""pointerType": "touch""#, at: (i / 2) % 7) }
            let event = keyOrderEvent("{" + keys.joined(separator: ", ") + "}", touchesFirst: (i / 2) % 2 == 1)
            var expected = ["0 0.0: 4 began 1.0 1.0 - -", "1 0.5: 4 ended 12.5 -3.0 0.75 9.125"]
            if unknown {
                expected.append("3:\(column(of: "\"pointerType\"", in: event)): warning: unknown key \"pointerType\" in event 1, touches[0] (ignored)")
            }
            #expect(keyOrderReading(keyOrderTrace(event)) == expected, "\(event)")
            // Without the spaces: the same, at the columns of the shorter line.
            let minified = compacted(event)
            var expectedMinified = Array(expected.prefix(2))
            if unknown {
                expectedMinified.append("3:\(column(of: "\"pointerType\"", in: minified)): warning: unknown key \"pointerType\" in event 1, touches[0] (ignored)")
            }
            #expect(keyOrderReading(keyOrderTrace(minified)) == expectedMinified, "\(minified)")
        }
    }

    /// A required key of a touch written twice is reported at its second writing, in every
    /// order of the touch's keys and wherever the second writing stands; `force` and
    /// `majorRadius` written twice are not reported, and the later value is taken, as a touch
    /// in the usual order reads them.
    @Test func duplicateTouchKeysFoundInEveryOrder() {
        let required = [("id", #""id": 4"#, #""id": 5"#), ("phase", #""phase": "ended""#, #""phase": "moved""#),
                        ("x", #""x": 12.5"#, #""x": 7"#), ("y", #""y": -3"#, #""y": 8"#)]
        for order in Self.orders(of: [0, 1, 2, 3]) {
            for (key, _, again) in required {
                for position in 0...4 {
                    var keys = order.map { required[$0].1 }
                    keys.insert(again, at: position)
                    for touchesFirst in [false, true] {
                        let event = keyOrderEvent("{" + keys.joined(separator: ", ") + "}", touchesFirst: touchesFirst)
                        // The second writing of the key (its quote) in line 3.
                        let first = column(of: "\"\(key)\":", in: event)
                        let second = column(of: "\"\(key)\":", in: event, from: first)
                        #expect(keyOrderReading(keyOrderTrace(event)) == ["3:\(second): event 1, touches[0]: duplicate key \"\(key)\""], "\(event)")
                    }
                }
            }
        }
        for measure in ["force", "majorRadius"] {
            for order in Self.orders(of: [#""id": 4"#, #""phase": "ended""#, #""x": 12.5"#, #""y": -3"#, #""\#(measure)": 1.5"#]) {
                for position in 0...5 {
                    var keys = order
                    keys.insert(#""\#(measure)": 2.25"#, at: position)
                    let event = keyOrderEvent("{" + keys.joined(separator: ", ") + "}", touchesFirst: position % 2 == 1)
                    // The later of 1.5 and 2.25 as written.
                    let later = column(of: "1.5", in: event) < column(of: "2.25", in: event) ? "2.25" : "1.5"
                    let measures = measure == "force" ? "\(later) -" : "- \(later)"
                    #expect(keyOrderReading(keyOrderTrace(event)) == ["0 0.0: 4 began 1.0 1.0 - -", "1 0.5: 4 ended 12.5 -3.0 \(measures)"], "\(event)")
                }
            }
        }
    }

    /// A touch without one of its required keys is reported at the touch's `{`, in every order
    /// of the keys it has (`force` and `majorRadius` among them).
    @Test func missingTouchKeysFoundInEveryOrder() {
        let members = [("id", #""id": 4"#), ("phase", #""phase": "ended""#), ("x", #""x": 12.5"#), ("y", #""y": -3"#)]
        for (missing, _) in members {
            let others = members.filter { $0.0 != missing }.map(\.1) + [#""force": 0.75"#, #""majorRadius": 9.125"#]
            for (i, order) in Self.orders(of: others).enumerated() {
                let event = keyOrderEvent("{" + order.joined(separator: ", ") + "}", touchesFirst: i % 2 == 1)
                let touchStart = column(of: "[{", in: event) + 1
                #expect(keyOrderReading(keyOrderTrace(event)) == ["3:\(touchStart): event 1, touches[0]: missing required key \"\(missing)\""], "\(event)")
            }
        }
    }

    /// An event's keys in either order, written twice, missing or unknown, are reported as in
    /// the usual order: a duplicate at its second writing, a missing key at the event's `{`, an
    /// unknown key warned of where it stands.
    @Test func eventKeysFoundInEveryOrder() {
        let touch = #"{"id": 4, "phase": "ended", "x": 12.5, "y": -3}"#
        let read = ["0 0.0: 4 began 1.0 1.0 - -", "1 0.5: 4 ended 12.5 -3.0 - -"]
        for event in [#"{"t": 0.5, "touches": [\#(touch)]}"#, #"{"touches": [\#(touch)], "t": 0.5}"#] {
            #expect(keyOrderReading(keyOrderTrace(event)) == read, "\(event)")
        }
        for event in [#"{"t": 0.5, "touches": [\#(touch)], "t": 0.75}"#, #"{"t": 0.5, "t": 0.75, "touches": [\#(touch)]}"#,
                      #"{"touches": [\#(touch)], "t": 0.5, "t": 0.75}"#] {
            let second = column(of: "\"t\":", in: event, from: column(of: "\"t\":", in: event))
            #expect(keyOrderReading(keyOrderTrace(event)) == ["3:\(second): event 1: duplicate key \"t\""], "\(event)")
        }
        for event in [#"{"t": 0.5, "touches": [\#(touch)], "touches": []}"#, #"{"touches": [], "t": 0.5, "touches": [\#(touch)]}"#,
                      #"{"touches": [\#(touch)], "touches": [], "t": 0.5}"#] {
            let second = column(of: "\"touches\":", in: event, from: column(of: "\"touches\":", in: event))
            #expect(keyOrderReading(keyOrderTrace(event)) == ["3:\(second): event 1: duplicate key \"touches\""], "\(event)")
        }
        #expect(keyOrderReading(keyOrderTrace(#"{"touches": [\#(touch)]}"#)) == [#"3:1: event 1: missing required key "t" (the event's time in seconds)"#])
        #expect(keyOrderReading(keyOrderTrace(#"{"t": 0.5}"#)) == [#"3:1: event 1 (t=0.5000): missing required key "touches""#])
        for event in [#"{"t": 0.5, "touches": [\#(touch)], "source": "pen"}"#, #"{"source": "pen", "touches": [\#(touch)], "t": 0.5}"#,
                      #"{"touches": [\#(touch)], "source": "pen", "t": 0.5}"#] {
            let at = column(of: "\"source\"", in: event)
            #expect(keyOrderReading(keyOrderTrace(event)) == read + [#"3:\#(at): warning: unknown key "source" in event 1 (ignored)"#], "\(event)")
        }
    }

    @Test(arguments: [
        (#"{"id": "7", "phase": "began", "x": 1, "y": 2}"#, TouchID.text("7")),
        (#"{"id": -12, "phase": "began", "x": 1, "y": 2}"#, TouchID.number(-12)),
        (#"{"id": 123456789012, "phase": "began", "x": 1, "y": 2}"#, TouchID.number(123_456_789_012)),
    ])
    func idsOfEveryKindRead(touch: String, id: TouchID) throws {
        let json = #"{"version": 1, "events": [{"t": 0.5, "touches": ["# + touch + #"]}]}"# + String(repeating: " ", count: 40)
        #expect(try streamed(json).first?.touches.first?.0 == id)
    }

    /// A reader that takes the lists of the reader before it (as a verify worker's do) reads
    /// every trace as a new reader would: the same events, slots, serials, summary, warnings
    /// and messages, after traces that ended with touches down, that broke off with touches
    /// down, that had so many down at once that the tracker switched to a dictionary, and that
    /// gave touch ids as strings.
    @Test func readersThatReuseListsReadAsNewOnesDo() throws {
        struct Events: TouchEventConsumer {
            var lines: [String] = []
            mutating func consume(_ event: borrowing TouchEvent) {
                lines.append("\(event.index) \(event.t) " + event.touches.map { touch in
                    "\(touch.id) \(touch.phase) \(touch.slot) \(touch.serial) \(touch.location.x),\(touch.location.y)"
                }.joined(separator: "; "))
            }
        }
        func touches(_ ids: [String], _ phase: String, x: Int) -> String {
            "[" + ids.map { #"{"id": \#($0), "phase": "\#(phase)", "x": \#(x), "y": 5}"# }.joined(separator: ", ") + "]"
        }
        let many = (1...20).map(String.init)
        let strings = ["\"a\"", "\"b\""]
        let traces = [
            // Twenty touches down at once, half lifted, the rest left down at the end.
            #"{"version": 1, "events": [{"t": 0, "touches": \#(touches(many, "began", x: 1))}, {"t": 0.1, "touches": \#(touches(many, "moved", x: 2))}, {"t": 0.2, "touches": \#(touches(Array(many.prefix(10)), "ended", x: 2))}]}"#,
            // Ids as strings, one lifted and begun again.
            #"{"version": 1, "events": [{"t": 0, "touches": \#(touches(strings, "began", x: 3))}, {"t": 0.1, "touches": \#(touches(["\"a\""], "ended", x: 3))}, {"t": 0.2, "touches": \#(touches(["\"a\""], "began", x: 4))}]}"#,
            // Broken off with touches down.
            #"{"version": 1, "events": [{"t": 0, "touches": \#(touches(["1", "2"], "began", x: 5))}, {"t": 0.1, "touches": [{"id": 1, "phase""#,
            // A touch that moves after it ended, and one that begins twice.
            #"{"version": 1, "events": [{"t": 0, "touches": \#(touches(["1"], "began", x: 6))}, {"t": 0.1, "touches": \#(touches(["1"], "ended", x: 6))}, {"t": 0.2, "touches": \#(touches(["1"], "moved", x: 6))}]}"#,
            #"{"version": 1, "events": [{"t": 0, "touches": \#(touches(["3"], "began", x: 7))}, {"t": 0.1, "touches": \#(touches(["3"], "began", x: 7))}]}"#,
            // A plain one.
            #"{"version": 1, "events": [{"t": 0, "touches": \#(touches(["1"], "began", x: 8))}, {"t": 0.1, "touches": \#(touches(["1"], "ended", x: 9))}]}"#,
        ]
        func outcome(_ json: String, lists: inout TraceReader.Lists?) -> [String] {
            let source = SourceFile(path: "reuse.trace.json", bytes: Array(json.utf8))
            var events = Events()
            let read = Result { () throws(TraceErrors) -> Trace in
                lists == nil ? try Trace.parse(source, consumer: &events) : try Trace.parse(source, consumer: &events, reusing: &lists!)
            }
            switch read {
            case .success(let trace):
                let s = trace.summary
                return events.lines + ["\(s.eventCount) \(s.touchCount) \(s.maxX) \(s.maxY)"] + s.warnings.map(\.description)
            case .failure(let error):
                return events.lines + error.errors.map(\.description)
            }
        }
        var none: TraceReader.Lists? = nil
        let fresh = traces.map { outcome($0, lists: &none) }
        #expect(fresh[2].last?.contains("reuse.trace.json:1:") == true && fresh[3].last?.contains("ended") == true)
        var kept: TraceReader.Lists? = TraceReader.Lists()
        for order in [Array(traces.indices), traces.indices.reversed(), [0, 2, 5, 0, 1, 0, 4, 3]] {
            for i in order {
                #expect(outcome(traces[i], lists: &kept) == fresh[i], "trace \(i)")
            }
        }
    }

    @Test func defaultScreenHoldsEveryPoint() throws {
        let trace = try parseTrace(traceJSON([(0, [(1, "began", 10, 20)]), (0.1, [(1, "moved", 300, -5)]), (0.2, [(1, "ended", 50, 700)])]))
        #expect(trace.screen == (300, 700))
    }

    @Test func touchesLeftDownAreCancelledAtTheLastTimeWithAWarning() throws {
        let json = traceJSON([(0, [(1, "began", 10, 20), (2, "began", 30, 40)]), (0.5, [(2, "moved", 35, 45)])])
        let trace = try parseTrace(json)
        #expect(trace.summary.warnings.count == 2)
        #expect(trace.summary.warnings[0].description.contains("touch 1 is still down at the end of the trace; it is cancelled at t=0.5000"))
        let events = try streamed(json)
        #expect(events.count == 3)
        #expect(events[2].t == 0.5)
        #expect(events[2].touches.map(\.1) == [.cancelled, .cancelled])
        // Cancelled where each last was, in the order they began.
        #expect(events[2].touches[0].0 == .number(1) && events[2].touches[0].2 == 10)
        #expect(events[2].touches[1].0 == .number(2) && events[2].touches[1].2 == 35)
    }

    @Test func idsMayBeReusedAfterTheyEnd() throws {
        let events = try streamed(traceJSON([(0, [(1, "began", 0, 0)]), (1, [(1, "ended", 0, 0)]), (2, [(1, "began", 5, 5)]), (3, [(1, "ended", 5, 5)])]))
        #expect(events[0].touches[0].4 != events[2].touches[0].4, "a reused id is a new touch")
    }

    @Test func strokesMergeIntoEventsByTime() throws {
        let json = """
        {"version": 1, "strokes": [
          {"id": 1, "points": [[0, 10, 10], [0.02, 12, 12], [0.02, 13, 13], [0.04, 14, 14]]},
          {"id": "b", "points": [[0.02, 50, 50], [0.03, 51, 51]]},
          {"id": 3, "points": [[0.05, 1, 1], [0.05, 1, 1]]}]}
        """
        let events = try streamed(json)
        let summary = events.map { e in "\(e.t):" + e.touches.map { "\($0.0)\($0.1)" }.joined(separator: ",") }
        #expect(summary == [
            "0.0:1began",
            "0.02:1moved,\"b\"began",
            "0.02:1moved",
            "0.03:\"b\"ended",
            "0.04:1ended",
            "0.05:3began",
            "0.05:3ended",
        ])
    }

    @Test func aStrokeHasAtLeastTwoPoints() {
        let found = problems(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1, 1]]}]}"#)
        #expect(found == ["test.trace.json:1:48: stroke 0: a stroke needs at least two points, where it touches down and where it lifts (for a tap, the same point twice: [[t0, x, y], [t1, x, y]]); found 1"])
    }

    /// Keys touchtrace does not know in every touch and event (as a browser writes its pointer's
    /// type): warned about once per key, at its first place, then passed over by the plain steps;
    /// every place reported under `--strict`. The events read are those of the same trace without
    /// the keys, and a malformed value of a key already warned about fails as the general steps
    /// fail, on its line.
    @Test func unknownKeysInEveryTouchReadAsWithout() {
        var plain: [String] = []
        var extra: [String] = []
        for i in 0..<6 {
            let touch = #"{"id": 1, "phase": "\#(i == 0 ? "began" : i == 5 ? "ended" : "moved")", "x": \#(10 + i), "y": 2.5"#
            plain.append(#"{"t": \#(i), "touches": [\#(touch)}]}"#)
            extra.append(#"{"type": "touches", "t": \#(i), "touches": [\#(touch), "pointerType": "touch", "tilt": [1, {"a": 2}]}]}"#)
        }
        func trace(_ events: [String]) -> String { "{\"version\": 1, \"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n" }
        let read = outcome(trace(extra))
        #expect(read.count == 7)
        #expect(Array(read.dropFirst()) == Array(outcome(trace(plain)).dropFirst()))
        // Three keys, three warnings (the summary's last figure).
        #expect(read.first?.hasSuffix(" 3") == true, "\(read)")
        #expect(outcome(compacted(trace(extra))) == read)
        let strict = problems(trace(extra), options: TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true))
        #expect(strict.count == 18)
        var broken = extra
        broken[3] = broken[3].replacingOccurrences(of: "[1, {", with: "[1 {")
        let failed = outcome(trace(broken))
        #expect(failed.count == 1 && failed[0].hasPrefix("5: invalid JSON"), "\(failed)")
    }

    /// String ids (`"a"`, `"1"`, with escapes) read by the plain steps as the general loop
    /// reads them: the same trace with its `x` keys written `"\u0078"`, which only the general
    /// loop reads, gives the same events, and `"1"` stays another touch than `1`.
    @Test func stringIDsReadAsTheGeneralLoopReadsThem() {
        let events = [
            #"{"t": 0, "touches": [{"id": "a", "phase": "began", "x": 1, "y": 2}, {"id": "1", "phase": "began", "x": 3, "y": 4}, {"id": 1, "phase": "began", "x": 5, "y": 6}]}"#,
            #"{"t": 0.01, "touches": [{"phase": "moved", "id": "\u0061", "x": 1.5, "y": 2}, {"x": 3.5, "y": 4, "id": "1", "phase": "moved"}]}"#,
            #"{"t": 0.02, "touches": [{"id": "a", "phase": "ended", "x": 2, "y": 2}, {"id": "1", "phase": "ended", "x": 4, "y": 4}, {"id": 1, "phase": "ended", "x": 5, "y": 6}]}"#,
        ]
        let json = "{\"version\": 1, \"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n"
        let plain = outcome(json)
        #expect(plain.count == 4 && plain[0].hasPrefix("3 3 "), "\(plain)")
        #expect(plain == outcome(json.replacingOccurrences(of: "\"x\"", with: #""\u0078""#)))
        #expect(plain == outcome(compacted(json)))
    }

    @Test func unknownKeysAreReportedOnlyWhenStrict() {
        let json = #"{"version": 1, "extra": 1, "events": [{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 0, "y": 0, "pressure": 2}], "note": "x"}]}"#
        #expect(problems(json).isEmpty)
        let strict = problems(json, options: TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true))
        #expect(strict.count == 3)
        #expect(strict[0] == "test.trace.json:1:16: unknown key \"extra\" in the trace (ignored unless --strict)")
        #expect(strict[1].contains("unknown key \"pressure\" in event 0, touches[0]"))
        #expect(strict[2].contains("unknown key \"note\" in event 0"))
    }

    /// Touch k (from 0) begins in event 2k and ends in event 2k + 1; then one more event lists
    /// `late` as moved. Every event's time is its index in milliseconds.
    func endedTouches(_ count: Int, thenMoved late: Int) -> String {
        var events: [(t: Double, touches: [T])] = []
        for k in 0..<count {
            events.append((Double(2 * k) / 1000, [(k, "began", 1, 1)]))
            events.append((Double(2 * k + 1) / 1000, [(k, "ended", 1, 1)]))
        }
        events.append((Double(2 * count) / 1000, [(late, "moved", 1, 1)]))
        return traceJSON(events)
    }

    /// A touch listed after it ended is named with the event it ended in, however many touches
    /// ended before and after it (well past the batches endings are noted in); one that never
    /// began is told apart from it.
    @Test func aTouchListedAfterItEndedNamesTheEventItEndedIn() {
        // Touch 5 ended in event 2 × 5 + 1 = 11; the last event is 2 × 3000 = 6000, at t = 6.
        let ended = problems(endedTouches(3000, thenMoved: 5))
        #expect(ended.count == 1)
        #expect(ended.first?.hasSuffix("event 6000 (t=6.0000): touch 5 moved after it ended (in event 11)") == true, "\(ended)")
        // Touch 2999 ended in event 5999, in the last batch, not yet taken into the dictionary.
        let last = problems(endedTouches(3000, thenMoved: 2999))
        #expect(last.first?.hasSuffix("touch 2999 moved after it ended (in event 5999)") == true, "\(last)")
        let never = problems(endedTouches(3000, thenMoved: 7000))
        #expect(never.first?.hasSuffix("touch 7000 moved before it began") == true, "\(never)")
    }

    /// The ended touches remembered are bounded: with 4,096 distinct ids ended, the memory is
    /// full and a touch never seen gets the cautious message; at the 4,097th ending it is cleared
    /// (a marker stays), and the touches that end after are remembered again.
    @Test func endedTouchesAreForgottenPastTheLimit() {
        let full = problems(endedTouches(4096, thenMoved: 9000))
        #expect(full.first?.hasSuffix("touch 9000 moved but is not down (it has not begun, or it has ended)") == true, "\(full)")
        // Touch 4096 ended in event 2 × 4096 + 1 = 8193, after the clearing.
        let after = problems(endedTouches(4097, thenMoved: 4096))
        #expect(after.first?.hasSuffix("touch 4096 moved after it ended (in event 8193)") == true, "\(after)")
        let forgotten = problems(endedTouches(4097, thenMoved: 0))
        #expect(forgotten.first?.hasSuffix("touch 0 moved before it began") == true, "\(forgotten)")
    }

    @Test func collectingFindsEveryProblem() {
        let json = traceJSON([(0, [(1, "began", 0, 0)]), (0.1, [(2, "moved", 1, 1)]), (0.05, [(1, "moved", 1, 1)]), (0.2, [(1, "began", 2, 2)])])
        let all = problems(json, options: TraceReadOptions(collectAllProblems: true))
        #expect(all.count == 3)
        #expect(problems(json).count == 1)
    }

    /// Every malformed input gets `path:line:column: message`; the message names what is wrong.
    @Test(arguments: [
        ("", "1:1: empty file"),
        ("   \n ", "1:1: file holds only whitespace"),
        ("\u{FEFF}{}", "1:1: the file starts with a UTF-8 byte order mark"),
        ("{\"version\": 1, \"events\": [] \u{0}", "1:29: binary file"),
        ("[1, 2]", "1:1: a trace must be a JSON object"),
        ("{\"events\": []}", "1:1: missing required key \"version\""),
        ("{\"version\": 3, \"events\": []}", "1:13: unsupported \"version\" 3"),
        ("{\"version\": \"1\", \"events\": []}", "1:13: \"version\" must be the number 1"),
        ("{\"version\": 1}", "1:1: missing \"events\""),
        ("{\"version\": 1, \"events\": [], \"strokes\": []}", "1:30: a trace has \"events\" or \"strokes\", not both"),
        ("{\"version\": 1, \"events\": {}}", "1:26: \"events\" must be an array"),
        ("{\"version\": 1, \"events\": [], \"events\": []}", "1:30: duplicate key \"events\""),
        ("{\"version\": 1, \"version\": 1, \"events\": []}", "1:16: duplicate key \"version\""),
        // Unknown keys are ignored, but not twice.
        ("{\"version\": 1, \"x\": 1, \"x\": 2, \"events\": []}", "1:24: duplicate key \"x\""),
        // A key is compared as decoded: `ver\u0073ion` is `version` (the second key is at column
        // 1 + 14 + 6 = 21).
        ("{\"ver\\u0073ion\": 1, \"version\": 1, \"events\": []}", "1:21: duplicate key \"version\""),
        // Its value is at column 16 + 11 + 2 = 29.
        ("{\"version\": 1, \"n\\u0061me\": 2, \"events\": []}", "1:29: \"name\" must be a string, found a number"),
        ("{\"version\": 1, \"events\": [{\"touches\": []}]}", "1:27: event 0: missing required key \"t\""),
        ("{\"version\": 1, \"events\": [{\"t\": 0}]}", "1:27: event 0 (t=0.0000): missing required key \"touches\""),
        ("{\"version\": 1, \"events\": [{\"t\": \"0\", \"touches\": []}]}", "1:33: event 0: \"t\" must be a number (seconds), found a string"),
        ("{\"version\": 1, \"events\": [{\"t\": 1e999, \"touches\": []}]}", "1:33: event 0: \"t\" is out of range"),
        ("{\"version\": 1, \"events\": [{\"t\": 0, \"touches\": [{\"id\": 1, \"phase\": \"began\", \"x\": 0}]}]}", "1:48: event 0, touches[0]: missing required key \"y\""),
        ("{\"version\": 1, \"events\": [{\"t\": 0, \"touches\": [{\"id\": 1, \"phase\": \"moving\", \"x\": 0, \"y\": 0}]}]}",
         "1:67: event 0, touches[0]: unknown phase \"moving\" (valid phases: began, moved, stationary, ended, cancelled)"),
        ("{\"version\": 1, \"events\": [{\"t\": 0, \"touches\": [{\"id\": 1.5, \"phase\": \"began\", \"x\": 0, \"y\": 0}]}]}", "1:55: event 0, touches[0]: touch \"id\" must be an integer without fraction or exponent that fits in 64 bits, or a string; found 1.5"),
        ("{\"version\": 1, \"events\": [{\"t\": 0, \"touches\": [{\"id\": 1, \"phase\": \"began\", \"x\": \"3\", \"y\": 0}]}]}", "1:81: event 0, touches[0]: \"x\" must be a number (points), found a string"),
        ("{\"version\": 1, \"events\": [{\"t\": 0, \"touches\": [{\"id\": 1, \"phase\": \"began\", \"x\": 1e9, \"y\": 0}]}]}", "1:81: event 0, touches[0]: \"x\" is out of range (1000000000)"),
        ("{\"version\": 1, \"events\": [{\"t\": 0, \"touches\": [{\"id\": 1, \"phase\": \"moved\", \"x\": 0, \"y\": 0}]}]}", "1:48: event 0 (t=0.0000): touch 1 moved before it began"),
        ("{\"version\": 1, \"events\": [{\"t\": 0, \"touches\": [{\"id\": 1, \"phase\": \"began\", \"x\": 0, \"y\": 0}, {\"id\": 1, \"phase\": \"moved\", \"x\": 0, \"y\": 0}]}]}",
         "1:93: event 0 (t=0.0000): touch 1 is listed twice in one event"),
        ("{\"version\": 1, \"events\": [{\"t\": 0, \"touches\": [{\"id\": 1, \"phase\": \"began\", \"x\": 0, \"y\": 0}]}, {\"t\": 1, \"touches\": [{\"id\": 1, \"phase\": \"began\", \"x\": 0, \"y\": 0}]}]}",
         "event 1 (t=1.0000): touch 1 began again while it was down (it began in event 0)"),
        ("{\"version\": 1, \"events\": [{\"t\": 1, \"touches\": []}, {\"t\": 0.5, \"touches\": []}]}", "1:52: event 1 (t=0.5000): time goes backwards (the event before is at t=1.0000)"),
        ("{\"version\": 1, \"events\": [{\"t\": 0, \"touches\": [{\"id\": 1, \"phase\": \"began\", \"x\": 0, \"y\": 0}]}, {\"t\": 1, \"touches\": [{\"id\": 1, \"phase\": \"ended\", \"x\": 0, \"y\": 0}]}, {\"t\": 2, \"touches\": [{\"id\": 1, \"phase\": \"moved\", \"x\": 0, \"y\": 0}]}]}",
         "event 2 (t=2.0000): touch 1 moved after it ended (in event 1)"),
        ("{\"version\": 1, \"strokes\": [{\"id\": 1, \"points\": [[0, 1]]}]}", "1:49: stroke 0, point 0: expected [t, x, y] (three numbers)"),
        ("{\"version\": 1, \"strokes\": [{\"id\": 1, \"points\": [[1, 1, 1], [0, 2, 2]]}]}", "1:61: stroke 0, point 1: time goes backwards"),
        ("{\"version\": 1, \"strokes\": [{\"id\": 1, \"points\": [[0, 1, 1], [2, 2, 2]]}, {\"id\": 1, \"points\": [[1, 1, 1], [3, 2, 2]]}]}",
         "stroke 1, point 0 (t=1.0000): touch 1 began again while it was down"),
        ("{\"version\": 1, \"events\": [", "1:27: invalid JSON: unexpected end of file inside an array"),
        ("{\"version\": 1, \"events\": [{\"t\": 0, \"touches\": []},]}", "1:51: invalid JSON: trailing comma before ']'"),
    ] as [(String, String)])
    func malformedInputIsLocated(_ json: String, _ expected: String) {
        let found = problems(json)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix("test.trace.json:") == true)
        #expect(found.first?.contains(expected) == true, "\(found.first ?? "nothing") does not contain \(expected)")
    }

    @Test func directoriesAndMissingFilesAreLocatedErrors() {
        for (path, message) in [("/", "is a directory"), ("/nonexistent/x.trace.json", "no such file or directory")] {
            do {
                _ = try Trace.read(path: path)
                Issue.record("\(path) was read")
            } catch {
                #expect(error.first.description == "\(path):1:1: " + (message == "is a directory" ? "is a directory, not a trace file" : "cannot read: \(message)"))
            }
        }
    }
}
