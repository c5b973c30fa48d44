/// `counter`: the seed's `CounterView` (seed 004, Flo), a count of glasses drawn as an arc.
///
/// Parameters: `counter` (5), `numberOfGlasses` (8). It changes only by messages from push
/// buttons. Records `counterChanged` with `counter`, `displayed` and `outlineEndAngle` (radians)
/// each time the counter is set (a minus press at 0 sets nothing). The view redraws only while
/// counter ≤ numberOfGlasses, so `displayed` is the last such value.
public struct Counter: Control {
    public private(set) var counter: Int
    public let numberOfGlasses: Int
    /// The value the view last drew.
    public private(set) var displayed: Int

    /// Where the counter's arc starts and ends, in radians (the seed's 3π/4 and π/4).
    public static let startAngle = 3 * Double.pi / 4
    public static let endAngle = Double.pi / 4

    /// A counter at `counter` drawn for `numberOfGlasses` glasses (at least 1).
    public init(counter: Int = 5, numberOfGlasses: Int = 8) {
        precondition(numberOfGlasses >= 1, "Counter: numberOfGlasses must be at least 1, got \(numberOfGlasses)")
        self.counter = counter
        self.numberOfGlasses = numberOfGlasses
        self.displayed = counter
    }

    /// The angle where the outline of the drawn arc ends, in radians, as the seed's `draw(_:)`
    /// computes it: 3π/4 + displayed · (3π/2) / numberOfGlasses.
    public var outlineEndAngle: Double {
        let angleDifference = 2 * Double.pi - Self.startAngle + Self.endAngle
        let arcLengthPerGlass = angleDifference / Double(numberOfGlasses)
        return arcLengthPerGlass * Double(displayed) + Self.startAngle
    }

    public mutating func receive(_ message: ControlMessage, _ context: inout DeliveryContext) {
        switch message {
        case .add:
            set(counter + 1, &context)
        case .subtract:
            if counter > 0 { set(counter - 1, &context) }
        }
    }

    private mutating func set(_ newValue: Int, _ context: inout DeliveryContext) {
        counter = newValue
        if counter <= numberOfGlasses { displayed = counter }
        context.emit("counterChanged", FieldList(
            Field("counter", .integer(counter)),
            Field("displayed", .integer(displayed)),
            Field("outlineEndAngle", .number(outlineEndAngle))))
    }
}

// MARK: The scene type

extension ControlType {
    /// Scenes' `"counter"` (its parameters: `touchtrace help scene`).
    public static let counter = ControlType(name: "counter", summary: "the glasses counter drawn as an arc (Flo's CounterView)") { p, _ in
        Counter(counter: p.integer("counter", default: 5, in: -1_000_000_000...1_000_000_000),
                numberOfGlasses: p.integer("numberOfGlasses", default: 8, in: 1...1_000_000))
    }
}
