import TouchTrace

/// A screen built in code: the views of a `UIView` tree — typically a view controller's view
/// after `viewDidLoad()` — with the gesture recognizers added to them, as a scene (SPEC 17).
///
/// Register it, and name it from a fixture folder's `scene.json` as `{"screen": "photo"}`:
///
/// ```swift
/// var registry = Registry.standard
/// try registry.register(.uiKit("photo") { PhotoViewController() })
/// ```
///
/// The root view is put in a `UIWindow` of `UIScreen.main`'s bounds at (0, 0) (unless it is a
/// window or already in a view), as an app's is, before the tree is read: its views'
/// `willMove(toWindow:)` hooks run, and `view.window` is there for the gesture code.
///
/// Every replay builds the screen afresh (a controller's `view` is loaded, `viewDidLoad()` runs),
/// so fixtures replayed one after another, or at once on several threads, never share a view,
/// a recognizer or a controller; the controller is kept for the length of the replay (its
/// handlers and delegate answers run). The tree must come out the same each time.
///
/// **Recognizers.** A recognizer takes the touches of the view it was on when the screen was
/// built, while it is on that view (taken off, it gets none until put back). One that gesture
/// code adds to a view during the replay joins once the call that added it is over and takes
/// part from the next touch that begins, as one of the screen as built: the touches hit inside
/// its view (a view made during the replay too, hit where it is), the arena by SPEC 12, its
/// deadlines, its records under a name given as it joins by the rules below (see `LateNames`:
/// where a name is taken, the superview's name in front, then `#2`, `#3`, …; never a name given
/// before in the replay). A touch down as it is added is not its.
///
/// **Names.** A view is named by its `accessibilityIdentifier`, else by its type and its index
/// among its siblings (`UIImageView[1]`), with its superview's name in front where two would
/// share a name (`card/UIView[0]`). A recognizer is named by its `name`, else by its class
/// without `UI` and `GestureRecognizer` (`pan`, `pinch`, `rotation`, `checkmark`), with 2, 3, …
/// after a name its view already has. The views are in scene order: a view, then its subviews
/// back to front; a top-level view's frame is on the screen.
///
/// **The application.** Each replay makes its `UIApplication` before the screen, of the class
/// `application` names (`UIApplication` unless named), as `UIApplicationMain` makes an app's
/// principal class: `UIApplication.shared` during the replay, and the first to be sent each
/// event (`UIApplication.sendEvent(_:)`, then the window's `sendEvent(_:)`).
extension ScreenType {
    /// The screen of the view controller `make` makes: its `view`, loaded.
    public static func uiKit(_ name: String, summary: String = "a view controller built in code (TouchTraceUIKit)",
                             application: UIApplication.Type = UIApplication.self,
                             controller make: @escaping @Sendable () -> UIViewController) -> ScreenType {
        screen(name, summary: summary, application: application) {
            let controller = make()
            controller.loadViewIfNeeded()
            let root: UIView = controller.view
            return ScreenTree(root: root, owner: ScreenHolder(controller, ScreenHolder.window(for: root)))
        }
    }

    /// The screen of the view tree `make` makes (the root's frame is on the screen).
    public static func uiKit(_ name: String, summary: String = "a view tree built in code (TouchTraceUIKit)",
                             application: UIApplication.Type = UIApplication.self,
                             view make: @escaping @Sendable () -> UIView) -> ScreenType {
        screen(name, summary: summary, application: application) {
            let root = make()
            return ScreenTree(root: root, owner: ScreenHolder(nil, ScreenHolder.window(for: root)))
        }
    }

    private static func screen(_ name: String, summary: String, application: UIApplication.Type,
                               _ build: @escaping @Sendable () -> ScreenTree) -> ScreenType {
        ScreenType(name: name, summary: summary) { version in
            // Built as a replay builds it (its application first, its scheduled work on a
            // timeline of its own), and kept for the first replay of this scene on this thread:
            // the screen's code runs once a replay, as an app's `viewDidLoad` runs once.
            let first = ScreenBuild.made(application: application, build)
            let tree = first.tree
            let maker = ScreenMaker(build: build, viewCount: tree.views.count, recognizerCount: tree.recognizers.count, name: name,
                                    application: application, first: FirstScreenBuild(first))
            var views: [SceneView] = []
            var k = 0
            for (v, view) in tree.views.enumerated() {
                var recognizers: [SceneRecognizer] = []
                for recognizerName in tree.recognizerNames[v] {
                    recognizers.append(SceneRecognizer(name: recognizerName, recognizer: UIKitRecognizer(screen: maker, index: k),
                                                       cancelsTouchesInView: tree.recognizers[k].cancelsTouchesInView))
                    k += 1
                }
                let f = view.frame
                var sceneView = SceneView(name: tree.names[v], frame: Rect(x: Double(f.origin.x), y: Double(f.origin.y), width: Double(f.width), height: Double(f.height)),
                                          superview: tree.superviews[v] >= 0 ? tree.superviews[v] : nil, recognizers: recognizers)
                // Turned, scaled, shifted or hidden by the code that built it (in `viewDidLoad`):
                // hit and located where it is from the first event on, as on a device.
                if UIKitReplay.startsElsewhere(view) { sceneView.startPlacement = UIKitReplay.placement(of: view) }
                views.append(sceneView)
            }
            var scene = Scene(views: views, origin: "the screen \"\(name)\"", version: version)
            // A touch's view is the one the tree's own `hitTest(_:with:)` finds, as on a device.
            scene.host = ScreenHost(screen: maker)
            return scene
        }
    }
}

