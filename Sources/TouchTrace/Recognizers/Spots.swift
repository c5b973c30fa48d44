/// `spots`: the seed's `TouchableView` (seed 002): a spot for every touch, following it and
/// removed when it lifts.
///
/// A new spot's diameter animates from 1 to 100 points over 0.2 s with UIKit's default
/// ease-in-ease-out timing curve; records give the diameter at their time. Records:
/// `spotAdded`, `spotMoved`, `spotRemoved` with `touch`, `center` [x, y] (view coordinates,
/// points) and `diameter` (points). A removed spot reports where it was (the seed removes the
/// spot's view without moving it first).
public struct SpotsRecognizer: Recognizer {
    /// Diameter of a new spot, in points (the seed's 1×1 bounds).
    public static let startDiameter = 1.0
    /// Diameter a spot grows to, in points (the seed's 100×100 bounds).
    public static let endDiameter = 100.0
    /// Length of the growth animation, in seconds (the seed's `withDuration: 0.2`).
    public static let growthDuration = 0.2

    struct Spot: Sendable {
        var serial: Int
        /// The touch's id as records give it (made once, not at every move).
        var touch: FieldValue
        var center: Point
        var addedAt: Double
    }

    /// The spots by touch slot.
    private var spots: [Spot?] = []
    /// The last diameter worked out and the age it was for (seconds; NaN before the first):
    /// spots added in one event have the same age at every later event, and the growth curve
    /// is solved by iteration, so the crowd's spots share one solution per event.
    private var lastAge = Double.nan
    private var lastDiameter = startDiameter

    public init() {}

    /// A spot view never fails or recognizes; it stays `possible`.
    public var state: RecognizerState {
        get { .possible }
        set {}
    }

    /// It only reports where the touches are: no rule of the arena fails it, and a winning
    /// recognizer cancels its touches as a control's (SPEC 13.1).
    public var competes: Bool { false }

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        for touch in touches {
            let spot = Spot(serial: touch.serial, touch: FieldValue(touch.id), center: touch.location, addedAt: context.t)
            if touch.slot >= spots.count { spots.append(contentsOf: repeatElement(nil, count: touch.slot + 1 - spots.count)) }
            spots[touch.slot] = spot
            Self.emit("spotAdded", spot, diameter: diameter(age: context.t - spot.addedAt), &context)
        }
    }

    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
        // The touches read and the spots written where they lie: only the center changes.
        let given = touches.storage
        for k in touches.range {
            let slot = given[k].slot
            guard slot < spots.count, spots[slot]?.serial == given[k].serial else { continue }
            spots[slot]!.center = given[k].location
            let spot = spots[slot]!
            Self.emit("spotMoved", spot, diameter: diameter(age: context.t - spot.addedAt), &context)
        }
    }

    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        remove(touches, &context)
    }

    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        remove(touches, &context)
    }

    public mutating func reset() {
        for i in spots.indices { spots[i] = nil }
    }

    private mutating func remove(_ touches: TouchSet, _ context: inout DeliveryContext) {
        for touch in touches {
            guard let spot = spot(for: touch) else { continue }
            spots[touch.slot] = nil
            Self.emit("spotRemoved", spot, diameter: diameter(age: context.t - spot.addedAt), &context)
        }
    }

    private func spot(for touch: ViewTouch) -> Spot? {
        guard touch.slot < spots.count, let spot = spots[touch.slot], spot.serial == touch.serial else { return nil }
        return spot
    }

    /// Writes a record of the spot with its diameter (points) now: one for every touch of
    /// every event, built where it lies (`emitInPlace`).
    private static func emit(_ event: StaticString, _ spot: Spot, diameter: Double, _ context: inout DeliveryContext) {
        context.emitInPlace(event, FieldList(
            Field("touch", spot.touch),
            Field("center", .point(spot.center)),
            Field("diameter", .number(diameter))))
    }

    /// `diameter(age:)`, worked out again only when the age differs from the last one asked
    /// (equal ages give the same diameter; a NaN age, equal to nothing, is always worked out).
    private mutating func diameter(age: Double) -> Double {
        if age != lastAge {
            lastAge = age
            lastDiameter = Self.diameter(age: age)
        }
        return lastDiameter
    }

    /// The diameter of a spot `age` seconds after it was added, in points.
    public static func diameter(age: Double) -> Double {
        let progress = age / growthDuration
        if !(progress > 0) { return startDiameter }
        if progress >= 1 { return endDiameter }
        return startDiameter + (endDiameter - startDiameter) * TimingCurve.easeInEaseOut.value(at: progress)
    }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2),
