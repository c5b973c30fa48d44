import Testing
@testable import TouchTrace
import TouchTraceUIKit

/// Screens with a scroll view, replayed: the scroll view's pan drags the content, the delegate
/// hears what UIKit tells it, a flick decelerates (SPEC 17; Scrolling.swift).
@Suite struct ScrollViewTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// A delegate written as apps write it (UIKit's own spelling of the pointer), noting each
    /// call with the offset then.
    final class NotingDelegate: UIScrollViewDelegate {
        let log: Log
        /// Where the delegate puts the target at the lift (nil: it leaves it).
        var newTarget: CGPoint?
        /// The view it gives for zooming.
        var zoomView: UIView?
        func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
        func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {
            log.lines.append("willBeginZooming zooming=\(scrollView.isZooming)")
        }
        func scrollViewDidZoom(_ scrollView: UIScrollView) {
            log.lines.append("didZoom \(rounded(scrollView.zoomScale))")
        }
        func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
            log.lines.append("didEndZooming \(rounded(scale)) zooming=\(scrollView.isZooming)")
        }
        init(log: Log) { self.log = log }
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            log.lines.append("didScroll \(rounded(scrollView.contentOffset.x)),\(rounded(scrollView.contentOffset.y))")
        }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
            log.lines.append("willBeginDragging dragging=\(scrollView.isDragging) tracking=\(scrollView.isTracking)")
        }
        func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
            log.lines.append("willEndDragging v=\(rounded(velocity.x)),\(rounded(velocity.y)) target=\(rounded(targetContentOffset.pointee.x)),\(rounded(targetContentOffset.pointee.y))")
            if let newTarget { targetContentOffset.pointee = newTarget }
        }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            log.lines.append("didEndDragging decelerate=\(decelerate) dragging=\(scrollView.isDragging) tracking=\(scrollView.isTracking)")
        }
        func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {
            log.lines.append("willBeginDecelerating")
        }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
            log.lines.append("didEndScrollingAnimation \(rounded(scrollView.contentOffset.x)),\(rounded(scrollView.contentOffset.y))")
        }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
            log.lines.append("didEndDecelerating \(rounded(scrollView.contentOffset.x)),\(rounded(scrollView.contentOffset.y)) decelerating=\(scrollView.isDecelerating)")
        }
    }

    /// A screen with a 300 × 400 scroll view at the top left (content 300 × 2000 unless told),
    /// and a plain view at (300, 500) beside it where a second finger can rest (so that the
    /// trace goes on while the content decelerates).
    final class ListController: UIViewController {
        let scroll: UIScrollView
        let noting: NotingDelegate
        let configure: (UIScrollView) -> Void
        /// An object the screen keeps (a recognizer's delegate, held weakly by the recognizer).
        var kept: AnyObject?
        init(log: Log, scroll: UIScrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400)),
             configure: @escaping (UIScrollView) -> Void = { _ in }) {
            self.scroll = scroll
            noting = NotingDelegate(log: log)
            self.configure = configure
            super.init()
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            scroll.accessibilityIdentifier = "list"
            scroll.contentSize = CGSize(width: 300, height: 2000)
            scroll.delegate = noting
            configure(scroll)
            view.addSubview(scroll)
            let rest = UIView(frame: CGRect(x: 300, y: 500, width: 90, height: 300))
            rest.accessibilityIdentifier = "rest"
            view.addSubview(rest)
        }
    }

    typealias Events = [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])]

    /// Replays `events` through the screen `make` builds; returns the transcript's lines.
    func run(_ events: Events, _ make: @escaping @Sendable () -> UIViewController) throws -> [String] {
        var registry = Registry.standard
        try registry.register(.uiKit("scroll-screen", controller: make))
        let scene = try parseScene(#"{"screen": "scroll-screen"}"#, version: 2, registry: registry)
        return try transcriptText(traceJSON(events, version: 2), scene)
    }

    /// A finger at (150, 300) moves up 50 points at 0.02 — past the pan's 10 points, so the
    /// pan begins — then 70 more at 0.04 (120 in all), and lifts at 0.12 without moving again:
    /// it rested 80 ms (> 40), so the velocity is zero and nothing decelerates. The offset is
    /// the offset at touch-down (0) less the translation: 0 − (−50) = 50, then 120.
    @Test func aDragOf120PointsMovesTheContent120Points() throws {
        let log = Log()
        let lines = try run([(0, [(1, "began", 150, 300)]), (0.02, [(1, "moved", 150, 250)]),
                             (0.04, [(1, "moved", 150, 180)]), (0.12, [(1, "ended", 150, 180)])]) { ListController(log: log) }
        #expect(log.lines == ["willBeginDragging dragging=true tracking=true", "didScroll 0.0,50.0", "didScroll 0.0,120.0",
                              "willEndDragging v=0.0,0.0 target=0.0,120.0",
                              "didEndDragging decelerate=false dragging=false tracking=false"], "\(log.lines)")
        #expect(lines.contains("0.0200 list.scrollViewPan state from=possible to=began translation=0.0000,-50.0000 velocity=0.0000,-2500.0000 touches=1"), "\(lines)")
        #expect(lines.contains("0.0400 list.view viewChanged bounds=0.0000,120.0000,300.0000,400.0000"), "\(lines)")
    }


    /// The same finger pulling down 50 points at the top: 50 points past the edge of a view
    /// 400 points tall, so the content moves by the rubber band, (1 − 1/(50·0.55/400 + 1))·400 =
    /// (1 − 1/1.06875)·400 = 25.730994…: the offset is −25.731. The finger rests 80 ms and lifts
    /// (velocity zero): the target is the edge, 0, and the content goes back at the rate 0.99
    /// (it was beyond the edge): after n ms it is at −25.731·0.99ⁿ, which is below half a point
    /// once 0.99ⁿ < 0.5/25.731, n > ln(0.019432)/ln(0.99) = 392.1 ms: at the 24th frame
    /// (24/60 s = 400 ms > 392.1 > 23/60 s = 383 ms), at 0.1 + 0.4 = 0.5, it is set to 0. The
    /// first frame (1/60 s later) is at −25.731·0.99^16.667 = −25.731·0.845773 = −21.763. A second finger rests
    /// beside the scroll view until 1.0, so the frames run.
    @Test func pullingPastTheEdgeRubberBandsAndSpringsBack() throws {
        #expect(abs(UIScrollView.rubberBand(50, dimension: 400) - 25.730994152046) < 1e-9)
        #expect(abs(UIScrollView.rubberBand(-50, dimension: 400) + 25.730994152046) < 1e-9)
        let log = Log()
        let lines = try run([(0, [(1, "began", 150, 100)]), (0.02, [(1, "moved", 150, 150)]), (0.05, [(2, "began", 340, 600)]),
                             (0.1, [(1, "ended", 150, 150)]), (1.0, [(2, "ended", 340, 600)])]) { ListController(log: log) }
        #expect(Array(log.lines.prefix(6)) == ["willBeginDragging dragging=true tracking=true", "didScroll 0.0,-25.731",
                                               "willEndDragging v=0.0,0.0 target=0.0,0.0",
                                               "didEndDragging decelerate=true dragging=false tracking=false",
                                               "willBeginDecelerating", "didScroll 0.0,-21.763"], "\(log.lines)")
        #expect(log.lines.filter { $0.hasPrefix("didScroll") }.count == 1 + 24, "\(log.lines)")
        #expect(log.lines.suffix(2) == ["didScroll 0.0,0.0", "didEndDecelerating 0.0,0.0 decelerating=false"], "\(log.lines)")
        #expect(lines.contains("0.5000 list.view viewChanged bounds=0.0000,0.0000,300.0000,400.0000"), "\(lines)")
    }

    /// A table bounces vertically even with no content (UITableView's `alwaysBounceVertical`
    /// starts true): the pull of the test above, on an empty 300 × 400 table, gives the same
    /// rubber band, −25.731. A scroll view or a collection view with no content does not scroll.
    @Test func anEmptyTableBouncesWhereAnEmptyScrollViewDoesNot() throws {
        #expect(UITableView(frame: .zero).alwaysBounceVertical && !UITableView(frame: .zero).alwaysBounceHorizontal)
        #expect(!UIScrollView(frame: .zero).alwaysBounceVertical)
        let pull: Events = [(0, [(1, "began", 150, 100)]), (0.02, [(1, "moved", 150, 150)]), (0.1, [(1, "ended", 150, 150)])]
        let table = Log()
        _ = try run(pull) {
            ListController(log: table, scroll: UITableView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))) { $0.contentSize = .zero }
        }
        #expect(table.lines.prefix(2) == ["willBeginDragging dragging=true tracking=true", "didScroll 0.0,-25.731"], "\(table.lines)")
        let plain = Log()
        _ = try run(pull) { ListController(log: plain) { $0.contentSize = .zero } }
        #expect(!plain.lines.contains { $0.hasPrefix("didScroll") }, "\(plain.lines)")
    }

    /// With `bounces` false the same pull keeps the content at the edge: −50 is held at 0, the
    /// offset never changes (no `scrollViewDidScroll`), and nothing decelerates.
    @Test func withoutBouncingTheContentStopsAtTheEdge() throws {
        let log = Log()
        _ = try run([(0, [(1, "began", 150, 100)]), (0.02, [(1, "moved", 150, 150)]), (0.1, [(1, "ended", 150, 150)])]) {
            ListController(log: log) { $0.bounces = false }
        }
        #expect(log.lines == ["willBeginDragging dragging=true tracking=true", "willEndDragging v=0.0,0.0 target=0.0,0.0",
                              "didEndDragging decelerate=false dragging=false tracking=false"], "\(log.lines)")
    }

    /// A flick up: 20 points every 10 ms from y 380 to 300 at 0.04, lifting at 0.05 (the pan's
    /// translation is that of its last move, −80). The pan's velocity is 2000 points per second
    /// upward: the content's is +2.0 points per millisecond (the offset grows). The offset at the
    /// lift is 80; the rest point is 80 + 2·0.998/0.002 = 80 + 998 = 1078 (within 0…1600). The
    /// first frame, 1/60 s after the lift, is at 80 + 998·(1 − 0.998^16.667) = 80 + 998·0.032816
    /// = 112.751; the content is within half a point of 1078 once 998·0.998ⁿ < 0.5, n >
    /// ln(0.000501)/ln(0.998) = 3795.6 ms: at the 228th frame (227.7 frames of 1/60 s), 3.8 s
    /// after the lift (the second finger rests until 5.0, so the frames run). The delegate hears:
    /// the drag's beginning, 4 moves, the lift's 3 calls, 228 frames, the end.
    @Test func aFlickDeceleratesToTheProjectedRestPoint() throws {
        let log = Log()
        _ = try run(Self.flickUp) { ListController(log: log) }
        var expected = ["willBeginDragging dragging=true tracking=true"]
        for offset in ["20.0", "40.0", "60.0", "80.0"] { expected.append("didScroll 0.0,\(offset)") }
        expected += ["willEndDragging v=0.0,2.0 target=0.0,1078.0", "didEndDragging decelerate=true dragging=false tracking=false",
                     "willBeginDecelerating", "didScroll 0.0,112.751"]
        #expect(Array(log.lines.prefix(9)) == expected, "\(log.lines.prefix(12))")
        #expect(Array(log.lines.suffix(2)) == ["didScroll 0.0,1078.0", "didEndDecelerating 0.0,1078.0 decelerating=false"], "\(log.lines.suffix(3))")
        #expect(log.lines.count == 1 + 4 + 3 + 228 + 1, "\(log.lines.count)")
    }

    /// The flick of `aFlickDeceleratesToTheProjectedRestPoint`, with a second finger resting
    /// beside the scroll view from 0.06 to 5.0.
    static let flickUp: Events = [(0, [(1, "began", 150, 380)]), (0.01, [(1, "moved", 150, 360)]), (0.02, [(1, "moved", 150, 340)]),
                                  (0.03, [(1, "moved", 150, 320)]), (0.04, [(1, "moved", 150, 300)]), (0.05, [(1, "ended", 150, 280)]),
                                  (0.06, [(2, "began", 340, 600)]), (5.0, [(2, "ended", 340, 600)])]

    /// The delegate moves the target to 500 at the lift: the content comes to rest there.
    @Test func theDelegateMayMoveTheTarget() throws {
        let log = Log()
        _ = try run(Self.flickUp) {
            let controller = ListController(log: log)
            controller.noting.newTarget = CGPoint(x: 0, y: 500)
            return controller
        }
        #expect(log.lines.contains("willEndDragging v=0.0,2.0 target=0.0,1078.0"))
        #expect(log.lines.last == "didEndDecelerating 0.0,500.0 decelerating=false", "\(log.lines.suffix(3))")
    }

    /// A touch on the scroll view while it decelerates stops it where it is: frames stop, no
    /// `scrollViewDidEndDecelerating` (UIKit calls it only when the content comes to rest by
    /// itself); the touch that stopped it lifts without dragging.
    @Test func aTouchStopsTheDeceleration() throws {
        let log = Log()
        var events = Self.flickUp
        events.insert((0.3, [(3, "began", 150, 200)]), at: 7)
        events.insert((0.35, [(3, "ended", 150, 200)]), at: 8)
        _ = try run(events) { ListController(log: log) }
        let scrolls = log.lines.filter { $0.hasPrefix("didScroll") }
        // 4 moves of the drag, then frames at 0.05 + k/60 up to 0.3: k = 1 … 15 (15/60 = 0.25).
        #expect(scrolls.count == 4 + 15, "\(log.lines)")
        #expect(!log.lines.contains { $0.hasPrefix("didEndDecelerating") }, "\(log.lines)")
    }

    /// Paging, 300 points a page, content three pages wide: a flick left (2 points per ms) from
    /// page 0, lifting at offset 80, projects 80 + 998 = 1078, nearest page 4 (1078/300 =
    /// 3.59), held to one page from the start: page 1, offset 300. A slow drag of 100 that rests
    /// before the lift projects 100, nearest page 0: back to 0.
    @Test func pagingSettlesOnThePageBoundary() throws {
        let log = Log()
        let flick: Events = [(0, [(1, "began", 250, 200)]), (0.01, [(1, "moved", 230, 200)]), (0.02, [(1, "moved", 210, 200)]),
                             (0.03, [(1, "moved", 190, 200)]), (0.04, [(1, "moved", 170, 200)]), (0.05, [(1, "ended", 150, 200)]),
                             (0.06, [(2, "began", 340, 600)]), (2.0, [(2, "ended", 340, 600)])]
        let paging: @Sendable (UIScrollView) -> Void = { scroll in
            scroll.contentSize = CGSize(width: 900, height: 400)
            scroll.isPagingEnabled = true
        }
        _ = try run(flick) { ListController(log: log, configure: paging) }
        #expect(log.lines.contains("willEndDragging v=2.0,0.0 target=300.0,0.0"), "\(log.lines)")
        #expect(log.lines.last == "didEndDecelerating 300.0,0.0 decelerating=false", "\(log.lines.suffix(3))")
        log.lines = []
        let slow: Events = [(0, [(1, "began", 250, 200)]), (0.02, [(1, "moved", 150, 200)]), (0.2, [(1, "ended", 150, 200)]),
                            (0.3, [(2, "began", 340, 600)]), (2.0, [(2, "ended", 340, 600)])]
        _ = try run(slow) { ListController(log: log, configure: paging) }
        #expect(log.lines.contains("willEndDragging v=0.0,0.0 target=0.0,0.0"), "\(log.lines)")
        #expect(log.lines.last == "didEndDecelerating 0.0,0.0 decelerating=false", "\(log.lines.suffix(3))")
    }

    /// Code that sets the offset calls `scrollViewDidScroll` once per change, as UIKit does;
    /// setting the same offset again is no change.
    @Test func aChangeByCodeCallsDidScroll() {
        let log = Log()
        let delegate = NotingDelegate(log: log)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        scroll.delegate = delegate
        scroll.contentOffset = CGPoint(x: 0, y: 120)
        scroll.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        scroll.contentOffset = CGPoint(x: 0, y: 300)
        #expect(log.lines == ["didScroll 0.0,120.0", "didScroll 0.0,300.0"])
        // The pan is the scroll view's from `init`, and there is no pinch without zooming.
        #expect(scroll.gestureRecognizers?.first === scroll.panGestureRecognizer && scroll.pinchGestureRecognizer == nil)
        #expect(!scroll.isDragging && !scroll.isTracking && !scroll.isDecelerating)
    }

    /// `isScrollEnabled` false disables the pan: the drag of the first test moves nothing and
    /// the scroll view's pan writes no record.
    @Test func scrollingCanBeTurnedOff() throws {
        let log = Log()
        let lines = try run([(0, [(1, "began", 150, 300)]), (0.02, [(1, "moved", 150, 250)]), (0.12, [(1, "ended", 150, 250)])]) {
            ListController(log: log) { $0.isScrollEnabled = false }
        }
        #expect(log.lines.isEmpty && lines.isEmpty, "\(log.lines) \(lines)")
    }

    /// With the directional lock, a drag that first moves more sideways (30 left, 10 up at the
    /// pan's beginning) scrolls only sideways: at (100, 250) the offset is (50, 0). Without it,
    /// (50, 50).
    @Test func theDirectionalLockKeepsTheFirstAxis() throws {
        for (lock, expected) in [(true, "didScroll 50.0,0.0"), (false, "didScroll 50.0,50.0")] {
            let log = Log()
            _ = try run([(0, [(1, "began", 150, 300)]), (0.02, [(1, "moved", 120, 290)]), (0.04, [(1, "moved", 100, 250)]),
                         (0.2, [(1, "ended", 100, 250)])]) {
                ListController(log: log) {
                    $0.contentSize = CGSize(width: 900, height: 2000)
                    $0.isDirectionalLockEnabled = lock
                }
            }
            #expect(log.lines.filter { $0.hasPrefix("didScroll") }.last == expected, "\(log.lines)")
        }
    }

    /// A view of the content that notes its touches.
    final class NotingView: UIView {
        var log: Log?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", event) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("cancelled", event) }
        private func note(_ what: String, _ event: UIEvent?) { log?.lines.append("content \(what) \(event?.timestamp ?? -1)") }
    }

    /// A scroll view that keeps every touch of its content (`touchesShouldCancel` false).
    final class KeepingScrollView: UIScrollView {
        override func touchesShouldCancel(in view: UIView) -> Bool { false }
    }

    /// A finger rests on the content 0.2 s before dragging: the scroll view's hold of the touch
    /// ends at 0.15 and the content's view gets `touchesBegan` then; when the pan begins (0.2),
    /// the touch is cancelled for it (as the pan wins, in the event's delivery; the scroll view's
    /// handling runs after the event, as actions do). A scroll view whose
    /// `touchesShouldCancel(in:)` says false, or with `canCancelContentTouches` false, does not
    /// scroll: its pan fails and the content keeps the touch to its end.
    @Test func theDragCancelsTheContentsTouchesUnlessTheScrollViewKeepsThem() throws {
        let drag: Events = [(0, [(1, "began", 150, 300)]), (0.2, [(1, "moved", 150, 250)]), (0.22, [(1, "moved", 150, 230)]),
                            (0.3, [(1, "ended", 150, 230)])]
        let cases: [(String, @Sendable (Log) -> UIViewController, [String])] = [
            ("default", { log in ListController(log: log) { Self.addContent($0, log) } },
             ["content began 0.15", "content cancelled 0.2", "willBeginDragging dragging=true tracking=true", "didScroll 0.0,50.0", "didScroll 0.0,70.0",
              "willEndDragging v=0.0,0.0 target=0.0,70.0", "didEndDragging decelerate=false dragging=false tracking=false"]),
            ("touchesShouldCancel", { log in
                ListController(log: log, scroll: KeepingScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))) { Self.addContent($0, log) }
            }, ["content began 0.15", "content moved 0.2", "content moved 0.22", "content ended 0.3"]),
            ("canCancelContentTouches", { log in
                ListController(log: log) { scroll in
                    scroll.canCancelContentTouches = false
                    Self.addContent(scroll, log)
                }
            }, ["content began 0.15", "content moved 0.2", "content moved 0.22", "content ended 0.3"]),
        ]
        for (name, make, expected) in cases {
            let log = Log()
            let lines = try run(drag) { make(log) }
            #expect(log.lines == expected, "\(name): \(log.lines)")
            if name != "default" {
                #expect(lines.contains("0.2000 list.scrollViewPan state from=possible to=failed reason=\"delegate refused to begin\""), "\(lines)")
            }
        }
    }

    /// `delaysContentTouches`: a quick drag (the pan begins at 0.02, before 0.15) never reaches
    /// the content, even a view that would keep its touches (`touchesShouldCancel` is not asked
    /// for a touch the content does not have); a tap that lifts at 0.1 reaches it at the lift,
    /// `touchesBegan` then `touchesEnded`; with `delaysContentTouches` false the content gets the
    /// touch at once, and the quick drag cancels it.
    @Test func theContentsTouchesWaitUntilTheScrollViewCanTell() throws {
        let quick: Events = [(0, [(1, "began", 150, 300)]), (0.02, [(1, "moved", 150, 250)]), (0.1, [(1, "ended", 150, 250)])]
        let tap: Events = [(0, [(1, "began", 150, 300)]), (0.1, [(1, "ended", 150, 300)])]
        let keeping = Log()
        _ = try run(quick) {
            ListController(log: keeping, scroll: KeepingScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))) { Self.addContent($0, keeping) }
        }
        #expect(keeping.lines.first == "willBeginDragging dragging=true tracking=true" && !keeping.lines.contains { $0.hasPrefix("content") },
                "\(keeping.lines)")
        let tapped = Log()
        _ = try run(tap) { ListController(log: tapped) { Self.addContent($0, tapped) } }
        #expect(tapped.lines == ["content began 0.1", "content ended 0.1"], "\(tapped.lines)")
        let atOnce = Log()
        _ = try run(quick) {
            ListController(log: atOnce) { scroll in
                scroll.delaysContentTouches = false
                Self.addContent(scroll, atOnce)
            }
        }
        #expect(Array(atOnce.lines.prefix(3)) == ["content began 0.0", "content cancelled 0.02", "willBeginDragging dragging=true tracking=true"],
                "\(atOnce.lines)")
    }

    static func addContent(_ scroll: UIScrollView, _ log: Log) {
        let content = NotingView(frame: CGRect(x: 0, y: 0, width: 300, height: 2000))
        content.accessibilityIdentifier = "content"
        content.log = log
        scroll.addSubview(content)
    }

    /// A list row with a sideways pan, as apps write swipe-to-delete: the row's view lets its
    /// pan begin only when the finger moves more sideways than up or down (its velocity).
    final class SwipeRow: UIView {
        override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return true }
            let velocity = pan.velocity(in: self)
            return abs(velocity.x) > abs(velocity.y)
        }
    }

    /// A vertical list with a row (y 200…280) that has a sideways pan. A swipe left on the row
    /// begins the row's pan (it gets the touches first, as the hit view's; SPEC 13.1) and the
    /// list's pan fails (prevented, and it would not begin sideways anyway): nothing scrolls.
    /// A drag up on the row: the row refuses, the list's pan begins and scrolls 60 points.
    @Test func aSidewaysPanInAVerticalListDecidesAsOnADevice() throws {
        let make: @Sendable (Log) -> UIViewController = { log in
            ListController(log: log) { scroll in
                let row = SwipeRow(frame: CGRect(x: 0, y: 200, width: 300, height: 80))
                row.accessibilityIdentifier = "row"
                let swipe = UIPanGestureRecognizer()
                swipe.name = "swipe"
                row.addGestureRecognizer(swipe)
                scroll.addSubview(row)
            }
        }
        let sideways = Log()
        let swipeLines = try run([(0, [(1, "began", 200, 240)]), (0.02, [(1, "moved", 140, 244)]), (0.1, [(1, "ended", 100, 244)])]) { make(sideways) }
        #expect(swipeLines.contains { $0.hasPrefix("0.0200 row.swipe state from=possible to=began") }, "\(swipeLines)")
        #expect(swipeLines.contains { $0.hasPrefix("0.0200 list.scrollViewPan state from=possible to=failed") }, "\(swipeLines)")
        #expect(sideways.lines.isEmpty, "\(sideways.lines)")
        let upward = Log()
        let dragLines = try run([(0, [(1, "began", 150, 240)]), (0.02, [(1, "moved", 152, 180)]), (0.1, [(1, "ended", 152, 180)])]) { make(upward) }
        #expect(dragLines.contains("0.0200 row.swipe state from=possible to=failed reason=\"delegate refused to begin\""), "\(dragLines)")
        #expect(dragLines.contains { $0.hasPrefix("0.0200 list.scrollViewPan state from=possible to=began") }, "\(dragLines)")
        #expect(upward.lines.contains("didScroll 0.0,60.0"), "\(upward.lines)")
    }

    /// A scroll view that begins only for sideways drags, as a page menu's does (its own
    /// `gestureRecognizerShouldBegin(_:)`, deciding from the pan's velocity).
    final class SidewaysScrollView: UIScrollView {
        override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            if let pan = gestureRecognizer as? UIPanGestureRecognizer {
                let velocity = pan.velocity(in: self)
                if abs(velocity.y) * 2 < abs(velocity.x) { return true }
            }
            return false
        }
    }

    /// A drag up on it: the subclass refuses, the pan fails with the delegate's reason, nothing
    /// scrolls (though the content is taller than the view). A drag left scrolls by 50.
    @Test func aScrollViewSubclassMayRefuseToBegin() throws {
        let make: @Sendable (Log) -> UIViewController = { log in
            ListController(log: log, scroll: SidewaysScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))) {
                $0.contentSize = CGSize(width: 900, height: 2000)
            }
        }
        let up = Log()
        let lines = try run([(0, [(1, "began", 150, 300)]), (0.02, [(1, "moved", 150, 250)]), (0.1, [(1, "ended", 150, 250)])]) { make(up) }
        #expect(lines.contains("0.0200 list.scrollViewPan state from=possible to=failed reason=\"delegate refused to begin\""), "\(lines)")
        #expect(up.lines.isEmpty, "\(up.lines)")
        let left = Log()
        _ = try run([(0, [(1, "began", 150, 300)]), (0.02, [(1, "moved", 100, 300)]), (0.1, [(1, "ended", 100, 300)])]) { make(left) }
        #expect(left.lines.contains("didScroll 50.0,0.0"), "\(left.lines)")
    }

    /// A delegate that lets a card's pan and the scroll view's go on together.
    final class Together: UIGestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            true
        }
    }

    /// A card in the content with its own pan. A drag up on it: the card's pan gets the touches
    /// first and begins; the scroll view's pan is then prevented and nothing scrolls. With a
    /// delegate on the card's pan that allows both together, both begin and the content moves.
    @Test func theScrollViewsPanAndAUsersPanMayGoOnTogether() throws {
        for together in [false, true] {
            let log = Log()
            let lines = try run([(0, [(1, "began", 150, 300)]), (0.02, [(1, "moved", 150, 250)]), (0.1, [(1, "ended", 150, 250)])]) {
                let pan = UIPanGestureRecognizer()
                pan.name = "drag"
                let both = Together()
                if together { pan.delegate = both }
                let controller = ListController(log: log) { scroll in
                    let card = UIView(frame: CGRect(x: 0, y: 200, width: 300, height: 200))
                    card.accessibilityIdentifier = "card"
                    card.addGestureRecognizer(pan)
                    scroll.addSubview(card)
                }
                controller.kept = both
                return controller
            }
            #expect(lines.contains { $0.hasPrefix("0.0200 card.drag state from=possible to=began") }, "\(lines)")
            let scrollPan = lines.first { $0.hasPrefix("0.0200 list.scrollViewPan state") } ?? ""
            #expect(scrollPan.contains(together ? "to=began" : "to=failed"), "\(lines)")
            #expect(log.lines.contains("didScroll 0.0,50.0") == together, "\(log.lines)")
        }
    }

    /// A tap beside the list (lifting at 0.15) scrolls it to 300 by code, animated: the content
    /// moves once a frame for 0.3 s, 18 frames of 1/60 s, along 3p² − 2p³: the first frame
    /// (p = 1/18) at 300·(3/324 − 2/5832) = 300·0.0089163 = 2.675, the ninth (p = 1/2) at 150,
    /// the 18th at 300; then `scrollViewDidEndScrollingAnimation`. Outside a replay the
    /// animated change is made at once.
    @Test func anAnimatedChangeByCodeMovesOnTheFrames() throws {
        let log = Log()
        _ = try run([(0.1, [(1, "began", 340, 600)]), (0.15, [(1, "ended", 340, 600)]), (0.2, [(2, "began", 340, 700)]),
                     (1.0, [(2, "ended", 340, 700)])]) {
            let tap = UITapGestureRecognizer()
            let controller = ListController(log: log)
            tap.addTarget { [weak controller] _ in controller?.scroll.setContentOffset(CGPoint(x: 0, y: 300), animated: true) }
            controller.loadViewIfNeeded()
            controller.view.subviews.last?.addGestureRecognizer(tap)
            return controller
        }
        let scrolls = log.lines.filter { $0.hasPrefix("didScroll") }
        #expect(scrolls.count == 18 && scrolls.first == "didScroll 0.0,2.675" && scrolls[8] == "didScroll 0.0,150.0", "\(log.lines)")
        #expect(log.lines.suffix(2) == ["didScroll 0.0,300.0", "didEndScrollingAnimation 0.0,300.0"], "\(log.lines)")
        let alone = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        alone.setContentOffset(CGPoint(x: 0, y: 80), animated: true)
        #expect(alone.contentOffset == CGPoint(x: 0, y: 80))
    }

    /// A photo (300 × 400, the scroll view's size) zoomed by two fingers spreading from 100 to
    /// 200 points apart about (150, 200): the zoom is 1 × 200/100 = 2 at the last move, the
    /// photo is scaled by 2 (content 600 × 800), and the content point under the midpoint stays
    /// under it: (150, 200) at zoom 1 is (300, 400) at zoom 2, so the offset is (300 − 150,
    /// 400 − 200) = (150, 200). The midpoint does not move: the pan never begins. The delegate
    /// hears the zoom once its offset is set (`didScroll` first), so `scrollViewDidZoom(_:)`
    /// reads the zoom's offset, as on a device.
    @Test func thePinchZoomsTheViewForZoomingAboutTheFingers() throws {
        let log = Log()
        let lines = try run([(0, [(1, "began", 100, 200), (2, "began", 200, 200)]),
                             (0.02, [(1, "moved", 90, 200), (2, "moved", 210, 200)]),
                             (0.04, [(1, "moved", 75, 200), (2, "moved", 225, 200)]),
                             (0.06, [(1, "moved", 50, 200), (2, "moved", 250, 200)]),
                             (0.1, [(1, "ended", 50, 200), (2, "ended", 250, 200)])]) {
            let controller = ListController(log: log) { scroll in
                scroll.contentSize = CGSize(width: 300, height: 400)
                scroll.minimumZoomScale = 1
                scroll.maximumZoomScale = 4
                let photo = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
                photo.accessibilityIdentifier = "photo"
                scroll.addSubview(photo)
            }
            controller.loadViewIfNeeded()
            controller.noting.zoomView = controller.scroll.subviews.first
            return controller
        }
        #expect(log.lines.first == "willBeginZooming zooming=true", "\(log.lines)")
        #expect(log.lines.suffix(3) == ["didScroll 150.0,200.0", "didZoom 2.0", "didEndZooming 2.0 zooming=false"], "\(log.lines)")
        #expect(lines.contains { $0.contains("list.scrollViewPinch state from=possible to=began") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("0.0600 photo.view viewChanged") && $0.contains("transform=2.0000,0.0000,0.0000,2.0000,0.0000,0.0000") }, "\(lines)")
        #expect(!lines.contains { $0.contains("list.scrollViewPan state from=possible to=began") }, "\(lines)")
    }

    /// Two fingers spreading from 100 to 400 points apart (a scale of 4) on a photo whose zoom
    /// may go to 2: the zoom is 1.2, 1.5, then held at 2 (not 4) during the pinch and after it,
    /// with `bouncesZoom` true (UIKit's default, whose overshoot past the limit is not
    /// documented in size) or false (UIKit stops at the limit); `isZoomBouncing` stays false.
    @Test func aPinchPastTheMaximumIsHeldThereWithOrWithoutBouncesZoom() throws {
        for bounces in [true, false] {
            let log = Log()
            _ = try run([(0, [(1, "began", 100, 200), (2, "began", 200, 200)]),
                         (0.02, [(1, "moved", 90, 200), (2, "moved", 210, 200)]),
                         (0.04, [(1, "moved", 75, 200), (2, "moved", 225, 200)]),
                         (0.06, [(1, "moved", 0, 200), (2, "moved", 300, 200)]),
                         (0.08, [(1, "moved", -50, 200), (2, "moved", 350, 200)]),
                         (0.1, [(1, "ended", -50, 200), (2, "ended", 350, 200)])]) {
                let controller = ListController(log: log) { scroll in
                    scroll.contentSize = CGSize(width: 300, height: 400)
                    scroll.maximumZoomScale = 2
                    scroll.bouncesZoom = bounces
                    let photo = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
                    scroll.addSubview(photo)
                }
                controller.loadViewIfNeeded()
                controller.noting.zoomView = controller.scroll.subviews.first
                #expect(controller.scroll.bouncesZoom == bounces && !controller.scroll.isZoomBouncing)
                return controller
            }
            let zooms = log.lines.filter { $0.hasPrefix("didZoom") || $0.hasPrefix("didEndZooming") }
            #expect(zooms == ["didZoom 1.2", "didZoom 1.5", "didZoom 2.0", "didEndZooming 2.0 zooming=false"], "\(bounces) \(log.lines)")
        }
    }

    /// The trace cancels the finger during a drag: the pan is cancelled and the drag ends as a
    /// lift that stopped (velocity zero, the target where the content is, no deceleration).
    @Test func aCancelledTouchEndsTheDrag() throws {
        let log = Log()
        _ = try run([(0, [(1, "began", 150, 300)]), (0.02, [(1, "moved", 150, 250)]), (0.04, [(1, "cancelled", 150, 240)])]) { ListController(log: log) }
        #expect(log.lines == ["willBeginDragging dragging=true tracking=true", "didScroll 0.0,50.0", "willEndDragging v=0.0,0.0 target=0.0,50.0",
                              "didEndDragging decelerate=false dragging=false tracking=false"], "\(log.lines)")
    }

    /// A delegate that keeps the content at the top and turns a pull down into a move of a card,
    /// as pull-to-dismiss screens do in `scrollViewDidScroll`.
    final class PullToDismiss: UIScrollViewDelegate {
        let log: Log
        init(log: Log) { self.log = log }
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            guard scrollView.contentOffset.y < 0 else { return }
            log.lines.append("pulled \(rounded(-scrollView.contentOffset.y))")
            scrollView.contentOffset.y = 0
        }
    }

    /// A pull down of 30 points at 0.02, then 30 more at 0.04. The first is 30 past the top:
    /// the rubber band gives (1 − 1/(30·0.55/400 + 1))·400 = 400·0.04125/1.04125 = 15.846, and
    /// the delegate puts the content back at 0. Code moved the content, so the drag goes on from
    /// there: the next 30 points are again 30 past the top, 15.846 again.
    @Test func codeThatMovesTheContentDuringADragIsFollowed() throws {
        let log = Log()
        _ = try run([(0, [(1, "began", 150, 100)]), (0.02, [(1, "moved", 150, 130)]), (0.04, [(1, "moved", 150, 160)]),
                     (0.2, [(1, "ended", 150, 160)])]) {
            let controller = ListController(log: log)
            let pull = PullToDismiss(log: log)
            controller.kept = pull
            controller.loadViewIfNeeded()
            controller.scroll.delegate = pull
            return controller
        }
        #expect(log.lines == ["pulled 15.846", "pulled 15.846"], "\(log.lines)")
    }

    /// Rounds to a thousandth, for printing.
    static func rounded(_ value: CGFloat) -> Double { (Double(value) * 1000).rounded() / 1000 }
}

/// Rounds to a thousandth, for printing.
private func rounded(_ value: CGFloat) -> Double { ScrollViewTests.rounded(value) }
