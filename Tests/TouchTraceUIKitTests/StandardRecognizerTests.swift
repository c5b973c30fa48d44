import Testing
@testable import TouchTrace
import TouchTraceUIKit

/// The UIKit class that does what a scene's standard recognizer does, set up with the same
/// parameters through UIKit's property names; nil for other recognizers.
func uiKitEquivalent(_ recognizer: any Recognizer) -> (@Sendable () -> UIGestureRecognizer)? {
    switch recognizer {
    case let tap as TapRecognizer:
        // Only UIKit's two properties: the fixtures keep the other parameters at their defaults.
        guard tap.allowableMovement == GestureDefaults.tapAllowableMovement,
              tap.maximumTapDuration == GestureDefaults.tapMaximumTapDuration else { return nil }
        return {
            let r = UITapGestureRecognizer()
            r.numberOfTapsRequired = tap.numberOfTapsRequired
            r.numberOfTouchesRequired = tap.numberOfTouchesRequired
            return r
        }
    case let press as LongPressRecognizer:
        return {
            let r = UILongPressGestureRecognizer()
            r.minimumPressDuration = press.minimumPressDuration
            r.allowableMovement = CGFloat(press.allowableMovement)
            r.numberOfTouchesRequired = press.numberOfTouchesRequired
            return r
        }
    case let swipe as SwipeRecognizer:
        guard swipe.minimumDistance == GestureDefaults.swipeMinimumDistance else { return nil }
        return {
            let r = UISwipeGestureRecognizer()
            var direction: UISwipeGestureRecognizer.Direction = []
            for d in swipe.directions {
                switch d {
                case .right: direction.insert(.right)
                case .left: direction.insert(.left)
                case .up: direction.insert(.up)
                case .down: direction.insert(.down)
                }
            }
            r.direction = direction
            r.numberOfTouchesRequired = swipe.numberOfTouchesRequired
            return r
        }
    case let pinch as PinchRecognizer:
        guard pinch.minimumSpanChange == GestureDefaults.pinchMinimumSpanChange else { return nil }
        return { UIPinchGestureRecognizer() }
    case let rotation as TwoFingerRotationRecognizer:
        guard rotation.minimumRotation == GestureDefaults.rotationMinimumRotation else { return nil }
        return { UIRotationGestureRecognizer() }
    case let pan as PanRecognizer:
        let (minimum, maximum, distance) = (pan.core.minimumNumberOfTouches, pan.core.maximumNumberOfTouches, pan.core.minimumDistance)
        return {
            let r = UIPanGestureRecognizer()
            r.minimumNumberOfTouches = minimum
            r.maximumNumberOfTouches = maximum
            r.minimumDistance = distance
            return r
        }
    default:
        return nil
    }
}

@Suite struct StandardRecognizerTests {
    /// Every fixture of the standard recognizers, with each recognizer replaced by its UIKit
    /// class: the same records, byte for byte in value (states, data, failure reasons), and so
    /// the same transitions. Relations (requireToFail, simultaneousWith) stay the scene's.
    @Test(arguments: ["tap-double", "tap-triple", "tap-two-finger", "long-press", "long-press-two-finger", "swipe",
                      "swipe-two-finger", "pinch", "two-finger-rotation", "pan", "pan-swipe-exclusive",
                      "pan-waits-for-double-tap", "pan-waits-for-swipe"])
    func sameRecordsAsTheSceneTypes(_ folder: String) throws {
        let paths = traceFiles(in: packageRoot + "/traces/" + folder)
        #expect(!paths.isEmpty)
        var transitionsSeen = 0
        for path in paths {
            let trace = try Trace.read(path: path)
            let native = try Scene.resolve(for: trace)
            var uikit = native
            var replaced = 0
            for v in uikit.views.indices {
                for k in uikit.views[v].recognizers.indices {
                    if let make = uiKitEquivalent(uikit.views[v].recognizers[k].recognizer) {
                        uikit.views[v].recognizers[k].recognizer = UIKitRecognizer(make)
                        replaced += 1
                    }
                }
            }
            #expect(replaced == native.views.reduce(0) { $0 + $1.recognizers.count }, "\(path): not every recognizer replaced")
            let expected = replay(trace, native)
            let actual = replay(trace, uikit)
            #expect(expected == actual, "\(path)")
            for source in native.sources.indices {
                #expect(transitions(expected, source: source) == transitions(actual, source: source))
                transitionsSeen += transitions(expected, source: source).count
            }
        }
        #expect(transitionsSeen >= paths.count)
    }

