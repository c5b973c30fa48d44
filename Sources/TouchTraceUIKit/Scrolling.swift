import TouchTrace

// How a `UIScrollView` scrolls in a replay, as on a device (SPEC 17): its pan drags the content,
// the delegate hears what UIKit tells it, and a flick decelerates on the replay's timeline.
//
// The values touchtrace fixes, and where each comes from:
// - The pan begins as every `UIPanGestureRecognizer` does (10 points of movement,
//   `GestureDefaults.panMinimumDistance`), and the content follows the whole translation from
//   touch-down: a drag of 120 points moves `contentOffset` by 120.
// - Rubber band: beyond an edge (with `bounces`) the content moves by
//   (1 − 1/(x·0.55/d + 1))·d for a finger x points past it, d being the view's width or height:
//   the curve published from measurements of UIKit's scroll view (constant 0.55). It starts at
//   the finger's rate (0.55 of it) and never reaches d.
// - Velocity at the lift: the pan's (SPEC 4.1, zero once the finger has rested more than 40 ms),
//   given to the delegate in points per millisecond, positive where `contentOffset` grows, as
//   Apple documents `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`.
// - Where the content comes to rest: the offset at the lift plus v·r/(1 − r), v in points per
//   millisecond and r the `decelerationRate` (the share of the speed kept each millisecond:
//   0.998 `.normal`, 0.99 `.fast`, Apple's values) — the sum of a speed kept r times a
//   millisecond, the projection of Apple's "Designing Fluid Interfaces" — held within the
//   content. With `isPagingEnabled` the rest point is the page (the bounds' size) nearest to that
//   projection, at most one page from the one the drag began on, as a flick turns one page.
// - The motion to the rest point: after n milliseconds, start + (target − start)·(1 − rᴺ), which
//   is the projection's own curve (the speed falls by r each millisecond) and ends where the
//   delegate put the target. Going back inside after a drag beyond an edge, and paging, use
//   0.99 (`.fast`), so the content settles in about half a second as a device's does (with
//   0.998 a 50-point bounce would take two seconds). The content moves once a frame, at 60 Hz
//   (`CADisplayLink.frameDuration`), on the timeline of timers and display links: frames do not
//   keep a replay going after its last event. The motion ends at the first frame less than half
//   a point from the target on both axes (touchtrace's value: below what the eye sees), where the
//   offset is set to the target.
// - Which axes scroll: one along which the content with its insets is larger than the view, or
//   that `alwaysBounce…` names (with `bounces`). With `isDirectionalLockEnabled`, only the axis
//   the finger had moved most along when the pan began.
// - The pan of a scroll view that scrolls along one axis only does not begin for a movement
//   more along the other (the scroll view's own `gestureRecognizerShouldBegin(_:)`): so a
//   horizontal scroll view inside a vertical one, or a sideways pan in a list, gets the sideways
//   drags, as Apple's guide to nesting scroll views has it on a device. A subclass's override of
//   `gestureRecognizerShouldBegin(_:)` decides instead, as in UIKit.
// - `delaysContentTouches` (true by default): as on a device, a touch that begins in the
//   content is held from its view until the scroll view can tell a drag from a tap: until the
//   pan begins (the view never gets the touch), fails, the touch lifts (the view gets
//   `touchesBegan`, then `touchesEnded`), or 0.15 s pass (`touchesBegan` then). Apple documents
//   the delay but not its length; 0.15 s is the length commonly measured on devices (and the
//   delay of the recognizer UIKit's scroll view uses for it). So a quick drag that starts on a
//   button scrolls and the button never sees it.
// - The content's touches: when the pan begins, it cancels those the content has
//   (`cancelsTouchesInView`). It asks first, for the view each of them began in: with
//   `canCancelContentTouches` false, or `touchesShouldCancel(in:)` false (a `UIControl`, by
//   default), the pan does not begin and the touch stays the content's.
// - Zooming by the scroll view's pinch (once `maximumZoomScale` > `minimumZoomScale`): when it
//   begins the delegate is asked `viewForZooming(in:)` (nil: no zooming) and told
//   `scrollViewWillBeginZooming`; at each change `zoomScale` becomes the zoom at the beginning
//   times the pinch's `scale`, held within the limits (a device lets it go a little beyond and
//   springs back: touchtrace holds it), and `contentOffset` moves so that the content under the
//   fingers' midpoint stays under it (held within the content); at the end,
//   `scrollViewDidEndZooming(_:with:atScale:)`.
// - `setContentOffset(_:animated:)` with `animated` true, during a replay: the content moves
//   once a frame for 0.3 s (touchtrace's value: UIKit does not document the length of its
//   animated scroll), along the ease-in-ease-out curve 3p² − 2p³ of the time's share p, then
//   the delegate's `scrollViewDidEndScrollingAnimation(_:)`. A touch on the scroll view, a new
//   `setContentOffset`, or a drag stops it where it is (no delegate call). Outside a replay it
//   moves at once.

