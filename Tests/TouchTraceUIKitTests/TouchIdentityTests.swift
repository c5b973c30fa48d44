import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// One `UITouch` per finger, as on a device: the window's `sendEvent(_:)`, every recognizer the
/// touch reaches and the hit view's touch methods are handed the same object, with the event's
/// values, so code that keys its state by the touch finds it in every method.
@Suite struct TouchIdentityTests {
    /// What the readers were handed, each object kept (so no object's address is reused by a
    /// later one while the test compares identities), and what they found.
    final class Seen: @unchecked Sendable {
        var lines: [String] = []
        /// Every (reader, time, touch) handed over, in order.
        var handed: [(reader: String, t: Double, touch: UITouch)] = []
        var recognizers: [String: UIGestureRecognizer] = [:]

        func note(_ reader: String, _ t: Double, _ touches: Set<UITouch>) {
            for touch in touches.sorted(by: { $0.serial < $1.serial }) { handed.append((reader, t, touch)) }
        }

        /// The distinct objects handed over, in the order first handed.
        var objects: [UITouch] {
            var found: [UITouch] = []
            for (_, _, touch) in handed where !found.contains(where: { $0 === touch }) { found.append(touch) }
            return found
        }
    }

    /// A window that draws a dot for each touch down, keyed by the touch (a visualizer), and
    /// notes each event's touches.
    final class Visualizer: UIWindow {
        var seen: Seen?
        var dots: [UITouch: UIView] = [:]

        override func sendEvent(_ event: UIEvent) {
            let touches = event.allTouches ?? []
            seen?.note("window", event.timestamp, touches)
            for touch in touches where touch.phase == .began {
                let dot = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
                dot.isUserInteractionEnabled = false
                addSubview(dot)
                dots[touch] = dot
            }
            super.sendEvent(event)
            for touch in touches where touch.phase == .ended || touch.phase == .cancelled {
                if let dot = dots.removeValue(forKey: touch) {
                    dot.removeFromSuperview()
                } else {
                    seen?.lines.append("window: no dot for a lifted touch")
                }
            }
        }
    }

