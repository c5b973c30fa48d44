// Gesture code in the shapes real iOS code has — a swipeable card, a stylus-aware recognizer,
// a delegate that leaves controls their touches, a custom control, a zooming scroll view —
// using the UIKit beside the gestures (colours, images, labels, controls, animations, haptics,
// the screen). It must compile with only the import changed, and the values touchtrace cannot
// know are its documented fixed ones.
import Foundation
import TouchTraceUIKit
import Testing
@testable import TouchTrace

/// A card that follows the finger, tints as it goes, and springs back or flies off when let go.
final class SwipeCardViewController: UIViewController, UIGestureRecognizerDelegate, @unchecked Sendable {
    let card = UIImageView(image: UIImage(named: "card"))
    let caption = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
    let haptics = UIImpactFeedbackGenerator(style: .medium)
    var flewOff = false
    var completions = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        card.frame = CGRect(x: 95, y: 222, width: 200, height: 400)
        card.contentMode = .scaleAspectFill
        card.clipsToBounds = true
        card.layer.cornerRadius = 10
        card.layer.masksToBounds = true
        card.layer.borderColor = UIColor.lightGray.cgColor
        card.layer.shadowOpacity = 0.3
        card.isUserInteractionEnabled = true
        card.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
        caption.text = "Swipe me"
        caption.textColor = .darkGray
        caption.font = UIFont.systemFont(ofSize: 15, weight: .semibold)
        caption.textAlignment = .center
        card.addSubview(caption)
        view.addSubview(card)
        let pan = UIPanGestureRecognizer(target: self, action: "handleCardPan:")
        pan.delegate = self
        card.addGestureRecognizer(pan)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        haptics.prepare()
    }

    func handleCardPan(_ sender: UIPanGestureRecognizer) {
        guard let card = sender.view else { return }
        let translation = sender.translation(in: view)
        let screenWidth = UIScreen.main.bounds.width
        switch sender.state {
        case .began:
            haptics.impactOccurred()
        case .changed:
            card.center = CGPoint(x: view.center.x + translation.x, y: view.center.y + translation.y)
            let progress = min(abs(translation.x) / (screenWidth / 2), 1)
            card.backgroundColor = (translation.x > 0 ? UIColor.green : UIColor.red).withAlphaComponent(progress)
        case .ended, .cancelled:
            if abs(translation.x) > screenWidth / 4 {
                flewOff = true
                UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut, .allowUserInteraction], animations: {
                    card.center.x += translation.x > 0 ? screenWidth : -screenWidth
                    card.alpha = 0
                }, completion: { finished in
                    if finished { self.completions += 1 }
                })
            } else {
                UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0.8,
                               options: .curveEaseInOut, animations: {
                    card.center = self.view.center
                    card.transform = .identity
                }, completion: { _ in self.completions += 1 })
            }
            let notice = UINotificationFeedbackGenerator()
            notice.notificationOccurred(flewOff ? .success : .warning)
        default:
            break
        }
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        // Buttons and text keep their own touches.
        if touch.view is UIControl || touch.view is UITextView { return false }
        return !(touch.view?.isDescendant(of: caption) ?? false)
    }
}

/// A card view as view-based code writes one: set up in its initializer, never from a nib.
final class RoundedCardView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.cornerRadius = 12
        layer.zPosition = 1
        let content = UIView(frame: UIEdgeInsetsInsetRect(bounds, UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)))
        content.backgroundColor = #colorLiteral(red: 0.95, green: 0.95, blue: 0.95, alpha: 1)
        let badge = UIImageView(image: #imageLiteral(resourceName: "badge"))
        content.addSubview(badge)
        addSubview(content)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        subviews.first?.frame = bounds.inset(by: layoutMargins)
    }
}

/// A drawing recognizer that takes a pencil's tilt into account and waits for estimates.
final class InkGestureRecognizer: UIGestureRecognizer, @unchecked Sendable {
    private(set) var tilt: CGFloat = 0
    private(set) var direction = CGVector.zero
    private(set) var pendingEstimates = 0
    private(set) var points: [CGPoint] = []
    let path = UIBezierPath()

    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        allowedTouchTypes = [UITouch.TouchType.pencil.rawValue as NSNumber, UITouch.TouchType.direct.rawValue as NSNumber]
        requiresExclusiveTouchType = false
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard let touch = touches.first else { return }
        collect(touch)
        state = UIGestureRecognizerState.began
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        for touch in touches { for sample in event.coalescedTouches(for: touch) ?? [touch] { collect(sample) } }
        state = .changed
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        state = pendingEstimates == 0 ? .ended : .cancelled
    }

    override func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {
        for touch in touches where touch.estimationUpdateIndex != nil { pendingEstimates -= 1 }
    }

    private func collect(_ touch: UITouch) {
        let p = touch.preciseLocation(in: view)
        if points.isEmpty { path.move(to: p) } else { path.addLine(to: p) }
        points.append(p)
        tilt = .pi / 2 - touch.altitudeAngle
        direction = touch.azimuthUnitVector(in: view)
        _ = touch.azimuthAngle(in: view)
        if !touch.estimatedPropertiesExpectingUpdates.isEmpty && touch.estimatedProperties.contains(.force) {
            pendingEstimates += 1
        }
    }

    override func reset() {
        super.reset()
        points = []
        pendingEstimates = 0
        path.removeAllPoints()
    }
}

