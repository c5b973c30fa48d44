// The device and the app around a gesture, as gesture files read them in passing
// (docs/own-gesture-code.md, "UIKit that compiles and what it does here"): traits of an iPhone
// in portrait, presses (never delivered), feedback attached to a view, index paths and batch
// updates of tables and collections, scrolling settings, the device and the screen, and a
// controller's presentation state — each with touchtrace's fixed values.

// MARK: - Traits

/// Whether the device measures a finger's force, as `UIForceTouchCapability`.
public enum UIForceTouchCapability: Int, Sendable {
    /// Not known.
    case unknown = 0
    /// No force.
    case unavailable = 1
    /// Force is measured.
    case available = 2
}

/// The width or height class of an interface, as `UIUserInterfaceSizeClass`.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    /// Not given.
    case unspecified = 0
    /// Narrow (a phone's width in portrait).
    case compact = 1
    /// Wide (a phone's height in portrait).
    case regular = 2
}

/// The kind of device, as `UIUserInterfaceIdiom`.
public enum UIUserInterfaceIdiom: Int, Sendable {
    /// Not given.
    case unspecified = -1
    /// A phone.
    case phone = 0
    /// A tablet.
    case pad = 1
    /// A television.
    case tv = 2
    /// A car's screen.
    case carPlay = 3
    /// A Mac.
    case mac = 5
}

/// The appearance, as `UIUserInterfaceStyle`.
public enum UIUserInterfaceStyle: Int, Sendable {
    /// Not given.
    case unspecified = 0
    /// Light.
    case light = 1
    /// Dark.
    case dark = 2
}

/// The device's and the interface's traits, as `UIKit.UITraitCollection`, with touchtrace's
/// fixed values: force is `.available` (a trace's touches carry their force, 0 where the trace
/// has none); the display's scale is 3, the idiom `.phone`, the width class `.compact` and the
/// height class `.regular`, as UIKit gives an iPhone 12–14 (`UIScreen.main`) in portrait; the
/// light appearance. They never change, so `traitCollectionDidChange(_:)` is never called.
public final class UITraitCollection: Sendable {
    /// Whether force is measured: `.available`.
    public let forceTouchCapability: UIForceTouchCapability
    /// Pixels per point: 3.
    public let displayScale: CGFloat
    /// The width class: `.compact`.
    public var horizontalSizeClass: UIUserInterfaceSizeClass { .compact }
    /// The height class: `.regular`.
    public var verticalSizeClass: UIUserInterfaceSizeClass { .regular }
    /// The kind of device: `.phone`.
    public var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    /// The appearance: `.light`.
    public var userInterfaceStyle: UIUserInterfaceStyle { .light }

    /// The fixed traits (see the type's documentation).
    public init() {
        forceTouchCapability = .available
        displayScale = 3
    }

    /// Traits with the force capability given (the rest fixed).
    public init(forceTouchCapability capability: UIForceTouchCapability) {
        forceTouchCapability = capability
        displayScale = 3
    }

    /// The traits every view and controller reports.
    public static let current = UITraitCollection()
}

extension UIView {
    /// The view's traits: `UITraitCollection.current` (see there).
    public var traitCollection: UITraitCollection { .current }
}

extension UIViewController {
    /// The controller's traits: `UITraitCollection.current` (see there).
    public var traitCollection: UITraitCollection { .current }
}

// MARK: - Presses

/// A press of a remote's or a keyboard's button, as `UIKit.UIPress`. A trace holds touches,
/// no presses: no press is ever delivered, and the `presses…` methods of responders and
/// recognizers are overridable and never called.
public final class UIPress {
    /// The kinds of press, as `UIPress.PressType`.
    public typealias PressType = UIPressType
    /// The stage of a press, as `UIPress.Phase`.
    public enum Phase: Int, Sendable {
        /// Pressed.
        case began, changed, stationary, ended, cancelled
    }
    /// The button.
    public let type: PressType
    /// The stage.
    public let phase: Phase
    /// How hard it is pressed, 0 to 1.
    public let force: CGFloat
    /// When it happened, in seconds of the trace.
    public let timestamp: TimeInterval

