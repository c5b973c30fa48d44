import Testing
@testable import TouchTrace
import TouchTraceUIKit

/// UIKit surface that real gesture code uses, replayed where it affects a replay: a collection
/// view's layout snapping a flick, a table controller hearing its table's scrolling, a view
/// controller made by its nib initializer.
/// `value` to a thousandth (the projection's arithmetic leaves 1077.999999999999 for 1078).
private func r(_ value: CGFloat) -> Double { (Double(value) * 1000).rounded() / 1000 }

@Suite struct MoreSurfaceTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }
    /// The screen a replay made, kept for the test to look at after it.
    final class Held: @unchecked Sendable { var screen: RefreshScreen? }

    typealias Events = [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])]

    /// Replays `events` through the screen `make` builds; returns the transcript's lines.
    func run(_ events: Events, _ make: @escaping @Sendable () -> UIViewController) throws -> [String] {
        var registry = Registry.standard
        try registry.register(.uiKit("surface-screen", controller: make))
        let scene = try parseScene(#"{"screen": "surface-screen"}"#, version: 2, registry: registry)
        return try transcriptText(traceJSON(events, version: 2), scene)
    }

    /// A flick up on a 300 × 400 scroll view at the top left: 20 points every 10 ms from y 380
    /// to 300, lifting at 0.05 (velocity +2.0 points per millisecond, offset 80 at the lift: the
    /// rest point is 80 + 2·0.998/0.002 = 1078, as in ScrollViewTests), then a second finger
    /// rests at (340, 600) until 5.0 so the deceleration's frames run.
    static let flickUp: Events = [(0, [(1, "began", 150, 380)]), (0.01, [(1, "moved", 150, 360)]), (0.02, [(1, "moved", 150, 340)]),
                                  (0.03, [(1, "moved", 150, 320)]), (0.04, [(1, "moved", 150, 300)]), (0.05, [(1, "ended", 150, 280)]),
                                  (0.06, [(2, "began", 340, 600)]), (5.0, [(2, "ended", 340, 600)])]

    /// A layout that snaps the rest point to rows of 250 points and notes what it was asked.
    final class SnappingLayout: UICollectionViewFlowLayout {
        let log: Log
        init(log: Log) { self.log = log }
        override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
            log.lines.append("layout proposed=\(r(proposedContentOffset.y)) v=\(r(velocity.y)) own=\(collectionView?.accessibilityIdentifier ?? "none")")
            return CGPoint(x: proposedContentOffset.x, y: (proposedContentOffset.y / 250).rounded() * 250)
        }
    }

    /// A delegate noting the target at the lift and where the content came to rest.
    final class RestDelegate: UIScrollViewDelegate {
        let log: Log
        init(log: Log) { self.log = log }
        func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
            log.lines.append("willEndDragging target=\(r(targetContentOffset.pointee.y))")
        }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
            log.lines.append("rest \(r(scrollView.contentOffset.y))")
        }
    }

    final class CollectionScreen: UIViewController {
        let collection: UICollectionView
        let delegateObject: RestDelegate
        init(log: Log, layout: UICollectionViewLayout) {
            collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
            delegateObject = RestDelegate(log: log)
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            collection.accessibilityIdentifier = "grid"
            collection.contentSize = CGSize(width: 300, height: 2000)
            collection.delegate = delegateObject
            view.addSubview(collection)
        }
    }

    /// The layout is asked at the lift with the projected rest point (1078) and the delegate's
    /// velocity (2.0 points per millisecond), knows its collection view, and its answer (1078/250
    /// = 4.312, rounded 4: 1000) is the delegate's target and where the content comes to rest.
    @Test func aCollectionViewsLayoutDecidesWhereAFlickRests() throws {
        let log = Log()
        _ = try run(Self.flickUp) { CollectionScreen(log: log, layout: SnappingLayout(log: log)) }
        #expect(log.lines == ["layout proposed=1078.0 v=2.0 own=grid", "willEndDragging target=1000.0", "rest 1000.0"], "\(log.lines)")
    }

    /// A plain flow layout leaves the projected rest point; a layout given later knows its view.
    @Test func aPlainLayoutLeavesTheRestPoint() throws {
        let log = Log()
        _ = try run(Self.flickUp) { CollectionScreen(log: log, layout: UICollectionViewFlowLayout()) }
        #expect(log.lines == ["willEndDragging target=1078.0", "rest 1078.0"], "\(log.lines)")
        let first = UICollectionViewFlowLayout(), second = UICollectionViewFlowLayout()
        let view = UICollectionView(frame: .zero, collectionViewLayout: first)
        #expect(first.collectionView === view && second.collectionView == nil)
        view.collectionViewLayout = second
        #expect(second.collectionView === view)
        #expect(first.targetContentOffset(forProposedContentOffset: CGPoint(x: 3, y: 4), withScrollingVelocity: .zero) == CGPoint(x: 3, y: 4))
    }

    /// A table controller as apps write one: its overrides of the scroll view delegate's methods
    /// hear its table's drag, and of the data source's are there (never asked).
    final class StretchController: UITableViewController {
        let log: Log
        init(log: Log) {
            self.log = log
            super.init(style: .plain)
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
            tableView.contentSize = CGSize(width: 390, height: 2000)
            tableView.accessibilityIdentifier = "table"
        }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
        override func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
            log.lines.append("willBeginDragging")
        }
        override func scrollViewDidScroll(_ scrollView: UIScrollView) {
            log.lines.append("didScroll \(scrollView.contentOffset.y)")
        }
    }

    /// A finger at (150, 300) moves up 50 points at 0.02 (the pan begins), 70 more at 0.04,
    /// rests 80 ms and lifts: the table's offset is 50, then 120 (the drag of ScrollViewTests),
    /// and the controller's overrides hear it as the table's delegate.
    @Test func aTableControllersOverridesHearItsTable() throws {
        let log = Log()
        let lines = try run([(0, [(1, "began", 150, 300)]), (0.02, [(1, "moved", 150, 250)]),
                             (0.04, [(1, "moved", 150, 180)]), (0.12, [(1, "ended", 150, 180)])]) { StretchController(log: log) }
        #expect(log.lines == ["willBeginDragging", "didScroll 50.0", "didScroll 120.0"], "\(log.lines)")
        #expect(lines.contains("0.0400 table.view viewChanged bounds=0.0000,120.0000,390.0000,844.0000"), "\(lines)")
    }

    /// The controller's table is its view, of the controller's style, with the controller as its
    /// data source and delegate; a registered identifier dequeues a cell of it, another none.
    @Test func aTableControllersTableAndCells() {
        let controller = UITableViewController(style: .grouped)
        let table: UITableView = controller.tableView
        #expect(table === controller.view && table.style == .grouped)
        #expect(table.dataSource === controller && table.delegate === controller)
        #expect(UITableViewController().tableView.style == .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        #expect(table.dequeueReusableCell(withIdentifier: "row")?.reuseIdentifier == "row")
        #expect(table.dequeueReusableCell(withIdentifier: "other") == nil)
        #expect(table.dequeueReusableCell(withIdentifier: "other", for: IndexPath(row: 0, section: 0)).reuseIdentifier == "other")
        #expect(controller.numberOfSections(in: table) == 1 && controller.tableView(table, numberOfRowsInSection: 0) == 0)
        #expect(controller.tableView(table, heightForRowAt: IndexPath(row: 0, section: 0)) == 44)
    }

    /// A view controller whose own initializer calls `super.init(nibName:bundle:)` (a designated
    /// initializer, as in UIKit) loads its view as any other.
    @Test func aControllerMadeByItsNibInitializerLoadsItsView() {
        final class Detail: UIViewController {
            let title0: String
            var loaded = 0
            init(title: String) {
                title0 = title
                super.init(nibName: String(describing: Detail.self), bundle: nil)
            }
            required init?(coder: NSCoder) { nil }
            override func viewDidLoad() { loaded += 1 }
        }
        let detail = Detail(title: "x")
        #expect(detail.view.frame.size == UIViewController.defaultViewSize && detail.loaded == 1)
    }

    /// A 300 × 400 table at the top left with a refresh control (its `refreshControl`, or a
    /// subview as older code adds it) whose action notes the time, the table's offset and
    /// `isRefreshing`.
    final class RefreshScreen: UIViewController {
        let log: Log
        let asSubview: Bool
        let refresh = UIRefreshControl()
        init(log: Log, asSubview: Bool) {
            self.log = log
            self.asSubview = asSubview
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
            if asSubview { table.addSubview(refresh) } else { table.refreshControl = refresh }
            refresh.addTarget(for: .valueChanged) { [unowned self] control in
                let refreshing = (control as! UIRefreshControl).isRefreshing
                self.log.lines.append("refresh at \(r(CACurrentMediaTime())) offset \(r(table.contentOffset.y)) refreshing=\(refreshing)")
            }
            view.addSubview(table)
        }
    }

    /// A finger at (150, 100) pulls the empty table (it bounces vertically) down 200 points at
    /// 0.02: the rubber band gives (1 − 1/(200·0.55/400 + 1))·400 = (1 − 1/1.275)·400 = 86.275
    /// points, short of the 130 of the trigger; then 400 points at 0.04: (1 − 1/1.55)·400 =
    /// 141.935, past it: the action runs once, then, with `isRefreshing` true; 420 points at 0.06
    /// does not run it again. The control sits 60 points tall above the content.
    @Test func aPullPastTheTriggerStartsTheRefreshOnce() throws {
        for asSubview in [false, true] {
            let log = Log()
            let held = Held()
            _ = try run([(0, [(1, "began", 150, 100)]), (0.02, [(1, "moved", 150, 300)]), (0.04, [(1, "moved", 150, 500)]),
                         (0.06, [(1, "moved", 150, 520)]), (0.2, [(1, "ended", 150, 520)])]) {
                let made = RefreshScreen(log: log, asSubview: asSubview)
                held.screen = made
                return made
            }
            #expect(log.lines == ["refresh at 0.04 offset -141.935 refreshing=true"], "\(asSubview) \(log.lines)")
            let control = try #require(held.screen?.refresh)
            #expect(control.isRefreshing)
            control.endRefreshing()
            #expect(!control.isRefreshing)
            control.beginRefreshing()
            #expect(control.isRefreshing && log.lines.count == 1)
            if !asSubview { #expect(control.frame == CGRect(x: 0, y: -60, width: 300, height: 60)) }
        }
    }

    /// A pull short of the trigger (200 points of finger: 86.275 of content) starts nothing.
    @Test func aShortPullStartsNoRefresh() throws {
        let log = Log()
        _ = try run([(0, [(1, "began", 150, 100)]), (0.02, [(1, "moved", 150, 300)]), (0.2, [(1, "ended", 150, 300)])]) {
            RefreshScreen(log: log, asSubview: false)
        }
        #expect(log.lines.isEmpty, "\(log.lines)")
    }

    /// A pencil interaction is added to a view and keeps its delegate; the preferred action is
    /// Settings' default.
    @Test func aPencilInteractionIsKept() {
        final class Sketch: UIView, UIPencilInteractionDelegate {
            var taps = 0
            func pencilInteractionDidTap(_ interaction: UIPencilInteraction) { taps += 1 }
        }
        let sketch = Sketch(frame: .zero)
        let pencil = UIPencilInteraction(delegate: sketch)
        sketch.addInteraction(pencil)
        #expect(pencil.view === sketch && pencil.delegate === sketch)
        #expect(UIPencilInteraction.preferredTapAction == .switchEraser && !UIPencilInteraction.prefersPencilOnlyDrawing)
        #expect(sketch.taps == 0)
    }

    /// A presentation controller as apps subclass it: its overrides answer, it has no container
    /// (nothing is presented in a replay), its presented view is the presented controller's once
    /// loaded, and animations beside a transition do not run (there is no transition).
    @Test func aPresentationControllerIsMadeAndKept() {
        final class Inset: UIPresentationController {
            override func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
                CGSize(width: parentSize.width - 30, height: parentSize.height - 220)
            }
            override var frameOfPresentedViewInContainerView: CGRect {
                CGRect(origin: CGPoint(x: 15, y: 110), size: size(forChildContentContainer: presentedViewController, withParentContainerSize: CGSize(width: 390, height: 844)))
            }
        }
        let presented = UIViewController(), presenting = UIViewController()
        let presentation = Inset(presentedViewController: presented, presenting: presenting)
        #expect(presentation.frameOfPresentedViewInContainerView == CGRect(x: 15, y: 110, width: 360, height: 624))
        #expect(presentation.containerView == nil && presentation.presentingViewController === presenting)
        #expect(presentation.presentedView == nil)
        presented.loadViewIfNeeded()
        #expect(presentation.presentedView === presented.view)
        #expect(UIPresentationController(presentedViewController: presented, presenting: nil).frameOfPresentedViewInContainerView == .zero)
        var ran = false
        presented.transitionCoordinator?.animate(alongsideTransition: { _ in ran = true }, completion: nil)
        #expect(!ran && presented.transitionCoordinator == nil)
    }

    /// A tab whose view notes the taps on it.
    final class Tab: UIViewController {
        let name: String
        let log: Log
        init(_ name: String, log: Log) {
            self.name = name
            self.log = log
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            let tap = UITapGestureRecognizer()
            tap.addTarget { [unowned self] _ in self.log.lines.append("tap on \(self.name) tabs=\(self.tabBarController?.selectedIndex ?? -1)") }
            view.addGestureRecognizer(tap)
        }
    }

    /// Tabs selected by code: the selected tab's view fills the tab bar controller's view and
    /// the others are out of it, so a tap lands on the selected one; an index out of range is
    /// ignored; each tab's `tabBarController` is the controller.
    @Test func aTapLandsOnTheSelectedTab() throws {
        let log = Log()
        _ = try run([(0, [(1, "began", 100, 100)]), (0.05, [(1, "ended", 100, 100)])]) {
            let tabs = UITabBarController()
            tabs.viewControllers = [Tab("first", log: log), Tab("second", log: log), Tab("third", log: log)]
            tabs.selectedIndex = 2
            tabs.selectedIndex = 1
            tabs.selectedIndex = 3
            return tabs
        }
        #expect(log.lines == ["tap on second tabs=1"], "\(log.lines)")
        let tabs = UITabBarController()
        let first = Tab("first", log: log), second = Tab("second", log: log)
        tabs.setViewControllers([first, second], animated: false)
        tabs.loadViewIfNeeded()
        #expect(tabs.view.subviews.count == 1 && tabs.view.subviews.first === first.view && first.view.frame == tabs.view.bounds)
        tabs.selectedViewController = second
        #expect(tabs.selectedIndex == 1 && tabs.view.subviews.count == 1 && tabs.view.subviews.first === second.view)
        #expect(first.view.superview == nil && second.tabBarController === tabs && tabs.children.count == 2)
        tabs.selectedIndex = -1
        #expect(tabs.selectedIndex == 1)
    }

    /// A page view controller of three pages (each a `Tab`, noting taps), noting its delegate's
    /// calls; the data source gives the neighbours of each page.
    final class Pages: UIPageViewController, UIPageViewControllerDataSource, UIPageViewControllerDelegate {
        let log: Log
        let pages: [Tab]
        init(log: Log) {
            self.log = log
            pages = [Tab("first", log: log), Tab("second", log: log), Tab("third", log: log)]
            super.init(transitionStyle: .scroll, navigationOrientation: .horizontal)
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            super.viewDidLoad()
            dataSource = self
            delegate = self
            setViewControllers([pages[0]], direction: .forward, animated: false)
        }
        func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController? {
            guard let index = pages.firstIndex(where: { $0 === viewController }), index > 0 else { return nil }
            return pages[index - 1]
        }
        func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController? {
            guard let index = pages.firstIndex(where: { $0 === viewController }), index + 1 < pages.count else { return nil }
            return pages[index + 1]
        }
        func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {
            log.lines.append("will \((pendingViewControllers.first as? Tab)?.name ?? "?")")
        }
        func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
            log.lines.append("did from \((previousViewControllers.first as? Tab)?.name ?? "?") completed=\(completed)")
        }
    }

    /// The page view controllers a replay made (a replay may make its screen more than once):
    /// the last one's page shown, and the page whose view is in its view.
    final class HeldPages: @unchecked Sendable {
        var last: Pages?
        func keep(_ pages: Pages) -> Pages { last = pages; return pages }
        var shown: String { (last?.viewControllers?.first as? Tab)?.name ?? "none" }
        var onScreen: String { last?.pages.first { $0.viewIfLoaded?.superview === last?.view }?.name ?? "none" }
    }

    /// A drag left of 250 points (more than half of the 390-point view) that rests 160 ms before
    /// the lift (velocity zero) turns to the next page: the delegate hears it, and the second page's
    /// view is the one in the controller's view. A drag of 100 points that rests does not turn.
    @Test func aDragPastHalfTheViewTurnsThePage() throws {
        let log = Log()
        let held = HeldPages()
        _ = try run([(0, [(1, "began", 300, 400)]), (0.02, [(1, "moved", 250, 400)]), (0.04, [(1, "moved", 50, 400)]),
                     (0.2, [(1, "ended", 50, 400)])]) { held.keep(Pages(log: log)) }
        #expect(log.lines == ["will second", "did from first completed=true"], "\(log.lines)")
        #expect(held.shown == "second" && held.onScreen == "second", "\(held.shown) \(held.onScreen)")
        let short = Log()
        let shortHeld = HeldPages()
        _ = try run([(0, [(1, "began", 300, 400)]), (0.02, [(1, "moved", 250, 400)]), (0.04, [(1, "moved", 200, 400)]),
                     (0.2, [(1, "ended", 200, 400)])]) { shortHeld.keep(Pages(log: short)) }
        #expect(short.lines.isEmpty && shortHeld.shown == "first" && shortHeld.onScreen == "first", "\(short.lines)")
    }

    /// A flick right from the first page asks for the page before, which there is not: the
    /// page stays. A flick left of 60 points in 35 ms (about −1700 points per second, over the
    /// 500 of `turningSpeed`) turns to the second page although it is short of half the view.
    /// (The controller's completion runs at once with true: see `aPageControllerSetByCode`.)
    @Test func aFlickTurnsThePageIfThereIsOne() throws {
        let log = Log()
        let held = HeldPages()
        _ = try run([(0, [(1, "began", 200, 400)]), (0.01, [(1, "moved", 220, 400)]), (0.02, [(1, "moved", 240, 400)]),
                     (0.03, [(1, "moved", 260, 400)]), (0.035, [(1, "ended", 260, 400)])]) { held.keep(Pages(log: log)) }
        #expect(log.lines.isEmpty && held.shown == "first", "\(log.lines)")
        let flick = Log()
        let flickHeld = HeldPages()
        _ = try run([(0, [(1, "began", 300, 400)]), (0.01, [(1, "moved", 280, 400)]), (0.02, [(1, "moved", 260, 400)]),
                     (0.03, [(1, "moved", 240, 400)]), (0.035, [(1, "ended", 240, 400)])]) { flickHeld.keep(Pages(log: flick)) }
        #expect(flick.lines == ["will second", "did from first completed=true"] && flickHeld.shown == "second", "\(flick.lines)")
    }

    /// A picker asks its data source for wheels and rows and keeps the row selected; a storyboard
    /// makes plain controllers and a controller made by code has none.
    @Test func aPickerKeepsItsSelection() {
        final class Source: UIPickerViewDataSource {
            func numberOfComponents(in pickerView: UIPickerView) -> Int { 2 }
            func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { component == 0 ? 10 : 0 }
        }
        let picker = UIPickerView(frame: .zero)
        let source = Source()
        #expect(picker.numberOfComponents == 0)
        picker.dataSource = source
        #expect(picker.numberOfComponents == 2 && picker.numberOfRows(inComponent: 0) == 10)
        #expect(picker.selectedRow(inComponent: 0) == 0 && picker.selectedRow(inComponent: 1) == -1)
        picker.selectRow(4, inComponent: 0, animated: true)
        #expect(picker.selectedRow(inComponent: 0) == 4)
        #expect(UIViewController().storyboard == nil)
        #expect(type(of: UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "x")) == UIViewController.self)
    }

    /// Pages set by code: the completion runs at once with true, the page's view fills the
    /// controller's view, and the delegate is not told.
    @Test func aPageControllerSetByCode() {
        let log = Log()
        let pages = Pages(log: log)
        pages.loadViewIfNeeded()
        var done: Bool?
        pages.setViewControllers([pages.pages[2]], direction: .reverse, animated: true) { done = $0 }
        #expect(done == true && pages.viewControllers?.first === pages.pages[2] && log.lines.isEmpty)
        #expect(pages.view.subviews.count == 1 && pages.pages[2].view.frame == pages.view.bounds && pages.pages[0].parent == nil)
        #expect(UIPageViewController().transitionStyle == .pageCurl && pages.transitionStyle == .scroll)
    }
}
