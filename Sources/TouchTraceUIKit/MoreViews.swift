// UIKit objects compare as `NSObject`s do, and more of the views and objects gesture code
// touches: the application, table and collection cells, sliders, switches, steppers, segmented
// controls. touchtrace has one screen and no data sources: these keep what code sets and answer
// fixed, documented values; the standard controls move with the replay's touches.

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
///
/// A replay of a screen built in code has an application of its own, made before the screen,
/// of the class the screen's registration names (`ScreenType.uiKit(_:application:controller:)`,
/// as `UIApplicationMain` names an app's principal class): `UIApplication` itself unless named.
/// It is `UIApplication.shared` while the replay's code runs, and every event of the replay
/// goes through its `sendEvent(_:)`.
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

    /// The application: while the code of a replay of a screen built in code runs, the replay's
    /// own (see the type); elsewhere an object with touchtrace's fixed values, made when asked.
    public static var shared: UIApplication { ReplayTimeline.current?.application ?? UIApplication() }

    /// An application (touchtrace makes the one of each replay of a screen; a subclass sets up
    /// its own state here and calls `super`).
    public required override init() {
        super.init()
    }

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
    /// Sends an event to its window, as UIKit's `sendEvent(_:)`: every event of a screen built
    /// in code comes here first (SPEC 17), before its window's `sendEvent(_:)`, which the base
    /// calls (an event of no window is delivered as the window's base would). An override that
    /// does not call `super` keeps the event from the window, its recognizers and views (see
    /// `UIWindow.sendEvent(_:)`).
    open func sendEvent(_ event: UIEvent) {
        if let window = event.window {
            window.sendEvent(event)
        } else {
            event.deliver()
        }
    }
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
/// has no data source, so it has no rows (`indexPathForRow(at:)` is nil). As UIKit's, it
/// bounces vertically even when its content is shorter than it (`alwaysBounceVertical` starts
/// true, where a scroll view's and a collection view's start false; UIKit's headers do not say
/// so — published observations of UIKit and pull-to-refresh code agree on it), so a vertical
/// drag on a table scrolls it with the rubber band.
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
        alwaysBounceVertical = true
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
    /// The object that would give the rows (held weakly): kept, never asked (touchtrace has no
    /// rows; see `UITableViewController`).
    open weak var dataSource: UITableViewDataSource?
    /// The cell classes registered, by reuse identifier, in the order registered.
    private var registeredCellClasses: [(identifier: String, cellClass: AnyClass?)] = []
    /// Registers `cellClass` for cells of `identifier`: kept (see `dequeueReusableCell`).
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registeredCellClasses.append((identifier, cellClass))
    }
    /// A cell for `indexPath`, as UIKit's `dequeueReusableCell(withIdentifier:for:)`: a plain
    /// `.default` cell of `identifier` (touchtrace makes no cells of registered classes; its data
    /// source is never asked, so this runs only when code calls it itself).
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: identifier)
    }
    /// A cell of `identifier` from the reuse queue, as UIKit's `dequeueReusableCell(withIdentifier:)`:
    /// a plain `.default` cell when a class was registered for `identifier`, else nil (no cell
    /// is ever queued for reuse: there are no rows).
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        registeredCellClasses.contains { $0.identifier == identifier } ? UITableViewCell(style: .default, reuseIdentifier: identifier) : nil
    }
    /// The number of rows of `section`: 0, there are no rows.
    open func numberOfRows(inSection section: Int) -> Int { 0 }
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

// MARK: Sliders, switches, steppers and segmented controls

extension UIControl.Event {
    /// What a standard control sends when the user changes its value: `.valueChanged` with
    /// `.primaryActionTriggered`, each action once. UIKit documents that `init(frame:
    /// primaryAction:)` (iOS 14, on every control) registers its action for
    /// `.primaryActionTriggered`; that a switch, slider or stepper sends it with each change of
    /// value is touchtrace's reading, so that such an action runs.
    static let userChangedValue: UIControl.Event = [.valueChanged, .primaryActionTriggered]
}

