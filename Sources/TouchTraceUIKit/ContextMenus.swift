// Context menus (SPEC 17): `UIContextMenuInteraction` and the types around it compile with UIKit's
// names, and a replay asks the delegate for a menu where a device does. touchtrace shows no menu:
// a recorded finger has nothing to choose from.

/// An element of a menu, as `UIKit.UIMenuElement`: a title and an image, kept.
open class UIMenuElement {
    /// The title.
    open var title: String
    /// The image (nil).
    open var image: UIImage?
    /// An element titled `title`.
    public init(title: String, image: UIImage? = nil) {
        self.title = title
        self.image = image
    }
}

/// A menu, as `UIKit.UIMenu`: a title and children, kept (nothing is shown).
open class UIMenu: UIMenuElement {
    /// How a menu shows, as `UIMenu.Options`.
    public struct Options: OptionSet, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Options from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Its children inline in the parent menu.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// Destructive.
        public static let destructive = Options(rawValue: 1 << 1)
        /// Choosing one of its children keeps it selected.
        public static let singleSelection = Options(rawValue: 1 << 5)
    }
    /// An identifier of a menu, as `UIMenu.Identifier`.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The string.
        public let rawValue: String
        /// An identifier of `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An identifier of `rawValue`.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
    /// The identifier (nil).
    public let identifier: Identifier?
    /// The options.
    public let options: Options
    /// The children, in order.
    public let children: [UIMenuElement]
    /// A menu of `children`.
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, options: Options = [],
                children: [UIMenuElement] = []) {
        self.identifier = identifier
        self.options = options
        self.children = children
        super.init(title: title, image: image)
    }
    /// A menu with these children instead, the rest the same.
    open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(title: title, image: image, identifier: identifier, options: options, children: newChildren)
    }
}

/// What makes the preview of a context menu, as UIKit's `UIContextMenuContentPreviewProvider`.
public typealias UIContextMenuContentPreviewProvider = () -> UIViewController?
/// What makes the menu from the suggested elements, as UIKit's `UIContextMenuActionProvider`.
public typealias UIContextMenuActionProvider = ([UIMenuElement]) -> UIMenu?

/// What a context menu would show, as `UIKit.UIContextMenuConfiguration`: the identifier and the
/// providers are kept (touchtrace shows no menu, so it calls neither).
open class UIContextMenuConfiguration {
    /// The identifier given, else a new object.
    public let identifier: AnyObject
    /// The preview's provider.
    public let previewProvider: UIContextMenuContentPreviewProvider?
    /// The menu's provider.
    public let actionProvider: UIContextMenuActionProvider?
    /// A configuration (an identifier that is not an object is kept boxed).
    public init(identifier: (any NSCopying)? = nil, previewProvider: UIContextMenuContentPreviewProvider?,
                actionProvider: UIContextMenuActionProvider?) {
        self.identifier = (identifier as AnyObject?) ?? UIContextMenuConfigurationIdentity()
        self.previewProvider = previewProvider
        self.actionProvider = actionProvider
    }
}

/// The identifier of a configuration made without one: a new object.
final class UIContextMenuConfigurationIdentity {}

/// The animator a context menu's delegate gets, as `UIKit.UIContextMenuInteractionAnimating`.
public protocol UIContextMenuInteractionAnimating: AnyObject {
    /// Adds animations to run with the menu's.
    func addAnimations(_ animations: @escaping () -> Void)
    /// Adds a block to run when the menu's animations end.
    func addCompletion(_ completion: @escaping () -> Void)
}

/// The animator of a commit, as `UIKit.UIContextMenuInteractionCommitAnimating`.
public protocol UIContextMenuInteractionCommitAnimating: UIContextMenuInteractionAnimating {}

/// The methods a context menu's delegate has, as `UIKit.UIContextMenuInteractionDelegate`:
/// `contextMenuInteraction(_:configurationForMenuAtLocation:)` is required, the rest optional.
/// touchtrace asks the first as a device does (see `UIContextMenuInteraction`) and never calls
/// the others (no menu is shown).
public protocol UIContextMenuInteractionDelegate: AnyObject {
    /// The menu for a touch at `location` (the interaction's view's points), or nil for none.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration?
    /// The preview to lift (not asked).
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                previewForHighlightingMenuWithConfiguration configuration: UIContextMenuConfiguration) -> UITargetedPreview?
    /// The preview to put back (not asked).
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                previewForDismissingMenuWithConfiguration configuration: UIContextMenuConfiguration) -> UITargetedPreview?
    /// The preview was tapped (not called).
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
                                animator: UIContextMenuInteractionCommitAnimating)
    /// The menu is about to show (not called).
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                animator: UIContextMenuInteractionAnimating?)
    /// The menu is about to go (not called).
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                animator: UIContextMenuInteractionAnimating?)
}

