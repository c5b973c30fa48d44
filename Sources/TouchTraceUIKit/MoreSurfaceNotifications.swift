import Foundation
import Synchronization
import TouchTrace

// Notifications sent to a selector, as gesture code writes `NotificationCenter.default
// .addObserver(self, selector: #selector(hideMenu), name: ..., object: nil)`: Foundation on Linux
// has only the block-based observers, so touchtrace adds the selector-based ones over them.

/// The number of the current thread among the threads that added or posted notifications
/// with selectors (1, 2, …, in the order they first did): a replay runs on one thread, so it
/// tells one replay's observers from another's.
final class NotificationThread {
    let number: Int
    init() { number = notificationThreadCount.withLock { count in count += 1; return count } }
    /// The current thread's number.
    static var current: Int { perThread("TouchTraceUIKit.NotificationThread", NotificationThread.init).number }
}

/// How many threads have had a number.
let notificationThreadCount = Mutex(0)

/// One observer added with a selector: the observer (weakly, as Foundation holds observers),
/// the selector, and the thread it was added on.
final class SelectorObservation: Sendable {
    /// The observer, held weakly. A replay runs on one thread and posts its notifications on
    /// it, so the reference is used by one thread at a time, as `ThreadConfined` says.
    private let observer: ThreadConfined<WeakObserver>
    /// The selector called with each notification.
    let selector: Selector
    /// The name observed (nil: every name).
    let name: NSNotification.Name?
    /// The thread it was added on (`NotificationThread`).
    let thread: Int

    struct WeakObserver { weak var object: AnyObject? }

    init(observer: AnyObject, selector: Selector, name: NSNotification.Name?) {
        self.observer = ThreadConfined(WeakObserver(object: observer))
        self.selector = selector
        self.name = name
        self.thread = NotificationThread.current
    }

    /// The observer, if it is still there.
    var object: AnyObject? { observer.value.object }

    /// Calls the selector on the observer with `notification`, if it is posted on the thread
    /// the observer was added on and the observer is still there.
    func deliver(_ notification: Notification) {
        guard NotificationThread.current == thread, let object else { return }
        DelayedPerform.call(selector, on: object, with: notification)
    }
}

/// A selector observation and the token of the block observer that delivers to it (used on the
/// replay's thread only, as `ThreadConfined` says).
struct SelectorObservationEntry: Sendable {
    let observation: SelectorObservation
    let token: ThreadConfined<any NSObjectProtocol>
}

/// The selector observations of each notification center, by the center's identity.
let selectorObservations = Mutex<[ObjectIdentifier: [SelectorObservationEntry]]>([:])

extension NotificationCenter {
    /// Calls `aSelector` on `observer` with each notification named `aName` (every name when
    /// nil) from `anObject` (any sender when nil), as Foundation's
    /// `addObserver(_:selector:name:object:)` does on a device: synchronously, on the thread
    /// that posts. The observer is held weakly: once it is freed nothing is called.
    ///
    /// Swift on Linux has no Objective-C runtime, so the call goes as
    /// `NSObject.registerPerform(_:for:_:)` says (the closure gets the `Notification` as its
    /// argument); a selector that no registration answers stops the program at the first
    /// notification, with a message naming it. An observer that is not a class instance is
    /// ignored.
    ///
    /// A device runs one app; touchtrace may run replays side by side, each on its own thread,
    /// so an observer hears only the notifications posted on the thread it was added on: one
    /// replay's code never calls into another's views.
    public func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?) {
        guard type(of: observer) is AnyClass else { return }
        let observation = SelectorObservation(observer: observer as AnyObject, selector: aSelector, name: aName)
        let token = addObserver(forName: aName, object: anObject, queue: nil) { observation.deliver($0) }
        let entry = SelectorObservationEntry(observation: observation, token: ThreadConfined(token))
        let center = ObjectIdentifier(self)
        selectorObservations.withLock { table in
            // This thread's observations whose observer is gone (another thread's are its own).
            table[center, default: []].removeAll { $0.observation.thread == entry.observation.thread && $0.observation.object == nil }
            table[center, default: []].append(entry)
        }
    }

    /// Removes every observation `observer` was added with, as Foundation's `removeObserver(_:)`:
    /// those added with a selector (`addObserver(_:selector:name:object:)`) end here too.
    public func removeObserver(_ observer: UIResponder) {
        removeSelectorObservations(of: observer, name: nil)
        removeObserver(observer as Any)
    }

    /// Removes the observations of `observer` for `aName` (every name when nil), as
    /// Foundation's `removeObserver(_:name:object:)`, those added with a selector included
    /// (touchtrace ends them whatever their sender).
    public func removeObserver(_ observer: UIResponder, name aName: NSNotification.Name?, object anObject: Any?) {
        removeSelectorObservations(of: observer, name: aName)
        removeObserver(observer as Any, name: aName, object: anObject)
    }

    /// Ends the selector observations of `observer` for `name` (all when nil), among those
    /// added on this thread (an observer is a replay's, and a replay runs on one thread).
    private func removeSelectorObservations(of observer: AnyObject, name: NSNotification.Name?) {
        let center = ObjectIdentifier(self)
        let identity = ObjectIdentifier(observer)
        let thread = NotificationThread.current
        let removed = selectorObservations.withLock { table -> [SelectorObservationEntry] in
            let list = table[center] ?? []
            let matches: (SelectorObservationEntry) -> Bool = { entry in
                entry.observation.thread == thread && entry.observation.object.map(ObjectIdentifier.init) == identity
                    && (name == nil || entry.observation.name == name)
            }
            table[center] = list.filter { !matches($0) }
            return list.filter(matches)
        }
        for entry in removed { removeObserver(entry.token.value) }
    }
}