/// A slider, as `UIKit.UISlider`: a horizontal track with a thumb whose place is `value` within
/// `minimumValue`…`maximumValue`, moved by a touch that begins on the thumb.
///
/// Geometry (a device draws it; these are touchtrace's fixed values, in the slider's points):
/// - `trackRect(forBounds:)`: the bounds' full width, 4 points high, centred vertically — the
///   height reported for the default track since iOS 13 (Apple does not document it).
/// - `thumbRect(forBounds:trackRect:value:)`: 28 × 28 points (the size reported for UIKit's
///   default round thumb; Apple does not document it), centred on the track's middle line; its
///   centre goes from the track's left end + 14 (`minimumValue`) to its right end − 14
///   (`maximumValue`) in proportion to the value, so the thumb stays on the track, as on a device.
///
/// Touches (through `UIControl`'s tracking; a subclass that overrides these methods and calls
/// `super` keeps the behaviour):
/// - `beginTracking(_:with:)` tracks a touch only if it begins in the thumb's rect
///   (`thumbRect(forBounds:trackRect:value:)` of the current value — a subclass that returns a
///   larger rect grabs from farther): a touch on the track beside the thumb does nothing (no
///   `.touchDown`, no change), as on iOS, where a tap on the track does not move the thumb.
/// - While tracked, the thumb's centre follows the finger's x keeping the offset from where the
///   thumb was grabbed (UIKit's documentation is silent; touchtrace's choice, so grabbing the
///   thumb does not change the value), at every move and at the lift; the value is where the
///   centre is between its two ends, kept within `minimumValue`…`maximumValue` (the finger may
///   leave the slider: the thumb stops at an end).
/// - Each change of the value sends `.valueChanged` (with `.primaryActionTriggered`) when
///   `isContinuous` (the default); otherwise the value still follows the finger and those
///   actions run once when the touch ends or is cancelled, if the value differs from the one
///   at the touch's beginning.
/// - `value`, `setValue(_:animated:)` and the range set by code send nothing.
open class UISlider: UIControl {
    /// The value, kept within `minimumValue`…`maximumValue` (0); setting it sends nothing.
    open var value: Float {
        get { storedValue }
        set {
            keyWillChange(.value)
            storedValue = Swift.min(Swift.max(newValue, minimumValue), Swift.max(minimumValue, maximumValue))
            keyDidChange(.value)
        }
    }
    private var storedValue: Float = 0
    /// The smallest value (0); the value is raised to it when it is below.
    open var minimumValue: Float = 0 {
        didSet { value = storedValue }
    }
    /// The largest value (1); the value is lowered to it when it is above.
    open var maximumValue: Float = 1 {
        didSet { value = storedValue }
    }
    /// Whether a drag sends `.valueChanged` at each change (true) or once at its end (false).
    open var isContinuous = true
    /// The colour left of the thumb (nil): kept.
    open var minimumTrackTintColor: UIColor?
    /// The colour right of the thumb (nil): kept.
    open var maximumTrackTintColor: UIColor?
    /// The thumb's colour (nil): kept.
    open var thumbTintColor: UIColor?

    /// touchtrace's fixed side of the default thumb, in points (see the type's documentation).
    static let thumbSide: CGFloat = 28
    /// touchtrace's fixed height of the track, in points (see the type's documentation).
    static let trackHeight: CGFloat = 4

    /// The finger's x less the thumb's centre x when the thumb was grabbed, in points.
    private var grabOffset: CGFloat = 0
    /// The value when the tracked touch began.
    private var valueAtGrab: Float = 0

    /// Sets `value` (kept within the range; `animated` does not matter); sends nothing.
    open func setValue(_ value: Float, animated: Bool) { self.value = value }

