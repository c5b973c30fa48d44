/// Replays a trace's events through a scene: hit testing, delivery grouped by phase in UIKit's
/// order, deadlines, the arena, resets, and the records every recognizer and control writes.
///
/// For each event, deadlines due by its time fire first (SPEC 10). Then, for each hit view in
/// scene order, its touches are delivered as sets: all `began` touches of the event, then
/// `moved`, then `ended`, then `cancelled` (`stationary` is not delivered), each set in the order
/// the event lists its touches. A set goes to the hit view's recognizers, then to each
/// ancestor's, nearest first (version 2; SPEC 11), then — in a scene whose code hit-tests
/// (`Scene.host`) — to the hit view's own code, then to the hit view's control. A recognizer
/// in a final state gets nothing until it is reset; one that waits (SPEC 12, rule 3) gets
/// nothing while it waits. After the last event, `finish()` fires the deadlines that remain.
///
/// Version 1 scenes replay exactly as before version 2: views are a flat list with closed hit
/// areas, every recognizer may recognize with every other, and a view's recognizers are reset
/// together once no touch is down on it.
///
/// One replayer is one replay: a copy of the value is a handle to the same replay (its touches,
/// recognizers, controls and arena), so make a new one per trace. A copy costs one reference
/// count: a trace's reader hands its consumer on by value, several times per trace.
public struct Replayer: TouchEventConsumer {
    /// The replay, in memory of its own (kept by `storage` for as long as any copy lives),
    /// reached with no check of exclusive access (see `Arena`).
    let core: Pinned<ReplayCore>
    private let storage: PinnedStorage<ReplayCore>

    /// What a replayer builds from its scene before the first event (see `ReplayCore.Plan`).
    typealias Plan = ReplayCore.Plan

    /// At most this many deadlines fire after the last event (see `ReplayCore`).
    static var maximumDeadlinesAfterTrace: Int { ReplayCore.maximumDeadlinesAfterTrace }

    /// A replay of a trace through `scene`, writing its records to `sink`.
    public init(scene: Scene, sink: RecordSink) {
        self.init(plan: Plan(scene: scene), sink: sink)
    }

    /// A replay through the scene `plan` was built from, writing to `sink`: nothing of the
    /// scene is built again, and nothing of another replay made from the plan is shared but
    /// what neither changes.
    init(plan: Plan, sink: RecordSink) {
        storage = PinnedStorage(ReplayCore(plan: plan, sink: sink))
        core = storage.handle
    }

    /// Every recognizer and control, as records name them (`Record.source` indexes this).
    public var sources: [SourceName] { core.value.sources }
    /// The rules replayed by: 1 or 2.
    public var version: Int { core.value.version }
    /// The scope of the texts this replay makes (failure reasons): the one current when it was
    /// made, or its own. Its sink keeps it (`RecordSink.keep(_:)`).
    public var texts: TextScope { core.value.texts }
    /// Where the records go.
    var sink: RecordSink { core.value.sink }
    /// The arena, in memory of its own.
    var arena: Pinned<Arena> { core.value.arena }
    /// Touches that began where no view is hit: how many, and the first (event index, time,
    /// id, point on the screen, byte offset of the touch in its trace file).
    public var missedTouchCount: Int { core.value.missedTouchCount }
    public var firstMissedTouch: (event: Int, t: Double, id: TouchID, location: Point, offset: Int)? { core.value.firstMissedTouch }

    /// Makes this the replay `init(plan:sink:)` would make from `plan` — the one it was made
    /// from — into the same sink, keeping its memory (see `ReplayCore.restart(plan:)`). Every
    /// copy of the value is restarted with it.
    mutating func restart(plan: Plan) { core.value.restart(plan: plan) }

    /// Calls `log` with every decision the arena makes under version 2's rules (SPEC 12), as
    /// it makes it, with its reason: who wins, who waits for whom, who fails and why, whose win
    /// cancels touches for controls. A version 1 replay makes none. `log` runs on the thread
    /// that replays, before the records of the decision's consequences are written.
    public mutating func logArenaDecisions(_ log: @escaping (ArenaDecision) -> Void) {
        arena.value.log = log
    }

    /// Replays one event (see the type's description).
    public mutating func consume(_ event: borrowing TouchEvent) { core.value.consume(event) }

    /// After the last event: fires the deadlines that remain, earliest first (SPEC 10).
    public mutating func finish() { core.value.finish() }
}

/// The replay a `Replayer` is a handle to: the views, touches, recognizers, controls and arena,
/// and delivery as the `Replayer` describes it.
struct ReplayCore: ArenaMembers {
    /// A view while replaying: where it is, its recognizers (a range of `recognizers`), and
    /// whether it has a control (in `controls`).
    struct LiveView {
        /// The frame on the screen.
        let frame: Rect
        let size: (width: Double, height: Double)
        /// The superview's index, or −1.
        let superview: Int
        /// Subviews in order (front-most last), for hit testing.
        var subviews: [Int] = []
        let recognizers: Range<Int>
        /// Whether the view has a control.
        let hasControl: Bool
        let controlSource: Int
        let holdsEveryPoint: Bool
        /// Touches down that reach the view: those hit on it (version 1), or on it or a
        /// subview (version 2).
        var touchesDown = 0
    }

    /// Every recognizer and control, as records name them (`Record.source` indexes this), then
    /// the recognizers gesture code added while replaying (SPEC 17), as they joined.
    private(set) var sources: [SourceName]
    var views: [LiveView]
    /// Top-level views in order, for hit testing.
    private let topLevel: [Int]
    /// What hit-tests in place of the frames and gives the hit views their touches, for a scene
    /// whose code does (`Scene.host`), and whether there is one (the check on the way of every
    /// touch: the value itself is reached only out of line, never copied in the hot path).
    private let host: (any SceneHost)?
    private let hasHost: Bool
    /// Whether the host is handed each event (`SceneHost.sendEvent`): it hit-tests (version 2).
    private let hostSendsEvents: Bool
    /// A recognizer of the replay: where it lies (see `RecognizerCell`; called with no
    /// reference counting, `cells` holds it), its view, its source, and whether its control
    /// brought it (then its actions go to that control).
    fileprivate struct Member {
        let cell: Unretained<RecognizerCell>
        let view: Int
        let source: Int
        let attached: Bool
    }

    /// Every recognizer in scene order (`arena.value.count` of them), in memory of its own
    /// (`memberStorage`): read once per call, with no check of bounds or ownership.
    fileprivate var members: PinnedRow<Member>
    fileprivate let memberStorage: PinnedBuffer<Member>
    private var cells: [AnyObject]
    /// The scene's recognizers' cells, in scene order (what the arena's questions are put to).
    private let sceneCells: [RecognizerCell]
    /// Recognizers gesture code added while replaying (SPEC 17), from index `firstLate` on: their
    /// cells, and which touches each takes. While there are none (`hasLate` false), delivery
    /// looks no further.
    private let firstLate: Int
    private var lateCells: [RecognizerCell] = []
    private var late: [LateMember] = []
    private var hasLate = false
    /// Per scene view (once any recognizer has joined): the added recognizers asked before its
    /// own — those of views inside it that are not the scene's, deeper first — and after them.
    private var lateOfView: [(inside: [(g: Int, depth: Int)], own: [Int])] = []

    /// What the replay keeps of a recognizer added while replaying.
    private struct LateMember {
        /// Whether it takes the touch of a serial as it begins (nil: every touch of its view).
        let accepts: ((Int) -> Bool)?
        /// Touches that were down as it joined: never its.
        let excluded: [Int]
        /// Touches it took that are down.
        var serials: [Int] = []
    }
    /// Each view's control, if it has one, in memory of its own (see `ControlCell`; held by `cells`).
    private let controls: [Unretained<ControlCell>?]
    /// The arena, in memory of its own (`arenaStorage` keeps it for the life of the replay).
    let arena: Pinned<Arena>
    private let arenaStorage: PinnedStorage<Arena>
    /// Where the views are now, in memory of its own (`liveStorage` keeps it).
    let live: Pinned<LiveScene>
    private let liveStorage: PinnedStorage<LiveScene>
    let sink: RecordSink
    /// The sink, as records are written to it (see `RecordOutlet`).
    let outlet: RecordOutlet
    /// The rules replayed by: 1 or 2.
    let version: Int
    /// The scope of the texts this replay makes (failure reasons): the one current when it was
    /// made, or its own. Its sink keeps it (`RecordSink.keep(_:)`).
    private(set) var texts: TextScope
    /// The scope last seen current while consuming: one other than `texts` (a trace's own, made
    /// current by the trace while it streams its events) holds the touch ids of the records,
    /// and is given to the sink to keep as well.
    private var lastScope: TextScopeMark

