import Foundation
import Testing
@testable import TouchTrace

@Suite struct JSONCursorTests {
    func parseNumber(_ text: String) throws -> JSONNumber {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer)
            return try cursor.number()
        }
    }

    func parseNode(_ text: String) throws(TraceError) -> JSONNode {
        try JSONNode.parseDocument(SourceFile(path: "x.json", bytes: Array(text.utf8)))
    }

    @Test(arguments: ["0", "-0", "1", "12.5", "0.008", "-251.75", "1e3", "1E-7", "2.5e+2", "123456789012345678",
                      "0.1", "3.141592653589793", "1.7976931348623157e308", "5e-324", "4.9406564584124654e-324",
                      "2.2250738585072011e-308", "9007199254740993", "0.30000000000000004", "1234567890.0987654321",
                      "0.000000000000000000000000123", "100000000000000000000000", "7.0e-10", "1448.1000000000001"])
    func numbersRoundCorrectly(_ text: String) throws {
        let n = try parseNumber(text)
        #expect(n.value.bitPattern == Double(text)!.bitPattern, "\(text) read as \(n.value)")
    }

    /// Digits are read eight at a time: every run length, at every distance from the end of the
    /// buffer, with every delimiter, must read as Swift reads the text.
    @Test func digitRunsOfEveryLengthReadExactly() throws {
        var generator = SplitMix64(state: 7)
        for integerDigits in 1...21 {
            for fractionDigits in 0...21 {
                var text = String(Int(generator.next() % 9) + 1)
                for _ in 1..<integerDigits { text += String(generator.next() % 10) }
                if fractionDigits > 0 {
                    text += "."
                    for _ in 0..<fractionDigits { text += String(generator.next() % 10) }
                }
                // Padded, the number is far enough from the end for the eight-byte steps.
                for (prefix, suffix) in [("", ""), ("[", "]"), ("[", " ,1]"), ("[-", "]"), ("[", "\n]"), ("[", "e-3]")]
                    .flatMap({ [($0.0, $0.1), ($0.0, $0.1 + String(repeating: " ", count: 24))] }) {
                    let json = prefix + text + suffix
                    let node = try parseNode(json)
                    var number = node
                    if case .array(let elements) = node.value, let first = elements.first { number = first }
                    guard case .number(let value, let integer) = number.value else {
                        Issue.record("\(json) is not read as a number")
                        continue
                    }
                    let written = (prefix.hasSuffix("-") ? "-" : "") + text + (suffix.hasPrefix("e") ? "e-3" : "")
                    #expect(value.bitPattern == Double(written)!.bitPattern, "\(json) read as \(value)")
                    if fractionDigits == 0 && !suffix.hasPrefix("e") && integerDigits <= 18 {
                        #expect(integer == Int64(written), "\(json)")
                    }
                }
            }
        }
    }

    /// The short path reads up to seven digits before the point one by one and up to eight after
    /// it in one step (more go to the general path): random numbers of every such shape, and
    /// of one digit more on either side, must read as Swift reads the text, to the bit.
    @Test func shortDecimalsReadExactly() throws {
        var generator = SplitMix64(state: 11)
        for _ in 0..<20_000 {
            let integerDigits = Int(generator.next() % 8) + 1
            let fractionDigits = Int(generator.next() % 10)
            var text = generator.next() % 3 == 0 ? "-" : ""
            // A leading zero only alone (`0.25`), as JSON wants.
            text += integerDigits == 1 ? String(generator.next() % 10) : String(generator.next() % 9 + 1)
            for _ in 1..<integerDigits { text += String(generator.next() % 10) }
            if fractionDigits > 0 {
                text += "."
                for _ in 0..<fractionDigits { text += String(generator.next() % 10) }
            }
            let node = try parseNode("[" + text + ", 1]" + String(repeating: " ", count: 24))
            guard case .array(let elements) = node.value, case .number(let value, let integer) = elements[0].value else {
                Issue.record("\(text) is not read as a number")
                continue
            }
            #expect(value.bitPattern == Double(text)!.bitPattern, "\(text) read as \(value)")
            #expect(integer == (fractionDigits == 0 ? Int64(text) : nil), "\(text)")
        }
    }

    /// Sixteen to nineteen significant digits with a fraction (as JavaScript and Python write a
    /// double, `359.85104370117188`) are read by `longFraction`, not `strtod`: random numbers of
    /// every such length, with exponents too, and the doubles' own shortest and 17-digit forms,
    /// must read as Swift reads the text, to the bit.
    @Test func longFractionsReadExactly() throws {
        var generator = SplitMix64(state: 23)
        for round in 0..<40_000 {
            var text: String
            if round % 2 == 0 {
                let digits = Int(generator.next() % 5) + 15
                let point = Int(generator.next() % UInt64(digits))
                var all = String(generator.next() % 9 + 1)
                for _ in 1..<digits { all += String(generator.next() % 10) }
                let cut = all.index(all.startIndex, offsetBy: point + 1)
                text = String(all[..<cut]) + "." + String(all[cut...])
                if all.count == point + 1 { text += "5" }
                if round % 6 == 0 { text = "0.000" + all }
                if round % 10 == 0 { text += "e-\(generator.next() % 9)" }
            } else {
                // A double's own digits: the halfway and boundary cases live near these.
                let d = Double(bitPattern: generator.next() % (0x4090_0000_0000_0000 - 0x3E00_0000_0000_0000) + 0x3E00_0000_0000_0000)
                text = round % 4 == 1 ? "\(d)" : String(d.description.prefix(19))
                if text.hasSuffix(".") || text.contains("e") { continue }
            }
            if generator.next() % 3 == 0 { text = "-" + text }
            let n = try parseNumber(text + " ")
            #expect(n.value.bitPattern == Double(text)!.bitPattern, "\(text) read as \(n.value)")
        }
        // Exact ties and near ties between two doubles, which go to strtod.
        for text in ["9007199254740993.0", "9007199254740992.5", "4503599627370496.5", "0.10000000000000000555",
                     "0.1000000000000000055511151231257827", "1448.1000000000001", "0.9999999999999999444888487687421729"] {
            #expect(try parseNumber(text).value.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }

    /// Numbers of more than 19 digits (`%.17f` after a few digits before the point, a double
    /// printed to 20 or more digits, with exponents, leading zeros in the fraction, integers of
    /// 20 digits and more) are read from their first 19 digits where those tell the value, and
    /// by `strtod` where not: every one must read as Swift reads the text, to the bit, with the
    /// cursor at its delimiter, far from the end of the buffer and near it.
    @Test func numbersOfManyDigitsReadExactly() throws {
        var generator = SplitMix64(state: 53)
        func check(_ text: String, padding: Int) throws {
            let bytes = Array((text + "," + String(repeating: " ", count: padding)).utf8)
            let (n, pos) = try bytes.withUnsafeBufferPointer { buffer throws(ParseFailure) in
                var cursor = JSONCursor(buffer)
                let n = try cursor.number()
                return (n, cursor.pos)
            }
            #expect(n.value.bitPattern == Double(text)!.bitPattern, "\(text) read as \(n.value)")
            #expect(pos == text.utf8.count, "\(text)")
        }
        for round in 0..<40_000 {
            var text: String
            switch round % 4 {
            case 0:
                // A double's value written with 17 to 25 decimals.
                let d = Double(bitPattern: generator.next() % (0x40F8_0000_0000_0000 - 0x3F00_0000_0000_0000) + 0x3F00_0000_0000_0000)
                text = String(format: "%.\(generator.int(17...25))f", d)
            case 1:
                // Random digits: 20 to 30 of them, the point anywhere, leading zeros now and then.
                let count = generator.int(20...30)
                var all = String(generator.next() % 9 + 1)
                for _ in 1..<count { all += String(generator.next() % 10) }
                let point = generator.int(1...count)
                text = point == count ? all : String(all.prefix(point)) + "." + String(all.dropFirst(point))
                if generator.int(0...5) == 0 { text = "0.000" + all }
            case 2:
                // A double's exact digits, cut after 20 to 40 of them: just above a double, where
                // the first 19 digits and the next number of 19 digits may round apart.
                let d = Double(bitPattern: generator.next() % (0x4090_0000_0000_0000 - 0x3E00_0000_0000_0000) + 0x3E00_0000_0000_0000)
                text = String(String(format: "%.45f", d).prefix(generator.int(22...40)))
            default:
                // With an exponent.
                var all = String(generator.next() % 9 + 1) + "."
                for _ in 0..<generator.int(19...24) { all += String(generator.next() % 10) }
                text = all + ["e", "E", "e+", "e-"][generator.int(0...3)] + String(generator.int(0...30))
            }
            if generator.int(0...2) == 0 { text = "-" + text }
            try check(text, padding: round % 3 == 0 ? 0 : 40)
        }
        // Whole numbers of 16 to 19 digits (64-bit ids) convert as written, rounded once; and
        // a decimal whose exponent makes it whole.
        for _ in 0..<20_000 {
            var text = String(generator.next() % 9 + 1)
            for _ in 1..<generator.int(16...19) { text += String(generator.next() % 10) }
            if generator.int(0...1) == 0 { text = "-" + text }
            try check(text, padding: 40)
        }
        for text in ["9223372036854775807", "-9223372036854775808", "9999999999999999999", "9007199254740993",
                     "9007199254740995", "18014398509481985", "12345678901234567.89e2", "1234567890123456789e0"] {
            try check(text, padding: 40)
        }
        // Exact halfway points between two doubles and the numbers either side of them, written
        // out in full, where the first 19 digits cannot tell: the value is strtod's.
        for text in ["9007199254740993.00000000000000000001", "9007199254740992.99999999999999999999", "9007199254740993.000",
                     "0.1000000000000000055511151231257827021181583404541015625", "1.00000000000000011102230246251565404236316680908203125",
                     "1.00000000000000011102230246251565404236316680908203124", "1.00000000000000011102230246251565404236316680908203126",
                     "12345678901234567890123", "0.0000000000000000000000000000001234567890123456789012", "99999999999999999999.5"] {
            try check(text, padding: 40)
        }
    }

    /// Decimals with an exponent (`3.3050e+02`, `8.288723351E-3`, as C's `%e` writes them; one
    /// to four exponent digits, with a sign or not) are read in the eight-byte steps for long
    /// fractions where they fit them, by the general steps where not: every one must read as
    /// Swift reads the text, to the bit, with the cursor at its delimiter, and not as an integer.
    @Test func decimalsWithAnExponentReadExactly() throws {
        var generator = SplitMix64(state: 59)
        for round in 0..<40_000 {
            var text = generator.int(0...2) == 0 ? "-" : ""
            let wholeDigits = generator.int(1...8)
            text += round % 7 == 0 ? "0" : String(generator.next() % 9 + 1)
            if round % 7 != 0 { for _ in 1..<wholeDigits { text += String(generator.next() % 10) } }
            text += "."
            for _ in 0..<generator.int(1...17) { text += String(generator.next() % 10) }
            text += ["e", "E"][generator.int(0...1)] + ["", "+", "-"][generator.int(0...2)]
            for _ in 0..<(generator.int(0...20) == 0 ? 4 : generator.int(1...3)) { text += String(generator.next() % 10) }
            // Far from the end of the buffer, and near it.
            let bytes = Array((text + [",", "]", "}", " ", "\n", "\r", "\t"][round % 7] + String(repeating: " ", count: round % 2 * 40)).utf8)
            let (n, pos) = try bytes.withUnsafeBufferPointer { buffer throws(ParseFailure) in
                var cursor = JSONCursor(buffer)
                let n = try cursor.number()
                return (n, cursor.pos)
            }
            let expected = Double(text)!
            #expect(n.value.bitPattern == expected.bitPattern, "\(text) read as \(n.value)")
            #expect(n.integer == nil && pos == text.utf8.count, "\(text)")
        }
        for text in ["[1.5e]", "[1.5e+]", "[1.5ee2]", "[1.5e2.5]", "[1.5e2x]", "[01.5e2]", "[1.e2]", "[-1.5E-x]"] {
            var outcomes: [String] = []
            for padding in [0, 40] {
                do {
                    let node = try parseNode(text + String(repeating: " ", count: padding))
                    outcomes.append("\(node.elements?.first?.number?.bitPattern ?? 0)")
                } catch {
                    outcomes.append(error.description)
                }
            }
            #expect(outcomes[0] == outcomes[1] && outcomes[0].contains("invalid number"), "\(text): \(outcomes)")
        }
    }

    /// `longFraction` itself: a value for every exponent it takes, none outside them.
    @Test func longFractionTakesItsExponents() {
        for k in 1...27 {
            let w: UInt64 = 12_345_678_901_234_567
            let expected = Double("12345678901234567e-\(k)")!
            #expect(JSONCursor.longFraction(w, exponent: -k)?.bitPattern == expected.bitPattern, "e-\(k)")
        }
        #expect(JSONCursor.longFraction(12_345_678_901_234_567, exponent: -28) == nil)
        #expect(JSONCursor.longFraction(12_345_678_901_234_567, exponent: 0) == nil)
        #expect(JSONCursor.longFraction(0, exponent: -5) == nil)
    }

    @Test(arguments: ["[12\u{80}]", "[1234567\u{B0}]", "[0.12345678\u{FF}]", "[1:]", "[123456789/]", "[01]", "[-]", "[1.]", "[1.e5]",
                      "[-01.5]", "[1.5.2]", "[.5]", "[12a]"])
    func aDigitRunEndsOnlyAtADelimiter(_ text: String) {
        #expect(throws: (any Error).self) { try parseNode(text) }
        #expect(throws: (any Error).self) { try parseNode(text + String(repeating: " ", count: 24)) }
    }

    @Test func integersKeepTheirExactValue() throws {
        #expect(try parseNumber("42").integer == 42)
        #expect(try parseNumber("-7").integer == -7)
        #expect(try parseNumber("4.0").integer == nil)
        #expect(try parseNumber("1e2").integer == nil)
    }

    @Test(arguments: ["01", "-", "1.", ".5", "1e", "1e+", "+1", "0x10", "1.5.2", "12abc", "--1", "NaN", "Infinity"])
    func malformedNumbersAreRejected(_ text: String) {
        #expect(throws: (any Error).self) { try parseNode(text) }
    }

    @Test func stringsDecodeEscapes() throws {
        let node = try parseNode(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#)
        #expect(node.string == "a\"b\\c/d\n\té😀")
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        #expect(try parseNode(#""x\ud800y""#).string == "x\u{FFFD}y")
    }

    @Test(arguments: [#""abc"#, #""a\qb""#, #""\u12g4""#, "\"a\u{01}b\"", #"{"a" 1}"#, #"{"a":1,}"#, "[1,]", "[1 2]",
                      "{1: 2}", "tru", "nul", "[1]x", "{\"a\":1}}"])
    func malformedDocumentsAreRejected(_ text: String) {
        #expect(throws: (any Error).self) { try parseNode(text) }
    }

    @Test func invalidUTF8IsRejected() {
        let bytes: [UInt8] = [0x22, 0x61, 0xC3, 0x28, 0x22]
        #expect(throws: (any Error).self) { try JSONNode.parseDocument(SourceFile(path: "x", bytes: bytes)) }
        let overlong: [UInt8] = [0x22, 0xC0, 0xAF, 0x22]
        #expect(throws: (any Error).self) { try JSONNode.parseDocument(SourceFile(path: "x", bytes: overlong)) }
    }

    @Test func nestingIsBoundedWithoutOverflowingTheStack() {
        let deep = String(repeating: "[", count: 100_000)
        do {
            _ = try parseNode(deep)
            Issue.record("100,000 open brackets were accepted")
        } catch {
            #expect(error.message.contains("nesting deeper than 64"))
            #expect(error.column == 65)
        }
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try parseNode(ok) }
    }

    @Test func errorsGiveLineAndColumnInCharacters() {
        do {
            _ = try parseNode("{\n  \"é\": 1,\n  \"b\": x\n}")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 8)
        }
    }
    /// An array of number arrays is skipped to the byte after it, with any spacing, and the
    /// cursor lands where `skipValue` (which reads every number) lands.
    @Test(arguments: ["[]", "[ ]", "[[0, 1, 2]]", "[[0,1,2],[3,4,5]]", "[ [0, 1, 2] ,\n [3, 4, 5] ]",
                      "[[1e3, -0.5, 2], [4, 5, 6], [7, 8, 9]]", "[[]]", "[[1], [2, 3]]"])
    func arraysOfNumberArraysAreSkippedWhole(_ array: String) throws {
        for tail in ["", ", 7", "]}", "   "] {
            let bytes = Array((array + tail).utf8)
            let (fast, full) = try bytes.withUnsafeBufferPointer { buffer in
                var a = JSONCursor(buffer)
                a.skipArrayOfNumberArrays()
                var b = JSONCursor(buffer)
                try b.skipValue(depth: 0)
                return (a.pos, b.pos)
            }
            #expect(fast == full && fast == array.utf8.count, "\(array + tail): \(fast), \(full)")
        }
    }

    /// The values `usualTriple` gives for `[a, b, c]`, or nil, and where it leaves the cursor
    /// (checked to be what `usualTripleFirst` gives and where it leaves it); beside them the
    /// values `number` gives for each of the three, read one by one.
    func readTriple(_ a: String, _ b: String, _ c: String, padding: Int, separator: String = ", ") throws -> (triple: (Double, Double, Double)?, pos: Int, numbers: [Double]) {
        let text = "[\(a)\(separator)\(b)\(separator)\(c)]"
        let bytes = Array((text + String(repeating: " ", count: padding)).utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            var fast = JSONCursor(buffer)
            let triple = fast.usualTriple()
            var firstOnly = JSONCursor(buffer)
            let first = firstOnly.usualTripleFirst()
            #expect(first?.bitPattern == triple?.0.bitPattern && firstOnly.pos == fast.pos, "\(text)")
            var numbers: [Double] = []
            for (k, number) in [a, b, c].enumerated() {
                let start = 1 + [a, b, c][0..<k].map { $0.utf8.count + separator.utf8.count }.reduce(0, +)
                var general = JSONCursor(buffer, from: start)
                numbers.append(try general.number().value)
                #expect(general.pos == start + number.utf8.count, "\(number)")
            }
            return (triple, fast.pos, numbers)
        }
    }

    /// A stroke's point read in one step (spaced as usual, or minified) gives each number to the
    /// bit as `number` reads it (the first alone, with the others only checked, the same), and
    /// leaves the cursor after the `]`; any number it does not read (an exponent, more than
    /// seven digits on a side of the point, a leading zero) or a point near the end of the
    /// buffer gives nil with nothing consumed, for the general steps.
    @Test func usualTriplesReadAsTheirNumbers() throws {
        let read = ["0", "-0", "-0.0", "0.000000", "359.85", "-251.75", "1234567.1234567", "-9999999.9999999", "0.007786", "12", "7.5"]
        let other = ["1e3", "1.0000000000000002", "12345678", "0.12345678", "2.5E-1", "1.5e+2", "10000000.5"]
        for a in read + other {
            for b in read + other where b.count % 3 == a.count % 3 || other.contains(b) {
                for c in read + other where c.count % 2 == b.count % 2 || other.contains(c) {
                  for separator in [", ", ","] {
                    let text = "[\(a)\(separator)\(b)\(separator)\(c)]"
                    let far = try readTriple(a, b, c, padding: 64, separator: separator)
                    if [a, b, c].allSatisfy(read.contains) {
                        let triple = try #require(far.triple, "\(text)")
                        #expect([triple.0, triple.1, triple.2].map(\.bitPattern) == far.numbers.map(\.bitPattern), "\(text)")
                        #expect(far.pos == text.utf8.count, "\(text)")
                    } else {
                        #expect(far.triple == nil && far.pos == 0, "\(text)")
                    }
                    // Fewer than 64 bytes from the `[` to the end: left to the general steps.
                    let near = try readTriple(a, b, c, padding: 0, separator: separator)
                    #expect(near.triple == nil && near.pos == 0, "\(text)")
                  }
                }
            }
        }
        // Minified, or the two mixed: read.
        for text in ["[1,2,3]", "[1, 2,3]", "[1,2, 3]"] {
            let bytes = Array((text + String(repeating: " ", count: 64)).utf8)
            let (triple, first, pos) = bytes.withUnsafeBufferPointer { buffer in
                var cursor = JSONCursor(buffer)
                var firstOnly = JSONCursor(buffer)
                return (cursor.usualTriple(), firstOnly.usualTripleFirst(), cursor.pos + firstOnly.pos)
            }
            #expect(triple.map { [$0.0, $0.1, $0.2] } == [1, 2, 3] && first == 1 && pos == 2 * text.utf8.count, "\(text)")
        }
        // Written otherwise: other spacing, two or four numbers, a string, not an array.
        for text in ["[1 , 2, 3]", "[1,\n2,3]", "[1,\t2, 3]", "[1,,2,3]", "[ 1, 2, 3]", "[1, 2, 3 ]", "[1, 2]", "[1, 2, 3, 4]", "[1, \"2\", 3]",
                     "[1, 2, 3", "{1, 2, 3}", "[1, 2, -]", "[1, 2, 3.]", "[01, 2, 3]", "[1, 2, 3x]", "[1,  2, 3]"] {
            let bytes = Array((text + String(repeating: " ", count: 64)).utf8)
            let (triple, first, pos) = bytes.withUnsafeBufferPointer { buffer in
                var cursor = JSONCursor(buffer)
                var firstOnly = JSONCursor(buffer)
                return (cursor.usualTriple(), firstOnly.usualTripleFirst(), cursor.pos + firstOnly.pos)
            }
            #expect(triple == nil && first == nil && pos == 0, "\(text)")
        }
    }

    /// Random points whose numbers have one to eight digits on each side of the point (or no
    /// point), any digits (zeros included), a sign or not, minified or spaced: `usualTriple`
    /// reads those with at most seven digits on each side to the bit as `number` reads each
    /// (and `usualTripleFirst` the first, with the same end), leaves the cursor after the `]`, and
    /// leaves any other to the general steps with nothing consumed.
    @Test func usualTriplesOfEveryLengthReadAsTheirNumbers() throws {
        var generator = SplitMix64(state: 97)
        func below(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(below(10))) })
        }
        var readCount = 0
        for _ in 0..<6_000 {
            var numbers: [String] = []
            var usual = true
            for _ in 0..<3 {
                let whole = 1 + below(8)
                let fraction = below(9)
                var text = below(2) == 0 ? "-" : ""
                // A whole part of `0` now and then (JSON allows no other leading zero).
                let wholeDigits = below(4) == 0 ? "0" : String(1 + below(9)) + digits(whole - 1)
                text += wholeDigits
                if fraction > 0 { text += "." + digits(fraction) }
                usual = usual && wholeDigits.count < 8 && fraction < 8
                numbers.append(text)
            }
            let separator = below(2) == 0 ? ", " : ","
            let text = "[\(numbers[0])\(separator)\(numbers[1])\(separator)\(numbers[2])]"
            let read = try readTriple(numbers[0], numbers[1], numbers[2], padding: 64, separator: separator)
            if usual {
                let triple = try #require(read.triple, "\(text)")
                #expect([triple.0, triple.1, triple.2].map(\.bitPattern) == read.numbers.map(\.bitPattern), "\(text)")
                #expect(read.pos == text.utf8.count, "\(text)")
                readCount += 1
            } else {
                #expect(read.triple == nil && read.pos == 0, "\(text)")
            }
        }
        // Both kinds came up often.
        #expect(readCount > 1_000 && readCount < 5_000)
    }

    /// Random points in any spacing (spaces, tabs, line breaks with indentation, CRLF, none)
    /// around each number and delimiter, with numbers of one to eight digits on each side of the
    /// point (now and then up to nineteen after it, as a double is written), an exponent now and
    /// then, a fourth number or a missing `]`: `spacedTriple` reads those whose three numbers
    /// `shortValue` or `longDigits` takes, to the bit as the general steps read them
    /// (`nextElement`, `number`), leaves the cursor after the `]`, and leaves any other to the
    /// general steps with nothing consumed, also when the point ends near the end of the buffer.
    @Test func spacedTriplesReadAsTheGeneralStepsReadThem() throws {
        var generator = SplitMix64(state: 103)
        func below(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(below(10))) }) }
        let spaces = ["", "", " ", "\n      ", "\n\t\t", "\r\n  ", "  \n", "\t"]
        func space() -> String { spaces[below(spaces.count)] }
        var readCount = 0
        for round in 0..<8_000 {
            var text = "[" + space()
            var inForm = true
            // Whether a number is read only in the long form, which wants 48 bytes after its start.
            var long = false
            let count = round % 40 == 0 ? 4 : 3
            for k in 0..<count {
                let whole = 1 + below(8)
                // Now and then as long as a double's digits (eight to nineteen after the point).
                let fraction = below(5) == 0 ? 8 + below(12) : below(9)
                let wholeDigits = below(4) == 0 ? "0" : String(1 + below(9)) + digits(whole - 1)
                var number = (below(2) == 0 ? "-" : "") + wholeDigits
                if fraction > 0 { number += "." + digits(fraction) }
                if below(30) == 0 {
                    number += "e" + String(below(3))
                    inForm = false
                }
                // The short form (fewer than eight digits on each side), or the long one (a
                // fraction, and at most nineteen digits that count, a whole part of 0 not).
                let short = wholeDigits.count < 8 && fraction < 8
                let inLongForm = wholeDigits.count < 8 && fraction > 0 && (wholeDigits == "0" ? 0 : wholeDigits.count) + fraction <= 19
                inForm = inForm && (short || inLongForm)
                long = long || !short
                text += number + space() + (k == count - 1 ? (round % 50 == 1 ? "" : "]") : "," + space())
            }
            let complete = count == 3 && round % 50 != 1
            // Far from the end of the buffer, or right at it (then the last number has fewer
            // than 17 bytes after its start), or in between (fewer than the long form's 48).
            let padding = round % 7 == 0 ? 0 : (round % 3 == 0 ? 24 : 64)
            let bytes = Array((text + String(repeating: " ", count: padding)).utf8)
            // The general steps, as a stroke's points are read when no faster step takes them
            // (nil where they find the array malformed).
            func general(_ buffer: UnsafeBufferPointer<UInt8>) throws(ParseFailure) -> (numbers: [Double], pos: Int) {
                var slow = JSONCursor(buffer)
                slow.pos += 1
                var numbers: [Double] = []
                var more = try slow.nextElement(first: true)
                while more {
                    numbers.append(try slow.number().value)
                    more = try slow.nextElement(first: false)
                }
                return (numbers, slow.pos)
            }
            let (triple, pos, slow) = bytes.withUnsafeBufferPointer { buffer in
                var fast = JSONCursor(buffer)
                let triple = fast.spacedTriple()
                return (triple, fast.pos, try? general(buffer))
            }
            if complete && inForm && (padding == 64 || (padding == 24 && !long)) {
                let read = try #require(triple, "\(text)")
                let steps = try #require(slow, "\(text)")
                #expect([read.0, read.1, read.2].map(\.bitPattern) == steps.numbers.map(\.bitPattern), "\(text)")
                #expect(pos == text.utf8.count && steps.pos == pos, "\(text)")
                readCount += 1
            } else if complete && inForm {
                // Near the end: read only when 17 bytes follow each number's start (48 for a long one).
                if let read = triple {
                    let steps = try #require(slow, "\(text)")
                    #expect([read.0, read.1, read.2].map(\.bitPattern) == steps.numbers.map(\.bitPattern) && pos == text.utf8.count, "\(text)")
                } else {
                    #expect(pos == 0, "\(text)")
                }
            } else {
                #expect(triple == nil && pos == 0, "\(text)")
            }
        }
        #expect(readCount > 2_000 && readCount < 7_000, "\(readCount)")
    }

    /// Points pretty-printed with one indentation (learned from the first), then points whose
    /// spacing or numbers differ now and then (one more space, a tab, a CRLF, eight digits, an
    /// exponent, a fourth number): `LearnedTriple` reads a point exactly when its bytes are the
    /// learned runs around numbers in the short form (or, learned from a point whose numbers
    /// are a double's digits, `longNumbers`, in the long form or the short), to the bit as
    /// `spacedTriple` reads it and to the same end, and leaves any other with nothing
    /// consumed; the run between points is passed over only when a `[` follows it.
    @Test(arguments: [false, true])
    func learnedPointsReadAsSpacedTriplesReadThem(longNumbers: Bool) throws {
        var generator = SplitMix64(state: longNumbers ? 109 : 107)
        func below(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
        func number() -> String {
            let whole = below(4) == 0 ? "0" : String(1 + below(999))
            // Long: a double's digits as Python writes them, nine to sixteen after the point,
            // and now and then a short number among them (which the long form reads too, or
            // the short one after it).
            if longNumbers && below(8) != 0 {
                let fraction = (0..<(9 + below(8))).map { _ in String(below(10)) }.joined()
                return (below(3) == 0 ? "-" : "") + whole + "." + fraction
            }
            return (below(3) == 0 ? "-" : "") + whole + (below(5) == 0 ? "" : "." + String(below(100_000)))
        }
        let indent = "\n          "
        func point(_ numbers: [String], _ spaces: [String]) -> String {
            "[" + spaces[0] + numbers.joined(separator: spaces[1] == indent ? "," + indent : "," + spaces[1]) + spaces[2] + "]"
        }
        let usualSpaces = [indent, indent, "\n        "]
        var learnedReads = 0
        var others = 0
        for round in 0..<3_000 {
            var numbers = [number(), number(), number()]
            var spaces = usualSpaces
            var same = true
            switch below(12) {
            case 0: spaces[below(3)] += " "; same = false
            case 1: spaces[below(3)] = "\r\n          "; same = false
            case 2: spaces[0] = "\t"; same = false
            case 3: numbers[below(3)] = "12345678"; same = false
            case 4: numbers[below(3)] += "e2"; same = false
            case 5: numbers.append(number()); same = false
            default: break
            }
            let firstNumbers = longNumbers ? ["0.012702062067888584", "164.036050589186", "3"] : ["1.5", "2.25", "3"]
            let first = point(firstNumbers, usualSpaces)
            let text = first + ",\n        " + point(numbers, spaces) + (round % 9 == 0 ? "" : ",\n        [")
            let bytes = Array((text + String(repeating: " ", count: 64)).utf8)
            bytes.withUnsafeBufferPointer { buffer in
                var layout = LearnedTriple()
                var cursor = JSONCursor(buffer)
                let learned = layout.learn(cursor)
                let firstValues = layout.read(&cursor).map { [$0.0, $0.1, $0.2] }
                #expect(learned && firstValues == firstNumbers.map { Double($0)! } && cursor.pos == first.utf8.count)
                // The run between points is learned where the general steps went over it.
                let afterFirst = cursor.pos
                let another = try! cursor.nextElement(first: false)
                #expect(another)
                layout.learnSeparator(cursor, from: afterFirst, to: cursor.pos)
                var again = JSONCursor(buffer, from: afterFirst)
                let skipped = layout.skipSeparator(&again)
                #expect(skipped && again.pos == cursor.pos)
                let start = cursor.pos
                var spaced = cursor
                let byRuns = layout.read(&cursor)
                let bySpacing = spaced.spacedTriple()
                if same {
                    let values = try! #require(byRuns, "\(text)")
                    let other = try! #require(bySpacing, "\(text)")
                    #expect([values.0, values.1, values.2].map(\.bitPattern) == [other.0, other.1, other.2].map(\.bitPattern), "\(text)")
                    #expect(cursor.pos == spaced.pos, "\(text)")
                    learnedReads += 1
                    // After the point: the run between points and a `[`, or the end of the array.
                    let afterPoint = cursor.pos
                    let separated = layout.skipSeparator(&cursor)
                    #expect(separated == (round % 9 != 0), "\(text)")
                    #expect(cursor.pos == (round % 9 == 0 ? afterPoint : afterPoint + ",\n        ".utf8.count), "\(text)")
                } else {
                    #expect(byRuns == nil && cursor.pos == start, "\(text)")
                    others += 1
                }
            }
        }
        #expect(learnedReads > 1_500 && others > 500, "\(learnedReads), \(others)")
        // A run longer than 32 bytes (a deep indentation) is not learned.
        let deep = "[\n" + String(repeating: " ", count: 40) + "1,\n2,\n3]" + String(repeating: " ", count: 40)
        Array(deep.utf8).withUnsafeBufferPointer { buffer in
            var layout = LearnedTriple()
            var cursor = JSONCursor(buffer)
            let learned = layout.learn(cursor)
            let values = layout.read(&cursor)
            #expect(!learned && values == nil && cursor.pos == 0)
        }
    }

    /// A short plain string passed over at once ends where `skipValue` ends it, and anything
    /// else (a longer string, an escape, a control byte, UTF-8, an unclosed string, another
    /// kind of value, too near the end of the buffer) is left to `skipValue` with nothing
    /// consumed: random values of zero to ten bytes drawn from plain letters, quotes,
    /// backslashes, control and high bytes, each followed by each delimiter.
    @Test func shortPlainStringsPassAsSkipValuePassesThem() throws {
        var generator = SplitMix64(state: 101)
        let bytesToDraw: [UInt8] = Array("touchpenmouse 0~".utf8) + [0x22, 0x5C, 0x00, 0x09, 0x1F, 0x7F, 0x80, 0xC3, 0xA9, 0xE2, 0xFF]
        var passedAtOnce = 0
        for round in 0..<20_000 {
            let count = Int(generator.next() % 11)
            var value: [UInt8] = [0x22]
            for _ in 0..<count { value.append(bytesToDraw[Int(generator.next() % UInt64(bytesToDraw.count))]) }
            // Mostly a closed string; now and then not a string at all.
            if generator.next() % 4 != 0 { value.append(0x22) }
            if round % 50 == 0 { value[0] = UInt8(ascii: "1") }
            let tail = [Array(",".utf8), Array("}".utf8), Array(" ]".utf8)][round % 3]
            // Far from the end of the buffer, and (one in five) right at it.
            let padding = round % 5 == 0 ? 0 : 16
            let bytes = value + tail + Array(repeating: UInt8(ascii: " "), count: padding)
            bytes.withUnsafeBufferPointer { buffer in
                var fast = JSONCursor(buffer)
                var general = JSONCursor(buffer)
                let skipped = (try? general.skipValue(depth: 0)) != nil
                if fast.skipShortPlainString() {
                    passedAtOnce += 1
                    #expect(skipped && fast.pos == general.pos, "\(value)")
                } else {
                    #expect(fast.pos == 0, "\(value)")
                    // What it leaves is any string of up to seven plain bytes only near the end.
                    let plain = value.count <= 9 && value.count >= 2 && value.first == 0x22 && value.last == 0x22
                        && value.dropFirst().dropLast().allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != 0x22 && $0 != 0x5C }
                    #expect(!plain || bytes.count < 9, "\(value)")
                }
            }
        }
        #expect(passedAtOnce > 1_000)
    }

    /// A number with a long fraction (`230.43998696789480`, as a browser writes a double, or
    /// `0.012702062067888584`, as Python does) far enough from the end of the buffer is read in
    /// eight-byte steps before the general ones: random numbers of one to seven digits before
    /// the point (`0` too) and nine to nineteen after it (more than nineteen digits in all go
    /// to the general steps), with a sign or not, must read as Swift reads the text, to the bit, and leave
    /// the cursor at the delimiter; the ties and near ties among them go to `strtod` as before.
    /// Each is read both from its start (`number`) and on from where the short steps stop
    /// (`numberIfPresent(longFractions:)`, as a touch's coordinates are read), with as many
    /// bytes after it as most reads have, and with only the delimiter after it.
    @Test func longDecimalsReadExactly() throws {
        var generator = SplitMix64(state: 31)
        func check(_ text: String, _ delimiter: String) throws {
            for padding in [40, 0] {
                let bytes = Array((text + delimiter + String(repeating: " ", count: padding)).utf8)
                for readingOn in [false, true] {
                    let (n, pos) = try bytes.withUnsafeBufferPointer { buffer throws(ParseFailure) in
                        var cursor = JSONCursor(buffer)
                        let n = readingOn ? try cursor.numberIfPresent(longFractions: true)! : try cursor.number()
                        return (n, cursor.pos)
                    }
                    #expect(n.value.bitPattern == Double(text)!.bitPattern, "\(text) read as \(n.value), reading on \(readingOn)")
                    #expect(n.integer == nil && pos == text.utf8.count, "\(text), reading on \(readingOn), \(padding) bytes after")
                }
            }
        }
        for round in 0..<30_000 {
            let integerDigits = Int(generator.next() % 7) + 1
            let fractionDigits = Int(generator.next() % 11) + 9
            var text = generator.next() % 3 == 0 ? "-" : ""
            text += round % 5 == 0 ? "0" : String(generator.next() % 9 + 1)
            if round % 5 != 0 { for _ in 1..<integerDigits { text += String(generator.next() % 10) } }
            text += "."
            for _ in 0..<fractionDigits { text += String(generator.next() % 10) }
            try check(text, [",", "]", "}", " ", "\n", "\r", "\t"][round % 7])
        }
        // A double's own 17 digits (its shortest form padded with zeros where shorter), and
        // the ties and near ties that neither fast method can tell.
        for _ in 0..<10_000 {
            let d = Double(bitPattern: generator.next() % (0x40F8_0000_0000_0000 - 0x3F00_0000_0000_0000) + 0x3F00_0000_0000_0000)
            guard !d.description.contains("e") else { continue }
            var text = d.description
            while text.count < 18 { text += "0" }
            try check(text, ",")
        }
        // Python's own (the shortest form of a double: sixteen and more digits after the point,
        // where the fraction starts with zeros; a first run of eight digits and a second of
        // eight, then none; nineteen after a 0), and a whole part of 0 with twenty.
        for text in ["9007199254740993.0", "4503599627370496.5", "0.10000000000000000555", "1448.1000000000001",
                     "0.000000000000000", "-0.0000000000000000", "9999999.999999999999", "1.0000000000000002",
                     "0.012702062067888584", "0.0019690455255314057", "1.0489231702320511", "0.0489231702320511",
                     "-0.00000000000000000001", "0.00000000000000000012", "160.75841808404118"] {
            try check(text, "]")
        }
    }

    /// Numbers the eight-byte steps for long fractions do not take, far from the end of the
    /// buffer, are read or rejected by the general steps as near it: the same value, or the
    /// same message at the same place.
    @Test func longDecimalsTheyDoNotTakeReadAsBefore() throws {
        for text in ["[01.1234567890123]", "[-.12345678901234]", "[1.12345678901234567e5]", "[1.1234567890123x]",
                     "[0.12345678901234567890]", "[12345678.123456789]", "[1.123456789012345678]", "[1.]",
                     "[-0.1234567890123456789]", "[1.1234567890123E-2]", "[-]", "[1.12345678901234567]"] {
            var outcomes: [String] = []
            for padding in [0, 40] {
                do {
                    let node = try parseNode(text + String(repeating: " ", count: padding))
                    guard case .array(let elements) = node.value, case .number(let value, _) = elements[0].value else {
                        outcomes.append("not a number")
                        continue
                    }
                    outcomes.append("\(value.bitPattern)")
                } catch {
                    outcomes.append(error.description)
                }
                // Read from its start, and on from where the short steps stop (as a touch's
                // coordinates are): the same value and end, or the same message.
                let bytes = Array((text + String(repeating: " ", count: padding)).utf8)
                var read: [String] = []
                for readingOn in [false, true] {
                    do {
                        read.append(try bytes.withUnsafeBufferPointer { buffer throws(ParseFailure) in
                            var cursor = JSONCursor(buffer, from: 1)
                            let n = readingOn ? try cursor.numberIfPresent(longFractions: true) : try cursor.number()
                            return n.map { "\($0.value.bitPattern) \(cursor.pos)" } ?? "not a number"
                        })
                    } catch {
                        read.append("\(error)")
                    }
                }
                #expect(read[0] == read[1], "\(text), \(padding) bytes after: \(read)")
            }
            #expect(outcomes[0] == outcomes[1], "\(text): \(outcomes)")
        }
    }

    /// Whitespace is skipped eight bytes at a time where eight remain: runs of spaces, tabs,
    /// line feeds and carriage returns in any mix, of every length, at every distance from
    /// the end of the buffer, end at the first other byte (a control byte, a quote, a digit, a
    /// byte of UTF-8) or at the end.
    @Test func whitespaceRunsEndAtTheFirstOtherByte() {
        var generator = SplitMix64(state: 41)
        let spaces: [UInt8] = [0x20, 0x20, 0x20, 0x09, 0x0A, 0x0D]
        let others: [UInt8] = [0x22, 0x31, 0x7B, 0x00, 0x01, 0x08, 0x0B, 0x0C, 0x0E, 0x1F, 0x21, 0x80, 0xFF]
        for round in 0..<20_000 {
            let length = Int(generator.next() % 41)
            var bytes = (0..<length).map { _ in spaces[Int(generator.next() % UInt64(spaces.count))] }
            if round % 4 != 0 { bytes.append(others[Int(generator.next() % UInt64(others.count))]) }
            bytes += Array(repeating: UInt8(ascii: "x"), count: Int(generator.next() % 12))
            let start = Int(generator.next() % 3)
            let skipped = bytes.withUnsafeBufferPointer { buffer in
                var cursor = JSONCursor(buffer, from: min(start, buffer.count))
                cursor.skipWhitespace()
                return cursor.pos
            }
            // By definition: the first byte from the start that is not one of the four.
            var expected = min(start, bytes.count)
            while expected < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[expected]) { expected += 1 }
            #expect(skipped == expected, "\(bytes) from \(start)")
        }
    }
}
