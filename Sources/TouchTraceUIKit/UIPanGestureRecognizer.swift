import TouchTrace

/// A pan, as `UIPanGestureRecognizer`: the same state machine, translation and velocity as
/// touchtrace's `pan` (SPEC 4.1), which it runs on. A plain `UIPanGestureRecognizer()` writes
/// the records `pan` writes: `state` with `translation` [x, y] (points), `velocity` [x, y]
/// (points/second) and `touches` (tracked touches down).
///
/// Subclass it as in UIKit: an override of a touch method calls `super` with the touches it
/// was given, and the pan goes on from there.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    var core = PanCore(tracksVelocity: true)
    /// What `setTranslation(_:in:)` moved the translation by (points).
    var translationOffset = CGPoint.zero
    /// The scroll events (trackpad, mouse wheel) the pan also follows, as UIKit's
    /// `allowedScrollTypesMask` (none): kept; a trace has no scroll events.
    open var allowedScrollTypesMask: UIScrollTypeMask = []

    /// A pan with UIKit's defaults (one touch or more, and a hysteresis of 10 points:
    /// `GestureDefaults.panMinimumDistance`) that calls `action` on `target`.
    public override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
    }

    /// Fewest touches that must be down for the pan to begin (1).
    open var minimumNumberOfTouches: Int {
        get { core.minimumNumberOfTouches }
        set { core.minimumNumberOfTouches = Swift.max(1, newValue) }
    }

    /// Most touches it tracks, the earliest-begun (unbounded: `Int.max`).
    open var maximumNumberOfTouches: Int {
        get { core.maximumNumberOfTouches }
        set { core.maximumNumberOfTouches = Swift.max(1, newValue) }
    }

    /// How far the centroid must move before the pan begins, in points (10). UIKit has no such
    /// property; touchtrace's `pan` takes it as the parameter `minimumDistance`.
    public var minimumDistance: CGFloat {
        get { core.minimumDistance }
        set { core.minimumDistance = Swift.max(0, newValue) }
    }

    /// The movement of the centroid of the tracked touches since touch-down, in points (the same
    /// in every view: views are not scaled), less what `setTranslation(_:in:)` took away.
    open func translation(in view: UIView?) -> CGPoint {
        CGPoint(x: core.translation.x + translationOffset.x, y: core.translation.y + translationOffset.y)
    }

    /// Makes the translation `translation` from now on (UIKit's way of taking the movement in
    /// steps: `setTranslation(.zero, in: view)` in the target). The velocity is not affected.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        translationOffset = CGPoint(x: translation.x - core.translation.x, y: translation.y - core.translation.y)
    }

    /// The velocity of the centroid, in points per second, by the least-squares rule of SPEC
    /// 4.1 over the recent samples; zero with fewer than three.
    open func velocity(in view: UIView?) -> CGPoint {
        // As on a device: there from the first move (two samples: their slope; SPEC 17).
        let v = core.velocityTracker.velocity(fromTwoSamples: true)
        return CGPoint(x: v.x, y: v.y)
    }

    /// The pan's own handling (SPEC 4.1); an override calls `super` with the touches it got.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard let context else { return }
        _ = core.touchesBegan(delivered(touches), context.context)
    }

    /// The pan's own handling (SPEC 4.1); an override calls `super` with the touches it got.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard let context else { return }
        if let transition = core.touchesMoved(delivered(touches), context.context).transition {
            requestPan(transition.to, velocity: core.velocityTracker.velocity(fromTwoSamples: twoSampleRecords))
        }
    }

    /// The pan's own handling (SPEC 4.1); an override calls `super` with the touches it got.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard let context else { return }
        if let transition = core.touchesEnded(delivered(touches)) {
            // A pan that ends after its finger rested more than 40 ms has stopped: no fling.
            let velocity = transition.to == .ended
                ? core.velocityTracker.velocity(endingAt: context.t, fromTwoSamples: twoSampleRecords)
                : core.velocityTracker.velocity(fromTwoSamples: twoSampleRecords)
            requestPan(transition.to, velocity: velocity)
        }
    }

    /// The pan's own handling (SPEC 4.1); an override calls `super` with the touches it got.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        let set = delivered(touches)
        let cancelled = context?.recordsReasons == true ? core.firstTracked(of: set) : nil
        if let transition = core.touchesCancelled(set) {
            requestPan(transition.to, velocity: core.velocityTracker.velocity(fromTwoSamples: twoSampleRecords), cancelled: cancelled)
        }
    }

    /// Asks for the pan's own transition with its record data, as `pan` does (in a version 2
    /// replay, a failure or cancellation with `pan`'s reason first).
    /// Whether the records' velocity is there from the first move: in a version 2 replay, as
    /// the scene type `pan` writes it (a version 1 transcript keeps 0 there; `velocity(in:)`
    /// always has it).
    private var twoSampleRecords: Bool { (context?.version ?? 2) >= 2 }

    private func requestPan(_ to: RecognizerState, velocity: Point, cancelled: ViewTouch? = nil) {
        if to.isFailedOrCancelled, context?.recordsReasons == true {
            var data = FieldList(Field("reason", .text(SharedText(core.reason(cancelled: cancelled)))))
            for field in panData(velocity: velocity) { data.append(field) }
            core.state = request(to, data)
            return
        }
        core.state = request(to, panData(velocity: velocity))
    }

    private func panData(velocity: Point) -> FieldList {
        let t = translation(in: nil)
        return FieldList(Field("translation", .point(Point(x: t.x, y: t.y))),
                         Field("velocity", .point(velocity)),
                         Field("touches", .integer(core.tracked.count)))
    }

    override func stateRecordData(for to: RecognizerState) -> FieldList {
        panData(velocity: to == .ended && context != nil
                ? core.velocityTracker.velocity(endingAt: context!.t, fromTwoSamples: twoSampleRecords)
                : core.velocityTracker.velocity(fromTwoSamples: twoSampleRecords))
    }

    override func engineStateDidChange(_ state: RecognizerState) {
        core.state = state
    }

    /// The pan stops following an ignored touch: the translation and velocity go on from the
    /// touches left, and the pan ends when the last of them lifts.
    override func backingIgnores(_ touch: UITouch) {
        _ = core.forget(serial: touch.serial, beganInEvent: touch.phase == .began, eventIndex: context?.eventIndex ?? -1)
    }

    override func engineDidReset() {
        core.reset()
        translationOffset = .zero
    }
}
