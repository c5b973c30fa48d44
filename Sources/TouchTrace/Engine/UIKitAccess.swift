/// What TouchTraceUIKit (a target of this package) needs of a delivery beyond the public API:
/// which recognizer is called, in which replay, where its view is, and the two relations a
/// `UIGestureRecognizer` sets on itself. `package` access: nothing here is public.
extension DeliveryContext {
    /// The recognizer being called: its index in scene order, or −1 for a control.
    package var recognizerIndex: Int { recognizer }

    /// The replay this delivery belongs to: the same address for every call of one replay, and
    /// a different one for two replays that run at the same time.
    package var replayIdentity: UnsafeMutableRawPointer { UnsafeMutableRawPointer(arena) }

    /// The frames on the screen of the current recognizer's view, then of its superview, and so
    /// on to a top-level view (points).
    package var recognizerViewChain: [Rect] {
        guard recognizer >= 0, recognizer < live.pointee.recognizerViews.count else { return [] }
        var chain: [Rect] = []
        var v = live.pointee.recognizerViews[recognizer]
        while v >= 0 && v < live.pointee.frames.count {
            chain.append(live.pointee.frames[v])
            v = live.pointee.superviews[v]
        }
        return chain
    }

    /// The scene's views: each one's frame on the screen as the scene placed it and its
    /// superview (−1 for a top-level view), in scene order.
    package var sceneViews: [(screenFrame: Rect, superview: Int)] {
        (0..<live.pointee.frames.count).map { (live.pointee.frames[$0], live.pointee.superviews[$0]) }
    }

    /// The view (index in scene order) of the current recognizer, or −1 for a control.
    package var recognizerView: Int {
        recognizer >= 0 && recognizer < live.pointee.recognizerViews.count ? live.pointee.recognizerViews[recognizer] : -1
    }

    /// What TouchTraceUIKit keeps for this replay (its views): nil until it keeps something,
    /// and again when the replay restarts.
    package var replayAttachment: AnyObject? {
        get { live.pointee.attachment }
        nonmutating set { live.pointee.attachment = newValue }
    }

    /// The trace's `maximumForce` (SPEC 17), when the replay was given the trace
    /// (`Replayer.consumeEvents(of:)`) and it has one.
    package var traceMaximumForce: Double? { live.pointee.maximumForce }

    /// Whether the scene's views may move, so that `viewChanged` records have a source.
    package var viewsMayMove: Bool { !live.pointee.viewSources.isEmpty }

    /// Gesture code has moved view `v` (scene order): from now on it is hit and its touches are
    /// located where `toScreen` maps its bounds of `size` (points) onto the screen — a view's
    /// subviews move with it only when they are placed too. False when `v` is no view of the
    /// scene or the map squashes it to nothing (it then stays where it was).
    @discardableResult
    package func placeView(_ v: Int, size: (width: Double, height: Double), toScreen: Affine) -> Bool {
        guard v >= 0 && v < live.pointee.frames.count else { return false }
        return live.pointee.place(v, size: size, toScreen: toScreen)
    }

    /// Writes view `v`'s `viewChanged` record at the context's time with `fields` (SPEC 17); nothing
    /// when the scene's views may not move.
    package func emitViewChanged(_ v: Int, _ fields: FieldList) {
        guard v >= 0 && v < live.pointee.viewSources.count else { return }
        sink.write(Record(t: t, source: live.pointee.viewSources[v], event: "viewChanged", fields: fields))
    }

    /// Whether the replay follows version 2's arena (competition, `require(toFail:)`).
    package var arenaIsActive: Bool { arena.pointee.isActive }

    /// The current recognizer requires recognizer `other` (index in scene order) to fail from
    /// now on, as the scene key `requireToFail` says it; false when that would make a cycle.
    package mutating func addFailureRequirement(_ other: Int) -> Bool {
        precondition(recognizer >= 0, "only a recognizer requires another to fail")
        return arena.pointee.addRequirement(recognizer, requires: other)
    }

    /// Turns off rule 4 (cancelling its touches for controls when it wins) for the current
    /// recognizer: `cancelsTouchesInView = false` on a TouchTraceUIKit recognizer.
    package mutating func disableCancellingTouchesInView() {
        precondition(recognizer >= 0, "only a recognizer cancels touches in its view")
        arena.pointee.cancelsTouches[recognizer] = false
    }
}
