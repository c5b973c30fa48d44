import TouchTrace

/// `dwell`: one finger resting `duration` seconds within `tolerance` points of where it landed.
/// Discrete: `recognized` at that moment (a deadline: no event need come then), with the
/// `location`; `failed` if the finger moves away, lifts first, or a second finger lands.
public struct DwellRecognizer: Recognizer {
    public var duration = 0.3
    public var tolerance = 5.0
    public var state: RecognizerState = .possible
    private var start: Point?

    public init() {}

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard start == nil, touches.count == 1, let touch = touches.first else {
            return fail(because: "a dwell is one finger", &context)
        }
        start = touch.location
        context.setDeadline(context.t + duration)
    }

    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let start, let touch = touches.first, (touch.location - start).length > tolerance else { return }
        fail(because: "moved \(compactNumber((touch.location - start).length)) points", &context)
    }

    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        fail(because: "lifted before \(compactNumber(duration)) s", &context)
    }

    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        fail(because: "cancelled", &context)
    }

    public mutating func deadlinePassed(_ context: inout DeliveryContext) {
        change(to: .recognized, with: FieldList(Field("location", .point(start ?? .zero))), &context)
    }

    public mutating func reset() {
        state = .possible
        start = nil
    }
}

extension RecognizerType {
    /// `dwell` for scenes: parameters `duration` (seconds) and `tolerance` (points).
    public static let dwell = RecognizerType(name: "dwell", summary: "one finger resting in place") { p in
        var dwell = DwellRecognizer()
        dwell.duration = p.number("duration", default: 0.3, in: 0.001...60, unit: "seconds")
        dwell.tolerance = p.number("tolerance", default: 5, in: 0...1000, unit: "points")
        return dwell
    }
}
