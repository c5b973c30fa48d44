import Synchronization
import TouchTrace

/// A view that sends actions when the user acts on it, as `UIKit.UIControl`.
///
/// In a screen built in code a control that a touch hit-tests to tracks it as UIKit's does
/// (its touch methods, see `touchesBegan(_:with:)`): `beginTracking`, `continueTracking`,
/// `endTracking` or `cancelTracking`, `isHighlighted`, `isTracking`, `isTouchInside`, and the
/// actions of `.touchDown`, `.touchDownRepeat`, `.touchDragInside`/`Outside`/`Enter`/`Exit`,
/// `.touchUpInside`/`Outside` and `.touchCancel`. It tracks one touch at a time, and does not
/// pass the touches it tracks up the responder chain. Otherwise it keeps its state
/// (`isHighlighted`, `isSelected`, `isEnabled`) as code sets it, and sends its actions when code
/// calls `sendActions(for:)`. Gesture code that asks `touch.view is UIControl` (to let buttons
/// have their taps) compiles and gets the answer for the views it holds.
///
/// Actions: a closure (`addAction(_:for:)`, `addTarget(for:_:)`) always runs; an action named by
/// a selector runs as a recognizer's does (section 17): by `UIControl.registerAction(_:for:_:)`
/// or a target that adopts `UIControlActionTarget`; a selector that neither answers stops the
/// program with a message naming the registration to add, as UIKit stops on an unrecognized
/// selector.
open class UIControl: UIView {
    /// Events a control sends actions for, as `UIControl.Event` (UIKit's raw values).
    public struct Event: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt
        /// Events from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A second tap went down.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A finger dragged inside the control.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A finger dragged outside the control.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A finger dragged into the control.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A finger dragged out of the control.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A finger lifted inside the control.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A finger lifted outside the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// A primary action (a button's tap).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// Editing began (text fields).
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// Text changed while editing.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Editing ended by return.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// The states of a control, as `UIControl.State` (UIKit's raw values).
    public struct State: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt
        /// States from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// No other state.
        public static let normal = State([])
        /// Highlighted.
        public static let highlighted = State(rawValue: 1 << 0)
        /// Disabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected.
        public static let selected = State(rawValue: 1 << 2)
        /// Focused.
        public static let focused = State(rawValue: 1 << 3)
    }

    /// Whether the control answers (true).
    open var isEnabled = true {
        willSet { keyWillChange(.enabled) }
        didSet { keyDidChange(.enabled) }
    }
    /// Whether it is selected (false).
    open var isSelected = false {
        willSet { keyWillChange(.selected) }
        didSet { keyDidChange(.selected) }
    }
    /// Whether it is highlighted (false): true while a tracked touch is inside it, and as code
    /// sets it.
    open var isHighlighted = false {
        willSet { keyWillChange(.highlighted) }
        didSet { keyDidChange(.highlighted) }
    }
    /// Whether a touch is being tracked: true between `beginTracking` returning true and the
    /// end of that touch, when a subclass's code drives the tracking methods itself.
    open private(set) var isTracking = false
    /// Whether a tracked touch is inside the control (false): within 70 points of its bounds
    /// while tracking, as on a device (see `trackingSlop`).
    open private(set) var isTouchInside = false

    /// The control's state from `isEnabled`, `isSelected` and `isHighlighted`.
    open var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    private struct Entry {
        weak var object: AnyObject?
        var selector: Selector?
        var closure: ((UIControl) -> Void)?
        var events: Event
    }
    private var entries: [Entry] = []

    /// A control with this frame.
    public override init(frame: CGRect) { super.init(frame: frame) }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// Adds `action` of `target` for `controlEvents` (see the type's documentation). A nil
    /// target is the control itself here (UIKit would search the responder chain).
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        let object = (target as AnyObject?) ?? self
        entries.append(Entry(object: object, selector: action, closure: nil, events: controlEvents))
    }

    /// Removes the pairs of `target` (any when nil) and `action` (any when nil) for the events.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let object = target as AnyObject?
        entries.removeAll { entry in
            (object == nil || entry.object === object) && (action == nil || entry.selector == action)
                && !entry.events.isDisjoint(with: controlEvents)
        }
    }

    /// Adds a closure that runs, with the control, for `controlEvents`.
    open func addTarget(for controlEvents: Event, _ action: @escaping (UIControl) -> Void) {
        entries.append(Entry(object: nil, selector: nil, closure: action, events: controlEvents))
    }

    /// Adds a `UIAction` that runs for `controlEvents` (iOS 14's `addAction(_:for:)`).
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        entries.append(Entry(object: nil, selector: nil, closure: { control in action.handler(UIAction(handler: action.handler, sender: control)) },
                             events: controlEvents))
    }

    /// The targets that have actions, the control itself standing for closures (in the order
    /// added, once each).
    open var allTargets: [AnyObject] {
        var found: [AnyObject] = []
        for entry in entries {
            let object = entry.object ?? self
            if !found.contains(where: { $0 === object }) { found.append(object) }
        }
        return found
    }

    /// The events that have at least one action.
    open var allControlEvents: Event {
        entries.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// Runs the actions of every pair whose events meet `controlEvents`, in the order added:
    /// closures always, selectors as the type's documentation says.
    open func sendActions(for controlEvents: Event) {
        for entry in entries where !entry.events.isDisjoint(with: controlEvents) {
            if let closure = entry.closure {
                closure(self)
            } else if let selector = entry.selector, let object = entry.object {
                sendAction(selector, to: object, for: nil)
            }
        }
    }

    /// Calls `action` on `target` with this control (see `registerAction(_:for:_:)`).
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        let object = (target as AnyObject?) ?? self
        if let answering = object as? UIControlActionTarget, answering.performControlAction(action, sender: self) { return }
        let found = registeredControlActions.withLock { $0[action.name] ?? [] }
        for entry in found where entry.call(object, self) { return }
        let typeName = String(describing: type(of: object))
        preconditionFailure("""
            TouchTraceUIKit: the action "\(action.name)" of a \(String(describing: type(of: self))) cannot be called on \
            \(typeName): Swift on Linux has no Objective-C runtime. Register it once, before the replays: \
            UIControl.registerAction("\(action.name)", for: \(typeName).self) { target, control in ... }, \
            or make \(typeName) adopt UIControlActionTarget.
            """)
    }

    /// Tells touchtrace how to call the action `selector` on a target of type `type` (or of a
    /// subclass of it) with a control as sender, as `UIGestureRecognizer.registerAction` does
    /// for recognizers. Register once for the process.
    public static func registerAction<Target: AnyObject>(_ selector: Selector, for type: Target.Type,
                                                         _ call: @escaping @Sendable (Target, UIControl) -> Void) {
        let entry = RegisteredControlAction { object, control in
            guard let target = object as? Target else { return false }
            call(target, control)
            return true
        }
        registeredControlActions.withLock { $0[selector.name, default: []].append(entry) }
    }

    // MARK: Tracking

    /// The touch being tracked (one at a time, as UIKit's controls track).
    fileprivate var trackedTouch: UITouch?

    /// A touch began on the control (it hit-tested here): while the control is enabled and
    /// tracks no other touch, it is inside, `beginTracking(_:with:)` says whether to track it,
    /// and if so it is highlighted and the actions of `.touchDown` run (with `.touchDownRepeat`
    /// for a second tap, `tapCount` above 1); a touch it does not track (a slider's beside its
    /// thumb) leaves it unhighlighted. A disabled control passes the touches to `next`.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled else { return super.touchesBegan(touches, with: event) }
        guard trackedTouch == nil, let touch = touches.first else { return }
        trackedTouch = touch
        isTouchInside = true
        let tracking = beginTracking(touch, with: event)
        isTracking = tracking
        isHighlighted = tracking
        guard tracking else { return }
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    /// How far beyond its bounds a tracked touch still counts as inside the control, in points,
    /// on every side: 70. UIKit's `UIControl` decides "inside" while tracking with its private
    /// `pointMostlyInside(_:with:)` (its `touchesMoved` and `touchesEnded` call it, not
    /// `point(inside:with:)`: UIKitCore, iOS 26.1, as disassembled), which grows the bounds by
    /// UIKit's "mostly inside" edge insets; their value is not in the disassembly, and the
    /// published measurements of a device put that edge about 70 points beyond the control's
    /// frame, all round (a finger dragged out of a button is still "inside" until then).
    static let trackingSlop: CGFloat = 70

    /// Whether a tracked touch at `point` (the control's coordinates) counts as inside, as UIKit's
    /// `pointMostlyInside(_:with:)`: within `bounds` grown by `trackingSlop` (70 points) on every
    /// side, or where `point(inside:with:)` holds it (UIKit's method asks it too, so a control
    /// whose own hit area reaches farther keeps its touch as far).
    func pointMostlyInside(_ point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -UIControl.trackingSlop, dy: -UIControl.trackingSlop).contains(point)
            || self.point(inside: point, with: event)
    }

    /// The tracked touch moved. While tracking, in UIKit's order: `continueTracking(_:with:)`
    /// says whether to go on (false: nothing more is done); then the touch is inside while
    /// `pointMostlyInside` holds its location (`bounds` grown by 70 points, see `trackingSlop`),
    /// highlighted while inside; the actions of `.touchDragEnter` or `.touchDragExit` run when it
    /// crossed that edge, then those of `.touchDragInside` or `.touchDragOutside` (two sends, as
    /// UIKit's). A touch that is not tracked only follows `isTouchInside`.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled || trackedTouch != nil else { return super.touchesMoved(touches, with: event) }
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let wasInside = isTouchInside
        if isTracking {
            isTracking = continueTracking(touch, with: event)
            guard isTracking else { return }
        }
        isTouchInside = pointMostlyInside(touch.location(in: self), with: event)
        isHighlighted = isTouchInside && isTracking
        guard isTracking else { return }
        if isTouchInside != wasInside { sendActions(for: isTouchInside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: isTouchInside ? .touchDragInside : .touchDragOutside)
    }

    /// The tracked touch lifted. While tracking, in UIKit's order: the touch is inside where
    /// `pointMostlyInside` holds the lift (70 points beyond the bounds, see `trackingSlop`), and
    /// the actions of `.touchDragEnter` or `.touchDragExit` run if that differs from the last
    /// move; `endTracking(_:with:)` is called; then the actions of `.touchUpInside` (a button's
    /// primary action with it) or `.touchUpOutside` run. As on a device, the control is
    /// highlighted through a lift inside (its actions see `isHighlighted` true) and no longer
    /// highlighted after them (UIKit may keep the highlight 0.12 s more after a very short one;
    /// touchtrace does not).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled || trackedTouch != nil else { return super.touchesEnded(touches, with: event) }
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = pointMostlyInside(touch.location(in: self), with: event)
        let tracking = isTracking
        trackedTouch = nil
        if tracking {
            isHighlighted = inside
            if inside != isTouchInside {
                isTouchInside = inside
                sendActions(for: inside ? .touchDragEnter : .touchDragExit)
            }
            endTracking(touch, with: event)
            // As UIKit's: no longer tracking, and `isTouchInside` still tells the lift's place,
            // while the lift's actions run.
            isTracking = false
            isTouchInside = inside
            sendActions(for: inside ? touchUpInsideEvents : .touchUpOutside)
        }
        isHighlighted = false
        isTracking = false
        isTouchInside = false
    }

    /// The tracked touch was cancelled (a recognizer recognized): no longer highlighted; while
    /// tracking, `cancelTracking(with:)` is called and the actions of `.touchCancel` run.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled || trackedTouch != nil else { return super.touchesCancelled(touches, with: event) }
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        isHighlighted = false
        let tracking = isTracking
        trackedTouch = nil
        if tracking {
            cancelTracking(with: event)
            sendActions(for: .touchCancel)
        }
        isTracking = false
        isTouchInside = false
    }

    /// The events of a lift inside the control: `.touchUpInside` (a button adds
    /// `.primaryActionTriggered`).
    var touchUpInsideEvents: Event { .touchUpInside }

    /// A touch began in the control: return whether to track it (true). Called as the
    /// control's touch methods say; a subclass or a test may call it itself.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        isTracking = true
        isTouchInside = true
        return true
    }
    /// The tracked touch moved: return whether to go on tracking (true).
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch lifted.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        isTracking = false
        isTouchInside = false
    }
    /// The tracking was cancelled.
    open func cancelTracking(with event: UIEvent?) {
        isTracking = false
        isTouchInside = false
    }
}

