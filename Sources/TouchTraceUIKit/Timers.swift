import TouchTrace
import Synchronization

// Time as a device has it (SPEC 17): timers and blocks for the main queue run at the trace's
// time, between events, as a run loop would run them — never at the time of the machine that
// replays. `Timer`, `DispatchQueue`, `DispatchTime` and `DispatchWorkItem` here stand in for
// Foundation's and Dispatch's in a file that says `import TouchTraceUIKit` (they shadow them);
// a file that also says `import Foundation` or `import Dispatch` finds both, and a use that
// names one of these types alone (`Timer.scheduledTimer`, `let item: DispatchWorkItem`) is
// ambiguous there (docs/own-gesture-code.md, "Time").

/// The work the code of one replay has scheduled for later, in the order it runs: by time in
/// whole microseconds, then in the order it was scheduled. The replay's engine runs it between
/// events (`UIKitReplay.runNextWork`), as it fires deadlines.
final class ReplayTimeline {
    /// One piece of work: a block, a work item or a timer's next firing.
    enum Work {
        case block(() -> Void)
        case item(DispatchWorkItem)
        case timer(Timer)
        /// `perform(_:with:afterDelay:)`: the selector on the target (held until it runs).
        case perform(target: AnyObject, selector: Selector, argument: Any?)
        /// A timer source's next firing (the source held weakly: one nobody holds is gone).
        case source(SourceReference)
    }

    private struct Entry {
        let time: Double
        let micros: Int64
        let order: Int
        let work: Work
    }

    /// Earliest first; ties in the order scheduled.
    private var entries: [Entry] = []
    /// How many pieces have been scheduled (the order of the next).
    private var scheduled = 0
    /// The engine's context while a piece runs (a state change its code asks of a recognizer
    /// is asked through it).
    private(set) var running: DeliveryHandle?
    /// The replay's application (`UIApplication.shared` while its code runs), for a screen
    /// built in code; nil otherwise.
    var application: UIApplication?
    /// Recognizers gesture code has added to views while the replay of a screen built in code
    /// runs, not yet taken in (`UIKitReplay.joinAddedRecognizers`); nil while the screen is
    /// built, and in the replay of a scene file (which adds none).
    var addedRecognizers: [AddedRecognizer]?

    /// A time in whole microseconds, rounded to the nearest, as deadlines are compared (SPEC 10).
    static func micros(_ t: Double) -> Int64 {
        let scaled = (t * 1_000_000).rounded()
        if !(scaled < 9.0e18) { return Int64(9.0e18) }
        if !(scaled > -9.0e18) { return Int64(-9.0e18) }
        return Int64(scaled)
    }

    /// Schedules `work` at `time` (seconds of the trace; no earlier than now).
    func schedule(_ work: Work, at time: Double) {
        let now = MediaClock.now
        let at = time.isNaN || time < now ? now : time
        let entry = Entry(time: at, micros: Self.micros(at), order: scheduled, work: work)
        scheduled += 1
        var i = entries.count
        while i > 0 && entries[i - 1].micros > entry.micros { i -= 1 }
        entries.insert(entry, at: i)
    }

    /// Drops the pending firing of `timer`.
    func remove(_ timer: Timer) {
        entries.removeAll { if case .timer(let t) = $0.work { return t === timer } else { return false } }
    }

    /// Drops the pending firing of `source`, and those of sources nobody holds any more.
    func remove(_ source: DispatchSource) {
        entries.removeAll { entry in
            guard case .source(let reference) = entry.work else { return false }
            return reference.source == nil || reference.source === source
        }
    }

    /// Drops every pending run of `item`.
    func remove(_ item: DispatchWorkItem) {
        entries.removeAll { if case .item(let i) = $0.work { return i === item } else { return false } }
    }

    /// Drops the pending `perform(_:with:afterDelay:)` requests on `target` (of `selector` with
    /// `argument` only, when `selector` is given).
    func removePerforms(on target: AnyObject, selector: Selector?, argument: Any?) {
        entries.removeAll { entry in
            guard case .perform(let t, let s, let a) = entry.work, t === target else { return false }
            guard let selector else { return true }
            return s == selector && sameArgument(a, argument)
        }
    }

