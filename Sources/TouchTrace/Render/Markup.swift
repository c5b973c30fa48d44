/// Text for SVG and HTML: escaped characters and numbers with fixed decimals, so that the same
/// picture is the same bytes on every machine.
enum Markup {
    /// `text` with the five XML special characters escaped (for text and attribute values).
    /// Characters XML cannot hold (controls other than tab and line ends) become U+FFFD.
    static func escape(_ text: String) -> String {
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

    /// A coordinate or length in picture pixels: two decimals, no sign on zero.
    static func px(_ value: Double) -> String { fixedDecimals(value, 2) }

    /// A time in seconds with four decimals, as transcripts print it.
    static func seconds(_ value: Double) -> String { fixed4(value) }

    /// A field value as the text transcript shows it (numbers with four decimals).
    static func text(of value: FieldValue) -> String {
        switch value {
        case .number(let v): return fixed4(v)
        case .point(let p): return fixed4(p.x) + "," + fixed4(p.y)
        case .integer(let n): return String(n)
        case .name(let s): return s.description
        case .text(let s): return s.string
        case .touch(let n): return String(n)
        }
    }
}
