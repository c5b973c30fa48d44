// What real gesture files use around their gestures, and overrides of what UIKit declares:
// each test derives its expected values from UIKit's (or Core Graphics') documented behaviour.
import Foundation
import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// A view that overrides properties and methods UIKit declares, as real code does.
final class HighlightView: UIView {
    var colours: [UIColor?] = []
    var moves: [String] = []
    override var backgroundColor: UIColor? {
        didSet { colours.append(backgroundColor) }
    }
    override func willMove(toSuperview newSuperview: UIView?) { moves.append(newSuperview == nil ? "will leave" : "will move") }
    override func didMoveToSuperview() { moves.append(superview == nil ? "left" : "moved") }
    override class var layerClass: AnyClass { CAShapeLayer.self }
}

/// A recognizer that watches its own state, as `override var state { didSet }` code does.
final class StateLogRecognizer: UIGestureRecognizer {
    var log: [UIGestureRecognizer.State] = []
    override var state: UIGestureRecognizer.State {
        didSet { log.append(state) }
    }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { state = .began }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { state = .ended }
}

/// A strip that lets only sideways pans begin, by overriding `UIView.gestureRecognizerShouldBegin`.
final class SidewaysOnlyView: UIView {
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return true }
        let t = pan.translation(in: self)
        return abs(t.x) > abs(t.y)
    }
}

final class SidewaysViewController: UIViewController {
    let strip = SidewaysOnlyView(frame: CGRect(x: 0, y: 100, width: 390, height: 200))
    override func viewDidLoad() {
        super.viewDidLoad()
        strip.accessibilityIdentifier = "strip"
        view.addSubview(strip)
        strip.addGestureRecognizer(UIPanGestureRecognizer(target: nil, action: nil))
    }
}

final class SegueViewController: UIViewController {
    var prepared: [String] = []
    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        prepared.append(segue.identifier ?? "")
    }
}

@Suite struct RealCodeSurfaceTests {
    @Test func overriddenBackgroundColorSeesEverySet() {
        let view = HighlightView(frame: .zero)
        view.backgroundColor = .red
        view.backgroundColor = nil
        #expect(view.colours == [.red, nil])
        #expect(view.layer is CAShapeLayer)
    }

    /// UIKit calls `willMove(toSuperview:)` then `didMoveToSuperview()` on adding and removing.
    @Test func movingAViewCallsItsHooks() {
        let parent = UIView(frame: .zero)
        let view = HighlightView(frame: .zero)
        parent.addSubview(view)
        view.removeFromSuperview()
        #expect(view.moves == ["will move", "moved", "will leave", "left"])
    }

    /// Views and recognizers compare and hash by identity, as NSObjects do.
    @Test func viewsAndRecognizersCompareByIdentity() {
        let a = UIView(frame: .zero), b = UIView(frame: .zero)
        #expect(a == a && a != b)
        let pan = UIPanGestureRecognizer(), pinch = UIPinchGestureRecognizer()
        let recognizers: Set<UIGestureRecognizer> = [pan, pinch, pan]
        #expect(recognizers.count == 2 && pan != pinch)
        let origins: [UIView: CGPoint] = [a: .zero, b: CGPoint(x: 1, y: 1)]
        #expect(origins[b] == CGPoint(x: 1, y: 1))
        #expect(UIButton().superclass == UIControl.self && UIButton.isSubclass(of: UIView.self))
    }

    @Test func anOverriddenStateSeesTheChanges() {
        let recognizer = StateLogRecognizer()
        recognizer.state = .began
        #expect(recognizer.log.count == 1)
    }

