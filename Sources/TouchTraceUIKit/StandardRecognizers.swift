import TouchTrace

// UIKit's standard recognizer classes, each run on the library's recognizer of SPEC 13 with the
// same name in scenes: the same state changes, the same records, the same failure reasons. Their
// properties have UIKit's names, defaults (GestureDefaults) and units. Setting a property that
// shapes the gesture starts the backing recognizer afresh: set them before the gesture, as
// UIKit code does (in `init` or `viewDidLoad`).
//
// Subclass them as in UIKit: an override of a touch method calls `super` with the touches it was
// given. Their state changes are the backing recognizer's (asked of touchtrace's arena), so a
// subclass reads `state` rather than setting it.

/// A tap, as `UITapGestureRecognizer`: touchtrace's `tap` (SPEC 13). Discrete: `recognized` at
/// the lift that completes the last tap.
open class UITapGestureRecognizer: UIGestureRecognizer {
    var core = TapRecognizer()
    /// `ignore(_:for:)`: the tap stops following an ignored touch: it no longer counts among the tap's
    /// fingers, and its moves and lift are not the tap's.
    override func backingIgnores(_ touch: UITouch) {
        _ = core.forget(serial: touch.serial)
    }
    /// Its touches (and deadline) go to the backing recognizer; then the targets, if it calls them.
    override func backingReceives(_ phase: TouchPhase?, _ touches: Set<UITouch>) {
        if drive(&core, phase, touches) { actionIsDue() }
    }

    /// Taps in the gesture (UIKit's default 1).
    open var numberOfTapsRequired: Int = GestureDefaults.tapNumberOfTapsRequired {
        didSet { numberOfTapsRequired = Swift.max(1, numberOfTapsRequired); remake() }
    }
    /// Fingers per tap (UIKit's default 1).
    open var numberOfTouchesRequired: Int = GestureDefaults.tapNumberOfTouchesRequired {
        didSet { numberOfTouchesRequired = Swift.max(1, numberOfTouchesRequired); remake() }
    }

    /// A tap recognizer with UIKit's defaults that calls `action` on `target`.
    public override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
    }

    private func remake() {
        core = TapRecognizer(numberOfTapsRequired: numberOfTapsRequired, numberOfTouchesRequired: numberOfTouchesRequired)
        core.state = engineState
    }

    override func engineStateDidChange(_ state: RecognizerState) { core.state = state }
    override func engineDidReset() { core.reset() }
}

/// A long press, as `UILongPressGestureRecognizer`: touchtrace's `longPress` (SPEC 13).
/// Continuous: `began` once the fingers have rested `minimumPressDuration`, `changed` at every
/// move after, `ended` at the lift.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    var core = LongPressRecognizer()
    /// `ignore(_:for:)`: the press stops following an ignored touch: it waits for its fingers without it, and
    /// once begun it follows, and ends with, the touches left.
    override func backingIgnores(_ touch: UITouch) {
        _ = core.forget(serial: touch.serial)
    }
    /// Its touches (and deadline) go to the backing recognizer; then the targets, if it calls them.
    override func backingReceives(_ phase: TouchPhase?, _ touches: Set<UITouch>) {
        if drive(&core, phase, touches) { actionIsDue() }
    }

    /// How long the fingers must rest, in seconds (UIKit's default 0.5).
    open var minimumPressDuration: TimeInterval = GestureDefaults.longPressMinimumPressDuration {
        didSet { minimumPressDuration = Swift.max(0, minimumPressDuration); remake() }
    }
    /// How far a finger may move before the press begins, in points (UIKit's default 10).
    open var allowableMovement: CGFloat = CGFloat(GestureDefaults.longPressAllowableMovement) {
        didSet { allowableMovement = Swift.max(0, allowableMovement); remake() }
    }
    /// Fingers that must be held down (UIKit's default 1).
    open var numberOfTouchesRequired: Int = GestureDefaults.longPressNumberOfTouchesRequired {
        didSet { numberOfTouchesRequired = Swift.max(1, numberOfTouchesRequired); remake() }
    }
    /// Taps before the press (UIKit's default 0). touchtrace's `longPress` counts no taps: the
    /// value is kept for code that sets it, and the press is judged as with 0.
    open var numberOfTapsRequired: Int = 0

    /// A long-press recognizer with UIKit's defaults that calls `action` on `target`.
    public override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
    }

    private func remake() {
        core = LongPressRecognizer(minimumPressDuration: minimumPressDuration, allowableMovement: Double(allowableMovement),
                                   numberOfTouchesRequired: numberOfTouchesRequired)
        core.state = engineState
    }

    override func engineStateDidChange(_ state: RecognizerState) { core.state = state }
    override func engineDidReset() { core.reset() }
}

