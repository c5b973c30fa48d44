/// The arena of a replay (SPEC 12): the one owner of every decision about who recognizes.
///
/// It holds the state of every recognizer as it stands, who may recognize with whom, who
/// requires whom to fail, who is waiting, and the deadlines. Recognizers *ask*
/// (`DeliveryContext.requestState` hands the question to `request`); the arena decides, writes
/// the `state` record and notes what the decision sets off. `settle` then carries that out —
/// failing the recognizers a winner prevents (rule 2) or that required it to fail (rule 3),
/// releasing those that waited (rule 3), cancelling a winner's touches for controls (rule 4) —
/// writing each record itself and asking the replay (`ArenaMembers`) only for what is the
/// replay's to do: telling a recognizer its new state, running a released recognizer's action,
/// delivering cancelled touches. As Flutter keeps its gesture arena apart from its recognizers,
/// no recognizer sees another, and every decision can be logged with its reason (`log`).
///
/// Version 1 scenes keep their rule (every pair simultaneous, nothing waits): `isActive` is
/// false and the arena only keeps the states and deadlines.
///
/// It lives in memory of its own (`PinnedStorage`), reached through a handle (`Pinned`) by the
/// replayer and by the context of every call: a class's properties would be checked for
/// exclusive access at run time, at every touch of every event.
struct Arena {
    /// What the arena says to a recognizer that would win.
    enum Verdict {
        /// It wins.
        case stands
        /// It waits for the recognizers it requires to fail (rule 3).
        case waits
        /// It fails, with the reason (rules 1 and 3).
        case fails(SharedText)
    }

    /// A recognizer held in `possible` until the recognizers it requires have failed.
    struct Waiting {
        /// The state it asked for, and what its record will say.
        var state: RecognizerState
        var data: FieldList
        var actionValue: Double
        /// Touches it had received that ended or were cancelled while it waited, in its view's
        /// coordinates: delivered to it once it has won.
        var missed: [ViewTouch] = []
    }

    /// What the replay must do after a decision of the arena's (see `ArenaMembers`).
    enum Step {
        /// These recognizers were failed by a rule (their records are written): they take `failed`.
        case failed([Int])
        /// A waiting recognizer has won (its record is written): it takes the state it kept, its
        /// action runs, and it is told of the lifts it missed.
        case released(Int, Waiting)
        /// Rule 4: the winner's touches that are down are cancelled for controls.
        case cancelTouches(of: Int)
    }

    /// What a decision has set off and `settle` has not yet carried out, first first.
    private enum Effect {
        /// The recognizer won: fail those it prevents (rule 2), those that require it to fail
        /// (rule 3), then cancel its touches for controls (rule 4).
        case won(Int)
        /// The recognizer failed (or was cancelled before it won): those that waited for it
        /// (and for nothing else) win, one after the other (rule 3).
        case failed(Int)
    }

    /// Version 2 rules: competition, waiting and cancelling are in play.
    let isActive: Bool
    /// Whether recognizers that share a touch compete (`"recognition": "exclusive"`).
    let isExclusive: Bool
    /// How many recognizers: the scene's, then those added while replaying (`append`).
    private(set) var count: Int

    /// Every recognizer's state as it stands (the recognizers' own `state` follows it).
    var state: [RecognizerState]
    /// Whether the recognizer has won since its last reset.
    var won: [Bool]
    /// Each recognizer's wait, if it waits (rule 3). Every change goes through here, and the
    /// count of those waiting follows it.
    var waiting: [Waiting?] {
        get { waitingStorage }
        _modify {
            defer {
                waitingCount = Self.countWaiting(waitingStorage)
                // A wait that ends may leave touches to forget.
                resetMayBeDue = true
            }
            yield &waitingStorage
        }
    }
    private var waitingStorage: [Waiting?]
    /// How many recognizers wait. While none does (almost always), `isWaiting` reads no
    /// `Waiting`: reading one out of the array copies it, its arrays counted and let go.
    private var waitingCount = 0