/// A target that calls its own control actions by name (the other way, beside
/// `UIControl.registerAction(_:for:_:)`, to tell touchtrace what a selector means).
public protocol UIControlActionTarget: AnyObject {
    /// Calls the method `action` names with `sender`; returns false when it names none.
    func performControlAction(_ action: Selector, sender: UIControl) -> Bool
}

/// One registered way to call a control's action.
final class RegisteredControlAction: Sendable {
    let call: @Sendable (AnyObject, UIControl) -> Bool
    init(_ call: @escaping @Sendable (AnyObject, UIControl) -> Bool) { self.call = call }
}

/// The control actions registered in the process, by selector name, in the order registered.
let registeredControlActions = Mutex<[String: [RegisteredControlAction]]>([:])

/// An action with a closure, as `UIKit.UIAction` (for `UIControl.addAction(_:for:)`), a menu
/// element as UIKit's (its `title` and `image` are `UIMenuElement`'s, kept).
public final class UIAction: UIMenuElement {
    /// The closure, called with the action (whose `sender` is the control).
    public let handler: (UIAction) -> Void
    /// The control that sent it, when it runs.
    public private(set) var sender: Any?

    /// An action running `handler`.
    public init(title: String = "", image: UIImage? = nil, handler: @escaping (UIAction) -> Void) {
        self.handler = handler
        super.init(title: title, image: image)
    }

