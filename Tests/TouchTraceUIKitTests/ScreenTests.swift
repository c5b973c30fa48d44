import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// Screens built in code (SPEC 17): a view controller's view after `viewDidLoad()`, with its
/// recognizers, handlers and delegate, as the scene of a fixture folder (`{"screen": NAME}`).
@Suite struct ScreenTests {
    /// A photo screen as apps write one: a card the user drags, a photo that pinches and turns
    /// (the delegate lets the two go together), a swipe down on the whole screen to dismiss.
    final class PhotoViewController: UIViewController, UIGestureRecognizerDelegate {
        let card = UIView(frame: CGRect(x: 20, y: 100, width: 150, height: 150))
        let photo = UIView(frame: CGRect(x: 200, y: 100, width: 150, height: 150))
        let together: Bool
        var dismissed = false

        init(together: Bool = true) {
            self.together = together
            super.init()
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            card.accessibilityIdentifier = "card"
            photo.accessibilityIdentifier = "photo"
            view.addSubview(card)
            view.addSubview(photo)
            let pan = UIPanGestureRecognizer(target: nil, action: nil)
            pan.addTarget(self, action: PhotoViewController.handlePan)
            card.addGestureRecognizer(pan)
            let pinch = UIPinchGestureRecognizer(target: nil, action: nil)
            pinch.addTarget(self, action: PhotoViewController.handlePinch)
            pinch.delegate = self
            photo.addGestureRecognizer(pinch)
            let rotation = UIRotationGestureRecognizer(target: nil, action: nil)
            rotation.addTarget(self, action: PhotoViewController.handleRotation)
            rotation.delegate = self
            photo.addGestureRecognizer(rotation)
            let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
            swipe.direction = .down
            swipe.addTarget(self, action: PhotoViewController.handleSwipe)
            view.addGestureRecognizer(swipe)
        }

        func handlePan(_ g: UIGestureRecognizer) {
            let pan = g as! UIPanGestureRecognizer
            let t = pan.translation(in: view)
            card.center = CGPoint(x: card.center.x + t.x, y: card.center.y + t.y)
            pan.setTranslation(.zero, in: view)
        }

        func handlePinch(_ g: UIGestureRecognizer) {
            let pinch = g as! UIPinchGestureRecognizer
            photo.transform = photo.transform.scaledBy(x: pinch.scale, y: pinch.scale)
            pinch.scale = 1
        }

        func handleRotation(_ g: UIGestureRecognizer) {
            let rotation = g as! UIRotationGestureRecognizer
            photo.transform = photo.transform.rotated(by: rotation.rotation)
            rotation.rotation = 0
        }

        func handleSwipe(_ g: UIGestureRecognizer) {
            if g.state == .ended { dismissed = true }
        }

        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            together
        }
    }

    func registry() throws -> Registry {
        var registry = Registry.standard
        try registry.register(.uiKit("photo") { PhotoViewController() })
        try registry.register(.uiKit("photo-alone") { PhotoViewController(together: false) })
        return registry
    }

    @Test func aControllersViewIsTheScene() throws {
        let scene = try parseScene(#"{"screen": "photo"}"#, version: 2, registry: registry())
        // The root view (390 × 844, UIViewController's default), then its subviews back to front.
        #expect(scene.views.map(\.name) == ["UIView[0]", "card", "photo"])
        #expect(scene.views.map { $0.superview ?? -1 } == [-1, 0, 0])
        #expect(scene.views[2].frame == Rect(x: 200, y: 100, width: 150, height: 150))
        #expect(scene.sources.map { "\($0.view).\($0.name)" } == [
            "UIView[0].swipe", "card.pan", "photo.pinch", "photo.rotation", "UIView[0].view", "card.view", "photo.view",
        ])
    }

    @Test func namingAScreenThatIsNotRegisteredIsALocatedError() throws {
        #expect(throws: TraceErrors.self) { try parseScene(#"{"screen": "nope"}"#, version: 2, registry: registry()) }
        do {
            _ = try parseScene(#"{"screen": "nope"}"#, version: 2, registry: registry())
        } catch {
            #expect("\(error)".contains(#"scene.json:1:12: unknown screen "nope"; known screens: photo, photo-alone"#), "\(error)")
        }
        do {
            _ = try parseScene(#"{"screen": "photo"}"#, version: 1, registry: registry())
        } catch {
            #expect("\(error)".contains("a screen built in code needs a version 2 trace"), "\(error)")
        }
    }

    /// Two fingers on the photo (x 200…350, y 100…250), 30 points apart across at y 175, turn
    /// and spread in one move: at 0.05 the line between them is (60, 60), 84.85 points long at
    /// 45°. The pinch (span changed by 54.85 ≥ 8 points) and the rotation (π/4 ≥ 0.0873
    /// radians) would both begin at that move; they share the touches.
    static let twist = traceJSON([
        (0, [(1, "began", 260, 175), (2, "began", 290, 175)]),
        (0.05, [(1, "moved", 245, 160), (2, "moved", 305, 220)]),
        (0.1, [(1, "ended", 245, 160), (2, "ended", 305, 220)]),
    ], version: 2)

    @Test func theDelegateLetsPinchAndRotationGoTogether() throws {
        let registry = try registry()
        for (screen, together) in [("photo", true), ("photo-alone", false)] {
            let scene = try parseScene(#"{"screen": "\#(screen)"}"#, version: 2, registry: registry)
            let records = replay(try parseTrace(Self.twist), scene)
            let names = scene.sources.map { "\($0.view).\($0.name)" }
            let lines = records.map { r in "\(names[r.source]) \(r.event) \(r.name("to") ?? "")" }
            if together {
                #expect(lines.contains("photo.pinch state began") && lines.contains("photo.rotation state began"), "\(lines)")
                #expect(lines.contains { $0.hasPrefix("photo.view viewChanged") }, "\(lines)")
            } else {
                #expect(lines.contains("photo.pinch state began") && lines.contains("photo.rotation state failed"), "\(lines)")
            }
        }
    }
}