    private static func countWaiting(_ waiting: [Waiting?]) -> Int {
        var n = 0
        for w in waiting where w != nil { n += 1 }
        return n
    }
    /// The touches each competing recognizer has received since its last reset, or since no
    /// touch that reaches it was down: serial and slot.
    var touches: [[(serial: Int, slot: Int)]]
    /// Whether the replay's reset of final recognizers (SPEC 13.1, `resetFinalRecognizers`)
    /// may find one to reset or touches to forget: set by every change that can make that so
    /// (a state that becomes final, touches noted, a wait or a call after the event that ends;
    /// the replay sets it when the touches down on a view drop), cleared by the replay after a
    /// pass that found nothing. A pass that finds nothing then finds nothing again until one
    /// of those changes: version 2 replays make the pass after every view's delivery.
    var resetMayBeDue = true
    private(set) var competes: [Bool]
    /// Whether winning cancels the recognizer's touches for controls (rule 4): the scene's
    /// `cancelsTouchesInView`, which a TouchTraceUIKit recognizer's own property may turn off.
    var cancelsTouches: [Bool]
    /// Whom each requires to fail, and who requires each to fail (both in scene order): the
    /// scene's `requireToFail`, plus what TouchTraceUIKit's `require(toFail:)` adds (`addRequirement`).
    var requires: [[Int]]
    var requiredBy: [[Int]]
    /// Each recognizer's source: what its records name (`Record.source`).
    private(set) var sources: [Int]
    /// `simultaneous[a * count + b]`: the pair may recognize together.
    private var simultaneous: [Bool]
    /// Each recognizer's `view.name`, for the reasons of failures the arena decides.
    private(set) var names: [String]

    var deadlines = DeadlineQueue()
    /// Recognizers that asked to be called after the event under way (`callAfterEvent`), in the
    /// order they asked; `afterEventAsked` marks them, so that each is listed once.
    private(set) var afterEvent: [Int] = []
    private(set) var afterEventAsked: [Bool]
    /// Effects not yet carried out, first first, from `effectsStart` on.
    private var effects: [Effect] = []
    private var effectsStart = 0
    /// Recognizers waiting on a failure that `settle` has yet to look at, in scene order: each
    /// is released (or fails) before the effects queued after that failure.
    private var releases: [Int] = []
    private var releasesStart = 0
    /// Steps of the current effect that the replay has yet to carry out, first first.
    private var steps: [Step] = []
    private var stepsStart = 0

    /// Called with every decision of version 2's rules, when set (`Replayer.logArenaDecisions`).
    var log: ((ArenaDecision) -> Void)?

    /// Which recognizers have a say in the arena's questions (`Recognizer.answersArenaQuestions`),
    /// and whether any has.
    private(set) var answers: [Bool]
    /// Whether any has a say: in the competition (version 2), and on beginning (any version).
    private var anyAnswers: Bool
    private var askBegin: Bool
    /// Asks recognizer `g` the question about recognizer `other` (set by the replay, whose the
    /// recognizers are, when any has a say); nil: no say.
    var ask: ((ArenaQuestion, _ g: Int, _ other: Int) -> Bool?)?
    /// Requirements the recognizers' answers made when two first shared a touch (`g` requires
    /// `f`): they hold for that gesture, until either is reset.
    private var gestureRequirements: [(g: Int, f: Int)] = []

    /// The arena of a scene whose recognizers, in scene order, have these names and relations;
    /// `sources` (default: the recognizers' own indexes) says what their records name.
    init(names: [String], competes: [Bool], cancelsTouches: [Bool], requires: [[Int]], simultaneousPairs: [(Int, Int)],
         isActive: Bool, isExclusive: Bool, sources: [Int]? = nil, answers: [Bool]? = nil) {
        let n = names.count
        self.count = n
        self.isActive = isActive
        self.isExclusive = isActive && isExclusive
        self.state = Array(repeating: .possible, count: n)
        self.won = Array(repeating: false, count: n)
        self.waitingStorage = Array(repeating: nil, count: n)
        self.touches = Array(repeating: [], count: n)
        self.competes = competes
        self.cancelsTouches = cancelsTouches
        self.requires = requires.map { $0.sorted() }
        var requiredBy = Array(repeating: [Int](), count: n)
        for (r, list) in requires.enumerated() { for f in list where !requiredBy[f].contains(r) { requiredBy[f].append(r) } }
        self.requiredBy = requiredBy.map { $0.sorted() }
        var simultaneous = Array(repeating: false, count: isActive && isExclusive ? n * n : 0)
        if isActive && isExclusive {
            for (a, b) in simultaneousPairs {
                simultaneous[a * n + b] = true
                simultaneous[b * n + a] = true
            }
        }
        self.simultaneous = simultaneous
        self.names = names
        self.sources = sources ?? Array(0..<n)
        self.afterEventAsked = Array(repeating: false, count: n)
        self.answers = answers ?? Array(repeating: false, count: n)
        self.anyAnswers = isActive && self.answers.contains(true)
        self.askBegin = self.answers.contains(true)
    }

