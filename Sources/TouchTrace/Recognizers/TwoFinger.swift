#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a two-finger gesture measures of the line between its two fingers.
protocol TwoFingerMeasure: Sendable {
    /// The value when the first pair of fingers forms (scale 1, rotation 0).
    static var initial: Double { get }
    /// The pair formed (or re-formed after a finger was replaced): the line is `line`.
    mutating func pairFormed(_ line: Point)
    /// The line is now `line`: the new value.
    mutating func update(_ line: Point) -> Double
    /// Whether the gesture has changed enough since its pair formed to begin.
    func isEnough(_ value: Double) -> Bool
    /// The record field that carries the value (`scale`, `rotation`).
    static var valueKey: StaticString { get }
}

/// The state machine shared by `pinch` and `twoFingerRotation`: the two earliest touches down
/// are tracked; when one lifts, the earliest other touch down takes its place (or the next to
/// land), and the value carries on from where it was.
///
/// Transitions:
/// - possible → began: at a move of a tracked touch once the value has changed enough;
/// - began/changed → changed: at every later event that moves a tracked touch while two are
///   tracked;
/// - began/changed → ended: when no tracked touch is down; → cancelled: when one is cancelled;
/// - possible → failed: when every touch has lifted, or a tracked one is cancelled, before began.
///
/// Velocity: one sample (time, value) per event from the event where the second tracked touch
/// is down, by the least-squares rule of `pan` (SPEC 4.1), in value units per second.
struct TwoFingerGesture<Measure: TwoFingerMeasure>: Sendable {
    var state: RecognizerState = .possible
    var measure: Measure
    private(set) var value = Measure.initial
    private var down = TouchesDown()
    /// The serials of the tracked touches (at most two).
    private var tracked: [Int] = []
    private var velocityTracker = VelocityTracker()

    init(measure: Measure) { self.measure = measure }

    private func location(_ serial: Int) -> Point? { down.entries.first { $0.serial == serial }?.location }

    /// The line from the first tracked touch to the second, when two are tracked.
    private var line: Point? {
        guard tracked.count == 2, let a = location(tracked[0]), let b = location(tracked[1]) else { return nil }
        return b - a
    }

    /// The midpoint of the tracked touches (the one touch when only one is tracked).
    var location: Point {
        // The centroid as `TouchesDown.centroid` takes it, of the tracked touches' locations,
        // summed as they are found rather than gathered into a new array first.
        var sum = Point.zero
        var count = 0
        for serial in tracked {
            guard let p = location(serial) else { continue }
            sum = sum + p
            count += 1
        }
        guard count > 0 else { return .zero }
        return Point(x: sum.x / Double(count), y: sum.y / Double(count))
    }

    /// Tracks touches while fewer than two are tracked, the earliest first.
    private mutating func fillPair(at t: Double) {
        guard tracked.count < 2 else { return }
        for entry in down.entries where tracked.count < 2 && !tracked.contains(entry.serial) { tracked.append(entry.serial) }
        if let line, tracked.count == 2 {
            measure.pairFormed(line)
            velocityTracker.add(t: t, position: Point(x: value, y: 0))
        }
    }

    /// Stops following the touch of `serial` at `t` (seconds), with no change of state, as
    /// UIKit's `ignore(_:for:)` takes a touch from a pinch or a rotation: a touch of the pair
    /// is replaced by another down, if any (the value goes on from there without a jump), and
    /// the gesture ends when the touches left lift. Returns whether it was followed.
    mutating func forget(serial: Int, at t: Double) -> Bool {
        guard down.remove(serial: serial) else { return false }
        guard let i = tracked.firstIndex(of: serial) else { return true }
        tracked.remove(at: i)
        // Another touch down takes its place in the pair, as at a lift.
        fillPair(at: t)
        return true
    }

    private func data(velocity: Double, location: Point? = nil) -> FieldList {
        FieldList(Field(Measure.valueKey, .number(value)), Field("velocity", .number(velocity)), Field("location", .point(location ?? self.location)))
    }

    mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        for touch in touches { down.add(touch) }
        fillPair(at: context.t)
    }

    mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
        var movedTracked = false
        for touch in touches where down.move(touch) != nil && tracked.contains(touch.serial) { movedTracked = true }
        guard movedTracked, let line else { return }
        value = measure.update(line)
        velocityTracker.add(t: context.t, position: Point(x: value, y: 0))
        switch state {
        case .possible where measure.isEnough(value):
            state = context.requestState(.began, data(velocity: velocityTracker.velocity().x))
        case .began, .changed:
            state = context.requestState(.changed, data(velocity: velocityTracker.velocity().x))
        default:
            break
        }
    }

    mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        var liftedTracked = false
        for touch in touches { down.move(touch) }
        // Where the tracked touches were as they lifted: the ended record's location.
        let liftLocation = location
        for touch in touches where down.contains(touch) {
            if let i = tracked.firstIndex(of: touch.serial) {
                liftedTracked = true
                tracked.remove(at: i)
            }
            down.remove(touch)
        }
        guard liftedTracked else { return }
        if tracked.isEmpty && down.isEmpty {
            switch state {
            case .possible:
                state = context.requestFailure(reason: "every touch lifted before the gesture began")
            case .began, .changed:
                // A gesture that ends after its fingers rested more than 40 ms has stopped.
                state = context.requestState(.ended, data(velocity: velocityTracker.velocity(endingAt: context.t).x, location: liftLocation))
            default:
                break
            }
            return
        }
        fillPair(at: context.t)
    }

    mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let touch = touches.first(where: { tracked.contains($0.serial) }) else {
            for touch in touches { down.remove(touch) }
            return
        }
        if state == .possible {
            state = context.requestFailure(reason: "touch \(touch.id) was cancelled")
        } else {
            // (Its types are version 2 only: its records always carry a reason.)
            var fields = FieldList(Field("reason", .text(SharedText("touch \(touch.id) was cancelled"))))
            for field in data(velocity: velocityTracker.velocity().x) { fields.append(field) }
            state = context.requestState(.cancelled, fields)
        }
    }

    mutating func reset(measure: Measure) {
        state = .possible
        self.measure = measure
        value = Measure.initial
        down.removeAll()
        tracked.removeAll()
        velocityTracker.removeAll()
    }
}

/// The pinch's measure: scale = distance / distance when the pair formed, times the scale then.
struct PinchMeasure: TwoFingerMeasure {
    let minimumSpanChange: Double
    /// The scale and the distance when the current pair formed.
    private var baseScale = 1.0
    private var baseDistance = 0.0
    /// The distance at the last update.
    private var lastSpan = 0.0
    private var current = 1.0

    init(minimumSpanChange: Double) { self.minimumSpanChange = minimumSpanChange }

    static var initial: Double { 1 }
    static var valueKey: StaticString { "scale" }

    mutating func pairFormed(_ line: Point) {
        baseScale = current
        baseDistance = line.length
        lastSpan = line.length
    }

    mutating func update(_ line: Point) -> Double {
        lastSpan = line.length
        // Two fingers at one point have no scale to go by: it stays where it was.
        guard baseDistance > 0 else { return current }
        current = baseScale * line.length / baseDistance
        return current
    }

    func isEnough(_ value: Double) -> Bool { abs(lastSpan - baseDistance) >= minimumSpanChange }
}

/// The rotation's measure: the accumulated turn of the line from the first tracked touch to
/// the second, each step unwrapped into (−π, π], radians, positive clockwise on the screen.
struct RotationMeasure: TwoFingerMeasure {
    let minimumRotation: Double
    private var lastAngle = 0.0
    private var current = 0.0

    init(minimumRotation: Double) { self.minimumRotation = minimumRotation }

    static var initial: Double { 0 }
    static var valueKey: StaticString { "rotation" }

    mutating func pairFormed(_ line: Point) { lastAngle = atan2(line.y, line.x) }

    mutating func update(_ line: Point) -> Double {
        let angle = atan2(line.y, line.x)
        var step = angle - lastAngle
        while step > Double.pi { step -= 2 * Double.pi }
        while step <= -Double.pi { step += 2 * Double.pi }
        lastAngle = angle
        current += step
        return current
    }

    func isEnough(_ value: Double) -> Bool { abs(value) >= minimumRotation }
}

