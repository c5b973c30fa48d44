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
    @inline(__always) public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x <= x + width && p.y >= y && p.y <= y + height
    }

    /// Whether the point lies in the rectangle as `CGRect.contains` has it: the left and top
    /// edges in, the right and bottom edges out (they belong to the neighbour). Version 2 hit areas.
    @inline(__always) public func containsHalfOpen(_ p: Point) -> Bool {
        p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
    }

    /// The rectangle grown by `margin` points on every side.
    public func insetBy(_ margin: Double) -> Rect {
        Rect(x: x + margin, y: y + margin, width: width - 2 * margin, height: height - 2 * margin)
    }
}
