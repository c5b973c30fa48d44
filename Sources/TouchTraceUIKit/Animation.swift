import Synchronization
/// UIKit's animation calls as gesture handlers make them (a card that springs back, a view that
/// fades out when a swipe ends).
///
/// A replay has no display and no frames: every animation runs its `animations` block at once,
/// so the views take their final values in the event that started the animation (and a
/// `viewChanged` record says so), as a device's views do (an animation changes only what is
/// shown; the values code reads are the final ones). Its `completion` runs with `true`
/// (finished) when the animation would end: in a replay at the trace's time `delay +
/// duration` seconds later, between events, as a delayed block (`DispatchQueue.main.asyncAfter`)
/// — after the current event even for a duration of 0, as UIKit runs it "at the beginning of
/// the next run loop cycle" — and at once outside a replay or while animations are turned off
/// (`setAnimationsEnabled(false)`). An animation with the option `.repeat` repeats for ever,
/// so, as on a device, its completion never runs (unless animations are turned off). Springs
/// and the other options are accepted and change nothing; touchtrace reads no clock.
extension UIView {
    /// Runs `completion` with true when an animation that starts now and takes `seconds` (its
    /// delay and duration) ends (see the extension's documentation).
    /// `repeats`: the animation repeats for ever (`.repeat`): as on a device, where such an
    /// animation never ends until removed, the completion never runs while animations are on.
    static func complete(after seconds: TimeInterval, repeats: Bool = false, _ completion: ((Bool) -> Void)?) {
        guard let completion else { return }
        if repeats && areAnimationsEnabled { return }
        guard areAnimationsEnabled, let timeline = ReplayTimeline.current else {
            completion(true)
            return
        }
        let wait = seconds.isFinite ? Swift.max(0, seconds) : 0
        timeline.schedule(.block { completion(true) }, at: MediaClock.now + wait)
    }

    /// The options of an animation, as `UIView.AnimationOptions` (UIKit's raw values). Kept
    /// for code that passes them; they change nothing (every animation completes at once).
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt
        /// Options from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lay out subviews while animating.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Let the user touch the views while animating.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from the current state of an animation in flight.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat for ever: the completion never runs (see the extension's documentation).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run backwards and forwards.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Ignore the enclosing animation's duration.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Ignore the enclosing animation's curve.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Allow animated content to be redrawn.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// Show and hide instead of adding and removing views.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// Ignore the enclosing animation's options.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        /// Ease in and out (the default curve).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Ease in.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Linear.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        /// No transition.
        public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
        /// Flip from the left.
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// Flip from the right.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// Curl up.
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// Curl down.
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// Cross-dissolve.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// Flip from the top.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// Flip from the bottom.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
    }

    /// The timing curve of an animation, as `UIView.AnimationCurve`. Kept; changes nothing.
    public enum AnimationCurve: Int, Sendable {
        /// Ease in and out.
        case easeInOut
        /// Ease in.
        case easeIn
        /// Ease out.
        case easeOut
        /// Linear.
        case linear
    }

    /// Runs `animations` at once, then `completion` with true once `delay + duration` seconds
    /// have passed (see the extension's documentation); `options` are not used.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        animations()
        complete(after: delay + duration, repeats: options.contains(.repeat), completion)
    }

    /// A spring animation: runs `animations` at once, then `completion` with true once
    /// `delay + duration` seconds have passed; the spring's damping (0 to 1) and initial
    /// velocity are not used (see the extension's documentation).
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animations()
        complete(after: delay + duration, repeats: options.contains(.repeat), completion)
    }

    /// A spring animation as iOS 17 writes it: runs `animations` at once, then `completion`
    /// with true once `delay + duration` seconds have passed; `bounce` and
    /// `initialSpringVelocity` are not used.
    public class func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0,
                              initialSpringVelocity: CGFloat = 0, delay: TimeInterval = 0,
                              options: AnimationOptions = [], animations: () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animations()
        complete(after: delay + duration, repeats: options.contains(.repeat), completion)
    }

    /// A transition of `view`: runs `animations` at once, then `completion` with true once
    /// `duration` seconds have passed.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        animations?()
        complete(after: duration, repeats: options.contains(.repeat), completion)
    }

    /// Key-frame animation: runs `animations` (which adds key frames, each run at once) at
    /// once, then `completion` with true once `delay + duration` seconds have passed.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        animations()
        complete(after: delay + duration, repeats: options.contains(.repeat), completion)
    }

    /// One key frame of `animateKeyframes`: runs `animations` at once. Times are fractions of
    /// the whole (0 to 1), not used.
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                  animations: @escaping () -> Void) {
        animations()
    }

    /// The options of a key-frame animation, as `UIView.KeyframeAnimationOptions`. Kept;
    /// changes nothing.
    public struct KeyframeAnimationOptions: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt
        /// Options from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Let the user touch the views while animating.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// Start from the current state.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Repeat for ever: the completion never runs (see `UIView.animate`'s documentation).
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// Linear key frames.
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Cubic key frames.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
    }

    /// Runs `actionsWithoutAnimation` at once (every change is at once in touchtrace).
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        actionsWithoutAnimation()
    }
}

