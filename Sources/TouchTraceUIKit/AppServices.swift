// The app around a gesture, as gesture files use it in passing: the animation calls of iOS 3
// (`beginAnimations` … `commitAnimations`), Core Foundation's time type and the corners a layer
// rounds; the edit menu, the pasteboard and alerts; page controls, activity
// wheels, progress bars and visual effect views; accessibility settings and shake events. As
// everywhere in TouchTraceUIKit, what code sets is kept, nothing is drawn and nothing waits for
// time to pass (docs/own-gesture-code.md, "UIKit that compiles and what it does here").
import Synchronization

#if !canImport(CoreGraphics)
/// A span of time in seconds, as Core Foundation's `CFTimeInterval` (a `Double`, the same type
/// as `TimeInterval`): `minimumPressDuration = CFTimeInterval(0.3)` compiles.
public typealias CFTimeInterval = Double
#endif

#if !canImport(Darwin)
/// Nanoseconds in a second, as Dispatch's `NSEC_PER_SEC` on Apple platforms (1 000 000 000):
/// `DispatchTime.now() + Double(n) / Double(NSEC_PER_SEC)` compiles and means what it does there.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds in a millisecond, as Dispatch's `NSEC_PER_MSEC` (1 000 000).
public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Nanoseconds in a microsecond, as Dispatch's `NSEC_PER_USEC` (1 000).
public let NSEC_PER_USEC: UInt64 = 1_000
/// Microseconds in a second, as Dispatch's `USEC_PER_SEC` (1 000 000).
public let USEC_PER_SEC: UInt64 = 1_000_000
#endif

/// Whether `UIView.areAnimationsEnabled` (true until code says otherwise), and how many
/// `beginAnimations` blocks are open.
private let animationSettings = Mutex<(enabled: Bool, openBlocks: Int)>((true, 0))

/// The animation calls of iOS 3, which older gesture code still makes:
///
///     UIView.beginAnimations(nil, context: nil)
///     logoImageView.center = position
///     UIView.commitAnimations()
///
/// As with `animate(withDuration:…)`, nothing is animated over time: the changes made between
/// `beginAnimations` and `commitAnimations` take effect as they are made, so the views have
/// their new values in the event that made them (and a `viewChanged` record says so). The
/// settings (duration, delay, curve, repeats) are accepted and change nothing.
extension UIView {
    /// Opens a block of animated changes; `animationID` and `context` are the application's
    /// own and are not used (`context` takes any value; code passes `nil`). Blocks nest.
    public class func beginAnimations(_ animationID: String?, context: Any?) {
        animationSettings.withLock { $0.openBlocks += 1 }
    }

    /// Closes the innermost block opened by `beginAnimations`. The block's changes have
    /// already taken effect (see the extension's documentation); a call with no block open
    /// does nothing.
    public class func commitAnimations() {
        animationSettings.withLock { $0.openBlocks = Swift.max(0, $0.openBlocks - 1) }
    }

    /// The duration of the open block in seconds (UIKit's default 0.2): accepted, not waited for.
    public class func setAnimationDuration(_ duration: TimeInterval) {}

    /// The delay of the open block in seconds: accepted, not waited for.
    public class func setAnimationDelay(_ delay: TimeInterval) {}

    /// The timing curve of the open block: accepted, not used.
    public class func setAnimationCurve(_ curve: UIView.AnimationCurve) {}

    /// How many times the open block repeats: accepted, not used (the changes are made once).
    public class func setAnimationRepeatCount(_ repeatCount: Float) {}

    /// Whether the open block runs backwards after each repeat: accepted, not used.
    public class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {}

    /// Whether the open block starts from the state of an animation in flight: accepted, not
    /// used (no animation is ever in flight).
    public class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {}

    /// Turns animations on or off for the whole process, as UIKit's switch does; either way
    /// the changes take effect at once here, as they do in UIKit with animations off.
    public class func setAnimationsEnabled(_ enabled: Bool) {
        animationSettings.withLock { $0.enabled = enabled }
    }

