import TouchTrace

/// A gesture recognizer written the UIKit way: subclass it, override
/// `touchesBegan/Moved/Ended/Cancelled(_:with:)` and `reset()`, and set `state`. A subclass
/// written for UIKit compiles with its `import UIKit` changed to `import TouchTraceUIKit`, and
/// runs in touchtrace once registered (`RecognizerType.uiKit`).
///
/// **State.** Setting `state` asks touchtrace's engine for the change
/// (`DeliveryContext.requestState`): the arena of SPEC 12 decides — the change stands, the
/// recognizer waits for those it requires to fail, or it fails, prevented — and every change
/// that stands is a `state` record, named as SPEC 4 has it: possible → `.recognized` (UIKit's
/// alias of `.ended`) is written `recognized`, began/changed → `.ended` is written `ended`, and
/// possible → `.cancelled` is allowed (a discrete recognizer may be cancelled). A change UIKit
/// would not allow — from a final state, back to `.possible`, to `.changed` before `.began`,
/// or to `.began` twice — is ignored, as UIKit ignores it. Setting `state` is heard while
/// touchtrace calls the recognizer (its touch methods, or a target called from them) and while
/// work its replay scheduled for later runs (a `Timer`'s block, a block given to
/// `DispatchQueue.main`: decided at that time, as a deadline's change); at any other time (in
/// `init`, say) it is ignored. Reading `state` gives the state the engine holds. A change
/// touchtrace makes itself — a standard class's recognition (`UIPanGestureRecognizer` beginning),
/// the arena's decision, the reset to `.possible` — is passed through the setter too, as UIKit's
/// own code sets `state`, so a subclass's override of `state` (a `didSet`) hears every change.
///
/// **Touches.** A touch set goes to the recognizer without the touches it has `ignore`d; a set
/// left empty is not delivered. A recognizer in a final state gets no touches until it is
/// reset (SPEC 3, 13.1), and then `reset()` is called.
///
/// **Targets** are target-action pairs (`init(target:action:)`, `addTarget(_:action:)` with a
/// `Selector`, called as `registerAction(_:for:_:)` says) or closures (`addTarget { recognizer
/// in ... }`, which always run). As UIKit runs them (SPEC 17): once the event has been delivered
/// and the touches method that changed the state has returned, once per event in which a change
/// that calls actions stood, with the state as it is then — `.began`, `.changed`,
/// `.ended`/`.recognized` or `.cancelled`, never `.possible` or `.failed` — recognizers in scene
/// order, targets in the order added; for a change at a deadline (a long press beginning), at
/// the deadline.
open class UIGestureRecognizer {
    /// A recognizer's state, as `UIGestureRecognizer.State`.
    public enum State: Int, Sendable, CustomStringConvertible {
        /// Not decided yet: the state of a recognizer before and while it watches the touches.
        case possible
        /// A continuous gesture has begun (a win in the arena).
        case began
        /// A continuous gesture goes on.
        case changed
        /// A continuous gesture has ended, or a discrete one is recognized (`.recognized`).
        case ended
        /// The gesture was cancelled.
        case cancelled
        /// It is not this gesture.
        case failed

        /// A discrete recognizer's success: the same state as `.ended`, as in UIKit.
        public static var recognized: State { .ended }

        /// The state's name: `possible`, `began`, ... (`.recognized` reads `ended`).
        public var description: String {
            switch self {
            case .possible: return "possible"
            case .began: return "began"
            case .changed: return "changed"
            case .ended: return "ended"
            case .cancelled: return "cancelled"
            case .failed: return "failed"
            }
        }
    }

    /// The state as the engine holds it. A change that code did not make by setting `state` (a
    /// standard class's own recognition, the arena's decision, a reset) is also passed through
    /// `state`'s setter, as UIKit's own code sets `state`: a subclass's override of `state` (its
    /// `didSet`) hears every change, as on a device.
    var engineState: RecognizerState = .possible {
        willSet { keyWillChange(.state) }
        didSet {
            keyDidChange(.state)
            if !settingState { reportThroughSetter(from: oldValue) }
        }
    }
    /// Whether code's setting of `state` is under way (a change of the engine's then is that
    /// setting's answer, not one to pass through the setter again).
    private var settingState = false
    /// While a change of the engine's is passed through the setter: the state before it, which
    /// the getter reads until the base setter is reached (an override's `oldValue`).
    private var reportedBefore: State?