    /// What the replay knows of the touch in one slot (see `ViewTouch.slot`).
    struct Slot {
        /// The view it began on, or -1: it hit nothing.
        var view = -1
        /// Its last location on the screen, in points.
        var location = Point.zero
        /// When it began, in seconds.
        var beganAt = 0.0
        var serial = -1
        var id = TouchID.number(0)
        var down = false
        /// Whether a winning recognizer has cancelled it for controls (SPEC 12, rule 4).
        var controlCancelled = false
    }

    /// Per touch slot, `slots.count` of them, in memory of its own (`slotStorage`): read and
    /// written at every touch of every event with no check of the memory's ownership.
    private var slots: PinnedRow<Slot>
    private let slotStorage: PinnedBuffer<Slot>
    // Scratch reused by every event.
    /// The views the event touches: the first `touchedCount` of one place per view (in
    /// `touchedStorage`).
    private let touchedViews: PinnedRow<Int>
    private let touchedStorage: PinnedBuffer<Int>
    private var touchedCount = 0
    /// The last event that touched each view, so that finding the touched views is linear (one
    /// place per view; in `viewStorage`).
    private let viewMark: PinnedRow<Int>
    private let viewStorage: PinnedBuffer<Int>
    /// The context of every event's delivery to a hit view, kept from one event to the next
    /// (see `DeliveryContext.reuse`) in memory of its own (`eventContextStorage`). Its
    /// `eventTouches` is the scratch the event's touches for the view are put in, phase by
    /// phase; each phase's set is a range of it.
    private let eventContext: Pinned<DeliveryContext>
    private let eventContextStorage: PinnedStorage<DeliveryContext>
    /// Scratch for the touches of a set in an ancestor's coordinates (version 2).
    private var converted: [ViewTouch] = []
    /// The time of what is being delivered (an event, or a deadline), for the arena's records.
    private var now = 0.0
    /// The index the next event will have.
    private var nextEventIndex = 0
    /// Touches that began where no view is hit: how many, and the first (event index, time,
    /// id, point on the screen, byte offset in the trace file).
    private(set) var missedTouchCount = 0
    private(set) var firstMissedTouch: (event: Int, t: Double, id: TouchID, location: Point, offset: Int)?
    private var finished = false
    /// Version 1: recognizers whose view's last touch lifted in this event, to be reset once
    /// they have been called after it.
    private var resetAfterEvent: [Int] = []

    /// At most this many deadlines fire after the last event: a recognizer that asks for a new
    /// one every time would otherwise keep the replay going for ever.
    static let maximumDeadlinesAfterTrace = 100_000

    /// What a replayer builds from its scene before the first event: the views, recognizers
    /// and controls in the order records number them, and the arena with its relations and
    /// reasons. Built once per scene, it starts any number of replays (`init(plan:sink:)`),
    /// each with its own copy of every recognizer, control and arena state: a replay made from
    /// a plan is the replay `init(scene:sink:)` makes, which builds a plan and uses it once.
    /// A class, never changed once built: a replay restarted for every trace through a scene
    /// (`restart(plan:)`) is handed the plan without a copy of its arrays' references.
    final class Plan {
        let sources: [SourceName]
        let views: [LiveView]
        let topLevel: [Int]
        let recognizers: [any Recognizer]
        let recognizerView: [Int]
        let recognizerSource: [Int]
        let recognizerAttached: [Bool]
        /// Each view's control as a replay starts it, if it has one.
        let controls: [(any Control)?]
        /// The arena as a replay starts it (copied into the memory of each replay).
        let arena: Arena
        /// Where the views are as a replay starts.
        let live: LiveScene
        let version: Int
        /// What hit-tests in place of the scene's frames, if the scene's code does (`Scene.host`).
        let host: (any SceneHost)?

        init(scene: Scene) {
            var sources: [SourceName] = []
            var views: [LiveView] = []
            var recognizers: [any Recognizer] = []
            var recognizerView: [Int] = []
            var recognizerSource: [Int] = []
            var recognizerAttached: [Bool] = []
            var names: [String] = []
            var competes: [Bool] = []
            var answers: [Bool] = []
            var cancels: [Bool] = []
            var topLevel: [Int] = []
            var controls: [(any Control)?] = []
            let origins = scene.screenOrigins
            for (v, view) in scene.views.enumerated() {
                let first = recognizers.count
                for (k, r) in view.recognizers.enumerated() {
                    recognizerSource.append(sources.count)
                    sources.append(SourceName(view: view.name, name: r.name))
                    recognizers.append(r.recognizer)
                    recognizerView.append(v)
                    recognizerAttached.append(k < view.attachedCount)
                    names.append("\(view.name).\(r.name)")
                    competes.append(r.recognizer.competes)
                    answers.append(r.recognizer.answersArenaQuestions)
                    cancels.append(r.cancelsTouchesInView)
                }
                var controlSource = -1
                if let control = view.control {
                    controlSource = sources.count
                    sources.append(SourceName(view: view.name, name: control.name))
                }
                let frame = Rect(x: origins[v].x, y: origins[v].y, width: view.frame.width, height: view.frame.height)
                views.append(LiveView(
                    frame: frame, size: view.size, superview: view.superview ?? -1, recognizers: first..<recognizers.count,
                    hasControl: view.control != nil, controlSource: controlSource, holdsEveryPoint: view.holdsEveryPoint))
                controls.append(view.control?.control)
                if let s = view.superview { views[s].subviews.append(v) } else { topLevel.append(v) }
            }
            // Relations by index; references the scene reader could not resolve have been reported.
            var requires = Array(repeating: [Int](), count: recognizers.count)
            var pairs: [(Int, Int)] = []
            for (v, view) in scene.views.enumerated() {
                for (k, r) in view.recognizers.enumerated() {
                    let g = views[v].recognizers.lowerBound + k
                    for reference in r.requireToFail {
                        if let (fv, fr) = scene.recognizer(named: reference, from: v) {
                            let f = views[fv].recognizers.lowerBound + fr
                            if f != g && !requires[g].contains(f) { requires[g].append(f) }
                        }
                    }
                    for reference in r.simultaneousWith {
                        if let (ov, or) = scene.recognizer(named: reference, from: v) { pairs.append((g, views[ov].recognizers.lowerBound + or)) }
                    }
                }
            }
            // The views' own sources come after every recognizer and control (`Scene.sources`).
            let viewSources = scene.viewsMove ? Array(sources.count..<(sources.count + views.count)) : []
            if scene.viewsMove {
                for view in scene.views { sources.append(SourceName(view: view.name, name: Scene.viewSourceName)) }
            }
            self.sources = sources
            self.views = views
            self.topLevel = topLevel
            self.recognizers = recognizers
            self.recognizerView = recognizerView
            self.recognizerSource = recognizerSource
            self.recognizerAttached = recognizerAttached
            self.controls = controls
            self.version = scene.version
            self.host = scene.host
            let arena = Arena(names: names, competes: competes, cancelsTouches: cancels, requires: requires,
                              simultaneousPairs: pairs, isActive: scene.version >= 2, isExclusive: scene.recognition == .exclusive,
                              sources: recognizerSource, answers: answers)
            self.arena = arena
            let starts = scene.views.indices.compactMap { v in
                scene.views[v].startPlacement.map { (v: v, size: $0.size, toScreen: $0.toScreen) }
            }
            self.live = LiveScene(frames: views.map(\.frame), superviews: views.map(\.superview), recognizerViews: recognizerView,
                                  viewSources: viewSources, startPlacements: starts)
        }
    }

