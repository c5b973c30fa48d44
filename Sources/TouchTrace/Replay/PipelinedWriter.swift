import Dispatch

/// A record sink that hands records, in chunks, to another thread that formats and writes them
/// with a `TranscriptWriter`, so that replaying (parsing and recognizers) and formatting run on
/// two cores at once. Records keep their order; at most a few chunks are in flight, so memory
/// stays small whatever the length of the trace.
public final class PipelinedWriter: RecordSink, @unchecked Sendable {
    /// Records per chunk: large enough that handing a chunk over costs little per record.
    static let chunkSize = 4096
    /// Chunks that may wait for the formatting thread before the replaying thread waits.
    static let chunksInFlight = 3

    private let writer: TranscriptWriter
    /// The chunk being filled, behind a pointer: records are plain data, so filling it is a copy
    /// per record, without the exclusivity and uniqueness checks of an array in a class.
    private let filling = UnsafeMutablePointer<Chunk>.allocate(capacity: 1)
    private let queue = DispatchQueue(label: "touchtrace.transcript")
    private let room = DispatchSemaphore(value: PipelinedWriter.chunksInFlight)
    private let done = DispatchGroup()

    private struct Chunk: @unchecked Sendable {
        let records = UnsafeMutablePointer<Record>.allocate(capacity: PipelinedWriter.chunkSize)
        var count = 0
    }

    /// The scopes of the texts of the records in flight (kept until the writer goes).
    private var texts: [TextScope] = []

    public func keep(_ texts: TextScope) {
        if !self.texts.contains(where: { $0 === texts }) { self.texts.append(texts) }
    }

    public init(_ writer: TranscriptWriter) {
        self.writer = writer
        filling.initialize(to: Chunk())
    }

    deinit {
        filling.pointee.records.deinitialize(count: filling.pointee.count)
        filling.pointee.records.deallocate()
        filling.deallocate()
    }

    public func write(_ record: Record) {
        let n = filling.pointee.count
        (filling.pointee.records + n).initialize(to: record)
        filling.pointee.count = n + 1
        if n + 1 == Self.chunkSize { handOver() }
    }

    /// Passes the current chunk to the formatting thread (waiting while too many are queued).
    private func handOver() {
        let chunk = filling.pointee
        filling.pointee = Chunk()
        room.wait()
        done.enter()
        let writer = self.writer
        let room = self.room
        let done = self.done
        // Only this queue's one thread ever touches `writer`, one chunk after another.
        queue.async {
            for i in 0..<chunk.count { writer.write(inPlace: &chunk.records[i]) }
            chunk.records.deinitialize(count: chunk.count)
            chunk.records.deallocate()
            room.signal()
            done.leave()
        }
    }

    /// Writes everything still queued; throws if any write failed.
    public func finish() throws {
        if filling.pointee.count > 0 { handOver() }
        done.wait()
        try writer.finish()
    }
}
