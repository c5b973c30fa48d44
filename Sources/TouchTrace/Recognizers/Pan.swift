#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The state machine of `UIPanGestureRecognizer`, shared by `pan` and the knob's `rotation`.
///
/// Transitions:
/// - possible → began: at an event that moves a tracked touch, when at least
///   `minimumNumberOfTouches` tracked touches are down and |translation| ≥ `minimumDistance`;
/// - began/changed → changed: at every later event that moves a tracked touch;
/// - began/changed → ended: when fewer than `minimumNumberOfTouches` tracked touches remain down;
/// - began/changed → cancelled: when a tracked touch is cancelled;
/// - possible → failed: when every tracked touch has lifted, or one is cancelled, before `began`.
///
/// `package`: TouchTraceUIKit's `UIPanGestureRecognizer` runs on it too.
package struct PanCore: Sendable {
    /// Fewest touches that must be down for the pan to begin (UIKit's default 1).
    package var minimumNumberOfTouches: Int
    /// Most touches tracked: the earliest-begun; later ones are ignored for their whole life.
    package var maximumNumberOfTouches: Int
    /// Hysteresis before `began`, in points. UIKit does not document it; 10 points is what
    /// measurements of `UIPanGestureRecognizer` report.
    package var minimumDistance: Double
    /// Whether to keep velocity samples (the rotation recognizer has no use for them).
    let tracksVelocity: Bool

    /// Its state; the arena has the last word (see `Recognizer.state`).
    package var state: RecognizerState = .possible
    /// Movement of the centroid of the tracked touches since touch-down, in points.
    package private(set) var translation: Point = .zero
    package private(set) var velocityTracker = VelocityTracker()

    package struct Tracked: Sendable {
        var serial: Int
        var slot: Int
        var location: Point
    }

    /// Tracked touches that are down (in no meaningful order).
    package private(set) var tracked: [Tracked] = []
    /// Index into `tracked` by touch slot, or −1: finding a touch costs the same however many
    /// fingers are down.
    private var trackedIndex: [Int] = []
    /// How many tracked touches began in event `beganEvent` (the latest that added any).
    private var beganEvent = -1
    private var beganCount = 0

    package init(minimumNumberOfTouches: Int = 1, maximumNumberOfTouches: Int = .max, minimumDistance: Double = GestureDefaults.panMinimumDistance, tracksVelocity: Bool) {
        self.minimumNumberOfTouches = minimumNumberOfTouches
        self.maximumNumberOfTouches = maximumNumberOfTouches
        self.minimumDistance = minimumDistance
        self.tracksVelocity = tracksVelocity
    }

    /// A state change to report, with the state it left.
    package typealias Transition = (from: RecognizerState, to: RecognizerState)

    /// Where a touch is in `tracked`, if it is tracked.
    private func index(of touch: ViewTouch) -> Int? {
        index(slot: touch.slot, serial: touch.serial)
    }

    /// Where the touch of this slot and serial is in `tracked`, if it is tracked.
    private func index(slot: Int, serial: Int) -> Int? {
        guard slot < trackedIndex.count else { return nil }
        let i = trackedIndex[slot]
        return i >= 0 && tracked[i].serial == serial ? i : nil
    }

    /// Tracks the new touches while there is room; returns the first one it took.
    package mutating func touchesBegan(_ touches: TouchSet, _ context: DeliveryContext) -> ViewTouch? {
        var first: ViewTouch?
        let before = tracked.count
        for touch in touches where tracked.count < maximumNumberOfTouches {
            if touch.slot >= trackedIndex.count {
                trackedIndex.append(contentsOf: repeatElement(-1, count: touch.slot + 1 - trackedIndex.count))
            }
            trackedIndex[touch.slot] = tracked.count
            tracked.append(Tracked(serial: touch.serial, slot: touch.slot, location: touch.location))
            if first == nil { first = touch }
        }
        let added = tracked.count - before
        if added > 0 {
            if beganEvent != context.eventIndex { beganCount = 0 }
            beganEvent = context.eventIndex
            beganCount += added
            // The velocity's first sample is the gesture's touch-down; fingers landing later do
            // not move the translation and add no sample.
            if before == 0 && tracksVelocity {
                velocityTracker.add(t: context.t, position: translation)
            }
        }
        return first
    }

    /// Moves the tracked touches; returns the transition, if any, and where the first tracked
    /// touch that moved now is.
    package mutating func touchesMoved(_ touches: TouchSet, _ context: DeliveryContext) -> (transition: Transition?, movedTo: Point?) {
        var context = context
        return touchesMoved(touches, &context)
    }

    /// `touchesMoved(_:_:)` reading the context where it lies (`inout` only so that it is not
    /// copied for the call: it is not changed), as the engine's recognizers call it at every move.
    package mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) -> (transition: Transition?, movedTo: Point?) {
        // The centroid's movement is taken over the touches present both before and after the
        // event: not those that began in it, nor those that lift or are cancelled in it, so a
        // finger landing or lifting never makes the translation jump. Stationary touches count
        // with no movement. (The touches' fields are read where they lie, not copied whole.)
        var sum = Point.zero
        var movedTo: Point?
        // `tracked` is written in place.
        let given = touches.storage
        for k in touches.range {
            let slot = given[k].slot
            guard slot < trackedIndex.count else { continue }
            let i = trackedIndex[slot]
            guard i >= 0 && tracked[i].serial == given[k].serial else { continue }
            let location = given[k].location
            if movedTo == nil { movedTo = location }
            sum = sum + (location - tracked[i].location)
            tracked[i].location = location
        }
        guard movedTo != nil else { return (nil, nil) }
        var common = tracked.count - (beganEvent == context.eventIndex ? beganCount : 0)
        if context.eventLiftCount > 0 {
            let all = context.eventTouches
            for k in all.range where all.storage[k].phase.isEnding && self.index(slot: all.storage[k].slot, serial: all.storage[k].serial) != nil {
                common -= 1
            }
        }
        if common > 0 {
            translation.x += sum.x / Double(common)
            translation.y += sum.y / Double(common)
        }
        if tracksVelocity {
            velocityTracker.add(t: context.t, position: translation)
        }
        switch state {
        case .possible:
            if tracked.count >= minimumNumberOfTouches && translation.length >= minimumDistance {
                state = .began
                return ((.possible, .began), movedTo)
            }
        case .began, .changed:
            let from = state
            state = .changed
            return ((from, .changed), movedTo)
        default:
            break
        }
        return (nil, movedTo)
    }

    /// Stops tracking the touches of the set; returns how many were tracked.
    private mutating func remove(_ touches: TouchSet) -> Int {
        var removed = 0
        for touch in touches {
            guard let i = index(of: touch) else { continue }
            trackedIndex[touch.slot] = -1
            let last = tracked.removeLast()
            if i < tracked.count {
                tracked[i] = last
                trackedIndex[last.slot] = i
            }
            removed += 1
        }
        return removed
    }

    /// Stops tracking the touch of `serial`, with no change of state, as UIKit's
    /// `ignore(_:for:)` takes a touch from a pan: the translation goes on from the touches left,
    /// without a jump. `beganInEvent`: the touch began in event `eventIndex`, the one under way
    /// (so it no longer counts among the touches that began in it). Returns whether it was
    /// tracked.
    package mutating func forget(serial: Int, beganInEvent: Bool, eventIndex: Int) -> Bool {
        guard let i = tracked.firstIndex(where: { $0.serial == serial }) else { return false }
        if beganInEvent && beganEvent == eventIndex && beganCount > 0 { beganCount -= 1 }
        trackedIndex[tracked[i].slot] = -1
        let last = tracked.removeLast()
        if i < tracked.count {
            tracked[i] = last
            trackedIndex[last.slot] = i
        }
        return true
    }

    /// Lifts tracked touches; returns the transition, if any.
    package mutating func touchesEnded(_ touches: TouchSet) -> Transition? {
        guard remove(touches) > 0 else { return nil }
        switch state {
        case .possible where tracked.isEmpty:
            state = .failed
            return (.possible, .failed)
        case .began, .changed:
            guard tracked.count < minimumNumberOfTouches else { return nil }
            let from = state
            state = .ended
            return (from, .ended)
        default:
            return nil
        }
    }

    /// Cancels tracked touches; returns the transition, if any.
    package mutating func touchesCancelled(_ touches: TouchSet) -> Transition? {
        guard remove(touches) > 0 else { return nil }
        switch state {
        case .possible:
            state = .failed
            return (.possible, .failed)
        case .began, .changed:
            let from = state
            state = .cancelled
            return (from, .cancelled)
        default:
            return nil
        }
    }

    /// The first of `touches` that is tracked (asked before they are cancelled, for a reason).
    package func firstTracked(of touches: TouchSet) -> ViewTouch? {
        touches.first { index(of: $0) != nil }
    }

    /// Why a transition to `failed` or `cancelled` happened, for its record (version 2 only;
    /// made only then): the tracked touch that was cancelled, or how far the touches had moved
    /// when the last one lifted.
    package func reason(cancelled: ViewTouch?) -> String {
        if let cancelled { return "touch \(cancelled.id) was cancelled" }
        let moved = (translation.x * translation.x + translation.y * translation.y).squareRoot()
        if moved < minimumDistance {
            return "every touch lifted after moving \(pointsText(moved)), short of the \(pointsText(minimumDistance)) it needs to begin"
        }
        return "every touch lifted before \(minimumNumberOfTouches) touches were down to begin"
    }

    package mutating func reset() {
        state = .possible
        translation = .zero
        for t in tracked { trackedIndex[t.slot] = -1 }
        tracked.removeAll(keepingCapacity: true)
        beganEvent = -1
        beganCount = 0
        velocityTracker.removeAll()
    }
}

