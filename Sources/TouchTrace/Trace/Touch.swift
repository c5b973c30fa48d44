/// A touch's phase in one event, as `UITouch.Phase`.
public enum TouchPhase: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case began, moved, stationary, ended, cancelled

    public var description: String {
        switch self {
        case .began: return "began"
        case .moved: return "moved"
        case .stationary: return "stationary"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        }
    }

    /// Whether the touch leaves the screen in this phase.
    public var isEnding: Bool { self == .ended || self == .cancelled }

    static let validNames = "began, moved, stationary, ended, cancelled"
}

/// A touch's identifier in a trace: an integer or a string, unique among touches that are down.
///
/// Plain data, copied without reference counting (touches are copied at every step of a
/// replay): a string id is a `SharedText`.
public struct TouchID: Hashable, Sendable, CustomStringConvertible {
    private enum Value: Hashable, Sendable {
        case number(Int64)
        case text(SharedText)
    }

    private let value: Value

    /// An id the trace gives as an integer.
    public static func number(_ n: Int64) -> TouchID { TouchID(value: .number(n)) }

    /// An id the trace gives as a string.
    public static func text(_ s: String) -> TouchID { TouchID(value: .text(SharedText(s))) }

    /// The integer, for an id given as one.
    public var number: Int64? {
        if case .number(let n) = value { return n }
        return nil
    }

    /// The string, for an id given as one.
    public var text: String? {
        if case .text(let s) = value { return s.string }
        return nil
    }

    /// The shared string, for an id given as one (records hold it without copying the string).
    public var sharedText: SharedText? {
        if case .text(let s) = value { return s }
        return nil
    }

    /// As written in messages: `3` or `"left-thumb"`.
    public var description: String {
        switch value {
        case .number(let n): return String(n)
        case .text(let s): return "\"\(s.string)\""
        }
    }
}

/// One touch of an event as read from a trace, after validation.
public struct EventTouch: Sendable {
    public var id: TouchID
    public var phase: TouchPhase
    /// Location on the screen, in points.
    public var location: Point
    /// Optional pressure and contact radius, carried through but unused by the v1 recognizers.
    public var force: Double?
    public var majorRadius: Double?
    /// A small index for the touch while it is down, reused after it ends (for flat arrays).
    public var slot: Int
    /// A number unique to this touch's life in the whole trace (ids may be reused).
    public var serial: Int
    /// Byte offset of the touch in its file, for messages.
    public var offset: Int
}

/// One `UIEvent`: a time and the touches that changed (touches down but not listed are stationary).
public struct TouchEvent: Sendable {
    /// Index of the event in the trace (0-based; for `strokes`, the index of the merged event).
    public var index: Int
    /// Time in seconds, any origin.
    public var t: Double
    public var touches: [EventTouch]

    public init(index: Int, t: Double, touches: [EventTouch]) {
        self.index = index
        self.t = t
        self.touches = touches
    }
}

/// Something that takes a trace's events one at a time, in order, as the reader produces them.
/// Events stream: the reader reuses one `TouchEvent` and never holds them all.
public protocol TouchEventConsumer: SendableMetatype {
    mutating func consume(_ event: borrowing TouchEvent)
    /// A fresh consumer for a later part of the trace, read at the same time on another thread
    /// and then appended; nil (the default) when the consumer must see every event in order.
    /// (Checking a trace, noting its bounds and filling an `EventStore` can be split; replaying
    /// cannot, and needs not: it streams.)
    static func emptyForLaterPart() -> Self?
    /// Takes in what the consumer of the part that follows saw.
    mutating func appendLaterPart(_ later: Self)
}