    // MARK: The door: a recognizer asks

    /// Recognizer `g` asks, at time `t`, to move to `to` with the record data `data` (and the
    /// value its action tells its target); the arena decides, writes the `state` record to
    /// `sink`, and returns the state `g` is in afterwards (see `DeliveryContext.requestState`)
    /// and whether the change asked for stands. A change UIKit would not allow, or any change
    /// while `g` waits, is ignored.
    ///
    /// Kept out of line, the record written within: `DeliveryContext.requestState`, which asks
    /// it, is then small enough to be inlined into every recognizer.
    @inline(never)
    mutating func request(_ g: Int, _ to: RecognizerState, _ data: FieldList, actionValue: Double, at t: Double,
                          into sink: RecordOutlet) -> (state: RecognizerState, stands: Bool) {
        let from = state[g]
        guard Arena.allows(from: from, to: to), !isWaiting(g) else { return (from, false) }
        // Only a win is weighed (under version 2's rules, or by a recognizer with a say); any
        // other change stands.
        if to.isWin && (isActive || askBegin) {
            let result = requestWin(g, from: from, to: to, data, actionValue: actionValue, at: t, into: sink)
            return (result, result == to)
        }
        commit(g, from: from, to: to, data, at: t, into: sink)
        return (to, true)
    }

    /// The verdict on a win that UIKit allows (see `request`): asked once per gesture, so kept
    /// out of line, away from the `changed` of every event.
    @inline(never)
    private mutating func requestWin(_ g: Int, from: RecognizerState, to: RecognizerState, _ data: FieldList, actionValue: Double,
                                     at t: Double, into sink: RecordOutlet) -> RecognizerState {
        // One with a say may refuse to begin (a delegate's `gestureRecognizerShouldBegin`).
        if askBegin && answers[g], let ask, ask(.shouldBegin, g, g) == false {
            let reason = SharedText("delegate refused to begin")
            commit(g, from: from, to: .failed, FieldList(Field("reason", .text(reason))), at: t, into: sink)
            if let log { log(decision(t, g, .fails, .failed, reason.string)) }
            return .failed
        }
        guard isActive else {
            commit(g, from: from, to: to, data, at: t, into: sink)
            return to
        }
        switch verdict(g) {
        case .stands:
            commit(g, from: from, to: to, data, at: t, into: sink)
            if let log { log(decision(t, g, .wins, to, winReason(g))) }
            return to
        case .waits:
            waiting[g] = Waiting(state: to, data: data, actionValue: actionValue)
            deadlines.remove(g)
            if let log {
                let pending = requires[g].filter { state[$0] == .possible }.map { names[$0] }.joined(separator: ", ")
                log(decision(t, g, .waits, .possible, "waits for \(pending) to fail"))
            }
            return from
        case .fails(let reason):
            commit(g, from: from, to: .failed, FieldList(Field("reason", .text(reason))), at: t, into: sink)
            if let log { log(decision(t, g, .fails, .failed, reason.string)) }
            return .failed
        }
    }

    /// Writes the record of a change that stands and notes it.
    private mutating func commit(_ g: Int, from: RecognizerState, to: RecognizerState, _ data: FieldList, at t: Double, into sink: RecordOutlet) {
        // A record of almost every event: built where it lies in the pipe's chunk, where there is
        // a pipe (made once for each way, as a record made before the choice is copied there).
        let fromName = Field("from", .name(from.name)), toName = Field("to", .name(to.name))
        if let pipe = sink.pipe {
            pipe.append(Record(t: t, source: sources[g], event: "state", fields: FieldList(fromName, toName, followedBy: data)))
        } else {
            var record = Record(t: t, source: sources[g], event: "state", fields: FieldList(fromName, toName, followedBy: data))
            sink.write(&record)
        }
        if to == .changed {
            // What `changed` does for a `changed` (from `began` or `changed`; almost every
            // record of a gesture under way), without the call: the state is kept, and nothing
            // is set off — it is no win, no failure and not final, so no effect is queued and no
            // deadline dropped.
            if state[g] != .changed { state[g] = .changed }
        } else {
            changed(g, to: to)
        }
    }