/// A control that highlights while pressed and reports a value, as custom controls write it.
final class StepperKnob: UIControl {
    private(set) var value = 0
    private(set) var highlightChanges = 0
    override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { highlightChanges += 1; alpha = isHighlighted ? 0.5 : 1 } }
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        backgroundColor = .systemBlue
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        isHighlighted = true
        return super.beginTracking(touch, with: event)
    }

    func step() {
        value += 1
        sendActions(for: .valueChanged)
    }
}

/// A controller that listens to a control with a selector, as code written for UIKit does.
final class KnobOwner {
    let knob = StepperKnob(frame: CGRect(x: 0, y: 0, width: 44, height: 44))
    var seen: [Int] = []
    var taps = 0
    init() {
        knob.addTarget(self, action: "knobChanged:", for: .valueChanged)
        knob.addAction(UIAction { [unowned self] _ in self.taps += 1 }, for: [.touchUpInside, .valueChanged])
    }
    func knobChanged(_ sender: UIControl) { seen.append((sender as! StepperKnob).value) }
}

@Suite struct CompileSurfaceTests {
    init() {
        UIGestureRecognizer.registerAction("handleCardPan:", for: SwipeCardViewController.self) { c, r in
            c.handleCardPan(r as! UIPanGestureRecognizer)
        }
        UIControl.registerAction("knobChanged:", for: KnobOwner.self) { owner, control in owner.knobChanged(control) }
    }

    /// A drag of 150 points right flies the card off (more than a quarter of the 390-point
    /// screen): the animation's block runs at once and its completion with true.
    @Test func swipeCardFliesOffInReplay() throws {
        let controller = SwipeCardViewController()
        controller.loadViewIfNeeded()
        controller.viewDidAppear(false)
        let card = controller.card
        // Derivation: the controller's view is 390 × 844, center (195, 422); the card's frame
        // (95, 222, 200, 400) has the same center.
        #expect(card.center == CGPoint(x: 195, y: 422))
        let scene = Scene(views: [SceneView(name: "card", frame: Rect(x: 95, y: 222, width: 200, height: 400),
                                            recognizers: [("pan", UIKitRecognizer { controller.card.gestureRecognizers![0] })])],
                          origin: "test", version: 2)
        let drag = try parseTrace(traceJSON([
            (0.00, [(1, "began", 150, 400)]), (0.02, [(1, "moved", 200, 400)]), (0.04, [(1, "moved", 300, 400)]),
            (0.06, [(1, "ended", 300, 400)]),
        ], version: 2))
        _ = replay(drag, scene)
        // Translation 150 > 390 / 4: off to the right by the screen's width, faded out.
        #expect(controller.flewOff)
        #expect(controller.completions == 1)
        #expect(card.center == CGPoint(x: 195 + 150 + 390, y: 422))
        #expect(card.alpha == 0)
        // The last `.changed` tinted it green at 150 / 195 opacity.
        #expect(card.backgroundColor == UIColor.green.withAlphaComponent(150.0 / 195.0))
    }