    /// The rect of the track in the slider's coordinates: `bounds`' full width, 4 points high,
    /// centred vertically (touchtrace's fixed geometry, see the type's documentation).
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX, y: bounds.midY - UISlider.trackHeight / 2, width: bounds.width, height: UISlider.trackHeight)
    }

    /// The rect of the thumb at `value` on the track `rect`: 28 × 28 points centred on the
    /// track's middle line, its left edge from `rect.minX` (at `minimumValue`) to
    /// `rect.maxX − 28` (at `maximumValue`) in proportion (touchtrace's fixed geometry).
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let side = UISlider.thumbSide
        let span = maximumValue - minimumValue
        let clamped = Swift.min(Swift.max(value, minimumValue), Swift.max(minimumValue, maximumValue))
        let fraction = span > 0 ? CGFloat((clamped - minimumValue) / span) : 0
        let travel = Swift.max(rect.width - side, 0)
        return CGRect(x: rect.minX + fraction * travel, y: rect.midY - side / 2, width: side, height: side)
    }

    /// Tracks `touch` only if it begins in the thumb's rect (see the type's documentation).
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        let thumb = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: value)
        guard thumb.contains(point) else { return false }
        _ = super.beginTracking(touch, with: event)
        grabOffset = point.x - thumb.midX
        valueAtGrab = value
        return true
    }

    /// Moves the value with the finger (see the type's documentation); true.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        follow(touch)
        return true
    }

    /// Follows the lift's place, then sends the value's actions once if not `isContinuous`.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if let touch { follow(touch) }
        super.endTracking(touch, with: event)
        if !isContinuous && value != valueAtGrab { sendActions(for: .userChangedValue) }
    }

    /// Sends the value's actions once if not `isContinuous` and the value moved.
    open override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        if !isContinuous && value != valueAtGrab { sendActions(for: .userChangedValue) }
    }

    /// Sets the value where the thumb's centre (the finger's x less the grab offset) is between
    /// the centres of the thumb at the two ends; sends the actions of a change if continuous.
    private func follow(_ touch: UITouch) {
        let track = trackRect(forBounds: bounds)
        let low = thumbRect(forBounds: bounds, trackRect: track, value: minimumValue).midX
        let high = thumbRect(forBounds: bounds, trackRect: track, value: maximumValue).midX
        guard high > low else { return }
        let centre = touch.location(in: self).x - grabOffset
        let fraction = Swift.min(Swift.max((centre - low) / (high - low), 0), 1)
        let newValue = minimumValue + Float(fraction) * (maximumValue - minimumValue)
        guard newValue != value else { return }
        value = newValue
        if isContinuous { sendActions(for: .userChangedValue) }
    }
}

/// A switch, as `UIKit.UISwitch`: a control that is on or off, whose thumb a finger can tap
/// or drag across.
///
/// Touches (through `UIControl`'s tracking; a subclass that overrides the tracking methods and
/// calls `super` keeps the behaviour), as UIKit's switch handles them (UIKitCore, iOS 26.1, as
/// disassembled: `UISwitchModernVisualElement` and `UISwitchMVEGestureTrackingSession`):
/// - Dragging moves the thumb: at a move, once the finger is more than 25 points to the right
///   (while the thumb shows off) or to the left (while it shows on) of where the touch went down
///   — or of where the thumb last went across — the thumb goes to the other side. It may go
///   back and forth in one drag; moves do not flip it anywhere else, and the lift does not
///   (UIKit's pan recognizer flips it at its changes only). `isOn` does not change and nothing
///   is sent while the finger is down.
/// - At the lift, in `endTracking(_:with:)` (so before `.touchUpInside` or `.touchUpOutside`):
///   after a drag that moved the thumb, the switch takes the side the thumb is on — `isOn`
///   changes and `.valueChanged` (with `.primaryActionTriggered`) is sent only if that differs
///   from `isOn`, wherever the finger lifts; after a touch that did not move the thumb (a tap),
///   a lift inside (the control's tracking area, 70 points beyond the bounds, which UIKit's
///   switch asks as its controls do) toggles `isOn` and sends them, a lift outside changes
///   nothing.
/// - A cancelled touch changes nothing; the thumb goes back to `isOn` (touchtrace's choice: what
///   UIKit's gesture code does then could not be read with confidence).
/// - The translation is measured from the touch down (UIKit measures it with its own pan
///   recognizer), left to right as in a left-to-right layout.
///
/// `isOn` and `setOn(_:animated:)` set by code send nothing.
open class UISwitch: UIControl {
    /// Whether it is on (false); setting it sends nothing.
    open var isOn = false {
        didSet { thumbIsOn = isOn }
    }
    /// The colour when on (nil): kept.
    open var onTintColor: UIColor?
    /// The thumb's colour (nil): kept.
    open var thumbTintColor: UIColor?
    /// Sets `isOn` (`animated` does not matter); sends nothing.
    open func setOn(_ on: Bool, animated: Bool) { isOn = on }

