import Testing
@testable import TouchTrace

/// A probe that asks for these states at these calls (and writes no record of its calls unless told).
private func asks(_ steps: (Double, Probe.Call, RecognizerState)..., writesCalls: Bool = false) -> Probe {
    Probe(steps.map { Probe.Step(at: $0.0, on: $0.1, ask: [$0.2]) }, writesCalls: writesCalls)
}

/// One finger that touches down at (x, y) at 0, moves by 1 point at each of `moves`, and lifts at `end`.
private func finger(_ id: Int = 1, x: Double = 50, y: Double = 50, at start: Double = 0, moves: [Double], end: Double) -> [(t: Double, touches: [T])] {
    var events: [(t: Double, touches: [T])] = [(start, [(id, "began", x, y)])]
    for (k, t) in moves.enumerated() { events.append((t, [(id, "moved", x + Double(k + 1), y)])) }
    events.append((end, [(id, "ended", x + Double(moves.count), y)]))
    return events
}

/// Events of several fingers merged by time (each list sorted; equal times joined in order).
private func merge(_ lists: [(t: Double, touches: [T])]...) -> [(t: Double, touches: [T])] {
    var all: [(t: Double, touches: [T])] = []
    for list in lists {
        for e in list {
            if let i = all.firstIndex(where: { $0.t == e.t }) { all[i].touches += e.touches } else { all.append(e) }
        }
    }
    return all.sorted { $0.t < $1.t }
}

/// The arena's rules (SPEC 12, 13.1), record by record, with probes whose every request is
/// scripted: `askedAt` in a record is when the probe asked.
@Suite struct ArenaTests {
    let full = [0.0, 0, 400, 800]

    // MARK: Rule 1

    @Test func rule1AWinnerNotYetFinalPreventsALaterCompetitor() throws {
        // a (on outer) wins at 0.1 with touch 1 alone. Touch 2 lands on inner at 0.2 and reaches
        // both b and a: they now compete, and b, asking to win at 0.3, fails.
        let scene = scene2([view("outer", full, [rec("a", asks((0.1, .moved, .began)))]),
                            view("inner", [200, 200, 100, 100], superview: 0, [rec("b", asks((0.3, .moved, .recognized)))])])
        let events = merge(finger(1, moves: [0.1], end: 1), finger(2, x: 250, y: 250, at: 0.2, moves: [0.3], end: 0.9))
        let lines = try brief2(events, scene: scene)
        #expect(lines == ["0.1000 outer.a began askedAt=0.1000", "0.3000 inner.b failed: prevented by outer.a"])
    }

