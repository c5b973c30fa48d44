// UIKit that gesture code touches beside the gestures: colours, images, labels, controls, text
// views, scroll views, the screen, insets. touchtrace draws nothing and knows no device: these
// keep what code sets and answer fixed, documented values for what only a device knows.

/// A colour, as `UIKit.UIColor`: four components kept as given (0 to 1). Nothing is drawn.
public final class UIColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Red, 0 to 1.
    public let red: CGFloat
    /// Green, 0 to 1.
    public let green: CGFloat
    /// Blue, 0 to 1.
    public let blue: CGFloat
    /// Opacity, 0 to 1.
    public let alpha: CGFloat

    /// A colour from its components (0 to 1 each).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey of `white` (0 black to 1 white).
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from hue, saturation and brightness (0 to 1 each), converted to red, green and
    /// blue by the usual six-sector formula.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - floor(hue)) * 6
        let sector = Int(h) % 6
        let f = h - CGFloat(Int(h))
        let v = brightness, p = v * (1 - saturation), q = v * (1 - saturation * f), t = v * (1 - saturation * (1 - f))
        let rgb: (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: rgb = (v, t, p)
        case 1: rgb = (q, v, p)
        case 2: rgb = (p, v, t)
        case 3: rgb = (p, q, v)
        case 4: rgb = (t, p, v)
        default: rgb = (v, p, q)
        }
        self.init(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha)
    }

    /// A colour that tiles an image: grey (0.5), touchtrace's fixed value (it draws no images).
    public convenience init(patternImage image: UIImage) {
        self.init(white: 0.5, alpha: 1)
    }

    /// A colour from the asset catalog: touchtrace has none, so it is `.gray` (fixed value).
    public convenience init?(named name: String) {
        self.init(white: 0.5, alpha: 1)
    }

    /// The same colour with opacity `alpha`.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Writes the components to the pointers' targets, as UIKit's `getRed`; always true.
    @discardableResult
    public func getRed(_ red: inout CGFloat, green: inout CGFloat, blue: inout CGFloat, alpha: inout CGFloat) -> Bool {
        red = self.red; green = self.green; blue = self.blue; alpha = self.alpha
        return true
    }

    /// Equal components.
    public static func == (a: UIColor, b: UIColor) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
    }

    /// Hashes the components.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(red); hasher.combine(green); hasher.combine(blue); hasher.combine(alpha)
    }

    /// `UIColor(red:green:blue:alpha:)` with the components.
    public var description: String { "UIColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))" }

    /// Black.
    public static let black = UIColor(white: 0, alpha: 1)
    /// White.
    public static let white = UIColor(white: 1, alpha: 1)
    /// Grey (0.5).
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// Light grey (2/3).
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    /// Dark grey (1/3).
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    /// Fully transparent black.
    public static let clear = UIColor(white: 0, alpha: 0)
    /// Red.
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// Green.
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// Blue.
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// Cyan.
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// Yellow.
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// Magenta.
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// Orange.
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// Purple.
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// Brown.
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    /// The system's blue, in its light appearance (touchtrace's fixed value: 0, 122/255, 1).
    public static let systemBlue = UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
    /// The system's red, light appearance (1, 59/255, 48/255).
    public static let systemRed = UIColor(red: 1, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1)
    /// The system's green, light appearance (52/255, 199/255, 89/255).
    public static let systemGreen = UIColor(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255, alpha: 1)
    /// The system's grey (142/255, 142/255, 147/255).
    public static let systemGray = UIColor(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255, alpha: 1)
    /// The system's background: white (the light appearance; touchtrace has no dark mode).
    public static let systemBackground = UIColor.white
    /// The label colour: black (light appearance).
    public static let label = UIColor.black
}

/// A font, as `UIKit.UIFont`: a name and a size in points, kept. Nothing is drawn.
public final class UIFont: Equatable, Sendable {
    /// A font's weight, as `UIFont.Weight` (UIKit's values, -1 to 1).
    public struct Weight: Hashable, Sendable {
        /// The value.
        public let rawValue: CGFloat
        /// A weight.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Ultra light.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// Thin.
        public static let thin = Weight(rawValue: -0.6)
        /// Light.
        public static let light = Weight(rawValue: -0.4)
        /// Regular.
        public static let regular = Weight(rawValue: 0)
        /// Medium.
        public static let medium = Weight(rawValue: 0.23)
        /// Semibold.
        public static let semibold = Weight(rawValue: 0.3)
        /// Bold.
        public static let bold = Weight(rawValue: 0.4)
        /// Heavy.
        public static let heavy = Weight(rawValue: 0.56)
        /// Black.
        public static let black = Weight(rawValue: 0.62)
    }