    /// How far the finger must move across, past where the thumb last stood still, to take the
    /// thumb to the other side, in points: 25 (UIKit's switch, see the type's documentation).
    static let thumbFlipDistance: CGFloat = 25

    /// The side the thumb shows: `isOn`, except while a drag has taken it across.
    private(set) var thumbIsOn = false
    /// Whether a drag of the tracked touch has moved the thumb.
    private var thumbMoved = false
    /// The x (the switch's points) the drag's translation is measured from.
    private var dragOrigin: CGFloat = 0

    /// Starts following the touch (see the type's documentation); true.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        _ = super.beginTracking(touch, with: event)
        thumbIsOn = isOn
        thumbMoved = false
        dragOrigin = touch.location(in: self).x
        return true
    }

    /// Moves the thumb across when the finger has gone 25 points its way; true.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let x = touch.location(in: self).x
        let towardOtherSide: CGFloat = thumbIsOn ? -1 : 1
        if (x - dragOrigin) * towardOtherSide > UISwitch.thumbFlipDistance {
            thumbIsOn.toggle()
            thumbMoved = true
            dragOrigin = x
        }
        return super.continueTracking(touch, with: event)
    }

    /// The tracked touch lifted: the switch takes the thumb's side after a drag, or toggles for
    /// a tap lifted inside (see the type's documentation).
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        let next: Bool
        if thumbMoved {
            next = thumbIsOn
        } else if let touch, pointMostlyInside(touch.location(in: self), with: event) {
            next = !isOn
        } else {
            next = isOn
        }
        thumbMoved = false
        guard next != isOn else { return thumbIsOn = isOn }
        isOn = next
        sendActions(for: .userChangedValue)
    }

    /// The tracking was cancelled: the thumb goes back to `isOn`; nothing is sent.
    open override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        thumbMoved = false
        thumbIsOn = isOn
    }
}

