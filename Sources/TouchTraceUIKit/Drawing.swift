// Drawing as gesture code touches it: line styles, shape layers, graphics contexts and image
// contexts, and more of `UIBezierPath`. touchtrace has no screen: nothing is drawn; paths keep
// their points (so a shape recognizer's `contains` and bounds answer as on a device) and an
// image context makes an image of its size, with no pixels.

/// How the ends of lines are drawn, as Core Graphics' `CGLineCap`. Kept; nothing is drawn.
public enum CGLineCap: Int32, Sendable {
    /// Square ends at the end points.
    case butt
    /// Round ends.
    case round
    /// Square ends past the end points by half the width.
    case square
}

/// How lines are joined, as Core Graphics' `CGLineJoin`. Kept; nothing is drawn.
public enum CGLineJoin: Int32, Sendable {
    /// Sharp corners.
    case miter
    /// Round corners.
    case round
    /// Cut corners.
    case bevel
}

/// How a drawing is combined with what is under it, as `CGBlendMode`. Kept; nothing is drawn.
public enum CGBlendMode: Int32, Sendable {
    /// Drawn over.
    case normal
    /// Multiplied.
    case multiply
    /// Screened.
    case screen
    /// Overlaid.
    case overlay
    /// Cleared (an eraser).
    case clear
    /// Copied.
    case copy
}

/// How a path is drawn by `CGContext.drawPath(using:)`, as `CGPathDrawingMode`.
public enum CGPathDrawingMode: Int32, Sendable {
    /// Filled, nonzero rule.
    case fill
    /// Filled, even-odd rule.
    case eoFill
    /// Stroked.
    case stroke
    /// Filled and stroked.
    case fillStroke
    /// Filled (even-odd) and stroked.
    case eoFillStroke
}

/// The corners of a rectangle, as `UIRectCorner` (`UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`).
public struct UIRectCorner: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Corners from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top left corner.
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// The top right corner.
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// The bottom left corner.
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// The bottom right corner.
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// Every corner.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

extension CGMutablePath {
    /// An arc of the circle of `radius` about `center` from `startAngle` to `endAngle` (radians,
    /// y downward as on the screen), clockwise or not, as Core Graphics' `addArc`: a line from
    /// the current point to the arc's start (a move when the path is empty), then the arc as
    /// cubic curves of at most a quarter turn each (the usual 4/3·tan(θ/4) control points).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if isEmpty { move(to: start, transform: transform) } else { addLine(to: start, transform: transform) }
        // Clockwise on the screen (y downward) is increasing angle, as UIKit's `clockwise: true`.
        var sweep = endAngle - startAngle
        let fullTurn = 2 * CGFloat.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: fullTurn) + fullTurn }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: fullTurn) - fullTurn }
        }
        guard sweep != 0, radius != 0 else { return }
        let pieces = Swift.max(1, Int((Swift.abs(sweep) / (CGFloat.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(pieces)
        let k = 4 / 3 * tan(step / 4)
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            let p3 = CGPoint(x: center.x + radius * cos(next), y: center.y + radius * sin(next))
            let c1 = CGPoint(x: p0.x - k * radius * sin(angle), y: p0.y + k * radius * cos(angle))
            let c2 = CGPoint(x: p3.x + k * radius * sin(next), y: p3.y - k * radius * cos(next))
            addCurve(to: p3, control1: c1, control2: c2, transform: transform)
            angle = next
        }
    }

    /// A closed rectangle (a move to its top left corner, lines round it).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        addLines(between: [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                           CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)], transform: transform)
        closeSubpath()
    }

    /// The ellipse inscribed in `rect`, as four cubic curves (a closed subpath).
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        let k: CGFloat = 0.5522847498307936
        move(to: CGPoint(x: cx + rx, y: cy), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry),
                 control2: CGPoint(x: cx + k * rx, y: cy + ry), transform: transform)
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry),
                 control2: CGPoint(x: cx - rx, y: cy + k * ry), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry),
                 control2: CGPoint(x: cx - k * rx, y: cy - ry), transform: transform)
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry),
                 control2: CGPoint(x: cx + rx, y: cy - k * ry), transform: transform)
        closeSubpath()
    }

    /// The elements of `path` added to this one (transformed by `transform`).
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for element in path.elements {
            switch element {
            case .moveToPoint(let p): move(to: p, transform: transform)
            case .addLineToPoint(let p): addLine(to: p, transform: transform)
            case .addQuadCurveToPoint(let c, let p): addQuadCurve(to: p, control: c, transform: transform)
            case .addCurveToPoint(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2, transform: transform)
            case .closeSubpath: closeSubpath()
            }
        }
    }
}

