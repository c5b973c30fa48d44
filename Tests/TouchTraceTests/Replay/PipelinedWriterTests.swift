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

    /// A replay writes its records by the kind of its sink (`RecordOutlet`): appended straight
    /// to a pipelined writer's pipe, handed in place to a transcript writer, to any other sink
    /// through the protocol. Every repository trace (version 1 and 2: the arena's decisions and
    /// failures with reasons, deadlines, views inside views, controls) gives the same bytes all
    /// three ways, the third written afterwards, through the protocol, from the records a
    /// collector kept.
    @Test(arguments: TranscriptFormat.allCases) func aReplayWritesTheSameToEveryKindOfSink(_ format: TranscriptFormat) throws {
        var root = #filePath
        for _ in 0..<4 { root = String(root[..<root.lastIndex(of: "/")!]) }
        let paths = try Fixture.discover([root + "/traces"]).map(\.tracePath)
        #expect(paths.count > 90)
        var versions = Set<Int>()
        var records = 0
        for path in paths {
            let trace = try Trace.read(path: path)
            let scene = try Scene.resolve(for: trace)
            let version = trace.header.version
            versions.insert(version)
            let sources = Replayer(scene: scene, sink: RecordCollector()).sources

            let direct = MemoryOutput()
            let writer = TranscriptWriter(format: format, sources: sources, output: direct, version: version)
            Replayer.replay(trace, scene: scene, into: writer)
            try writer.finish()

            let piped = MemoryOutput()
            let pipeline = PipelinedWriter(TranscriptWriter(format: format, sources: sources, output: piped, version: version))
            Replayer.replay(trace, scene: scene, into: pipeline)
            try pipeline.finish()

            let collector = RecordCollector()
            Replayer.replay(trace, scene: scene, into: collector)
            let collected = MemoryOutput()
            let later = TranscriptWriter(format: format, sources: sources, output: collected, version: version)
            for record in collector.records { later.write(record) }
            try later.finish()

            records += collector.records.count
            #expect(piped.bytes == direct.bytes, "\(path)")
            #expect(collected.bytes == direct.bytes, "\(path)")
        }
        #expect(versions == [1, 2])
        #expect(records > 800)
    }

    /// Each kind of sink is found once, as the replay begins: the pipe of a pipelined writer,
    /// a transcript writer itself (written to in place), and neither for any other sink.
    @Test func anOutletFindsItsSinksKind() {
        let sources = [SourceName(view: "screen", name: "pan")]
        let writer = TranscriptWriter(format: .text, sources: sources, output: MemoryOutput())
        let direct = RecordOutlet(writer)
        #expect(direct.pipe == nil)
        #expect(direct.writer.map { $0.with { $0 === writer } } == true)
        let piped = RecordOutlet(PipelinedWriter(TranscriptWriter(format: .text, sources: sources, output: MemoryOutput())))
        #expect(piped.pipe != nil)
        let collected = RecordOutlet(RecordCollector())
        #expect(collected.pipe == nil && collected.writer == nil)
    }
}
