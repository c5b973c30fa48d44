import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// Every event of a screen built in code goes through its window's `sendEvent(_:)`, as on a
/// device (SPEC 17): a touch visualizer sees each event first, `super` delivers it, a filter
/// that does not call `super` keeps it from every recognizer and view.
@Suite struct WindowSendEventTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// A window that logs each event it is sent (type, time, and each touch's phase, location
    /// and view's tag, in the order the touches began), draws a dot view in itself for each
    /// touch down (taken away as it lifts), and calls `super` unless `keep` says the event is to
    /// be kept from the views.
    final class VisualizerWindow: UIWindow {
        var log: Log?
        var keep: (UIEvent) -> Bool = { _ in false }
        var dots: [UITouch: UIView] = [:]

        override func sendEvent(_ event: UIEvent) {
            let touches = (event.allTouches ?? []).sorted { $0.serial < $1.serial }
            let listed = touches.map { touch in
                let p = touch.location(in: self)
                return "\(touch.phase) (\(Int(p.x)), \(Int(p.y))) view \(touch.view?.tag ?? -1)"
            }
            log?.lines.append("send \(event.type) t=\(event.timestamp): " + listed.joined(separator: ", "))
            for touch in touches where touch.phase == .began {
                // A dot under the finger, frontmost, as a visualizer draws one; it takes touches
                // (it is not told otherwise), which must not change where this event's touch went.
                let p = touch.location(in: self)
                let dot = UIView(frame: CGRect(x: p.x - 20, y: p.y - 20, width: 40, height: 40))
                dot.tag = 99
                addSubview(dot)
                dots[touch] = dot
            }
            for touch in touches where touch.phase == .ended || touch.phase == .cancelled {
                dots.removeValue(forKey: touch)?.removeFromSuperview()
            }
            if keep(event) {
                log?.lines.append("kept")
                return
            }
            super.sendEvent(event)
            log?.lines.append("sent")
        }
    }

    /// A view that logs its touches (tag 7).
    final class TouchedView: UIView {
        var log: Log?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log?.lines.append("view began") }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log?.lines.append("view moved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log?.lines.append("view ended") }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log?.lines.append("view cancelled") }
    }

    /// A window (390 × 844) with a touched view at (100, 100, 100, 100) holding `recognizer`,
    /// whose actions log its state.
    static func screen(_ log: Log, keep: @escaping (UIEvent) -> Bool = { _ in false },
                       recognizer: UIGestureRecognizer? = nil) -> VisualizerWindow {
        let window = VisualizerWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.log = log
        window.keep = keep
        let view = TouchedView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        view.tag = 7
        view.log = log
        if let recognizer {
            recognizer.addTarget { r in log.lines.append("action \(r.state)") }
            view.addGestureRecognizer(recognizer)
        }
        window.addSubview(view)
        return window
    }

    /// The transcript lines and the log of replaying `events` on the screen `make` builds.
    func run(_ events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])],
             _ make: @escaping @Sendable (Log) -> UIView) throws -> (transcript: [String], log: [String]) {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("screen") { make(log) })
        let scene = try parseScene(#"{"screen": "screen"}"#, version: 2, registry: registry)
        let transcript = try transcriptText(traceJSON(events, version: 2), scene)
        return (transcript, log.lines)
    }

    /// A drag from (150, 150) to (170, 150) in two moves, lifted.
    static let drag: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] = [
        (0, [(1, "began", 150, 150)]), (0.05, [(1, "moved", 160, 150)]), (0.1, [(1, "moved", 170, 150)]), (0.15, [(1, "ended", 170, 150)]),
    ]

    /// Every event reaches the window first, in order, with the phase of this event and the
    /// view the touch began on (the touched view, tag 7: hit-tested before `sendEvent`, and not
    /// the dot the window adds during it); `super` then gives the view its touches, before the
    /// window's code after `super` runs.
    @Test func aVisualizerSeesEveryEventInOrderBeforeTheViews() throws {
        let (_, log) = try run(Self.drag) { Self.screen($0) }
        #expect(log == [
            "send touches t=0.0: began (150, 150) view 7", "view began", "sent",
            "send touches t=0.05: moved (160, 150) view 7", "view moved", "sent",
            "send touches t=0.1: moved (170, 150) view 7", "view moved", "sent",
            "send touches t=0.15: ended (170, 150) view 7", "view ended", "sent",
        ])
    }

    /// Two fingers: the event lists every touch down, the one the event does not move
    /// `stationary`; the second finger lands on the first one's dot (tag 99, added by the window
    /// at the first finger's beginning and taking touches), so its view is the dot and the
    /// touched view gets only the first finger.
    @Test func allTouchesHoldsEveryTouchDownAndLaterHitTestsSeeTheDots() throws {
        let events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] = [
            (0, [(1, "began", 120, 120)]), (0.05, [(2, "began", 130, 130)]),
            (0.1, [(1, "moved", 125, 120)]), (0.15, [(1, "ended", 125, 120), (2, "ended", 130, 130)]),
        ]
        let (_, log) = try run(events) { Self.screen($0) }
        #expect(log == [
            "send touches t=0.0: began (120, 120) view 7", "view began", "sent",
            "send touches t=0.05: stationary (120, 120) view 7, began (130, 130) view 99", "sent",
            "send touches t=0.1: moved (125, 120) view 7, stationary (130, 130) view 99", "view moved", "sent",
            "send touches t=0.15: ended (125, 120) view 7, ended (130, 130) view 99", "view ended", "sent",
        ])
    }

    /// `super` delivers: a tap recognizer on the view recognizes, cancelling the view's touch
    /// (`cancelsTouchesInView`), and its action runs within the window's `sendEvent` of the
    /// lift (before the window's code after `super`).
    @Test func callingSuperDeliversToRecognizers() throws {
        let (transcript, log) = try run([(0, [(1, "began", 150, 150)]), (0.1, [(1, "ended", 150, 150)])]) {
            Self.screen($0, recognizer: UITapGestureRecognizer())
        }
        #expect(log == [
            "send touches t=0.0: began (150, 150) view 7", "view began", "sent",
            "send touches t=0.1: ended (150, 150) view 7", "view cancelled", "action ended", "sent",
        ])
        #expect(transcript.contains { $0.contains("tap") && $0.contains("recognized") })
    }

    /// A window that keeps every event: the pan never begins (no record of it, no action), the
    /// view hears of no touch; the window still sees every event.
    @Test func aFilterThatKeepsEveryEventLeavesThePanUnbegun() throws {
        let (transcript, log) = try run(Self.drag) { Self.screen($0, keep: { _ in true }, recognizer: UIPanGestureRecognizer()) }
        #expect(log == [
            "send touches t=0.0: began (150, 150) view 7", "kept",
            "send touches t=0.05: moved (160, 150) view 7", "kept",
            "send touches t=0.1: moved (170, 150) view 7", "kept",
            "send touches t=0.15: ended (170, 150) view 7", "kept",
        ])
        #expect(!transcript.contains { $0.contains("pan") })
        // Without the filter the same drag begins the pan (20 points > its 10-point threshold).
        let (passed, passedLog) = try run(Self.drag) { Self.screen($0, recognizer: UIPanGestureRecognizer()) }
        #expect(passed.contains { $0.contains("pan") && $0.contains("began") })
        #expect(passedLog.contains("action began"))
    }

    /// A window that keeps only the event of a touch's beginning: the touch is kept for its
    /// whole life, so the moves `super` passes on begin no pan and reach no view. A later touch
    /// whose beginning is passed on is delivered as usual.
    @Test func aTouchWhoseBeginningWasKeptIsKeptForLife() throws {
        let events = Self.drag + [
            (0.5, [(2, "began", 150, 150)]), (0.55, [(2, "moved", 165, 150)]), (0.6, [(2, "moved", 180, 150)]), (0.65, [(2, "ended", 180, 150)]),
        ]
        let (transcript, log) = try run(events) { log in
            Self.screen(log, keep: { event in event.timestamp == 0 }, recognizer: UIPanGestureRecognizer())
        }
        #expect(Array(log.prefix(8)) == [
            "send touches t=0.0: began (150, 150) view 7", "kept",
            "send touches t=0.05: moved (160, 150) view 7", "sent",
            "send touches t=0.1: moved (170, 150) view 7", "sent",
            "send touches t=0.15: ended (170, 150) view 7", "sent",
        ])
        #expect(Array(log.dropFirst(8)) == [
            "send touches t=0.5: began (150, 150) view 7", "view began", "sent",
            "send touches t=0.55: moved (165, 150) view 7", "view cancelled", "action began", "sent",
            "send touches t=0.6: moved (180, 150) view 7", "action changed", "sent",
            "send touches t=0.65: ended (180, 150) view 7", "action ended", "sent",
        ])
        // The pan's first record is at the second touch's move.
        let first = transcript.first { $0.contains("pan") }
        #expect(first?.hasPrefix("0.55") == true)
    }

    /// A window that keeps the event of a delivered touch's lift: the view and the pan never
    /// hear that it ended (no `touchesEnded`, no action `ended`); the window is sent it. The pan
    /// keeps the touch it never saw lift, as a recognizer does on a device when a window eats
    /// the lift: a second drag finds it still `changed`, with two touches (the one that lifted
    /// unseen and the new one), and its lift does not end it.
    @Test func aKeptLiftIsNeverHeardOf() throws {
        let events = Self.drag + [
            (0.5, [(2, "began", 150, 150)]), (0.55, [(2, "moved", 165, 150)]), (0.6, [(2, "moved", 180, 150)]), (0.65, [(2, "ended", 180, 150)]),
        ]
        let (transcript, log) = try run(events) { log in
            Self.screen(log, keep: { event in event.timestamp == 0.15 }, recognizer: UIPanGestureRecognizer())
        }
        #expect(log == [
            "send touches t=0.0: began (150, 150) view 7", "view began", "sent",
            "send touches t=0.05: moved (160, 150) view 7", "view cancelled", "action began", "sent",
            "send touches t=0.1: moved (170, 150) view 7", "action changed", "sent",
            "send touches t=0.15: ended (170, 150) view 7", "kept",
            // The pan has recognized, so the view never gets the second touch (cancelsTouchesInView).
            "send touches t=0.5: began (150, 150) view 7", "sent",
            "send touches t=0.55: moved (165, 150) view 7", "action changed", "sent",
            "send touches t=0.6: moved (180, 150) view 7", "action changed", "sent",
            "send touches t=0.65: ended (180, 150) view 7", "sent",
        ])
        #expect(!transcript.contains { $0.hasPrefix("0.15") || $0.hasPrefix("0.65") })
        #expect(transcript.contains { $0.hasPrefix("0.5500") && $0.contains("from=changed to=changed") && $0.hasSuffix("touches=2") })
    }

    /// The touch a window is sent at its beginning already has its view — the view the tree's
    /// hit test found (a subview of the touched view here) — and its window; its tap count counts
    /// quick taps as UIKit's does.
    @Test func aBeganTouchHasItsViewAtSendEvent() throws {
        final class Probe: UIWindow {
            var seen: [String] = []
            override func sendEvent(_ event: UIEvent) {
                for touch in event.touches(for: self) ?? [] where touch.phase == .began {
                    seen.append("\(touch.view?.tag ?? -1) \(touch.window === self) taps \(touch.tapCount)")
                }
                super.sendEvent(event)
            }
        }
        final class Box: @unchecked Sendable { var window: Probe? }
        let box = Box()
        var registry = Registry.standard
        try registry.register(.uiKit("screen") {
            let window = Probe(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let outer = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
            outer.tag = 1
            let inner = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
            inner.tag = 2
            outer.addSubview(inner)
            window.addSubview(outer)
            box.window = window
            return window
        })
        let scene = try parseScene(#"{"screen": "screen"}"#, version: 2, registry: registry)
        // (120, 120) is inside the inner view (110–140); (180, 180) only in the outer one.
        let events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] = [
            (0, [(1, "began", 120, 120)]), (0.1, [(1, "ended", 120, 120)]),
            (0.2, [(2, "began", 122, 120)]), (0.3, [(2, "ended", 122, 120)]),
            (1.0, [(3, "began", 180, 180)]), (1.1, [(3, "ended", 180, 180)]),
        ]
        _ = replay(try parseTrace(traceJSON(events, version: 2)), scene)
        #expect(box.window?.seen == ["2 true taps 1", "2 true taps 2", "1 true taps 1"])
    }

    /// The same trace through a visualizer and a tap gives the same bytes and the same log in
    /// two runs.
    @Test func theSameBytesOverTwoRuns() throws {
        let events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] = [
            (0, [(1, "began", 150, 150), (2, "began", 160, 160)]), (0.05, [(1, "moved", 152, 150), (2, "moved", 161, 160)]),
            (0.1, [(1, "ended", 152, 150), (2, "ended", 161, 160)]), (0.3, [(3, "began", 150, 150)]), (0.4, [(3, "ended", 150, 150)]),
        ]
        let make: @Sendable (Log) -> UIView = { Self.screen($0, keep: { $0.timestamp == 0.05 }, recognizer: UITapGestureRecognizer()) }
        let first = try run(events, make)
        let second = try run(events, make)
        #expect(first.transcript == second.transcript)
        #expect(first.log == second.log)
        // By hand: the two-finger began (send, view began, sent), the kept move (send, kept),
        // the lift (send, view ended, sent: the one-finger tap failed with two fingers), then the
        // tap (send, view began, sent; send, view cancelled, action ended, sent): 15 lines.
        #expect(first.log.count == 15)
        #expect(first.transcript.contains { $0.contains("tap") && $0.contains("recognized") })
    }

    /// An application subclass, as an idle timer's: it logs every event it is sent, then hands
    /// it on (or keeps it when `keeps`); a class-level log, since touchtrace makes the object.
    final class IdleApplication: UIApplication {
        nonisolated(unsafe) static var log: Log?
        nonisolated(unsafe) static var keeps = false
        override func sendEvent(_ event: UIEvent) {
            IdleApplication.log?.lines.append("app t=\(event.timestamp) shared=\(UIApplication.shared === self)")
            if IdleApplication.keeps { return }
            super.sendEvent(event)
        }
    }
}

