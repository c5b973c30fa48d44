/// A record sink that hands records, in chunks, to another thread that formats and writes them
/// with a `TranscriptWriter`, so that replaying (parsing and recognizers) and formatting run on
/// two cores at once. Records keep their order; at most a few chunks are in flight, so memory
/// stays small whatever the length of the trace.
///
/// The chunks' memory is allocated once and used in turn: fresh memory costs a page fault per
/// 4 KiB on first touch, which, for a new chunk every few thousand records, was a tenth of a
/// second per 100 MB of trace; chunks used again are also still in the cache.
public final class PipelinedWriter: RecordSink, Sendable {
    /// Records per chunk: large enough that the formatting thread is woken seldom, small enough
    /// that the chunks' memory stays a few megabytes (a record is 240 bytes: 5.9 MB in all).
    ///
    /// Formatting keeps up with replaying, so the formatting thread sleeps between chunks and
    /// every chunk handed over wakes it: a system call on the replaying thread, the critical
    /// one, and a thread switch on the other core. A 100 MB trace replayed to JSON Lines makes
    /// about 4 million records: in chunks of 1024, some 3,800 voluntary context switches and
    /// 0.53–0.55 s (the better runs on 2 cores); in chunks of 8192, some 500 and 0.48–0.51 s,
    /// with about 0.04 s less processor time in all.
    static let chunkSize = 8192
    /// Chunks that may wait for the formatting thread before the replaying thread waits (one
    /// more than the chunk being formatted gives the replaying thread room for a slow chunk).
    static let chunksInFlight = 2
    /// The chunks' memory: those in flight and the one being filled, used in turn.
    static let bufferCount = chunksInFlight + 1

    private let writer: TranscriptWriter
    /// The records on their way to the formatting thread, which writes them where they lie. A
    /// replay appends to it directly (`RecordOutlet`), as `write` does.
    let pipe: ChunkPipe<Record>

    /// Keeps the scope of the texts of the records in flight until the writer goes (after the
    /// last chunk is written).
    public func keep(_ texts: TextScope) {
        pipe.keep(texts)
    }

    public init(_ writer: TranscriptWriter) {
        self.writer = writer
        pipe = ChunkPipe(chunkSize: Self.chunkSize, chunksInFlight: Self.chunksInFlight, label: "touchtrace.transcript") { chunk in
            chunk.forEach { writer.write(inPlace: &$0) }
        }
    }

    public func write(_ record: Record) {
        pipe.append(record)
    }

    /// The new source reaches the writer through the pipe, in order with the records: as a
    /// record the formatting thread takes as the definition (its names as texts of the
    /// replay's scope, which the pipe keeps).
    public func define(source: Int, as name: SourceName) {
        pipe.append(Record(t: 0, source: source, event: TranscriptWriter.sourceDefinitionEvent,
                           fields: FieldList(Field("view", .text(SharedText(name.view))), Field("source", .text(SharedText(name.name))))))
    }

    /// Writes everything still queued; throws if any write failed.
    public func finish() throws {
        pipe.finish()
        try writer.finish()
    }
}
