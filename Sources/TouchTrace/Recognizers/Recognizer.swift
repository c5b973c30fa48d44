/// A recognizer's state, named as `UIGestureRecognizer.State`.
///
/// Continuous: possible → began → changed* → ended | cancelled, or possible → failed.
/// Discrete: possible → recognized | failed (| cancelled).
public enum RecognizerState: UInt8, Sendable, CustomStringConvertible {
    case possible, began, changed, ended, cancelled, failed, recognized

    public var name: StaticString {
        switch self {
        case .possible: return "possible"
        case .began: return "began"
        case .changed: return "changed"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        case .failed: return "failed"
        case .recognized: return "recognized"
        }
    }

    public var description: String { name.description }

    /// A recognizer in a final state gets no more touches until it is reset.
    public var isFinal: Bool {
        switch self {
        case .ended, .cancelled, .failed, .recognized: return true
        default: return false
        }
    }

    /// Whether entering this state wins the arena: `began` (continuous) or `recognized` (discrete).
    @inline(__always) public var isWin: Bool { self == .began || self == .recognized }

    /// Whether a recognizer calls its action on entering this state (UIKit does for every state
    /// but `possible` and `failed`).
    public var firesAction: Bool {
        switch self {
        case .began, .changed, .ended, .cancelled, .recognized: return true
        default: return false
        }
    }
}

/// A touch as a view's recognizers and controls see it: in the view's coordinates.
public struct ViewTouch: Sendable {
    public var id: TouchID
    /// Unique to this touch's life in the whole trace: the identity recognizers compare.
    public var serial: Int
    /// A small index unique among the touches down, reused once this one ends: for per-touch
    /// state in flat arrays.
    public var slot: Int
    public var phase: TouchPhase
    /// Where the touch is now, in the view's coordinates (points).
    public var location: Point
    /// Where it was before this event (UIKit's `previousLocation(in:)`).
    public var previousLocation: Point
    /// When the touch began, in seconds.
    public var beganAt: Double
    /// The trace's `force` and `majorRadius` of the touch at this event (0 when it has none).
    public var force: Double = 0
    public var majorRadius: Double = 0

    /// A touch as a recognizer sees it (for building touch sets in tests of a recognizer).
    /// `serial` must be unique to this touch's life; `slot` a small index unique among the
    /// touches down.
    public init(id: TouchID, serial: Int, slot: Int, phase: TouchPhase, location: Point, previousLocation: Point? = nil, beganAt: Double = 0,
                force: Double = 0, majorRadius: Double = 0) {
        precondition(serial >= 0 && slot >= 0, "ViewTouch: serial and slot must be at least 0, got \(serial) and \(slot)")
        self.id = id
        self.serial = serial
        self.slot = slot
        self.phase = phase
        self.location = location
        self.previousLocation = previousLocation ?? location
        self.beganAt = beganAt
        self.force = force
        self.majorRadius = majorRadius
    }
}

/// The touches of one phase that one event delivers to one view, in the order the event lists
/// them (UIKit's `Set<UITouch>` for one `touchesBegan`/`Moved`/`Ended`/`Cancelled` call).
public struct TouchSet: Sendable, RandomAccessCollection {
    let storage: [ViewTouch]
    let range: Range<Int>

    public init(_ touches: [ViewTouch]) {
        self.storage = touches
        self.range = touches.indices
    }

