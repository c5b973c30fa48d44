// Interactive transitions as gesture code drives them: a pan that dismisses a screen while
// `update(_:)` follows the finger, then `finish()` or `cancel()` at the lift.
//
// A replay shows one screen: presenting and dismissing show nothing and run their completions
// at once (see `UIViewController.present`), so no transition ever starts, a controller's
// `transitioningDelegate` is kept and never asked, and an interaction controller keeps what the
// gesture tells it (`percentComplete`) for the code that reads it back.

/// A key for the controllers of a transition, as UIKit's `UITransitionContextViewControllerKey`.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// A key of the given name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The controller the transition leaves.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The controller the transition shows.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// A key for the views of a transition, as UIKit's `UITransitionContextViewKey`.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// A key of the given name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view the transition leaves.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    /// The view the transition shows.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// What a transition's animator is given, as UIKit's `UIViewControllerContextTransitioning`.
/// touchtrace never starts a transition, so it never makes one; code that implements it (a
/// test's own context) is driven by `UIPercentDrivenInteractiveTransition` as UIKit's is.
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view the transition happens in.
    var containerView: UIView { get }
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// Whether a gesture drives it.
    var isInteractive: Bool { get }
    /// Whether it was cancelled.
    var transitionWasCancelled: Bool { get }
    /// The controller for `key`.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view for `key`.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// Tells the context the animation is done (`didComplete` false: cancelled).
    func completeTransition(_ didComplete: Bool)
    /// The fraction done, 0 to 1, of an interactive transition.
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// The gesture finished the transition.
    func finishInteractiveTransition()
    /// The gesture cancelled the transition.
    func cancelInteractiveTransition()
    /// The gesture paused the transition.
    func pauseInteractiveTransition()
    /// Where `vc`'s view starts.
    func initialFrame(for vc: UIViewController) -> CGRect
    /// Where `vc`'s view ends.
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// An animator of a transition, as UIKit's `UIViewControllerAnimatedTransitioning`: kept by
/// code, never asked here (no transition starts).
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// How long the animation lasts (seconds).
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    /// Runs the animation.
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    /// Called when the transition is over.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    /// Nothing, unless the animator says otherwise.
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// A driver of an interactive transition, as UIKit's `UIViewControllerInteractiveTransitioning`.
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    /// Starts the transition with `transitionContext`.
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    /// How fast the rest runs when the gesture lets go (1).
    var completionSpeed: CGFloat { get }
    /// The curve of the rest.
    var completionCurve: UIView.AnimationCurve { get }
    /// Whether the transition starts interactively (true).
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    /// 1, UIKit's default.
    public var completionSpeed: CGFloat { 1 }
    /// `.easeInOut`, UIKit's default.
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    /// True, UIKit's default.
    public var wantsInteractiveStart: Bool { true }
}

/// What a controller's `transitioningDelegate` may answer, as UIKit's
/// `UIViewControllerTransitioningDelegate`, every method optional: kept, never asked here.
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    /// The animator for presenting `presented`.
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The animator for dismissing `dismissed`.
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The interaction controller for a presentation.
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    /// The interaction controller for a dismissal.
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
}

extension UIViewControllerTransitioningDelegate {
    /// None: UIKit's standard animation.
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    /// None: UIKit's standard animation.
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    /// None: not interactive.
    public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    /// None: not interactive.
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
}

/// An interaction controller that a gesture drives by fraction, as UIKit's
/// `UIPercentDrivenInteractiveTransition`.
///
/// `update(_:)` sets `percentComplete`; `finish()` makes it 1 and `cancel()` 0, as the
/// transition ends at its end or at its start. With a transition context (one started by
/// `startInteractiveTransition(_:)`), each call is passed on to it as UIKit passes it:
/// `updateInteractiveTransition`, `finishInteractiveTransition`, `cancelInteractiveTransition`,
/// `pauseInteractiveTransition`. touchtrace itself never starts a transition (see the file's
/// documentation), so in a replay only `percentComplete` moves.
open class UIPercentDrivenInteractiveTransition: UIViewControllerInteractiveTransitioning {
    /// The context of the transition started, if any.
    private weak var context: UIViewControllerContextTransitioning?

    /// An interaction controller with no transition.
    public init() {}

    /// The fraction done, as the gesture last said (0).
    open private(set) var percentComplete: CGFloat = 0
    /// The duration of the animation being driven (seconds; 0 with none).
    open var duration: CGFloat { 0 }
    /// How fast the rest runs when the gesture lets go (1): kept.
    open var completionSpeed: CGFloat = 1
    /// The curve of the rest (`.easeInOut`): kept.
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// Whether the transition starts interactively (true): kept.
    open var wantsInteractiveStart = true

    /// Starts driving the transition of `transitionContext`.
    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        context = transitionContext
    }
    /// The gesture is `percentComplete` (0 to 1) of the way.
    open func update(_ percentComplete: CGFloat) {
        self.percentComplete = percentComplete
        context?.updateInteractiveTransition(percentComplete)
    }
    /// The gesture let go short of the end: the transition goes back to its start.
    open func cancel() {
        percentComplete = 0
        context?.cancelInteractiveTransition()
    }
    /// The gesture let go far enough: the transition runs to its end.
    open func finish() {
        percentComplete = 1
        context?.finishInteractiveTransition()
    }
    /// The gesture holds the transition where it is.
    open func pause() {
        context?.pauseInteractiveTransition()
    }
}

/// A recognizer of the pointer moving over a view, as UIKit's `UIHoverGestureRecognizer`. A
/// trace holds touches, not a pointer, and on a touch screen UIKit's never recognizes either:
/// it ignores every touch (`ignore(_:for:)`), so it stays `.possible`, writes no record and
/// holds no touch from the views or the other recognizers.
open class UIHoverGestureRecognizer: UIGestureRecognizer {
    /// Ignores the touches: a hover is not a touch.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches { ignore(touch, for: event) }
    }
    /// The pointer's height over the screen (Apple Pencil hover): π/2, as a finger's altitude.
    open var altitudeAngle: CGFloat { .pi / 2 }
    /// How far the pencil is from the screen, 0 to 1: 0.
    open var zOffset: CGFloat { 0 }
}
