/// What a recognizer or control may know and do while it handles one set of touches (or, for a
/// recognizer, the passing of its deadline).
///
/// A recognizer never decides its own state: it *asks* with `requestState(_:_:)`, and the
/// engine's arena answers — the change stands, the recognizer waits for others to fail, or it
/// fails as prevented — and writes the record. Deadlines are asked for here too.
public struct DeliveryContext {
    /// Time of the event, or of the deadline being called, in seconds.
    public internal(set) var t: Double
    /// Index of the event in the trace (for a deadline, of the next event; the count of events
    /// after the last one).
    public internal(set) var eventIndex: Int
    /// The view's size, in points (its bounds).
    public internal(set) var viewSize: (width: Double, height: Double)
    /// Every touch this event delivers to the view, all phases (as `UIEvent.allTouches` lets a
    /// recognizer see which touches lift in the same event). Empty at a deadline.
    public internal(set) var eventTouches: TouchSet
    /// How many of `eventTouches` end or are cancelled in this event (a recognizer that looks
    /// for the lifting ones looks only when there are some).
    var eventLiftCount: Int
    /// The source whose records are being written (set by the replayer).
    public internal(set) var source: Int
    /// The recognizer being called (its index in scene order), or −1 for a control.
    var recognizer: Int = -1
    /// Where the records go (the replay's sink).
    let sink: RecordOutlet
    /// The engine's arena: states, relations between recognizers, deadlines.
    let arena: Pinned<Arena>
    /// Where the replay's views are now.
    let live: Pinned<LiveScene>
    /// Set when a recognizer enters a state that calls its action: what the action tells its target.
    var action: RecognizerAction?
    /// Messages to controls of other views, delivered after the current call (nil while there
    /// are none: most contexts send none, and an empty array would still be released).
    var messages: [(target: Int, message: ControlMessage)]?

    init(t: Double, eventIndex: Int, viewSize: (width: Double, height: Double), eventTouches: TouchSet, source: Int,
         sink: RecordOutlet, arena: Pinned<Arena>, live: Pinned<LiveScene>) {
        self.t = t
        self.eventIndex = eventIndex
        self.viewSize = viewSize
        self.eventTouches = eventTouches
        self.eventLiftCount = eventTouches.reduce(0) { $0 + ($1.phase.isEnding ? 1 : 0) }
        self.source = source
        self.sink = sink
        self.arena = arena
        self.live = live
    }

    /// Makes this the context of the delivery of another event to a view of size `viewSize`,
    /// as `init` would make it with the same sink and arena, keeping `eventTouches` for the
    /// caller to refill (and `eventLiftCount` to set). The replayer keeps one such context for
    /// all the events it delivers: making and dropping one per event would count a reference
    /// to the sink up and down each time.
    mutating func reuse(t: Double, eventIndex: Int, viewSize: (width: Double, height: Double)) {
        self.t = t
        self.eventIndex = eventIndex
        self.viewSize = viewSize
        source = 0
        recognizer = -1
        action = nil
        if messages != nil { messages = nil }
    }

    /// Writes a record for the current source at the event's time (control events, a
    /// recognizer's own events such as the checkmark's `phase`). State changes are asked for
    /// with `requestState` instead.
    public mutating func emit(_ event: StaticString, _ fields: FieldList = FieldList()) {
        var record = Record(t: t, source: source, event: event, fields: fields)
        sink.write(&record)
    }

    /// `emit`, with the record built where it lies in the pipe's chunk where the sink has a pipe
    /// (made once for each way, as a record made before the choice is copied to where it goes;
    /// without a pipe it goes as `emit`'s does, a transcript writer reading it in place),
    /// as the arena builds a state change's: for a record written at almost every touch of
    /// every event (a spot's). Larger than `emit`: inlined where a recognizer writes such a
    /// record in its own small step, it saves the record's copy; called out of line (from a
    /// larger caller, as a control's action), it would copy the fields twice.
    mutating func emitInPlace(_ event: StaticString, _ fields: FieldList) {
        if let pipe = sink.pipe {
            pipe.append(Record(t: t, source: source, event: event, fields: fields))
        } else {
            var record = Record(t: t, source: source, event: event, fields: fields)
            sink.write(&record)
        }
    }

