// UIKit that real gesture files use and that touchtrace answers with a documented fixed
// behaviour: the iOS 3 animation block, a layer's rounded corners, and UIKit Dynamics (each
// behaviour puts its items at rest at once). Each expected value is derived in its test.
import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// A screen as older code writes it: the logo jumps to where a finger lands, inside an
/// iOS 3 animation block. The screen also has the usual tap that ends editing, which leaves
/// the touches to the views (`cancelsTouchesInView = false`); touchtrace records the views'
/// moves in a screen with recognizers.
final class JumpingLogoViewController: UIViewController {
    let logo = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "screen"
        logo.accessibilityIdentifier = "logo"
        view.addSubview(logo)
        let tap = UITapGestureRecognizer(target: nil, action: nil)
        tap.addTarget { [unowned self] _ in _ = view.endEditing(true) }
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
    }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(0.4)
        logo.center = touch.location(in: view)
        UIView.commitAnimations()
    }
}

/// A card that snaps back to (195, 400) when the finger lets it go: the snap is taken out of
/// the animator while the card is dragged and put back at the end, as UIKit Dynamics code does.
final class SnapBackViewController: UIViewController {
    let card = UIView(frame: CGRect(x: 145, y: 350, width: 100, height: 100))
    var animator: UIDynamicAnimator!
    var snap: UISnapBehavior!
    override func viewDidLoad() {
        super.viewDidLoad()
        card.accessibilityIdentifier = "card"
        view.addSubview(card)
        animator = UIDynamicAnimator(referenceView: view)
        snap = UISnapBehavior(item: card, snapTo: CGPoint(x: 195, y: 400))
        animator.addBehavior(snap)
        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        pan.addTarget { [unowned self] g in
            let pan = g as! UIPanGestureRecognizer
            switch pan.state {
            case .began: animator.removeBehavior(snap)
            case .changed:
                let t = pan.translation(in: view)
                card.center = CGPoint(x: card.center.x + t.x, y: card.center.y + t.y)
                pan.setTranslation(.zero, in: view)
            default: animator.addBehavior(snap)
            }
        }
        card.addGestureRecognizer(pan)
    }
}

/// A behaviour made of a child snap, as apps group them: it notes what the animator tells it.
final class GroupBehavior: UIDynamicBehavior {
    var log: [String] = []
    let snap: UISnapBehavior
    init(item: UIDynamicItem, to point: CGPoint) {
        snap = UISnapBehavior(item: item, snapTo: point)
        super.init()
        addChildBehavior(snap)
        snap.action = { [unowned self] in log.append("snap action at \(item.center.x),\(item.center.y)") }
    }
    override func willMove(to dynamicAnimator: UIDynamicAnimator?) {
        log.append(dynamicAnimator == nil ? "leaves" : "joins")
    }
}

final class PauseLog: UIDynamicAnimatorDelegate {
    var log: [String] = []
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { log.append("resume") }
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { log.append("pause") }
}

