import Synchronization

/// The name of a method, as Objective-C's `Selector`: `"handlePan:"` or `Selector("handlePan:")`.
///
/// Swift on Linux has no Objective-C runtime, so `#selector(...)` and `@objc` do not compile
/// there, and a selector cannot call a method by itself: a package tells touchtrace how to call
/// each action it names with `UIGestureRecognizer.registerAction(_:for:_:)` (or the target
/// adopts `UIGestureActionTarget`). Write the selector's name as Objective-C spells it: a method
/// `handlePan(_ sender:)` is `"handlePan:"`, `handleTap()` is `"handleTap"`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method's Objective-C name (`handlePan:`).
    public let name: String

    /// The selector named `name`.
    public init(_ name: String) { self.name = name }

    /// The selector named by the literal.
    public init(stringLiteral name: String) { self.name = name }

    /// The name.
    public var description: String { name }
}

/// A target that calls its own actions by name: the other way (beside
/// `UIGestureRecognizer.registerAction(_:for:_:)`) to tell touchtrace what a selector means.
///
/// ```swift
/// extension PhotoViewController: UIGestureActionTarget {
///     func performGestureAction(_ action: Selector, sender: UIGestureRecognizer) -> Bool {
///         switch action {
///         case "handlePan:": handlePan(sender as! UIPanGestureRecognizer)
///         default: return false
///         }
///         return true
///     }
/// }
/// ```
public protocol UIGestureActionTarget: AnyObject {
    /// Calls the method `action` names with `sender`; returns false when it names none.
    func performGestureAction(_ action: Selector, sender: UIGestureRecognizer) -> Bool
}

/// One registered way to call an action: it calls and returns true when the target is of the
/// registered type (or a subclass of it).
final class RegisteredAction: Sendable {
    let call: @Sendable (AnyObject, UIGestureRecognizer) -> Bool
    init(_ call: @escaping @Sendable (AnyObject, UIGestureRecognizer) -> Bool) { self.call = call }
}

/// The actions registered in the process, by selector name, in the order registered. Selectors
/// already reported as having no way to be called, so the message is written once each.
let registeredActions = Mutex<(actions: [String: [RegisteredAction]], reported: Set<String>)>(([:], []))

/// A target and action added to a recognizer: a closure, or a target object (held weakly) with
/// a selector.
struct TargetAction {
    /// The target object for a selector, or the object a closure was added for (weak).
    weak var object: AnyObject?
    /// Whether an object was given at all (a target that is gone calls nothing).
    var hadObject: Bool
    /// The selector, for a target-action pair.
    var selector: Selector?
    /// The closure, for a closure target.
    var closure: ((UIGestureRecognizer) -> Void)?
}

extension UIGestureRecognizer {
    /// Tells touchtrace how to call the action `selector` on a target of type `type` (or of a
    /// subclass of it): `registerAction("handlePan:", for: PhotoViewController.self) {
    /// controller, recognizer in controller.handlePan(recognizer as! UIPanGestureRecognizer) }`.
    ///
    /// Register once for the process, before the replays (in the package's registration code,
    /// beside `RecognizerType.uiKit`). Several types may register the same selector; the first
    /// registered whose type the target is of is called. A selector that no registration and no
    /// `UIGestureActionTarget` answers stops the program at its first call, with a message that
    /// names the selector, the target's type and the registration to add — as UIKit stops with
    /// "unrecognized selector sent to instance".
    public static func registerAction<Target: AnyObject>(_ selector: Selector, for type: Target.Type,
                                                         _ call: @escaping @Sendable (Target, UIGestureRecognizer) -> Void) {
        let entry = RegisteredAction { object, recognizer in
            guard let target = object as? Target else { return false }
            call(target, recognizer)
            return true
        }
        registeredActions.withLock { $0.actions[selector.name, default: []].append(entry) }
    }

    /// Calls `selector` on `target` with this recognizer (see `registerAction(_:for:_:)`).
    func perform(_ selector: Selector, on target: AnyObject) {
        if let answering = target as? UIGestureActionTarget, answering.performGestureAction(selector, sender: self) { return }
        let entries = registeredActions.withLock { $0.actions[selector.name] ?? [] }
        for entry in entries where entry.call(target, self) { return }
        let typeName = String(describing: type(of: target))
        preconditionFailure("""
            TouchTraceUIKit: the action "\(selector.name)" of a \(String(describing: type(of: self))) cannot be called on \
            \(typeName): Swift on Linux has no Objective-C runtime. Register it once, before the replays: \
            UIGestureRecognizer.registerAction("\(selector.name)", for: \(typeName).self) { target, recognizer in ... }, \
            or make \(typeName) adopt UIGestureActionTarget.
            """)
    }
}