    /// The same through a registry, as a user's program does it.
    @Test func registeredThroughUIKitType() throws {
        var registry = Registry.standard
        try registry.register(.uiKit("uiDoubleTap") {
            let r = UITapGestureRecognizer()
            r.numberOfTapsRequired = 2
            return r
        })
        let scene = try parseScene("""
            {"views": [{"name": "pad", "frame": [0, 0, 390, 400], "recognizers": [
              {"type": "tap", "name": "doubleTap", "numberOfTapsRequired": 2}, {"type": "uiDoubleTap"}]}]}
            """, version: 2, registry: registry)
        var recognized = 0
        for path in traceFiles(in: packageRoot + "/traces/tap-double") {
            let trace = try Trace.read(path: path)
            let records = replay(trace, Scene(views: scene.views, origin: "test", version: 2, recognition: .simultaneous))
            #expect(transitions(records, source: 0) == transitions(records, source: 1), "\(path)")
            recognized += transitions(records, source: 0).filter { $0.to == "recognized" }.count
        }
        #expect(recognized >= 1)
    }

    /// A long press's targets: at the deadline (began), at every move after, at the lift.
    @Test func longPressCallsItsTargetsAtTheDeadlineAndEveryChange() throws {
        let trace = try parseTrace(traceJSON([
            (0.0, [(1, "began", 100, 100)]), (0.2, [(1, "moved", 102, 100)]), (0.7, [(1, "moved", 130, 100)]),
            (0.8, [(1, "moved", 160, 100)]), (0.9, [(1, "ended", 160, 100)]),
        ], version: 2))
        let log = CallLog()
        let scene = oneViewScene([("press", UIKitRecognizer {
            let r = UILongPressGestureRecognizer()
            #expect(r.minimumPressDuration == 0.5 && r.allowableMovement == 10 && r.numberOfTouchesRequired == 1 && r.numberOfTapsRequired == 0)
            r.addTarget { r in
                let p = r.location(in: r.view)
                log.lines.append("\(r.state) (\(p.x), \(p.y))")
            }
            return r
        })], version: 2)
        let records = replay(trace, scene)
        // Began at the deadline 0.5 s after touch-down, where the finger rested (102, 100).
        #expect(stateLines(records) == ["0.5 possible→began", "0.7 began→changed", "0.8 changed→changed", "0.9 changed→ended"])
        #expect(log.lines == ["began (102.0, 100.0)", "changed (130.0, 100.0)", "changed (160.0, 100.0)", "ended (160.0, 100.0)"])
    }

