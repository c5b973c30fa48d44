// Objective-C associated objects, as gesture code keeps a closure on a view or a recognizer
// (`objc_setAssociatedObject(self, &key, action, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)`): Swift
// on Linux has no Objective-C runtime, so touchtrace keeps the values itself.
import TouchTrace

/// How an associated value is kept, as the Objective-C runtime's `objc_AssociationPolicy`
/// (same cases, same raw values).
///
/// In touchtrace every call on a UIKit object's values is made under one lock for the process,
/// so the atomic and nonatomic policies behave alike.
public enum objc_AssociationPolicy: UInt, Sendable {
    /// The value is not kept alive: a class instance is held weakly, and once it is freed a
    /// get returns nil (Apple's runtime returns the freed object's address, a dangling
    /// reference). Any other value (a closure, a struct, a number) is on a device boxed in a
    /// new object that nothing keeps: touchtrace keeps nothing, and a get returns nil.
    case OBJC_ASSOCIATION_ASSIGN = 0
    /// The value is kept (a strong reference), without atomicity.
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    /// A copy of the value is kept, without atomicity: an `NSCopying` object is copied
    /// (`copy()`); a closure or a value type is kept as it is, which in Swift is the same.
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    /// The value is kept (a strong reference).
    case OBJC_ASSOCIATION_RETAIN = 769
    /// A copy of the value is kept (see `OBJC_ASSOCIATION_COPY_NONATOMIC`).
    case OBJC_ASSOCIATION_COPY = 771
}

/// Associates `value` with `object` under `key`, as the Objective-C runtime's function: a later
/// `objc_getAssociatedObject(object, key)` gives it back, and a `nil` value removes the
/// association. `key` is the address of a variable, written `&key` (a global or static stored
/// variable, whose address stays the same for the life of the program); `policy` says how the
/// value is kept (`objc_AssociationPolicy`). A value set again under the same key replaces the
/// one before, which is released.
///
/// Values are per object and key. Those of a view, view controller (any `UIResponder`),
/// gesture recognizer or layer live in the object, and are released when it is freed. Those of
/// any other class instance are kept in a table of the thread that set them (a replay runs on
/// one thread), beside a weak reference to the object: they are found by calls on that thread
/// only, and released at its first association call after the object is freed (or when the
/// thread ends). An `object` that is not a class instance (a struct, a number, a closure) is on a
/// device boxed in a new object at each call, so its association is never found again: here
/// nothing is kept, and a get returns nil.
///
/// Replays may run on several threads at once: a call on a UIKit object's values holds one lock
/// for the process while it reads or changes them, as the runtime's own lock; released values
/// are let go after it is unlocked, so a value's `deinit` may itself associate values.
public func objc_setAssociatedObject(_ object: Any, _ key: AssociationKey, _ value: Any?, _ policy: objc_AssociationPolicy) {
    let kept = value.flatMap { AssociatedValue($0, policy: policy) }
    let key = associationKeyIdentity(key)
    let released = AssociatedValues.withValues(of: object, making: kept != nil) { values -> AssociatedValue? in
        guard let values else { return nil }
        if let kept { return values.byKey.updateValue(kept, forKey: key) }
        return values.byKey.removeValue(forKey: key)
    }
    _ = released  // Let go here, outside the lock.
}

/// The value associated with `object` under `key`, as the Objective-C runtime's function: nil
/// when none is, when it was set with `.OBJC_ASSOCIATION_ASSIGN` and has been freed, or when
/// `object` is not a class instance (see `objc_setAssociatedObject(_:_:_:_:)`).
public func objc_getAssociatedObject(_ object: Any, _ key: AssociationKey) -> Any? {
    let key = associationKeyIdentity(key)
    let found = AssociatedValues.withValues(of: object, making: false) { values -> AssociatedValue? in
        values?.byKey[key]
    }
    return found?.value
}