    /// A press (for code and tests that make their own).
    public init(type: PressType, phase: Phase, force: CGFloat = 0, timestamp: TimeInterval = 0) {
        self.type = type
        self.phase = phase
        self.force = force
        self.timestamp = timestamp
    }
}

/// An event of presses, as `UIKit.UIPressesEvent`: never delivered (see `UIPress`).
public final class UIPressesEvent {
    /// The presses of the event.
    public let allPresses: Set<UIPress>
    /// The time of the event, in seconds of the trace.
    public let timestamp: TimeInterval

    /// An event of `presses`.
    public init(presses: Set<UIPress>, timestamp: TimeInterval = 0) {
        self.allPresses = presses
        self.timestamp = timestamp
    }
}

extension UIPress: Hashable {
    /// Presses are equal when they are the same object.
    public static func == (a: UIPress, b: UIPress) -> Bool { a === b }
    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

// MARK: - Feedback attached to a view (iOS 17.5)

extension UIImpactFeedbackGenerator {
    /// A generator of `style` impacts attached to `view` (kept out: nothing is played).
    public convenience init(style: FeedbackStyle, view: UIView) { self.init(style: style) }
    /// Plays an impact at `location` in the attached view: does nothing.
    public func impactOccurred(at location: CGPoint) {}
    /// Plays an impact of `intensity` (0 to 1) at `location`: does nothing.
    public func impactOccurred(intensity: CGFloat, at location: CGPoint) {}
}

extension UISelectionFeedbackGenerator {
    /// A generator attached to `view` (nothing is played).
    public convenience init(view: UIView) { self.init() }
    /// Plays a selection tick at `location` in the attached view: does nothing.
    public func selectionChanged(at location: CGPoint) {}
}

extension UINotificationFeedbackGenerator {
    /// A generator attached to `view` (nothing is played).
    public convenience init(view: UIView) { self.init() }
    /// Plays the notification of `notificationType` at `location`: does nothing.
    public func notificationOccurred(_ notificationType: FeedbackType, at location: CGPoint) {}
}

/// The Swift 4 name of `UIImpactFeedbackGenerator.FeedbackStyle`.
public typealias UIImpactFeedbackStyle = UIImpactFeedbackGenerator.FeedbackStyle
/// The Swift 4 name of `UINotificationFeedbackGenerator.FeedbackType`.
public typealias UINotificationFeedbackType = UINotificationFeedbackGenerator.FeedbackType

// MARK: - Index paths, tables and collections

extension IndexPath {
    /// The index path of row `row` of section `section`, as UIKit's `IndexPath(row:section:)`.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// The index path of item `item` of section `section`, as UIKit's `IndexPath(item:section:)`.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
    /// The row in the section: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
    /// The item in the section: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

extension UITableView {
    /// How rows slide in and out, as `UITableView.RowAnimation`.
    public enum RowAnimation: Int, Sendable {
        /// Fade, right, left, top, bottom, none, middle, automatic.
        case fade, right, left, top, bottom, none, middle
        /// The table's choice.
        case automatic = 100
    }
    /// Where a row scrolls to, as `UITableView.ScrollPosition`.
    public enum ScrollPosition: Int, Sendable {
        /// None, top, middle, bottom.
        case none, top, middle, bottom
    }
    /// Opens a group of row changes: there are no rows, nothing to group.
    public func beginUpdates() {}
    /// Closes a group of row changes: nothing changes.
    public func endUpdates() {}
    /// Runs `updates` at once, then `completion` with true (nothing is animated).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        completion?(true)
    }
    /// Moves a row: there are no rows (no data source), so nothing moves.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    /// Inserts rows: there are no rows to show.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
    /// Deletes rows: there are no rows.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
    /// Reloads rows: there are no rows.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
    /// Scrolls to a row: there are no rows, nothing scrolls.
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {}
}

extension UICollectionView {
    /// The cell of the item at `indexPath`: nil, there are no items.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { nil }
    /// The visible cells: none.
    public var visibleCells: [UICollectionViewCell] { [] }
    /// Runs `updates` at once, then `completion` with true (nothing is animated).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        completion?(true)
    }
    /// Moves an item: there are no items (no data source), so nothing moves.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    /// Inserts items: there are no items to show.
    public func insertItems(at indexPaths: [IndexPath]) {}
    /// Deletes items: there are no items.
    public func deleteItems(at indexPaths: [IndexPath]) {}
    /// Reloads items: there are no items.
    public func reloadItems(at indexPaths: [IndexPath]) {}
}