/// What keeps a screen built in code alive for its replay: its view controller (whose handlers
/// run) and the window its root view is put in, as an app's is: `view.window` is a `UIWindow`
/// of `UIScreen.main`'s bounds at (0, 0), so the screen's coordinates are the window's.
final class ScreenHolder {
    let controller: AnyObject?
    let window: UIWindow?

    init(_ controller: AnyObject?, _ window: UIWindow?) {
        self.controller = controller
        self.window = window
    }

    /// Puts `root` in a new window (its `willMove(toWindow:)` and `didMoveToWindow()` hooks
    /// run, the subviews' too), unless it is a window or already in a view.
    static func window(for root: UIView) -> UIWindow? {
        guard !(root is UIWindow), root.superview == nil else { return nil }
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.addSubview(root)
        return window
    }
}

/// What a screen built in code does in its replays in place of the engine: a touch that
/// begins is hit-tested by the tree's own `hitTest(_:with:)` from its window (or its root),
/// as `UIWindow` does on a device, so a view that overrides `point(inside:with:)` or
/// `hitTest(_:with:)` decides where touches go (see `UIKitReplay.hitTest`).
struct ScreenHost: SceneHost {
    let screen: ScreenMaker

    func hitTest(_ p: Point, serial: Int, _ context: inout DeliveryContext) -> Int {
        UIKitReplay.of(context, screen: screen).hitTest(p, serial: serial, at: context.t)
    }

    /// The hit view's touch methods get the set (see `ViewTouchDelivery`).
    func touchesDelivered(_ set: TouchSet, phase: Int, hitView v: Int, _ context: inout DeliveryContext) {
        let world = UIKitReplay.of(context, screen: screen)
        guard v >= 0 && v < world.views.count else { return }
        // The views' code runs at the event's time, on this replay's timeline (a control's
        // timer is this replay's even when no recognizer has been called in the event).
        MediaClock.now = context.t
        ReplayTimeline.current = world.timeline
        let located = context
        world.viewTouches.deliver(set, phase: phase, to: world.views[v], event: context.eventIndex, at: context.t,
                                  maximumForce: context.traceMaximumForce, hitView: { world.hitView(of: $0) }) {
            located.screenLocation($0, ofView: v)
        }
        if phase >= 2 {
            for touch in set { world.forgetHit(touch.serial) }
        }
    }
}

extension ScreenHost {
    /// The event goes through the application and the window (`UIWindow.sendEvent(_:)`), whose
    /// base delivers it.
    func sendEvent(_ context: inout DeliveryContext, deliver: () -> Void) {
        let world = UIKitReplay.of(context, screen: screen)
        MediaClock.now = context.t
        ReplayTimeline.current = world.timeline
        world.sendEvent(context.eventTouches, event: context.eventIndex, at: context.t, maximumForce: context.traceMaximumForce, deliver: deliver)
    }
}

/// How every replay makes its own copy of a screen (see `ScreenType.uiKit`).
struct ScreenMaker: Sendable {
    let build: @Sendable () -> ScreenTree
    let viewCount: Int
    let recognizerCount: Int
    let name: String
    /// The class of the replay's application.
    let application: UIApplication.Type
    /// The build the scene was described from, until a replay on its thread takes it.
    let first: FirstScreenBuild

    /// The build the scene was described from, if it was made on this thread and no replay has
    /// taken it yet; else a new one (its application first, its scheduled work on a new
    /// timeline), the same shape.
    func take() -> ScreenBuild {
        if let built = first.take() { return built }
        let built = ScreenBuild.made(application: application) { make() }
        return built
    }

    /// A new tree, the same shape as the one the scene was made from.
    func make() -> ScreenTree {
        let tree = build()
        precondition(tree.views.count == viewCount && tree.recognizers.count == recognizerCount,
                     "the screen \"\(name)\" was built with \(tree.views.count) views and \(tree.recognizers.count) recognizers, first with \(viewCount) and \(recognizerCount): a screen must come out the same every time it is built")
        return tree
    }
}

