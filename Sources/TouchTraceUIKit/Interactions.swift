// Interactions, as gesture files add them to views: the pointer of a trackpad or mouse (styles
// for buttons and regions) and drag and drop; context menus are in ContextMenus.swift. A trace
// holds touches of fingers only — no pointer hovers and no drag session lifts — so each of these
// is kept with what code gives it, and its delegate is never asked; the recognizers and controls
// on the same views get their touches as they would without them (docs/own-gesture-code.md,
// "UIKit that compiles and what it does here").

/// Something added to a view that reacts to input, as `UIInteraction`.
public protocol UIInteraction: AnyObject {
    /// The view it is added to (nil when in none).
    var view: UIView? { get }
    /// It is about to be added to `view` (nil: removed).
    func willMove(to view: UIView?)
    /// It was added to `view` (nil: removed).
    func didMove(to view: UIView?)
}

extension UIView {
    /// Adds `interaction`, as UIKit's: `interactions` gets it, then it hears `willMove(to:)` and
    /// `didMove(to:)` with this view (taken from the view it was on first).
    public func addInteraction(_ interaction: UIInteraction) {
        if let old = interaction.view, old !== self { old.removeInteraction(interaction) }
        guard !interactions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: self)
        interactions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Removes `interaction` (it hears `willMove(to: nil)` and `didMove(to: nil)`); one the view
    /// does not have is left alone.
    public func removeInteraction(_ interaction: UIInteraction) {
        guard let k = interactions.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        interactions.remove(at: k)
        interaction.didMove(to: nil)
    }
}

/// The view an interaction is added to, kept weakly, with the hooks UIKit calls.
open class InteractionBase: UIInteraction {
    /// The view it is added to.
    open private(set) weak var view: UIView?
    /// Whether it is enabled (true): kept.
    open var isEnabled = true
    init() {}
    /// About to move to `view`: nothing to do.
    open func willMove(to view: UIView?) {}
    /// Moved to `view`: kept as `view`.
    open func didMove(to view: UIView?) { self.view = view }
}

// MARK: - Pointer

/// A preview of a view for an effect, as `UITargetedPreview`: the view, kept.
open class UITargetedPreview {
    /// The view shown.
    public let view: UIView
    /// A preview of `view`.
    public init(view: UIView) { self.view = view }
}

/// How the pointer changes a view under it, as `UIPointerEffect`: kept (no pointer hovers in
/// a trace).
public enum UIPointerEffect {
    /// How a hover tints the view, as `UIPointerEffect.TintMode`.
    public enum TintMode: Int, Sendable {
        /// No tint.
        case none
        /// A tint over the view.
        case overlay
        /// A tint under the view.
        case underlay
    }
    /// UIKit's choice for the view.
    case automatic(UITargetedPreview)
    /// The pointer becomes a highlight behind the view.
    case highlight(UITargetedPreview)
    /// The view lifts under the pointer.
    case lift(UITargetedPreview)
    /// The view is tinted, shadowed or scaled under the pointer.
    case hover(UITargetedPreview, preferredTintMode: TintMode = .overlay, prefersShadow: Bool = false, prefersScaledContent: Bool = true)
}

/// The shape of the pointer, as `UIPointerShape`: kept.
public enum UIPointerShape {
    /// The shape of a path.
    case path(UIBezierPath)
    /// A rounded rectangle (radius in points; UIKit's system radius when not given).
    case roundedRect(CGRect, radius: CGFloat = UIPointerShape.defaultCornerRadius)
    /// A vertical text beam of a length in points.
    case verticalBeam(length: CGFloat)
    /// A horizontal text beam of a length in points.
    case horizontalBeam(length: CGFloat)
    /// The radius touchtrace gives a rounded rectangle of no stated radius: 8 points (UIKit's
    /// `UIPointerShape.defaultCornerRadius` is system-defined; 8 is touchtrace's fixed value).
    public static let defaultCornerRadius: CGFloat = 8
}