    @Test func rule1AFinalWinnerPreventsNothing() throws {
        // a wins at 0.1 and ends at 0.25 (final); b wins at 0.3.
        let scene = scene2([view("outer", full, [rec("a", asks((0.1, .moved, .began), (0.25, .moved, .ended)))]),
                            view("inner", [200, 200, 100, 100], superview: 0, [rec("b", asks((0.3, .moved, .recognized)))])])
        let events = merge(finger(1, moves: [0.1, 0.25], end: 1), finger(2, x: 250, y: 250, at: 0.2, moves: [0.3], end: 0.9))
        let lines = try brief2(events, scene: scene)
        #expect(lines == ["0.1000 outer.a began askedAt=0.1000", "0.2500 outer.a ended askedAt=0.2500",
                                                     "0.3000 inner.b recognized askedAt=0.3000"])
    }

    // MARK: Rule 2

    @Test func rule2TheWinnerFirstThenThePreventedInSceneOrderThenRule3Failures() throws {
        // Scene order: outer.p0, inner.r3 (requires w), inner.p1, inner.w, inner.p2. The touch
        // hits inner, so the chain gives it to r3, p1, w, p2, then p0.
        let scene = scene2([view("outer", full, [rec("p0", Probe())]),
                            view("inner", [0, 0, 100, 100], superview: 0,
                                 [rec("r3", Probe(), requireToFail: ["w"]), rec("p1", Probe()), rec("w", asks((0.1, .moved, .recognized))),
                                  rec("p2", Probe())])])
        let lines = try brief2(finger(moves: [0.1, 0.2], end: 0.3), scene: scene)
        #expect(lines.filter { !$0.contains("touches") } == [
            "0.1000 inner.w recognized askedAt=0.1000",
            "0.1000 outer.p0 failed: prevented by inner.w",
            "0.1000 inner.p1 failed: prevented by inner.w",
            "0.1000 inner.p2 failed: prevented by inner.w",
            "0.1000 inner.r3 failed: required inner.w to fail",
        ])
    }

    @Test func rule5EverythingHappensBeforeTheNextRecognizerGetsTheSet() throws {
        // a gets the move, then w wins on it: a and b fail at once, and b never gets the move.
        let scene = scene2([view("v", full, [rec("a", Probe()), rec("w", asks((0.1, .moved, .began), writesCalls: true)), rec("b", Probe())])])
        let lines = try brief2(finger(moves: [0.1, 0.2], end: 0.3), scene: scene)
        #expect(lines == [
            "0.0000 v.a touchesBegan touch=1", "0.0000 v.w touchesBegan touch=1", "0.0000 v.b touchesBegan touch=1",
            "0.1000 v.a touchesMoved touch=1", "0.1000 v.w touchesMoved touch=1",
            "0.1000 v.w began askedAt=0.1000", "0.1000 v.a failed: prevented by v.w", "0.1000 v.b failed: prevented by v.w",
            "0.2000 v.w touchesMoved touch=1", "0.3000 v.w touchesEnded touch=1",
        ])
    }

    @Test func recognizersThatShareNoTouchDoNotCompete() throws {
        // Sibling views: a's touch never reaches b.
        let scene = scene2([view("left", [0, 0, 100, 100], [rec("a", asks((0.1, .moved, .began)))]),
                            view("right", [100, 0, 100, 100], [rec("b", asks((0.2, .moved, .began)))])])
        let events = merge(finger(1, x: 50, moves: [0.1], end: 0.5), finger(2, x: 150, moves: [0.2], end: 0.5))
        let lines = try brief2(events, scene: scene)
        #expect(lines == ["0.1000 left.a began askedAt=0.1000", "0.2000 right.b began askedAt=0.2000"])
    }

    // MARK: Rule 3

    @Test func rule3AWaitingRecognizerGetsNoTouchesThenWinsWithItsKeptDataAtTheFailure() throws {
        let scene = scene2([view("v", full, [rec("r", asks((0.1, .moved, .began), writesCalls: true), requireToFail: ["f"]),
                                             rec("f", asks((0.3, .moved, .failed)))])])
        let lines = try brief2(finger(moves: [0.1, 0.2, 0.3, 0.4], end: 0.5), scene: scene)
        #expect(lines == [
            "0.0000 v.r touchesBegan touch=1", "0.1000 v.r touchesMoved touch=1",
            "0.3000 v.f failed askedAt=0.3000", "0.3000 v.r began askedAt=0.1000",
            "0.4000 v.r touchesMoved touch=1", "0.5000 v.r touchesEnded touch=1",
        ])
    }

    @Test func rule3AWaitingRecognizerKeepsItsRecordsData() throws {
        // The kept record is the one asked for, data and all (a pan's translation at 0.1 s,
        // not at 0.3 s when it is written).
        let scene = scene2([view("v", full, [rec("pan", PanRecognizer(minimumDistance: 5), requireToFail: ["f"]),
                                             rec("f", asks((0.3, .moved, .failed)))])])
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 0, 0)]), (0.1, [(1, "moved", 6, 0)]), (0.3, [(1, "moved", 30, 0)]),
                                                   (0.35, [(1, "ended", 30, 0)])]
        let lines = try transcript(traceJSON(events, version: 2), scene: scene)
        #expect(lines[0] == "0.3000 v.f state from=possible to=failed askedAt=0.3000")
        #expect(lines[1] == "0.3000 v.pan state from=possible to=began translation=6.0000,0.0000 velocity=0.0000,0.0000 touches=1")
    }

    @Test func rule3AReleasedRecognizersWinPreventsAsAnyWinDoes() throws {
        // r waits for f; when f fails, r wins and rule 2 fails c, still possible.
        let scene = scene2([view("v", full, [rec("r", asks((0.1, .moved, .began)), requireToFail: ["f"]), rec("f", asks((0.3, .moved, .failed))),
                                             rec("c", Probe(writesCalls: false))])])
        let lines = try brief2(finger(moves: [0.1, 0.3], end: 0.5), scene: scene)
        #expect(lines == ["0.3000 v.f failed askedAt=0.3000", "0.3000 v.r began askedAt=0.1000", "0.3000 v.c failed: prevented by v.r"])
    }

    @Test func rule3WhenTheRequiredOneWinsTheWaitingOneFails() throws {
        let scene = scene2([view("v", full, [rec("r", asks((0.1, .moved, .began)), requireToFail: ["f"]),
                                             rec("f", asks((0.3, .moved, .recognized)))])])
        let lines = try brief2(finger(moves: [0.1, 0.3], end: 0.5), scene: scene)
        #expect(lines
                == ["0.3000 v.f recognized askedAt=0.3000", "0.3000 v.r failed: required v.f to fail"])
    }

    @Test func rule3WithSeveralRequiredItWinsOnlyWhenTheLastFails() throws {
        let scene = scene2([view("v", full, [rec("r", asks((0.1, .moved, .began)), requireToFail: ["f1", "f2"]),
                                             rec("f1", asks((0.2, .moved, .failed))), rec("f2", asks((0.3, .moved, .failed)))])])
        let lines = try brief2(finger(moves: [0.1, 0.2, 0.3], end: 0.5), scene: scene)
        #expect(lines
                == ["0.2000 v.f1 failed askedAt=0.2000", "0.3000 v.f2 failed askedAt=0.3000", "0.3000 v.r began askedAt=0.1000"])
        // The other way round: f2 fails first.
        let other = scene2([view("v", full, [rec("r", asks((0.1, .moved, .began)), requireToFail: ["f1", "f2"]),
                                             rec("f1", asks((0.3, .moved, .failed))), rec("f2", asks((0.2, .moved, .failed)))])])
        let again = try brief2(finger(moves: [0.1, 0.2, 0.3], end: 0.5), scene: other)
        #expect(again
                == ["0.2000 v.f2 failed askedAt=0.2000", "0.3000 v.f1 failed askedAt=0.3000", "0.3000 v.r began askedAt=0.1000"])
    }

    @Test func rule3AlreadyFailedRequirementsDoNotHoldItBack() throws {
        let scene = scene2([view("v", full, [rec("r", asks((0.2, .moved, .recognized)), requireToFail: ["f"]),
                                             rec("f", asks((0.1, .moved, .failed)))])])
        let lines = try brief2(finger(moves: [0.1, 0.2], end: 0.5), scene: scene)
        #expect(lines
                == ["0.1000 v.f failed askedAt=0.1000", "0.2000 v.r recognized askedAt=0.2000"])
    }

    @Test func rule3ARequiredOneCancelledBeforeWinningCountsAsFailed() throws {
        let scene = scene2([view("v", full, [rec("r", asks((0.1, .moved, .began)), requireToFail: ["f"]),
                                             rec("f", asks((0.3, .moved, .cancelled)))])])
        let lines = try brief2(finger(moves: [0.1, 0.3], end: 0.5), scene: scene)
        #expect(lines
                == ["0.3000 v.f cancelled askedAt=0.3000", "0.3000 v.r began askedAt=0.1000"])
    }

    @Test func rule3ARequiredOneCancelledAfterWinningDoesNotReleaseIt() throws {
        // f wins (began) at 0.2 — r fails then, by rule 3.
        let scene = scene2([view("v", full, [rec("r", asks((0.1, .moved, .began)), requireToFail: ["f"]),
                                             rec("f", asks((0.2, .moved, .began), (0.3, .moved, .cancelled)))])])
        let lines = try brief2(finger(moves: [0.1, 0.2, 0.3], end: 0.5), scene: scene)
        #expect(lines
                == ["0.2000 v.f began askedAt=0.2000", "0.2000 v.r failed: required v.f to fail", "0.3000 v.f cancelled askedAt=0.3000"])
    }

    @Test func rule3AWaitingRecognizerIsStillPossibleToEveryoneElse() throws {
        // r waits for f; c wins meanwhile and prevents both r and f (scene order r, f).
        let scene = scene2([view("v", full, [rec("r", asks((0.1, .moved, .began)), requireToFail: ["f"]), rec("f", Probe(writesCalls: false)),
                                             rec("c", asks((0.2, .moved, .began)))])])
        let lines = try brief2(finger(moves: [0.1, 0.2], end: 0.5), scene: scene)
        #expect(lines
                == ["0.2000 v.c began askedAt=0.2000", "0.2000 v.r failed: prevented by v.c", "0.2000 v.f failed: prevented by v.c"])
    }

    @Test func rule3AContinuousRecognizerWhoseTouchesLiftedWhileWaitingWritesBeganThenEnded() throws {
        // The pan would begin at 0.1 (translation 20 ≥ 10) but waits for f; its finger lifts at
        // 0.2; f fails at its deadline, 0.5: the pan begins and ends then.
        let f = Probe([.init(at: 0, on: .began, deadline: 0.5), .init(at: 0.5, on: .deadline, ask: [.failed])], writesCalls: false)
        let scene = scene2([view("v", full, [rec("pan", PanRecognizer(), requireToFail: ["f"]), rec("f", f)])])
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 0, 0)]), (0.1, [(1, "moved", 20, 0)]), (0.2, [(1, "ended", 20, 0)])]
        let lines = try transcript(traceJSON(events, version: 2), scene: scene)
        #expect(lines == [
            "0.5000 v.f state from=possible to=failed askedAt=0.5000",
            "0.5000 v.pan state from=possible to=began translation=20.0000,0.0000 velocity=0.0000,0.0000 touches=1",
            "0.5000 v.pan state from=began to=ended translation=20.0000,0.0000 velocity=0.0000,0.0000 touches=0",
        ])
    }

    @Test func rule3AWaitingRecognizerThatWinsCancelsItsTouchesForControlsAfterItsRecord() throws {
        let scene = scene2([view("v", full, [rec("r", asks((0.1, .moved, .began)), requireToFail: ["f"]), rec("f", asks((0.3, .moved, .failed)))],
                                 control: ("button", PushButton()))])
        let lines = try brief2(finger(moves: [0.1, 0.3], end: 0.5), scene: scene)
        #expect(lines
                == ["0.0000 v.button touchDown", "0.3000 v.f failed askedAt=0.3000", "0.3000 v.r began askedAt=0.1000", "0.3000 v.button touchCancel"])
    }

    // MARK: Rule 4

    @Test func rule4AWinnerCancelsItsTouchesForTheControlAfterTheFailures() throws {
        let scene = scene2([view("v", full, [rec("w", asks((0.1, .moved, .began))), rec("p", Probe(writesCalls: false))], control: ("button", PushButton()))])
        let lines = try brief2(finger(moves: [0.1, 0.2], end: 0.3), scene: scene)
        #expect(lines == [
            "0.0000 v.button touchDown", "0.1000 v.w began askedAt=0.1000", "0.1000 v.p failed: prevented by v.w", "0.1000 v.button touchCancel",
        ])
    }

    @Test func rule4TellsAReportingRecognizerWhichTouchItCancels() throws {
        // The cancelled touch is the one that was down: its own id (7), where it last was.
        let scene = scene2([view("v", full, [rec("w", asks((0.1, .moved, .began))), rec("watch", Probe(competes: false))])])
        let lines = try brief2([(0, [(7, "began", 50, 50)]), (0.1, [(7, "moved", 60, 50)]), (0.2, [(7, "ended", 60, 50)])], scene: scene)
        #expect(lines.contains { $0.hasPrefix("0.1000 v.watch touchesCancelled touch=7") }, "\(lines)")
    }

    @Test func rule4WithoutCancelsTouchesInViewTheControlKeepsTheTouch() throws {
        let scene = scene2([view("v", full, [rec("w", asks((0.1, .moved, .began)), cancelsTouchesInView: false)], control: ("button", PushButton()))])
        let lines = try brief2(finger(moves: [0.1, 0.2], end: 0.3), scene: scene)
        #expect(lines
                == ["0.0000 v.button touchDown", "0.1000 v.w began askedAt=0.1000", "0.3000 v.button touchUpInside"])
    }

    @Test func rule4ASliderInASubviewGetsCancelTracking() throws {
        // The winner is on the superview; the slider's touch reaches it along the chain.
        let slider = RangeSlider(minValue: 0, maxValue: 10, lower: 0, upper: 10, width: 300, height: 40)
        let scene = scene2([view("outer", full, [rec("w", asks((0.2, .moved, .began)))]),
                            view("slider", [0, 0, 300, 40], superview: 0, control: ("range", slider))])
        let lines = try brief2(finger(x: 20, y: 20, moves: [0.1, 0.2, 0.3], end: 0.4), scene: scene)
        #expect(lines == ["0.0000 slider.range beginTracking", "0.1000 slider.range valueChanged", "0.2000 outer.w began askedAt=0.2000",
                          "0.2000 slider.range cancelTracking"])
    }

    @Test func rule4InTheDefaultSceneSpotsLosesItsTouchLikeAControl() throws {
        // A drag to the right on the default screen: the knob's rotation, first in order,
        // begins at the move that reaches 10 points; pan and checkmark are prevented; spots is
        // not failed but its touch is cancelled (spotRemoved) and it hears no more of it.
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 100, 100)]), (0.01, [(1, "moved", 105, 100)]),
                                                   (0.02, [(1, "moved", 112, 100)]), (0.03, [(1, "moved", 120, 100)]),
                                                   (0.04, [(1, "ended", 120, 100)]), (0.05, [(2, "began", 400, 400)]),
                                                   (0.06, [(2, "ended", 400, 400)])]
        let lines = brief(try transcript(traceJSON(events, version: 2)))
        let from = lines.firstIndex(of: "0.0200 screen.rotation began") ?? 0
        #expect(Array(lines[from...].prefix(5)) == ["0.0200 screen.rotation began", "0.0200 screen.knob valueChanged",
                                                    "0.0200 screen.pan failed: prevented by screen.rotation",
                                                    "0.0200 screen.checkmark failed: prevented by screen.rotation",
                                                    "0.0200 screen.spots spotRemoved touch=1"])
        #expect(!lines.contains("0.0300 screen.spots spotMoved touch=1") && !lines.contains("0.0400 screen.spots spotRemoved touch=1"))
        // Once reset, the next touch is a new gesture that spots hears again.
        #expect(lines.contains("0.0500 screen.spots spotAdded touch=2"))
    }

    @Test func rule4AWinCancelsATouchOfAnotherViewThatLiftsLaterInTheSameEvent() throws {
        // Touch 2 is on the button's view (a subview), so the superview's pan receives it too.
        // At 0.1 the superview, first in scene order, is served first: touch 1 moves 50 points
        // and the pan begins; touch 2's lift, served after with the button's view, comes too
        // late: the button is tracking it at the win, so it is cancelled.
        let scene = scene2([view("outer", full, [rec("pan", PanRecognizer())]),
                            view("b", [200, 200, 100, 100], superview: 0, control: ("button", PushButton()))])
        let lines = try brief2([(0, [(1, "began", 10, 10), (2, "began", 250, 250)]),
                                (0.1, [(1, "moved", 60, 10), (2, "ended", 250, 250)]), (0.2, [(1, "ended", 60, 10)])], scene: scene)
        #expect(lines == ["0.0000 b.button touchDown", "0.1000 outer.pan began", "0.1000 b.button touchCancel", "0.2000 outer.pan ended"])
    }

    @Test func rule4AWinAtADeadlineCancelsAtThatTime() throws {
        // The long press begins at its deadline, 0.5 s, with no event then: the button's
        // touch is cancelled at 0.5, and the lift at 0.7 reaches the button no more.
        let scene = scene2([view("v", full, [rec("press", LongPressRecognizer())], control: ("button", PushButton()))])
        let lines = try brief2([(0, [(1, "began", 50, 50)]), (0.7, [(1, "ended", 50, 50)])], scene: scene)
        #expect(lines == ["0.0000 v.button touchDown", "0.5000 v.press began", "0.5000 v.button touchCancel", "0.7000 v.press ended"])
    }

    @Test func rule4SpotsKeepsItsTouchWhenTheWinnerDoesNotCancel() throws {
        let scene = scene2([view("v", full, [rec("w", asks((0.1, .moved, .began)), cancelsTouchesInView: false), rec("spots", SpotsRecognizer())])])
        let lines = try brief2(finger(moves: [0.1, 0.2], end: 0.3), scene: scene)
        #expect(lines == ["0.0000 v.spots spotAdded touch=1", "0.1000 v.w began askedAt=0.1000", "0.1000 v.spots spotMoved touch=1",
                          "0.2000 v.spots spotMoved touch=1", "0.3000 v.spots spotRemoved touch=1"])
        let cancelling = scene2([view("v", full, [rec("w", asks((0.1, .moved, .began))), rec("spots", SpotsRecognizer())])])
        let cancelled = try brief2(finger(moves: [0.1, 0.2], end: 0.3), scene: cancelling)
        #expect(cancelled == ["0.0000 v.spots spotAdded touch=1", "0.1000 v.w began askedAt=0.1000", "0.1000 v.spots spotRemoved touch=1"])
    }

    @Test func aWinAtADeadlineFailsACompetitorWhoseDeadlineIsTied() throws {
        // Two long presses with the same deadline, 0.5 s: the first in scene order begins and
        // prevents the second, whose deadline then does not fire.
        let scene = scene2([view("v", full, [rec("a", LongPressRecognizer()), rec("b", LongPressRecognizer())])])
        let lines = try brief2([(0, [(1, "began", 50, 50)]), (0.7, [(1, "ended", 50, 50)])], scene: scene)
        #expect(lines == ["0.5000 v.a began", "0.5000 v.b failed: prevented by v.a", "0.7000 v.a ended"])
    }

    // MARK: Recognizing together

    @Test(arguments: [true, false])
    func simultaneousWithMayBeSaidByEitherSide(_ saidByFirst: Bool) throws {
        // a and b may recognize together; c is in no pair and is prevented by a.
        let scene = scene2([view("v", full, [rec("a", asks((0.1, .moved, .began)), simultaneousWith: saidByFirst ? ["b"] : []),
                                             rec("b", asks((0.2, .moved, .began)), simultaneousWith: saidByFirst ? [] : ["v.a"]),
                                             rec("c", asks((0.3, .moved, .began)))])])
        let lines = try brief2(finger(moves: [0.1, 0.2, 0.3], end: 0.5), scene: scene)
        #expect(lines == [
            "0.1000 v.a began askedAt=0.1000", "0.1000 v.c failed: prevented by v.a", "0.2000 v.b began askedAt=0.2000",
        ])
    }

    @Test func simultaneousWithAcrossViews() throws {
        let scene = scene2([view("outer", full, [rec("a", asks((0.1, .moved, .began)), simultaneousWith: ["inner.b"])]),
                            view("inner", [0, 0, 100, 100], superview: 0, [rec("b", asks((0.2, .moved, .recognized)))])])
        let lines = try brief2(finger(moves: [0.1, 0.2], end: 0.5), scene: scene)
        #expect(lines
                == ["0.1000 outer.a began askedAt=0.1000", "0.2000 inner.b recognized askedAt=0.2000"])
    }

    @Test func recognitionSimultaneousLetsEveryPairRecognize() throws {
        let views = [view("v", full, [rec("a", asks((0.1, .moved, .began))), rec("b", asks((0.2, .moved, .recognized))),
                                      rec("c", asks((0.2, .moved, .began)))])]
        let lines = try brief2(finger(moves: [0.1, 0.2], end: 0.5), scene: scene2(views, recognition: .simultaneous))
        #expect(lines
                == ["0.1000 v.a began askedAt=0.1000", "0.2000 v.b recognized askedAt=0.2000", "0.2000 v.c began askedAt=0.2000"])
        let again = try brief2(finger(moves: [0.1, 0.2], end: 0.5), scene: scene2(views))
        #expect(again
                == ["0.1000 v.a began askedAt=0.1000", "0.1000 v.b failed: prevented by v.a", "0.1000 v.c failed: prevented by v.a"])
    }

    @Test func recognitionSimultaneousIsReadFromTheScene() throws {
        func sceneJSON(_ recognition: String) -> String {
            #"{"recognition": ""# + recognition + #"", "views": [{"name": "v", "frame": [0, 0, 400, 800], "recognizers": [{"type": "pan"}, {"type": "swipe"}]}]}"#
        }
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 0, 0)]), (0.05, [(1, "moved", 60, 0)]), (0.1, [(1, "ended", 60, 0)])]
        let together = brief(try transcript(traceJSON(events, scene: sceneJSON("simultaneous"), version: 2)))
        #expect(together.prefix(2) == ["0.0500 v.pan began", "0.0500 v.swipe recognized"])
        let exclusive = brief(try transcript(traceJSON(events, scene: sceneJSON("exclusive"), version: 2)))
        #expect(exclusive.prefix(2) == ["0.0500 v.pan began", "0.0500 v.swipe failed: prevented by v.pan"])
    }

    @Test func requirementsStillHoldWhenEveryPairMayRecognizeTogether() throws {
        // "simultaneous" lifts rules 1 and 2, not rule 3: r still waits for f.
        let views = [view("v", full, [rec("r", asks((0.1, .moved, .began)), requireToFail: ["f"]), rec("f", asks((0.3, .moved, .failed))),
                                      rec("c", asks((0.2, .moved, .began)))])]
        let lines = try brief2(finger(moves: [0.1, 0.2, 0.3], end: 0.5), scene: scene2(views, recognition: .simultaneous))
        #expect(lines == ["0.2000 v.c began askedAt=0.2000", "0.3000 v.f failed askedAt=0.3000", "0.3000 v.r began askedAt=0.1000"])
    }

    @Test func theKnobsRotationCompetesWithAnAncestorsPan() throws {
        // A knob on a subview, a pan on its superview. The touch reaches the knob's rotation
        // first (hit view first); both would begin at the move of 20 points, but the rotation
        // wins first and the pan is prevented. The knob's record follows its rotation's.
        let knob = Knob()
        let scene = scene2([view("outer", full, [rec("pan", PanRecognizer())]), view("knob", [0, 0, 200, 200], superview: 0, control: ("knob", knob))])
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 150, 100)]), (0.05, [(1, "moved", 150, 120)]), (0.1, [(1, "ended", 150, 120)])]
        let lines = try brief2(events, scene: scene)
        #expect(lines.prefix(3) == ["0.0500 knob.rotation began", "0.0500 knob.knob valueChanged", "0.0500 outer.pan failed: prevented by knob.rotation"])
    }

    // MARK: Resets

    @Test func aFinalRecognizerIsResetOnceNoTouchThatReachesItIsDown() throws {
        // a (outer) fails at 0.1. Touch 1 (on inner) lifts at 0.2 but touch 2 (on outer) is
        // still down: a stays failed and does not hear touch 3 (on inner, 0.3–0.35). Touch 2
        // lifts at 0.4: a is reset and hears touch 4.
        let a = Probe([.init(at: 0.1, on: .moved, ask: [.failed])])
        let scene = scene2([view("outer", full, [rec("a", a)]), view("inner", [200, 200, 100, 100], superview: 0)])
        let events: [(t: Double, touches: [T])] = [
            (0, [(1, "began", 250, 250), (2, "began", 10, 10)]), (0.1, [(1, "moved", 251, 250)]), (0.2, [(1, "ended", 251, 250)]),
            (0.3, [(3, "began", 260, 260)]), (0.35, [(3, "ended", 260, 260)]), (0.4, [(2, "ended", 10, 10)]),
            (0.5, [(4, "began", 20, 20)]), (0.6, [(4, "ended", 20, 20)]),
        ]
        let lines = try brief2(events, scene: scene)
        #expect(lines == [
            "0.0000 outer.a touchesBegan touch=2", "0.0000 outer.a touchesBegan touch=1", "0.1000 outer.a touchesMoved touch=1",
            "0.1000 outer.a failed askedAt=0.1000", "0.5000 outer.a touchesBegan touch=4", "0.6000 outer.a touchesEnded touch=4",
        ])
    }

    @Test func aRecognizerThatBecomesFinalWithNoTouchDownIsResetAtOnce() throws {
        let p = Probe([.init(at: 0, on: .began, deadline: 0.5), .init(at: 0.5, on: .deadline, ask: [.failed])])
        let scene = scene2([view("v", full, [rec("p", p)])])
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 10, 10)]), (0.1, [(1, "ended", 10, 10)]),
                                                   (0.6, [(2, "began", 10, 10)]), (0.7, [(2, "ended", 10, 10)])]
        let lines = try brief2(events, scene: scene)
        #expect(lines == [
            "0.0000 v.p touchesBegan touch=1", "0.1000 v.p touchesEnded touch=1", "0.5000 v.p deadline", "0.5000 v.p failed askedAt=0.5000",
            "0.6000 v.p touchesBegan touch=2", "0.7000 v.p touchesEnded touch=2",
        ])
    }

    @Test func aRecognizerThatBecomesFinalAfterPassesThatFoundNothingIsStillReset() throws {
        // As above, with touch 3 on another view (0.2–0.3) in between: the passes after its
        // deliveries find nothing to reset, and the engine then passes over the next ones until
        // something changes. p's failure at its deadline (0.5) is such a change: p is reset
        // and hears touch 2. (Were the failure not noted, p would stay failed and hear nothing.)
        let p = Probe([.init(at: 0, on: .began, deadline: 0.5), .init(at: 0.5, on: .deadline, ask: [.failed])])
        let scene = scene2([view("v", [0, 0, 100, 100], [rec("p", p)]), view("w", [200, 0, 100, 100])])
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", 10, 10)]), (0.1, [(1, "ended", 10, 10)]),
                                                   (0.2, [(3, "began", 250, 10)]), (0.25, [(3, "moved", 251, 10)]), (0.3, [(3, "ended", 251, 10)]),
                                                   (0.6, [(2, "began", 10, 10)]), (0.7, [(2, "ended", 10, 10)])]
        let lines = try brief2(events, scene: scene)
        #expect(lines == [
            "0.0000 v.p touchesBegan touch=1", "0.1000 v.p touchesEnded touch=1", "0.5000 v.p deadline", "0.5000 v.p failed askedAt=0.5000",
            "0.6000 v.p touchesBegan touch=2", "0.7000 v.p touchesEnded touch=2",
        ])
    }

    // MARK: What the engine keeps from a recognizer

    @Test func changesUIKitWouldNotAllowAreIgnored() throws {
        // At 0.1 it asks, in turn: changed, ended, possible (not from possible), began (stands),
        // recognized (not from began), changed (stands). At 0.2: began, failed, possible (not
        // from changed), ended (stands), then began, changed, cancelled, failed (not after a final state).
        let p = Probe([.init(at: 0.1, on: .moved, ask: [.changed, .ended, .possible, .began, .recognized, .changed]),
                       .init(at: 0.2, on: .moved, ask: [.began, .failed, .possible, .ended, .began, .changed, .cancelled, .failed])],
                      writesCalls: false)
        let lines = try transcript(traceJSON(finger(moves: [0.1, 0.2], end: 0.3), version: 2), scene: scene2([view("v", full, [rec("p", p)])]))
        #expect(lines == ["0.1000 v.p state from=possible to=began askedAt=0.1000", "0.1000 v.p state from=began to=changed askedAt=0.1000",
                          "0.2000 v.p state from=changed to=ended askedAt=0.2000"])
        // A discrete one: nothing after recognized.
        let d = Probe([.init(at: 0.1, on: .moved, ask: [.recognized, .changed, .cancelled, .failed, .recognized])], writesCalls: false)
        let discrete = try transcript(traceJSON(finger(moves: [0.1], end: 0.3), version: 2), scene: scene2([view("v", full, [rec("d", d)])]))
        #expect(discrete == ["0.1000 v.d state from=possible to=recognized askedAt=0.1000"])
    }

    @Test func aStateSetWithoutAskingIsPutBackToWhatTheArenaHolds() throws {
        // "rogue" sets itself to began at 0.1 without asking: the arena still holds possible.
        // Its request for changed at 0.15 is therefore not allowed, and c's win at 0.2 prevents it.
        let rogue = Probe([.init(at: 0.1, on: .moved, sets: .began), .init(at: 0.15, on: .moved, ask: [.changed])], writesCalls: false)
        let scene = scene2([view("v", full, [rec("rogue", rogue), rec("c", asks((0.2, .moved, .recognized)))])])
        let lines = try transcript(traceJSON(finger(moves: [0.1, 0.15, 0.2], end: 0.3), version: 2), scene: scene)
        #expect(lines == ["0.2000 v.c state from=possible to=recognized askedAt=0.2000",
                          "0.2000 v.rogue state from=possible to=failed reason=\"prevented by v.c\""])
    }

    @Test func rule3ATouchThatReachesAWaitingRecognizerMakesItCompete() throws {
        // r (outer) waits for f (outer). Touch 2 lands on inner: it reaches c and, along the
        // chain, r and f (SPEC 11), so r competes with c even though, waiting, it receives no
        // touches. c wins at 0.3 and prevents both r and f, in scene order (SPEC 12 rule 2):
        // r must not win alongside c when f's failure comes.
        let scene = scene2([view("outer", full, [rec("r", asks((0.1, .moved, .began)), requireToFail: ["f"]),
                                                 rec("f", asks((0.4, .moved, .failed)))]),
                            view("inner", [200, 200, 100, 100], superview: 0, [rec("c", asks((0.3, .moved, .began)))])])
        let events = merge(finger(1, moves: [0.1, 0.4], end: 1), finger(2, x: 250, y: 250, at: 0.2, moves: [0.3], end: 0.9))
        let lines = try brief2(events, scene: scene)
        #expect(lines == ["0.3000 inner.c began askedAt=0.3000", "0.3000 outer.r failed: prevented by inner.c",
                          "0.3000 outer.f failed: prevented by inner.c"])
    }


    @Test func aTapWinningAtTheLiftCancelsTheButtonsTouch() throws {
        let scene = scene2([view("v", full, [rec("tap", TapRecognizer())], control: ("button", PushButton()))])
        let lines = try brief2([(0, [(1, "began", 50, 50)]), (0.1, [(1, "ended", 50, 50)])], scene: scene)
        #expect(lines == ["0.0000 v.button touchDown", "0.1000 v.tap recognized", "0.1000 v.button touchCancel"])
    }

    @Test func aWinOnOneTouchCancelsAnotherThatLiftsInTheSameEvent() throws {
        // One view with a pan and a button. The button tracks touch 2 (the first to begin).
        // At 0.1 touch 1 moves 50 points (the pan begins, in the moved set) and touch 2 lifts
        // (the ended set, after): at the pan's win the button is still tracking touch 2.
        let scene = scene2([view("v", full, [rec("pan", PanRecognizer())], control: ("button", PushButton()))])
        let lines = try brief2([(0, [(2, "began", 250, 250), (1, "began", 10, 10)]),
                                (0.1, [(1, "moved", 60, 10), (2, "ended", 250, 250)]), (0.2, [(1, "ended", 60, 10)])], scene: scene)
        #expect(lines.contains("0.1000 v.button touchCancel"), "\(lines)")
        #expect(!lines.contains("0.1000 v.button touchUpInside"), "\(lines)")
    }

    @Test func aRecognizerWithNoTouchIsNotFailedByItsRequirementsWin() throws {
        let scene = scene2([view("a", [0, 0, 100, 100], [rec("pan", PanRecognizer())]),
                            view("b", [200, 0, 100, 100], [rec("tap", TapRecognizer(), requireToFail: ["a.pan"])])])
        let lines = try brief2([(0, [(1, "began", 10, 10)]), (0.1, [(1, "moved", 40, 10)]), (0.2, [(1, "ended", 40, 10)])], scene: scene)
        #expect(lines == ["0.1000 a.pan began", "0.2000 a.pan ended"])
    }
}