    init(storage: [ViewTouch], range: Range<Int>) {
        self.storage = storage
        self.range = range
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { range.count }
    public subscript(i: Int) -> ViewTouch { storage[range.lowerBound + i] }

    /// The touch with this serial, if it is in the set.
    public func touch(serial: Int) -> ViewTouch? {
        for i in range where storage[i].serial == serial { return storage[i] }
        return nil
    }
}

/// What a recognizer or control may know and do while it handles one set of touches (or, for a
/// recognizer, the passing of its deadline).
///
/// A recognizer never decides its own state: it *asks* with `requestState(_:_:)`, and the
/// engine's arena answers — the change stands, the recognizer waits for others to fail, or it
/// fails as prevented — and writes the record. Deadlines are asked for here too.
public struct DeliveryContext {
    /// Time of the event, or of the deadline being called, in seconds.
    public let t: Double
    /// Index of the event in the trace (for a deadline, of the next event; the count of events
    /// after the last one).
    public let eventIndex: Int
    /// The view's size, in points (its bounds).
    public let viewSize: (width: Double, height: Double)
    /// Every touch this event delivers to the view, all phases (as `UIEvent.allTouches` lets a
    /// recognizer see which touches lift in the same event). Empty at a deadline.
    public let eventTouches: TouchSet
    /// The source whose records are being written (set by the replayer).
    public internal(set) var source: Int
    /// The recognizer being called (its index in scene order), or −1 for a control.
    var recognizer: Int = -1
    let sink: RecordSink
    /// The engine's arena: states, relations between recognizers, deadlines.
    let arena: UnsafeMutablePointer<Arena>
    /// Set when a recognizer enters a state that calls its action: what the action tells its target.
    var action: RecognizerAction?
    /// Messages to controls of other views, delivered after the current call (nil while there
    /// are none: most contexts send none, and an empty array would still be released).
    var messages: [(target: Int, message: ControlMessage)]?

    init(t: Double, eventIndex: Int, viewSize: (width: Double, height: Double), eventTouches: TouchSet, source: Int,
         sink: RecordSink, arena: UnsafeMutablePointer<Arena>) {
        self.t = t
        self.eventIndex = eventIndex
        self.viewSize = viewSize
        self.eventTouches = eventTouches
        self.source = source
        self.sink = sink
        self.arena = arena
    }

    /// Writes a record for the current source at the event's time (control events, a
    /// recognizer's own events such as the checkmark's `phase`). State changes are asked for
    /// with `requestState` instead.
    @inline(__always)
    public mutating func emit(_ event: StaticString, _ fields: FieldList = FieldList()) {
        sink.write(Record(t: t, source: source, event: event, fields: fields))
    }

    /// The current recognizer's state as the arena holds it.
    public var state: RecognizerState { recognizer >= 0 ? arena.pointee.state[recognizer] : .possible }

    /// Asks for the current recognizer to move to `to`; returns the state it is in afterwards.
    ///
    /// The arena answers (SPEC 12): the change stands and a `state` record is written (`from`,
    /// `to`, then `data`); or the recognizer fails, prevented by a recognizer that has won or
    /// that it requires to fail (a `failed` record with the reason; the result is `failed`); or
    /// it waits for the recognizers it requires to fail (no record; the result is `possible`,
    /// and the arena writes the change, with this `data` and `actionValue`, when they have
    /// failed). A change UIKit would not allow (from a final state, back to `possible`, to
    /// `changed` before `began`, ...) is ignored and the state stays as it was.
    /// `actionValue` is what the recognizer's target reads of it (the rotation's touch angle).
    @discardableResult
    @inline(__always)
    public mutating func requestState(_ to: RecognizerState, _ data: FieldList = FieldList(), actionValue: Double = 0) -> RecognizerState {
        precondition(recognizer >= 0, "only a recognizer asks for a state change")
        let g = recognizer
        let from = arena.pointee.state[g]
        guard Arena.allows(from: from, to: to), !arena.pointee.isWaiting(g) else { return from }
        // Only a win under version 2's rules has the arena decide; any other change stands.
        if to.isWin && arena.pointee.isActive { return requestWin(g, from: from, to: to, data, actionValue: actionValue) }
        commit(g, from: from, to: to, data)
        if to.firesAction { action = RecognizerAction(state: to, value: actionValue) }
        return to
    }

    /// Version 2: the arena's verdict on a win that UIKit allows (see `requestState`).
    private mutating func requestWin(_ g: Int, from: RecognizerState, to: RecognizerState, _ data: FieldList, actionValue: Double) -> RecognizerState {
        switch arena.pointee.verdict(g) {
        case .stands:
            commit(g, from: from, to: to, data)
            if to.firesAction { action = RecognizerAction(state: to, value: actionValue) }
            return to
        case .waits:
            arena.pointee.wait(g, for: to, data: data, actionValue: actionValue)
            return from
        case .fails(let reason):
            commit(g, from: from, to: .failed, FieldList(Field("reason", .text(reason))))
            return .failed
        }
    }

