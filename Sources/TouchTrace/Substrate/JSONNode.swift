#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A parsed JSON value with the byte offset where it starts, for the small parts of an input
/// (trace headers and scenes) whose errors must point at the offending key.
public struct JSONNode: Sendable {
    public struct Member: Sendable {
        public var key: String
        /// Offset of the key's opening quote.
        public var keyOffset: Int
        public var value: JSONNode
    }

    public enum Value: Sendable {
        case null
        case bool(Bool)
        /// A number; `integer` is its exact value when it was written as an integer that fits.
        case number(Double, integer: Int64?)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    public var offset: Int
    public var value: Value

    /// The kind of value, for messages: "a number", "an object", ...
    public var kindDescription: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public var members: [Member]? {
        if case .object(let m) = value { return m }
        return nil
    }

    public var elements: [JSONNode]? {
        if case .array(let e) = value { return e }
        return nil
    }

    public var string: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    public var number: Double? {
        if case .number(let d, _) = value { return d }
        return nil
    }

    /// The first member with this key (duplicate keys are reported by the readers).
    public subscript(key: String) -> Member? {
        members?.first { $0.key == key }
    }

    /// Parses a whole document: one value, then only whitespace.
    static func parseDocument(_ source: SourceFile) throws(TraceError) -> JSONNode {
        try checkNotEmptyOrBinary(source)
        do throws(ParseFailure) {
            return try source.withBytes { buffer throws(ParseFailure) in
                var cursor = JSONCursor(buffer)
                let root = try cursor.node(depth: 0)
                cursor.skipWhitespace()
                if !cursor.atEnd {
                    throw cursor.failure("invalid JSON: unexpected \(cursor.foundDescription()) after the end of the document")
                }
                return root
            }
        } catch {
            throw source.error(at: error.offset, error.message)
        }
    }
}

/// Rejects files that cannot be JSON at all before parsing, with a message that says why.
func checkNotEmptyOrBinary(_ source: SourceFile) throws(TraceError) {
    let problem: (offset: Int, message: String)? = source.withBytes { bytes in
        var first = 0
        while first < bytes.count, bytes[first] == 0x20 || bytes[first] == 0x0A || bytes[first] == 0x0D || bytes[first] == 0x09 {
            first += 1
        }
        if first == bytes.count {
            return (0, bytes.isEmpty ? "empty file: expected a JSON object" : "file holds only whitespace: expected a JSON object")
        }
        // UTF-8 byte order marks and UTF-16 files are common mistakes; name them.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            return (0, "the file starts with a UTF-8 byte order mark, which JSON does not allow; save it without one")
        }
        if bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)) {
            return (0, "the file is UTF-16; save it as UTF-8")
        }
        // A NUL byte among the first few thousand: a binary file. The C library's search looks
        // for one, in about 500 instructions for a fixture of 3 KB where a loop over the bytes
        // took about 16,000 (a tenth of all verify does for such a fixture); a file that has one
        // is looked at again for where.
        let end = min(bytes.count, first + 4096)
        if let base = bytes.baseAddress, memchr(base + first, 0, end - first) != nil,
           let nul = bytes[first..<end].firstIndex(of: 0) {
            return (nul, "binary file (NUL byte): expected a JSON object")
        }
        return nil
    }
    if let problem { throw source.error(at: problem.offset, problem.message) }
}
