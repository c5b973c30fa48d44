// `import TouchTraceUIKit` brings Foundation with it, as `import UIKit` does: `CGFloat`,
// `CGPoint`, `CGSize`, `CGRect`, `TimeInterval` and the C maths functions (`sqrt`, `atan2`,
// `hypot`, `fabs`, `pow`, `sin`, `cos`, `floor`, ...) are Foundation's own. Points are
// touchtrace's points (origin top-left, y growing downward, as in UIKit). What Foundation has
// on Apple platforms through Core Graphics and lacks on Linux is defined here: `CGVector`,
// `CGAffineTransform`, `CGPath`/`CGMutablePath` (below) and `applying`.
@_exported import Foundation

#if !canImport(CoreGraphics)
/// A vector: `dx` and `dy` (points, or points per second for a velocity), as Core Graphics'
/// `CGVector`.
public struct CGVector: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The horizontal part (rightward positive).
    public var dx: CGFloat
    /// The vertical part (downward positive).
    public var dy: CGFloat

    /// The vector (`dx`, `dy`).
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// The vector (`dx`, `dy`) from integers.
    public init(dx: Int, dy: Int) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    /// The zero vector.
    public static let zero = CGVector(dx: CGFloat(0), dy: CGFloat(0))

    /// The values, for messages: `(dx, dy)`.
    public var description: String { "(\(dx), \(dy))" }
}

