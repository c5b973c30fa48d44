import Foundation
import Testing
@testable import TouchTrace

@Suite struct ReplayPlanTests {
    /// Two replays made from one plan, given every event in turn: the first, then the second.
    private struct Interleaved: TouchEventConsumer {
        var first: Replayer
        var second: Replayer

        mutating func consume(_ event: borrowing TouchEvent) {
            first.consume(event)
            second.consume(event)
        }

        static func emptyForLaterPart() -> Interleaved? { nil }
        mutating func appendLaterPart(_ later: Interleaved) {}
    }

    /// A view with a counter, and a plus button (with a pan and spots) that adds to it.
    private let scene = Scene(views: [
        SceneView(name: "glasses", frame: Rect(x: 0, y: 0, width: 100, height: 100), control: ("counter", Counter())),
        SceneView(name: "plus", frame: Rect(x: 0, y: 200, width: 400, height: 400),
                  recognizers: [("pan", PanRecognizer()), ("spots", SpotsRecognizer())],
                  control: ("button", PushButton(isAddButton: true, targetView: 0))),
    ], origin: "test")

    /// A finger that lands on the plus button, moves 10 points every 10 ms for `steps` moves
    /// (a pan once past 10 points), and lifts inside it: the button adds one to the counter.
    private func drag(steps: Int) -> String {
        var events: [(t: Double, touches: [T])] = [(0, [(1, "began", 100, 300)])]
        for k in 1...steps { events.append((Double(k) / 100, [(1, "moved", 100 + 10 * Double(k), 300)])) }
        events.append((Double(steps + 1) / 100, [(1, "ended", 100 + 10 * Double(steps), 300)]))
        return traceJSON(events)
    }

    /// Every replay made from one plan holds recognizers and controls of its own. Two replays
    /// given the events in turn each write what a replay made from the scene alone writes;
    /// were their recognizers shared, each event would reach the one pan twice (its velocity
    /// samples, its state) and the records would differ. A third replay made from the plan
    /// after them starts from the counter's value in the scene (its first record says 6, not 7
    /// or 8): the plan itself is not changed by the replays it made.
    @Test func replaysFromOnePlanHoldTheirOwnRecognizersAndControls() throws {
        let plan = Replayer.Plan(scene: scene)
        let json = drag(steps: 8)
        let trace = try parseTrace(json)
        let expected = try records(json, scene: scene)
        #expect(expected.contains { $0.to == "ended" })
        let counts = expected.filter { $0.event.description == "counterChanged" }.map { $0["counter"] }
        #expect(counts == [.integer(6)])

        let first = RecordCollector()
        let second = RecordCollector()
        var both = Interleaved(first: Replayer(plan: plan, sink: first), second: Replayer(plan: plan, sink: second))
        trace.forEachEvent(&both)
        both.first.finish()
        both.second.finish()
        #expect(first.records == expected)
        #expect(second.records == expected)

        let third = RecordCollector()
        var again = Replayer(plan: plan, sink: third)
        trace.forEachEvent(&again)
        again.finish()
        #expect(third.records == expected)
    }
}