    /// The replay `Replayer.init(plan:sink:)` makes.
    init(plan: Plan, sink: RecordSink) {
        self.sources = plan.sources
        self.views = plan.views
        self.topLevel = plan.topLevel
        self.host = plan.host
        self.hasHost = plan.host != nil
        self.hostSendsEvents = plan.host != nil && plan.version >= 2
        // Each replay holds copies of its own (`hold` copies the value into new memory).
        let recognizerCells = plan.recognizers.map { hold($0) }
        let controlCells = plan.controls.map { $0.map { hold($0) } }
        self.memberStorage = PinnedBuffer(recognizerCells.indices.map { g in
            Member(cell: Unretained(recognizerCells[g]), view: plan.recognizerView[g], source: plan.recognizerSource[g],
                   attached: plan.recognizerAttached[g])
        })
        self.members = memberStorage.row
        self.controls = controlCells.map { $0.map { Unretained($0) } }
        self.cells = recognizerCells + controlCells.compactMap { $0 }
        self.sceneCells = recognizerCells
        self.firstLate = recognizerCells.count
        self.version = plan.version
        let texts = TextScope.current ?? TextScope()
        self.texts = texts
        self.lastScope = TextScopeMark(texts)
        self.arenaStorage = PinnedStorage(plan.arena)
        self.arena = arenaStorage.handle
        self.liveStorage = PinnedStorage(plan.live)
        self.live = liveStorage.handle
        if plan.arena.answers.contains(true) {
            // (Any version: a say on beginning counts in version 1 too.)
            // The arena asks the recognizers that have a say (their delegates, in UIKit).
            arena.value.ask = { question, g, other in
                recognizerCells[g].answer(question, about: recognizerCells[other])
            }
        }
        self.viewStorage = PinnedBuffer(repeating: -1, count: plan.views.count)
        self.viewMark = viewStorage.row
        self.touchedStorage = PinnedBuffer(repeating: -1, count: plan.views.count)
        self.touchedViews = touchedStorage.row
        self.slotStorage = PinnedBuffer(repeating: Slot(), count: 0)
        self.slots = slotStorage.row
        self.sink = sink
        let outlet = RecordOutlet(sink)
        self.outlet = outlet
        self.eventContextStorage = PinnedStorage(DeliveryContext(
            t: 0, eventIndex: 0, viewSize: (0, 0), eventTouches: TouchSet([]), source: 0, sink: outlet, arena: arenaStorage.handle, live: liveStorage.handle))
        self.eventContext = eventContextStorage.handle
        sink.keep(texts)
    }

    /// Makes this the replay `init(plan:sink:)` would make from `plan` — the one it was made
    /// from — into the same sink, keeping its memory: every recognizer and control as the plan
    /// starts them, the arena the plan's, no touch, no time, a text scope of its own as a new
    /// replay takes. For a caller that replays many traces through one scene, one at a time
    /// (`verify`'s workers).
    mutating func restart(plan: Plan) {
        for g in 0..<arena.value.count { members[g].cell.with { $0.restart() } }
        // (After their cells were reached above: dropping them lets them go.)
        if hasLate { dropLateRecognizers(plan: plan) }
        // Sources of views made while replaying leave too.
        if sources.count != plan.sources.count { sources = plan.sources }
        for cell in controls { cell?.with { $0.restart() } }
        // Of a view, only its count of touches down changes while replaying: the views are
        // kept, not copied from the plan again (a copy to be copied once more at the first
        // touch, as the plan shares it).
        assert(views.count == plan.views.count, "a replay restarts through the plan it was made from")
        for v in views.indices where views[v].touchesDown != 0 { views[v].touchesDown = 0 }
        arena.value.restart(as: plan.arena)
        live.value.restart()
        // The slots keep their number and take the values a new slot starts with (see
        // `deliverEvent`): the next trace uses about as many, and filling a few places costs
        // less than growing the array again.
        for slot in 0..<slots.count { slots[slot] = Slot() }
        touchedCount = 0
        for v in 0..<views.count { viewMark[v] = -1 }
        now = 0
        nextEventIndex = 0
        missedTouchCount = 0
        firstMissedTouch = nil
        finished = false
        resetAfterEvent.removeAll()
        texts = TextScope.current ?? TextScope()
        lastScope = TextScopeMark(texts)
        sink.keep(texts)
    }

    /// Makes `texts` current on this thread if no scope is (and says so, to be undone), and
    /// has the sink keep any other scope that is.
    private mutating func enterTextScope() -> Bool {
        let current = TextScopeMark.current
        if current == .none {
            TextScope.enter(texts)
            return true
        }
        if current != lastScope {
            lastScope = current
            if let scope = current.currentScope { sink.keep(scope) }
        }
        return false
    }

    mutating func consume(_ event: borrowing TouchEvent) {
        let entered = enterTextScope()
        defer { if entered { TextScope.leave() } }
        deliverEvent(event)
    }

    /// What `enterTextScope` does for every event, done once for a stream of events read while
    /// a text scope is current and stays so (see `ScopedReplayEvents`).
    mutating func enterStream() {
        let current = TextScopeMark.current
        precondition(current != .none, "events are streamed to a replay while a text scope is current")
        if current != lastScope {
            lastScope = current
            if let scope = current.currentScope { sink.keep(scope) }
        }
    }

    /// `consume` within a stream begun by `enterStream()`: the scope it noted is current still.
    mutating func consumeInStream(_ event: borrowing TouchEvent) {
        assert(TextScopeMark.current == lastScope, "the current text scope changed while events were streamed")
        deliverEvent(event)
    }

    private mutating func deliverEvent(_ event: borrowing TouchEvent) {
        if !arena.value.deadlines.isEmpty { fireDeadlines(by: DeadlineQueue.micros(event.t)) }
        now = event.t
        nextEventIndex = event.index + 1
        touchedCount = 0
        for touch in event.touches {
            let slot = touch.slot
            if slot >= slots.count { slots = slotStorage.grow(to: slot + 1, filling: Slot()) }
            if touch.phase == .began {
                // A touch belongs, for its whole life, to the view it began on.
                let view = version >= 2 ? (hasHost ? hostHitTest(touch.location, serial: touch.serial, event) : hitTestTree(touch.location))
                                        : hitTest(touch.location)
                if view < 0 {
                    if firstMissedTouch == nil { firstMissedTouch = (event.index, event.t, touch.id, touch.location, touch.offset) }
                    missedTouchCount += 1
                }
                slots[slot] = Slot(view: view, location: touch.location, beganAt: event.t, serial: touch.serial, id: touch.id,
                                   down: true, controlCancelled: false)
                var v = view
                while v >= 0 {
                    views[v].touchesDown += 1
                    v = version >= 2 ? views[v].superview : -1
                }
            }
            let view = slots[slot].view
            if view >= 0 && touch.phase != .stationary && viewMark[view] != event.index {
                viewMark[view] = event.index
                touchedViews[touchedCount] = view
                touchedCount += 1
            }
        }
        if touchedCount > 1 { touchedViews.sortPrefix(touchedCount) }
        if hostSendsEvents {
            hostSendEvent(event)
        } else {
            for i in 0..<touchedCount {
                deliver(event, to: touchedViews[i])
            }
            if !arena.value.afterEvent.isEmpty { callAfterEvent() }
        }
        if live.value.attachment != nil { runDueWorkThenTellAttachment(eventIndex: event.index) }
    }

    /// After the last event: fires the deadlines that remain, earliest first (SPEC 10), with the
    /// work gesture code scheduled (see `fireWork`) while any deadline, or work other than a
    /// repeating timer's, is pending — repeating timers fire in between and stop when only they
    /// are left — at most `maximumDeadlinesAfterTrace` of them in all.
    mutating func finish() {
        guard !finished else { return }
        finished = true
        let entered = enterTextScope()
        defer { if entered { TextScope.leave() } }
        var fired = 0
        while !arena.value.deadlines.isEmpty && fired < Self.maximumDeadlinesAfterTrace {
            if arena.value.deadlines.entries.count == 1 && arena.value.deadlines.entries[0].recognizer == DeadlineQueue.attachmentWork,
               (live.value.attachment as? ReplayAttachment)?.hasOneShotWork != true { break }
            fired += fireDeadlines(by: nil, limit: 1)
        }
    }

    /// Runs the work due at `entry`'s time (the queue's entry for the attachment's work), between
    /// events, as a deadline is fired: its state changes decided by the arena then, the actions
    /// after it, then the views' records.
    private mutating func fireWork(_ entry: DeadlineQueue.Entry) {
        now = entry.time
        runDueWorkThenTellAttachment(eventIndex: nextEventIndex)
        // Work left due at this very moment (past `maximumWorkAtOneTime`) waits for the next event.
        if let again = arena.value.deadlines.deadline(of: DeadlineQueue.attachmentWork), again.micros <= entry.micros {
            arena.value.deadlines.remove(DeadlineQueue.attachmentWork)
        }
        if version >= 2 { resetFinalRecognizers() }
    }

    /// At most this many pieces of work run at one time (work that schedules more for the same
    /// moment would otherwise never let time move on); the rest runs at the next event.
    static let maximumWorkAtOneTime = 100_000