    /// A drawing view: a line per touch, started in `touchesBegan`, found again by the touch in
    /// `touchesMoved` and `touchesEnded` (a dictionary and a set keyed by the touch); it checks
    /// that the window has a dot for each touch it begins.
    final class DrawingView: UIView {
        var seen: Seen?
        var lines: [UITouch: [CGPoint]] = [:]
        var down = Set<UITouch>()
        var finished: [[CGPoint]] = []

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            seen?.note("view", event?.timestamp ?? -1, touches)
            for touch in touches.sorted(by: { $0.serial < $1.serial }) {
                lines[touch] = [touch.location(in: self)]
                down.insert(touch)
                if (window as? Visualizer)?.dots[touch] == nil { seen?.lines.append("view: the window has no dot for the touch") }
                let names = touch.gestureRecognizers?.map { $0.name ?? "?" } ?? []
                seen?.lines.append("view began at \(event?.timestamp ?? -1): recognizers \(names)")
                if event?.touches(for: self)?.contains(touch) != true { seen?.lines.append("view: not in touches(for: view)") }
            }
        }

        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            seen?.note("view", event?.timestamp ?? -1, touches)
            for touch in touches {
                guard down.contains(touch), lines[touch] != nil else {
                    seen?.lines.append("view: a moved touch it never began")
                    continue
                }
                lines[touch]?.append(touch.location(in: self))
            }
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            seen?.note("view", event?.timestamp ?? -1, touches)
            for touch in touches.sorted(by: { $0.serial < $1.serial }) {
                guard down.remove(touch) != nil, let line = lines.removeValue(forKey: touch) else {
                    seen?.lines.append("view: an ended touch it never began")
                    continue
                }
                finished.append(line + [touch.location(in: self)])
            }
        }
    }

    /// A recognizer that keeps the first touch it is given as `trackedTouch` and checks it with
    /// `===` afterwards; `ignoresFirst` ignores the first touch of the replay at once (it still
    /// reads it later). It fails as its last touch lifts.
    final class Tracker: UIGestureRecognizer {
        var seen: Seen?
        var ignoresFirst = false
        var trackedTouch: UITouch?
        var tracked = 0

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesBegan(touches, with: event)
            seen?.note(name!, event.timestamp, touches)
            guard trackedTouch == nil, let first = touches.min(by: { $0.serial < $1.serial }) else { return }
            trackedTouch = first
            tracked += 1
            if ignoresFirst && tracked == 1 { ignore(first, for: event) }
        }

        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesMoved(touches, with: event)
            seen?.note(name!, event.timestamp, touches)
            guard let trackedTouch else { return }
            let p = trackedTouch.location(in: nil), q = trackedTouch.previousLocation(in: nil)
            let given = touches.contains { $0 === trackedTouch }
            var line = "\(name!) moved at \(event.timestamp): tracked \(given ? "given" : "not given") \(trackedTouch.phase)"
                + " at (\(p.x), \(p.y)) from (\(q.x), \(q.y))"
            if given {
                // The recognizer's own readings go through the same object.
                let mine = event.touches(for: self)?.contains { $0 === trackedTouch } == true
                let index = (0..<numberOfTouches).first { location(ofTouch: $0, in: nil) == p }
                line += mine && index != nil ? ", in touches(for:) and location(ofTouch:)" : ", MISSING from its readings"
            }
            seen?.lines.append(line)
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesEnded(touches, with: event)
            seen?.note(name!, event.timestamp, touches)
            if touches.contains(where: { $0 === trackedTouch }) { trackedTouch = nil }
            // Its touches still count the lifting ones here (they are taken off after the call).
            if touches.count == numberOfTouches { state = .failed }
        }
    }

    /// A window with `outer` (the whole screen, tag 1, recognizer C) holding `inner`, a drawing
    /// view at (50, 50, 200, 200) (tag 2, recognizers A, then B, which ignores its first touch).
    static func screen(_ seen: Seen) -> UIView {
        let window = Visualizer(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.seen = seen
        let outer = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        outer.tag = 1
        let inner = DrawingView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        inner.tag = 2
        inner.seen = seen
        for (name, view) in [("A", inner), ("B", inner), ("C", outer)] as [(String, UIView)] {
            let r = Tracker()
            r.name = name
            r.seen = seen
            r.ignoresFirst = name == "B"
            view.addGestureRecognizer(r)
            seen.recognizers[name] = r
        }
        outer.addSubview(inner)
        window.addSubview(outer)
        return window
    }

    /// Finger 1 down at (100, 100) and moved; finger 2 down at (150, 150); both moved; finger 2
    /// moved alone; both lifted; then a new finger with id 1 taps at (200, 200).
    static let events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] = [
        (0.00, [(1, "began", 100, 100)]),
        (0.05, [(1, "moved", 110, 100)]),
        (0.10, [(2, "began", 150, 150)]),
        (0.15, [(1, "moved", 120, 100), (2, "moved", 160, 150)]),
        (0.20, [(2, "moved", 170, 150)]),
        (0.25, [(1, "ended", 120, 100), (2, "ended", 170, 150)]),
        (0.60, [(1, "began", 200, 200)]),
        (0.65, [(1, "ended", 200, 200)]),
    ]

    func run() throws -> Seen {
        let seen = Seen()
        var registry = Registry.standard
        try registry.register(.uiKit("screen") { Self.screen(seen) })
        let scene = try parseScene(#"{"screen": "screen"}"#, version: 2, registry: registry)
        _ = replay(try parseTrace(traceJSON(Self.events, version: 2)), scene)
        return seen
    }

    /// Three fingers (the third with the first one's id, after it lifted), three objects; each
    /// is the one the window, the view and every recognizer that has it were handed, at every
    /// event of its life.
    @Test func everyReaderIsHandedTheSameObjectPerFinger() throws {
        let seen = try run()
        let objects = seen.objects
        #expect(objects.count == 3)
        guard objects.count == 3 else { return }
        // Which object each reader was handed at each time (0, 1, 2: first, second, third finger).
        func handed(_ reader: String) -> [String] {
            seen.handed.filter { $0.reader == reader }.map { entry in
                "\(entry.t) \(objects.firstIndex { $0 === entry.touch }!)"
            }
        }
        // The window is handed every touch down at every event.
        #expect(handed("window") == ["0.0 0", "0.05 0", "0.1 0", "0.1 1", "0.15 0", "0.15 1", "0.2 0", "0.2 1", "0.25 0", "0.25 1",
                                     "0.6 2", "0.65 2"])
        // The view and A and C are given each touch at each of its events; B ignores finger 1.
        let allMoves = ["0.0 0", "0.05 0", "0.1 1", "0.15 0", "0.15 1", "0.2 1", "0.25 0", "0.25 1", "0.6 2", "0.65 2"]
        #expect(handed("view") == allMoves)
        #expect(handed("A") == allMoves)
        #expect(handed("C") == allMoves)
        #expect(handed("B") == ["0.0 0", "0.1 1", "0.15 1", "0.2 1", "0.25 1", "0.6 2", "0.65 2"])
        // The third finger has the first one's trace id, and is another object.
        #expect(objects[0].id == objects[2].id)
        #expect(objects[0] != objects[2])
        #expect(!seen.lines.contains { $0.contains("no dot") || $0.contains("never began") || $0.contains("not in touches") })
    }

    /// The drawing view finds each touch's line again by the touch: two fingers, two lines, each
    /// with its own points (in the view, at (50, 50)), then the third finger's.
    @Test func aDrawingViewKeepsALinePerTouch() throws {
        let seen = Seen()
        var registry = Registry.standard
        final class Box: @unchecked Sendable { var view: DrawingView? }
        let box = Box()
        try registry.register(.uiKit("screen") {
            let window = Self.screen(seen)
            box.view = window.subviews[0].subviews[0] as? DrawingView
            return window
        })
        let scene = try parseScene(#"{"screen": "screen"}"#, version: 2, registry: registry)
        _ = replay(try parseTrace(traceJSON(Self.events, version: 2)), scene)
        let lines = box.view?.finished.map { $0.map { "(\(Int($0.x)), \(Int($0.y)))" } }
        // Finger 1: began (100, 100), moved to (110, 100) and (120, 100), ended there; finger 2:
        // began (150, 150), moved to (160, 150) and (170, 150), ended there; finger 3 at (200, 200).
        #expect(lines == [
            ["(50, 50)", "(60, 50)", "(70, 50)", "(70, 50)"],
            ["(100, 100)", "(110, 100)", "(120, 100)", "(120, 100)"],
            ["(150, 150)", "(150, 150)"],
        ])
        #expect(box.view?.lines.isEmpty == true)
        #expect(box.view?.down.isEmpty == true)
    }

    /// What a recognizer's kept `trackedTouch` says at each move: the event's phase, location and
    /// previous location, whether the recognizer was given it or not (B ignores finger 1 and
    /// still reads it), and the recognizer's own readings (`touches(for:)`,
    /// `location(ofTouch:in:)`) go through the same object.
    @Test func aKeptTouchIsCurrentForEveryReader() throws {
        let seen = try run()
        let moves = seen.lines.filter { $0.contains(" moved at ") }
        #expect(moves == [
            "A moved at 0.05: tracked given moved at (110.0, 100.0) from (100.0, 100.0), in touches(for:) and location(ofTouch:)",
            "C moved at 0.05: tracked given moved at (110.0, 100.0) from (100.0, 100.0), in touches(for:) and location(ofTouch:)",
            "A moved at 0.15: tracked given moved at (120.0, 100.0) from (110.0, 100.0), in touches(for:) and location(ofTouch:)",
            // B ignored finger 1 at its beginning, but the touch it kept is the event's.
            "B moved at 0.15: tracked not given moved at (120.0, 100.0) from (110.0, 100.0)",
            "C moved at 0.15: tracked given moved at (120.0, 100.0) from (110.0, 100.0), in touches(for:) and location(ofTouch:)",
            // Finger 1 does not move at 0.2: stationary for every reader.
            "A moved at 0.2: tracked not given stationary at (120.0, 100.0) from (110.0, 100.0)",
            "B moved at 0.2: tracked not given stationary at (120.0, 100.0) from (110.0, 100.0)",
            "C moved at 0.2: tracked not given stationary at (120.0, 100.0) from (110.0, 100.0)",
        ])
    }

    /// `gestureRecognizers` lists the recognizers the touch is delivered to, in the engine's
    /// order (the hit view's, in the order added, then its superview's); B, which ignores finger
    /// 1, is not among that touch's.
    @Test func gestureRecognizersInDeliveryOrder() throws {
        let seen = try run()
        #expect(seen.lines.filter { $0.hasPrefix("view began") } == [
            "view began at 0.0: recognizers [\"A\", \"C\"]",
            "view began at 0.1: recognizers [\"A\", \"B\", \"C\"]",
            "view began at 0.6: recognizers [\"A\", \"B\", \"C\"]",
        ])
    }

    /// In a scene file (no window code), two recognizers of one view are given one object per
    /// finger too, whose view is theirs.
    @Test func recognizersOfASceneFileShareTheTouch() throws {
        final class Kept: @unchecked Sendable {
            var touches: [(String, UITouch)] = []
            var lines: [String] = []
        }
        let kept = Kept()
        func recognizer(_ name: String) -> UIKitRecognizer {
            UIKitRecognizer {
                let r = Scripted()
                r.began = { r, touches, _ in
                    for touch in touches {
                        kept.touches.append((name, touch))
                        // Read during the replay (its views and recognizers are the replay's).
                        kept.lines.append("\(name): view is mine \(touch.view != nil && touch.view === r.view), "
                                          + "recognizers \(touch.gestureRecognizers?.map { $0 === r } ?? [])")
                    }
                }
                r.moved = { _, touches, _ in for touch in touches { kept.touches.append((name, touch)) } }
                r.ended = { r, touches, _ in
                    for touch in touches { kept.touches.append((name, touch)) }
                    r.state = .failed
                }
                return r
            }
        }
        let scene = oneViewScene([("a", recognizer("a")), ("b", recognizer("b"))], version: 2)
        _ = replay(try parseTrace(oneFinger), scene)
        #expect(kept.touches.count == 10)
        #expect(kept.touches.allSatisfy { $0.1 === kept.touches[0].1 })
        #expect(kept.touches.map(\.0) == ["a", "b", "a", "b", "a", "b", "a", "b", "a", "b"])
        // Each is listed as it is first given the touch (a's touchesBegan comes before b's).
        #expect(kept.lines == ["a: view is mine true, recognizers [true]", "b: view is mine true, recognizers [false, true]"])
    }
}

