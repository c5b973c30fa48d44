/// The touches of a replay that began where no view is hit: how many, and the first.
struct MissedTouches {
    var count: Int
    /// The first: its event's index and time (seconds), its id and where it began on the
    /// screen (points); nil when every touch began on a view.
    var first: (event: Int, t: Double, id: TouchID, location: Point)?

    /// The warning for them — they reach nothing, and a transcript that stays empty because of
    /// them deserves one — or nil when every touch began on a view.
    func warning(path: String) -> String? {
        guard let first else { return nil }
        let point = "(\(fixed4(first.location.x)), \(fixed4(first.location.y)))"
        return "\(printable(path)): warning: \(count) touch\(count == 1 ? "" : "es") began outside every view and reached nothing " +
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
    public func missedTouchesWarning(path: String) -> String? {
        missedTouches.warning(path: path)
    }
}
