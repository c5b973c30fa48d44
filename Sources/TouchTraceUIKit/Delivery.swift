import TouchTrace

/// How touchtrace's deliveries reach a `UIGestureRecognizer`: its view, its place in the arena,
/// the replay's `UITouch` objects of its touches, and the calls of its touch methods.
extension UIGestureRecognizer {
    /// Handles one call of the engine: a touch set of one phase, or (`phase` nil) the passing of
    /// its deadline. `context` is the delivery's context, lent for the length of the call.
    func receive(_ phase: TouchPhase?, _ set: TouchSet, _ context: DeliveryHandle) {
        self.context = context
        defer { self.context = nil }
        attach(context)
        guard let phase else {
            deadlinePassed()
            return
        }
        let t = context.t
        let eventIndex = context.eventIndex
        if eventIndex != lastEventIndex {
            // Touches that ended in an earlier event are gone; so is ignoring them.
            forgetEndedTouches()
            lastEventIndex = eventIndex
        }
        // The replay's objects of the touches (shared with the window, the other recognizers
        // and the views), with this event's values.
        let objects = UIKitReplay.of(context.context).touches
        objects.enter(event: eventIndex)
        for touch in context.eventTouches { update(touch, t: t, objects) }
        for touch in set { update(touch, t: t, objects) }
        for touch in context.eventTouches where touch.phase.isEnding && !endedSerials.contains(touch.serial) { endedSerials.append(touch.serial) }
        for touch in set where touch.phase.isEnding && !endedSerials.contains(touch.serial) { endedSerials.append(touch.serial) }

        if phase == .began, let delegate, takesTouches, !engineState.isFinal {
            // Before a touch is first delivered: the delegate may keep it from this recognizer
            // (asked at the hit test, when the touch's recognizers were gathered; else now).
            for touch in set where !ignored.contains(touch.serial) {
                if let object = touchObjects[touch.serial],
                   !(object.hitTestAnswer(of: self) ?? delegate.gestureRecognizer(self, shouldReceive: object)) {
                    ignored.insert(touch.serial)
                    object.removeReceiver(self)
                }
            }
        }
        if phase == .began, takesTouches, !engineState.isFinal, let world {
            // A button's or a switch's own tap comes before this recognizer's (see `yieldsToControl`).
            for touch in set where !ignored.contains(touch.serial) && yieldsToControl(world.hitView(of: touch.serial)) {
                ignored.insert(touch.serial)
                touchObjects[touch.serial]?.removeReceiver(self)
            }
        }
        var given: [ViewTouch] = []
        given.reserveCapacity(set.count)
        for touch in set where !ignored.contains(touch.serial) { given.append(touch) }
        if phase == .began {
            for touch in given where takesTouches {
                if let object = touchObjects[touch.serial], !touchesDown.contains(where: { $0 === object }) { touchesDown.append(object) }
            }
        }
        if !given.isEmpty && takesTouches && !engineState.isFinal {
            currentSet = given.count == set.count ? set : TouchSet(given)
            var touches = Set<UITouch>(minimumCapacity: given.count)
            for touch in given {
                let object = touchObjects[touch.serial]!
                object.addReceiver(self)
                touches.insert(object)
            }
            var all = Set<UITouch>(minimumCapacity: context.eventTouches.count + given.count)
            for touch in context.eventTouches { all.insert(touchObjects[touch.serial]!) }
            all.formUnion(touches)
            // Its fingers that are down and did not change in this event are the event's too, as
            // `stationary` (UIKit's `allTouches`): two fingers down read 2 while one moves.
            for object in touchesDown where object.phase == .stationary { all.insert(object) }
            // In serial order: a set's layout follows the order where two hashes meet.
            for serial in ignored.sorted() {
                if let object = touchObjects[serial], object.phase == .stationary { all.insert(object) }
            }
            let event = UIEvent(timestamp: t, touches: all)
            MediaClock.enterCode()
            switch phase {
            case .began: touchesBegan(touches, with: event)
            case .moved: touchesMoved(touches, with: event)
            case .ended: touchesEnded(touches, with: event)
            case .cancelled: touchesCancelled(touches, with: event)
            case .stationary: break
            }
            currentSet = TouchSet([])
        }
        if phase.isEnding {
            // Where its touches were as they lift: `location(in:)` reads it afterwards (a tap's
            // action runs after its lift).
            noteCentroid()
            for touch in set {
                guard let object = touchObjects[touch.serial] else { continue }
                touchesDown.removeAll { $0 === object }
            }
        }
    }