    /// The font's name (`.SFUI-Regular` for the system font: touchtrace's fixed name).
    public let fontName: String
    /// The size in points.
    public let pointSize: CGFloat

    /// A font named `fontName` of `size` points (touchtrace has every name: never nil).
    public init?(name fontName: String, size: CGFloat) {
        self.fontName = fontName
        self.pointSize = size
    }

    init(fontName: String, pointSize: CGFloat) {
        self.fontName = fontName
        self.pointSize = pointSize
    }

    convenience init(system size: CGFloat, suffix: String) {
        self.init(fontName: ".SFUI-" + suffix, pointSize: size)
    }

    /// The system font of `fontSize` points.
    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(system: fontSize, suffix: "Regular") }
    /// The system font of `fontSize` points and `weight`.
    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(system: fontSize, suffix: weight == .regular ? "Regular" : "Weight\(weight.rawValue)")
    }
    /// The bold system font of `fontSize` points.
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(system: fontSize, suffix: "Bold") }
    /// The same font at `fontSize` points.
    public func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(fontName: fontName, pointSize: fontSize) }

    /// The size of the system font, 17 points (UIKit's body size).
    public static var systemFontSize: CGFloat { 17 }
    /// Same name and size.
    public static func == (a: UIFont, b: UIFont) -> Bool { a.fontName == b.fontName && a.pointSize == b.pointSize }
}