    /// Whether two arguments of `perform(_:with:afterDelay:)` are the same: both nil, equal
    /// values, or the same object.
    private func sameArgument(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?):
            if let x = a as? AnyHashable, let y = b as? AnyHashable { return x == y }
            if type(of: a) is AnyClass && type(of: b) is AnyClass { return (a as AnyObject) === (b as AnyObject) }
            return false
        default: return false
        }
    }

    /// The earliest piece's time, in seconds and whole microseconds.
    var next: (time: Double, micros: Int64)? {
        dropReleasedSourcesInFront()
        return entries.first.map { ($0.time, $0.micros) }
    }

    /// Drops the firings, at the front, of timer sources nobody holds any more (a source that
    /// goes cannot take its firing off the timeline itself: it may go while the timeline is busy).
    private func dropReleasedSourcesInFront() {
        while let first = entries.first, case .source(let reference) = first.work, reference.source == nil {
            entries.removeFirst()
        }
    }

    /// Whether a piece other than a repeating timer's next firing is pending.
    var hasOneShotWork: Bool {
        entries.contains { entry in
            if case .timer(let timer) = entry.work { return !timer.repeats }
            if case .source(let reference) = entry.work { return reference.source?.repeats == false }
            return true
        }
    }

    /// Runs the earliest piece if it is due by `micros`, at `context.t`; returns whether one ran.
    func runNext(dueBy micros: Int64, _ context: inout DeliveryContext) -> Bool {
        dropReleasedSourcesInFront()
        guard let first = entries.first, first.micros <= micros else { return false }
        entries.removeFirst()
        MediaClock.now = context.t
        ReplayTimeline.current = self
        DeliveryHandle.lend(&context) { handle in
            let outer = running
            running = handle
            defer { running = outer }
            switch first.work {
            case .block(let block): block()
            case .item(let item): item.perform()
            case .timer(let timer): timer.fireScheduled(at: first.time)
            case .perform(let target, let selector, let argument): DelayedPerform.call(selector, on: target, with: argument)
            case .source(let reference): reference.source?.fireScheduled(at: first.time)
            }
        }
        return true
    }

    // MARK: The replay under way on this thread

    /// The timeline of the replay whose code runs on this thread (nil outside every replay, or
    /// once that replay is gone): where work scheduled now goes.
    static var current: ReplayTimeline? {
        get { MediaClock.timeline }
        set { MediaClock.timeline = newValue }
    }

    /// Makes the timeline of the replay `context` belongs to current, once the replay has one.
    static func enter(_ context: DeliveryContext) {
        if let world = context.replayAttachment as? UIKitReplay { current = world.timeline }
    }
}

extension UIGestureRecognizer {
    /// Runs `body` as a call of the engine's, when scheduled work of this recognizer's replay is
    /// running (a timer's block that sets `state`): a change it asks for is decided by the arena
    /// at the work's time, as a deadline's is. Returns false, running nothing, at any other time
    /// or when the recognizer has not been called in that replay yet (it has no place in it).
    func whileScheduledWorkRuns(_ body: () -> Void) -> Bool {
        guard context == nil, let timeline = ReplayTimeline.current, let running = timeline.running, running.isInScope,
              let world, world.timeline === timeline, index >= 0,
              var mine = running.context.forRecognizer(index) else { return false }
        DeliveryHandle.lend(&mine) { handle in
            context = handle
            defer { context = nil }
            body()
        }
        return true
    }
}