/// Removes every value associated with `object`, as the Objective-C runtime's function (which
/// Apple keeps for returning an object to a pristine state, not for removing one value: set
/// that one to nil).
public func objc_removeAssociatedObjects(_ object: Any) {
    let released = AssociatedValues.withValues(of: object, making: false) { values -> [Int: AssociatedValue] in
        guard let values else { return [:] }
        defer { values.byKey = [:] }
        return values.byKey
    }
    _ = released  // Let go here, outside the lock.
}

/// One associated value, as its policy keeps it.
enum AssociatedValue {
    /// Kept alive (retain and copy).
    case strong(Any)
    /// A class instance held weakly (assign).
    case weak(WeakAssociatedValue)

    /// `value` kept by `policy`; nil when the policy keeps nothing of it (assign of a value that
    /// is not a class instance).
    init?(_ value: Any, policy: objc_AssociationPolicy) {
        switch policy {
        case .OBJC_ASSOCIATION_ASSIGN:
            guard type(of: value) is AnyObject.Type else { return nil }
            self = .weak(WeakAssociatedValue(value as AnyObject))
        case .OBJC_ASSOCIATION_RETAIN, .OBJC_ASSOCIATION_RETAIN_NONATOMIC:
            self = .strong(value)
        case .OBJC_ASSOCIATION_COPY, .OBJC_ASSOCIATION_COPY_NONATOMIC:
            self = .strong((value as? NSCopying)?.copy(with: nil) ?? value)
        }
    }

    /// The value, if it is still there.
    var value: Any? {
        switch self {
        case .strong(let value): return value
        case .weak(let reference): return reference.object
        }
    }
}

/// A weak reference to an associated class instance.
final class WeakAssociatedValue {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// The values associated with one object, by the identity of their key
/// (`associationKeyIdentity`). Those of an `AssociationOwner` are only read and changed under
/// `AssociatedValues.lock`; those of another object belong to one thread.
final class AssociatedValues {
    var byKey: [Int: AssociatedValue] = [:]

    /// The lock every call on an `AssociationOwner`'s values holds, for the process.
    static let lock = NSLock()

    /// The values of class instances outside the UIKit classes that carry their own, on one
    /// thread, each with a weak reference to its object (to tell a freed object from a new one
    /// at the same address).
    final class Elsewhere {
        struct Entry {
            weak var object: AnyObject?
            let values: AssociatedValues
        }
        var byObject: [ObjectIdentifier: Entry] = [:]
    }

    /// Runs `body` with the values of `object` (made first when `making` and there are none;
    /// nil when there are none, or `object` is not a class instance): those of an
    /// `AssociationOwner` under the lock, those of another object from the current thread's
    /// table, out of which the values of freed objects are taken first. What `body` returns is
    /// let go by the caller, outside the lock.
    static func withValues<R>(of object: Any, making: Bool, _ body: (AssociatedValues?) -> R) -> R {
        guard type(of: object) is AnyObject.Type else { return body(nil) }
        let object = object as AnyObject
        if let owner = object as? AssociationOwner {
            lock.lock()
            defer { lock.unlock() }
            if owner.associatedValues == nil && making { owner.associatedValues = AssociatedValues() }
            return body(owner.associatedValues)
        }
        let table = perThread("TouchTraceUIKit.AssociatedValues", Elsewhere.init)
        // Freed objects' values, taken out (in any order: each is only let go).
        let freed = table.byObject.filter { $0.value.object == nil }
        for id in freed.keys { table.byObject[id] = nil }
        let id = ObjectIdentifier(object)
        if table.byObject[id] == nil && making { table.byObject[id] = Elsewhere.Entry(object: object, values: AssociatedValues()) }
        return body(table.byObject[id]?.values)
    }
}

/// An object that carries its own associated values, released with it: the UIKit classes code
/// associates values with (views and view controllers through `UIResponder`, recognizers,
/// layers).
protocol AssociationOwner: AnyObject {
    /// The object's associated values (nil until one is set), read and changed only under
    /// `AssociatedValues.lock`.
    var associatedValues: AssociatedValues? { get set }
}

extension UIResponder: AssociationOwner {}
extension UIGestureRecognizer: AssociationOwner {}
extension CALayer: AssociationOwner {}
