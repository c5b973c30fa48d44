import TouchTrace

/// Touches given to the views of a screen built in code as UIKit's window gives them (SPEC 17):
/// the view a touch hit-tests to gets `touchesBegan`, `touchesMoved`, `touchesEnded` or
/// `touchesCancelled` for it, after the recognizers that see the touch (those of the view and
/// of the views it is inside) have had it in the same event; `UIResponder`'s default passes them
/// up the responder chain (`next`).
///
/// What the recognizers that the touch reaches (enabled, not ignoring it) do to the view's
/// touches, as UIKit documents it:
/// - `cancelsTouchesInView` (true by default): once such a recognizer has recognized (began, or
///   recognized for a discrete one), the view gets `touchesCancelled` for the touches it has
///   begun, and nothing more of them; a touch whose `touchesBegan` the view has not had yet
///   never reaches it.
/// - `delaysTouchesBegan` (false by default): a touch that begins while such a recognizer has
///   not decided is held from the view. If that recognizer recognizes, the view never gets the
///   touch; once every such recognizer has failed, the view gets `touchesBegan`, then
///   `touchesMoved` with where the touch is now if it moved meanwhile.
/// - `delaysTouchesEnded` (true by default): a touch that lifts while such a recognizer has not
///   decided is held; the view gets `touchesCancelled` if that recognizer recognizes, and
///   `touchesEnded` once every such recognizer has failed.
/// - A scroll view's `delaysContentTouches` (true by default): a touch that begins in a view of
///   the content of a scroll view whose pan it reaches is held from the view while the pan has
///   not decided, for `UIScrollView.contentTouchDelay` (0.15 s) at most: if the pan begins
///   meanwhile the view never gets the touch; if the pan fails, the touch lifts, or the time
///   passes, the view gets `touchesBegan` (then `touchesMoved` if it moved meanwhile).
///
/// Recognizers are looked at after every set the view is given, after every event and deadline,
/// and when a recognizer is reset (its last state counts). Messages go in the order the touches
/// began; each is one call with the touches of one view and one phase. The `UIEvent` of a call
/// holds, with the time of the event or deadline, every touch down in the window — those the
/// event does not change `stationary`, whatever view they are on, and whether or not a view
/// still gets them — and those that ended in the event, as UIKit's `allTouches` does.
final class ViewTouchDelivery {
    /// One touch on its way to a view.
    private final class Tracked {
        let object: UITouch
        let view: UIView
        /// The recognizers the touch reaches, and what each has done since the touch began:
        /// nil undecided, true recognized, false failed.
        let recognizers: [UIGestureRecognizer]
        var outcomes: [Bool?]
        /// Those of `recognizers` that hold the touch's beginning or its end.
        var holdingBegan: [Int] = []
        var holdingEnd: [Int] = []
        /// Whether the view has had `touchesBegan`; whether it is done with the touch (ended,
        /// cancelled, or never to get it).
        var begun = false
        var done = false
        /// Whether the touch moved while its beginning was held; whether it has lifted.
        var movedWhileHeld = false
        var lifted = false
        /// A scroll view's hold of its content's touch: the index of its pan among
        /// `recognizers` and the time the hold ends (whole microseconds).
        var contentDelay: (pan: Int, until: Int64)?

        init(object: UITouch, view: UIView, recognizers: [UIGestureRecognizer]) {
            self.object = object
            self.view = view
            self.recognizers = recognizers
            self.outcomes = Array(repeating: nil, count: recognizers.count)
        }

        /// Takes what each undecided recognizer has done.
        func look() {
            for i in recognizers.indices where outcomes[i] == nil {
                switch recognizers[i].engineState {
                case .possible: break
                case .failed: outcomes[i] = false
                case .began, .changed, .ended, .recognized, .cancelled: outcomes[i] = true
                }
            }
        }
    }

    /// One call to make: a view, a message (0 began, 1 moved, 2 ended, 3 cancelled), touches.
    private struct Message {
        let view: UIView
        let kind: Int
        var touches: [UITouch]
    }

    /// The replay's touch objects (the views get the objects the window and the recognizers get).
    private let touches: ReplayTouches
    /// The touches not done with, in the order they began.
    private var tracked: [Tracked] = []
    private var pending: [Message] = []
    /// Whether messages are being sent (a view's code that resets a recognizer waits its turn).
    private var sending = false
    /// The time of the event, deadline or timer being handled, in whole microseconds.
    private var now: Int64 = 0