    /// A view's `gestureRecognizerShouldBegin` is asked as the delegate's is: a pan of (0, 40)
    /// on the sideways-only strip is refused; (40, 0) begins.
    @Test func aViewRefusesAPanOfItsOwn() throws {
        var registry = Registry.standard
        try registry.register(.uiKit("sideways") { SidewaysViewController() })
        let scene = try parseScene(#"{"screen": "sideways"}"#, version: 2, registry: registry)
        let names = scene.sources.map { "\($0.view).\($0.name)" }
        for (dx, dy, expected) in [(0.0, 40.0, "failed"), (40.0, 0.0, "began")] {
            let trace = try parseTrace(traceJSON([
                (0, [(1, "began", 200, 200)]), (0.02, [(1, "moved", 200 + dx, 200 + dy)]), (0.04, [(1, "ended", 200 + dx, 200 + dy)]),
            ], version: 2))
            let lines = replay(trace, scene).map { "\(names[$0.source]) \($0.event) \($0.name("to") ?? "")" }
            #expect(lines.first == "strip.pan state \(expected)", "\(lines)")
        }
    }

    /// A path's points: a rounded rectangle's box is the rectangle; its corner is not inside
    /// (a radius 10 arc cuts it) while a point 10 in along the diagonal is.
    @Test func pathsKeepTheirShape() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        let rounded = UIBezierPath(roundedRect: rect, cornerRadius: 10)
        #expect(rounded.bounds.insetBy(dx: -0.001, dy: -0.001).contains(rect))
        #expect(!rounded.contains(CGPoint(x: 1, y: 1)) && rounded.contains(CGPoint(x: 10, y: 10)))
        // A half circle of radius 50 about (50, 50), clockwise on the screen from 0 to π: the
        // lower half, so its box is y 50…100.
        let arc = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 50, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(abs(arc.currentPoint.x - 0) < 1e-9 && abs(arc.currentPoint.y - 50) < 1e-9)
        #expect(arc.bounds.minY >= 50 - 1e-9)
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(oval.contains(CGPoint(x: 10, y: 10)) && !oval.contains(CGPoint(x: 1, y: 1)))
    }

    /// An image context is current until ended, and the image has its size.
    @Test func imageContextsNest() {
        #expect(UIGraphicsGetCurrentContext() == nil)
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 30, height: 20), false, 0)
        UIColor.red.setStroke()
        let context = UIGraphicsGetCurrentContext()
        context?.move(to: .zero)
        context?.addLine(to: CGPoint(x: 10, y: 10))
        #expect(context?.strokeColor == .red && context?.currentPath.currentPoint == CGPoint(x: 10, y: 10))
        context?.strokePath()
        #expect(context?.currentPath.isEmpty == true)
        #expect(UIGraphicsGetImageFromCurrentImageContext()?.size == CGSize(width: 30, height: 20))
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 5)).image { _ in }
        #expect(image.size == CGSize(width: 4, height: 5))
    }

    /// Constraints are kept, never solved: the view stays at its frame.
    @Test func constraintsAreKeptAndMoveNothing() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        parent.addSubview(child)
        child.translatesAutoresizingMaskIntoConstraints = false
        let width = child.widthAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([width, child.centerXAnchor.constraint(equalTo: parent.centerXAnchor)])
        width.constant = 120
        #expect(width.isActive && width.constant == 120 && width.secondItem == nil && width.firstAttribute == .width)
        #expect(child.frame == CGRect(x: 10, y: 10, width: 50, height: 50))
        let stack = UIStackView(arrangedSubviews: [UIView(), UIView()])
        stack.axis = .vertical
        #expect(stack.arrangedSubviews.count == 2 && stack.subviews.count == 2)
    }

    /// The screen's coordinate space is a root view's: a view at (20, 30) has its (5, 5) at
    /// (25, 35) on the screen.
    @Test func screenCoordinateSpace() {
        let view = UIView(frame: CGRect(x: 20, y: 30, width: 100, height: 100))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.addSubview(view)
        let space = view.window!.screen.coordinateSpace
        #expect(view.convert(CGPoint(x: 5, y: 5), to: space) == CGPoint(x: 25, y: 35))
        #expect(view.convert(CGPoint(x: 25, y: 35), from: space) == CGPoint(x: 5, y: 5))
        #expect(space.convert(CGPoint(x: 5, y: 5), from: view) == CGPoint(x: 25, y: 35))
    }

    @Test func performSegueAsksPrepare() {
        let controller = SegueViewController()
        controller.performSegue(withIdentifier: "detail", sender: nil)
        #expect(controller.prepared == ["detail"])
        controller.modalPresentationStyle = .fullScreen
        #expect(controller.modalPresentationStyle == .fullScreen)
    }
}

