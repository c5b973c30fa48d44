import Testing
@testable import TouchTrace

/// Views inside views (SPEC 11, 13.1): which view a touch hits, and which recognizers and
/// control it reaches, in what order and in whose coordinates. Probes write every touch they
/// get with its location in their own view.
@Suite struct HitTestingTests {
    let full = [0.0, 0, 400, 800]

    /// A touch down and up at one point.
    func tap(_ x: Double, _ y: Double) -> [(t: Double, touches: [T])] {
        [(0, [(1, "began", x, y)]), (0.1, [(1, "ended", x, y)])]
    }

    func began(_ lines: [String]) -> [String] { lines.filter { $0.contains("touchesBegan") || $0.contains("beginTracking") || $0.contains("touchDown") } }

    @Test func theDeepestViewIsHitAndTheChainRunsFromItOutwardThenToItsControl() throws {
        // outer (0,0) ⊃ mid at (100,100) ⊃ inner at (50,50) in mid, i.e. (150,150) on screen.
        // The touch at (160,160) is (60,60) in mid and (10,10) in inner. Mid's button must not
        // get it: a touch reaches the control of its hit view only.
        let scene = scene2([
            view("outer", full, [rec("p", Probe())]),
            view("mid", [100, 100, 200, 200], superview: 0, [rec("p", Probe())], control: ("button", PushButton())),
            view("inner", [50, 50, 50, 50], superview: 1, [rec("p", Probe()), rec("q", Probe())], control: ("button", PushButton())),
        ])
        let lines = try transcript(traceJSON(tap(160, 160), version: 2), scene: scene)
        #expect(lines == [
            "0.0000 inner.p touchesBegan touch=1 location=10.0000,10.0000",
            "0.0000 inner.q touchesBegan touch=1 location=10.0000,10.0000",
            "0.0000 mid.p touchesBegan touch=1 location=60.0000,60.0000",
            "0.0000 outer.p touchesBegan touch=1 location=160.0000,160.0000",
            "0.0000 inner.button touchDown",
            "0.1000 inner.p touchesEnded touch=1 location=10.0000,10.0000",
            "0.1000 inner.q touchesEnded touch=1 location=10.0000,10.0000",
            "0.1000 mid.p touchesEnded touch=1 location=60.0000,60.0000",
            "0.1000 outer.p touchesEnded touch=1 location=160.0000,160.0000",
            "0.1000 inner.button touchUpInside",
        ])
    }

    /// An event with touches in several phases: each phase's set runs the whole chain — the hit
    /// view's recognizers, each ancestor's, then the hit view's control — before the next
    /// phase's set (began, moved, ended, cancelled), each set in the order the event lists it.
    @Test func eachPhaseOfAnEventRunsTheWholeChainBeforeTheNextPhase() throws {
        let scene = scene2([
            view("outer", full, [rec("p", Probe())]),
            view("mid", [100, 100, 200, 200], superview: 0, [rec("p", Probe())]),
            view("inner", [50, 50, 100, 100], superview: 1, [rec("p", Probe()), rec("q", Probe())], control: ("button", PushButton())),
        ])
        let events: [(t: Double, touches: [T])] = [
            (0, [(1, "began", 160, 160)]),
            (0.1, [(1, "moved", 161, 161), (2, "began", 170, 170), (3, "began", 180, 180)]),
            (0.2, [(3, "cancelled", 180, 180), (2, "moved", 171, 171), (1, "ended", 161, 161)]),
            (0.3, [(2, "ended", 171, 171)]),
        ]
        let lines = try transcript(traceJSON(events, version: 2), scene: scene)
        // The button tracks the first touch only: its records come after the recognizers of the
        // set that began it and of the set that lifted it.
        #expect(lines == [
            "0.0000 inner.p touchesBegan touch=1 location=10.0000,10.0000",
            "0.0000 inner.q touchesBegan touch=1 location=10.0000,10.0000",
            "0.0000 mid.p touchesBegan touch=1 location=60.0000,60.0000",
            "0.0000 outer.p touchesBegan touch=1 location=160.0000,160.0000",
            "0.0000 inner.button touchDown",
            "0.1000 inner.p touchesBegan touch=2 location=20.0000,20.0000",
            "0.1000 inner.p touchesBegan touch=3 location=30.0000,30.0000",
            "0.1000 inner.q touchesBegan touch=2 location=20.0000,20.0000",
            "0.1000 inner.q touchesBegan touch=3 location=30.0000,30.0000",
            "0.1000 mid.p touchesBegan touch=2 location=70.0000,70.0000",
            "0.1000 mid.p touchesBegan touch=3 location=80.0000,80.0000",
            "0.1000 outer.p touchesBegan touch=2 location=170.0000,170.0000",
            "0.1000 outer.p touchesBegan touch=3 location=180.0000,180.0000",
            "0.1000 inner.p touchesMoved touch=1 location=11.0000,11.0000",
            "0.1000 inner.q touchesMoved touch=1 location=11.0000,11.0000",
            "0.1000 mid.p touchesMoved touch=1 location=61.0000,61.0000",
            "0.1000 outer.p touchesMoved touch=1 location=161.0000,161.0000",
            "0.2000 inner.p touchesMoved touch=2 location=21.0000,21.0000",
            "0.2000 inner.q touchesMoved touch=2 location=21.0000,21.0000",
            "0.2000 mid.p touchesMoved touch=2 location=71.0000,71.0000",
            "0.2000 outer.p touchesMoved touch=2 location=171.0000,171.0000",
            "0.2000 inner.p touchesEnded touch=1 location=11.0000,11.0000",
            "0.2000 inner.q touchesEnded touch=1 location=11.0000,11.0000",
            "0.2000 mid.p touchesEnded touch=1 location=61.0000,61.0000",
            "0.2000 outer.p touchesEnded touch=1 location=161.0000,161.0000",
            "0.2000 inner.button touchUpInside",
            "0.2000 inner.p touchesCancelled touch=3 location=30.0000,30.0000",
            "0.2000 inner.q touchesCancelled touch=3 location=30.0000,30.0000",
            "0.2000 mid.p touchesCancelled touch=3 location=80.0000,80.0000",
            "0.2000 outer.p touchesCancelled touch=3 location=180.0000,180.0000",
            "0.3000 inner.p touchesEnded touch=2 location=21.0000,21.0000",
            "0.3000 inner.q touchesEnded touch=2 location=21.0000,21.0000",
            "0.3000 mid.p touchesEnded touch=2 location=71.0000,71.0000",
            "0.3000 outer.p touchesEnded touch=2 location=171.0000,171.0000",
        ])
    }

    /// As above, under version 1's rules: a flat list of views, each phase's set to the hit
    /// view's recognizers, then its control.
    @Test func eachPhaseOfAnEventReachesTheRecognizersThenTheControlVersion1() throws {
        let scene = singleViewScene(recognizers: [("p", Probe()), ("q", Probe())], control: ("button", PushButton()))
        let events: [(t: Double, touches: [T])] = [
            (0, [(1, "began", 160, 160)]),
            (0.1, [(1, "moved", 161, 161), (2, "began", 170, 170)]),
            (0.2, [(2, "ended", 171, 171), (1, "moved", 162, 162)]),
            (0.3, [(1, "ended", 162, 162)]),
        ]
        let lines = try transcript(traceJSON(events), scene: scene)
        #expect(lines == [
            "0.0000 v.p touchesBegan touch=1 location=160.0000,160.0000",
            "0.0000 v.q touchesBegan touch=1 location=160.0000,160.0000",
            "0.0000 v.button touchDown",
            "0.1000 v.p touchesBegan touch=2 location=170.0000,170.0000",
            "0.1000 v.q touchesBegan touch=2 location=170.0000,170.0000",
            "0.1000 v.p touchesMoved touch=1 location=161.0000,161.0000",
            "0.1000 v.q touchesMoved touch=1 location=161.0000,161.0000",
            "0.2000 v.p touchesMoved touch=1 location=162.0000,162.0000",
            "0.2000 v.q touchesMoved touch=1 location=162.0000,162.0000",
            "0.2000 v.p touchesEnded touch=2 location=171.0000,171.0000",
            "0.2000 v.q touchesEnded touch=2 location=171.0000,171.0000",
            "0.3000 v.p touchesEnded touch=1 location=162.0000,162.0000",
            "0.3000 v.q touchesEnded touch=1 location=162.0000,162.0000",
            "0.3000 v.button touchUpInside",
        ])
    }

    @Test func aTouchOutsideTheSubviewsReachesTheSuperviewsChainOnly() throws {
        let scene = scene2([
            view("outer", full, [rec("p", Probe())]),
            view("mid", [100, 100, 200, 200], superview: 0, [rec("p", Probe())]),
        ])
        #expect(began(try brief2(tap(50, 50), scene: scene)) == ["0.0000 outer.p touchesBegan touch=1"])
        #expect(began(try brief2(tap(299, 299), scene: scene)) == ["0.0000 mid.p touchesBegan touch=1", "0.0000 outer.p touchesBegan touch=1"])
    }

    @Test func theFrontMostSiblingWins() throws {
        // Two overlapping subviews: "b", listed later, is in front.
        let scene = scene2([
            view("outer", full, [rec("p", Probe())]),
            view("a", [0, 0, 200, 200], superview: 0, [rec("p", Probe())]),
            view("b", [100, 100, 200, 200], superview: 0, [rec("p", Probe())]),
        ])
        #expect(began(try brief2(tap(150, 150), scene: scene)) == ["0.0000 b.p touchesBegan touch=1", "0.0000 outer.p touchesBegan touch=1"])
        #expect(began(try brief2(tap(50, 50), scene: scene)) == ["0.0000 a.p touchesBegan touch=1", "0.0000 outer.p touchesBegan touch=1"])
        // Top-level views: the front-most one wins there too, with no chain between them.
        let flat = scene2([view("back", full, [rec("p", Probe())]), view("front", [0, 0, 100, 100], [rec("p", Probe())])])
        #expect(began(try brief2(tap(50, 50), scene: flat)) == ["0.0000 front.p touchesBegan touch=1"])
    }

    @Test func aSubviewStickingOutOfItsSuperviewIsNotHitOutsideIt() throws {
        // mid covers (100,100)–(200,200) on screen; its subview "out" covers (150,150)–(350,350).
        let scene = scene2([
            view("outer", full, [rec("p", Probe())]),
            view("mid", [100, 100, 100, 100], superview: 0, [rec("p", Probe())]),
            view("out", [50, 50, 200, 200], superview: 1, [rec("p", Probe())]),
        ])
        #expect(began(try brief2(tap(300, 300), scene: scene)) == ["0.0000 outer.p touchesBegan touch=1"])
        #expect(began(try brief2(tap(160, 160), scene: scene))
                == ["0.0000 out.p touchesBegan touch=1", "0.0000 mid.p touchesBegan touch=1", "0.0000 outer.p touchesBegan touch=1"])
    }

    @Test func versionTwoEdgesAreHalfOpen() throws {
        // "right" is listed first (behind), "left" second (in front); they share the line x = 100.
        let scene = scene2([view("right", [100, 0, 100, 100], [rec("p", Probe())]), view("left", [0, 0, 100, 100], [rec("p", Probe())])])
        #expect(began(try brief2(tap(100, 50), scene: scene)) == ["0.0000 right.p touchesBegan touch=1"], "x = maxX belongs to the neighbour")
        #expect(began(try brief2(tap(99.999, 50), scene: scene)) == ["0.0000 left.p touchesBegan touch=1"])
        #expect(began(try brief2(tap(50, 100), scene: scene)).isEmpty, "y = maxY is outside both")
        #expect(began(try brief2(tap(200, 50), scene: scene)).isEmpty)
        #expect(began(try brief2(tap(0, 0), scene: scene)) == ["0.0000 left.p touchesBegan touch=1"], "minX and minY are in")
    }

    @Test func aVersionOneTouchOnASharedEdgeKeepsItsOldOwner() throws {
        // The same scene through a v1 trace: closed edges, so the front view "left" holds x = 100.
        let sceneJSON = #"{"views": [{"name": "right", "frame": [100, 0, 100, 100], "recognizers": [{"type": "spots"}]}, {"name": "left", "frame": [0, 0, 100, 100], "recognizers": [{"type": "spots"}]}]}"#
        let v1 = try transcript(traceJSON(tap(100, 50), scene: sceneJSON, version: 1))
        #expect(v1.first?.hasPrefix("0.0000 left.spots spotAdded touch=1") == true, "\(v1)")
        let v1Bottom = try transcript(traceJSON(tap(50, 100), scene: sceneJSON, version: 1))
        #expect(v1Bottom.first?.hasPrefix("0.0000 left.spots spotAdded touch=1") == true, "\(v1Bottom)")
        let v2 = try transcript(traceJSON(tap(100, 50), scene: sceneJSON, version: 2))
        #expect(v2.first?.hasPrefix("0.0000 right.spots spotAdded touch=1") == true, "\(v2)")
    }

    @Test func theDefaultScreenHoldsEveryPointEdgesIncludedInVersionTwo() throws {
        // The default screen is the smallest rectangle at the origin holding every point:
        // (0, 0, 200, 300) here, so touch 2 lies on its right and bottom edges, and touch 1
        // (x = −5) outside it. In version 2 the screen view holds both.
        let events: [(t: Double, touches: [T])] = [(0, [(1, "began", -5, 10)]), (0.01, [(2, "began", 200, 300)]),
                                                   (0.1, [(1, "ended", -5, 10), (2, "ended", 200, 300)])]
        let lines = try transcript(traceJSON(events, version: 2))
        #expect(lines.contains { $0.hasPrefix("0.0000 screen.spots spotAdded touch=1 center=-5.0000,10.0000") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("0.0100 screen.spots spotAdded touch=2 center=200.0000,300.0000") }, "\(lines)")
        // Version 1 keeps its closed frame: the outermost point is in, the one left of it is not.
        let v1 = try transcript(traceJSON(events, version: 1))
        #expect(v1.filter { $0.contains("spotAdded") }.map { String($0.prefix(38)) } == ["0.0100 screen.spots spotAdded touch=2 "])
    }

    @Test func aRangeSlidersHitAreaIsItsThumbsInsideATree() throws {
        // The slider (0,0,300,40) inside "outer" at (10,10): thumbs of side 40, travel
        // L = 300 − 40 = 260, lower at 0 (x 0–40) and upper at 10 (x 260–300).
        func scene() -> Scene {
            scene2([view("outer", full, [rec("p", Probe())]),
                    view("slider", [10, 10, 300, 40], superview: 0,
                         control: ("range", RangeSlider(minValue: 0, maxValue: 10, lower: 0, upper: 10, width: 300, height: 40)))])
        }
        #expect(began(try brief2(tap(160, 30), scene: scene())) == ["0.0000 outer.p touchesBegan touch=1"], "between the thumbs: the superview")
        let lower = try transcript(traceJSON(tap(30, 30), version: 2), scene: scene())
        #expect(lower.prefix(2) == ["0.0000 outer.p touchesBegan touch=1 location=30.0000,30.0000", "0.0000 slider.range beginTracking thumb=lower"])
        let upper = try transcript(traceJSON(tap(290, 30), version: 2), scene: scene())
        #expect(upper.prefix(2) == ["0.0000 outer.p touchesBegan touch=1 location=290.0000,30.0000", "0.0000 slider.range beginTracking thumb=upper"])
    }

    @Test func eachEventsHitViewsAreServedInSceneOrder() throws {
        // Touch 1 hits "b" (later in scene order), touch 2 hits "a": "a" is served first.
        let scene = scene2([view("a", [0, 0, 100, 100], [rec("p", Probe())]), view("b", [200, 0, 100, 100], [rec("p", Probe())])])
        let lines = try brief2([(0, [(1, "began", 250, 50), (2, "began", 50, 50)]), (0.1, [(1, "ended", 250, 50), (2, "ended", 50, 50)])], scene: scene)
        #expect(lines == ["0.0000 a.p touchesBegan touch=2", "0.0000 b.p touchesBegan touch=1", "0.1000 a.p touchesEnded touch=2", "0.1000 b.p touchesEnded touch=1"])
    }

    @Test func aThumbsRightEdgeIsOutsideItInVersionTwo() throws {
        // The lower thumb covers x 0–40 of the slider; at x = 40 (50 on screen) a half-open
        // hit area does not hold the point, and the upper thumb (260–300) does not either.
        let scene = scene2([view("outer", full, [rec("p", Probe())]),
                            view("slider", [10, 10, 300, 40], superview: 0,
                                 control: ("range", RangeSlider(minValue: 0, maxValue: 10, lower: 0, upper: 10, width: 300, height: 40)))])
        #expect(began(try brief2(tap(50, 30), scene: scene)) == ["0.0000 outer.p touchesBegan touch=1"])
    }
}