    /// Delivery of the objects `touches` holds.
    init(touches: ReplayTouches) {
        self.touches = touches
    }

    /// Whether the view the touch `serial` began in has had its `touchesBegan` and still has
    /// the touch.
    func viewHasTouch(_ serial: Int) -> Bool {
        tracked.contains { $0.object.serial == serial && $0.begun && !$0.done }
    }

    /// The set of one phase (`phase` 0–3) the hit view `view` gets in the event number `index`
    /// at `t`; `onScreen` maps the engine's locations (the view's coordinates) to the screen's;
    /// `maximumForce` is the trace's, when it has one. A touch whose `hitView` (by serial, as
    /// it began) is a view inside `view` — one made during the replay — is that view's instead.
    func deliver(_ set: TouchSet, phase: Int, to view: UIView, event index: Int, at t: Double, maximumForce: Double?,
                 hitView: (Int) -> UIView? = { _ in nil }, onScreen: (Point) -> Point) {
        now = ReplayTimeline.micros(t)
        for k in tracked { k.look() }
        // What the recognizers decided since the last look, for the touches before these.
        let serials = set.map(\.serial)
        for k in tracked where !serials.contains(k.object.serial) { settle(k) }
        touches.enter(event: index)
        for touch in set {
            let location = onScreen(touch.location)
            let screen = CGPoint(x: location.x, y: location.y)
            let previous = onScreen(touch.previousLocation)
            // The replay's object, with this event's values (the one the window and the
            // recognizers were given).
            let object = touches.object(for: touch, at: screen, previous: CGPoint(x: previous.x, y: previous.y), t: t, view: view,
                                        maximumForce: maximumForce)
            if phase == 0 {
                var view = view
                if let hit = hitView(touch.serial), hit !== view, hit.isDescendant(of: view) { view = hit }
                UIContextMenuInteraction.touchBegan(object, on: view)
                let k = Tracked(object: object, view: view, recognizers: recognizers(reaching: touch.serial, from: view))
                k.look()
                k.holdingBegan = k.recognizers.indices.filter { k.recognizers[$0].delaysTouchesBegan && k.outcomes[$0] == nil }
                holdForScrollView(k, at: t)
                tracked.append(k)
                settle(k)
                continue
            }
            guard let k = tracked.first(where: { $0.object === object }) else { continue }
            switch phase {
            case 1:
                if k.begun {
                    settle(k)
                    if !k.done { send(k, 1) }
                } else {
                    k.movedWhileHeld = true
                    settle(k)
                }
            case 2:
                k.lifted = true
                k.holdingEnd = k.recognizers.indices.filter { k.recognizers[$0].delaysTouchesEnded && k.outcomes[$0] == nil }
                settle(k)
            default:
                // The trace cancelled the touch: the view hears of it if it has had it.
                if k.begun && !k.done { send(k, 3) }
                k.done = true
            }
        }
        flush(at: t, inEvent: true)
    }

    /// The touch `serial` lifted in an event kept from the views: the view that has it never
    /// hears of it again.
    func forget(_ serial: Int) {
        tracked.removeAll { $0.object.serial == serial }
    }

    /// After an event or deadline, or as a recognizer is about to be reset: what the
    /// recognizers decided reaches the views (at `t`, seconds). `inEvent`: at the end of the
    /// event being read (the touches that ended in it are its own), not at a later time.
    func recognizersMayHaveDecided(at t: Double, inEvent: Bool = false) {
        guard !tracked.isEmpty, !sending else { return }
        now = ReplayTimeline.micros(t)
        for k in tracked {
            k.look()
            settle(k)
        }
        flush(at: t, inEvent: inEvent)
    }