/// `pan`: `UIPanGestureRecognizer`, with translation and a least-squares velocity.
///
/// Parameters: `minimumNumberOfTouches` (1), `maximumNumberOfTouches` (unbounded),
/// `minimumDistance` (10 points). Records: `state` with `translation` [x, y] (points),
/// `velocity` [x, y] (points/second) and `touches` (tracked touches down).
public struct PanRecognizer: Recognizer {
    var core: PanCore

    public init(minimumNumberOfTouches: Int = 1, maximumNumberOfTouches: Int = .max, minimumDistance: Double = GestureDefaults.panMinimumDistance) {
        precondition(minimumNumberOfTouches >= 1 && maximumNumberOfTouches >= minimumNumberOfTouches,
                     "PanRecognizer: need 1 ≤ minimumNumberOfTouches ≤ maximumNumberOfTouches, got \(minimumNumberOfTouches) and \(maximumNumberOfTouches)")
        precondition(minimumDistance.isFinite && minimumDistance >= 0, "PanRecognizer: minimumDistance must be at least 0 points, got \(minimumDistance)")
        core = PanCore(minimumNumberOfTouches: minimumNumberOfTouches, maximumNumberOfTouches: maximumNumberOfTouches,
                       minimumDistance: minimumDistance, tracksVelocity: true)
    }

