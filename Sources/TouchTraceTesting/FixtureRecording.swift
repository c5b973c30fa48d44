#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TouchTrace

/// The record mode a fixture assertion runs with, and where it came from.
///
/// The first of these that is given decides (the environment wins, so that
/// `TOUCHTRACE_RECORD=failed swift test` re-records whatever the tests say):
/// 1. the environment variable `TOUCHTRACE_RECORD` (`missing`, `all`, `failed` or `never`; an
///    empty value counts as unset, any other value is an error);
/// 2. the `record:` argument of the assertion;
/// 3. `never` when the environment variable `CI` is set to anything but empty, `0` or `false`;
/// 4. `missing`, as `touchtrace verify`.
public struct FixtureRecording: Sendable, Equatable {
    /// The name of the environment variable that sets the record mode.
    public static let environmentVariable = "TOUCHTRACE_RECORD"

    /// The mode: when expected files are written (SPEC 7).
    public var mode: RecordMode
    /// Why this mode: `TOUCHTRACE_RECORD=failed`, `record: .all`, `CI=true` or `the default`.
    public var reason: String

    /// A mode and why it was chosen (for the messages).
    public init(mode: RecordMode, reason: String) {
        self.mode = mode
        self.reason = reason
    }

    /// The mode for an assertion with the `record:` argument `argument` (nil when not given),
    /// in `environment`; throws when `TOUCHTRACE_RECORD` names no mode.
    public static func resolve(argument: RecordMode?, environment: [String: String]) throws(FixtureSetupError) -> FixtureRecording {
        if let text = environment[environmentVariable], !text.isEmpty {
            guard let mode = RecordMode(rawValue: text) else {
                let modes = RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
                throw FixtureSetupError(message: "\(environmentVariable)=\(text) is not a record mode (\(modes))")
            }
            return FixtureRecording(mode: mode, reason: "\(environmentVariable)=\(text)")
        }
        if let argument {
            return FixtureRecording(mode: argument, reason: "record: .\(argument.rawValue)")
        }
        let mode = RecordMode.default(environment: environment)
        if mode == .never, let ci = environment["CI"] {
            return FixtureRecording(mode: mode, reason: "CI=\(ci)")
        }
        return FixtureRecording(mode: mode, reason: "the default")
    }

    /// The variables of the process's environment that decide the record mode
    /// (`TOUCHTRACE_RECORD` and `CI`), read when called.
    public static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in [environmentVariable, "CI"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}

/// A problem that stops an assertion before any fixture runs (a path that is not there, an
/// unknown record mode), or that leaves it with nothing to verify.
public struct FixtureSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the path or variable at fault.
    public var message: String
    /// A problem saying `message`.
    public init(message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