    /// Runs, piece by piece, the work due by the time being served (`now`) — work scheduled for
    /// later that has come due, or for at once (`DispatchQueue.main.async`) by the event's or
    /// deadline's code and actions — each followed by what the arena decided and the actions it
    /// calls; then tells the attachment that the moment is over (its `viewChanged` records).
    private mutating func runDueWorkThenTellAttachment(eventIndex: Int) {
        guard let attachment = live.value.attachment as? ReplayAttachment else { return }
        let micros = DeadlineQueue.micros(now)
        var ran = 0
        while ran < Self.maximumWorkAtOneTime, let next = attachment.nextWork, next.micros <= micros {
            ran += 1
            var context = DeliveryContext(t: now, eventIndex: eventIndex, viewSize: (0, 0),
                                          eventTouches: TouchSet([]), source: 0, sink: outlet, arena: arena, live: live)
            guard attachment.runNextWork(dueBy: micros, &context) else { break }
            // What the work's code asked of recognizers, the arena has answered: their values take it.
            for g in 0..<arena.value.count { members[g].cell.with { $0.keepState(arena.value.state[g]) } }
            if arena.value.isActive { settle() }
            if !arena.value.afterEvent.isEmpty { callAfterEvent() }
        }
        tellAttachmentEventEnded()
        // Recognizers its code added take part from the next touch.
        if !live.value.lateRequests.isEmpty { joinLateRecognizers() }
        // Views its code made and put in the screen have records from now on.
        if !live.value.madeViewRequests.isEmpty { joinMadeViews() }
        // The work still pending is fired as a deadline of its own, at its time.
        if let next = attachment.nextWork {
            arena.value.deadlines.set(DeadlineQueue.attachmentWork, at: next.time)
        } else if !arena.value.deadlines.isEmpty {
            arena.value.deadlines.remove(DeadlineQueue.attachmentWork)
        }
    }

    /// Version 1: the front-most view whose hit area holds the point, judged on the live
    /// controls (a range slider's thumbs are where its values have moved them), or -1.
    private func hitTest(_ p: Point) -> Int {
        var i = views.count - 1
        while i >= 0 {
            let view = views[i]
            if live.value.anyPlaced, let placement = live.value.placements[i] {
                // Moved by gesture code: hit where it is now.
                let q = placement.toView.apply(p)
                if q.x >= 0 && q.x <= placement.size.width && q.y >= 0 && q.y <= placement.size.height {
                    guard let control = controls[i] else { return i }
                    if control.with({ $0.hitTest(q, viewSize: placement.size) }) { return i }
                }
            } else if view.frame.contains(p) {
                guard let control = controls[i] else { return i }
                if control.with({ $0.hitTest(p - view.frame.origin, viewSize: view.size) }) { return i }
            }
            i -= 1
        }
        return -1
    }

    /// Version 2 (SPEC 11): from the front-most top-level view down, the deepest view whose hit
    /// area holds the point (half-open, as `CGRect.contains`), or -1.
    private func hitTestTree(_ p: Point) -> Int {
        for v in topLevel.reversed() {
            if let hit = hit(v, p) { return hit }
        }
        return -1
    }

    /// The view the scene's code hit-tests at `p` for the touch `serial` beginning in `event`
    /// (`Scene.host`).
    @inline(never)
    private func hostHitTest(_ p: Point, serial: Int, _ event: borrowing TouchEvent) -> Int {
        var context = DeliveryContext(t: event.t, eventIndex: event.index, viewSize: (0, 0),
                                      eventTouches: TouchSet([]), source: 0, sink: outlet, arena: arena, live: live)
        let v = host!.hitTest(p, serial: serial, &context)
        return v >= 0 && v < views.count ? v : -1
    }

    /// Hands the event to the scene's code (`SceneHost.sendEvent`), which has it delivered to
    /// the touched views, the actions it calls run — or not: then `swallow(_:)`.
    @inline(never)
    private mutating func hostSendEvent(_ event: borrowing TouchEvent) {
        let host = self.host!
        var onScreen: [ViewTouch] = []
        onScreen.reserveCapacity(event.touches.count)
        for touch in event.touches {
            let slot = slots[touch.slot]
            onScreen.append(ViewTouch(id: touch.id, serial: touch.serial, slot: touch.slot, phase: touch.phase, location: touch.location,
                                      previousLocation: slot.location, beganAt: slot.beganAt, force: touch.force ?? 0,
                                      majorRadius: touch.majorRadius ?? 0))
        }
        var context = DeliveryContext(t: event.t, eventIndex: event.index, viewSize: (0, 0),
                                      eventTouches: TouchSet(onScreen), source: 0, sink: outlet, arena: arena, live: live)
        var delivered = false
        host.sendEvent(&context) {
            guard !delivered else { return }
            delivered = true
            for i in 0..<touchedCount {
                deliver(event, to: touchedViews[i])
            }
            // The actions run within the scene's code's handling of the event.
            if !arena.value.afterEvent.isEmpty { callAfterEvent() }
        }
        if !delivered {
            swallow(event)
            if !arena.value.afterEvent.isEmpty { callAfterEvent() }
        }
    }

    /// The scene's code kept the event from its views: a touch that began in it belongs to no
    /// view from now on (nothing had its beginning), and one that lifted in it is up (its
    /// views' recognizers may be reset), with nothing delivered.
    private mutating func swallow(_ event: borrowing TouchEvent) {
        var lifted = false
        for touch in event.touches {
            let slot = touch.slot
            slots[slot].location = touch.location
            let v = slots[slot].view
            guard v >= 0, slots[slot].down, touch.phase == .began || touch.phase.isEnding else { continue }
            slots[slot].down = false
            if touch.phase == .began { slots[slot].view = -1 }
            var u = v
            while u >= 0 {
                views[u].touchesDown -= 1
                u = views[u].superview
            }
            lifted = true
        }
        if lifted { arena.value.resetMayBeDue = true }
        resetFinalRecognizers()
    }

    private func hit(_ v: Int, _ p: Point) -> Int? {
        let view = views[v]
        if live.value.anyPlaced, let placement = live.value.placements[v] {
            // Moved by gesture code: hit where it is now (a view that holds every point still does).
            let q = placement.toView.apply(p)
            if !view.holdsEveryPoint {
                guard q.x >= 0 && q.x < placement.size.width && q.y >= 0 && q.y < placement.size.height else { return nil }
                if let control = controls[v], !control.with({ $0.hitTest(q, viewSize: placement.size, halfOpen: true) }) {
                    return nil
                }
            }
        } else if !view.holdsEveryPoint {
            guard view.frame.containsHalfOpen(p) else { return nil }
            if let control = controls[v], !control.with({ $0.hitTest(p - view.frame.origin, viewSize: view.size, halfOpen: true) }) {
                return nil
            }
        }
        for s in view.subviews.reversed() {
            if let hit = hit(s, p) { return hit }
        }
        return v
    }

    private mutating func deliver(_ event: borrowing TouchEvent, to v: Int) {
        let origin = views[v].frame.origin
        // Where gesture code has moved the view, if it has (then its touches are located there).
        let placement = live.value.anyPlaced ? live.value.placements[v] : nil
        let context = eventContext
        context.value.reuse(t: event.t, eventIndex: event.index, viewSize: placement?.size ?? views[v].size)
        let slots = self.slots
        // The view's touches in the order the event lists them, counted by phase (began, moved,
        // ended, cancelled) as they are put in place.
        var counts: (Int, Int, Int, Int) = (0, 0, 0, 0)
        context.value.eventTouches.refill(capacity: event.touches.count, padding: Self.unusedTouch) { delivery in
            var placed = 0
            for touch in event.touches where touch.phase != .stationary && slots[touch.slot].view == v {
                switch touch.phase {
                case .began: counts.0 += 1
                case .moved: counts.1 += 1
                case .ended: counts.2 += 1
                default: counts.3 += 1
                }
                // A touch is listed once per event: its last location is read, then moved on.
                let location: Point, previous: Point
                if let placement {
                    location = placement.toView.apply(touch.location)
                    previous = placement.toView.apply(slots[touch.slot].location)
                } else {
                    location = touch.location - origin
                    previous = slots[touch.slot].location - origin
                }
                delivery[placed] = ViewTouch(
                    id: touch.id, serial: touch.serial, slot: touch.slot, phase: touch.phase,
                    location: location, previousLocation: previous,
                    beganAt: slots[touch.slot].beganAt, force: touch.force ?? 0, majorRadius: touch.majorRadius ?? 0)
                slots[touch.slot].location = touch.location
                placed += 1
            }
            return placed
        }
        let total = counts.0 + counts.1 + counts.2 + counts.3
        let ending = counts.2 + counts.3
        context.value.eventLiftCount = ending
        if total == counts.0 || total == counts.1 || total == counts.2 || total == counts.3 {
            // One phase (almost every event): its set is every touch, in place.
            let phase = counts.0 > 0 ? 0 : counts.1 > 0 ? 1 : counts.2 > 0 ? 2 : 3
            if total > 0 {
                let set = TouchSet(storage: context.value.eventTouches.storage, range: 0..<total)
                deliverAlongChain(set, phase: phase, hitView: v, &context.value)
            }
        } else {
            // Several: grouped by phase, each group in the order the event lists it; the phases'
            // sets, each where the previous one ends.
            let bounds = (counts.0, counts.0 + counts.1, counts.0 + counts.1 + counts.2, total)
            groupByPhase(total: total, bounds: bounds)
            var start = 0
            for k in 0..<4 {
                let end = k == 0 ? bounds.0 : k == 1 ? bounds.1 : k == 2 ? bounds.2 : bounds.3
                if end > start {
                    let set = TouchSet(storage: context.value.eventTouches.storage, range: start..<end)
                    deliverAlongChain(set, phase: k, hitView: v, &context.value)
                }
                start = end
            }
        }
        if ending > 0 {
            // The lifting touches are down until their sets have been delivered: a win in this
            // event still cancels them for the control that tracks them (rule 4).
            for touch in event.touches where touch.phase.isEnding && slots[touch.slot].view == v { slots[touch.slot].down = false }
            if version >= 2 {
                var u = v
                while u >= 0 {
                    views[u].touchesDown -= ending
                    u = views[u].superview
                }
                arena.value.resetMayBeDue = true
                resetFinalRecognizers()
            } else {
                views[v].touchesDown -= ending
                if views[v].touchesDown == 0 {
                    if hasLate { resetLateVersion1(of: v) }
                    for g in views[v].recognizers {
                        // One to be called after the event is reset after that call.
                        if arena.value.afterEventAsked[g] {
                            resetAfterEvent.append(g)
                            continue
                        }
                        members[g].cell.with { $0.reset() }
                        arena.value.reset(g)
                    }
                }
            }
        } else if version >= 2 {
            resetFinalRecognizers()
        }
    }