    public var state: RecognizerState {
        get { core.state }
        set { core.state = newValue }
    }
    public var translation: Point { core.translation }

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        _ = core.touchesBegan(touches, context)
    }

    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
        if let transition = core.touchesMoved(touches, &context).transition {
            emit(transition, velocity: core.velocityTracker.velocity(fromTwoSamples: context.version >= 2), &context)
        }
    }

    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        if let transition = core.touchesEnded(touches) {
            // A pan that ends after its finger rested more than 40 ms has stopped: no fling.
            let velocity = transition.to == .ended
                ? core.velocityTracker.velocity(endingAt: context.t, fromTwoSamples: context.version >= 2)
                : core.velocityTracker.velocity(fromTwoSamples: context.version >= 2)
            emit(transition, velocity: velocity, &context)
        }
    }

    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        let cancelled = context.recordsReasons ? core.firstTracked(of: touches) : nil
        if let transition = core.touchesCancelled(touches) {
            emit(transition, velocity: core.velocityTracker.velocity(fromTwoSamples: context.version >= 2), cancelled: cancelled, &context)
        }
    }

    public mutating func reset() { core.reset() }

    private mutating func emit(_ transition: PanCore.Transition, velocity: Point, cancelled: ViewTouch? = nil, _ context: inout DeliveryContext) {
        let translation = Field("translation", .point(core.translation))
        let velocity = Field("velocity", .point(velocity))
        let touches = Field("touches", .integer(core.tracked.count))
        // The list made whole, with the reason first in version 2's failed and cancelled
        // records, rather than made empty and appended to field by field.
        let data = transition.to.isFailedOrCancelled && context.recordsReasons
            ? FieldList(Field("reason", .text(SharedText(core.reason(cancelled: cancelled)))), translation, velocity, touches)
            : FieldList(translation, velocity, touches)
        core.state = context.requestState(transition.to, data)
    }
}

