import TouchTrace
import Synchronization

// Core Animation as gesture files use it in passing (docs/own-gesture-code.md, "UIKit that
// compiles and what it does here"): display links on the trace's time, layer animations that
// end at once, transactions, timing parameters, 3D transforms of layers, timing functions, key
// frames, groups and gradients, each with touchtrace's fixed values.

// MARK: - Display links

/// A timer that calls its target once a frame, as `QuartzCore.CADisplayLink`, on the trace's
/// time (SPEC 17).
///
/// touchtrace's fixed display refreshes 60 times a second (`duration` 1/60 s; a device's may be
/// faster). Once added to a run loop (the loop and the mode do not matter) on the replay under
/// way, the link calls `selector` on `target` with itself every frame: the first frame comes one
/// frame interval after `add(to:forMode:)`, then one every interval. The interval is 1/60 s, or
/// 1/`preferredFramesPerSecond` when that is set between 1 and 60 (a rate above 60 is taken as
/// 60), as read when the link is added. While `isPaused` the frames pass without a call.
/// `timestamp` is the time of the frame being called (the trace's seconds, the clock of
/// `CACurrentMediaTime()`), `targetTimestamp` the next frame's. Frames, like a repeating timer,
/// do not keep a replay going after its last event. The call goes as
/// `CADisplayLink.registerAction(_:for:_:)` says (Swift on Linux has no Objective-C runtime).
public final class CADisplayLink {
    /// The object called each frame (held strongly, as Core Animation holds it, until invalidated).
    private var target: AnyObject?
    /// The method called each frame.
    private let selector: Selector
    /// The repeating timer that brings the frames, once added.
    private var timer: Timer?

    /// Whether frames pass without calling the target (false).
    public var isPaused = false
    /// The frame rate asked for, frames per second (0: the display's, 60). Read when the link
    /// is added.
    public var preferredFramesPerSecond = 0
    /// The frames between calls, as the deprecated property of that name (1). Read when the
    /// link is added, when `preferredFramesPerSecond` is 0.
    public var frameInterval = 1
    /// The time of the frame being called, in seconds of the trace (0 before the first).
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time of the next frame, in seconds of the trace (0 before the first).
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between two frames of the display, in seconds: 1/60.
    public var duration: CFTimeInterval { CADisplayLink.frameDuration }

    /// touchtrace's fixed display's frame time: 1/60 s.
    public static let frameDuration: CFTimeInterval = 1.0 / 60.0

    /// A link that will call `selector` on `target` once a frame when added to a run loop.
    public init(target: Any, selector: Selector) {
        self.target = type(of: target) is AnyClass ? target as AnyObject : nil
        self.selector = selector
    }

    /// The time between two calls, in seconds, from the rates asked for.
    var callInterval: CFTimeInterval {
        if preferredFramesPerSecond > 0 { return 1.0 / Double(Swift.min(preferredFramesPerSecond, 60)) }
        return CADisplayLink.frameDuration * Double(Swift.max(frameInterval, 1))
    }

