import TouchTrace

/// A finger on the screen, as `UIKit.UITouch`: one object for the touch's whole life (from
/// `began` to `ended` or `cancelled`), so `touch == self.trackedTouch` compares identities.
///
/// As on a device, the object is the same for every reader of a replay: the application's and
/// the window's `sendEvent(_:)` (`allTouches`), every recognizer the touch reaches (its touch
/// methods, `event.touches(for:)`, `location(ofTouch:in:)`), and the hit view's `touchesBegan`,
/// `touchesMoved`, `touchesEnded` and `touchesCancelled`; a `Set<UITouch>` or a dictionary keyed
/// by the touch in one of them finds it in all the others. Its properties are those of the
/// event being delivered, for every reader. A new finger is a new object, even one with the
/// trace id of a finger that lifted before. Locations are kept on the screen and converted to
/// the view asked for.
///
/// **Hashing is deterministic**: a touch hashes to a value made only from its serial (unique in
/// the replay), whatever the process's hash seed, so iterating a `Set<UITouch>` — and
/// `touches.first` — gives the same touch in every run on every machine.
public final class UITouch: Hashable, CustomStringConvertible {
    /// What a touch is doing, as `UITouch.Phase`.
    public enum Phase: Int, Sendable {
        /// The touch landed in this event.
        case began
        /// The touch moved.
        case moved
        /// The touch is down and did not move (touchtrace delivers no stationary touches).
        case stationary
        /// The touch lifted.
        case ended
        /// The system stopped tracking the touch.
        case cancelled
    }

    /// What made the touch, as `UITouch.TouchType`. A trace's touches are fingers: `.direct`.
    public enum TouchType: Int, Sendable {
        /// A finger on the screen.
        case direct
        /// A touch not on the screen (a remote's touch surface).
        case indirect
        /// An Apple Pencil.
        case pencil
        /// A pointer (a mouse or trackpad).
        case indirectPointer
    }

    /// The force UIKit reports as the most a touch can have on 3D Touch iPhones, 20/3 (UIKit's
    /// unit, where 1 is an average touch): what `maximumPossibleForce` is when the trace does
    /// not say (touchtrace's stated default, SPEC 17).
    public static let defaultMaximumPossibleForce: CGFloat = 20.0 / 3.0

    /// Unique to this touch's life in the whole replay.
    let serial: Int
    /// The trace's id of the touch (for `description`).
    let id: TouchID
    /// Where the touch is, and was before its last change, on the screen (points).
    var screenLocation: CGPoint
    var previousScreenLocation: CGPoint

