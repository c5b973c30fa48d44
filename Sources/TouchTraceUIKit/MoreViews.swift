// UIKit objects compare as `NSObject`s do, and more of the views and objects gesture code
// touches: the application, table and collection cells, sliders, switches. touchtrace has one
// screen and no data sources: these keep what code sets and answer fixed, documented values.

// MARK: Identity

/// Views, view controllers and every responder are equal only to themselves and hash by
/// identity, as `NSObject`'s default `isEqual(_:)` and `hash`: `gestureRecognizer.view == box`
/// compiles, and views can be keys of a dictionary.
extension UIResponder: Hashable {
    /// The same object.
    public static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }
    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// Whether `object` is this object, as `NSObject.isEqual(_:)`.
    public func isEqual(_ object: Any?) -> Bool { (object as AnyObject?) === self }
}

/// Recognizers are equal only to themselves and hash by identity, as `NSObject`'s default:
/// `if gestureRecognizer == pinch` compiles, and recognizers can be keys of a dictionary.
extension UIGestureRecognizer: Hashable {
    /// The same recognizer.
    public static func == (lhs: UIGestureRecognizer, rhs: UIGestureRecognizer) -> Bool { lhs === rhs }
    /// Hashes the recognizer's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// Whether `object` is this recognizer, as `NSObject.isEqual(_:)`.
    public func isEqual(_ object: Any?) -> Bool { (object as AnyObject?) === self }
}

// MARK: The application

/// The application, as `UIKit.UIApplication`: one screen, no windows of its own. touchtrace's
/// fixed values: no windows (`windows` empty, `keyWindow` nil), active, idle timer kept.
open class UIApplication: UIResponder {
    /// The application's state, as `UIApplication.State`.
    public enum State: Int, Sendable {
        /// In the foreground, getting events.
        case active
        /// In the foreground, not getting events.
        case inactive
        /// In the background.
        case background
    }

    /// The application: an object with touchtrace's fixed values (see the type), made when
    /// asked (it keeps nothing, so every one answers the same).
    public static var shared: UIApplication { UIApplication() }

    /// The windows: none (a replay's screen is its controller's view, with no window).
    open var windows: [UIWindow] { [] }
    /// The key window: nil (see `windows`).
    open var keyWindow: UIWindow? { nil }
    /// The state: `.active`.
    open var applicationState: State { .active }
    /// Whether the screen may dim (false): kept by nothing.
    open var isIdleTimerDisabled: Bool {
        get { false }
        set {}
    }
    /// Sends an action up the responder chain: there is none; false.
    @discardableResult
    open func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool { false }
    /// Opens a URL: nothing is opened; `completion` runs at once with false.
    open func open(_ url: URL, options: [String: Any] = [:], completionHandler completion: ((Bool) -> Void)? = nil) {
        completion?(false)
    }
    /// Whether a URL can be opened: false.
    open func canOpenURL(_ url: URL) -> Bool { false }
    /// Starts ignoring touches: kept by nothing (the replay's touches come from the trace).
    open func beginIgnoringInteractionEvents() {}
    /// Stops ignoring touches: nothing to do.
    open func endIgnoringInteractionEvents() {}
}

// MARK: Tables and cells

/// A cell of a table, as `UIKit.UITableViewCell`: a view with a `contentView` (a subview of the
/// cell's size) and the settings code sets. touchtrace has no table data, so a cell is made by
/// code, as any view.
open class UITableViewCell: UIView {
    /// The cell's style, as `UITableViewCell.CellStyle`.
    public enum CellStyle: Int, Sendable {
        /// A label.
        case `default`
        /// A label and a detail on the right.
        case value1
        /// A label and a detail on the left.
        case value2
        /// A label and a subtitle.
        case subtitle
    }
    /// How a selected cell looks, as `UITableViewCell.SelectionStyle`.
    public enum SelectionStyle: Int, Sendable {
        /// Not highlighted.
        case none
        /// Blue.
        case blue
        /// Grey.
        case gray
        /// The system's.
        case `default`
    }
    /// The accessory, as `UITableViewCell.AccessoryType`.
    public enum AccessoryType: Int, Sendable {
        /// None.
        case none
        /// A chevron.
        case disclosureIndicator
        /// A detail button and a chevron.
        case detailDisclosureButton
        /// A check mark.
        case checkmark
        /// A detail button.
        case detailButton
    }

    /// The view holding the cell's content: a subview of the cell, of its size.
    public let contentView: UIView
    /// The reuse identifier given.
    public let reuseIdentifier: String?
    /// The style given.
    public let style: CellStyle
    /// The label (a `UILabel` of the content view's size, not added as a subview).
    open var textLabel: UILabel?
    /// The detail label (nil).
    open var detailTextLabel: UILabel?
    /// The image view (nil).
    open var imageView: UIImageView?
    /// How selection looks (`.default`): kept.
    open var selectionStyle: SelectionStyle = .default
    /// The accessory (`.none`): kept.
    open var accessoryType: AccessoryType = .none
    /// Whether the cell is selected (false): kept.
    open var isSelected = false
    /// Whether the cell is highlighted (false): kept.
    open var isHighlighted = false