/// The pan a scroll view drags its content with (UIKit's private class of this name): a
/// `UIPanGestureRecognizer` whose actions, before the targets code added, move the scroll view.
final class UIScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    /// The scroll view it belongs to.
    weak var scrollView: UIScrollView?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        // A finger down on the scroll view: it tracks, and a deceleration stops where it is.
        scrollView?.touchWentDown()
        super.touchesBegan(touches, with: event)
    }

    override func callTargets() {
        scrollView?.panActed(self)
        super.callTargets()
    }

    override func engineDidReset() {
        super.engineDidReset()
        scrollView?.tracking = false
    }

    /// The scroll view's pan and pinch go on together.
    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        preventedGestureRecognizer !== scrollView?.pinch
    }
}

/// The pinch a scroll view zooms with (UIKit's private class of this name): a
/// `UIPinchGestureRecognizer` whose actions, before the targets code added, zoom the scroll view.
final class UIScrollViewPinchGestureRecognizer: UIPinchGestureRecognizer {
    /// The scroll view it belongs to.
    weak var scrollView: UIScrollView?

    override func callTargets() {
        scrollView?.pinchActed(self)
        super.callTargets()
    }

    /// The scroll view's pan and pinch go on together.
    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        preventedGestureRecognizer !== scrollView?.panGestureRecognizer
    }
}

/// The motion of a scroll view after a lift (see the top of this file).
struct Deceleration {
    /// The offset at the lift and where it comes to rest, in points.
    let start: CGPoint
    let target: CGPoint
    /// The time of the lift, seconds of the trace.
    let startTime: Double
    /// The share of the speed kept each millisecond.
    let rate: CGFloat
    /// The frames that move it.
    let frames: Timer
}

/// The motion of `setContentOffset(_:animated:)` (see the top of this file).
struct OffsetAnimation {
    /// The offset when it began and the one it ends at, in points.
    let start: CGPoint
    let target: CGPoint
    /// When it began, seconds of the trace.
    let startTime: Double
    /// The frames that move it.
    let frames: Timer
}

extension UIScrollView {
    /// How long `setContentOffset(_:animated:)` moves the content, in seconds.
    static let offsetAnimationDuration: Double = 0.3

    /// The rubber band's constant, from the published measurement of UIKit's curve.
    static let rubberBandConstant: CGFloat = 0.55
    /// How near the target the motion ends, in points (touchtrace's value).
    static let restDistance: CGFloat = 0.5
    /// The rate of going back inside the content and of paging (`.fast`).
    static let settlingRate: CGFloat = 0.99
    /// How long a touch that begins in the content is held from its view while the pan has not
    /// decided (`delaysContentTouches`), in seconds (see the top of this file).
    static let contentTouchDelay: Double = 0.15

    /// How far the content moves for a finger `overshoot` points past an edge of a view
    /// `dimension` points long: (1 − 1/(x·0.55/d + 1))·d, with the sign of `overshoot`.
    public static func rubberBand(_ overshoot: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0 else { return 0 }
        let x = Swift.abs(overshoot)
        let moved = (1 - 1 / (x * rubberBandConstant / dimension + 1)) * dimension
        return overshoot < 0 ? -moved : moved
    }

    /// The offsets the content may rest at, in points: from minus the leading insets to the
    /// content's size plus the trailing insets less the view's size (never below the first).
    var offsetLimits: (min: CGPoint, max: CGPoint) {
        let inset = adjustedContentInset
        let min = CGPoint(x: 0 - inset.left, y: 0 - inset.top)
        let max = CGPoint(x: Swift.max(min.x, contentSize.width + inset.right - bounds.width),
                          y: Swift.max(min.y, contentSize.height + inset.bottom - bounds.height))
        return (min, max)
    }

    /// Whether the content scrolls horizontally and vertically (see the top of this file).
    var scrollableAxes: (x: Bool, y: Bool) {
        guard isScrollEnabled else { return (false, false) }
        let inset = adjustedContentInset
        let x = contentSize.width + inset.left + inset.right > bounds.width || (bounces && alwaysBounceHorizontal)
        let y = contentSize.height + inset.top + inset.bottom > bounds.height || (bounces && alwaysBounceVertical)
        return (x, y)
    }