    init(handler: @escaping (UIAction) -> Void, sender: Any?) {
        self.handler = handler
        self.sender = sender
        super.init(title: "")
    }
}

/// A button, as `UIKit.UIButton`: titles, images and colours by state, kept; nothing is drawn.
open class UIButton: UIControl {
    /// A lift inside a button is its primary action too: `.touchUpInside` and
    /// `.primaryActionTriggered` (what `UIButton(primaryAction:)` and `addAction(_:for:
    /// .primaryActionTriggered)` run on).
    override var touchUpInsideEvents: Event { [.touchUpInside, .primaryActionTriggered] }

    /// The kind of button, as `UIButton.ButtonType`.
    public enum ButtonType: Int, Sendable {
        /// A custom button.
        case custom
        /// A system button.
        case system
        /// A detail disclosure button.
        case detailDisclosure
        /// An info button (light).
        case infoLight
        /// An info button (dark).
        case infoDark
        /// A contact-add button.
        case contactAdd
        /// A close button.
        case close
    }

    /// The type it was made with (`.custom` for `init(frame:)`).
    public private(set) var buttonType: ButtonType = .custom
    private var titles: [UInt: String] = [:]
    private var images: [UInt: UIImage] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    /// The label of the title (made at once; its text follows `setTitle(_:for:)` of `.normal`).
    public let titleLabel: UILabel? = UILabel(frame: .zero)
    /// The view of the image.
    public let imageView: UIImageView? = UIImageView(frame: .zero)

