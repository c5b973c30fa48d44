// Key-value observing and coding of the UIKit surface, as gesture code uses them: a
// pull-to-refresh or stretchy header watching a scroll view's `contentOffset`
// (`addObserver(_:forKeyPath:options:context:)` and an override of
// `observeValue(forKeyPath:of:change:context:)`, or `observe(\.contentOffset, options:)` keeping
// the `NSKeyValueObservation`), a view watching its own `center` or `frame`, a control's
// `isHighlighted`, and `value(forKey:)`/`setValue(_:forKey:)` by name. Foundation on Linux has
// none of it (no Objective-C runtime): its `NSObject` declares no `addObserver(_:forKeyPath:...)`,
// `observeValue(...)`, `observe(_:options:changeHandler:)`, `value(forKey:)` or `setValue(_:forKey:)`,
// and no `NSKeyValueObservingOptions`, `NSKeyValueChangeKey`, `NSKeyValueChange` or
// `NSKeyValueObservation`; this file declares them, with Foundation's names and raw values.
//
// The observable properties are the ones gesture code watches (see `ObservedKey`). A
// notification goes out synchronously from the property's setter, after the change, to the
// registrations in the order they were added (`.prior` ones also before the change).
import Foundation
import TouchTrace

// MARK: - Foundation's types that Linux lacks

/// What a key-value notification carries and when it is sent, as Foundation's
/// `NSKeyValueObservingOptions` (same raw values).
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    /// The options' bits.
    public let rawValue: UInt
    /// Options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The change carries the new value (`.newKey`).
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// The change carries the value before the change (`.oldKey`).
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    /// A notification is sent at once, when the observer is added, with the current value as the
    /// new one (if `.new`) and no old one.
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    /// A notification is also sent before each change, with `.notificationIsPriorKey` true and
    /// the old value (if `.old`), and no new one.
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// The kind of a change, as Foundation's `NSKeyValueChange` (same raw values). Properties of
/// the UIKit surface only ever change by `.setting`.
public enum NSKeyValueChange: UInt, Sendable {
    /// The value was set.
    case setting = 1
    /// Objects were inserted into a to-many relationship.
    case insertion = 2
    /// Objects were removed from a to-many relationship.
    case removal = 3
    /// Objects of a to-many relationship were replaced.
    case replacement = 4
}

/// A key of a change dictionary, as Foundation's `NSKeyValueChangeKey` (same strings).
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
    /// The key's string.
    public let rawValue: String
    /// A key from its string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The kind of change: an `NSNumber` holding `NSKeyValueChange.setting.rawValue` (1).
    public static let kindKey = NSKeyValueChangeKey(rawValue: "kind")
    /// The new value, boxed as on iOS (see `value(forKey:)`).
    public static let newKey = NSKeyValueChangeKey(rawValue: "new")
    /// The value before the change, boxed as on iOS (see `value(forKey:)`).
    public static let oldKey = NSKeyValueChangeKey(rawValue: "old")
    /// The indexes of a to-many change (never present here).
    public static let indexesKey = NSKeyValueChangeKey(rawValue: "indexes")
    /// In a notification sent before the change (`.prior`): an `NSNumber` holding true.
    public static let notificationIsPriorKey = NSKeyValueChangeKey(rawValue: "notificationIsPrior")
}

/// An object that gets key-value notifications in `observeValue(forKeyPath:of:change:context:)`:
/// every `UIResponder` (views, controls, view controllers) and `UIGestureRecognizer` is one and
/// overrides the method as on iOS. Another class (an `NSObject` subclass of the app's) declares
/// this conformance and the method without `override`: Foundation's `NSObject` on Linux has no
/// such method to override.
public protocol KeyValueObserver: AnyObject {
    /// Called after (and with `.prior`, also before) a change of `keyPath` of `object`, with the
    /// change dictionary the options ask for and the context given when the observer was added.
    func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                      context: KeyValueObservingContext?)
}

extension UIResponder: KeyValueObserver {}
extension UIGestureRecognizer: KeyValueObserver {}