/// A stepper, as `UIKit.UIStepper`: a − and a + button that change `value` by `stepValue`
/// within `minimumValue`…`maximumValue`.
///
/// Geometry (touchtrace's fixed values): the left half of the bounds (x below `bounds.midX`)
/// is the − button, the right half the + button, each the bounds' full height. (A device's
/// stepper is 94 × 32 points with the two buttons side by side and a divider between them;
/// touchtrace uses the frame code gives it.)
///
/// Touches (through `UIControl`'s tracking; a subclass calling `super` keeps the behaviour),
/// as UIKit's stepper handles them (UIKitCore, iOS 26.1, as disassembled:
/// `UIStepperHorizontalVisualElement`):
/// - The button pressed is the one under the finger, at the touch down and at every move, while
///   the finger is within the control's tracking area (70 points round, see `UIControl`); none
///   when it is off both buttons. Sliding from one button to the other changes the direction.
/// - A tap steps at the lift: `endTracking(_:with:)` steps once on the button pressed, if the
///   autorepeat has not stepped yet. Nothing steps at the touch down.
/// - With `autorepeat` (the default), while held: a repeat is due 0.5 s after the touch down;
///   each repeat steps on the button pressed (none: no step, and the count of repeats goes back
///   to 1), and a repeat that stepped makes the next one due 0.5 s later. UIKit's stepper
///   shortens that interval after its fifth repeat and again after its twentieth (Apple: "the
///   rate of change depends on how long the user continues pressing"); the disassembly names
///   the two shorter intervals without showing their values, and no published measurement of
///   them was found (Apple's `UIStepper` page gives no numbers; the 0.5 s then ten a second of
///   AppKit's `NSStepper.autorepeat` page is the Mac's stepper, not this one), so touchtrace
///   keeps 0.5 s (it does not speed up). Repeats run at the
///   trace's time (timers of the replay, see `Timer`).
/// - A step adds or takes away `stepValue`; past an end it goes to the other end when `wraps`
///   (UIKit's rule: the step that passes the maximum lands on the minimum, and back), else it
///   stops at the end.
/// - Each change sends `.valueChanged` (with `.primaryActionTriggered`) when `isContinuous`
///   (the default); otherwise those actions run once when the touch ends or is cancelled, if
///   the value differs from the one at the touch down.
/// - `value` and the range set by code send nothing.
open class UIStepper: UIControl {
    /// The value (0), kept within `minimumValue`…`maximumValue`; setting it sends nothing.
    open var value: Double {
        get { storedValue }
        set { storedValue = Swift.min(Swift.max(newValue, minimumValue), maximumValue) }
    }
    private var storedValue: Double = 0
    /// The smallest value (0). Set above `maximumValue`, both become the new value (UIKit's
    /// documented rule); the value is raised to it when below.
    open var minimumValue: Double = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = storedValue
        }
    }
    /// The largest value (100). Set below `minimumValue`, both become the new value; the value
    /// is lowered to it when above.
    open var maximumValue: Double = 100 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = storedValue
        }
    }
    /// How much one step changes the value (1); a step of 0 or less changes nothing (UIKit
    /// refuses such a value).
    open var stepValue: Double = 1
    /// Whether stepping past an end goes to the other end (false).
    open var wraps = false
    /// Whether holding a button steps again and again (true).
    open var autorepeat = true
    /// Whether each change sends `.valueChanged` at once (true) or once when the touch ends.
    open var isContinuous = true

    /// The delay from the touch down to the first repeat, and between repeats, in seconds: 0.5
    /// (UIKit's stepper, see the type's documentation).
    static let repeatInterval: Double = 0.5

    /// The button the finger is on: −1 for −, +1 for +, 0 for neither.
    private var pressed: Double = 0
    /// How many repeats have stepped (UIKit's repeat count).
    private var repeatCount = 0
    /// The value when the tracked touch went down.
    private var valueAtTouchDown: Double = 0
    /// The timer of the repeats, while the touch is held.
    private var repeater: Timer?

    /// A stepper with this frame.
    public override init(frame: CGRect) { super.init(frame: frame) }
    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// Notes the button under the touch and starts the autorepeat (see the type's
    /// documentation); nothing steps yet. True.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        _ = super.beginTracking(touch, with: event)
        valueAtTouchDown = value
        repeatCount = 0
        press(at: touch.location(in: self), with: event)
        if autorepeat {
            repeater = Timer.scheduledTimer(withTimeInterval: UIStepper.repeatInterval, repeats: true) { [weak self] timer in
                guard let self, self.isTracking else { return timer.invalidate() }
                self.repeatStep()
            }
        }
        return true
    }

    /// Notes the button under the moved touch; true.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        press(at: touch.location(in: self), with: event)
        return super.continueTracking(touch, with: event)
    }

    /// Steps once for a tap (no repeat has stepped) on the button pressed, stops the
    /// autorepeat, and sends the value's actions once if not `isContinuous`.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if repeatCount == 0 && pressed != 0 { step(pressed) }
        stopRepeating()
        super.endTracking(touch, with: event)
        if !isContinuous && value != valueAtTouchDown { sendActions(for: .userChangedValue) }
    }

    /// Stops the autorepeat; sends the value's actions once if not `isContinuous`.
    open override func cancelTracking(with event: UIEvent?) {
        stopRepeating()
        super.cancelTracking(with: event)
        if !isContinuous && value != valueAtTouchDown { sendActions(for: .userChangedValue) }
    }

    /// The button under `point` (the stepper's points), if the point is in the tracking area.
    private func press(at point: CGPoint, with event: UIEvent?) {
        guard pointMostlyInside(point, with: event) else { return pressed = 0 }
        let minus = CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width / 2, height: bounds.height)
        let plus = CGRect(x: bounds.midX, y: bounds.minY, width: bounds.width / 2, height: bounds.height)
        pressed = plus.contains(point) ? 1 : (minus.contains(point) ? -1 : 0)
    }

    private func stopRepeating() {
        repeater?.invalidate()
        repeater = nil
        pressed = 0
    }

    /// A repeat: a step on the button pressed, or none (and the count back to 1).
    private func repeatStep() {
        guard pressed != 0 else { return repeatCount = Swift.min(repeatCount, 1) }
        step(pressed)
        repeatCount += 1
    }

    /// One step in `direction` (see the type's documentation for the ends).
    private func step(_ direction: Double) {
        guard stepValue > 0 else { return }
        var next = value + direction * stepValue
        if wraps {
            if next > maximumValue { next = minimumValue } else if next < minimumValue { next = maximumValue }
        }
        let old = value
        value = next
        if value != old && isContinuous { sendActions(for: .userChangedValue) }
    }
}

