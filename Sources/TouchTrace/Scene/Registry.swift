#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