    /// Whether the scroll view's own pan may begin now (see the top of this file).
    func panMayBegin() -> Bool {
        let axes = scrollableAxes
        guard axes.x || axes.y, let pan = panGestureRecognizer as? UIScrollViewPanGestureRecognizer else { return false }
        let t = pan.core.translation
        if axes.x && !axes.y && Swift.abs(t.y) > Swift.abs(t.x) { return false }
        if axes.y && !axes.x && Swift.abs(t.x) > Swift.abs(t.y) { return false }
        for touch in pan.touchesDown {
            guard let world = pan.world, world.viewTouches.viewHasTouch(touch.serial),
                  let hit = world.hitView(of: touch.serial), hit !== self, hit.isDescendant(of: self) else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: hit) { return false }
        }
        return true
    }

    /// A finger went down on the scroll view (its pan got it).
    func touchWentDown() {
        tracking = true
        stopDecelerating()
    }

    /// Stops a deceleration where the content is (no delegate call, as UIKit's when a touch
    /// or code stops it).
    func stopDecelerating() {
        if let animation = offsetAnimation {
            animation.frames.invalidate()
            offsetAnimation = nil
        }
        guard let motion = deceleration else { return }
        motion.frames.invalidate()
        deceleration = nil
    }

    /// Starts moving the content to `target` once a frame, during a replay; returns false
    /// (nothing started) outside every replay.
    func animateOffset(to target: CGPoint) -> Bool {
        guard ReplayTimeline.current != nil else { return false }
        let frames = Timer(timeInterval: CADisplayLink.frameDuration, repeats: true) { [weak self] _ in self?.offsetAnimationFrame() }
        offsetAnimation = OffsetAnimation(start: contentOffset, target: target, startTime: CACurrentMediaTime(), frames: frames)
        RunLoop.main.add(frames, forMode: .common)
        return true
    }

    /// Makes the pinch once zooming is possible (`maximumZoomScale` above `minimumZoomScale`).
    func makePinchIfZooming() {
        guard pinch == nil, maximumZoomScale > minimumZoomScale else { return }
        let made = UIScrollViewPinchGestureRecognizer(target: nil, action: nil)
        made.scrollView = self
        made.delegate = self as? UIGestureRecognizerDelegate
        pinch = made
        addGestureRecognizer(made)
    }

    /// `zoomScale` changed: the view for zooming takes the scale, the content its size, and the
    /// delegate hears of it — at once, or, within `zoomWithOffset(_:)`, once the zoom's offset
    /// is set, as UIKit's delegate finds `contentOffset` already the zoom's.
    func zoomScaleChanged() {
        guard let view = zooming?.view ?? delegate?.viewForZooming(in: self) else { return }
        let size = view.bounds.size
        view.transform = CGAffineTransform(scaleX: zoomScale, y: zoomScale)
        view.center = CGPoint(x: size.width * zoomScale / 2, y: size.height * zoomScale / 2)
        contentSize = CGSize(width: size.width * zoomScale, height: size.height * zoomScale)
        if didZoomWaits != nil {
            didZoomWaits = true
        } else {
            delegate?.scrollViewDidZoom(self)
        }
    }

    /// Runs `change`, which sets the zoom and then the offset it brings; the delegate's
    /// `scrollViewDidZoom(_:)` comes after both, if the zoom changed.
    func zoomWithOffset(_ change: () -> Void) {
        let outer = didZoomWaits
        didZoomWaits = false
        change()
        let zoomed = didZoomWaits == true
        didZoomWaits = outer
        if zoomed { delegate?.scrollViewDidZoom(self) }
    }

    /// The pinch's actions are due: zooming begins, goes on, or ends.
    func pinchActed(_ pinch: UIScrollViewPinchGestureRecognizer) {
        switch pinch.state {
        case .began, .changed, .ended:
            if zooming == nil {
                guard pinch.state == .began, let view = delegate?.viewForZooming(in: self) else { return }
                stopDecelerating()
                zooming = (view, zoomScale)
                delegate?.scrollViewWillBeginZooming(self, with: view)
            }
            guard let start = zooming?.startScale else { return }
            // The content point under the fingers' midpoint stays there: it moves by the
            // change of scale, and the offset with it.
            let midpoint = pinch.location(in: self)
            let before = zoomScale
            zoomWithOffset {
                zoomScale = start * pinch.scale
                let factor = before > 0 ? zoomScale / before : 1
                let limits = offsetLimits
                let moved = CGPoint(x: contentOffset.x + midpoint.x * (factor - 1), y: contentOffset.y + midpoint.y * (factor - 1))
                contentOffset = CGPoint(x: Swift.min(Swift.max(moved.x, limits.min.x), limits.max.x),
                                        y: Swift.min(Swift.max(moved.y, limits.min.y), limits.max.y))
            }
            if pinch.state == .ended { endZooming() }
        case .cancelled:
            endZooming()
        default:
            break
        }
    }

    private func endZooming() {
        guard let view = zooming?.view else { return }
        zooming = nil
        delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoomScale)
    }

    /// One frame of `setContentOffset(_:animated:)`'s motion.
    private func offsetAnimationFrame() {
        guard let animation = offsetAnimation else { return }
        var p = Swift.min(1, Swift.max(0, (CACurrentMediaTime() - animation.startTime) / UIScrollView.offsetAnimationDuration))
        // The frame at the end comes at the sum of 18 frame times, which may fall a hair short.
        if p > 1 - 1e-9 { p = 1 }
        let k = CGFloat(p * p * (3 - 2 * p))
        contentOffset = p >= 1 ? animation.target
            : CGPoint(x: animation.start.x + (animation.target.x - animation.start.x) * k,
                      y: animation.start.y + (animation.target.y - animation.start.y) * k)
        guard p >= 1, offsetAnimation != nil else { return }
        animation.frames.invalidate()
        offsetAnimation = nil
        delegate?.scrollViewDidEndScrollingAnimation(self)
    }

    /// The pan's actions are due: the drag begins, goes on, or ends.
    func panActed(_ pan: UIScrollViewPanGestureRecognizer) {
        switch pan.state {
        case .began, .changed:
            if !dragging { beginDragging(pan) }
            follow(pan)
        case .ended:
            if !dragging { beginDragging(pan) }
            follow(pan)
            let t = pan.context?.t ?? MediaClock.now
            let v = pan.core.velocityTracker.velocity(endingAt: t, fromTwoSamples: true)
            // Positive where the offset grows: against the finger (0 − v, so a still finger gives +0).
            endDragging(velocity: CGPoint(x: 0 - CGFloat(v.x) / 1000, y: 0 - CGFloat(v.y) / 1000), at: t)
        case .cancelled:
            if dragging { endDragging(velocity: .zero, at: pan.context?.t ?? MediaClock.now) }
        default:
            break
        }
    }

    private func beginDragging(_ pan: UIScrollViewPanGestureRecognizer) {
        stopDecelerating()
        tracking = true
        dragging = true
        dragStart = contentOffset
        let t = pan.core.translation
        lockedAxis = isDirectionalLockEnabled ? (Swift.abs(t.x) >= Swift.abs(t.y) ? 1 : 2) : 0
        lastDragOffset = contentOffset
        lastDragTranslation = .zero
        delegate?.scrollViewWillBeginDragging(self)
    }

    /// Moves the content to the offset at the drag's beginning less the translation, along the
    /// axes that scroll, held within the content or rubber-banded beyond it.
    private func follow(_ pan: UIScrollViewPanGestureRecognizer) {
        let t = pan.core.translation
        // Code moved the content during the drag: the drag goes on from where it put it (the
        // finger's movement since then moves it from there).
        if contentOffset != lastDragOffset {
            dragStart = CGPoint(x: contentOffset.x + lastDragTranslation.x, y: contentOffset.y + lastDragTranslation.y)
        }
        let axes = scrollableAxes
        let limits = offsetLimits
        var offset = contentOffset
        if axes.x && lockedAxis != 2 {
            offset.x = banded(dragStart.x - CGFloat(t.x), min: limits.min.x, max: limits.max.x, dimension: bounds.width)
        }
        if axes.y && lockedAxis != 1 {
            offset.y = banded(dragStart.y - CGFloat(t.y), min: limits.min.y, max: limits.max.y, dimension: bounds.height)
        }
        // What the drag set (the delegate's `scrollViewDidScroll` may change it at once).
        lastDragOffset = offset
        lastDragTranslation = CGPoint(x: CGFloat(t.x), y: CGFloat(t.y))
        contentOffset = offset
        // A pull past the refresh control's trigger starts its refresh (see `UIRefreshControl`).
        refreshedControl()?.pulled(by: -(contentOffset.y + adjustedContentInset.top))
    }

    /// The refresh control a drag of this view may start: its own, or one added as a subview.
    private func refreshedControl() -> UIRefreshControl? {
        refreshControl ?? subviews.lazy.compactMap { $0 as? UIRefreshControl }.first
    }

    private func banded(_ raw: CGFloat, min: CGFloat, max: CGFloat, dimension: CGFloat) -> CGFloat {
        if raw < min { return bounces ? min + UIScrollView.rubberBand(raw - min, dimension: dimension) : min }
        if raw > max { return bounces ? max + UIScrollView.rubberBand(raw - max, dimension: dimension) : max }
        return raw
    }

    /// The lift: the delegate hears of it, may move the target, and the content decelerates
    /// toward the target if it is not there.
    private func endDragging(velocity: CGPoint, at t: Double) {
        tracking = false
        let axes = scrollableAxes
        var v = velocity
        if !axes.x || lockedAxis == 2 { v.x = 0 }
        if !axes.y || lockedAxis == 1 { v.y = 0 }
        let offset = contentOffset
        let limits = offsetLimits
        let outside = offset.x < limits.min.x || offset.x > limits.max.x || offset.y < limits.min.y || offset.y > limits.max.y
        var target = adjustedRestingPoint(restingPoint(from: offset, velocity: v, axes: axes), velocity: v)
        withValuePointer(to: &target) { pointer in
            delegate?.scrollViewWillEndDragging(self, withVelocity: v, targetContentOffset: pointer)
        }
        let moves = Swift.abs(target.x - offset.x) >= UIScrollView.restDistance || Swift.abs(target.y - offset.y) >= UIScrollView.restDistance
        dragging = false
        if !moves && target != offset { contentOffset = target }
        delegate?.scrollViewDidEndDragging(self, willDecelerate: moves)
        guard moves else { return }
        let rate = isPagingEnabled || outside ? UIScrollView.settlingRate : decelerationRate.rawValue
        let frames = Timer(timeInterval: CADisplayLink.frameDuration, repeats: true) { [weak self] _ in self?.decelerationFrame() }
        deceleration = Deceleration(start: offset, target: target, startTime: t, rate: rate, frames: frames)
        delegate?.scrollViewWillBeginDecelerating(self)
        // The delegate may have stopped it (by setting the offset with `setContentOffset`).
        guard deceleration != nil else { return }
        RunLoop.main.add(frames, forMode: .common)
    }

    /// Where the content comes to rest after a lift at `offset` with velocity `v` (points per
    /// millisecond): the projection, or its page, held within the content.
    private func restingPoint(from offset: CGPoint, velocity v: CGPoint, axes: (x: Bool, y: Bool)) -> CGPoint {
        let r = decelerationRate.rawValue
        let reach = r < 1 ? r / (1 - r) : 0
        var p = CGPoint(x: offset.x + v.x * reach, y: offset.y + v.y * reach)
        let limits = offsetLimits
        if isPagingEnabled {
            p.x = page(p.x, from: dragStart.x, size: bounds.width)
            p.y = page(p.y, from: dragStart.y, size: bounds.height)
        }
        p.x = axes.x ? Swift.min(Swift.max(p.x, limits.min.x), limits.max.x) : offset.x
        p.y = axes.y ? Swift.min(Swift.max(p.y, limits.min.y), limits.max.y) : offset.y
        return p
    }

    /// The page boundary nearest `projected`, at most one page from the page `start` is on.
    private func page(_ projected: CGFloat, from start: CGFloat, size: CGFloat) -> CGFloat {
        guard size > 0 else { return projected }
        let first = (start / size).rounded()
        let nearest = (projected / size).rounded()
        return Swift.min(Swift.max(nearest, first - 1), first + 1) * size
    }

    /// One frame of the motion after a lift (see the top of this file).
    private func decelerationFrame() {
        guard let motion = deceleration else { return }
        let ms = (CACurrentMediaTime() - motion.startTime) * 1000
        let k = 1 - CGFloat(pow(Double(motion.rate), ms))
        var p = CGPoint(x: motion.start.x + (motion.target.x - motion.start.x) * k,
                        y: motion.start.y + (motion.target.y - motion.start.y) * k)
        let done = Swift.abs(motion.target.x - p.x) < UIScrollView.restDistance && Swift.abs(motion.target.y - p.y) < UIScrollView.restDistance
        if done { p = motion.target }
        contentOffset = p
        guard done, deceleration != nil else { return }
        motion.frames.invalidate()
        deceleration = nil
        delegate?.scrollViewDidEndDecelerating(self)
    }
}
