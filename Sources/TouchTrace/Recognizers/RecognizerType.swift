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
