import TouchTrace

/// What TouchTraceUIKit keeps for one replay: the scene's views as `UIView` objects that every
/// recognizer of the replay shares (a recognizer's `view` is its scene view's), and what gesture
/// code has done to them (SPEC 17, "Views that move").
///
/// After each event — or deadline — and the actions run after it, every scene view whose
/// `center`, `transform`, `bounds`, `alpha` or `isHidden` is not what it was gets one record
/// `VIEW.view viewChanged` with the fields that changed, in that order (`center` [x, y] in its
/// superview's coordinates; `transform` [a, b, c, d, tx, ty]; `bounds` [x, y, width, height];
/// `alpha`; `isHidden`), and from then on it, and the views inside it, are hit and given
/// touches where they now are. A hidden view, or one of `alpha` below 0.01, is hit by no touch
/// (as in UIKit); the touches it has keep coming.
///
/// In a screen built in code, a view its code makes and puts in the screen during the replay
/// joins at the end of the event that put it there (see `recordMadeViews`) and from then on
/// has the same records, under the name `LateNames` gives it.
final class UIKitReplay: ReplayAttachment {
    /// What a record says of a view, and where its layer's anchor point is (no record says it:
    /// a view whose anchor point alone moved is placed again, with no record).
    struct Look: Equatable {
        var center: CGPoint
        var transform: CGAffineTransform
        var bounds: CGRect
        var alpha: CGFloat
        var isHidden: Bool
        var anchorPoint: CGPoint

        init(_ view: UIView) {
            center = view.center
            transform = view.transform
            bounds = view.bounds
            alpha = view.alpha
            isHidden = view.isHidden
            anchorPoint = view.displayLook.madeLayer?.anchorPoint ?? CGPoint(x: 0.5, y: 0.5)
        }
    }

    /// The scene's views, in scene order.
    let views: [UIView]
    /// Each view's look as last recorded (as the scene placed it, at first).
    private var recorded: [Look]
    /// Each view's `changeCount` when last looked at.
    private var counts: [Int]
    /// Each view's superview (index), or −1.
    private let superviews: [Int]
    /// Each view's origin on the screen where the scene put it.
    let sceneOrigins: [Point]
    /// Whether gesture code has moved the view (or a view it is inside) since the replay began.
    private var moved: [Bool]

    /// Whether view `v` has moved (itself, or inside a view that has).
    func hasMoved(_ v: Int) -> Bool { moved[v] }

    /// The replay's views, made from the scene's at the first call of a TouchTraceUIKit
    /// recognizer in the replay.
    static func of(_ context: DeliveryContext) -> UIKitReplay {
        if let world = context.replayAttachment as? UIKitReplay { return world }
        let world = UIKitReplay(sceneViews: context.sceneViews, timeline: ReplayTimeline())
        context.replayAttachment = world
        ReplayTimeline.current = world.timeline
        return world
    }

    /// The replay's copy of a screen built in code, made at the first call of one of its
    /// recognizers (`ScreenType.uiKit`).
    static func of(_ context: DeliveryContext, screen: ScreenMaker) -> UIKitReplay {
        if let world = context.replayAttachment as? UIKitReplay { return world }
        // Work the screen's code scheduled as it was made (in `viewDidLoad`) is this replay's.
        let built = screen.take()
        let timeline = built.timeline
        ReplayTimeline.current = timeline
        let tree = built.tree
        let world = UIKitReplay(views: tree.views, sceneViews: context.sceneViews, recognizers: tree.recognizers, owner: tree.owner,
                                timeline: timeline)
        world.names = LateNames(tree: tree)
        if var top = tree.views.first {
            while let up = top.superview { top = up }
            world.seenTreeCount = top.treeChangeCount
            world.treeRoot = top
        }
        context.replayAttachment = world
        // From now on, a recognizer its code adds to a view joins the replay.
        timeline.addedRecognizers = []
        return world
    }

    /// The recognizers of a screen built in code, in scene order (none for a scene file's).
    let recognizers: [UIGestureRecognizer]
    /// What keeps a screen's handlers alive (its view controller and window), or a scene file's
    /// window (a view does not hold its superview).
    private let owner: AnyObject?

