/// The recognizer types of UIKit's gesture system (SPEC 13) and `checkmarkRobust`, as scenes
/// name them: each reads its parameters, with units, ranges and the defaults of
/// `GestureDefaults`, and makes its recognizer. The scene layer knows the recognizers; the
/// recognizers do not know scenes.

extension RecognizerType {
    /// Scenes' `"tap"` (its parameters: `touchtrace help scene`).
    public static let tap = RecognizerType(
        name: "tap", summary: "UITapGestureRecognizer: one or more taps of one or more fingers", minimumVersion: 2
    ) { p in
        TapRecognizer(
            numberOfTapsRequired: p.integer("numberOfTapsRequired", default: GestureDefaults.tapNumberOfTapsRequired, in: 1...100),
            numberOfTouchesRequired: p.integer("numberOfTouchesRequired", default: GestureDefaults.tapNumberOfTouchesRequired, in: 1...20),
            allowableMovement: p.number("allowableMovement", default: GestureDefaults.tapAllowableMovement, in: 0...TraceLimits.coordinate, unit: "points"),
            maximumTapDuration: p.number("maximumTapDuration", default: GestureDefaults.tapMaximumTapDuration, in: 0.001...1_000_000, unit: "seconds"),
            maximumIntervalBetweenSuccessiveTaps: p.number("maximumIntervalBetweenSuccessiveTaps",
                                                           default: GestureDefaults.tapMaximumIntervalBetweenSuccessiveTaps, in: 0.001...1_000_000, unit: "seconds"))
    }
}

extension RecognizerType {
    /// Scenes' `"longPress"` (its parameters: `touchtrace help scene`).
    public static let longPress = RecognizerType(
        name: "longPress", summary: "UILongPressGestureRecognizer: fingers resting in place, then moving", minimumVersion: 2
    ) { p in
        LongPressRecognizer(
            minimumPressDuration: p.number("minimumPressDuration", default: GestureDefaults.longPressMinimumPressDuration, in: 0...1_000_000, unit: "seconds"),
            allowableMovement: p.number("allowableMovement", default: GestureDefaults.longPressAllowableMovement, in: 0...TraceLimits.coordinate, unit: "points"),
            numberOfTouchesRequired: p.integer("numberOfTouchesRequired", default: GestureDefaults.longPressNumberOfTouchesRequired, in: 1...20))
    }
}

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

extension RecognizerType {
    /// Scenes' `"checkmarkRobust"` (its parameters: `touchtrace help scene`).
    public static let checkmarkRobust = RecognizerType(
        name: "checkmarkRobust", summary: "a checkmark as people draw it: tolerant of jitter, tells a checkmark from a v"
    ) { p in
        var parameters = CheckmarkRobustRecognizer.Parameters()
        parameters.jitter = p.number("jitter", default: parameters.jitter, in: 0...TraceLimits.coordinate, unit: "points")
        parameters.leadInRise = p.number("leadInRise", default: parameters.leadInRise, in: 0...TraceLimits.coordinate, unit: "points")
        parameters.minFall = p.number("minFall", default: parameters.minFall, in: 0...TraceLimits.coordinate, unit: "points")
        parameters.minRise = p.number("minRise", default: parameters.minRise, in: 0...TraceLimits.coordinate, unit: "points")
        parameters.riseRatio = p.number("riseRatio", default: parameters.riseRatio, in: 0...1000)
        return CheckmarkRobustRecognizer(parameters: parameters)
    }
}