    /// Starts the frames on the replay under way (see the type's documentation); adding it
    /// again does nothing. Outside every replay no frame comes.
    public func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        guard timer == nil, target != nil else { return }
        let interval = callInterval
        let frames = Timer(timeInterval: interval, repeats: true) { [weak self] _ in self?.frame(interval) }
        timer = frames
        RunLoop.main.add(frames, forMode: mode)
    }

    /// Stops the frames (they can start again with `add(to:forMode:)`).
    public func remove(from runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        timer?.invalidate()
        timer = nil
    }

    /// Stops the frames for good and lets go of the target.
    public func invalidate() {
        timer?.invalidate()
        timer = nil
        target = nil
    }

    private func frame(_ interval: CFTimeInterval) {
        guard !isPaused, let target else { return }
        timestamp = CACurrentMediaTime()
        targetTimestamp = timestamp + interval
        CADisplayLink.perform(selector, on: target, with: self)
    }

    /// Tells touchtrace how to call the action `selector` of a display link on a target of type
    /// `type` (or of a subclass of it): `CADisplayLink.registerAction("step:", for: Spinner.self)
    /// { spinner, link in spinner.step(link) }`. Register once for the process, before the
    /// replays; a selector that no registration answers stops the program at its first call,
    /// with a message naming it.
    public static func registerAction<Target: AnyObject>(_ selector: Selector, for type: Target.Type,
                                                         _ call: @escaping @Sendable (Target, CADisplayLink) -> Void) {
        let entry: @Sendable (AnyObject, CADisplayLink) -> Bool = { object, link in
            guard let target = object as? Target else { return false }
            call(target, link)
            return true
        }
        registeredDisplayLinkActions.withLock { $0[selector.name, default: []].append(entry) }
    }

    static func perform(_ selector: Selector, on target: AnyObject, with link: CADisplayLink) {
        let entries = registeredDisplayLinkActions.withLock { $0[selector.name] ?? [] }
        for entry in entries where entry(target, link) { return }
        let typeName = String(describing: type(of: target))
        preconditionFailure("""
            TouchTraceUIKit: the display link action "\(selector.name)" cannot be called on \(typeName): Swift on Linux has \
            no Objective-C runtime. Register it once, before the replays: \
            CADisplayLink.registerAction("\(selector.name)", for: \(typeName).self) { target, link in ... }.
            """)
    }
}

/// The ways registered in the process to call a display link's selector, by selector name.
let registeredDisplayLinkActions = Mutex<[String: [@Sendable (AnyObject, CADisplayLink) -> Bool]]>([:])

extension Timer {
    /// A timer that never fires, as Foundation's `Timer()`: code keeps one in a property until it
    /// schedules a real one. Invalidating it does nothing more.
    public convenience init() {
        self.init(timeInterval: .infinity, repeats: false) { _ in }
    }
}

// MARK: - Layer animations

/// A group of layer changes, as `QuartzCore.CATransaction`. Nothing is animated here: a
/// change takes effect as it is made, and a completion block runs when the outermost
/// transaction commits (at once when set outside `begin()`…`commit()`, as the implicit
/// transaction of the event commits with no frames to wait for).
public enum CATransaction {
    /// The transactions of this thread (Core Animation's are per thread too), kept in the
    /// thread's dictionary.
    private final class State {
        var depth = 0
        var disableActions = false
        var duration: CFTimeInterval = 0.25
        /// The completion blocks set, each with the animations added after it in a replay.
        var completions: [(block: () -> Void, runs: [AnimationRun])] = []
    }
    private static let key = "TouchTraceUIKit.CATransaction"
    private static var state: State { perThread(key, State.init) }

    /// Opens a transaction.
    public static func begin() { state.depth += 1 }

    /// Closes a transaction; closing the outermost runs the completion blocks set in it, in the
    /// order set — each once the animations added to layers after it was set have ended or been
    /// removed (in a replay, on the trace's time; see `CAAnimation`), at once when there are
    /// none, as Core Animation's.
    public static func commit() {
        let s = state
        s.depth = Swift.max(0, s.depth - 1)
        guard s.depth == 0 else { return }
        let run = s.completions
        s.completions = []
        for (block, runs) in run {
            let going = runs.filter { !$0.over }
            guard !going.isEmpty else {
                block()
                continue
            }
            var left = going.count
            for animation in going {
                animation.whenOver.append {
                    left -= 1
                    if left == 0 { block() }
                }
            }
        }
    }

    /// An animation began running in a replay: the completion blocks of the open transaction
    /// wait for it too.
    static func animationAdded(_ run: AnimationRun) {
        let s = state
        guard s.depth > 0 else { return }
        for i in s.completions.indices { s.completions[i].runs.append(run) }
    }

    /// Nothing is ever pending: does nothing.
    public static func flush() {}

