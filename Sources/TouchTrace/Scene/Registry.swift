#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A recognizer type that scenes can name: its `type` string and how to make one from its
/// parameters.
public struct RecognizerType: Sendable {
    public let name: String
    /// One line for `touchtrace help scene`.
    public let summary: String
    /// The first trace version whose scenes may use it (UIKit's standard recognizers need 2:
    /// their deadlines and the arena are version 2 rules).
    public let minimumVersion: Int
    let make: @Sendable (inout ParameterReader) -> any Recognizer

    public init(name: String, summary: String, minimumVersion: Int = 1, make: @escaping @Sendable (inout ParameterReader) -> any Recognizer) {
        self.name = name
        self.summary = summary
        self.minimumVersion = minimumVersion
        self.make = make
    }
}

/// A control type that scenes can name.
public struct ControlType: Sendable {
    public let name: String
    public let summary: String
    let make: @Sendable (inout ParameterReader, SceneBuild) -> any Control

    public init(name: String, summary: String, make: @escaping @Sendable (inout ParameterReader, SceneBuild) -> any Control) {
        self.name = name
        self.summary = summary
        self.make = make
    }
}

/// The recognizer and control types scenes may name: a value. `Registry.standard` holds
/// touchtrace's own; a program adds its own types to a copy with `register(_:)` and hands that
/// registry to scene reading, the commands and the fixture assertions.
///
/// ```swift
/// var registry = Registry.standard
/// try registry.register(RecognizerType(name: "zigzag", summary: "three strokes alternating left and right") { _ in Zigzag() })
/// ```
public struct Registry: Sendable {
    /// Recognizer types in the order they were registered (the order of messages and help).
    public private(set) var recognizers: [RecognizerType]
    /// Control types in the order they were registered.
    public private(set) var controls: [ControlType]

    /// A registry with no types (see `standard`).
    public init() {
        recognizers = []
        controls = []
    }

    /// touchtrace's own types: the seed recognizers and controls, `checkmarkRobust`, and UIKit's
    /// standard recognizers. A new built-in recognizer is one file and one line here.
    public static let standard: Registry = {
        var registry = Registry()
        registry.recognizers = [.pan, .rotation, .checkmark, .checkmarkRobust, .spots, .tap, .longPress, .swipe, .pinch, .twoFingerRotation]
        registry.controls = [.knob, .rangeSlider, .pushButton, .counter]
        return registry
    }()

    /// Adds a recognizer type. Its name must be new among recognizers and controls alike (a
    /// scene's `type` names one of them).
    public mutating func register(_ type: RecognizerType) throws(RegistryError) {
        try checkNew(type.name)
        recognizers.append(type)
    }

    /// Adds a control type, with the same rule for its name.
    public mutating func register(_ type: ControlType) throws(RegistryError) {
        try checkNew(type.name)
        controls.append(type)
    }

    public func recognizer(named name: String) -> RecognizerType? {
        recognizers.first { $0.name == name }
    }

    public func control(named name: String) -> ControlType? {
        controls.first { $0.name == name }
    }

    private func checkNew(_ name: String) throws(RegistryError) {
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 < 0x80 && ($0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || isalnum(Int32($0)) != 0) }) else {
            throw RegistryError(message: "the type name \"\(name)\" must be letters, digits, \"_\" or \"-\", not empty")
        }
        if recognizer(named: name) != nil {
            throw RegistryError(message: "a recognizer type named \"\(name)\" is registered already; choose another name")
        }
        if control(named: name) != nil {
            throw RegistryError(message: "a control type named \"\(name)\" is registered already; choose another name")
        }
    }
}

/// Registering a type failed: its name is taken or not a name.
public struct RegistryError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}

extension RecognizerType {
    public static let pan = RecognizerType(name: "pan", summary: "UIPanGestureRecognizer: translation and velocity") { p in
        let minimum = p.integer("minimumNumberOfTouches", default: 1, in: 1...1000)
        let maximum = p.integer("maximumNumberOfTouches", default: Int.max, in: 1...Int.max)
        let ordered = p.check(maximum >= minimum, at: "maximumNumberOfTouches",
                              "\"maximumNumberOfTouches\" (\(maximum)) must not be less than \"minimumNumberOfTouches\" (\(minimum))")
        let distance = p.number("minimumDistance", default: GestureDefaults.panMinimumDistance, in: 0...TraceLimits.coordinate, unit: "points")
        // (With a problem noted, the scene is refused; the recognizer made meanwhile only has to be valid.)
        return PanRecognizer(minimumNumberOfTouches: minimum, maximumNumberOfTouches: ordered ? maximum : minimum, minimumDistance: distance)
    }