    /// Version 1: the recognizers added to view `v` while replaying are reset with its own
    /// once no touch is down on it.
    @inline(never)
    private mutating func resetLateVersion1(of v: Int) {
        guard v < lateOfView.count else { return }
        for g in lateOfView[v].inside.map(\.g) + lateOfView[v].own {
            if arena.value.afterEventAsked[g] {
                resetAfterEvent.append(g)
                continue
            }
            members[g].cell.with { $0.reset() }
            arena.value.reset(g)
        }
    }

    /// Puts the `total` touches of the event's scratch (`eventContext`'s event touches) in
    /// the order of their phases, began, moved, ended, then cancelled, each phase's in the order
    /// they were; `bounds` are where each phase's touches end.
    private mutating func groupByPhase(total: Int, bounds: (Int, Int, Int, Int)) {
        if converted.count < total { converted.append(contentsOf: repeatElement(Self.unusedTouch, count: total - converted.count)) }
        do {
            // (The set is let go before it is refilled: it would otherwise be copied then.)
            let touches = eventContext.value.eventTouches
            for i in 0..<total { converted[i] = touches[i] }
        }
        let listed = converted
        eventContext.value.eventTouches.refill(capacity: total, padding: Self.unusedTouch) { delivery in
            var next = (0, bounds.0, bounds.1, bounds.2)
            for i in 0..<total {
                let place: Int
                switch listed[i].phase {
                case .began: place = next.0; next.0 += 1
                case .moved: place = next.1; next.1 += 1
                case .ended: place = next.2; next.2 += 1
                default: place = next.3; next.3 += 1
                }
                delivery[place] = listed[i]
            }
            return total
        }
    }

    /// Delivers one set (phase 0 began, 1 moved, 2 ended, 3 cancelled) to the recognizers of the
    /// hit view, then of each ancestor, then to the hit view's control.
    private mutating func deliverAlongChain(_ set: TouchSet, phase: Int, hitView v: Int, _ context: inout DeliveryContext) {
        deliverToRecognizers(of: v, set, phase: phase, &context)
        var ancestor = version >= 2 ? views[v].superview : -1
        while ancestor >= 0 {
            // The same touches in the ancestor's coordinates, and every touch of the event on the
            // hit view (the context's).
            let setInAncestor: TouchSet
            let allInAncestor: TouchSet
            if live.value.anyPlaced && (live.value.placements[v] != nil || live.value.placements[ancestor] != nil) {
                setInAncestor = converted(set, from: v, to: ancestor, scratchOffset: 0)
                allInAncestor = converted(context.eventTouches, from: v, to: ancestor, scratchOffset: setInAncestor.count)
            } else {
                let shift = views[v].frame.origin - views[ancestor].frame.origin
                setInAncestor = shifted(set, by: shift, scratchOffset: 0)
                allInAncestor = shifted(context.eventTouches, by: shift, scratchOffset: setInAncestor.count)
            }
            var ancestorContext = DeliveryContext(t: context.t, eventIndex: context.eventIndex, viewSize: viewSize(ancestor),
                                                  eventTouches: allInAncestor, source: 0, sink: outlet, arena: arena, live: live)
            deliverToRecognizers(of: ancestor, setInAncestor, phase: phase, &ancestorContext)
            ancestor = views[ancestor].superview
        }
        // A screen built in code: the hit view's turn (its `touchesBegan`…), after the recognizers.
        if hasHost { hostTouchesDelivered(set, phase: phase, hitView: v, &context) }
        guard views[v].hasControl else { return }
        context.source = views[v].controlSource
        context.recognizer = -1
        guard arena.value.isActive else {
            // Version 1: nothing is cancelled for controls; the set goes as it is (not copied).
            callControl(v, phase: phase, set, &context)
            return
        }
        let forControl = withoutCancelledTouches(set)
        guard !forControl.isEmpty else { return }
        callControl(v, phase: phase, forControl, &context)
    }

    /// The scene's code gives hit view `v` the set (`SceneHost.touchesDelivered`).
    @inline(never)
    private func hostTouchesDelivered(_ set: TouchSet, phase: Int, hitView v: Int, _ context: inout DeliveryContext) {
        host!.touchesDelivered(set, phase: phase, hitView: v, &context)
    }

    /// What fills the places of the scratch sets that are not written yet (never delivered).
    private static var unusedTouch: ViewTouch { ViewTouch(id: .number(0), serial: 0, slot: 0, phase: .stationary, location: .zero) }

    /// A copy of the set with every location moved by `shift`, in the `converted` scratch.
    private mutating func shifted(_ set: TouchSet, by shift: Point, scratchOffset: Int) -> TouchSet {
        let needed = scratchOffset + set.count
        if converted.count < needed {
            converted.append(contentsOf: repeatElement(Self.unusedTouch, count: needed - converted.count))
        }
        for (i, touch) in set.enumerated() {
            var moved = touch
            moved.location = touch.location + shift
            moved.previousLocation = touch.previousLocation + shift
            converted[scratchOffset + i] = moved
        }
        return TouchSet(storage: converted, range: scratchOffset..<needed)
    }

    /// A copy of the set (in view `v`'s coordinates) in view `u`'s, through the screen, in the
    /// `converted` scratch: for views gesture code has moved.
    private mutating func converted(_ set: TouchSet, from v: Int, to u: Int, scratchOffset: Int) -> TouchSet {
        let needed = scratchOffset + set.count
        if converted.count < needed {
            converted.append(contentsOf: repeatElement(Self.unusedTouch, count: needed - converted.count))
        }
        for (i, touch) in set.enumerated() {
            var moved = touch
            moved.location = live.value.location(live.value.screenLocation(touch.location, of: v), in: u)
            moved.previousLocation = live.value.location(live.value.screenLocation(touch.previousLocation, of: v), in: u)
            converted[scratchOffset + i] = moved
        }
        return TouchSet(storage: converted, range: scratchOffset..<needed)
    }

    /// View `v`'s size now (its bounds), in points.
    private func viewSize(_ v: Int) -> (width: Double, height: Double) {
        live.value.anyPlaced ? live.value.size(of: v) : views[v].size
    }

    /// The set without the touches a winning recognizer has cancelled for controls.
    private func withoutCancelledTouches(_ set: TouchSet) -> TouchSet {
        guard set.contains(where: { slots[$0.slot].controlCancelled }) else { return set }
        return TouchSet(set.filter { !slots[$0.slot].controlCancelled })
    }

