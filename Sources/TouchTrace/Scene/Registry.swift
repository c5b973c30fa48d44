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
    /// Screens built in code, in the order they were registered (none in `standard`).
    public internal(set) var screens: [ScreenType] = []

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

/// A screen built in code, as a scene (SPEC 17): a scene file names it, `{"screen": "photo"}`,
/// instead of listing views, and the package that registered it builds the views, their
/// recognizers and their controls (TouchTraceUIKit's `ScreenType.uiKit` builds them from a
/// `UIView` tree or a view controller's view).
public struct ScreenType: Sendable {
    /// What scene files call it: letters, digits, `_` or `-`.
    public let name: String
    /// One line for `help scene`.
    public let summary: String
    /// The screen as a scene replayed by the rules of `version` (2 or later).
    public let make: @Sendable (_ version: Int) -> Scene

    public init(name: String, summary: String, make: @escaping @Sendable (_ version: Int) -> Scene) {
        self.name = name
        self.summary = summary
        self.make = make
    }
}

extension Registry {
    /// Adds a screen; its name must be new among screens.
    public mutating func register(_ screen: ScreenType) throws(RegistryError) {
        guard !screen.name.isEmpty, screen.name.utf8.allSatisfy({ $0 < 0x80 && ($0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || isalnum(Int32($0)) != 0) }) else {
            throw RegistryError(message: "the screen name \"\(screen.name)\" must be letters, digits, \"_\" or \"-\", not empty")
        }
        if self.screen(named: screen.name) != nil {
            throw RegistryError(message: "a screen named \"\(screen.name)\" is registered already; choose another name")
        }
        screens.append(screen)
    }

    public func screen(named name: String) -> ScreenType? {
        screens.first { $0.name == name }
    }
}
