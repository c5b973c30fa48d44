import Testing
@testable import TouchTrace

/// `DeliveryContext.callAfterEvent()` and `Recognizer.eventDelivered`: a recognizer called once
/// more after an event has reached every view, in scene order, before it is reset (where UIKit
/// runs actions).
@Suite struct AfterEventTests {
    /// Asks to be called after every event it gets; begins at its first move and ends at the
    /// lift. Its call after the event writes `after` with the state it reads then.
    struct Late: Recognizer {
        var state: RecognizerState = .possible
        mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) { context.callAfterEvent() }
        mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
            change(to: state == .possible ? .began : .changed, &context)
            context.callAfterEvent()
            context.callAfterEvent()
        }
        mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
            change(to: .ended, &context)
            context.callAfterEvent()
        }
        mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {}
        mutating func eventDelivered(_ context: inout DeliveryContext) {
            context.emit("after", FieldList(Field("state", .name(state.name))))
        }
        mutating func reset() { state = .possible }
    }

    private func lines(_ scene: Scene, _ events: [(t: Double, touches: [T])], version: Int) throws -> [String] {
        let collector = RecordCollector()
        let trace = try parseTrace(traceJSON(events, version: version))
        Replayer.replay(trace, scene: scene, into: collector)
        let names = Replayer(scene: scene, sink: RecordCollector()).sources
        return collector.records.map { r in
            var state = ""
            if let field = r.fields.first(where: { $0.key == "to" || $0.key == "state" }), case .name(let name) = field.value { state = "\(name)" }
            return "\(fixed4(r.t)) \(names[r.source].view).\(names[r.source].name) \(r.event) \(state)"
        }
    }

    @Test func calledOnceAfterEveryViewInSceneOrderAndBeforeItsReset() throws {
        // Two views side by side, each with a Late; one event moves a touch on each. Every
        // `after` comes after both views' state records, `a` before `b`, once per event; after
        // the lift each still reads `ended` (the reset comes after the call).
        for version in [1, 2] {
            let scene = version == 1
                ? Scene(views: [view("a", [0, 0, 100, 100], [rec("late", Late())]), view("b", [100, 0, 100, 100], [rec("late", Late())])],
                        origin: "test", version: 1, recognition: .simultaneous)
                : scene2([view("a", [0, 0, 100, 100], [rec("late", Late())]), view("b", [100, 0, 100, 100], [rec("late", Late())])])
            let out = try lines(scene, [
                (0, [(1, "began", 10, 10), (2, "began", 110, 10)]),
                (0.1, [(2, "moved", 120, 10), (1, "moved", 20, 10)]),
                (0.2, [(1, "ended", 20, 10), (2, "ended", 120, 10)]),
                (0.3, [(1, "began", 10, 10)]),
                (0.4, [(1, "moved", 30, 10)]),
            ], version: version)
            #expect(out == [
                "0.0000 a.late after possible", "0.0000 b.late after possible",
                "0.1000 a.late state began", "0.1000 b.late state began",
                "0.1000 a.late after began", "0.1000 b.late after began",
                "0.2000 a.late state ended", "0.2000 b.late state ended",
                "0.2000 a.late after ended", "0.2000 b.late after ended",
                // Reset after the lift's call: a new gesture begins afresh.
                "0.3000 a.late after possible",
                "0.4000 a.late state began", "0.4000 a.late after began",
            ], "version \(version): \(out)")
        }
    }

    /// Begins at a deadline 0.5 s after touch-down and asks to be called after it.
    struct Held: Recognizer {
        var state: RecognizerState = .possible
        mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) { context.setDeadline(context.t + 0.5) }
        mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {}
        mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
            change(to: state == .possible ? .failed : .ended, &context)
            context.callAfterEvent()
        }
        mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {}
        mutating func deadlinePassed(_ context: inout DeliveryContext) {
            change(to: .began, &context)
            context.callAfterEvent()
        }
        mutating func eventDelivered(_ context: inout DeliveryContext) {
            context.emit("after", FieldList(Field("state", .name(state.name))))
        }
        mutating func reset() { state = .possible }
    }

    @Test func aDeadlinesChangeIsFollowedByItsCallAtTheDeadline() throws {
        // Down at 0.1, deadline at 0.1 + 0.5 = 0.6, before the event at 0.7; after the trace ends,
        // a second gesture's deadline (0.8 + 0.5 = 1.3) fires with its call after it.
        let scene = scene2([view("a", [0, 0, 100, 100], [rec("held", Held())])])
        let out = try lines(scene, [(0.1, [(1, "began", 10, 10)]), (0.7, [(1, "ended", 10, 10)]), (0.8, [(1, "began", 10, 10)])], version: 2)
        #expect(out == [
            "0.6000 a.held state began", "0.6000 a.held after began",
            "0.7000 a.held state ended", "0.7000 a.held after ended",
            "1.3000 a.held state began", "1.3000 a.held after began",
        ], "\(out)")
    }
}