/// A timer, as Foundation's `Timer`, that fires at the trace's time: scheduled at time t for an
/// interval d, its block runs at t + d between events (before an event at the same microsecond,
/// after a recognizer's deadline there), timers due together in the order they were scheduled;
/// a repeating one fires again every d after that until invalidated. No time of a timer is the
/// machine's clock (that clock is read only to tie a `Date` to the trace's time, below).
///
/// A timer is scheduled on the replay whose code makes it (a recognizer's touch method, an
/// action, a handler, `viewDidLoad`, another timer's block); one made outside every replay never
/// fires. A state change its block asks of a recognizer (`state = .failed`) is decided by the
/// arena at the timer's time, as a deadline's; views its block moves are recorded then
/// (`viewChanged`). After the trace's last event, timers go on firing in time order while a
/// deadline or work other than a repeating timer's is pending (see `Replayer.finish()`).
///
/// `fireDate` is a `Date` as Foundation's, so code that moves it with `Date()` works. `Date()`
/// is the machine's clock, which does not follow the trace's; touchtrace ties the two at one
/// point, the moment the replay entered the code now running (the event, deadline or timer
/// being delivered, `MediaClock.machineAtEntry`): that moment is the trace's time now. A date is
/// taken as its interval from that moment, to the nearest millisecond, added to the trace's
/// time, so `Date().addingTimeInterval(x)` lands at exactly now + x however long the code
/// computes before it hands the date over (code that computes more than half a millisecond of
/// the machine's time before it calls `Date()` moves the date by that much; a date made in one
/// delivery and set in a later one counts from the later one); and the fire date it gives is that moment plus the
/// trace's time left, so `fireDate.addingTimeInterval(x)` set back moves the timer by exactly
/// x (`fireDate.timeIntervalSinceNow` is the trace's time left, less the machine's time the code
/// has taken since it was entered). A date more than 10⁹ s away (`Date.distantFuture`) is never
/// reached: the timer stays valid and does not fire until its fire date is set again, as code
/// that pauses a timer expects.
public final class Timer {
    let block: ((Timer) -> Void)?
    let target: AnyObject?
    let selector: Selector?
    let interval: Double
    let repeats: Bool
    /// The replay it is scheduled on, until it is invalidated.
    private weak var timeline: ReplayTimeline?
    /// The trace's time of its next firing (`.infinity`: never), once it is known.
    private var due: Double
    /// Whether `due` was given (a fire date, or `fireAt`) rather than taken from the interval
    /// when the timer is added to a replay.
    private var dueIsGiven = false
    /// How many times code has set `fireDate` (a block that sets it has rescheduled its timer).
    private var fireDateChanges = 0

    /// Whether it will still fire (false once invalidated, or once a non-repeating timer has fired).
    public private(set) var isValid = true
    /// The object given when it was made.
    public let userInfo: Any?
    /// How late it may fire, in seconds: kept, not used (it fires on time).
    public var tolerance: TimeInterval = 0

    /// The interval between firings, in seconds: 0 for a non-repeating timer, as Foundation's.
    public var timeInterval: TimeInterval { repeats ? interval : 0 }

    /// The date of its next firing (see the type's documentation for how dates map onto the
    /// trace's time). Setting it on a valid timer moves its next firing there — at once after the
    /// current event when the date has passed, never for `Date.distantFuture` — and a repeating
    /// timer goes on every `timeInterval` from there, as Foundation's; on a timer not yet added
    /// to a replay it is where the timer first fires once added. On an invalid timer it does
    /// nothing.
    public var fireDate: Date {
        get {
            guard due.isFinite else { return .distantFuture }
            return Date(timeIntervalSinceReferenceDate: MediaClock.machineAtEntry + (due - MediaClock.now))
        }
        set {
            guard isValid else { return }
            due = Timer.traceTime(of: newValue)
            dueIsGiven = true
            fireDateChanges += 1
            guard let timeline else { return }
            timeline.remove(self)
            if due.isFinite { timeline.schedule(.timer(self), at: due) }
        }
    }

    /// The trace's time of `date`: the trace's time now plus the date's interval from the moment
    /// the replay entered the code now running (`MediaClock.machineAtEntry`), to the nearest
    /// millisecond (so the machine's time the code takes between entering and making the date
    /// does not count, up to half a millisecond, nor does any time after); `.infinity` beyond
    /// 10⁹ s.
    static func traceTime(of date: Date) -> Double {
        let fromEntry = date.timeIntervalSinceReferenceDate - MediaClock.machineAtEntry
        if !(fromEntry < 1e9) { return .infinity }
        return MediaClock.now + (Swift.max(fromEntry, -1e9) * 1000).rounded() / 1000
    }