    /// The work its code has scheduled for later (timers, blocks for the main queue).
    let timeline: ReplayTimeline

    /// The replay's views of a scene file: its top-level views in a `UIWindow` of
    /// `UIScreen.main`'s bounds at (0, 0), as a screen built in code is (so `view.window` is
    /// there, SPEC 17), and each other view in its superview.
    convenience init(sceneViews: [(screenFrame: Rect, superview: Int)], timeline: ReplayTimeline) {
        let window = UIWindow(frame: UIScreen.main.bounds)
        var views: [UIView] = []
        for (frame, superview) in sceneViews {
            let parent = superview >= 0 ? sceneViews[superview].screenFrame.origin : Point.zero
            let rect = CGRect(x: frame.x - parent.x, y: frame.y - parent.y, width: frame.width, height: frame.height)
            views.append(UIView(frame: rect, superview: superview >= 0 ? views[superview] : window))
        }
        self.init(views: views, sceneViews: sceneViews, recognizers: [], owner: window, timeline: timeline)
    }

    private init(views: [UIView], sceneViews: [(screenFrame: Rect, superview: Int)], recognizers: [UIGestureRecognizer], owner: AnyObject?,
                 timeline: ReplayTimeline) {
        self.timeline = timeline
        self.recognizers = recognizers
        self.owner = owner
        self.views = views
        self.recorded = views.map(Look.init)
        self.counts = views.map(\.changeCount)
        self.superviews = sceneViews.map(\.superview)
        self.sceneOrigins = sceneViews.map { $0.screenFrame.origin }
        // A view a screen's code turned, scaled, shifted or hid before the first event starts
        // where it is (the scene gave the engine its place: `SceneView.startPlacement`).
        self.moved = views.count == sceneViews.count ? views.map(UIKitReplay.startsElsewhere) : Array(repeating: false, count: sceneViews.count)
    }

    /// The replay's `UITouch` objects, one per finger, shared by the window, the recognizers
    /// and the views.
    let touches = ReplayTouches()
    /// The touches on their way to the views' own touch methods (a screen built in code).
    lazy var viewTouches = ViewTouchDelivery(touches: touches)

    /// Each view's index in scene order, by identity (made at the first hit test).
    private var indexOfView: [ObjectIdentifier: Int] = [:]
    /// The view each touch down hit (by serial), as `hitTest(_:with:)` returned it.
    private var hitViews: [Int: UIView] = [:]

    /// The view the touch `serial` hit when it began, while it is down (nil for a scene file's
    /// views, or a touch that hit nothing).
    func hitView(of serial: Int) -> UIView? { hitViews[serial] }

    /// The touch `serial` has lifted or was cancelled.
    func forgetHit(_ serial: Int) { hitViews[serial] = nil }

    /// The scene view the touch `serial` beginning at screen point `p` at time `t` (seconds)
    /// belongs to, or −1: the view the tree's own `hitTest(_:with:)` returns, asked of the topmost view
    /// above the root (its window) with the point in that view's coordinates, as UIKit's
    /// window asks. UIKit's rules are those of `UIView.hitTest(_:with:)` unless a view
    /// overrides it or `point(inside:with:)`. A view the code added to the tree after the scene
    /// was made stands for the nearest scene view it is inside; the window itself, or nothing,
    /// is −1 (the touch hits no view).
    func hitTest(_ p: Point, serial: Int, at t: Double) -> Int {
        guard var top = views.first else { return -1 }
        makeIndexOfView()
        while let up = top.superview { top = up }
        let event = UIEvent(timestamp: t, touches: [])
        var hit = top.hitTest(top.convert(CGPoint(x: p.x, y: p.y), from: nil), with: event)
        if let hit { hitViews[serial] = hit }
        while let view = hit {
            if let v = indexOfView[ObjectIdentifier(view)] { return v }
            hit = view.superview
        }
        return -1
    }

    private func makeIndexOfView() {
        if indexOfView.isEmpty {
            for (v, view) in views.enumerated() { indexOfView[ObjectIdentifier(view)] = v }
        }
    }

    // MARK: Recognizers added during the replay (SPEC 17)

    /// The names of the screen's views and recognizers, and of those named since (nil for a
    /// scene file's views).
    private var names: LateNames?

