/// What a picture of a trace shows, gathered in one replay: the views' frames, every touch's
/// path, every record with the place it refers to, and the sources that wrote them.
///
/// A picture is drawn from records alone (no recognizer knows pictures exist): a record's place
/// comes from its own point field (`center`, `location`), else from the touch it names or the
/// touches of the event that caused it, else from its view.
public struct TracePicture: Sendable {
    /// A view as drawn: its name, its frame in screen points, and the view that holds it.
    public struct ViewFrame: Sendable, Equatable {
        public var name: String
        public var frame: Rect
        /// The index of its superview (in the same list), or nil for a top-level view.
        public var superview: Int?

        public init(name: String, frame: Rect, superview: Int? = nil) {
            self.name = name
            self.frame = frame
            self.superview = superview
        }
    }

    /// One sample of a touch: time in seconds, location in screen points.
    public struct Sample: Sendable, Equatable {
        public var t: Double
        public var location: Point
    }

    /// One touch from touch-down to lift.
    public struct TouchPath: Sendable {
        /// The touch's id as the trace gives it.
        public var id: TouchID
        /// Every location the touch had, in order: touch-down first, lift last.
        public var samples: [Sample]
        /// Whether the touch was cancelled rather than lifted.
        public var cancelled: Bool
        /// The view the touch began on (front-most frame holding its touch-down point), or nil.
        public var view: Int?

        /// Where the touch is at time `t` (seconds): its last sample at or before `t`, or its
        /// first sample for earlier times.
        public func location(at t: Double) -> Point {
            var low = 0
            var high = samples.count
            // The first sample later than t.
            while low < high {
                let mid = (low + high) / 2
                if samples[mid].t <= t { low = mid + 1 } else { high = mid }
            }
            return samples[max(low - 1, 0)].location
        }

        /// Whether the touch is down at `t` (seconds), touch-down and lift included.
        public func isDown(at t: Double) -> Bool {
            guard let first = samples.first, let last = samples.last else { return false }
            return first.t <= t && t <= last.t
        }
    }

    /// How a mark's place was found.
    public enum Placement: String, Sendable {
        /// The record's own point field (`center`, `location`), from view to screen coordinates.
        case recordPoint
        /// Where the record's touch was at the record's time.
        case touch
        /// The middle of the record's view: nothing better is known.
        case view
    }

    /// The trace's name (its `name`, else its file name without `.trace.json`).
    public var title: String
    public var description: String?
    /// The screen, in points.
    public var screen: (width: Double, height: Double)
    /// Whether the trace gives its screen (else it is the smallest rectangle holding its points).
    public var screenGiven = true
    public var views: [ViewFrame]
    public var touches: [TouchPath]
    /// Every recognizer and control, as records name them (`Record.source` indexes this).
    public var sources: [SourceName]
    /// Every record, in transcript order.
    public var records: [Record]
    /// Where each record happened, in screen points (one per record).
    public var places: [Point]
    /// How each place was found (one per record).
    public var placements: [Placement]
    /// The view of each source (index into `views`, nil when no view has its name).
    public var sourceViews: [Int?]
    /// First and last time of the trace and its records, in seconds.
    public var timeRange: ClosedRange<Double>
    /// The scopes of the records' texts (failure reasons, touch ids), kept with them.
    private var recordTexts: [TextScope] = []

    /// The screen frame of every view of the scene, in scene order.
    ///
    /// This is the one place that knows how a scene places its views: a view's `frame` is in its
    /// superview's coordinates (a top-level view's superview is the screen), so its screen
    /// origin adds up the origins of the views that hold it.
    public static func screenFrames(of scene: Scene) -> [ViewFrame] {
        let origins = scene.screenOrigins
        return scene.views.enumerated().map { i, view in
            ViewFrame(name: view.name, frame: Rect(x: origins[i].x, y: origins[i].y, width: view.frame.width, height: view.frame.height),
                      superview: view.superview)
        }
    }

    /// Whether `view` is `ancestor` or lies inside it (a touch on a subview reaches the
    /// recognizers of every view that holds it).
    static func isWithin(_ view: Int?, _ ancestor: Int, _ views: [ViewFrame]) -> Bool {
        var v = view
        while let current = v {
            if current == ancestor { return true }
            v = views[current].superview
        }
        return false
    }

