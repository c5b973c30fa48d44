import TouchTrace

/// A view, as `UIKit.UIView`: a rectangle in its superview, with subviews, gesture recognizers
/// and UIKit's geometry (`bounds`, `center`, `transform`, `frame`), conversions of points and
/// rectangles, and hit testing. It draws nothing.
///
/// **Geometry**, as UIKit keeps it: `bounds` (the view's own coordinates), `center` (in the
/// superview's coordinates; its layer's `position`) and `transform` (about the layer's
/// `anchorPoint`, the bounds' middle unless code moves it) are stored; `frame` is derived
/// from them: the smallest rectangle, in the superview's coordinates, holding the bounds
/// turned by the transform about the anchor point put at `center`. Setting `frame` sets the
/// size of `bounds` and puts the anchor point's place in the new frame at `center` (as in
/// UIKit, meaningful only while the transform is the identity). A point `p` of the view is at
/// `center + (p − A)·transform` in the superview, `A` the anchor point in bounds coordinates
/// (`bounds.origin + anchorPoint × bounds.size`). A view with no superview is on the screen
/// (its superview's coordinates are the screen's).
///
/// **Views a recognizer gets from a scene.** A recognizer of a scene file's view gets the
/// replay's view of it, made from the scene's frames (its ancestors as superviews) and shared
/// by every recognizer of the replay; a screen built in code (`ScreenType.uiKit`) is its own
/// tree of views.
///
/// **Changes.** Every change of `bounds`, `center`, `transform`, `frame`, `alpha` or
/// `isHidden` counts one in `changeCount`: after each event and its actions, a scene view that
/// changed gets a `viewChanged` record and is hit where it now is (SPEC 17; see `UIKitReplay`).
/// So does a view that gesture code made and put in a screen built in code during the replay:
/// putting a view in a tree, or taking one out, counts one in the root's `treeChangeCount`.
open class UIView: UIResponder {
    /// The view's own rectangle: where its content is drawn from, in its own coordinates
    /// (points). Origin (0, 0) unless set.
    open var bounds: CGRect {
        willSet { keyWillChange(.bounds); AnimationStart.viewWillChange(self) }
        didSet { if bounds != oldValue { noteChange() }; keyDidChange(.bounds) }
    }
    /// The view's center in its superview's coordinates (points).
    open var center: CGPoint {
        willSet { keyWillChange(.center); AnimationStart.viewWillChange(self) }
        didSet { if center != oldValue { noteChange() }; keyDidChange(.center) }
    }
    /// The view's transform about its center (radians for turns, as in UIKit).
    open var transform: CGAffineTransform = .identity {
        willSet { keyWillChange(.transform); AnimationStart.viewWillChange(self) }
        didSet { if transform != oldValue { noteChange() }; keyDidChange(.transform) }
    }
    /// The view's opacity, 0 to 1 (1). Below 0.01 the view is not hit by touches.
    open var alpha: CGFloat = 1 {
        willSet { keyWillChange(.alpha); AnimationStart.viewWillChange(self) }
        didSet { if alpha != oldValue { noteChange() }; keyDidChange(.alpha) }
    }
    /// Whether the view is hidden (false). A hidden view is not hit by touches.
    open var isHidden = false {
        willSet { keyWillChange(.hidden); AnimationStart.viewWillChange(self) }
        didSet { if isHidden != oldValue { noteChange() }; keyDidChange(.hidden) }
    }
    /// A number of the application's own (0).
    open var tag = 0
    /// The view's identifier for tests and accessibility (nil).
    open var accessibilityIdentifier: String?
    /// Whether assistive technologies see the view as one element: UIKit's default, true for a
    /// label, an image view and a control, false for other views, until set.
    open var isAccessibilityElement: Bool {
        get { accessibilityElementSetting ?? (self is UILabel || self is UIControl) }
        set { accessibilityElementSetting = newValue }
    }
    private var accessibilityElementSetting: Bool?
    /// The element's spoken name (nil): kept.
    open var accessibilityLabel: String?
    /// A hint of what the element does (nil): kept.
    open var accessibilityHint: String?
    /// The element's value (nil): kept.
    open var accessibilityValue: String?
    /// What kind of element it is (none): kept.
    open var accessibilityTraits: UIAccessibilityTraits = []
    /// Whether touches may hit this view and its subviews (true).
    open var isUserInteractionEnabled = true
    /// Whether the view takes more than one touch at a time (false, as in UIKit; kept for code
    /// that sets it).
    open var isMultipleTouchEnabled = false
    /// The view that holds this one (held weakly, as UIKit's), or nil.
    open private(set) weak var superview: UIView?

