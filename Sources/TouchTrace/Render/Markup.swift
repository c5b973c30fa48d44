/// Text for SVG and HTML: escaped characters and numbers with fixed decimals, so that the same
/// picture is the same bytes on every machine.
enum Markup {
    /// `text` escaped for XML text and attribute values (see `XMLText.escaped`).
    static func escape(_ text: String) -> String { XMLText.escaped(text) }

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
        case .numberList: return (value.numbers ?? []).map(fixed4).joined(separator: ",")
        }
    }
}
