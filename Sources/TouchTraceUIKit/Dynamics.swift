// UIKit Dynamics as gesture code uses it: a card that snaps back to where it was when the
// finger lifts, a view pulled along by an attachment to the finger.
//
// On a device an animator moves its items frame by frame until they come to rest. A replay has
// no frames and reads no clock, so here a behaviour puts its items where it would leave them at
// rest, at once, in the event that added it (and a `viewChanged` record says so), as touchtrace's
// animations end at once:
// - a snap behaviour puts its item's center on the snap point;
// - an attachment to an anchor puts the attached point of its item at the attachment's `length`
//   from the anchor, along the line from the anchor to where the point is;
// - gravity, collisions, pushes and the item properties move nothing (their motion is the
//   frames the replay does not have); what code sets on them is kept.
// A behaviour settles when it is added to an animator (directly or as a child of a behaviour
// in one), and an attachment or snap again when its anchor or snap point changes. Then the
// `action` blocks of the behaviours that settled run, parents first, as one animation step.

/// An item an animator moves, as UIKit's `UIDynamicItem`; every `UIView` is one.
public protocol UIDynamicItem: AnyObject {
    /// The item's center in the animator's reference view (points).
    var center: CGPoint { get set }
    /// The item's own rectangle (points).
    var bounds: CGRect { get }
    /// The item's transform about its center.
    var transform: CGAffineTransform { get set }
}

extension UIView: UIDynamicItem {}

/// What an animator's delegate hears, as UIKit's `UIDynamicAnimatorDelegate`: each settling
/// is a resume and, the items at rest at once, a pause.
public protocol UIDynamicAnimatorDelegate: AnyObject {
    /// The animator is about to move its items (a behaviour was added or changed).
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    /// The animator's items are at rest.
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

extension UIDynamicAnimatorDelegate {
    /// Nothing, unless the delegate says otherwise.
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    /// Nothing, unless the delegate says otherwise.
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}

/// The animator of UIKit Dynamics, as UIKit's `UIDynamicAnimator`, with touchtrace's fixed
/// behaviour: its behaviours put their items at rest at once (see the file's documentation).
open class UIDynamicAnimator {
    /// The view whose coordinates the behaviours use (held weakly, as UIKit does).
    open private(set) weak var referenceView: UIView?
    /// The behaviours added, in the order they were added (children are not listed).
    open private(set) var behaviors: [UIDynamicBehavior] = []
    /// The animator's delegate (held weakly).
    open weak var delegate: UIDynamicAnimatorDelegate?

    /// An animator whose behaviours work in `view`'s coordinates.
    public init(referenceView view: UIView) {
        referenceView = view
    }

    /// Whether items are moving: never, they are at rest at once.
    open var isRunning: Bool { false }

    /// Seconds the animator has run: 0, no time passes for it.
    open var elapsedTime: TimeInterval { 0 }

    /// Adds `behavior` (once; adding it again does nothing): it is told `willMove(to:)` this
    /// animator, then it and its children settle.
    open func addBehavior(_ behavior: UIDynamicBehavior) {
        guard !behaviors.contains(where: { $0 === behavior }) else { return }
        behaviors.append(behavior)
        behavior.owner = self
        behavior.willMove(to: self)
        settle(behavior)
    }

    /// Takes `behavior` out: it is told `willMove(to: nil)`; its items stay where they are.
    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard let index = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: index)
        behavior.willMove(to: nil)
        behavior.owner = nil
    }

    /// Takes every behaviour out.
    open func removeAllBehaviors() {
        for behavior in behaviors { removeBehavior(behavior) }
    }

    /// The items of the behaviours whose frames meet `rect` (in the reference view's
    /// coordinates), each once, in the order the behaviours list them.
    open func items(in rect: CGRect) -> [UIDynamicItem] {
        var found: [UIDynamicItem] = []
        for behavior in behaviors {
            for item in behavior.allItems where !found.contains(where: { $0 === item }) {
                let size = item.bounds.size
                let frame = CGRect(x: item.center.x - size.width / 2, y: item.center.y - size.height / 2,
                                   width: size.width, height: size.height)
                if frame.intersects(rect) { found.append(item) }
            }
        }
        return found
    }

    /// One animation step for `behavior` and its children: each takes its rest, then their
    /// `action` blocks run, parents first.
    func settle(_ behavior: UIDynamicBehavior) {
        delegate?.dynamicAnimatorWillResume(self)
        let tree = behavior.withDescendants
        for member in tree { member.rest() }
        for member in tree { member.action?() }
        delegate?.dynamicAnimatorDidPause(self)
    }
}