    /// A button with this frame.
    public override init(frame: CGRect) { super.init(frame: frame) }

    /// A button of `buttonType` with an empty frame.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// A `.system` button with an empty frame whose primary action is `primaryAction`.
    public convenience init(frame: CGRect = .zero, primaryAction: UIAction?) {
        self.init(frame: frame)
        buttonType = .system
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// Sets the title for `state`.
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        if state == .normal { titleLabel?.text = title }
    }
    /// The title for `state`, else that of `.normal`.
    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[0] }
    /// Sets the title's colour for `state`.
    open func setTitleColor(_ color: UIColor?, for state: State) { titleColors[state.rawValue] = color }
    /// The title's colour for `state`, else that of `.normal`.
    open func titleColor(for state: State) -> UIColor? { titleColors[state.rawValue] ?? titleColors[0] }
    /// Sets the image for `state`.
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        if state == .normal { imageView?.image = image }
    }
    /// The image for `state`, else that of `.normal`.
    open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[0] }
    /// The title of the current state.
    open var currentTitle: String? { title(for: state) }
    /// The image of the current state.
    open var currentImage: UIImage? { image(for: state) }
    /// Whether a tap toggles `isSelected`, as UIKit's `changesSelectionAsPrimaryAction` (false;
    /// iOS 15): when true, a lift inside while tracking flips `isSelected` before the lift's
    /// actions run, so an action reads the new selection.
    open var changesSelectionAsPrimaryAction = false
    /// Whether the button reacts to a pointer (false): kept (no pointer in a trace; see
    /// Interactions.swift).
    open var isPointerInteractionEnabled = false
    /// What gives the button's pointer style (nil): kept, never called (no pointer in a trace).
    open var pointerStyleProvider: PointerStyleProvider?

    /// The tracked touch lifted: with `changesSelectionAsPrimaryAction`, a lift inside while
    /// tracking first flips `isSelected`; then as `UIControl`'s.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if changesSelectionAsPrimaryAction, isTracking, let touch = trackedTouch, touches.contains(touch),
           point(inside: touch.location(in: self), with: event) {
            isSelected.toggle()
        }
        super.touchesEnded(touches, with: event)
    }
}

/// A field of editable text, as `UIKit.UITextField`: its text is kept; there is no keyboard
/// (`becomeFirstResponder()` returns false). Gesture code uses it in type checks
/// (`touch.view is UITextField`) and to end editing.
open class UITextField: UIControl {
    /// The text ("" once set to nil, as UIKit's).
    open var text: String? = "" {
        didSet { if text == nil { text = "" } }
    }
    /// The placeholder (nil).
    open var placeholder: String?
    /// The colour of the text.
    open var textColor: UIColor? = .label
    /// The font.
    open var font: UIFont? = .systemFont(ofSize: 17)
    /// The alignment of the text.
    open var textAlignment: NSTextAlignment = .natural
    /// Whether it is being edited: false (no keyboard).
    open var isEditing: Bool { false }
    /// A field with this frame.
    public override init(frame: CGRect) { super.init(frame: frame) }
    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }
    /// Asks for the keyboard: there is none; false.
    @discardableResult
    open override func becomeFirstResponder() -> Bool { false }
    /// Gives up the keyboard: true (it never had it).
    @discardableResult
    open override func resignFirstResponder() -> Bool { true }
}