/// The change a block observation (`observe(_:options:changeHandler:)`) gets, as Foundation's
/// `NSKeyValueObservedChange`: the values as their Swift types.
public struct NSKeyValueObservedChange<Value> {
    /// The kind of change, as Foundation names it.
    public typealias Kind = NSKeyValueChange
    /// Always `.setting` here.
    public let kind: Kind
    /// The new value, when the options have `.new` (nil in a prior notification).
    public let newValue: Value?
    /// The value before the change, when the options have `.old` (nil in an initial one).
    public let oldValue: Value?
    /// The indexes of a to-many change: nil here.
    public let indexes: IndexSet?
    /// Whether this notification is the one sent before the change (`.prior`).
    public let isPrior: Bool
}

/// A block observation made by `observe(_:options:changeHandler:)`, as Foundation's
/// `NSKeyValueObservation`: the block is called while this object lives and until
/// `invalidate()`. Keep it in a property; released, it stops the observation.
public final class NSKeyValueObservation {
    /// The observed object, held weakly (it does not keep the object alive).
    private weak var object: AnyObject?
    /// The registration's number in the object's list.
    private let registration: Int

    init(object: AnyObject, registration: Int) {
        self.object = object
        self.registration = registration
    }

    /// Stops the observation: the block is not called again. Calling it again does nothing.
    public func invalidate() {
        guard let object else { return }
        keyValueObservers(of: object, creating: false)?.remove(id: registration)
        self.object = nil
    }

    deinit { invalidate() }
}

// MARK: - The observable properties

/// A key that can be observed and read or set by name on the UIKit surface, by the name
/// Foundation uses: a Boolean property `isX` is the key `x`, and `isX` is taken as its other
/// name (`"hidden"` and `"isHidden"` are the same key).
enum ObservedKey: String, CaseIterable {
    // UIView
    case center, frame, bounds, transform, alpha, hidden
    // UIScrollView
    case contentOffset, contentSize, contentInset, zoomScale
    // UIControl (and `enabled` of UIGestureRecognizer)
    case highlighted, selected, enabled
    // UISlider
    case value
    // UIGestureRecognizer
    case state

    /// The key named `name` (a Boolean's `isX` spelling too), or nil.
    init?(name: String) {
        if let key = ObservedKey(rawValue: name) {
            self = key
        } else if name.hasPrefix("is"), name.count > 2 {
            let rest = name.dropFirst(2)
            guard let key = ObservedKey(rawValue: rest.prefix(1).lowercased() + rest.dropFirst()), key.isBoolean else { return nil }
            self = key
        } else {
            return nil
        }
    }

    /// Whether the property is a Boolean one (named `isX` in Swift).
    var isBoolean: Bool { self == .hidden || self == .highlighted || self == .selected || self == .enabled }

    /// The keys whose values a change of this one changes too, itself first: `frame` follows
    /// `center`, `bounds` and `transform`; a scroll view's `contentOffset` is its bounds' origin.
    func changedKeys(of object: AnyObject) -> [ObservedKey] {
        switch self {
        case .center, .transform: return [self, .frame]
        case .bounds: return object is UIScrollView ? [.bounds, .frame, .contentOffset] : [.bounds, .frame]
        default: return [self]
        }
    }

    /// The property's value on `object` as its Swift type (`CGPoint`, `CGFloat`, `Bool`,
    /// `Float`, `UIGestureRecognizer.State`, ...), or nil when `object` has no such property.
    func value(of object: AnyObject) -> Any? {
        switch self {
        case .center: return (object as? UIView)?.center
        case .frame: return (object as? UIView)?.frame
        case .bounds: return (object as? UIView)?.bounds
        case .transform: return (object as? UIView)?.transform
        case .alpha: return (object as? UIView)?.alpha
        case .hidden: return (object as? UIView)?.isHidden
        case .contentOffset: return (object as? UIScrollView)?.contentOffset
        case .contentSize: return (object as? UIScrollView)?.contentSize
        case .contentInset: return (object as? UIScrollView)?.contentInset
        case .zoomScale: return (object as? UIScrollView)?.zoomScale
        case .highlighted: return (object as? UIControl)?.isHighlighted
        case .selected: return (object as? UIControl)?.isSelected
        case .enabled: return (object as? UIControl)?.isEnabled ?? (object as? UIGestureRecognizer)?.isEnabled
        case .value: return (object as? UISlider)?.value
        case .state: return (object as? UIGestureRecognizer)?.state
        }
    }

