import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// Display links on the trace's time, traits, presses, layer animations, transactions and
/// timing parameters, as gesture files from apps use them.
@Suite struct CoreAnimationAndDeviceTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// Starts a display link when its finger comes down and logs each frame's time; pauses it at
    /// `pauseAfter` frames, stops it when the finger lifts when `stopAtLift`.
    final class Ticker: UIGestureRecognizer {
        let log: Log
        let framesPerSecond: Int
        let pauseAfter: Int?
        let stopAtLift: Bool
        var link: CADisplayLink?
        var frames = 0
        init(log: Log, framesPerSecond: Int = 0, pauseAfter: Int? = nil, stopAtLift: Bool = false) {
            self.log = log
            self.framesPerSecond = framesPerSecond
            self.pauseAfter = pauseAfter
            self.stopAtLift = stopAtLift
            super.init(target: nil, action: nil)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesBegan(touches, with: event)
            let link = CADisplayLink(target: self, selector: "step:")
            link.preferredFramesPerSecond = framesPerSecond
            link.add(to: .main, forMode: .common)
            self.link = link
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesEnded(touches, with: event)
            log.lines.append("lift \(micros(CACurrentMediaTime()))")
            if stopAtLift { link?.invalidate() }
        }
        func step(_ link: CADisplayLink) {
            frames += 1
            log.lines.append("frame \(micros(link.timestamp)) next \(micros(link.targetTimestamp))")
            if frames == pauseAfter { link.isPaused = true }
        }
    }

    static func registerTicker() {
        CADisplayLink.registerAction("step:", for: Ticker.self) { ticker, link in ticker.step(link) }
    }

    static func scene(_ make: @escaping @Sendable () -> UIGestureRecognizer) -> Scene {
        Scene(views: [
            SceneView(name: "screen", frame: Rect(x: 0, y: 0, width: 400, height: 800),
                      recognizers: [("ticker", UIKitRecognizer(make))]),
        ], origin: "test", version: 2)
    }

    @Test func aDisplayLinkCallsItsTargetEverySixtiethOfASecondOfTheTrace() throws {
        Self.registerTicker()
        let log = Log()
        // Added at the touch down (t = 0): frames at k/60 s, k = 1…6 (6/60 = 0.1 s, before the
        // lift at 0.11). The lift at 0.11 comes between the frames at 0.1 and 7/60 ≈ 0.1167; the
        // frames go on after it only while the trace has events, so none comes after the lift.
        let json = traceJSON([(0, [(1, "began", 100, 100)]), (0.04, [(1, "moved", 102, 100)]),
                              (0.11, [(1, "ended", 104, 100)])], version: 2)
        _ = try transcriptText(json, Self.scene { Ticker(log: log) })
        let expected = (1...6).map { k in "frame \(micros(Double(k) / 60)) next \(micros(Double(k + 1) / 60))" }
        #expect(log.lines == expected + ["lift 110000"], "\(log.lines)")
    }

    @Test func aPreferredRateSpacesTheFramesAndAPausedLinkSkipsThem() throws {
        Self.registerTicker()
        // 20 frames a second: every 0.05 s from the touch down at 0, at 0.05, 0.10, 0.15 — the
        // link pauses itself after its second frame, so 0.15 passes with no call. The lift at
        // 0.17 is the trace's last event.
        let log = Log()
        let json = traceJSON([(0, [(1, "began", 100, 100)]), (0.17, [(1, "ended", 100, 100)])], version: 2)
        _ = try transcriptText(json, Self.scene { Ticker(log: log, framesPerSecond: 20, pauseAfter: 2) })
        #expect(log.lines == ["frame 50000 next 100000", "frame 100000 next 150000", "lift 170000"], "\(log.lines)")
    }

    @Test func anInvalidatedLinkStopsAndOneMadeOutsideAReplayNeverCalls() throws {
        Self.registerTicker()
        // Down at 0, lift at 0.02 (the link is invalidated there): of the first link only the
        // frame at 1/60 ≈ 0.0167 comes, though the trace goes on to 0.12.
        let log = Log()
        let json = traceJSON([(0, [(1, "began", 100, 100)]), (0.02, [(1, "ended", 100, 100)]),
                              (0.1, [(2, "began", 300, 300)]), (0.12, [(2, "ended", 300, 300)])], version: 2)
        _ = try transcriptText(json, Self.scene { Ticker(log: log, stopAtLift: true) })
        // The second finger starts a new link at 0.1: its first frame at 0.1 + 1/60 ≈ 0.1167,
        // before that finger lifts at 0.12 (and invalidates it).
        #expect(log.lines == ["frame \(micros(1.0 / 60)) next \(micros(2.0 / 60))", "lift 20000",
                              "frame \(micros(0.1 + 1.0 / 60)) next \(micros(0.1 + 2.0 / 60))", "lift 120000"], "\(log.lines)")

        let outside = Ticker(log: log)
        let link = CADisplayLink(target: outside, selector: "step:")
        link.add(to: .main, forMode: .common)
        #expect(link.duration == 1.0 / 60 && link.timestamp == 0 && outside.frames == 0)
    }

    @Test func aTimerMadeWithNoArgumentsNeverFires() {
        // Foundation's `Timer()`: code keeps one until it schedules a real one.
        let timer = Timer()
        RunLoop.main.add(timer, forMode: .common)
        #expect(timer.isValid && timer.timeInterval == 0)
        timer.invalidate()
        #expect(!timer.isValid)
    }

    @Test func viewsAndControllersReportTheFixedTraits() {
        // touchtrace's fixed device: force measured (a trace's touches carry it), 3 pixels a
        // point as `UIScreen.main.scale`, an iPhone's idiom and size classes, light appearance.
        let view = UIView(frame: .zero)
        #expect(view.traitCollection.forceTouchCapability == .available)
        #expect(view.traitCollection.displayScale == UIScreen.main.scale)
        #expect(UIViewController().traitCollection.forceTouchCapability == .available)
        #expect(UITraitCollection(forceTouchCapability: .unavailable).forceTouchCapability == .unavailable)
        // An iPhone in portrait: compact width, regular height (UIKit's size classes).
        #expect(view.traitCollection.horizontalSizeClass == .compact && view.traitCollection.verticalSizeClass == .regular)
        #expect(view.traitCollection.userInterfaceIdiom == .phone && view.traitCollection.userInterfaceStyle == .light)
    }

    @Test func settingSublayersReplacesThemAndNilClearsADrawing() {
        let layer = CALayer()
        let a = CAShapeLayer(), b = CAShapeLayer(), c = CALayer()
        layer.addSublayer(a)
        layer.addSublayer(b)
        #expect(layer.sublayers?.count == 2)
        layer.sublayers = nil
        #expect(layer.sublayers == nil)
        layer.sublayers = [c]
        layer.insertSublayer(a, at: 0)
        #expect(layer.sublayers?.map { ObjectIdentifier($0) } == [ObjectIdentifier(a), ObjectIdentifier(c)])
    }

    @Test func aTransactionRunsItsCompletionWhenTheOutermostCommits() {
        var log: [String] = []
        CATransaction.setCompletionBlock { log.append("outside") }
        #expect(log == ["outside"])
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock { log.append("outer") }
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("inner") }
        CATransaction.commit()
        #expect(log == ["outside"])
        CATransaction.commit()
        #expect(log == ["outside", "outer", "inner"])
        #expect(CATransaction.disableActions())
        CATransaction.setDisableActions(false)
    }

    final class Watcher: CAAnimationDelegate {
        var heard: [String] = []
        func animationDidStart(_ anim: CAAnimation) { heard.append("start") }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { heard.append("stop \(flag)") }
    }

    @Test func aLayerAnimationEndsAtOnceAndIsKeptOnlyWhenNotRemovedOnCompletion() {
        let layer = CALayer()
        layer.position = CGPoint(x: 10, y: 20)
        let watcher = Watcher()
        let move = CABasicAnimation(keyPath: "position")
        move.toValue = CGPoint(x: 50, y: 50)
        move.delegate = watcher
        layer.add(move, forKey: "move")
        #expect(watcher.heard == ["start", "stop true"])
        #expect(layer.animation(forKey: "move") == nil && layer.animationKeys() == nil)
        // The model value is what code set: an animation changes only what is shown.
        #expect(layer.position == CGPoint(x: 10, y: 20))

        let spring = CASpringAnimation(keyPath: "position")
        spring.isRemovedOnCompletion = false
        layer.add(spring, forKey: "spring")
        layer.add(move, forKey: "other")
        #expect(layer.animationKeys() == ["spring"] && layer.animation(forKey: "spring") === spring)
        layer.removeAnimation(forKey: "spring")
        #expect(layer.animationKeys() == nil)
        layer.add(spring, forKey: "spring")
        layer.removeAllAnimations()
        #expect(layer.animationKeys() == nil)
    }

    @Test func aSpringsSettlingDurationIsWhenItsEnvelopeFallsToATenthOfAPercent() {
        // The constants of a published example: mass 0.04, stiffness 4, damping 0.7.
        // ω₀ = √(4 / 0.04) = 10; ζ = 0.7 / (2·√(4·0.04)) = 0.7 / 0.8 = 0.875;
        // ln 1000 / (ζ·ω₀) = 6.907755 / 8.75 = 0.789458.
        let anim = CASpringAnimation(keyPath: "position")
        anim.mass = 0.04
        anim.stiffness = 4
        anim.damping = 0.7
        #expect(abs(anim.settlingDuration - 0.789458) < 1e-6)
        // Defaults (mass 1, stiffness 100, damping 10): ω₀ = 10, ζ = 10 / 20 = 0.5:
        // 6.907755 / 5 = 1.381551.
        #expect(abs(CASpringAnimation().settlingDuration - 1.381551) < 1e-6)
        // Overdamped (damping 40: ζ = 2, taken as 1): 6.907755 / 10.
        let heavy = CASpringAnimation()
        heavy.damping = 40
        #expect(abs(heavy.settlingDuration - 0.6907755) < 1e-6)
        let free = CASpringAnimation()
        free.damping = 0
        #expect(free.settlingDuration == .infinity)
    }

    @Test func springTimingParametersGiveTheirDampingRatioAndAnAnimatorRunsWithThem() {
        // damping / (2·√(stiffness·mass)) = 10 / (2·√100) = 0.5.
        let physical = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10,
                                                initialVelocity: CGVector(dx: CGFloat(0), dy: CGFloat(0)))
        #expect(physical.dampingRatio == 0.5)
        #expect(UISpringTimingParameters(dampingRatio: 0.8).dampingRatio == 0.8)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.transform = CGAffineTransform(rotationAngle: 1)
        let animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: UISpringTimingParameters(dampingRatio: 0.8))
        animator.addAnimations { view.transform = .identity }
        #expect(view.transform != .identity)
        animator.startAnimation()
        #expect(view.transform == .identity && animator.duration == 0.5)
    }

    /// Overrides every press method and records any call.
    final class PressWatcher: UITapGestureRecognizer {
        let log: Log
        init(log: Log) {
            self.log = log
            super.init(target: nil, action: nil)
        }
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent) {
            log.lines.append("presses")
            for press in presses { ignore(press, for: event) }
            super.pressesBegan(presses, with: event)
        }
    }

    @Test func aTraceDeliversNoPressesSoPressMethodsAreNeverCalled() throws {
        let log = Log()
        let json = traceJSON([(0, [(1, "began", 100, 100)]), (0.05, [(1, "ended", 100, 100)])], version: 2)
        let lines = try transcriptText(json, Self.scene { PressWatcher(log: log) })
        #expect(log.lines.isEmpty)
        // The tap itself is recognized as any tap.
        #expect(lines == ["0.0500 screen.ticker state from=possible to=recognized location=100.0000,100.0000 taps=1"], "\(lines)")
    }
}