@Suite struct OldAnimationBlockTests {
    /// The changes inside `beginAnimations` … `commitAnimations` take effect at once: the finger
    /// lands at (120, 300) at 0.1 and the logo's center is there in that event's record (the
    /// 0.4 s duration is not waited for); the tap is recognized at the lift.
    @Test func changesInABlockTakeEffectAtOnce() throws {
        var registry = Registry.standard
        try registry.register(.uiKit("jumping-logo") { JumpingLogoViewController() })
        let scene = try parseScene(#"{"screen": "jumping-logo"}"#, version: 2, registry: registry)
        let json = traceJSON([(0.1, [(1, "began", 120, 300)]), (0.2, [(1, "ended", 120, 300)])], version: 2)
        let lines = try transcriptText(json, scene)
        #expect(lines.first == "0.1000 logo.view viewChanged center=120.0000,300.0000", "\(lines)")
        #expect(lines.count == 2 && lines[1].hasPrefix("0.2000 screen.tap state from=possible to=recognized"), "\(lines)")
    }

    /// `setAnimationsEnabled(false)` is remembered; an animation still runs its block and its
    /// completion (with true) at once, as UIKit's do with animations off.
    @Test func animationsCanBeTurnedOffAndOn() {
        #expect(UIView.areAnimationsEnabled)
        UIView.setAnimationsEnabled(false)
        #expect(!UIView.areAnimationsEnabled)
        let view = UIView(frame: .zero)
        var finished: Bool?
        UIView.animate(withDuration: 0.3, delay: 0, animations: { view.alpha = 0.5 }, completion: { finished = $0 })
        UIView.setAnimationsEnabled(true)
        #expect(UIView.areAnimationsEnabled && view.alpha == 0.5 && finished == true)
    }
}

@Suite struct LayerCornerTests {
    /// Core Animation rounds all four corners unless told otherwise (raw bits 1 + 2 + 4 + 8),
    /// with circular corners; a bottom sheet that rounds only its top corners keeps that.
    @Test func aLayerRoundsEveryCornerUntilToldOtherwise() {
        let sheet = UIView(frame: CGRect(x: 0, y: 500, width: 390, height: 344))
        #expect(sheet.layer.maskedCorners.rawValue == 15 && sheet.layer.cornerCurve == .circular)
        sheet.layer.maskedCorners = [.layerMaxXMinYCorner, .layerMinXMinYCorner]
        #expect(sheet.layer.maskedCorners.rawValue == 0b0011)
        #expect(!sheet.layer.maskedCorners.contains(.layerMaxXMaxYCorner))
    }

    /// `CFTimeInterval` is seconds as a `Double`, the type of `minimumPressDuration`.
    @Test func coreFoundationTimeIsSeconds() {
        let press = UILongPressGestureRecognizer()
        press.minimumPressDuration = CFTimeInterval(floatLiteral: 0.3)
        #expect(press.minimumPressDuration == 0.3)
    }
}

@Suite struct DynamicsTests {
    /// Dragging the card: the pan begins at 0.02 (20 points ≥ 10) and the handler takes the
    /// snap out (it moves the card only on `.changed`). At 0.04 it moves the card by the
    /// translation so far, 100 points right (center 195 → 295). At the lift at 0.06 the snap is
    /// added back and the card is at rest on the snap point (195, 400) at once, in the lift's
    /// event.
    @Test func aSnapPutsTheCardBackWhenTheFingerLifts() throws {
        var registry = Registry.standard
        try registry.register(.uiKit("snap-back") { SnapBackViewController() })
        let scene = try parseScene(#"{"screen": "snap-back"}"#, version: 2, registry: registry)
        let json = traceJSON([
            (0, [(1, "began", 195, 400)]), (0.02, [(1, "moved", 215, 400)]), (0.04, [(1, "moved", 295, 400)]),
            (0.06, [(1, "ended", 295, 400)]),
        ], version: 2)
        let changes = try transcriptText(json, scene).filter { $0.contains("viewChanged") }
        #expect(changes == [
            "0.0400 card.view viewChanged center=295.0000,400.0000",
            "0.0600 card.view viewChanged center=195.0000,400.0000",
        ], "\(changes)")
    }