    /// Whether animations are on: true until `setAnimationsEnabled(false)`.
    public class var areAnimationsEnabled: Bool { animationSettings.withLock { $0.enabled } }
}

/// The corners of a layer that `cornerRadius` rounds, as Core Animation's `CACornerMask`
/// (the same raw values): kept, nothing is drawn.
public struct CACornerMask: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Corners from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner (least x, least y: y grows downward on the screen).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The top-right corner.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The bottom-left corner.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The bottom-right corner.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
    /// The four corners, a layer's default.
    static let everyCorner: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// The shape of a layer's rounded corners, as Core Animation's `CALayerCornerCurve`: kept.
public struct CALayerCornerCurve: RawRepresentable, Sendable, Hashable {
    /// The curve's name.
    public let rawValue: String
    /// A curve of the given name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Quarter circles (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// The continuous curve of the system's own rounded rectangles.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// A distance to move by, as UIKit's `UIOffset` (points; rightward and downward positive).
public struct UIOffset: Equatable, Hashable, Sendable {
    /// The rightward part.
    public var horizontal: CGFloat
    /// The downward part.
    public var vertical: CGFloat
    /// An offset of `horizontal` and `vertical` points.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    /// No offset.
    public init() { self.init(horizontal: 0, vertical: 0) }
    /// No offset.
    public static let zero = UIOffset()
}

/// An offset of `horizontal` and `vertical` points, as Swift 4's `UIOffsetMake`.
public func UIOffsetMake(_ horizontal: CGFloat, _ vertical: CGFloat) -> UIOffset {
    UIOffset(horizontal: horizontal, vertical: vertical)
}

/// What `UIMenuController.shared` shows, kept for the process as UIKit keeps it for the app.
private let menuState = Mutex<(visible: Bool, targetRect: CGRect, items: [(title: String, action: Selector)])>((false, .zero, []))

/// The edit menu, as UIKit's `UIMenuController`: nothing is drawn, and no one picks an item,
/// so no item's action runs; what code sets is kept for the whole process, as UIKit's one menu
/// is: a menu made visible is visible to every later `UIMenuController.shared` until hidden.
open class UIMenuController {
    /// The edit menu (every instance shows the same one).
    public static var shared: UIMenuController { UIMenuController() }

    /// Whether the menu is visible (false until shown).
    open var isMenuVisible: Bool {
        get { menuState.withLock { $0.visible } }
        set { menuState.withLock { $0.visible = newValue } }
    }
    /// The items added to the standard ones (none).
    open var menuItems: [UIMenuItem]? {
        get {
            let items = menuState.withLock { $0.items }
            return items.isEmpty ? nil : items.map { UIMenuItem(title: $0.title, action: $0.action) }
        }
        set { menuState.withLock { $0.items = (newValue ?? []).map { ($0.title, $0.action) } } }
    }
    /// Where the menu points, in the screen's coordinates (zero until set).
    open var menuFrame: CGRect { menuState.withLock { $0.targetRect } }