    /// On the first call of a replay: its view and its place; then, at every call, the
    /// relations it has set on itself that the arena does not know yet.
    private func attach(_ context: DeliveryHandle) {
        let identity = context.replayIdentity
        if replay != identity || index != context.recognizerIndex {
            replay = identity
            index = context.recognizerIndex
            // The replay's views, shared by its recognizers: what one's code does to a view, the
            // others see, and the engine hears of (`UIKitReplay`).
            let world = UIKitReplay.of(context.context)
            let v = context.recognizerView
            self.world = world
            sceneView = v
            attachedView = v >= 0 && v < world.views.count ? world.views[v] : nil
            var root = attachedView
            while let up = root?.superview { root = up }
            attachedRoot = root
            cancellingTurnedOff = false
            for k in failureRequirements.indices { failureRequirements[k].resolved = false }
        }
        if !cancelsTouchesInView && !cancellingTurnedOff {
            context.disableCancellingTouchesInView()
            cancellingTurnedOff = true
        }
        for k in failureRequirements.indices where !failureRequirements[k].resolved {
            let other = failureRequirements[k].recognizer
            guard other.replay == identity, other.index >= 0 else { continue }
            _ = context.addFailureRequirement(other.index)
            failureRequirements[k].resolved = true
        }
    }

    /// Whether this recognizer leaves a touch that hit `hit` to a control, as UIKit does
    /// (Apple's "Attaching gesture recognizers to UIKit controls"): a one-finger single tap on an
    /// enabled `UIButton`, `UISwitch`, `UIStepper`, `UISegmentedControl` or `UIPageControl` is the control's, so a
    /// tap recognizer of one tap and one touch on a view the control is inside never receives the
    /// touch. A recognizer on the
    /// control itself (or on a view inside it) receives it as any.
    func yieldsToControl(_ hit: UIView?) -> Bool {
        guard let tap = self as? UITapGestureRecognizer, tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1,
              var u = hit, let mine = attachedView else { return false }
        while u !== mine {
            if let control = u as? UIControl, control.isEnabled, control is UIButton || control is UISwitch || control is UIStepper
                || control is UISegmentedControl || control is UIPageControl {
                return true
            }
            guard let up = u.superview else { return false }
            u = up
        }
        return false
    }

    /// Brings the touch's object up to date with the event (`objects` makes it when the touch
    /// is new to the replay), and keeps it among this recognizer's.
    private func update(_ touch: ViewTouch, t: Double, _ objects: ReplayTouches) {
        let view = world?.hitView(of: touch.serial) ?? attachedView
        let object = objects.object(for: touch, at: onScreen(touch.location), previous: onScreen(touch.previousLocation), t: t,
                                    view: view, maximumForce: traceMaximumForce)
        if touchObjects[touch.serial] == nil { touchObjects[touch.serial] = object }
    }

    /// A point of the attached view on the screen (points).
    private func onScreen(_ p: Point) -> CGPoint {
        // The engine locates touches from the bounds' origin (see `UIKitReplay.place`).
        guard let view = attachedView else { return CGPoint(x: p.x, y: p.y) }
        return view.pointOnScreen(CGPoint(x: p.x + view.bounds.origin.x, y: p.y + view.bounds.origin.y))
    }

    /// The trace's top-level `maximumForce` (SPEC 17), when the replay knows it; touches
    /// otherwise report `UITouch.defaultMaximumPossibleForce`.
    var traceMaximumForce: Double? { context?.traceMaximumForce }

    /// Forgets the touches it was handed ending in an earlier event (the objects are shared: their
    /// phase is already the new event's when another reader has read it first).
    private func forgetEndedTouches() {
        for serial in endedSerials {
            touchObjects[serial] = nil
            ignored.remove(serial)
        }
        endedSerials.removeAll()
    }
}

extension UITouch.Phase {
    init(_ phase: TouchPhase) {
        switch phase {
        case .began: self = .began
        case .moved: self = .moved
        case .stationary: self = .stationary
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        }
    }
}

/// A `UIGestureRecognizer` as a touchtrace `Recognizer`: the value a scene holds for a
/// recognizer of a type registered with `RecognizerType.uiKit`.
///
/// It holds the closure that makes the recognizer, and makes it at its first call: each replay
/// has its own object (a scene is a value that several replays may share, one after another or
/// at the same time on several threads; the scene's copy is never called, so it never holds
/// one). A replay runs on one thread, and its copy of this value is reached from that thread
/// alone: the object it makes is not `Sendable` (a user's subclass has mutable state), but is
/// never shared between threads — it is held as `ThreadConfined`, which says so.
public struct UIKitRecognizer: Recognizer, Sendable {
    let make: @Sendable () -> UIGestureRecognizer
    /// A recognizer of a screen built in code: the screen, and which of its recognizers.
    let screen: ScreenMaker?
    let screenIndex: Int
    private var instance: UIGestureRecognizer? {
        get { confined.value }
        set { confined.value = newValue }
    }
    /// The object, once made: the replay's own, used on its thread alone.
    private var confined = ThreadConfined<UIGestureRecognizer?>(nil)
    private var held: RecognizerState = .possible

    /// A recognizer that runs the object `make` makes.
    public init(_ make: @escaping @Sendable () -> UIGestureRecognizer) {
        self.make = make
        self.screen = nil
        self.screenIndex = -1
    }