/// `rotation`: the knob's one-finger `RotationGestureRecognizer` (seed 000), a pan with exactly
/// one touch that also follows the touch's angle around the view's center.
///
/// Parameters: `minimumDistance` (10 points). Records: `state` with `angle` (radians).
public struct RotationRecognizer: Recognizer {
    var core: PanCore
    /// atan2(y − midY, x − midX) of the tracked touch in view coordinates, in (−π, π] radians;
    /// updated at touch-down and on every move.
    public private(set) var touchAngle: Double = 0

    public init(minimumDistance: Double = GestureDefaults.panMinimumDistance) {
        precondition(minimumDistance.isFinite && minimumDistance >= 0, "RotationRecognizer: minimumDistance must be at least 0 points, got \(minimumDistance)")
        core = PanCore(minimumNumberOfTouches: 1, maximumNumberOfTouches: 1, minimumDistance: minimumDistance, tracksVelocity: false)
    }

    public var state: RecognizerState {
        get { core.state }
        set { core.state = newValue }
    }

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        if let touch = core.touchesBegan(touches, context) {
            touchAngle = Self.angle(of: touch.location, in: context.viewSize)
        }
    }

    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
        let (transition, movedTo) = core.touchesMoved(touches, &context)
        if let movedTo { touchAngle = Self.angle(of: movedTo, in: context.viewSize) }
        if let transition { emit(transition, &context) }
    }

    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        if let transition = core.touchesEnded(touches) { emit(transition, &context) }
    }

    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        let cancelled = context.recordsReasons ? core.firstTracked(of: touches) : nil
        if let transition = core.touchesCancelled(touches) { emit(transition, cancelled: cancelled, &context) }
    }

    public mutating func reset() {
        core.reset()
        touchAngle = 0
    }

    private mutating func emit(_ transition: PanCore.Transition, cancelled: ViewTouch? = nil, _ context: inout DeliveryContext) {
        let angle = Field("angle", .number(touchAngle))
        // Made whole, the reason first in version 2's failed and cancelled records.
        let data = transition.to.isFailedOrCancelled && context.recordsReasons
            ? FieldList(Field("reason", .text(SharedText(core.reason(cancelled: cancelled)))), angle)
            : FieldList(angle)
        core.state = context.requestState(transition.to, data, actionValue: touchAngle)
    }

    /// The angle of a point around the center of a view of the given size, in (−π, π].
    static func angle(of p: Point, in size: (width: Double, height: Double)) -> Double {
        let a = atan2(p.y - size.height / 2, p.x - size.width / 2)
        // atan2 gives −π for points straight left with y = −0; the range is (−π, π].
        if a == -Double.pi { return Double.pi }
        return a == 0 ? 0 : a
    }
}

// MARK: The scene type

extension RecognizerType {
    /// Scenes' `"pan"` (its parameters: `touchtrace help scene`).
    public static let pan = RecognizerType(name: "pan", summary: "UIPanGestureRecognizer: translation and velocity") { p in
        let minimum = p.integer("minimumNumberOfTouches", default: 1, in: 1...1000)
        let maximum = p.integer("maximumNumberOfTouches", default: Int.max, in: 1...Int.max)
        let ordered = p.check(maximum >= minimum, at: "maximumNumberOfTouches",
                              "\"maximumNumberOfTouches\" (\(maximum)) must not be less than \"minimumNumberOfTouches\" (\(minimum))")
        let distance = p.number("minimumDistance", default: GestureDefaults.panMinimumDistance, in: 0...TraceLimits.coordinate, unit: "points")
        // (With a problem noted, the scene is refused; the recognizer made meanwhile only has to be valid.)
        return PanRecognizer(minimumNumberOfTouches: minimum, maximumNumberOfTouches: ordered ? maximum : minimum, minimumDistance: distance)
    }

    /// Scenes' `"rotation"` (its parameters: `touchtrace help scene`).
    public static let rotation = RecognizerType(name: "rotation", summary: "the knob's one-finger rotation (a pan that follows the touch angle)") { p in
        RotationRecognizer(minimumDistance: p.number("minimumDistance", default: GestureDefaults.panMinimumDistance, in: 0...TraceLimits.coordinate, unit: "points"))
    }
}
