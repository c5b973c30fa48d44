// UIKit that gesture files use in passing and that the other files do not declare: the
// animation calls of iOS 3 (`beginAnimations` … `commitAnimations`), Core Foundation's time
// type and the corners a layer rounds. As everywhere in TouchTraceUIKit, what code sets is
// kept, nothing is drawn and nothing waits for time to pass.
import Synchronization

#if !canImport(CoreGraphics)
/// A span of time in seconds, as Core Foundation's `CFTimeInterval` (a `Double`, the same type
/// as `TimeInterval`): `minimumPressDuration = CFTimeInterval(0.3)` compiles.
public typealias CFTimeInterval = Double
#endif

/// Whether `UIView.areAnimationsEnabled` (true until code says otherwise), and how many
/// `beginAnimations` blocks are open.
private let animationSettings = Mutex<(enabled: Bool, openBlocks: Int)>((true, 0))

/// The animation calls of iOS 3, which older gesture code still makes:
///
///     UIView.beginAnimations(nil, context: nil)
///     logoImageView.center = position
///     UIView.commitAnimations()
///
/// As with `animate(withDuration:…)`, nothing is animated over time: the changes made between
/// `beginAnimations` and `commitAnimations` take effect as they are made, so the views have
/// their new values in the event that made them (and a `viewChanged` record says so). The
/// settings (duration, delay, curve, repeats) are accepted and change nothing.
extension UIView {
    /// Opens a block of animated changes; `animationID` and `context` are the application's
    /// own and are not used (`context` takes any value; code passes `nil`). Blocks nest.
    public class func beginAnimations(_ animationID: String?, context: Any?) {
        animationSettings.withLock { $0.openBlocks += 1 }
    }

    /// Closes the innermost block opened by `beginAnimations`. The block's changes have
    /// already taken effect (see the extension's documentation); a call with no block open
    /// does nothing.
    public class func commitAnimations() {
        animationSettings.withLock { $0.openBlocks = Swift.max(0, $0.openBlocks - 1) }
    }

    /// The duration of the open block in seconds (UIKit's default 0.2): accepted, not waited for.
    public class func setAnimationDuration(_ duration: TimeInterval) {}

    /// The delay of the open block in seconds: accepted, not waited for.
    public class func setAnimationDelay(_ delay: TimeInterval) {}

    /// The timing curve of the open block: accepted, not used.
    public class func setAnimationCurve(_ curve: UIView.AnimationCurve) {}

    /// How many times the open block repeats: accepted, not used (the changes are made once).
    public class func setAnimationRepeatCount(_ repeatCount: Float) {}

    /// Whether the open block runs backwards after each repeat: accepted, not used.
    public class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {}

    /// Whether the open block starts from the state of an animation in flight: accepted, not
    /// used (no animation is ever in flight).
    public class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {}

    /// Turns animations on or off for the whole process, as UIKit's switch does; either way
    /// the changes take effect at once here, as they do in UIKit with animations off.
    public class func setAnimationsEnabled(_ enabled: Bool) {
        animationSettings.withLock { $0.enabled = enabled }
    }

    /// Whether animations are on: true until `setAnimationsEnabled(false)`.
    public class var areAnimationsEnabled: Bool { animationSettings.withLock { $0.enabled } }
}

/// The corners of a layer that `cornerRadius` rounds, as Core Animation's `CACornerMask`
/// (the same raw values): kept, nothing is drawn.
public struct CACornerMask: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Corners from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner (least x, least y: y grows downward on the screen).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The top-right corner.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The bottom-left corner.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The bottom-right corner.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
    /// The four corners, a layer's default.
    static let everyCorner: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// The shape of a layer's rounded corners, as Core Animation's `CALayerCornerCurve`: kept.
public struct CALayerCornerCurve: RawRepresentable, Sendable, Hashable {
    /// The curve's name.
    public let rawValue: String
    /// A curve of the given name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Quarter circles (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// The continuous curve of the system's own rounded rectangles.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// A distance to move by, as UIKit's `UIOffset` (points; rightward and downward positive).
public struct UIOffset: Equatable, Hashable, Sendable {
    /// The rightward part.
    public var horizontal: CGFloat
    /// The downward part.
    public var vertical: CGFloat
    /// An offset of `horizontal` and `vertical` points.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    /// No offset.
    public init() { self.init(horizontal: 0, vertical: 0) }
    /// No offset.
    public static let zero = UIOffset()
}