    /// What happens when `g` would win now.
    func verdict(_ g: Int) -> Verdict {
        guard isActive else { return .stands }
        // Rule 3: wait while a required recognizer may still win; fail if one has won.
        var mustWait = false
        for f in requires[g] {
            switch state[f] {
            case .failed:
                continue
            case .cancelled where !won[f]:
                continue
            case .possible:
                mustWait = true
            default:
                return .fails(reasonRequired(f))
            }
        }
        if mustWait { return .waits }
        return preventer(of: g).map { .fails(reasonPrevented(by: $0)) } ?? .stands
    }

    // MARK: Carrying out what was decided

    /// Carries out, in order, everything the decisions so far have set off, until nothing is
    /// left: the arena decides and writes each record; `members` does what is the replay's to
    /// do (which may ask the arena again: what that sets off is carried out here too). `t` is
    /// the time of the records it writes.
    static func settle<Members: ArenaMembers>(_ arena: Pinned<Arena>, at t: Double, into sink: RecordOutlet,
                                             _ members: inout Members) {
        // Nothing set off (after almost every call of a recognizer): `nextStep` would find
        // nothing to do, but its answer, a step that may carry a waiting recognizer's record,
        // would still be copied out.
        if arena.value.hasNothingToSettle { return }
        // Each step is taken from the arena before the members act on it, so that what they
        // ask of the arena finds it whole.
        while let step = arena.value.nextStep(at: t, into: sink) {
            switch step {
            case .failed(let failed):
                for g in failed { members.arenaFailed(g) }
            case .released(let w, let kept):
                members.arenaReleased(w, kept, at: t)
            case .cancelTouches(let r):
                let cancelled = members.arenaCancelsTouchesForControls(of: r, at: t)
                if cancelled > 0, let log = arena.value.log {
                    log(arena.value.decision(t, r, .cancelsTouches, arena.value.state[r],
                                               "cancels \(cancelled == 1 ? "its touch" : "its \(cancelled) touches") still down for controls (cancelsTouchesInView)"))
                }
            }
        }
    }

    /// The next thing the replay must do, deciding (and writing the records of) the next effect
    /// when the steps of the last one are done; nil when nothing is left.
    mutating func nextStep(at t: Double, into sink: RecordOutlet) -> Step? {
        while true {
            if stepsStart < steps.count {
                stepsStart += 1
                return steps[stepsStart - 1]
            }
            if stepsStart > 0 { steps.removeAll(keepingCapacity: true); stepsStart = 0 }
            if releasesStart < releases.count {
                releasesStart += 1
                if let step = release(releases[releasesStart - 1], at: t, into: sink) { return step }
                continue
            }
            if releasesStart > 0 { releases.removeAll(keepingCapacity: true); releasesStart = 0 }
            guard effectsStart < effects.count else {
                if effectsStart > 0 { effects.removeAll(keepingCapacity: true); effectsStart = 0 }
                return nil
            }
            effectsStart += 1
            switch effects[effectsStart - 1] {
            case .won(let r): decideWin(r, at: t, into: sink)
            case .failed(let f): releases.append(contentsOf: requiredBy[f])
            }
        }
    }

    /// Whether no effect, release or step is queued at all (then `nextStep` returns nil and
    /// changes nothing).
    var hasNothingToSettle: Bool { effects.isEmpty && releases.isEmpty && steps.isEmpty }

    /// Whether any effect or step is left for `settle`.
    var isSettled: Bool { effectsStart == effects.count && releasesStart == releases.count && stepsStart == steps.count }

