import Testing
@testable import TouchTrace

@Suite struct KnobTests {
    @Test func mapsTheTrackOntoTheRange() {
        let knob = Knob()
        #expect(close(knob.midPointAngle, Double.pi / 2, 1e-15))
        #expect(knob.value(forTouchAngle: -11 * Double.pi / 8) == 0)
        #expect(close(knob.value(forTouchAngle: -Double.pi / 2), 0.5))
        #expect(knob.value(forTouchAngle: 3 * Double.pi / 8) == 1)
        // Left of the track's middle (π, then −π): the same place, the same value.
        #expect(close(knob.value(forTouchAngle: Double.pi), knob.value(forTouchAngle: -Double.pi), 1e-15))
        #expect(close(knob.value(forTouchAngle: Double.pi), 3.0 / 14))
    }

    @Test func theGapSplitsAtItsMiddle() {
        let knob = Knob()
        #expect(knob.value(forTouchAngle: Double.pi / 2) == 1)
        #expect(knob.value(forTouchAngle: Double.pi / 2 + 1e-9) == 0)
    }

    @Test func anglesOfAnyTurnAreBroughtIntoRange() {
        let knob = Knob(startAngle: 0, endAngle: Double.pi)
        #expect(close(knob.midPointAngle, 3 * Double.pi / 2))
        #expect(close(knob.value(forTouchAngle: Double.pi / 2 + 20 * Double.pi), 0.5, 1e-12))
        #expect(close(knob.value(forTouchAngle: Double.pi / 2 - 20 * Double.pi), 0.5, 1e-12))
        #expect(knob.value(forTouchAngle: -Double.pi / 4) == 0)
    }

    @Test func pointerAngleFollowsTheValue() {
        let knob = Knob(minimumValue: 10, maximumValue: 20, value: 15, startAngle: -Double.pi, endAngle: 0)
        #expect(close(knob.pointerAngle, -Double.pi / 2))
        #expect(Knob(value: 7).value == 1, "values are clamped")
    }

    @Test func sendsValueChangedOnEveryActionOrOnlyAtTheEnd() throws {
        let json = traceJSON([(0, [(1, "began", 200, 100)]), (0.01, [(1, "moved", 200, 120)]), (0.02, [(1, "moved", 180, 130)]),
                              (0.03, [(1, "ended", 180, 130)])])
        let frame = Rect(x: 100, y: 100, width: 200, height: 200)
        let continuous = try records(json, scene: singleViewScene(control: ("knob", Knob()), frame: frame))
        #expect(continuous.map { "\($0.source):\($0.event)" } == ["0:state", "1:valueChanged", "0:state", "1:valueChanged", "0:state", "1:valueChanged"])
        let atEnd = try records(json, scene: singleViewScene(control: ("knob", Knob(isContinuous: false)), frame: frame))
        #expect(atEnd.map(\.event.description) == ["state", "state", "state", "valueChanged"])
    }
}

@Suite struct RangeSliderTests {
    func slider(_ lower: Double, _ upper: Double) -> RangeSlider {
        RangeSlider(minValue: 0, maxValue: 10, lower: lower, upper: upper, width: 300, height: 40)
    }

    @Test func thumbsSitAtTheirValues() {
        let thumbs = slider(0, 10).thumbFrames()
        #expect(thumbs.lower == Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(thumbs.upper == Rect(x: 260, y: 0, width: 40, height: 40))
    }

    @Test func overlappingThumbsMoveApartThenStayInside() {
        let middle = slider(5, 5).thumbFrames()
        #expect(middle.lower.x == 110 && middle.upper.x == 150)
        let atStart = slider(0, 0).thumbFrames()
        #expect(atStart.lower.x == 0 && atStart.upper.x == 20)
    }

    @Test func onlyTheThumbsTakeTouches() {
        let s = slider(0, 10)
        #expect(s.hitTest(Point(x: 20, y: 20), viewSize: (300, 40)))
        #expect(s.hitTest(Point(x: 300, y: 40), viewSize: (300, 40)))
        #expect(!s.hitTest(Point(x: 150, y: 20), viewSize: (300, 40)))
    }

    @Test func dragsScaleToTheRangeAndClamp() throws {
        let scene = singleViewScene(control: ("slider", slider(2, 8)), frame: Rect(x: 0, y: 0, width: 300, height: 40))
        // The lower thumb's left edge is at 52: drag it 26 points right (+1), then far past upper.
        let r = try records(traceJSON([(0, [(1, "began", 60, 20)]), (0.01, [(1, "moved", 86, 20)]), (0.02, [(1, "moved", 400, 20)]),
                                       (0.03, [(1, "moved", 374, 20)]), (0.04, [(1, "ended", 374, 20)])]), scene: scene)
        #expect(r.map(\.event.description) == ["beginTracking", "valueChanged", "valueChanged", "valueChanged", "valueChanged", "endTracking"])
        #expect(r[1].number("lower") == 3)
        #expect(r[2].number("lower") == 8)
        #expect(r[3].number("lower") == 7, "the finger's movement counts from where it is, even after a clamp")
    }
}

@Suite struct CounterTests {
    @Test func outlineEndAngleStepsByGlass() {
        #expect(close(Counter(counter: 0).outlineEndAngle, 3 * Double.pi / 4))
        #expect(close(Counter(counter: 8).outlineEndAngle, 9 * Double.pi / 4))
        #expect(close(Counter(counter: 2, numberOfGlasses: 3).outlineEndAngle, 3 * Double.pi / 4 + Double.pi))
    }

    let scene = Scene(views: [
        SceneView(name: "flo", frame: Rect(x: 0, y: 0, width: 100, height: 100), control: ("counter", Counter(counter: 8))),
        SceneView(name: "plus", frame: Rect(x: 0, y: 200, width: 50, height: 50), control: ("pushButton", PushButton(isAddButton: true, targetView: 0))),
        SceneView(name: "minus", frame: Rect(x: 100, y: 200, width: 50, height: 50), control: ("pushButton", PushButton(isAddButton: false, targetView: 0))),
    ], origin: "test")

    @Test func buttonsChangeTheirCounterOnTouchUpInside() throws {
        let lines = try transcript(traceJSON([(0, [(1, "began", 25, 225)]), (0.1, [(1, "ended", 120, 225)]),
                                              (0.2, [(2, "began", 125, 225)]), (0.3, [(2, "ended", 125, 330.5)])]), scene: scene)
        #expect(lines == [
            "0.0000 plus.pushButton touchDown",
            "0.1000 plus.pushButton touchUpInside",
            "0.1000 flo.counter counterChanged counter=9 displayed=8 outlineEndAngle=7.0686",
            "0.2000 minus.pushButton touchDown",
            "0.3000 minus.pushButton touchUpOutside",
        ])
    }

    @Test func minusStopsAtZero() throws {
        let scene = Scene(views: [
            SceneView(name: "flo", frame: Rect(x: 0, y: 0, width: 100, height: 100), control: ("counter", Counter(counter: 1))),
            SceneView(name: "minus", frame: Rect(x: 100, y: 200, width: 50, height: 50), control: ("pushButton", PushButton(isAddButton: false, targetView: 0))),
        ], origin: "test")
        let r = try records(traceJSON([(0, [(1, "began", 125, 225)]), (0.1, [(1, "ended", 125, 225)]),
                                       (0.2, [(2, "began", 125, 225)]), (0.3, [(2, "ended", 125, 225)])]), scene: scene)
        #expect(r.map(\.event.description) == ["touchDown", "touchUpInside", "counterChanged", "touchDown", "touchUpInside"])
    }
}