    /// A snap is at rest with the item's center on the snap point, from the moment it is in an
    /// animator, and again when the point moves; out of an animator it moves nothing.
    @Test func aSnapMovesItsItemOnlyInAnAnimator() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let item = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(item)
        let snap = UISnapBehavior(item: item, snapTo: CGPoint(x: 100, y: 200))
        #expect(item.center == CGPoint(x: 25, y: 25))
        let animator = UIDynamicAnimator(referenceView: root)
        animator.addBehavior(snap)
        #expect(item.center == CGPoint(x: 100, y: 200))
        snap.snapPoint = CGPoint(x: 300, y: 50)
        #expect(item.center == CGPoint(x: 300, y: 50))
        #expect(!animator.isRunning && animator.behaviors.count == 1)
        animator.removeBehavior(snap)
        snap.snapPoint = CGPoint(x: 0, y: 0)
        #expect(item.center == CGPoint(x: 300, y: 50))
    }

    /// An attachment keeps its length: the item's center starts at (100, 100), the anchor at
    /// (100, 0), so the length is 100. Moving the anchor to (200, 0) pulls the center along the
    /// line from the anchor to it, direction (−100, 100)/√20000 = (−1/√2, 1/√2), 100 points
    /// out: (200 − 100/√2, 100/√2) ≈ (129.29, 70.71).
    @Test func anAttachmentPullsItsItemToItsLength() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let item = UIView(frame: CGRect(x: 75, y: 75, width: 50, height: 50))
        root.addSubview(item)
        let attachment = UIAttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 100, y: 0))
        #expect(attachment.length == 100 && attachment.attachedBehaviorType == .anchor)
        let animator = UIDynamicAnimator(referenceView: root)
        animator.addBehavior(attachment)
        #expect(item.center == CGPoint(x: 100, y: 100))
        attachment.anchorPoint = CGPoint(x: 200, y: 0)
        #expect(abs(item.center.x - (200 - 100 / 2.0.squareRoot())) < 1e-9)
        #expect(abs(item.center.y - 100 / 2.0.squareRoot()) < 1e-9)
        // Length 0 pins the attached point, 10 right of the center, to the anchor: the center
        // is 10 left of it.
        let pinned = UIAttachmentBehavior(item: item, offsetFromCenter: UIOffset(horizontal: 10, vertical: 0),
                                          attachedToAnchor: CGPoint(x: 50, y: 60))
        pinned.length = 0
        animator.addBehavior(pinned)
        #expect(item.center == CGPoint(x: 40, y: 60))
    }

    /// Gravity, pushes and collisions need frames to move anything: items stay put, and the
    /// item properties report no velocity.
    @Test func forcesMoveNothingWithoutFrames() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let item = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(item)
        let animator = UIDynamicAnimator(referenceView: root)
        let gravity = UIGravityBehavior(items: [item])
        let collision = UICollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        let push = UIPushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 5, dy: 0)
        let properties = UIDynamicItemBehavior(items: [item])
        properties.addLinearVelocity(CGPoint(x: 300, y: 0), for: item)
        for behavior in [gravity, collision, push, properties] as [UIDynamicBehavior] { animator.addBehavior(behavior) }
        #expect(item.center == CGPoint(x: 25, y: 25))
        #expect(properties.linearVelocity(for: item) == .zero)
        #expect(gravity.gravityDirection == CGVector(dx: 0, dy: 1) && gravity.magnitude == 1)
        #expect(animator.items(in: CGRect(x: 0, y: 0, width: 10, height: 10)).count == 1)
    }

    /// Adding a behaviour tells it `willMove(to:)` first, then its child snap settles, then the
    /// child's action runs (one step, the item at rest); taking the child out and putting it
    /// back in settles it again. The delegate hears a resume and a pause for each step.
    @Test func childBehavioursSettleWithTheirParent() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let item = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(item)
        let group = GroupBehavior(item: item, to: CGPoint(x: 195, y: 422))
        #expect(group.log.isEmpty && group.snap.dynamicAnimator == nil)
        let animator = UIDynamicAnimator(referenceView: root)
        let delegate = PauseLog()
        animator.delegate = delegate
        animator.addBehavior(group)
        #expect(group.snap.dynamicAnimator === animator)
        group.removeChildBehavior(group.snap)
        item.center = CGPoint(x: 10, y: 10)
        group.addChildBehavior(group.snap)
        animator.removeBehavior(group)
        #expect(group.log == ["joins", "snap action at 195.0,422.0", "snap action at 195.0,422.0", "leaves"], "\(group.log)")
        #expect(delegate.log == ["resume", "pause", "resume", "pause"])
    }
}

/// A label that offers an edit menu, as copyable-label code writes it.
final class CopyableLabel: UILabel {
    override var canBecomeFirstResponder: Bool { true }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action == Selector("copy:")
    }
    override func copy(_ sender: Any?) { UIPasteboard.general.string = text }
}

