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

/// What a recognizer or control may know and do while it handles one set of touches.
public struct DeliveryContext {
    /// Time of the event, in seconds.
    public let t: Double
    /// Index of the event in the trace.
    public let eventIndex: Int
    /// The view's size, in points (its bounds).
    public let viewSize: (width: Double, height: Double)
    /// Every touch this event delivers to the view, all phases (as `UIEvent.allTouches` lets a
    /// recognizer see which touches lift in the same event).
    public let eventTouches: TouchSet
    /// The source whose records are being written (set by the replayer).
    public internal(set) var source: Int
    let sink: RecordSink
    /// Set when a recognizer enters a state that calls its action: what the action tells its target.
    var action: RecognizerAction?
    /// Messages to controls of other views, delivered after the current call.
    var messages: [(target: Int, message: ControlMessage)] = []

    init(t: Double, eventIndex: Int, viewSize: (width: Double, height: Double), eventTouches: TouchSet, source: Int, sink: RecordSink) {
        self.t = t
        self.eventIndex = eventIndex
        self.viewSize = viewSize
        self.eventTouches = eventTouches
        self.source = source
        self.sink = sink
    }

    /// Writes a record for the current source at the event's time.
    @inline(__always)
    public mutating func emit(_ event: StaticString, _ fields: FieldList = FieldList()) {
        sink.write(Record(t: t, source: source, event: event, fields: fields))
    }

    /// Writes a `state` record (`from`, `to`, then `data`) and, when the transition calls the
    /// action, notes it with `actionValue` (what the recognizer's target reads of it).
    @inline(__always)
    public mutating func emitState(from: RecognizerState, to: RecognizerState, _ data: FieldList = FieldList(), actionValue: Double = 0) {
        var fields = FieldList(Field("from", .name(from.name)), Field("to", .name(to.name)))
        for i in 0..<data.count { fields.append(data[i]) }
        sink.write(Record(t: t, source: source, event: "state", fields: fields))
        if to.firesAction { action = RecognizerAction(state: to, value: actionValue) }
    }

    /// Writes the `state` record of a recognizer that fails, with the reason (a discrete
    /// recognizer's failures say why).
    public mutating func emitFailure(from: RecognizerState, reason: String) {
        emitState(from: from, to: .failed, FieldList(Field("reason", .text(SharedText(reason)))))
    }

    /// Sends a message to the control of another view (by view index).
    public mutating func send(_ message: ControlMessage, toView target: Int) {
        messages.append((target, message))
    }
}

/// What a recognizer's action tells its target (as the target of a `UIGestureRecognizer` reads
/// the recognizer's properties): its new state and one number (the rotation's touch angle).
public struct RecognizerAction: Sendable, Equatable {
    public var state: RecognizerState
    public var value: Double
}

/// A gesture recognizer: a small value that gets the touches of its view, set by set, and writes
/// records. It never reads a clock, a global or a file: time is the event's time.
public protocol Recognizer: Sendable {
    var state: RecognizerState { get }
    mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext)
    mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext)
    mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext)
    mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext)
    /// Back to `possible` with nothing tracked, once no touch is down on the view (not printed).
    mutating func reset()
}
