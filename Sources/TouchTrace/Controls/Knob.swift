/// `knob`: the seed's reusable knob (seed 000), a `UIControl` turned by one finger through its
/// own `rotation` recognizer.
///
/// Parameters: `minimumValue` (0), `maximumValue` (1), `value` (0), `startAngle` (−11π/8),
/// `endAngle` (3π/8), `isContinuous` (true), `minimumDistance` (10 points, for its rotation).
/// On every action of the rotation (began, changed, ended, cancelled) the touch angle becomes a
/// value; `valueChanged` (`value`, `pointerAngle` in radians) is written on every action when
/// `isContinuous`, else only at ended or cancelled.
public struct Knob: Control {
    public let minimumValue: Double
    public let maximumValue: Double
    /// Angles of the ends of the track, in radians (0 points right, y grows downward so
    /// positive angles turn clockwise on screen).
    public let startAngle: Double
    public let endAngle: Double
    public let isContinuous: Bool
    public let minimumDistance: Double
    public private(set) var value: Double
    /// `midPointAngle`, the sweep `endAngle − startAngle` and the range `maximumValue −
    /// minimumValue`, worked out once: every action turns an angle into a value and back.
    private let midPoint: Double
    private let sweep: Double
    private let range: Double

    public init(minimumValue: Double = 0, maximumValue: Double = 1, value: Double = 0,
                startAngle: Double = -Double.pi * 11 / 8, endAngle: Double = Double.pi * 3 / 8,
                isContinuous: Bool = true, minimumDistance: Double = GestureDefaults.panMinimumDistance) {
        precondition(minimumValue.isFinite && maximumValue.isFinite && minimumValue < maximumValue,
                     "Knob: minimumValue (\(minimumValue)) must be less than maximumValue (\(maximumValue)), both finite")
        precondition(startAngle.isFinite && endAngle.isFinite && startAngle < endAngle && endAngle - startAngle <= 2 * Double.pi,
                     "Knob: need startAngle < endAngle within a full turn (2π), got \(startAngle) and \(endAngle)")
        precondition(value.isFinite && minimumDistance.isFinite && minimumDistance >= 0,
                     "Knob: value must be finite and minimumDistance at least 0 points, got \(value) and \(minimumDistance)")
        self.minimumValue = minimumValue
        self.maximumValue = maximumValue
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.isContinuous = isContinuous
        self.minimumDistance = minimumDistance
        self.value = min(maximumValue, max(minimumValue, value))
        midPoint = (2 * Double.pi + startAngle - endAngle) / 2 + endAngle
        sweep = endAngle - startAngle
        range = maximumValue - minimumValue
    }

    /// The pointer's angle for the current value, in [startAngle, endAngle] radians.
    public var pointerAngle: Double {
        (value - minimumValue) / range * sweep + startAngle
    }

    /// The angle halfway round the gap between the end and the start of the track: where the
    /// value switches between its minimum and its maximum.
    public var midPointAngle: Double { midPoint }

    /// The value a touch at `touchAngle` (radians, any turn) sets.
    public func value(forTouchAngle touchAngle: Double) -> Double {
        let mid = midPoint
        // Shift by whole turns into (mid − 2π, mid]. (The seed subtracts 2π on both sides of
        // the range; the intent, and this, is to bring the angle into the turn that ends at mid.)
        var bounded = touchAngle
        let turn = 2 * Double.pi
        if bounded > mid || bounded <= mid - turn {
            // The turns rounded up; an angle of a touch is most often one turn out either way,
            // where the rounding is known without a call to the C library.
            let turns = (bounded - mid) / turn
            let whole = turns > 0 && turns <= 1 ? 1 : (turns > -2 && turns <= -1 ? -1 : turns.rounded(.up))
            bounded -= whole * turn
            if bounded > mid { bounded -= turn }
            if bounded <= mid - turn { bounded += turn }
        }
        bounded = min(endAngle, max(startAngle, bounded))
        let v = (bounded - startAngle) / sweep * range + minimumValue
        return min(maximumValue, max(minimumValue, v))
    }

    public func attachedRecognizers() -> [(name: String, recognizer: any Recognizer)] {
        [("rotation", RotationRecognizer(minimumDistance: minimumDistance))]
    }

    /// The rotation's action: its touch angle becomes the value.
    public mutating func recognizerAction(_ action: RecognizerAction, _ context: inout DeliveryContext) {
        value = value(forTouchAngle: action.value)
        if isContinuous || action.state == .ended || action.state == .cancelled {
            context.emit("valueChanged", FieldList(Field("value", .number(value)), Field("pointerAngle", .number(pointerAngle))))
        }
    }
}

// MARK: The scene type

extension ControlType {
    /// Scenes' `"knob"` (its parameters: `touchtrace help scene`).
    public static let knob = ControlType(name: "knob", summary: "a one-finger knob (UIControl with a rotation recognizer)") { p, _ in
        var minimumValue = p.number("minimumValue", default: 0)
        var maximumValue = p.number("maximumValue", default: 1)
        let valuesOK = p.check(minimumValue < maximumValue, at: "maximumValue",
                "\"minimumValue\" (\(numberText(minimumValue))) must be less than \"maximumValue\" (\(numberText(maximumValue)))")
        p.describeLimit("maximumValue", "greater than minimumValue")
        let value = p.number("value", default: minimumValue)
        p.describeLimit("value", "kept within minimumValue to maximumValue")
        var startAngle = p.number("startAngle", default: -Double.pi * 11 / 8, in: -1000...1000, unit: "radians")
        var endAngle = p.number("endAngle", default: Double.pi * 3 / 8, in: -1000...1000, unit: "radians")
        let anglesOK = p.check(startAngle < endAngle, at: "endAngle",
                               "\"startAngle\" (\(numberText(startAngle))) must be less than \"endAngle\" (\(numberText(endAngle)))")
            && p.check(endAngle - startAngle <= 2 * Double.pi, at: "endAngle",
                       "the knob's sweep from \"startAngle\" to \"endAngle\" (\(numberText(endAngle - startAngle)) radians) must not exceed a full turn (2π)")
        p.describeLimit("endAngle", "greater than startAngle and at most a full turn (2π) from it")
        // (With a problem noted, the scene is refused; the knob made meanwhile only has to be valid.)
        if !valuesOK { (minimumValue, maximumValue) = (0, 1) }
        if !anglesOK { (startAngle, endAngle) = (-Double.pi * 11 / 8, Double.pi * 3 / 8) }
        return Knob(minimumValue: minimumValue, maximumValue: maximumValue, value: value,
                    startAngle: startAngle, endAngle: endAngle,
                    isContinuous: p.bool("isContinuous", default: true),
                    minimumDistance: p.number("minimumDistance", default: GestureDefaults.panMinimumDistance, in: 0...TraceLimits.coordinate, unit: "points"))
    }
}
