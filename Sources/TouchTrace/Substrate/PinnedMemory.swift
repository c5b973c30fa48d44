// Pinned memory: values that stay put for the life of their owner, reached through small
// handles with no check of exclusive access and no reference counting — the replay, its
// arena, its rows of scratch, its cells, its text scope, and a value lent for one call.
//
// Each type here is one handle with a small safe API. What makes each safe is written where it
// is declared: who owns the memory, for how long a handle may be used, and what a use checks.

/// Memory of its own for one value (an arena, a replay) for as long as this object lives; its
/// `handle` reaches the value. The owner keeps this object for as long as any handle is used.
final class PinnedStorage<Value> {
    /// The value's handle: valid while this object lives.
    let handle: Pinned<Value>

    init(_ value: Value) {
        let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        pointer.initialize(to: value)
        handle = Pinned(pointer)
    }

    deinit {
        handle.pointer.deinitialize(count: 1)
        handle.pointer.deallocate()
    }
}

/// A value that stays put (in a `PinnedStorage`), read and changed in place through `value`:
/// with no check of exclusive access (a class's stored property would be checked at every
/// access) and no reference counting (the storage's owner keeps it alive).
///
/// A copy of the handle reaches the same value. Safe as long as the storage lives — its owner
/// keeps it beside every handle it gives out — and as long as one access does not begin while
/// another of the same value is under way on another thread (a replay and everything it holds
/// belong to one thread).
struct Pinned<Value>: Equatable {
    fileprivate let pointer: UnsafeMutablePointer<Value>

    fileprivate init(_ pointer: UnsafeMutablePointer<Value>) { self.pointer = pointer }

    /// The value, in place. (Always inlined: in code generic over a recognizer's type, a call
    /// of the accessor at every access cost more than the access.)
    var value: Value {
        @inline(__always) unsafeAddress { UnsafePointer(pointer) }
        @inline(__always) nonmutating unsafeMutableAddress { pointer }
    }

    /// Whether both handles reach the same value.
    static func == (a: Pinned, b: Pinned) -> Bool { a.pointer == b.pointer }
}

/// Memory of its own for a row of plain values (no references in them) that only grows: a
/// replay's per-slot and per-view scratch. Its `row` reaches them; the owner keeps this object
/// for as long as the row is used, and takes the new `row` after each `grow`.
final class PinnedBuffer<Element> {
    /// The values' handle: valid while this object lives and until the next `grow`.
    private(set) var row: PinnedRow<Element>

    init(repeating value: Element, count: Int) {
        precondition(_isPOD(Element.self), "a pinned buffer holds plain values")
        let start = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(count, 1))
        start.initialize(repeating: value, count: count)
        row = PinnedRow(start: start, count: count)
    }

    init(_ values: [Element]) {
        precondition(_isPOD(Element.self), "a pinned buffer holds plain values")
        let start = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(values.count, 1))
        start.initialize(from: values, count: values.count)
        row = PinnedRow(start: start, count: values.count)
    }

    /// Makes the row at least `count` values long (if it is shorter), the new ones `value`;
    /// returns the row's new handle (the old one must not be used again).
    func grow(to count: Int, filling value: Element) -> PinnedRow<Element> {
        guard count > row.count else { return row }
        let capacity = Swift.max(count, 2 * row.count)
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        moved.moveInitialize(from: row.start, count: row.count)
        (moved + row.count).initialize(repeating: value, count: capacity - row.count)
        row.start.deallocate()
        row = PinnedRow(start: moved, count: capacity)
        return row
    }

    // Plain values: nothing to deinitialize.
    deinit { row.start.deallocate() }
}

/// A row of plain values that stays put (in a `PinnedBuffer`), read and written in place by
/// index: with no check of exclusive access or sole ownership and no reference counting.
///
/// An index is checked against `count` in debug builds. A release build trusts it: the row is
/// the scratch of one owner, whose indices are numbers it sized the row for (a view's index
/// in a row per view, a touch's slot in a row grown to hold it before the touch is read) — the
/// check, at every touch of every event, was measured. Safe while the buffer lives and has not
/// grown since the handle was taken.
struct PinnedRow<Element> {
    fileprivate let start: UnsafeMutablePointer<Element>
    /// How many values there are.
    let count: Int

    fileprivate init(start: UnsafeMutablePointer<Element>, count: Int) {
        self.start = start
        self.count = count
    }

    /// The value at `index` (0 ..< `count`), in place.
    subscript(index: Int) -> Element {
        @inline(__always) unsafeAddress {
            assert(index >= 0 && index < count, "index \(index) out of a pinned row of \(count)")
            return UnsafePointer(start + index)
        }
        @inline(__always) nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < count, "index \(index) out of a pinned row of \(count)")
            return start + index
        }
    }

    /// Sorts the first `prefix` values in place, in increasing order.
    func sortPrefix(_ prefix: Int) where Element: Comparable {
        precondition(prefix >= 0 && prefix <= count, "a prefix of \(prefix) values of a pinned row of \(count)")
        var values = UnsafeMutableBufferPointer(start: start, count: prefix)
        values.sort()
    }
}