/// Insets of a rectangle's four edges, in points, as `UIKit.UIEdgeInsets`.
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    /// The top inset.
    public var top: CGFloat
    /// The left inset.
    public var left: CGFloat
    /// The bottom inset.
    public var bottom: CGFloat
    /// The right inset.
    public var right: CGFloat
    /// Insets of the four edges.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No insets.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    /// No insets.
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle with its edges moved in by `insets` (UIKit's `inset(by:)`).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}

/// An image, as `UIKit.UIImage`: a size, no pixels. touchtrace has no image files: an image by
/// name is an empty image of size zero (fixed value), never nil, so code that force-unwraps it
/// goes on.
public final class UIImage: Sendable {
    /// The name it was asked for (nil for an image made otherwise).
    public let name: String?
    /// Its size in points: zero.
    public let size: CGSize

    /// An empty image.
    public init() {
        name = nil
        size = .zero
    }

    /// The image named `name`: an empty image (touchtrace has no asset catalog).
    public init?(named name: String) {
        self.name = name
        size = .zero
    }

    init(resource name: String) {
        self.name = name
        size = .zero
    }

    /// An image of `size` points (what an image context makes): no pixels.
    init(size: CGSize) {
        name = nil
        self.size = size
    }

    /// An image decoded from `data`: an empty image (touchtrace decodes no images), never nil.
    public init?(data: Data) {
        name = nil
        size = .zero
    }

    /// The system symbol named `name`: an empty image.
    public init?(systemName name: String) {
        self.name = name
        size = .zero
    }
}

/// How a view fits its content to its bounds, as `UIView.ContentMode`. Kept; nothing is drawn.
public enum UIViewContentMode: Int, Sendable {
    /// Stretch to fill.
    case scaleToFill
    /// Fit inside, keeping the aspect.
    case scaleAspectFit
    /// Fill, keeping the aspect.
    case scaleAspectFill
    /// Redraw when the bounds change.
    case redraw
    /// Centered.
    case center
    /// At the top.
    case top
    /// At the bottom.
    case bottom
    /// At the left.
    case left
    /// At the right.
    case right
    /// At the top left.
    case topLeft
    /// At the top right.
    case topRight
    /// At the bottom left.
    case bottomLeft
    /// At the bottom right.
    case bottomRight
}

/// The display properties a `UIView` keeps for code that sets them (colour, content mode,
/// clipping, tint): touchtrace draws nothing with them.
package final class ViewLook {
    var backgroundColor: UIColor?
    var tintColor: UIColor?
    var contentMode: UIViewContentMode = .scaleToFill
    var clipsToBounds = false
    var isOpaque = true
    var isExclusiveTouch = false
    var autoresizingMask: UIView.AutoresizingMask = []
    var translatesAutoresizingMaskIntoConstraints = true
    var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var constraints: [NSLayoutConstraint] = []
    var madeLayer: CALayer?
    package init() {}

    /// The view's layer, made at first use: a `CAShapeLayer` when `layerClass` is one (or a
    /// subclass of one), else a `CALayer`.
    func layer(for layerClass: AnyClass, of view: UIView) -> CALayer {
        if let madeLayer { return madeLayer }
        let made: CALayer = layerClass is CAShapeLayer.Type ? CAShapeLayer() : CALayer()
        made.hostView = view
        madeLayer = made
        return made
    }
}

/// A colour as Core Graphics passes it: touchtrace's `UIColor` itself (`UIColor.cgColor`), so
/// `layer.borderColor = UIColor.red.cgColor` compiles and keeps the colour.
public typealias CGColor = UIColor

extension UIColor {
    /// The colour for a layer: the colour itself (see `CGColor`).
    public var cgColor: CGColor { self }
    /// The colour of a layer's colour: the colour itself.
    public convenience init(cgColor: CGColor) {
        self.init(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: cgColor.alpha)
    }
}

/// A view's layer, as `QuartzCore.CALayer` reached through `UIView.layer`: what gesture code
/// sets on it (corners, borders, shadows, depth) is kept and nothing is drawn.
///
/// **A view's own layer is its geometry**, as in UIKit: its `position` is the view's `center`,
/// its `bounds` the view's `bounds` and its `frame` the view's `frame` (reading or setting one
/// reads or sets the other), and its `anchorPoint` is the point of the bounds, in unit
/// coordinates, that sits at `center` and that the view's `transform` turns and scales about.
/// Setting `anchorPoint` keeps `center` and moves the view (its `frame` changes): the view is
/// hit and located where it now is. A layer that is no view's keeps these values itself. The
/// layer's own 3D `transform` is kept apart from the view's `transform` (it moves nothing).
open class CALayer {
    /// The view whose layer this is (held weakly: the view holds its layer), or nil.
    weak var hostView: UIView?
    /// A layer.
    public init() {}
    /// A layer made from `layer`, as Core Animation's `init(layer:)`, which it calls to make a
    /// layer's presentation copy: touchtrace makes none and never calls it. This one copies
    /// nothing (a new layer, as `init()`); a subclass overrides it to copy its own values.
    public init(layer: Any) {}
    /// A layer from an archive, as `init?(coder:)`: touchtrace has no archives, so nil. It is
    /// required, as UIKit's is: a subclass with initializers of its own writes it too.
    public required init?(coder: NSCoder) { nil }
    /// Values code associated with it (`objc_setAssociatedObject`), released with it; nil
    /// until one is set.
    var associatedValues: AssociatedValues?
    /// The radius of the corners in points (0).
    open var cornerRadius: CGFloat = 0
    /// The corners `cornerRadius` rounds (all four): kept.
    open var maskedCorners: CACornerMask = .everyCorner
    /// The shape of the rounded corners (`.circular`): kept.
    open var cornerCurve: CALayerCornerCurve = .circular
    /// Whether sublayers are clipped to the bounds (false).
    open var masksToBounds = false
    /// The order among sibling layers (0): kept; the views' order is their subviews' order.
    open var zPosition: CGFloat = 0
    /// The width of the border in points (0).
    open var borderWidth: CGFloat = 0
    /// The colour of the border (opaque black).
    open var borderColor: CGColor? = UIColor.black
    /// The colour of the background (nil).
    open var backgroundColor: CGColor?
    /// The opacity of the layer (1). The view's `alpha` is the one touchtrace uses.
    open var opacity: Float = 1
    /// The colour of the shadow (opaque black).
    open var shadowColor: CGColor? = UIColor.black
    /// The opacity of the shadow (0).
    open var shadowOpacity: Float = 0
    /// The offset of the shadow in points ((0, -3), Core Animation's default).
    open var shadowOffset = CGSize(width: 0, height: -3)
    /// The blur radius of the shadow in points (3).
    open var shadowRadius: CGFloat = 3
    /// The shadow's shape (nil).
    open var shadowPath: CGPath?
    /// The point of the bounds that sits at `position` and the layer turns and scales about, in
    /// unit coordinates ((0.5, 0.5): the middle). For a view's layer, setting it keeps the view's
    /// `center` and moves the view (see the type's documentation).
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5) {
        didSet { if anchorPoint != oldValue { hostView?.anchorPointDidChange() } }
    }
    /// Whether the layer rasterizes (false).
    open var shouldRasterize = false
    /// The rasterization scale (1).
    open var rasterizationScale: CGFloat = 1
    /// Layers added by code, back to front (kept; drawn by none). Setting it replaces them
    /// (`nil` removes them all, as code that clears a drawing does); each layer's `superlayer`
    /// follows.
    open var sublayers: [CALayer]? {
        didSet {
            for layer in oldValue ?? [] where layer.superlayer === self && !(sublayers ?? []).contains(where: { $0 === layer }) {
                layer.superlayer = nil
            }
            for layer in sublayers ?? [] where layer.superlayer !== self {
                layer.superlayer?.sublayers?.removeAll { $0 === layer }
                layer.superlayer = self
            }
        }
    }
    /// The layer this one is a sublayer of (a view's own layer is in none: views' layers are
    /// not linked to their superviews' here).
    open internal(set) weak var superlayer: CALayer?
    /// Adds `layer` on top of the sublayers (taking it from its former superlayer).
    open func addSublayer(_ layer: CALayer) {
        layer.removeFromSuperlayer()
        sublayers = (sublayers ?? []) + [layer]
    }
    /// Takes the layer out of its superlayer's sublayers.
    open func removeFromSuperlayer() {
        superlayer?.sublayers?.removeAll { $0 === self }
        superlayer = nil
    }
    /// Forgets the animations kept (see `add(_:forKey:)`); those still running stop, not
    /// finished.
    open func removeAllAnimations() {
        keptAnimations = []
        let stopping = runningAnimations
        runningAnimations = []
        for run in stopping { run.stop(finished: false) }
    }
    /// The layer's clock rate relative to its superlayer's (1): kept (nothing animates).
    open var speed: Float = 1
    /// The offset of the layer's clock, in seconds (0): kept.
    open var timeOffset: CFTimeInterval = 0
    /// The layer's 3D transform (identity): kept apart from the view, as `anchorPoint` (a view
    /// turns and scales as its `transform` says).
    open var transform: CATransform3D = CATransform3DIdentity
    /// The animations held by key, in the order added: those running in a replay, and those
    /// kept after they ended (`CAAnimation.isRemovedOnCompletion` false).
    var keptAnimations: [(key: String, animation: CAAnimation)] = []
    /// The animations running in a replay, in the order added (see `CAAnimation`).
    var runningAnimations: [AnimationRun] = []
    /// The layer's rectangle in its own coordinates, in points (zero): a view's layer's is the
    /// view's `bounds`.
    open var bounds: CGRect {
        get { hostView?.bounds ?? keptBounds }
        set { if let hostView { hostView.bounds = newValue } else { keptBounds = newValue } }
    }
    private var keptBounds: CGRect = .zero
    /// Where `anchorPoint` sits in the superlayer, in points (zero): a view's layer's is the
    /// view's `center`.
    open var position: CGPoint {
        get { hostView?.center ?? keptPosition }
        set { if let hostView { hostView.center = newValue } else { keptPosition = newValue } }
    }
    private var keptPosition: CGPoint = .zero
    /// The layer's rectangle in its superlayer (from `position`, `bounds` and `anchorPoint`; a
    /// view's layer's is the view's `frame`, its `transform` included); setting it sets
    /// `position` and the size of `bounds`.
    open var frame: CGRect {
        get {
            if let hostView { return hostView.frame }
            return CGRect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                          width: bounds.width, height: bounds.height)
        }
        set {
            if let hostView { hostView.frame = newValue; return }
            bounds.size = newValue.size
            position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }
    /// Whether the layer is hidden (false): kept.
    open var isHidden = false
    /// A layer whose opacity masks this one (nil): kept.
    open var mask: CALayer?
    /// The layer's content, an image (nil): kept.
    open var contents: Any?
    /// The screen's pixels per point for the content (1): kept.
    open var contentsScale: CGFloat = 1
    /// A name of the application's own (nil).
    open var name: String?
    /// Puts `layer` among the sublayers at `index` (0 is at the back).
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        list.insert(layer, at: Swift.min(Int(index), list.count))
        sublayers = list
    }
    /// Asks for a redraw: nothing is drawn.
    open func setNeedsDisplay() {}
    /// Draws the layer's content into `ctx`: never called (touchtrace draws nothing); subclasses
    /// override it.
    open func draw(in ctx: CGContext) {}
    /// Asks for a layout: nothing is laid out.
    open func setNeedsLayout() {}
    /// Lays out the sublayers: nothing by default; subclasses override it.
    open func layoutSublayers() {}
    /// Whether `p`, in the layer's own coordinates (points), is inside its `bounds`, as Core
    /// Animation's `contains(_:)`; subclasses override it (a shape layer that tests its path).
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }
    /// The deepest layer of this tree that holds `p`, given in the superlayer's coordinates
    /// (points), as Core Animation's `hitTest(_:)`; subclasses override it. A hidden layer, or
    /// one whose `contains(_:)` refuses the point, holds nothing (nor do its sublayers);
    /// otherwise the sublayers are asked front to back (the last added first) and the first
    /// that answers wins, else the layer itself. The point is moved into each layer by its
    /// `frame` origin and `bounds` origin; `transform` is kept apart here (see the type's
    /// documentation) and does not move it.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden else { return nil }
        let local = CGPoint(x: p.x - frame.minX + bounds.minX, y: p.y - frame.minY + bounds.minY)
        guard contains(local) else { return nil }
        for layer in (sublayers ?? []).reversed() {
            if let hit = layer.hitTest(local) { return hit }
        }
        return self
    }
}