    private mutating func deliverToRecognizers(of v: Int, _ set: TouchSet, phase: Int, _ context: inout DeliveryContext) {
        if hasLate { deliverToLate(of: v, inside: true, set, phase: phase, &context) }
        guard arena.value.isActive else {
            // Version 1: nothing waits, competes or is cancelled; every recognizer not in a
            // final state gets the set.
            for g in views[v].recognizers where !arena.value.state[g].isFinal {
                callRecognizer(g, view: v, phase: phase, set, &context)
            }
            if hasLate { deliverToLate(of: v, inside: false, set, phase: phase, &context) }
            return
        }
        for g in views[v].recognizers {
            if arena.value.state[g].isFinal { continue }
            if arena.value.isWaiting(g) {
                // It receives nothing while it waits, but the touch reaches it: it competes for it.
                if phase == 0 {
                    for touch in set { arena.value.askAboutFirstSharing(g, arena.value.noteTouch(g, serial: touch.serial, slot: touch.slot)) }
                }
                if phase >= 2 { noteMissed(g, set) }
                continue
            }
            if arena.value.competes[g] {
                // The set as it is: not copied (a copy counts a reference to its touches).
                if set.isEmpty { continue }
                if phase == 0 {
                    var firstShared: [Int] = []
                    for touch in set { firstShared += arena.value.noteTouch(g, serial: touch.serial, slot: touch.slot) }
                    callRecognizer(g, view: v, phase: phase, set, &context)
                    // Asked once the recognizer has had the touch (the first call makes a
                    // TouchTraceUIKit recognizer's object, which has the answers).
                    if !firstShared.isEmpty { arena.value.askAboutFirstSharing(g, firstShared) }
                } else {
                    callRecognizer(g, view: v, phase: phase, set, &context)
                }
            } else {
                let given = withoutCancelledTouches(set)
                if given.isEmpty { continue }
                callRecognizer(g, view: v, phase: phase, given, &context)
            }
            settle()
        }
        if hasLate { deliverToLate(of: v, inside: false, set, phase: phase, &context) }
    }

    // MARK: Recognizers added while replaying (SPEC 17)

    /// Delivers the set to the recognizers added to view `v` while replaying (`inside`: those of
    /// views inside it that are not the scene's, else its own), each given the touches it takes:
    /// as they begin, those not down when it joined and that it accepts; then those it took.
    @inline(never)
    private mutating func deliverToLate(of v: Int, inside: Bool, _ set: TouchSet, phase: Int, _ context: inout DeliveryContext) {
        guard v < lateOfView.count else { return }
        let list = inside ? lateOfView[v].inside.map(\.g) : lateOfView[v].own
        for g in list {
            let k = g - firstLate
            var given: [ViewTouch] = []
            for touch in set {
                if phase == 0 {
                    if late[k].excluded.contains(touch.serial) { continue }
                    if let accepts = late[k].accepts, !accepts(touch.serial) { continue }
                    late[k].serials.append(touch.serial)
                } else if !late[k].serials.contains(touch.serial) {
                    continue
                }
                given.append(touch)
            }
            if phase >= 2 { late[k].serials.removeAll { serial in given.contains { $0.serial == serial } } }
            if given.isEmpty { continue }
            deliverToOne(g, view: v, given.count == set.count ? set : TouchSet(given), phase: phase, &context)
        }
    }

    /// Delivers a set to one recognizer as `deliverToRecognizers` does to each of a view's.
    /// (The loop's body, copied: the loop calling this instead costs the replay of a version 2
    /// trace through the arena 3% more instructions, as the call is not inlined.)
    private mutating func deliverToOne(_ g: Int, view v: Int, _ set: TouchSet, phase: Int, _ context: inout DeliveryContext) {
        if arena.value.state[g].isFinal { return }
        guard arena.value.isActive else {
            callRecognizer(g, view: v, phase: phase, set, &context)
            return
        }
        if arena.value.isWaiting(g) {
            if phase == 0 {
                for touch in set { arena.value.askAboutFirstSharing(g, arena.value.noteTouch(g, serial: touch.serial, slot: touch.slot)) }
            }
            if phase >= 2 { noteMissed(g, set) }
            return
        }
        if arena.value.competes[g] {
            if phase == 0 {
                var firstShared: [Int] = []
                for touch in set { firstShared += arena.value.noteTouch(g, serial: touch.serial, slot: touch.slot) }
                callRecognizer(g, view: v, phase: phase, set, &context)
                if !firstShared.isEmpty { arena.value.askAboutFirstSharing(g, firstShared) }
            } else {
                callRecognizer(g, view: v, phase: phase, set, &context)
            }
        } else {
            let given = withoutCancelledTouches(set)
            if given.isEmpty { return }
            callRecognizer(g, view: v, phase: phase, given, &context)
        }
        settle()
    }

    /// Takes in the recognizers gesture code added during the call just over
    /// (`DeliveryContext.addLateRecognizer`), in the order added: each a new source (defined to
    /// the sink before any record of it), a new member of the arena, and a recognizer of its
    /// scene view.
    @inline(never)
    private mutating func joinLateRecognizers() {
        let requests = live.value.lateRequests
        live.value.lateRequests.removeAll()
        var down: [Int] = []
        for slot in 0..<slots.count where slots[slot].down { down.append(slots[slot].serial) }
        if lateOfView.isEmpty { lateOfView = Array(repeating: (inside: [], own: []), count: views.count) }
        for request in requests {
            let source = sources.count
            sources.append(request.source)
            sink.define(source: source, as: request.source)
            let cell = hold(request.recognizer)
            cells.append(cell)
            lateCells.append(cell)
            let g = arena.value.append(name: "\(request.source.view).\(request.source.name)", competes: request.recognizer.competes,
                                       cancelsTouches: request.cancelsTouchesInView, answers: request.recognizer.answersArenaQuestions,
                                       source: source)
            let member = Member(cell: Unretained(cell), view: request.view, source: source, attached: false)
            if g >= members.count { members = memberStorage.grow(to: g + 1, filling: member) }
            members[g] = member
            live.value.appendRecognizer(view: request.view)
            late.append(LateMember(accepts: request.accepts, excluded: down))
            if request.depth > 0 {
                // Deeper views' recognizers first; of one depth, in the order added.
                var list = lateOfView[request.view].inside
                let at = list.firstIndex { $0.depth < request.depth } ?? list.count
                list.insert((g, request.depth), at: at)
                lateOfView[request.view].inside = list
            } else {
                lateOfView[request.view].own.append(g)
            }
            hasLate = true
        }
        if arena.value.answers.contains(true) {
            // The arena's questions reach the added recognizers too.
            let all = sceneCells + lateCells
            arena.value.ask = { question, g, other in all[g].answer(question, about: all[other]) }
        }
    }

    /// Gives each view gesture code made during the call just over
    /// (`DeliveryContext.addMadeView`) its source, defined to the sink before any record of it,
    /// in the order asked for.
    @inline(never)
    private mutating func joinMadeViews() {
        let requests = live.value.madeViewRequests
        live.value.madeViewRequests.removeAll()
        for name in requests {
            let source = sources.count
            sources.append(name)
            sink.define(source: source, as: name)
            live.value.madeViewSources.append(source)
        }
    }

    /// Restarting: the recognizers added while replaying leave (the arena's restart drops their places).
    private mutating func dropLateRecognizers(plan: Plan) {
        for _ in lateCells { cells.removeLast() }
        lateCells = []
        late = []
        lateOfView = []
        hasLate = false
        sources = plan.sources
        live.value.keepRecognizers(firstLate)
        if !sceneCells.isEmpty && plan.arena.answers.contains(true) {
            let all = sceneCells
            arena.value.ask = { question, g, other in all[g].answer(question, about: all[other]) }
        } else {
            arena.value.ask = nil
        }
    }

    /// A waiting recognizer keeps the lifts of its touches, to be told of them once it has won.
    private func noteMissed(_ g: Int, _ set: TouchSet) {
        for touch in set where arena.value.touches[g].contains(where: { $0.serial == touch.serial }) {
            arena.value.waiting[g]!.missed.append(touch)
        }
    }

    /// Calls one recognizer with a set (phase 0–3) or at its deadline (phase 4), then keeps its
    /// state as the arena decided and runs its action on the control that brought it.
    private mutating func callRecognizer(_ g: Int, view v: Int, phase: Int, _ set: TouchSet, _ context: inout DeliveryContext) {
        let member = members[g]
        context.source = member.source
        context.recognizer = g
        context.action = nil
        member.cell.with { $0.call(phase: phase, set, &context) }
        if member.attached, let action = context.action, views[v].hasControl {
            // The recognizer's target is the control that brought it: its action runs now.
            context.source = views[v].controlSource
            context.recognizer = -1
            controls[v]!.with { $0.recognizerAction(action, &context) }
        }
    }

