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

extension KnobTests {
    /// The knob's angle-to-value and value-to-angle as first written, every difference worked
    /// out on the spot and the turns rounded up by the C library: the knob is to give these
    /// doubles, bit for bit, as transcripts print them.
    static func formerValue(_ k: Knob, forTouchAngle touchAngle: Double) -> Double {
        let mid = (2 * Double.pi + k.startAngle - k.endAngle) / 2 + k.endAngle
        var bounded = touchAngle
        let turn = 2 * Double.pi
        if bounded > mid || bounded <= mid - turn {
            bounded -= (((bounded - mid) / turn).rounded(.up)) * turn
            if bounded > mid { bounded -= turn }
            if bounded <= mid - turn { bounded += turn }
        }
        bounded = min(k.endAngle, max(k.startAngle, bounded))
        let v = (bounded - k.startAngle) / (k.endAngle - k.startAngle) * (k.maximumValue - k.minimumValue) + k.minimumValue
        return min(k.maximumValue, max(k.minimumValue, v))
    }

    static func formerPointerAngle(_ k: Knob) -> Double {
        (k.value - k.minimumValue) / (k.maximumValue - k.minimumValue) * (k.endAngle - k.startAngle) + k.startAngle
    }

    /// Angles within a turn or two of the track (as a touch's angle is), many turns out, on
    /// the gap's middle and the track's ends give the former doubles, for knobs of several
    /// tracks and ranges; and so does the pointer's angle of each value.
    @Test func valuesAndPointerAnglesAreTheFormerDoublesBitForBit() {
        let knobs = [Knob(), Knob(startAngle: 0, endAngle: Double.pi), Knob(minimumValue: -3, maximumValue: 1e6, startAngle: -7, endAngle: -1),
                     Knob(minimumValue: 0.1, maximumValue: 0.3, startAngle: 900, endAngle: 900 + 2 * Double.pi),
                     Knob(minimumValue: -1, maximumValue: 1, startAngle: -0.001, endAngle: 0.001)]
        var random = SplitMix64(state: 8)
        for knob in knobs {
            let gapMiddle = (2 * Double.pi + knob.startAngle - knob.endAngle) / 2 + knob.endAngle
            var angles = [knob.startAngle, knob.endAngle, gapMiddle, gapMiddle.nextUp, gapMiddle.nextDown, 0, -0.0, .pi, -.pi, .nan, .infinity, -.infinity]
            for turns in -3...3 {
                let a = gapMiddle + Double(turns) * 2 * Double.pi
                angles += [a, a.nextUp, a.nextDown]
            }
            for _ in 0..<20_000 {
                let unit = Double(random.next() >> 11) * 0x1p-53
                angles.append((unit * 2 - 1) * Double.pi)
                angles.append(gapMiddle + (unit * 4 - 2) * 2 * Double.pi)
                angles.append((unit * 2 - 1) * 1e4)
            }
            var differing = 0
            for angle in angles {
                let value = knob.value(forTouchAngle: angle), former = Self.formerValue(knob, forTouchAngle: angle)
                if value.bitPattern != former.bitPattern { differing += 1 }
                let turned = Knob(minimumValue: knob.minimumValue, maximumValue: knob.maximumValue, value: former.isNaN ? 0 : former,
                                  startAngle: knob.startAngle, endAngle: knob.endAngle)
                if turned.pointerAngle.bitPattern != Self.formerPointerAngle(turned).bitPattern { differing += 1 }
            }
            #expect(differing == 0, "knob from \(knob.startAngle) to \(knob.endAngle): \(differing) differ")
            #expect(knob.midPointAngle.bitPattern == gapMiddle.bitPattern)
        }
    }
}
