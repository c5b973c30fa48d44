/// Text for XML documents — JUnit reports, SVG pictures, HTML pages — the same bytes on every
/// machine.
enum XMLText {
    /// `text` with the five XML special characters escaped (for text and attribute values).
    /// Characters XML cannot hold (controls other than tab and line ends) become U+FFFD.
    static func escaped(_ text: String) -> String {
        // Most text (names, numbers, transcript lines) is plain printable ASCII: kept as it is.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x26 && $0 != 0x3C && $0 != 0x3E && $0 != 0x22 && $0 != 0x27 }) {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
