// Pinned memory: values reached through a pointer that stays put, for the replay and its arena.

/// Memory of its own for one value (an `Arena`, a replay) for as long as this object lives:
/// code that keeps `pointer` reaches the value with no check of exclusive access and no
/// reference counting.
final class PinnedStorage<Value> {
    let pointer: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

/// Memory of its own for a row of plain values (no references in them) that only grows: a
/// replay's per-slot and per-view scratch. Code that keeps `start` reads and writes the values
/// with no check of exclusive access or sole ownership and no reference counting; `start`
/// changes only when the row grows (`grow(to:filling:)` returns the new one).
final class PinnedBuffer<Element> {
    /// The first value (stored by the owner as well: a class's variable would be checked for
    /// exclusive access at every read).
    private(set) var start: UnsafeMutablePointer<Element>
    /// How many values there are.
    private(set) var count: Int

    init(repeating value: Element, count: Int) {
        precondition(_isPOD(Element.self), "a pinned buffer holds plain values")
        start = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(count, 1))
        start.initialize(repeating: value, count: count)
        self.count = count
    }

    init(_ values: [Element]) {
        precondition(_isPOD(Element.self), "a pinned buffer holds plain values")
        start = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(values.count, 1))
        start.initialize(from: values, count: values.count)
        count = values.count
    }

    /// Makes the row `count` values long (if it is shorter), the new ones `value`; returns
    /// where the row now starts.
    func grow(to count: Int, filling value: Element) -> UnsafeMutablePointer<Element> {
        guard count > self.count else { return start }
        let capacity = Swift.max(count, 2 * self.count)
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        moved.moveInitialize(from: start, count: self.count)
        (moved + self.count).initialize(repeating: value, count: capacity - self.count)
        start.deallocate()
        start = moved
        self.count = capacity
        return moved
    }

    deinit { start.deallocate() }
}