    /// Replays `trace` through `scene` once and gathers what its picture shows.
    public init(trace: Trace, scene: Scene) {
        self.init(trace: trace, scene: scene, limits: nil)!
    }

    /// What a picture drawn record by record may hold: past any of these, a screen cannot show
    /// it (and its SVG would pass about 20 MB), and the trace is drawn as a `TraceOverview`.
    public struct Limits: Sendable {
        /// Touch samples (touch-down, moves and lift of every touch).
        public var samples = 100_000
        /// Records of the replay.
        public var records = 10_000
        /// Touches.
        public var touches = 1_000

        public init() {}
    }

    /// `init(trace:scene:)`, or nil as soon as the picture would pass `limits` (what was
    /// gathered until then is let go: the memory stays bounded by the limits).
    public init?(trace: Trace, scene: Scene, limits: Limits?) {
        // More touches than allowed: known from reading the trace, without replaying it.
        if let limits, trace.summary.touchCount > limits.touches { return nil }
        let collector = RecordCollector()
        var gathering = Gathering(replayer: Replayer(scene: scene, sink: collector), collector: collector)
        gathering.limits = limits
        trace.forEachEvent(&gathering)
        if gathering.overLimits { return nil }
        // The deadlines that remain after the last event (SPEC 10) write records too.
        gathering.replayer.finish()
        if let limits, collector.records.count > limits.records || gathering.touches.count > limits.touches { return nil }
        let views = Self.screenFrames(of: scene)
        self.init(title: Self.title(of: trace), description: trace.header.description, screen: trace.screen,
                  views: views, touches: gathering.touches, sources: gathering.replayer.sources,
                  records: collector.records, eventTouches: gathering.eventTouches,
                  recordEvents: gathering.recordEvents)
        screenGiven = trace.header.screen != nil
        recordTexts = collector.texts
    }

    init(title: String, description: String?, screen: (width: Double, height: Double), views: [ViewFrame],
         touches: [TouchPath], sources: [SourceName], records: [Record],
         eventTouches: [(t: Double, touches: [Int])], recordEvents: [Int]) {
        self.title = title
        self.description = description
        self.screen = screen
        self.views = views
        self.sources = sources
        self.records = records
        var viewIndex: [String: Int] = [:]
        for (i, view) in views.enumerated() where viewIndex[view.name] == nil { viewIndex[view.name] = i }
        sourceViews = sources.map { viewIndex[$0.view] }
        var touches = touches
        for i in touches.indices {
            touches[i].view = Self.hitView(touches[i].samples.first?.location, views)
        }
        self.touches = touches

        var first = Double.infinity
        var last = -Double.infinity
        for touch in touches {
            if let s = touch.samples.first { first = min(first, s.t) }
            if let s = touch.samples.last { last = max(last, s.t) }
        }
        for record in records {
            first = min(first, record.t)
            last = max(last, record.t)
        }
        if first > last { first = 0; last = 0 }
        timeRange = first...last

        var places: [Point] = []
        var placements: [Placement] = []
        places.reserveCapacity(records.count)
        placements.reserveCapacity(records.count)
        for (i, record) in records.enumerated() {
            let view = sourceViews[record.source]
            let event = i < recordEvents.count ? recordEvents[i] : -1
            let place = Self.place(of: record, view: view, views: views, touches: touches,
                                   eventTouches: event >= 0 ? eventTouches[event] : nil)
            places.append(place.point)
            placements.append(place.placement)
        }
        self.places = places
        self.placements = placements
    }

    /// The front-most, deepest view whose frame holds the point, as do the frames of all the
    /// views that hold it (edges included; a range slider's thumbs are not modelled: the
    /// slider's frame counts). Views come in scene order: a view, then its subviews.
    static func hitView(_ point: Point?, _ views: [ViewFrame]) -> Int? {
        guard let point else { return nil }
        var i = views.count - 1
        while i >= 0 {
            var v: Int? = i
            var holds = true
            while let current = v, holds {
                holds = views[current].frame.contains(point)
                v = views[current].superview
            }
            if holds { return i }
            i -= 1
        }
        return nil
    }

    /// The keys of record fields that hold a point in their view's coordinates.
    public static let pointKeys = ["center", "location"]

