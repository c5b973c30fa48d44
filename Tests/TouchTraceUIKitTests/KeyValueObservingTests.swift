import Foundation
import Testing
@testable import TouchTrace
@testable import TouchTraceUIKit

/// Key-value observing and coding of the UIKit surface (KeyValueObserving.swift), in the styles
/// gesture code uses: an override of `observeValue(forKeyPath:of:change:context:)`, a block
/// observation kept in a property, and `value(forKey:)`/`setValue(_:forKey:)`.
@Suite struct KeyValueObservingTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// A stretchy header as apps write it: a 300 × 200 header above a scroll view's content
    /// that watches the scroll view's `contentOffset` and takes the height 200 − y (at least
    /// 100): pulled down it stretches, scrolled up it shrinks. It reads the new value as a
    /// `CGPoint` and the old one through `NSValue`, as code does both.
    class StretchyHeaderController: UIViewController {
        let log: Log
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let header = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        init(log: Log) {
            self.log = log
            super.init()
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            scroll.accessibilityIdentifier = "list"
            scroll.contentSize = CGSize(width: 300, height: 2000)
            view.addSubview(scroll)
            view.addSubview(header)
            scroll.addObserver(self, forKeyPath: "contentOffset", options: [.new, .old], context: nil)
        }
        override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                   context: UnsafeMutableRawPointer?) {
            guard keyPath == "contentOffset", let new = change?[.newKey] as? CGPoint,
                  let old = (change?[.oldKey] as? NSValue)?.cgPointValue else { return }
            header.frame.size.height = max(100, 200 - new.y)
            log.lines.append("\(old.y)→\(new.y) header=\(header.frame.height) same=\((object as? UIScrollView) === scroll)")
        }
    }

    /// Replays `events` through the screen `make` builds; returns the transcript's lines.
    func run(_ events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])],
             _ make: @escaping @Sendable () -> UIViewController) throws -> [String] {
        var registry = Registry.standard
        try registry.register(.uiKit("kvo-screen", controller: make))
        let scene = try parseScene(#"{"screen": "kvo-screen"}"#, version: 2, registry: registry)
        return try transcriptText(traceJSON(events, version: 2), scene)
    }

    /// The drag of ScrollViewTests' `aDragOf120PointsMovesTheContent120Points`: a finger at
    /// (150, 300) moves up 50 points at 0.02 (the pan begins) and 70 more at 0.04, and rests
    /// until it lifts at 0.12 (no deceleration). The offset goes 0 → 50 → 120 (offset at
    /// touch-down, 0, less the translation, −50 then −120): the header's height is 200 − 50 =
    /// 150, then 200 − 120 = 80, held at 100. Exactly two changes of the offset: one per move.
    @Test func aStretchyHeaderFollowsTheOffsetOfAReplayedDrag() throws {
        let log = Log()
        _ = try run([(0, [(1, "began", 150, 300)]), (0.02, [(1, "moved", 150, 250)]),
                     (0.04, [(1, "moved", 150, 180)]), (0.12, [(1, "ended", 150, 180)])]) { StretchyHeaderController(log: log) }
        #expect(log.lines == ["0.0→50.0 header=150.0 same=true", "50.0→120.0 header=100.0 same=true"], "\(log.lines)")
    }

    /// Pulled down 50 points at the top (below the header, which would take the touch), the
    /// content moves by the rubber band, −25.730994… (ScrollViewTests'
    /// `pullingPastTheEdgeRubberBandsAndSpringsBack`): the header stretches to 200 + 25.730994 =
    /// 225.730994.
    @Test func aStretchyHeaderStretchesWhenPulledPastTheTop() throws {
        let log = Log()
        _ = try run([(0, [(1, "began", 150, 300)]), (0.02, [(1, "moved", 150, 350)]), (0.1, [(1, "ended", 150, 350)])]) {
            StretchyHeaderController(log: log)
        }
        let first = try #require(log.lines.first)
        #expect(first.hasPrefix("0.0→-25.73099") && first.contains("header=225.73099"), "\(log.lines)")
    }

    /// A recognizer's `state`, observed with a block during the same drag: the scroll view's pan
    /// begins at the first move (50 points, past its 10), changes at the second, and ends at the
    /// lift — the states of the transcript's `list.scrollViewPan` records — each change boxed
    /// as the state itself for the block and as an `NSNumber` of its raw value for `value(forKey:)`.
    @Test func aRecognizersStateIsObservedDuringAReplay() throws {
        final class Watching: StretchyHeaderController {
            var observation: NSKeyValueObservation?
            override func viewDidLoad() {
                super.viewDidLoad()
                observation = scroll.panGestureRecognizer.observe(\.state, options: [.old, .new]) { [log] recognizer, change in
                    let raw = (recognizer.value(forKey: "state") as? NSNumber)?.intValue ?? -1
                    log.lines.append("\(change.oldValue!)→\(change.newValue!) \(raw)")
                }
            }
        }
        let log = Log()
        let lines = try run([(0, [(1, "began", 150, 300)]), (0.02, [(1, "moved", 150, 250)]),
                             (0.04, [(1, "moved", 150, 180)]), (0.12, [(1, "ended", 150, 180)])]) { Watching(log: log) }
        let states = log.lines.filter { !$0.contains("header") }
        #expect(Array(states.prefix(3)) == ["possible→began 1", "began→changed 2", "changed→ended 3"], "\(log.lines)")
        #expect(lines.filter { $0.contains("list.scrollViewPan state") }.count == 3, "\(lines)")
    }

    /// A view watching its own center with a block observation, as Swift 4 code keeps one:
    /// `.initial` calls the block at once with the current center as the new value and no old
    /// one; then each setting calls it (setting the same value too, as on iOS), until the
    /// observation is invalidated; released, it stops as well.
    @Test func aBlockObservationWithInitialThenInvalidate() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var seen: [String] = []
        var observation: NSKeyValueObservation? = view.observe(\.center, options: [.initial, .new, .old]) { object, change in
            seen.append("\(change.oldValue.map { "\($0.x),\($0.y)" } ?? "nil")→\(change.newValue.map { "\($0.x),\($0.y)" } ?? "nil") \(change.kind == .setting) \(object === view)")
        }
        #expect(seen == ["nil→50.0,50.0 true true"])
        view.center = CGPoint(x: 10, y: 20)
        view.center = CGPoint(x: 10, y: 20)
        #expect(seen == ["nil→50.0,50.0 true true", "50.0,50.0→10.0,20.0 true true", "10.0,20.0→10.0,20.0 true true"])
        observation?.invalidate()
        view.center = .zero
        #expect(seen.count == 3)
        // A second observation, released rather than invalidated.
        var count = 0
        observation = view.observe(\.alpha, options: [.new]) { _, change in
            count += 1
            #expect(change.newValue == 0.5 && change.oldValue == nil)
        }
        view.alpha = 0.5
        observation = nil
        view.alpha = 0.25
        #expect(count == 1)
    }

    /// Key paths of a subclass, a control and a recognizer name the same properties: a scroll
    /// view subclass's `contentOffset` (set by `contentOffset` and by `bounds`, whose origin it
    /// is), a button's `isHighlighted`, a recognizer's `isEnabled`.
    @Test func blockObservationsOfSubclassesAndControls() {
        final class FeedView: UIScrollView {}
        let feed = FeedView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        var offsets: [CGFloat] = []
        let a = feed.observe(\.contentOffset, options: [.new]) { _, change in offsets.append(change.newValue?.y ?? -1) }
        feed.contentOffset = CGPoint(x: 0, y: 30)
        feed.bounds.origin = CGPoint(x: 0, y: 45)
        #expect(offsets == [30, 45])
        let button = UIButton(frame: .zero)
        var highlights: [Bool] = []
        let b = button.observe(\.isHighlighted, options: [.old, .new]) { _, change in
            highlights.append(change.oldValue == false && change.newValue == true)
        }
        button.isHighlighted = true
        #expect(highlights == [true])
        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        var enabled: [Bool?] = []
        let c = pan.observe(\.isEnabled, options: [.new]) { _, change in enabled.append(change.newValue) }
        pan.isEnabled = false
        #expect(enabled == [false])
        withExtendedLifetime((a, b, c)) {}
    }

    /// An observer of a custom class (an app's `NSObject` subclass) declares `KeyValueObserver`.
    final class Watcher: KeyValueObserver {
        let name: String
        let log: Log
        init(_ name: String, _ log: Log) { self.name = name; self.log = log }
        func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                          context: UnsafeMutableRawPointer?) {
            let prior = (change?[.notificationIsPriorKey] as? NSNumber)?.boolValue == true
            let new = change?[.newKey].map { "\($0)" } ?? "-"
            let old = change?[.oldKey].map { "\($0)" } ?? "-"
            let kind = (change?[.kindKey] as? NSNumber)?.uintValue ?? 0
            log.lines.append("\(name) \(keyPath ?? "?") old=\(old) new=\(new) prior=\(prior) kind=\(kind)")
        }
    }

    /// Two observers of the same key are called in the order they were added, a block observation
    /// in its place among them; an observer added first is called first whatever its identity.
    @Test func observersAreCalledInTheOrderAdded() {
        let log = Log()
        let control = UIControl(frame: .zero)
        let second = Watcher("second", log), first = Watcher("first", log)
        control.addObserver(first, forKeyPath: "selected", options: [.new], context: nil)
        let block = control.observe(\.isSelected, options: [.new]) { _, change in log.lines.append("block new=\(change.newValue!)") }
        control.addObserver(second, forKeyPath: "isSelected", options: [.new], context: nil)
        control.isSelected = true
        #expect(log.lines == ["first selected old=- new=1 prior=false kind=1", "block new=true",
                              "second isSelected old=- new=1 prior=false kind=1"], "\(log.lines)")
        withExtendedLifetime(block) {}
    }

    /// `.prior` sends a notification before the change (the old value, no new one,
    /// `notificationIsPriorKey` true) and the usual one after it. A change of `center` is also a
    /// change of `frame`: a 100 × 100 view at center (50, 50) moved to (60, 50) has the frame
    /// (10, 0, 100, 100) — one notification, after center's. Setting `frame` notifies `frame`
    /// once (not once for the center and once for the size it sets).
    @Test func priorNotificationsAndTheFrameFollowingTheCenter() {
        let log = Log()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let watcher = Watcher("w", log)
        view.addObserver(watcher, forKeyPath: "center", options: [.old, .new, .prior], context: nil)
        view.addObserver(watcher, forKeyPath: "frame", options: [.new], context: nil)
        view.center = CGPoint(x: 60, y: 50)
        #expect(log.lines == ["w center old={50.0, 50.0} new=- prior=true kind=1",
                              "w center old={50.0, 50.0} new={60.0, 50.0} prior=false kind=1",
                              "w frame old=- new={{10.0, 0.0}, {100.0, 100.0}} prior=false kind=1"], "\(log.lines)")
        log.lines = []
        view.removeObserver(watcher, forKeyPath: "center")
        view.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        #expect(log.lines == ["w frame old=- new={{0.0, 0.0}, {40.0, 40.0}} prior=false kind=1"], "\(log.lines)")
    }

    /// `removeObserver(_:forKeyPath:)` stops the calls; with a context, only the registration made
    /// with that context goes. The context comes back as it was given.
    @Test func removingObservers() {
        let log = Log()
        let slider = UISlider(frame: .zero)
        let watcher = Watcher("w", log)
        let one = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
        let two = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
        defer { one.deallocate(); two.deallocate() }
        final class ContextWatcher: KeyValueObserver {
            var contexts: [UnsafeMutableRawPointer?] = []
            func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                              context: UnsafeMutableRawPointer?) { contexts.append(context) }
        }
        let contexts = ContextWatcher()
        slider.addObserver(contexts, forKeyPath: "value", options: [], context: one)
        slider.addObserver(contexts, forKeyPath: "value", options: [], context: two)
        slider.addObserver(watcher, forKeyPath: "value", options: [.new], context: nil)
        slider.value = 0.5
        #expect(contexts.contexts == [one, two])
        #expect(log.lines == ["w value old=- new=0.5 prior=false kind=1"])
        slider.removeObserver(contexts, forKeyPath: "value", context: one)
        slider.removeObserver(watcher, forKeyPath: "value")
        slider.value = 0.25
        #expect(contexts.contexts == [one, two, two])
        #expect(log.lines.count == 1)
    }

    /// A view controller that removes itself in its `deinit`, as code written for UIKit does
    /// (the observer is being freed then, and is still found); the view's later changes reach
    /// no one, and an observer freed without removing itself is skipped.
    @Test func anObserverRemovesItselfInItsDeinit() {
        final class Rope: UIViewController {
            let box: UIView
            let log: Log
            init(box: UIView, log: Log) {
                self.box = box
                self.log = log
                super.init()
                box.addObserver(self, forKeyPath: "center", options: .new, context: nil)
            }
            required init?(coder: NSCoder) { nil }
            override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                       context: UnsafeMutableRawPointer?) {
                log.lines.append("\(keyPath ?? "?") \(change?[.newKey] as? CGPoint ?? .zero)")
            }
            deinit { box.removeObserver(self, forKeyPath: "center") }
        }
        let log = Log()
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
        var rope: Rope? = Rope(box: box, log: log)
        box.center = CGPoint(x: 1, y: 2)
        rope = nil
        box.center = CGPoint(x: 3, y: 4)
        var forgetful: Watcher? = Watcher("gone", log)
        box.addObserver(forgetful!, forKeyPath: "center", options: .new, context: nil)
        forgetful = nil
        box.center = CGPoint(x: 5, y: 6)
        #expect(log.lines == ["center CGPoint(x: 1.0, y: 2.0)"], "\(log.lines)")
        #expect(rope == nil && forgetful == nil)
    }

    /// `value(forKey:)` boxes as iOS does (a point in an `NSValue` that also casts to `CGPoint`,
    /// a `CGFloat` or `Bool` in an `NSNumber`), takes a Boolean's `isX` spelling, and
    /// `setValue(_:forKey:)` takes a value boxed or as its Swift type.
    @Test func valuesByKey() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        scroll.contentOffset = CGPoint(x: 0, y: 12)
        #expect((scroll.value(forKey: "contentOffset") as? NSValue)?.cgPointValue == CGPoint(x: 0, y: 12))
        #expect(scroll.value(forKey: "contentOffset") as? CGPoint == CGPoint(x: 0, y: 12))
        #expect(scroll.value(forKey: "center") as? CGPoint == CGPoint(x: 150, y: 200))
        #expect(scroll.value(forKey: "zoomScale") as? CGFloat == 1)
        #expect((scroll.value(forKey: "hidden") as? NSNumber)?.boolValue == false)
        #expect(scroll.value(forKey: "isHidden") as? Bool == false)
        scroll.setValue(NSValue(cgPoint: CGPoint(x: 0, y: 30)), forKey: "contentOffset")
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 30))
        scroll.setValue(CGPoint(x: 0, y: 40), forKey: "contentOffset")
        scroll.setValue(0.5, forKey: "alpha")
        scroll.setValue(true, forKey: "isHidden")
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 40) && scroll.alpha == 0.5 && scroll.isHidden)
        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        #expect((pan.value(forKey: "state") as? NSNumber)?.intValue == UIGestureRecognizer.State.possible.rawValue)
    }

    /// A key the object does not have stops the program with a message (iOS raises
    /// NSUnknownKeyException), and so does removing an observer that is not registered.
    @Test func unknownKeysStopTheProgram() async {
        await #expect(processExitsWith: .failure) { _ = UIView(frame: .zero).value(forKey: "_isSynthetic") }
        await #expect(processExitsWith: .failure) { UIView(frame: .zero).setValue(1, forKey: "contentOffset") }
        await #expect(processExitsWith: .failure) {
            final class Nobody: KeyValueObserver {
                func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                  context: UnsafeMutableRawPointer?) {}
            }
            UIView(frame: .zero).removeObserver(Nobody(), forKeyPath: "center")
        }
    }
}