/// The methods a scroll view's delegate may have, as `UIKit.UIScrollViewDelegate`, all
/// optional (each has a default that does nothing). touchtrace calls them where UIKit does (see
/// `UIScrollView`): `scrollViewShouldScrollToTop` and `scrollViewDidScrollToTop` are never
/// called (there is no status bar to tap).
public protocol UIScrollViewDelegate: AnyObject {
    /// `contentOffset` changed: by a drag, by deceleration, or by code (every change).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// `zoomScale` changed: by the scroll view's pinch, or by code (every change).
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// A drag began: the scroll view's pan has begun, before the content moves.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger lifted after a drag: `velocity` in points per millisecond, positive where
    /// `contentOffset` grows; `targetContentOffset` points at where the content will come to
    /// rest, and the delegate may change it (the scroll view then settles there).
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: ValuePointer<CGPoint>)
    /// A drag ended; `decelerate` is whether the content goes on moving (to its target).
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content goes on moving after the lift.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The content has come to rest after the lift (not called when a touch stops it).
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// The motion of `setContentOffset(_:animated:)` (or `scrollRectToVisible(_:animated:)`)
    /// with `animated` true ended where it was going.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// The view the zoom scales (nil: the scroll view does not zoom), asked when the pinch
    /// begins and at every change of `zoomScale`.
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// The scroll view's pinch began, before the first change of the zoom.
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// The scroll view's pinch ended, at `scale`.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// Whether a tap on the status bar scrolls to the top (not asked: there is no status bar).
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// The scroll view scrolled to the top after a status-bar tap (not called).
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    /// `adjustedContentInset` changed (not called: it follows `contentInset` only).
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    /// Nothing.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Nothing.
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    /// Nothing.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Nothing: the target stays.
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: ValuePointer<CGPoint>) {}
    /// Nothing.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// Nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// Nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    /// Nil.
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    /// Nothing.
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    /// Nothing.
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    /// True, as UIKit's default.
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    /// Nothing.
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    /// Nothing.
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}

/// A scrolling view, as `UIKit.UIScrollView`: the fingers drag its content, and it decelerates
/// after a flick on the replay's timeline (Scrolling.swift has the rules, the constants and
/// where each comes from).
///
/// - `contentOffset` is the bounds' origin, as in UIKit: setting it moves the content, so
///   points convert and hit-test as on a device (and a scene view's change is a `viewChanged`
///   record of its `bounds`). Every change, by the fingers or by code, calls the delegate's
///   `scrollViewDidScroll(_:)`.
/// - `panGestureRecognizer` is the scroll view's own pan, in its `gestureRecognizers` from
///   `init` (named `scrollViewPan` in a screen built in code, after UIKit's class
///   `UIScrollViewPanGestureRecognizer`): it takes part in the arena as every recognizer does
///   (delegates, `require(toFail:)`, simultaneous recognition, the scroll view's own
///   `gestureRecognizerShouldBegin(_:)`), and its actions move the content. As in UIKit, the
///   scroll view is the pan's (and the pinch's) delegate when it adopts
///   `UIGestureRecognizerDelegate` (a subclass's `shouldRecognizeSimultaneouslyWith`, asked
///   for its pan); its `gestureRecognizerShouldBegin(_:)` is then asked once, as the view's.
/// - Zooming: once `maximumZoomScale` is above `minimumZoomScale`, the scroll view has a pinch
///   (`pinchGestureRecognizer`, named `scrollViewPinch`, in its `gestureRecognizers`; it and
///   the pan recognize together) that scales the delegate's `viewForZooming(in:)` about the
///   fingers' midpoint, within the limits.
open class UIScrollView: UIView {
    /// The rest point a subclass gives for the projected one at a lift, before the delegate
    /// hears of it (Scrolling.swift): the projected one (a collection view asks its layout; see
    /// `UICollectionView`). `velocity` is the delegate's, in points per millisecond.
    func adjustedRestingPoint(_ proposed: CGPoint, velocity: CGPoint) -> CGPoint { proposed }

    /// The refresh control above the content (nil: none), as UIKit's: setting it adds it as a
    /// subview, 60 points tall above the content's top, and a drag that pulls the content down
    /// past its trigger starts its refresh (see `UIRefreshControl`).
    open var refreshControl: UIRefreshControl? {
        didSet {
            if oldValue !== refreshControl, oldValue?.superview === self { oldValue?.removeFromSuperview() }
            guard let control = refreshControl else { return }
            control.frame = CGRect(x: 0, y: -UIRefreshControl.height, width: bounds.width, height: UIRefreshControl.height)
            if control.superview !== self { addSubview(control) }
        }
    }