    /// Sets the property on `object` from `value` (its Swift type, or boxed as `value(forKey:)`
    /// gives it). Returns false when `value` is not of the property's type.
    func set(_ value: Any?, on object: AnyObject) -> Bool {
        switch self {
        case .center: guard let v = unboxed(value, as: CGPoint.self) else { return false }; (object as? UIView)?.center = v
        case .frame: guard let v = unboxed(value, as: CGRect.self) else { return false }; (object as? UIView)?.frame = v
        case .bounds: guard let v = unboxed(value, as: CGRect.self) else { return false }; (object as? UIView)?.bounds = v
        case .transform: guard let v = value as? CGAffineTransform else { return false }; (object as? UIView)?.transform = v
        case .alpha: guard let v = unboxedNumber(value).map({ CGFloat($0) }) else { return false }; (object as? UIView)?.alpha = v
        case .hidden: guard let v = unboxedBool(value) else { return false }; (object as? UIView)?.isHidden = v
        case .contentOffset: guard let v = unboxed(value, as: CGPoint.self) else { return false }; (object as? UIScrollView)?.contentOffset = v
        case .contentSize: guard let v = unboxed(value, as: CGSize.self) else { return false }; (object as? UIScrollView)?.contentSize = v
        case .contentInset: guard let v = value as? UIEdgeInsets else { return false }; (object as? UIScrollView)?.contentInset = v
        case .zoomScale: guard let v = unboxedNumber(value).map({ CGFloat($0) }) else { return false }; (object as? UIScrollView)?.zoomScale = v
        case .highlighted: guard let v = unboxedBool(value) else { return false }; (object as? UIControl)?.isHighlighted = v
        case .selected: guard let v = unboxedBool(value) else { return false }; (object as? UIControl)?.isSelected = v
        case .enabled:
            guard let v = unboxedBool(value) else { return false }
            (object as? UIControl)?.isEnabled = v
            (object as? UIGestureRecognizer)?.isEnabled = v
        case .value: guard let v = unboxedNumber(value).map({ Float($0) }) else { return false }; (object as? UISlider)?.value = v
        case .state:
            guard let v = (value as? UIGestureRecognizer.State) ?? unboxedNumber(value).flatMap({ UIGestureRecognizer.State(rawValue: Int($0)) })
            else { return false }
            (object as? UIGestureRecognizer)?.state = v
        }
        return true
    }
}

/// `value` boxed as iOS boxes it for `value(forKey:)` and a change dictionary: a `CGPoint`,
/// `CGSize` or `CGRect` in an `NSValue`; a `CGFloat`, `Float` or `Bool` in an `NSNumber`; a
/// recognizer's state as an `NSNumber` of its raw value. A `CGAffineTransform` or
/// `UIEdgeInsets` stays itself (Foundation on Linux cannot box them in an `NSValue`).
func boxedForKeyValueCoding(_ value: Any) -> Any {
    switch value {
    case let point as CGPoint: return NSValue(point: point)
    case let size as CGSize: return NSValue(size: size)
    case let rect as CGRect: return NSValue(rect: rect)
    case let number as CGFloat: return NSNumber(value: Double(number))
    case let number as Float: return NSNumber(value: number)
    case let flag as Bool: return NSNumber(value: flag)
    case let state as UIGestureRecognizer.State: return NSNumber(value: state.rawValue)
    default: return value
    }
}

private func unboxed<T>(_ value: Any?, as type: T.Type) -> T? {
    value as? T
}

private func unboxedNumber(_ value: Any?) -> Double? {
    switch value {
    case let number as NSNumber: return number.doubleValue
    case let number as CGFloat: return Double(number)
    case let number as Double: return number
    case let number as Float: return Double(number)
    case let number as Int: return Double(number)
    default: return nil
    }
}

private func unboxedBool(_ value: Any?) -> Bool? {
    switch value {
    case let flag as Bool: return flag
    case let number as NSNumber: return number.boolValue
    default: return nil
    }
}