extension TouchIdentityTests {
    /// A window that notes the phase of each touch after `super` has delivered the event.
    final class AfterWindow: UIWindow {
        var seen: Seen?
        override func sendEvent(_ event: UIEvent) {
            super.sendEvent(event)
            for touch in event.allTouches ?? [] { seen?.lines.append("window after \(event.timestamp): \(touch.phase)") }
        }
    }

    /// A view that notes the phase of the touches it is cancelled.
    final class CancelledView: UIView {
        var seen: Seen?
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
            for touch in touches { seen?.lines.append("view cancelled at \(event?.timestamp ?? -1): \(touch.phase)") }
        }
    }

    /// A recognizer that begins at its touch's first move and reads the touch's phase at each.
    final class BeginsAtFirstMove: UIGestureRecognizer {
        var seen: Seen?
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesMoved(touches, with: event)
            for touch in touches { seen?.lines.append("recognizer moved at \(event.timestamp): \(touch.phase)") }
            state = state == .possible ? .began : .changed
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesEnded(touches, with: event)
            state = .ended
        }
    }

    /// A recognizer that recognizes cancels the view's touch: the view's `touchesCancelled` sees
    /// it `cancelled`, while the finger is still down for the recognizer and the window, which
    /// see the event's phase (`moved`) after that call, and at the next move.
    @Test func aTouchCancelledForTheViewOnlyKeepsItsPhaseForTheOthers() throws {
        let seen = Seen()
        var registry = Registry.standard
        try registry.register(.uiKit("screen") {
            let window = AfterWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.seen = seen
            let view = CancelledView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
            view.seen = seen
            let r = BeginsAtFirstMove()
            r.seen = seen
            view.addGestureRecognizer(r)
            window.addSubview(view)
            return window
        })
        let scene = try parseScene(#"{"screen": "screen"}"#, version: 2, registry: registry)
        let events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] = [
            (0.0, [(1, "began", 100, 100)]), (0.05, [(1, "moved", 120, 100)]), (0.1, [(1, "moved", 140, 100)]), (0.15, [(1, "ended", 140, 100)]),
        ]
        _ = replay(try parseTrace(traceJSON(events, version: 2)), scene)
        #expect(seen.lines == [
            "window after 0.0: began",
            "recognizer moved at 0.05: moved", "view cancelled at 0.05: cancelled", "window after 0.05: moved",
            "recognizer moved at 0.1: moved", "window after 0.1: moved",
            "window after 0.15: ended",
        ])
    }
}