/// The position an animator ends at, as `UIViewAnimatingPosition`.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At its end (`fractionComplete` 1).
    case end
    /// At its start.
    case start
    /// Where it was stopped.
    case current
}

/// The state of an animator, as `UIViewAnimatingState`.
public enum UIViewAnimatingState: Int, Sendable {
    /// Made, not started (or finished).
    case inactive
    /// Started or paused.
    case active
    /// Stopped.
    case stopped
}

/// An interruptible animation, as `UIKit.UIViewPropertyAnimator`. There are no frames: the
/// views take their final values when the animations run, as a device's model values do (what
/// code reads of a view is its final value; only what is shown moves), and time passes on the
/// replay's timeline.
///
/// - The animations run when the animator starts: at `startAnimation()`, at `pauseAnimation()`
///   of an animator not yet started (it starts paused, as UIKit's), or when `fractionComplete`
///   is first set (a gesture that scrubs an animation; this too makes it active, paused).
/// - Running (`startAnimation()`, `continueAnimation(withTimingParameters:durationFactor:)`),
///   it finishes once the time left has passed — `duration` × the part left (1 −
///   `fractionComplete`, or `fractionComplete` when `isReversed`), or `durationFactor` ×
///   `duration` when that factor is above 0 (touchtrace's reading of 0: the time left) — at
///   the trace's time, between events, as a delayed block; `fractionComplete` meanwhile goes
///   linearly with time. Outside a replay it finishes at once.
/// - Finishing at the end sets `fractionComplete` to 1 and calls the completions with `.end`;
///   a reversed animator finishes at the start: the views it animated go back to the values
///   they had before its animations ran (Apple: "the animated properties" return to "their
///   starting values"), `fractionComplete` is 0 and the completions get `.start`.
/// - `pauseAnimation()` stops the clock (`.active`, not running); `stopAnimation(_:)` makes it
///   `.stopped` (`true`: `.inactive`, no completions); `finishAnimation(at:)` runs the
///   completions with the position given (`.start` restores the starting values as above;
///   `.current` keeps the final ones: there are no values in between).
open class UIViewPropertyAnimator {
    /// The duration it was made with, in seconds.
    public let duration: TimeInterval
    /// Its state (see the type's documentation).
    public private(set) var state: UIViewAnimatingState = .inactive
    /// Whether it runs (from `startAnimation()` until it finishes or is paused or stopped).
    public private(set) var isRunning = false
    /// Whether it runs backwards, toward its start (see the type's documentation). Setting it
    /// while it runs turns it around from where it is.
    open var isReversed = false {
        didSet {
            guard isReversed != oldValue, isRunning, let timeline = ReplayTimeline.current else { return }
            let now = fraction(reversed: oldValue)
            fraction = now
            schedule(on: timeline, seconds: duration * Double(isReversed ? now : 1 - now))
        }
    }
    /// Whether the user may touch the views while it runs (kept).
    open var isInterruptible = true
    /// Whether touches reach the views while it runs (kept).
    open var isUserInteractionEnabled = true
    /// Whether it pauses when it completes (kept).
    open var pausesOnCompletion = false
    /// Whether scrubbing `fractionComplete` follows a straight line (true): kept.
    open var scrubsLinearly = true
    private var animations: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var ran = false
    private var fraction: CGFloat = 0
    /// What the views its animations changed looked like before.
    private var start = AnimationStart()
    /// While it runs in a replay: when (trace time, seconds) it set off, from which fraction,
    /// and how long until it finishes.
    private var run: (time: Double, from: CGFloat, seconds: Double)?
    /// Counts the finishes scheduled: one that is not the latest does nothing when it comes.
    private var finishCount = 0