    /// Points the menu at `targetRect` in `targetView`'s coordinates.
    open func setTargetRect(_ targetRect: CGRect, in targetView: UIView) {
        let onScreen = targetView.convert(targetRect, to: nil)
        menuState.withLock { $0.targetRect = onScreen }
    }
    /// Shows or hides the menu.
    open func setMenuVisible(_ menuVisible: Bool, animated: Bool) { isMenuVisible = menuVisible }
    /// Shows the menu pointing at `rect` in `targetView`'s coordinates.
    open func showMenu(from targetView: UIView, rect targetRect: CGRect) {
        setTargetRect(targetRect, in: targetView)
        isMenuVisible = true
    }
    /// Hides the menu.
    open func hideMenu() { isMenuVisible = false }
    /// Hides the menu shown for `targetView`.
    open func hideMenu(from targetView: UIView) { isMenuVisible = false }
    /// Brings the items up to date: nothing to do.
    open func update() {}
}

/// An item of the edit menu, as UIKit's `UIMenuItem`: its title and action are kept.
open class UIMenuItem {
    /// The title shown.
    open var title: String
    /// The action sent when the item is picked (never: no one picks it).
    open var action: Selector
    /// An item titled `title` that sends `action`.
    public init(title: String, action: Selector) {
        self.title = title
        self.action = action
    }
}

/// The general pasteboard's text, kept for the process.
private let pasteboardText = Mutex<[String]>([])

/// The pasteboard, as UIKit's `UIPasteboard`, holding text: what code copies is kept for the
/// process (no other app reads it), so a later paste gets it.
open class UIPasteboard {
    /// The general pasteboard (every instance is the same one).
    public static var general: UIPasteboard { UIPasteboard() }
    /// The first string (nil when empty); setting it replaces the contents, nil empties it.
    open var string: String? {
        get { pasteboardText.withLock { $0.first } }
        set { pasteboardText.withLock { $0 = newValue.map { [$0] } ?? [] } }
    }
    /// Every string (nil when empty); setting replaces the contents.
    open var strings: [String]? {
        get { pasteboardText.withLock { $0.isEmpty ? nil : $0 } }
        set { pasteboardText.withLock { $0 = newValue ?? [] } }
    }
    /// Whether it holds text.
    open var hasStrings: Bool { pasteboardText.withLock { !$0.isEmpty } }
    /// How many times the contents changed: not counted (0).
    open var changeCount: Int { 0 }
}

/// How a label breaks lines that do not fit, as `NSLineBreakMode` (the same raw values):
/// kept; nothing is drawn.
public enum NSLineBreakMode: Int, Sendable {
    /// At word boundaries (the default).
    case byWordWrapping = 0
    /// At characters.
    case byCharWrapping
    /// Cut at the edge.
    case byClipping
    /// "…" at the start.
    case byTruncatingHead
    /// "…" at the end.
    case byTruncatingTail
    /// "…" in the middle.
    case byTruncatingMiddle
}

/// An alert or action sheet, as UIKit's `UIAlertController`, with touchtrace's fixed
/// behaviour: presenting it shows nothing (as every presentation here), and no one taps a
/// button, so no action's handler runs; its title, message, actions and text fields are kept.
open class UIAlertController: UIViewController {
    /// Whether it is an alert or an action sheet, as `UIAlertController.Style`.
    public enum Style: Int, Sendable {
        /// A sheet from the bottom of the screen.
        case actionSheet = 0
        /// An alert in the middle.
        case alert
    }

    /// The message under the title.
    open var message: String?
    /// Whether it is an alert or an action sheet.
    public private(set) var preferredStyle: Style = .actionSheet
    /// The buttons, in the order added.
    open private(set) var actions: [UIAlertAction] = []
    /// The button drawn as the preferred one (nil).
    open var preferredAction: UIAlertAction?
    /// The text fields added (nil until one is).
    open private(set) var textFields: [UITextField]?

    /// An alert or sheet with this title and message.
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init()
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    /// Adds a button.
    open func addAction(_ action: UIAlertAction) { actions.append(action) }

    /// Adds a text field (alerts only, as in UIKit) and runs `configurationHandler` on it at once.
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert else { return }
        let field = UITextField(frame: .zero)
        textFields = (textFields ?? []) + [field]
        configurationHandler?(field)
    }
}

/// A button of an alert, as UIKit's `UIAlertAction`: kept; its handler never runs (no one taps).
open class UIAlertAction {
    /// How the button looks, as `UIAlertAction.Style`.
    public enum Style: Int, Sendable {
        /// A plain button.
        case `default` = 0
        /// The button that cancels.
        case cancel
        /// A button that destroys data.
        case destructive
    }
    /// The title shown.
    public let title: String?
    /// How it looks.
    public let style: Style
    /// Whether it can be tapped (true).
    open var isEnabled = true
    /// The block run when the button is tapped (never here).
    let handler: ((UIAlertAction) -> Void)?