    /// A timer, not yet scheduled, that calls `block` after `interval` seconds (a repeating one:
    /// every `interval`, at least 0.1 ms, as Foundation's). Schedule it with
    /// `RunLoop.main.add(_:forMode:)`.
    public init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void) {
        self.block = block
        self.target = nil
        self.selector = nil
        self.userInfo = nil
        self.repeats = repeats
        self.interval = Timer.effectiveInterval(interval, repeats: repeats)
        self.due = MediaClock.now + self.interval
    }

    /// A timer, not yet scheduled, that first calls `block` at `date` (see the type's
    /// documentation for dates), then, when `repeats`, every `interval` seconds (at least
    /// 0.1 ms). Schedule it with `RunLoop.main.add(_:forMode:)`.
    public convenience init(fire date: Date, interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void) {
        self.init(timeInterval: interval, repeats: repeats, block: block)
        due = Timer.traceTime(of: date)
        dueIsGiven = true
    }

    /// A timer, not yet scheduled, that first calls `selector` on `target` at `date`, then, when
    /// `repeats`, every `interval` seconds, as `init(timeInterval:target:selector:userInfo:repeats:)`.
    /// Schedule it with `RunLoop.main.add(_:forMode:)`.
    public convenience init(fireAt date: Date, interval: TimeInterval, target: Any, selector: Selector, userInfo: Any?,
                            repeats: Bool) {
        self.init(timeInterval: interval, target: target, selector: selector, userInfo: userInfo, repeats: repeats)
        due = Timer.traceTime(of: date)
        dueIsGiven = true
    }

    /// A timer, not yet scheduled, that calls `selector` on `target` (held strongly, as
    /// Foundation holds it, until invalidated) with the timer after `interval` seconds. The call
    /// goes as `Timer.registerAction(_:for:_:)` says.
    public init(timeInterval interval: TimeInterval, target: Any, selector: Selector, userInfo: Any?, repeats: Bool) {
        self.block = nil
        self.target = type(of: target) is AnyClass ? target as AnyObject : nil
        self.selector = selector
        self.userInfo = userInfo
        self.repeats = repeats
        self.interval = Timer.effectiveInterval(interval, repeats: repeats)
        self.due = MediaClock.now + self.interval
    }

    /// A timer that calls `block` after `interval` seconds of the trace, scheduled at once on the
    /// replay under way (see the type's documentation).
    @discardableResult
    public class func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                     block: @escaping (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        timer.schedule()
        return timer
    }

    /// A timer that calls `selector` on `target` with the timer after `interval` seconds of the
    /// trace, scheduled at once (see `init(timeInterval:target:selector:userInfo:repeats:)`).
    @discardableResult
    public class func scheduledTimer(timeInterval interval: TimeInterval, target: Any, selector: Selector,
                                     userInfo: Any?, repeats: Bool) -> Timer {
        let timer = Timer(timeInterval: interval, target: target, selector: selector, userInfo: userInfo, repeats: repeats)
        timer.schedule()
        return timer
    }

    /// Fires now, out of its schedule: the block (or action) runs; a non-repeating timer is then
    /// invalidated, a repeating one keeps its schedule. An invalid timer does nothing.
    public func fire() {
        guard isValid else { return }
        call()
        if !repeats { invalidate() }
    }

    /// Stops it: it never fires again.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        timeline?.remove(self)
        timeline = nil
    }

    /// Puts it on the replay under way, due at its fire date when one was given, else
    /// `interval` from now (nothing outside every replay, once scheduled already, or for an
    /// infinite interval: it never comes).
    func schedule() {
        guard isValid, timeline == nil, dueIsGiven || interval.isFinite, let current = ReplayTimeline.current else { return }
        timeline = current
        if !dueIsGiven { due = MediaClock.now + interval }
        if due.isFinite { current.schedule(.timer(self), at: due) }
    }

    /// Its firing at `time`, as scheduled: the call, then the next firing of a repeating timer.
    func fireScheduled(at time: Double) {
        guard isValid else { return }
        due = time
        let changes = fireDateChanges
        call()
        guard isValid else { return }
        if repeats, let timeline {
            // A block that set `fireDate` has put the next firing on the timeline already.
            guard fireDateChanges == changes else { return }
            due = time + interval
            timeline.schedule(.timer(self), at: due)
        } else {
            isValid = false
            timeline = nil
        }
    }

    private func call() {
        if let block {
            block(self)
        } else if let target, let selector {
            Timer.perform(selector, on: target, with: self)
        }
    }

    private static func effectiveInterval(_ interval: Double, repeats: Bool) -> Double {
        guard interval.isFinite else { return interval.isNaN ? 0 : .infinity }
        if repeats { return Swift.max(interval, 0.0001) }
        return Swift.max(interval, 0)
    }
}