/// How the pointer looks over a view or region, as `UIPointerStyle`: an effect and a shape,
/// kept.
public final class UIPointerStyle {
    /// The effect (nil for a style of a shape only).
    public let effect: UIPointerEffect?
    /// The shape (nil: the effect's own).
    public let shape: UIPointerShape?
    /// A style of `effect`, and of `shape` if given.
    public init(effect: UIPointerEffect, shape: UIPointerShape? = nil) {
        self.effect = effect
        self.shape = shape
    }
    /// A style that only shapes the pointer, within `constrainedAxes`.
    public init(shape: UIPointerShape, constrainedAxes: UIAxis = []) {
        effect = nil
        self.shape = shape
    }
    /// The style that hides the pointer.
    public static func hidden() -> UIPointerStyle { UIPointerStyle(shape: .roundedRect(.zero, radius: 0)) }
    /// The system's pointer.
    public static func system() -> UIPointerStyle { UIPointerStyle(shape: .roundedRect(.zero)) }
}

/// Axes, as `UIAxis`.
public struct UIAxis: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Axes from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Across.
    public static let horizontal = UIAxis(rawValue: 1)
    /// Down.
    public static let vertical = UIAxis(rawValue: 2)
    /// Both.
    public static let both: UIAxis = [.horizontal, .vertical]
}

/// A region of a view with its own pointer style, as `UIPointerRegion`: kept.
public final class UIPointerRegion {
    /// The rectangle, in the view's coordinates.
    public let rect: CGRect
    /// The application's name for it.
    public let identifier: AnyHashable?
    /// A region of `rect`.
    public init(rect: CGRect, identifier: AnyHashable? = nil) {
        self.rect = rect
        self.identifier = identifier
    }
}

/// A request for the region under the pointer, as `UIPointerRegionRequest`: never made here.
public final class UIPointerRegionRequest {
    /// The pointer's location in the view.
    public let location: CGPoint
    init(location: CGPoint) { self.location = location }
}

/// What animates alongside a pointer entering or leaving a region, as
/// `UIPointerInteractionAnimating`.
public protocol UIPointerInteractionAnimating: AnyObject {
    /// Runs `animations` alongside.
    func addAnimations(_ animations: @escaping () -> Void)
    /// Runs `completion` at the end.
    func addCompletion(_ completion: @escaping (Bool) -> Void)
}

/// What gives a pointer interaction its regions and styles, as `UIPointerInteractionDelegate`:
/// never asked (no pointer in a trace). Its methods are optional, as in UIKit.
public protocol UIPointerInteractionDelegate: AnyObject {
    /// The region under the pointer.
    func pointerInteraction(_ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest, defaultRegion: UIPointerRegion) -> UIPointerRegion?
    /// The style for `region`.
    func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle?
    /// The pointer is entering `region`.
    func pointerInteraction(_ interaction: UIPointerInteraction, willEnter region: UIPointerRegion, animator: UIPointerInteractionAnimating)
    /// The pointer is leaving `region`.
    func pointerInteraction(_ interaction: UIPointerInteraction, willExit region: UIPointerRegion, animator: UIPointerInteractionAnimating)
}

extension UIPointerInteractionDelegate {
    /// The default region.
    public func pointerInteraction(_ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest, defaultRegion: UIPointerRegion) -> UIPointerRegion? { defaultRegion }
    /// No style of its own.
    public func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle? { nil }
    /// Nothing to do.
    public func pointerInteraction(_ interaction: UIPointerInteraction, willEnter region: UIPointerRegion, animator: UIPointerInteractionAnimating) {}
    /// Nothing to do.
    public func pointerInteraction(_ interaction: UIPointerInteraction, willExit region: UIPointerRegion, animator: UIPointerInteractionAnimating) {}
}

/// The pointer's effects on a view, as `UIPointerInteraction`: added and kept; its delegate is
/// never asked (no pointer in a trace).
open class UIPointerInteraction: InteractionBase {
    /// The delegate (held weakly).
    open private(set) weak var delegate: UIPointerInteractionDelegate?
    /// An interaction asking `delegate`.
    public init(delegate: UIPointerInteractionDelegate?) {
        self.delegate = delegate
        super.init()
    }
    /// Asks the delegate again: nothing to ask.
    open func invalidate() {}
}

extension UIButton {
    /// What a button's `pointerStyleProvider` is, as `UIButton.PointerStyleProvider`.
    public typealias PointerStyleProvider = (UIButton, UIPointerEffect, UIPointerShape) -> UIPointerStyle?
}

// MARK: - Drag and drop

#if !canImport(Darwin)
/// What a drag carries, as Foundation's `NSItemProvider` on Apple platforms (absent from
/// Foundation here): the objects it was made with, kept.
open class NSItemProvider {
    /// The object given (nil for an empty provider).
    public let object: Any?
    /// An empty provider.
    public init() { object = nil }
    /// A provider of `object` (a string, an image, …).
    public init(object: Any) { self.object = object }
    /// Whether it can load objects of `aClass`: whether its object is one.
    open func canLoadObject(ofClass aClass: AnyClass) -> Bool {
        guard let object else { return false }
        return type(of: object as AnyObject) == aClass
    }
}
#endif