extension UIContextMenuInteractionDelegate {
    /// Nil.
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                       previewForHighlightingMenuWithConfiguration configuration: UIContextMenuConfiguration) -> UITargetedPreview? { nil }
    /// Nil.
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                       previewForDismissingMenuWithConfiguration configuration: UIContextMenuConfiguration) -> UITargetedPreview? { nil }
    /// Nothing.
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                       willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
                                       animator: UIContextMenuInteractionCommitAnimating) {}
    /// Nothing.
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                       animator: UIContextMenuInteractionAnimating?) {}
    /// Nothing.
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                       animator: UIContextMenuInteractionAnimating?) {}
}

/// A context menu on a view, as `UIKit.UIContextMenuInteraction`.
///
/// When: UIKit's interaction asks its delegate for the configuration when its press interaction
/// asks whether it may begin with a touch — at that touch's beginning (UIKitCore, iOS 26.1, as
/// disassembled: `_interactionShouldBeginAtPoint:completion:` calls
/// `contextMenuInteraction(_:configurationForMenuAtLocation:)`). So in a replay, every touch that
/// begins on the interaction's view (it, or a view inside it, is the touch's hit view) asks the
/// delegate once, with the touch's location in the view, before the view's own `touchesBegan`.
///
/// What touchtrace does not do: show the menu. How long a press makes a device show it is not in
/// UIKit's documentation nor in a published measurement found, and a recorded finger has no menu
/// to choose from; so the delegate's other methods are never called, the configuration's
/// providers are not run, the touch goes on to the views and recognizers as without the
/// interaction, and `dismissMenu()` and `updateVisibleMenu(_:)` have no menu to act on.
open class UIContextMenuInteraction: UIInteraction {
    /// How the menu looks, as `UIContextMenuInteraction.Appearance`.
    public enum Appearance: Int, Sendable {
        /// Not known.
        case unknown
        /// With a preview.
        case rich
        /// A compact menu.
        case compact
    }

    /// The delegate (weak).
    public private(set) weak var delegate: UIContextMenuInteractionDelegate?
    /// The view it belongs to.
    public private(set) weak var view: UIView?
    /// How the menu would look: `.rich`, as an iPhone's (no menu is shown).
    public var menuAppearance: Appearance { .rich }
    /// Where the touch that asked last was, in the view's points.
    private var lastLocation: CGPoint = .zero

    /// An interaction asking `delegate`.
    public init(delegate: UIContextMenuInteractionDelegate) { self.delegate = delegate }

    /// It is about to move to `view`: nothing to do.
    open func willMove(to view: UIView?) {}
    /// It moved to `view`: it belongs to it.
    open func didMove(to view: UIView?) { self.view = view }

    /// Where the touch that last asked for a menu is, in `view`'s points (the interaction's view's
    /// when nil).
    open func location(in view: UIView?) -> CGPoint {
        guard let own = self.view else { return lastLocation }
        return own.convert(lastLocation, to: view ?? own)
    }

    /// Dismisses the menu: none is shown.
    open func dismissMenu() {}
    /// Updates the menu shown: none is.
    open func updateVisibleMenu(_ block: (UIMenu) -> UIMenu) {}

    /// A touch began at `location` (the view's points): asks the delegate (see the type).
    func touchBegan(at location: CGPoint) {
        lastLocation = location
        _ = delegate?.contextMenuInteraction(self, configurationForMenuAtLocation: location)
    }

    /// Asks the context menu interactions of `view` (the touch's hit view) and the views it is
    /// inside, the innermost first, for `touch`, which is beginning.
    static func touchBegan(_ touch: UITouch, on view: UIView) {
        var current: UIView? = view
        while let v = current {
            for case let interaction as UIContextMenuInteraction in v.interactions {
                interaction.touchBegan(at: touch.location(in: v))
            }
            current = v.superview
        }
    }
}