@Suite(.serialized) struct EditMenuTests {
    /// UIKit's rules: a responder becomes first only if it says it can and is in a window; the
    /// one before resigns; a plain view, or a text field (no keyboard here), does not.
    @Test func aLabelInAWindowBecomesTheFirstResponder() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let first = CopyableLabel(frame: CGRect(x: 10, y: 10, width: 100, height: 20))
        let second = CopyableLabel(frame: CGRect(x: 10, y: 40, width: 100, height: 20))
        let loose = CopyableLabel(frame: .zero)
        let plain = UIView(frame: .zero)
        let field = UITextField(frame: .zero)
        for view in [first, second, plain, field] { window.addSubview(view) }
        #expect(!loose.becomeFirstResponder() && !loose.isFirstResponder)
        #expect(!plain.becomeFirstResponder() && !field.becomeFirstResponder())
        #expect(first.becomeFirstResponder() && first.isFirstResponder)
        #expect(second.becomeFirstResponder() && second.isFirstResponder && !first.isFirstResponder)
        #expect(second.resignFirstResponder() && !second.isFirstResponder)
        #expect(second.canPerformAction(Selector("copy:"), withSender: nil))
        #expect(!second.canPerformAction(Selector("paste:"), withSender: nil) && !plain.canPerformAction(Selector("copy:"), withSender: nil))
    }

    /// The menu is one for the process: shown through one `shared`, it is visible through the
    /// next, pointing at the label's bounds on the screen — the label at (10, 40) in a window at
    /// (0, 0), so (10, 40, 100, 20) — until hidden. Copying puts the text on the pasteboard,
    /// where a later reader finds it.
    @Test func theMenuAndThePasteboardAreOneForTheProcess() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let label = CopyableLabel(frame: CGRect(x: 10, y: 40, width: 100, height: 20))
        label.text = "total 42"
        window.addSubview(label)
        UIMenuController.shared.setTargetRect(label.bounds, in: label)
        UIMenuController.shared.setMenuVisible(true, animated: true)
        #expect(UIMenuController.shared.isMenuVisible)
        #expect(UIMenuController.shared.menuFrame == CGRect(x: 10, y: 40, width: 100, height: 20))
        label.copy(nil)
        #expect(UIPasteboard.general.string == "total 42" && UIPasteboard.general.hasStrings)
        UIMenuController.shared.menuItems = [UIMenuItem(title: "Copy", action: Selector("copying:"))]
        #expect(UIMenuController.shared.menuItems?.map(\.title) == ["Copy"])
        UIMenuController.shared.hideMenu()
        UIMenuController.shared.menuItems = nil
        UIPasteboard.general.string = nil
        #expect(!UIMenuController.shared.isMenuVisible && UIPasteboard.general.string == nil)
    }
}

@Suite struct PageControlAndAlertTests {
    /// UIKit pins `currentPage` to 0…numberOfPages − 1: with 4 pages, stepping past the last
    /// stays on 3 and stepping back from 0 stays on 0; down to 2 pages, page 3 becomes 1.
    @Test func thePageStaysWithinThePages() {
        let dots = UIPageControl(frame: .zero)
        dots.numberOfPages = 4
        dots.currentPage = 3
        dots.currentPage += 1
        #expect(dots.currentPage == 3)
        dots.currentPage = 0
        dots.currentPage -= 1
        #expect(dots.currentPage == 0)
        dots.currentPage = 3
        dots.numberOfPages = 2
        #expect(dots.currentPage == 1)
    }

    /// Presenting an alert shows nothing and runs the completion at once; no one taps, so no
    /// handler runs; text fields are for alerts only, configured at once.
    @Test func anAlertIsKeptAndNeverTapped() {
        let screen = UIViewController()
        let alert = UIAlertController(title: nil, message: "Long-Press Gesture Detected", preferredStyle: .alert)
        var tapped = false, presented = false
        alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in tapped = true })
        alert.addTextField { $0.placeholder = "name" }
        screen.present(alert, animated: true) { presented = true }
        #expect(presented && !tapped)
        #expect(alert.actions.map(\.title) == ["OK"] && alert.message == "Long-Press Gesture Detected")
        #expect(alert.textFields?.first?.placeholder == "name")
        let sheet = UIAlertController(title: "Share", message: nil, preferredStyle: .actionSheet)
        sheet.addTextField()
        #expect(sheet.textFields == nil && sheet.title == "Share")
    }
}