/// `Arena.restart(as:)`, which `verify` uses to replay fixture after fixture through one scene.
@Suite struct ArenaRestartTests {
    /// Every part of an arena that replaying changes, changed, then put back as the plan has it.
    @Test func restartPutsBackEveryPartReplayingChanges() {
        let plan = Arena(names: ["pad.a", "pad.b", "pad.c"], competes: [true, true, true], cancelsTouches: [true, true, true],
                         requires: [[], [0], []], simultaneousPairs: [], isActive: true, isExclusive: true)
        var arena = plan
        arena.touches[0].append((serial: 3, slot: 0))
        arena.touches[2].append((serial: 3, slot: 0))
        arena.changed(0, to: .began)
        arena.waiting[1] = Arena.Waiting(state: .recognized, data: FieldList(), actionValue: 1)
        arena.cancelsTouches[2] = false
        let added = arena.addRequirement(2, requires: 0)
        #expect(added)
        arena.setDeadline(2, at: 0.5)
        // Changed, as replaying would change them.
        #expect(arena.state[0] == .began && arena.won[0] && arena.waiting[1] != nil && !arena.deadlines.isEmpty)
        #expect(arena.requires[2] == [0] && arena.requiredBy[0] == [1, 2])

        arena.restart(as: plan)
        #expect(arena.state == plan.state && arena.won == plan.won && arena.cancelsTouches == plan.cancelsTouches)
        #expect(arena.waiting.allSatisfy { $0 == nil })
        #expect(arena.touches.allSatisfy { $0.isEmpty })
        #expect(arena.requires == plan.requires && arena.requiredBy == plan.requiredBy)
        #expect(arena.deadlines.isEmpty && arena.isSettled)
        // And it works as a new arena: b still waits for a, which now wins afresh.
        arena.touches[0].append((serial: 5, slot: 1))
        arena.changed(0, to: .began)
        #expect(arena.won[0] && !arena.isSettled)
    }
}

