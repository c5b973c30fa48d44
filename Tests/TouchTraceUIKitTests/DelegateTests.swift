import Testing
@testable import TouchTrace
import TouchTraceUIKit

/// A delegate as a view controller writes one, answering from the recognizer's state.
final class Gatekeeper: UIGestureRecognizerDelegate, @unchecked Sendable {
    var letBegin = true
    var rightHalfOnly = false
    var asked: [String] = []
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        asked.append("shouldBegin \(gestureRecognizer.numberOfTouches)")
        return letBegin
    }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        let x = touch.location(in: gestureRecognizer.view).x
        asked.append("shouldReceive \(x)")
        return !rightHalfOnly || x >= 200
    }
}

/// A delegate that implements nothing: UIKit's default answers.
final class SilentDelegate: UIGestureRecognizerDelegate {}

@Suite struct DelegateTests {
    @Test func defaultAnswersAreUIKits() {
        let d = SilentDelegate()
        let a = UIGestureRecognizer(), b = UIGestureRecognizer()
        #expect(d.gestureRecognizerShouldBegin(a))
        #expect(!d.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b))
        #expect(!d.gestureRecognizer(a, shouldRequireFailureOf: b))
        #expect(!d.gestureRecognizer(a, shouldBeRequiredToFailBy: b))
        a.delegate = d
        #expect(a.delegate === d)
    }

    @Test func shouldBeginFalseFailsTheRecognizer() throws {
        for letBegin in [true, false] {
            let gate = Gatekeeper()
            gate.letBegin = letBegin
            let scene = oneViewScene([("r", UIKitRecognizer {
                let r = Scripted()
                r.delegate = gate
                r.moved = { r, _, _ in
                    if r.state == .possible { r.state = .began } else { r.state = .changed }
                }
                r.ended = { r, _, _ in r.state = .ended }
                return r
            }), ("pan", UIKitRecognizer {
                let pan = UIPanGestureRecognizer()
                pan.delegate = gate
                return pan
            })], version: 2)
            let records = replay(try parseTrace(oneFinger), Scene(views: scene.views, origin: "test", version: 2, recognition: .simultaneous))
            if letBegin {
                #expect(stateLines(records) == ["0.01 possible→began", "0.01 possible→began", "0.02 began→changed", "0.02 began→changed",
                                                "0.03 changed→changed", "0.03 changed→changed", "0.04 changed→ended", "0.04 changed→ended"])
            } else {
                #expect(stateLines(records) == ["0.01 possible→failed", "0.01 possible→failed"])
                #expect(records.allSatisfy { r in r.name("to") != "failed" || "\(r["reason"]!)".contains("delegate refused to begin") })
            }
            // Asked once per recognizer, when each would begin.
            #expect(gate.asked.filter { $0.hasPrefix("shouldBegin") } == ["shouldBegin 1", "shouldBegin 1"])
        }
    }

    @Test func shouldReceiveFalseKeepsTheTouchAway() throws {
        let trace = try parseTrace(traceJSON([
            (0.0, [(1, "began", 100, 100), (2, "began", 300, 100)]),
            (0.1, [(1, "moved", 110, 100), (2, "moved", 310, 100)]),
            (0.2, [(1, "ended", 110, 100), (2, "ended", 310, 100)]),
        ], version: 2))
        let gate = Gatekeeper()
        gate.rightHalfOnly = true
        let log = CallLog()
        let scene = oneViewScene([("r", UIKitRecognizer {
            let r = Scripted()
            r.delegate = gate
            func note(_ what: String) -> (Scripted, Set<UITouch>, UIEvent) -> Void {
                { r, touches, event in
                    let xs = touches.map { $0.location(in: r.view).x }.sorted()
                    log.lines.append("\(what) \(xs) down \(r.numberOfTouches) for r \(event.touches(for: r)?.count ?? -1)")
                }
            }
            r.began = note("began")
            r.moved = note("moved")
            r.ended = note("ended")
            return r
        })], version: 2)
        _ = replay(trace, scene)
        // Asked once for each touch, before its first delivery; only the touch at x ≥ 200 arrives.
        #expect(gate.asked == ["shouldReceive 100.0", "shouldReceive 300.0"])
        #expect(log.lines == ["began [300.0] down 1 for r 1", "moved [310.0] down 1 for r 1", "ended [310.0] down 1 for r 1"])
    }
}
