import TouchTrace

/// `edgePan`: a pan that must start near the left edge of its view, as a screen-edge pan does.
///
/// Transitions:
/// - possible → began: when the touch has moved `minimumDistance` points to the right of
///   where it touched down, having touched down within `edgeWidth` points of the left edge;
/// - began/changed → changed: on every move; → ended: at the lift; → cancelled: if cancelled;
/// - possible → failed: a touch down away from the edge, a second finger, or a lift too soon.
/// Records `translation` [x, y] (points since touch-down).
public struct EdgePanRecognizer: Recognizer {
    /// How far from the left edge the touch must land, in points.
    public var edgeWidth: Double
    /// How far right it must move before the pan begins, in points.
    public var minimumDistance: Double

    public var state: RecognizerState = .possible
    private var start: Point?

    public init(edgeWidth: Double = 20, minimumDistance: Double = 30) {
        precondition(edgeWidth >= 0 && minimumDistance >= 0, "edgeWidth and minimumDistance must be at least 0 points")
        self.edgeWidth = edgeWidth
        self.minimumDistance = minimumDistance
    }

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard start == nil, touches.count == 1, let touch = touches.first else {
            return fail(because: "an edge pan is one finger", &context)
        }
        guard touch.location.x < edgeWidth else {
            return fail(because: "touched down \(compactNumber(touch.location.x)) points from the edge; at most \(compactNumber(edgeWidth))", &context)
        }
        start = touch.location
    }

    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let start, let touch = touches.first else { return }
        let translation = touch.location - start
        let data = FieldList(Field("translation", .point(translation)))
        if state == .possible && translation.x >= minimumDistance {
            change(to: .began, with: data, &context)
        } else if state == .began || state == .changed {
            change(to: .changed, with: data, &context)
        }
    }

    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        if state == .possible { return fail(because: "lifted before moving \(compactNumber(minimumDistance)) points right", &context) }
        change(to: .ended, &context)
    }

    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        change(to: state == .possible ? .failed : .cancelled, &context)
    }

    public mutating func reset() {
        state = .possible
        start = nil
    }
}

extension RecognizerType {
    /// `edgePan` for scenes: parameters `edgeWidth` and `minimumDistance` (points).
    public static let edgePan = RecognizerType(name: "edgePan", summary: "a pan that starts at the left edge") { p in
        EdgePanRecognizer(edgeWidth: p.number("edgeWidth", default: 20, in: 0...10_000),
                          minimumDistance: p.number("minimumDistance", default: 30, in: 0...10_000))
    }
}