// MARK: - Boxes read both ways

// iOS bridges an `NSValue` holding a point to `CGPoint` (`change?[.newKey] as? CGPoint`) and an
// `NSNumber` to `CGFloat`; Foundation on Linux does not. These conformances make those casts
// work here too, so code reads a change either way: `(change?[.newKey] as? NSValue)?.cgPointValue`
// or `change?[.newKey] as? CGPoint`.

extension CGPoint: @retroactive _ObjectiveCBridgeable {
    /// The point in an `NSValue`.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(point: self) }
    /// The point an `NSValue` holds.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) {
        result = source.pointValue
    }
    /// The point an `NSValue` holds, if it holds a point.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) -> Bool {
        result = boxedType(source) == "{CGPoint=dd}" ? source.pointValue : nil
        return result != nil
    }
    /// The point an `NSValue` holds (zero for nil).
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGPoint { source?.pointValue ?? .zero }
}

extension CGSize: @retroactive _ObjectiveCBridgeable {
    /// The size in an `NSValue`.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(size: self) }
    /// The size an `NSValue` holds.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) {
        result = source.sizeValue
    }
    /// The size an `NSValue` holds, if it holds a size.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) -> Bool {
        result = boxedType(source) == "{CGSize=dd}" ? source.sizeValue : nil
        return result != nil
    }
    /// The size an `NSValue` holds (zero for nil).
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGSize { source?.sizeValue ?? .zero }
}

extension CGRect: @retroactive _ObjectiveCBridgeable {
    /// The rectangle in an `NSValue`.
    public func _bridgeToObjectiveC() -> NSValue { NSValue(rect: self) }
    /// The rectangle an `NSValue` holds.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) {
        result = source.rectValue
    }
    /// The rectangle an `NSValue` holds, if it holds a rectangle.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) -> Bool {
        result = boxedType(source).hasPrefix("{CGRect=") ? source.rectValue : nil
        return result != nil
    }
    /// The rectangle an `NSValue` holds (zero for nil).
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGRect { source?.rectValue ?? .zero }
}

extension CGFloat: @retroactive _ObjectiveCBridgeable {
    /// The number in an `NSNumber`.
    public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }
    /// The number an `NSNumber` holds.
    public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) {
        result = CGFloat(source.doubleValue)
    }
    /// The number an `NSNumber` holds.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) -> Bool {
        result = CGFloat(source.doubleValue)
        return true
    }
    /// The number an `NSNumber` holds (zero for nil).
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat { CGFloat(source?.doubleValue ?? 0) }
}

/// The type encoding of what `value` holds (`{CGPoint=dd}` for a point).
private func boxedType(_ value: NSValue) -> String {
    String(cString: value.objCType)
}

extension NSValue {
    /// A point in a value, as UIKit's `NSValue(cgPoint:)`.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// A size in a value, as UIKit's `NSValue(cgSize:)`.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// A rectangle in a value, as UIKit's `NSValue(cgRect:)`.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// The point the value holds, as UIKit's `cgPointValue`.
    public var cgPointValue: CGPoint { pointValue }
    /// The size the value holds, as UIKit's `cgSizeValue`.
    public var cgSizeValue: CGSize { sizeValue }
    /// The rectangle the value holds, as UIKit's `cgRectValue`.
    public var cgRectValue: CGRect { rectValue }
}

// MARK: - Key paths of block observations

// `observe(\.contentOffset)` names the property by a Swift key path, which Linux cannot turn into
// a name; each observable class lists its key paths, written with the observed object's own
// type (`Self`), and the given key path is compared with them. A subclass that overrides an
// observable property (its own `override var frame`) is not found, and stops the program with a
// message saying so.

protocol ViewKeyPaths { static func viewKeyPaths() -> [(AnyKeyPath, ObservedKey)] }
protocol ScrollViewKeyPaths { static func scrollViewKeyPaths() -> [(AnyKeyPath, ObservedKey)] }
protocol ControlKeyPaths { static func controlKeyPaths() -> [(AnyKeyPath, ObservedKey)] }
protocol SliderKeyPaths { static func sliderKeyPaths() -> [(AnyKeyPath, ObservedKey)] }
protocol RecognizerKeyPaths { static func recognizerKeyPaths() -> [(AnyKeyPath, ObservedKey)] }