    /// The view controller whose `view` this is, if any (held weakly: the controller holds its view).
    weak var owningController: UIViewController?

    /// The next responder, as UIKit's: the view controller whose view this is, else the superview.
    open override var next: UIResponder? { owningController ?? superview }
    /// The views it holds, back to front.
    open private(set) var subviews: [UIView] = []
    /// Its gesture recognizers, in the order added (nil when it has none, as in UIKit).
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { recognizers.isEmpty ? nil : recognizers }
        set {
            let old = recognizers
            for recognizer in old { recognizer.addedView = nil }
            recognizers = []
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
            for recognizer in old where recognizer.addedView == nil { recognizer.wasRemoved(from: self) }
        }
    }
    var recognizers: [UIGestureRecognizer] = []
    /// What code sets of the view's look (`backgroundColor`, `contentMode`, …; UIKitTypes.swift).
    package let displayLook = ViewLook()

    /// How many times its geometry, `alpha` or `isHidden` has changed (see the type's
    /// documentation): what `UIKitReplay` looks at after each event.
    package private(set) var changeCount = 0
    /// How many times a view has been put in or taken out of the tree this view is the root of
    /// (counted on the root only): what `UIKitReplay` looks at before it looks for views made
    /// during a replay.
    package private(set) var treeChangeCount = 0

    /// A view with this frame in its superview's coordinates: bounds at (0, 0) of the frame's
    /// size, center at the frame's middle.
    public init(frame: CGRect) {
        bounds = CGRect(origin: .zero, size: CGSize(width: frame.width, height: frame.height))
        center = CGPoint(x: frame.midX, y: frame.midY)
        super.init()
    }

    /// A view with an empty frame at (0, 0).
    public override convenience init() {
        self.init(frame: .zero)
    }

    /// UIKit's initializer from an archive: touchtrace has no archives, so it makes no view.
    public required init?(coder: NSCoder) {
        bounds = .zero
        center = .zero
        super.init()
        return nil
    }

    /// A view with this frame, added to `superview`'s subviews (`addSubview`).
    public convenience init(frame: CGRect, superview: UIView?) {
        self.init(frame: frame)
        superview?.addSubview(self)
    }

    private func noteChange() {
        changeCount += 1
    }

    /// Its layer's `anchorPoint` changed: `center` stays, so the view moves (`frame` changes,
    /// and the view is hit and located where it now is).
    func anchorPointDidChange() {
        keyWillChange(.frame)
        noteChange()
        keyDidChange(.frame)
    }

    /// The point of the bounds at `center`, in the view's own coordinates: the layer's
    /// `anchorPoint` in the bounds (their middle unless code moved it).
    var anchorInBounds: CGPoint {
        guard let anchor = displayLook.madeLayer?.anchorPoint, anchor != CGPoint(x: 0.5, y: 0.5) else {
            return CGPoint(x: bounds.midX, y: bounds.midY)
        }
        return CGPoint(x: bounds.minX + anchor.x * bounds.width, y: bounds.minY + anchor.y * bounds.height)
    }

    /// The view's rectangle in its superview's coordinates, from `center`, `bounds` and
    /// `transform` (see the type's documentation). Setting it sets `center` and the bounds'
    /// size.
    open var frame: CGRect {
        get {
            let w = bounds.width, h = bounds.height
            let unit = displayLook.madeLayer?.anchorPoint ?? CGPoint(x: 0.5, y: 0.5)
            let box = CGRect(x: -w * unit.x, y: -h * unit.y, width: w, height: h).applying(transform)
            return box.offsetBy(dx: center.x, dy: center.y)
        }
        set {
            keyWillChange(.frame)
            if let anchor = displayLook.madeLayer?.anchorPoint, anchor != CGPoint(x: 0.5, y: 0.5) {
                center = CGPoint(x: newValue.minX + anchor.x * newValue.width, y: newValue.minY + anchor.y * newValue.height)
            } else {
                center = CGPoint(x: newValue.midX, y: newValue.midY)
            }
            bounds.size = CGSize(width: newValue.width, height: newValue.height)
            keyDidChange(.frame)
        }
    }

    /// The window at the root of its tree (the root itself when it is a `UIWindow`), or nil.
    open var window: UIWindow? {
        var v: UIView = self
        while let up = v.superview { v = up }
        return v as? UIWindow
    }

    // MARK: Subviews and recognizers

    /// Puts `view` on top of this view's subviews (taking it from its superview first).
    open func addSubview(_ view: UIView) {
        guard view !== self else { return }
        view.removeFromSuperview()
        view.movingTo(self) { subviews.append(view) }
    }

    /// Puts `view` among the subviews at `index` (0 is at the back).
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        view.removeFromSuperview()
        view.movingTo(self) { subviews.insert(view, at: Swift.min(Swift.max(0, index), subviews.count)) }
    }

    /// Takes the view out of its superview.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        movingTo(nil) { parent.subviews.removeAll { $0 === self } }
    }

    /// Moves the view under `newSuperview` (nil: out of its superview), `insert` putting it in
    /// the new superview's subviews, with UIKit's calls around the move: `willMove(toSuperview:)`
    /// (and `willMove(toWindow:)` when its window changes) before, `didMoveToSuperview()` (and
    /// `didMoveToWindow()`), then the superview's `didAddSubview(_:)`, after.
    private func movingTo(_ newSuperview: UIView?, _ insert: () -> Void) {
        let oldSuperview = superview
        defer {
            oldSuperview?.noteTreeChange()
            newSuperview?.noteTreeChange()
        }
        let oldWindow = window
        let newWindow = newSuperview?.window
        willMove(toSuperview: newSuperview)
        if oldWindow !== newWindow { forEachInTree { $0.willMove(toWindow: newWindow) } }
        insert()
        superview = newSuperview
        didMoveToSuperview()
        if oldWindow !== newWindow { forEachInTree { $0.didMoveToWindow() } }
        newSuperview?.didAddSubview(self)
    }

    /// Counts a change of the tree on its root.
    private func noteTreeChange() {
        var root = self
        while let up = root.superview { root = up }
        root.treeChangeCount += 1
    }

    /// Calls `body` with this view, then each of its subviews' trees, back to front.
    private func forEachInTree(_ body: (UIView) -> Void) {
        body(self)
        for view in subviews { view.forEachInTree(body) }
    }

    /// Puts the subview on top of the others.
    open func bringSubviewToFront(_ view: UIView) {
        guard let k = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: k))
    }

    /// Puts the subview behind the others.
    open func sendSubviewToBack(_ view: UIView) {
        guard let k = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: k), at: 0)
    }

    /// The view itself or the first of its descendants (depth first, back to front) whose
    /// `tag` is `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for view in subviews { if let found = view.viewWithTag(tag) { return found } }
        return nil
    }

    /// Whether this view is `view` or one of its subviews, to any depth.
    open func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    /// Attaches the recognizer to this view (its `view` becomes this one), taking it from the
    /// view it was on. In the replay of a screen built in code, a recognizer added during the
    /// replay joins it once the call under way is over, and takes the touches that begin on
    /// this view from then on, as one of the screen as built (see `ScreenType.uiKit`); a
    /// recognizer takes touches on the view it was on when it joined (or the screen was
    /// built) only, and again when put back on it.
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let old = gestureRecognizer.addedView, old !== self { old.removeGestureRecognizer(gestureRecognizer) }
        guard !recognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        recognizers.append(gestureRecognizer)
        gestureRecognizer.addedView = self
        if gestureRecognizer.builtOn == nil {
            ReplayTimeline.current?.addedRecognizers?.append(AddedRecognizer(recognizer: gestureRecognizer, view: self))
        }
    }

    /// Detaches the recognizer from this view. In a replay it then gets no touches; taken off
    /// mid-gesture during a call of touchtrace's, it is cancelled or fails as one disabled then
    /// is (see `UIGestureRecognizer.isEnabled`).
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard let k = recognizers.firstIndex(where: { $0 === gestureRecognizer }) else { return }
        recognizers.remove(at: k)
        gestureRecognizer.addedView = nil
        gestureRecognizer.wasRemoved(from: self)
    }

    // MARK: Layout (nothing is laid out: kept for code that calls it)

    /// Lays out the subviews: nothing by default; subclasses override it.
    open func layoutSubviews() {}
    /// The traits changed: never called (touchtrace's fixed traits never change; see
    /// `UITraitCollection`).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    /// Asks for a layout: calls nothing (touchtrace has no run loop to lay out at).
    open func setNeedsLayout() {}
    /// Lays out now: calls `layoutSubviews()`.
    open func layoutIfNeeded() { layoutSubviews() }
    /// Asks for a redraw: nothing is drawn.
    open func setNeedsDisplay() {}
    /// Draws the view's content: never called (touchtrace draws nothing); subclasses override it.
    open func draw(_ rect: CGRect) {}
    /// Lays out the sublayers of `layer` (the view's layer or one of its sublayers): never called
    /// (nothing is laid out); subclasses override it.
    open func layoutSublayers(of layer: CALayer) {}
    /// Readies a designable view for Interface Builder's canvas: never called (touchtrace has no
    /// Interface Builder); subclasses override it and call `super`.
    open func prepareForInterfaceBuilder() {}
    /// The interactions added to the view, in the order added (see `addInteraction(_:)` in
    /// Interactions.swift).
    open var interactions: [UIInteraction] = []

    // MARK: Animation (touchtrace has no frames to animate over)

    /// Runs `animations` at once: the views take their final values now (a replay has no
    /// display to animate on). `duration` (seconds) is not waited for.
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animations()
    }

    /// Runs `animations` at once, then `completion` with true once `duration` seconds have
    /// passed: in a replay at that trace time, between events (Animation.swift).
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)?) {
        animations()
        complete(after: duration, completion)
    }

    // MARK: Coordinates

    /// A point of this view in its superview's coordinates (on the screen for a root).
    func pointInSuperview(_ p: CGPoint) -> CGPoint {
        let anchor = anchorInBounds
        let local = CGPoint(x: p.x - anchor.x, y: p.y - anchor.y).applying(transform)
        return CGPoint(x: local.x + center.x, y: local.y + center.y)
    }

    /// A point of the superview (of the screen for a root) in this view's coordinates.
    func pointFromSuperview(_ p: CGPoint) -> CGPoint {
        let local = CGPoint(x: p.x - center.x, y: p.y - center.y).applying(transform.inverted())
        let anchor = anchorInBounds
        return CGPoint(x: local.x + anchor.x, y: local.y + anchor.y)
    }

    /// A point of this view on the screen.
    func pointOnScreen(_ p: CGPoint) -> CGPoint {
        var q = p
        var v: UIView? = self
        while let current = v {
            q = current.pointInSuperview(q)
            v = current.superview
        }
        return q
    }

    /// A point of the screen in this view's coordinates.
    func pointFromScreen(_ p: CGPoint) -> CGPoint {
        var chain: [UIView] = []
        var v: UIView? = self
        while let current = v {
            chain.append(current)
            v = current.superview
        }
        var q = p
        for view in chain.reversed() { q = view.pointFromSuperview(q) }
        return q
    }

    /// The view's origin (its bounds' origin) on the screen, in points.
    var screenOrigin: CGPoint { pointOnScreen(bounds.origin) }

    /// A point of this view in the coordinates of `view` (of the screen when nil).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        Self.convertFromScreen(pointOnScreen(point), to: view)
    }

    /// A point of `view` (of the screen when nil) in this view's coordinates.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        pointFromScreen(view?.pointOnScreen(point) ?? point)
    }

    /// A rectangle of this view in the coordinates of `view` (of the screen when nil): the
    /// smallest rectangle holding its converted corners.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        Self.box(Self.corners(rect).map { convert($0, to: view) })
    }

    /// A rectangle of `view` (of the screen when nil) in this view's coordinates: the smallest
    /// rectangle holding its converted corners.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        Self.box(Self.corners(rect).map { convert($0, from: view) })
    }

    static func corners(_ r: CGRect) -> [CGPoint] {
        [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)]
    }

    static func box(_ points: [CGPoint]) -> CGRect {
        var minX = points[0].x, maxX = minX, minY = points[0].y, maxY = minY
        for p in points {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    static func convertFromScreen(_ p: CGPoint, to view: UIView?) -> CGPoint {
        guard let view else { return p }
        return view.pointFromScreen(p)
    }

    // MARK: Hit testing

    /// Whether `point` (this view's coordinates) is inside it: inside `bounds`, left and top
    /// edges in, right and bottom out.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// The farthest descendant of this view (or the view itself) that contains `point` (this
    /// view's coordinates), as UIKit's rules have it: a hidden view, one with `alpha` below
    /// 0.01 or with `isUserInteractionEnabled` false is not hit, nor are its subviews; a point
    /// outside the view hits none of its subviews; subviews are tried front to back.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point, with: event) else { return nil }
        for view in subviews.reversed() {
            if let hit = view.hitTest(view.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    // MARK: Scene views

    /// The view and its superviews from the frames on the screen of a view and its ancestors,
    /// nearest first (`DeliveryContext.recognizerViewChain`): the nearest view, and the root,
    /// which the caller holds (a view holds its subviews, not its superview).
    static func chain(screenFrames: [Rect]) -> (view: UIView, root: UIView)? {
        var view: UIView?
        var root: UIView?
        for (k, frame) in screenFrames.enumerated().reversed() {
            let parent = k + 1 < screenFrames.count ? screenFrames[k + 1].origin : Point.zero
            view = UIView(frame: CGRect(x: frame.x - parent.x, y: frame.y - parent.y, width: frame.width, height: frame.height),
                          superview: view)
            if root == nil { root = view }
        }
        guard let view, let root else { return nil }
        return (view, root)
    }

    // MARK: What subclasses override (declared in the class, so that an override compiles)

    /// The view's background colour (nil): kept, not drawn. A subclass may override it (with
    /// `didSet`, or a getter and setter calling `super`), as in UIKit.
    open var backgroundColor: UIColor? {
        get { displayLook.backgroundColor }
        set { displayLook.backgroundColor = newValue }
    }
    /// The view's tint colour: kept; `.systemBlue` until set (UIKit's default tint).
    open var tintColor: UIColor! {
        get { displayLook.tintColor ?? .systemBlue }
        set {
            displayLook.tintColor = newValue
            tintColorDidChange()
        }
    }
    /// How content fits the bounds (`.scaleToFill`): kept, not drawn.
    open var contentMode: UIViewContentMode {
        get { displayLook.contentMode }
        set { displayLook.contentMode = newValue }
    }
    /// Whether subviews are clipped to the bounds (false): kept; hit testing is not changed by
    /// it (UIKit's hit testing is not either).
    open var clipsToBounds: Bool {
        get { displayLook.clipsToBounds }
        set { displayLook.clipsToBounds = newValue }
    }
    /// Whether the view is opaque (true): kept.
    open var isOpaque: Bool {
        get { displayLook.isOpaque }
        set { displayLook.isOpaque = newValue }
    }
    /// Whether the view takes touches only alone (false): kept; touchtrace's delivery does not
    /// use it.
    open var isExclusiveTouch: Bool {
        get { displayLook.isExclusiveTouch }
        set { displayLook.isExclusiveTouch = newValue }
    }
    /// The insets the window's safe area makes on this view: zero, touchtrace's fixed value (a
    /// replay has no notch, status bar or home indicator).
    open var safeAreaInsets: UIEdgeInsets { .zero }
    /// Margins for content: kept; 8 points on every side until set (UIKit's default).
    open var layoutMargins: UIEdgeInsets {
        get { displayLook.layoutMargins }
        set {
            displayLook.layoutMargins = newValue
            layoutMarginsDidChange()
        }
    }
    /// The view's size that fits its content: its bounds' size (touchtrace lays out nothing).
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Sets the size to `sizeThatFits(bounds.size)`, keeping the center (UIKit keeps the origin
    /// for an untransformed view; with the default `sizeThatFits` the frame does not change).
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        guard size != bounds.size else { return }
        let origin = frame.origin
        frame = CGRect(origin: origin, size: size)
    }
    /// The size the content wants, in points: `UIView.noIntrinsicMetric` both ways (a plain
    /// view's UIKit value); nothing is laid out with it.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// Whether a recognizer attached to this view may begin (true). touchtrace asks it where it
    /// asks the recognizer's delegate `gestureRecognizerShouldBegin(_:)`, as UIKit asks the
    /// view: false, and the recognizer fails (reason `delegate refused to begin`).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// The class of the view's `layer`: `CALayer` (override it to return `CAShapeLayer.self`
    /// for a shape layer; another class gives a plain `CALayer`).
    open class var layerClass: AnyClass { CALayer.self }
    /// The view's layer (see `CALayer`), of `layerClass`: what code sets on it is kept, nothing
    /// is drawn.
    open var layer: CALayer { displayLook.layer(for: type(of: self).layerClass, of: self) }
    /// The view is about to move to `newSuperview` (nil: out of its superview): called by
    /// `addSubview`, `insertSubview` and `removeFromSuperview`, as in UIKit.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// The view moved to a new superview (or out of one): called after `willMove(toSuperview:)`.
    open func didMoveToSuperview() {}
    /// The view is about to move to `newWindow`: called when it moves into or out of a tree
    /// whose root is a `UIWindow`.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// The view moved into or out of a window's tree.
    open func didMoveToWindow() {}
    /// `subview` was added to this view (after it was added).
    open func didAddSubview(_ subview: UIView) {}
    /// `subview` is about to be taken out of this view.
    open func willRemoveSubview(_ subview: UIView) {}
    /// Updates constraints: nothing is laid out; subclasses override it and call `super`.
    open func updateConstraints() {}
    /// The tint colour changed (called when `tintColor` is set).
    open func tintColorDidChange() {}
    /// The layout margins changed (called when `layoutMargins` is set).
    open func layoutMarginsDidChange() {}
    /// The safe area changed: never called (the safe area is fixed, see `safeAreaInsets`).
    open func safeAreaInsetsDidChange() {}
}

/// A window, as `UIKit.UIWindow`: the view at the root of a tree. Its frame is on the screen.
open class UIWindow: UIView {
    /// The responder that is first in this window (see `UIResponder.becomeFirstResponder()`).
    weak var firstResponder: UIResponder?
    /// The controller whose view fills the window (nil): kept; setting it does not add the view.
    open var rootViewController: UIViewController?
    /// Sends an event to the window's recognizers and views, as UIKit's `sendEvent(_:)`.
    ///
    /// In a screen built in code (`ScreenType.uiKit`) whose root view is in this window (or is
    /// it), every event of the trace comes here, in order, through `UIApplication.sendEvent(_:)`,
    /// before any recognizer has it (SPEC 17). The touches that began in it have been hit-tested
    /// already, as on a device: their `view` is set. The base delivers the event — to the
    /// recognizers through the arena, then to the hit views' touch methods, then to controls —
    /// once, however often it is called for the event; an event made by other code is not
    /// delivered. An override that does not call `super` keeps the event from every recognizer
    /// and view. A touch whose beginning was kept so is kept for its whole life: its later
    /// events still come here, but nothing is delivered of it even when `super` is called. A touch
    /// that was delivered and whose lift is kept is up: its recognizers and view never hear that
    /// it ended (a recognizer that had it keeps it, as on a device: a pan that had begun stays
    /// `changed`). Deadlines and timers are not events and never come here.
    ///
    /// The event's touches (`allTouches`: every touch down, with its phase in this event,
    /// `stationary` when it did not change) are the replay's objects, one per finger: the ones
    /// the recognizers and the views are given. Views added to the window here (a visualizer's dot) take part in
    /// the hit tests of later touches, not of this event's.
    open func sendEvent(_ event: UIEvent) {
        event.deliver()
    }
}

/// An object that can take touches, as `UIKit.UIResponder`: the touch methods a view or a view
/// controller overrides, and the chain of responders touches go up.
///
/// In a screen built in code (`ScreenType.uiKit`) touchtrace gives the view a touch hit-tests
/// to its touches as UIKit's window does, after the recognizers that see them (SPEC 17; see
/// `UIKitReplay`'s view deliveries). The default implementation of each touch method passes the
/// touches to `next`, as UIKit's does: from a view to its view controller, if it is one's view,
/// else to its superview; from a view controller to its view's superview.
open class UIResponder {
    /// A responder.
    public init() {}
    /// Values code associated with it (`objc_setAssociatedObject`), released with it; nil
    /// until one is set.
    var associatedValues: AssociatedValues?
    /// The key-value observers registered on it (see KeyValueObserving.swift); nil until one is.
    var keyValueObservers: KeyValueObservers?
    /// Called when a property this object observes changes (registered with
    /// `addObserver(_:forKeyPath:options:context:)`), as Foundation's `NSObject` method: does
    /// nothing here; a subclass overrides it.
    open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                           context: KeyValueObservingContext?) {}
    /// The responder that gets what this one passes on: nil here (see `UIView.next` and
    /// `UIViewController.next`).
    open var next: UIResponder? { nil }
    /// Touches began: passed to `next`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    /// Touches moved: passed to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    /// Touches lifted: passed to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    /// Touches were cancelled (a recognizer recognized, or the trace cancelled them): passed to
    /// `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }
    /// Estimated properties of touches were updated: never called (a trace's values are
    /// measured, not estimated).
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}
    /// Presses began: never called (a trace holds no presses; see `UIPress`).
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {}
    /// Presses changed: never called.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {}
    /// Presses ended: never called.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {}
    /// Presses were cancelled: never called.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {}
    /// Called after loading from a nib, as `NSObject.awakeFromNib()`: never called (touchtrace
    /// has no nibs; a view built in code is set up in its initializer).
    open func awakeFromNib() {}

    /// Whether the responder can become the first responder (false). A view that shows an
    /// edit menu (a label to copy) overrides it to say true.
    open var canBecomeFirstResponder: Bool { false }
    /// Whether the responder gives up first-responder status when asked (true).
    open var canResignFirstResponder: Bool { true }
    /// Whether the responder is its window's first responder.
    open var isFirstResponder: Bool { responderWindow?.firstResponder === self }
    /// Makes the responder its window's first responder, as UIKit does: only when
    /// `canBecomeFirstResponder` says so and the responder is in a window (a view, or a view
    /// controller's loaded view); the one before is asked to resign first, and if it will
    /// not, nothing changes. Returns whether the responder is now the first responder.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let window = responderWindow, canBecomeFirstResponder else { return false }
        if window.firstResponder === self { return true }
        if let current = window.firstResponder, !current.resignFirstResponder() { return false }
        window.firstResponder = self
        return true
    }
    /// Gives up first-responder status: false when `canResignFirstResponder` says no, else true
    /// (the window then has none).
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let window = responderWindow, window.firstResponder === self { window.firstResponder = nil }
        return true
    }
    /// The device began a motion (a shake): never called, a trace holds touches only.
    open func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {}
    /// The device ended a motion (a shake): never called, a trace holds touches only.
    open func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {}
    /// A motion was cancelled: never called.
    open func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {}
    /// Whether the responder performs `action` (an edit menu's `copy(_:)`, …): false unless a
    /// subclass says otherwise (Swift on Linux cannot look a selector up in a class).
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { false }

    /// Copies the selection (`UIResponderStandardEditActions`): nothing here; overridable.
    open func copy(_ sender: Any?) {}
    /// Cuts the selection: nothing here; overridable.
    open func cut(_ sender: Any?) {}
    /// Pastes: nothing here; overridable.
    open func paste(_ sender: Any?) {}
    /// Selects: nothing here; overridable.
    open func select(_ sender: Any?) {}
    /// Selects everything: nothing here; overridable.
    open func selectAll(_ sender: Any?) {}
    /// Deletes the selection: nothing here; overridable.
    open func delete(_ sender: Any?) {}

    /// The window the responder is in: a view's, or a view controller's loaded view's.
    var responderWindow: UIWindow? {
        if let view = self as? UIView { return view.window }
        if let controller = self as? UIViewController { return controller.viewIfLoaded?.window }
        return nil
    }
}

