import Testing
@testable import TouchTrace

/// What the transcript writer and the fields of records stand on: keys kept as one word, texts
/// built as bytes, bytes written to an output.
@Suite struct WritingSubstrateTests {
    /// A field is 32 bytes (its key's address and length in one word beside its value: the
    /// formatting thread's chunks are sized for it) and reads its key back whole.
    @Test func aFieldKeepsItsKeyInOneWord() {
        #expect(MemoryLayout<Field>.size == 32)
        let field = Field("velocity", .number(1))
        #expect(field.key == "velocity")
        #expect(field.keyBytes.count == 8)
        #expect(Array(field.keyBytes) == Array("velocity".utf8))
        // The longest key a field may have: 64 bytes.
        let longest: StaticString = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
        #expect(longest.utf8CodeUnitCount == Field.maximumKeyLength)
        #expect(Field(longest, .integer(0)).key == longest.description)
        #expect(Field("", .integer(0)).key == "")
    }

    /// Fields are equal when their keys' texts and their values are.
    @Test func fieldsCompareByKeyTextAndValue() {
        #expect(Field("to", .name("began")) == Field("to", .name("began")))
        #expect(Field("to", .name("began")) != Field("tx", .name("began")))
        #expect(Field("to", .name("began")) != Field("to", .name("ended")))
        #expect(FieldList(Field("a", .integer(1)), Field("b", .integer(2))) == FieldList(Field("a", .integer(1)), Field("b", .integer(2))))
        #expect(FieldList(Field("a", .integer(1))) != FieldList(Field("a", .integer(1)), Field("b", .integer(2))))
    }

    /// Numbers and points of messages, built as bytes: the values the doc comments of
    /// `compactNumber` and `pointText` give (`404`, `251.5`, `-0.3333`, `(251.5, 404)`), and
    /// a non-finite value as four decimals write it.
    @Test func compactNumbersAndPoints() {
        #expect(compactNumber(404) == "404")
        #expect(compactNumber(251.5) == "251.5")
        #expect(compactNumber(-1.0 / 3.0) == "-0.3333")
        #expect(compactNumber(0.00004) == "0")
        #expect(compactNumber(.nan) == "nan")
        #expect(compactNumber(-.infinity) == "-inf")
        #expect(pointText(Point(x: 251.5, y: 404)) == "(251.5, 404)")
    }

    /// A distance with one decimal in a reason reads as `fixedDecimals(v, 1)`, which rounds
    /// the value to a tenth and drops the last three of four decimals.
    @Test func oneDecimalReadsAsFixedDecimals() {
        for v in [0, 12, 33.45, 33.55, -0.04, -0.05, 1e12, -1e300, .nan, .infinity, -.infinity] as [Double] {
            #expect(FailureReason.text { $0.append(oneDecimal: v) } == fixedDecimals(v, 1), "\(v)")
        }
        // 12.25 is exact: 122.5 rounds away from zero to 123.
        #expect(FailureReason.text { $0.append(oneDecimal: 12.25) } == "12.3")
    }

    /// An array of bytes is written to an output as it is.
    @Test func bytesOfAnArrayReachTheOutput() throws {
        let output = MemoryOutput()
        try output.write([0x61, 0x0A, 0x62])
        try output.write([])
        #expect(output.text == "a\nb")
    }
}
