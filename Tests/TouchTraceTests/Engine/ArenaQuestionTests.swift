import Testing
@testable import TouchTrace

/// The arena's questions to recognizers that have a say (`Recognizer.answersArenaQuestions`):
/// where UIKit asks a recognizer's delegate (SPEC 17).
@Suite struct ArenaQuestionTests {
    /// A recognizer of type `R` whose answers are given: about any recognizer of type `Other`.
    struct Says<R: Recognizer, Other: Recognizer>: Recognizer {
        var inner: R
        var simultaneous: Bool? = nil
        var requireFailure: Bool? = nil
        var beRequiredToFail: Bool? = nil
        var shouldBegin: Bool? = nil
        var state: RecognizerState {
            get { inner.state }
            set { inner.state = newValue }
        }
        mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) { inner.touchesBegan(touches, &context) }
        mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) { inner.touchesMoved(touches, &context) }
        mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) { inner.touchesEnded(touches, &context) }
        mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) { inner.touchesCancelled(touches, &context) }
        mutating func deadlinePassed(_ context: inout DeliveryContext) { inner.deadlinePassed(&context) }
        mutating func reset() { inner.reset() }
        var answersArenaQuestions: Bool { true }
        func answer(_ question: ArenaQuestion, about other: any Recognizer) -> Bool? {
            if question == .shouldBegin { return shouldBegin }
            guard other is Other else { return nil }
            switch question {
            case .shouldBegin: return shouldBegin
            case .recognizeSimultaneously: return simultaneous
            case .requireFailure: return requireFailure
            case .beRequiredToFail: return beRequiredToFail
            }
        }
    }

    /// Touch 1 moves 60 points right in 0.1 s: a pan (10 pt) and a swipe (50 pt, within 30° of
    /// right, in 0.5 s) would both win at 0.1; the pan, listed first, wins first.
    let flick: [(t: Double, touches: [T])] = [(0, [(1, "began", 10, 10)]), (0.1, [(1, "moved", 70, 10)]), (0.2, [(1, "ended", 70, 10)])]

    @Test func withoutASayThePairIsExclusive() throws {
        let scene = scene2([view("v", [0, 0, 300, 300], [
            rec("pan", Says<PanRecognizer, SwipeRecognizer>(inner: PanRecognizer())), rec("swipe", SwipeRecognizer()),
        ])])
        #expect(try brief2(flick, scene: scene) == ["0.1000 v.pan began", "0.1000 v.swipe failed: prevented by v.pan", "0.2000 v.pan ended"])
    }

    @Test func eitherSayingSimultaneousLetsBothGoOn() throws {
        let scene = scene2([view("v", [0, 0, 300, 300], [
            rec("pan", Says<PanRecognizer, SwipeRecognizer>(inner: PanRecognizer(), simultaneous: true)), rec("swipe", SwipeRecognizer()),
        ])])
        #expect(try brief2(flick, scene: scene) == ["0.1000 v.pan began", "0.1000 v.swipe recognized", "0.2000 v.pan ended"])
        // Said by the other one of the pair.
        let other = scene2([view("v", [0, 0, 300, 300], [
            rec("pan", PanRecognizer()), rec("swipe", Says<SwipeRecognizer, PanRecognizer>(inner: SwipeRecognizer(), simultaneous: true)),
        ])])
        #expect(try brief2(flick, scene: other) == ["0.1000 v.pan began", "0.1000 v.swipe recognized", "0.2000 v.pan ended"])
    }

    @Test func requiringFailureWhenFirstSharingATouchMakesItWait() throws {
        // The pan says it requires the swipe to fail: at 0.1 it would begin, but waits; the swipe
        // recognizes at the same move, so the pan fails, having required it to fail (rule 3).
        let scene = scene2([view("v", [0, 0, 300, 300], [
            rec("pan", Says<PanRecognizer, SwipeRecognizer>(inner: PanRecognizer(), requireFailure: true)), rec("swipe", SwipeRecognizer()),
        ])])
        #expect(try brief2(flick, scene: scene) == ["0.1000 v.swipe recognized", "0.1000 v.pan failed: required v.swipe to fail"])
        // The same said the other way round: the swipe says the pan must wait for it.
        let other = scene2([view("v", [0, 0, 300, 300], [
            rec("pan", PanRecognizer()), rec("swipe", Says<SwipeRecognizer, PanRecognizer>(inner: SwipeRecognizer(), beRequiredToFail: true)),
        ])])
        #expect(try brief2(flick, scene: other) == ["0.1000 v.swipe recognized", "0.1000 v.pan failed: required v.swipe to fail"])
    }

    @Test func aRecognizerThatMayNotBeginFailsInEitherVersion() throws {
        for version in [1, 2] {
            let views = [view("v", [0, 0, 300, 300], [
                rec("pan", Says<PanRecognizer, SwipeRecognizer>(inner: PanRecognizer(), shouldBegin: false)), rec("swipe", SwipeRecognizer()),
            ])]
            let scene = version == 1 ? Scene(views: views, origin: "test", version: 1) : scene2(views)
            let trace = try parseTrace(traceJSON(flick, version: version))
            let lines = brief(try transcript(traceJSON(flick, version: version), scene: scene))
            _ = trace
            #expect(lines.prefix(2) == ["0.1000 v.pan failed: delegate refused to begin", "0.1000 v.swipe recognized"], "\(lines)")
        }
    }

    @Test func aRequirementOfAnswersLastsOneGesture() throws {
        // The swipe fails in the first gesture (it moves down, 60 points in 0.1 s: not right), so
        // the waiting pan wins then. In the second gesture the requirement is asked afresh.
        let scene = scene2([view("v", [0, 0, 300, 300], [
            rec("pan", Says<PanRecognizer, SwipeRecognizer>(inner: PanRecognizer(), requireFailure: true)), rec("swipe", SwipeRecognizer()),
        ])])
        let events: [(t: Double, touches: [T])] = [
            (0, [(1, "began", 10, 10)]), (0.05, [(1, "moved", 10, 30)]), (0.1, [(1, "moved", 10, 70)]), (0.2, [(1, "ended", 10, 70)]),
            (1, [(2, "began", 10, 10)]), (1.1, [(2, "moved", 70, 10)]), (1.2, [(2, "ended", 70, 10)]),
        ]
        let lines = try brief2(events, scene: scene)
        #expect(lines == [
            "0.1000 v.swipe failed: moved 60 points by (0, 60), more than 30° from the direction right",
            "0.1000 v.pan began", "0.2000 v.pan ended",
            "1.1000 v.swipe recognized", "1.1000 v.pan failed: required v.swipe to fail",
        ], "\(lines)")
        // Once the first gesture is over (both reset), the requirement is gone from the arena.
        var replayer = Replayer(scene: scene, sink: RecordCollector())
        replayer.consumeEvents(of: try parseTrace(traceJSON(Array(events.prefix(4)), version: 2)))
        #expect(replayer.arena.value.requires == [[], []] && replayer.arena.value.requiredBy == [[], []])
    }
}
