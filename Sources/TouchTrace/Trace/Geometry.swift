/// A point in points (1/163 inch on early iPhones), origin top-left, y growing downward as in UIKit.
public struct Point: Equatable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }

    /// Euclidean length of the point taken as a vector, in points.
    public var length: Double { (x * x + y * y).squareRoot() }

    public var description: String { "(\(x), \(y))" }
}

/// A rectangle in points: origin and size, as `CGRect`.
public struct Rect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var origin: Point { Point(x: x, y: y) }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// Whether the point lies in the rectangle, edges included. (`CGRect.contains` leaves out
    /// the right and bottom edges; touchtrace includes them so that the default screen, the
    /// smallest rectangle holding every touch point, holds the outermost points too.)
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x <= x + width && p.y >= y && p.y <= y + height
    }

    /// Whether the point lies in the rectangle as `CGRect.contains` has it: the left and top
    /// edges in, the right and bottom edges out (they belong to the neighbour). Version 2 hit areas.
    public func containsHalfOpen(_ p: Point) -> Bool {
        p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
    }

    /// The rectangle grown by `margin` points on every side.
    public func insetBy(_ margin: Double) -> Rect {
        Rect(x: x + margin, y: y + margin, width: width - 2 * margin, height: height - 2 * margin)
    }
}

/// An affine map of the plane, as `CGAffineTransform` has it: a point (x, y) goes to
/// (a·x + c·y + tx, b·x + d·y + ty). Where a view that gesture code has moved lies (SPEC 17).
public struct Affine: Equatable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The map that leaves every point where it is.
    public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Where the map takes `p`.
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The map that undoes this one, or nil when it squashes the plane onto a line or a point
    /// (a scale of 0).
    public var inverted: Affine? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return Affine(a: d / det, b: -b / det, c: -c / det, d: a / det,
                      tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}
