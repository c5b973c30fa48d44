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

/// A scroll view that lets its pan scroll together with the pans inside it, as page
/// controllers with lists in their pages write one: UIKit makes a scroll view its own pan's
/// delegate, so a subclass that adopts `UIGestureRecognizerDelegate` answers for that pan.
final class SharingScrollView: UIScrollView, UIGestureRecognizerDelegate {
    var shares = true
    var asked: [String] = []
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        asked.append("simultaneous mine=\(gestureRecognizer === panGestureRecognizer) other=\(otherGestureRecognizer.view?.accessibilityIdentifier ?? "?")")
        return shares
    }
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        asked.append("shouldBegin")
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}

/// An outer sharing scroll view (390 × 844, content 2000 tall) with an inner plain one
/// (0, 200, 390 × 400, content 1200 tall).
final class NestedScrollController: UIViewController {
    let outer = SharingScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    init(shares: Bool) {
        outer.shares = shares
        super.init()
    }
    required init?(coder: NSCoder) { nil }
    override func viewDidLoad() {
        outer.accessibilityIdentifier = "outer"
        outer.contentSize = CGSize(width: 390, height: 2000)
        let inner = UIScrollView(frame: CGRect(x: 0, y: 200, width: 390, height: 400))
        inner.accessibilityIdentifier = "inner"
        inner.contentSize = CGSize(width: 390, height: 1200)
        outer.addSubview(inner)
        view.addSubview(outer)
    }
}

@Suite struct ScrollViewAsDelegateTests {
    /// Replays a drag up in the inner scroll view (200, 500 → 470 at 0.02 → 440 at 0.04, lift at
    /// 0.12): 30 points, past the pan's 10, at the first move, so both pans would begin there.
    func run(shares: Bool) throws -> (lines: [String], asked: [String], delegateIsOuter: Bool) {
        let box = ControllerBox()
        var registry = Registry.standard
        try registry.register(.uiKit("nested", controller: {
            let made = NestedScrollController(shares: shares)
            box.made.append(made)
            return made
        }))
        let scene = try parseScene(#"{"screen": "nested"}"#, version: 2, registry: registry)
        let lines = try transcriptText(traceJSON([(0, [(1, "began", 200, 500)]), (0.02, [(1, "moved", 200, 470)]),
                                                   (0.04, [(1, "moved", 200, 440)]), (0.12, [(1, "ended", 200, 440)])], version: 2), scene)
        let outer = box.made.last!.outer
        return (lines, outer.asked, outer.panGestureRecognizer.delegate === outer)
    }

    final class ControllerBox: @unchecked Sendable { var made: [NestedScrollController] = [] }

    /// UIKit's scroll view is its pan's delegate, so the outer scroll view's
    /// `shouldRecognizeSimultaneouslyWith` decides whether the inner pan prevents it. Saying
    /// true, both pans begin at 0.02 and both contents move with the finger: translation −30 at
    /// 0.02, so each offset is 0 − (−30) = 30. Its `gestureRecognizerShouldBegin(_:)` (the
    /// view's, and the delegate's: one method) is asked once, when its pan would begin.
    @Test func aScrollViewSubclassAnswersForItsOwnPan() throws {
        let (lines, asked, isDelegate) = try run(shares: true)
        #expect(isDelegate)
        #expect(asked.filter { $0 == "shouldBegin" }.count == 1, "\(asked)")
        #expect(asked.contains("simultaneous mine=true other=inner"), "\(asked)")
        #expect(lines.contains("0.0200 outer.view viewChanged bounds=0.0000,30.0000,390.0000,844.0000"), "\(lines)")
        #expect(lines.contains("0.0200 inner.view viewChanged bounds=0.0000,30.0000,390.0000,400.0000"), "\(lines)")
    }

    /// Saying false, the scroll view in front wins as on a device: the inner pan begins and
    /// prevents the outer one, which fails; only the inner content moves (offset 30).
    @Test func refusingLeavesTheInnerScrollViewAlone() throws {
        let (lines, asked, _) = try run(shares: false)
        #expect(asked.contains("simultaneous mine=true other=inner"), "\(asked)")
        #expect(lines.contains { $0.hasPrefix("0.0200 outer.scrollViewPan state from=possible to=failed") }, "\(lines)")
        #expect(!lines.contains { $0.contains("outer.view viewChanged") }, "\(lines)")
        #expect(lines.contains("0.0200 inner.view viewChanged bounds=0.0000,30.0000,390.0000,400.0000"), "\(lines)")
    }
}

/// A tap that notes its `touchesBegan` in a shared log.
final class NotingTap: UITapGestureRecognizer {
    var log: ScreenDelegateOrderTests.Log?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        log?.lines.append("\(name ?? "?") touchesBegan")
        super.touchesBegan(touches, with: event)
    }
}

@Suite struct ScreenDelegateOrderTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// A delegate noting each question, what the recognizer reads then, and answering yes.
    final class Noting: UIGestureRecognizerDelegate, @unchecked Sendable {
        let log: Log
        init(log: Log) { self.log = log }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            let p = touch.location(in: gestureRecognizer.view)
            log.lines.append("\(gestureRecognizer.name ?? "?") shouldReceive state \(gestureRecognizer.state) at (\(p.x), \(p.y)) "
                             + "touches \(gestureRecognizer.numberOfTouches)")
            return true
        }
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            log.lines.append("\(gestureRecognizer.name ?? "?") shouldBegin state \(gestureRecognizer.state)")
            return true
        }
    }

    /// A tap on a view (100, 100, 100 × 100) holding `inner`, inside a view filling the screen
    /// holding `outer`, both taps with the noting delegate; a tap at (150, 150), lifted at 0.08.
    ///
    /// UIKit gathers the touch's recognizers when it is hit-tested, asking each delegate's
    /// `gestureRecognizer(_:shouldReceive:)` then, once per recognizer and touch, innermost view
    /// first: both are asked before either is given the touch. Each is asked while `possible`,
    /// holding no touch yet (`numberOfTouches` 0); the touch reads (50, 50) in the inner view
    /// and (150, 150) in the outer one. At the lift the inner tap would be recognized: its
    /// `gestureRecognizerShouldBegin(_:)` is asked, still `possible`; it wins, and the outer
    /// tap (exclusive with it) fails without being asked.
    @Test func shouldReceiveIsAskedOfEveryRecognizerBeforeAnyIsGivenTheTouch() throws {
        let log = Log()
        let noting = Noting(log: log)
        var registry = Registry.standard
        try registry.register(.uiKit("two-taps") {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let inner = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
            root.addSubview(inner)
            for (name, view) in [("outer", root), ("inner", inner)] {
                let tap = NotingTap()
                tap.name = name
                tap.log = log
                tap.delegate = noting
                view.addGestureRecognizer(tap)
            }
            return root
        })
        let scene = try parseScene(#"{"screen": "two-taps"}"#, version: 2, registry: registry)
        _ = try transcriptText(traceJSON([(0, [(1, "began", 150, 150)]), (0.08, [(1, "ended", 150, 150)])], version: 2), scene)
        #expect(log.lines == [
            "inner shouldReceive state possible at (50.0, 50.0) touches 0",
            "outer shouldReceive state possible at (150.0, 150.0) touches 0",
            "inner touchesBegan",
            "outer touchesBegan",
            "inner shouldBegin state possible",
        ], "\(log.lines)")
    }
}
