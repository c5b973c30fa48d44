// What UIKit's touches and recognizers say about a stylus and estimated properties, with
// touchtrace's fixed values: a trace's touches are fingers (`.direct`), measured once.

extension UITouch {
    /// The properties of a touch that UIKit may estimate and update later, as
    /// `UITouch.Properties`.
    public struct Properties: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// Properties from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The force.
        public static let force = Properties(rawValue: 1 << 0)
        /// The azimuth.
        public static let azimuth = Properties(rawValue: 1 << 1)
        /// The altitude.
        public static let altitude = Properties(rawValue: 1 << 2)
        /// The location.
        public static let location = Properties(rawValue: 1 << 3)
        /// The roll.
        public static let roll = Properties(rawValue: 1 << 4)
    }

    /// The angle of a stylus to the screen, in radians: π/2 (perpendicular), what UIKit reports
    /// for a finger.
    public var altitudeAngle: CGFloat { .pi / 2 }
    /// The direction a stylus points in `view`'s plane, in radians: 0 (a finger has none).
    public func azimuthAngle(in view: UIView?) -> CGFloat { 0 }
    /// The unit vector of `azimuthAngle(in:)`: (1, 0).
    public func azimuthUnitVector(in view: UIView?) -> CGVector { CGVector(dx: CGFloat(1), dy: CGFloat(0)) }
    /// A stylus's roll about its axis, in radians: 0.
    public var rollAngle: CGFloat { 0 }
    /// The properties of this sample that are estimates: none (a trace's values are measured).
    public var estimatedProperties: Properties { [] }
    /// The estimated properties still to be updated: none.
    public var estimatedPropertiesExpectingUpdates: Properties { [] }
    /// The index that pairs an estimate with its update: nil (nothing is estimated).
    public var estimationUpdateIndex: NSNumber? { nil }
}

/// The kinds of press of a remote or a keyboard, as `UIPress.PressType` (UIKit's raw values).
public enum UIPressType: Int, Sendable {
    /// Up arrow.
    case upArrow
    /// Down arrow.
    case downArrow
    /// Left arrow.
    case leftArrow
    /// Right arrow.
    case rightArrow
    /// Select.
    case select
    /// Menu.
    case menu
    /// Play or pause.
    case playPause
}

/// What a recognizer keeps for code that sets the touch and press types it takes.
package final class RecognizerTypes {
    var allowedTouchTypes: [NSNumber] = [NSNumber(value: UITouch.TouchType.direct.rawValue),
                                         NSNumber(value: UITouch.TouchType.indirect.rawValue),
                                         NSNumber(value: UITouch.TouchType.pencil.rawValue),
                                         NSNumber(value: UITouch.TouchType.indirectPointer.rawValue)]
    var allowedPressTypes: [NSNumber] = []
    package init() {}
}

extension UIGestureRecognizer {
    /// The touch types the recognizer takes, as `UITouch.TouchType` raw values in `NSNumber`s:
    /// every type unless set. Kept: a trace's touches are all `.direct`, and touchtrace delivers
    /// them whatever this says.
    public var allowedTouchTypes: [NSNumber] {
        get { touchTypes.allowedTouchTypes }
        set { touchTypes.allowedTouchTypes = newValue }
    }

    /// The press types the recognizer takes (`UIPressType` raw values): none unless set. Kept;
    /// a trace has no presses.
    public var allowedPressTypes: [NSNumber] {
        get { touchTypes.allowedPressTypes }
        set { touchTypes.allowedPressTypes = newValue }
    }

    /// The recognizer's modifier keys: none (a trace has no keyboard). UIKit's
    /// `modifierFlags` is an option set; touchtrace's is its empty raw value.
    public var modifierFlags: Int { 0 }
}

/// A recognizer's state under its Swift 3 name, as `UIGestureRecognizerState`.
public typealias UIGestureRecognizerState = UIGestureRecognizer.State
/// A touch's phase under its Swift 3 name, as `UITouchPhase`.
public typealias UITouchPhase = UITouch.Phase
/// A touch's type under its Swift 3 name, as `UITouchType`.
public typealias UITouchType = UITouch.TouchType
/// Control events under their Swift 3 name, as `UIControlEvents`.
public typealias UIControlEvents = UIControl.Event
/// Control states under their Swift 3 name, as `UIControlState`.
public typealias UIControlState = UIControl.State
/// Animation options under their Swift 3 name, as `UIViewAnimationOptions`.
public typealias UIViewAnimationOptions = UIView.AnimationOptions
/// The swipe direction under its Swift 3 name, as `UISwipeGestureRecognizerDirection`.
public typealias UISwipeGestureRecognizerDirection = UISwipeGestureRecognizer.Direction
