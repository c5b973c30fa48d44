// Gesture code written as for iOS — a photo screen's handlers, a delegate and a recognizer
// subclass — with only the changes the porting notes list: the import, `#selector` as a
// registered name, no `@objc`. It must compile and behave.
import Foundation
import TouchTraceUIKit
import Testing
@testable import TouchTrace

/// A screen with a photo that pans, pinches and turns; handlers written the UIKit way.
final class PhotoViewController: UIViewController, UIGestureRecognizerDelegate, @unchecked Sendable {
    let photo = UIView(frame: CGRect(x: 50, y: 100, width: 200, height: 150))
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(photo)
        let pan = UIPanGestureRecognizer(target: self, action: "handlePan:")
        let pinch = UIPinchGestureRecognizer(target: self, action: Selector("handlePinch:"))
        let rotate = UIRotationGestureRecognizer(target: self, action: "handleRotate:")
        for recognizer in [pan, pinch, rotate] as [UIGestureRecognizer] {
            recognizer.delegate = self
            photo.addGestureRecognizer(recognizer)
        }
    }

    // In Swift 6 mode `@IBAction` makes a method main-actor isolated, so a handler that
    // touchtrace calls drops it (as it drops `@objc`); one that it does not call may keep it.
    @IBAction func resetPhoto(_ sender: Any) {
        photo.transform = .identity
    }

    func handlePan(_ sender: UIPanGestureRecognizer) {
        guard let moved = sender.view, let container = moved.superview else { return }
        let translation = sender.translation(in: container)
        moved.center = CGPoint(x: moved.center.x + translation.x, y: moved.center.y + translation.y)
        sender.setTranslation(.zero, in: container)
        if sender.state == .ended {
            let v = sender.velocity(in: container)
            log.append("pan ended at \(moved.center.x),\(moved.center.y) speed \(hypot(v.x, v.y) > 0)")
            UIView.animate(withDuration: 0.2) { moved.alpha = 1 }
        }
    }

    func handlePinch(_ sender: UIPinchGestureRecognizer) {
        guard let view = sender.view else { return }
        view.transform = view.transform.scaledBy(x: sender.scale, y: sender.scale)
        sender.scale = 1
    }

    func handleRotate(_ sender: UIRotationGestureRecognizer) {
        sender.view?.transform = (sender.view?.transform.rotated(by: sender.rotation))!
        sender.rotation = 0
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }
}

/// A pan that gives up when it starts more vertical than horizontal: a subclass as real code
/// writes one.
final class HorizontalPanGestureRecognizer: UIPanGestureRecognizer {
    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        maximumNumberOfTouches = 1
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        if state == .began {
            let t = translation(in: view)
            if abs(t.y) > abs(t.x) { state = .cancelled }
        }
    }
}

@Suite struct PortedCodeTests {
    init() {
        UIGestureRecognizer.registerAction("handlePan:", for: PhotoViewController.self) { c, r in c.handlePan(r as! UIPanGestureRecognizer) }
        UIGestureRecognizer.registerAction("handlePinch:", for: PhotoViewController.self) { c, r in c.handlePinch(r as! UIPinchGestureRecognizer) }
        UIGestureRecognizer.registerAction("handleRotate:", for: PhotoViewController.self) { c, r in c.handleRotate(r as! UIRotationGestureRecognizer) }
    }

    /// The controller's pan moves the photo by the pan's translation; its pinch doubles it.
    @Test func handlersMoveAndScaleTheView() throws {
        let controller = PhotoViewController()
        controller.loadViewIfNeeded()
        let pans = controller.photo.gestureRecognizers!
        #expect(pans.count == 3 && pans.allSatisfy { $0.view === controller.photo && $0.delegate === controller })
        // The recognizers were made by the controller; touchtrace runs them in a scene whose view
        // is where the photo is on the screen (its frame: (50, 100, 200, 150)).
        let scene = Scene(views: [SceneView(name: "photo", frame: Rect(x: 50, y: 100, width: 200, height: 150),
                                            recognizers: [("pan", UIKitRecognizer { controller.photo.gestureRecognizers![0] }),
                                                          ("pinch", UIKitRecognizer { controller.photo.gestureRecognizers![1] })])],
                          origin: "test", version: 2, recognition: .simultaneous)
        // One finger drags 40 points right and 10 down, then lifts.
        let drag = try parseTrace(traceJSON([
            (0.00, [(1, "began", 100, 150)]), (0.02, [(1, "moved", 120, 155)]), (0.04, [(1, "moved", 140, 160)]),
            (0.06, [(1, "ended", 140, 160)]),
        ], version: 2))
        _ = replay(drag, scene)
        // Center (150, 175) moved by the whole translation (40, 10): the translation is taken in
        // steps and set back to zero each time.
        #expect(controller.photo.center == CGPoint(x: 190, y: 185))
        #expect(controller.log == ["pan ended at 190.0,185.0 speed true"])
    }

    @Test func pinchHandlerScalesByTheWholePinch() throws {
        let controller = PhotoViewController()
        controller.loadViewIfNeeded()
        let scene = Scene(views: [SceneView(name: "photo", frame: Rect(x: 0, y: 0, width: 400, height: 800),
                                            recognizers: [("pinch", UIKitRecognizer { controller.photo.gestureRecognizers![1] })])],
                          origin: "test", version: 2)
        // Fingers 100 apart, then 150, then 200: the transform ends scaled by 2.
        let spread = try parseTrace(traceJSON([
            (0.0, [(1, "began", 100, 300), (2, "began", 200, 300)]),
            (0.1, [(1, "moved", 75, 300), (2, "moved", 225, 300)]),
            (0.2, [(1, "moved", 50, 300), (2, "moved", 250, 300)]),
            (0.3, [(1, "ended", 50, 300), (2, "ended", 250, 300)]),
        ], version: 2))
        _ = replay(spread, scene)
        let t = controller.photo.transform
        #expect(abs(t.a - 2) < 1e-9 && abs(t.d - 2) < 1e-9 && t.b == 0 && t.c == 0)
        // Scaled about its center, the photo's frame is twice as large around the same center.
        #expect(abs(controller.photo.frame.width - 400) < 1e-9 && controller.photo.center == CGPoint(x: 150, y: 175))
    }

    @Test func subclassCancelsAVerticalStart() throws {
        let scene = oneViewScene([("horizontal", UIKitRecognizer { HorizontalPanGestureRecognizer() })], version: 2)
        let vertical = try parseTrace(traceJSON([
            (0.00, [(1, "began", 100, 100)]), (0.02, [(1, "moved", 102, 115)]), (0.04, [(1, "ended", 102, 130)]),
        ], version: 2))
        #expect(stateLines(replay(vertical, scene)) == ["0.02 possible→began", "0.02 began→cancelled"])
        let sideways = try parseTrace(traceJSON([
            (0.00, [(1, "began", 100, 100)]), (0.02, [(1, "moved", 115, 102)]), (0.04, [(1, "ended", 130, 102)]),
        ], version: 2))
        #expect(stateLines(replay(sideways, scene)) == ["0.02 possible→began", "0.04 began→ended"])
    }
}