extension CGPath {
    /// The path as closed polygons: each subpath's points, curves replaced by 16 straight
    /// pieces each (what `contains` tests against).
    func polygons() -> [[CGPoint]] {
        var result: [[CGPoint]] = []
        var current: [CGPoint] = []
        var last = CGPoint.zero
        for element in elements {
            switch element {
            case .moveToPoint(let p):
                if current.count > 1 { result.append(current) }
                current = [p]
                last = p
            case .addLineToPoint(let p):
                if current.isEmpty { current = [last] }
                current.append(p)
                last = p
            case .addQuadCurveToPoint(let c, let p):
                if current.isEmpty { current = [last] }
                for k in 1...16 {
                    let t = CGFloat(k) / 16, u = 1 - t
                    current.append(CGPoint(x: u * u * last.x + 2 * u * t * c.x + t * t * p.x,
                                           y: u * u * last.y + 2 * u * t * c.y + t * t * p.y))
                }
                last = p
            case .addCurveToPoint(let c1, let c2, let p):
                if current.isEmpty { current = [last] }
                for k in 1...16 {
                    let t = CGFloat(k) / 16, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(CGPoint(x: a * last.x + b * c1.x + c * c2.x + d * p.x,
                                           y: a * last.y + b * c1.y + c * c2.y + d * p.y))
                }
                last = p
            case .closeSubpath:
                if current.count > 1 { result.append(current) }
                last = current.first ?? last
                current = []
            }
        }
        if current.count > 1 { result.append(current) }
        return result
    }