    static func place(of record: Record, view: Int?, views: [ViewFrame], touches: [TouchPath],
                      eventTouches: (t: Double, touches: [Int])?) -> (point: Point, placement: Placement) {
        let origin = view.map { views[$0].frame.origin } ?? .zero
        for field in record.fields {
            if case .point(let p) = field.value, pointKeys.contains(field.key) {
                return (origin + p, .recordPoint)
            }
        }
        let t = record.t
        // A record that names its touch.
        for field in record.fields where field.key == "touch" {
            let id: TouchID
            switch field.value {
            case .touch(let n): id = .number(n)
            case .text(let s): id = .text(s.string)
            default: continue
            }
            if let touch = touches.last(where: { $0.id == id && $0.isDown(at: t) }) {
                return (touch.location(at: t), .touch)
            }
        }
        // The touches of the event being delivered when the record was written (when the record
        // carries that event's time), best those that began on the record's view; among them
        // the one down longest, since recognizers and controls follow their first touch (the
        // checkmark tracks only it, a control tracks one at a time, a pan the earliest ones).
        var candidates: [Int] = []
        if let eventTouches, eventTouches.t == t { candidates = eventTouches.touches.sorted() }
        if candidates.isEmpty {
            candidates = touches.indices.filter { touches[$0].isDown(at: t) }
        }
        if let view {
            if let touch = candidates.first(where: { isWithin(touches[$0].view, view, views) }) {
                return (touches[touch].location(at: t), .touch)
            }
            let frame = views[view].frame
            if let touch = candidates.first(where: { touches[$0].samples.first.map { frame.contains($0.location) } ?? false }) {
                return (touches[touch].location(at: t), .touch)
            }
            return (Point(x: frame.midX, y: frame.midY), .view)
        }
        if let touch = candidates.first {
            return (touches[touch].location(at: t), .touch)
        }
        return (Point(x: 0, y: 0), .view)
    }

    static func title(of trace: Trace) -> String {
        if let name = trace.header.name, !name.isEmpty { return name }
        var name = trace.path
        if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
        if name.hasSuffix(Fixture.traceSuffix) { name.removeLast(Fixture.traceSuffix.count) }
        return name
    }
}

/// Replays a trace while noting each touch's samples and which touches each event moved, so that
/// records can be placed where their touches were.
private struct Gathering: TouchEventConsumer {
    var replayer: Replayer
    let collector: RecordCollector
    var touches: [TracePicture.TouchPath] = []
    /// The touch (index into `touches`) in each slot while it is down.
    var slotTouch: [Int] = []
    /// For events that wrote records: their time and the touches they listed (not stationary).
    var eventTouches: [(t: Double, touches: [Int])] = []
    /// For each record, the index into `eventTouches` of the event that wrote it.
    var recordEvents: [Int] = []
    /// Past these, gathering stops and `overLimits` is set.
    var limits: TracePicture.Limits?
    var overLimits = false
    var sampleCount = 0

    mutating func consume(_ event: borrowing TouchEvent) {
        if overLimits { return }
        if let limits {
            sampleCount += event.touches.count
            if sampleCount > limits.samples || touches.count > limits.touches || collector.records.count > limits.records {
                overLimits = true
                touches = []
                eventTouches = []
                recordEvents = []
                collector.removeAll()
                return
            }
        }
        var listed: [Int] = []
        for touch in event.touches {
            if touch.slot >= slotTouch.count {
                slotTouch.append(contentsOf: repeatElement(-1, count: touch.slot + 1 - slotTouch.count))
            }
            let sample = TracePicture.Sample(t: event.t, location: touch.location)
            if touch.phase == .began {
                slotTouch[touch.slot] = touches.count
                touches.append(TracePicture.TouchPath(id: touch.id, samples: [sample], cancelled: false, view: nil))
            } else {
                let index = slotTouch[touch.slot]
                guard index >= 0 else { continue }
                if touches[index].samples.last?.location != touch.location || touch.phase.isEnding {
                    touches[index].samples.append(sample)
                }
                if touch.phase == .cancelled { touches[index].cancelled = true }
            }
            if touch.phase != .stationary { listed.append(slotTouch[touch.slot]) }
        }
        let before = collector.records.count
        replayer.consume(event)
        let after = collector.records.count
        if after > before {
            recordEvents.append(contentsOf: repeatElement(eventTouches.count, count: after - before))
            eventTouches.append((event.t, listed))
        }
    }
}