    /// An animator with UIKit's curve (kept, not used).
    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = duration
        if let animations { self.animations.append(animations) }
    }

    /// An animator of no duration (0 seconds) with UIKit's default curve and no animations, as
    /// the `init()` UIKit's animator inherits from `NSObject` makes: code keeps one as a
    /// placeholder until a gesture makes the real one. It behaves as every animator here.
    public convenience init() {
        self.init(duration: 0, curve: .easeInOut, animations: nil)
    }

    /// A spring animator: `dampingRatio` (0 to 1) is kept, not used.
    public init(duration: TimeInterval, dampingRatio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = duration
        if let animations { self.animations.append(animations) }
    }

    /// Makes an animator and starts it (its animations run at once, its completion with `.end`
    /// after `delay + duration` seconds: see the type's documentation).
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: .easeInOut, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    /// How far the animation is, 0 to 1 (see the type's documentation): setting it makes an
    /// inactive animator active (Apple's `state`), runs the animations (once) and leaves the
    /// animator paused there; values are clamped to 0…1.
    open var fractionComplete: CGFloat {
        get { currentFraction }
        set {
            guard state != .stopped else { return }
            fraction = Swift.min(1, Swift.max(0, newValue))
            if isRunning { run = nil; finishCount += 1; isRunning = false }
            state = .active
            runAnimations()
        }
    }

    /// The fraction now: where it was set, or, while it runs, where the time that has passed
    /// has taken it.
    private var currentFraction: CGFloat { fraction(reversed: isReversed) }

    /// The fraction now, had it run backwards (`reversed`) or forwards since it set off.
    private func fraction(reversed: Bool) -> CGFloat {
        guard isRunning, let run, run.seconds > 0 else { return fraction }
        let passed = CGFloat(Swift.min(1, Swift.max(0, (MediaClock.now - run.time) / run.seconds)))
        return reversed ? run.from * (1 - passed) : run.from + (1 - run.from) * passed
    }

    /// Adds animations; they run when the animator runs (at once if it already ran).
    open func addAnimations(_ animation: @escaping () -> Void) {
        if ran { start.capture(animation) } else { animations.append(animation) }
    }

    /// Adds animations with a delay factor (not used).
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        addAnimations(animation)
    }

    /// Adds a completion, called with the position the animator ends at.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Starts (or resumes) it: the animations run, and it finishes once the time left has
    /// passed (see the type's documentation).
    open func startAnimation() { startAnimation(afterDelay: 0) }

    /// Starts it as `startAnimation()`, the time left counted after `delay` seconds.
    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else { return }
        if isRunning { fraction = currentFraction }
        state = .active
        runAnimations()
        let left = isReversed ? fraction : 1 - fraction
        go(seconds: Swift.max(0, delay) + duration * Double(left))
    }

    /// Pauses: `.active`, not running, `fractionComplete` where the time has taken it; an
    /// animator not yet started starts paused (its animations run).
    open func pauseAnimation() {
        guard state != .stopped else { return }
        if isRunning { fraction = currentFraction }
        run = nil
        finishCount += 1
        isRunning = false
        state = .active
        runAnimations()
    }

    /// Resumes a paused animator: it finishes after `durationFactor` × `duration` seconds (the
    /// time left when the factor is 0); the timing parameters are not used.
    open func continueAnimation(withTimingParameters parameters: Any?, durationFactor: CGFloat) {
        guard state == .active else { return }
        if isRunning { fraction = currentFraction }
        runAnimations()
        let left = isReversed ? fraction : 1 - fraction
        go(seconds: durationFactor > 0 ? duration * Double(durationFactor) : duration * Double(left))
    }

    /// Stops where it is: `.stopped`, or `.inactive` when `withoutFinishing` is true; no
    /// completion runs until `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        if isRunning { fraction = currentFraction }
        run = nil
        finishCount += 1
        isRunning = false
        state = withoutFinishing ? .inactive : .stopped
    }

    /// Finishes it: the views take the values of `finalPosition` (see the type's
    /// documentation), then the completions run with it; the state is `.inactive`.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        if isRunning { fraction = currentFraction }
        run = nil
        finishCount += 1
        isRunning = false
        state = .inactive
        switch finalPosition {
        case .end: fraction = 1
        case .start:
            fraction = 0
            start.restore()
        case .current: break
        }
        let pending = completions
        completions = []
        for completion in pending { completion(finalPosition) }
    }

    /// Runs it for `seconds`: at once outside a replay, else on the replay's timeline.
    private func go(seconds: Double) {
        isRunning = true
        guard let timeline = ReplayTimeline.current else {
            finishAnimation(at: isReversed ? .start : .end)
            return
        }
        schedule(on: timeline, seconds: seconds)
    }

    /// Schedules the finish `seconds` from now, counting from the fraction it is at.
    private func schedule(on timeline: ReplayTimeline, seconds: Double) {
        let wait = seconds.isFinite ? Swift.max(0, seconds) : 0
        run = (MediaClock.now, fraction, wait)
        finishCount += 1
        let count = finishCount
        timeline.schedule(.block { [weak self] in
            guard let self, self.finishCount == count, self.isRunning else { return }
            self.finishAnimation(at: self.isReversed ? .start : .end)
        }, at: MediaClock.now + wait)
    }

    private func runAnimations() {
        guard !ran else { return }
        ran = true
        let pending = animations
        animations = []
        start.capture { for animation in pending { animation() } }
    }
}