    /// Carries out for touch `k` what its recognizers have decided (see the type).
    private func settle(_ k: Tracked) {
        guard !k.done else { return }
        let cancelled = k.recognizers.indices.contains { k.outcomes[$0] == true && k.recognizers[$0].cancelsTouchesInView }
        if !k.begun {
            if cancelled || k.holdingBegan.contains(where: { k.outcomes[$0] == true })
                || k.contentDelay.map({ k.outcomes[$0.pan] == true }) == true {
                // Recognized while held: the view never gets the touch.
                k.done = true
                return
            }
            guard k.holdingBegan.allSatisfy({ k.outcomes[$0] == false }) else { return }
            if let delay = k.contentDelay, k.outcomes[delay.pan] == nil, !k.lifted, now < delay.until { return }
            k.begun = true
            send(k, 0)
            if k.movedWhileHeld && !k.lifted { send(k, 1) }
        }
        if cancelled {
            send(k, 3)
            k.done = true
            return
        }
        guard k.lifted else { return }
        if k.holdingEnd.contains(where: { k.outcomes[$0] == true }) {
            send(k, 3)
            k.done = true
        } else if k.holdingEnd.allSatisfy({ k.outcomes[$0] == false }) {
            send(k, 2)
            k.done = true
        }
    }

    private func send(_ k: Tracked, _ kind: Int) {
        if let last = pending.last, last.view === k.view, last.kind == kind, !last.touches.contains(where: { $0 === k.object }) {
            pending[pending.count - 1].touches.append(k.object)
        } else {
            pending.append(Message(view: k.view, kind: kind, touches: [k.object]))
        }
    }

    /// Makes the calls waiting, in order, then forgets the touches done with. `inEvent`: `t` is
    /// the time of the event being read, whose ending touches belong to its `UIEvent`.
    private func flush(at t: Double, inEvent: Bool) {
        guard !pending.isEmpty else {
            tracked.removeAll { $0.done }
            return
        }
        let messages = pending
        pending.removeAll()
        var all = Set<UITouch>()
        for k in tracked { all.insert(k.object) }
        // Every finger down in the window is the event's, a resting one `stationary` (UIKit's
        // `allTouches`), on this view or another, given to a view or not; after the event, one
        // that lifted earlier is no longer down.
        for object in touches.all where inEvent || (object.phase != .ended && object.phase != .cancelled) { all.insert(object) }
        let event = UIEvent(timestamp: t, touches: all)
        sending = true
        MediaClock.keepingEntry { send(messages, event) }
        sending = false
        tracked.removeAll { $0.done }
    }

    /// Calls the views' touch methods, message by message.
    private func send(_ messages: [Message], _ event: UIEvent) {
        for message in messages {
            var touches = Set<UITouch>(minimumCapacity: message.touches.count)
            for object in message.touches { touches.insert(object) }
            MediaClock.enterCode()
            switch message.kind {
            case 0: message.view.touchesBegan(touches, with: event)
            case 1: message.view.touchesMoved(touches, with: event)
            case 2: message.view.touchesEnded(touches, with: event)
            default:
                // Cancelled for the view while the recognizers keep the touch: `cancelled` for
                // the length of the call, then the event's phase again.
                let phases = message.touches.map(\.phase)
                for object in message.touches { object.phase = .cancelled }
                message.view.touchesCancelled(touches, with: event)
                for (object, phase) in zip(message.touches, phases) { object.phase = phase }
            }
        }
    }

    /// Holds the beginning of touch `k` (beginning at `t`) for the nearest scroll view around
    /// its view that delays its content's touches, if the scroll view's pan gets the touch; the
    /// hold is looked at again when it ends.
    private func holdForScrollView(_ k: Tracked, at t: Double) {
        var u = k.view.superview
        while let current = u {
            if let scroll = current as? UIScrollView {
                guard scroll.delaysContentTouches,
                      let pan = k.recognizers.firstIndex(where: { $0 === scroll.panGestureRecognizer }), k.outcomes[pan] == nil else { return }
                let until = t + UIScrollView.contentTouchDelay
                k.contentDelay = (pan, ReplayTimeline.micros(until))
                ReplayTimeline.current?.schedule(.block { [weak self] in self?.recognizersMayHaveDecided(at: until) }, at: until)
                return
            }
            u = current.superview
        }
    }

    /// The enabled recognizers of `view` and of the views it is inside that do not ignore the
    /// touch `serial` (each view's in the order added, the view's own first).
    private func recognizers(reaching serial: Int, from view: UIView) -> [UIGestureRecognizer] {
        var found: [UIGestureRecognizer] = []
        var u: UIView? = view
        while let current = u {
            for r in current.recognizers where r.takesTouches && !r.ignored.contains(serial) { found.append(r) }
            u = current.superview
        }
        return found
    }
}