extension Array {
    /// Runs `body` with the array's values as a row read and written in place, valid only
    /// until `body` returns (the array is not empty): for scratch the caller holds alone and
    /// fills value by value, with no check of sole ownership at every write.
    mutating func withRowInPlace<R>(_ body: (PinnedRow<Element>) -> R) -> R {
        precondition(!isEmpty, "an empty array has no row")
        // Unique and stable for the length of the closure: the row is not kept past it.
        return withUnsafeMutableBufferPointer { body(PinnedRow(start: $0.baseAddress!, count: $0.count)) }
    }
}

/// A row of at most `capacity` plain values on the stack, filled from its start by `append`
/// and read back by index: scratch that one call writes once and reads again, with no
/// allocation on the heap, no check of sole ownership or exclusive access and no reference
/// counting. It lives only inside `with(capacity:_:)`, and must not be kept past it.
///
/// `append` checks the capacity in every build. An index is checked against `count` (the values
/// appended) in debug builds; a release build trusts it, as `PinnedRow` does: the one call that
/// appended the values reads them back, at indices below the count it appended.
struct PinnedScratch<Element> {
    private let start: UnsafeMutablePointer<Element>
    /// How many values the row can hold.
    let capacity: Int
    /// How many values have been appended.
    private(set) var count = 0

    private init(start: UnsafeMutablePointer<Element>, capacity: Int) {
        self.start = start
        self.capacity = capacity
    }

    /// Runs `body` with an empty row of scratch for `capacity` plain values (at least one),
    /// valid until `body` returns. The row is on the stack when its bytes are few (1 KiB or
    /// less), else on the heap.
    static func with<R>(capacity: Int, _ body: (inout PinnedScratch<Element>) -> R) -> R {
        precondition(_isPOD(Element.self), "a pinned row of scratch holds plain values")
        precondition(capacity > 0, "a pinned row of scratch holds at least one value")
        // The memory is this closure's alone and the row is not kept past it; only appended
        // (initialized) values are read, and plain values need no deinitializing.
        return withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) { memory in
            var row = PinnedScratch(start: memory.baseAddress!, capacity: capacity)
            return body(&row)
        }
    }

    /// Writes `value` after the values appended so far (fewer than `capacity`).
    mutating func append(_ value: Element) {
        precondition(count < capacity, "a pinned row of scratch of \(capacity) values is full")
        (start + count).initialize(to: value)
        count += 1
    }

    /// The value appended at `index` (0 ..< `count`), in place.
    subscript(index: Int) -> Element {
        @inline(__always) unsafeAddress {
            assert(index >= 0 && index < count, "index \(index) out of a pinned row of scratch of \(count) values")
            return UnsafePointer(start + index)
        }
    }
}

/// A reference to an object that someone else keeps alive, used with no reference counting:
/// the replay's recognizer and control cells, which it holds in an array of its own beside the
/// handles. Safe while that array (the owner) lives: the object is used only inside `with`,
/// while the owner is known to hold it.
struct Unretained<Object: AnyObject> {
    private let reference: Unmanaged<Object>

    /// A handle to `object`, which its owner keeps for as long as the handle is used.
    init(_ object: Object) { reference = .passUnretained(object) }

    /// Runs `body` with the object (always inlined, as the reference it replaces was used).
    @inline(__always) func with<R>(_ body: (Object) -> R) -> R { reference._withUnsafeGuaranteedRef(body) }
}

/// Which text scope (if any) is current on a thread, as a token that is cheap to compare and
/// keeps nothing alive: a replay notes the scope it last saw current and looks again at every
/// event. `scope` gives the scope back while the scope is current (the thread's `run` keeps it).
struct TextScopeMark: Equatable {
    fileprivate let raw: UnsafeMutableRawPointer?

    /// The scope current on this thread, as a mark (no scope: `none`).
    static var current: TextScopeMark { TextScopeMark(raw: TextScope.currentPointer) }

    /// No scope.
    static var none: TextScopeMark { TextScopeMark(raw: nil) }

    /// The mark of `scope`.
    init(_ scope: TextScope) { raw = Unmanaged.passUnretained(scope).toOpaque() }

    fileprivate init(raw: UnsafeMutableRawPointer?) { self.raw = raw }

    /// The scope this mark is of, when it is the current one (nil: it is not, or it is `none`).
    /// A scope is kept alive while it is current (`TextScope.run`, `enter`), so giving it back
    /// (counted once more) is safe then.
    var currentScope: TextScope? {
        guard let raw, raw == TextScope.currentPointer else { return nil }
        return Unmanaged<TextScope>.fromOpaque(raw).takeUnretainedValue()
    }
}