/// `Replayer.logArenaDecisions`: every decision of the arena, with its reason, in the order made.
@Suite struct ArenaLogTests {
    private func decisions(_ events: [(t: Double, touches: [T])], scene: Scene) throws -> [String] {
        let trace = try parseTrace(traceJSON(events, version: 2))
        var log: [String] = []
        var replayer = Replayer(scene: scene, sink: RecordCollector())
        replayer.logArenaDecisions { log.append($0.description) }
        replayer.consumeEvents(of: trace)
        replayer.finish()
        return log
    }

    @Test func aWinPreventsAndCancelsAndSaysSo() throws {
        // A pan and a swipe share touch 1; at 0.1 it has moved 60 points right in 0.1 s, so the
        // pan (listed first) begins and the swipe, still possible, fails prevented by it.
        let scene = scene2([view("v", [0, 0, 300, 300], [rec("pan", PanRecognizer()), rec("swipe", SwipeRecognizer())])])
        let log = try decisions([(0, [(1, "began", 10, 10)]), (0.1, [(1, "moved", 70, 10)]), (0.2, [(1, "ended", 70, 10)])], scene: scene)
        #expect(log == [
            "0.1000 v.pan wins (began): no recognizer it competes with has won",
            "0.1000 v.swipe fails (failed): prevented by v.pan",
            "0.1000 v.pan cancelsTouches (began): cancels its touch still down for controls (cancelsTouchesInView)",
        ])
    }

    @Test func aRecognizerThatWaitsIsLoggedWaitingThenWinning() throws {
        // The pan requires the double tap to fail; it would begin at 0.05 (20 points moved), waits,
        // and wins when the double tap's deadline passes: 0.1 (the lift) + 0.35 s = 0.45.
        let scene = scene2([view("pad", [0, 0, 300, 300], [
            rec("doubleTap", TapRecognizer(numberOfTapsRequired: 2)), rec("pan", PanRecognizer(), requireToFail: ["doubleTap"]),
        ])])
        let log = try decisions([(0, [(1, "began", 10, 10)]), (0.05, [(1, "moved", 30, 10)]), (0.1, [(1, "ended", 30, 10)])], scene: scene)
        #expect(log.first == "0.0500 pad.pan waits (possible): waits for pad.doubleTap to fail", "\(log)")
        #expect(log.contains("0.4500 pad.pan wins (began): pad.doubleTap failed, as it required"), "\(log)")
    }

    @Test func aWinTogetherSaysWithWhom() throws {
        // As in aWinPreventsAndCancelsAndSaysSo, with the pair allowed together: both win at 0.1.
        let scene = scene2([view("v", [0, 0, 300, 300], [rec("pan", PanRecognizer()), rec("swipe", SwipeRecognizer(), simultaneousWith: ["pan"])])])
        let log = try decisions([(0, [(1, "began", 10, 10)]), (0.1, [(1, "moved", 70, 10)]), (0.2, [(1, "ended", 70, 10)])], scene: scene)
        #expect(log.contains("0.1000 v.swipe wins (recognized): recognizes together with v.pan (allowed by simultaneousWith or a delegate)"), "\(log)")
    }

    @Test func aVersion1ReplayDecidesNothing() throws {
        let trace = try parseTrace(traceJSON([(0, [(1, "began", 10, 10)]), (0.1, [(1, "moved", 70, 10)]), (0.2, [(1, "ended", 70, 10)])]))
        var count = 0
        var replayer = Replayer(scene: try Scene.resolve(for: trace), sink: RecordCollector())
        replayer.logArenaDecisions { _ in count += 1 }
        replayer.consumeEvents(of: trace)
        replayer.finish()
        #expect(count == 0)
    }
}