/// The application a screen's registration names gets every event before the window, and is
/// `UIApplication.shared` in the replay; one that does not call `super` keeps the event from
/// the window too. (Serialized: the subclass logs through class-level values.)
@Suite(.serialized) struct ApplicationSendEventTests {
    typealias Log = WindowSendEventTests.Log

    func run(keeps: Bool) throws -> (transcript: [String], log: [String]) {
        let log = Log()
        WindowSendEventTests.IdleApplication.log = log
        WindowSendEventTests.IdleApplication.keeps = keeps
        defer { WindowSendEventTests.IdleApplication.log = nil }
        var registry = Registry.standard
        try registry.register(.uiKit("screen", application: WindowSendEventTests.IdleApplication.self) {
            let window = WindowSendEventTests.screen(log, recognizer: UITapGestureRecognizer())
            // The tap's action asks for the application: the replay's.
            window.subviews[0].gestureRecognizers?[0].addTarget { _ in
                log.lines.append("action app is idle: \(UIApplication.shared is WindowSendEventTests.IdleApplication)")
            }
            return window
        })
        let scene = try parseScene(#"{"screen": "screen"}"#, version: 2, registry: registry)
        let transcript = try transcriptText(traceJSON([(0, [(1, "began", 150, 150)]), (0.1, [(1, "ended", 150, 150)])], version: 2), scene)
        return (transcript, log.lines)
    }

    @Test func theNamedApplicationSeesEveryEventFirst() throws {
        let (transcript, log) = try run(keeps: false)
        #expect(log == [
            "app t=0.0 shared=true", "send touches t=0.0: began (150, 150) view 7", "view began", "sent",
            "app t=0.1 shared=true", "send touches t=0.1: ended (150, 150) view 7", "view cancelled",
            "action ended", "action app is idle: true", "sent",
        ])
        #expect(transcript.contains { $0.contains("tap") && $0.contains("recognized") })
    }

    @Test func anApplicationThatKeepsEventsKeepsThemFromTheWindow() throws {
        let (transcript, log) = try run(keeps: true)
        #expect(log == ["app t=0.0 shared=true", "app t=0.1 shared=true"])
        #expect(!transcript.contains { $0.contains("tap") })
    }

    /// Outside a replay `shared` is a plain application, as before.
    @Test func outsideAReplaySharedIsAPlainApplication() {
        #expect(!(UIApplication.shared is WindowSendEventTests.IdleApplication))
        #expect(UIApplication.shared.applicationState == .active)
    }
}