/// The edit actions a responder may perform from an edit menu, as UIKit's
/// `UIResponderStandardEditActions` (`#selector(UIResponderStandardEditActions.copy(_:))`).
public protocol UIResponderStandardEditActions: AnyObject {
    /// Copies the selection.
    func copy(_ sender: Any?)
    /// Cuts the selection.
    func cut(_ sender: Any?)
    /// Pastes.
    func paste(_ sender: Any?)
    /// Selects.
    func select(_ sender: Any?)
    /// Selects everything.
    func selectAll(_ sender: Any?)
    /// Deletes the selection.
    func delete(_ sender: Any?)
}

extension UIResponder: UIResponderStandardEditActions {}

/// A view controller, as `UIKit.UIViewController`: it makes its view when first asked for it
/// (`loadView()`, then `viewDidLoad()`).
open class UIViewController: UIResponder {
    private var loadedView: UIView?

    /// A view controller whose view is not loaded yet.
    public override init() { super.init() }

    /// UIKit's initializer from a nib, one of its designated initializers (a subclass's own
    /// initializer may call `super.init(nibName:bundle:)`): touchtrace has no nibs, so both are
    /// ignored and the controller is as `init()` makes it.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// The size of the view `loadView()` makes, in points: 390 × 844, the screen of an iPhone
    /// 12, 13 or 14 (touchtrace's fixed value; it knows no device).
    public static let defaultViewSize = CGSize(width: 390, height: 844)

