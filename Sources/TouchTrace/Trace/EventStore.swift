/// A whole trace's events in flat arrays, for tools that want them all at once (replay itself
/// streams them and never holds them). Filling one is "reading a trace into the model".
public struct EventStore: TouchEventConsumer, Sendable {
    /// Each event's time, in seconds.
    public private(set) var times: [Double] = []
    /// Where each event's touches start in the touch arrays; one more entry than events.
    public private(set) var touchStart: [Int] = [0]
    public private(set) var ids: [TouchID] = []
    public private(set) var phases: [TouchPhase] = []
    public private(set) var xs: [Double] = []
    public private(set) var ys: [Double] = []

    public init() {}

    public var eventCount: Int { times.count }
    public var touchCount: Int { ids.count }

    /// The touches of event `i`, as indices into the touch arrays.
    public func touches(ofEvent i: Int) -> Range<Int> { touchStart[i]..<touchStart[i + 1] }

    /// Reserves room for about `events` events of `touchesPerEvent` touches.
    public mutating func reserve(events: Int, touchesPerEvent: Int = 1) {
        times.reserveCapacity(events)
        touchStart.reserveCapacity(events + 1)
        let touches = events * touchesPerEvent
        ids.reserveCapacity(touches)
        phases.reserveCapacity(touches)
        xs.reserveCapacity(touches)
        ys.reserveCapacity(touches)
    }

    public mutating func consume(_ event: borrowing TouchEvent) {
        times.append(event.t)
        for touch in event.touches {
            ids.append(touch.id)
            phases.append(touch.phase)
            xs.append(touch.location.x)
            ys.append(touch.location.y)
        }
        touchStart.append(ids.count)
    }

    /// Adds one event's touch (for builders other than the reader).
    public mutating func append(t: Double, touches: [(id: TouchID, phase: TouchPhase, x: Double, y: Double)]) {
        times.append(t)
        for touch in touches {
            ids.append(touch.id)
            phases.append(touch.phase)
            xs.append(touch.x)
            ys.append(touch.y)
        }
        touchStart.append(ids.count)
    }
}

extension EventStore {
    // A later part of a trace, read on another thread, is appended (see `TouchEventConsumer`).
    public static func emptyForLaterPart() -> EventStore? { EventStore() }

    public mutating func appendLaterPart(_ later: EventStore) {
        let base = touchCount
        for i in 0..<later.eventCount {
            times.append(later.times[i])
            touchStart.append(base + later.touchStart[i + 1])
        }
        ids.append(contentsOf: later.ids)
        phases.append(contentsOf: later.phases)
        xs.append(contentsOf: later.xs)
        ys.append(contentsOf: later.ys)
    }
}