    /// A button titled `title`.
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// The Swift 3 names of the alert styles.
public typealias UIAlertControllerStyle = UIAlertController.Style
/// The Swift 3 name of the button styles.
public typealias UIAlertActionStyle = UIAlertAction.Style

/// The row of dots under paged content, as UIKit's `UIPageControl`: a control that keeps its
/// page, with UIKit's rule that `currentPage` stays within 0…`numberOfPages` − 1 (a value
/// outside is pinned to the nearer end). A swipe handler that steps past the last page stays
/// on it, as on a device. It is not tapped through here (touchtrace does not track it).
open class UIPageControl: UIControl {
    /// How many dots (0); a smaller count pins `currentPage` again.
    open var numberOfPages = 0 {
        didSet {
            numberOfPages = Swift.max(0, numberOfPages)
            currentPage = pinned(currentPage)
        }
    }
    /// The page shown, 0…`numberOfPages` − 1 (0).
    open var currentPage = 0 {
        didSet {
            let page = pinned(currentPage)
            if page != currentPage { currentPage = page }
        }
    }
    /// Whether a single page hides the control (false).
    open var hidesForSinglePage = false
    /// The colour of the other dots (nil).
    open var pageIndicatorTintColor: UIColor?
    /// The colour of the current dot (nil).
    open var currentPageIndicatorTintColor: UIColor?
    /// Whether the dots change only when `updateCurrentPageDisplay()` is called (false): kept.
    open var defersCurrentPageDisplay = false

    private func pinned(_ page: Int) -> Int { Swift.min(Swift.max(0, page), Swift.max(0, numberOfPages - 1)) }

    /// Brings the dots up to date: nothing is drawn.
    open func updateCurrentPageDisplay() {}

    /// The size the dots of `pageCount` pages need: 26 points tall and 16 points a dot
    /// (touchtrace's fixed value, as the classic style's).
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        CGSize(width: CGFloat(Swift.max(0, pageCount)) * 16, height: 26)
    }

    /// A tap moves one page, as UIKit documents ("tapping to the left or right of the current
    /// page indicator"): a lift inside the control right of the current page's dot shows the
    /// next page, left of it the previous one (none past either end), and `.valueChanged` is
    /// sent. The dots are 16 points apart, centred in the bounds (touchtrace's fixed geometry,
    /// as `size(forNumberOfPages:)`). Code that sets `currentPage` sends nothing.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch, point(inside: touch.location(in: self), with: event) else { return }
        let dot = bounds.midX + (CGFloat(currentPage) - CGFloat(numberOfPages - 1) / 2) * 16
        let x = touch.location(in: self).x
        let page = pinned(x > dot ? currentPage + 1 : (x < dot ? currentPage - 1 : currentPage))
        guard page != currentPage else { return }
        currentPage = page
        sendActions(for: .valueChanged)
    }
}

/// A spinning wheel, as UIKit's `UIActivityIndicatorView`: it spins from `startAnimating()`
/// to `stopAnimating()` (nothing is drawn), hidden while stopped when `hidesWhenStopped`.
open class UIActivityIndicatorView: UIView {
    /// The size and look of the wheel, as `UIActivityIndicatorView.Style`.
    public enum Style: Int, Sendable {
        /// A large wheel (iOS 13).
        case large = 101
        /// A medium wheel (iOS 13).
        case medium = 100
        /// The large white wheel of older code.
        case whiteLarge = 0
        /// The white wheel of older code.
        case white = 1
        /// The grey wheel of older code.
        case gray = 2
    }
    /// The wheel's style (`.medium`).
    open var style: Style = .medium
    /// The wheel's colour (nil): kept.
    open var color: UIColor!
    /// Whether the wheel hides while stopped (true).
    open var hidesWhenStopped = true {
        didSet { if !isAnimating { isHidden = hidesWhenStopped } }
    }
    /// Whether the wheel spins.
    open private(set) var isAnimating = false