extension CoreAnimationAndDeviceTests {
    @Test func indexPathsHaveUIKitsSectionAndRowOrItem() {
        // UIKit's index paths are [section, row] (or [section, item]).
        var path = IndexPath(row: 3, section: 1)
        #expect(path.section == 1 && path.row == 3 && path.item == 3 && Array(path) == [1, 3])
        path.row = 5
        path.section = 2
        #expect(path == IndexPath(item: 5, section: 2) && Array(path) == [2, 5])
    }

    @Test func batchUpdatesRunAtOnceAndTablesWithoutRowsChangeNothing() {
        var log: [String] = []
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), style: .plain)
        table.performBatchUpdates({ log.append("updates") }, completion: { log.append("done \($0)") })
        table.beginUpdates()
        table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 0))
        table.endUpdates()
        let collection = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        collection.performBatchUpdates({ log.append("items") }, completion: { log.append("items done \($0)") })
        #expect(log == ["updates", "done true", "items", "items done true"])
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0)) == nil && collection.visibleCells.isEmpty)
    }

    @Test func scrollingDeviceAndScreenHaveTheirFixedValues() {
        // UIKit's documented rates: 0.998 (normal) and 0.99 (fast) of the speed kept each ms.
        let scroll = UIScrollView(frame: .zero)
        #expect(scroll.decelerationRate == .normal && scroll.decelerationRate.rawValue == 0.998)
        scroll.decelerationRate = .fast
        #expect(scroll.decelerationRate.rawValue == UIScrollViewDecelerationRateFast)
        // An iPhone held upright, a 60 Hz display (the display link's rate).
        #expect(UIDevice.current.userInterfaceIdiom == .phone && UIDevice.current.orientation.isPortrait)
        #expect(UIScreen.main.maximumFramesPerSecond == Int((1 / CADisplayLink.frameDuration).rounded()))
        #expect(UITouch.TouchType.stylus == .pencil)
    }
}