    /// Whether implicit animations are off (false until set): kept (there are none).
    public static func disableActions() -> Bool { state.disableActions }
    /// Sets `disableActions()`.
    public static func setDisableActions(_ flag: Bool) { state.disableActions = flag }
    /// The duration of implicit animations, in seconds (0.25 until set): kept.
    public static func animationDuration() -> CFTimeInterval { state.duration }
    /// Sets `animationDuration()`.
    public static func setAnimationDuration(_ duration: CFTimeInterval) { state.duration = duration }
    /// Runs `block` when the outermost open transaction has committed and the animations added
    /// after it have ended (see `commit()`), or at once when none is open.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        guard let block else { return }
        let s = state
        if s.depth == 0 { block() } else { s.completions.append((block, [])) }
    }
}

/// What a layer animation tells its delegate, as `CAAnimationDelegate`.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation started.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation stopped; `flag` is whether it ran to its end.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// A layer animation, as `QuartzCore.CAAnimation`. Added to a layer (`CALayer.add(_:forKey:)`)
/// its delegate hears `animationDidStart` at once and `animationDidStop(_:finished: true)` when
/// it ends: in a replay, on the trace's time, `activeDuration` after it starts (after
/// `beginTime`, when that is a later time), between events, as `UIView.animate`'s completion; one
/// that repeats for ever never ends until removed. Removed before its end (`removeAnimation(forKey:)`,
/// `removeAllAnimations()`, or another added under its key), it stops with `finished` false.
/// Outside a replay it ends at once. The layer's own values stay those code set (an animation
/// changes only what is shown, which touchtrace does not show).
open class CAAnimation {
    /// An animation.
    public init() {}
    /// The duration in seconds (0: the transaction's `animationDuration()`, 0.25 unless set).
    open var duration: CFTimeInterval = 0
    /// When it starts, as a `CACurrentMediaTime()` (0: when added); a later time delays its end.
    open var beginTime: CFTimeInterval = 0
    /// How many times it plays (0: once; `.infinity`: for ever, so it never ends until removed).
    open var repeatCount: Float = 0
    /// Whether it plays backwards after forwards (false), which doubles its time.
    open var autoreverses = false
    /// Whether the layer forgets it when it ends (true). When false, the layer keeps it under
    /// its key after it ends.
    open var isRemovedOnCompletion = true
    /// The object told when it starts and stops (held strongly, as Core Animation holds it).
    open var delegate: CAAnimationDelegate?
    /// The timing curve and fill mode, kept (see `timingFunction` and `fillMode`).
    var timing: (function: CAMediaTimingFunction?, fillMode: CAMediaTimingFillMode) = (nil, .removed)

    /// How long it runs, in seconds, when added in a transaction whose animation duration is
    /// `transactionDuration`: its `duration` (that one when 0), times `repeatCount` when above
    /// 0, twice that when it `autoreverses`; infinite when it repeats for ever.
    func activeDuration(transactionDuration: CFTimeInterval) -> Double {
        let once = duration > 0 ? duration : transactionDuration
        let repeats = repeatCount > 0 ? Double(repeatCount) : 1
        return once * repeats * (autoreverses ? 2 : 1)
    }
}

/// One animation running on a layer in a replay, until it ends or is removed.
final class AnimationRun {
    let animation: CAAnimation
    let key: String?
    /// Whether it has ended or was removed.
    var over = false
    /// What waits for its end (a transaction's completion block).
    var whenOver: [() -> Void] = []

    init(animation: CAAnimation, key: String?) {
        self.animation = animation
        self.key = key
    }

    /// It ends (`finished`) or is removed: its delegates (the group's members' too) hear
    /// `animationDidStop`, then what waits for it runs. Once only.
    func stop(finished: Bool) {
        guard !over else { return }
        over = true
        animation.delegate?.animationDidStop(animation, finished: finished)
        for member in (animation as? CAAnimationGroup)?.animations ?? [] { member.delegate?.animationDidStop(member, finished: finished) }
        let waiting = whenOver
        whenOver = []
        for block in waiting { block() }
    }
}

/// An animation of one property, as `CAPropertyAnimation`.
open class CAPropertyAnimation: CAAnimation {
    /// The key path of the property animated.
    open var keyPath: String?
    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }
}