    /// Whether `point` is inside the path, every subpath closed, by the nonzero winding rule
    /// or (`eoFill`) the even-odd rule, as Core Graphics' `contains(_:using:)`; curves are
    /// taken as 16 straight pieces each.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity) -> Bool {
        let p = point.applying(transform.inverted())
        var winding = 0
        for polygon in polygons() {
            for k in polygon.indices {
                let a = polygon[k], b = polygon[(k + 1) % polygon.count]
                if a.y <= p.y {
                    if b.y > p.y && (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
                } else if b.y <= p.y && (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .evenOdd ? winding % 2 != 0 : winding != 0
    }
}

/// The rule that says which points a path holds, as `CGPathFillRule`.
public enum CGPathFillRule: Int, Sendable {
    /// Nonzero winding number.
    case winding
    /// Odd number of crossings.
    case evenOdd
}

extension UIBezierPath {
    /// A closed rectangle with corners rounded by `cornerRadius` (points; at most half the
    /// shorter side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A closed rectangle with the corners `corners` rounded by `cornerRadii.width` (points; at
    /// most half the shorter side).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = Swift.max(0, Swift.min(cornerRadii.width, rect.width / 2, rect.height / 2))
        let path = cgPath
        func corner(_ which: UIRectCorner) -> CGFloat { corners.contains(which) ? r : 0 }
        path.move(to: CGPoint(x: rect.minX + corner(.topLeft), y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - corner(.topRight), y: rect.minY))
        if corner(.topRight) > 0 {
            path.addArc(center: CGPoint(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        }
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - corner(.bottomRight)))
        if corner(.bottomRight) > 0 {
            path.addArc(center: CGPoint(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        }
        path.addLine(to: CGPoint(x: rect.minX + corner(.bottomLeft), y: rect.maxY))
        if corner(.bottomLeft) > 0 {
            path.addArc(center: CGPoint(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi, clockwise: true)
        }
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + corner(.topLeft)))
        if corner(.topLeft) > 0 {
            path.addArc(center: CGPoint(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: true)
        }
        path.closeSubpath()
    }

    /// The ellipse inscribed in `rect` (a closed path).
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        cgPath.addEllipse(in: rect)
    }

    /// An arc of the circle of `radius` about `center`, from `startAngle` to `endAngle`
    /// (radians; clockwise on the screen when `clockwise`).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with the elements of `cgPath`.
    public convenience init(cgPath path: CGPath) {
        self.init()
        cgPath.addPath(path)
    }

    /// An arc (see `init(arcCenter:radius:startAngle:endAngle:clockwise:)`), joined to the
    /// current point by a line.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        cgPath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// The elements of `bezierPath` added to this path.
    public func append(_ bezierPath: UIBezierPath) {
        cgPath.addPath(bezierPath.cgPath)
    }

    /// Whether `point` is inside the path (every subpath closed), by `usesEvenOddFillRule`'s
    /// rule; curves are taken as 16 straight pieces each.
    public func contains(_ point: CGPoint) -> Bool {
        cgPath.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Transforms every point of the path.
    public func apply(_ transform: CGAffineTransform) {
        let moved = CGMutablePath()
        moved.addPath(cgPath, transform: transform)
        cgPath = moved
    }

    /// Sets a dash pattern: kept by nothing (nothing is drawn).
    public func setLineDash(_ pattern: [CGFloat]?, count: Int, phase: CGFloat) {}

    /// Draws nothing, with a blend mode and opacity (touchtrace has no screen).
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {}

    /// Draws nothing, with a blend mode and opacity (touchtrace has no screen).
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {}

    /// Makes the path the clipping area of the current context: nothing is drawn, so nothing
    /// changes.
    public func addClip() {}
}

extension UIColor {
    /// Makes the colour the current context's stroke colour (kept by the context; nothing is
    /// drawn).
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(self) }
    /// Makes the colour the current context's fill colour (kept by the context).
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(self) }
    /// Makes the colour both the stroke and the fill colour of the current context.
    public func set() {
        setStroke()
        setFill()
    }
}

/// The line cap of a shape layer, as `CAShapeLayerLineCap` (a string, as in Core Animation).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String
    /// A line cap by name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Square ends at the end points.
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// Round ends.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// Square ends past the end points.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The line join of a shape layer, as `CAShapeLayerLineJoin`.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String
    /// A line join by name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Sharp corners.
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// Round corners.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// Cut corners.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// The fill rule of a shape layer, as `CAShapeLayerFillRule`.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String
    /// A fill rule by name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Nonzero winding.
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Even-odd.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// Swift 4's name of `CAShapeLayerLineCap.butt`.
public let kCALineCapButt = CAShapeLayerLineCap.butt
/// Swift 4's name of `CAShapeLayerLineCap.round`.
public let kCALineCapRound = CAShapeLayerLineCap.round
/// Swift 4's name of `CAShapeLayerLineCap.square`.
public let kCALineCapSquare = CAShapeLayerLineCap.square
/// Swift 4's name of `CAShapeLayerLineJoin.miter`.
public let kCALineJoinMiter = CAShapeLayerLineJoin.miter
/// Swift 4's name of `CAShapeLayerLineJoin.round`.
public let kCALineJoinRound = CAShapeLayerLineJoin.round
/// Swift 4's name of `CAShapeLayerLineJoin.bevel`.
public let kCALineJoinBevel = CAShapeLayerLineJoin.bevel
/// Swift 4's name of `CAShapeLayerFillRule.nonZero`.
public let kCAFillRuleNonZero = CAShapeLayerFillRule.nonZero
/// Swift 4's name of `CAShapeLayerFillRule.evenOdd`.
public let kCAFillRuleEvenOdd = CAShapeLayerFillRule.evenOdd

/// A layer that draws a path, as `QuartzCore.CAShapeLayer`: what code sets is kept (the path
/// with its points), nothing is drawn. A view whose `layerClass` is `CAShapeLayer.self` has one
/// as its `layer`.
open class CAShapeLayer: CALayer {
    /// The path (nil).
    open var path: CGPath?
    /// The colour the path is filled with (opaque black, Core Animation's default).
    open var fillColor: CGColor? = UIColor.black
    /// The colour the path is stroked with (nil).
    open var strokeColor: CGColor?
    /// The width of the stroke in points (1).
    open var lineWidth: CGFloat = 1
    /// How the ends of lines are drawn (`.butt`).
    open var lineCap: CAShapeLayerLineCap = .butt
    /// How lines are joined (`.miter`).
    open var lineJoin: CAShapeLayerLineJoin = .miter
    /// The rule for filling (`.nonZero`).
    open var fillRule: CAShapeLayerFillRule = .nonZero
    /// The limit of mitered joins (10).
    open var miterLimit: CGFloat = 10
    /// Where the stroke starts along the path, 0 to 1 (0).
    open var strokeStart: CGFloat = 0
    /// Where the stroke ends along the path, 0 to 1 (1).
    open var strokeEnd: CGFloat = 1
    /// The dash pattern, lengths in points (nil: solid).
    open var lineDashPattern: [NSNumber]?
    /// Where the dash pattern starts, in points (0).
    open var lineDashPhase: CGFloat = 0
}

/// A drawing context, as Core Graphics' `CGContext`: it keeps its current path, its colours and
/// line settings; nothing is drawn. `UIGraphicsGetCurrentContext()` gives the one of the image
/// context begun last (in `draw(_:)`, which touchtrace never calls, there is none: nil).
open class CGContext {
    /// The path being built (by `move`, `addLine`, …), emptied by `beginPath` and by stroking
    /// or filling it.
    public private(set) var currentPath = CGMutablePath()
    /// The stroke colour (opaque black).
    public private(set) var strokeColor: CGColor = UIColor.black
    /// The fill colour (opaque black).
    public private(set) var fillColor: CGColor = UIColor.black
    /// The line width in points (1).
    public private(set) var lineWidth: CGFloat = 1
    /// The line cap (`.butt`).
    public private(set) var lineCap: CGLineCap = .butt
    /// The line join (`.miter`).
    public private(set) var lineJoin: CGLineJoin = .miter
    /// The blend mode (`.normal`).
    public private(set) var blendMode: CGBlendMode = .normal
    /// The opacity (1).
    public private(set) var alpha: CGFloat = 1
    /// The size of the image the context draws into, in points.
    public let size: CGSize
    /// The transform from user space to the image (the identity until changed).
    public private(set) var ctm = CGAffineTransform.identity
    private var saved: [(CGColor, CGColor, CGFloat, CGLineCap, CGLineJoin, CGBlendMode, CGFloat, CGAffineTransform)] = []

    /// A context for an image of `size` points.
    public init(size: CGSize) { self.size = size }

    /// Empties the current path.
    public func beginPath() { currentPath = CGMutablePath() }
    /// Starts a subpath at `point`.
    public func move(to point: CGPoint) { currentPath.move(to: point) }
    /// A line to `point`.
    public func addLine(to point: CGPoint) { currentPath.addLine(to: point) }
    /// Lines through `points`.
    public func addLines(between points: [CGPoint]) { currentPath.addLines(between: points) }
    /// A cubic curve to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: end, control1: control1, control2: control2)
    }
    /// A quadratic curve to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { currentPath.addQuadCurve(to: end, control: control) }
    /// An arc (see `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)`).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        currentPath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    /// A closed rectangle.
    public func addRect(_ rect: CGRect) { currentPath.addRect(rect) }
    /// An ellipse in `rect`.
    public func addEllipse(in rect: CGRect) { currentPath.addEllipse(in: rect) }
    /// The elements of `path`.
    public func addPath(_ path: CGPath) { currentPath.addPath(path) }
    /// Closes the current subpath.
    public func closePath() { currentPath.closeSubpath() }
    /// Strokes the current path: nothing is drawn; the path is emptied.
    public func strokePath() { beginPath() }
    /// Fills the current path: nothing is drawn; the path is emptied.
    public func fillPath() { beginPath() }
    /// Draws the current path: nothing is drawn; the path is emptied.
    public func drawPath(using mode: CGPathDrawingMode) { beginPath() }
    /// Strokes a rectangle: nothing is drawn.
    public func stroke(_ rect: CGRect) {}
    /// Fills a rectangle: nothing is drawn.
    public func fill(_ rect: CGRect) {}
    /// Clears a rectangle: nothing is drawn.
    public func clear(_ rect: CGRect) {}
    /// Strokes an ellipse: nothing is drawn.
    public func strokeEllipse(in rect: CGRect) {}
    /// Fills an ellipse: nothing is drawn.
    public func fillEllipse(in rect: CGRect) {}
    /// Strokes line segments, points taken in pairs: nothing is drawn.
    public func strokeLineSegments(between points: [CGPoint]) {}
    /// Sets the stroke colour.
    public func setStrokeColor(_ color: CGColor) { strokeColor = color }
    /// Sets the stroke colour from components (0 to 1).
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        strokeColor = UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Sets the fill colour.
    public func setFillColor(_ color: CGColor) { fillColor = color }
    /// Sets the fill colour from components (0 to 1).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        fillColor = UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Sets the line width in points.
    public func setLineWidth(_ width: CGFloat) { lineWidth = width }
    /// Sets the line cap.
    public func setLineCap(_ cap: CGLineCap) { lineCap = cap }
    /// Sets the line join.
    public func setLineJoin(_ join: CGLineJoin) { lineJoin = join }
    /// Sets the blend mode.
    public func setBlendMode(_ mode: CGBlendMode) { blendMode = mode }
    /// Sets the opacity.
    public func setAlpha(_ alpha: CGFloat) { self.alpha = alpha }
    /// Sets whether edges are smoothed: kept by nothing (nothing is drawn).
    public func setShouldAntialias(_ shouldAntialias: Bool) {}
    /// Sets a dash pattern: kept by nothing.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {}
    /// Clips to the current path: nothing is drawn; the path is emptied.
    public func clip() { beginPath() }
    /// Clips to a rectangle: nothing changes.
    public func clip(to rect: CGRect) {}
    /// Moves user space by `tx`, `ty`.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) { ctm = ctm.translatedBy(x: tx, y: ty) }
    /// Scales user space.
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) { ctm = ctm.scaledBy(x: sx, y: sy) }
    /// Turns user space by `angle` radians.
    public func rotate(by angle: CGFloat) { ctm = ctm.rotated(by: angle) }
    /// Saves the colours, line settings, blend mode, opacity and transform.
    public func saveGState() { saved.append((strokeColor, fillColor, lineWidth, lineCap, lineJoin, blendMode, alpha, ctm)) }
    /// Restores what `saveGState` saved last.
    public func restoreGState() {
        guard let last = saved.popLast() else { return }
        (strokeColor, fillColor, lineWidth, lineCap, lineJoin, blendMode, alpha, ctm) = last
    }
}