    /// The recognizer number `index` (scene order) of the replay's copy of a screen.
    init(screen: ScreenMaker, index: Int) {
        self.make = { preconditionFailure("a screen's recognizer comes from the replay's screen") }
        self.screen = screen
        self.screenIndex = index
    }

    /// `recognizer`, which gesture code added to a view of the replay's screen during the
    /// replay (see `UIKitReplay.joinAddedRecognizers`).
    init(added recognizer: UIGestureRecognizer) {
        self.make = { preconditionFailure("an added recognizer is the replay's own object") }
        self.screen = nil
        self.screenIndex = -1
        self.confined = ThreadConfined<UIGestureRecognizer?>(recognizer)
    }

    /// The object this replay runs, once it has been called (nil before).
    public var gestureRecognizer: UIGestureRecognizer? { instance }

    /// The state the engine holds for it; the engine sets it after every call and when the arena
    /// decides (the object hears of it: its `state` follows, and its targets are called when the
    /// new state calls an action).
    public var state: RecognizerState {
        get { held }
        set {
            held = newValue
            instance?.engineKeep(newValue)
        }
    }

    /// Delivers the set to the object (making it at the first call): its `touchesBegan` gets the
    /// touches it does not ignore, as `UITouch` objects.
    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        deliver(.began, touches, &context)
    }

    /// Delivers the set to the object's `touchesMoved` (see `touchesBegan`).
    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
        deliver(.moved, touches, &context)
    }

    /// Delivers the set to the object's `touchesEnded` (see `touchesBegan`).
    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        deliver(.ended, touches, &context)
    }

    /// Delivers the set to the object's `touchesCancelled` (see `touchesBegan`).
    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        deliver(.cancelled, touches, &context)
    }

    /// Back to `possible`: the object forgets its touches and its `reset()` is called.
    public mutating func reset() {
        held = .possible
        instance?.engineReset()
    }

    /// A TouchTraceUIKit recognizer's code may move the scene's views (SPEC 17): the scene names
    /// a `view` source for each, for its `viewChanged` records.
    public var movesViews: Bool { true }

    /// A TouchTraceUIKit recognizer has a say in the arena: its delegate's answers (SPEC 17).
    public var answersArenaQuestions: Bool { true }

    /// The object's answer (its delegate's, or its overrides'), about another TouchTraceUIKit
    /// recognizer; nil about a recognizer of another kind, or before the object is made.
    public func answer(_ question: ArenaQuestion, about other: any Recognizer) -> Bool? {
        guard let instance else { return nil }
        if question == .shouldBegin { return instance.arenaAnswer(.shouldBegin, about: instance) }
        guard let them = (other as? UIKitRecognizer)?.instance else { return nil }
        return instance.arenaAnswer(question, about: them)
    }

    /// After the event: the object's targets run if a change that calls them happened in it
    /// (SPEC 17: actions run once the touches method has returned, once per event).
    public mutating func eventDelivered(_ context: inout DeliveryContext) {
        guard let instance else { return }
        DeliveryHandle.lend(&context) { instance.runDueActions($0) }
        held = instance.engineState
    }

    /// The deadline the object's backing recognizer asked for has passed (a long press
    /// beginning, a tap too slow).
    public mutating func deadlinePassed(_ context: inout DeliveryContext) {
        guard instance != nil else { return }
        deliver(nil, TouchSet([]), &context)
    }

    private mutating func deliver(_ phase: TouchPhase?, _ touches: TouchSet, _ context: inout DeliveryContext) {
        MediaClock.now = context.t
        ReplayTimeline.enter(context)
        let recognizer: UIGestureRecognizer
        if let instance {
            recognizer = instance
        } else if let screen {
            // The replay's own copy of the screen, made at the first call of one of its recognizers.
            let world = UIKitReplay.of(context, screen: screen)
            recognizer = world.recognizers[screenIndex]
            instance = recognizer
        } else {
            recognizer = make()
            instance = recognizer
        }
        DeliveryHandle.lend(&context) { recognizer.receive(phase, touches, $0) }
        held = recognizer.engineState
    }
}

extension RecognizerType {
    /// A recognizer type whose recognizers are `UIGestureRecognizer` objects, made by `make`
    /// (one per scene recognizer and replay): `try registry.register(.uiKit("seedCheckmark") {
    /// CheckmarkGestureRecognizer() })`. Scenes name it by `name`; it takes no parameters (its
    /// object is set up in `make`), and the scene keys of SPEC 12 apply to it as to any.
    public static func uiKit(_ name: String, summary: String = "a UIGestureRecognizer subclass (TouchTraceUIKit)",
                             make: @escaping @Sendable () -> UIGestureRecognizer) -> RecognizerType {
        RecognizerType(name: name, summary: summary) { _ in UIKitRecognizer(make) }
    }
}