/// An animation from one value to another, as `CABasicAnimation`: the values are kept.
open class CABasicAnimation: CAPropertyAnimation {
    /// The value it starts from.
    open var fromValue: Any?
    /// The value it ends at.
    open var toValue: Any?
    /// The value added to the property's.
    open var byValue: Any?
}

/// A spring animation, as `CASpringAnimation` (iOS 9): the spring's constants are kept and give
/// `settlingDuration`.
open class CASpringAnimation: CABasicAnimation {
    /// The mass at the end of the spring (1).
    open var mass: CGFloat = 1
    /// The spring's stiffness (100).
    open var stiffness: CGFloat = 100
    /// The friction (10).
    open var damping: CGFloat = 10
    /// The speed at the start, in units of the whole change per second (0).
    open var initialVelocity: CGFloat = 0

    /// How long the spring takes to come to rest, in seconds. Apple does not document its
    /// estimate; touchtrace's: the time the envelope of a spring let go from rest takes to fall
    /// to 0.1 % of the change, `ln(1000) / (ζ·ω₀)` with `ω₀ = √(stiffness/mass)` and damping ratio
    /// `ζ = damping / (2·√(stiffness·mass))` taken at most 1, i.e. `2·mass·ln(1000)/damping`
    /// for a spring that swings; infinite without friction or mass.
    open var settlingDuration: CFTimeInterval {
        guard mass > 0, stiffness > 0, damping > 0 else { return .infinity }
        let omega = (Double(stiffness) / Double(mass)).squareRoot()
        let zeta = Swift.min(1, Double(damping) / (2 * (Double(stiffness) * Double(mass)).squareRoot()))
        return log(1000.0) / (zeta * omega)
    }
}

extension CALayer {
    /// Runs `anim` on the layer (see `CAAnimation`): in a replay the layer holds it under `key`
    /// while it runs (one running under that key stops, not finished) and after it ends when
    /// its `isRemovedOnCompletion` is false; outside a replay it ends at once and the layer
    /// keeps it only in that case (replacing one kept under that key). Core Animation copies
    /// the animation it is given; here the same object is kept.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        anim.delegate?.animationDidStart(anim)
        let members = (anim as? CAAnimationGroup)?.animations ?? []
        for member in members { member.delegate?.animationDidStart(member) }
        if let timeline = ReplayTimeline.current {
            run(anim, forKey: key, on: timeline)
            return
        }
        anim.delegate?.animationDidStop(anim, finished: true)
        for member in members { member.delegate?.animationDidStop(member, finished: true) }
        guard !anim.isRemovedOnCompletion, let key else { return }
        if let i = keptAnimations.firstIndex(where: { $0.key == key }) {
            keptAnimations[i].animation = anim
        } else {
            keptAnimations.append((key, anim))
        }
    }

    /// The animation kept under `key`, if any.
    public func animation(forKey key: String) -> CAAnimation? {
        keptAnimations.first { $0.key == key }?.animation
    }

    /// The keys of the animations kept, in the order added (nil when none).
    public func animationKeys() -> [String]? { keptAnimations.isEmpty ? nil : keptAnimations.map(\.key) }

    /// Forgets the animation kept under `key`; one still running stops, not finished.
    public func removeAnimation(forKey key: String) {
        keptAnimations.removeAll { $0.key == key }
        let stopping = runningAnimations.filter { $0.key == key }
        runningAnimations.removeAll { $0.key == key }
        for run in stopping { run.stop(finished: false) }
    }

    /// Starts `anim` (under `key`) in a replay: it ends `activeDuration` later on the trace's
    /// time, or never when that is infinite (see `CAAnimation`).
    private func run(_ anim: CAAnimation, forKey key: String?, on timeline: ReplayTimeline) {
        if let key { removeAnimation(forKey: key) }
        let run = AnimationRun(animation: anim, key: key)
        runningAnimations.append(run)
        if let key { keptAnimations.append((key, anim)) }
        CATransaction.animationAdded(run)
        let now = MediaClock.now
        let start = anim.beginTime > now ? anim.beginTime : now
        let end = start + anim.activeDuration(transactionDuration: CATransaction.animationDuration())
        guard end.isFinite else { return }
        timeline.schedule(.block { [weak self] in
            guard !run.over else { return }
            if let self {
                self.runningAnimations.removeAll { $0 === run }
                if anim.isRemovedOnCompletion, let key { self.keptAnimations.removeAll { $0.key == key && $0.animation === anim } }
            }
            run.stop(finished: true)
        }, at: end)
    }
}

