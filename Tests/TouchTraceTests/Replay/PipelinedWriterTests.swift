import Testing
@testable import TouchTrace

@Suite struct PipelinedWriterTests {
    /// Records of every kind of field, their values varying with `i`.
    func record(_ i: Int) -> Record {
        let t = Double(i / 3) * 0.008
        switch i % 4 {
        case 0:
            return Record(t: t, source: 0, event: "spotMoved", fields: FieldList(
                Field("touch", .touch(Int64(i % 7))), Field("center", .point(Point(x: Double(i) * 0.01, y: 1.0 / Double(i + 1)))),
                Field("diameter", .number(Double(i).squareRoot()))))
        case 1:
            return Record(t: t, source: 1, event: "state", fields: FieldList(
                Field("from", .name("changed")), Field("to", .name("changed")), Field("touches", .integer(i % 3)),
                Field("velocity", .point(Point(x: -Double(i) / 7, y: Double(i) * 1e-7)))))
        case 2:
            return Record(t: t, source: 1, event: "state", fields: FieldList(
                Field("from", .name("possible")), Field("to", .name("failed")), Field("reason", .text(SharedText("record \(i) \"quoted\"")))))
        default:
            return Record(t: t, source: 0, event: "valueChanged", fields: FieldList(Field("value", .number(Double(i) * 1e20))))
        }
    }

    /// Many more records than the buffers hold at once (they are used in turn many times over,
    /// and the last chunk is partly full): the same bytes, in the same order, as a writer on
    /// this thread writes.
    @Test(arguments: TranscriptFormat.allCases) func writesWhatAWriterWritesInOrder(_ format: TranscriptFormat) throws {
        let sources = [SourceName(view: "screen", name: "spots"), SourceName(view: "screen", name: "pan")]
        let count = PipelinedWriter.chunkSize * PipelinedWriter.bufferCount * 5 + PipelinedWriter.chunkSize / 3
        let direct = MemoryOutput()
        let writer = TranscriptWriter(format: format, sources: sources, output: direct)
        for i in 0..<count { writer.write(record(i)) }
        try writer.finish()

        let piped = MemoryOutput()
        let pipeline = PipelinedWriter(TranscriptWriter(format: format, sources: sources, output: piped))
        for i in 0..<count { pipeline.write(record(i)) }
        try pipeline.finish()

        #expect(piped.bytes.count > count * 40)
        #expect(piped.bytes == direct.bytes)
    }
}
