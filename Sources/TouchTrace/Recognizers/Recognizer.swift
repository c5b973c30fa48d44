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

    /// Whether this is `failed` or `cancelled`: the states whose records carry a `reason` in a
    /// version 2 replay.
    public var isFailedOrCancelled: Bool {
        // Cases rather than comparisons: small enough to be inlined into every `emit`.
        switch self {
        case .failed, .cancelled: return true
        default: return false
        }
    }

    /// Whether entering this state wins the arena: `began` (continuous) or `recognized` (discrete).
    public var isWin: Bool {
        switch self {
        case .began, .recognized: return true
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
    private(set) var storage: [ViewTouch]
    private(set) var range: Range<Int>

    public init(_ touches: [ViewTouch]) {
        self.storage = touches
        self.range = touches.indices
    }

    init(storage: [ViewTouch], range: Range<Int>) {
        self.storage = storage
        self.range = range
    }

    /// Makes this the set of the touches that `write` puts in place, given the row of places
    /// (room for `capacity` at least), and returning how many it wrote (the places hold `padding` or
    /// earlier touches until written). The engine's scratch for an event's touches: a set it
    /// keeps from one event to the next, then its storage's only holder, so the touches are
    /// written where they lie.
    mutating func refill(capacity: Int, padding: ViewTouch, _ write: (PinnedRow<ViewTouch>) -> Int) {
        // At least one place: an empty array has no row.
        let places = Swift.max(capacity, 1)
        if storage.count < places { storage.append(contentsOf: repeatElement(padding, count: places - storage.count)) }
        let count = storage.withRowInPlace(write)
        precondition(count >= 0 && count <= capacity, "a touch set refilled with \(count) touches in room for \(capacity)")
        range = 0..<count
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
    /// Called once after an event (or a deadline) in which it asked with
    /// `DeliveryContext.callAfterEvent()`: after every view has had the event's touches and
    /// the arena has carried out its decisions, before the next event and before it is reset.
    /// Recognizers that asked are called in scene order, at the event's time. It is where UIKit
    /// runs a recognizer's actions ("at the next turn of the run loop"). (Default: nothing.)
    mutating func eventDelivered(_ context: inout DeliveryContext)
    /// Back to `possible` with nothing tracked (not printed): once no touch that reaches it is
    /// down, if it is in a final state.
    mutating func reset()
    /// Whether it takes part in the arena (SPEC 12). A recognizer that only reports what the
    /// touches do (`spots`) does not: no rule fails it, and when another recognizer wins, the
    /// touches are cancelled for it as for a control. (Default: true.)
    var competes: Bool { get }
    /// Whether its code may move the views of the scene (TouchTraceUIKit's recognizers, whose
    /// handlers set a view's `center` or `transform`): the scene then names a source `view` for
    /// each view, for its `viewChanged` records (SPEC 17). (Default: false.)
    var movesViews: Bool { get }
    /// Whether the arena is to ask it `answer(_:about:)` (UIKit's delegates have a say; SPEC 17).
    /// (Default: false: the scene's keys alone decide.)
    var answersArenaQuestions: Bool { get }
    /// Its answer to a question of the arena about itself and `other` (another recognizer that
    /// shares a touch with it), or nil to leave it to the scene's keys: as
    /// `UIGestureRecognizerDelegate` answers UIKit. Asked only when `answersArenaQuestions`.
    func answer(_ question: ArenaQuestion, about other: any Recognizer) -> Bool?
}

/// What the arena asks recognizers that have a say (`Recognizer.answersArenaQuestions`), where
/// UIKit asks a recognizer's delegate (SPEC 17).
public enum ArenaQuestion: Sendable {
    /// When it would leave `possible` for `began` or `recognized` (`other` is itself): may it?
    /// (`gestureRecognizerShouldBegin(_:)`; false: it fails, `delegate refused to begin`.)
    case shouldBegin
    /// At a win, for a pair the scene makes exclusive: may the two recognize together?
    /// (`gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`; true from either: both go on.)
    case recognizeSimultaneously
    /// When the two first share a touch: must this one wait for `other` to fail?
    /// (`gestureRecognizer(_:shouldRequireFailureOf:)`.)
    case requireFailure
    /// When the two first share a touch: must `other` wait for this one to fail?
    /// (`gestureRecognizer(_:shouldBeRequiredToFailBy:)`.)
    case beRequiredToFail
}

extension Recognizer {
    public mutating func deadlinePassed(_ context: inout DeliveryContext) {}
    public mutating func eventDelivered(_ context: inout DeliveryContext) {}
    public var competes: Bool { true }
    public var answersArenaQuestions: Bool { false }
    public var movesViews: Bool { false }
    public func answer(_ question: ArenaQuestion, about other: any Recognizer) -> Bool? { nil }

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