/// The rectangle `rect` with its edges moved in by `insets`, as Swift 4's
/// `UIEdgeInsetsInsetRect` (`rect.inset(by: insets)`).
public func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect { rect.inset(by: insets) }

/// Insets of the four edges, as Swift 4's `UIEdgeInsetsMake`.
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

extension UIView {
    /// How a view fits its content, as `UIView.ContentMode`.
    public typealias ContentMode = UIViewContentMode

    /// How the view's frame follows its superview's size, as `UIView.AutoresizingMask`. Kept;
    /// touchtrace lays out nothing.
    public struct AutoresizingMask: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt
        /// A mask from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The left margin follows.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width follows.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin follows.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin follows.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height follows.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin follows.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// The view's autoresizing mask (none): kept, nothing is laid out.
    public var autoresizingMask: AutoresizingMask {
        get { displayLook.autoresizingMask }
        set { displayLook.autoresizingMask = newValue }
    }
    /// Whether the autoresizing mask becomes constraints (true): kept, nothing is laid out.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { displayLook.translatesAutoresizingMaskIntoConstraints }
        set { displayLook.translatesAutoresizingMaskIntoConstraints = newValue }
    }


    /// Ends editing in the view's text fields: there is no keyboard; returns false.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool { false }
}

/// The screen, as `UIKit.UIScreen`. touchtrace knows no device: `UIScreen.main` is a screen of
/// `UIViewController.defaultViewSize` (390 × 844 points, an iPhone 12–14) at scale 3.
public final class UIScreen: Sendable {
    /// The screen's rectangle in points: (0, 0, 390, 844), touchtrace's fixed value.
    public let bounds: CGRect
    /// Pixels per point: 3 (those iPhones' value).
    public let scale: CGFloat
    /// The screen's bounds in pixels: the same rectangle scaled by `scale`.
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale) }
    /// Pixels per point of the panel: `scale`.
    public var nativeScale: CGFloat { scale }

    init(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
    }

    /// The device's screen (see the type's documentation).
    public static let main = UIScreen(bounds: CGRect(origin: .zero, size: UIViewController.defaultViewSize), scale: 3)
}

