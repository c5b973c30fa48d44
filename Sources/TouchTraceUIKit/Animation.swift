/// UIKit's animation calls as gesture handlers make them (a card that springs back, a view that
/// fades out when a swipe ends).
///
/// A replay has no display and no frames: every animation runs its `animations` block at once,
/// so the views take their final values in the event that started the animation (and a
/// `viewChanged` record says so), then its `completion` with `true` (finished). Durations,
/// delays, springs and options are accepted and not waited for; touchtrace reads no clock.
extension UIView {
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
        /// Repeat for ever.
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

    /// Runs `animations` at once, then `completion` with true; `duration` and `delay` (seconds)
    /// and `options` are not waited for or used (see the extension's documentation).
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        animations()
        completion?(true)
    }

    /// A spring animation: runs `animations` at once, then `completion` with true; the spring's
    /// damping (0 to 1) and initial velocity are not used (see the extension's documentation).
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animations()
        completion?(true)
    }

    /// A spring animation as iOS 17 writes it: runs `animations` at once, then `completion`
    /// with true; `bounce` and `initialSpringVelocity` are not used.
    public class func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0,
                              initialSpringVelocity: CGFloat = 0, delay: TimeInterval = 0,
                              options: AnimationOptions = [], animations: () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animations()
        completion?(true)
    }

    /// A transition of `view`: runs `animations` at once, then `completion` with true.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        animations?()
        completion?(true)
    }

    /// Key-frame animation: runs `animations` (which adds key frames, each run at once) at
    /// once, then `completion` with true.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        animations()
        completion?(true)
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

/// An interruptible animation, as `UIKit.UIViewPropertyAnimator`, with touchtrace's fixed
/// behaviour: nothing happens over time (a replay has no frames and reads no clock).
///
/// - The animations added run when the animator starts (`startAnimation()`), or when
///   `fractionComplete` is first set above 0 (a gesture that scrubs an animation), all at once:
///   the views take their final values.
/// - `fractionComplete` is 0 until then; `startAnimation()` finishes at once: the completions
///   run with `.end`, `fractionComplete` is 1 and the state is `.inactive` again.
/// - `pauseAnimation()` makes it `.active` without running anything; `stopAnimation(_:)`
///   makes it `.stopped` (`true`: `.inactive`); `finishAnimation(at:)` runs the completions
///   with the position given.
open class UIViewPropertyAnimator {
    /// The duration it was made with, in seconds (not waited for).
    public let duration: TimeInterval
    /// Its state (see the type's documentation).
    public private(set) var state: UIViewAnimatingState = .inactive
    /// Whether it runs (true after `startAnimation()` until it finishes, which is at once).
    public private(set) var isRunning = false
    /// Whether it runs backwards (kept).
    open var isReversed = false
    /// Whether the user may touch the views while it runs (kept).
    open var isInterruptible = true
    /// Whether touches reach the views while it runs (kept).
    open var isUserInteractionEnabled = true
    /// Whether it pauses when it completes (kept; it completes at once anyway).
    open var pausesOnCompletion = false
    /// Whether scrubbing `fractionComplete` follows a straight line (true): kept.
    open var scrubsLinearly = true
    private var animations: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var ran = false
    private var fraction: CGFloat = 0

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

    /// Makes an animator and starts it at once (its animations run, then its completion with
    /// `.end`), as `runningPropertyAnimator` does with no frames to wait for.
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: .easeInOut, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation()
        return animator
    }

    /// How far the animation is, 0 to 1 (see the type's documentation): setting a value above 0
    /// runs the animations (once); values are clamped to 0…1.
    open var fractionComplete: CGFloat {
        get { fraction }
        set {
            fraction = Swift.min(1, Swift.max(0, newValue))
            if fraction > 0 { runAnimations() }
        }
    }

    /// Adds animations; they run when the animator runs (at once if it already ran).
    open func addAnimations(_ animation: @escaping () -> Void) {
        if ran { animation() } else { animations.append(animation) }
    }

    /// Adds animations with a delay factor (not used).
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        addAnimations(animation)
    }

    /// Adds a completion, called with the position the animator ends at.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Starts and, at once, finishes: animations run, `fractionComplete` becomes 1, the
    /// completions run with `.end` and the state is `.inactive`.
    open func startAnimation() {
        state = .active
        isRunning = true
        runAnimations()
        fraction = 1
        finishAnimation(at: .end)
    }

    /// Starts after `delay` seconds: the same as `startAnimation()` (nothing is waited for).
    open func startAnimation(afterDelay delay: TimeInterval) { startAnimation() }

    /// Pauses: the state becomes `.active`; nothing runs.
    open func pauseAnimation() {
        state = .active
        isRunning = false
    }

    /// Resumes from a pause: as `startAnimation()`; the timing parameters are not used.
    open func continueAnimation(withTimingParameters parameters: Any?, durationFactor: CGFloat) {
        startAnimation()
    }

    /// Stops where it is: `.stopped`, or `.inactive` when `withoutFinishing` is true.
    open func stopAnimation(_ withoutFinishing: Bool) {
        isRunning = false
        state = withoutFinishing ? .inactive : .stopped
    }

    /// Finishes a stopped animator: runs the completions with `finalPosition`; the state is
    /// `.inactive`.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        isRunning = false
        state = .inactive
        let pending = completions
        completions = []
        for completion in pending { completion(finalPosition) }
    }

    private func runAnimations() {
        guard !ran else { return }
        ran = true
        let pending = animations
        animations = []
        for animation in pending { animation() }
    }
}
