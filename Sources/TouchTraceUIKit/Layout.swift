// The rest of UIKit that a gesture file touches around its gestures: constraints and anchors,
// stack views, collection views, coordinate spaces, the view controller's presentation
// settings, more system colours and Swift 4 spellings. touchtrace lays out nothing: constraints
// are kept (active or not, with their constants) and never move a view; a view is where its
// `frame`, `center` and `transform` put it.

// MARK: Constraints

/// A priority of a constraint, 1 to 1000, as `UILayoutPriority`. Kept.
public struct UILayoutPriority: RawRepresentable, Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The value.
    public let rawValue: Float
    /// A priority.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// A priority from a literal.
    public init(floatLiteral value: Float) { rawValue = value }
    /// A priority from a literal.
    public init(integerLiteral value: Int) { rawValue = Float(value) }
    /// 1000.
    public static let required = UILayoutPriority(1000)
    /// 750.
    public static let defaultHigh = UILayoutPriority(750)
    /// 250.
    public static let defaultLow = UILayoutPriority(250)
    /// 50.
    public static let fittingSizeLevel = UILayoutPriority(50)

    /// The priority `rhs` above `lhs`, as UIKit's `+` (`.defaultLow + 1` is 251).
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(lhs.rawValue + rhs)
    }
    /// The priority `rhs` below `lhs`, as UIKit's `-` (`.required - 1` is 999).
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(lhs.rawValue - rhs)
    }
}

/// A relation between two attributes of views, as `NSLayoutConstraint`: kept, never solved
/// (touchtrace lays out nothing; views stay where their frames put them).
open class NSLayoutConstraint {
    /// How the two sides compare, as `NSLayoutConstraint.Relation`.
    public enum Relation: Int, Sendable {
        /// First ≤ second.
        case lessThanOrEqual = -1
        /// First = second.
        case equal = 0
        /// First ≥ second.
        case greaterThanOrEqual = 1
    }

    /// An attribute of a view, as `NSLayoutConstraint.Attribute`.
    public enum Attribute: Int, Sendable {
        /// None (a constant size).
        case notAnAttribute = 0
        /// The left edge.
        case left = 1
        /// The right edge.
        case right
        /// The top edge.
        case top
        /// The bottom edge.
        case bottom
        /// The leading edge.
        case leading
        /// The trailing edge.
        case trailing
        /// The width.
        case width
        /// The height.
        case height
        /// The horizontal center.
        case centerX
        /// The vertical center.
        case centerY
        /// The baseline.
        case lastBaseline
    }

    /// The axis of a stack view or of content hugging, as `NSLayoutConstraint.Axis`.
    public enum Axis: Int, Sendable {
        /// Across.
        case horizontal
        /// Down.
        case vertical
    }

    /// The first item (a view or a layout guide).
    public let firstItem: AnyObject?
    /// The first item's attribute.
    public let firstAttribute: Attribute
    /// The relation.
    public let relation: Relation
    /// The second item, or nil for a constant size.
    public let secondItem: AnyObject?
    /// The second item's attribute.
    public let secondAttribute: Attribute
    /// The multiplier (1).
    public let multiplier: CGFloat
    /// The constant, in points: kept (changing it moves nothing).
    open var constant: CGFloat
    /// The priority (`.required`).
    open var priority: UILayoutPriority = .required
    /// An identifier for the application's own use.
    open var identifier: String?
    /// Whether the constraint is active (false until activated): kept.
    open var isActive = false

    /// A constraint `item1.attr1 relation multiplier · item2.attr2 + c`.
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = attr2
        self.multiplier = multiplier
        constant = c
    }

    /// An empty constraint, as the `init()` `NSLayoutConstraint` inherits from `NSObject` makes
    /// (code keeps one in a property until its layout makes the real one): no items,
    /// `.notAnAttribute` on both sides, `.equal`, multiplier 1 and constant 0. Kept, as every
    /// constraint here.
    public init() {
        firstItem = nil
        firstAttribute = .notAnAttribute
        relation = .equal
        secondItem = nil
        secondAttribute = .notAnAttribute
        multiplier = 1
        constant = 0
    }

    /// Sets `isActive` of each constraint to true.
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Sets `isActive` of each constraint to false.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }
}

