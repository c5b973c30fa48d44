import Testing
@testable import TouchTrace
@testable import TouchTraceUIKit

/// Views gesture code makes and puts in the screen during a replay have `VIEW.view viewChanged`
/// records as the screen's views do (SPEC 17).
@Suite struct LateViewTests {
    typealias Log = LateRecognizerTests.Log
    typealias Events = LateRecognizerTests.Events

    /// Replays `events` (version 2) on the screen `make` builds: the transcript and the log.
    func run(_ events: Events, _ make: @escaping @Sendable (Log) -> UIView) throws -> (transcript: [String], log: [String]) {
        try LateRecognizerTests().run(events, make)
    }

    func viewChanges(_ transcript: [String]) -> [String] { transcript.filter { $0.contains(" viewChanged ") } }

    /// Two drags on the card stack: the first on card 1 (built with the screen) 40 points right,
    /// the second on card 2 (made as the first drag ended) 40 points down.
    static let twoDrags: Events = [
        (0, [(1, "began", 195, 422)]), (0.05, [(1, "moved", 215, 422)]), (0.1, [(1, "moved", 235, 422)]),
        (0.15, [(1, "ended", 235, 422)]),
        (1, [(2, "began", 195, 422)]), (1.05, [(2, "moved", 195, 442)]), (1.1, [(2, "moved", 195, 462)]),
        (1.15, [(2, "ended", 195, 462)]),
    ]