    /// A cell of `style`, 320 × 44 points (UIKit's default cell size).
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        let frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        contentView = UIView(frame: frame)
        super.init(frame: frame)
        textLabel = UILabel(frame: frame)
        addSubview(contentView)
    }

    /// A `.default` cell with this frame (its content view of the frame's size).
    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
        contentView.frame = CGRect(origin: .zero, size: frame.size)
    }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// The cell is about to be used again: nothing by default; subclasses override it.
    open func prepareForReuse() {}
    /// Sets `isSelected` (`animated` does not matter).
    open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
    /// Sets `isHighlighted` (`animated` does not matter).
    open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }
}

/// A table, as `UIKit.UITableView`, for gesture code that adds recognizers to one: touchtrace
/// has no data source, so it has no rows (`indexPathForRow(at:)` is nil).
open class UITableView: UIScrollView {
    /// The table's style, as `UITableView.Style`.
    public enum Style: Int, Sendable {
        /// Plain.
        case plain
        /// Grouped.
        case grouped
        /// Inset grouped.
        case insetGrouped
    }
    /// The style given.
    public let style: Style
    /// The height of a row in points (44): kept.
    open var rowHeight: CGFloat = 44
    /// Whether it is editing (false): kept.
    open var isEditing = false

    /// A table with this frame and style.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
    }

    /// A `.plain` table with this frame.
    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// The row at `point`: nil, there are no rows.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? { nil }
    /// The cell at `indexPath`: nil, there are no rows.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { nil }
    /// The visible cells: none.
    open var visibleCells: [UITableViewCell] { [] }
    /// Loads the rows again: there are none.
    open func reloadData() {}
    /// Sets `isEditing`.
    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }
}

/// A cell of a collection view, as `UIKit.UICollectionViewCell`: a view with a `contentView`
/// (a subview of its size).
open class UICollectionViewCell: UIView {
    /// The view holding the cell's content.
    public let contentView: UIView
    /// Whether the cell is selected (false): kept.
    open var isSelected = false
    /// Whether the cell is highlighted (false): kept.
    open var isHighlighted = false

    /// A cell with this frame.
    public override init(frame: CGRect) {
        contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        addSubview(contentView)
    }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// The cell is about to be used again: nothing by default; subclasses override it.
    open func prepareForReuse() {}
}

// MARK: Sliders and switches

/// A slider, as `UIKit.UISlider`: a control keeping a value within its range. Its touches are
/// tracked as any `UIControl`'s (the touch events' actions), but they do not move its value
/// (touchtrace does not know where a thumb is drawn); code sets its value.
open class UISlider: UIControl {
    /// The value, kept within `minimumValue`…`maximumValue` (0).
    open var value: Float {
        get { storedValue }
        set { storedValue = Swift.min(Swift.max(newValue, minimumValue), Swift.max(minimumValue, maximumValue)) }
    }
    private var storedValue: Float = 0
    /// The smallest value (0).
    open var minimumValue: Float = 0
    /// The largest value (1).
    open var maximumValue: Float = 1
    /// Whether dragging sends `.valueChanged` continuously (true): kept.
    open var isContinuous = true
    /// The colour left of the thumb (nil): kept.
    open var minimumTrackTintColor: UIColor?
    /// The colour right of the thumb (nil): kept.
    open var maximumTrackTintColor: UIColor?
    /// The thumb's colour (nil): kept.
    open var thumbTintColor: UIColor?

    /// Sets `value` (`animated` does not matter).
    open func setValue(_ value: Float, animated: Bool) { self.value = value }
}

/// A switch, as `UIKit.UISwitch`: a control keeping on or off; code sets it.
open class UISwitch: UIControl {
    /// Whether it is on (false).
    open var isOn = false
    /// The colour when on (nil): kept.
    open var onTintColor: UIColor?
    /// The thumb's colour (nil): kept.
    open var thumbTintColor: UIColor?
    /// Sets `isOn` (`animated` does not matter).
    open func setOn(_ on: Bool, animated: Bool) { isOn = on }
}

// MARK: Time

/// The replay's time on the current thread: the trace's time (seconds) of the event or deadline
/// whose touches TouchTraceUIKit recognizers are being given, kept in the thread's dictionary
/// (each replay runs on one thread) with the replay's timeline (`ReplayTimeline.current`).
enum MediaClock {
    private final class Box {
        var now: Double = 0
        weak var timeline: ReplayTimeline?
    }
    private static let key = "TouchTraceUIKit.MediaClock"

    private static var box: Box {
        let dictionary = Thread.current.threadDictionary
        if let box = dictionary[key] as? Box { return box }
        let box = Box()
        dictionary[key] = box
        return box
    }

    /// The time of the event being delivered (0 before any).
    static var now: Double {
        get { box.now }
        set { box.now = newValue }
    }

    /// The timeline of the replay whose code runs on this thread, held weakly.
    static var timeline: ReplayTimeline? {
        get { box.timeline }
        set { box.timeline = newValue }
    }
}

/// The current time in seconds, as Core Animation's `CACurrentMediaTime()` — on a device the
/// clock of `UITouch.timestamp`. touchtrace reads no clock: it is the trace's time of the event
/// (or deadline, or timer or delayed block: `Timer`) being delivered on this thread, so `CACurrentMediaTime() - touch.timestamp` is
/// 0 in a touches method and durations measured with it are the trace's; 0 before the first.
public func CACurrentMediaTime() -> TimeInterval { MediaClock.now }
