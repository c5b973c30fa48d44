import TouchTrace

// Dispatch's timer sources on the trace's time (SPEC 17): `DispatchSource.makeTimerSource(queue:)`,
// `DispatchSourceTimer`, `DispatchSourceProtocol` and `DispatchWallTime` here stand in for
// Dispatch's in a file that says `import TouchTraceUIKit`, as `DispatchQueue` does (see Timers.swift
// and docs/own-gesture-code.md, "Time"). A source's firings are pieces of the replay's timeline,
// run between events as a timer's are.

/// A timer source as the timeline holds it: weakly, so that a source nobody holds any more is
/// gone, and its pending firing with it (as Dispatch's: a timer source must be kept to fire).
struct SourceReference {
    weak var source: DispatchSource?
}

/// A timer source, as Dispatch's `DispatchSource` made by `makeTimerSource(flags:queue:)`: its
/// event handler runs at the trace's time, between events, as a `Timer`'s block does.
///
/// The semantics are Dispatch's:
/// - A source is made inactive: nothing fires until `resume()` (or `activate()`).
/// - `schedule(deadline:repeating:leeway:)` makes it fire first at the deadline (at once after
///   the current event when the deadline has passed), then at deadline + n × interval until it is
///   cancelled; with `.never` (the default) or an infinite interval it fires once. Calling it again
///   starts a new schedule. A repeating interval is at least 0.1 ms here (as `Timer`'s), so that a
///   replay always ends.
/// - `suspend()` and `resume()` count: a source fires only while every `suspend()` has been
///   balanced by a `resume()`. Firings due while it was suspended come together as one at the
///   `resume()` (after the current event), `data` telling how many; then it goes on at
///   deadline + n × interval. An unbalanced `resume()` is ignored (Dispatch stops the program:
///   "over-resume").
/// - `cancel()` stops it for good: it fires no more, and its cancel handler runs once the current
///   event (or timer, or block) is done, as `DispatchQueue.main.async` runs a block — for a
///   suspended or inactive source, once it is resumed, as in Dispatch. The handlers are then let
///   go (a cycle through them is broken).
/// - A source nobody holds any more is gone: it never fires again and its cancel handler does not
///   run (Dispatch too lets such a timer go; it stops the program when the source was suspended).
///
/// A source fires on the replay whose code first arms it (resumes it with a schedule); one armed
/// outside every replay never fires. Every queue is the replay's one thread here, so the `queue`
/// given does not matter. A state change its handler asks of a recognizer (`state = .failed`) is
/// decided by the arena at the firing's time, as a deadline's; views it moves are recorded then.
/// After the trace's last event a one-shot source keeps the replay going until it fires, a
/// repeating one fires only while other work or a deadline is pending (as a repeating `Timer`).
public class DispatchSource {
    /// Flags for `makeTimerSource(flags:queue:)`, as Dispatch's: kept, not used (every source
    /// fires on time).
    public struct TimerFlags: OptionSet, Sendable {
        /// The flags' bits.
        public let rawValue: UInt
        /// Flags of the bits `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Dispatch's "observe the leeway strictly" (every firing here is on time anyway).
        public static let strict = TimerFlags(rawValue: 1)
    }

    /// The type of an event, cancel or registration handler, as Dispatch's.
    public typealias DispatchSourceHandler = () -> Void

    let flags: TimerFlags
    /// The queue given when it was made (every queue runs its work on the replay's thread).
    let queue: DispatchQueue?

    private var eventHandler: (() -> Void)?
    private var cancelHandler: (() -> Void)?
    private var registrationHandler: (() -> Void)?

    /// Whether `resume()` or `activate()` has activated it.
    private var active = false
    /// `suspend()` calls not yet balanced by `resume()`.
    private var suspendCount = 0
    /// Whether the cancel handler is still to be run (cancelled while suspended or inactive).
    private var cancelPending = false

    /// The first deadline of the schedule, in seconds of the trace (nil: no schedule, or a
    /// one-shot that has fired).
    private var start: Double?
    /// The interval between firings, in seconds (nil: it fires once).
    private var interval: Double?
    /// The number n of the next firing, due at start + n × interval.
    private var nextFiring = 0
    /// Whether a firing is on the timeline now.
    private var armed = false
    /// The replay it fires on, from the first time it is armed.
    private weak var timeline: ReplayTimeline?