/// An affine transform of the plane, as Core Graphics' `CGAffineTransform`: the matrix
/// `[a b 0; c d 0; tx ty 1]` applied to row vectors, so a point (x, y) goes to
/// (a·x + c·y + tx, b·x + d·y + ty).
///
/// Angles are in radians; with y growing downward (UIKit's screen), a positive angle turns
/// clockwise on the screen, as in UIKit.
public struct CGAffineTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The matrix entries (see the type's documentation).
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// The transform with these entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity: every point stays where it is.
    public init() {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    /// The identity: every point stays where it is.
    public static let identity = CGAffineTransform()

    /// A scaling by `sx` across and `sy` down: (sx, 0, 0, sy, 0, 0).
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A turn by `angle` radians: (cos, sin, −sin, cos, 0, 0).
    public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(Foundation.cos(Double(angle))), sine = CGFloat(Foundation.sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// A move by `tx` across and `ty` down (points): (1, 0, 0, 1, tx, ty).
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Whether it is the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self` then `t2`: the matrix product self × t2 (a point is transformed by `self` first).
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
                          c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
                          tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A scaling by `sx`, `sy` applied before this transform (Core Graphics' `scaledBy`).
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A turn by `angle` radians applied before this transform (Core Graphics' `rotated(by:)`).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// A move by `tx`, `ty` (points) applied before this transform (Core Graphics'
    /// `translatedBy`).
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// The transform that undoes this one; a transform that cannot be undone (determinant 0)
    /// is returned unchanged, as Core Graphics does.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0 else { return self }
        let ia = d / determinant, ib = -b / determinant, ic = -c / determinant, id = a / determinant
        return CGAffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// The entries, for messages: `[a, b, c, d, tx, ty]`.
    public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}

extension CGPoint {
    /// The point moved by the transform: (a·x + c·y + tx, b·x + d·y + ty).
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size transformed without the translation: (a·w + c·h, b·w + d·h), as Core Graphics
    /// has it (the result may be negative).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle that holds the transformed corners of this one (Core Graphics'
    /// `applying`).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if t.b == 0 && t.c == 0 {
            let x0 = t.a * minX + t.tx, x1 = t.a * maxX + t.tx, y0 = t.d * minY + t.ty, y1 = t.d * maxY + t.ty
            return CGRect(x: Swift.min(x0, x1), y: Swift.min(y0, y1), width: Swift.abs(x1 - x0), height: Swift.abs(y1 - y0))
        }
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
            .map { $0.applying(t) }
        return CGPath.bounds(of: corners)
    }
}
#endif

/// A path, as Core Graphics' `CGPath`: moves, lines and curves, for gesture code that collects
/// the path of a touch. touchtrace draws nothing; it keeps the elements and their bounding box.
open class CGPath {
    /// One element of a path.
    public enum Element: Equatable, Sendable {
        /// A new subpath starting at the point.
        case moveToPoint(CGPoint)
        /// A straight line to the point.
        case addLineToPoint(CGPoint)
        /// A quadratic curve: control point, end point.
        case addQuadCurveToPoint(CGPoint, CGPoint)
        /// A cubic curve: two control points, end point.
        case addCurveToPoint(CGPoint, CGPoint, CGPoint)
        /// The subpath is closed (a line back to its start).
        case closeSubpath
    }

    /// The elements, in the order added.
    public internal(set) var elements: [Element] = []
    /// Where the last subpath started.
    var subpathStart = CGPoint.zero
    /// The end point of the last element (the subpath's start after `closeSubpath`); `.zero`
    /// for an empty path, as Core Graphics has it.
    public internal(set) var currentPoint = CGPoint.zero

    /// An empty path.
    public init() {}

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The smallest rectangle that holds every point of the path, control points included
    /// (Core Graphics' `boundingBox`); `CGRect.null` for an empty path.
    public var boundingBox: CGRect {
        var points: [CGPoint] = []
        for element in elements {
            switch element {
            case .moveToPoint(let p), .addLineToPoint(let p): points.append(p)
            case .addQuadCurveToPoint(let c, let p): points += [c, p]
            case .addCurveToPoint(let c1, let c2, let p): points += [c1, c2, p]
            case .closeSubpath: break
            }
        }
        return points.isEmpty ? .null : CGPath.bounds(of: points)
    }

    /// A copy that can be changed.
    public func mutableCopy() -> CGMutablePath? {
        let copy = CGMutablePath()
        copy.elements = elements
        copy.subpathStart = subpathStart
        copy.currentPoint = currentPoint
        return copy
    }

    static func bounds(of points: [CGPoint]) -> CGRect {
        var minX = points[0].x, maxX = minX, minY = points[0].y, maxY = minY
        for p in points {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// A path that can be added to, as Core Graphics' `CGMutablePath`. An optional `transform` is
/// applied to the points given, as in Core Graphics.
open class CGMutablePath: CGPath {
    /// An empty path.
    public override init() { super.init() }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        elements.append(.moveToPoint(p))
        subpathStart = p
        currentPoint = p
    }

    /// A straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        elements.append(.addLineToPoint(p))
        currentPoint = p
    }

    /// Straight lines through `points` (a move to the first, as Core Graphics' `addLines`).
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// A cubic curve from the current point to `end`, with two control points.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        let p = end.applying(transform)
        elements.append(.addCurveToPoint(control1.applying(transform), control2.applying(transform), p))
        currentPoint = p
    }

    /// A quadratic curve from the current point to `end`, with one control point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        let p = end.applying(transform)
        elements.append(.addQuadCurveToPoint(control.applying(transform), p))
        currentPoint = p
    }

    /// Closes the current subpath: the current point goes back to where it started.
    public func closeSubpath() {
        elements.append(.closeSubpath)
        currentPoint = subpathStart
    }
}

/// A path for drawing, as UIKit's `UIBezierPath`, over a `CGMutablePath`: touchtrace draws
/// nothing (`stroke()` and `fill()` do nothing); the path's points and bounds are kept.
open class UIBezierPath {
    /// The path built so far.
    public var cgPath: CGMutablePath = CGMutablePath()
    /// The width of the line, in points (kept; nothing is drawn). UIKit's default 1.
    public var lineWidth: CGFloat = 1

    /// An empty path.
    public init() {}

    /// A closed rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        close()
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { cgPath.isEmpty }
    /// The end point of the last element (`.zero` when empty).
    public var currentPoint: CGPoint { cgPath.currentPoint }
    /// The smallest rectangle holding the path's points, control points included.
    public var bounds: CGRect { cgPath.boundingBox }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { cgPath.move(to: point) }
    /// A straight line to `point`.
    public func addLine(to point: CGPoint) { cgPath.addLine(to: point) }
    /// A cubic curve to `endPoint`.
    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        cgPath.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    /// A quadratic curve to `endPoint`.
    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        cgPath.addQuadCurve(to: endPoint, control: controlPoint)
    }
    /// Closes the current subpath.
    public func close() { cgPath.closeSubpath() }
    /// Removes every element.
    public func removeAllPoints() { cgPath = CGMutablePath() }
    /// Draws nothing (touchtrace has no screen).
    public func stroke() {}
    /// Draws nothing (touchtrace has no screen).
    public func fill() {}
    /// How the ends of lines are drawn (`.butt`): kept; nothing is drawn.
    public var lineCapStyle: CGLineCap = .butt
    /// How lines are joined (`.miter`): kept; nothing is drawn.
    public var lineJoinStyle: CGLineJoin = .miter
    /// The limit of mitered joins (10, UIKit's default): kept.
    public var miterLimit: CGFloat = 10
    /// The largest distance between a curve and its straight approximation (0.6): kept.
    public var flatness: CGFloat = 0.6
    /// Whether `contains(_:)` and filling use the even-odd rule (false: the nonzero rule).
    public var usesEvenOddFillRule = false
}
