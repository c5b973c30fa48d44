extension Replayer {
    /// The warning for touches that began where no view is hit — they reach nothing, and a
    /// transcript that stays empty because of them deserves one — or nil when every touch
    /// began on a view. (The replayer's own hit testing decides: views inside views, half-open
    /// areas in version 2, a range slider's thumbs where they are at that moment.)
    public func missedTouchesWarning(path: String) -> String? {
        guard let first = firstMissedTouch else { return nil }
        let count = missedTouchCount
        let point = "(\(fixed4(first.location.x)), \(fixed4(first.location.y)))"
        return "\(printable(path)): warning: \(count) touch\(count == 1 ? "" : "es") began outside every view and reached nothing " +
            "(the first: touch \(printable(first.id.description)) in event \(first.event) at t=\(fixed4(first.t)), \(point)); " +
            "check the scene's frames against the trace's coordinates"
    }
}