    /// Whether `failed` and `cancelled` state records carry a `reason`: in the replay of a
    /// version 2 trace. A version 1 transcript keeps the records it has always had (a pan's
    /// failure there has none), so a recognizer asks this before it builds a reason.
    public var recordsReasons: Bool { arena.value.isActive }

    /// The rules replayed by: 1 or 2 (the trace's version; SPEC 10–13 apply from 2).
    public var version: Int { arena.value.isActive ? 2 : 1 }

    /// The current recognizer's state as the arena holds it.
    public var state: RecognizerState { recognizer >= 0 ? arena.value.state[recognizer] : .possible }

    /// Asks for the current recognizer to move to `to`; returns the state it is in afterwards.
    ///
    /// The arena answers (SPEC 12): the change stands and a `state` record is written (`from`,
    /// `to`, then `data`); or the recognizer fails, prevented by a recognizer that has won or
    /// that it requires to fail (a `failed` record with the reason; the result is `failed`); or
    /// it waits for the recognizers it requires to fail (no record; the result is `possible`,
    /// and the arena writes the change, with this `data` and `actionValue`, when they have
    /// failed). A change UIKit would not allow (from a final state, back to `possible`, to
    /// `changed` before `began`, ...) is ignored and the state stays as it was.
    /// `actionValue` is what the recognizer's target reads of it (the rotation's touch angle).
    @discardableResult
    public mutating func requestState(_ to: RecognizerState, _ data: FieldList = FieldList(), actionValue: Double = 0) -> RecognizerState {
        precondition(recognizer >= 0, "only a recognizer asks for a state change")
        let (result, stands) = arena.value.request(recognizer, to, data, actionValue: actionValue, at: t, into: sink)
        if stands && to.firesAction { action = RecognizerAction(state: to, value: actionValue) }
        return result
    }

    /// Asks for the current recognizer to fail, saying why (`reason`: a short sentence naming
    /// the rule that failed and where); returns the state it is in afterwards.
    @discardableResult
    public mutating func requestFailure(reason: String) -> RecognizerState {
        requestState(.failed, FieldList(Field("reason", .text(SharedText(reason)))))
    }

    /// Asks for the current recognizer to fail, with the reason `build` writes (see
    /// `FailureReason`): `requestFailure(reason:)` without making a `String`.
    @discardableResult
    mutating func requestFailure(_ build: (inout FailureReason) -> Void) -> RecognizerState {
        let reason = FailureReason.sharedText(build)
        return requestState(.failed, FieldList(Field("reason", .text(reason))))
    }

    /// Asks for the current recognizer to be called (`deadlinePassed`) when the trace's time
    /// reaches `time` (seconds), even if no event comes then (SPEC 10). One deadline per
    /// recognizer: asking again replaces it; a reset drops it. A time before the current one
    /// is taken as the current one.
    public mutating func setDeadline(_ time: Double) {
        precondition(recognizer >= 0, "only a recognizer asks for a deadline")
        guard time.isFinite else { return }
        arena.value.setDeadline(recognizer, at: Swift.max(time, t))
    }

    /// Asks for the current recognizer to be called once more (`Recognizer.eventDelivered`) after
    /// this event — or this deadline — has been delivered to every view and the arena has
    /// settled. Asking again in the same event changes nothing; asking while being called so
    /// asks for the next event.
    public mutating func callAfterEvent() {
        precondition(recognizer >= 0, "only a recognizer asks to be called after the event")
        arena.value.callAfterEvent(recognizer)
    }

    /// Drops the current recognizer's deadline, if it has one.
    public mutating func cancelDeadline() {
        precondition(recognizer >= 0, "only a recognizer asks for a deadline")
        arena.value.cancelDeadline(recognizer)
    }
}