/// A behaviour of UIKit Dynamics, as UIKit's `UIDynamicBehavior`: subclasses group behaviours
/// as children (`addChildBehavior`) and react to the animator through `willMove(to:)` and
/// `action`.
open class UIDynamicBehavior {
    /// The animator the behaviour was added to (for a child, its parent's).
    weak var owner: UIDynamicAnimator?
    /// The behaviour this one is a child of.
    weak var parent: UIDynamicBehavior?

    /// A behaviour with no children.
    public init() {}

    /// The children, in the order they were added.
    open private(set) var childBehaviors: [UIDynamicBehavior] = []

    /// A block run after each step of the animator that involves this behaviour (see the
    /// file's documentation).
    open var action: (() -> Void)?

    /// The animator the behaviour is in, itself or through its parent; nil when it is in none.
    open var dynamicAnimator: UIDynamicAnimator? { owner ?? parent?.dynamicAnimator }

    /// Adds `behavior` as a child (once); when this behaviour is in an animator, the child
    /// settles at once.
    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        guard !childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.append(behavior)
        behavior.parent = self
        dynamicAnimator?.settle(behavior)
    }

    /// Takes the child `behavior` out; its items stay where they are.
    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: index)
        behavior.parent = nil
    }

    /// Called when the behaviour is added to an animator (`dynamicAnimator`) or taken out of
    /// one (nil), before it settles. Does nothing; subclasses override it.
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    /// Puts the behaviour's items at rest (see the file's documentation): nothing here.
    func rest() {}

    /// The items the behaviour acts on (for `items(in:)`), with its children's.
    var ownItems: [UIDynamicItem] { [] }
    var allItems: [UIDynamicItem] { ownItems + childBehaviors.flatMap(\.allItems) }

    /// The behaviour and its descendants, parents first.
    var withDescendants: [UIDynamicBehavior] { [self] + childBehaviors.flatMap(\.withDescendants) }

    /// Settles the behaviour again when it is in an animator (its target changed).
    func resettle() { dynamicAnimator?.settle(self) }
}

extension UIDynamicBehavior: Equatable, Hashable {
    /// Whether `lhs` and `rhs` are the same behaviour, as `NSObject`'s `==` is for UIKit's
    /// behaviours (identity): code asks `animator.behaviors.contains(behavior)` before adding
    /// one again.
    public static func == (lhs: UIDynamicBehavior, rhs: UIDynamicBehavior) -> Bool { lhs === rhs }
    /// Hashes the behaviour's identity, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Moves an item to a point, as UIKit's `UISnapBehavior`: at rest, the item's center is on
/// `snapPoint` (its transform is left as it is).
open class UISnapBehavior: UIDynamicBehavior {
    let item: UIDynamicItem

    /// A snap of `item` to `point` (in the reference view's coordinates).
    public init(item: UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        self.snapPoint = point
        super.init()
    }

    /// Where the item's center comes to rest; setting it settles the item again.
    open var snapPoint: CGPoint {
        didSet { resettle() }
    }

    /// How much the item oscillates, 0 to 1 (0.5): kept, no oscillation is seen.
    open var damping: CGFloat = 0.5

    override func rest() { item.center = snapPoint }
    override var ownItems: [UIDynamicItem] { [item] }
}

/// How an attachment is anchored, as UIKit's `UIAttachmentBehavior.AttachmentType`.
extension UIAttachmentBehavior {
    public enum AttachmentType: Int, Sendable {
        /// An item attached to a fixed point.
        case anchor
        /// Two items attached to each other.
        case items
    }
}

/// Holds an item to an anchor (or to another item), as UIKit's `UIAttachmentBehavior`. At
/// rest, for an anchor, the item's attached point (its center moved by `offset`) is `length`
/// points from `anchorPoint`, on the line from the anchor to where that point is; two items
/// attached to each other stay where they are.
open class UIAttachmentBehavior: UIDynamicBehavior {
    /// The attached items (one for an anchor, two for items).
    public let items: [UIDynamicItem]
    /// Whether the attachment is to an anchor or between items.
    public let attachedBehaviorType: AttachmentType
    /// The attached point of the first item, from its center (points; its transform is not
    /// applied).
    let offset: UIOffset