    /// A wheel of `style`, stopped (and so hidden).
    public convenience init(style: Style) {
        self.init(frame: .zero)
        self.style = style
    }
    /// A wheel with this frame, stopped (and so hidden).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }
    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// Starts spinning: the wheel shows.
    open func startAnimating() {
        isAnimating = true
        isHidden = false
    }
    /// Stops spinning: the wheel hides if `hidesWhenStopped`.
    open func stopAnimating() {
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
    }
}

/// A progress bar, as UIKit's `UIProgressView`: `progress` is kept within 0…1, as UIKit pins it.
open class UIProgressView: UIView {
    /// The bar's look, as `UIProgressView.Style`.
    public enum Style: Int, Sendable {
        /// The standard bar.
        case `default`
        /// The bar of a toolbar.
        case bar
    }
    /// The bar's look (`.default`).
    open var progressViewStyle: Style = .default
    /// How much is done, 0 to 1 (0); values outside are pinned.
    open var progress: Float = 0 {
        didSet {
            let pinned = Swift.min(Swift.max(progress, 0), 1)
            if pinned != progress { progress = pinned }
        }
    }
    /// The colour of the done part (nil): kept.
    open var progressTintColor: UIColor?
    /// The colour of the rest (nil): kept.
    open var trackTintColor: UIColor?

    /// A bar of `style`.
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: .zero)
        progressViewStyle = style
    }
    /// Sets `progress` (pinned to 0…1); nothing is animated.
    open func setProgress(_ progress: Float, animated: Bool) { self.progress = progress }
}

/// A visual effect, as UIKit's `UIVisualEffect`: kept, nothing is drawn.
open class UIVisualEffect {
    /// An effect.
    public init() {}
}

/// A blur, as UIKit's `UIBlurEffect`: its style is kept, nothing is blurred.
open class UIBlurEffect: UIVisualEffect {
    /// How strong and what tint the blur is, as `UIBlurEffect.Style` (UIKit's raw values).
    public enum Style: Int, Sendable {
        /// Whiter than light.
        case extraLight = 0
        /// Light.
        case light = 1
        /// Dark.
        case dark = 2
        /// The system's regular blur.
        case regular = 4
        /// The system's prominent blur.
        case prominent = 5
        /// The iOS 13 system blurs, from thinnest to thickest.
        case systemUltraThinMaterial = 6, systemThinMaterial = 7, systemMaterial = 8, systemThickMaterial = 9, systemChromeMaterial = 10
    }
    /// The blur's style.
    public let style: Style
    /// A blur of `style`.
    public init(style: Style) {
        self.style = style
        super.init()
    }
}

/// The Swift 3 name of the blur styles.
public typealias UIBlurEffectStyle = UIBlurEffect.Style

/// Vibrant content over a blur, as UIKit's `UIVibrancyEffect`: kept.
open class UIVibrancyEffect: UIVisualEffect {
    /// The blur it goes with.
    public let blurEffect: UIBlurEffect
    /// Vibrancy for `blurEffect`.
    public init(blurEffect: UIBlurEffect) {
        self.blurEffect = blurEffect
        super.init()
    }
}

/// A view showing an effect, as UIKit's `UIVisualEffectView`: a view like any other here (it
/// takes touches, as UIKit's does), with a `contentView` of its size for the views on it; the
/// effect is kept, nothing is drawn.
open class UIVisualEffectView: UIView {
    /// The effect (nil: none).
    open var effect: UIVisualEffect?
    /// The view to add subviews to, filling this one.
    public let contentView: UIView

    /// A view showing `effect`.
    public init(effect: UIVisualEffect?) {
        self.effect = effect
        contentView = UIView(frame: .zero)
        super.init(frame: .zero)
        addSubview(contentView)
    }
    /// A view showing no effect with this frame, as UIKit's (`UIVisualEffectView()` makes one of
    /// an empty frame, whose `effect` code sets later).
    public override init(frame: CGRect) {
        effect = nil
        contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        addSubview(contentView)
    }
    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// The content view keeps this view's size.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }
    /// A change of bounds resizes the content view with it.
    open override var bounds: CGRect {
        didSet { contentView.frame = CGRect(origin: .zero, size: bounds.size) }
    }
}