    private mutating func callControl(_ v: Int, phase: Int, _ set: TouchSet, _ context: inout DeliveryContext) {
        controls[v]!.with { $0.call(phase: phase, set, &context) }
        if context.messages != nil { deliverMessages(&context) }
    }

    /// Delivers the messages a control's call left for controls of other views (rarely any:
    /// kept out of line, so that `callControl` stays small enough to be inlined).
    @inline(never)
    private mutating func deliverMessages(_ context: inout DeliveryContext) {
        guard let messages = context.messages else { return }
        context.messages = nil
        for (target, message) in messages where views[target].hasControl {
            var targetContext = DeliveryContext(t: context.t, eventIndex: context.eventIndex, viewSize: viewSize(target),
                                                eventTouches: TouchSet([]), source: views[target].controlSource, sink: outlet, arena: arena, live: live)
            controls[target]!.with { $0.receive(message, &targetContext) }
        }
    }

    /// Fires the deadlines due by `micros` (all, when nil), at most `limit`; returns how many fired.
    @discardableResult
    private mutating func fireDeadlines(by micros: Int64?, limit: Int = .max) -> Int {
        var fired = 0
        while fired < limit, let entry = arena.value.deadlines.popDue(by: micros) {
            let g = entry.recognizer
            if g == DeadlineQueue.attachmentWork {
                fired += 1
                fireWork(entry)
                continue
            }
            guard !arena.value.state[g].isFinal, !arena.value.isWaiting(g) else { continue }
            fired += 1
            now = entry.time
            let v = members[g].view
            var context = DeliveryContext(t: entry.time, eventIndex: nextEventIndex, viewSize: viewSize(v),
                                          eventTouches: TouchSet([]), source: 0, sink: outlet, arena: arena, live: live)
            callRecognizer(g, view: v, phase: 4, TouchSet([]), &context)
            // A deadline asked for at the very moment being served would never let time move on.
            if let again = arena.value.deadlines.deadline(of: g), again.micros <= entry.micros { arena.value.deadlines.remove(g) }
            if arena.value.isActive { settle() }
            if !arena.value.afterEvent.isEmpty { callAfterEvent() }
            if live.value.attachment != nil { runDueWorkThenTellAttachment(eventIndex: nextEventIndex) }
            if version >= 2 { resetFinalRecognizers() }
        }
        return fired
    }

    /// Calls the recognizers that asked to be called after the event (or deadline) just
    /// delivered, in scene order, each once: one that asks again while being called is called
    /// after the next event; one asked for by another's call (an action that changes a second
    /// recognizer) is called in this event. Then those whose view has no touch down and that
    /// are final are reset, as the event's delivery would have reset them.
    private mutating func callAfterEvent() {
        var called: [Int] = []
        var again: [Int] = []
        while !arena.value.afterEvent.isEmpty {
            for g in arena.value.takeAfterEvent() {
                if called.contains(g) {
                    if !again.contains(g) { again.append(g) }
                    continue
                }
                called.append(g)
                let v = members[g].view
                var context = DeliveryContext(t: now, eventIndex: max(nextEventIndex - 1, 0), viewSize: viewSize(v),
                                              eventTouches: TouchSet([]), source: members[g].source, sink: outlet, arena: arena, live: live)
                callRecognizer(g, view: v, phase: 5, TouchSet([]), &context)
                if arena.value.isActive { settle() }
            }
        }
        for g in again { arena.value.callAfterEvent(g) }
        if version >= 2 {
            resetFinalRecognizers()
        } else if !resetAfterEvent.isEmpty {
            // Version 1: those whose view's last touch lifted in this event.
            for g in resetAfterEvent where views[members[g].view].touchesDown == 0 {
                members[g].cell.with { $0.reset() }
                arena.value.reset(g)
            }
            resetAfterEvent.removeAll()
        }
    }

    /// Tells what TouchTraceUIKit keeps for the replay that the event (or deadline) at `now` is
    /// over: it writes the `viewChanged` records of the views its code moved, and places them.
    private mutating func tellAttachmentEventEnded() {
        guard let attachment = live.value.attachment as? ReplayAttachment else { return }
        var context = DeliveryContext(t: now, eventIndex: max(nextEventIndex - 1, 0), viewSize: (0, 0),
                                      eventTouches: TouchSet([]), source: 0, sink: outlet, arena: arena, live: live)
        attachment.eventDidEnd(&context)
    }

    // MARK: What the arena decides, carried out where it is the replay's (SPEC 12)

    /// Has the arena carry out what its decisions have set off (see `Arena.settle`).
    private mutating func settle() {
        Arena.settle(arena, at: now, into: outlet, &self)
    }

    /// The arena failed `g` by a rule: its value takes the state.
    mutating func arenaFailed(_ g: Int) {
        members[g].cell.with { $0.keepState(.failed) }
    }

    /// A waiting recognizer has won with what it kept: its value takes the state, the control
    /// that brought it runs its action, and it is told of the lifts it missed (a continuous
    /// recognizer whose touches all lifted ends at once).
    mutating func arenaReleased(_ w: Int, _ kept: Arena.Waiting, at t: Double) {
        members[w].cell.with { $0.keepState(kept.state) }
        // Its own actions (a TouchTraceUIKit recognizer's targets) run after the event, as any.
        if kept.state.firesAction { arena.value.callAfterEvent(w) }
        let v = members[w].view
        var context = DeliveryContext(t: t, eventIndex: nextEventIndex, viewSize: viewSize(v),
                                      eventTouches: TouchSet([]), source: members[w].source, sink: outlet, arena: arena, live: live)
        if kept.state.firesAction && members[w].attached && views[v].hasControl {
            context.source = views[v].controlSource
            controls[v]!.with { $0.recognizerAction(RecognizerAction(state: kept.state, value: kept.actionValue), &context) }
        }
        let ended = kept.missed.filter { $0.phase == .ended }
        let cancelled = kept.missed.filter { $0.phase == .cancelled }
        if !ended.isEmpty && !arena.value.state[w].isFinal { callRecognizer(w, view: v, phase: 2, TouchSet(ended), &context) }
        if !cancelled.isEmpty && !arena.value.state[w].isFinal { callRecognizer(w, view: v, phase: 3, TouchSet(cancelled), &context) }
    }

    /// Rule 4: the touches the winner has received and that are still down are cancelled for
    /// the controls tracking them — and for recognizers that only report (`spots`) — and reach
    /// none of them again.
    mutating func arenaCancelsTouchesForControls(of r: Int, at now: Double) -> Int {
        var hits: [(view: Int, slot: Int)] = []
        var cancelled = 0
        for (serial, slot) in arena.value.touches[r] where slots[slot].down && slots[slot].serial == serial && !slots[slot].controlCancelled {
            slots[slot].controlCancelled = true
            cancelled += 1
            if slots[slot].view >= 0 { hits.append((slots[slot].view, slot)) }
        }
        guard !hits.isEmpty else { return cancelled }
        let hitViews = Set(hits.map(\.view)).sorted()
        for h in hitViews {
            let inHitView = hits.filter { $0.view == h }
            let origin = views[h].frame.origin
            func located(in u: Int) -> TouchSet {
                TouchSet(inHitView.map { hit in
                    let slot = slots[hit.slot]
                    // As located in the hit view, then moved by the difference of the origins
                    // (through the screen where gesture code has moved a view).
                    let p = live.value.anyPlaced
                        ? live.value.location(slot.location, in: u)
                        : (slot.location - origin) + (origin - views[u].frame.origin)
                    return ViewTouch(id: slot.id, serial: slot.serial, slot: hit.slot, phase: .cancelled,
                                     location: p, previousLocation: p, beganAt: slot.beganAt)
                })
            }
            let set = located(in: h)
            var u = h
            while u >= 0 {
                let inView = located(in: u)
                var context = DeliveryContext(t: now, eventIndex: nextEventIndex, viewSize: viewSize(u),
                                              eventTouches: inView, source: 0, sink: outlet, arena: arena, live: live)
                for g in views[u].recognizers where !arena.value.competes[g] && !arena.value.state[g].isFinal {
                    callRecognizer(g, view: u, phase: 3, inView, &context)
                }
                u = views[u].superview
            }
            if views[h].hasControl {
                var context = DeliveryContext(t: now, eventIndex: nextEventIndex, viewSize: viewSize(h),
                                              eventTouches: set, source: views[h].controlSource, sink: outlet, arena: arena, live: live)
                callControl(h, phase: 3, set, &context)
            }
        }
        return cancelled
    }

