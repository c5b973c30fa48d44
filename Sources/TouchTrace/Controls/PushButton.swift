/// `pushButton`: the seed's `PushButton` (seed 004, Flo), a `UIButton` that adds to or takes
/// from a counter on another view.
///
/// Parameters: `isAddButton` (true), `target` (the name of a view with a `counter`, optional),
/// `touchUpMargin` (70 points). Records: `touchDown`; then `touchUpInside` if the touch lifts
/// within the frame grown by `touchUpMargin` on every side, else `touchUpOutside`; or
/// `touchCancel`.
public struct PushButton: Control {
    /// How far outside its frame a lifting finger still counts as inside, in points: UIKit's
    /// undocumented margin for `touchUpInside`, as measured on devices.
    public static let defaultTouchUpMargin = 70.0

    public let isAddButton: Bool
    /// Index of the target counter's view in the scene.
    public let targetView: Int?
    public let touchUpMargin: Double
    private var tracking = ControlTracking()

    /// A button that adds (or subtracts) on touch-up inside its frame grown by `touchUpMargin`
    /// points, sending to the counter of view `targetView` (an index in the scene's views).
    public init(isAddButton: Bool = true, targetView: Int? = nil, touchUpMargin: Double = PushButton.defaultTouchUpMargin) {
        precondition(touchUpMargin.isFinite && touchUpMargin >= 0, "PushButton: touchUpMargin must be at least 0 points, got \(touchUpMargin)")
        precondition(targetView.map { $0 >= 0 } ?? true, "PushButton: targetView must be a view index (at least 0), got \(targetView!)")
        self.isAddButton = isAddButton
        self.targetView = targetView
        self.touchUpMargin = touchUpMargin
    }

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard tracking.begin(touches) != nil else { return }
        context.emit("touchDown")
    }

    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let touch = tracking.end(in: touches) else { return }
        let bounds = Rect(x: 0, y: 0, width: context.viewSize.width, height: context.viewSize.height)
        if bounds.insetBy(-touchUpMargin).contains(touch.location) {
            context.emit("touchUpInside")
            if let targetView { context.send(isAddButton ? .add : .subtract, toView: targetView) }
        } else {
            context.emit("touchUpOutside")
        }
    }

    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard tracking.end(in: touches) != nil else { return }
        context.emit("touchCancel")
    }
}

// MARK: The scene type

extension ControlType {
    /// Scenes' `"pushButton"` (its parameters: `touchtrace help scene`).
    public static let pushButton = ControlType(name: "pushButton", summary: "a push button that adds to or takes from a counter (Flo)") { p, build in
        let isAdd = p.bool("isAddButton", default: true)
        var targetIndex: Int?
        if let target = p.string("target") {
            if let index = build.viewIndex(named: target) {
                if build.controlType(ofView: index) == "counter" {
                    targetIndex = index
                } else {
                    p.check(false, at: "target", "\"target\" \"\(target)\" is not a counter view (its control must have \"type\": \"counter\")")
                }
            } else {
                p.check(false, at: "target", "\"target\" \"\(target)\" names no view of this scene (views: \(build.viewNames.joined(separator: ", ")))")
            }
        }
        let margin = p.number("touchUpMargin", default: PushButton.defaultTouchUpMargin, in: 0...TraceLimits.coordinate, unit: "points")
        return PushButton(isAddButton: isAdd, targetView: targetIndex, touchUpMargin: margin)
    }
}