    /// A pinch handler that applies the scale and sets it back to 1, as UIKit code does: the
    /// product of the scales it saw is the whole pinch's scale.
    @Test func pinchScaleSetToOneCarriesOn() throws {
        // Two fingers 100 points apart, then 120, 150, 200: scales 1.2, 1.5, 2.
        let trace = try parseTrace(traceJSON([
            (0.0, [(1, "began", 100, 300), (2, "began", 200, 300)]),
            (0.1, [(1, "moved", 90, 300), (2, "moved", 210, 300)]),
            (0.2, [(1, "moved", 75, 300), (2, "moved", 225, 300)]),
            (0.3, [(1, "moved", 50, 300), (2, "moved", 250, 300)]),
            (0.4, [(1, "ended", 50, 300), (2, "ended", 250, 300)]),
        ], version: 2))
        let log = CallLog()
        let scene = oneViewScene([("pinch", UIKitRecognizer {
            let r = UIPinchGestureRecognizer()
            var total: CGFloat = 1
            r.addTarget { g in
                let pinch = g as! UIPinchGestureRecognizer
                total *= pinch.scale
                log.lines.append("\(pinch.state) \(Double(pinch.scale).rounded(toPlaces: 4)) total \(Double(total).rounded(toPlaces: 4))")
                pinch.scale = 1
            }
            return r
        })], version: 2)
        _ = replay(trace, scene)
        // 1.2; then 1.5 / 1.2 = 1.25; then 2 / 1.5 = 1.3333; the lift: no further spread (1).
        #expect(log.lines == ["began 1.2 total 1.2", "changed 1.25 total 1.5", "changed 1.3333 total 2.0", "ended 1.0 total 2.0"])
    }

    /// Read in a target, a pinch's velocity is the one its `state` record carries (both take the
    /// scale at each event that moves two fingers down, by SPEC 4.1's rule), at the lift too:
    /// the lift is no sample (the fingers lift where they were).
    @Test func pinchVelocityMatchesTheRecords() throws {
        let trace = try parseTrace(traceJSON([
            (0.00, [(1, "began", 100, 300), (2, "began", 200, 300)]),
            (0.02, [(1, "moved", 95, 300), (2, "moved", 205, 300)]),
            (0.04, [(1, "moved", 90, 300), (2, "moved", 210, 300)]),
            (0.06, [(1, "moved", 80, 300), (2, "moved", 220, 300)]),
            (0.08, [(1, "moved", 70, 300), (2, "moved", 230, 300)]),
            (0.10, [(1, "ended", 70, 300), (2, "ended", 230, 300)]),
        ], version: 2))
        let log = CallLog()
        let scene = oneViewScene([("pinch", UIKitRecognizer {
            let r = UIPinchGestureRecognizer()
            r.addTarget { g in
                let pinch = g as! UIPinchGestureRecognizer
                log.lines.append("\(Double(pinch.velocity))")
            }
            return r
        })], version: 2)
        let records = replay(trace, scene)
        let recorded = records.filter { $0.event.description == "state" }.map { r -> String in
            guard case .number(let v)? = r["velocity"] else { return "none" }
            return "\(v)"
        }
        #expect(log.lines.count == 5 && log.lines == recorded)
        // It begins at 0.02 with two samples (velocity 0 by the rule's three-sample minimum);
        // by the last change the scale is growing.
        #expect((Double(log.lines.last ?? "") ?? 0) > 0)
    }

    /// A lift more than 40 ms after the fingers last moved: they had stopped (SPEC 4.1), so the
    /// ended velocity is 0, in the record and in the target alike.
    @Test func pinchVelocityAtALateLiftIsZero() throws {
        let trace = try parseTrace(traceJSON([
            (0.00, [(1, "began", 100, 300), (2, "began", 200, 300)]),
            (0.02, [(1, "moved", 90, 300), (2, "moved", 210, 300)]),
            (0.04, [(1, "moved", 80, 300), (2, "moved", 220, 300)]),
            (0.06, [(1, "moved", 70, 300), (2, "moved", 230, 300)]),
            (0.12, [(1, "ended", 70, 300), (2, "ended", 230, 300)]),
        ], version: 2))
        let log = CallLog()
        let scene = oneViewScene([("pinch", UIKitRecognizer {
            let r = UIPinchGestureRecognizer()
            r.addTarget { g in
                let pinch = g as! UIPinchGestureRecognizer
                if pinch.state == .ended { log.lines.append("\(Double(pinch.velocity))") }
            }
            return r
        })], version: 2)
        let records = replay(trace, scene)
        let ended = records.filter { $0.event.description == "state" && $0.name("to") == "ended" }
        guard case .number(let v)? = ended.first?["velocity"] else { Issue.record("no ended record"); return }
        #expect(v == 0 && log.lines == ["0.0"], "\(log.lines)")
    }