    /// Whether `cancel()` has been called.
    public private(set) var isCancelled = false
    /// In the event handler: how many firings this call stands for (more than 1 when the source
    /// was suspended past several of them), as Dispatch's.
    public private(set) var data: UInt = 0
    /// Dispatch's handle of the source: 0 for a timer source.
    public var handle: UInt { 0 }
    /// The flags the source was made with, as bits.
    public var mask: UInt { flags.rawValue }

    init(flags: TimerFlags, queue: DispatchQueue?) {
        self.flags = flags
        self.queue = queue
    }

    /// Whether its schedule repeats (false for a one-shot, or with no schedule).
    var repeats: Bool { interval != nil }

    /// A timer source, inactive and with no schedule: give it a handler and a schedule, then
    /// `resume()` it (see the type's documentation). The flags are kept; every queue is the
    /// replay's one thread.
    public class func makeTimerSource(flags: TimerFlags = [], queue: DispatchQueue? = nil) -> DispatchSourceTimer {
        DispatchSource(flags: flags, queue: queue)
    }

    // MARK: Handlers

    /// Sets the block run at each firing (nil: none); the quality of service and flags change
    /// nothing (every block runs on the replay's thread).
    public func setEventHandler(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                                handler: DispatchSourceHandler?) {
        eventHandler = handler
    }

    /// Sets the work item performed at each firing (unless it is cancelled).
    public func setEventHandler(handler: DispatchWorkItem) {
        eventHandler = { handler.perform() }
    }

    /// Sets the block run once after `cancel()` (nil: none).
    public func setCancelHandler(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                                 handler: DispatchSourceHandler?) {
        cancelHandler = handler
    }

    /// Sets the work item performed once after `cancel()` (unless it is cancelled).
    public func setCancelHandler(handler: DispatchWorkItem) {
        cancelHandler = { handler.perform() }
    }

    /// Sets the block run once the source is activated, after the current event, as Dispatch
    /// runs it once the source is installed (nil: none).
    public func setRegistrationHandler(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                                       handler: DispatchSourceHandler?) {
        registrationHandler = handler
    }

    /// Sets the work item performed once the source is activated.
    public func setRegistrationHandler(handler: DispatchWorkItem) {
        registrationHandler = { handler.perform() }
    }

    // MARK: Activating, suspending, cancelling

    /// Activates an inactive source: from now on it fires as scheduled, unless suspended. Does
    /// nothing to an active one.
    public func activate() {
        guard !active else { return }
        active = true
        activated()
    }

    /// Balances one `suspend()`, or activates an inactive source that is not suspended: once
    /// nothing is left to balance, it fires again (firings missed meanwhile come as one, now). An
    /// unbalanced call is ignored.
    public func resume() {
        if suspendCount > 0 {
            suspendCount -= 1
            if suspendCount == 0 && active { running() }
        } else if !active {
            active = true
            activated()
        }
    }

    /// Stops its firings until a matching `resume()` (the calls count).
    public func suspend() {
        suspendCount += 1
        disarm()
    }

    /// Stops it for good: it never fires again, and its cancel handler runs after the current
    /// event (for a suspended or inactive source, once resumed). A second call does nothing.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        disarm()
        cancelPending = true
        if active && suspendCount == 0 { finishCancelling() }
    }

    private func activated() {
        if let registrationHandler {
            self.registrationHandler = nil
            ReplayTimeline.current?.schedule(.block(registrationHandler), at: MediaClock.now)
        }
        if suspendCount == 0 { running() }
    }

    /// Active and not suspended (again): the cancel handler if it waits for this, else the next firing.
    private func running() {
        if cancelPending { finishCancelling() } else { arm() }
    }

    private func finishCancelling() {
        cancelPending = false
        let handler = cancelHandler
        cancelHandler = nil
        eventHandler = nil
        registrationHandler = nil
        if let handler { ReplayTimeline.current?.schedule(.block(handler), at: MediaClock.now) }
    }

    // MARK: The schedule

    /// Starts a new schedule: first at `deadline` (seconds of the trace), then every `repeating`
    /// seconds (nil, infinite or NaN: once; at least 0.1 ms).
    func setSchedule(deadline: Double, repeating: Double?) {
        guard !isCancelled else { return }
        start = deadline
        if let repeating, repeating.isFinite {
            interval = Swift.max(repeating, 0.0001)
        } else {
            interval = nil
        }
        nextFiring = 0
        disarm()
        if active && suspendCount == 0 { arm() }
    }

    /// The time of firing `n`, in seconds.
    private func due(_ n: Int) -> Double {
        guard let start else { return .infinity }
        guard let interval else { return start }
        return start + Double(n) * interval
    }

    /// Puts the next firing on the timeline (at once after the current event when it is past).
    private func arm() {
        disarm()
        guard active, suspendCount == 0, !isCancelled, start != nil else { return }
        let time = due(nextFiring)
        guard time.isFinite else { return }
        if timeline == nil { timeline = ReplayTimeline.current }
        guard let timeline else { return }
        timeline.schedule(.source(SourceReference(source: self)), at: time)
        armed = true
    }

    private func disarm() {
        guard armed else { return }
        armed = false
        timeline?.remove(self)
    }

    /// Its firing at `time`, as armed: the event handler, told in `data` how many firings it
    /// stands for, then the next firing of a repeating schedule.
    func fireScheduled(at time: Double) {
        armed = false
        guard active, suspendCount == 0, !isCancelled, start != nil else { return }
        if interval == nil {
            data = 1
            start = nil
        } else {
            // The last firing due by `time` (whole microseconds, as the timeline compares them):
            // every one from `nextFiring` to it is delivered by this call.
            let limit = ReplayTimeline.micros(time)
            var last = nextFiring
            while ReplayTimeline.micros(due(last + 1)) <= limit { last += 1 }
            data = UInt(last - nextFiring + 1)
            nextFiring = last + 1
        }
        eventHandler?()
        // The handler may have suspended, cancelled or scheduled it anew (then it is armed already).
        if !armed { arm() }
    }
}