// MARK: - Timing parameters

/// What gives an animator its timing, as `UITimingCurveProvider`.
public protocol UITimingCurveProvider {}

/// A cubic timing curve, as `UICubicTimingParameters`: kept.
public final class UICubicTimingParameters: UITimingCurveProvider {
    /// The curve given (`.easeInOut` by default).
    public let animationCurve: UIView.AnimationCurve
    /// The default curve.
    public init() { animationCurve = .easeInOut }
    /// One of UIKit's curves.
    public init(animationCurve curve: UIView.AnimationCurve) { animationCurve = curve }
    /// A curve by its control points (kept as `.easeInOut`'s kind: not used).
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) { animationCurve = .easeInOut }
}

/// A spring's timing, as `UISpringTimingParameters`: the constants are kept, not used.
public final class UISpringTimingParameters: UITimingCurveProvider {
    /// The damping ratio (1 by default: no swing).
    public let dampingRatio: CGFloat
    /// The starting velocity, in units of the whole change per second.
    public let initialVelocity: CGVector
    /// A critically damped spring.
    public init() {
        dampingRatio = 1
        initialVelocity = CGVector(dx: CGFloat(0), dy: CGFloat(0))
    }
    /// A spring of damping ratio `ratio`.
    public init(dampingRatio ratio: CGFloat) {
        dampingRatio = ratio
        initialVelocity = CGVector(dx: CGFloat(0), dy: CGFloat(0))
    }
    /// A spring of damping ratio `ratio` that starts at `velocity`.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = ratio
        initialVelocity = velocity
    }
    /// A spring by its physical constants: its damping ratio is `damping / (2·√(stiffness·mass))`.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        let critical = 2 * (Double(stiffness) * Double(mass)).squareRoot()
        dampingRatio = critical > 0 ? CGFloat(Double(damping) / critical) : 1
        initialVelocity = velocity
    }
}

extension UIViewPropertyAnimator {
    /// An animator with the timing of `parameters` (kept, not used): it behaves as every
    /// animator here (see `UIViewPropertyAnimator`).
    public convenience init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        self.init(duration: duration, curve: .easeInOut, animations: nil)
    }
}

// MARK: - 3D transforms of layers

/// A 4 × 4 transform of a layer, as `QuartzCore.CATransform3D`: a point (x, y, z, 1), taken as
/// a row, is multiplied on the left, as `CGAffineTransform` does in the plane (`m41`, `m42`,
/// `m43` are the translation; `m34` gives perspective).
public struct CATransform3D: Equatable, Hashable, Sendable {
    /// The entries, row by row.
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The transform with these entries.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The identity.
    public init() {
        self.init(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }

    var rows: [[CGFloat]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    init(rows r: [[CGFloat]]) {
        self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
                  m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                  m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
                  m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D()

/// Whether `t` is the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// Whether the two transforms are equal, entry by entry.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// `a` then `b`: the product a·b (a point is transformed by `a` first).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let x = a.rows, y = b.rows
    var r = [[CGFloat]](repeating: [0, 0, 0, 0], count: 4)
    for i in 0..<4 {
        for j in 0..<4 {
            var sum: CGFloat = 0
            for k in 0..<4 { sum += x[i][k] * y[k][j] }
            r[i][j] = sum
        }
    }
    return CATransform3D(rows: r)
}

/// A translation by (tx, ty, tz).
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

/// A scaling by (sx, sy, sz).
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

/// A rotation by `angle` radians about the axis (x, y, z) through the origin; about (0, 0, 1)
/// it is `CGAffineTransform(rotationAngle:)`'s. An axis of length 0 gives the identity (Core
/// Animation leaves that case undefined).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0 else { return CATransform3DIdentity }
    let (x, y, z) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), k = 1 - c
    return CATransform3D(m11: k * x * x + c, m12: k * x * y + s * z, m13: k * x * z - s * y, m14: 0,
                         m21: k * x * y - s * z, m22: k * y * y + c, m23: k * y * z + s * x, m24: 0,
                         m31: k * x * z + s * y, m32: k * y * z - s * x, m33: k * z * z + c, m34: 0,
                         m41: 0, m42: 0, m43: 0, m44: 1)
}

/// A translation by (tx, ty, tz), then `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// A scaling by (sx, sy, sz), then `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// A rotation (see `CATransform3DMakeRotation`), then `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// The 3D transform that does what `m` does in the plane.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(m11: m.a, m12: m.b, m13: 0, m14: 0, m21: m.c, m22: m.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// Whether `t` only acts in the plane (an affine transform of it).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0
        && t.m33 == 1 && t.m34 == 0 && t.m43 == 0 && t.m44 == 1
}