/// A transition context of a test's own, noting what the interaction controller passes on.
final class NotingContext: UIViewControllerContextTransitioning {
    var log: [String] = []
    let containerView = UIView(frame: .zero)
    var isAnimated: Bool { true }
    var isInteractive: Bool { true }
    var transitionWasCancelled = false
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
    func completeTransition(_ didComplete: Bool) { log.append("complete \(didComplete)") }
    func updateInteractiveTransition(_ percentComplete: CGFloat) { log.append("update \(percentComplete)") }
    func finishInteractiveTransition() { log.append("finish") }
    func cancelInteractiveTransition() { transitionWasCancelled = true; log.append("cancel") }
    func pauseInteractiveTransition() { log.append("pause") }
    func initialFrame(for vc: UIViewController) -> CGRect { .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { .zero }
}

@Suite struct TransitionAndHoverTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// A pull-down-to-dismiss screen as interactive-dismissal code writes it: progress is the
    /// pan's downward translation over 500 points, finishing past 0.55.
    final class PullDownViewController: UIViewController {
        let interactor = UIPercentDrivenInteractiveTransition()
        let log: Log
        init(log: Log) {
            self.log = log
            super.init()
        }
        override func viewDidLoad() {
            super.viewDidLoad()
            view.accessibilityIdentifier = "sheet"
            let pan = UIPanGestureRecognizer(target: nil, action: nil)
            var shouldFinish = false
            pan.addTarget { [unowned self] g in
                let pan = g as! UIPanGestureRecognizer
                let progress = pan.translation(in: view).y / 500
                switch pan.state {
                case .began: dismiss(animated: true, completion: nil)
                case .changed:
                    shouldFinish = progress > 0.55
                    interactor.update(progress)
                    log.lines.append("update \(interactor.percentComplete)")
                case .ended:
                    if shouldFinish { interactor.finish() } else { interactor.cancel() }
                    log.lines.append("end \(interactor.percentComplete)")
                default: break
                }
            }
            view.addGestureRecognizer(pan)
        }
    }

    /// Pulling down 100 then 300 points: the pan begins at 0.02 (100 ≥ 10), changes at 0.04 with
    /// translation 300, so progress 300 / 500 = 0.6 > 0.55, and the lift finishes it (1).
    /// A pull of 100 only begins (0.02) and ends at the lift: the handler's `shouldFinish` is
    /// still false, so it cancels (0).
    @Test func aPullDownDrivesTheInteractionController() throws {
        for (depth, expected) in [(300.0, ["update 0.6", "end 1.0"]), (100.0, ["end 0.0"])] {
            let log = Log()
            var registry = Registry.standard
            try registry.register(.uiKit("pull-down") { PullDownViewController(log: log) })
            let scene = try parseScene(#"{"screen": "pull-down"}"#, version: 2, registry: registry)
            var events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] = [
                (0, [(1, "began", 200, 100)]), (0.02, [(1, "moved", 200, 200)]),
            ]
            if depth > 100 { events.append((0.04, [(1, "moved", 200, 100 + depth)])) }
            events.append((0.06, [(1, "ended", 200, 100 + depth)]))
            _ = try transcriptText(traceJSON(events, version: 2), scene)
            #expect(log.lines == expected, "\(log.lines)")
        }
    }

    /// With a context, each call is passed on as UIKit passes it, and the fraction is kept:
    /// 0.25, then paused, then cancelled back to 0; a second run finishes at 1.
    @Test func theControllerPassesTheGestureOnToTheContext() {
        let interactor = UIPercentDrivenInteractiveTransition()
        #expect(interactor.percentComplete == 0 && interactor.completionSpeed == 1 && interactor.wantsInteractiveStart)
        let context = NotingContext()
        interactor.startInteractiveTransition(context)
        interactor.update(0.25)
        #expect(interactor.percentComplete == 0.25)
        interactor.pause()
        interactor.cancel()
        #expect(interactor.percentComplete == 0 && context.transitionWasCancelled)
        interactor.update(0.75)
        interactor.finish()
        #expect(interactor.percentComplete == 1)
        #expect(context.log == ["update 0.25", "pause", "cancel", "update 0.75", "finish"])
    }

