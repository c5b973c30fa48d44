/// What TouchTraceUIKit (a target of this package) needs of a delivery beyond the public API:
/// which recognizer is called, in which replay, where its view is, and the two relations a
/// `UIGestureRecognizer` sets on itself. `package` access: nothing here is public.
extension DeliveryContext {
    /// The recognizer being called: its index in scene order, or −1 for a control.
    package var recognizerIndex: Int { recognizer }

    /// The replay this delivery belongs to: the same for every call of one replay, and
    /// different for two replays that run at the same time.
    package var replayIdentity: ReplayIdentity { ReplayIdentity(arena: arena) }

    /// The frames on the screen of the current recognizer's view, then of its superview, and so
    /// on to a top-level view (points).
    package var recognizerViewChain: [Rect] {
        guard recognizer >= 0, recognizer < live.value.recognizerViews.count else { return [] }
        var chain: [Rect] = []
        var v = live.value.recognizerViews[recognizer]
        while v >= 0 && v < live.value.frames.count {
            chain.append(live.value.frames[v])
            v = live.value.superviews[v]
        }
        return chain
    }

    /// The scene's views: each one's frame on the screen as the scene placed it and its
    /// superview (−1 for a top-level view), in scene order.
    package var sceneViews: [(screenFrame: Rect, superview: Int)] {
        (0..<live.value.frames.count).map { (live.value.frames[$0], live.value.superviews[$0]) }
    }

    /// The view (index in scene order) of the current recognizer, or −1 for a control.
    package var recognizerView: Int {
        recognizer >= 0 && recognizer < live.value.recognizerViews.count ? live.value.recognizerViews[recognizer] : -1
    }

    /// What TouchTraceUIKit keeps for this replay (its views): nil until it keeps something,
    /// and again when the replay restarts.
    package var replayAttachment: AnyObject? {
        get { live.value.attachment }
        nonmutating set { live.value.attachment = newValue }
    }

    /// The trace's `maximumForce` (SPEC 17), when the replay was given the trace
    /// (`Replayer.consumeEvents(of:)`) and it has one.
    package var traceMaximumForce: Double? { live.value.maximumForce }

    /// Whether the scene's views may move, so that `viewChanged` records have a source.
    package var viewsMayMove: Bool { !live.value.viewSources.isEmpty }

    /// Gesture code has moved view `v` (scene order): from now on it is hit and its touches are
    /// located where `toScreen` maps its bounds of `size` (points) onto the screen — a view's
    /// subviews move with it only when they are placed too. False when `v` is no view of the
    /// scene or the map squashes it to nothing (it then stays where it was).
    @discardableResult
    package func placeView(_ v: Int, size: (width: Double, height: Double), toScreen: Affine) -> Bool {
        guard v >= 0 && v < live.value.frames.count else { return false }
        return live.value.place(v, size: size, toScreen: toScreen)
    }

    /// Writes view `v`'s `viewChanged` record at the context's time with `fields` (SPEC 17); nothing
    /// when the scene's views may not move.
    package func emitViewChanged(_ v: Int, _ fields: FieldList) {
        guard v >= 0 && v < live.value.viewSources.count else { return }
        var record = Record(t: t, source: live.value.viewSources[v], event: "viewChanged", fields: fields)
        sink.write(&record)
    }

    /// Asks for a source for a view gesture code made and put in the screen during the replay
    /// (SPEC 17), named `view`.`view`: it is defined to the sink once the call under way is over
    /// (before any record of it). Returns the view's number among those asked for in this
    /// replay (0, 1, …), which `emitMadeViewChanged` takes.
    package func addMadeView(named view: String) -> Int {
        let k = live.value.madeViewSources.count + live.value.madeViewRequests.count
        live.value.madeViewRequests.append(SourceName(view: view, name: Scene.viewSourceName))
        return k
    }