/// A swipe, as `UISwipeGestureRecognizer`: touchtrace's `swipe` (SPEC 13). Discrete:
/// `recognized` at the first move that is long enough in an allowed direction.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// The directions a swipe may go, as `UISwipeGestureRecognizer.Direction` (UIKit's raw
    /// values: right 1, left 2, up 4, down 8).
    public struct Direction: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        /// The set with these bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Rightward.
        public static let right = Direction(rawValue: 1 << 0)
        /// Leftward.
        public static let left = Direction(rawValue: 1 << 1)
        /// Upward (y decreasing).
        public static let up = Direction(rawValue: 1 << 2)
        /// Downward (y increasing).
        public static let down = Direction(rawValue: 1 << 3)
    }

    var core = SwipeRecognizer()
    /// `ignore(_:for:)`: the swipe stops following an ignored touch: it measures from where its fingers are once
    /// they are all down without it.
    override func backingIgnores(_ touch: UITouch) {
        _ = core.forget(serial: touch.serial)
    }
    /// Its touches (and deadline) go to the backing recognizer; then the targets, if it calls them.
    override func backingReceives(_ phase: TouchPhase?, _ touches: Set<UITouch>) {
        if drive(&core, phase, touches) { actionIsDue() }
    }

    /// The allowed directions (UIKit's default `.right`). An empty set allows right, as UIKit
    /// treats it as its default.
    open var direction: Direction = .right {
        didSet { remake() }
    }
    /// Fingers that must swipe (UIKit's default 1).
    open var numberOfTouchesRequired: Int = GestureDefaults.swipeNumberOfTouchesRequired {
        didSet { numberOfTouchesRequired = Swift.max(1, numberOfTouchesRequired); remake() }
    }

    /// A swipe recognizer with UIKit's defaults that calls `action` on `target`.
    public override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
    }

    private func remake() {
        var directions: [SwipeDirection] = []
        if direction.contains(.right) { directions.append(.right) }
        if direction.contains(.left) { directions.append(.left) }
        if direction.contains(.up) { directions.append(.up) }
        if direction.contains(.down) { directions.append(.down) }
        core = SwipeRecognizer(directions: directions.isEmpty ? [.right] : directions, numberOfTouchesRequired: numberOfTouchesRequired)
        core.state = engineState
    }

    override func engineStateDidChange(_ state: RecognizerState) { core.state = state }
    override func engineDidReset() { core.reset() }
}

/// A pinch, as `UIPinchGestureRecognizer`: touchtrace's `pinch` (SPEC 13). Continuous.
///
/// `scale` is settable as in UIKit: a handler that sets it to 1 at every change gets the
/// change since the last one, and the next change carries on from the value set (the scale
/// read is the value set times the fingers' spread since then over their spread then).
/// `velocity` is the rate of change of `scale`, per second.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    var core = PinchRecognizer()
    /// `ignore(_:for:)`: the pinch stops following an ignored touch: another finger down takes its place in the
    /// pair (the scale goes on from there), and the pinch ends when the touches left lift.
    override func backingIgnores(_ touch: UITouch) {
        _ = core.forget(serial: touch.serial, at: context?.t ?? MediaClock.now)
    }
    /// The scale at each event with two fingers down, for `velocity`.
    var samples = ValueSamples()
    /// Its touches go to the backing recognizer; then the targets, if it calls them.
    override func backingReceives(_ phase: TouchPhase?, _ touches: Set<UITouch>) {
        let fire = drive(&core, phase, touches)
        if let context { samples.add(core.scale, touches: numberOfTouches, phase: phase, event: context.eventIndex, t: context.t) }
        if fire { actionIsDue() }
    }
    /// What the scale read is, over the backing pinch's scale (1 until `scale` is set).
    var scaleFactor: CGFloat = 1

    /// A pinch recognizer with UIKit's defaults that calls `action` on `target`.
    public override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
    }

    /// The fingers' spread over their spread when the pinch's fingers came down (1 at the
    /// start), times what setting it changed.
    open var scale: CGFloat {
        get { CGFloat(core.scale) * scaleFactor }
        set { scaleFactor = core.scale == 0 ? 1 : newValue / CGFloat(core.scale) }
    }

    /// How fast `scale` changes, in scale per second: by the least-squares rule of SPEC 4.1
    /// over the scale at each event that moves two fingers down (0 with fewer than three such
    /// events; once ended, 0 when the lift came more than 40 ms after the last of them), as the
    /// `state` records carry it.
    open var velocity: CGFloat { CGFloat(samples.velocity(ended: state == .ended)) * scaleFactor }

    override func engineStateDidChange(_ state: RecognizerState) { core.state = state }
    override func engineDidReset() {
        core.reset()
        scaleFactor = 1
        samples = ValueSamples()
    }
}

