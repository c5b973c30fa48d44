import Testing
@testable import TouchTrace
import TouchTraceUIKit

/// Calls of a test recognizer, in order.
final class CallLog: @unchecked Sendable {
    var lines: [String] = []
}

/// A recognizer that runs a script at each touch method: what the tests need of a subclass.
final class Scripted: UIGestureRecognizer {
    var began: (Scripted, Set<UITouch>, UIEvent) -> Void = { _, _, _ in }
    var moved: (Scripted, Set<UITouch>, UIEvent) -> Void = { _, _, _ in }
    var ended: (Scripted, Set<UITouch>, UIEvent) -> Void = { _, _, _ in }
    var cancelled: (Scripted, Set<UITouch>, UIEvent) -> Void = { _, _, _ in }
    var onReset: (Scripted) -> Void = { _ in }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        began(self, touches, event)
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        moved(self, touches, event)
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        ended(self, touches, event)
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        cancelled(self, touches, event)
    }
    override func reset() {
        super.reset()
        onReset(self)
    }
}

/// A full-screen view `v` with these recognizers.
func oneViewScene(_ recognizers: [(String, any Recognizer)], version: Int = 1) -> Scene {
    Scene(views: [SceneView(name: "v", frame: Rect(x: 0, y: 0, width: 400, height: 800), recognizers: recognizers)],
          origin: "test", version: version)
}

/// One finger: down at (100, 100), three moves right, up.
let oneFinger = traceJSON([
    (0.00, [(1, "began", 100, 100)]), (0.01, [(1, "moved", 110, 100)]), (0.02, [(1, "moved", 120, 100)]),
    (0.03, [(1, "moved", 130, 100)]), (0.04, [(1, "ended", 130, 100)]),
])

/// "t from→to" of every state record.
func stateLines(_ records: [Record]) -> [String] {
    records.filter { $0.event.description == "state" }.map { "\($0.t) \($0.name("from")!)→\($0.name("to")!)" }
}

@Suite struct UIGestureRecognizerTests {
    @Test func continuousChangesAreRecordsAndInvalidOnesAreIgnored() throws {
        let log = CallLog()
        let scene = oneViewScene([("r", UIKitRecognizer {
            let r = Scripted()
            // Outside a call of the engine: ignored.
            r.state = .began
            r.began = { r, _, _ in
                r.state = .changed      // not before began: ignored
                r.state = .ended        // from possible this is `recognized`... but see below
                log.lines.append("after ended in began: \(r.state)")
            }
            return r
        })])
        // `.ended` from possible is a discrete success: written `recognized`; then nothing more.
        let records = replay(try parseTrace(oneFinger), scene)
        #expect(stateLines(records) == ["0.0 possible→recognized"])
        #expect(log.lines == ["after ended in began: ended"])
    }

    @Test func continuousLifecycle() throws {
        let log = CallLog()
        let scene = oneViewScene([("r", UIKitRecognizer {
            let r = Scripted()
            r.began = { r, _, _ in r.state = .possible }       // ignored: already possible
            r.moved = { r, _, _ in
                if r.state == .possible {
                    r.state = .began
                    r.state = .began                            // ignored: began twice
                } else {
                    r.state = .changed
                }
            }
            r.ended = { r, _, _ in
                r.state = .ended                                 // from changed: written `ended`
                r.state = .cancelled                             // ignored: from a final state
                r.state = .failed                                // ignored
                log.lines.append("\(r.state) \(r.state == .recognized)")
            }
            return r
        })])
        let records = replay(try parseTrace(oneFinger), scene)
        #expect(stateLines(records) == ["0.01 possible→began", "0.02 began→changed", "0.03 changed→changed", "0.04 changed→ended"])
        // `.recognized` is `.ended`, as in UIKit.
        #expect(log.lines == ["ended true"])
    }

