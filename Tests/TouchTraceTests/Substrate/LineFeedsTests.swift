import Testing
@testable import TouchTrace

/// Line numbers of messages: the line feeds counted sixteen bytes at a time give the count and
/// the last line's start that a byte-by-byte count gives.
@Suite struct LineFeedsTests {
    /// The count and the last line start, a byte at a time.
    static func counted(_ bytes: [UInt8], _ range: Range<Int>) -> (count: Int, lastLineStart: Int?) {
        var count = 0
        var last: Int?
        for i in range where bytes[i] == 0x0A {
            count += 1
            last = i + 1
        }
        return (count, last)
    }

    /// Random bytes, mostly line feeds in some rounds and almost none in others, and bytes a
    /// comparison could mistake for one (0x8A, 0x0B, 0x09, 0x1A, 0x00); every length from
    /// nothing to past 255 blocks of sixteen (where a lane's tally would overflow), ranges
    /// starting and ending at every alignment.
    @Test func everyRangeIsCountedAsOneByOne() {
        var random = SplitMix64(state: 71)
        let lookalikes: [UInt8] = [0x8A, 0x0B, 0x09, 0x1A, 0x00, 0x20, 0x7B]
        for round in 0..<400 {
            let length = round < 40 ? round : random.int(0...9_000)
            let feeds = random.int(0...4)
            let bytes: [UInt8] = (0..<length).map { _ in
                random.int(0...4) < feeds ? 0x0A : lookalikes[random.int(0...lookalikes.count - 1)]
            }
            for _ in 0..<8 {
                let start = random.int(0...length)
                let end = random.int(start...length)
                let found = bytes.withUnsafeBufferPointer { lineFeeds(in: $0, start..<end) }
                let expected = Self.counted(bytes, start..<end)
                #expect(found.count == expected.count && found.lastLineStart == expected.lastLineStart,
                        "round \(round), \(start)..<\(end): \(found) against \(expected)")
            }
        }
    }

    /// A message's column: the characters (UTF-8 scalars) in ranges of a line of ASCII and of
    /// two-, three- and four-byte characters, far longer than the 4,080 bytes a byte-wide tally
    /// holds (a minified trace is one line), are those counted a byte at a time.
    @Test func charactersOfLongLinesAreCountedAsOneByOne() {
        var random = SplitMix64(state: 73)
        let pieces = ["a", " ", "\u{E9}", "\u{4E2D}", "\u{1F600}", "\u{7FF}", "\u{FFFF}"]
        for round in 0..<40 {
            var text = ""
            for _ in 0..<random.int(0...4_000) { text += pieces[random.int(0...pieces.count - 1)] }
            let bytes = Array(text.utf8)
            for _ in 0..<8 {
                let start = random.int(0...bytes.count)
                let end = random.int(start...bytes.count)
                let expected = bytes[start..<end].filter { $0 & 0xC0 != 0x80 }.count
                let found = bytes.withUnsafeBufferPointer { characterCount($0, start..<end) }
                #expect(found == expected, "round \(round), \(start)..<\(end)")
            }
            let whole = bytes.withUnsafeBufferPointer { characterCount($0, 0..<bytes.count) }
            #expect(whole == text.unicodeScalars.count, "round \(round)")
        }
    }

    /// Nothing but line feeds, far past the 4,080 bytes a byte-wide tally holds: every one counted.
    @Test func aRunOfFeedsLongerThanATallyHoldsIsCountedWhole() {
        let bytes = [UInt8](repeating: 0x0A, count: 20_001)
        let found = bytes.withUnsafeBufferPointer { lineFeeds(in: $0, 0..<bytes.count) }
        #expect(found.count == 20_001 && found.lastLineStart == 20_001)
        #expect(newlineCount(in: bytes, from: 3) == 19_998)
    }

    /// A pretty-printed trace longer than the window a message's line is counted in (4 MiB):
    /// the line and column of offsets in every window, and past the last line feed, are those
    /// counted byte by byte, and the line numbers of an index of the file agree.
    @Test func aMessageFarIntoALargeFileIsPlacedAsCountedByteByByte() {
        var text = "{\n  \"version\": 1,\n  \"events\": [\n"
        var t = 0
        while text.utf8.count < 9 << 20 {
            text += "    {\n      \"t\": \(t),\n      \"touches\": [\n        {\"id\": 1, \"x\": 1.5, \"y\": \u{E9}}\n      ]\n    },\n"
            t += 1
        }
        text += "  ]\n}"
        let bytes = Array(text.utf8)
        let source = SourceFile(path: "t.json", bytes: bytes)
        let index = bytes.withUnsafeBufferPointer { LineIndex($0) }
        let offsets = [0, 1, 17, 4 << 20, (4 << 20) + 1, (8 << 20) - 3, bytes.count - 1, bytes.count]
        // The line and column at each offset, counted once from the start.
        var line = 1
        var column = 1
        var at = 0
        for offset in offsets {
            while at < offset {
                if bytes[at] == 0x0A {
                    line += 1
                    column = 1
                } else if bytes[at] & 0xC0 != 0x80 {
                    column += 1
                }
                at += 1
            }
            let found = source.location(of: offset)
            #expect(found.line == line && found.column == column, "offset \(offset): \(found) against \(line):\(column)")
            let indexed = bytes.withUnsafeBufferPointer { index.location(of: offset, in: $0) }
            #expect(indexed.line == line && indexed.column == column, "offset \(offset), indexed: \(indexed) against \(line):\(column)")
        }
    }
}