    /// Attaches the center of `item` to `point` (reference view's coordinates); `length` is
    /// their distance now.
    public convenience init(item: UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Attaches the point `offset` from the center of `item` to `point`; `length` is their
    /// distance now.
    public init(item: UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        items = [item]
        attachedBehaviorType = .anchor
        self.offset = offset
        anchorPoint = point
        let attached = CGPoint(x: item.center.x + offset.horizontal, y: item.center.y + offset.vertical)
        length = hypot(attached.x - point.x, attached.y - point.y)
        super.init()
    }

    /// Attaches the centers of two items; `length` is their distance now. They stay where
    /// they are (see the type's documentation).
    public init(item item1: UIDynamicItem, attachedTo item2: UIDynamicItem) {
        items = [item1, item2]
        attachedBehaviorType = .items
        offset = .zero
        anchorPoint = .zero
        length = hypot(item1.center.x - item2.center.x, item1.center.y - item2.center.y)
        super.init()
    }

    /// The anchor (reference view's coordinates); setting it settles the item again, so an
    /// anchor that follows a finger pulls the item along.
    open var anchorPoint: CGPoint {
        didSet { resettle() }
    }
    /// The distance kept between the attached point and the anchor (points); setting it
    /// settles the item again.
    open var length: CGFloat {
        didSet { resettle() }
    }
    /// How fast the attachment oscillates (hertz, 0): kept.
    open var frequency: CGFloat = 0
    /// How much the oscillation is damped (0): kept.
    open var damping: CGFloat = 0
    /// The resistance to turning about the attached point (0): kept.
    open var frictionTorque: CGFloat = 0

    override func rest() {
        guard attachedBehaviorType == .anchor, let item = items.first else { return }
        let attached = CGPoint(x: item.center.x + offset.horizontal, y: item.center.y + offset.vertical)
        let dx = attached.x - anchorPoint.x, dy = attached.y - anchorPoint.y
        let distance = hypot(dx, dy)
        // At the anchor already with a length to keep: no line to move along, so it stays.
        guard distance > 0 || length == 0 else { return }
        let scale = distance > 0 ? length / distance : 0
        let target = CGPoint(x: anchorPoint.x + dx * scale, y: anchorPoint.y + dy * scale)
        item.center = CGPoint(x: target.x - offset.horizontal, y: target.y - offset.vertical)
    }
    override var ownItems: [UIDynamicItem] { items }
}

/// Pulls items in a direction, as UIKit's `UIGravityBehavior`: kept, moves nothing (see the
/// file's documentation).
open class UIGravityBehavior: UIDynamicBehavior {
    /// The items pulled.
    open private(set) var items: [UIDynamicItem]
    /// Gravity pulling items at `items`.
    public init(items: [UIDynamicItem]) {
        self.items = items
        super.init()
    }
    /// The pull: down, one UIKit gravity ((0, 1)).
    open var gravityDirection = CGVector(dx: 0, dy: 1)
    /// The strength of the pull (1).
    open var magnitude: CGFloat = 1
    /// The direction of the pull in radians (π/2: down, y growing downward).
    open var angle: CGFloat = .pi / 2
    /// Sets the direction (radians) and strength of the pull.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        self.angle = angle
        self.magnitude = magnitude
    }
    /// Pulls `item` too.
    open func addItem(_ item: UIDynamicItem) { items.append(item) }
    /// Stops pulling `item`.
    open func removeItem(_ item: UIDynamicItem) { items.removeAll { $0 === item } }
    override var ownItems: [UIDynamicItem] { items }
}

/// Makes items collide, as UIKit's `UICollisionBehavior`: kept, moves nothing (no item moves
/// into another without frames).
open class UICollisionBehavior: UIDynamicBehavior {
    /// What items collide with, as UIKit's `UICollisionBehavior.Mode`.
    public struct Mode: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt
        /// A mode from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// With each other.
        public static let items = Mode(rawValue: 1 << 0)
        /// With the boundaries.
        public static let boundaries = Mode(rawValue: 1 << 1)
        /// With both.
        public static let everything: Mode = [.items, .boundaries]
    }
    /// The items that collide.
    open private(set) var items: [UIDynamicItem]
    /// Collisions among `items`.
    public init(items: [UIDynamicItem]) {
        self.items = items
        super.init()
    }
    /// What the items collide with (`.everything`).
    open var collisionMode: Mode = .everything
    /// Whether the reference view's bounds are a boundary (false).
    open var translatesReferenceBoundsIntoBoundary = false
    /// The names of the boundaries added, in the order added.
    open private(set) var boundaryIdentifiers: [String]? = nil
    /// Adds a boundary from `p1` to `p2` named `identifier` (kept).
    open func addBoundary(withIdentifier identifier: String, from p1: CGPoint, to p2: CGPoint) {
        boundaryIdentifiers = (boundaryIdentifiers ?? []) + [identifier]
    }
    /// Adds a boundary along `bezierPath` named `identifier` (kept).
    open func addBoundary(withIdentifier identifier: String, for bezierPath: UIBezierPath) {
        boundaryIdentifiers = (boundaryIdentifiers ?? []) + [identifier]
    }
    /// Removes the boundary named `identifier`.
    open func removeBoundary(withIdentifier identifier: String) {
        boundaryIdentifiers?.removeAll { $0 == identifier }
    }
    /// Removes every boundary added.
    open func removeAllBoundaries() { boundaryIdentifiers = nil }
    /// Makes the reference view's bounds, inset by `insets`, a boundary (kept).
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        translatesReferenceBoundsIntoBoundary = true
    }
    /// Lets `item` collide too.
    open func addItem(_ item: UIDynamicItem) { items.append(item) }
    /// Stops `item` colliding.
    open func removeItem(_ item: UIDynamicItem) { items.removeAll { $0 === item } }
    override var ownItems: [UIDynamicItem] { items }
    /// The object told of contacts (nil), held weakly as UIKit holds it. It is never called:
    /// nothing moves into anything without frames (see the file's documentation), so no
    /// contact begins or ends in a replay.
    open weak var collisionDelegate: UICollisionBehaviorDelegate?
}

