// Values in fixed memory: a list of up to six kept inline, chunks of values handed to a
// thread of their own, and work shared by threads: a value behind a lock, and indices handed
// out in runs to threads that each fill the result slots of the indices they were given.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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

/// A value shared by threads, read and changed only while its lock is held (`withLock`).
///
/// The lock is a mutex rather than a serial queue: taking a free one costs tens of
/// instructions, where a queue's `sync` costs thousands (a block, its copy and its release).
/// The value lies in memory of its own, reached by pointer: a class's stored variable would
/// cost a run-time check of exclusive access at every use. Safe because every access goes
/// through `withLock`, which holds the mutex for the length of its closure: one thread at a
/// time. The value is `Sendable`: what the closure copies out of it may go to any thread.
final class Locked<State: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let state: UnsafeMutablePointer<State>

    /// `state`, behind a lock of its own.
    init(_ state: State) {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` with the value, which it may change, while holding the lock (other threads
    /// that ask wait until it returns). `body` must not ask for the same lock again.
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }
}

/// Runs `body` for each index of `0..<count`, each exactly once, on `workers` threads (at least
/// one, at most `count`), and gives back the results in the order of the indices.
///
/// Each thread first makes its own worker (`makeWorker`: state that it alone then uses, such as
/// a cache, handed to `body` with each index it runs). Indices are handed out in runs of
/// neighbours as threads are ready for them: on a machine whose cores other programs share, a
/// thread that gets less time does less, instead of making the others wait for it at the end.
/// A run is long enough that taking one costs nothing beside the work (about 32 runs a thread,
/// 1 to 16 indices each), short enough that the last runs even out the threads.
///
/// `progress`, if given, is called after each index with the number done so far, from the
/// worker threads one call at a time.
func resultsOnThreads<Worker, Result: Sendable>(count: Int, workers: Int, makeWorker: @Sendable () -> Worker,
                                                 progress: (@Sendable (Int) -> Void)? = nil,
                                                 _ body: @Sendable (inout Worker, Int) -> Result) -> [Result] {
    let threads = max(1, min(workers, count))
    let runLength = max(1, min(16, count / max(1, threads * 32)))
    let slots = ResultSlots<Result>(count: count)
    let next = Locked(0)
    let done = Locked(0)
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
        var worker = makeWorker()
        while let run = next.withLock({ start -> Range<Int>? in
            guard start < count else { return nil }
            let run = start..<min(start + runLength, count)
            start = run.upperBound
            return run
        }) {
            for i in run {
                slots.set(i, body(&worker, i))
                if let progress { done.withLock { finished in
                    finished += 1
                    progress(finished)
                } }
            }
        }
    }
    return slots.all()
}

/// One slot per index of `resultsOnThreads`, in memory allocated once. Safe because each index
/// comes from that function's runs, handed out once each, so that each slot is written by one
/// thread, once; and the slots are read (`all`) only after every thread has finished. No Swift
/// access to a shared property is involved (which exclusivity checking would rightly refuse).
private final class ResultSlots<Result: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Result?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: max(count, 1))
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// Fills slot `i` (0 ..< `count`, checked), which no other thread writes.
    func set(_ i: Int, _ result: Result) {
        precondition(i >= 0 && i < count, "slot \(i) of \(count)")
        slots[i] = result
    }

    /// The results, each slot filled.
    func all() -> [Result] { (0..<count).map { slots[$0]! } }
}