extension UIView: ViewKeyPaths {}
extension UIScrollView: ScrollViewKeyPaths {}
extension UIControl: ControlKeyPaths {}
extension UISlider: SliderKeyPaths {}
extension UIGestureRecognizer: RecognizerKeyPaths {}

extension ViewKeyPaths where Self: UIView {
    static func viewKeyPaths() -> [(AnyKeyPath, ObservedKey)] {
        [(\Self.center, .center), (\Self.frame, .frame), (\Self.bounds, .bounds), (\Self.transform, .transform),
         (\Self.alpha, .alpha), (\Self.isHidden, .hidden)]
    }
}

extension ScrollViewKeyPaths where Self: UIScrollView {
    static func scrollViewKeyPaths() -> [(AnyKeyPath, ObservedKey)] {
        [(\Self.contentOffset, .contentOffset), (\Self.contentSize, .contentSize), (\Self.contentInset, .contentInset),
         (\Self.zoomScale, .zoomScale), (\Self.bounds, .bounds)]
    }
}

extension ControlKeyPaths where Self: UIControl {
    static func controlKeyPaths() -> [(AnyKeyPath, ObservedKey)] {
        [(\Self.isHighlighted, .highlighted), (\Self.isSelected, .selected), (\Self.isEnabled, .enabled)]
    }
}

extension SliderKeyPaths where Self: UISlider {
    static func sliderKeyPaths() -> [(AnyKeyPath, ObservedKey)] { [(\Self.value, .value)] }
}

extension RecognizerKeyPaths where Self: UIGestureRecognizer {
    static func recognizerKeyPaths() -> [(AnyKeyPath, ObservedKey)] { [(\Self.state, .state), (\Self.isEnabled, .enabled)] }
}

// MARK: - Observing and coding

/// An object whose properties can be observed and read or set by name, as Foundation's
/// `NSObject` on iOS: every `UIResponder` (views, controls, view controllers), every
/// `UIGestureRecognizer`, and `UIPress`.
///
/// The keys (`ObservedKey`): a view's `center`, `frame`, `bounds`, `transform`, `alpha`,
/// `hidden`; a scroll view's `contentOffset`, `contentSize`, `contentInset`, `zoomScale`; a
/// control's `highlighted`, `selected`, `enabled`; a slider's `value`; a recognizer's `state`
/// and `enabled` (a Boolean's `isX` spelling is taken too). Key paths with dots are not.
///
/// A key the object does not have stops the program with a message naming the class and the
/// key, where iOS raises `NSUnknownKeyException` (which ends the app unless caught): a replay
/// never goes on with a value silently missing.
public protocol KeyValueCodingAndObserving: AnyObject {}

extension UIResponder: KeyValueCodingAndObserving {}
extension UIGestureRecognizer: KeyValueCodingAndObserving {}
extension UIPress: KeyValueCodingAndObserving {}

extension KeyValueCodingAndObserving {
    /// Registers `observer` for changes of the property `keyPath` (see the type's keys): its
    /// `observeValue(forKeyPath:of:change:context:)` is called synchronously from the property's
    /// setter after each setting (also when the value stays the same, as on iOS), and before it
    /// too with `.prior`; at once with `.initial`. Observers are called in the order they were
    /// added. The observer is not kept alive; one freed without being removed is skipped.
    /// A change of `center`, `bounds` or `transform` also notifies observers of `frame`, and of a
    /// scroll view's `bounds` those of `contentOffset` — these only when their value changed (a
    /// scroll view setting its offset to where it is notifies no one).
    public func addObserver(_ observer: any KeyValueObserver, forKeyPath keyPath: String,
                            options: NSKeyValueObservingOptions = [], context: KeyValueObservingContext?) {
        let key = observedKey(keyPath, "addObserver(_:forKeyPath:options:context:)")
        let list = keyValueObservers(of: self, creating: true)!
        let id = list.add(KeyValueObservers.Registration(
            id: 0, key: key, keyPath: keyPath, options: options, observerIdentity: ObjectIdentifier(observer),
            observer: observer, context: context, block: nil))
        if options.contains(.initial) { list.sendInitial(to: id, of: self) }
    }