/// An edge, center or size of a view or layout guide, as `NSLayoutAnchor`: it makes
/// constraints (kept, never solved; see `NSLayoutConstraint`).
open class NSLayoutAnchor<AnchorType: AnyObject> {
    let item: AnyObject?
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject?, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    func constraint(_ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<AnchorType>?, multiplier: CGFloat = 1,
                    constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item: item as Any, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
                           attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: c)
    }

    /// This anchor = `anchor` (+ `c` points).
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        constraint(.equal, anchor, constant: c)
    }
    /// This anchor ≥ `anchor` (+ `c` points).
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, anchor, constant: c)
    }
    /// This anchor ≤ `anchor` (+ `c` points).
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, anchor, constant: c)
    }
}

/// A horizontal anchor (left, right, leading, trailing, center x), as `NSLayoutXAxisAnchor`.
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

/// A vertical anchor (top, bottom, center y), as `NSLayoutYAxisAnchor`.
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// A size anchor (width, height), as `NSLayoutDimension`.
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// This size = `c` points.
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { constraint(.equal, nil, constant: c) }
    /// This size ≥ `c` points.
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { constraint(.greaterThanOrEqual, nil, constant: c) }
    /// This size ≤ `c` points.
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { constraint(.lessThanOrEqual, nil, constant: c) }
    /// This size = `m` × `anchor` (+ `c` points).
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        constraint(.equal, anchor, multiplier: m, constant: c)
    }
    /// This size ≥ `m` × `anchor` (+ `c` points).
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
    }
    /// This size ≤ `m` × `anchor` (+ `c` points).
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, anchor, multiplier: m, constant: c)
    }
}

/// The anchors of a view or layout guide.
public protocol AnchorsOwner: AnyObject {}

extension AnchorsOwner {
    /// The left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    /// The right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    /// The leading edge.
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    /// The trailing edge.
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// The horizontal center.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// The vertical center.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    /// The width.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    /// The height.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
}

/// A rectangle constraints can refer to, as `UILayoutGuide`: kept, never laid out; its
/// `layoutFrame` is its view's bounds (the safe area and margins are touchtrace's fixed values).
open class UILayoutGuide: AnchorsOwner {
    /// The view that owns it.
    open weak var owningView: UIView?
    /// An identifier for the application's own use.
    open var identifier = ""
    /// A layout guide.
    public init() {}
    init(owningView: UIView) { self.owningView = owningView }
    /// Its rectangle in its view's coordinates: the view's bounds.
    open var layoutFrame: CGRect { owningView?.bounds ?? .zero }
}

extension UIView: AnchorsOwner {
    /// The guide of the safe area: the whole view (touchtrace's safe area insets are zero).
    public var safeAreaLayoutGuide: UILayoutGuide { UILayoutGuide(owningView: self) }
    /// The guide of the layout margins (see `layoutMargins`).
    public var layoutMarginsGuide: UILayoutGuide { UILayoutGuide(owningView: self) }
    /// The constraints added to this view, in the order added.
    public var constraints: [NSLayoutConstraint] { displayLook.constraints }
    /// Adds a constraint to the view (it becomes active).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        constraint.isActive = true
        displayLook.constraints.append(constraint)
    }
    /// Adds constraints to the view (they become active).
    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }
    /// Removes a constraint from the view (it becomes inactive).
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        constraint.isActive = false
        displayLook.constraints.removeAll { $0 === constraint }
    }
    /// Removes constraints from the view.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }
    /// Kept by nothing (nothing is laid out).
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {}
    /// Kept by nothing (nothing is laid out).
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {}
    /// Asks for a constraint update: nothing is laid out.
    public func setNeedsUpdateConstraints() {}
    /// Updates constraints now: calls `updateConstraints()`.
    public func updateConstraintsIfNeeded() { updateConstraints() }
    /// The value for "no intrinsic size" in `intrinsicContentSize`: −1, as UIKit's.
    public static var noIntrinsicMetric: CGFloat { -1 }
    /// Asks for the intrinsic size to be read again: nothing is laid out.
    public func invalidateIntrinsicContentSize() {}
}

