#if canImport(UIKit)
import UIKit
#else
import TouchTraceUIKit
#endif

/// A quick flick down with one finger: at least `minimumDistance` points down, at most
/// `maximumSideways` points to either side, lifted within `maximumDuration` seconds. Discrete:
/// `.recognized` at the lift, else `.failed`. Written as for UIKit; touchtrace runs it unchanged.
class FlickDownGestureRecognizer: UIGestureRecognizer {
    var minimumDistance: CGFloat = 60
    var maximumSideways: CGFloat = 20
    var maximumDuration: TimeInterval = 0.3

    private var trackedTouch: UITouch?
    private var start = CGPoint.zero
    private var startTime: TimeInterval = 0

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard trackedTouch == nil, touches.count == 1, let touch = touches.first else {
            state = .failed
            return
        }
        trackedTouch = touch
        start = touch.location(in: view)
        startTime = touch.timestamp
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let point = touch.location(in: view)
        if abs(point.x - start.x) > maximumSideways || point.y < start.y - maximumSideways {
            state = .failed
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let point = touch.location(in: view)
        let quick = touch.timestamp - startTime <= maximumDuration
        state = quick && point.y - start.y >= minimumDistance && abs(point.x - start.x) <= maximumSideways ? .recognized : .failed
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = .cancelled
    }

    override func reset() {
        super.reset()
        trackedTouch = nil
        start = .zero
        startTime = 0
    }
}
