/// Watches the events on their way to a consumer (a replayer) and counts the touches that begin
/// outside every top-level view's frame: they reach nothing, and a transcript that stays empty
/// because of them deserves a warning.
///
/// A touch inside a frame can still miss its view (a range slider is hit on its thumbs only);
/// those are not counted here, since only the replayer knows where the thumbs are at that time.
public struct MissedTouches<Inner: TouchEventConsumer>: TouchEventConsumer {
    public var inner: Inner
    /// The top-level views' frames; a touch that misses all of them misses every view.
    let frames: [Rect]
    /// Version 2 traces hold points as `CGRect.contains` does (half-open, SPEC 11).
    let halfOpen: Bool
    /// Touches that began outside every frame.
    public private(set) var count = 0
    /// The first of them: event index, time, touch id and point.
    public private(set) var first: (event: Int, t: Double, id: TouchID, location: Point)?

    public init(_ inner: Inner, scene: Scene, version: Int) {
        self.inner = inner
        self.frames = scene.views.map(\.frame)
        self.halfOpen = version >= 2
    }

    public mutating func consume(_ event: borrowing TouchEvent) {
        for touch in event.touches where touch.phase == .began && !hits(touch.location) {
            if first == nil { first = (event.index, event.t, touch.id, touch.location) }
            count += 1
        }
        inner.consume(event)
    }

    private func hits(_ p: Point) -> Bool {
        for f in frames {
            if halfOpen {
                if p.x >= f.x && p.x < f.x + f.width && p.y >= f.y && p.y < f.y + f.height { return true }
            } else if f.contains(p) {
                return true
            }
        }
        return false
    }

    public static func emptyForLaterPart() -> Self? { nil }
    public mutating func appendLaterPart(_ later: Self) {}

    /// The warning for the missed touches, or nil when every touch began on a view.
    public func warning(path: String) -> String? {
        guard let first else { return nil }
        let point = "(\(fixed4(first.location.x)), \(fixed4(first.location.y)))"
        return "\(printable(path)): warning: \(count) touch\(count == 1 ? "" : "es") began outside every view and reached nothing " +
            "(the first: touch \(printable(first.id.description)) in event \(first.event) at t=\(fixed4(first.t)), \(point)); " +
            "check the scene's frames against the trace's coordinates"
    }
}