    /// The values UIKit has and touchtrace cannot know are the documented fixed ones.
    @Test func fixedValues() {
        #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(UIScreen.main.scale == 3)
        #expect(UIScreen.main.nativeBounds.size == CGSize(width: 1170, height: 2532))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.safeAreaInsets == .zero)
        #expect(view.bounds.inset(by: UIEdgeInsets(top: 10, left: 5, bottom: 0, right: 5)) == CGRect(x: 5, y: 10, width: 90, height: 90))
        #expect(view.backgroundColor == nil)
        #expect(view.tintColor == .systemBlue)
        #expect(view.contentMode == .scaleToFill)
        #expect(UIImage(named: "anything")?.size == .zero)
        let rounded = RoundedCardView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(rounded.layer.cornerRadius == 12 && rounded.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(rounded.subviews[0].frame == CGRect(x: 8, y: 8, width: 84, height: 44))
        #expect(rounded.subviews[0].backgroundColor == UIColor(red: CGFloat(Float(0.95)), green: CGFloat(Float(0.95)),
                                                               blue: CGFloat(Float(0.95)), alpha: 1))
        #expect((rounded.subviews[0].subviews[0] as? UIImageView)?.image?.name == "badge")
        rounded.layoutIfNeeded()
        // layoutMargins are UIKit's default 8 on every side.
        #expect(rounded.subviews[0].frame == CGRect(x: 8, y: 8, width: 84, height: 44))
        #expect(view.layer.borderColor == UIColor.black && view.layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(UILabel(frame: .zero).isUserInteractionEnabled == false)
        #expect(UIImageView(image: nil).isUserInteractionEnabled == false)
        let controller = UIViewController()
        #expect(controller.navigationController == nil)
        var presented = false
        let other = UIViewController()
        controller.present(other, animated: true) { presented = true }
        #expect(presented && other.isViewLoaded)
        var dismissed = false
        controller.dismiss(animated: true) { dismissed = true }
        #expect(dismissed)
        // A color's components, and withAlphaComponent.
        let orange = UIColor(hue: 30.0 / 360.0, saturation: 1, brightness: 1, alpha: 1)
        #expect(orange == UIColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        UIColor.red.withAlphaComponent(0.25).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect([r, g, b, a] == [1, 0, 0, 0.25])
        #expect(UIFont.systemFont(ofSize: 15).pointSize == 15)
        #expect(UIFont.boldSystemFont(ofSize: 12).withSize(20).fontName == UIFont.boldSystemFont(ofSize: 12).fontName)
        // Feedback generators do nothing, and say so by not failing.
        let impact = UIImpactFeedbackGenerator()
        impact.prepare(); impact.impactOccurred(); impact.impactOccurred(intensity: 0.5)
        #expect(impact.style == .medium)
        UISelectionFeedbackGenerator().selectionChanged()
    }

    /// A finger's stylus properties: perpendicular, no azimuth, nothing estimated.
    @Test func touchStylusValuesInReplay() throws {
        let ink = InkGestureRecognizer(target: nil, action: nil)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        view.addGestureRecognizer(ink)
        #expect(ink.allowedTouchTypes == [NSNumber(value: 2), NSNumber(value: 0)])
        #expect(UIPanGestureRecognizer(target: nil, action: nil).allowedTouchTypes.count == 4)
        #expect(ink.allowedPressTypes.isEmpty)
        let scene = Scene(views: [SceneView(name: "canvas", frame: Rect(x: 0, y: 0, width: 300, height: 300),
                                            recognizers: [("ink", UIKitRecognizer { ink })])],
                          origin: "test", version: 2)
        let stroke = try parseTrace(traceJSON([
            (0.00, [(1, "began", 10, 10)]), (0.02, [(1, "moved", 20, 15)]), (0.04, [(1, "moved", 30, 30)]),
        ], version: 2))
        _ = replay(stroke, scene)
        #expect(ink.tilt == 0)
        #expect(ink.direction == CGVector(dx: CGFloat(1), dy: CGFloat(0)))
        #expect(ink.pendingEstimates == 0)
        #expect(ink.points == [CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 15), CGPoint(x: 30, y: 30)])
        #expect(ink.path.bounds == CGRect(x: 10, y: 10, width: 20, height: 20))
    }

    /// The delegate gives controls and text views their touches: the type checks see the classes.
    @Test func typeChecksOfControlsAndTextViews() {
        let views: [UIView] = [UIButton(type: .system), UITextField(frame: .zero), UITextView(frame: .zero),
                               UIScrollView(frame: .zero), UILabel(frame: .zero), StepperKnob(frame: .zero)]
        #expect(views.map { $0 is UIControl } == [true, true, false, false, false, true])
        #expect(views.map { $0 as? UITextView != nil } == [false, false, true, false, false, false])
        #expect(views.map { $0 is UIScrollView } == [false, false, true, true, false, false])
        #expect(views.map { $0.isKind(of: UIControl.self) } == [true, true, false, false, false, true])
        #expect(views.map { $0.isMember(of: UIControl.self) || $0.isMember(of: UIButton.self) } == [true, false, false, false, false, false])
        let button = UIButton(type: .custom)
        button.setTitle("Go", for: .normal)
        button.setTitle("Going", for: .highlighted)
        #expect(button.currentTitle == "Go" && button.titleLabel?.text == "Go")
        button.isHighlighted = true
        #expect(button.state == .highlighted && button.currentTitle == "Going")
        button.isEnabled = false
        #expect(button.state == [.highlighted, .disabled])
    }

    /// A control's selector target and closure run, in the order added, for matching events only.
    @Test func controlTargetsRun() {
        let owner = KnobOwner()
        owner.knob.step()
        owner.knob.step()
        owner.knob.sendActions(for: .touchUpInside)
        owner.knob.sendActions(for: .editingChanged)
        #expect(owner.seen == [1, 2])
        #expect(owner.taps == 3)
        #expect(owner.knob.allControlEvents == [.valueChanged, .touchUpInside])
        owner.knob.removeTarget(owner, action: "knobChanged:", for: .valueChanged)
        owner.knob.step()
        #expect(owner.seen == [1, 2] && owner.taps == 4)
        owner.knob.isHighlighted = true
        owner.knob.isHighlighted = true
        #expect(owner.knob.highlightChanges == 1 && owner.knob.alpha == 0.5)
    }

    /// A zooming scroll view: the offset is the bounds' origin, zoom is clamped, the pan is
    /// there to require failure of.
    @Test func scrollViewKeepsWhatCodeSets() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        scroll.contentSize = CGSize(width: 900, height: 600)
        scroll.minimumZoomScale = 0.5
        scroll.maximumZoomScale = 4
        scroll.zoomScale = 10
        #expect(scroll.zoomScale == 4)
        scroll.setZoomScale(0.1, animated: true)
        #expect(scroll.zoomScale == 0.5)
        scroll.contentOffset = CGPoint(x: 100, y: 50)
        #expect(scroll.bounds.origin == CGPoint(x: 100, y: 50))
        let photo = UIView(frame: CGRect(x: 150, y: 100, width: 10, height: 10))
        scroll.addSubview(photo)
        // Content point (150, 100) shows at (150 − 100, 100 − 50) in the scroll view's frame.
        #expect(photo.convert(CGPoint.zero, to: nil) == CGPoint(x: 50, y: 50))
        scroll.scrollRectToVisible(CGRect(x: 500, y: 0, width: 100, height: 100), animated: false)
        #expect(scroll.contentOffset == CGPoint(x: 300, y: 0))
        // Double tap to zoom into a 100 × 100 rect at (50, 40): 300 / 100 = 3 and 200 / 100 = 2,
        // the smaller (2) fits; the rect's middle (100, 90) at that scale, (200, 180), comes to
        // the bounds' middle (150, 100): offset (50, 80), within the 900 × 600 content.
        scroll.zoom(to: CGRect(x: 50, y: 40, width: 100, height: 100), animated: true)
        #expect(scroll.zoomScale == 2 && scroll.contentOffset == CGPoint(x: 50, y: 80))
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.translatesAutoresizingMaskIntoConstraints = false
        #expect(scroll.autoresizingMask.contains(.flexibleWidth) && !scroll.translatesAutoresizingMaskIntoConstraints)
        #expect(UIImage(data: Data([1, 2, 3]))?.size == .zero)
        let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
        swipe.require(toFail: scroll.panGestureRecognizer)
        #expect(scroll.isScrollEnabled && scroll.bounces && !scroll.isDragging)
        // As on a device, the scroll view's pan is among its recognizers from `init`, and its
        // pinch once zooming is possible (the zoom limits above differ).
        #expect(scroll.gestureRecognizers?.count == 2 && scroll.gestureRecognizers?.first === scroll.panGestureRecognizer)
        #expect(scroll.pinchGestureRecognizer != nil && scroll.gestureRecognizers?.last === scroll.pinchGestureRecognizer)
    }

    /// Animations run at once; a property animator scrubbed by a pan runs its block when first
    /// moved, and finishes at once when started.
    @Test func animationsRunAtOnce() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var order: [String] = []
        UIView.animate(springDuration: 0.4, bounce: 0.3) { view.alpha = 0.5; order.append("spring") } completion: { _ in order.append("done") }
        UIView.transition(with: view, duration: 0.2, options: .transitionCrossDissolve, animations: { order.append("transition") })
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { order.append("key 1") }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { order.append("key 2") }
        })
        #expect(order == ["spring", "done", "transition", "key 1", "key 2"])
        #expect(view.alpha == 0.5)

        let animator = UIViewPropertyAnimator(duration: 0.3, curve: .easeOut) { view.transform = CGAffineTransform(scaleX: 2, y: 2) }
        var ends: [UIViewAnimatingPosition] = []
        animator.addCompletion { ends.append($0) }
        #expect(animator.fractionComplete == 0 && animator.state == .inactive && view.transform.isIdentity)
        animator.pauseAnimation()
        animator.fractionComplete = 0.4
        #expect(animator.fractionComplete == 0.4 && animator.state == .active)
        #expect(view.transform == CGAffineTransform(scaleX: 2, y: 2))
        animator.startAnimation()
        #expect(animator.fractionComplete == 1 && animator.state == .inactive && ends == [.end])
        let running = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0, animations: { view.alpha = 1 }) { ends.append($0) }
        #expect(view.alpha == 1 && ends == [.end, .end] && !running.isRunning)
    }
}