/// as `CAMediaTimingFunction`.
public struct TimingCurve: Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// UIKit's default for `UIView.animate`: `kCAMediaTimingFunctionEaseInEaseOut`.
    public static let easeInEaseOut = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// The curve's output at input (time fraction) `x` in [0, 1]: solves x(s) = x for the curve
    /// parameter s by Newton's method, kept inside a shrinking bracket, then returns y(s).
    ///
    /// Every step works out x(s) and its slope with the operations of `bezier` and `derivative`
    /// in their order, so each step lands on the same double as those two would give; it only
    /// shares what the two have in common and keeps the terms of the last s for y(s):
    /// - `3 * u * u` begins both, and `3 * u * s` begins x(s)'s second term;
    /// - the slope's `6 * u * s` is `(3 * u * s) * 2` exactly (doubling a double loses nothing
    ///   here: every value lies in [0, 6], far from overflow and from the subnormals);
    /// - y(s) is `(3 * u * u * s) * y1 + (3 * u * s * s) * y2 + s * s * s`, whose three
    ///   products x(s) has just made for the same s;
    /// - the bracket's middle is worked out only where Newton's step is not taken, and the step
    ///   before the slope's sign is known (a quotient by a slope of 0 or less is not used).
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // The slope's constant differences, as `derivative` works them out.
        let rise = x2 - x1
        let fall = 1 - x2
        var lo = 0.0
        var hi = 1.0
        var s = x
        // x(s)'s three products for the current s (3u²s, 3us², s³).
        var first = 0.0, second = 0.0, third = 0.0
        var solved = false
        for _ in 0..<100 {
            let u = 1 - s
            let u3 = 3 * u
            let u3u = u3 * u
            let u3s = u3 * s
            first = u3u * s
            second = u3s * s
            third = s * s * s
            let error = first * x1 + second * x2 + third - x
            if error == 0 { solved = true; break }
            let slope = u3u * x1 + (u3s + u3s) * rise + 3 * s * s * fall
            // Newton's step where the slope gives one that stays inside the bracket, else the
            // bracket's middle; one branch for each end of the bracket that moves.
            var next: Double
            if error > 0 {
                hi = s
                next = s - error / slope
                if !(slope > 0 && next > lo && next < hi) { next = (lo + hi) / 2 }
            } else {
                lo = s
                next = s - error / slope
                if !(slope > 0 && next > lo && next < hi) { next = (lo + hi) / 2 }
            }
            if next == s || hi - lo <= 2 * Double.ulpOfOne { solved = true; break }
            s = next
        }
        if !solved { return Self.bezier(s, y1, y2) }
        return first * y1 + second * y2 + third
    }

    /// One coordinate of the curve at parameter s, for control coordinates c1, c2.
    static func bezier(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
    }

    /// The slope of `bezier` at parameter s.
    static func derivative(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * c1 + 6 * u * s * (c2 - c1) + 3 * s * s * (1 - c2)
    }
}

// MARK: The scene type

extension RecognizerType {
    /// Scenes' `"spots"` (its parameters: `touchtrace help scene`).
    public static let spots = RecognizerType(name: "spots", summary: "a growing spot under every touch (TouchableView)") { _ in
        SpotsRecognizer()
    }
}
