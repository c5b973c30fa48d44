import Testing
@testable import TouchTrace
@testable import TouchTraceUIKit

/// Recognizers gesture code adds during a replay take part in it from the next touch that begins
/// (SPEC 17), as those of the screen as built do.
@Suite struct LateRecognizerTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }
    typealias Events = [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])]

    /// Replays `events` (version 2) on the screen `make` builds: the transcript and the log.
    func run(_ events: Events, _ make: @escaping @Sendable (Log) -> UIView) throws -> (transcript: [String], log: [String]) {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("screen") { make(log) })
        let scene = try parseScene(#"{"screen": "screen"}"#, version: 2, registry: registry)
        return (try transcriptText(traceJSON(events, version: 2), scene), log.lines)
    }

    /// The `state` records: time, source, `state`, from and to.
    func states(_ transcript: [String]) -> [String] {
        transcript.filter { $0.contains(" state ") }.map { $0.split(separator: " ").prefix(5).joined(separator: " ") }
    }

    /// A tap at `x`, `y` from `t`, lifted 0.05 s later.
    func tap(_ id: Int, at t: Double, _ x: Double, _ y: Double) -> Events {
        [(t, [(id, "began", x, y)]), (t + 0.05, [(id, "ended", x, y)])]
    }

    @Test func aTapHandlerAddsAViewWithItsOwnTap() throws {
        let events = tap(1, at: 0, 50, 50) + tap(2, at: 1, 250, 250)
        let (transcript, log) = try run(events) { log in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let tap = UITapGestureRecognizer()
            tap.addTarget { _ in
                log.lines.append("root tap")
                let sticker = UIView(frame: CGRect(x: 200, y: 200, width: 100, height: 100))
                let own = UITapGestureRecognizer()
                own.addTarget { r in log.lines.append("sticker tap at \(r.location(in: r.view))") }
                sticker.addGestureRecognizer(own)
                root.addSubview(sticker)
            }
            root.addGestureRecognizer(tap)
            return root
        }
        // UIKit gathers a touch's recognizers from its hit view up, deeper views' first (Apple's
        // "Event Handling Guide": the hit view's, then its superviews'): at the lift at 1.05 the
        // sticker's tap is asked first and recognizes; the root's tap, sharing the touch and not
        // allowed to recognize with it, fails (SPEC 12, rule 2). The sticker is the root's only
        // subview, `UIView[0]` by type and index, a name the root has: so `UIView[0]/UIView[0]`.
        #expect(transcript == [
            "0.0500 UIView[0].tap state from=possible to=recognized location=50.0000,50.0000 taps=1",
            "1.0500 UIView[0]/UIView[0].tap state from=possible to=recognized location=50.0000,50.0000 taps=1",
            "1.0500 UIView[0].tap state from=possible to=failed reason=\"prevented by UIView[0]/UIView[0].tap\"",
        ])
        // Its location, in the record and asked of the handler in the sticker's coordinates:
        // (250, 250) − (200, 200).
        #expect(log == ["root tap", "sticker tap at CGPoint(x: 50.0, y: 50.0)"])
    }

    /// A card stack: a pan on the top card moves it; at `.ended` its handler takes the card
    /// away and makes the next one, with a pan of its own (the same handler).
    static func cardStack(_ log: Log) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        func makeCard(_ n: Int) -> UIView {
            let card = UIView(frame: CGRect(x: 95, y: 322, width: 200, height: 200))
            let pan = UIPanGestureRecognizer()
            pan.addTarget { r in
                let r = r as! UIPanGestureRecognizer
                guard let card = r.view else { return }
                let t = r.translation(in: root)
                card.center = CGPoint(x: card.center.x + t.x, y: card.center.y + t.y)
                r.setTranslation(.zero, in: root)
                log.lines.append("card \(n) \(r.state) center \(card.center.x),\(card.center.y)")
                if r.state == .ended {
                    card.removeFromSuperview()
                    root.addSubview(makeCard(n + 1))
                }
            }
            card.addGestureRecognizer(pan)
            return card
        }
        root.addSubview(makeCard(1))
        return root
    }

    @Test func cardStack() throws {
        let events: Events = [
            (0, [(1, "began", 195, 422)]), (0.05, [(1, "moved", 215, 422)]), (0.1, [(1, "moved", 235, 422)]),
            (0.15, [(1, "ended", 235, 422)]),
            (1, [(2, "began", 195, 422)]), (1.05, [(2, "moved", 195, 442)]), (1.1, [(2, "moved", 195, 462)]),
            (1.15, [(2, "ended", 195, 462)]),
        ]
        let (transcript, log) = try run(events) { Self.cardStack($0) }
        // Card 1 (built with the screen) moves by the drag's 20 + 20 points in x; at its end its
        // handler puts card 2 in its place (95, 322, 200 × 200: center 195, 422). The second
        // drag, from 1, begins on card 2 and moves it 20 + 20 points in y. Card 2 is the root's
        // subview 0 as card 1 was: `UIView[0]/UIView[0]` is card 1's, so `#2`.
        #expect(log == [
            "card 1 began center 215.0,422.0", "card 1 changed center 235.0,422.0", "card 1 ended center 235.0,422.0",
            "card 2 began center 195.0,442.0", "card 2 changed center 195.0,462.0", "card 2 ended center 195.0,462.0",
        ])
        #expect(states(transcript) == [
            "0.0500 UIView[0]/UIView[0].pan state from=possible to=began", "0.1000 UIView[0]/UIView[0].pan state from=began to=changed",
            "0.1500 UIView[0]/UIView[0].pan state from=changed to=ended",
            "1.0500 UIView[0]/UIView[0]#2.pan state from=possible to=began", "1.1000 UIView[0]/UIView[0]#2.pan state from=began to=changed",
            "1.1500 UIView[0]/UIView[0]#2.pan state from=changed to=ended",
        ])
    }

    /// A pad (a view of the screen) and a button whose tap adds a pan to the pad.
    static func padAndButton(_ log: Log, _ configure: @escaping (UIPanGestureRecognizer, UIView) -> Void = { _, _ in }) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let pad = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
        pad.accessibilityIdentifier = "pad"
        let button = UIView(frame: CGRect(x: 0, y: 600, width: 390, height: 244))
        button.accessibilityIdentifier = "button"
        let tap = UITapGestureRecognizer()
        tap.addTarget { _ in
            log.lines.append("button tap")
            let pan = UIPanGestureRecognizer()
            pan.addTarget { r in log.lines.append("pan \(r.state)") }
            configure(pan, pad)
            pad.addGestureRecognizer(pan)
        }
        button.addGestureRecognizer(tap)
        root.addSubview(pad)
        root.addSubview(button)
        return root
    }

    @Test func aTouchDownAsItIsAddedIsNotItsTheNextIs() throws {
        let events: Events = [
            (0, [(1, "began", 100, 100)]),
            (0.1, [(2, "began", 200, 700)]), (0.15, [(2, "ended", 200, 700)]),
            (0.3, [(1, "moved", 150, 100)]), (0.4, [(1, "moved", 200, 100)]), (0.5, [(1, "ended", 200, 100)]),
            (1, [(3, "began", 100, 100)]), (1.05, [(3, "moved", 150, 100)]), (1.1, [(3, "ended", 150, 100)]),
        ]
        let (transcript, log) = try run(events) { Self.padAndButton($0) }
        // UIKit gathers a touch's recognizers as it begins: touch 1, down since 0, moves 100
        // points on the pad after the pan was added (0.15), and the pan never hears of it; touch 3
        // begins on the pad after, moves 50 points (past the pan's 10) and is the pan's.
        #expect(states(transcript) == [
            "0.1500 button.tap state from=possible to=recognized",
            "1.0500 pad.pan state from=possible to=began", "1.1000 pad.pan state from=began to=ended",
        ])
        #expect(log == ["button tap", "pan began", "pan ended"])
    }

    /// Says yes to recognizing together with any other recognizer.
    final class Together: NSObject, UIGestureRecognizerDelegate, @unchecked Sendable {
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    }

    /// The pad and button, with a pan of the screen on the root; the added pan's delegate says
    /// `together` to recognizing with it.
    func panOnRootAndAddedPan(together: Bool) throws -> [String] {
        let events: Events = [
            (0, [(1, "began", 200, 700)]), (0.05, [(1, "ended", 200, 700)]),
            (1, [(2, "began", 100, 100)]), (1.05, [(2, "moved", 150, 100)]), (1.1, [(2, "ended", 150, 100)]),
        ]
        let delegate = Together()
        let (transcript, _) = try run(events) { log in
            let root = Self.padAndButton(log) { pan, _ in if together { pan.delegate = delegate } }
            root.addGestureRecognizer(UIPanGestureRecognizer())
            return root
        }
        return states(transcript)
    }

    @Test func anAddedPanWhoseDelegateAllowsRecognizingTogether() throws {
        // The drag from 1 hits the pad: its added pan is asked first (the pad is deeper than the
        // root), begins at the move past 10 points; the root's pan, asked next, may begin too only
        // when a delegate allows the pair (SPEC 12, rule 1), else it fails, prevented.
        // (The tap on the button, which adds the pad's pan, is a drag of nothing for the root's pan:
        // it fails at the lift.)
        #expect(try panOnRootAndAddedPan(together: true) == [
            "0.0500 button.tap state from=possible to=recognized", "0.0500 UIView[0].pan state from=possible to=failed",
            "1.0500 pad.pan state from=possible to=began", "1.0500 UIView[0].pan state from=possible to=began",
            "1.1000 pad.pan state from=began to=ended", "1.1000 UIView[0].pan state from=began to=ended",
        ])
        #expect(try panOnRootAndAddedPan(together: false) == [
            "0.0500 button.tap state from=possible to=recognized", "0.0500 UIView[0].pan state from=possible to=failed",
            "1.0500 pad.pan state from=possible to=began", "1.0500 UIView[0].pan state from=possible to=failed",
            "1.1000 pad.pan state from=began to=ended",
        ])
    }

    @Test func anAddedTapThatRequiresADoubleTapOfTheScreenToFail() throws {
        let events: Events = tap(1, at: 0, 200, 700) + tap(2, at: 1, 100, 100)
        let (transcript, log) = try run(events) { log in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let pad = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
            pad.accessibilityIdentifier = "pad"
            let double = UITapGestureRecognizer()
            double.numberOfTapsRequired = 2
            double.name = "double"
            pad.addGestureRecognizer(double)
            let button = UIView(frame: CGRect(x: 0, y: 600, width: 390, height: 244))
            button.accessibilityIdentifier = "button"
            let tap = UITapGestureRecognizer()
            tap.addTarget { _ in
                let single = UITapGestureRecognizer()
                single.addTarget { r in log.lines.append("single \(r.state)") }
                single.require(toFail: double)
                pad.addGestureRecognizer(single)
            }
            button.addGestureRecognizer(tap)
            root.addSubview(pad)
            root.addSubview(button)
            return root
        }
        // The tap from 1 on the pad: the added single tap would recognize at the lift (1.05) but
        // waits for the double tap, which fails when no second tap has begun 0.35 s after the lift
        // (UIKit's interval between taps; 1.4): then the single tap recognizes, at 1.4.
        #expect(states(transcript) == [
            "0.0500 button.tap state from=possible to=recognized",
            "1.4000 pad.double state from=possible to=failed",
            "1.4000 pad.tap state from=possible to=recognized",
        ])
        #expect(log == ["single ended"])
    }

    @Test func addingTheSameRecognizerTwiceAddsItOnce() throws {
        let events: Events = tap(1, at: 0, 200, 700) + tap(2, at: 1, 100, 100)
        let (transcript, log) = try run(events) { log in
            Self.padAndButton(log) { pan, pad in
                pad.addGestureRecognizer(pan)
                pad.gestureRecognizers = [pan]
            }
        }
        // One source `pad.pan` (no `pad.pan2`); a tap does not move 10 points: the pan fails.
        #expect(!transcript.contains { $0.contains("pan2") })
        #expect(states(transcript) == ["0.0500 button.tap state from=possible to=recognized", "1.0500 pad.pan state from=possible to=failed"])
        #expect(log == ["button tap"])
    }

    @Test func theSameBytesOverTwoRunsInBothFormatsThroughThePipe() throws {
        let events: Events = [
            (0, [(1, "began", 195, 422)]), (0.05, [(1, "moved", 215, 422)]), (0.1, [(1, "ended", 215, 422)]),
            (1, [(2, "began", 195, 422)]), (1.05, [(2, "moved", 195, 442)]), (1.1, [(2, "ended", 195, 442)]),
            (2, [(3, "began", 195, 422)]), (2.05, [(3, "moved", 195, 442)]), (2.1, [(3, "ended", 195, 442)]),
        ]
        var registry = Registry.standard
        try registry.register(.uiKit("cards") { Self.cardStack(Log()) })
        let scene = try parseScene(#"{"screen": "cards"}"#, version: 2, registry: registry)
        let trace = try parseTrace(traceJSON(events, version: 2))
        for format in TranscriptFormat.allCases {
            let outputs = try transcriptsByBothWriters(trace, scene, format: format)
            #expect(Set(outputs).count == 1)
            // Three cards, three sources of their own.
            #expect(outputs[0].contains("UIView[0]/UIView[0]#3"))
        }
    }

    /// A root with a tap; a sticker (named `sticker` when `identified`) with a tap of its own,
    /// made with the screen or by the root's tap at its first recognition.
    static func sticker(_ log: Log, late: Bool, identified: Bool) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        func addSticker() {
            let sticker = UIView(frame: CGRect(x: 200, y: 200, width: 100, height: 100))
            if identified { sticker.accessibilityIdentifier = "sticker" }
            sticker.addGestureRecognizer(UITapGestureRecognizer { _ in log.lines.append("sticker") })
            root.addSubview(sticker)
        }
        root.addGestureRecognizer(UITapGestureRecognizer { _ in if late { addSticker() } })
        if !late { addSticker() }
        return root
    }

    @Test func aViewAddedAtTheFirstTapIsNamedAsOneMadeWithTheScreen() throws {
        let events = tap(1, at: 0, 50, 50) + tap(2, at: 1, 250, 250)
        for identified in [false, true] {
            let built = try run(events) { Self.sticker($0, late: false, identified: identified) }.transcript
            let late = try run(events) { Self.sticker($0, late: true, identified: identified) }.transcript
            let name = identified ? "sticker.tap" : "UIView[0]/UIView[0].tap"
            // The same sticker tap, the same name, whether built or added (the same records after
            // the first tap, which adds it): located in the sticker, (250, 250) − (200, 200).
            #expect(built.suffix(2) == late.suffix(2))
            #expect(late.count == 3)
            #expect(late[1].hasPrefix("1.0500 \(name) state from=possible to=recognized location=50.0000,50.0000"))
            #expect(late[2] == "1.0500 UIView[0].tap state from=possible to=failed reason=\"prevented by \(name)\"")
            #expect(late.first?.hasPrefix("0.0500 UIView[0].tap state from=possible to=recognized") == true)
        }
    }

    @Test func lateViewsThatWouldShareANameAreNamedApart() throws {
        // Each tap on the root adds a sticker named `sticker` at (200, 200): the first is
        // `sticker`, the second takes its superview's name in front, the third `#2` after that.
        let events = tap(1, at: 0, 50, 50) + tap(2, at: 1, 50, 50) + tap(3, at: 2, 50, 50) + tap(4, at: 3, 250, 250)
        let (transcript, _) = try run(events) { log in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            root.addGestureRecognizer(UITapGestureRecognizer { _ in
                let sticker = UIView(frame: CGRect(x: 200, y: 200, width: 100, height: 100))
                sticker.accessibilityIdentifier = "sticker"
                sticker.addGestureRecognizer(UITapGestureRecognizer { _ in log.lines.append("sticker") })
                root.addSubview(sticker)
            })
            return root
        }
        // The tap at 3 hits the front-most sticker (the third): its tap recognizes first, and
        // prevents the others' and the root's.
        #expect(states(transcript).last(where: { $0.contains("to=recognized") }) == "3.0500 UIView[0]/sticker#2.tap state from=possible to=recognized")
        #expect(states(transcript).contains("3.0500 UIView[0].tap state from=possible to=failed"))
        #expect(!transcript.contains { $0.hasPrefix("3.0500 sticker.tap") || $0.hasPrefix("3.0500 UIView[0]/sticker.tap") })
    }

    @Test func aReplayRestartedThroughItsPlanStartsWithoutTheAddedRecognizers() throws {
        // As `verify` replays a folder's traces one after another through one replay and one
        // writer: the second replay adds its cards again, with the same sources and names.
        let events: Events = [
            (0, [(1, "began", 195, 422)]), (0.05, [(1, "moved", 215, 422)]), (0.1, [(1, "ended", 215, 422)]),
            (1, [(2, "began", 195, 422)]), (1.05, [(2, "moved", 195, 442)]), (1.1, [(2, "ended", 195, 442)]),
        ]
        var registry = Registry.standard
        try registry.register(.uiKit("cards") { Self.cardStack(Log()) })
        let scene = try parseScene(#"{"screen": "cards"}"#, version: 2, registry: registry)
        let trace = try parseTrace(traceJSON(events, version: 2))
        let plan = Replayer.Plan(scene: scene)
        let output = MemoryOutput()
        let writer = TranscriptWriter(format: .text, sources: scene.sources, output: output, version: 2)
        var replayer = Replayer(plan: plan, sink: writer)
        replayer.consumeEvents(of: trace)
        replayer.finish()
        try writer.finish()
        let once = output.text
        // Cards 2 and 3: each a pan and, as a view made during the replay, a view source.
        #expect(replayer.sources.count == scene.sources.count + 4)
        replayer.restart(plan: plan)
        writer.restart(version: 2)
        #expect(replayer.sources.count == scene.sources.count)
        replayer.consumeEvents(of: trace)
        replayer.finish()
        try writer.finish()
        #expect(once.contains("1.0500 UIView[0]/UIView[0]#2.pan state from=possible to=began"))
        #expect(output.text == once + once)
    }

    @Test func anAddedRecognizerTakenOffAndPutBack() throws {
        // Button taps: the first adds a pan to the pad, the second takes it off, the third puts
        // it back. Drags on the pad after each (from 1, 3, 5): the pan's, none, the pan's again.
        let drag: (Int, Double) -> Events = { id, t in
            [(t, [(id, "began", 100, 100)]), (t + 0.05, [(id, "moved", 150, 100)]), (t + 0.1, [(id, "ended", 150, 100)])]
        }
        let events = tap(1, at: 0, 200, 700) + drag(2, 1) + tap(3, at: 2, 200, 700) + drag(4, 3) + tap(5, at: 4, 200, 700) + drag(6, 5)
        let (transcript, log) = try run(events) { log in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let pad = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
            pad.accessibilityIdentifier = "pad"
            let button = UIView(frame: CGRect(x: 0, y: 600, width: 390, height: 244))
            button.accessibilityIdentifier = "button"
            let pan = UIPanGestureRecognizer { r in log.lines.append("pan \(r.state)") }
            var taps = 0
            button.addGestureRecognizer(UITapGestureRecognizer { _ in
                taps += 1
                if taps == 2 { pad.removeGestureRecognizer(pan) } else { pad.addGestureRecognizer(pan) }
            })
            root.addSubview(pad)
            root.addSubview(button)
            return root
        }
        #expect(states(transcript) == [
            "0.0500 button.tap state from=possible to=recognized",
            "1.0500 pad.pan state from=possible to=began", "1.1000 pad.pan state from=began to=ended",
            "2.0500 button.tap state from=possible to=recognized",
            "4.0500 button.tap state from=possible to=recognized",
            "5.0500 pad.pan state from=possible to=began", "5.1000 pad.pan state from=began to=ended",
        ])
        #expect(log == ["pan began", "pan ended", "pan began", "pan ended"])
    }
}
