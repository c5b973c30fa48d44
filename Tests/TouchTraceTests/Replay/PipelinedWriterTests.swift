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

    /// The records recognizers and controls write themselves (a spot's `spotAdded`, `spotMoved`
    /// and `spotRemoved`, built where they lie in the pipe's chunk by
    /// `DeliveryContext.emitInPlace`; the knob's `valueChanged` and the checkmark's `phase`,
    /// handed to the outlet by `emit`): in a replay long enough that chunks fill and are handed
    /// over between such records many times, the same bytes as a writer on this thread writes,
    /// and as the records a collector kept.
    @Test(arguments: TranscriptFormat.allCases) func recordsARecognizerWritesItselfGoThroughThePipeUnchanged(_ format: TranscriptFormat) throws {
        // Strokes across the default scene: one finger, then two at once (two spots moving in
        // one event), each point a little apart in time and place.
        var events: [(t: Double, touches: [T])] = []
        var t = 0.0
        var spots = 0
        for stroke in 0..<240 {
            let fingers = stroke % 3 == 2 ? 2 : 1
            spots += fingers
            let points = 40 + stroke % 7
            for k in 0...points {
                let phase = k == 0 ? "began" : k == points ? "ended" : "moved"
                var touches: [T] = []
                for f in 0..<fingers {
                    let finger = Double(f), step = Double(k), shift = Double(stroke % 5), drift = Double(stroke)
                    let x: Double = 40 + finger * 120 + step * 3.25 + shift
                    let y: Double = 100 + step * (2.5 + finger) + drift
                    touches.append((id: stroke * 2 + f + 1, phase: phase, x: x, y: y))
                }
                events.append((t: t, touches: touches))
                t += 0.0075 + Double((stroke + k) % 4) * 0.0005
            }
            t += 0.3
        }
        let trace = try parseTrace(traceJSON(events))
        let scene = try Scene.resolve(for: trace)
        let sources = Replayer(scene: scene, sink: RecordCollector()).sources

        let direct = MemoryOutput()
        let writer = TranscriptWriter(format: format, sources: sources, output: direct)
        Replayer.replay(trace, scene: scene, into: writer)
        try writer.finish()

        let piped = MemoryOutput()
        let pipeline = PipelinedWriter(TranscriptWriter(format: format, sources: sources, output: piped))
        Replayer.replay(trace, scene: scene, into: pipeline)
        try pipeline.finish()

        let collector = RecordCollector()
        Replayer.replay(trace, scene: scene, into: collector)
        let collected = MemoryOutput()
        let later = TranscriptWriter(format: format, sources: sources, output: collected)
        for record in collector.records { later.write(record) }
        try later.finish()

        let kinds = Dictionary(grouping: collector.records, by: { $0.event.description }).mapValues(\.count)
        #expect(collector.records.count > PipelinedWriter.chunkSize * PipelinedWriter.bufferCount)
        #expect(kinds["spotMoved", default: 0] > 10_000)
        #expect(kinds["valueChanged", default: 0] > 5000)
        #expect(kinds["spotAdded"] == spots && kinds["spotRemoved"] == spots)
        #expect(piped.bytes == direct.bytes)
        #expect(collected.bytes == direct.bytes)
    }
}