extension WindowSendEventTests {
    /// A window that, at the touch down, makes a date 0.2 s from now before `super`, and after
    /// `super` — whose delivery to a view that spends 20 ms of the machine's time takes longer
    /// than the half millisecond of rounding — schedules a timer at that date.
    final class LaterWindow: UIWindow {
        var log: Log?
        var timer: Timer?
        override func sendEvent(_ event: UIEvent) {
            let began = event.allTouches?.contains { $0.phase == .began } == true
            let date = Date().addingTimeInterval(0.2)
            super.sendEvent(event)
            guard began else { return }
            let timer = Timer(fire: date, interval: 0, repeats: false) { [log] _ in log?.lines.append("fired \(Int((CACurrentMediaTime() * 1e6).rounded())) µs") }
            RunLoop.main.add(timer, forMode: .common)
            self.timer = timer
        }
    }

    /// Spends 20 ms of the machine's time.
    static func spin() {
        let start = Date(timeIntervalSinceNow: 0)
        while Date(timeIntervalSinceNow: 0).timeIntervalSince(start) < 0.02 {}
    }

    /// A view that spends 20 ms of the machine's time in `touchesBegan`.
    final class SlowView: UIView {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { WindowSendEventTests.spin() }
    }

    /// A recognizer that spends 20 ms of the machine's time in `touchesBegan`.
    final class SlowRecognizer: UIGestureRecognizer {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { WindowSendEventTests.spin() }
    }