    /// Asks for the current recognizer to fail, saying why (`reason`: a short sentence naming
    /// the rule that failed and where); returns the state it is in afterwards.
    @discardableResult
    public mutating func requestFailure(reason: String) -> RecognizerState {
        requestState(.failed, FieldList(Field("reason", .text(SharedText(reason)))))
    }

    @inline(__always)
    private mutating func commit(_ g: Int, from: RecognizerState, to: RecognizerState, _ data: FieldList) {
        sink.write(Record(t: t, source: source, event: "state",
                          fields: FieldList(Field("from", .name(from.name)), Field("to", .name(to.name)), followedBy: data)))
        arena.pointee.changed(g, to: to)
    }

    /// Asks for the current recognizer to be called (`deadlinePassed`) when the trace's time
    /// reaches `time` (seconds), even if no event comes then (SPEC 10). One deadline per
    /// recognizer: asking again replaces it; a reset drops it. A time before the current one
    /// is taken as the current one.
    public mutating func setDeadline(_ time: Double) {
        precondition(recognizer >= 0, "only a recognizer asks for a deadline")
        guard time.isFinite else { return }
        arena.pointee.setDeadline(recognizer, at: Swift.max(time, t))
    }

    /// Drops the current recognizer's deadline, if it has one.
    public mutating func cancelDeadline() {
        precondition(recognizer >= 0, "only a recognizer asks for a deadline")
        arena.pointee.cancelDeadline(recognizer)
    }

    /// Sends a message to the control of another view (by view index).
    public mutating func send(_ message: ControlMessage, toView target: Int) {
        if messages == nil { messages = [] }
        messages!.append((target, message))
    }
}

/// What a recognizer's action tells its target (as the target of a `UIGestureRecognizer` reads
/// the recognizer's properties): its new state and one number (the rotation's touch angle).
public struct RecognizerAction: Sendable, Equatable {
    public var state: RecognizerState
    public var value: Double
}

/// A gesture recognizer: a value that gets the touches of its view (and of its subviews), set
/// by set, and asks the engine for state changes. It never reads a clock, a global or a file:
/// time is the event's time, and a deadline it asked for (`DeliveryContext.setDeadline`).
///
/// Its `state` is kept by the engine: after every call the engine sets it to what the arena
/// decided (a change that was not asked for through `requestState` does not stand).
public protocol Recognizer: Sendable {
    var state: RecognizerState { get set }
    mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext)
    mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext)
    mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext)
    mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext)
    /// The deadline it asked for has come: `context.t` is that time. (Default: nothing.)
    mutating func deadlinePassed(_ context: inout DeliveryContext)
    /// Back to `possible` with nothing tracked (not printed): once no touch that reaches it is
    /// down, if it is in a final state.
    mutating func reset()
    /// Whether it takes part in the arena (SPEC 12). A recognizer that only reports what the
    /// touches do (`spots`) does not: no rule fails it, and when another recognizer wins, the
    /// touches are cancelled for it as for a control. (Default: true.)
    var competes: Bool { get }
}

extension Recognizer {
    public mutating func deadlinePassed(_ context: inout DeliveryContext) {}
    public var competes: Bool { true }

    /// Asks for a change of state (see `DeliveryContext.requestState`) and takes the answer.
    public mutating func change(to new: RecognizerState, _ context: inout DeliveryContext) {
        state = context.requestState(new)
    }

    /// Asks for a change of state whose record carries `data` (and, for the target of its
    /// action, `actionValue`), and takes the answer.
    public mutating func change(to new: RecognizerState, with data: FieldList, actionValue: Double = 0, _ context: inout DeliveryContext) {
        state = context.requestState(new, data, actionValue: actionValue)
    }

    /// Asks to fail, saying why, and takes the answer.
    public mutating func fail(because reason: String, _ context: inout DeliveryContext) {
        state = context.requestFailure(reason: reason)
    }
}