    /// A view that notes the touches it is given.
    final class NotingView: UIView {
        var log: Log?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log?.lines.append("began \(event!.timestamp)") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log?.lines.append("ended \(event!.timestamp)") }
    }

    /// A hover recognizer on a view sees no touch: the transcript has no record of it, and the
    /// view gets its touches when they happen (a recognizer still deciding would hold the lift
    /// until it failed), at 0.1 and 0.2.
    @Test func aHoverRecognizerTakesNoPartInTouches() throws {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("hover") {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let pad = NotingView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
            pad.accessibilityIdentifier = "pad"
            pad.log = log
            pad.addGestureRecognizer(UIHoverGestureRecognizer(target: nil, action: nil))
            root.addSubview(pad)
            return root
        })
        let scene = try parseScene(#"{"screen": "hover"}"#, version: 2, registry: registry)
        let lines = try transcriptText(traceJSON([(0.1, [(1, "began", 50, 50)]), (0.2, [(1, "ended", 50, 50)])], version: 2), scene)
        #expect(lines.isEmpty, "\(lines)")
        #expect(log.lines == ["began 0.1", "ended 0.2"], "\(log.lines)")
    }
}

/// A child controller that notes what its container tells it.
final class NotedChild: UIViewController {
    var log: [String] = []
    override func willMove(toParent parent: UIViewController?) { log.append(parent == nil ? "will leave" : "will join") }
    override func didMove(toParent parent: UIViewController?) { log.append(parent == nil ? "left" : "joined") }
}

@Suite struct ContainmentAndControlTests {
    /// UIKit's containment calls: `addChild` calls `willMove(toParent:)` itself, the container
    /// `didMove`; for removal the container calls `willMove(nil)` and `removeFromParent` calls
    /// `didMove(nil)`. Adding to a second parent takes the child from the first.
    @Test func aContainerAddsAndRemovesItsChild() {
        let container = UIViewController(), other = UIViewController()
        let child = NotedChild()
        container.addChild(child)
        container.view.addSubview(child.view)
        child.didMove(toParent: container)
        #expect(child.parent === container && container.children.count == 1)
        other.addChild(child)
        #expect(child.parent === other && container.children.isEmpty && other.children.count == 1)
        child.willMove(toParent: nil)
        child.removeFromParent()
        #expect(child.parent == nil && other.children.isEmpty)
        #expect(child.log == ["will join", "joined", "will join", "will leave", "left"], "\(child.log)")
    }

    /// Segments: inserting at 9 of 3 appends (UIKit pins the index); removing the selected
    /// segment leaves none selected, removing one before it moves the selection down.
    @Test func segmentsKeepTheirTitlesAndSelection() {
        let segments = UISegmentedControl(items: ["First", "Second", "Third"])
        #expect(segments.numberOfSegments == 3 && segments.selectedSegmentIndex == UISegmentedControl.noSegment)
        segments.insertSegment(withTitle: "Fifth", at: 9, animated: true)
        #expect(segments.titleForSegment(at: 3) == "Fifth")
        segments.selectedSegmentIndex = 2
        segments.removeSegment(at: 0, animated: false)
        #expect(segments.selectedSegmentIndex == 1 && segments.titleForSegment(at: 1) == "Third")
        segments.removeSegment(at: 1, animated: false)
        #expect(segments.selectedSegmentIndex == UISegmentedControl.noSegment && segments.numberOfSegments == 2)
    }

    /// A wheel is hidden while stopped (UIKit's `hidesWhenStopped` true) and shows while it
    /// spins; a progress bar pins its value to 0…1.
    @Test func aWheelShowsWhileItSpinsAndABarStaysInRange() {
        let wheel = UIActivityIndicatorView(style: .large)
        #expect(wheel.isHidden && !wheel.isAnimating)
        wheel.startAnimating()
        #expect(!wheel.isHidden && wheel.isAnimating)
        wheel.stopAnimating()
        #expect(wheel.isHidden)
        let bar = UIProgressView(progressViewStyle: .bar)
        bar.setProgress(1.4, animated: true)
        #expect(bar.progress == 1)
        bar.progress = -0.2
        #expect(bar.progress == 0)
    }
}