/// A screen as its code made it: the tree, and the timeline its code scheduled work on as it
/// was made (whose application is the one the code saw).
struct ScreenBuild {
    let tree: ScreenTree
    let timeline: ReplayTimeline

    /// Makes a timeline current at the trace's time 0 (the thread's own timeline and time come
    /// back after), its application first, as on a device (the screen's code may ask for it as
    /// it is made), then the tree: work the code schedules as it is made counts from 0.
    static func made(application: UIApplication.Type, _ build: () -> ScreenTree) -> ScreenBuild {
        let timeline = ReplayTimeline()
        let before = ReplayTimeline.current
        let time = MediaClock.now
        ReplayTimeline.current = timeline
        MediaClock.now = 0
        defer {
            ReplayTimeline.current = before
            MediaClock.now = time
        }
        timeline.application = application.init()
        return ScreenBuild(tree: build(), timeline: timeline)
    }
}

/// The build a screen's scene was described from, held for the first replay of that scene on
/// the thread that made it (another thread's replay builds its own: views, and the observations
/// made as they were built, belong to their thread). The build is kept in that thread's
/// dictionary under this object, which the scene holds; a build whose scene is gone is let go
/// when the thread keeps the next one.
final class FirstScreenBuild: Sendable {
    /// The builds a thread keeps, each under the object that stands for it.
    private final class Kept {
        var builds: [(owner: Weak, build: ScreenBuild)] = []
    }
    private struct Weak {
        weak var object: FirstScreenBuild?
    }
    private static let key = "TouchTraceUIKit.FirstScreenBuild"

    /// Keeps `build` on this thread for the first replay that asks.
    init(_ build: ScreenBuild) {
        let kept = perThread(FirstScreenBuild.key, Kept.init)
        kept.builds.removeAll { $0.owner.object == nil }
        kept.builds.append((Weak(object: self), build))
    }

    /// The build, once, on the thread that made it; nil after, or on another thread.
    func take() -> ScreenBuild? {
        let kept = perThread(FirstScreenBuild.key, Kept.init)
        guard let i = kept.builds.firstIndex(where: { $0.owner.object === self }) else { return nil }
        return kept.builds.remove(at: i).build
    }
}

/// A view tree, flattened in scene order, with its recognizers and names (see `ScreenType.uiKit`).
struct ScreenTree {
    let views: [UIView]
    let superviews: [Int]
    let names: [String]
    /// Every recognizer, view by view in scene order, each view's in the order added.
    let recognizers: [UIGestureRecognizer]
    let recognizerNames: [[String]]
    /// What keeps the tree's handlers alive (the view controller), if anything.
    let owner: AnyObject?

    init(root: UIView, owner: AnyObject?) {
        var views: [UIView] = []
        var superviews: [Int] = []
        var names: [String] = []
        var recognizers: [UIGestureRecognizer] = []
        var recognizerNames: [[String]] = []
        var used = Set<String>()
        func walk(_ view: UIView, index: Int, superview: Int) {
            var name = view.accessibilityIdentifier ?? "\(type(of: view))[\(index)]"
            if used.contains(name), superview >= 0 { name = names[superview] + "/" + name }
            var n = 2
            let base = name
            while used.contains(name) {
                name = "\(base)#\(n)"
                n += 1
            }
            used.insert(name)
            let v = views.count
            views.append(view)
            superviews.append(superview)
            names.append(name)
            var own: [String] = []
            for recognizer in view.gestureRecognizers ?? [] {
                var rname = recognizer.name ?? ScreenTree.shortName(of: recognizer)
                if rname == Scene.viewSourceName { rname = "viewRecognizer" }
                var m = 2
                let rbase = rname
                while own.contains(rname) {
                    rname = "\(rbase)\(m)"
                    m += 1
                }
                own.append(rname)
                recognizers.append(recognizer)
                recognizer.builtOn = view
            }
            recognizerNames.append(own)
            for (i, subview) in view.subviews.enumerated() { walk(subview, index: i, superview: v) }
        }
        walk(root, index: 0, superview: -1)
        self.views = views
        self.superviews = superviews
        self.names = names
        self.recognizers = recognizers
        self.recognizerNames = recognizerNames
        self.owner = owner
    }

    /// `UIPanGestureRecognizer` → `pan`, `CheckmarkGestureRecognizer` → `checkmark`.
    static func shortName(of recognizer: UIGestureRecognizer) -> String {
        var name = "\(type(of: recognizer))"
        if name.hasPrefix("UI") { name.removeFirst(2) }
        if name.hasSuffix("GestureRecognizer") { name.removeLast("GestureRecognizer".count) }
        if name.isEmpty { return "recognizer" }
        return name.prefix(1).lowercased() + name.dropFirst()
    }
}
