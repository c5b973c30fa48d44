/// A recognizer's delegate, as `UIGestureRecognizerDelegate`: every method is optional (the
/// protocol extension gives UIKit's default answers).
///
/// What touchtrace asks: `gestureRecognizerShouldBegin(_:)` when a recognizer whose state
/// changes go through `state` (a subclass of `UIGestureRecognizer`, or
/// `UIPanGestureRecognizer` and `UIScreenEdgePanGestureRecognizer`) would leave `possible` for
/// `began` or `recognized` — false makes it fail, with the reason `delegate refused to begin`
/// — and `gestureRecognizer(_:shouldReceive:)` before a touch is first delivered to the
/// recognizer (false: the recognizer never sees that touch, nor counts it in
/// `numberOfTouches`). The arena's questions — `shouldRecognizeSimultaneouslyWith`,
/// `shouldRequireFailureOf`, `shouldBeRequiredToFailBy` — are declared for code that
/// implements them and are not asked yet: the scene keys `simultaneousWith` and
/// `requireToFail` say the same for now. Nor is `gestureRecognizerShouldBegin` asked yet of the
/// classes that run on the library's recognizers (tap, long press, swipe, pinch, rotation),
/// whose wins the engine decides inside the call.
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may begin (or be recognized). UIKit's default: true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the two may recognize at the same time. UIKit's default: false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the recognizer must wait for the other to fail. UIKit's default: false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the other must wait for this recognizer to fail. UIKit's default: false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the recognizer gets this touch at all. UIKit's default: true.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
}

extension UIGestureRecognizerDelegate {
    /// True: UIKit's default.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// False: UIKit's default.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// False: UIKit's default.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// False: UIKit's default.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// True: UIKit's default.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
}