/// One thing dragged, as `UIDragItem`.
open class UIDragItem {
    /// What it carries.
    public let itemProvider: NSItemProvider
    /// An object of the application's own (nil), kept.
    open var localObject: Any?
    /// An item carrying `itemProvider`.
    public init(itemProvider: NSItemProvider) { self.itemProvider = itemProvider }
}

/// A drag in progress, as `UIDragSession`: never made here (no drag lifts in a trace).
public protocol UIDragSession: AnyObject {
    /// The items dragged.
    var items: [UIDragItem] { get }
    /// Where the drag is, in `view`.
    func location(in view: UIView) -> CGPoint
}

/// A drag seen by a drop target, as `UIDropSession`: never made here.
public protocol UIDropSession: AnyObject {
    /// The items dragged.
    var items: [UIDragItem] { get }
    /// Where the drag is, in `view`.
    func location(in view: UIView) -> CGPoint
    /// Whether the items can load objects of `aClass`.
    func canLoadObjects(ofClass aClass: AnyClass) -> Bool
}

/// What gives a drag its items, as `UIDragInteractionDelegate`: never asked (no drag lifts in
/// a trace; a long press on the view reaches the view's own recognizers as without it).
public protocol UIDragInteractionDelegate: AnyObject {
    /// The items a drag starting in `session` lifts.
    func dragInteraction(_ interaction: UIDragInteraction, itemsForBeginning session: UIDragSession) -> [UIDragItem]
}

/// Dragging from a view, as `UIDragInteraction`: added and kept; its delegate is never asked.
open class UIDragInteraction: InteractionBase {
    /// The delegate (held weakly).
    open private(set) weak var delegate: UIDragInteractionDelegate?
    /// Whether several drags may lift at once (false): kept.
    open var allowsSimultaneousRecognitionDuringLift = false
    /// An interaction asking `delegate`.
    public init(delegate: UIDragInteractionDelegate) {
        self.delegate = delegate
        super.init()
    }
}

/// What a drop target does with a drag over it, as `UIDropOperation`.
public enum UIDropOperation: UInt, Sendable {
    /// Nothing; the drop is cancelled.
    case cancel = 0
    /// Dropping is forbidden.
    case forbidden = 1
    /// The items are copied.
    case copy = 2
    /// The items are moved.
    case move = 3
}

/// A drop target's answer to a drag over it, as `UIDropProposal`: kept.
open class UIDropProposal {
    /// The operation.
    public let operation: UIDropOperation
    /// A proposal of `operation`.
    public init(operation: UIDropOperation) { self.operation = operation }
}

/// What decides a drop on a view, as `UIDropInteractionDelegate`: never asked (no drag in a
/// trace). Its methods are optional, as in UIKit.
public protocol UIDropInteractionDelegate: AnyObject {
    /// Whether the view takes `session`'s items.
    func dropInteraction(_ interaction: UIDropInteraction, canHandle session: UIDropSession) -> Bool
    /// The operation for `session` over the view.
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: UIDropSession) -> UIDropProposal
    /// The items were dropped.
    func dropInteraction(_ interaction: UIDropInteraction, performDrop session: UIDropSession)
}

extension UIDropInteractionDelegate {
    /// No.
    public func dropInteraction(_ interaction: UIDropInteraction, canHandle session: UIDropSession) -> Bool { false }
    /// Cancel.
    public func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: UIDropSession) -> UIDropProposal {
        UIDropProposal(operation: .cancel)
    }
    /// Nothing to do.
    public func dropInteraction(_ interaction: UIDropInteraction, performDrop session: UIDropSession) {}
}

/// Dropping on a view, as `UIDropInteraction`: added and kept; its delegate is never asked.
open class UIDropInteraction: InteractionBase {
    /// The delegate (held weakly).
    open private(set) weak var delegate: UIDropInteractionDelegate?
    /// Whether several drops may be handled at once (false): kept.
    open var allowsSimultaneousDropSessions = false
    /// An interaction asking `delegate`.
    public init(delegate: UIDropInteractionDelegate) {
        self.delegate = delegate
        super.init()
    }
}
