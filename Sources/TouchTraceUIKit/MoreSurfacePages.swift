// Pages and pickers: `UIPageViewController`, whose drag turns pages in a replay, the storyboard
// a controller comes from (none here), and `UIPickerView`.

/// The direction pages turn, as `UIPageViewController.NavigationDirection`'s Swift 4 name.
public typealias UIPageViewControllerNavigationDirection = UIPageViewController.NavigationDirection

/// What gives a page view controller its pages, as `UIPageViewControllerDataSource`: asked, as
/// on a device, when a drag turns a page.
public protocol UIPageViewControllerDataSource: AnyObject {
    /// The page before `viewController` (nil: it is the first).
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController?
    /// The page after `viewController` (nil: it is the last).
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController?
    /// The number of pages the page indicator shows (0 when the data source gives none).
    func presentationCount(for pageViewController: UIPageViewController) -> Int
    /// The page the indicator shows selected (0 when the data source gives none).
    func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

extension UIPageViewControllerDataSource {
    /// 0.
    public func presentationCount(for pageViewController: UIPageViewController) -> Int { 0 }
    /// 0.
    public func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// What hears a page view controller's page turns, as `UIPageViewControllerDelegate`, all
/// optional: told when a drag turns a page (not when code sets the pages, as in UIKit).
public protocol UIPageViewControllerDelegate: AnyObject {
    /// A drag is about to show `pendingViewControllers`.
    func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController])
    /// A drag's page turn ended: `completed` is whether the new page is shown (false: the old
    /// one stayed), `previousViewControllers` the pages shown before.
    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
}

extension UIPageViewControllerDelegate {
    /// Nothing.
    public func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {}
    /// Nothing.
    public func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                   previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {}
}

/// A controller of pages a drag turns, as `UIKit.UIPageViewController`: the page shown is its
/// child, and its view fills the controller's view.
///
/// A drag across the controller's view (its own pan, added when the view is made) moves the
/// page with the finger along the navigation orientation; at the lift, the page turns to the
/// data source's next one when the finger went more than half the view's width (height, for a
/// vertical orientation) toward it or left with a speed over `turningSpeed` (the pan's velocity
/// at the lift, zero once the finger rested more than 40 ms), if the data source
/// gives one; otherwise the page goes back to its place. The delegate hears
/// `willTransitionTo` when the new page is about to be shown and `didFinishAnimating` after the
/// turn. touchtrace's simplifications: both styles turn as the scroll style does, the turn is
/// not animated (the new page is in place at the lift), and one page is shown at a time.
open class UIPageViewController: UIViewController {
    /// How pages turn, as `UIPageViewController.TransitionStyle`.
    public enum TransitionStyle: Int, Sendable {
        /// A page curl.
        case pageCurl
        /// A scroll.
        case scroll
    }
    /// The axis pages turn along, as `UIPageViewController.NavigationOrientation`.
    public enum NavigationOrientation: Int, Sendable {
        /// Left and right.
        case horizontal
        /// Up and down.
        case vertical
    }
    /// The direction of a page turn, as `UIPageViewController.NavigationDirection`.
    public enum NavigationDirection: Int, Sendable {
        /// To the next page.
        case forward
        /// To the previous page.
        case reverse
    }
    /// The keys of the options given at creation, as `UIPageViewController.OptionsKey`: kept.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// The key named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Where the spine is (page curl).
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        /// The space between pages, in points (scroll).
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    /// The speed, in points per second along the orientation, above which a drag's lift turns
    /// the page whatever the distance (500: touchtrace's value; UIKit does not document it).
    public static let turningSpeed: CGFloat = 500

    /// The style given.
    public let transitionStyle: TransitionStyle
    /// The orientation given.
    public let navigationOrientation: NavigationOrientation
    /// What gives the pages (held weakly).
    open weak var dataSource: UIPageViewControllerDataSource?
    /// What hears page turns (held weakly).
    open weak var delegate: UIPageViewControllerDelegate?
    /// Whether two pages show side by side (false): kept, one page is shown.
    open var isDoubleSided = false
    /// The pages shown (nil before any is set).
    open private(set) var viewControllers: [UIViewController]?