/// Swift 4's name of `NSLayoutConstraint.Attribute`.
public typealias NSLayoutAttribute = NSLayoutConstraint.Attribute
/// Swift 4's name of `NSLayoutConstraint.Relation`.
public typealias NSLayoutRelation = NSLayoutConstraint.Relation
/// Swift 4's name of `NSLayoutConstraint.Axis`.
public typealias UILayoutConstraintAxis = NSLayoutConstraint.Axis

// MARK: Stack views

/// A view that lines up its arranged subviews, as `UIKit.UIStackView`: the arranged subviews
/// are kept (and are subviews), the settings are kept; touchtrace lays nothing out, so each
/// arranged view stays at the frame it was given.
open class UIStackView: UIView {
    /// How arranged views fill the axis, as `UIStackView.Distribution`.
    public enum Distribution: Int, Sendable {
        /// Fill.
        case fill
        /// Equal sizes.
        case fillEqually
        /// In proportion.
        case fillProportionally
        /// Equal spacing.
        case equalSpacing
        /// Equal centering.
        case equalCentering
    }

    /// How arranged views line up across the axis, as `UIStackView.Alignment`.
    public enum Alignment: Int, Sendable {
        /// Fill.
        case fill
        /// Leading edges.
        case leading
        /// First baselines.
        case firstBaseline
        /// Centers.
        case center
        /// Trailing edges.
        case trailing
        /// Last baselines.
        case lastBaseline
        /// Top edges (horizontal stacks: `.leading`).
        public static var top: Alignment { .leading }
        /// Bottom edges (horizontal stacks: `.trailing`).
        public static var bottom: Alignment { .trailing }
    }

    /// The views lined up, in order.
    open private(set) var arrangedSubviews: [UIView] = []
    /// The axis (`.horizontal`).
    open var axis: NSLayoutConstraint.Axis = .horizontal
    /// The distribution (`.fill`).
    open var distribution: Distribution = .fill
    /// The alignment (`.fill`).
    open var alignment: Alignment = .fill
    /// The space between arranged views, in points (0).
    open var spacing: CGFloat = 0
    /// Whether the layout margins are used (false): kept.
    open var isLayoutMarginsRelativeArrangement = false

    /// A stack view with this frame.
    public override init(frame: CGRect) { super.init(frame: frame) }

    /// A stack view of these views (each added as a subview).
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// Adds `view` at the end of the arranged views (and as a subview).
    open func addArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.append(view)
        if view.superview !== self { addSubview(view) }
    }

    /// Takes `view` out of the arranged views (it stays a subview, as in UIKit).
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
    }

    /// Puts `view` among the arranged views at `stackIndex`.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: Swift.min(Swift.max(0, stackIndex), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
    }

    /// Sets custom spacing after `arrangedSubview`: kept by nothing (nothing is laid out).
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {}
}

// MARK: Collection views

/// The layout of a collection view, as `UICollectionViewLayout`: kept; nothing is laid out,
/// but the layout decides where a flick comes to rest (`targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`).
open class UICollectionViewLayout {
    /// A layout.
    public init() {}
    /// Asks for the layout to be computed again: nothing is laid out.
    open func invalidateLayout() {}
    /// The collection view that uses this layout (held weakly; nil until one is made with it or
    /// given it), as UIKit's.
    open internal(set) weak var collectionView: UICollectionView?
    /// Where the content comes to rest after a flick, asked by the collection view when the
    /// finger lifts, before its delegate's `scrollViewWillEndDragging` (which gets what this
    /// returns as its target): `proposedContentOffset` is where the scroll view's deceleration
    /// would stop (see Scrolling.swift), `velocity` the content's velocity at the lift, in points
    /// per millisecond as the delegate gets it (positive where `contentOffset` grows). The
    /// default returns `proposedContentOffset`; a subclass overrides it to snap, as in UIKit.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }
}

/// A line-by-line layout, as `UICollectionViewFlowLayout`: its settings are kept.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The size of an item, in points (50 × 50, UIKit's default).
    open var itemSize = CGSize(width: 50, height: 50)
    /// The scroll direction (`.vertical`).
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// The space between lines, in points (10).
    open var minimumLineSpacing: CGFloat = 10
    /// The space between items of a line, in points (10).
    open var minimumInteritemSpacing: CGFloat = 10
    /// The insets of each section (zero).
    open var sectionInset = UIEdgeInsets.zero
}