@Suite struct EffectViewTests {
    /// An effect view's content view fills it, following a new frame (UIKit sizes it so); its
    /// blur is kept; a snapshot is a plain view of the same frame, in no view.
    @Test func theContentViewFillsTheEffectView() {
        let blur = UIVisualEffectView(effect: UIBlurEffect(style: .regular))
        blur.frame = CGRect(x: 20, y: 30, width: 200, height: 100)
        #expect(blur.contentView.frame == CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(blur.contentView.superview === blur && (blur.effect as? UIBlurEffect)?.style == .regular)
        let snapshot = blur.snapshotView(afterScreenUpdates: false)
        #expect(snapshot?.frame == blur.frame && snapshot?.superview == nil)
    }
}

/// A screen that undoes on a shake, as apps write it: the override compiles, and a trace (touches
/// only) never shakes.
final class ShakeViewController: UIViewController {
    var shakes = 0
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if motion == .motionShake { shakes += 1 }
    }
}

@Suite struct AccessibilityAndMotionTests {
    /// UIKit's defaults: a label and a control are accessibility elements, a plain view is not,
    /// until set; the device's settings are all off.
    @Test func elementsFollowUIKitsDefaults() {
        let label = UILabel(frame: .zero), button = UIButton(frame: .zero), plain = UIView(frame: .zero)
        #expect(label.isAccessibilityElement && button.isAccessibilityElement && !plain.isAccessibilityElement)
        plain.isAccessibilityElement = true
        plain.accessibilityLabel = "card"
        plain.accessibilityTraits = [.button, .selected]
        #expect(plain.isAccessibilityElement && plain.accessibilityLabel == "card" && plain.accessibilityTraits.contains(.selected))
        #expect(!UIAccessibility.isVoiceOverRunning && !UIAccessibilityIsReduceTransparencyEnabled())
        #expect(UIPanGestureRecognizer().allowedScrollTypesMask.isEmpty)
    }

    /// A shake override is a `UIResponder` method like UIKit's: called through a responder
    /// reference it reaches the screen's override (touchtrace itself never calls it: a trace
    /// holds touches only).
    @Test func aShakeOverrideIsTheResponders() {
        let controller = ShakeViewController()
        let responder: UIResponder = controller
        responder.motionEnded(.motionShake, with: nil)
        responder.motionEnded(.remoteControlPlay, with: nil)
        #expect(controller.shakes == 1)
    }
}

/// A "drag me" view as apps write it without a recognizer: its own `touchesMoved` moves its
/// center by the finger's step.
final class DragMeView: UIView {
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, let parent = superview else { return }
        let now = touch.location(in: parent), before = touch.previousLocation(in: parent)
        center = CGPoint(x: center.x + now.x - before.x, y: center.y + now.y - before.y)
    }
}

final class DragMeViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let tile = DragMeView(frame: CGRect(x: 100, y: 100, width: 80, height: 80))
        tile.accessibilityIdentifier = "tile"
        view.addSubview(tile)
    }
}

@Suite struct ScreenWithoutRecognizersTests {
    /// A screen built in code with no recognizer at all still records the views its touch code
    /// moves. The tile (100, 100, 80 × 80; center (140, 140)) is touched at (120, 120), moved to
    /// (150, 130) — a step of (30, 10): center (170, 150) — then to (150, 170) — a step of
    /// (0, 40): center (170, 190) — and lifted there (no move: no record).
    @Test func viewsMovedByTheirOwnTouchCodeAreRecorded() throws {
        var registry = Registry.standard
        try registry.register(.uiKit("drag-me") { DragMeViewController() })
        let scene = try parseScene(#"{"screen": "drag-me"}"#, version: 2, registry: registry)
        #expect(scene.viewsMove)
        let json = traceJSON([(0.1, [(1, "began", 120, 120)]), (0.2, [(1, "moved", 150, 130)]),
                              (0.3, [(1, "moved", 150, 170)]), (0.4, [(1, "ended", 150, 170)])], version: 2)
        let lines = try transcriptText(json, scene)
        #expect(lines == ["0.2000 tile.view viewChanged center=170.0000,150.0000",
                          "0.3000 tile.view viewChanged center=170.0000,190.0000"], "\(lines)")
    }
}
