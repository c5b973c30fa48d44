// Values in fixed memory: a list of up to six kept inline, and chunks of values handed to a
// thread of their own.

import Dispatch

/// A row of values read in place: the first `count` of six values kept inline in a tuple (a
/// list made for almost every event must not allocate), viewed without copying them.
struct InlineRow<Element>: Sequence {
    private let start: UnsafePointer<Element>
    /// How many values the row has.
    let count: Int

    /// Calls `body` with the first `count` (at most 6) values of `six` as a row, read where
    /// they lie (they are not changed: `inout` only so that they are not copied first).
    @inline(__always)
    static func withRow<R>(of six: inout (Element, Element, Element, Element, Element, Element), count: Int, _ body: (InlineRow) -> R) -> R {
        precondition(count >= 0 && count <= 6, "a row of \(count) of six values")
        return withUnsafeMutableBytes(of: &six) { raw in
            // A homogeneous tuple is laid out as a row of its elements; the row does not
            // outlive this call (`body` gets it, the caller keeps it from escaping).
            body(InlineRow(start: UnsafePointer(raw.baseAddress!.assumingMemoryBound(to: Element.self)), count: count))
        }
    }

    @inline(__always) private init(start: UnsafePointer<Element>, count: Int) {
        self.start = start
        self.count = count
    }

    /// The values in order, by a pointer that stops at the row's end.
    struct Iterator: IteratorProtocol {
        private var position: UnsafePointer<Element>
        private let end: UnsafePointer<Element>

        fileprivate init(start: UnsafePointer<Element>, end: UnsafePointer<Element>) {
            position = start
            self.end = end
        }

        @inline(__always) mutating func next() -> Element? {
            guard position != end else { return nil }
            // Before `end`: within the row.
            defer { position += 1 }
            return position.pointee
        }
    }

    @inline(__always) func makeIterator() -> Iterator {
        // The row's end: `count` (at most 6) values on.
        Iterator(start: start, end: start + count)
    }

    /// Value `i` of the row.
    @inline(__always) subscript(i: Int) -> Element {
        precondition(i >= 0 && i < count, "index \(i) out of 0..<\(count)")
        // Within the row: checked above.
        return start[i]
    }
}

/// Values handed, in chunks, to a thread of its own that consumes them in order, so that making
/// them and consuming them run on two cores at once. At most `chunksInFlight` chunks wait, so
/// memory stays small however many values pass.
///
/// The chunks' memory is allocated once and used in turn: fresh memory costs a page fault per
/// 4 KiB on first touch, and chunks used again are still in the cache. Values are appended by
/// one thread at a time.
final class ChunkPipe<Element>: @unchecked Sendable {
    // Sendable: the appending thread and the consuming thread share only the chunks, each
    // handed over whole (after the semaphore admits it) and never touched by the appender
    // until the consumer is done with its buffer (see `handOver`).

    /// A chunk being consumed: its values, read or changed in place.
    struct Chunk {
        fileprivate let values: UnsafeMutablePointer<Element>
        let count: Int

        /// Calls `body` with each value in order, in place.
        @inline(__always) func forEach(_ body: (inout Element) -> Void) {
            // The chunk's `count` values, initialized and handed over whole.
            for i in 0..<count { body(&values[i]) }
        }
    }

    /// Values per chunk.
    let chunkSize: Int
    /// Chunks that may wait for the consuming thread before `append` waits.
    let chunksInFlight: Int
    private let bufferCount: Int
    /// Room for `bufferCount` chunks of `chunkSize` values, one after another.
    private let buffers: UnsafeMutablePointer<Element>
    /// The chunk being filled, behind a pointer: filling it is a copy per value, without the
    /// exclusivity checks of a class's stored variable.
    private let filling: UnsafeMutablePointer<Filling>
    private let consume: @Sendable (Chunk) -> Void
    private let queue: DispatchQueue
    private let room: DispatchSemaphore
    private let done = DispatchGroup()
    /// Objects kept alive until the pipe goes (what the values in flight refer to).
    private var kept: [AnyObject] = []

    private struct Filling {
        /// Which of the buffers is being filled.
        var buffer = 0
        var values: UnsafeMutablePointer<Element>
        var count = 0
    }

    /// A pipe whose thread (named `label`) calls `consume` with each chunk, in order.
    init(chunkSize: Int, chunksInFlight: Int, label: String, consume: @escaping @Sendable (Chunk) -> Void) {
        precondition(chunkSize > 0 && chunksInFlight > 0, "chunks of one value at least, one in flight at least")
        self.chunkSize = chunkSize
        self.chunksInFlight = chunksInFlight
        // Those in flight and the one being filled, used in turn.
        bufferCount = chunksInFlight + 1
        buffers = .allocate(capacity: bufferCount * chunkSize)
        filling = .allocate(capacity: 1)
        filling.initialize(to: Filling(values: buffers))
        self.consume = consume
        queue = DispatchQueue(label: label)
        room = DispatchSemaphore(value: chunksInFlight)
    }

    deinit {
        // Chunks still in flight (when `finish` was not called) use the buffers: they finish
        // first. Values handed over are deinitialized by the consuming thread.
        done.wait()
        filling.pointee.values.deinitialize(count: filling.pointee.count)
        filling.deinitialize(count: 1)
        filling.deallocate()
        buffers.deallocate()
    }

    /// Keeps `object` alive as long as the pipe (once however often it is given).
    func keep(_ object: AnyObject) {
        if !kept.contains(where: { $0 === object }) { kept.append(object) }
    }

    /// Appends a value; hands the chunk over when it is full.
    @inline(__always) func append(_ value: Element) {
        // The chunk being filled has room for `chunkSize` values and holds `n` < `chunkSize`.
        let n = filling.pointee.count
        (filling.pointee.values + n).initialize(to: value)
        filling.pointee.count = n + 1
        if n + 1 == chunkSize { handOver() }
    }

    /// Passes the current chunk to the consuming thread (waiting while too many are queued),
    /// and starts filling the next buffer. Not inlined: `append`, run for every value, then
    /// saves no registers.
    ///
    /// The next buffer is free: chunks are consumed in the order they are handed over, and once
    /// `room` admits this chunk at most `chunksInFlight` are unconsumed, this one and the ones
    /// handed over just before it; the next buffer's chunk was handed over before those.
    @inline(never)
    private func handOver() {
        let chunk = Chunk(values: filling.pointee.values, count: filling.pointee.count)
        room.wait()
        done.enter()
        let consume = self.consume
        let room = self.room
        let done = self.done
        // The chunk's memory is the consuming thread's until `room` is signalled (see above).
        let handed = Handed(chunk: chunk)
        queue.async {
            consume(handed.chunk)
            handed.chunk.values.deinitialize(count: handed.chunk.count)
            room.signal()
            done.leave()
        }
        let next = (filling.pointee.buffer + 1) % bufferCount
        filling.pointee = Filling(buffer: next, values: buffers + next * chunkSize, count: 0)
    }

    /// A chunk on its way to the consuming thread.
    private struct Handed: @unchecked Sendable {
        // Sendable: the appending thread no longer touches the chunk (see `handOver`).
        let chunk: Chunk
    }

    /// Hands over what is being filled and waits until every chunk is consumed.
    func finish() {
        if filling.pointee.count > 0 { handOver() }
        done.wait()
    }
}
