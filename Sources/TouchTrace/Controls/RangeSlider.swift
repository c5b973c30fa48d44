/// `rangeSlider`: the seed's `JKSlider` (seed 003), two thumbs on one track.
///
/// Parameters: `minValue` (0), `maxValue` (10), `lower` (minValue), `upper` (maxValue).
/// Thumbs are squares as tall as the frame; the travel L is width − height; a thumb's left edge
/// is L·(v − minValue)/(maxValue − minValue), moved apart where the thumbs would overlap. Only
/// the thumbs take touches. Records: `beginTracking` (`thumb`), `valueChanged` (`lower`,
/// `upper`) on every move and at the end, `endTracking`, or `cancelTracking`.
public struct RangeSlider: Control {
    public let minValue: Double
    public let maxValue: Double
    public private(set) var lower: Double
    public private(set) var upper: Double
    /// The view's size, in points: the thumbs' side and the travel depend on it.
    let width: Double
    let height: Double
    private var tracking = ControlTracking()
    private var draggingLower = false
    private var previousX = 0.0

    /// A slider over `minValue`...`maxValue` with its thumbs at `lower` and `upper`, in a view
    /// of `width` × `height` points. Traps on values a scene would reject: `minValue` ≥
    /// `maxValue`, a thumb outside the range, `lower` > `upper`, or a view not wider than tall.
    public init(minValue: Double = 0, maxValue: Double = 10, lower: Double? = nil, upper: Double? = nil, width: Double, height: Double) {
        let lower = lower ?? minValue, upper = upper ?? maxValue
        precondition(minValue.isFinite && maxValue.isFinite && minValue < maxValue,
                     "RangeSlider: minValue (\(minValue)) must be less than maxValue (\(maxValue)), both finite")
        precondition(lower >= minValue && lower <= upper && upper <= maxValue,
                     "RangeSlider: need minValue ≤ lower ≤ upper ≤ maxValue, got \(minValue) ≤ \(lower) ≤ \(upper) ≤ \(maxValue)")
        precondition(width.isFinite && height.isFinite && height >= 0 && width > height,
                     "RangeSlider: the view must be wider than it is tall (its thumbs are squares as tall as the view), got \(width) × \(height)")
        self.minValue = minValue
        self.maxValue = maxValue
        self.lower = lower
        self.upper = upper
        self.width = width
        self.height = height
    }

    /// Distance a thumb's left edge travels from minValue to maxValue, in points.
    var travel: Double { width - height }

    /// The thumbs' frames in view coordinates: each at its value's place, moved apart by half
    /// the overlap each where they would overlap, then kept inside the frame.
    public func thumbFrames() -> (lower: Rect, upper: Rect) {
        let side = height
        var lowerX = travel * (lower - minValue) / (maxValue - minValue)
        var upperX = travel * (upper - minValue) / (maxValue - minValue)
        let overlap = lowerX + side - upperX
        if overlap > 0 {
            lowerX -= overlap / 2
            upperX += overlap / 2
        }
        lowerX = min(max(lowerX, 0), travel)
        upperX = min(max(upperX, 0), travel)
        return (Rect(x: lowerX, y: 0, width: side, height: side), Rect(x: upperX, y: 0, width: side, height: side))
    }

    public func hitTest(_ point: Point, viewSize: (width: Double, height: Double)) -> Bool {
        hitTest(point, viewSize: viewSize, halfOpen: false)
    }

    public func hitTest(_ point: Point, viewSize: (width: Double, height: Double), halfOpen: Bool) -> Bool {
        let thumbs = thumbFrames()
        if halfOpen { return thumbs.lower.containsHalfOpen(point) || thumbs.upper.containsHalfOpen(point) }
        return thumbs.lower.contains(point) || thumbs.upper.contains(point)
    }

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let touch = tracking.begin(touches) else { return }
        previousX = touch.location.x
        draggingLower = thumbFrames().lower.contains(touch.location)
        context.emit("beginTracking", FieldList(Field("thumb", .name(draggingLower ? "lower" : "upper"))))
    }

    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let touch = tracking.tracked(in: touches) else { return }
        let drag = touch.location.x - previousX
        let scaledDrag = (maxValue - minValue) * drag / travel
        if draggingLower {
            lower = min(max(lower + scaledDrag, minValue), upper)
        } else {
            upper = min(max(upper + scaledDrag, lower), maxValue)
        }
        previousX = touch.location.x
        emitValues(&context)
    }

    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard tracking.end(in: touches) != nil else { return }
        emitValues(&context)
        context.emit("endTracking")
    }

    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard tracking.end(in: touches) != nil else { return }
        context.emit("cancelTracking")
    }

    private func emitValues(_ context: inout DeliveryContext) {
        context.emit("valueChanged", FieldList(Field("lower", .number(lower)), Field("upper", .number(upper))))
    }
}

// MARK: The scene type

extension ControlType {
    /// Scenes' `"rangeSlider"` (its parameters: `touchtrace help scene`).
    public static let rangeSlider = ControlType(name: "rangeSlider", summary: "a two-thumb range slider (JKSlider)") { p, build in
        let minValue = p.number("minValue", default: 0)
        let maxValue = p.number("maxValue", default: 10)
        let rangeOK = p.check(minValue < maxValue, at: "maxValue",
                              "\"minValue\" (\(numberText(minValue))) must be less than \"maxValue\" (\(numberText(maxValue)))")
        let lower = p.number("lower", default: minValue)
        let upper = p.number("upper", default: maxValue)
        p.describeLimit("maxValue", "greater than minValue")
        p.describeLimit("lower", "within minValue to upper")
        p.describeLimit("upper", "within lower to maxValue")
        if rangeOK {
            p.check(lower >= minValue && lower <= maxValue, at: "lower",
                    "\"lower\" (\(numberText(lower))) must be within \"minValue\"...\"maxValue\" (\(numberText(minValue))...\(numberText(maxValue)))")
            p.check(upper >= minValue && upper <= maxValue, at: "upper",
                    "\"upper\" (\(numberText(upper))) must be within \"minValue\"...\"maxValue\" (\(numberText(minValue))...\(numberText(maxValue)))")
            p.check(lower <= upper, at: "lower", "\"lower\" (\(numberText(lower))) must not be greater than \"upper\" (\(numberText(upper)))")
        }
        let shapeOK = build.frame.width > build.frame.height
        p.checkView(shapeOK, "a range slider must be wider than it is tall (its thumbs are squares as tall as the frame, and they travel width − height)")
        // (With a problem noted, the scene is refused; the slider made meanwhile only has to be valid.)
        let valid = rangeOK && lower >= minValue && lower <= upper && upper <= maxValue
        return RangeSlider(minValue: valid ? minValue : 0, maxValue: valid ? maxValue : 1, lower: valid ? lower : 0, upper: valid ? upper : 1,
                           width: shapeOK ? build.frame.width : build.frame.height + 1, height: build.frame.height)
    }
}