/// A view that adds its recognizers when it moves into a window, as views written for UIKit do
/// (`willMove(toWindow:)`), and a recognizer that measures on the screen through its view's
/// window (`view!.window!.screen.coordinateSpace`).
final class WindowAwareView: UIView {
    override func willMove(toWindow newWindow: UIWindow?) {
        super.willMove(toWindow: newWindow)
        guard newWindow != nil, gestureRecognizers == nil else { return }
        addGestureRecognizer(ScreenPointRecognizer(target: nil, action: nil))
    }
}

final class ScreenPointRecognizer: UIGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, let view else { return }
        let space = view.window!.screen.coordinateSpace
        let p = view.convert(touch.location(in: view), to: space)
        // Recognized when the point on the screen is the trace's (100, 300).
        state = abs(p.x - 100) < 1e-9 && abs(p.y - 300) < 1e-9 ? .recognized : .failed
    }
}

final class WindowViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let knob = WindowAwareView(frame: CGRect(x: 50, y: 250, width: 100, height: 100))
        knob.accessibilityIdentifier = "knob"
        view.addSubview(knob)
    }
}

@Suite struct ScreenWindowTests {
    /// A screen's root view is put in a window, as an app's: the view's `willMove(toWindow:)`
    /// runs before the scene is read (its recognizer is in the scene), and `view.window` is
    /// there when a recognizer asks.
    @Test func aScreensViewsAreInAWindow() throws {
        var registry = Registry.standard
        try registry.register(.uiKit("window") { WindowViewController() })
        let scene = try parseScene(#"{"screen": "window"}"#, version: 2, registry: registry)
        let names = scene.sources.map { "\($0.view).\($0.name)" }
        #expect(names.contains("knob.screenPointRecognizer"), "\(names)")
        let trace = try parseTrace(traceJSON([(0, [(1, "began", 100, 300)]), (0.05, [(1, "ended", 100, 300)])], version: 2))
        let lines = replay(trace, scene).map { "\(names[$0.source]) \($0.event) \($0.name("to") ?? "")" }
        #expect(lines == ["knob.screenPointRecognizer state recognized"], "\(lines)")
    }
}

/// Recognized when the finger lifts at least 0.3 s after it landed, timed with
/// `CACurrentMediaTime()` as code written for a device times it.
final class SlowLiftRecognizer: UIGestureRecognizer {
    private var landed: TimeInterval = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { landed = CACurrentMediaTime() }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        state = CACurrentMediaTime() - landed >= 0.3 ? .recognized : .failed
    }
}

final class SlowLiftViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "pad"
        view.addGestureRecognizer(SlowLiftRecognizer(target: nil, action: nil))
    }
}

@Suite struct MediaTimeTests {
    /// `CACurrentMediaTime()` is the trace's time of the event being delivered: a lift 0.4 s
    /// after landing is slow enough, one 0.1 s after is not.
    @Test func mediaTimeIsTheTracesTime() throws {
        var registry = Registry.standard
        try registry.register(.uiKit("slow-lift") { SlowLiftViewController() })
        let scene = try parseScene(#"{"screen": "slow-lift"}"#, version: 2, registry: registry)
        let names = scene.sources.map { "\($0.view).\($0.name)" }
        for (lift, expected) in [(0.4, "recognized"), (0.1, "failed")] {
            let trace = try parseTrace(traceJSON([(1, [(1, "began", 100, 100)]), (1 + lift, [(1, "ended", 100, 100)])], version: 2))
            let lines = replay(trace, scene).map { "\(names[$0.source]) \($0.event) \($0.name("to") ?? "")" }
            #expect(lines == ["pad.slowLiftRecognizer state \(expected)"], "\(lines)")
        }
    }
}
