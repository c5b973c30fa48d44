import Dispatch

/// A record sink that hands records, in chunks, to another thread that formats and writes them
/// with a `TranscriptWriter`, so that replaying (parsing and recognizers) and formatting run on
/// two cores at once. Records keep their order; at most a few chunks are in flight, so memory
/// stays small whatever the length of the trace.
///
/// The chunks' memory is allocated once and used in turn: fresh memory costs a page fault per
/// 4 KiB on first touch, which, for a new chunk every few thousand records, was a tenth of a
/// second per 100 MB of trace; chunks used again are also still in the cache.
public final class PipelinedWriter: RecordSink, @unchecked Sendable {
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
    /// Room for `bufferCount` chunks of `chunkSize` records, one after another.
    private let buffers = UnsafeMutablePointer<Record>.allocate(capacity: PipelinedWriter.bufferCount * PipelinedWriter.chunkSize)
    /// The state of the chunk being filled, behind a pointer: filling it is a copy per record,
    /// without the exclusivity checks of a class's stored variable.
    private let filling = UnsafeMutablePointer<Filling>.allocate(capacity: 1)
    private let queue = DispatchQueue(label: "touchtrace.transcript")
    private let room = DispatchSemaphore(value: PipelinedWriter.chunksInFlight)
    private let done = DispatchGroup()

    private struct Filling {
        /// Which of the buffers is being filled.
        var buffer = 0
        var records: UnsafeMutablePointer<Record>
        var count = 0
    }

    /// A chunk handed to the formatting thread.
    private struct Chunk: @unchecked Sendable {
        let records: UnsafeMutablePointer<Record>
        let count: Int
    }

    /// The scopes of the texts of the records in flight (kept until the writer goes, after the
    /// last chunk is written).
    private var texts: [TextScope] = []

    public func keep(_ texts: TextScope) {
        if !self.texts.contains(where: { $0 === texts }) { self.texts.append(texts) }
    }

    public init(_ writer: TranscriptWriter) {
        self.writer = writer
        filling.initialize(to: Filling(records: buffers))
    }

    deinit {
        // Chunks still in flight (when `finish` was not called) use the buffers: they finish
        // first. Records handed over are deinitialized by the formatting thread.
        done.wait()
        filling.pointee.records.deinitialize(count: filling.pointee.count)
        filling.deinitialize(count: 1)
        filling.deallocate()
        buffers.deallocate()
    }

    public func write(_ record: Record) {
        let n = filling.pointee.count
        (filling.pointee.records + n).initialize(to: record)
        filling.pointee.count = n + 1
        if n + 1 == Self.chunkSize { handOver() }
    }

    /// Passes the current chunk to the formatting thread (waiting while too many are queued),
    /// and starts filling the next buffer. Not inlined: `write`, run for every record, then
    /// saves no registers.
    ///
    /// The next buffer is free: chunks are written in the order they are handed over, and once
    /// `room` admits this chunk at most `chunksInFlight` are unwritten, this one and the ones
    /// handed over just before it; the next buffer's chunk was handed over before those.
    @inline(never)
    private func handOver() {
        let chunk = Chunk(records: filling.pointee.records, count: filling.pointee.count)
        room.wait()
        done.enter()
        let writer = self.writer
        let room = self.room
        let done = self.done
        // Only this queue's one thread ever touches `writer`, one chunk after another.
        queue.async {
            for i in 0..<chunk.count { writer.write(inPlace: &chunk.records[i]) }
            chunk.records.deinitialize(count: chunk.count)
            room.signal()
            done.leave()
        }
        let next = (filling.pointee.buffer + 1) % Self.bufferCount
        filling.pointee = Filling(buffer: next, records: buffers + next * Self.chunkSize, count: 0)
    }

    /// Writes everything still queued; throws if any write failed.
    public func finish() throws {
        if filling.pointee.count > 0 { handOver() }
        done.wait()
        try writer.finish()
    }
}