// MARK: - Scrolling, the device, the screen

extension UIScrollView {
    /// How quickly scrolling slows after a flick, as `UIScrollView.DecelerationRate`: the share
    /// of the speed kept each millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The share kept each millisecond.
        public let rawValue: CGFloat
        /// A rate.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// UIKit's default, 0.998.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// A quick stop, 0.99.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
}

/// Swift 4's name of `UIScrollView.DecelerationRate.normal.rawValue`: 0.998.
public let UIScrollViewDecelerationRateNormal: CGFloat = 0.998
/// Swift 4's name of `UIScrollView.DecelerationRate.fast.rawValue`: 0.99.
public let UIScrollViewDecelerationRateFast: CGFloat = 0.99

/// Which way up the device is held, as `UIDeviceOrientation`.
public enum UIDeviceOrientation: Int, Sendable {
    /// Unknown, upright, upside down, turned left, turned right, face up, face down.
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
    /// Upright or upside down.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Turned either way.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    /// Lying flat.
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    /// Upright, upside down or turned.
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

/// The device, as `UIKit.UIDevice`, with touchtrace's fixed values: an iPhone (`.phone`) held
/// upright (`.portrait`), as `UIScreen.main` and `UITraitCollection` have it.
public final class UIDevice: Sendable {
    /// The device.
    public static let current = UIDevice()
    /// The kind of device: `.phone`.
    public var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    /// How it is held: `.portrait`.
    public var orientation: UIDeviceOrientation { .portrait }
    /// The model: "iPhone".
    public var model: String { "iPhone" }
    /// The operating system: "iOS".
    public var systemName: String { "iOS" }
    /// Whether apps run in the background: true, as on every device since iOS 4.
    public var isMultitaskingSupported: Bool { true }
    /// Starts orientation notifications: none come (it is never turned).
    public func beginGeneratingDeviceOrientationNotifications() {}
    /// Stops orientation notifications.
    public func endGeneratingDeviceOrientationNotifications() {}
}

extension UIScreen {
    /// The most frames a second the screen shows: 60, touchtrace's fixed display (as
    /// `CADisplayLink`).
    public var maximumFramesPerSecond: Int { 60 }
}

extension UITouch.TouchType {
    /// The old name of `.pencil` (iOS 9.1).
    public static var stylus: UITouch.TouchType { .pencil }
}

extension UIScrollView {
    /// How dragging dismisses the keyboard, as `UIScrollView.KeyboardDismissMode`.
    public enum KeyboardDismissMode: Int, Sendable {
        /// Never, on drag, interactively.
        case none, onDrag, interactive
    }
    /// How the safe area adds to the content inset, as
    /// `UIScrollView.ContentInsetAdjustmentBehavior`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// UIKit's choice, along scrollable axes, never, always.
        case automatic, scrollableAxes, never, always
    }
}

extension UIViewController {
    /// Whether the controller is being presented: false (presenting shows nothing).
    public var isBeingPresented: Bool { false }
    /// Whether the controller is being dismissed: false.
    public var isBeingDismissed: Bool { false }
    /// Whether the controller is being added to a parent: false.
    public var isMovingToParent: Bool { false }
    /// Whether the controller is being taken from its parent: false.
    public var isMovingFromParent: Bool { false }
}