extension CoreAnimationAndDeviceTests {
    static func close(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
        zip(a.rows.joined(), b.rows.joined()).allSatisfy { abs($0 - $1) < 1e-12 }
    }

    @Test func threeDTransformsComposeAsCoreAnimationsAndMatchThePlane() {
        // About the z axis a rotation is the plane's: (cos, sin, -sin, cos).
        let angle: CGFloat = 0.3
        #expect(Self.close(CATransform3DMakeRotation(angle, 0, 0, 2),
                           CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: angle))))
        // About y by π/2 (row vectors, p' = p·M): x = (1, 0, 0) goes to (0, 0, -1), z = (0, 0, 1)
        // to (1, 0, 0), as the right-hand rule turns x toward -z.
        let quarter = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        #expect(abs(quarter.m11) < 1e-12 && abs(quarter.m13 + 1) < 1e-12 && abs(quarter.m31 - 1) < 1e-12)
        // Translate(t, …) is the translation then t: scale 2 after a move by (10, 0) puts the
        // origin at (20, 0); Concat(a, b) is a then b.
        let scaled = CATransform3DMakeScale(2, 2, 1)
        let moved = CATransform3DTranslate(scaled, 10, 0, 0)
        #expect(moved.m41 == 20 && moved.m11 == 2)
        #expect(moved == CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), scaled))
        // The plane part round-trips; perspective (m34) is not affine.
        let plane = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 5, y: 7)
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(plane)) == plane)
        var perspective = CATransform3DIdentity
        #expect(CATransform3DIsIdentity(perspective) && CATransform3DIsAffine(perspective))
        perspective.m34 = -1 / 500
        #expect(!CATransform3DIsAffine(perspective) && !CATransform3DIsIdentity(perspective))
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)
    }

    @Test func aLayersPresentationIsItselfAndItsTransformIsKeptApartFromTheView() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.layer.position = CGPoint(x: 30, y: 40)
        // Nothing animates, so what is shown is what code set.
        #expect(view.layer.presentation() === view.layer && view.layer.presentation()?.position == CGPoint(x: 30, y: 40))
        view.layer.setAffineTransform(CGAffineTransform(rotationAngle: 1))
        #expect(view.layer.affineTransform() == CGAffineTransform(rotationAngle: 1))
        #expect(view.transform == .identity)
    }

    @Test func sublayersKnowTheirSuperlayerAndMoveBetweenLayers() {
        let a = CALayer(), b = CALayer(), child = CAGradientLayer()
        a.addSublayer(child)
        #expect(child.superlayer === a)
        b.insertSublayer(child, at: 0)
        #expect(child.superlayer === b && a.sublayers?.isEmpty == true && b.sublayers?.count == 1)
        b.sublayers?.forEach { $0.removeFromSuperlayer() }
        #expect(child.superlayer == nil && b.sublayers?.isEmpty == true)
        b.sublayers = [child]
        #expect(child.superlayer === b)
        b.sublayers = nil
        #expect(child.superlayer == nil)
    }

    @Test func aGroupsDelegatesHearItsAnimationsEnd() {
        let heard = Watcher()
        let group = CAAnimationGroup(), inner = CAKeyframeAnimation(keyPath: "position")
        group.delegate = heard
        inner.delegate = heard
        inner.values = [CGPoint.zero, CGPoint(x: 1, y: 1)]
        inner.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        inner.fillMode = .forwards
        group.animations = [inner]
        CALayer().add(group, forKey: "g")
        #expect(heard.heard == ["start", "start", "stop true", "stop true"])
        #expect(inner.fillMode == .forwards && inner.timingFunction?.name == .easeInEaseOut)
    }
}

