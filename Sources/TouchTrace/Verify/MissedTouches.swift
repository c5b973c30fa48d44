/// The touches of a replay that began where no view is hit: how many, and the first.
struct MissedTouches {
    var count: Int
    /// The first: its event's index and time (seconds), its id, where it began on the screen
    /// (points) and its byte offset in the trace file; nil when every touch began on a view.
    var first: (event: Int, t: Double, id: TouchID, location: Point, offset: Int)?

    /// The warning for them — they reach nothing, and a transcript that stays empty because of
    /// them deserves one — or nil when every touch began on a view. It is located at the first
    /// one in `source`, the trace's file.
    func warning(source: SourceFile) -> String? {
        guard let first else { return nil }
        let point = "(\(fixed4(first.location.x)), \(fixed4(first.location.y)))"
        let (line, column) = source.location(of: first.offset)
        return "\(printable(source.path)):\(line):\(column): warning: \(count) touch\(count == 1 ? "" : "es") began outside every view and reached nothing " +
            "(the first: touch \(printable(first.id.description)) in event \(first.event) at t=\(fixed4(first.t)), \(point)); " +
            "check the scene's frames against the trace's coordinates"
    }
}

extension Replayer {
    /// The touches that began where no view is hit, so far. (The replayer's own hit testing
    /// decides: views inside views, half-open areas in version 2, a range slider's thumbs where
    /// they are at that moment.)
    var missedTouches: MissedTouches { MissedTouches(count: missedTouchCount, first: firstMissedTouch) }

    /// The warning for touches that began where no view is hit — they reach nothing, and a
    /// transcript that stays empty because of them deserves one — or nil when every touch
    /// began on a view. (The replayer's own hit testing decides: views inside views, half-open
    /// areas in version 2, a range slider's thumbs where they are at that moment.)
    /// The warning is located (`PATH:LINE:COLUMN`) at the first such touch in `trace`'s file.
    public func missedTouchesWarning(in trace: Trace) -> String? {
        missedTouches.warning(source: trace.source)
    }
}