/// A row of segments, as `UIKit.UISegmentedControl`: one of them selected
/// (`selectedSegmentIndex`), chosen by a tap.
///
/// Geometry (touchtrace's fixed values): the segments lie left to right across the bounds; a
/// segment given a width by `setWidth(_:forSegmentAt:)` has it, and those left at 0
/// (automatic, the default) share the rest of the width equally. touchtrace knows no text
/// widths, so `apportionsSegmentWidthsByContent` is kept but does not change the widths, and
/// the dividers a device draws between segments take no room.
///
/// Touches (through `UIControl`'s tracking; a subclass calling `super` keeps the behaviour):
/// the segment chosen is the one under the finger when it lifts inside the control (in
/// `endTracking(_:with:)`, before the `.touchUpInside` actions), so a finger may slide from one
/// segment to another before lifting — touchtrace's choice, as UIKit documents no moment. A
/// disabled segment is not chosen. Choosing a segment other than the selected one selects it and
/// sends `.valueChanged` (with `.primaryActionTriggered`); choosing the selected one sends
/// nothing. With `isMomentary`, every choice sends those actions with `selectedSegmentIndex`
/// the chosen segment, which then goes back to `noSegment` (UIKit: momentary segments "don't
/// update the value of selectedSegmentIndex after tracking ends"). Code that sets
/// `selectedSegmentIndex` sends nothing.
open class UISegmentedControl: UIControl {
    /// The index meaning no segment is selected: -1.
    public static let noSegment = -1

    private struct Segment {
        var title: String?
        var image: UIImage?
        var width: CGFloat = 0
        var isEnabled = true
    }
    private var segments: [Segment] = []

    /// The selected segment's index, or `noSegment` (the default); an index out of range
    /// selects none. Setting it sends nothing.
    open var selectedSegmentIndex: Int = UISegmentedControl.noSegment {
        didSet { if !segments.indices.contains(selectedSegmentIndex) { selectedSegmentIndex = UISegmentedControl.noSegment } }
    }
    /// Whether segments show no lasting selection (false); see the type's documentation.
    open var isMomentary = false
    /// Whether segment widths follow their content (false): kept, not used (see the type).
    open var apportionsSegmentWidthsByContent = false
    /// The colour of the selected segment (nil): kept.
    open var selectedSegmentTintColor: UIColor?