    /// Rules 2–4 for a recognizer that has won: the steps they make.
    private mutating func decideWin(_ r: Int, at t: Double, into sink: RecordOutlet) {
        var failed: [Int] = []
        // Rule 2: those it competes with that are still possible fail, prevented by it — but one
        // that requires it to fail fails by rule 3, after them.
        if isExclusive && competes[r] {
            for s in 0..<count where state[s] == .possible && !requires[s].contains(r) && compete(r, s) {
                fail(s, reasonPrevented(by: r), at: t, into: sink)
                failed.append(s)
            }
        }
        // Rule 3: those that wait for it fail; so do those it competes with that require it to
        // fail (rule 2's exception) — one that has had no touch of its yet is left alone.
        for s in requiredBy[r] where state[s] == .possible && (waiting[s] != nil || sharesTouch(r, s)) {
            fail(s, reasonRequired(r), at: t, into: sink)
            failed.append(s)
        }
        if !failed.isEmpty { steps.append(.failed(failed)) }
        // Rule 4.
        if cancelsTouches[r] { steps.append(.cancelTouches(of: r)) }
    }

    /// Rule 3: `w`, if it waits and every recognizer it requires has failed, wins now with the
    /// data it kept — unless one it competes with has won meanwhile (rule 1).
    private mutating func release(_ w: Int, at t: Double, into sink: RecordOutlet) -> Step? {
        guard let kept = waiting[w], requirementsFailed(w) else { return nil }
        waiting[w] = nil
        if let winner = preventer(of: w) {
            fail(w, reasonPrevented(by: winner), at: t, into: sink)
            return .failed([w])
        }
        var record = Record(t: t, source: sources[w], event: "state",
                            fields: FieldList(Field("from", .name(RecognizerState.possible.name)), Field("to", .name(kept.state.name)),
                                              followedBy: kept.data))
        sink.write(&record)
        changed(w, to: kept.state)
        if let log {
            let required = requires[w].map { names[$0] }.joined(separator: ", ")
            log(decision(t, w, .wins, kept.state, "\(required) failed, as it required"))
        }
        return .released(w, kept)
    }

    /// Fails `g` by a rule of the arena, with the reason, and writes the record.
    private mutating func fail(_ g: Int, _ reason: SharedText, at t: Double, into sink: RecordOutlet) {
        var fields = FieldList(Field("from", .name(state[g].name)), Field("to", .name(RecognizerState.failed.name)))
        fields.append(Field("reason", .text(reason)))
        var record = Record(t: t, source: sources[g], event: "state", fields: fields)
        sink.write(&record)
        waiting[g] = nil
        changed(g, to: .failed)
        if let log { log(decision(t, g, .fails, .failed, reason.string)) }
    }

    // MARK: Questions and bookkeeping

