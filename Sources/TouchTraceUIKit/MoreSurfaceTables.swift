import TouchTrace

// Tables as gesture code meets them: the data source and delegate protocols, and the
// controller whose view is a table. touchtrace has no rows (see `UITableView`), so the data
// source is never asked; the table is a scroll view, and its delegate (a table controller, or
// any `UITableViewDelegate`) hears the scroll view's calls as a scroll view delegate does.

/// What gives a table its rows, as `UIKit.UITableViewDataSource`: never asked here (touchtrace
/// has no rows; see `UITableView`). Its first two methods are required and the others optional,
/// as in UIKit.
public protocol UITableViewDataSource: AnyObject {
    /// The number of rows of `section`.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell of the row at `indexPath`.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// The number of sections (1 when the data source gives none, as UIKit's).
    func numberOfSections(in tableView: UITableView) -> Int
    /// The title of the header of `section` (nil when the data source gives none).
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// Whether the row at `indexPath` may be edited (true when the data source gives none, as
    /// UIKit's).
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// A row moved from `sourceIndexPath` to `destinationIndexPath` (nothing when the data
    /// source gives nothing).
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UITableViewDataSource {
    /// 1.
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// Nil.
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// True.
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// Nothing.
    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// What hears about a table, as `UIKit.UITableViewDelegate`: a scroll view delegate (set as
/// the table's `delegate`, it hears the drags and flicks of the table as any scroll view
/// delegate does), whose row methods are never called (there are no rows). All optional.
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// The row at `indexPath` was selected.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// The row at `indexPath` was deselected.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    /// The height of the row at `indexPath`, in points (the table's `rowHeight` when the
    /// delegate gives none).
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// `cell` is about to be shown for the row at `indexPath`.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    /// Nothing.
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// Nothing.
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    /// The table's `rowHeight`.
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// Nothing.
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
}

/// A controller whose view is a table, as `UIKit.UITableViewController`: it is the table's data
/// source and delegate. As in UIKit, the methods of both protocols and of
/// `UIScrollViewDelegate` are the controller's own, so a subclass overrides them (`override func
/// scrollViewDidScroll(_:)`): the table calls the scroll view ones where any scroll view calls
/// its delegate (a drag of the table calls the subclass's `scrollViewDidScroll`); the row ones
/// are never called (there are no rows).
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The style the table is made with.
    private let tableStyle: UITableView.Style
    /// Whether the selection is cleared when the view appears (true): kept (views do not appear
    /// in a replay).
    open var clearsSelectionOnViewWillAppear = true

    /// A controller whose table has `style`.
    public init(style: UITableView.Style) {
        tableStyle = style
        super.init()
    }

    /// A controller with a `.plain` table.
    public override init() {
        tableStyle = .plain
        super.init()
    }

    /// A controller with a `.plain` table: touchtrace has no nibs, so both are ignored.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        tableStyle = .plain
        super.init()
    }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// The table, which is the controller's view (made when first read, of
    /// `UIViewController.defaultViewSize`).
    open var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }

    /// Makes the view: a table of the controller's style and `defaultViewSize` at (0, 0) whose
    /// data source and delegate are this controller.
    open override func loadView() {
        let made = UITableView(frame: CGRect(origin: .zero, size: Self.defaultViewSize), style: tableStyle)
        made.dataSource = self
        made.delegate = self
        view = made
    }

    // MARK: Data source (never asked: there are no rows)

    /// The number of rows of `section`: 0 unless a subclass overrides it.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// The cell of the row at `indexPath`: a plain cell unless a subclass overrides it.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    /// The number of sections: 1 unless a subclass overrides it.
    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// The title of the header of `section`: nil unless a subclass overrides it.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// Whether the row at `indexPath` may be edited: true unless a subclass overrides it.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// A row moved: nothing unless a subclass overrides it.
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}

    // MARK: Table delegate (never called: there are no rows)

    /// The row at `indexPath` was selected: nothing unless a subclass overrides it.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// The row at `indexPath` was deselected: nothing unless a subclass overrides it.
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    /// The height of the row at `indexPath`: the table's `rowHeight` unless a subclass overrides it.
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// A cell is about to be shown: nothing unless a subclass overrides it.
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}

    // MARK: Scroll view delegate (called by the table as by any scroll view)

    /// The table's `contentOffset` changed: nothing unless a subclass overrides it.
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// The table's `zoomScale` changed: nothing unless a subclass overrides it.
    open func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    /// A drag of the table began: nothing unless a subclass overrides it.
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// The finger lifted after a drag (`velocity` in points per millisecond): the target stays
    /// unless a subclass overrides it.
    open func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                        targetContentOffset: ValuePointer<CGPoint>) {}
    /// A drag ended: nothing unless a subclass overrides it.
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// The table goes on moving after the lift: nothing unless a subclass overrides it.
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// The table came to rest after the lift: nothing unless a subclass overrides it.
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// An animated scroll ended: nothing unless a subclass overrides it.
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    /// The view the table zooms: nil (it does not zoom) unless a subclass overrides it.
    open func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    /// A pinch of the table began: nothing unless a subclass overrides it.
    open func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    /// A pinch of the table ended: nothing unless a subclass overrides it.
    open func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    /// Whether a status-bar tap scrolls to the top: true unless a subclass overrides it (not
    /// asked: there is no status bar).
    open func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    /// The table scrolled to the top after a status-bar tap (not called).
    open func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    /// `adjustedContentInset` changed (not called: it follows `contentInset` only).
    open func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