/// `pinch`: `UIPinchGestureRecognizer` (SPEC 13). Tracks the two earliest touches; `scale` is
/// their distance over their distance when the second began (carrying on across a replaced
/// finger); `began` once the distance has changed by `minimumSpanChange` points from its start.
/// Data `scale`, `velocity` (scale per second), `location` (the midpoint, view coordinates).
/// Transitions as `TwoFingerGesture`.
public struct PinchRecognizer: Recognizer {
    /// Points the distance between the fingers must change before the pinch begins.
    public let minimumSpanChange: Double
    var gesture: TwoFingerGesture<PinchMeasure>

    public init(minimumSpanChange: Double = GestureDefaults.pinchMinimumSpanChange) {
        precondition(minimumSpanChange >= 0, "a pinch's minimum span change must be at least 0 points")
        self.minimumSpanChange = minimumSpanChange
        gesture = TwoFingerGesture(measure: PinchMeasure(minimumSpanChange: minimumSpanChange))
    }

    public var state: RecognizerState {
        get { gesture.state }
        set { gesture.state = newValue }
    }
    /// The scale now.
    public var scale: Double { gesture.value }

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) { gesture.touchesBegan(touches, &context) }
    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) { gesture.touchesMoved(touches, &context) }
    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) { gesture.touchesEnded(touches, &context) }
    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) { gesture.touchesCancelled(touches, &context) }
    public mutating func reset() { gesture.reset(measure: PinchMeasure(minimumSpanChange: minimumSpanChange)) }
    /// Stops following the touch of `serial` at `t` (seconds), as UIKit's `ignore(_:for:)` (see
    /// `TwoFingerGesture.forget`). Returns whether it was followed.
    package mutating func forget(serial: Int, at t: Double) -> Bool { gesture.forget(serial: serial, at: t) }
}

/// `twoFingerRotation`: `UIRotationGestureRecognizer` (SPEC 13). As `pinch`, with `rotation`:
/// the accumulated turn of the line from the first tracked touch to the second (radians,
/// positive clockwise on the screen since y grows downward); `began` once |rotation| ≥
/// `minimumRotation`. Data `rotation`, `velocity` (radians per second), `location`.
public struct TwoFingerRotationRecognizer: Recognizer {
    /// Radians the line between the fingers must turn before the rotation begins.
    public let minimumRotation: Double
    var gesture: TwoFingerGesture<RotationMeasure>

    public init(minimumRotation: Double = GestureDefaults.rotationMinimumRotation) {
        precondition(minimumRotation >= 0, "a rotation's minimum must be at least 0 radians")
        self.minimumRotation = minimumRotation
        gesture = TwoFingerGesture(measure: RotationMeasure(minimumRotation: minimumRotation))
    }

    public var state: RecognizerState {
        get { gesture.state }
        set { gesture.state = newValue }
    }
    /// The rotation now, in radians.
    public var rotation: Double { gesture.value }

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) { gesture.touchesBegan(touches, &context) }
    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) { gesture.touchesMoved(touches, &context) }
    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) { gesture.touchesEnded(touches, &context) }
    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) { gesture.touchesCancelled(touches, &context) }
    public mutating func reset() { gesture.reset(measure: RotationMeasure(minimumRotation: minimumRotation)) }
    /// Stops following the touch of `serial` at `t` (seconds), as UIKit's `ignore(_:for:)` (see
    /// `TwoFingerGesture.forget`). Returns whether it was followed.
    package mutating func forget(serial: Int, at t: Double) -> Bool { gesture.forget(serial: serial, at: t) }
}

// MARK: The scene type

extension RecognizerType {
    /// Scenes' `"pinch"` (its parameters: `touchtrace help scene`).
    public static let pinch = RecognizerType(
        name: "pinch", summary: "UIPinchGestureRecognizer: two fingers moving apart or together (scale)", minimumVersion: 2
    ) { p in
        PinchRecognizer(minimumSpanChange: p.number("minimumSpanChange", default: GestureDefaults.pinchMinimumSpanChange, in: 0...TraceLimits.coordinate, unit: "points"))
    }

    /// Scenes' `"twoFingerRotation"` (its parameters: `touchtrace help scene`).
    public static let twoFingerRotation = RecognizerType(
        name: "twoFingerRotation", summary: "UIRotationGestureRecognizer: two fingers turning (radians)", minimumVersion: 2
    ) { p in
        TwoFingerRotationRecognizer(minimumRotation: p.number("minimumRotation", default: GestureDefaults.rotationMinimumRotation, in: 0...100, unit: "radians"))
    }
}
