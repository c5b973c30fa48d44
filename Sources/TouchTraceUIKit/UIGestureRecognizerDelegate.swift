/// A recognizer's delegate, as `UIGestureRecognizerDelegate`: every method is optional (the
/// protocol extension gives UIKit's default answers).
///
/// touchtrace asks where UIKit asks (SPEC 17): `gestureRecognizerShouldBegin(_:)` when the
/// recognizer would leave `possible` for `began` or `recognized` (false: it fails, with the
/// reason `delegate refused to begin`); `gestureRecognizer(_:shouldReceive:)` before a touch is
/// first delivered to it (false: it never sees that touch, nor counts it in
/// `numberOfTouches`); `shouldRecognizeSimultaneouslyWith` at a win, for each pair the scene
/// makes exclusive (true from either recognizer's delegate: both go on); and
/// `shouldRequireFailureOf` / `shouldBeRequiredToFailBy` when two recognizers first share a
/// touch (true: one waits for the other to fail, for that gesture). The arena's questions are
/// asked about other TouchTraceUIKit recognizers of the replay, in a version 2 replay.
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
