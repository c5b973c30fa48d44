#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A direction a swipe may go, on the screen (y grows downward).
public enum SwipeDirection: String, Sendable, CaseIterable {
    case right, left, up, down

    /// The unit vector of the direction, in view coordinates.
    public var unit: Point {
        switch self {
        case .right: return Point(x: 1, y: 0)
        case .left: return Point(x: -1, y: 0)
        case .up: return Point(x: 0, y: -1)
        case .down: return Point(x: 0, y: 1)
        }
    }

    var word: StaticString {
        switch self {
        case .right: return "right"
        case .left: return "left"
        case .up: return "up"
        case .down: return "down"
        }
    }
}

/// `swipe`: `UISwipeGestureRecognizer`, a discrete recognizer of a quick straight movement in
/// an allowed direction (SPEC 13).
///
/// Judged on the movement of the centroid of the touches since they touched down, once
/// `numberOfTouchesRequired` are down. Transitions:
/// - possible → recognized: at the first move where the movement is at least
///   `minimumDistance` long and within `maximumAngle` of an allowed direction; data
///   `direction` (that direction, the nearest if two) and `translation` [x, y] (points);
/// - possible → failed: at a move where it is that long in no allowed direction; at the
///   deadline `maximumDuration` after the first touch-down; when a touch lifts or is cancelled
///   first; when more touches than required are down.
public struct SwipeRecognizer: Recognizer {
    /// The allowed directions, in the order given.
    public let directions: [SwipeDirection]
    /// Fingers that must swipe (≥ 1).
    public let numberOfTouchesRequired: Int
    /// Points the centroid must move.
    public let minimumDistance: Double
    /// Seconds from the first touch-down within which the swipe must be recognized.
    public let maximumDuration: Double
    /// Largest angle between the movement and an allowed direction, in degrees.
    public let maximumAngle: Double

    public var state: RecognizerState = .possible
    private var down = TouchesDown()
    /// The centroid when the required touches were all down.
    private var start: Point?

    public init(directions: [SwipeDirection] = [.right],
                numberOfTouchesRequired: Int = GestureDefaults.swipeNumberOfTouchesRequired,
                minimumDistance: Double = GestureDefaults.swipeMinimumDistance,
                maximumDuration: Double = GestureDefaults.swipeMaximumDuration,
                maximumAngle: Double = GestureDefaults.swipeMaximumAngle) {
        precondition(!directions.isEmpty, "a swipe needs at least one direction")
        precondition(numberOfTouchesRequired >= 1 && minimumDistance >= 0 && maximumDuration > 0 && (0...90).contains(maximumAngle),
                     "a swipe needs at least one finger, a distance of at least 0, a duration over 0 and an angle within 0...90 degrees")
        self.directions = directions
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.minimumDistance = minimumDistance
        self.maximumDuration = maximumDuration
        self.maximumAngle = maximumAngle
    }

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        if down.isEmpty && start == nil { context.setDeadline(context.t + maximumDuration) }
        for touch in touches {
            down.add(touch)
            if down.count > numberOfTouchesRequired {
                fail(because: "\(down.count) touches down at once; the swipe takes \(numberOfTouchesRequired)", &context)
                return
            }
        }
        if down.count == numberOfTouchesRequired && start == nil { start = down.centroid }
    }

    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
        var moved = false
        for touch in touches where down.move(touch) != nil { moved = true }
        guard moved, let start else { return }
        let translation = down.centroid - start
        let length = translation.length
        guard length >= minimumDistance, length > 0 else { return }
        // The allowed direction nearest the movement (the first given, on a tie).
        var best: (direction: SwipeDirection, angle: Double)?
        for direction in directions {
            let cosine = (translation.x * direction.unit.x + translation.y * direction.unit.y) / length
            let angle = acos(min(1, max(-1, cosine))) * 180 / Double.pi
            if best == nil || angle < best!.angle { best = (direction, angle) }
        }
        if let best, best.angle <= maximumAngle {
            change(to: .recognized, with: FieldList(Field("direction", .name(best.direction.word)), Field("translation", .point(translation))), &context)
        } else {
            let allowed = directions.map(\.rawValue).joined(separator: ", ")
            fail(because: "moved \(pointsText(length)) by \(pointText(translation)), more than \(compactNumber(maximumAngle))° from \(directions.count == 1 ? "the direction" : "every direction of") \(allowed)", &context)
        }
    }

    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let touch = touches.first(where: { down.contains($0) }) else { return }
        fail(because: "touch \(touch.id) lifted before the swipe moved \(pointsText(minimumDistance))", &context)
    }

    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let touch = touches.first(where: { down.contains($0) }) else { return }
        fail(because: "touch \(touch.id) was cancelled", &context)
    }

    public mutating func deadlinePassed(_ context: inout DeliveryContext) {
        fail(because: "did not move \(pointsText(minimumDistance)) within \(secondsText(maximumDuration)) of touching down", &context)
    }

    /// Stops following the touch of `serial`, with no change of state, as UIKit's
    /// `ignore(_:for:)` takes a touch from a swipe: its required touches are no longer all
    /// down, so the swipe measures from where they are once they are again. Returns whether it
    /// was followed.
    package mutating func forget(serial: Int) -> Bool {
        guard down.remove(serial: serial) else { return false }
        start = nil
        return true
    }

    public mutating func reset() {
        state = .possible
        down.removeAll()
        start = nil
    }
}

// MARK: The scene type

extension RecognizerType {
    /// Scenes' `"swipe"` (its parameters: `touchtrace help scene`).
    public static let swipe = RecognizerType(
        name: "swipe", summary: "UISwipeGestureRecognizer: a quick straight movement in an allowed direction", minimumVersion: 2
    ) { p in
        let names = p.stringList("direction", default: ["right"], oneOf: SwipeDirection.allCases.map(\.rawValue))
        var directions: [SwipeDirection] = []
        for name in names {
            if let d = SwipeDirection(rawValue: name) {
                if !directions.contains(d) { directions.append(d) }
            } else {
                p.check(false, at: "direction", "\"direction\" must be right, left, up or down (or a list of them), found \"\(name)\"")
            }
        }
        p.check(!names.isEmpty, at: "direction", "\"direction\" must name at least one direction: right, left, up or down")
        return SwipeRecognizer(
            directions: directions.isEmpty ? [.right] : directions,
            numberOfTouchesRequired: p.integer("numberOfTouchesRequired", default: GestureDefaults.swipeNumberOfTouchesRequired, in: 1...20),
            minimumDistance: p.number("minimumDistance", default: GestureDefaults.swipeMinimumDistance, in: 0...TraceLimits.coordinate, unit: "points"),
            maximumDuration: p.number("maximumDuration", default: GestureDefaults.swipeMaximumDuration, in: 0.001...1_000_000, unit: "seconds"),
            maximumAngle: p.number("maximumAngle", default: GestureDefaults.swipeMaximumAngle, in: 0...90, unit: "degrees"))
    }
}