/// A scroll view of items, as `UIKit.UICollectionView`, for gesture code that adds recognizers
/// to one: touchtrace has no data source and no cells, so no point is on an item
/// (`indexPathForItem(at:)` is nil) and the interactive movement calls do nothing.
open class UICollectionView: UIScrollView {
    /// The direction a flow layout scrolls in, as `UICollectionView.ScrollDirection`.
    public enum ScrollDirection: Int, Sendable {
        /// Down.
        case vertical
        /// Across.
        case horizontal
    }

    /// The layout (whose `collectionView` becomes this view).
    open var collectionViewLayout: UICollectionViewLayout {
        didSet { collectionViewLayout.collectionView = self }
    }

    /// A collection view with this frame and layout.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }

    /// The rest point after a flick, as UIKit's: the layout's
    /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`.
    override func adjustedRestingPoint(_ proposed: CGPoint, velocity: CGPoint) -> CGPoint {
        collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
    }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// The item at `point` (the view's coordinates): nil, since there are no cells.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? { nil }
    /// The index paths of the visible items: none.
    open var indexPathsForVisibleItems: [IndexPath] { [] }
    /// Starts moving the item at `indexPath`: there are no items, so false.
    @discardableResult
    open func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool { false }
    /// Moves the item being moved toward `targetPosition`: nothing is moving.
    open func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {}
    /// Ends the movement: nothing is moving.
    open func endInteractiveMovement() {}
    /// Cancels the movement: nothing is moving.
    open func cancelInteractiveMovement() {}
    /// Loads the items again: there are none.
    open func reloadData() {}
    /// The object that would give the items (held weakly): kept, never asked (there are no cells).
    open weak var dataSource: UICollectionViewDataSource?
    /// The classes registered for reuse identifiers, in the order registered.
    private var registeredCellClasses: [(identifier: String, cellClass: AnyClass?)] = []
    /// Registers `cellClass` for cells of `identifier`: kept (see `dequeueReusableCell`).
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registeredCellClasses.append((identifier, cellClass))
    }
    /// A cell for `indexPath`, as UIKit's `dequeueReusableCell(withReuseIdentifier:for:)`: a plain
    /// `UICollectionViewCell` of an empty frame (touchtrace makes no cells of registered classes;
    /// its data source is never asked, so this runs only when code calls it itself).
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        UICollectionViewCell(frame: .zero)
    }
    /// The number of items in `section`: 0, there are no items.
    open func numberOfItems(inSection section: Int) -> Int { 0 }
}

/// What gives a collection view its items, as `UICollectionViewDataSource`: never asked here
/// (touchtrace has no cells; see `UICollectionView`).
public protocol UICollectionViewDataSource: AnyObject {
    /// The number of items of `section`.
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell of the item at `indexPath`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

/// What hears about a collection view's items, as `UICollectionViewDelegate` (a scroll view
/// delegate too): never called about items (there are none).
public protocol UICollectionViewDelegate: UIScrollViewDelegate {}

/// What gives a flow layout its sizes, as `UICollectionViewDelegateFlowLayout`: never asked
/// (nothing is laid out). Its methods are optional, as in UIKit.
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    /// The size of the item at `indexPath`, in points.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    /// The layout's item size when the delegate gives none.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
}

/// A controller whose view is a collection view, as `UIKit.UICollectionViewController`: it is
/// the collection view's data source and delegate, and its data source methods are there for a
/// subclass to override (never asked here, see `UICollectionView`).
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    /// The layout the collection view is made with.
    public let collectionViewLayout: UICollectionViewLayout
    /// Whether the controller adds UIKit's long press that reorders items (true): kept; the
    /// long press is not added (there are no items to move).
    open var installsStandardGestureForInteractiveMovement = true

    /// A controller whose collection view uses `layout`.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init()
    }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// The collection view, which is the controller's view (made when first read, of
    /// `UIViewController.defaultViewSize`).
    open var collectionView: UICollectionView! {
        get { view as? UICollectionView }
        set { view = newValue }
    }

    /// Makes the view: a collection view of `defaultViewSize` at (0, 0) whose data source and
    /// delegate are this controller.
    open override func loadView() {
        let made = UICollectionView(frame: CGRect(origin: .zero, size: Self.defaultViewSize), collectionViewLayout: collectionViewLayout)
        made.dataSource = self
        made.delegate = self
        view = made
    }

    /// The number of items of `section`: 0 unless a subclass overrides it.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    /// The cell of the item at `indexPath`: a plain cell unless a subclass overrides it.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        UICollectionViewCell(frame: .zero)
    }
    /// The number of sections: 1 unless a subclass overrides it.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// Whether the item at `indexPath` may move: true unless a subclass overrides it.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    /// An item moved from `sourceIndexPath` to `destinationIndexPath`: never called (nothing
    /// moves); a subclass overrides it to update its model.
    open func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    /// The item at `indexPath` was selected: never called (there are no items).
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
}

/// Swift 4's name of `UICollectionView.ScrollDirection`.
public typealias UICollectionViewScrollDirection = UICollectionView.ScrollDirection
/// Swift 4's name of `UIStackView.Distribution`.
public typealias UIStackViewDistribution = UIStackView.Distribution
/// Swift 4's name of `UIStackView.Alignment`.
public typealias UIStackViewAlignment = UIStackView.Alignment

// MARK: Coordinate spaces

/// Something points can be converted into and out of, as `UICoordinateSpace`: a view, or the
/// screen's `coordinateSpace`.
public protocol UICoordinateSpace: AnyObject {
    /// A point of this space in `coordinateSpace`.
    func convert(_ point: CGPoint, to coordinateSpace: UICoordinateSpace) -> CGPoint
    /// A point of `coordinateSpace` in this space.
    func convert(_ point: CGPoint, from coordinateSpace: UICoordinateSpace) -> CGPoint
    /// A rectangle of this space in `coordinateSpace` (the box of its converted corners).
    func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect
    /// A rectangle of `coordinateSpace` in this space (the box of its converted corners).
    func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect
    /// The space's rectangle.
    var bounds: CGRect { get }
}

/// Where a point of `space` is on the screen.
private func screenPoint(_ point: CGPoint, of space: UICoordinateSpace) -> CGPoint {
    if let view = space as? UIView { return view.convert(point, to: nil) }
    return point
}

/// Where a point of the screen is in `space`.
private func point(fromScreen point: CGPoint, in space: UICoordinateSpace) -> CGPoint {
    if let view = space as? UIView { return view.convert(point, from: nil) }
    return point
}

/// The screen's coordinates: the space of a view with no superview, origin at the top left.
final class ScreenCoordinateSpace: UICoordinateSpace {
    let bounds: CGRect
    init(bounds: CGRect) { self.bounds = bounds }
    func convert(_ point: CGPoint, to coordinateSpace: UICoordinateSpace) -> CGPoint {
        TouchTraceUIKit.point(fromScreen: point, in: coordinateSpace)
    }
    func convert(_ point: CGPoint, from coordinateSpace: UICoordinateSpace) -> CGPoint {
        screenPoint(point, of: coordinateSpace)
    }
    func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect {
        UIView.box(UIView.corners(rect).map { convert($0, to: coordinateSpace) })
    }
    func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect {
        UIView.box(UIView.corners(rect).map { convert($0, from: coordinateSpace) })
    }
}

extension UIView: UICoordinateSpace {
    /// A point of this view in `coordinateSpace` (a view, or the screen's space).
    public func convert(_ point: CGPoint, to coordinateSpace: UICoordinateSpace) -> CGPoint {
        TouchTraceUIKit.point(fromScreen: convert(point, to: nil), in: coordinateSpace)
    }
    /// A point of `coordinateSpace` (a view, or the screen's space) in this view.
    public func convert(_ point: CGPoint, from coordinateSpace: UICoordinateSpace) -> CGPoint {
        convert(screenPoint(point, of: coordinateSpace), from: nil)
    }
    /// A rectangle of this view in `coordinateSpace`: the box of its converted corners.
    public func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect {
        UIView.box(UIView.corners(rect).map { convert($0, to: coordinateSpace) })
    }
    /// A rectangle of `coordinateSpace` in this view: the box of its converted corners.
    public func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect {
        UIView.box(UIView.corners(rect).map { convert($0, from: coordinateSpace) })
    }
}

extension UIScreen {
    /// The screen's coordinate space: a view with no superview is in it (points, origin at the
    /// top left; the screen does not turn, so it is also `fixedCoordinateSpace`).
    public var coordinateSpace: UICoordinateSpace { ScreenCoordinateSpace(bounds: bounds) }
    /// The screen's fixed coordinate space: the same as `coordinateSpace`.
    public var fixedCoordinateSpace: UICoordinateSpace { ScreenCoordinateSpace(bounds: bounds) }
}

extension UIWindow {
    /// The window's screen: `UIScreen.main`.
    public var screen: UIScreen { .main }
    /// Makes the window the key window and shows it: there is one screen, nothing to do.
    public func makeKeyAndVisible() {}
    /// Makes the window the key window: nothing to do.
    public func makeKey() {}
}

// MARK: View spellings

extension UIView {
    /// Swift 4's `bringSubviewToFront(_:)`.
    public func bringSubview(toFront view: UIView) { bringSubviewToFront(view) }
    /// Swift 4's `sendSubviewToBack(_:)`.
    public func sendSubview(toBack view: UIView) { sendSubviewToBack(view) }
    /// Puts `view` among the subviews just above `siblingSubview` (on top when it is not one).
    public func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let index = subviews.firstIndex { $0 === siblingSubview }.map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: index)
    }
    /// Puts `view` among the subviews just below `siblingSubview` (at the back when it is not one).
    public func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        insertSubview(view, at: subviews.firstIndex { $0 === siblingSubview } ?? 0)
    }
    /// Swaps the subviews at the two indices (out of range: nothing happens).
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2) else { return }
        let first = subviews[index1], second = subviews[index2]
        insertSubview(first, at: index2)
        insertSubview(second, at: index1)
    }
}

// MARK: View controllers

/// How a controller is presented, as `UIModalPresentationStyle`. Kept.
public enum UIModalPresentationStyle: Int, Sendable {
    /// Full screen.
    case fullScreen = 0
    /// Page sheet.
    case pageSheet
    /// Form sheet.
    case formSheet
    /// Current context.
    case currentContext
    /// Custom.
    case custom
    /// Over full screen.
    case overFullScreen
    /// Over current context.
    case overCurrentContext
    /// Popover.
    case popover
    /// None.
    case none = -1
    /// The system's choice.
    case automatic = -2
}

/// How a presented controller comes in, as `UIModalTransitionStyle`. Kept.
public enum UIModalTransitionStyle: Int, Sendable {
    /// From the bottom.
    case coverVertical
    /// Turned over.
    case flipHorizontal
    /// Faded in.
    case crossDissolve
    /// Curled up.
    case partialCurl
}

/// The status bar's style, as `UIStatusBarStyle`. Never asked.
public enum UIStatusBarStyle: Int, Sendable {
    /// The system's.
    case `default`
    /// Light content.
    case lightContent
    /// Dark content.
    case darkContent = 3
}

/// The orientations a controller supports, as `UIInterfaceOrientationMask`. Never asked.
public struct UIInterfaceOrientationMask: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// A mask from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Portrait.
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    /// Upside down.
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    /// Landscape, home button on the right.
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    /// Landscape, home button on the left.
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    /// Both landscapes.
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    /// Every orientation.
    public static let all: UIInterfaceOrientationMask = [.portrait, .portraitUpsideDown, .landscape]
    /// Every orientation but upside down.
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}

/// A transition between two controllers of a storyboard, as `UIStoryboardSegue`: made by
/// `performSegue(withIdentifier:sender:)` (touchtrace has no storyboards; see there).
open class UIStoryboardSegue {
    /// The segue's identifier.
    public let identifier: String?
    /// The controller it leaves.
    public let source: UIViewController
    /// The controller it shows.
    public let destination: UIViewController
    /// A segue from `source` to `destination`.
    public init(identifier: String?, source: UIViewController, destination: UIViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
    }
    /// Runs the transition: nothing is shown.
    open func perform() {}
}

// MARK: Colours

extension UIColor {
    /// The system's orange, light appearance (1, 149/255, 0).
    public static let systemOrange = UIColor(red: 1, green: 149.0 / 255, blue: 0, alpha: 1)
    /// The system's yellow, light appearance (1, 204/255, 0).
    public static let systemYellow = UIColor(red: 1, green: 204.0 / 255, blue: 0, alpha: 1)
    /// The system's pink, light appearance (1, 45/255, 85/255).
    public static let systemPink = UIColor(red: 1, green: 45.0 / 255, blue: 85.0 / 255, alpha: 1)
    /// The system's purple, light appearance (175/255, 82/255, 222/255).
    public static let systemPurple = UIColor(red: 175.0 / 255, green: 82.0 / 255, blue: 222.0 / 255, alpha: 1)
    /// The system's teal, light appearance (48/255, 176/255, 199/255).
    public static let systemTeal = UIColor(red: 48.0 / 255, green: 176.0 / 255, blue: 199.0 / 255, alpha: 1)
    /// The system's indigo, light appearance (88/255, 86/255, 214/255).
    public static let systemIndigo = UIColor(red: 88.0 / 255, green: 86.0 / 255, blue: 214.0 / 255, alpha: 1)
    /// The system's brown, light appearance (162/255, 132/255, 94/255).
    public static let systemBrown = UIColor(red: 162.0 / 255, green: 132.0 / 255, blue: 94.0 / 255, alpha: 1)
    /// The system's mint, light appearance (0, 199/255, 190/255).
    public static let systemMint = UIColor(red: 0, green: 199.0 / 255, blue: 190.0 / 255, alpha: 1)
    /// The system's cyan, light appearance (50/255, 173/255, 230/255).
    public static let systemCyan = UIColor(red: 50.0 / 255, green: 173.0 / 255, blue: 230.0 / 255, alpha: 1)
    /// The system's second grey (174/255, 174/255, 178/255).
    public static let systemGray2 = UIColor(red: 174.0 / 255, green: 174.0 / 255, blue: 178.0 / 255, alpha: 1)
    /// The system's third grey (199/255, 199/255, 204/255).
    public static let systemGray3 = UIColor(red: 199.0 / 255, green: 199.0 / 255, blue: 204.0 / 255, alpha: 1)
    /// The system's fourth grey (209/255, 209/255, 214/255).
    public static let systemGray4 = UIColor(red: 209.0 / 255, green: 209.0 / 255, blue: 214.0 / 255, alpha: 1)
    /// The system's fifth grey (229/255, 229/255, 234/255).
    public static let systemGray5 = UIColor(red: 229.0 / 255, green: 229.0 / 255, blue: 234.0 / 255, alpha: 1)
    /// The system's sixth grey (242/255, 242/255, 247/255).
    public static let systemGray6 = UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1)
    /// The second background (242/255, 242/255, 247/255, light appearance).
    public static let secondarySystemBackground = UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1)
    /// The third background: white (light appearance).
    public static let tertiarySystemBackground = UIColor.white
    /// The grouped background (242/255, 242/255, 247/255, light appearance).
    public static let systemGroupedBackground = UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1)
    /// The second label colour (60/255, 60/255, 67/255 at 0.6).
    public static let secondaryLabel = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)
    /// The third label colour (60/255, 60/255, 67/255 at 0.3).
    public static let tertiaryLabel = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.3)
    /// The separator colour (60/255, 60/255, 67/255 at 0.29).
    public static let separator = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.29)
    /// The link colour (0, 122/255, 1).
    public static let link = UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
    /// Dark text: black.
    public static let darkText = UIColor.black
    /// Light text: white at 0.6.
    public static let lightText = UIColor(white: 1, alpha: 0.6)
    /// A colour from Display P3 components, kept as if they were sRGB (nothing is drawn).
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
}

// MARK: Core Graphics comparisons

extension CGPoint {
    /// Whether the two points are equal, as Core Graphics' `equalTo`.
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Whether the two sizes are equal, as Core Graphics' `equalTo`.
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Whether the two rectangles are equal, as Core Graphics' `equalTo`.
    public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }
}
