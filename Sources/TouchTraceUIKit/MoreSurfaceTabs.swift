// Tabs: `UITabBarController`, whose selected tab's view is the one on screen, so selecting
// another tab (as swipe handlers do) changes what a replay's touches land on.

/// What hears of a tab bar controller's selection, as `UITabBarControllerDelegate`: asked and
/// told only when the user taps the tab bar, which touchtrace does not draw, so never called
/// (selection by code, as in UIKit, does not call it).
public protocol UITabBarControllerDelegate: AnyObject {
    /// Whether `viewController`'s tab may be selected by a tap on the tab bar.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    /// `viewController`'s tab was selected by a tap on the tab bar.
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    /// True.
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    /// Nothing.
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

/// A controller of tabs, as `UIKit.UITabBarController`: its `viewControllers` are its children,
/// and the selected one's view fills its view (the others' views are out of the hierarchy), so
/// touches land on the selected tab. touchtrace draws no tab bar: tabs change when code selects
/// them (`selectedIndex`, `selectedViewController`), as swipe handlers do.
open class UITabBarController: UIViewController {
    /// The controller of each tab, in order (nil: none). Setting them makes them the children
    /// and selects the first (or keeps the selected index when it is still in range).
    open var viewControllers: [UIViewController]? {
        didSet {
            for old in oldValue ?? [] where !(viewControllers ?? []).contains(where: { $0 === old }) {
                old.viewIfLoaded?.removeFromSuperview()
                old.removeFromParent()
            }
            for tab in viewControllers ?? [] where tab.parent !== self {
                addChild(tab)
                tab.didMove(toParent: self)
            }
            if storedIndex >= (viewControllers?.count ?? 0) { storedIndex = 0 }
            showSelected()
        }
    }
    /// The index selected, 0 at first.
    private var storedIndex = 0
    /// The view of the tab shown.
    private weak var shownView: UIView?
    /// The delegate (held weakly): never called (see `UITabBarControllerDelegate`).
    open weak var delegate: UITabBarControllerDelegate?

    /// The index of the selected tab. Setting an index outside `viewControllers` is ignored;
    /// setting one inside shows that tab's view in place of the one shown.
    open var selectedIndex: Int {
        get { storedIndex }
        set {
            guard let tabs = viewControllers, tabs.indices.contains(newValue) else { return }
            storedIndex = newValue
            showSelected()
        }
    }

    /// The selected tab's controller (nil without tabs); setting one of the tabs selects it,
    /// setting another is ignored.
    open var selectedViewController: UIViewController? {
        get {
            guard let tabs = viewControllers, tabs.indices.contains(storedIndex) else { return nil }
            return tabs[storedIndex]
        }
        set {
            guard let index = viewControllers?.firstIndex(where: { $0 === newValue }) else { return }
            selectedIndex = index
        }
    }

    /// Sets the tabs (`animated` does not matter).
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        self.viewControllers = viewControllers
    }

    /// The view was loaded: the selected tab is shown in it.
    open override func viewDidLoad() {
        super.viewDidLoad()
        showSelected()
    }

    /// Puts the selected tab's view in the controller's view, at its bounds, in place of the
    /// one shown (only once the controller's view is loaded).
    private func showSelected() {
        guard let container = viewIfLoaded else { return }
        let chosen = selectedViewController?.view
        if let shown = shownView, shown !== chosen { shown.removeFromSuperview() }
        guard let chosen else { return }
        chosen.frame = container.bounds
        if chosen.superview !== container { container.addSubview(chosen) }
        shownView = chosen
    }
}
