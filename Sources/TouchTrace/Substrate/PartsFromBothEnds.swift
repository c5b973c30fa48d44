import Dispatch

/// Work cut into parts `0 ..< count`, shared by two threads: the caller takes parts from the
/// front as it reaches them, a worker thread takes whole parts from the back, each part only
/// while the other has not taken it. So the threads meet wherever their speeds put them, and
/// the caller waits at most for one part.
///
/// The worker's result for a part is handed to the caller through this box: it is written
/// once, on the worker's thread, before the part's semaphore is signalled, and read only after
/// the caller has waited for that semaphore. That hand-over is what the `@unchecked Sendable`
/// below stands for; `front` and `back` are read and written only under `lock`.
final class PartsFromBothEnds<Result>: @unchecked Sendable {
    /// How many parts there are.
    let count: Int
    /// The worker's results, each written once before `done[k]` is signalled.
    private var results: [Result?]
    /// Signalled when the worker has done with part k.
    private let done: [DispatchSemaphore]
    /// Guards `front` and `back`.
    private let lock = DispatchSemaphore(value: 1)
    /// Parts before `front` are the caller's, parts from `back` on the worker's.
    private var front = 0
    private var back: Int
    private let group = DispatchGroup()

    init(count: Int) {
        self.count = count
        results = Array(repeating: nil, count: count)
        done = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        back = count
    }

    /// Starts the worker: it runs `work` for each part it takes, from the last one back, on a
    /// thread of its own, and keeps the result for the caller.
    func start(_ work: @escaping @Sendable (Int) -> Result) {
        DispatchQueue.global().async(group: group) { [self] in
            while let k = takeFromBack() {
                results[k] = work(k)
                done[k].signal()
            }
        }
    }

    /// Starts the worker as `start(_:)` does, but `work` is also given its own result for the
    /// part after (nil for the last part): work done in stages, each stage's result going to
    /// the caller as soon as it is done and to the next stage.
    func startInStages(_ work: @escaping @Sendable (_ part: Int, _ after: Result?) -> Result) {
        DispatchQueue.global().async(group: group) { [self] in
            while let k = takeFromBack() {
                results[k] = work(k, k + 1 < count ? results[k + 1] : nil)
                done[k].signal()
            }
        }
    }

    private func takeFromBack() -> Int? {
        lock.wait()
        defer { lock.signal() }
        guard back > front else { return nil }
        back -= 1
        return back
    }

    /// Takes part `k` for the caller (who reaches the parts in order) if the worker has not
    /// taken it: true if the caller has it, false if it is the worker's.
    func takeFromFront(_ k: Int) -> Bool {
        lock.wait()
        defer { lock.signal() }
        let theirs = k >= back
        if !theirs { front = k + 1 }
        return !theirs
    }

    /// The worker's results for parts `k ..< count` (every one of them the worker's, as the
    /// worker takes parts from the back), waited for: nil for a part whose work gave nil.
    func results(from k: Int) -> [Result?] {
        // The worker finishes parts from the back: once part k is done, so are those after it.
        wait(for: k)
        return Array(results[k...])
    }

    /// Waits until the worker has done with part `k` (taken by it).
    func wait(for k: Int) {
        done[k].wait()
        // Left signalled for whoever waits next.
        done[k].signal()
    }

    /// Leaves every part not yet taken to the caller, and waits for the worker.
    func finish() {
        lock.wait()
        front = count
        lock.signal()
        group.wait()
    }
}