extension RunLoop {
    /// Schedules `timer` on the replay under way, due its interval after now (the mode does not
    /// matter: every timer fires at its time).
    public func add(_ timer: Timer, forMode mode: RunLoop.Mode) {
        timer.schedule()
    }
}

/// A time for `DispatchQueue.asyncAfter`, as Dispatch's `DispatchTime`: the trace's time, in
/// seconds, of which `now()` is the event (or deadline, or timer) being delivered.
public struct DispatchTime: Comparable, Hashable, Sendable {
    /// The time in seconds of the trace.
    let seconds: Double

    init(seconds: Double) { self.seconds = seconds }

    /// The time `uptimeNanoseconds` nanoseconds into the trace.
    public init(uptimeNanoseconds: UInt64) { self.seconds = Double(uptimeNanoseconds) / 1e9 }

    /// The trace's time of what is being delivered (`CACurrentMediaTime()`).
    public static func now() -> DispatchTime { DispatchTime(seconds: MediaClock.now) }

    /// A time never reached: work scheduled for it never runs.
    public static let distantFuture = DispatchTime(seconds: .infinity)

    /// The time in nanoseconds of the trace.
    public var uptimeNanoseconds: UInt64 {
        seconds >= 1.8e10 ? UInt64.max : seconds <= 0 ? 0 : UInt64((seconds * 1e9).rounded())
    }

    /// Earlier first.
    public static func < (a: DispatchTime, b: DispatchTime) -> Bool { a.seconds < b.seconds }