/// The image contexts begun and not yet ended on the current thread (as UIKit's, whose context
/// stack is the thread's), kept in the thread's dictionary.
private final class GraphicsContextStack {
    var contexts: [CGContext] = []
    static let key = "TouchTraceUIKit.GraphicsContextStack"

    static var current: GraphicsContextStack { perThread(key, GraphicsContextStack.init) }
}

/// Begins an image context of `size` points: it becomes the current context.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 0)
}

/// Begins an image context of `size` points (opacity and scale kept by nothing): it becomes
/// the current context.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    GraphicsContextStack.current.contexts.append(CGContext(size: size))
}

/// The current context: the image context begun last and not ended, or nil.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current.contexts.last
}

/// An image of the current image context's size (no pixels: nothing is drawn), or nil when no
/// image context is current.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    UIGraphicsGetCurrentContext().map { UIImage(size: $0.size) }
}

/// Ends the current image context (the one begun before it becomes current).
public func UIGraphicsEndImageContext() {
    _ = GraphicsContextStack.current.contexts.popLast()
}

/// Makes images by drawing, as `UIGraphicsImageRenderer`: the drawing closure runs with a
/// context (current while it runs); the image has the renderer's size and no pixels.
open class UIGraphicsImageRenderer {
    /// The image's rectangle, in points.
    public let bounds: CGRect
    /// A renderer of images of `size` points.
    public init(size: CGSize) { bounds = CGRect(origin: .zero, size: size) }
    /// A renderer of images of `bounds`.
    public init(bounds: CGRect) { self.bounds = bounds }

