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
        guard recognizer >= 0, recognizer < arena.pointee.recognizerViews.count else { return [] }
        var chain: [Rect] = []
        var v = arena.pointee.recognizerViews[recognizer]
        while v >= 0 && v < arena.pointee.viewFrames.count {
            chain.append(arena.pointee.viewFrames[v])
            v = arena.pointee.viewSuperviews[v]
        }
        return chain
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
