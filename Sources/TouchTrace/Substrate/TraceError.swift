/// A problem with an input file, located at `path:line:column`.
///
/// Every message says what is wrong and, where it helps, what would be right, so that a user can
/// fix the file without reading the source of touchtrace.
public struct TraceError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `PATH:LINE:COLUMN: message`, the form compilers use, so editors can jump to it. Control
    /// characters that came from the input (a key holding a newline, an escape in a phase) are
    /// written as escapes (`\n`, `\u{1B}`): the message stays on one line, behind its location,
    /// and sends nothing to a terminal.
    public var description: String {
        "\(escapingControlCharacters(path)):\(line):\(column): \(escapingControlCharacters(message))"
    }
}

/// `text` with its control characters (C0, DEL and C1) written as escapes: `\n`, `\r`, `\t`,
/// else `\u{1B}`. Other characters, backslashes among them, are left as they are, so text
/// escaped already is left as it is.
func escapingControlCharacters(_ text: String) -> String {
    func isControl(_ value: UInt32) -> Bool { value < 0x20 || value == 0x7F || (0x80..<0xA0).contains(value) }
    // Most messages hold none: they are looked at by bytes (a C1 character starts with 0xC2).
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }),
          text.unicodeScalars.contains(where: { isControl($0.value) }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if isControl(scalar.value) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u{" + (hex.count < 2 ? "0" : "") + hex + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out
}

/// One or more problems found in an input. Readers stop at the first problem unless asked to
/// collect them all (as `validate` does).
public struct TraceErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [TraceError]

    public init(_ errors: [TraceError]) {
        precondition(!errors.isEmpty, "TraceErrors needs at least one error")
        self.errors = errors
    }

    public init(_ error: TraceError) { self.errors = [error] }

    public var first: TraceError { errors[0] }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// A problem at a byte offset of the file being parsed, before it is given a path and a line.
struct ParseFailure: Error {
    var offset: Int
    var message: String

    /// Not a problem of its own: reading stops because the problems reported so far end it.
    static let stop = ParseFailure(offset: -1, message: "")
    var isStop: Bool { offset < 0 }
}