    /// Writes the `viewChanged` record of made view `k` (`addMadeView`) at the context's time
    /// with `fields` (SPEC 17); nothing when its source is not defined yet.
    package func emitMadeViewChanged(_ k: Int, _ fields: FieldList) {
        guard k >= 0 && k < live.value.madeViewSources.count else { return }
        var record = Record(t: t, source: live.value.madeViewSources[k], event: "viewChanged", fields: fields)
        sink.write(&record)
    }

    /// Where point `p` of view `v`'s coordinates (its bounds taken from (0, 0), as the engine
    /// locates touches) is on the screen now, in points.
    package func screenLocation(_ p: Point, ofView v: Int) -> Point {
        guard v >= 0 && v < live.value.frames.count else { return p }
        return live.value.screenLocation(p, of: v)
    }

    /// A copy of this context as the context of recognizer `g` (scene order), at the same time,
    /// with no touches: for a state change that code scheduled for later (a timer's block) asks
    /// of a recognizer outside its own calls. Nil when `g` is no recognizer of the replay.
    package func forRecognizer(_ g: Int) -> DeliveryContext? {
        guard g >= 0 && g < arena.value.count else { return nil }
        var context = self
        context.recognizer = g
        context.source = arena.value.sources[g]
        context.action = nil
        context.eventTouches = TouchSet([])
        context.eventLiftCount = 0
        return context
    }

    /// Adds `recognizer`, which gesture code added to a view during the replay, to the replay
    /// once the call under way is over (before the next event): it joins scene view `v` (its
    /// view, or with `depth` > 0 the scene view its view is that many superviews inside), its
    /// records name `view`.`name`, and from then on it takes the touches that begin on `v`
    /// (and that `accepts`, given a touch's serial as it begins, takes, when given) as a
    /// recognizer of the scene does: in the arena by SPEC 12, with deadlines. A touch down as
    /// it joins is not its. Its recognizers are asked, in a touch's turn at `v`, after `v`'s own
    /// (`depth` 0) or before them, deeper views' first.
    package func addLateRecognizer(_ recognizer: any Recognizer, toView v: Int, view: String, name: String, depth: Int,
                                   cancelsTouchesInView: Bool, accepts: ((Int) -> Bool)?) {
        guard v >= 0 && v < live.value.frames.count else { return }
        live.value.lateRequests.append(LateRecognizer(recognizer: recognizer, view: v, source: SourceName(view: view, name: name),
                                                      depth: depth, cancelsTouchesInView: cancelsTouchesInView, accepts: accepts))
    }

    /// Whether the replay follows version 2's arena (competition, `require(toFail:)`).
    package var arenaIsActive: Bool { arena.value.isActive }

    /// The current recognizer requires recognizer `other` (index in scene order) to fail from
    /// now on, as the scene key `requireToFail` says it; false when that would make a cycle.
    package mutating func addFailureRequirement(_ other: Int) -> Bool {
        precondition(recognizer >= 0, "only a recognizer requires another to fail")
        return arena.value.addRequirement(recognizer, requires: other)
    }

    /// Turns off rule 4 (cancelling its touches for controls when it wins) for the current
    /// recognizer: `cancelsTouchesInView = false` on a TouchTraceUIKit recognizer.
    package mutating func disableCancellingTouchesInView() {
        precondition(recognizer >= 0, "only a recognizer cancels touches in its view")
        arena.value.cancelsTouches[recognizer] = false
    }
}

/// Which replay a delivery belongs to (`DeliveryContext.replayIdentity`): equal for every call
/// of one replay, different for two replays that run at the same time.
package struct ReplayIdentity: Equatable {
    /// The replay's arena, which is its own for as long as it runs.
    let arena: Pinned<Arena>
}