    /// The date the window made before `super` counts from the window's own entry, not from the
    /// recognizer's or the view's (delivered within `super`, each spending 20 ms): the timer
    /// fires at 0.1 + 0.2 = 0.3 exactly.
    @Test func aDateMadeBeforeSuperCountsFromTheWindowsEntry() throws {
        let expected = ["fired 300000 µs"]
        let log = try onTheMachinesClock(expecting: expected) {
            try run([(0.1, [(1, "began", 150, 150)]), (0.5, [(1, "ended", 150, 150)])]) { log in
                let window = LaterWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
                window.log = log
                let view = SlowView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
                view.addGestureRecognizer(SlowRecognizer())
                window.addSubview(view)
                return window
            }.log
        }
        #expect(log == expected)
    }
}

extension WindowSendEventTests {
    /// A window that notes, for each touch that begins in the event, the names of the touch's
    /// recognizers before and after `super` delivers it.
    final class RecognizerListingWindow: UIWindow {
        var log: Log?
        override func sendEvent(_ event: UIEvent) {
            let began = (event.allTouches ?? []).filter { $0.phase == .began }.sorted { $0.serial < $1.serial }
            func names(_ touch: UITouch) -> String { "\(touch.gestureRecognizers?.map { $0.name ?? "?" } ?? ["nil"])" }
            for touch in began { log?.lines.append("before \(event.timestamp): \(names(touch))") }
            super.sendEvent(event)
            for touch in began { log?.lines.append("after \(event.timestamp): \(names(touch))") }
        }
    }