    /// The point of the content at the view's top left: the bounds' origin, in points. A
    /// change calls the delegate's `scrollViewDidScroll(_:)`.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }
    /// The bounds: a change of their origin (`contentOffset`) calls `scrollViewDidScroll(_:)`.
    open override var bounds: CGRect {
        didSet { if bounds.origin != oldValue.origin { delegate?.scrollViewDidScroll(self) } }
    }
    /// The size of the content in points (zero).
    open var contentSize: CGSize = .zero {
        willSet { keyWillChange(.contentSize) }
        didSet { keyDidChange(.contentSize) }
    }
    /// Insets of the content (zero).
    open var contentInset: UIEdgeInsets = .zero {
        willSet { keyWillChange(.contentInset) }
        didSet { keyDidChange(.contentInset) }
    }
    /// How quickly scrolling slows after a flick (`.normal`): the share of the speed kept each
    /// millisecond while decelerating.
    open var decelerationRate: DecelerationRate = .normal
    /// The insets the system adds: `contentInset` (no safe area in touchtrace).
    open var adjustedContentInset: UIEdgeInsets { contentInset }
    /// The zoom, 1 unless set (kept within `minimumZoomScale`…`maximumZoomScale`). A change
    /// scales the delegate's `viewForZooming(in:)` (its `transform`, its frame's origin at the
    /// content's top left, `contentSize` its scaled size) and calls `scrollViewDidZoom(_:)`,
    /// as UIKit does; with no view for zooming only the value changes.
    open var zoomScale: CGFloat = 1 {
        willSet { keyWillChange(.zoomScale) }
        didSet {
            zoomScale = Swift.min(Swift.max(zoomScale, minimumZoomScale), Swift.max(minimumZoomScale, maximumZoomScale))
            if zoomScale != oldValue { zoomScaleChanged() }
            keyDidChange(.zoomScale)
        }
    }
    /// The smallest zoom (1).
    open var minimumZoomScale: CGFloat = 1 {
        didSet { makePinchIfZooming() }
    }
    /// The largest zoom (1). Above `minimumZoomScale`, the scroll view has its pinch.
    open var maximumZoomScale: CGFloat = 1 {
        didSet { makePinchIfZooming() }
    }
    /// Whether the user may scroll (true). False disables the scroll view's pan, as UIKit does:
    /// nothing scrolls by the fingers, and the touches go to the content and its recognizers.
    open var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    /// How dragging dismisses the keyboard (`.none`): kept (there is no keyboard).
    open var keyboardDismissMode: KeyboardDismissMode = .none
    /// How the safe area adds to `contentInset` (`.automatic`): kept (no safe area here).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    /// Whether the scroll view may cancel the touches of `view` (a view of its content that has
    /// had `touchesBegan` for a touch of the drag) to scroll, asked as the pan is about to begin:
    /// false keeps the touch the content's and the drag does not scroll. By default true unless
    /// `view` is a `UIControl`, as UIKit's.
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }
    /// Whether it bounces at the content's edges (true): beyond them a drag moves the content
    /// by the rubber band, and the content springs back at the lift; false stops it at the edges.
    open var bounces = true
    /// Whether a pinch past `minimumZoomScale` or `maximumZoomScale` takes the zoom a little
    /// beyond the limit and back (true), as UIKit's: kept. Apple documents only that the zoom
    /// then goes "just past these limits before returning to them" (and stops at the limit with
    /// false); how far past, and along what curve, neither Apple nor any published measurement
    /// says, so touchtrace holds the zoom at the limit either way — during the pinch, and after
    /// it, where UIKit's settles too.
    open var bouncesZoom = true
    /// Whether the zoom is going back to a limit it was pinched past: false (touchtrace never
    /// takes it past, see `bouncesZoom`).
    open var isZoomBouncing: Bool { false }
    /// Whether it drags vertically even when the content is no taller than the view (false).
    open var alwaysBounceVertical = false
    /// Whether it drags horizontally even when the content is no wider than the view (false).
    open var alwaysBounceHorizontal = false
    /// Whether a drag scrolls along one axis only, the one the finger first moved most along
    /// (false).
    open var isDirectionalLockEnabled = false
    /// Whether it comes to rest on whole pages, a page being the bounds' size (false).
    open var isPagingEnabled = false
    /// Whether the vertical indicator shows (true): kept.
    open var showsVerticalScrollIndicator = true
    /// Whether the horizontal indicator shows (true): kept.
    open var showsHorizontalScrollIndicator = true
    /// Whether a touch that begins in the content is held from its view until the scroll view
    /// can tell a drag from a tap (true): until its pan begins or fails, the touch lifts, or
    /// 0.15 s pass (see Scrolling.swift).
    open var delaysContentTouches = true
    /// Whether a drag may cancel the content's touches (true). False: a drag that begins on a
    /// view of the content does not scroll, as UIKit's once the content tracks the touch.
    open var canCancelContentTouches = true
    /// Whether the user is dragging: from the pan's beginning until the lift.
    open var isDragging: Bool { dragging }
    /// Whether the content is moving after a lift, toward where it comes to rest.
    open var isDecelerating: Bool { deceleration != nil }
    /// Whether a finger that reached the scroll view's pan is down (from touch-down, before any
    /// drag, until the lift).
    open var isTracking: Bool { tracking }
    /// Whether its pinch is zooming (from its beginning until its end).
    open var isZooming: Bool { zooming != nil }
    /// Its delegate (weak), called as `UIScrollViewDelegate` says.
    open weak var delegate: UIScrollViewDelegate?
    /// The scroll view's pan (see the type's documentation).
    public let panGestureRecognizer: UIPanGestureRecognizer
    /// The scroll view's pinch: nil until `maximumZoomScale` is set above `minimumZoomScale`
    /// (as UIKit's, nil while zooming is not possible), then in its `gestureRecognizers`.
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? { pinch }

    /// Whether a drag is under way; whether a finger is down on it.
    var dragging = false
    var tracking = false
    /// The offset when the drag's touch went down, and the axis a directional lock keeps
    /// (0 none, 1 horizontal, 2 vertical).
    var dragStart = CGPoint.zero
    var lockedAxis = 0
    /// The offset the drag last set (a different one: code moved the content meanwhile), and
    /// the pan's translation then.
    var lastDragOffset = CGPoint.zero
    var lastDragTranslation = CGPoint.zero
    /// The motion after a lift, while there is one.
    var deceleration: Deceleration?
    /// The motion of `setContentOffset(_:animated:)`, while there is one.
    var offsetAnimation: OffsetAnimation?
    /// The scroll view's pinch, once zooming is possible.
    var pinch: UIScrollViewPinchGestureRecognizer?
    /// While the pinch zooms: the view it scales and the zoom when it began.
    var zooming: (view: UIView, startScale: CGFloat)?
    /// While a zoom sets its offset after its scale (a pinch's step, `setZoomScale(_:animated:)`,
    /// `zoom(to:animated:)`): false outside, true once the scale has changed and the delegate's
    /// `scrollViewDidZoom(_:)` waits for the offset; nil when no zoom is under way.
    var didZoomWaits: Bool?

    /// A scroll view with this frame.
    public override init(frame: CGRect) {
        let pan = UIScrollViewPanGestureRecognizer(target: nil, action: nil)
        panGestureRecognizer = pan
        super.init(frame: frame)
        pan.scrollView = self
        // As in UIKit, the scroll view is its own pan's delegate: a subclass that adopts
        // `UIGestureRecognizerDelegate` answers for its pan.
        pan.delegate = self as? UIGestureRecognizerDelegate
        addGestureRecognizer(pan)
    }
    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }

    /// Sets `contentOffset`, stopping a deceleration: at once, or, `animated` during a replay,
    /// once a frame for 0.3 s on the replay's timeline, easing in and out, then the delegate's
    /// `scrollViewDidEndScrollingAnimation(_:)` (see Scrolling.swift).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        stopDecelerating()
        if animated && animateOffset(to: contentOffset) { return }
        self.contentOffset = contentOffset
    }
    /// Sets `zoomScale` (within the limits) at once, about the middle of what the scroll view
    /// shows: the content point at the bounds' middle stays there, then `contentOffset` is held
    /// within the content (zooming out to a content no larger than the view puts it at the
    /// top left). With `animated`, the delegate hears `scrollViewWillBeginZooming(_:with:)`
    /// before and `scrollViewDidEndZooming(_:with:atScale:)` after, as UIKit calls them around
    /// an animated change of the zoom (no frames pass between them).
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        let middle = CGPoint(x: contentOffset.x + bounds.width / 2, y: contentOffset.y + bounds.height / 2)
        changeZoom(animated: animated) { before in
            let factor = before > 0 ? zoomScale / before : 1
            return CGPoint(x: middle.x * factor - bounds.width / 2, y: middle.y * factor - bounds.height / 2)
        } scale: { scale }
    }
    /// Zooms so that `rect` (coordinates of the view for zooming) fills the view, at once:
    /// `zoomScale` becomes the largest scale at which `rect` still fits the bounds (within the
    /// zoom limits), and the rect's middle at that scale comes to the bounds' middle, with
    /// `contentOffset` held within the content. With `animated`, the delegate hears the
    /// beginning and end of zooming as for `setZoomScale(_:animated:)`.
    open func zoom(to rect: CGRect, animated: Bool) {
        guard rect.width > 0, rect.height > 0 else { return }
        changeZoom(animated: animated) { _ in
            CGPoint(x: rect.midX * zoomScale - bounds.width / 2, y: rect.midY * zoomScale - bounds.height / 2)
        } scale: { Swift.min(bounds.width / rect.width, bounds.height / rect.height) }
    }
    /// Sets `zoomScale` to `scale()`, then `contentOffset` to `offset(the zoom before)` held
    /// within the content, then (if the zoom changed) tells the delegate `scrollViewDidZoom(_:)`;
    /// with `animated` and a view for zooming whose zoom changes, between
    /// the delegate's `scrollViewWillBeginZooming` and `scrollViewDidEndZooming`.
    private func changeZoom(animated: Bool, offset: (CGFloat) -> CGPoint, scale: () -> CGFloat) {
        let before = zoomScale
        let target = scale()
        let limited = Swift.min(Swift.max(target, minimumZoomScale), Swift.max(minimumZoomScale, maximumZoomScale))
        let view = animated && limited != before ? delegate?.viewForZooming(in: self) : nil
        if let view { delegate?.scrollViewWillBeginZooming(self, with: view) }
        zoomWithOffset {
            zoomScale = target
            let wanted = offset(before)
            let limits = offsetLimits
            contentOffset = CGPoint(x: Swift.min(Swift.max(wanted.x, limits.min.x), limits.max.x),
                                    y: Swift.min(Swift.max(wanted.y, limits.min.y), limits.max.y))
        }
        if let view { delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoomScale) }
    }

    /// Makes `rect` (content coordinates) visible by the least move of `contentOffset`, as
    /// `setContentOffset(_:animated:)` moves it.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        let size = bounds.size
        if rect.maxX > offset.x + size.width { offset.x = rect.maxX - size.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + size.height { offset.y = rect.maxY - size.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        setContentOffset(offset, animated: animated)
    }

    /// Whether its own pan may begin, as UIKit's scroll view decides (see Scrolling.swift);
    /// for any other recognizer, `UIView`'s answer. A subclass's override decides instead.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer else { return super.gestureRecognizerShouldBegin(gestureRecognizer) }
        return panMayBegin()
    }
}