    /// Takes in the recognizers gesture code added to views since the last time, in the order
    /// added, once their view is in the screen (inside one of its views): each is named (see
    /// `LateNames`) and handed to the engine, which gives it the touches that begin on its view
    /// from the next one on. One whose view is not in the screen yet waits for a later time;
    /// one gone, taken off that view, or already the replay's is passed over (adding it again
    /// changes nothing: it is on its view).
    private func joinAddedRecognizers(_ context: inout DeliveryContext) {
        guard var names, let added = timeline.addedRecognizers else { return }
        makeIndexOfView()
        var waiting: [AddedRecognizer] = []
        for entry in added {
            guard let recognizer = entry.recognizer, let view = entry.view, recognizer.addedView === view, recognizer.builtOn == nil else {
                continue
            }
            // The scene view it joins: its view, or the nearest the view is inside.
            var depth = 0
            var u: UIView? = view
            var sceneView = -1
            while let current = u {
                if let v = indexOfView[ObjectIdentifier(current)] {
                    sceneView = v
                    break
                }
                depth += 1
                u = current.superview
            }
            guard sceneView >= 0 else {
                waiting.append(entry)
                continue
            }
            let viewName = names.name(of: view, sceneIndex: depth == 0 ? sceneView : nil)
            let recognizerName = names.recognizerName(recognizer, on: view, sceneIndex: depth == 0 ? sceneView : nil)
            recognizer.builtOn = view
            if depth > 0 {
                let corner = view.pointOnScreen(view.bounds.origin)
                recognizer.addedInsideAt = Point(x: Double(corner.x), y: Double(corner.y))
            }
            // Of the touches that reach the scene view, those whose hit view is in its view.
            let accepts: ((Int) -> Bool)? = depth == 0 ? nil : { [weak self, weak view] serial in
                guard let view, let hit = self?.hitView(of: serial) else { return false }
                return hit.isDescendant(of: view)
            }
            context.addLateRecognizer(UIKitRecognizer(added: recognizer), toView: sceneView, view: viewName, name: recognizerName,
                                      depth: depth, cancelsTouchesInView: recognizer.cancelsTouchesInView, accepts: accepts)
        }
        timeline.addedRecognizers = waiting
        self.names = names
    }

    /// The objects of the touches down, in the order they began (see `sendEvent`).
    private var windowTouches: [UITouch] = []

    /// Hands the event number `index` at `t` (seconds) to the application, then its window
    /// (`UIApplication.sendEvent(_:)`, `UIWindow.sendEvent(_:)`): `touches` are the event's, on
    /// the screen, in the order it lists them; `deliver` delivers it (the base `sendEvent` of
    /// the window calls it). `allTouches` holds the replay's objects of every touch down (those
    /// the event does not change `stationary`). The touches of an event kept from the views are
    /// forgotten here.
    func sendEvent(_ touches: TouchSet, event index: Int, at t: Double, maximumForce: Double?, deliver: () -> Void) {
        self.touches.enter(event: index)
        windowTouches.removeAll { $0.phase == .ended || $0.phase == .cancelled }
        for touch in touches {
            let location = CGPoint(x: touch.location.x, y: touch.location.y)
            let previous = touch.phase == .began ? location : CGPoint(x: touch.previousLocation.x, y: touch.previousLocation.y)
            let object = self.touches.object(for: touch, at: location, previous: previous, t: t, view: hitViews[touch.serial],
                                             maximumForce: maximumForce)
            if !windowTouches.contains(where: { $0 === object }) { windowTouches.append(object) }
        }
        var window: UIWindow?
        if var top = views.first {
            while let up = top.superview { top = up }
            window = top as? UIWindow
        }
        var delivered = false
        withoutActuallyEscaping({
            delivered = true
            MediaClock.keepingEntry(deliver)
        }) { delivery in
            let event = UIEvent(timestamp: t, touches: Set(windowTouches), window: window, delivery: delivery)
            MediaClock.enterCode()
            UIApplication.shared.sendEvent(event)
            event.close()
        }
        for touch in touches where touch.phase.isEnding {
            forgetHit(touch.serial)
            // Kept from the views: the view that has it never hears that it lifted.
            if !delivered { viewTouches.forget(touch.serial) }
        }
    }

