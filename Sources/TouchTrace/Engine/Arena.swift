/// The arena of a replay (SPEC 12): the state of every recognizer as it stands, who may
/// recognize with whom, who requires whom to fail, who is waiting, and the deadlines.
///
/// Recognizers *ask* (`DeliveryContext.requestState`); the arena *decides* (`verdict`) and
/// notes what each decision sets off (`effects`), which the replayer carries out — failing the
/// recognizers a winner prevents, releasing those that waited, cancelling touches for controls —
/// before the next recognizer gets the touches. As Flutter keeps its gesture arena apart from
/// its recognizers, no recognizer sees another.
///
/// Version 1 scenes keep their rule (every pair simultaneous, nothing waits): `isActive` is
/// false and the arena only keeps the states and deadlines.
///
/// It lives in memory of its own (`ArenaStorage`), reached through a pointer by the replayer
/// and by the context of every call: a class's properties would be checked for exclusive
/// access at run time, at every touch of every event. Its questions (`compete`, `verdict`, ...)
/// are inlined where they are asked: asked of `arena.pointee` through a call, they were asked
/// of a copy of the whole arena, every array in it counted up and down.
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

    /// What a decision sets off, carried out by the replayer in order.
    enum Effect {
        /// The recognizer won: fail those it prevents (rule 2), those that require it to fail
        /// (rule 3), and cancel its touches for controls (rule 4).
        case won(Int)
        /// The recognizer failed (or was cancelled before it won): release those that waited
        /// for it (rule 3).
        case failed(Int)
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

    /// Version 2 rules: competition, waiting and cancelling are in play.
    let isActive: Bool
    /// Whether recognizers that share a touch compete (`"recognition": "exclusive"`).
    let isExclusive: Bool
    let count: Int

    /// Every recognizer's state as it stands (the recognizers' own `state` follows it).
    var state: [RecognizerState]
    /// Whether the recognizer has won since its last reset.
    var won: [Bool]
    var waiting: [Waiting?]
    /// The touches each competing recognizer has received since its last reset, or since no
    /// touch that reaches it was down: serial and slot.
    var touches: [[(serial: Int, slot: Int)]]
    let competes: [Bool]
    /// Whether winning cancels the recognizer's touches for controls (rule 4): the scene's
    /// `cancelsTouchesInView`, which a TouchTraceUIKit recognizer's own property may turn off.
    var cancelsTouches: [Bool]
    /// Whom each requires to fail, and who requires each to fail (both in scene order): the
    /// scene's `requireToFail`, plus what TouchTraceUIKit's `require(toFail:)` adds (`addRequirement`).
    var requires: [[Int]]
    var requiredBy: [[Int]]
    /// Where the views are, for TouchTraceUIKit's `UIView` (set by the replayer): each view's
    /// frame on the screen, its superview (or −1), and each recognizer's view.
    var viewFrames: [Rect] = []
    var viewSuperviews: [Int] = []
    var recognizerViews: [Int] = []
    /// `simultaneous[a * count + b]`: the pair may recognize together.
    private let simultaneous: [Bool]
    /// Each recognizer's `view.name`, for the reasons of failures the arena decides.
    private let names: [String]

    var deadlines = DeadlineQueue()
    /// Effects not yet carried out, first first.
    var effects: [Effect] = []
    var effectsStart = 0

    /// The arena of a scene whose recognizers, in scene order, have these names and relations.
    init(names: [String], competes: [Bool], cancelsTouches: [Bool], requires: [[Int]], simultaneousPairs: [(Int, Int)],
         isActive: Bool, isExclusive: Bool) {
        let n = names.count
        self.count = n
        self.isActive = isActive
        self.isExclusive = isActive && isExclusive
        self.state = Array(repeating: .possible, count: n)
        self.won = Array(repeating: false, count: n)
        self.waiting = Array(repeating: nil, count: n)
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
    }

    /// Whether UIKit lets a recognizer go from one state to the other: possible → began,
    /// recognized, failed or cancelled; began or changed → changed, ended or cancelled; nothing
    /// from a final state, nothing back to possible (that is a reset).
    @inline(__always) static func allows(from: RecognizerState, to: RecognizerState) -> Bool {
        switch from {
        case .possible: return to == .began || to == .recognized || to == .failed || to == .cancelled
        case .began, .changed: return to == .changed || to == .ended || to == .cancelled
        default: return false
        }
    }

    @inline(__always) func isWaiting(_ g: Int) -> Bool { isActive && waiting[g] != nil }

    /// Whether the two recognizers compete: both take part, they share a touch, and neither
    /// allows the pair to be simultaneous.
    @inline(__always) func compete(_ a: Int, _ b: Int) -> Bool {
        guard isExclusive, a != b, competes[a], competes[b], !simultaneous[a * count + b] else { return false }
        return sharesTouch(a, b)
    }

    /// Whether a touch has reached both recognizers (since each last had none down).
    @inline(__always) func sharesTouch(_ a: Int, _ b: Int) -> Bool {
        for x in touches[a] where touches[b].contains(where: { $0.serial == x.serial }) { return true }
        return false
    }

    /// What happens when `g` would win now.
    @inline(__always) func verdict(_ g: Int) -> Verdict {
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

    /// Rule 1: a recognizer that competes with `g`, has won and is not yet final.
    @inline(__always) func preventer(of g: Int) -> Int? {
        guard isExclusive else { return nil }
        for s in 0..<count where (state[s] == .began || state[s] == .changed) && compete(g, s) { return s }
        return nil
    }

    /// Notes a change that stands, and what it sets off.
    @inline(__always) mutating func changed(_ g: Int, to new: RecognizerState) {
        // Most changes are `changed` again: the state is written (the array checked for sole
        // ownership) only when it differs.
        if state[g] != new { state[g] = new }
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

    /// Holds `g` until the recognizers it requires have failed; it keeps no deadline meanwhile.
    @inline(__always) mutating func wait(_ g: Int, for state: RecognizerState, data: FieldList, actionValue: Double) {
        waiting[g] = Waiting(state: state, data: data, actionValue: actionValue)
        deadlines.remove(g)
    }

    /// Whether every recognizer `g` requires has failed (or was cancelled before it won).
    @inline(__always) func requirementsFailed(_ g: Int) -> Bool {
        requires[g].allSatisfy { state[$0] == .failed || (state[$0] == .cancelled && !won[$0]) }
    }

    mutating func setDeadline(_ g: Int, at time: Double) {
        guard !isWaiting(g), !state[g].isFinal else { return }
        deadlines.set(g, at: time)
    }

    mutating func cancelDeadline(_ g: Int) { deadlines.remove(g) }

    /// The next effect to carry out, if any.
    mutating func nextEffect() -> Effect? {
        guard effectsStart < effects.count else {
            if effectsStart > 0 { effects.removeAll(keepingCapacity: true); effectsStart = 0 }
            return nil
        }
        effectsStart += 1
        return effects[effectsStart - 1]
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
    @inline(__always) func reasonPrevented(by g: Int) -> SharedText { SharedText("prevented by \(names[g])") }
    @inline(__always) func reasonRequired(_ g: Int) -> SharedText { SharedText("required \(names[g]) to fail") }

    /// Makes this arena `plan`, the arena of the same scene as a replay starts it, keeping its
    /// memory: each part replaying changes is put back in place, and written only where it
    /// differs (an arena copied whole from the plan would share the plan's arrays, and copy
    /// each of them again at its first change).
    mutating func restart(as plan: Arena) {
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
        if viewFrames != plan.viewFrames { viewFrames = plan.viewFrames }
        if viewSuperviews != plan.viewSuperviews { viewSuperviews = plan.viewSuperviews }
        if recognizerViews != plan.recognizerViews { recognizerViews = plan.recognizerViews }
        deadlines.replaceAll(with: plan.deadlines)
        if !effects.isEmpty || !plan.effects.isEmpty {
            effects.removeAll(keepingCapacity: true)
            effects.append(contentsOf: plan.effects)
        }
        effectsStart = plan.effectsStart
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
    }
}

/// Memory of its own for one value (an `Arena`, a replay) for as long as this object lives:
/// code that keeps `pointer` reaches the value with no check of exclusive access and no
/// reference counting.
final class PinnedStorage<Value> {
    let pointer: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

/// Memory of its own for a row of plain values (no references in them) that only grows: a
/// replay's per-slot and per-view scratch. Code that keeps `start` reads and writes the values
/// with no check of exclusive access or sole ownership and no reference counting; `start`
/// changes only when the row grows (`grow(to:filling:)` returns the new one).
final class PinnedBuffer<Element> {
    /// The first value (stored by the owner as well: a class's variable would be checked for
    /// exclusive access at every read).
    private(set) var start: UnsafeMutablePointer<Element>
    /// How many values there are.
    private(set) var count: Int

    init(repeating value: Element, count: Int) {
        precondition(_isPOD(Element.self), "a pinned buffer holds plain values")
        start = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(count, 1))
        start.initialize(repeating: value, count: count)
        self.count = count
    }

    init(_ values: [Element]) {
        precondition(_isPOD(Element.self), "a pinned buffer holds plain values")
        start = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(values.count, 1))
        start.initialize(from: values, count: values.count)
        count = values.count
    }

    /// Makes the row `count` values long (if it is shorter), the new ones `value`; returns
    /// where the row now starts.
    func grow(to count: Int, filling value: Element) -> UnsafeMutablePointer<Element> {
        guard count > self.count else { return start }
        let capacity = Swift.max(count, 2 * self.count)
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        moved.moveInitialize(from: start, count: self.count)
        (moved + self.count).initialize(repeating: value, count: capacity - self.count)
        start.deallocate()
        start = moved
        self.count = capacity
        return moved
    }

    deinit { start.deallocate() }
}