    @Test func discreteMayBeCancelledAndFailedIsFinal() throws {
        let scene = oneViewScene([
            ("cancels", UIKitRecognizer {
                let r = Scripted()
                r.moved = { r, _, _ in r.state = .cancelled }
                return r
            }),
            ("fails", UIKitRecognizer {
                let r = Scripted()
                r.began = { r, _, _ in r.state = .failed }
                r.moved = { r, _, _ in r.state = .began }       // never called: final
                return r
            }),
        ])
        let records = replay(try parseTrace(oneFinger), scene)
        #expect(records.map { "\($0.source) \($0.name("to")!)" } == ["1 failed", "0 cancelled"])
    }

    @Test func ignoredTouchesAreNotDeliveredAgain() throws {
        // Finger 1 down, finger 2 down (ignored), both move, 2 lifts, 1 moves, 1 lifts.
        let trace = try parseTrace(traceJSON([
            (0.00, [(1, "began", 100, 100)]), (0.01, [(2, "began", 200, 100)]),
            (0.02, [(1, "moved", 105, 100), (2, "moved", 205, 100)]), (0.03, [(2, "ended", 205, 100)]),
            (0.04, [(1, "moved", 110, 100)]), (0.05, [(1, "ended", 110, 100)]),
        ]))
        let log = CallLog()
        let scene = oneViewScene([("r", UIKitRecognizer {
            let r = Scripted()
            var first: UITouch?
            func note(_ what: String, _ r: Scripted, _ touches: Set<UITouch>) {
                let xs = touches.map { Int($0.location(in: nil).x) }.sorted()
                log.lines.append("\(what) \(xs) n=\(r.numberOfTouches) same=\(touches.contains { $0 == first })")
            }
            r.began = { r, touches, event in
                if first == nil { first = touches.first } else { for t in touches where t != first { r.ignore(t, for: event) } }
                note("began", r, touches)
            }
            r.moved = { r, touches, _ in note("moved", r, touches) }
            r.ended = { r, touches, event in
                note("ended", r, touches)
                log.lines.append("allTouches \(event.allTouches!.count)")
            }
            r.onReset = { _ in first = nil }
            return r
        })])
        _ = replay(trace, scene)
        // The second finger's began is delivered (it is ignored there); its moves and lift are
        // not. The first finger is the same object from began to ended.
        #expect(log.lines == [
            "began [100] n=1 same=true",
            "began [200] n=1 same=false",
            "moved [105] n=1 same=true",
            "moved [110] n=1 same=true",
            "ended [110] n=1 same=true",
            "allTouches 1",
        ])
    }

    @Test func targetsAreCalledOnActionStates() throws {
        final class Controller {
            let log: CallLog
            init(_ log: CallLog) { self.log = log }
            func handle(_ recognizer: UIGestureRecognizer) { log.lines.append("controller \(recognizer.state)") }
        }
        let log = CallLog()
        let scene = oneViewScene([
            ("continuous", UIKitRecognizer {
                let r = Scripted(action: { log.lines.append("closure \($0.state)") })
                r.moved = { r, _, _ in r.state = r.state == .possible ? .began : .changed }
                r.ended = { r, _, _ in r.state = .ended }
                return r
            }),
            ("failing", UIKitRecognizer {
                let r = Scripted()
                r.addTarget { _ in log.lines.append("never: failed calls no action") }
                r.ended = { r, _, _ in r.state = .failed }
                return r
            }),
            ("method", UIKitRecognizer {
                let controller = Controller(log)
                let r = Scripted(target: controller, action: Controller.handle)
                r.ended = { r, _, _ in
                    r.state = .recognized
                    _ = controller    // kept alive for the call: the target is held weakly
                }
                return r
            }),
        ])
        _ = replay(try parseTrace(oneFinger), scene)
        #expect(log.lines == ["closure began", "closure changed", "closure changed", "closure ended", "controller ended"])
    }

    @Test func locationsInNestedViews() throws {
        // outer at (50, 100) on the screen; inner at (20, 30) in outer, so (70, 130) on the
        // screen. A touch at (100, 150) on the screen hits inner, and reaches inner's
        // recognizer and outer's.
        let trace = try parseTrace(traceJSON([
            (0.0, [(1, "began", 100, 150)]), (0.1, [(1, "moved", 104, 153)]), (0.2, [(1, "ended", 104, 153)]),
        ], version: 2))
        let log = CallLog()
        func probe(_ name: String) -> UIKitRecognizer {
            UIKitRecognizer {
                let r = Scripted()
                r.moved = { r, touches, _ in
                    let touch = touches.first!
                    let view = r.view!
                    func p(_ point: CGPoint) -> String { "(\(point.x), \(point.y))" }
                    func rc(_ rect: CGRect) -> String { "(\(rect.origin.x), \(rect.origin.y), \(rect.width), \(rect.height))" }
                    log.lines.append("\(name): frame \(rc(view.frame)) bounds \(rc(view.bounds)) in view \(p(touch.location(in: view))) "
                        + "previous \(p(touch.previousLocation(in: view))) screen \(p(r.location(in: nil))) "
                        + "superview \(view.superview.map { p(touch.location(in: $0)) } ?? "none") "
                        + "ofTouch \(p(r.location(ofTouch: 0, in: view))) t \(touch.timestamp) \(touch.phase) taps \(touch.tapCount)")
                }
                return r
            }
        }
        var outer = SceneView(name: "outer", frame: Rect(x: 50, y: 100, width: 300, height: 400), recognizers: [("probe", probe("outer"))])
        outer.superview = nil
        let inner = SceneView(name: "inner", frame: Rect(x: 20, y: 30, width: 100, height: 100), superview: 0, recognizers: [("probe", probe("inner"))])
        let scene = Scene(views: [outer, inner], origin: "test", version: 2, recognition: .simultaneous)
        _ = replay(trace, scene)
        #expect(log.lines == [
            "inner: frame (20.0, 30.0, 100.0, 100.0) bounds (0.0, 0.0, 100.0, 100.0) in view (34.0, 23.0) previous (30.0, 20.0) "
                + "screen (104.0, 153.0) superview (54.0, 53.0) ofTouch (34.0, 23.0) t 0.1 moved taps 1",
            "outer: frame (50.0, 100.0, 300.0, 400.0) bounds (0.0, 0.0, 300.0, 400.0) in view (54.0, 53.0) previous (50.0, 50.0) "
                // A top-level view's superview is the window, at (0, 0): screen coordinates.
                + "screen (104.0, 153.0) superview (104.0, 153.0) ofTouch (54.0, 53.0) t 0.1 moved taps 1",
        ])
    }

    @Test func tapCountCountsQuickTapsInOnePlace() throws {
        // Three taps 0.2 s apart at about one place, then one 1 s later.
        var events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] = []
        for (k, start) in [0.0, 0.2, 0.4, 1.4].enumerated() {
            events.append((start, [(k + 1, "began", 100 + Double(k), 100)]))
            events.append((start + 0.05, [(k + 1, "ended", 100 + Double(k), 100)]))
        }
        let log = CallLog()
        let scene = oneViewScene([("r", UIKitRecognizer {
            let r = Scripted()
            r.began = { _, touches, _ in log.lines.append("\(touches.first!.tapCount)") }
            r.ended = { r, _, _ in r.state = .failed }
            return r
        })])
        _ = replay(try parseTrace(traceJSON(events)), scene)
        #expect(log.lines == ["1", "2", "3", "1"])
    }

    @Test func requireToFailWaitsThroughTheArena() throws {
        // `a` fails when the finger lifts; `b` recognizes at the first move but requires `a`
        // to fail: it waits, and wins at the lift, after `a` has failed (SPEC 12, rule 3).
        final class Shared: @unchecked Sendable { var a: UIGestureRecognizer? }
        func scene(requiring: Bool) -> Scene {
            let shared = Shared()
            return oneViewScene([
                ("a", UIKitRecognizer {
                    let a = Scripted()
                    a.ended = { a, _, _ in a.state = .failed }
                    shared.a = a
                    return a
                }),
                ("b", UIKitRecognizer {
                    let b = Scripted()
                    b.moved = { b, _, _ in b.state = .recognized }
                    if requiring { b.require(toFail: shared.a!) }
                    return b
                }),
            ], version: 2)
        }
        let trace = try parseTrace(traceJSON([
            (0.00, [(1, "began", 100, 100)]), (0.01, [(1, "moved", 110, 100)]), (0.04, [(1, "ended", 110, 100)]),
        ], version: 2))
        let waits = replay(trace, scene(requiring: true))
        #expect(waits.map { "\($0.t) \($0.source) \($0.name("to")!)" } == ["0.04 0 failed", "0.04 1 recognized"])
        let free = replay(trace, scene(requiring: false))
        #expect(free.map { "\($0.t) \($0.source) \($0.name("to")!)" } == ["0.01 1 recognized", "0.01 0 failed"])
        if case .text(let reason)? = free[1]["reason"] { #expect(reason.description == "prevented by v.b") } else { Issue.record("no reason") }
    }

    @Test func cancelsTouchesInViewFalseLeavesTheControlAlone() throws {
        // A push button: a recognizer of its view that recognizes at the first move cancels
        // the button's touch (rule 4: `touchCancel`) unless its cancelsTouchesInView is false
        // (then the button sees the lift: `touchUpInside`).
        func records(cancels: Bool) throws -> [String] {
            let view = SceneView(name: "button", frame: Rect(x: 0, y: 0, width: 200, height: 200), recognizers: [
                ("r", UIKitRecognizer {
                    let r = Scripted()
                    r.cancelsTouchesInView = cancels
                    r.moved = { r, _, _ in r.state = .recognized }
                    return r
                }),
            ], control: ("button", PushButton()))
            let scene = Scene(views: [view], origin: "test", version: 2)
            let trace = try parseTrace(traceJSON([
                (0.00, [(1, "began", 150, 100)]), (0.01, [(1, "moved", 150, 102)]), (0.1, [(1, "ended", 150, 102)]),
            ], version: 2))
            return replay(trace, scene).map { "\(scene.sources[$0.source].name) \($0.event)" }
        }
        let cancelling = try records(cancels: true)
        #expect(cancelling == ["button touchDown", "r state", "button touchCancel"])
        let keeping = try records(cancels: false)
        #expect(keeping == ["button touchDown", "r state", "button touchUpInside"])
    }

    @Test func disabledRecognizerGetsNoTouches() throws {
        let log = CallLog()
        let scene = oneViewScene([("r", UIKitRecognizer {
            let r = Scripted()
            r.isEnabled = false
            r.moved = { _, _, _ in log.lines.append("moved") }
            return r
        })])
        #expect(replay(try parseTrace(oneFinger), scene).isEmpty)
        #expect(log.lines.isEmpty)
    }

    @Test func disabledWhileRecognizingIsCancelled() throws {
        let log = CallLog()
        let scene = oneViewScene([("r", UIKitRecognizer {
            let r = Scripted()
            r.moved = { r, _, _ in
                log.lines.append("moved")
                if r.state == .possible { r.state = .began } else { r.isEnabled = false }
            }
            return r
        })])
        // Began at the first move, cancelled at the second; the third is not delivered.
        #expect(stateLines(replay(try parseTrace(oneFinger), scene)) == ["0.01 possible→began", "0.02 began→cancelled"])
        #expect(log.lines == ["moved", "moved"])
    }

    @Test func eachReplayHasItsOwnObject() throws {
        // One scene, replayed twice: the recognizer counts the gestures it saw; a shared object
        // would count on from the first replay.
        let log = CallLog()
        let scene = oneViewScene([("r", UIKitRecognizer {
            final class Counting: UIGestureRecognizer {
                var seen = 0
                let log: CallLog
                init(_ log: CallLog) { self.log = log; super.init(target: nil, action: nil) }
                override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
                    seen += 1
                    log.lines.append("\(seen)")
                    state = .failed
                }
            }
            return Counting(log)
        })])
        let trace = try parseTrace(oneFinger)
        _ = replay(trace, scene)
        _ = replay(trace, scene)
        #expect(log.lines == ["1", "1"])
    }
}