extension CoreAnimationAndDeviceTests {
    @Test func aNavigationControllersSwipeBackIsALeftEdgePanThatKeepsItsSettings() {
        let nav = UINavigationController(rootViewController: UIViewController())
        let pop = nav.interactivePopGestureRecognizer
        #expect(pop === nav.interactivePopGestureRecognizer)
        #expect((pop as? UIScreenEdgePanGestureRecognizer)?.edges == .left && pop?.view == nil)
        pop?.isEnabled = false
        #expect(nav.interactivePopGestureRecognizer?.isEnabled == false)
        nav.setNavigationBarHidden(true, animated: true)
        #expect(nav.isNavigationBarHidden && nav.tabBarController == nil)
    }

    @Test func aScrollViewCancelsTouchesOfPlainViewsNotControlsByDefault() {
        // UIKit's default of touchesShouldCancel(in:): true unless the view is a UIControl.
        let scroll = UIScrollView(frame: .zero)
        #expect(scroll.touchesShouldCancel(in: UIView(frame: .zero)))
        #expect(!scroll.touchesShouldCancel(in: UIButton(frame: .zero)))
        #expect(scroll.keyboardDismissMode == .none && scroll.contentInsetAdjustmentBehavior == .automatic)
        let window = UIWindow(frame: .zero), root = UIViewController()
        window.rootViewController = root
        #expect(window.rootViewController === root)
    }
}

/// A time in whole microseconds.
private func micros(_ t: Double) -> Int { Int((t * 1_000_000).rounded()) }