    /// Version 2 (SPEC 13.1): a final recognizer is reset once no touch that reaches it is down.
    /// One that goes on (a tap waiting for its next tap) forgets the touches that have lifted:
    /// recognizers compete over the touches of the gesture under way.
    ///
    /// Passed over while the arena knows of no change since a pass that found nothing
    /// (`Arena.resetMayBeDue`): the pass would find nothing again.
    private mutating func resetFinalRecognizers() {
        guard arena.value.resetMayBeDue else { return }
        var found = false
        for g in 0..<arena.value.count where views[members[g].view].touchesDown == 0 && !arena.value.afterEventAsked[g] {
            if arena.value.state[g].isFinal {
                members[g].cell.with { $0.reset() }
                arena.value.reset(g)
                found = true
            } else if !arena.value.touches[g].isEmpty && arena.value.waiting[g] == nil {
                arena.value.touches[g].removeAll(keepingCapacity: true)
                found = true
            }
        }
        if !found { arena.value.resetMayBeDue = false }
    }
}

extension Replayer {
    /// Replays a whole trace through a scene into a sink (one pass over the events, then the
    /// deadlines that remain).
    public static func replay(_ trace: Trace, scene: Scene, into sink: RecordSink) {
        var replayer = Replayer(scene: scene, sink: sink)
        replayer.consumeEvents(of: trace)
        replayer.finish()
    }

    /// Replays every event of `trace`, as `trace.forEachEvent(&replayer)` does; call `finish()`
    /// after it for the deadlines that remain.
    ///
    /// Prefer it to `forEachEvent` from another module: here the trace's reading loop is
    /// compiled for the replayer, with every event handed over by a direct call, where a
    /// caller elsewhere gets the loop compiled for any consumer.
    public mutating func consumeEvents(of trace: Trace) {
        // What touches are measured against (UITouch.maximumPossibleForce; SPEC 17).
        core.value.live.value.maximumForce = trace.header.maximumForce
        // The scope `forEachEvent` makes current, made current here first, so that the replay
        // looks at it once rather than at every event.
        (TextScope.current ?? trace.texts).run {
            var events = ScopedReplayEvents(self)
            trace.forEachEvent(&events)
        }
    }
}

/// A replay's consumer of one stream of events read while a text scope is current and stays
/// so — as `Trace.parse` and `Trace.forEachEvent` keep one while they hand events over — made
/// within that scope: it replays each event as `Replayer.consume` does, having looked at the
/// current scope once, when it was made, where `consume` looks at it (a thread-specific read)
/// for every event.
struct ScopedReplayEvents: TouchEventConsumer {
    /// The replay (a handle to it, which keeps it).
    let replayer: Replayer

    /// The consumer of a stream of events for `replayer`; a text scope must be current.
    init(_ replayer: Replayer) {
        self.replayer = replayer
        replayer.core.value.enterStream()
    }

    mutating func consume(_ event: borrowing TouchEvent) {
        replayer.core.value.consumeInStream(event)
    }
}

/// A recognizer of a replay, in memory of its own for the life of the replay and called where
/// it lies. (Held in an array of `any Recognizer`, every mutating call would check the array,
/// then the existential's box, for sole ownership: at every touch of every event.) Made by
/// `hold(_:)` as a `HeldRecognizer`, which holds the recognizer's type and overrides every method.
private class RecognizerCell {
    /// Calls the recognizer with a set (phase 0–3), at its deadline (phase 4) or after an event
    /// (phase 5), then sets its state to the arena's.
    func call(phase: Int, _ set: TouchSet, _ context: inout DeliveryContext) { preconditionFailure("a cell is made by hold(_:)") }
    /// Sets the recognizer's state, if it differs (the arena decided it).
    func keepState(_ state: RecognizerState) { preconditionFailure("a cell is made by hold(_:)") }
    func reset() { preconditionFailure("a cell is made by hold(_:)") }
    /// Puts back the recognizer the cell was made with (`Replayer.restart(plan:)`).
    func restart() { preconditionFailure("a cell is made by hold(_:)") }
    /// The recognizer, as it is now.
    var recognizer: any Recognizer { preconditionFailure("a cell is made by hold(_:)") }
    /// The recognizer's answer to the arena's question about the one in `other`.
    func answer(_ question: ArenaQuestion, about other: RecognizerCell) -> Bool? { preconditionFailure("a cell is made by hold(_:)") }
}

/// A recognizer of type `R` in memory of its own (see `RecognizerCell`).
private final class HeldRecognizer<R: Recognizer>: RecognizerCell {
    private let storage: PinnedStorage<R>
    private let value: Pinned<R>
    /// The recognizer as the cell was made with it.
    private let initial: R

    init(_ recognizer: R) {
        storage = PinnedStorage(recognizer)
        value = storage.handle
        initial = recognizer
    }

    override func restart() { value.value = initial }

    override func call(phase: Int, _ set: TouchSet, _ context: inout DeliveryContext) {
        switch phase {
        case 0: value.value.touchesBegan(set, &context)
        case 1: value.value.touchesMoved(set, &context)
        case 2: value.value.touchesEnded(set, &context)
        case 3: value.value.touchesCancelled(set, &context)
        case 4: value.value.deadlinePassed(&context)
        default: value.value.eventDelivered(&context)
        }
        // As `keepState`, written out here: the call above leaves this method too large for it
        // to be inlined.
        let state = context.arena.value.state[context.recognizer]
        if value.value.state != state { value.value.state = state }
    }

    override func keepState(_ state: RecognizerState) {
        if value.value.state != state { value.value.state = state }
    }

    override func reset() { value.value.reset() }

    override var recognizer: any Recognizer { value.value }

    override func answer(_ question: ArenaQuestion, about other: RecognizerCell) -> Bool? {
        value.value.answer(question, about: other.recognizer)
    }
}

/// A copy of `recognizer` in memory of its own.
private func hold<R: Recognizer>(_ recognizer: R) -> RecognizerCell { HeldRecognizer(recognizer) }

/// A control of a replay, in memory of its own for the life of the replay and called where it
/// lies (as `RecognizerCell`). Made by `hold(_:)` as a `HeldControl`.
private class ControlCell {
    func hitTest(_ point: Point, viewSize: (width: Double, height: Double)) -> Bool { preconditionFailure("a cell is made by hold(_:)") }
    func hitTest(_ point: Point, viewSize: (width: Double, height: Double), halfOpen: Bool) -> Bool {
        preconditionFailure("a cell is made by hold(_:)")
    }
    /// Calls the control with a set: phase 0 began, 1 moved, 2 ended, 3 cancelled.
    func call(phase: Int, _ set: TouchSet, _ context: inout DeliveryContext) { preconditionFailure("a cell is made by hold(_:)") }
    func recognizerAction(_ action: RecognizerAction, _ context: inout DeliveryContext) { preconditionFailure("a cell is made by hold(_:)") }
    func receive(_ message: ControlMessage, _ context: inout DeliveryContext) { preconditionFailure("a cell is made by hold(_:)") }
    /// Puts back the control the cell was made with (`Replayer.restart(plan:)`).
    func restart() { preconditionFailure("a cell is made by hold(_:)") }
}

/// A control of type `C` in memory of its own (see `ControlCell`).
private final class HeldControl<C: Control>: ControlCell {
    private let storage: PinnedStorage<C>
    private let value: Pinned<C>
    /// The control as the cell was made with it.
    private let initial: C

    init(_ control: C) {
        storage = PinnedStorage(control)
        value = storage.handle
        initial = control
    }

    override func restart() { value.value = initial }

    override func hitTest(_ point: Point, viewSize: (width: Double, height: Double)) -> Bool {
        value.value.hitTest(point, viewSize: viewSize)
    }

    override func hitTest(_ point: Point, viewSize: (width: Double, height: Double), halfOpen: Bool) -> Bool {
        value.value.hitTest(point, viewSize: viewSize, halfOpen: halfOpen)
    }

    override func call(phase: Int, _ set: TouchSet, _ context: inout DeliveryContext) {
        switch phase {
        case 0: value.value.touchesBegan(set, &context)
        case 1: value.value.touchesMoved(set, &context)
        case 2: value.value.touchesEnded(set, &context)
        default: value.value.touchesCancelled(set, &context)
        }
    }

    override func recognizerAction(_ action: RecognizerAction, _ context: inout DeliveryContext) {
        value.value.recognizerAction(action, &context)
    }

    override func receive(_ message: ControlMessage, _ context: inout DeliveryContext) {
        value.value.receive(message, &context)
    }
}

/// A copy of `control` in memory of its own.
private func hold<C: Control>(_ control: C) -> ControlCell { HeldControl(control) }