/// The plane part of `t` (its affine entries).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

extension CALayer {
    /// The layer as shown on screen: the layer itself, since nothing animates here (a replay has
    /// no frames), so what is shown is what code set.
    public func presentation() -> Self? { self }
    /// The layer whose values code set: the layer itself.
    public func model() -> Self { self }
    /// Sets `transform` to the 3D transform of `m`.
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }
    /// The plane part of `transform`.
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
}

// MARK: - Timing functions, key frames, groups, gradients

/// The names of Core Animation's timing curves, as `CAMediaTimingFunctionName`.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String
    /// A name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Even pace.
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Slow start.
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Slow end.
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Slow start and end.
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The system's default.
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A timing curve, as `CAMediaTimingFunction`: kept, not used (nothing animates).
public final class CAMediaTimingFunction {
    /// The name given, if any.
    public let name: CAMediaTimingFunctionName?
    /// One of Core Animation's curves.
    public init(name: CAMediaTimingFunctionName) { self.name = name }
    /// A cubic curve by its two control points.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) { name = nil }
}

/// What an animation shows outside its active time, as `CAMediaTimingFillMode`: kept.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name.
    public let rawValue: String
    /// A mode.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Nothing outside the active time (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The last frame after the end.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The first frame before the start.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}

extension CAAnimation {
    /// The animation's timing curve (nil: linear): kept.
    public var timingFunction: CAMediaTimingFunction? {
        get { timing.function }
        set { timing.function = newValue }
    }
    /// What it shows outside its active time (`.removed`): kept.
    public var fillMode: CAMediaTimingFillMode {
        get { timing.fillMode }
        set { timing.fillMode = newValue }
    }
}

/// An animation through several values, as `CAKeyframeAnimation`: the values are kept.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The values, in order.
    open var values: [Any]?
    /// When each value is reached, 0 to 1.
    open var keyTimes: [NSNumber]?
    /// A path to follow instead of the values.
    open var path: CGPath?
    /// The curves between values.
    open var timingFunctions: [CAMediaTimingFunction]?
}

/// Animations run together, as `CAAnimationGroup`: added to a layer, the group and each of its
/// animations end at once: the delegates hear the starts (the group's first, then its
/// animations' in order), then the stops in the same order.
open class CAAnimationGroup: CAAnimation {
    /// The animations of the group.
    open var animations: [CAAnimation]?
}

/// A layer that shows a gradient, as `CAGradientLayer`: the settings are kept, nothing is drawn.
open class CAGradientLayer: CALayer {
    /// The colours, as `CGColor`s.
    open var colors: [Any]?
    /// Where each colour stops, 0 to 1 (nil: evenly).
    open var locations: [NSNumber]?
    /// Where it starts, in unit coordinates ((0.5, 0)).
    open var startPoint = CGPoint(x: 0.5, y: 0)
    /// Where it ends, in unit coordinates ((0.5, 1)).
    open var endPoint = CGPoint(x: 0.5, y: 1)
}
