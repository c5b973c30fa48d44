/// Appends a string as a JSON string literal: quotes, and escapes for `"`, `\` and control
/// characters.
public func appendJSONString(_ s: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most strings need no escape: copied whole.
    var plain = s
    let copied: Bool = plain.withUTF8 { bytes in
        guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
        out.append(contentsOf: bytes)
        return true
    }
    if copied {
        out.append(UInt8(ascii: "\""))
        return
    }
    for b in s.utf8 {
        switch b {
        case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(b >> 4)], hex[Int(b & 15)]])
        default: out.append(b)
        }
    }
    out.append(UInt8(ascii: "\""))
}
