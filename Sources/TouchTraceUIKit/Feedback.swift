/// The base of UIKit's haptic feedback generators, as `UIKit.UIFeedbackGenerator`.
///
/// A replay has no device to vibrate: every generator does nothing, and nothing it does
/// reaches a transcript. They are here so that gesture code that plays a tap on the finger
/// when a gesture begins or snaps compiles unchanged.
open class UIFeedbackGenerator {
    /// A generator.
    public init() {}

    /// Readies the haptic engine: does nothing (touchtrace has none).
    open func prepare() {}
}

/// A feedback generator for a collision or a snap, as `UIKit.UIImpactFeedbackGenerator`: it
/// does nothing in touchtrace.
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    /// How heavy the impact feels, as `UIImpactFeedbackGenerator.FeedbackStyle`.
    public enum FeedbackStyle: Int, Sendable {
        /// A light impact.
        case light
        /// A medium impact (UIKit's default).
        case medium
        /// A heavy impact.
        case heavy
        /// A soft impact.
        case soft
        /// A rigid impact.
        case rigid
    }

    /// The style the generator was made with (kept; nothing is played).
    public let style: FeedbackStyle

    /// A generator of `style` impacts.
    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    /// A generator of `.medium` impacts.
    public override convenience init() { self.init(style: .medium) }

    /// Plays an impact: does nothing.
    open func impactOccurred() {}

    /// Plays an impact of `intensity` (0 to 1): does nothing.
    open func impactOccurred(intensity: CGFloat) {}
}

/// A feedback generator for a change of selection, as `UIKit.UISelectionFeedbackGenerator`: it
/// does nothing in touchtrace.
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    /// Plays a selection tick: does nothing.
    open func selectionChanged() {}
}

/// A feedback generator for success, warning and error, as
/// `UIKit.UINotificationFeedbackGenerator`: it does nothing in touchtrace.
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    /// What the notification says, as `UINotificationFeedbackGenerator.FeedbackType`.
    public enum FeedbackType: Int, Sendable {
        /// A task succeeded.
        case success
        /// A task produced a warning.
        case warning
        /// A task failed.
        case error
    }

    /// Plays the notification of `notificationType`: does nothing.
    open func notificationOccurred(_ notificationType: FeedbackType) {}
}