extension TextScope {
    /// Makes `scope` current on this thread, where no scope is, until `leave()`; the caller
    /// keeps `scope` alive until then (a replay keeps its own). For a replay that makes its
    /// scope current around each event it is handed (`run` makes a closure of the call).
    static func enter(_ scope: TextScope) {
        assert(currentPointer == nil, "a text scope is entered where none is current")
        currentPointer = Unmanaged.passUnretained(scope).toOpaque()
    }

    /// Undoes `enter(_:)`: no scope is current on this thread.
    static func leave() { currentPointer = nil }
}

/// A value lent in place for the length of one call (`lend(_:_:)`): the handle may be kept
/// beyond the call (by an object that the call reaches), but is used only during it — every
/// use checks that the call is under way, and stops the program if it is not.
struct Lent<Value> {
    /// Where the value is while the call is under way; nil once it has returned.
    private final class Loan {
        var pointer: UnsafeMutablePointer<Value>?
        init(_ pointer: UnsafeMutablePointer<Value>) { self.pointer = pointer }
    }

    private let loan: Loan

    /// Runs `body` with a handle to `value`, which it (and whatever keeps the handle) may read
    /// and change in place until `body` returns; afterwards every use of the handle stops the
    /// program.
    static func lend<R>(_ value: inout Value, _ body: (Lent<Value>) -> R) -> R {
        // The address is stable for the length of the closure, and the loan is withdrawn
        // before it ends.
        withUnsafeMutablePointer(to: &value) { pointer in
            let loan = Loan(pointer)
            defer { loan.pointer = nil }
            return body(Lent(loan: loan))
        }
    }

    private init(loan: Loan) { self.loan = loan }

    /// Whether the call that lent the value is still under way.
    var isInScope: Bool { loan.pointer != nil }

    /// The value, in place, while the call that lent it is under way.
    var value: Value {
        unsafeAddress {
            guard let pointer = loan.pointer else { preconditionFailure("a lent value used after the call that lent it") }
            return UnsafePointer(pointer)
        }
        nonmutating unsafeMutableAddress {
            guard let pointer = loan.pointer else { preconditionFailure("a lent value used after the call that lent it") }
            return pointer
        }
    }
}

/// A value that belongs to one thread at a time, declared sendable so that a sendable value
/// may carry it. For state a replay makes and keeps (a recognizer's object, made at its first
/// call): a replay runs on one thread, and a value that carries it belongs to that replay, so
/// it is never used on two threads at once — the one thing `Sendable` promises here.
package struct ThreadConfined<Value>: @unchecked Sendable {
    /// The value.
    package var value: Value

    /// Wraps `value`, which the caller guarantees is used by one thread at a time.
    package init(_ value: Value) { self.value = value }
}

/// A pointer to a caller's value, as UIKit hands one to a delegate method that may change what
/// it points to (`scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`): the very
/// type UIKit declares there, under a name code outside this layer may write, so a method an app
/// writes with UIKit's spelling witnesses a protocol requirement written with this one.
public typealias ValuePointer<Value> = UnsafeMutablePointer<Value>

/// Runs `body` with a pointer to `value`, through which it (and the code it calls) may read and
/// change the value in place until `body` returns; the pointer must not be kept beyond that.
package func withValuePointer<Value, R>(to value: inout Value, _ body: (ValuePointer<Value>) -> R) -> R {
    // The address is stable for the length of the closure, and the pointer is only lent to it.
    withUnsafeMutablePointer(to: &value, body)
}

/// The key of a value an object carries for an app (`objc_setAssociatedObject`), as the
/// Objective-C runtime takes it: the address of a variable the app declares for the purpose,
/// passed as `&key`. The very type Apple's function declares, under a name code outside this
/// layer may write.
public typealias AssociationKey = UnsafeRawPointer

/// The identity of an association key: its address, as a number. It names the key for as long
/// as the variable lives — for the life of the program for the global or static stored variable
/// an app declares — and is only compared, never turned back into an address.
package func associationKeyIdentity(_ key: AssociationKey) -> Int {
    // Reading an address as a number touches no memory.
    Int(bitPattern: key)
}

/// The context an observer gives when it registers for key-value observing
/// (`addObserver(_:forKeyPath:options:context:)`) and gets back in
/// `observeValue(forKeyPath:of:change:context:)`: usually the address of a variable the
/// observer declares for the purpose, passed as `&context`, or nil. The very type Foundation
/// declares there, under a name code outside this layer may write, so an override written with
/// Foundation's spelling matches a method declared with this one. It is kept and handed back,
/// and compared only by the observer's own code.
public typealias KeyValueObservingContext = UnsafeMutableRawPointer