    /// A delegate that keeps every touch from its recognizer, noting what the touch lists then.
    final class Refusing: UIGestureRecognizerDelegate, @unchecked Sendable {
        var log: Log?
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            log?.lines.append("shouldReceive: \(touch.gestureRecognizers?.map { $0.name ?? "?" } ?? ["nil"])")
            return false
        }
    }

    /// On a device a touch knows its recognizers from the hit test at its `began`, where UIKit
    /// gathers them, asking each delegate's `gestureRecognizer(_:shouldReceive:)`: the view's
    /// `tap`, `off` and `refuser` in the order added, then the window's own `windowPan`. `off`
    /// is disabled, so neither asked nor listed; `refuser`'s delegate is asked once, before the
    /// window's `sendEvent(_:)`, seeing the one listed before it (`tap`), and refuses, so the
    /// window sees `tap` and `windowPan` before `super` and after. A touch on the window
    /// outside the view lists only the window's pan.
    @Test func theFirstSendEventSeesTheTouchsRecognizers() throws {
        let refusing = Refusing()
        let (_, log) = try run([(0, [(1, "began", 150, 150)]), (0.1, [(1, "ended", 150, 150)]),
                                (0.5, [(2, "began", 300, 600)]), (0.6, [(2, "ended", 300, 600)])]) { log in
            refusing.log = log
            let window = RecognizerListingWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.log = log
            let windowPan = UIPanGestureRecognizer()
            windowPan.name = "windowPan"
            window.addGestureRecognizer(windowPan)
            let view = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
            for name in ["tap", "off", "refuser"] {
                let r = UITapGestureRecognizer()
                r.name = name
                r.isEnabled = name != "off"
                if name == "refuser" { r.delegate = refusing }
                view.addGestureRecognizer(r)
            }
            window.addSubview(view)
            return window
        }
        #expect(log == [
            "shouldReceive: [\"tap\"]",
            "before 0.0: [\"tap\", \"windowPan\"]",
            "after 0.0: [\"tap\", \"windowPan\"]",
            "before 0.5: [\"windowPan\"]",
            "after 0.5: [\"windowPan\"]",
        ], "\(log)")
    }
}