/// A view that shows text, as `UIKit.UILabel`: the text and its attributes are kept, nothing is
/// drawn. Touches do not reach it unless `isUserInteractionEnabled` is set (false, as in UIKit).
open class UILabel: UIView {
    /// The text (nil). Setting it replaces `attributedText` with the plain text, as UIKit's.
    open var text: String? {
        didSet { if keptAttributedText?.string != text { keptAttributedText = nil } }
    }
    private var keptAttributedText: NSAttributedString?
    /// The text with its attributes (nil while `text` is nil; a plain attributed string of
    /// `text` until set): setting it sets `text` to its string, as UIKit's.
    open var attributedText: NSAttributedString? {
        get { keptAttributedText ?? text.map { NSAttributedString(string: $0) } }
        set {
            keptAttributedText = newValue
            text = newValue?.string
        }
    }
    /// The colour of the text (`.label`, black).
    open var textColor: UIColor! = .label
    /// The font (the system font of 17 points).
    open var font: UIFont! = .systemFont(ofSize: 17)
    /// The alignment of the text.
    open var textAlignment: NSTextAlignment = .natural
    /// The most lines shown (1; 0 is any number).
    open var numberOfLines = 1
    /// How lines that do not fit are broken (`.byTruncatingTail`, UIKit's for a label): kept.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    /// Whether the label is drawn highlighted (false): kept.
    open var isHighlighted = false
    /// The colour of highlighted text (nil): kept.
    open var highlightedTextColor: UIColor?
    /// Whether the font shrinks to fit the width (false): kept.
    open var adjustsFontSizeToFitWidth = false
    /// The smallest font scale when shrinking (0): kept.
    open var minimumScaleFactor: CGFloat = 0

