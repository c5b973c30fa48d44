/// Where a replay's views are now: as the scene placed them, or where gesture code has moved
/// them since (SPEC 17, "Views that move"). Hit testing and delivery read it; TouchTraceUIKit
/// reads the views' frames and places the views its code moves (`DeliveryContext.placeView`).
struct LiveScene {
    /// Where gesture code has put a view: its bounds' size, and the maps between its own
    /// coordinates and the screen's.
    struct Placement: Equatable {
        var size: (width: Double, height: Double)
        /// From the view's coordinates (its bounds at the origin) to the screen's.
        var toScreen: Affine
        /// From the screen's coordinates to the view's.
        var toView: Affine

        static func == (x: Placement, y: Placement) -> Bool {
            x.size == y.size && x.toScreen == y.toScreen && x.toView == y.toView
        }
    }

    /// Each view's frame on the screen as the scene placed it, its superview (or −1), and each
    /// recognizer's view.
    let frames: [Rect]
    let superviews: [Int]
    private(set) var recognizerViews: [Int]
    /// Each view's source for its `viewChanged` records, or none (an empty list) when no
    /// recognizer of the scene may move views (`Recognizer.movesViews`).
    let viewSources: [Int]
    /// Views gesture code has moved (nil: where the scene put them).
    private(set) var placements: [Placement?]
    /// Whether any view has been moved since the replay began.
    private(set) var anyPlaced = false
    /// What TouchTraceUIKit keeps for the replay (its views, say): nil as a replay starts.
    var attachment: AnyObject?
    /// The trace's `maximumForce`, when the replay was given the trace and it has one.
    var maximumForce: Double?
    /// Recognizers gesture code added during the replay, asked for and not yet joined
    /// (`DeliveryContext.addLateRecognizer`): the replay takes them in after the call.
    var lateRequests: [LateRecognizer] = []
    /// Views gesture code made and put in the screen during the replay, asked for and not yet
    /// given a source (`DeliveryContext.addMadeView`), as their `viewChanged` records name them.
    var madeViewRequests: [SourceName] = []
    /// The sources of the views made during the replay that have joined, in the order they joined.
    var madeViewSources: [Int] = []

    /// Where views are as a replay starts when not at their frames (`SceneView.startPlacement`).
    private let startPlacements: [(v: Int, size: (width: Double, height: Double), toScreen: Affine)]

    init(frames: [Rect], superviews: [Int], recognizerViews: [Int], viewSources: [Int],
         startPlacements: [(v: Int, size: (width: Double, height: Double), toScreen: Affine)] = []) {
        self.frames = frames
        self.superviews = superviews
        self.recognizerViews = recognizerViews
        self.viewSources = viewSources
        self.placements = Array(repeating: nil, count: frames.count)
        self.startPlacements = startPlacements
        placeAtStart()
    }

    /// A recognizer added while replaying has joined view `v` (SPEC 17).
    mutating func appendRecognizer(view v: Int) { recognizerViews.append(v) }

    /// Restarting: only the first `n` recognizers (the scene's) remain.
    mutating func keepRecognizers(_ n: Int) {
        if recognizerViews.count > n { recognizerViews.removeLast(recognizerViews.count - n) }
    }

    /// Puts the views that do not start at their frames where they start.
    private mutating func placeAtStart() {
        for start in startPlacements { _ = place(start.v, size: start.size, toScreen: start.toScreen) }
    }

    /// Puts view `v` where `toScreen` maps its bounds of `size` (points); false when the map
    /// cannot be undone (a scale of 0: the view then keeps where it was).
    mutating func place(_ v: Int, size: (width: Double, height: Double), toScreen: Affine) -> Bool {
        guard let toView = toScreen.inverted else { return false }
        let plain = size == (frames[v].width, frames[v].height)
            && toScreen == Affine(a: 1, b: 0, c: 0, d: 1, tx: frames[v].x, ty: frames[v].y)
        placements[v] = plain ? nil : Placement(size: size, toScreen: toScreen, toView: toView)
        anyPlaced = anyPlaced || !plain
        return true
    }

    /// Where screen point `p` lies in view `v`'s coordinates.
    func location(_ p: Point, in v: Int) -> Point {
        if let placement = placements[v] { return placement.toView.apply(p) }
        return p - frames[v].origin
    }

    /// Where point `p` of view `v`'s coordinates lies on the screen.
    func screenLocation(_ p: Point, of v: Int) -> Point {
        if let placement = placements[v] { return placement.toScreen.apply(p) }
        return p + frames[v].origin
    }

    /// View `v`'s size now (its bounds), in points.
    func size(of v: Int) -> (width: Double, height: Double) {
        placements[v]?.size ?? (frames[v].width, frames[v].height)
    }

    /// As a replay starts: every view where the scene put it, nothing attached.
    mutating func restart() {
        if anyPlaced {
            for v in placements.indices { placements[v] = nil }
            anyPlaced = false
            placeAtStart()
        }
        attachment = nil
        maximumForce = nil
        if !lateRequests.isEmpty { lateRequests.removeAll() }
        if !madeViewRequests.isEmpty { madeViewRequests.removeAll() }
        if !madeViewSources.isEmpty { madeViewSources.removeAll() }
    }
}

/// A recognizer gesture code added to a view during a replay (SPEC 17), on its way into the
/// replay: what it is, the scene view it joins, its names, and which touches it takes.
struct LateRecognizer {
    let recognizer: any Recognizer
    /// The scene view it joins: its own view, or the nearest scene view its view is inside.
    let view: Int
    /// What its records name.
    let source: SourceName
    /// 0 when its view is the scene view; else how many superviews up from its view the scene
    /// view is (its recognizers are asked before the scene view's, deeper ones first).
    let depth: Int
    let cancelsTouchesInView: Bool
    /// Whether it takes the touch of this serial as it begins (nil: every touch of its view).
    let accepts: ((Int) -> Bool)?
}

/// What TouchTraceUIKit keeps for a replay (`DeliveryContext.replayAttachment`), told when an
/// event — or a deadline — has been delivered and the actions after it have run: where it
/// writes `viewChanged` records and places the views gesture code moved.
package protocol ReplayAttachment: AnyObject {
    /// The event (or deadline) at `context.t` is over, its actions run.
    func eventDidEnd(_ context: inout DeliveryContext)

    /// The earliest work its code has scheduled for later (a timer, a block on the main queue):
    /// its time in seconds and in whole microseconds; nil when none is pending.
    var nextWork: (time: Double, micros: Int64)? { get }

    /// Whether pending work other than a repeating timer's next firing remains: after the last
    /// event, the replay goes on while it does (or a deadline is pending).
    var hasOneShotWork: Bool { get }

    /// Runs the earliest piece of scheduled work if it is due by `micros` (whole microseconds;
    /// ties in the order it was scheduled), at `context.t`; returns whether one ran.
    func runNextWork(dueBy micros: Int64, _ context: inout DeliveryContext) -> Bool
}

extension ReplayAttachment {
    /// None: an attachment that schedules no work.
    package var nextWork: (time: Double, micros: Int64)? { nil }
    /// None.
    package var hasOneShotWork: Bool { false }
    /// Nothing to run.
    package func runNextWork(dueBy micros: Int64, _ context: inout DeliveryContext) -> Bool { false }
}