    @Test func rotationSetToZeroCarriesOn() throws {
        // The line from finger 1 to finger 2 turns 0.1 rad, then to 0.3 rad (clockwise on screen).
        func at(_ angle: Double) -> (Double, Double) { (200 + 100 * cos(angle), 300 + 100 * sin(angle)) }
        let a = at(0.1), b = at(0.3)
        let trace = try parseTrace(traceJSON([
            (0.0, [(1, "began", 200, 300), (2, "began", 300, 300)]),
            (0.1, [(2, "moved", a.0, a.1)]), (0.2, [(2, "moved", b.0, b.1)]), (0.3, [(1, "ended", 200, 300), (2, "ended", b.0, b.1)]),
        ], version: 2))
        let log = CallLog()
        let scene = oneViewScene([("rotation", UIKitRecognizer {
            let r = UIRotationGestureRecognizer()
            r.addTarget { g in
                let rotation = g as! UIRotationGestureRecognizer
                log.lines.append("\(rotation.state) \(Double(rotation.rotation).rounded(toPlaces: 4))")
                rotation.rotation = 0
            }
            return r
        })], version: 2)
        _ = replay(trace, scene)
        #expect(log.lines == ["began 0.1", "changed 0.2", "ended 0.0"])
    }

    @Test func screenEdgePanStartsOnlyAtItsEdges() throws {
        func drag(from x: Double) throws -> Trace {
            try parseTrace(traceJSON([
                (0.0, [(1, "began", x, 300)]), (0.05, [(1, "moved", x + 30, 300)]), (0.1, [(1, "ended", x + 30, 300)]),
            ], version: 2))
        }
        func scene(_ edges: UIRectEdge) -> Scene {
            oneViewScene([("edge", UIKitRecognizer {
                let r = UIScreenEdgePanGestureRecognizer()
                r.edges = edges
                return r
            })], version: 2)
        }
        #expect(UIScreenEdgePanGestureRecognizer.edgeBandWidth == 20)
        #expect(stateLines(replay(try drag(from: 15), scene(.left))) == ["0.05 possible→began", "0.1 began→ended"])
        #expect(stateLines(replay(try drag(from: 20), scene(.left))) == ["0.05 possible→began", "0.1 began→ended"])
        let records = replay(try drag(from: 25), scene(.left))
        #expect(stateLines(records) == ["0.0 possible→failed"])
        #expect(records.first?["reason"].map { "\($0)" }?.contains("touch began 25 points from the edge") == true)
        // The view is 400 wide: 385 is 15 from the right edge.
        #expect(stateLines(replay(try drag(from: 385), scene(.right))) == ["0.05 possible→began", "0.1 began→ended"])
        #expect(stateLines(replay(try drag(from: 15), scene([]))) == ["0.0 possible→failed"])
    }

    @Test func uiKitDefaultsAndOptionSets() {
        let tap = UITapGestureRecognizer()
        #expect(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
        let swipe = UISwipeGestureRecognizer()
        #expect(swipe.direction == .right && swipe.numberOfTouchesRequired == 1)
        #expect(UISwipeGestureRecognizer.Direction.down.rawValue == 8 && UIRectEdge.all.rawValue == 15)
        let pinch = UIPinchGestureRecognizer()
        #expect(pinch.scale == 1 && pinch.velocity == 0)
        let rotation = UIRotationGestureRecognizer()
        #expect(rotation.rotation == 0 && rotation.velocity == 0)
        #expect(UIScreenEdgePanGestureRecognizer().edges == [])
        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        #expect(pan.cancelsTouchesInView && !pan.delaysTouchesBegan && pan.delaysTouchesEnded && pan.isEnabled)
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10.0, Double(places))
        return (self * scale).rounded() / scale
    }
}