extension ArenaTests {
    /// A `changed` of a recognizer that has won takes no decision of the arena's and sets
    /// nothing off (the arena writes it without noting effects): its record is written with
    /// the data asked for, the state kept, its deadline kept, and nothing is left to settle,
    /// once from `began` and once from `changed`. The `ended` that follows is final and drops
    /// the deadline.
    @Test func aChangedOfAWinnerIsWrittenAndSetsNothingOff() {
        let records = RecordCollector()
        let outlet = RecordOutlet(records)
        var arena = Arena(names: ["v.a", "v.b"], competes: [true, true], cancelsTouches: [false, false], requires: [[], []],
                          simultaneousPairs: [], isActive: true, isExclusive: true)
        let began = arena.request(0, .began, FieldList(), actionValue: 0, at: 0.1, into: outlet)
        #expect(began.state == .began && began.stands)
        #expect(!arena.hasNothingToSettle, "a win is weighed: its effect is queued")
        while arena.nextStep(at: 0.1, into: outlet) != nil {}
        arena.setDeadline(0, at: 2)
        for (t, from, n) in [(0.2, RecognizerState.began, 1), (0.3, .changed, 2)] {
            let result = arena.request(0, .changed, FieldList(Field("n", .integer(n))), actionValue: 0, at: t, into: outlet)
            #expect(result.state == .changed && result.stands)
            #expect(arena.state == [.changed, .possible])
            #expect(arena.hasNothingToSettle)
            #expect(arena.deadlines.deadline(of: 0)?.time == 2)
            #expect(records.records.last == Record(t: t, source: 0, event: "state", fields: FieldList(
                Field("from", .name(from.name)), Field("to", .name("changed")), Field("n", .integer(n)))))
        }
        let ended = arena.request(0, .ended, FieldList(), actionValue: 0, at: 0.4, into: outlet)
        #expect(ended.state == .ended && ended.stands)
        #expect(arena.deadlines.deadline(of: 0) == nil)
        #expect(records.records.map(\.t) == [0.1, 0.2, 0.3, 0.4])
    }
}