    /// After an event and its actions: the records of the views that changed, and their new
    /// places (theirs and their subviews') in the engine.
    func eventDidEnd(_ context: inout DeliveryContext) {
        MediaClock.now = context.t
        ReplayTimeline.current = timeline
        if let added = timeline.addedRecognizers, !added.isEmpty { joinAddedRecognizers(&context) }
        // What the recognizers decided in it reaches the views' touch methods first (their code
        // may move views too).
        viewTouches.recognizersMayHaveDecided(at: context.t, inEvent: true)
        var moved = Array(repeating: false, count: views.count)
        for (v, view) in views.enumerated() {
            if superviews[v] >= 0 && moved[superviews[v]] { moved[v] = true }
            guard view.changeCount != counts[v] else { continue }
            counts[v] = view.changeCount
            let now = Look(view)
            let before = recorded[v]
            guard now != before else { continue }
            recorded[v] = now
            moved[v] = true
            let fields = UIKitReplay.changes(from: before, to: now)
            if fields.count > 0 { context.emitViewChanged(v, fields) }
        }
        for (v, view) in views.enumerated() where moved[v] {
            self.moved[v] = true
            place(v, view, &context)
        }
        if let treeRoot { recordMadeViews(treeRoot, &context) }
    }

    /// The `viewChanged` fields of a view that looked `before` and looks `now`: those that
    /// changed, in the records' order.
    private static func changes(from before: Look, to now: Look) -> FieldList {
        var fields = FieldList()
        if now.center != before.center { fields.append(Field("center", .point(Point(x: now.center.x, y: now.center.y)))) }
        if now.transform != before.transform {
            let t = now.transform
            fields.append(Field("transform", .numbers([t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0) })))
        }
        if now.bounds != before.bounds {
            let b = now.bounds
            fields.append(Field("bounds", .numbers([b.origin.x, b.origin.y, b.width, b.height].map { Double($0) })))
        }
        if now.alpha != before.alpha { fields.append(Field("alpha", .number(Double(now.alpha)))) }
        if now.isHidden != before.isHidden { fields.append(Field("isHidden", .name(now.isHidden ? "true" : "false"))) }
        return fields
    }

    // MARK: Views made during the replay (SPEC 17)

    /// A view gesture code made and put in the screen during the replay (held: its name and
    /// source stay its own, even while it is out of the tree).
    private struct MadeView {
        let view: UIView
        /// Its number for `DeliveryContext.emitMadeViewChanged`.
        let k: Int
        /// Its look as last recorded (as it joined, or was put back, at first).
        var recorded: Look
        /// Its `changeCount` when last looked at.
        var count: Int
        /// Whether it was in the tree at the last look.
        var inTree: Bool
    }

    /// The views made during the replay that have joined it, in the order they joined.
    private var madeViews: [MadeView] = []
    /// Each made view's place in `madeViews`, by identity (the views are held, so no identity is
    /// reused).
    private var indexOfMadeView: [ObjectIdentifier: Int] = [:]
    /// The tree's `treeChangeCount` at the last look (at first, as the screen was built).
    private var seenTreeCount = 0
    /// The root of the screen's tree (its window) at the last look; nil for a scene file's views.
    private var treeRoot: UIView?

    /// After an event and its actions, on a screen built in code: when views have been put in or
    /// taken out of the tree since the last time, looks through the whole tree (from its window)
    /// for views that are not the screen's as built. One not seen before joins, named by
    /// `LateNames` (the name its recognizers' records use), looking as it does now; one that was
    /// taken out and is back joins again under its name, looking as it does now; one no longer
    /// in the tree has no records while it is out. Then every made view in the tree whose
    /// `center`, `transform`, `bounds`, `alpha` or `isHidden` is not as last recorded gets a
    /// `VIEW.view viewChanged` record, as a view of the screen does.
    private func recordMadeViews(_ root: UIView, _ context: inout DeliveryContext) {
        if root.treeChangeCount != seenTreeCount, var top = views.first {
            // (Taking the screen's views out of that root counts there too: the root is found again.)
            while let up = top.superview { top = up }
            treeRoot = top
            seenTreeCount = top.treeChangeCount
            lookThroughTree(top, &context)
        }
        for k in madeViews.indices where madeViews[k].inTree {
            let view = madeViews[k].view
            guard view.changeCount != madeViews[k].count else { continue }
            madeViews[k].count = view.changeCount
            let now = Look(view)
            let before = madeViews[k].recorded
            guard now != before else { continue }
            madeViews[k].recorded = now
            let fields = UIKitReplay.changes(from: before, to: now)
            if fields.count > 0 { context.emitMadeViewChanged(madeViews[k].k, fields) }
        }
    }

    /// Finds the views in the tree of `top` that are not the screen's as built (see
    /// `recordMadeViews`), in the tree's order: each view, then its subviews back to front.
    private func lookThroughTree(_ top: UIView, _ context: inout DeliveryContext) {
        guard var names else { return }
        makeIndexOfView()
        var seen = Array(repeating: false, count: madeViews.count)
        var stack: [UIView] = [top]
        while let view = stack.popLast() {
            for subview in view.subviews.reversed() { stack.append(subview) }
            let id = ObjectIdentifier(view)
            if view === top && view is UIWindow { continue }
            if indexOfView[id] != nil { continue }
            if let k = indexOfMadeView[id] {
                seen[k] = true
                if !madeViews[k].inTree {
                    madeViews[k].inTree = true
                    madeViews[k].recorded = Look(view)
                    madeViews[k].count = view.changeCount
                }
                continue
            }
            let name = names.name(of: view, sceneIndex: nil)
            let k = context.addMadeView(named: name)
            indexOfMadeView[id] = madeViews.count
            madeViews.append(MadeView(view: view, k: k, recorded: Look(view), count: view.changeCount, inTree: true))
            seen.append(true)
        }
        for k in madeViews.indices where !seen[k] { madeViews[k].inTree = false }
        self.names = names
    }

    /// The earliest work its code has scheduled (see `ReplayTimeline`).
    var nextWork: (time: Double, micros: Int64)? { timeline.next }

    /// Whether work other than a repeating timer's next firing is pending.
    var hasOneShotWork: Bool { timeline.hasOneShotWork }

    /// Runs the earliest piece of work if it is due by `micros`.
    func runNextWork(dueBy micros: Int64, _ context: inout DeliveryContext) -> Bool {
        timeline.runNext(dueBy: micros, &context)
    }

    /// Tells the engine where view `v` is on the screen now.
    private func place(_ v: Int, _ view: UIView, _ context: inout DeliveryContext) {
        let placement = UIKitReplay.placement(of: view)
        context.placeView(v, size: placement.size, toScreen: placement.toScreen)
    }

    /// Whether `view` is not where its frame alone puts it: it, or a view it is inside, has a
    /// transform, a bounds origin other than (0, 0), is hidden or has `alpha` below 0.01.
    static func startsElsewhere(_ view: UIView) -> Bool {
        var u: UIView? = view
        while let current = u {
            if current.transform != .identity || current.bounds.origin != .zero || current.isHidden || current.alpha < 0.01 { return true }
            u = current.superview
        }
        return false
    }

    /// Where `view` is on the screen: its bounds' size (zero when it, or a view it is inside, is
    /// hidden or of `alpha` below 0.01) and the map from its coordinates, bounds taken from
    /// (0, 0), to the screen's.
    static func placement(of view: UIView) -> (size: (width: Double, height: Double), toScreen: Affine) {
        var hidden = false
        var u: UIView? = view
        while let current = u {
            if current.isHidden || current.alpha < 0.01 { hidden = true }
            u = current.superview
        }
        // The map from the view's own coordinates (its bounds) to the screen's, from where three
        // of its points land.
        let origin = view.pointOnScreen(CGPoint(x: 0, y: 0))
        let across = view.pointOnScreen(CGPoint(x: 1, y: 0))
        let down = view.pointOnScreen(CGPoint(x: 0, y: 1))
        let toScreen = Affine(a: Double(across.x - origin.x), b: Double(across.y - origin.y),
                              c: Double(down.x - origin.x), d: Double(down.y - origin.y),
                              tx: Double(origin.x), ty: Double(origin.y))
        // Hit testing takes the bounds from (0, 0): a bounds origin elsewhere is in the map.
        let shifted = Affine(a: toScreen.a, b: toScreen.b, c: toScreen.c, d: toScreen.d,
                             tx: toScreen.a * Double(view.bounds.origin.x) + toScreen.c * Double(view.bounds.origin.y) + toScreen.tx,
                             ty: toScreen.b * Double(view.bounds.origin.x) + toScreen.d * Double(view.bounds.origin.y) + toScreen.ty)
        let size = hidden ? (width: 0.0, height: 0.0) : (width: Double(view.bounds.width), height: Double(view.bounds.height))
        return (size, shifted)
    }
}