    /// Removes the latest registration of `observer` for `keyPath` made with `context`. Removing
    /// one that is not registered stops the program with a message, as iOS raises an exception.
    public func removeObserver(_ observer: any KeyValueObserver, forKeyPath keyPath: String, context: KeyValueObservingContext?) {
        removeRegistration(observer, keyPath, matchingContext: true, context: context)
    }

    /// Removes the latest registration of `observer` for `keyPath`, whatever its context.
    /// Removing one that is not registered stops the program with a message, as iOS raises an
    /// exception.
    public func removeObserver(_ observer: any KeyValueObserver, forKeyPath keyPath: String) {
        removeRegistration(observer, keyPath, matchingContext: false, context: nil)
    }

    private func removeRegistration(_ observer: any KeyValueObserver, _ keyPath: String, matchingContext: Bool,
                                    context: KeyValueObservingContext?) {
        let identity = ObjectIdentifier(observer)
        let key = ObservedKey(name: keyPath)
        let list = keyValueObservers(of: self, creating: false)
        guard let key, let list, list.removeLatest(observer: identity, key: key, context: matchingContext ? .some(context) : .none)
        else {
            fatalError("""
                TouchTraceUIKit: removeObserver(_:forKeyPath:): \(type(of: observer)) is not registered as an observer \
                of "\(keyPath)" of \(type(of: self)) (UIKit raises an exception here).
                """)
        }
    }

    /// Observes the property at `keyPath` with `changeHandler`, as Foundation's
    /// `observe(_:options:changeHandler:)`: the handler gets the object and the change with its
    /// values as their Swift types, synchronously from the setter (and at once with `.initial`),
    /// for as long as the returned observation lives and is not invalidated. The key path is one
    /// of the type's keys, written on this object's class or a class above it.
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        guard let key = Self.observedKey(of: keyPath) else {
            fatalError("""
                TouchTraceUIKit: observe(_:options:changeHandler:): \(keyPath) of \(Self.self) is not a property touchtrace \
                can observe (\(ObservedKey.allCases.map(\.rawValue).joined(separator: ", "))); a subclass's override of one \
                is not found either.
                """)
        }
        let block: KeyValueObservers.Block = { [weak self] old, new, isPrior in
            guard let self else { return }
            changeHandler(self, NSKeyValueObservedChange(kind: .setting, newValue: new as? Value, oldValue: old as? Value,
                                                         indexes: nil, isPrior: isPrior))
        }
        let list = keyValueObservers(of: self, creating: true)!
        let id = list.add(KeyValueObservers.Registration(
            id: 0, key: key, keyPath: key.rawValue, options: options, observerIdentity: nil, observer: nil, context: nil, block: block))
        let observation = NSKeyValueObservation(object: self, registration: id)
        if options.contains(.initial) { list.sendInitial(to: id, of: self) }
        return observation
    }

    /// The value of the property named `key` (see the type's keys), boxed as iOS boxes it: a
    /// `CGPoint`, `CGSize` or `CGRect` in an `NSValue` (which casts to its Swift type too), a
    /// `CGFloat`, `Float` or `Bool` in an `NSNumber`, a recognizer's state as an `NSNumber` of its
    /// raw value; a `CGAffineTransform` or `UIEdgeInsets` as itself. A key the object does not
    /// have stops the program with a message (iOS raises `NSUnknownKeyException`).
    public func value(forKey key: String) -> Any? {
        let observed = observedKey(key, "value(forKey:)")
        return observed.value(of: self).map(boxedForKeyValueCoding)
    }

    /// Sets the property named `key` from `value`, given as `value(forKey:)` gives it or as its
    /// Swift type (a number for a `CGFloat`). A key the object does not have, or a value of
    /// another type, stops the program with a message (iOS raises an exception).
    public func setValue(_ value: Any?, forKey key: String) {
        let observed = observedKey(key, "setValue(_:forKey:)")
        guard observed.set(value, on: self) else {
            fatalError("""
                TouchTraceUIKit: setValue(_:forKey:): \(value.map { "\(type(of: $0))" } ?? "nil") is not a value for "\(key)" \
                of \(type(of: self)).
                """)
        }
    }

    /// The key named `name` if this object has it; otherwise stops with a message naming `call`.
    private func observedKey(_ name: String, _ call: String) -> ObservedKey {
        guard let key = ObservedKey(name: name), key.value(of: self) != nil else {
            fatalError("""
                TouchTraceUIKit: \(call): \(type(of: self)) has no key "\(name)" (UIKit raises NSUnknownKeyException: \
                not key value coding-compliant for the key \(name)). The keys touchtrace knows: \
                \(ObservedKey.allCases.map(\.rawValue).joined(separator: ", ")), on the classes that have them.
                """)
        }
        return key
    }

    /// The key `keyPath` stands for, from the observable classes' lists (see above).
    static func observedKey(of keyPath: AnyKeyPath) -> ObservedKey? {
        var paths: [(AnyKeyPath, ObservedKey)] = []
        if let type = Self.self as? any ScrollViewKeyPaths.Type { paths += type.scrollViewKeyPaths() }
        if let type = Self.self as? any SliderKeyPaths.Type { paths += type.sliderKeyPaths() }
        if let type = Self.self as? any ControlKeyPaths.Type { paths += type.controlKeyPaths() }
        if let type = Self.self as? any ViewKeyPaths.Type { paths += type.viewKeyPaths() }
        if let type = Self.self as? any RecognizerKeyPaths.Type { paths += type.recognizerKeyPaths() }
        return paths.first { $0.0 == keyPath }?.1
    }
}