    /// Passes the engine's change from `old` through `state`'s setter (see `engineState`).
    private func reportThroughSetter(from old: RecognizerState) {
        reportedBefore = State(old)
        state = State(engineState)
        reportedBefore = nil
    }
    /// Values code associated with it (`objc_setAssociatedObject`), released with it; nil
    /// until one is set.
    var associatedValues: AssociatedValues?
    /// The key-value observers registered on it (see KeyValueObserving.swift); nil until one is.
    var keyValueObservers: KeyValueObservers?
    /// Called when a property this object observes changes (registered with
    /// `addObserver(_:forKeyPath:options:context:)`), as Foundation's `NSObject` method: does
    /// nothing here; a subclass overrides it.
    open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                           context: KeyValueObservingContext?) {}
    /// The delivery under way, while touchtrace calls the recognizer.
    var context: DeliveryHandle?
    /// The touches of the call under way (without ignored ones), in the event's order.
    var currentSet = TouchSet([])
    /// The replay's objects of the touches it has seen, by serial, for the whole life of each.
    var touchObjects: [Int: UITouch] = [:]
    /// Serials of the touches it ignores (until they end).
    var ignored: Set<Int> = []
    /// Touches it has received that are down, in the order they began.
    var touchesDown: [UITouch] = []
    /// The centroid of the touches, where it was last, on the screen.
    var lastCentroid = CGPoint.zero
    /// The view it is attached to, once the engine has called it, and the root of its tree
    /// (held here: a view does not hold its superview).
    var attachedView: UIView?
    var attachedRoot: UIView?
    /// The replay's views, and the index of this recognizer's scene view among them (−1: none).
    weak var world: UIKitReplay?
    var sceneView = -1
    /// The view `addGestureRecognizer(_:)` put it on (UIKit holds it weakly, as here).
    weak var addedView: UIView?
    /// The view it was on when its screen was built (`ScreenTree`), or when it joined the replay
    /// after being added during it (`UIKitReplay.joinAddedRecognizers`), if it is a screen's:
    /// the view whose touches the replay gives it (see `takesTouches`).
    weak var builtOn: UIView?
    /// Where its view's bounds began on the screen when it joined the replay, for one added
    /// during it to a view that is not one of the screen's as built (nil for any other): the
    /// touches its backing recognizer gets are located from there (see `delivered(_:)`).
    var addedInsideAt: Point?
    /// Its place in the replay: the replay's identity and its index in scene order.
    var replay: ReplayIdentity?
    var index = -1
    /// Recognizers it requires to fail (`require(toFail:)`), and whether each has been given
    /// to the arena.
    var failureRequirements: [(recognizer: UIGestureRecognizer, resolved: Bool)] = []
    /// Targets, in the order added.
    var targets: [TargetAction] = []
    /// The event of the last call, and whether rule 4 has been turned off in the arena.
    var lastEventIndex = -1
    /// The serials of the touches it was handed ending (ended or cancelled) in that event:
    /// forgotten at its next event.
    var endedSerials: [Int] = []
    var cancellingTurnedOff = false
    /// The event at which a backing recognizer's targets were last called (see `drive`).
    var lastActionEvent = -1
    /// Whether a change that calls the actions happened in the event under way (`actionIsDue`).
    var actionDue = false

    /// A recognizer that calls `action` on `target` at every state change that calls UIKit's
    /// actions (see the type's documentation): UIKit's designated initializer, which a subclass
    /// overrides and calls with `super.init(target:action:)`. With a nil target or action, no
    /// target is added. The target is held weakly, as UIKit holds it; the action is called as
    /// `UIGestureRecognizer.registerAction(_:for:_:)` says.
    public init(target: Any?, action: Selector?) {
        if let target, let action { addTarget(target, action: action) }
    }

    /// A recognizer with no target (`init(target: nil, action: nil)`).
    public convenience init() {
        self.init(target: nil, action: nil)
    }

    /// A recognizer whose target is this closure (UIKit's `init(target:action:)`, with a closure
    /// for the pair).
    public convenience init(action: @escaping (UIGestureRecognizer) -> Void) {
        self.init(target: nil, action: nil)
        addTarget(action)
    }

    /// A recognizer whose target is a method of `target`, as `init(target:action:)`:
    /// `UIPanGestureRecognizer(target: controller, action: Controller.handlePan)`. The target
    /// is held weakly, as UIKit holds it.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (UIGestureRecognizer) -> Void) {
        self.init(target: nil, action: nil)
        addTarget(target, action: action)
    }

    /// The recognizer's state. Setting it asks the engine (see the type's documentation).
    open var state: State {
        get { reportedBefore ?? State(engineState) }
        set {
            // A change of the engine's passed through the setter (see `engineState`): made already.
            if reportedBefore != nil {
                reportedBefore = nil
                return
            }
            settingState = true
            defer { settingState = false }
            // Set by work scheduled for later (a timer's block): asked at the work's time.
            if whileScheduledWorkRuns({ ask(newValue) }) { return }
            ask(newValue)
        }
    }

    /// Asks the engine for `state` (what setting `state` does).
    private func ask(_ state: State) {
        let to: RecognizerState
        switch state {
        case .possible: return
        case .began: to = .began
        case .changed: to = .changed
        case .ended: to = engineState == .possible ? .recognized : .ended
        case .cancelled: to = .cancelled
        case .failed: to = .failed
        }
        request(to, stateRecordData(for: to))
    }

    /// Whether it receives touches (UIKit's `isEnabled`). A disabled recognizer gets none. One
    /// disabled during a call of touchtrace's (in a touch method or a target, or in work
    /// scheduled for later: a timer's block) is cancelled if it had begun and fails if it was
    /// possible, as in UIKit; disabled at any other time, it keeps its state and gets no touches
    /// until enabled again.
    open var isEnabled = true {
        willSet { keyWillChange(.enabled) }
        didSet {
            keyDidChange(.enabled)
            guard !isEnabled, oldValue else { return }
            if whileScheduledWorkRuns({ stopOnDisabling() }) { return }
            stopOnDisabling()
        }
    }

    /// Cancels or fails the recognizer as disabling it during a call does (`reason`: what
    /// stopped it, for version 2's records).
    private func stopOnDisabling(reason: String = "disabled (isEnabled = false)") {
        switch engineState {
        case .began, .changed: request(.cancelled, disabledRecordData(for: .cancelled, reason: reason))
        case .possible: request(.failed, disabledRecordData(for: .failed, reason: reason))
        default: break
        }
    }

    /// Whether the replay gives it touches: it is enabled and still on the view it was on when
    /// its screen was built, or when it joined the replay (added during it). One removed from
    /// that view (`removeGestureRecognizer(_:)`, or added to another view) gets none, as UIKit
    /// gives a recognizer the touches of its view only, until it is added to that view again;
    /// a recognizer has one place in a replay, so on another view it takes no part (see
    /// `ScreenType.uiKit`).
    var takesTouches: Bool { isEnabled && (builtOn == nil || addedView === builtOn) }

    /// It was taken off `view`: if that is the view it was built on, it stops as one disabled
    /// does (cancelled if it had begun, failed if possible, when this happens during a call of
    /// touchtrace's; otherwise it keeps its state and gets no more touches). UIKit does not
    /// document what removing a recognizer mid-gesture does: this is touchtrace's choice.
    func wasRemoved(from view: UIView) {
        guard let builtOn, builtOn === view else { return }
        let reason = "removed from its view (removeGestureRecognizer)"
        if whileScheduledWorkRuns({ stopOnDisabling(reason: reason) }) { return }
        stopOnDisabling(reason: reason)
    }

    /// Whether winning cancels its touches for the controls of its view (rule 4 of SPEC 12;
    /// UIKit's default true). Setting it false turns rule 4 off for this recognizer from its
    /// next call on; the scene key `cancelsTouchesInView: false` does the same, and either one
    /// saying false is enough.
    open var cancelsTouchesInView = true

    /// The recognizer's delegate, held weakly (see `UIGestureRecognizerDelegate` for what
    /// touchtrace asks it).
    open weak var delegate: UIGestureRecognizerDelegate?

    /// A name for the recognizer, for the application's own use (nil).
    public var name: String?

    /// UIKit's `requiresExclusiveTouchType` (true), kept for code that sets it: every touch of a
    /// trace is of one type, `.direct`.
    public var requiresExclusiveTouchType = true

    /// Whether a touch that begins while it has not decided is held from its view's
    /// `touchesBegan` until it fails (then given) or recognizes (then never given), as UIKit's
    /// `delaysTouchesBegan` (false). Acted on for the views of a screen built in code (see
    /// `ViewTouchDelivery`); touchtrace's own controls get touches as they come.
    open var delaysTouchesBegan = false
    /// Whether a touch that lifts while it has not decided is held from its view's
    /// `touchesEnded` until it fails (then given) or recognizes (then `touchesCancelled`), as
    /// UIKit's `delaysTouchesEnded` (true). Acted on as `delaysTouchesBegan` is.
    open var delaysTouchesEnded = true

    /// The view it is attached to: the view `addGestureRecognizer(_:)` put it on (a screen built
    /// in code: `ScreenType.uiKit`); else, once touchtrace has called it, the replay's view of its
    /// scene view (shared by every recognizer of the replay; its `frame` in its superview's
    /// coordinates, its `bounds` at (0, 0)). What gesture code does to a scene view the
    /// transcript records (`viewChanged`) and hit testing follows.
    open var view: UIView? { addedView ?? attachedView }

    /// How many touches it has received that are down (ignored ones not counted).
    open var numberOfTouches: Int { touchesDown.count }

    /// The centroid of its touches that are down, in the coordinates of `view` (on the screen
    /// when nil), in points; when none is down, where the centroid was last.
    open func location(in view: UIView?) -> CGPoint {
        noteCentroid()
        return UIView.convertFromScreen(lastCentroid, to: view)
    }

    /// Keeps the centroid of its touches down, on the screen, as `lastCentroid` (when any is down).
    func noteCentroid() {
        guard !touchesDown.isEmpty else { return }
        var x: CGFloat = 0, y: CGFloat = 0
        for touch in touchesDown {
            x += touch.screenLocation.x
            y += touch.screenLocation.y
        }
        lastCentroid = CGPoint(x: x / CGFloat(touchesDown.count), y: y / CGFloat(touchesDown.count))
    }

    /// Where its touch number `touchIndex` (0 ..< `numberOfTouches`, in the order they began)
    /// is, in the coordinates of `view` (on the screen when nil). An index out of range stops
    /// the program, as UIKit raises an exception.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        precondition(touchIndex >= 0 && touchIndex < touchesDown.count,
                     "location(ofTouch: \(touchIndex)): the recognizer has \(touchesDown.count) touches")
        return touchesDown[touchIndex].location(in: view)
    }

    /// The touch is not delivered to this recognizer again (until it ends), as UIKit's
    /// `ignore(_:for:)`: it leaves `numberOfTouches` and `location(ofTouch:in:)`, and a
    /// standard class's own handling (a pan's, tap's, long press's, swipe's, pinch's or
    /// rotation's, reached by `super`) stops following it, so the gesture goes on, and ends,
    /// with the touches left.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        ignored.insert(touch.serial)
        touchesDown.removeAll { $0 === touch }
        touch.removeReceiver(self)
        backingIgnores(touch)
    }

    /// The press is not delivered to this recognizer again, as UIKit's `ignore(_:for:)` for
    /// presses: a trace holds no presses, so there is nothing to keep from it.
    open func ignore(_ press: UIPress, for event: UIPressesEvent) {}
    /// Presses began: never called (a trace holds no presses; see `UIPress`).
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent) {}
    /// Presses changed: never called.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent) {}
    /// Presses ended: never called.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent) {}
    /// Presses were cancelled: never called.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent) {}

    /// This recognizer may not win while `otherGestureRecognizer` may still win, as
    /// `require(toFail:)` and the scene key `requireToFail` (SPEC 12, rule 3; version 2 traces).
    ///
    /// Both must be TouchTraceUIKit recognizers of the same replay (scene recognizers made by
    /// `RecognizerType.uiKit`): the requirement is given to the arena at this recognizer's
    /// first call after both have been called once in the replay (until then neither has a place
    /// in it). One that would close a cycle (the other requires this one, directly or through
    /// others) is left out, as neither could win. A recognizer that never receives a touch of the
    /// replay never fails, so requiring it blocks nothing: the arena only weighs recognizers
    /// that share touches. Between recognizers written any other way, use the scene key.
    public func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self, !failureRequirements.contains(where: { $0.recognizer === otherGestureRecognizer }) else { return }
        failureRequirements.append((otherGestureRecognizer, false))
    }

    /// Adds a target: the closure is called with the recognizer at every state change that calls
    /// UIKit's actions (see the type's documentation), after the targets added before it.
    public func addTarget(_ action: @escaping (UIGestureRecognizer) -> Void) {
        targets.append(TargetAction(object: nil, hadObject: false, selector: nil, closure: action))
    }

    /// Adds a target method, as `addTarget(_:action:)`: `addTarget(controller, action:
    /// Controller.handlePan)`. The target is held weakly; once it is gone nothing is called.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (UIGestureRecognizer) -> Void) {
        targets.append(TargetAction(object: target, hadObject: true, selector: nil, closure: { [weak target] recognizer in
            if let target { action(target)(recognizer) }
        }))
    }

    /// Adds a target and action, as UIKit's `addTarget(_:action:)`: `action` is called on
    /// `target` (held weakly) with this recognizer, as `registerAction(_:for:_:)` says. A pair
    /// already added is not added twice, as in UIKit. A target that is not a class instance
    /// cannot be held and is not added.
    public func addTarget(_ target: Any, action: Selector) {
        guard type(of: target) is AnyClass else { return }
        let object = target as AnyObject
        guard !targets.contains(where: { $0.selector == action && $0.object === object }) else { return }
        targets.append(TargetAction(object: object, hadObject: true, selector: action, closure: nil))
    }

    /// Removes target-action pairs, as UIKit's `removeTarget(_:action:)`: a nil target removes
    /// the action from every target, a nil action removes every action of the target, and both
    /// nil remove every target (closure targets too). A closure target is removed only by a nil
    /// target (with any action), or by its own object with a nil action.
    public func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.map { $0 as AnyObject }
        targets.removeAll { entry in
            if let object, entry.object !== object { return false }
            if let action { return entry.selector == action }
            return true
        }
    }

    /// Removes every target.
    public func removeAllTargets() {
        targets.removeAll()
    }

    // MARK: Overridden by subclasses

    /// Touches began (those of one event, not ignored). Call `super`: a standard class's own
    /// handling (`UITapGestureRecognizer`'s tap, ...) is reached there.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { backingReceives(.began, touches) }
    /// Touches moved. Call `super` (see `touchesBegan`).
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { backingReceives(.moved, touches) }
    /// Touches lifted. Call `super` (see `touchesBegan`).
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { backingReceives(.ended, touches) }
    /// Touches were cancelled. Call `super` (see `touchesBegan`).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { backingReceives(.cancelled, touches) }
    /// Estimated properties of touches were updated: never called (a trace's values are
    /// measured, not estimated).
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}
    /// The touch and press types code set (`allowedTouchTypes`; TouchDetails.swift).
    package let touchTypes = RecognizerTypes()

    /// Called when the recognizer goes back to `.possible` after a final state: forget the
    /// gesture. Call `super`.
    open func reset() {}

    /// Whether this recognizer must wait for `otherGestureRecognizer` to fail (UIKit's
    /// subclass hook; false): asked, with the delegate, when the two first share a touch (a
    /// requirement for that gesture).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` must wait for this one to fail (UIKit's subclass hook;
    /// false): asked as `shouldRequireFailure(of:)` is.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether this recognizer, winning, may prevent `preventedGestureRecognizer` (UIKit's
    /// subclass hook; true): asked at a win, where the two would compete; false lets both go on.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer`, winning, may prevent this one (UIKit's subclass
    /// hook; true): asked as `canPrevent(_:)` is.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: For subclasses in this module

    /// The fields a `state` record carries with `from` and `to` when `state` is set (none here;
    /// a pan's translation, velocity and touches).
    func stateRecordData(for to: RecognizerState) -> FieldList { FieldList() }

    /// The engine's state has changed to `state` (asked for, or decided by the arena).
    func engineStateDidChange(_ state: RecognizerState) {}

    /// After the engine's reset, before `reset()`.
    func engineDidReset() {}

    /// The deadline asked for (by a backing recognizer) has passed.
    func deadlinePassed() { backingReceives(nil, []) }

    /// The hook of the standard classes that run on a backing recognizer of the library (SPEC
    /// 13): the touches of a touch method that reached this class (`super`), in `phase`, or
    /// (nil) the passing of the deadline. Nothing here; such a class hands them to its backing
    /// recognizer (`drive(_:_:_:)`).
    func backingReceives(_ phase: TouchPhase?, _ touches: Set<UITouch>) {}

    /// The hook of the standard classes for `ignore(_:for:)`: their backing recognizer stops
    /// following the touch. Nothing here.
    func backingIgnores(_ touch: UITouch) {}

    /// One call of a backing recognizer for the touches of a touch method in `phase` (located as
    /// `delivered(_:)` locates them), or (nil) for its deadline; returns whether that calls the
    /// targets (see `drive(_:_:)`).
    func drive<Core: Recognizer>(_ core: inout Core, _ phase: TouchPhase?, _ touches: Set<UITouch>) -> Bool {
        guard let phase else { return drive(&core) { $0.deadlinePassed(&$1) } }
        let set = delivered(touches)
        switch phase {
        case .began: return drive(&core) { $0.touchesBegan(set, &$1) }
        case .moved: return drive(&core) { $0.touchesMoved(set, &$1) }
        case .ended: return drive(&core) { $0.touchesEnded(set, &$1) }
        case .cancelled: return drive(&core) { $0.touchesCancelled(set, &$1) }
        case .stationary: return false
        }
    }

    /// Runs one call of a backing recognizer of the library (SPEC 13) and takes its answer: the
    /// state it is in afterwards. Returns whether that calls the targets: a new state that calls
    /// an action, or — once per event, as SPEC 17 has actions — a `changed` state kept through
    /// the call. The caller calls them once the backing recognizer is no longer being changed
    /// (a target may read it).
    func drive<Core: Recognizer>(_ core: inout Core, _ call: (inout Core, inout DeliveryContext) -> Void) -> Bool {
        guard let context else { return false }
        let event = context.eventIndex
        context.withContext { call(&core, &$0) }
        let after = core.state
        if after != engineState {
            engineState = after
            if after.firesAction { lastActionEvent = event }
            return after.firesAction
        }
        guard after == .changed, lastActionEvent != event else { return false }
        lastActionEvent = event
        // UIKit's recognizer sets `changed` again at such an event: an override of `state` hears it.
        reportThroughSetter(from: after)
        return true
    }

    /// Asks the engine for a change; calls the targets if it stands and calls an action.
    @discardableResult
    func request(_ to: RecognizerState, _ data: FieldList) -> RecognizerState {
        guard let context else { return engineState }
        let from = engineState
        let result = context.requestState(to, data)
        let stood = result == to && (from != to || to == .changed)
        if result != from || stood {
            engineState = result
            engineStateDidChange(result)
        }
        if stood && to.firesAction { actionIsDue() }
        return result
    }

    /// Its answer to a question of touchtrace's arena (SPEC 17): its delegate's, or its own
    /// overrides' (`shouldRequireFailure(of:)`, `shouldBeRequiredToFail(by:)`), as UIKit asks.
    func arenaAnswer(_ question: ArenaQuestion, about other: UIGestureRecognizer) -> Bool? {
        switch question {
        case .shouldBegin:
            if view?.gestureRecognizerShouldBegin(self) == false { return false }
            // A view that is its own recognizer's delegate (a scroll view's pan) answered above.
            if let delegate, delegate === view { return true }
            return delegate?.gestureRecognizerShouldBegin(self)
        case .recognizeSimultaneously:
            // Neither may prevent the other where either's override says so.
            if !canPrevent(other) || !other.canBePrevented(by: self) || !other.canPrevent(self) || !canBePrevented(by: other) { return true }
            return delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other)
        case .requireFailure:
            return shouldRequireFailure(of: other) || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
        case .beRequiredToFail:
            return shouldBeRequiredToFail(by: other) || delegate?.gestureRecognizer(self, shouldBeRequiredToFailBy: other) == true
        }
    }

    /// The record data of a change `isEnabled = false` (or a removal) makes: in version 2, the
    /// reason first.
    private func disabledRecordData(for to: RecognizerState, reason: String) -> FieldList {
        let data = stateRecordData(for: to)
        guard context?.recordsReasons == true else { return data }
        var fields = FieldList(Field("reason", .text(SharedText(reason))))
        for field in data.prefix(FieldList.capacity - 1) { fields.append(field) }
        return fields
    }

    /// Asks to fail with `reason` (a `failed` record with it).
    func failWith(reason: String) {
        request(.failed, FieldList(Field("reason", .text(SharedText(reason)))))
    }

    /// A change that calls the actions stood: they run once the event has been delivered
    /// (`runDueActions`), as UIKit runs them at the next turn of the run loop — once per event,
    /// with the state as it is then.
    func actionIsDue() {
        actionDue = true
        context?.callAfterEvent()
    }

    /// After the event: the targets are called, in the order added, if a change that calls
    /// them happened in it and the state still calls them (not `possible`, not `failed`).
    func runDueActions(_ context: DeliveryHandle) {
        guard actionDue else { return }
        actionDue = false
        guard engineState.firesAction else { return }
        self.context = context
        defer { self.context = nil }
        callTargets()
    }

    func callTargets() {
        MediaClock.enterCode()
        for target in targets {
            if let closure = target.closure {
                closure(self)
            } else if let selector = target.selector, let object = target.object {
                perform(selector, on: object)
            }
        }
    }

    /// The engine decided a state without being asked (a waiting recognizer won, a winner
    /// prevented this one): take it, and call the targets if it calls an action.
    func engineKeep(_ state: RecognizerState) {
        guard state != engineState else { return }
        engineState = state
        engineStateDidChange(state)
        // The engine asks for the call after the event (see `Replayer`'s release of a waiting
        // recognizer); the actions run then.
        if state.firesAction { actionDue = true }
    }

    /// The engine resets the recognizer: back to `.possible`, with no touches, then `reset()`.
    func engineReset() {
        // Its last state decides what the views' touches it held become (`ViewTouchDelivery`).
        world?.viewTouches.recognizersMayHaveDecided(at: MediaClock.now)
        engineState = .possible
        ignored.removeAll()
        touchesDown.removeAll()
        engineDidReset()
        reset()
    }

    /// The touches of the call under way that are in `touches` and not ignored, in the event's order — located,
    /// once gesture code has moved the recognizer's view, as if the view were still where the
    /// scene put it: UIKit's recognizers measure in the window, so moving, scaling or turning
    /// the view under the fingers changes no translation, scale or angle.
    func delivered(_ touches: Set<UITouch>) -> TouchSet {
        var set: TouchSet
        if touches.count == currentSet.count && currentSet.allSatisfy({ touchObjects[$0.serial].map(touches.contains) ?? false }) {
            set = currentSet
        } else {
            set = TouchSet(currentSet.filter { touchObjects[$0.serial].map(touches.contains) ?? false })
        }
        // A touch the subclass ignored before calling `super` is not the standard class's either.
        if !ignored.isEmpty && set.contains(where: { ignored.contains($0.serial) }) {
            set = TouchSet(set.filter { !ignored.contains($0.serial) })
        }
        let origin: Point
        if let addedAt = addedInsideAt {
            // Added during the replay to a view inside its scene view: located in its own view,
            // where that view was on the screen as it joined.
            origin = addedAt
        } else {
            guard let world, sceneView >= 0, world.hasMoved(sceneView) else { return set }
            origin = world.sceneOrigins[sceneView]
        }
        return TouchSet(set.map { touch in
            var moved = touch
            let now = touchObjects[touch.serial]?.screenLocation ?? CGPoint(x: touch.location.x, y: touch.location.y)
            let before = touchObjects[touch.serial]?.previousScreenLocation ?? now
            moved.location = Point(x: Double(now.x) - origin.x, y: Double(now.y) - origin.y)
            moved.previousLocation = Point(x: Double(before.x) - origin.x, y: Double(before.y) - origin.y)
            return moved
        })
    }
}

extension UIGestureRecognizer.State {
    init(_ state: RecognizerState) {
        switch state {
        case .possible: self = .possible
        case .began: self = .began
        case .changed: self = .changed
        case .ended, .recognized: self = .ended
        case .cancelled: self = .cancelled
        case .failed: self = .failed
        }
    }
}