/// A dispatch source, as Dispatch's protocol of that name: every source here is a timer source
/// (see `DispatchSource`), so a variable of this type has the whole of its API.
public protocol DispatchSourceProtocol: DispatchSource {}

/// A timer source, as Dispatch's protocol of that name: what `DispatchSource.makeTimerSource(flags:queue:)`
/// returns, with `schedule(deadline:repeating:leeway:)` and the API of `DispatchSource`.
public protocol DispatchSourceTimer: DispatchSourceProtocol {}

extension DispatchSource: DispatchSourceTimer {}

extension DispatchSourceTimer {
    /// Fires first at `deadline` (the trace's time), then every `repeating` (`.never`, the
    /// default: once), until cancelled; a new schedule replaces the old. The leeway changes
    /// nothing: every firing is on time. Does nothing to a cancelled source.
    public func schedule(deadline: DispatchTime, repeating interval: DispatchTimeInterval = .never,
                         leeway: DispatchTimeInterval = .nanoseconds(0)) {
        setSchedule(deadline: deadline.seconds, repeating: interval == .never ? nil : interval.seconds)
    }

    /// Fires first at `deadline`, then every `repeating` seconds (`.infinity`: once), until
    /// cancelled (see `schedule(deadline:repeating:leeway:)`).
    public func schedule(deadline: DispatchTime, repeating interval: Double,
                         leeway: DispatchTimeInterval = .nanoseconds(0)) {
        setSchedule(deadline: deadline.seconds, repeating: interval)
    }

    /// Fires first at `wallDeadline` (the trace's time: wall time is the trace's here), then every
    /// `repeating` (`.never`, the default: once), until cancelled.
    public func schedule(wallDeadline: DispatchWallTime, repeating interval: DispatchTimeInterval = .never,
                         leeway: DispatchTimeInterval = .nanoseconds(0)) {
        setSchedule(deadline: wallDeadline.seconds, repeating: interval == .never ? nil : interval.seconds)
    }

    /// Fires first at `wallDeadline` (the trace's time), then every `repeating` seconds
    /// (`.infinity`: once), until cancelled.
    public func schedule(wallDeadline: DispatchWallTime, repeating interval: Double,
                         leeway: DispatchTimeInterval = .nanoseconds(0)) {
        setSchedule(deadline: wallDeadline.seconds, repeating: interval)
    }
}

// Swift 3's forms, which Dispatch still has (deprecated in favour of `schedule(…)`) and older
// code calls: the same schedules under their old names.
extension DispatchSourceTimer {
    /// Fires once, at `deadline` (the trace's time), as `schedule(deadline:leeway:)`: Dispatch's
    /// Swift 3 name.
    public func scheduleOneshot(deadline: DispatchTime, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        setSchedule(deadline: deadline.seconds, repeating: nil)
    }

    /// Fires once, at `wallDeadline` (the trace's time), as `schedule(wallDeadline:leeway:)`.
    public func scheduleOneshot(wallDeadline: DispatchWallTime, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        setSchedule(deadline: wallDeadline.seconds, repeating: nil)
    }