/// What a collision behaviour tells of contacts, as UIKit's `UICollisionBehaviorDelegate`.
/// Every method has a default that does nothing; touchtrace calls none of them (see
/// `UICollisionBehavior.collisionDelegate`).
public protocol UICollisionBehaviorDelegate: AnyObject {
    /// Two items began touching at `p` (reference view coordinates, points).
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,
                           with item2: UIDynamicItem, at p: CGPoint)
    /// Two items stopped touching.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem,
                           with item2: UIDynamicItem)
    /// An item began touching the boundary `identifier` (nil: the reference bounds) at `p`.
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint)
    /// An item stopped touching the boundary `identifier`.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?)
}

extension UICollisionBehaviorDelegate {
    /// Does nothing.
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,
                                  with item2: UIDynamicItem, at p: CGPoint) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem,
                                  with item2: UIDynamicItem) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                                  withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint) {}
    /// Does nothing.
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                                  withBoundaryIdentifier identifier: NSCopying?) {}
}

/// Pushes items, as UIKit's `UIPushBehavior`: kept, moves nothing (see the file's
/// documentation).
open class UIPushBehavior: UIDynamicBehavior {
    /// Whether a push is one blow or lasts, as UIKit's `UIPushBehavior.Mode`.
    public enum Mode: Int, Sendable {
        /// A force that lasts.
        case continuous
        /// One blow.
        case instantaneous
    }
    /// The items pushed.
    open private(set) var items: [UIDynamicItem]
    /// Whether the push lasts or is one blow.
    public let mode: Mode
    /// A push of `items`.
    public init(items: [UIDynamicItem], mode: Mode) {
        self.items = items
        self.mode = mode
        super.init()
    }
    /// The push (zero).
    open var pushDirection: CGVector = .zero
    /// The strength of the push (0).
    open var magnitude: CGFloat = 0
    /// The direction of the push in radians (0).
    open var angle: CGFloat = 0
    /// Whether the push acts (true).
    open var active = true
    /// Sets the direction (radians) and strength of the push.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        self.angle = angle
        self.magnitude = magnitude
    }
    /// Pushes `item` too.
    open func addItem(_ item: UIDynamicItem) { items.append(item) }
    /// Stops pushing `item`.
    open func removeItem(_ item: UIDynamicItem) { items.removeAll { $0 === item } }
    override var ownItems: [UIDynamicItem] { items }
}

/// The physical properties of items, as UIKit's `UIDynamicItemBehavior`: kept; velocities
/// given to items move nothing, and an item at rest has none.
open class UIDynamicItemBehavior: UIDynamicBehavior {
    /// The items described.
    open private(set) var items: [UIDynamicItem]
    /// Properties for `items`.
    public init(items: [UIDynamicItem]) {
        self.items = items
        super.init()
    }
    /// Bounciness, 0 to 1 (0).
    open var elasticity: CGFloat = 0
    /// Friction between items (0).
    open var friction: CGFloat = 0
    /// Density (1).
    open var density: CGFloat = 1
    /// Damping of straight motion (0).
    open var resistance: CGFloat = 0
    /// Damping of turning (0).
    open var angularResistance: CGFloat = 0
    /// Whether items turn (true).
    open var allowsRotation = true
    /// Whether items stay put (false).
    open var isAnchored = false
    /// Electric charge, for field behaviours (0).
    open var charge: CGFloat = 0
    /// Gives `item` a velocity (points per second): it moves nothing (no frames).
    open func addLinearVelocity(_ velocity: CGPoint, for item: UIDynamicItem) {}
    /// The velocity of `item`: zero, items are at rest.
    open func linearVelocity(for item: UIDynamicItem) -> CGPoint { .zero }
    /// Gives `item` a turning velocity (radians per second): it turns nothing.
    open func addAngularVelocity(_ velocity: CGFloat, for item: UIDynamicItem) {}
    /// The turning velocity of `item`: zero.
    open func angularVelocity(for item: UIDynamicItem) -> CGFloat { 0 }
    /// Describes `item` too.
    open func addItem(_ item: UIDynamicItem) { items.append(item) }
    /// Stops describing `item`.
    open func removeItem(_ item: UIDynamicItem) { items.removeAll { $0 === item } }
    override var ownItems: [UIDynamicItem] { items }
}
