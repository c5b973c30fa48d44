/// Core Graphics' scalar: a `Double`, as `CGFloat` is on every 64-bit Apple platform. Points
/// are touchtrace's points (origin top-left, y growing downward, as in UIKit).
public typealias CGFloat = Double

/// A time in seconds, as Foundation's `TimeInterval`: the trace's time.
public typealias TimeInterval = Double

/// A point: `x` and `y` in points.
public struct CGPoint: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Points from the left.
    public var x: CGFloat
    /// Points from the top (y grows downward).
    public var y: CGFloat

    /// The point at `x`, `y` (points).
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    /// The point with integer coordinates `x`, `y` (points).
    public init(x: Int, y: Int) {
        self.init(x: CGFloat(x), y: CGFloat(y))
    }

    /// The origin, (0, 0).
    public static let zero = CGPoint(x: 0, y: 0)

    /// The values, for messages: `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A width and a height, in points.
public struct CGSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Points across.
    public var width: CGFloat
    /// Points down.
    public var height: CGFloat

    /// The size `width` × `height` (points).
    public init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
    }

    /// The size with integer sides (points).
    public init(width: Int, height: Int) {
        self.init(width: CGFloat(width), height: CGFloat(height))
    }

    /// No width and no height.
    public static let zero = CGSize(width: 0, height: 0)

    /// The values, for messages: `(x, y)`.
    public var description: String { "(\(width), \(height))" }
}

/// A vector: `dx` and `dy` (points, or points per second for a velocity).
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

    /// The zero vector.
    public static let zero = CGVector(dx: 0, dy: 0)

    /// The values, for messages: `(x, y)`.
    public var description: String { "(\(dx), \(dy))" }
}

/// A rectangle: an origin and a size, in points. As in Core Graphics, a negative width or
/// height is allowed and `minX`/`maxX`/`minY`/`maxY` take it into account.
public struct CGRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The corner the size is measured from (the top-left one for a positive size).
    public var origin: CGPoint
    /// The width and height (points).
    public var size: CGSize

    /// The rectangle at `origin` with `size`.
    public init(origin: CGPoint, size: CGSize) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle at (`x`, `y`) with `width` × `height` (points).
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
    }

    /// The rectangle with integer origin and sides (points).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x: CGFloat(x), y: CGFloat(y), width: CGFloat(width), height: CGFloat(height))
    }

    /// The empty rectangle at the origin.
    public static let zero = CGRect(x: 0, y: 0, width: 0, height: 0)

    /// The width, never negative (points).
    public var width: CGFloat { Swift.abs(size.width) }
    /// The height, never negative (points).
    public var height: CGFloat { Swift.abs(size.height) }
    /// The left edge's x (points).
    public var minX: CGFloat { Swift.min(origin.x, origin.x + size.width) }
    /// The right edge's x (points).
    public var maxX: CGFloat { Swift.max(origin.x, origin.x + size.width) }
    /// The center's x (points).
    public var midX: CGFloat { (minX + maxX) / 2 }
    /// The top edge's y (points; y grows downward).
    public var minY: CGFloat { Swift.min(origin.y, origin.y + size.height) }
    /// The bottom edge's y (points).
    public var maxY: CGFloat { Swift.max(origin.y, origin.y + size.height) }
    /// The center's y (points).
    public var midY: CGFloat { (minY + maxY) / 2 }
    /// Whether the rectangle has no area.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// Whether the point lies in the rectangle: the left and top edges in, the right and bottom
    /// edges out, as `CGRect.contains(_:)` has it.
    public func contains(_ point: CGPoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle moved by `dx`, `dy` (points).
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        CGRect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom (grown
    /// for negative values).
    public func insetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        CGRect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The values, for messages: `(x, y)`.
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