/// The delivery context of the call under way, for an object the engine calls (a
/// TouchTraceUIKit recognizer) to keep while it is called: `lend(_:_:)` hands it over for the
/// length of one call. The object may keep the handle past the call, but every use checks that
/// the call is under way and stops the program if it is not (a recognizer's code that runs
/// later, outside any call, must not reach a delivery that is over).
package struct DeliveryHandle {
    private let lent: Lent<DeliveryContext>

    /// Runs `body` with a handle to `context`, valid until `body` returns.
    package static func lend<R>(_ context: inout DeliveryContext, _ body: (DeliveryHandle) -> R) -> R {
        Lent.lend(&context) { body(DeliveryHandle(lent: $0)) }
    }

    private init(lent: Lent<DeliveryContext>) { self.lent = lent }

    /// Whether the call that lent the context is still under way.
    package var isInScope: Bool { lent.isInScope }

    /// Runs `body` with the context itself, to read or change (a backing recognizer's call).
    package func withContext<R>(_ body: (inout DeliveryContext) -> R) -> R { body(&lent.value) }

    /// A copy of the context as it is now (what a method that only reads it takes).
    package var context: DeliveryContext { lent.value }

    /// Time of the event, or of the deadline being called, in seconds (`DeliveryContext.t`).
    package var t: Double { lent.value.t }
    /// Index of the event in the trace (`DeliveryContext.eventIndex`).
    package var eventIndex: Int { lent.value.eventIndex }
    /// Every touch the event delivers to the view, all phases (`DeliveryContext.eventTouches`).
    package var eventTouches: TouchSet { lent.value.eventTouches }
    /// Whether `failed` and `cancelled` records carry a reason (`DeliveryContext.recordsReasons`).
    package var recordsReasons: Bool { lent.value.recordsReasons }
    /// The rules replayed by: 1 or 2 (`DeliveryContext.version`).
    package var version: Int { lent.value.version }
    /// The trace's `maximumForce`, when the replay knows it (`DeliveryContext.traceMaximumForce`).
    package var traceMaximumForce: Double? { lent.value.traceMaximumForce }
    /// The recognizer being called, or −1 for a control (`DeliveryContext.recognizerIndex`).
    package var recognizerIndex: Int { lent.value.recognizerIndex }
    /// The replay the call belongs to (`DeliveryContext.replayIdentity`).
    package var replayIdentity: ReplayIdentity { lent.value.replayIdentity }
    /// The view of the recognizer being called, or −1 (`DeliveryContext.recognizerView`).
    package var recognizerView: Int { lent.value.recognizerView }

    /// Asks for the recognizer being called to move to `to` (`DeliveryContext.requestState`);
    /// returns the state it is in afterwards.
    @discardableResult
    package func requestState(_ to: RecognizerState, _ data: FieldList = FieldList(), actionValue: Double = 0) -> RecognizerState {
        lent.value.requestState(to, data, actionValue: actionValue)
    }

    /// Asks for the recognizer being called to be called once more after the event
    /// (`DeliveryContext.callAfterEvent`).
    package func callAfterEvent() { lent.value.callAfterEvent() }

    /// Asks for the recognizer being called to be called at `time`, in seconds
    /// (`DeliveryContext.setDeadline`).
    package func setDeadline(_ time: Double) { lent.value.setDeadline(time) }

    /// Drops the deadline of the recognizer being called (`DeliveryContext.cancelDeadline`).
    package func cancelDeadline() { lent.value.cancelDeadline() }

    /// Writes a record for the current source at the call's time (`DeliveryContext.emit`).
    package func emit(_ event: StaticString, _ fields: FieldList = FieldList()) { lent.value.emit(event, fields) }

    /// The recognizer being called requires recognizer `other` to fail from now on
    /// (`DeliveryContext.addFailureRequirement`); false when that would make a cycle.
    package func addFailureRequirement(_ other: Int) -> Bool { lent.value.addFailureRequirement(other) }

    /// Turns off rule 4 for the recognizer being called
    /// (`DeliveryContext.disableCancellingTouchesInView`).
    package func disableCancellingTouchesInView() { lent.value.disableCancellingTouchesInView() }
}