    /// Runs `actions` with a context, then gives an image of the renderer's size.
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        UIGraphicsBeginImageContext(bounds.size)
        defer { UIGraphicsEndImageContext() }
        let context = UIGraphicsImageRendererContext(cgContext: UIGraphicsGetCurrentContext() ?? CGContext(size: bounds.size))
        actions(context)
        return UIImage(size: bounds.size)
    }
}

/// The context a `UIGraphicsImageRenderer` draws with, as `UIGraphicsImageRendererContext`.
public final class UIGraphicsImageRendererContext {
    /// The Core Graphics context.
    public let cgContext: CGContext
    init(cgContext: CGContext) { self.cgContext = cgContext }
    /// An image of what is drawn so far: of the context's size, no pixels.
    public var currentImage: UIImage { UIImage(size: cgContext.size) }
    /// Fills a rectangle: nothing is drawn.
    public func fill(_ rect: CGRect) {}
    /// Strokes a rectangle: nothing is drawn.
    public func stroke(_ rect: CGRect) {}
}

extension UIImage {
    /// Draws the image in `rect`: nothing is drawn.
    public func draw(in rect: CGRect) {}
    /// Draws the image at `point`: nothing is drawn.
    public func draw(at point: CGPoint) {}
    /// Draws the image in `rect` with a blend mode and opacity: nothing is drawn.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {}
}

/// An image as Core Graphics passes it: touchtrace's `UIImage` itself (as `CGColor` is its
/// `UIColor`), so `layer.contents = image.cgImage` compiles and keeps the image.
public typealias CGImage = UIImage

extension UIImage {
    /// The image for a layer or a context: the image itself (see `CGImage`), never nil.
    public var cgImage: CGImage? { self }
    /// An image of `cgImage`'s size (no pixels, as every image here).
    public convenience init(cgImage: CGImage) {
        self.init(size: cgImage.size)
    }
}

/// Fills `rect` of the current context with the fill colour: nothing is drawn (as every drawing
/// call here; `UIRectFill` draws into the context `UIGraphicsGetCurrentContext()` gives).
public func UIRectFill(_ rect: CGRect) {}

/// Strokes the outline of `rect` in the current context: nothing is drawn.
public func UIRectFrame(_ rect: CGRect) {}

extension UIView {
    /// Draws a snapshot of the view and its subviews into the current context, as UIKit's
    /// `drawHierarchy(in:afterScreenUpdates:)`: nothing is drawn (touchtrace's images have no
    /// pixels, see `UIImage`), and the answer is true, UIKit's for a complete snapshot, so code
    /// that goes on only after a complete one goes on as on a device.
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool { true }
}