    /// A control with this frame and no segments.
    public override init(frame: CGRect) { super.init(frame: frame) }

    /// A control with a segment for each item — a `String` (its title) or a `UIImage` (its
    /// image); others give an empty segment — and an empty frame (code gives it one).
    public init(items: [Any]?) {
        super.init(frame: .zero)
        for item in items ?? [] {
            segments.append(Segment(title: item as? String, image: item as? UIImage))
        }
    }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// How many segments there are.
    open var numberOfSegments: Int { segments.count }

    /// Inserts a segment titled `title` at `segment` (kept within 0…`numberOfSegments`).
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment)
    }
    /// Inserts a segment showing `image` at `segment` (kept within 0…`numberOfSegments`).
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment)
    }
    private func insert(_ new: Segment, at segment: Int) {
        let at = Swift.min(Swift.max(segment, 0), segments.count)
        segments.insert(new, at: at)
        if selectedSegmentIndex >= at { selectedSegmentIndex += 1 }
    }
    /// Removes the segment at `segment` (nothing when out of range); a selected one leaves no
    /// segment selected.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        if selectedSegmentIndex == segment {
            selectedSegmentIndex = UISegmentedControl.noSegment
        } else if selectedSegmentIndex > segment {
            selectedSegmentIndex -= 1
        }
    }
    /// Removes every segment.
    open func removeAllSegments() {
        segments.removeAll()
        selectedSegmentIndex = UISegmentedControl.noSegment
    }
    /// Sets the title of a segment (nothing when out of range).
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        if segments.indices.contains(segment) { segments[segment].title = title }
    }
    /// The title of a segment (nil when out of range).
    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }
    /// Sets the image of a segment (nothing when out of range).
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        if segments.indices.contains(segment) { segments[segment].image = image }
    }
    /// The image of a segment (nil when out of range).
    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }
    /// Sets whether a segment may be chosen (nothing when out of range).
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        if segments.indices.contains(segment) { segments[segment].isEnabled = enabled }
    }
    /// Whether a segment may be chosen (false when out of range).
    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) && segments[segment].isEnabled
    }
    /// Sets a segment's width in points; 0 (the default) is automatic (see the type).
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        if segments.indices.contains(segment) { segments[segment].width = Swift.max(width, 0) }
    }
    /// The width set for a segment in points: 0 when automatic or out of range.
    open func widthForSegment(at segment: Int) -> CGFloat {
        segments.indices.contains(segment) ? segments[segment].width : 0
    }
    /// Text attributes for a state: accepted, nothing is drawn.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {}

    /// The segment whose column of the bounds holds `x` (the control's points), else nil.
    func segment(atX x: CGFloat) -> Int? {
        let fixed = segments.reduce(0) { $0 + $1.width }
        let automatic = segments.filter { $0.width == 0 }.count
        let shared = automatic > 0 ? Swift.max(bounds.width - fixed, 0) / CGFloat(automatic) : 0
        var left = bounds.minX
        for (k, segment) in segments.enumerated() {
            let right = left + (segment.width > 0 ? segment.width : shared)
            if x >= left && x < right { return k }
            left = right
        }
        return nil
    }

    /// The tracked touch lifted: inside the control, it chooses the enabled segment under it
    /// (see the type's documentation).
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch else { return }
        let point = touch.location(in: self)
        guard self.point(inside: point, with: event), let chosen = segment(atX: point.x), segments[chosen].isEnabled else { return }
        if isMomentary {
            selectedSegmentIndex = chosen
            sendActions(for: .userChangedValue)
            selectedSegmentIndex = UISegmentedControl.noSegment
        } else if chosen != selectedSegmentIndex {
            selectedSegmentIndex = chosen
            sendActions(for: .userChangedValue)
        }
    }
}

