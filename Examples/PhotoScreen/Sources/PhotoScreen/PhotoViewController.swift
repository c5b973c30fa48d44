#if canImport(UIKit)
import UIKit
#else
import TouchTraceUIKit
#endif

/// A photo screen as an app writes one: a caption card the user drags anywhere, a photo the
/// user zooms with two fingers and turns (both at once: the delegate allows it), and a swipe
/// down anywhere on the screen that dismisses it. Written for iOS; touchtrace runs it unchanged.
final class PhotoViewController: UIViewController, UIGestureRecognizerDelegate {
    // Plain properties where a storyboard app has `@IBOutlet weak var card: UIView!`.
    let card = UIView(frame: CGRect(x: 20, y: 60, width: 200, height: 100))
    let photo = UIView(frame: CGRect(x: 45, y: 300, width: 300, height: 300))

    /// Whether the swipe down has dismissed the screen.
    private(set) var isDismissed = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "viewer"
        card.accessibilityIdentifier = "card"
        photo.accessibilityIdentifier = "photo"
        view.addSubview(photo)
        view.addSubview(card)

        let pan = UIPanGestureRecognizer(target: self, action: .handlePan)
        card.addGestureRecognizer(pan)

        let pinch = UIPinchGestureRecognizer(target: self, action: .handlePinch)
        pinch.delegate = self
        photo.addGestureRecognizer(pinch)

        let rotation = UIRotationGestureRecognizer(target: self, action: .handleRotation)
        rotation.delegate = self
        photo.addGestureRecognizer(rotation)

        let swipe = UISwipeGestureRecognizer(target: self, action: .handleSwipe)
        swipe.direction = .down
        view.addGestureRecognizer(swipe)
    }

    /// Moves the card with the finger: the translation since the last call, then back to zero.
    #if canImport(UIKit)
    @objc
    #endif
    func handlePan(_ sender: UIPanGestureRecognizer) {
        guard let moved = sender.view, let container = moved.superview else { return }
        let translation = sender.translation(in: container)
        moved.center = CGPoint(x: moved.center.x + translation.x, y: moved.center.y + translation.y)
        sender.setTranslation(.zero, in: container)
    }

    /// Zooms the photo by the scale since the last call, then resets the scale to 1.
    #if canImport(UIKit)
    @objc
    #endif
    func handlePinch(_ sender: UIPinchGestureRecognizer) {
        guard let zoomed = sender.view else { return }
        zoomed.transform = zoomed.transform.scaledBy(x: sender.scale, y: sender.scale)
        sender.scale = 1
    }

    /// Turns the photo by the rotation since the last call, then resets the rotation to 0.
    #if canImport(UIKit)
    @objc
    #endif
    func handleRotation(_ sender: UIRotationGestureRecognizer) {
        guard let turned = sender.view else { return }
        turned.transform = turned.transform.rotated(by: sender.rotation)
        sender.rotation = 0
    }

    /// Dismisses the screen: it fades out and slides down by its own height in 0.25 s (in a
    /// replay the animation's end state comes at once).
    #if canImport(UIKit)
    @objc
    #endif
    func handleSwipe(_ sender: UISwipeGestureRecognizer) {
        guard sender.state == .ended, !isDismissed else { return }
        isDismissed = true
        UIView.animate(withDuration: 0.25) {
            self.view.alpha = 0
            self.view.transform = CGAffineTransform(translationX: 0, y: self.view.bounds.height)
        }
    }

    /// Zooming and turning go together; every other pair stays exclusive.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        let photoGestures = [gestureRecognizer, otherGestureRecognizer].allSatisfy {
            $0 is UIPinchGestureRecognizer || $0 is UIRotationGestureRecognizer
        }
        return photoGestures
    }
}

// The actions, by selector. On iOS `#selector` names the `@objc` methods; Swift on Linux has no
// Objective-C runtime, so there they are names that Registration.swift tells touchtrace how to call.
extension Selector {
    #if canImport(UIKit)
    static let handlePan = #selector(PhotoViewController.handlePan(_:))
    static let handlePinch = #selector(PhotoViewController.handlePinch(_:))
    static let handleRotation = #selector(PhotoViewController.handleRotation(_:))
    static let handleSwipe = #selector(PhotoViewController.handleSwipe(_:))
    #else
    static let handlePan: Selector = "handlePan:"
    static let handlePinch: Selector = "handlePinch:"
    static let handleRotation: Selector = "handleRotation:"
    static let handleSwipe: Selector = "handleSwipe:"
    #endif
}