    /// Fires first at `deadline`, then every `interval` (`.never`: once), as
    /// `schedule(deadline:repeating:leeway:)`: Dispatch's Swift 3 name.
    public func scheduleRepeating(deadline: DispatchTime, interval: DispatchTimeInterval,
                                  leeway: DispatchTimeInterval = .nanoseconds(0)) {
        setSchedule(deadline: deadline.seconds, repeating: interval == .never ? nil : interval.seconds)
    }

    /// Fires first at `deadline`, then every `interval` seconds (`.infinity`: once), as
    /// `schedule(deadline:repeating:leeway:)`.
    public func scheduleRepeating(deadline: DispatchTime, interval: Double, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        setSchedule(deadline: deadline.seconds, repeating: interval)
    }

    /// Fires first at `wallDeadline`, then every `interval` (`.never`: once), as
    /// `schedule(wallDeadline:repeating:leeway:)`.
    public func scheduleRepeating(wallDeadline: DispatchWallTime, interval: DispatchTimeInterval,
                                  leeway: DispatchTimeInterval = .nanoseconds(0)) {
        setSchedule(deadline: wallDeadline.seconds, repeating: interval == .never ? nil : interval.seconds)
    }

    /// Fires first at `wallDeadline`, then every `interval` seconds (`.infinity`: once), as
    /// `schedule(wallDeadline:repeating:leeway:)`.
    public func scheduleRepeating(wallDeadline: DispatchWallTime, interval: Double,
                                  leeway: DispatchTimeInterval = .nanoseconds(0)) {
        setSchedule(deadline: wallDeadline.seconds, repeating: interval)
    }
}

/// A wall-clock time, as Dispatch's `DispatchWallTime`: here the trace's time, in seconds, the
/// same as `DispatchTime` (a replay reads no clock), of which `now()` is the event (or deadline,
/// or timer) being delivered.
public struct DispatchWallTime: Comparable, Hashable, Sendable {
    /// The time in seconds of the trace.
    let seconds: Double

    init(seconds: Double) { self.seconds = seconds }

    /// The trace's time of what is being delivered.
    public static func now() -> DispatchWallTime { DispatchWallTime(seconds: MediaClock.now) }

    /// A time never reached: work scheduled for it never runs.
    public static let distantFuture = DispatchWallTime(seconds: .infinity)

    /// Earlier first.
    public static func < (a: DispatchWallTime, b: DispatchWallTime) -> Bool { a.seconds < b.seconds }

    /// `seconds` later.
    public static func + (time: DispatchWallTime, seconds: Double) -> DispatchWallTime {
        DispatchWallTime(seconds: time.seconds + seconds)
    }
    /// `seconds` earlier.
    public static func - (time: DispatchWallTime, seconds: Double) -> DispatchWallTime {
        DispatchWallTime(seconds: time.seconds - seconds)
    }
    /// `interval` later (`.never`: never reached).
    public static func + (time: DispatchWallTime, interval: DispatchTimeInterval) -> DispatchWallTime {
        DispatchWallTime(seconds: time.seconds + interval.seconds)
    }
    /// `interval` earlier.
    public static func - (time: DispatchWallTime, interval: DispatchTimeInterval) -> DispatchWallTime {
        DispatchWallTime(seconds: time.seconds - interval.seconds)
    }
}

extension DispatchTime {
    /// `interval` later, as `self + interval`.
    public func advanced(by interval: DispatchTimeInterval) -> DispatchTime { self + interval }

    /// The time from this one to `other`, in whole nanoseconds (negative when `other` is earlier;
    /// `.never` when either is never reached).
    public func distance(to other: DispatchTime) -> DispatchTimeInterval {
        let nanoseconds = ((other.seconds - seconds) * 1e9).rounded()
        guard nanoseconds.isFinite, abs(nanoseconds) < 9.0e18 else { return .never }
        return .nanoseconds(Int(nanoseconds))
    }
}

extension DispatchQueue {
    /// Runs `work` at `wallDeadline` (the trace's time: wall time is the trace's here), between
    /// events, as `asyncAfter(deadline:execute:)`.
    public func asyncAfter(wallDeadline: DispatchWallTime, execute work: @escaping () -> Void) {
        guard wallDeadline.seconds.isFinite else { return }
        ReplayTimeline.current?.schedule(.block(work), at: wallDeadline.seconds)
    }

    /// Runs `workItem` at `wallDeadline` (the trace's time), unless it is cancelled first.
    public func asyncAfter(wallDeadline: DispatchWallTime, execute workItem: DispatchWorkItem) {
        asyncAfter(deadline: DispatchTime(seconds: wallDeadline.seconds), execute: workItem)
    }
}