/// A scrolling view of editable text, as `UIKit.UITextView`: the text is kept; no keyboard.
open class UITextView: UIScrollView {
    /// The text ("").
    open var text: String! = ""
    /// The colour of the text.
    open var textColor: UIColor? = .label
    /// The font.
    open var font: UIFont? = .systemFont(ofSize: 12)
    /// Whether it may be edited (true): kept.
    open var isEditable = true
    /// Whether its text may be selected (true): kept.
    open var isSelectable = true
    /// The alignment of the text.
    open var textAlignment: NSTextAlignment = .natural
    /// A text view with this frame.
    public override init(frame: CGRect) { super.init(frame: frame) }
    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }
}

/// A view controller's present/dismiss, as UIKit's, with touchtrace's fixed behaviour: a replay
/// shows one screen, so presenting shows nothing; completions run at once.
extension UIViewController {
    /// Presents `viewControllerToPresent`: its view is loaded (so its `viewDidLoad` runs) and
    /// nothing is shown; `completion` runs at once.
    public func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        viewControllerToPresent.loadViewIfNeeded()
        completion?()
    }

    /// Dismisses what this controller presented: nothing is shown, `completion` runs at once.
    public func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        completion?()
    }

    /// The navigation controller holding this one: nil (a replay has no navigation stack).
    public var navigationController: UINavigationController? { nil }
    /// The nearest tab bar controller among this controller's parents (`UITabBarController`
    /// makes its tabs its children), or nil.
    public var tabBarController: UITabBarController? {
        var ancestor = parent
        while let current = ancestor {
            if let tabs = current as? UITabBarController { return tabs }
            ancestor = current.parent
        }
        return nil
    }
    /// The controller this one presented: nil (presenting shows nothing).
    public var presentedViewController: UIViewController? { nil }
    /// The controller that presented this one: nil.
    public var presentingViewController: UIViewController? { nil }
    /// The controller holding this one (`addChild`), or nil.
    public var parent: UIViewController? { parentController }
}