/// A recognizer gesture code added to a view during a replay, on its way into it (both held
/// weakly: a view holds its recognizers, its superview the view).
struct AddedRecognizer {
    weak var recognizer: UIGestureRecognizer?
    weak var view: UIView?
}

/// How the views and recognizers that join a replay are named (SPEC 17), by `ScreenTree`'s
/// rules applied as each joins: a view by its `accessibilityIdentifier`, else its type and
/// index among its superview's subviews then (`UIView[2]`); where a view of the screen, or one
/// named before, has that name, its superview's name and `/` in front (`UIView[0]/UIView[2]`),
/// and if that too is taken, `#2`, `#3`, … after it. A name is never given twice in a replay,
/// even after its view is gone, so every source is its own. A recognizer is named by its `name`,
/// else its class's short name (`tap`, `pan`), with 2, 3, … after a name its view already has
/// (of the screen as built, or given before).
struct LateNames {
    /// Every view name given in the replay (the screen's, then those given since).
    private var used: Set<String>
    /// The screen's views' names, and each view's recognizers' names, in scene order.
    private let sceneNames: [String]
    private let sceneViews: [WeakView]
    private var sceneRecognizerNames: [[String]]
    /// Views outside the screen as built that have been named, with their recognizers' names.
    private var named: [(view: WeakView, name: String, recognizers: [String])] = []

