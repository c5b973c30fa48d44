// Pull to refresh and the pencil's side tap: `UIRefreshControl`, which a drag of its scroll view
// starts, and `UIPencilInteraction`, which traces never reach.

/// The standard pull-to-refresh control, as `UIKit.UIRefreshControl`: set as a scroll view's
/// (or table's) `refreshControl`, or added to it as a subview. As on a device, a drag that pulls
/// the content down past the trigger starts a refresh while the finger is still down:
/// `isRefreshing` becomes true and the control sends `.valueChanged` once (its targets then
/// refresh, and call `endRefreshing()`); a pull while it is refreshing does nothing more.
///
/// The trigger is `triggerDistance`, 130 points of content pulled below its top (the content's
/// offset past `adjustedContentInset.top`, after the rubber band: a finger pulling about 280
/// points on a 844-point-tall table): touchtrace's value, as UIKit does not document the
/// distance. Unlike UIKit's, the control does not widen the content inset while it refreshes,
/// so the content springs back to its top after the lift.
open class UIRefreshControl: UIControl {
    /// The control's height, in points (60): the frame a scroll view gives it above its content.
    public static let height: CGFloat = 60
    /// How far, in points, the content must be pulled below its top for a drag to start a
    /// refresh (130; see the type's documentation).
    public static let triggerDistance: CGFloat = 130

    /// Whether a refresh is going on: set by a pull past the trigger or `beginRefreshing()`,
    /// cleared by `endRefreshing()`.
    open private(set) var isRefreshing = false
    /// The title shown under the spinner (nil): kept.
    open var attributedTitle: NSAttributedString?

    /// A control 60 points tall (its scroll view sets its frame when it becomes its
    /// `refreshControl`).
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// Starts a refresh from code: `isRefreshing` becomes true; no action is sent (as UIKit's).
    open func beginRefreshing() { isRefreshing = true }
    /// Ends the refresh: `isRefreshing` becomes false.
    open func endRefreshing() { isRefreshing = false }

    /// The scroll view's drag pulled the content `distance` points below its top: past the
    /// trigger, a refresh starts (once, until `endRefreshing()`).
    func pulled(by distance: CGFloat) {
        guard !isRefreshing, isEnabled, distance >= Self.triggerDistance else { return }
        isRefreshing = true
        sendActions(for: .valueChanged)
    }
}

/// What the user chose in Settings for a tap on the side of Apple Pencil, as
/// `UIPencilPreferredAction`.
public enum UIPencilPreferredAction: Int, Sendable {
    /// No action (or pencil interactions are off).
    case ignore
    /// Switch between the current tool and the eraser.
    case switchEraser
    /// Switch between the current tool and the previous one.
    case switchPrevious
    /// Show the color palette.
    case showColorPalette
}

/// What hears the taps on the side of Apple Pencil, as `UIPencilInteractionDelegate`: never
/// called here (a trace records touches on the screen, not taps on the pencil).
public protocol UIPencilInteractionDelegate: AnyObject {
    /// The user tapped the side of the pencil.
    func pencilInteractionDidTap(_ interaction: UIPencilInteraction)
}

extension UIPencilInteractionDelegate {
    /// Nothing.
    public func pencilInteractionDidTap(_ interaction: UIPencilInteraction) {}
}

/// The taps on the side of Apple Pencil over a view, as `UIKit.UIPencilInteraction`: added and
/// kept; its delegate is never called (see `UIPencilInteractionDelegate`).
open class UIPencilInteraction: InteractionBase {
    /// The action the user chose in Settings: `.switchEraser`, Settings' default (touchtrace
    /// knows no user settings).
    public class var preferredTapAction: UIPencilPreferredAction { .switchEraser }
    /// Whether the user chose to draw with the pencil only (false, Settings' default).
    public class var prefersPencilOnlyDrawing: Bool { false }
    /// The delegate (held weakly).
    open weak var delegate: UIPencilInteractionDelegate?
    /// An interaction with no delegate.
    public override init() { super.init() }
    /// An interaction telling `delegate`.
    public init(delegate: UIPencilInteractionDelegate) {
        self.delegate = delegate
        super.init()
    }
}
