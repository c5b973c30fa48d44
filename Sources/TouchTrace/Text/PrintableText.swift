/// `text` with control characters written as escapes (`\n`, `\t`, `\u{1B}`) and backslashes
/// doubled, so that a name or path read from a file cannot start a new line in a diff header
/// (forging a `+++` line) or send escape sequences to a terminal.
public func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) || $0 == "\\" }) else {
        return text
    }
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\\": out += "\\\\"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u{" + (hex.count < 2 ? "0" : "") + hex + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out
}
