// A screen built in code is hit-tested through its views' own code, as UIWindow does on a
// device: `hitTest(_:with:)` from the window down, which calls `point(inside:with:)`, so a view
// that overrides either decides where a touch goes. Each test derives the view a touch reaches
// from UIKit's documented rules and the frames below.
import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// A button-sized view whose hit area reaches 20 points past its bounds on every side (the
/// "larger hit area" pattern).
final class BigHitAreaView: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -20, dy: -20).contains(point)
    }
}

/// An overlay that is never hit itself: a touch goes through it to what is below, unless it
/// hits one of the overlay's subviews.
final class PassThroughView: UIView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}

/// A track that hands every touch inside it to its thumb, wherever on the track it lands.
final class ForwardingTrackView: UIView {
    let thumb = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point, with: event) else { return nil }
        return thumb
    }
}

/// The screens of the tests: a full-screen root (`screen`) with a tap, and views in front of it,
/// each with a tap named after it.
final class HitTestingViewController: UIViewController {
    enum Layout { case bigHitArea, passThrough, forwarding, skipped }
    let layout: Layout

    init(_ layout: Layout) {
        self.layout = layout
        super.init()
    }

    private func add(_ view: UIView, _ name: String, to parent: UIView) {
        view.accessibilityIdentifier = name
        parent.addSubview(view)
        view.addGestureRecognizer(UITapGestureRecognizer(target: nil, action: nil))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "screen"
        view.addGestureRecognizer(UITapGestureRecognizer(target: nil, action: nil))
        switch layout {
        case .bigHitArea:
            add(BigHitAreaView(frame: CGRect(x: 100, y: 100, width: 40, height: 40)), "button", to: view)
        case .passThrough:
            add(UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100)), "target", to: view)
            let overlay = PassThroughView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            add(overlay, "overlay", to: view)
            add(UIView(frame: CGRect(x: 300, y: 10, width: 40, height: 40)), "badge", to: overlay)
        case .forwarding:
            let track = ForwardingTrackView(frame: CGRect(x: 0, y: 500, width: 390, height: 100))
            add(track, "track", to: view)
            add(track.thumb, "thumb", to: track)
        case .skipped:
            add(UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100)), "back", to: view)
            let faded = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
            add(faded, "faded", to: view)
            faded.alpha = 0
            let hidden = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
            add(hidden, "hidden", to: view)
            hidden.isHidden = true
            let inert = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
            add(inert, "inert", to: view)
            inert.isUserInteractionEnabled = false
        }
    }
}

@Suite struct ViewsOwnHitTestingTests {
    /// The views whose tap recognizes a one-finger tap (down at 0 s, up at 0.05 s) at (x, y) on
    /// the screen `layout` builds.
    func tapped(_ layout: HitTestingViewController.Layout, at x: Double, _ y: Double) throws -> [String] {
        var registry = Registry.standard
        try registry.register(.uiKit("hit-testing") { HitTestingViewController(layout) })
        let scene = try parseScene(#"{"screen": "hit-testing"}"#, version: 2, registry: registry)
        let trace = try parseTrace(traceJSON([(0, [(1, "began", x, y)]), (0.05, [(1, "ended", x, y)])], version: 2))
        let names = scene.sources.map { $0.view }
        return replay(trace, scene).filter { $0.event.description == "state" && $0.name("to") == "recognized" }.map { names[$0.source] }
    }

    /// The button's frame is (100, 100, 40, 40). A touch at (150, 120) is (50, 20) in the
    /// button, outside its bounds (x < 40) but inside the bounds grown by 20 on each side
    /// (−20 ≤ x < 60, −20 ≤ y < 60): the button's own `point(inside:with:)` takes it. At
    /// (165, 120), x = 65 is past 60: the screen behind gets it.
    @Test func anEnlargedHitAreaCatchesATouchOutsideTheFrame() throws {
        #expect(try tapped(.bigHitArea, at: 150, 120) == ["button"])
        #expect(try tapped(.bigHitArea, at: 165, 120) == ["screen"])
        // Inside the frame, as before.
        #expect(try tapped(.bigHitArea, at: 110, 110) == ["button"])
    }

    /// The overlay covers the screen in front of `target` (50, 50, 100, 100) but returns nil for
    /// itself: a touch at (100, 100) goes on to the views behind it, front to back — `target`
    /// holds it. Its subview `badge` (300, 10, 40, 40) is still hit at (320, 30); elsewhere the
    /// touch falls through to the screen.
    @Test func aPassThroughOverlayLetsATouchReachTheViewBelow() throws {
        #expect(try tapped(.passThrough, at: 100, 100) == ["target"])
        #expect(try tapped(.passThrough, at: 320, 30) == ["badge"])
        #expect(try tapped(.passThrough, at: 200, 400) == ["screen"])
    }

    /// The track (0, 500, 390, 100) forwards every touch inside it to its thumb, whose frame
    /// (10, 10, 40, 40) in the track is (10, 510, 40, 40) on the screen. A touch at (300, 550) is
    /// far from the thumb, but inside the track ((300, 50) in it): the thumb's tap recognizes.
    /// Above the track, at (300, 450), the track's `point(inside:)` says no: the screen's tap.
    @Test func aContainerForwardsToAChild() throws {
        #expect(try tapped(.forwarding, at: 300, 550) == ["thumb"])
        #expect(try tapped(.forwarding, at: 300, 450) == ["screen"])
    }

    /// Four views share the frame (50, 50, 100, 100): `back`, then in front of it `faded`
    /// (alpha 0, below 0.01), `hidden` (isHidden) and, front-most, `inert`
    /// (isUserInteractionEnabled false). UIKit's hitTest skips the three in front, so a touch at
    /// (100, 100) reaches `back`.
    @Test func hiddenTransparentAndInertViewsAreSkipped() throws {
        #expect(try tapped(.skipped, at: 100, 100) == ["back"])
        #expect(try tapped(.skipped, at: 200, 200) == ["screen"])
    }
}