    public static let rotation = RecognizerType(name: "rotation", summary: "the knob's one-finger rotation (a pan that follows the touch angle)") { p in
        RotationRecognizer(minimumDistance: p.number("minimumDistance", default: GestureDefaults.panMinimumDistance, in: 0...TraceLimits.coordinate, unit: "points"))
    }

    public static let checkmark = RecognizerType(name: "checkmark", summary: "Apple's CheckmarkGestureRecognizer, exactly as the seed") { _ in
        CheckmarkRecognizer()
    }

    public static let spots = RecognizerType(name: "spots", summary: "a growing spot under every touch (TouchableView)") { _ in
        SpotsRecognizer()
    }
}

extension ControlType {
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

    public static let rangeSlider = ControlType(name: "rangeSlider", summary: "a two-thumb range slider (JKSlider)") { p, build in
        let minValue = p.number("minValue", default: 0)
        let maxValue = p.number("maxValue", default: 10)
        let rangeOK = p.check(minValue < maxValue, at: "maxValue",
                              "\"minValue\" (\(numberText(minValue))) must be less than \"maxValue\" (\(numberText(maxValue)))")
        let lower = p.number("lower", default: minValue)
        let upper = p.number("upper", default: maxValue)
        p.describeLimit("maxValue", "greater than minValue")
        p.describeLimit("lower", "within minValue to upper")
        p.describeLimit("upper", "within lower to maxValue")
        if rangeOK {
            p.check(lower >= minValue && lower <= maxValue, at: "lower",
                    "\"lower\" (\(numberText(lower))) must be within \"minValue\"...\"maxValue\" (\(numberText(minValue))...\(numberText(maxValue)))")
            p.check(upper >= minValue && upper <= maxValue, at: "upper",
                    "\"upper\" (\(numberText(upper))) must be within \"minValue\"...\"maxValue\" (\(numberText(minValue))...\(numberText(maxValue)))")
            p.check(lower <= upper, at: "lower", "\"lower\" (\(numberText(lower))) must not be greater than \"upper\" (\(numberText(upper)))")
        }
        let shapeOK = build.frame.width > build.frame.height
        p.checkView(shapeOK, "a range slider must be wider than it is tall (its thumbs are squares as tall as the frame, and they travel width − height)")
        // (With a problem noted, the scene is refused; the slider made meanwhile only has to be valid.)
        let valid = rangeOK && lower >= minValue && lower <= upper && upper <= maxValue
        return RangeSlider(minValue: valid ? minValue : 0, maxValue: valid ? maxValue : 1, lower: valid ? lower : 0, upper: valid ? upper : 1,
                           width: shapeOK ? build.frame.width : build.frame.height + 1, height: build.frame.height)
    }

    public static let pushButton = ControlType(name: "pushButton", summary: "a push button that adds to or takes from a counter (Flo)") { p, build in
        let isAdd = p.bool("isAddButton", default: true)
        var targetIndex: Int?
        if let target = p.string("target") {
            if let index = build.viewIndex(named: target) {
                if build.controlType(ofView: index) == "counter" {
                    targetIndex = index
                } else {
                    p.check(false, at: "target", "\"target\" \"\(target)\" is not a counter view (its control must have \"type\": \"counter\")")
                }
            } else {
                p.check(false, at: "target", "\"target\" \"\(target)\" names no view of this scene (views: \(build.viewNames.joined(separator: ", ")))")
            }
        }
        let margin = p.number("touchUpMargin", default: PushButton.defaultTouchUpMargin, in: 0...TraceLimits.coordinate, unit: "points")
        return PushButton(isAddButton: isAdd, targetView: targetIndex, touchUpMargin: margin)
    }

    public static let counter = ControlType(name: "counter", summary: "the glasses counter drawn as an arc (Flo's CounterView)") { p, _ in
        Counter(counter: p.integer("counter", default: 5, in: -1_000_000_000...1_000_000_000),
                numberOfGlasses: p.integer("numberOfGlasses", default: 8, in: 1...1_000_000))
    }
}