    /// A page view controller of this style and orientation (`options` are kept by nothing).
    public init(transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
                options: [OptionsKey: Any]? = nil) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        super.init()
    }

    /// A page-curl, horizontal page view controller, as UIKit's `init()`.
    public override convenience init() {
        self.init(transitionStyle: .pageCurl, navigationOrientation: .horizontal)
    }

    /// A page-curl, horizontal page view controller: touchtrace has no nibs.
    public override convenience init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        self.init(transitionStyle: .pageCurl, navigationOrientation: .horizontal)
    }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// The page-turning pan (see the type's documentation).
    private let turner = UIPanGestureRecognizer()

    /// Makes the view (a plain view, as `UIViewController`'s) with the page-turning pan on it.
    open override func loadView() {
        super.loadView()
        turner.addTarget { [unowned self] _ in self.turnerChanged() }
        view.addGestureRecognizer(turner)
    }

    /// Shows `viewControllers` (the first is the page; `direction` and `animated` do not
    /// matter: the page is in place at once), then calls `completion` with true. The delegate
    /// is not told, as in UIKit.
    open func setViewControllers(_ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
                                 completion: ((Bool) -> Void)? = nil) {
        show(viewControllers?.first)
        completion?(true)
    }

    /// The page shown.
    private var page: UIViewController? { viewControllers?.first }

    /// Makes `next` the page: the old one's view and child link go, the new one's come.
    private func show(_ next: UIViewController?) {
        if let old = page, old !== next {
            old.viewIfLoaded?.removeFromSuperview()
            old.removeFromParent()
        }
        viewControllers = next.map { [$0] }
        guard let next else { return }
        if next.parent !== self {
            addChild(next)
            next.didMove(toParent: self)
        }
        next.view.frame = view.bounds
        if next.view.superview !== view { view.addSubview(next.view) }
    }

    /// The pan changed: the page follows the finger; at the lift it turns or goes back.
    private func turnerChanged() {
        guard let page, let pageView = page.viewIfLoaded else { return }
        let horizontal = navigationOrientation == .horizontal
        let moved = turner.translation(in: view)
        let distance = horizontal ? moved.x : moved.y
        switch turner.state {
        case .began, .changed:
            pageView.frame.origin = horizontal ? CGPoint(x: distance, y: 0) : CGPoint(x: 0, y: distance)
        case .ended, .cancelled, .failed:
            pageView.frame.origin = .zero
            // The velocity at the lift as the pan's record gives it: zero once the finger has
            // rested more than 40 ms (SPEC 4.1), so a drag that stopped does not fling.
            let lift = turner.core.velocityTracker.velocity(endingAt: CACurrentMediaTime(), fromTwoSamples: true)
            let speed = CGFloat(horizontal ? lift.x : lift.y)
            let length = horizontal ? view.bounds.width : view.bounds.height
            guard turner.state == .ended else { return }
            let forward = distance < -length / 2 || speed < -Self.turningSpeed
            let backward = distance > length / 2 || speed > Self.turningSpeed
            guard forward || backward else { return }
            let next = forward ? dataSource?.pageViewController(self, viewControllerAfter: page)
                               : dataSource?.pageViewController(self, viewControllerBefore: page)
            guard let next, next !== page else { return }
            delegate?.pageViewController(self, willTransitionTo: [next])
            show(next)
            delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [page], transitionCompleted: true)
        default:
            break
        }
    }
}

/// A storyboard, as `UIKit.UIStoryboard`: touchtrace has no storyboards, so one is made by name
/// and makes plain controllers.
open class UIStoryboard {
    /// The name given.
    public let name: String
    /// The storyboard `name` (`storyboardBundleOrNil` does not matter).
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) { self.name = name }
    /// The controller of `identifier`: a plain `UIViewController` (there are no scenes to read).
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController { UIViewController() }
    /// The initial controller: a plain `UIViewController`.
    open func instantiateInitialViewController() -> UIViewController? { UIViewController() }
}

extension UIViewController {
    /// The storyboard the controller came from: nil (touchtrace has no storyboards; controllers
    /// are made by code).
    public var storyboard: UIStoryboard? { nil }
}

/// What gives a picker its rows, as `UIPickerViewDataSource`.
public protocol UIPickerViewDataSource: AnyObject {
    /// The number of wheels.
    func numberOfComponents(in pickerView: UIPickerView) -> Int
    /// The number of rows of wheel `component`.
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

/// What gives a picker's titles and hears its selection, as `UIPickerViewDelegate`, all optional.
public protocol UIPickerViewDelegate: AnyObject {
    /// The title of `row` of wheel `component` (nil when the delegate gives none).
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    /// The user selected `row` of wheel `component` (not called for `selectRow` by code, as in
    /// UIKit; see `UIPickerView` on touches).
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
    /// The height of each row of `component`, in points (UIKit's 32 when the delegate gives none).
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
}

extension UIPickerViewDelegate {
    /// Nil.
    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? { nil }
    /// Nothing.
    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {}
    /// 32.
    public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat { 32 }
}

/// A view of spinning wheels, as `UIKit.UIPickerView`: it asks its data source for wheels and
/// rows and keeps the row selected on each (the first at first). touchtrace's simplification: a
/// drag does not turn the wheels in a replay (they move only by `selectRow`), so the delegate's
/// `didSelectRow` is never called.
open class UIPickerView: UIView {
    /// What gives the rows (held weakly).
    open weak var dataSource: UIPickerViewDataSource?
    /// What gives the titles and hears the selection (held weakly).
    open weak var delegate: UIPickerViewDelegate?
    /// The row selected on each wheel set by `selectRow`, by wheel.
    private var selected: [Int: Int] = [:]

    /// The number of wheels, from the data source (0 without one).
    open var numberOfComponents: Int { dataSource?.numberOfComponents(in: self) ?? 0 }
    /// The number of rows of wheel `component`, from the data source (0 without one).
    open func numberOfRows(inComponent component: Int) -> Int {
        dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0
    }
    /// The row selected on wheel `component`: −1 when it has no rows, as UIKit's.
    open func selectedRow(inComponent component: Int) -> Int {
        let rows = numberOfRows(inComponent: component)
        guard rows > 0 else { return -1 }
        return Swift.min(selected[component] ?? 0, rows - 1)
    }
    /// Selects `row` on wheel `component` (`animated` does not matter; the delegate is not told).
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) { selected[component] = row }
    /// Asks the data source again: rows are asked when read.
    open func reloadAllComponents() {}
    /// Asks the data source again for `component`: rows are asked when read.
    open func reloadComponent(_ component: Int) {}
}
