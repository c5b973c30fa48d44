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