    /// When the touch last changed (it began, moved, ended or was cancelled): the trace's time
    /// of that event, in seconds.
    public internal(set) var timestamp: TimeInterval
    /// What the touch did at its last change.
    public internal(set) var phase: Phase
    /// How many taps this touch's tap is, counting quick taps at about the same place: 1, or one
    /// more than the touch before it when this one began within
    /// `GestureDefaults.tapMaximumIntervalBetweenSuccessiveTaps` (0.35 s) of that one's lift and
    /// within `GestureDefaults.tapAllowableMovement` (45 points) of where it lifted, and that
    /// one did not move farther than that from where it began.
    public internal(set) var tapCount: Int
    /// The pressure of the touch as the trace recorded it at this event (UIKit's unit: 1 is an
    /// average touch); 0 when the trace has none.
    public internal(set) var force: CGFloat
    /// The radius of the touch's contact area in points, as the trace recorded it at this
    /// event; 0 when it has none.
    public internal(set) var majorRadius: CGFloat
    /// How far `majorRadius` may be off, in points: 0, touchtrace's fixed value (the trace's
    /// radius is taken as recorded).
    public var majorRadiusTolerance: CGFloat { 0 }
    /// The most force a touch can have: the trace's `maximumForce` when the engine tells it,
    /// else `defaultMaximumPossibleForce` (20/3).
    public internal(set) var maximumPossibleForce: CGFloat = UITouch.defaultMaximumPossibleForce
    /// What made the touch: `.direct` (a finger) for every touch of a trace.
    public var type: TouchType { .direct }
    /// A recognizer the touch is delivered to, held weakly (a recognizer holds its touches).
    private struct Receiver {
        weak var recognizer: UIGestureRecognizer?
    }
    /// The recognizers the touch is delivered to, in the order each was first given it.
    private var receivers: [Receiver] = []
    /// The recognizers the touch is delivered to: as on a device, from the hit test at its
    /// `began`, the enabled recognizers of the view it began on, then those of the views it is
    /// inside (each view's in its `gestureRecognizers` order), less those whose delegate's
    /// `gestureRecognizer(_:shouldReceive:)` — asked there, before the window's `sendEvent(_:)`
    /// — refused it; a delegate asked sees those listed before its recognizer. One that
    /// ignores the touch later (`ignore(_:for:)`) is taken off; one given the touch later (a
    /// touch first read after its `began`) is added then. Nil when no recognizer has it.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        let list = receivers.compactMap(\.recognizer)
        return list.isEmpty ? nil : list
    }
    /// A recognizer's delegate's answer to `gestureRecognizer(_:shouldReceive:)` for this
    /// touch, asked at the hit test.
    private struct Answer {
        weak var recognizer: UIGestureRecognizer?
        var receives: Bool
    }
    /// The answers asked at the hit test, in the order asked.
    private var answers: [Answer] = []
    /// The hit test put the touch on `view`: the enabled recognizers of `view` and of the views
    /// it is inside, innermost first, are each asked (their delegate's
    /// `gestureRecognizer(_:shouldReceive:)`, once) and listed when they take it, as UIKit
    /// gathers a touch's recognizers before any of them is given it.
    func listRecognizers(from view: UIView) {
        var found: [UIGestureRecognizer] = []
        var next: UIView? = view
        while let v = next {
            for recognizer in v.gestureRecognizers ?? [] where recognizer.isEnabled { found.append(recognizer) }
            next = v.superview
        }
        for recognizer in found {
            if let delegate = recognizer.delegate {
                let receives = delegate.gestureRecognizer(recognizer, shouldReceive: self)
                answers.append(Answer(recognizer: recognizer, receives: receives))
                if !receives { continue }
            }
            addReceiver(recognizer)
        }
    }
    /// The answer `recognizer`'s delegate gave at the hit test, or nil when it was not asked there.
    func hitTestAnswer(of recognizer: UIGestureRecognizer) -> Bool? {
        answers.first { $0.recognizer === recognizer }?.receives
    }
    /// The recognizer is given the touch (listed once, at its first time).
    func addReceiver(_ recognizer: UIGestureRecognizer) {
        guard !receivers.contains(where: { $0.recognizer === recognizer }) else { return }
        receivers.append(Receiver(recognizer: recognizer))
    }
    /// The recognizer ignores the touch from now on.
    func removeReceiver(_ recognizer: UIGestureRecognizer) {
        receivers.removeAll { $0.recognizer === recognizer }
    }
    /// The window of the touch's view, or nil when its view is in none.
    public var window: UIWindow? { view?.window }
    /// The view the touch began on: in a screen built in code, the view the window's hit test
    /// found; in a scene file (no hit test of its own), the view of the first recognizer given
    /// the touch.
    public internal(set) weak var view: UIView?

    init(serial: Int, id: TouchID, location: CGPoint, timestamp: TimeInterval, phase: Phase, tapCount: Int, view: UIView?) {
        self.serial = serial
        self.id = id
        self.screenLocation = location
        self.previousScreenLocation = location
        self.timestamp = timestamp
        self.phase = phase
        self.tapCount = tapCount
        self.force = 0
        self.majorRadius = 0
        self.view = view
    }

    /// Where the touch is, in the coordinates of `view` (on the screen when nil), in points.
    public func location(in view: UIView?) -> CGPoint {
        UIView.convertFromScreen(screenLocation, to: view)
    }

    /// Where the touch was before its last change, in the coordinates of `view` (on the screen
    /// when nil), in points.
    public func previousLocation(in view: UIView?) -> CGPoint {
        UIView.convertFromScreen(previousScreenLocation, to: view)
    }

    /// Where the touch is, as precisely as the trace has it: `location(in:)` (a trace's
    /// coordinates are its most precise).
    public func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }

    /// Where the touch was before its last change, as precisely as the trace has it:
    /// `previousLocation(in:)`.
    public func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }

    /// Identity, as UIKit compares touches.
    public static func == (a: UITouch, b: UITouch) -> Bool { a === b }

    /// Feeds the touch's serial (its identity in the replay) to the hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(serial)
    }

    /// The hash that `Set` and `Dictionary` place touches by: made from the serial alone, the
    /// same in every process (the seed each process and each set is given is left out on
    /// purpose), so that a set's order does not change from run to run. SplitMix64's finalizer
    /// spreads consecutive serials over the buckets.
    public func _rawHashValue(seed: Int) -> Int {
        // The first number of a generator whose state is the serial: the serial mixed.
        var mixer = SplitMix64(state: UInt64(truncatingIfNeeded: serial))
        return Int(truncatingIfNeeded: mixer.next())
    }

    /// The touch's trace id, phase and screen location, for messages.
    public var description: String {
        "UITouch(id: \(id), phase: \(phase), location: \(screenLocation))"
    }
}