/// What the views some animations changed looked like before (`center`, `bounds`,
/// `transform`, `alpha`, `isHidden`, each view as it was at its first change): what a
/// property animator that finishes at its start puts back.
final class AnimationStart {
    private struct Look {
        let view: UIView
        let center: CGPoint
        let bounds: CGRect
        let transform: CGAffineTransform
        let alpha: CGFloat
        let isHidden: Bool
    }
    private var looks: [Look] = []

    /// The capture that `body` runs in on this thread, if any.
    private final class Current { var capture: AnimationStart? }
    /// How many captures run on every thread: a view's change looks for its thread's capture
    /// only while one runs somewhere.
    private static let running = Atomic<Int>(0)

    /// Runs `body`, noting each view it changes as it was before.
    func capture(_ body: () -> Void) {
        let current = perThread("TouchTraceUIKit.AnimationStart", Current.init)
        let outer = current.capture
        current.capture = self
        Self.running.add(1, ordering: .relaxed)
        body()
        Self.running.subtract(1, ordering: .relaxed)
        current.capture = outer
    }

    /// `view` is about to change (called by its setters): noted as it is, the first time, when a
    /// capture runs on this thread.
    static func viewWillChange(_ view: UIView) {
        guard running.load(ordering: .relaxed) > 0,
              let capture = perThread("TouchTraceUIKit.AnimationStart", Current.init).capture,
              !capture.looks.contains(where: { $0.view === view }) else { return }
        capture.looks.append(Look(view: view, center: view.center, bounds: view.bounds, transform: view.transform,
                                  alpha: view.alpha, isHidden: view.isHidden))
    }

    /// Puts every view noted back as it was.
    func restore() {
        for look in looks {
            look.view.bounds = look.bounds
            look.view.center = look.center
            look.view.transform = look.transform
            look.view.alpha = look.alpha
            look.view.isHidden = look.isHidden
        }
    }
}