    /// Whether UIKit lets a recognizer go from one state to the other: possible → began,
    /// recognized, failed or cancelled; began or changed → changed, ended or cancelled; nothing
    /// from a final state, nothing back to possible (that is a reset).
    static func allows(from: RecognizerState, to: RecognizerState) -> Bool {
        // Cases rather than comparisons: small enough to be inlined wherever it is asked.
        switch (from, to) {
        case (.possible, .began), (.possible, .recognized), (.possible, .failed), (.possible, .cancelled): return true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): return true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): return true
        default: return false
        }
    }

    func isWaiting(_ g: Int) -> Bool { isActive && waitingCount > 0 && waitingStorage[g] != nil }

    /// Whether the two recognizers compete: both take part, they share a touch, and neither
    /// allows the pair to be simultaneous.
    func compete(_ a: Int, _ b: Int) -> Bool {
        guard isExclusive, a != b, competes[a], competes[b], !simultaneous[a * count + b] else { return false }
        guard sharesTouch(a, b) else { return false }
        // A recognizer with a say may let the pair go on together (either one saying so is enough).
        if anyAnswers && (answers[a] || answers[b]), let ask {
            if ask(.recognizeSimultaneously, a, b) == true || ask(.recognizeSimultaneously, b, a) == true { return false }
        }
        return true
    }

    /// Notes that touch `serial` (in `slot`) has reached competing recognizer `g`; returns the
    /// recognizers that, where any has a say, `g` now shares a touch with for the first time
    /// (for `askAboutFirstSharing` once `g` has had the touch: a recognizer that has not been
    /// called yet has no answer to give).
    mutating func noteTouch(_ g: Int, serial: Int, slot: Int) -> [Int] {
        resetMayBeDue = true
        guard anyAnswers, ask != nil else {
            touches[g].append((serial, slot))
            return []
        }
        var firstShared: [Int] = []
        for h in 0..<count where h != g && competes[h] && (answers[g] || answers[h]) && !sharesTouch(g, h)
            && touches[h].contains(where: { $0.serial == serial }) {
            firstShared.append(h)
        }
        touches[g].append((serial, slot))
        return firstShared
    }

    /// Asks `g` and each of `others`, which it has just come to share a touch with, whether one
    /// must wait for the other to fail (SPEC 17): a requirement for this gesture.
    mutating func askAboutFirstSharing(_ g: Int, _ others: [Int]) {
        guard let ask else { return }
        for h in others {
            if ask(.requireFailure, g, h) == true || ask(.beRequiredToFail, h, g) == true { addGestureRequirement(g, requires: h) }
            if ask(.requireFailure, h, g) == true || ask(.beRequiredToFail, g, h) == true { addGestureRequirement(h, requires: g) }
        }
    }

    private mutating func addGestureRequirement(_ g: Int, requires f: Int) {
        guard !requires[g].contains(f) else { return }
        if addRequirement(g, requires: f) { gestureRequirements.append((g, f)) }
    }

    /// Whether a touch has reached both recognizers (since each last had none down).
    func sharesTouch(_ a: Int, _ b: Int) -> Bool {
        for x in touches[a] where touches[b].contains(where: { $0.serial == x.serial }) { return true }
        return false
    }

    /// Rule 1: a recognizer that competes with `g`, has won and is not yet final.
    func preventer(of g: Int) -> Int? {
        guard isExclusive else { return nil }
        for s in 0..<count where (state[s] == .began || state[s] == .changed) && compete(g, s) { return s }
        return nil
    }

    /// Notes a change that stands, and what it sets off.
    mutating func changed(_ g: Int, to new: RecognizerState) {
        // Most changes are `changed` again: the state is written (the array checked for sole
        // ownership) only when it differs.
        if state[g] != new {
            state[g] = new
            if new.isFinal { resetMayBeDue = true }
        }
        if isActive {
            noteEffects(g, of: new)
        } else if new.isFinal && !deadlines.isEmpty {
            deadlines.remove(g)
        }
    }

    /// Version 2: what a change that stands sets off (see `changed`).
    private mutating func noteEffects(_ g: Int, of new: RecognizerState) {
        if new.isWin {
            won[g] = true
            effects.append(.won(g))
        } else if new == .failed || (new == .cancelled && !won[g]) {
            effects.append(.failed(g))
        }
        if new.isFinal { deadlines.remove(g) }
    }

    /// Whether every recognizer `g` requires has failed (or was cancelled before it won).
    func requirementsFailed(_ g: Int) -> Bool {
        requires[g].allSatisfy { state[$0] == .failed || (state[$0] == .cancelled && !won[$0]) }
    }

    mutating func setDeadline(_ g: Int, at time: Double) {
        guard !isWaiting(g), !state[g].isFinal else { return }
        deadlines.set(g, at: time)
    }

    mutating func cancelDeadline(_ g: Int) { deadlines.remove(g) }

    /// `g` is to be called after the event under way (see `DeliveryContext.callAfterEvent`).
    mutating func callAfterEvent(_ g: Int) {
        guard !afterEventAsked[g] else { return }
        afterEventAsked[g] = true
        afterEvent.append(g)
    }

    /// The recognizers to call after the event, in scene order, leaving none asked.
    mutating func takeAfterEvent() -> [Int] {
        let due = afterEvent.sorted()
        afterEvent.removeAll(keepingCapacity: true)
        for g in due { afterEventAsked[g] = false }
        if !due.isEmpty { resetMayBeDue = true }
        return due
    }

    /// `g` requires `f` to fail from now on (TouchTraceUIKit's `require(toFail:)`); returns false
    /// when it could not: `f` is `g`, or `f` requires `g` to fail, directly or through others
    /// (neither could ever win).
    mutating func addRequirement(_ g: Int, requires f: Int) -> Bool {
        guard g != f, g >= 0, f >= 0, g < count, f < count else { return false }
        if requires[g].contains(f) { return true }
        // A cycle would hold both in `possible` for ever.
        var stack = [f]
        var seen = Set<Int>()
        while let r = stack.popLast() {
            if r == g { return false }
            if seen.insert(r).inserted { stack.append(contentsOf: requires[r]) }
        }
        requires[g].append(f)
        requires[g].sort()
        requiredBy[f].append(g)
        requiredBy[f].sort()
        return true
    }

    /// Made when a failure needs them (rarely), in the replay's text scope.
    func reasonPrevented(by g: Int) -> SharedText { SharedText("prevented by \(names[g])") }
    func reasonRequired(_ g: Int) -> SharedText { SharedText("required \(names[g]) to fail") }

    /// Why a win stood, for the log: alone, or together with a recognizer that shares a touch
    /// and has won, the pair allowed by the scene or an answer (a delegate's).
    private func winReason(_ g: Int) -> String {
        let together = (0..<count).filter { s in
            s != g && (state[s] == .began || state[s] == .changed || state[s] == .recognized) && sharesTouch(g, s) && !compete(g, s)
        }
        guard !together.isEmpty else { return "no recognizer it competes with has won" }
        let how = isExclusive ? "allowed by simultaneousWith or a delegate" : "every pair may (recognition: simultaneous)"
        return "recognizes together with \(together.map { names[$0] }.joined(separator: ", ")) (\(how))"
    }

    func decision(_ t: Double, _ g: Int, _ kind: ArenaDecision.Kind, _ state: RecognizerState, _ reason: String) -> ArenaDecision {
        ArenaDecision(t: t, recognizer: names[g], kind: kind, state: state, reason: reason)
    }

    /// Adds a recognizer after the scene's (one gesture code added while replaying, SPEC 17):
    /// possible, with no touches, requiring nothing, simultaneous with none by the scene; its
    /// records name `source`. Returns its index.
    mutating func append(name: String, competes: Bool, cancelsTouches: Bool, answers: Bool, source: Int) -> Int {
        let g = count
        let n = count + 1
        if isExclusive {
            // The pairs the scene allows, laid out for one more.
            var wider = Array(repeating: false, count: n * n)
            for a in 0..<count { for b in 0..<count where simultaneous[a * count + b] { wider[a * n + b] = true } }
            simultaneous = wider
        }
        count = n
        state.append(.possible)
        won.append(false)
        waitingStorage.append(nil)
        touches.append([])
        self.competes.append(competes)
        self.cancelsTouches.append(cancelsTouches)
        requires.append([])
        requiredBy.append([])
        sources.append(source)
        names.append(name)
        afterEventAsked.append(false)
        self.answers.append(answers)
        anyAnswers = isActive && self.answers.contains(true)
        askBegin = self.answers.contains(true)
        return g
    }

    /// Makes this arena `plan`, the arena of the same scene as a replay starts it, keeping its
    /// memory: each part replaying changes is put back in place, and written only where it
    /// differs (an arena copied whole from the plan would share the plan's arrays, and copy
    /// each of them again at its first change). The log stays.
    mutating func restart(as plan: Arena) {
        if count != plan.count {
            // Recognizers were added while replaying: the plan's arena whole, the log and the
            // questions' answerer kept (rarely: replays that add none keep their memory below).
            let log = self.log, ask = self.ask
            self = plan
            self.log = log
            self.ask = ask
            return
        }
        assert(count == plan.count && isActive == plan.isActive && isExclusive == plan.isExclusive,
               "an arena restarts as the arena of its own scene")
        for g in 0..<count {
            if state[g] != plan.state[g] { state[g] = plan.state[g] }
            if won[g] != plan.won[g] { won[g] = plan.won[g] }
            if cancelsTouches[g] != plan.cancelsTouches[g] { cancelsTouches[g] = plan.cancelsTouches[g] }
            if waiting[g] != nil || plan.waiting[g] != nil { waiting[g] = plan.waiting[g] }
            if !touches[g].isEmpty || !plan.touches[g].isEmpty {
                touches[g].removeAll(keepingCapacity: true)
                touches[g].append(contentsOf: plan.touches[g])
            }
        }
        // TouchTraceUIKit's `require(toFail:)` adds requirements while replaying.
        if requires != plan.requires { requires = plan.requires }
        if requiredBy != plan.requiredBy { requiredBy = plan.requiredBy }
        deadlines.replaceAll(with: plan.deadlines)
        for g in afterEvent { afterEventAsked[g] = false }
        afterEvent.removeAll(keepingCapacity: true)
        // A plan is never settled part way: nothing is pending in it.
        if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
        if !releases.isEmpty { releases.removeAll(keepingCapacity: true) }
        if !steps.isEmpty { steps.removeAll(keepingCapacity: true) }
        gestureRequirements.removeAll()
        effectsStart = 0
        releasesStart = 0
        stepsStart = 0
        resetMayBeDue = true
    }

    /// Back to `possible`, with no touches, no deadline and nothing kept.
    mutating func reset(_ g: Int) {
        // Each part is written only when it holds something: a recognizer is reset at every
        // lift of a version 1 gesture, and writing `nil` over a `Waiting` copies it whole.
        if state[g] != .possible { state[g] = .possible }
        if won[g] { won[g] = false }
        if waiting[g] != nil { waiting[g] = nil }
        if !touches[g].isEmpty { touches[g].removeAll(keepingCapacity: true) }
        if !deadlines.isEmpty { deadlines.remove(g) }
        if !gestureRequirements.isEmpty { dropGestureRequirements(of: g) }
    }

    /// The requirements answers made for the gesture of `g` end with it.
    private mutating func dropGestureRequirements(of g: Int) {
        for (r, f) in gestureRequirements where r == g || f == g {
            requires[r].removeAll { $0 == f }
            requiredBy[f].removeAll { $0 == r }
        }
        gestureRequirements.removeAll { $0.g == g || $0.f == g }
    }
}

