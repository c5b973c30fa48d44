/// What a control being built may know of the scene around it.
public struct SceneBuild: Sendable {
    /// Every view's name, in scene order.
    public let viewNames: [String]
    /// Every view's control `type` as written (nil when it has none or it is not a string).
    let controlTypes: [String?]
    /// The frame of the view being built.
    public let frame: Rect

    public func viewIndex(named name: String) -> Int? { viewNames.firstIndex(of: name) }
    public func controlType(ofView index: Int) -> String? { controlTypes[index] }
}

/// Reads the parameters of one recognizer or control from its JSON object, with defaults, and
/// notes every problem at the offending value (or at the object when a key is missing).
public struct ParameterReader {
    let members: [JSONNode.Member]
    let objectOffset: Int
    /// Where problems found by `checkView` point (the view's frame).
    let viewOffset: Int
    /// `view "knob", control "knob"`: prefixes every message.
    let label: String
    var used: Set<String> = ["type", "name"]
    var problems: [(offset: Int, message: String)] = []
    /// In describing mode (see `describe`), every parameter read, in the order read; nil when
    /// reading a real scene.
    var described: [ParameterDescription]?

    /// Values beyond this are mistakes, not settings.
    public static let largest = 1.0e12

    init(_ node: JSONNode, label: String, viewOffset: Int) {
        self.members = node.members ?? []
        self.objectOffset = node.offset
        self.viewOffset = viewOffset
        self.label = label
    }

    private func member(_ key: String) -> JSONNode.Member? { members.first { $0.key == key } }

    private mutating func problem(_ offset: Int, _ message: String) {
        problems.append((offset, "\(label): \(message)"))
    }

    /// A number parameter (finite, within `range`), in `unit` (for `touchtrace help scene`).
    public mutating func number(_ key: String, default value: Double, in range: ClosedRange<Double> = -largest...largest,
                                unit: String? = nil) -> Double {
        used.insert(key)
        note(key, "number", unit: unit, default: numberText(value),
             range: "\(numberText(range.lowerBound)) to \(numberText(range.upperBound))")
        guard let m = member(key) else { return value }
        guard let v = m.value.number else {
            problem(m.value.offset, "\"\(key)\" must be a number, found \(m.value.kindDescription)")
            return value
        }
        guard v.isFinite, range.contains(v) else {
            problem(m.value.offset, "\"\(key)\" must be between \(numberText(range.lowerBound)) and \(numberText(range.upperBound)), found \(numberText(v))")
            return value
        }
        return v
    }

    /// An integer parameter within `range`.
    public mutating func integer(_ key: String, default value: Int, in range: ClosedRange<Int>, unit: String? = nil) -> Int {
        used.insert(key)
        note(key, "integer", unit: unit, default: value == Int.max ? "no limit" : String(value),
             range: range.upperBound == Int.max ? "\(range.lowerBound) or more" : "\(range.lowerBound) to \(range.upperBound)")
        guard let m = member(key) else { return value }
        guard case .number(let d, let integer) = m.value.value else {
            problem(m.value.offset, "\"\(key)\" must be an integer, found \(m.value.kindDescription)")
            return value
        }
        guard let integer, let v = Int(exactly: integer), range.contains(v) else {
            let upper = range.upperBound == Int.max ? "" : " and at most \(range.upperBound)"
            problem(m.value.offset, "\"\(key)\" must be an integer of at least \(range.lowerBound)\(upper), found \(numberText(d))")
            return value
        }
        return v
    }

    public mutating func bool(_ key: String, default value: Bool) -> Bool {
        used.insert(key)
        note(key, "true or false", unit: nil, default: String(value), range: nil)
        guard let m = member(key) else { return value }
        guard case .bool(let b) = m.value.value else {
            problem(m.value.offset, "\"\(key)\" must be true or false, found \(m.value.kindDescription)")
            return value
        }
        return b
    }

    public mutating func string(_ key: String) -> String? {
        used.insert(key)
        note(key, "string", unit: nil, default: nil, range: nil)
        guard let m = member(key) else { return nil }
        guard let s = m.value.string else {
            problem(m.value.offset, "\"\(key)\" must be a string, found \(m.value.kindDescription)")
            return nil
        }
        return s
    }

    /// A parameter that is one string or a list of strings (`"right"` or `["left", "right"]`).
    public mutating func stringList(_ key: String, default value: [String], oneOf choices: [String]? = nil) -> [String] {
        used.insert(key)
        note(key, choices.map { "one of " + $0.joined(separator: ", ") + ", or a list of them" } ?? "string or list of strings",
             unit: nil, default: value.joined(separator: ", "), range: nil)
        guard let m = member(key) else { return value }
        if let s = m.value.string { return [s] }
        guard let elements = m.value.elements else {
            problem(m.value.offset, "\"\(key)\" must be a string or a list of strings, found \(m.value.kindDescription)")
            return value
        }
        var strings: [String] = []
        for element in elements {
            guard let s = element.string else {
                problem(element.offset, "\"\(key)\" must be a string or a list of strings, but one element is \(element.kindDescription)")
                return value
            }
            strings.append(s)
        }
        return strings
    }

    /// Notes a problem at `key`'s value (or the object) unless `condition` holds; returns it.
    @discardableResult
    public mutating func check(_ condition: Bool, at key: String, _ message: String) -> Bool {
        if !condition { problem(member(key)?.value.offset ?? objectOffset, message) }
        return condition
    }

    /// Notes a problem with the view itself (its frame) unless `condition` holds.
    public mutating func checkView(_ condition: Bool, _ message: String) {
        if !condition { problem(viewOffset, message) }
    }

    /// Adds to the described range of `key` (read already) a limit its type checks against
    /// other parameters (`greater than minimumValue`), for `touchtrace help scene`; nothing when
    /// reading a real scene.
    public mutating func describeLimit(_ key: String, _ limit: String) {
        guard described != nil, let i = described!.firstIndex(where: { $0.key == key }) else { return }
        described![i].range = (described![i].range.map { $0 + ", " } ?? "") + limit
    }

    private mutating func note(_ key: String, _ kind: String, unit: String?, default value: String?, range: String?) {
        guard described != nil, !described!.contains(where: { $0.key == key }) else { return }
        described!.append(ParameterDescription(key: key, kind: kind, unit: unit, defaultValue: value, range: range))
    }

    /// The parameters of a recognizer type, as its `make` reads them: derived from the registry
    /// itself, so a new type is described without a word written for it elsewhere.
    public static func describe(_ type: RecognizerType) -> [ParameterDescription] {
        var reader = ParameterReader(describing: ())
        _ = type.make(&reader)
        return reader.described ?? []
    }

    /// A reader of no parameters that records what is asked of it.
    init(describing: ()) {
        self.init(JSONNode(offset: 0, value: .object([])), label: "", viewOffset: 0)
        described = []
    }

    /// Keys of the object that no parameter read.
    var unknownKeys: [JSONNode.Member] { members.filter { !used.contains($0.key) } }
}

/// One parameter of a recognizer or control type, for `touchtrace help scene`.
public struct ParameterDescription: Sendable, Equatable {
    public var key: String
    /// "number", "integer", "true or false" or "string".
    public var kind: String
    /// The unit of a number ("points", "seconds", "radians"), where the type names one.
    public var unit: String?
    /// The value used when the key is absent, as written in a scene; nil when there is none.
    public var defaultValue: String?
    /// The values allowed ("0 to 10000000"); nil for any value of the kind.
    public var range: String?
}