/// A two-finger rotation, as `UIRotationGestureRecognizer`: touchtrace's `twoFingerRotation`
/// (SPEC 13). Continuous. `rotation` (radians, clockwise on the screen positive) is settable:
/// the next change carries on from the value set. `velocity` is in radians per second.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    var core = TwoFingerRotationRecognizer()
    /// `ignore(_:for:)`: the rotation stops following an ignored touch: another finger down takes its place in
    /// the pair (the rotation goes on from there), and it ends when the touches left lift.
    override func backingIgnores(_ touch: UITouch) {
        _ = core.forget(serial: touch.serial, at: context?.t ?? MediaClock.now)
    }
    /// The rotation at each event with two fingers down, for `velocity`.
    var samples = ValueSamples()
    /// Its touches go to the backing recognizer; then the targets, if it calls them.
    override func backingReceives(_ phase: TouchPhase?, _ touches: Set<UITouch>) {
        let fire = drive(&core, phase, touches)
        if let context { samples.add(core.rotation, touches: numberOfTouches, phase: phase, event: context.eventIndex, t: context.t) }
        if fire { actionIsDue() }
    }
    /// What setting `rotation` added to the backing rotation (radians).
    var rotationOffset: CGFloat = 0

    /// A rotation recognizer with UIKit's defaults that calls `action` on `target`.
    public override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
    }

    /// How far the line between the fingers has turned since they came down, in radians, plus
    /// what setting it changed.
    open var rotation: CGFloat {
        get { CGFloat(core.rotation) + rotationOffset }
        set { rotationOffset = newValue - CGFloat(core.rotation) }
    }

    /// How fast `rotation` changes, in radians per second: by the least-squares rule of SPEC 4.1
    /// over the rotation at each event that moves two fingers down (0 with fewer than three
    /// such events; once ended, 0 when the lift came more than 40 ms after the last of them), as
    /// the `state` records carry it.
    open var velocity: CGFloat { CGFloat(samples.velocity(ended: state == .ended)) }

    override func engineStateDidChange(_ state: RecognizerState) { core.state = state }
    override func engineDidReset() {
        core.reset()
        rotationOffset = 0
        samples = ValueSamples()
    }
}

/// A pinch's or rotation's value at each event with two fingers down (as it is after the
/// event's last call), for its velocity: as SPEC 4.1 takes samples, not at a lift or a
/// cancellation (the records' velocity is taken so).
struct ValueSamples {
    private var tracker = VelocityTracker()
    /// The value of the latest event, kept until the next event shows it was the last.
    private var pending: (event: Int, t: Double, value: Double)?
    /// The time of the latest lift or cancellation (seconds).
    private var liftedAt: Double?

    /// Takes `value` as the value at event `event` (time `t`, seconds), when at least two
    /// touches are down and the touches given are not lifting (`phase`).
    mutating func add(_ value: Double, touches: Int, phase: TouchPhase?, event: Int, t: Double) {
        if phase == .ended || phase == .cancelled {
            liftedAt = t
            return
        }
        guard touches >= 2 else { return }
        if let last = pending, last.event != event { tracker.add(t: last.t, position: Point(x: last.value, y: 0)) }
        pending = (event, t, value)
    }

    /// The value's velocity, per second; `ended`: the gesture has ended, at the latest lift (0
    /// when it came more than 40 ms after the newest sample: the fingers had stopped).
    func velocity(ended: Bool) -> Double {
        var all = tracker
        if let last = pending { all.add(t: last.t, position: Point(x: last.value, y: 0)) }
        if ended, let liftedAt { return all.velocity(endingAt: liftedAt).x }
        return all.velocity().x
    }
}

/// The edges of a rectangle, as `UIRectEdge` (UIKit's raw values: top 1, left 2, bottom 4,
/// right 8).
public struct UIRectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    /// The set with these bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = UIRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = UIRectEdge(rawValue: 1 << 3)
    /// Every edge.
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// A pan that starts at an edge, as `UIScreenEdgePanGestureRecognizer`: touchtrace's `pan`
/// (SPEC 4.1) whose first touch must land within `edgeBandWidth` points of one of `edges` of
/// its view's bounds (UIKit measures from the screen's edges: give the recognizer a view that
/// fills the screen). A first touch that lands elsewhere fails the recognizer, with the reason
/// `touch began N points from the edge`.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// How near an edge the first touch must land, in points: 20. Apple documents no value;
    /// this is touchtrace's own choice, of the width of the system's edge-swipe area as it is
    /// commonly described (and the band of `Examples/EdgePan`'s `edgePan`).
    public static let edgeBandWidth: CGFloat = 20

    /// The edges the pan may start from (UIKit's default: none, so the recognizer never begins
    /// until some are set).
    open var edges: UIRectEdge = []

    /// An edge pan with no edges set that calls `action` on `target`.
    public override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
    }

    /// Checks the first touch's place; then the pan's own handling.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible && numberOfTouches == touches.count, let first = touches.first, let view {
            let p = first.location(in: view)
            let b = view.bounds
            var nearest = CGFloat.infinity
            if edges.contains(.left) { nearest = Swift.min(nearest, p.x - b.minX) }
            if edges.contains(.right) { nearest = Swift.min(nearest, b.maxX - p.x) }
            if edges.contains(.top) { nearest = Swift.min(nearest, p.y - b.minY) }
            if edges.contains(.bottom) { nearest = Swift.min(nearest, b.maxY - p.y) }
            if !(nearest <= Self.edgeBandWidth) {
                let text = nearest.isFinite ? "touch began \(compactNumber(Double(nearest))) points from the edge" : "no edges set"
                failWith(reason: text)
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }
}
