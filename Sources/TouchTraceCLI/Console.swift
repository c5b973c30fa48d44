#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TouchTrace

/// The outside world of a command: its output streams, whether they are terminals, and the
/// environment. `main` passes the real ones; tests pass memory.
///
/// Sendable by convention: worker threads write to it only one at a time (verify's progress
/// lines are written under a lock), which is what holding the streams as `ThreadConfined` says.
public final class Console: Sendable {
    private let streams: ThreadConfined<(out: ByteOutput, err: ByteOutput)>
    /// Standard output.
    public var out: ByteOutput { streams.value.out }
    /// Standard error.
    public var err: ByteOutput { streams.value.err }
    public let stderrIsTerminal: Bool
    public let stdoutIsTerminal: Bool
    public let environment: [String: String]
    /// The directory relative paths start from (for messages only; paths are used as given).
    public let workingDirectory: String?

    public init(out: ByteOutput, err: ByteOutput, stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false,
                environment: [String: String] = [:], workingDirectory: String? = nil) {
        streams = ThreadConfined((out, err))
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    /// The process's own stdout, stderr and environment.
    public static func standard() -> Console {
        Console(out: FileDescriptorOutput(fd: 1), err: FileDescriptorOutput(fd: 2),
                stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1, environment: processEnvironment())
    }

    /// Whether stdout may use colour: only on a terminal, never with `NO_COLOR`.
    public var colorsOutput: Bool { stdoutIsTerminal && environment["NO_COLOR"] == nil }

    public func print(_ text: String) { write(text + "\n", to: out) }
    public func printError(_ text: String) { write(text + "\n", to: err) }

    /// Writes to stdout as it is, without a newline added (a document: an SVG picture).
    public func write(_ text: String) { write(text, to: out) }

    /// Writes without a newline (for progress lines that rewrite themselves).
    public func writeError(_ text: String) { write(text, to: err) }

    private func write(_ text: String, to output: ByteOutput) {
        try? output.write(text)
    }

    /// Prints problems to stderr, one `path:line:column: message` per line.
    func report(_ errors: TraceErrors) {
        for e in errors.errors { printError(e.description) }
    }
}

/// What a command's exit code means.
public enum ExitCode: Int32, Sendable {
    /// All good.
    case success = 0
    /// A difference or a failed fixture.
    case failure = 1
    /// A usage error, or input that cannot be read, is malformed or is invalid.
    case usage = 2
    /// A bug in touchtrace.
    case internalError = 70
    /// An output that could not be written (`EX_CANTCREAT`); the message names its path.
    case outputFailed = 74
}

extension Console {
    /// Writes a command's result to stdout (with a newline when `newline`) and says whether it
    /// got there: `.success`, also when the reader closed the pipe (`| head`), else
    /// `.outputFailed` with a message naming standard output (`> /dev/full`).
    func writeResult(_ text: String, newline: Bool = true, command: String) -> ExitCode {
        do {
            try out.write(newline ? text + "\n" : text)
        } catch let error as OutputError where error.isBrokenPipe {
            return .success
        } catch {
            printError("touchtrace \(command): standard output: \(error)")
            return .outputFailed
        }
        return .success
    }
}