// MARK: Time

/// The object the current thread keeps under `key` in its dictionary, made by `make` the first
/// time it is asked for on that thread: UIKit state that is the thread's (a replay runs on one
/// thread), as the clock, a transaction or an image context stack.
func perThread<Kept: AnyObject>(_ key: String, _ make: () -> Kept) -> Kept {
    let dictionary = Thread.current.threadDictionary
    if let kept = dictionary[key] as? Kept { return kept }
    let made = make()
    dictionary[key] = made
    return made
}

/// The replay's time on the current thread: the trace's time (seconds) of the event or deadline
/// whose touches TouchTraceUIKit recognizers are being given, kept in the thread's dictionary
/// (each replay runs on one thread) with the replay's timeline (`ReplayTimeline.current`).
///
/// With it, the machine's clock when the replay last entered code (its time was set, or another
/// replay's timeline became current): the one point where a `Date` of the machine's clock, which
/// code makes with `Date()`, is tied to the trace's time (see `Timer.fireDate`).
enum MediaClock {
    private final class Box {
        var now: Double = 0
        /// The machine's clock at the last entry, in seconds since Foundation's reference date.
        var machineAtEntry: Double?
        weak var timeline: ReplayTimeline?
    }
    private static let key = "TouchTraceUIKit.MediaClock"

    private static var box: Box { perThread(key, Box.init) }

    /// The time of the event being delivered (0 before any). Setting it is an entry into the
    /// replay's code: the machine's clock is taken as `machineAtEntry`.
    static var now: Double {
        get { box.now }
        set {
            let box = self.box
            box.now = newValue
            box.machineAtEntry = Date(timeIntervalSinceNow: 0).timeIntervalSinceReferenceDate
        }
    }

    /// The replay is about to call code (a touch method, a target, `sendEvent`): the machine's
    /// clock is taken again as `machineAtEntry`, so that the machine's time touchtrace took
    /// since the delivery began does not count against a `Date()` the code makes.
    static func enterCode() {
        box.machineAtEntry = Date(timeIntervalSinceNow: 0).timeIntervalSinceReferenceDate
    }

    /// Runs `body` — touchtrace's delivery to other code, from within code (a window's
    /// `sendEvent(_:)` calling `super`, a recognizer's state change that reaches the views) —
    /// and gives the code it returns to its own entry back, so that a date it made before the
    /// call counts from where it was entered.
    static func keepingEntry(_ body: () -> Void) {
        let entry = box.machineAtEntry
        body()
        box.machineAtEntry = entry
    }

    /// The machine's clock (seconds since Foundation's reference date) when the replay's code on
    /// this thread was last entered: the moment a `Date` made then stands for `now`. Taken now
    /// when it never was on this thread.
    static var machineAtEntry: Double {
        box.machineAtEntry ?? Date(timeIntervalSinceNow: 0).timeIntervalSinceReferenceDate
    }

    /// The timeline of the replay whose code runs on this thread, held weakly. Another replay's
    /// (a screen about to be built) is an entry too.
    static var timeline: ReplayTimeline? {
        get { box.timeline }
        set {
            let box = self.box
            if box.timeline !== newValue { box.machineAtEntry = Date(timeIntervalSinceNow: 0).timeIntervalSinceReferenceDate }
            box.timeline = newValue
        }
    }
}

/// The current time in seconds, as Core Animation's `CACurrentMediaTime()` — on a device the
/// clock of `UITouch.timestamp`. touchtrace reads no clock: it is the trace's time of the event
/// (or deadline, or timer or delayed block: `Timer`) being delivered on this thread, so `CACurrentMediaTime() - touch.timestamp` is
/// 0 in a touches method and durations measured with it are the trace's; 0 before the first.
public func CACurrentMediaTime() -> TimeInterval { MediaClock.now }