/// The touches of one event, as `UIKit.UIEvent`.
public final class UIEvent {
    /// What kind of event, as `UIEvent.EventType`: a trace's events are `.touches`.
    public enum EventType: Int, Sendable {
        /// Touches on the screen.
        case touches
        /// Motion of the device.
        case motion
        /// A remote control.
        case remoteControl
        /// A press of a physical button.
        case presses
        /// A scroll of a pointer device.
        case scroll
        /// A hover of a pointer.
        case hover
        /// A transform of a trackpad.
        case transform
    }

    /// When the event happened: the trace's time, in seconds.
    public let timestamp: TimeInterval
    /// `.touches`.
    public var type: EventType { .touches }
    let touches: Set<UITouch>
    /// For the event a replay sends through the application and its window: the window, and
    /// what delivers the event to the window's recognizers and views (see `UIWindow.sendEvent(_:)`).
    weak var window: UIWindow?
    private var delivery: (() -> Void)?

    init(timestamp: TimeInterval, touches: Set<UITouch>) {
        self.timestamp = timestamp
        self.touches = touches
    }

    /// The event a replay sends to `window`, whose `sendEvent(_:)` calls `delivery`.
    init(timestamp: TimeInterval, touches: Set<UITouch>, window: UIWindow?, delivery: @escaping () -> Void) {
        self.timestamp = timestamp
        self.touches = touches
        self.window = window
        self.delivery = delivery
    }

    /// Delivers the event to the recognizers and views, the first time it is called for an
    /// event a replay sent; otherwise nothing.
    func deliver() {
        guard let delivery else { return }
        self.delivery = nil
        delivery()
    }

    /// The replay is done with the event: delivering it again does nothing.
    func close() { delivery = nil }

    /// Every touch of the event. In a recognizer's touch method: the touches of the event on the
    /// recognizer's view (and its subviews), those that began, moved, ended or were cancelled in
    /// it, ignored ones included, and its touches still down that the event did not change,
    /// `stationary` (as in UIKit). In a view's touch method, `UIApplication.sendEvent(_:)` and
    /// `UIWindow.sendEvent(_:)`: every touch down on the screen, those the event does not move
    /// `stationary` (and, in a view's, those that lift in the event).
    public var allTouches: Set<UITouch>? { touches }

    /// The event's touches for one view: those whose view is `view` (or a subview of it).
    public func touches(for view: UIView) -> Set<UITouch>? {
        touches.filter { touch in
            var v = touch.view
            while let current = v {
                if current === view { return true }
                v = current.superview
            }
            return false
        }
    }

    /// The samples of `touch` since the last event: the touch itself (a trace's event is one
    /// sample per touch).
    public func coalescedTouches(for touch: UITouch) -> [UITouch]? { [touch] }

    /// Where `touch` is predicted to go: none (touchtrace predicts nothing).
    public func predictedTouches(for touch: UITouch) -> [UITouch]? { [] }

    /// The event's touches in `window`: those whose view is in it.
    public func touches(for window: UIWindow) -> Set<UITouch>? {
        touches(for: window as UIView)
    }

    /// The event's touches that a recognizer receives (every touch not ignored by it).
    public func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        touches.filter { !gestureRecognizer.ignored.contains($0.serial) }
    }
}
