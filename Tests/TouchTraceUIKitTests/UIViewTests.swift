import Testing
@testable import TouchTrace
import TouchTraceUIKit

/// A view subclass, as real code writes one.
final class CardView: UIView {
    var laidOut = 0
    override init(frame: CGRect) {
        super.init(frame: frame)
        tag = 7
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override func layoutSubviews() {
        super.layoutSubviews()
        laidOut += 1
    }
}

/// A drawing view as real code writes one: it overrides the responder's touch methods and
/// `draw(_:)`, collecting a path (touchtrace calls neither: a test calls them).
final class SketchView: UIView {
    let path = UIBezierPath()
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        path.move(to: .zero)
    }
    override func draw(_ rect: CGRect) {
        path.lineWidth = 8
        path.stroke()
    }
}

/// A view controller that builds its screen in `viewDidLoad`.
final class BoardController: UIViewController {
    let card = CardView(frame: CGRect(x: 20, y: 40, width: 100, height: 60))
    let pan = UIPanGestureRecognizer()
    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(card)
        card.addGestureRecognizer(pan)
    }
}

func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }
func close(_ a: CGRect, _ b: CGRect) -> Bool {
    close(a.origin, b.origin) && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
}

@Suite struct UIViewTests {
    @Test func frameCenterBoundsAndTransformAgree() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == CGPoint(x: 60, y: 45) && v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        v.center = CGPoint(x: 100, y: 100)
        #expect(v.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
        // Doubling about the center: the frame grows around the same center.
        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(v.frame == CGRect(x: 0, y: 50, width: 200, height: 100))
        #expect(v.bounds.size == CGSize(width: 100, height: 50))
        // A quarter turn: 50 across, 100 down, about (100, 100).
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(close(v.frame, CGRect(x: 75, y: 50, width: 50, height: 100)))
        v.transform = .identity
        v.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        #expect(v.center == CGPoint(x: 20, y: 15) && v.bounds.size == CGSize(width: 40, height: 30))
        v.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        #expect(v.frame == CGRect(x: 10, y: 10, width: 20, height: 10))
    }

    @Test func treesAndConversionsThroughTransforms() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let outer = UIView(frame: CGRect(x: 100, y: 200, width: 200, height: 200))
        let inner = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 50))
        window.addSubview(outer)
        outer.addSubview(inner)
        #expect(inner.superview === outer && outer.subviews.first === inner && inner.window === window && window.window === window)
        #expect(inner.convert(CGPoint(x: 5, y: 5), to: nil) == CGPoint(x: 115, y: 225))
        #expect(inner.convert(CGPoint(x: 5, y: 5), to: outer) == CGPoint(x: 15, y: 25))
        #expect(outer.convert(CGPoint(x: 115, y: 225), from: window) == CGPoint(x: 15, y: 25))
        // outer doubled about its center (200, 300): a point p of outer is at
        // (200, 300) + 2·(p − (100, 100)) in the window. inner's (5, 5) is outer's (15, 25):
        // (200 + 2·(−85), 300 + 2·(−75)) = (30, 150).
        outer.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(close(inner.convert(CGPoint(x: 5, y: 5), to: window), CGPoint(x: 30, y: 150)))
        #expect(close(inner.convert(CGPoint(x: 30, y: 150), from: window), CGPoint(x: 5, y: 5)))
        #expect(close(inner.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: window), CGRect(x: 20, y: 140, width: 20, height: 20)))
        #expect(close(window.convert(CGRect(x: 20, y: 140, width: 20, height: 20), to: inner), CGRect(x: 0, y: 0, width: 10, height: 10)))
        inner.removeFromSuperview()
        #expect(inner.superview == nil && outer.subviews.isEmpty && inner.window == nil)
    }

    @Test func hitTestingFollowsUIKitsRules() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let front = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        root.addSubview(back)
        root.addSubview(front)
        #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === front)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 350, y: 50), with: nil) == nil)
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === back)
        front.isHidden = false
        front.alpha = 0.005
        #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === back)
        front.alpha = 0.01
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === back)
        front.isUserInteractionEnabled = true
        // Moved away by its transform, front no longer covers (150, 150).
        front.transform = CGAffineTransform(translationX: 100, y: 0)
        #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 250, y: 150), with: nil) === front)
        #expect(front.point(inside: CGPoint(x: 0, y: 0), with: nil) && !front.point(inside: CGPoint(x: 200, y: 0), with: nil))
    }

    @Test func changesAreCountedForTheEngine() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.center = CGPoint(x: 1, y: 1)
        v.transform = CGAffineTransform(rotationAngle: 1)
        v.alpha = 0.5
        v.isHidden = true
        v.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        v.center = CGPoint(x: 1, y: 1)   // the same: no change
        v.tag = 3                        // not geometry
        #expect(v.changeCount == 5)
    }

    @Test func responderMethodsAndDrawCanBeOverridden() {
        let sketch = SketchView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        sketch.touchesBegan([], with: nil)
        sketch.draw(sketch.bounds)
        #expect(!sketch.path.isEmpty && sketch.path.lineWidth == 8)
    }

    @Test func controllersAndRecognizersOnViews() {
        let controller = BoardController()
        #expect(!controller.isViewLoaded)
        controller.loadViewIfNeeded()
        #expect(controller.isViewLoaded && controller.view.bounds.size == UIViewController.defaultViewSize)
        #expect(controller.card.superview === controller.view && controller.card.tag == 7)
        #expect(controller.pan.view === controller.card && controller.card.gestureRecognizers?.count == 1)
        controller.card.layoutIfNeeded()
        #expect(controller.card.laidOut == 1)
        let other = UIView()
        other.addGestureRecognizer(controller.pan)
        #expect(controller.pan.view === other && controller.card.gestureRecognizers == nil)
        other.removeGestureRecognizer(controller.pan)
        #expect(controller.pan.view == nil)
        #expect(controller.view.viewWithTag(7) === controller.card)
    }
}