/// What the arena asks of a replay to carry out its decisions: the recognizers and controls are
/// the replay's, so the replay tells them (`Arena.settle`).
protocol ArenaMembers {
    /// The arena failed recognizer `g` by a rule (its record is written): its value takes `failed`.
    mutating func arenaFailed(_ g: Int)
    /// Recognizer `w`, which waited, has won with what it kept (its record is written): its
    /// value takes the state, its action runs, and it is told of the lifts it missed.
    mutating func arenaReleased(_ w: Int, _ kept: Arena.Waiting, at t: Double)
    /// Rule 4: the touches recognizer `r` has received that are still down are cancelled for
    /// the controls tracking them (and for recognizers that only report), at time `t`; returns
    /// how many were.
    mutating func arenaCancelsTouchesForControls(of r: Int, at t: Double) -> Int
}

/// One decision of the arena under version 2's rules (SPEC 12), with its reason: what
/// `Replayer.logArenaDecisions` reports, and `touchtrace replay --arena-log` prints.
public struct ArenaDecision: Sendable, Equatable, CustomStringConvertible {
    /// What was decided.
    public enum Kind: String, Sendable {
        /// The recognizer wins (it enters `began` or `recognized`), at once or after waiting.
        case wins
        /// It would win but waits for the recognizers it requires to fail (rule 3).
        case waits
        /// It fails by a rule: prevented by a winner (rules 1, 2), or a recognizer it required
        /// to fail has won (rule 3).
        case fails
        /// Its win cancels its touches for the controls tracking them (rule 4).
        case cancelsTouches
    }

    /// The time of the decision, in seconds (the event's or the deadline's).
    public var t: Double
    /// The recognizer decided about, as `view.name`.
    public var recognizer: String
    public var kind: Kind
    /// The recognizer's state after the decision.
    public var state: RecognizerState
    /// Why, in a few words (a failure's reason is the one its record carries).
    public var reason: String

    public init(t: Double, recognizer: String, kind: Kind, state: RecognizerState, reason: String) {
        self.t = t
        self.recognizer = recognizer
        self.kind = kind
        self.state = state
        self.reason = reason
    }

    /// One line: `0.1000 pad.pan wins (began): no recognizer it competes with has won`.
    public var description: String {
        "\(fixed4(t)) \(recognizer) \(kind.rawValue) (\(state.name)): \(reason)"
    }
}