    /// `seconds` later.
    public static func + (time: DispatchTime, seconds: Double) -> DispatchTime { DispatchTime(seconds: time.seconds + seconds) }
    /// `seconds` earlier.
    public static func - (time: DispatchTime, seconds: Double) -> DispatchTime { DispatchTime(seconds: time.seconds - seconds) }
    /// `interval` later (`.never`: never reached).
    public static func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        DispatchTime(seconds: time.seconds + interval.seconds)
    }
    /// `interval` earlier.
    public static func - (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        DispatchTime(seconds: time.seconds - interval.seconds)
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds (`.never`: infinity).
    var seconds: Double {
        switch self {
        case .seconds(let n): return Double(n)
        case .milliseconds(let n): return Double(n) / 1e3
        case .microseconds(let n): return Double(n) / 1e6
        case .nanoseconds(let n): return Double(n) / 1e9
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}

/// A block to run later, as Dispatch's `DispatchWorkItem`: `cancel()` before it runs keeps it
/// from running.
public final class DispatchWorkItem {
    private let block: () -> Void
    /// Whether `cancel()` has been called.
    public private(set) var isCancelled = false
    /// The replays it is scheduled on.
    private var timelines: [ReplayTimeline] = []

    /// A work item that runs `block`.
    public init(block: @escaping () -> Void) { self.block = block }

    /// Runs the block now (unless cancelled).
    public func perform() {
        guard !isCancelled else { return }
        block()
    }

    /// Keeps it from running where it is scheduled and has not run yet.
    public func cancel() {
        isCancelled = true
        for timeline in timelines { timeline.remove(self) }
        timelines.removeAll()
    }

    func scheduled(on timeline: ReplayTimeline) {
        if !timelines.contains(where: { $0 === timeline }) { timelines.append(timeline) }
    }
}

/// A queue, as Dispatch's `DispatchQueue`, whose work runs at the trace's time on the thread
/// that replays: `async` after the current event's deliveries and actions (as the main queue
/// runs it once the touch handling returns), `asyncAfter(deadline:)` between events at its
/// deadline, blocks due together in the order they were given. Every queue — `main`, `global()`,
/// one of your own — is the same here: the replay has one thread. Work given outside every
/// replay never runs.
public final class DispatchQueue: Sendable {
    /// The queue's label.
    public let label: String

    /// A queue labelled `label` (it runs its work as `main` does).
    public init(label: String) { self.label = label }

    /// The main queue.
    public static let main = DispatchQueue(label: "com.apple.main-thread")

    /// A global queue (it runs its work as `main` does: the replay has one thread).
    public static func global() -> DispatchQueue { DispatchQueue(label: "com.apple.root.default-qos") }

    /// A global queue of a quality of service (it runs its work as `main` does).
    public static func global(qos: DispatchQoS.QoSClass) -> DispatchQueue { global() }

    /// Runs `work` once the current event (or deadline, or timer) has been delivered and its
    /// actions have run.
    public func async(execute work: @escaping () -> Void) {
        ReplayTimeline.current?.schedule(.block(work), at: MediaClock.now)
    }

    /// Runs `workItem` as `async(execute:)` runs a block, unless it is cancelled first.
    public func async(execute workItem: DispatchWorkItem) {
        asyncAfter(deadline: .now(), execute: workItem)
    }

    /// Runs `work` at `deadline` (the trace's time), between events; at once after the current
    /// event when the deadline has passed.
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping () -> Void) {
        guard deadline.seconds.isFinite else { return }
        ReplayTimeline.current?.schedule(.block(work), at: deadline.seconds)
    }

    /// Runs `workItem` at `deadline`, unless it is cancelled first.
    public func asyncAfter(deadline: DispatchTime, execute workItem: DispatchWorkItem) {
        guard deadline.seconds.isFinite, let timeline = ReplayTimeline.current else { return }
        workItem.scheduled(on: timeline)
        timeline.schedule(.item(workItem), at: deadline.seconds)
    }

    /// Runs `work` now and returns its result (the replay has one thread).
    public func sync<T>(execute work: () throws -> T) rethrows -> T { try work() }
}

/// The ways registered in the process to call a timer's selector on a target, by selector name,
/// in the order registered.
let registeredTimerActions = Mutex<[String: [@Sendable (AnyObject, Timer) -> Bool]]>([:])

extension Timer {
    /// Tells touchtrace how to call the action `selector` of a timer made with
    /// `scheduledTimer(timeInterval:target:selector:userInfo:repeats:)` on a target of type `type`
    /// (or of a subclass of it): `Timer.registerAction("tick:", for: Blinker.self) { blinker,
    /// timer in blinker.tick(timer) }`. Register once for the process, before the replays; a
    /// selector that no registration answers stops the program at its first call, with a
    /// message naming it (Swift on Linux has no Objective-C runtime).
    public static func registerAction<Target: AnyObject>(_ selector: Selector, for type: Target.Type,
                                                         _ call: @escaping @Sendable (Target, Timer) -> Void) {
        let entry: @Sendable (AnyObject, Timer) -> Bool = { object, timer in
            guard let target = object as? Target else { return false }
            call(target, timer)
            return true
        }
        registeredTimerActions.withLock { $0[selector.name, default: []].append(entry) }
    }

    static func perform(_ selector: Selector, on target: AnyObject, with timer: Timer) {
        let entries = registeredTimerActions.withLock { $0[selector.name] ?? [] }
        for entry in entries where entry(target, timer) { return }
        let typeName = String(describing: type(of: target))
        preconditionFailure("""
            TouchTraceUIKit: the timer action "\(selector.name)" cannot be called on \(typeName): Swift on Linux has no \
            Objective-C runtime. Register it once, before the replays: \
            Timer.registerAction("\(selector.name)", for: \(typeName).self) { target, timer in ... }.
            """)
    }
}

/// The ways registered in the process to call a selector given to `perform(_:with:afterDelay:)`,
/// by selector name, in the order registered.
let registeredPerforms = Mutex<[String: [@Sendable (AnyObject, Any?) -> Bool]]>([:])

/// `perform(_:with:afterDelay:)` and its cancelling, shared by the classes that have them.
enum DelayedPerform {
    /// Asks for `selector` to be called on `target` with `argument` `delay` seconds of the trace
    /// from now, on the replay under way.
    static func schedule(_ selector: Selector, on target: AnyObject, with argument: Any?, afterDelay delay: TimeInterval) {
        guard delay.isFinite || delay.isNaN, let timeline = ReplayTimeline.current else { return }
        timeline.schedule(.perform(target: target, selector: selector, argument: argument), at: MediaClock.now + Swift.max(0, delay))
    }

    static func call(_ selector: Selector, on target: AnyObject, with argument: Any?) {
        let entries = registeredPerforms.withLock { $0[selector.name] ?? [] }
        for entry in entries where entry(target, argument) { return }
        let typeName = String(describing: type(of: target))
        preconditionFailure("""
            TouchTraceUIKit: "\(selector.name)" given to perform(_:with:afterDelay:) cannot be called on \(typeName): Swift \
            on Linux has no Objective-C runtime. Register it once, before the replays: \
            NSObject.registerPerform("\(selector.name)", for: \(typeName).self) { target, argument in ... }.
            """)
    }
}

extension NSObject {
    /// Tells touchtrace how to call `selector` on a target of type `type` (or of a subclass of
    /// it) when `perform(_:with:afterDelay:)` asks for it: `NSObject.registerPerform("hideHint",
    /// for: HintController.self) { controller, _ in controller.hideHint() }` (the closure gets
    /// the argument given to `with:`). Register once for the process, before the replays; a
    /// selector that no registration answers stops the program when it is due, with a message
    /// naming it (Swift on Linux has no Objective-C runtime).
    public static func registerPerform<Target: AnyObject>(_ selector: Selector, for type: Target.Type,
                                                          _ call: @escaping @Sendable (Target, Any?) -> Void) {
        let entry: @Sendable (AnyObject, Any?) -> Bool = { object, argument in
            guard let target = object as? Target else { return false }
            call(target, argument)
            return true
        }
        registeredPerforms.withLock { $0[selector.name, default: []].append(entry) }
    }

    /// Drops every request `perform(_:with:afterDelay:)` made on `target` that has not run yet.
    public static func cancelPreviousPerformRequests(withTarget target: Any) {
        guard type(of: target) is AnyClass else { return }
        ReplayTimeline.current?.removePerforms(on: target as AnyObject, selector: nil, argument: nil)
    }

    /// Drops the requests to call `selector` on `target` with `argument` (nil matches nil; values
    /// match when equal, objects when the same) that have not run yet.
    public static func cancelPreviousPerformRequests(withTarget target: Any, selector: Selector, object argument: Any?) {
        guard type(of: target) is AnyClass else { return }
        ReplayTimeline.current?.removePerforms(on: target as AnyObject, selector: selector, argument: argument)
    }
}

extension UIResponder {
    /// Calls `selector` on this object with `argument` after `delay` seconds of the trace, as
    /// NSObject's `perform(_:with:afterDelay:)`: between events, as a timer fires (see `Timer`);
    /// the call goes as `NSObject.registerPerform(_:for:_:)` says. Cancel it with
    /// `NSObject.cancelPreviousPerformRequests(withTarget:)`.
    public func perform(_ selector: Selector, with argument: Any?, afterDelay delay: TimeInterval) {
        DelayedPerform.schedule(selector, on: self, with: argument, afterDelay: delay)
    }
}

extension UIGestureRecognizer {
    /// Calls `selector` on this recognizer with `argument` after `delay` seconds of the trace, as
    /// NSObject's `perform(_:with:afterDelay:)` (see `UIResponder.perform(_:with:afterDelay:)`).
    public func perform(_ selector: Selector, with argument: Any?, afterDelay delay: TimeInterval) {
        DelayedPerform.schedule(selector, on: self, with: argument, afterDelay: delay)
    }
}