// MARK: - The registrations of one object

/// The observers registered on one object, in the order added, and the changes under way.
final class KeyValueObservers {
    /// A block observation's call: the old and new values (Swift types, nil when the options do
    /// not ask for them) and whether it is the prior notification.
    typealias Block = (_ old: Any?, _ new: Any?, _ isPrior: Bool) -> Void

    /// One registration: an observer object (held weakly) or a block.
    struct Registration {
        var id: Int
        let key: ObservedKey
        let keyPath: String
        let options: NSKeyValueObservingOptions
        let observerIdentity: ObjectIdentifier?
        weak var observer: (any KeyValueObserver)?
        let context: KeyValueObservingContext?
        let block: Block?
    }

    private var registrations: [Registration] = []
    private var nextID = 1
    /// The keys whose change has begun and not ended, with the value before it; `depth` counts
    /// nested changes of the same key (setting `frame` sets `center`), of which only the
    /// outermost notifies; `isSet` tells the key set from one that follows it (`frame` when
    /// `center` is set), which notifies only if its value changed.
    private var changing: [(key: ObservedKey, old: Any?, depth: Int, isSet: Bool)] = []

    /// Adds `registration` last; returns its number.
    func add(_ registration: Registration) -> Int {
        var registration = registration
        registration.id = nextID
        nextID += 1
        registrations.append(registration)
        return registration.id
    }

    /// Removes the registration numbered `id`, if it is there.
    func remove(id: Int) {
        registrations.removeAll { $0.id == id }
    }

    /// Removes the latest registration of `observer` for `key` (with `context`, when given);
    /// false if there is none.
    func removeLatest(observer: ObjectIdentifier, key: ObservedKey, context: KeyValueObservingContext??) -> Bool {
        guard let index = registrations.lastIndex(where: { registration in
            registration.observerIdentity == observer && registration.key == key
                && (context.map { $0 == registration.context } ?? true)
        }) else { return false }
        registrations.remove(at: index)
        return true
    }

    /// Sends registration `id` its initial notification: the current value as the new one.
    func sendInitial(to id: Int, of object: AnyObject) {
        guard let registration = registrations.first(where: { $0.id == id }) else { return }
        deliver(registration, of: object, old: nil, new: registration.key.value(of: object), isPrior: false)
    }