    struct WeakView {
        weak var view: UIView?
    }

    init(tree: ScreenTree) {
        used = Set(tree.names)
        sceneNames = tree.names
        sceneViews = tree.views.map { WeakView(view: $0) }
        sceneRecognizerNames = tree.recognizerNames
    }

    /// The name of `view`: the screen's (`sceneIndex`), the one it was given, or a new one.
    mutating func name(of view: UIView, sceneIndex: Int?) -> String {
        if let v = sceneIndex { return sceneNames[v] }
        if let k = named.firstIndex(where: { $0.view.view === view }) { return named[k].name }
        let superview = view.superview
        let index = superview?.subviews.firstIndex { $0 === view } ?? 0
        var name = view.accessibilityIdentifier ?? "\(type(of: view))[\(index)]"
        if used.contains(name), let superview { name = self.name(of: superview, sceneIndex: nil, orScene: true) + "/" + name }
        let base = name
        var n = 2
        while used.contains(name) {
            name = "\(base)#\(n)"
            n += 1
        }
        used.insert(name)
        named.append((WeakView(view: view), name, []))
        return name
    }

    /// The name of a superview: the screen's if it is one of its views, else as `name(of:)`.
    private mutating func name(of view: UIView, sceneIndex: Int?, orScene: Bool) -> String {
        if let k = sceneViews.firstIndex(where: { $0.view === view }) { return sceneNames[k] }
        return name(of: view, sceneIndex: sceneIndex)
    }

    /// A name for `recognizer`, joining on `view` (a view of the screen: `sceneIndex`).
    mutating func recognizerName(_ recognizer: UIGestureRecognizer, on view: UIView, sceneIndex: Int?) -> String {
        var name = recognizer.name ?? ScreenTree.shortName(of: recognizer)
        if name == Scene.viewSourceName { name = "viewRecognizer" }
        let taken: [String]
        let k = named.firstIndex { $0.view.view === view }
        if let v = sceneIndex { taken = sceneRecognizerNames[v] } else { taken = k.map { named[$0].recognizers } ?? [] }
        let base = name
        var m = 2
        while taken.contains(name) {
            name = "\(base)\(m)"
            m += 1
        }
        if let v = sceneIndex { sceneRecognizerNames[v].append(name) } else if let k { named[k].recognizers.append(name) }
        return name
    }
}