    /// A label with this frame, not taking touches.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }
}

/// The alignment of text, as `NSTextAlignment`. Kept; nothing is drawn.
public enum NSTextAlignment: Int, Sendable {
    /// Left.
    case left
    /// Centered.
    case center
    /// Right.
    case right
    /// Both edges.
    case justified
    /// As the script reads.
    case natural
}

/// A view that shows an image, as `UIKit.UIImageView`. Touches do not reach it unless
/// `isUserInteractionEnabled` is set (false, as in UIKit: gesture code that adds a recognizer to
/// an image view sets it).
open class UIImageView: UIView {
    /// The image (kept; nothing is drawn).
    open var image: UIImage?
    /// The image shown when highlighted (kept).
    open var highlightedImage: UIImage?
    /// Whether it shows `highlightedImage` (kept).
    open var isHighlighted = false

    /// An image view with this frame, not taking touches.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// An image view of the image's size (zero) showing `image`.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }
}

/// Xcode's colour literal, `#colorLiteral(red:green:blue:alpha:)`, makes a `UIColor` (as with
/// UIKit), so a file that has one compiles.
extension UIColor: _ExpressibleByColorLiteral {
    /// The colour of a `#colorLiteral`, components 0 to 1.
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}

/// Xcode's image literal, `#imageLiteral(resourceName:)`, makes a `UIImage`: an empty image,
/// as `UIImage(named:)` (touchtrace has no resources).
extension UIImage: _ExpressibleByImageLiteral {
    /// The empty image standing for the resource `path`.
    public convenience init(imageLiteralResourceName path: String) {
        self.init(resource: path)
    }
}

/// The type a `#colorLiteral` has where no other is asked for: `UIColor`.
public typealias _ColorLiteralType = UIColor
/// The type an `#imageLiteral` has where no other is asked for: `UIImage`.
public typealias _ImageLiteralType = UIImage

extension UIResponder {
    /// Whether the object is an instance of `aClass` or of a subclass of it, as
    /// `NSObject.isKind(of:)` (`touch.view?.isKind(of: UIControl.self)`).
    public func isKind(of aClass: AnyClass) -> Bool {
        var current: AnyClass? = type(of: self)
        while let k = current {
            if ObjectIdentifier(k) == ObjectIdentifier(aClass) { return true }
            current = _getSuperclass(k)
        }
        return false
    }

    /// The class the object's class inherits from, as `NSObject.superclass` (nil for
    /// `UIResponder`, the root here), as a responder class so that `isSubclass(of:)` can be
    /// asked of it.
    public var superclass: UIResponder.Type? { type(of: self).superclass() }

    /// The class this class inherits from (nil for `UIResponder`), as `NSObject.superclass()`.
    public class func superclass() -> UIResponder.Type? { _getSuperclass(self) as? UIResponder.Type }

    /// Whether this class is `aClass` or inherits from it, as `NSObject.isSubclass(of:)`.
    public class func isSubclass(of aClass: AnyClass) -> Bool {
        var current: AnyClass? = self
        while let k = current {
            if ObjectIdentifier(k) == ObjectIdentifier(aClass) { return true }
            current = _getSuperclass(k)
        }
        return false
    }

    /// Whether the object is an instance of exactly `aClass`, as `NSObject.isMember(of:)`.
    public func isMember(of aClass: AnyClass) -> Bool {
        ObjectIdentifier(type(of: self)) == ObjectIdentifier(aClass)
    }
}