    /// A change of `key` of `object` begins: keeps the old values of the keys it changes that
    /// are observed, and sends the prior notifications.
    func willChange(_ object: AnyObject, _ key: ObservedKey) {
        for changed in key.changedKeys(of: object) {
            if let index = changing.lastIndex(where: { $0.key == changed }) {
                changing[index].depth += 1
                continue
            }
            guard registrations.contains(where: { $0.key == changed }) else { continue }
            let old = changed.value(of: object)
            changing.append((changed, old, 1, changed == key))
            for registration in registrations where registration.key == changed && registration.options.contains(.prior) {
                guard isRegistered(registration.id) else { continue }
                deliver(registration, of: object, old: old, new: nil, isPrior: true)
            }
        }
    }

    /// The change of `key` of `object` has ended: notifies the observers of the keys it changed,
    /// each key's in the order they were added.
    func didChange(_ object: AnyObject, _ key: ObservedKey) {
        for changed in key.changedKeys(of: object) {
            guard let index = changing.lastIndex(where: { $0.key == changed }) else { continue }
            if changing[index].depth > 1 {
                changing[index].depth -= 1
                continue
            }
            let (_, old, _, isSet) = changing.remove(at: index)
            let new = changed.value(of: object)
            if !isSet && sameValue(old, new) { continue }
            for registration in registrations where registration.key == changed {
                // An observer called before may have removed this one.
                guard isRegistered(registration.id) else { continue }
                deliver(registration, of: object, old: old, new: new, isPrior: false)
            }
        }
    }

    /// Whether `a` and `b` are the same point or the same rectangle (the values of the keys
    /// that follow another: `frame`, `contentOffset`).
    private func sameValue(_ a: Any?, _ b: Any?) -> Bool {
        if let a = a as? CGPoint, let b = b as? CGPoint { return a == b }
        if let a = a as? CGRect, let b = b as? CGRect { return a == b }
        return false
    }

    private func isRegistered(_ id: Int) -> Bool {
        registrations.contains { $0.id == id }
    }

    /// Calls `registration`'s observer or block with what its options ask for.
    private func deliver(_ registration: Registration, of object: AnyObject, old: Any?, new: Any?, isPrior: Bool) {
        let options = registration.options
        let old = options.contains(.old) ? old : nil
        let new = options.contains(.new) && !isPrior ? new : nil
        if let block = registration.block {
            block(old, new, isPrior)
            return
        }
        guard let observer = registration.observer else { return }
        var change: [NSKeyValueChangeKey: Any] = [.kindKey: NSNumber(value: NSKeyValueChange.setting.rawValue)]
        if let new { change[.newKey] = boxedForKeyValueCoding(new) }
        if let old { change[.oldKey] = boxedForKeyValueCoding(old) }
        if isPrior { change[.notificationIsPriorKey] = NSNumber(value: true) }
        observer.observeValue(forKeyPath: registration.keyPath, of: object, change: change, context: registration.context)
    }
}

/// The registrations of `object` (a `UIResponder` or a `UIGestureRecognizer`), made when
/// `creating` and there are none yet; nil for another object.
func keyValueObservers(of object: AnyObject, creating: Bool) -> KeyValueObservers? {
    if let responder = object as? UIResponder {
        if creating && responder.keyValueObservers == nil { responder.keyValueObservers = KeyValueObservers() }
        return responder.keyValueObservers
    }
    if let recognizer = object as? UIGestureRecognizer {
        if creating && recognizer.keyValueObservers == nil { recognizer.keyValueObservers = KeyValueObservers() }
        return recognizer.keyValueObservers
    }
    return nil
}

extension UIResponder {
    /// A change of `key` begins (called by the property's setter).
    func keyWillChange(_ key: ObservedKey) { keyValueObservers?.willChange(self, key) }
    /// A change of `key` has ended (called by the property's setter).
    func keyDidChange(_ key: ObservedKey) { keyValueObservers?.didChange(self, key) }
}

extension UIGestureRecognizer {
    /// A change of `key` begins (called by the property's setter).
    func keyWillChange(_ key: ObservedKey) { keyValueObservers?.willChange(self, key) }
    /// A change of `key` has ended (called by the property's setter).
    func keyDidChange(_ key: ObservedKey) { keyValueObservers?.didChange(self, key) }
}
