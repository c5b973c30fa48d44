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

extension ParameterReader {
    /// The parameters of a control type, as its `make` reads them (in a scene of its own view
    /// only, 200 × 40 points: parameters do not depend on the scene).
    public static func describe(_ type: ControlType) -> [ParameterDescription] {
        var reader = ParameterReader(describing: ())
        _ = type.make(&reader, SceneBuild(viewNames: [], controlTypes: [], frame: Rect(x: 0, y: 0, width: 200, height: 40)))
        return reader.described ?? []
    }
}
