// Custom presentations: `UIPresentationController` and the transition coordinator. A replay
// shows one screen and presenting shows nothing (see `UIViewController.present`), so a
// presentation controller is made and kept by code, and none of its transition methods is
// called by touchtrace.

/// What holds content whose size its container decides, as `UIKit.UIContentContainer`: view
/// controllers and presentation controllers.
public protocol UIContentContainer: AnyObject {
    /// The size the container would like for its content, in points.
    var preferredContentSize: CGSize { get }
    /// The size of `container`'s content inside a parent of `parentSize`, in points.
    func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize
}

extension UIContentContainer {
    /// `parentSize`: the child fills its parent, UIKit's default.
    public func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }
}

extension UIViewController: UIContentContainer {}

/// What runs animations beside a view controller transition, as
/// `UIViewControllerTransitionCoordinatorContext`.
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// Whether the transition was cancelled.
    var isCancelled: Bool { get }
}

/// The coordinator of a view controller transition, as `UIViewControllerTransitionCoordinator`.
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` beside the transition's and `completion` after it; returns whether they
    /// will run.
    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

extension UIViewController {
    /// The coordinator of the transition going on: nil, as no transition ever runs in a replay
    /// (presenting shows nothing), so code that animates beside one animates nothing, as in
    /// UIKit when no transition runs.
    public var transitionCoordinator: UIViewControllerTransitionCoordinator? { nil }
}

/// The object that manages a custom presentation, as `UIKit.UIPresentationController`: made
/// with the presented and presenting controllers and kept. Presenting shows nothing in a
/// replay, so there is no container view (`containerView` is nil) and none of the transition
/// or layout methods is called by touchtrace; subclasses override them as in UIKit.
open class UIPresentationController: UIContentContainer {
    /// The controller being presented.
    public let presentedViewController: UIViewController
    /// The controller presenting it (held weakly, as given).
    open private(set) weak var presentingViewController: UIViewController?
    /// The size the presentation would like for its content (zero): kept.
    open var preferredContentSize: CGSize = .zero

    /// A presentation of `presentedViewController` by `presentingViewController`.
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController
    }

    /// The view that holds the presented view during a presentation: nil (nothing is presented).
    open var containerView: UIView? { nil }
    /// The view presented: the presented controller's view if it is loaded, as UIKit's default.
    open var presentedView: UIView? { presentedViewController.viewIfLoaded }
    /// The presented view's frame in the container: the container's bounds (zero: there is none),
    /// UIKit's default; subclasses override it.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }
    /// Whether the presentation covers the whole screen (true), UIKit's default.
    open var shouldPresentInFullscreen: Bool { true }
    /// Whether the presenting controller's view is removed when the presentation ends (false).
    open var shouldRemovePresentersView: Bool { false }

    /// The size of `container`'s content inside a parent of `parentSize`: `parentSize`.
    open func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }
    /// The presentation is about to begin: nothing (never called: nothing is presented).
    open func presentationTransitionWillBegin() {}
    /// The presentation ended (`completed`: it was not cancelled): nothing (never called).
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// The dismissal is about to begin: nothing (never called).
    open func dismissalTransitionWillBegin() {}
    /// The dismissal ended: nothing (never called).
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    /// The container is about to lay out its subviews: nothing (never called).
    open func containerViewWillLayoutSubviews() {}
    /// The container laid out its subviews: nothing (never called).
    open func containerViewDidLayoutSubviews() {}
}