    /// The controller's view: loaded (`loadView()`, then `viewDidLoad()`) when first read.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.owningController = self
        }
    }

    /// The next responder, as UIKit's: the superview of the controller's view (nil before the
    /// view is loaded or while it is in no view).
    open override var next: UIResponder? { loadedView?.superview }

    /// Whether the view has been loaded.
    open var isViewLoaded: Bool { loadedView != nil }
    /// The controllers `addChild` gave this one.
    var childControllers: [UIViewController] = []
    /// The controller this one is a child of.
    weak var parentController: UIViewController?
    /// The view if it is loaded, else nil (asking does not load it).
    open var viewIfLoaded: UIView? { loadedView }
    /// The object that would give the animators of this controller's presentation and
    /// dismissal (held weakly): kept, never asked (a replay shows one screen; see Transitions.swift).
    open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?

    /// Makes the view: a plain `UIView` of `defaultViewSize` at (0, 0). Override it to make
    /// another, setting `view` (without calling `super`), as in UIKit.
    open func loadView() {
        loadedView = UIView(frame: CGRect(origin: .zero, size: Self.defaultViewSize))
    }

    /// Called once, after the view is loaded. Override it to build the screen.
    open func viewDidLoad() {}
    /// The size the controller would like for its view when presented in a popover or a
    /// container (zero): kept.
    open var preferredContentSize: CGSize = .zero
    /// The traits changed: never called (touchtrace's fixed traits never change; see
    /// `UITraitCollection`).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    /// The view is about to appear: not called by touchtrace (its screens do not appear).
    open func viewWillAppear(_ animated: Bool) {}
    /// The view appeared: not called by touchtrace.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to disappear: not called by touchtrace.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view disappeared: not called by touchtrace.
    open func viewDidDisappear(_ animated: Bool) {}
    /// The view is about to lay out its subviews: not called by touchtrace (nothing is laid out).
    open func viewWillLayoutSubviews() {}
    /// The view laid out its subviews: not called by touchtrace.
    open func viewDidLayoutSubviews() {}

    /// Loads the view if it is not loaded yet: `loadView()`, then `viewDidLoad()`.
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = UIView(frame: CGRect(origin: .zero, size: Self.defaultViewSize)) }
        loadedView?.owningController = self
        viewDidLoad()
    }

    // MARK: What subclasses override or set (declared in the class, so that an override compiles)

    /// The controller's title (nil): kept.
    open var title: String?
    /// How the controller is presented (`.automatic`): kept; presenting shows nothing.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// The transition used to present it (`.coverVertical`): kept.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// Whether the status bar is hidden (false): never asked (a replay has no status bar).
    open var prefersStatusBarHidden: Bool { false }
    /// The status bar's style (`.default`): never asked.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether the interface turns with the device (true): never asked (the screen does not turn).
    open var shouldAutorotate: Bool { true }
    /// The orientations the controller supports (`.all`): never asked.
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .all }
    /// Memory is low: never called (a replay has no memory warnings).
    open func didReceiveMemoryWarning() {}
    /// The safe area changed: never called (it is fixed, see `UIView.safeAreaInsets`).
    open func viewSafeAreaInsetsDidChange() {}
    /// The controller's view is about to change size: never called (the screen keeps its size).
    open func viewWillTransition(to size: CGSize, with coordinator: Any) {}
    /// Updates the view's constraints: never called (nothing is laid out).
    open func updateViewConstraints() {}
    /// A segue is about to run: called by `performSegue(withIdentifier:sender:)` with a segue
    /// whose destination is a plain `UIViewController`.
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}
    /// Whether the segue named `identifier` may run (true): asked by nothing (touchtrace has no
    /// storyboards).
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }
    /// Runs the storyboard segue named `identifier`: touchtrace has no storyboard, so it calls
    /// `prepare(for:sender:)` with a segue from this controller to a plain `UIViewController`
    /// whose view is loaded, and shows nothing.
    open func performSegue(withIdentifier identifier: String, sender: Any?) {
        let segue = UIStoryboardSegue(identifier: identifier, source: self, destination: UIViewController())
        prepare(for: segue, sender: sender)
        segue.destination.loadViewIfNeeded()
    }
    /// The controller is about to be added to or removed from `parent`: `addChild` calls it
    /// with the new parent, as UIKit's does; a container calls it with nil before
    /// `removeFromParent()`.
    open func willMove(toParent parent: UIViewController?) {}
    /// The controller was added to or removed from `parent`: a container calls it after
    /// `addChild`; `removeFromParent()` calls it with nil, as UIKit's does.
    open func didMove(toParent parent: UIViewController?) {}

    /// The child controllers, in the order added.
    open var children: [UIViewController] { childControllers }
    /// Makes `childController` a child (taking it from its parent first), calling its
    /// `willMove(toParent:)` with this controller first, as UIKit does; its view is not added
    /// (the container adds it).
    open func addChild(_ childController: UIViewController) {
        guard childController !== self, childController.parentController !== self else { return }
        childController.willMove(toParent: self)
        childController.parentController?.childControllers.removeAll { $0 === childController }
        childControllers.append(childController)
        childController.parentController = self
    }
    /// Takes the controller out of its parent's children, then calls its
    /// `didMove(toParent: nil)`, as UIKit does; its view stays where it is.
    open func removeFromParent() {
        guard let parent = parentController else { return }
        parent.childControllers.removeAll { $0 === self }
        parentController = nil
        didMove(toParent: nil)
    }
}