/// A stack of view controllers, as `UIKit.UINavigationController`: it keeps its stack; a replay
/// shows one screen, so pushing and popping show nothing (`UIViewController.navigationController`
/// is nil in touchtrace, so gesture code's `navigationController?.push…` does nothing).
open class UINavigationController: UIViewController {
    /// The stack, bottom first.
    open var viewControllers: [UIViewController] = []
    /// A navigation controller with `rootViewController` at the bottom.
    public convenience init(rootViewController: UIViewController) {
        self.init()
        viewControllers = [rootViewController]
    }
    /// The top of the stack.
    open var topViewController: UIViewController? { viewControllers.last }
    /// The recognizer of the swipe back from the left edge, as UIKit's: a
    /// `UIScreenEdgePanGestureRecognizer` of the `.left` edge, attached to no view of a replay
    /// (the navigation controller is never shown), so it never receives a touch; its `delegate`
    /// and `isEnabled` are kept.
    public private(set) lazy var interactivePopGestureRecognizer: UIGestureRecognizer? = {
        let edge = UIScreenEdgePanGestureRecognizer(target: nil, action: nil)
        edge.edges = .left
        return edge
    }()
    /// Whether the navigation bar is hidden (false): kept.
    open var isNavigationBarHidden = false
    /// Hides or shows the navigation bar: sets `isNavigationBarHidden`.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { isNavigationBarHidden = hidden }
    /// Pushes `viewController` (its view is loaded).
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        viewController.loadViewIfNeeded()
        viewControllers.append(viewController)
    }
    /// Pops the top controller (never the root) and returns it.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        viewControllers.count > 1 ? viewControllers.removeLast() : nil
    }
}