    @Test func theSecondCardsCentersAsItIsDragged() throws {
        let (transcript, _) = try run(Self.twoDrags) { LateRecognizerTests.cardStack($0) }
        // Card 1 (center (195, 422)) moves with the pan's translation: +20 in x at 0.05 (the pan
        // begins there, past its 10 points) and +20 at 0.1; at 0.15 the translation since is 0.
        // Card 2 is made as the first drag ends (0.15), at (95, 322, 200 × 200), center
        // (195, 422), and joins looking so (no record). The second drag moves it +20 in y at
        // 1.05 and at 1.1: (195, 442), then (195, 462); at 1.15 nothing more, and card 3, made
        // then at card 2's first place, joins and is never moved. Card 2's name is its pan's
        // view's: `UIView[0]/UIView[0]#2`.
        #expect(viewChanges(transcript) == [
            "0.0500 UIView[0]/UIView[0].view viewChanged center=215.0000,422.0000",
            "0.1000 UIView[0]/UIView[0].view viewChanged center=235.0000,422.0000",
            "1.0500 UIView[0]/UIView[0]#2.view viewChanged center=195.0000,442.0000",
            "1.1000 UIView[0]/UIView[0]#2.view viewChanged center=195.0000,462.0000",
        ], "\(transcript)")
    }

    /// A root whose tap puts a `DragMeView` (no recognizer; its own `touchesMoved` moves it) at
    /// (100, 500, 80 × 80), named `tile` when `identified`.
    static func tileBoard(_ log: Log, identified: Bool = true) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        root.addGestureRecognizer(UITapGestureRecognizer { _ in
            let tile = DragMeView(frame: CGRect(x: 100, y: 500, width: 80, height: 80))
            if identified { tile.accessibilityIdentifier = "tile" }
            root.addSubview(tile)
            log.lines.append("tile made")
        })
        return root
    }

    @Test func aMadeViewWithNoRecognizerMovedByItsOwnTouchCode() throws {
        let events: Events = LateRecognizerTests().tap(1, at: 0, 50, 50) + [
            (1, [(2, "began", 120, 520)]), (1.1, [(2, "moved", 150, 530)]), (1.2, [(2, "moved", 150, 570)]),
            (1.3, [(2, "ended", 150, 570)]),
        ]
        let (transcript, log) = try run(events) { Self.tileBoard($0) }
        // The tile (center (140, 540)) joins after the tap's lift (0.05). The touch from 1 hits
        // it; the root's tap is the only recognizer the touch reaches, and with a move of 30
        // points it fails, so `touchesMoved` reaches the tile: a step of (30, 10) at 1.1 —
        // center (170, 550) — and of (0, 40) at 1.2 — center (170, 590).
        #expect(log == ["tile made"])
        #expect(viewChanges(transcript) == [
            "1.1000 tile.view viewChanged center=170.0000,550.0000",
            "1.2000 tile.view viewChanged center=170.0000,590.0000",
        ], "\(transcript)")
    }

    @Test func aMadeViewTakenOutHasNoRecordsAndPutBackHasThemAgain() throws {
        // Taps at (50, 50): the first makes a view at (200, 200, 100 × 100) and moves it 10
        // points right; the second takes it out and moves it 10 more; the third moves it 10 more
        // and puts it back; the fourth moves it 10 more.
        let events = (0..<4).flatMap { LateRecognizerTests().tap($0 + 1, at: Double($0), 50, 50) }
        let (transcript, _) = try run(events) { _ in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let made = UIView(frame: CGRect(x: 200, y: 200, width: 100, height: 100))
            made.accessibilityIdentifier = "made"
            var taps = 0
            root.addGestureRecognizer(UITapGestureRecognizer { _ in
                taps += 1
                if taps == 1 { root.addSubview(made) }
                made.center.x += 10
                if taps == 2 { made.removeFromSuperview() }
                if taps == 3 { root.addSubview(made) }
            })
            return root
        }
        // Joined at 0.05 with center (260, 250) (no record: it looks as it joined). Out at
        // 1.05: no record (center 270). Back at 2.05 looking as it does then (center 280): no
        // record. At 3.05 center 290, a record whose "before" is 280.
        #expect(viewChanges(transcript) == ["3.0500 made.view viewChanged center=290.0000,250.0000"], "\(transcript)")
    }

    @Test func aScreenThatMakesNoViewNeverLooksThroughItsTree() throws {
        // A screen whose code moves its views but puts none in: the tree's count does not change.
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(child)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.addSubview(root)
        let count = window.treeChangeCount
        let rootCount = root.treeChangeCount
        child.center = CGPoint(x: 50, y: 50)
        root.bringSubviewToFront(child)
        #expect(window.treeChangeCount == count)
        // Putting a view in, or taking one out, anywhere in the tree counts on its root.
        let made = UIView(frame: .zero)
        child.addSubview(made)
        #expect(window.treeChangeCount == count + 1)
        made.removeFromSuperview()
        #expect(window.treeChangeCount == count + 2)
        // (Counted on the root only: the views inside it keep theirs.)
        #expect(child.treeChangeCount == 0 && root.treeChangeCount == rootCount)
    }

    @Test func theSameBytesTwiceInBothFormatsAndBothWriters() throws {
        var registry = Registry.standard
        try registry.register(.uiKit("cards") { LateRecognizerTests.cardStack(Log()) })
        let scene = try parseScene(#"{"screen": "cards"}"#, version: 2, registry: registry)
        let trace = try parseTrace(traceJSON(Self.twoDrags, version: 2))
        for format in TranscriptFormat.allCases {
            let outputs = try transcriptsByBothWriters(trace, scene, format: format)
            #expect(Set(outputs).count == 1)
            // Card 2's records, named in either format.
            #expect(outputs[0].components(separatedBy: "UIView[0]/UIView[0]#2").count - 1 == 5, "\(outputs[0])")
        }
    }

    @Test func aRestartedReplayDefinesTheMadeViewsAgain() throws {
        // As `verify` reuses one replay and one writer for a folder's traces.
        var registry = Registry.standard
        try registry.register(.uiKit("tiles") { Self.tileBoard(Log()) })
        let scene = try parseScene(#"{"screen": "tiles"}"#, version: 2, registry: registry)
        let events: Events = LateRecognizerTests().tap(1, at: 0, 50, 50) + [
            (1, [(2, "began", 120, 520)]), (1.1, [(2, "moved", 150, 530)]), (1.2, [(2, "moved", 150, 570)]),
            (1.3, [(2, "ended", 150, 570)]),
        ]
        let trace = try parseTrace(traceJSON(events, version: 2))
        let plan = Replayer.Plan(scene: scene)
        let output = MemoryOutput()
        let writer = TranscriptWriter(format: .text, sources: scene.sources, output: output, version: 2)
        var replayer = Replayer(plan: plan, sink: writer)
        replayer.consumeEvents(of: trace)
        replayer.finish()
        try writer.finish()
        let once = output.text
        #expect(replayer.sources.count == scene.sources.count + 1, "\(replayer.sources)")
        replayer.restart(plan: plan)
        writer.restart(version: 2)
        #expect(replayer.sources.count == scene.sources.count)
        replayer.consumeEvents(of: trace)
        replayer.finish()
        try writer.finish()
        #expect(once.contains("1.1000 tile.view viewChanged center=170.0000,550.0000"))
        #expect(output.text == once + once)
    }

    /// A recognizer that notes the view of each touch it begins with.
    final class TouchViewRecognizer: UIGestureRecognizer, @unchecked Sendable {
        var seen: [UIView?] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            for touch in touches { seen.append(touch.view) }
            state = .failed
        }
    }

    @Test func aRecognizerOnAMadeViewGetsTheTouchOfItsHitView() throws {
        let recognizer = TouchViewRecognizer()
        let events = LateRecognizerTests().tap(1, at: 0, 50, 50) + LateRecognizerTests().tap(2, at: 1, 250, 250)
        final class Box: @unchecked Sendable { var sticker: UIView? }
        let box = Box()
        _ = try run(events) { _ in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            root.addGestureRecognizer(UITapGestureRecognizer { _ in
                // (The root's tap recognizes again at the second lift: one sticker is enough.)
                guard box.sticker == nil else { return }
                let sticker = UIView(frame: CGRect(x: 200, y: 200, width: 100, height: 100))
                sticker.addGestureRecognizer(recognizer)
                root.addSubview(sticker)
                box.sticker = sticker
            })
            return root
        }
        // The touch from 1 hits the sticker (made at the first tap): its `view` is the sticker,
        // not the root the engine knows it by.
        #expect(recognizer.seen.count == 1)
        #expect(recognizer.seen.first.flatMap { $0 } === box.sticker, "\(recognizer.seen.map { $0.map { "\($0.frame)" } })")
    }
}
