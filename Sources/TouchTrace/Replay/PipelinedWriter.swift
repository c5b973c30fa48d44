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
    private var chunk: [Record] = []
    private let queue = DispatchQueue(label: "touchtrace.transcript")
    private let room = DispatchSemaphore(value: PipelinedWriter.chunksInFlight)
    private let done = DispatchGroup()

    public init(_ writer: TranscriptWriter) {
        self.writer = writer
        chunk.reserveCapacity(Self.chunkSize)
    }

    public func write(_ record: Record) {
        chunk.append(record)
        if chunk.count == Self.chunkSize { handOver() }
    }

    /// Passes the current chunk to the formatting thread (waiting while too many are queued).
    private func handOver() {
        let records = chunk
        chunk = []
        chunk.reserveCapacity(Self.chunkSize)
        room.wait()
        done.enter()
        let writer = self.writer
        let room = self.room
        let done = self.done
        // Only this queue's one thread ever touches `writer`, one chunk after another.
        queue.async {
            for record in records { writer.write(record) }
            room.signal()
            done.leave()
        }
    }

    /// Writes everything still queued; throws if any write failed.
    public func finish() throws {
        if !chunk.isEmpty { handOver() }
        done.wait()
        try writer.finish()
    }
}