extension UIView {
    /// A view standing for this one's look, as UIKit's `snapshotView(afterScreenUpdates:)`: a
    /// plain view of the same frame, not in any view (nothing is drawn, so it has no content).
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        UIView(frame: frame)
    }
}

extension CALayer {
    /// Draws the layer into `ctx`: nothing is drawn (the context keeps no pixels).
    public func render(in ctx: CGContext) {}
}

/// What kind of element an accessible view is, as UIKit's `UIAccessibilityTraits`: kept.
public struct UIAccessibilityTraits: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt64
    /// Traits from raw bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// A button.
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    /// A link.
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    /// An image.
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    /// Selected.
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    /// Static text.
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    /// Not enabled.
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    /// Adjustable with swipes up and down.
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    /// Direct touch interaction.
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    /// A header.
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
}

/// The accessibility settings of the device, as UIKit's `UIAccessibility`: touchtrace knows no
/// device, so every setting is off (UIKit's defaults) and announcements go nowhere.
public enum UIAccessibility {
    /// Something to tell assistive technologies, as `UIAccessibility.Notification`.
    public struct Notification: Hashable, Sendable {
        /// The notification's number.
        public let rawValue: UInt32
        /// A notification of the given number.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The screen changed.
        public static let screenChanged = Notification(rawValue: 1000)
        /// The layout changed.
        public static let layoutChanged = Notification(rawValue: 1001)
        /// Something to announce.
        public static let announcement = Notification(rawValue: 1008)
    }
    /// VoiceOver is off.
    public static var isVoiceOverRunning: Bool { false }
    /// Reduce Transparency is off.
    public static var isReduceTransparencyEnabled: Bool { false }
    /// Reduce Motion is off.
    public static var isReduceMotionEnabled: Bool { false }
    /// Switch Control is off.
    public static var isSwitchControlRunning: Bool { false }
    /// Tells assistive technologies `notification`: there are none, nothing happens.
    public static func post(notification: Notification, argument: Any?) {}
}

/// Whether Reduce Transparency is on (the older name): false.
public func UIAccessibilityIsReduceTransparencyEnabled() -> Bool { UIAccessibility.isReduceTransparencyEnabled }
/// Whether VoiceOver is on (the older name): false.
public func UIAccessibilityIsVoiceOverRunning() -> Bool { UIAccessibility.isVoiceOverRunning }
/// Whether Reduce Motion is on (the older name): false.
public func UIAccessibilityIsReduceMotionEnabled() -> Bool { UIAccessibility.isReduceMotionEnabled }

extension UIEvent {
    /// What a motion or remote-control event is, as `UIEvent.EventSubtype` (UIKit's raw values).
    public enum EventSubtype: Int, Sendable {
        /// None: a touch event's.
        case none = 0
        /// The device was shaken.
        case motionShake = 1
        /// Remote control: play.
        case remoteControlPlay = 100
        /// Remote control: pause.
        case remoteControlPause = 101
        /// Remote control: stop.
        case remoteControlStop = 102
        /// Remote control: play or pause.
        case remoteControlTogglePlayPause = 103
        /// Remote control: next track.
        case remoteControlNextTrack = 104
        /// Remote control: previous track.
        case remoteControlPreviousTrack = 105
    }
    /// `.none`: a trace's events are touches.
    public var subtype: EventSubtype { .none }
}

/// The Swift 3 name of the event subtypes.
public typealias UIEventSubtype = UIEvent.EventSubtype

/// Kinds of scroll event, as UIKit's `UIScrollTypeMask` (the same raw values).
public struct UIScrollTypeMask: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Kinds from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A mouse wheel's steps.
    public static let discrete = UIScrollTypeMask(rawValue: 1 << 0)
    /// A trackpad's continuous scrolls.
    public static let continuous = UIScrollTypeMask(rawValue: 1 << 1)
    /// Both.
    public static let all: UIScrollTypeMask = [.discrete, .continuous]
}
