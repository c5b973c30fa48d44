import Testing
@testable import TouchTrace

/// A trace with a NUL byte among its first 4096 bytes after leading whitespace is a binary file;
/// one further on is left to the reader, which says what it found there.
@Suite struct BinaryFileTests {
    /// Two line breaks, then `{` and spaces up to a NUL byte at `offset` (from the file's start),
    /// then the rest of an empty trace.
    static func trace(nulAt offset: Int) -> [UInt8] {
        var bytes = Array("\n\n{".utf8)
        bytes += [UInt8](repeating: 0x20, count: offset - bytes.count)
        bytes.append(0)
        bytes += Array(" \"version\": 1, \"events\": []}".utf8)
        return bytes
    }

    static func problems(_ bytes: [UInt8]) -> [String] {
        do {
            _ = try Trace.parse(SourceFile(path: "test.trace.json", bytes: bytes))
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    /// The window starts after the 2 line breaks (offset 2) and holds 4096 bytes: offsets 2 to
    /// 4097. A NUL at offset 4097 is on line 3 at column 4097 - 2 + 1 = 4096.
    @Test func aNulAtTheWindowsLastByteIsABinaryFile() {
        #expect(Self.problems(Self.trace(nulAt: 4097)) == ["test.trace.json:3:4096: binary file (NUL byte): expected a JSON object"])
    }

    /// The first byte of the window (offset 2, line 3, column 1), right after the whitespace.
    @Test func aNulRightAfterTheWhitespaceIsABinaryFile() {
        var bytes = Array("\n\n".utf8)
        bytes.append(0)
        bytes += Array("{\"version\": 1, \"events\": []}".utf8)
        #expect(Self.problems(bytes) == ["test.trace.json:3:1: binary file (NUL byte): expected a JSON object"])
    }

    /// Offset 4098, one past the window: not called binary, but a problem all the same.
    @Test func aNulPastTheWindowIsLeftToTheReader() {
        let found = Self.problems(Self.trace(nulAt: 4098))
        #expect(found.count == 1 && !found[0].contains("binary file"), "\(found)")
    }

    /// Of two NUL bytes in the window, the first is named (line 3, column 11 - 2 + 1 = 10).
    @Test func theFirstNulIsNamed() {
        var bytes = Self.trace(nulAt: 3000)
        bytes[11] = 0
        #expect(Self.problems(bytes) == ["test.trace.json:3:10: binary file (NUL byte): expected a JSON object"])
    }
}
