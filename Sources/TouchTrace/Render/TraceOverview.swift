/// The picture of a trace too large to draw record by record (SPEC 19): the same layout as a
/// `TracePicture`'s, thinned to what the picture can show, gathered in flat memory while the
/// trace streams through its scene.
///
/// - Paths: every touch's path is drawn into a grid of `pathCell`-pixel cells in trace order,
///   each cell keeping the colour of the last touch that crossed it (as the paths drawn one over
///   the other in order would show it); each colour's cells are one `<path class="touch">` of
///   horizontal runs.
/// - Touch-downs and lifts: dots and rings are grouped per `endCell`-pixel cell; a group of
///   several says how many touches it stands for in its `<title>`.
/// - Marks: records are grouped by source, label and `markCell`-pixel cell of their place (by
///   a coarser cell once `markGroupLimit` groups exist); each group is one mark at the mean of
///   its places whose `<title>` says how many records it stands for, their label, source and
///   times; `data-records` holds the count.
/// - Timeline: each lane is cut into one-pixel columns, each showing the state the source was
///   last in during it, and a tick where it wrote other records.
///
/// Places are found as for the full picture, from the touches as they are at the record's time
/// (a record with a point outside the touches, screen and frames is drawn at their edge). A
/// final state lasts until the source's next state or until no touch is down. Times after the
/// last event (deadlines) are drawn in the last column. The same trace gives the same bytes.
public struct TraceOverview: Sendable {
    /// The side of a cell of the path grid, in picture pixels (about the width of a path).
    static let pathCell = 2.0
    /// The side of a cell that groups dots and rings, in picture pixels.
    static let endCell = 8.0
    /// The side of a cell that groups marks, in picture pixels; `coarseMarkCell` past
    /// `markGroupLimit` groups.
    static let markCell = 8.0
    static let coarseMarkCell = 64.0
    static let markGroupLimit = 12_000

    /// The SVG document, as `TracePicture.svg()` writes one.
    public let svg: String
    /// The touches, records and marks drawn (for tests and messages).
    public let touchCount: Int
    public let recordCount: Int
    public let markCount: Int

    /// Replays `trace` through `scene` and draws its overview: one pass over the events for
    /// the touches' extent, one through the scene.
    public init(trace: Trace, scene: Scene) {
        var extent = Extent()
        trace.forEachEvent(&extent)
        let views = TracePicture.screenFrames(of: scene)
        // The layout of the full picture, for content of this extent.
        var frame = TracePicture(title: TracePicture.title(of: trace), description: trace.header.description, screen: trace.screen,
                                 views: views, touches: [], sources: [], records: [], eventTouches: [], recordEvents: [])
        frame.screenGiven = trace.header.screen != nil
        let corners = extent.isEmpty ? [] : [Point(x: extent.minX, y: extent.minY), Point(x: extent.maxX, y: extent.maxY)]
        let layout = PictureDrawing(frame, extraBounds: corners)

        let first = trace.summary.firstTime ?? 0
        let last = trace.summary.lastTime ?? first
        let gatherer = OverviewGatherer(layout: layout, views: views, timeRange: first...last)
        var gathering = OverviewGathering(replayer: Replayer(scene: scene, sink: gatherer), gatherer: gatherer)
        gathering.gatherer.sources = gathering.replayer.sources
        trace.forEachEvent(&gathering)
        gathering.replayer.finish()
        gatherer.finish()
        frame.sources = gatherer.sources
        frame.timeRange = first...last
        touchCount = gatherer.touchCount
        recordCount = gatherer.recordCount
        markCount = gatherer.groups.count
        var drawing = OverviewDrawing(frame: frame, layout: layout, gatherer: gatherer)
        svg = drawing.draw()
    }
}

extension TracePicture {
    /// `trace` drawn as SVG: record by record (section 16) while the picture stays within
    /// `Limits()`, else as a `TraceOverview`.
    public static func svg(of trace: Trace, scene: Scene) -> String {
        if let picture = TracePicture(trace: trace, scene: scene, limits: Limits()) { return picture.svg() }
        return TraceOverview(trace: trace, scene: scene).svg
    }
}

extension HTMLPage {
    /// A page holding the picture of `trace` (`touchtrace render --output X.html`), drawn as
    /// `TracePicture.svg(of:scene:)` draws it.
    public static func picture(of trace: Trace, scene: Scene) -> String {
        if let picture = TracePicture(trace: trace, scene: scene, limits: TracePicture.Limits()) { return Self.picture(picture) }
        var page = head(title: TracePicture.title(of: trace) + " — touchtrace")
        page += "<body>\n<div class=\"picture\">\n" + TraceOverview(trace: trace, scene: scene).svg + "</div>\n</body>\n</html>\n"
        return page
    }
}

/// The smallest and largest coordinates of every touch point of a trace.
private struct Extent: TouchEventConsumer {
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity
    var isEmpty: Bool { minX > maxX }

    mutating func consume(_ event: borrowing TouchEvent) {
        for touch in event.touches {
            let p = touch.location
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
    }
}

/// Feeds the replay and notes each event's touches in the gatherer first, so that the records
/// the event writes find their touches where they are.
private struct OverviewGathering: TouchEventConsumer {
    var replayer: Replayer
    let gatherer: OverviewGatherer

    mutating func consume(_ event: borrowing TouchEvent) {
        gatherer.noteEvent(event)
        replayer.consume(event)
    }
}

/// What an overview keeps: grids, groups and columns, whose sizes depend on the picture, not
/// on the trace.
private final class OverviewGatherer: RecordSink {
    /// A touch while it is down.
    struct Live {
        var id: TouchID
        /// Its place in trace order (its colour and legend entry follow from it).
        var order: Int
        /// The view it began on.
        var view: Int?
        var firstLocation: Point
        var location: Point
        /// Where it was before its last sample, and that sample's time.
        var previous: Point
        var lastTime: Double
        var down: Bool
    }

    /// A group of marks.
    struct Group {
        var first: Int
        var count: Int
        var firstTime: Double
        var lastTime: Double
        var sumX: Double
        var sumY: Double
        var source: Int
        var label: String
        var event: String
    }

    struct GroupKey: Hashable {
        var source: Int
        var label: String
        var cellX: Int
        var cellY: Int
        var coarse: Bool
    }

    /// A touch in the legend.
    struct Listed {
        var id: TouchID
        var start: Double
        var end: Double
        var cancelled: Bool
    }

    /// A group of dots or rings.
    struct EndGroup {
        var first: Int
        var count: Int
        var color: Int
        var cancelled: Int
    }

    let layout: PictureDrawing
    let views: [TracePicture.ViewFrame]
    var sources: [SourceName] = [] {
        didSet {
            var viewIndex: [String: Int] = [:]
            for (i, view) in views.enumerated() where viewIndex[view.name] == nil { viewIndex[view.name] = i }
            sourceViews = sources.map { viewIndex[$0.view] }
            lanes = sources.map { _ in Lane(columns: columns) }
        }
    }
    var sourceViews: [Int?] = []

    // Paths.
    let gridWidth: Int
    let gridHeight: Int
    /// Per cell: 0 for none, else 1 + the colour of the last touch through it.
    var grid: [UInt8]
    // Touches.
    var slots: [Live?] = []
    var touchCount = 0
    var listed: [Listed] = []
    var downCount = 0
    /// The current event: its time and the touches it listed (by slot, not stationary).
    var eventTime = -Double.infinity
    var eventSlots: [Int] = []
    var dots: [Int: EndGroup] = [:]
    var rings: [Int: EndGroup] = [:]
    // Marks.
    var groups: [GroupKey: Group] = [:]
    var recordCount = 0
    // Timeline.
    let timeRange: ClosedRange<Double>
    let columns: Int
    var lanes: [Lane] = []

    /// One lane of the timeline, a column a pixel.
    struct Lane {
        /// Per column: "" for nothing, else the state shown.
        var states: [String]
        var ticks: [Bool]
        var open: (name: String, start: Double, final: Bool)?
        var spots = 0

        init(columns: Int) {
            states = Array(repeating: "", count: columns)
            ticks = Array(repeating: false, count: columns)
        }
    }

    init(layout: PictureDrawing, views: [TracePicture.ViewFrame], timeRange: ClosedRange<Double>) {
        self.layout = layout
        self.views = views
        self.timeRange = timeRange
        gridWidth = Int((layout.drawingFrame.width / TraceOverview.pathCell).rounded(.up)) + 1
        gridHeight = Int((layout.drawingFrame.height / TraceOverview.pathCell).rounded(.up)) + 1
        grid = Array(repeating: 0, count: gridWidth * gridHeight)
        columns = max(1, Int(OverviewDrawing.trackWidth(layout: layout, sources: []).rounded(.down)))
    }

    // MARK: Touches

    func noteEvent(_ event: borrowing TouchEvent) {
        eventTime = event.t
        eventSlots.removeAll(keepingCapacity: true)
        // Touches that lifted in the event before are no longer down.
        for slot in slots.indices where slots[slot]?.down == false { slots[slot] = nil }
        for touch in event.touches {
            if touch.slot >= slots.count { slots.append(contentsOf: repeatElement(nil, count: touch.slot + 1 - slots.count)) }
            if touch.phase == .began {
                let order = touchCount
                touchCount += 1
                downCount += 1
                slots[touch.slot] = Live(id: touch.id, order: order, view: TracePicture.hitView(touch.location, views),
                                         firstLocation: touch.location, location: touch.location, previous: touch.location,
                                         lastTime: event.t, down: true)
                if listed.count < PictureDrawing.legendTouches {
                    listed.append(Listed(id: touch.id, start: event.t, end: event.t, cancelled: false))
                }
                let p = layout.map(touch.location)
                paint(p, p, color: order % Palette.touches.count)
                addEnd(&dots, p, order: order, cancelled: false)
            } else if var live = slots[touch.slot], live.down {
                let from = layout.map(live.location)
                let to = layout.map(touch.location)
                paint(from, to, color: live.order % Palette.touches.count)
                live.previous = live.location
                live.location = touch.location
                live.lastTime = event.t
                if live.order < listed.count { listed[live.order].end = event.t }
                if touch.phase.isEnding {
                    live.down = false
                    downCount -= 1
                    let cancelled = touch.phase == .cancelled
                    if live.order < listed.count { listed[live.order].cancelled = cancelled }
                    addEnd(&rings, to, order: live.order, cancelled: cancelled)
                }
                slots[touch.slot] = live
            }
            if touch.phase != .stationary { eventSlots.append(touch.slot) }
        }
        if downCount == 0 {
            // Every touch has lifted: final states end here.
            for s in lanes.indices where lanes[s].open?.final == true { close(s, at: event.t) }
        }
    }

    /// Marks the grid cells from `a` to `b` (picture pixels) with `color`.
    func paint(_ a: Point, _ b: Point, color: Int) {
        let cell = TraceOverview.pathCell
        let x0 = (a.x - layout.drawingFrame.x) / cell, y0 = (a.y - layout.drawingFrame.y) / cell
        let x1 = (b.x - layout.drawingFrame.x) / cell, y1 = (b.y - layout.drawingFrame.y) / cell
        let steps = Int(max(abs(x1 - x0), abs(y1 - y0)).rounded(.up))
        let value = UInt8(color + 1)
        for k in 0...max(steps, 0) {
            let f = steps == 0 ? 0 : Double(k) / Double(steps)
            let cx = Int((x0 + (x1 - x0) * f).rounded(.down))
            let cy = Int((y0 + (y1 - y0) * f).rounded(.down))
            guard cx >= 0, cy >= 0, cx < gridWidth, cy < gridHeight else { continue }
            grid[cy * gridWidth + cx] = value
        }
    }

    func addEnd(_ groups: inout [Int: EndGroup], _ p: Point, order: Int, cancelled: Bool) {
        let cell = TraceOverview.endCell
        let cx = Int(((p.x - layout.drawingFrame.x) / cell).rounded(.down))
        let cy = Int(((p.y - layout.drawingFrame.y) / cell).rounded(.down))
        let key = cy * 100_000 + cx
        if var group = groups[key] {
            group.count += 1
            if cancelled { group.cancelled += 1 }
            groups[key] = group
        } else {
            groups[key] = EndGroup(first: order, count: 1, color: order % Palette.touches.count, cancelled: cancelled ? 1 : 0)
        }
    }

    // MARK: Records

    func write(_ record: Record) {
        let index = recordCount
        recordCount += 1
        let label = PictureDrawing.label(of: record)
        let event = record.event.description
        // The mark.
        var p = layout.map(place(of: record))
        let frame = layout.drawingFrame
        if !p.x.isFinite || !p.y.isFinite { p = Point(x: frame.midX, y: frame.midY) }
        p.x = min(max(p.x, frame.x), frame.x + frame.width)
        p.y = min(max(p.y, frame.y), frame.y + frame.height)
        var key = GroupKey(source: record.source, label: label, cellX: Int(((p.x - frame.x) / TraceOverview.markCell).rounded(.down)),
                           cellY: Int(((p.y - frame.y) / TraceOverview.markCell).rounded(.down)), coarse: false)
        if groups[key] == nil && groups.count >= TraceOverview.markGroupLimit {
            key = GroupKey(source: record.source, label: label, cellX: Int(((p.x - frame.x) / TraceOverview.coarseMarkCell).rounded(.down)),
                           cellY: Int(((p.y - frame.y) / TraceOverview.coarseMarkCell).rounded(.down)), coarse: true)
        }
        if var group = groups[key] {
            group.count += 1
            group.lastTime = max(group.lastTime, record.t)
            group.firstTime = min(group.firstTime, record.t)
            group.sumX += p.x
            group.sumY += p.y
            groups[key] = group
        } else {
            groups[key] = Group(first: index, count: 1, firstTime: record.t, lastTime: record.t, sumX: p.x, sumY: p.y,
                                source: record.source, label: label, event: event)
        }
        // The lane.
        let s = record.source
        guard s < lanes.count else { return }
        if event == "state" {
            close(s, at: record.t)
            if label != "possible" { lanes[s].open = (label, record.t, Timeline.finalStates.contains(label)) }
        } else {
            lanes[s].ticks[column(record.t)] = true
            if Timeline.trackingStarts.contains(event) {
                if lanes[s].open == nil { lanes[s].open = ("tracking", record.t, false) }
            } else if Timeline.trackingEnds.contains(event) {
                close(s, at: record.t)
            } else if event == "spotAdded" {
                if lanes[s].spots == 0 { lanes[s].open = ("touching", record.t, false) }
                lanes[s].spots += 1
            } else if event == "spotRemoved" {
                lanes[s].spots = max(lanes[s].spots - 1, 0)
                if lanes[s].spots == 0 { close(s, at: record.t) }
            }
        }
    }

    /// Where a record happened, in screen points, as `TracePicture.place` finds it, from the
    /// touches as they are now.
    func place(of record: Record) -> Point {
        let view = record.source < sourceViews.count ? sourceViews[record.source] : nil
        let origin = view.map { views[$0].frame.origin } ?? .zero
        for field in record.fields {
            if case .point(let p) = field.value, TracePicture.pointKeys.contains(field.key) { return origin + p }
        }
        let t = record.t
        func location(_ live: Live) -> Point { t >= live.lastTime ? live.location : live.previous }
        for field in record.fields where field.key == "touch" {
            let id: TouchID
            switch field.value {
            case .touch(let n): id = .number(n)
            case .text(let s): id = .text(s.string)
            default: continue
            }
            if let live = slots.last(where: { $0?.id == id && ($0!.down || $0!.lastTime == t) }) ?? nil { return location(live) }
        }
        var candidates: [Live] = []
        if eventTime == t { candidates = eventSlots.compactMap { slots[$0] }.sorted { $0.order < $1.order } }
        if candidates.isEmpty {
            candidates = slots.compactMap { $0 }.filter { $0.down || $0.lastTime == t }.sorted { $0.order < $1.order }
        }
        if let view {
            if let live = candidates.first(where: { TracePicture.isWithin($0.view, view, views) }) { return location(live) }
            let frame = views[view].frame
            if let live = candidates.first(where: { frame.contains($0.firstLocation) }) { return location(live) }
            return Point(x: frame.midX, y: frame.midY)
        }
        if let live = candidates.first { return location(live) }
        return .zero
    }

    // MARK: Timeline

    func column(_ t: Double) -> Int {
        let span = max(timeRange.upperBound - timeRange.lowerBound, 0.01)
        let c = Int(((t - timeRange.lowerBound) / span * Double(columns)).rounded(.down))
        return min(max(c, 0), columns - 1)
    }

    func close(_ s: Int, at t: Double) {
        guard let open = lanes[s].open else { return }
        lanes[s].open = nil
        for c in column(open.start)...column(max(t, open.start)) { lanes[s].states[c] = open.name }
    }

    func finish() {
        for s in lanes.indices { close(s, at: timeRange.upperBound) }
    }
}

/// Draws an overview: header, screen and frames as the full picture draws them, then the
/// thinned paths, grouped ends and marks, the legend and the timeline's columns.
private struct OverviewDrawing {
    let frame: TracePicture
    var layout: PictureDrawing
    let gatherer: OverviewGatherer

    /// The width of the timeline's track, beside a column of lane names as wide as the full
    /// picture's widest (240 pixels), so that it is known before the sources' names are.
    static func trackWidth(layout: PictureDrawing, sources: [SourceName]) -> Double {
        let stateLegendWidth = Palette.legend.reduce(0.0) { $0 + 25 + Double($1.count) * 6 }
        // The widest label column, so that the track fits whatever the sources' names.
        let content = max(layout.drawingFrame.width + 16 + PictureDrawing.legendWidth, 240 + max(520, stateLegendWidth))
        return content - 240
    }

    var legendBottom: Double {
        let touches = gatherer.touchCount
        let rows = min(touches, PictureDrawing.legendTouches) + (touches > PictureDrawing.legendTouches ? 1 : 0)
        return layout.drawingFrame.y + 18 + Double(rows) * 16 + 40 + 32
    }

    mutating func draw() -> String {
        let sources = gatherer.sources
        let lanesTop = max(layout.drawingFrame.y + layout.drawingFrame.height, legendBottom) + 34
        let trackWidth = Self.trackWidth(layout: layout, sources: sources)
        let contentWidth = 240 + trackWidth
        let width = (2 * PictureDrawing.margin + contentWidth).rounded(.up)
        let timeline = Timeline(picture: frame, top: lanesTop, labelX: PictureDrawing.margin,
                                trackX: PictureDrawing.margin + 240, trackWidth: trackWidth)
        let height = (timeline.bottom + PictureDrawing.margin).rounded(.up)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Markup.px(width))\" height=\"\(Markup.px(height))\" "
        out += "viewBox=\"0 0 \(Markup.px(width)) \(Markup.px(height))\" font-family=\"sans-serif\" class=\"touchtrace-picture\" data-thinned=\"true\">\n"
        out += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(Markup.px(width))\" height=\"\(Markup.px(height))\" fill=\"#ffffff\"/>\n"
        layout.out = ""
        layout.drawHeader()
        layout.out += "<g class=\"drawing\" data-scale=\"\(String(layout.scale))\" data-offset=\"\(String(layout.offset.x)),\(String(layout.offset.y))\">\n"
        layout.drawScreen()
        layout.drawViews()
        out += layout.out
        drawPaths(into: &out)
        drawEnds(into: &out)
        drawMarks(into: &out)
        out += "</g>\n"
        drawLegend(into: &out)
        drawTimeline(timeline, into: &out)
        out += "</svg>\n"
        return out
    }

    func drawPaths(into out: inout String) {
        let g = gatherer
        let cell = TraceOverview.pathCell
        out += "<g class=\"touches\" fill=\"none\" stroke-linecap=\"butt\">\n"
        for color in 0..<Palette.touches.count {
            let value = UInt8(color + 1)
            var d = ""
            for cy in 0..<g.gridHeight {
                var cx = 0
                while cx < g.gridWidth {
                    guard g.grid[cy * g.gridWidth + cx] == value else { cx += 1; continue }
                    var end = cx + 1
                    while end < g.gridWidth && g.grid[cy * g.gridWidth + end] == value { end += 1 }
                    let x = layout.drawingFrame.x + Double(cx) * cell
                    let y = layout.drawingFrame.y + (Double(cy) + 0.5) * cell
                    d += "M\(Markup.px(x)),\(Markup.px(y))h\(Markup.px(Double(end - cx) * cell))"
                    cx = end
                }
            }
            guard !d.isEmpty else { continue }
            out += "<path class=\"touch\" data-touches=\"thinned\" d=\"\(d)\" stroke=\"\(Palette.touches[color])\" "
            out += "stroke-width=\"\(Markup.px(cell))\" stroke-opacity=\"0.85\"/>\n"
        }
        out += "</g>\n"
    }

    func drawEnds(into out: inout String) {
        let cell = TraceOverview.endCell
        let frame = layout.drawingFrame
        out += "<g class=\"ends\">\n"
        for (groups, ring) in [(gatherer.dots, false), (gatherer.rings, true)] {
            for (key, group) in groups.sorted(by: { $0.value.first != $1.value.first ? $0.value.first < $1.value.first : $0.key < $1.key }) {
                let cx = frame.x + (Double(key % 100_000) + 0.5) * cell
                let cy = frame.y + (Double(key / 100_000) + 0.5) * cell
                let color = Palette.touches[group.color]
                let what = ring ? "lift" : "touch-down"
                if ring {
                    out += "<circle class=\"ring\" cx=\"\(Markup.px(cx))\" cy=\"\(Markup.px(cy))\" r=\"5\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\""
                    out += group.cancelled == group.count ? " stroke-dasharray=\"3,2\"" : ""
                } else {
                    out += "<circle class=\"dot\" cx=\"\(Markup.px(cx))\" cy=\"\(Markup.px(cy))\" r=\"3\" fill=\"\(color)\""
                }
                if group.count == 1 && group.cancelled == 0 {
                    out += "/>\n"
                } else {
                    let cancelled = group.cancelled > 0 ? " (\(group.cancelled) cancelled)" : ""
                    out += "><title>\(group.count) \(what)\(group.count == 1 ? "" : "s")\(cancelled)</title></circle>\n"
                }
            }
        }
        out += "</g>\n"
    }

    func drawMarks(into out: inout String) {
        out += "<g class=\"marks\">\n"
        let groups = gatherer.groups.values.sorted { $0.first < $1.first }
        for group in groups {
            let x = group.sumX / Double(group.count)
            let y = group.sumY / Double(group.count)
            let r = group.count == 1 ? 3.0 : 4.0
            let color = group.event == "state" ? Palette.state(group.label) : "#4d4d4d"
            let source = gatherer.sources[group.source].view + "." + gatherer.sources[group.source].name
            out += "<polygon class=\"mark\" data-record=\"\(group.first)\" data-records=\"\(group.count)\" data-source=\"\(Markup.escape(source))\" "
            out += "points=\"\(Markup.px(x)),\(Markup.px(y - r)) \(Markup.px(x + r)),\(Markup.px(y)) \(Markup.px(x)),\(Markup.px(y + r)) \(Markup.px(x - r)),\(Markup.px(y))\" "
            let times = group.count == 1 ? Markup.seconds(group.firstTime) : Markup.seconds(group.firstTime) + "–" + Markup.seconds(group.lastTime)
            let title = "\(group.count) record\(group.count == 1 ? "" : "s"): \(group.label) — \(times) s \(source) \(group.event)"
            out += "fill=\"\(color)\" stroke=\"#ffffff\" stroke-width=\"0.5\"><title>\(Markup.escape(title))</title></polygon>\n"
        }
        out += "</g>\n"
    }

    func drawLegend(into out: inout String) {
        let frame = layout.drawingFrame
        let x = frame.x + frame.width + 16
        var y = frame.y + 12
        let touches = gatherer.touchCount
        let records = gatherer.recordCount
        out += "<g class=\"legend\" font-size=\"11\" fill=\"#333333\">\n"
        out += "<text x=\"\(Markup.px(x))\" y=\"\(Markup.px(y))\" font-weight=\"bold\">\(touches) touch\(touches == 1 ? "" : "es"), \(records) record\(records == 1 ? "" : "s")</text>\n"
        for (i, touch) in gatherer.listed.enumerated() {
            y += 16
            let color = Palette.touches[i % Palette.touches.count]
            out += "<line x1=\"\(Markup.px(x))\" y1=\"\(Markup.px(y - 4))\" x2=\"\(Markup.px(x + 18))\" y2=\"\(Markup.px(y - 4))\" stroke=\"\(color)\" stroke-width=\"3\"/>\n"
            out += "<text x=\"\(Markup.px(x + 24))\" y=\"\(Markup.px(y))\">touch \(Markup.escape(touch.id.description)) "
            out += "\(fixedDecimals(touch.start, 3))–\(fixedDecimals(touch.end, 3)) s\(touch.cancelled ? " (cancelled)" : "")</text>\n"
        }
        if touches > PictureDrawing.legendTouches {
            y += 16
            out += "<text x=\"\(Markup.px(x + 24))\" y=\"\(Markup.px(y))\">… and \(touches - PictureDrawing.legendTouches) more</text>\n"
        }
        y += 22
        out += "<rect x=\"\(Markup.px(x + 1))\" y=\"\(Markup.px(y - 8))\" width=\"8\" height=\"8\" rx=\"4\" fill=\"#555555\"/>"
        out += "<text x=\"\(Markup.px(x + 14))\" y=\"\(Markup.px(y))\">down</text>\n"
        out += "<rect x=\"\(Markup.px(x + 55))\" y=\"\(Markup.px(y - 9))\" width=\"10\" height=\"10\" rx=\"5\" fill=\"none\" stroke=\"#555555\" stroke-width=\"1.5\"/>"
        out += "<text x=\"\(Markup.px(x + 70))\" y=\"\(Markup.px(y))\">lift</text>\n"
        out += "<text x=\"\(Markup.px(x + 103))\" y=\"\(Markup.px(y))\" fill=\"#4d4d4d\">\u{25C6}</text>"
        out += "<text x=\"\(Markup.px(x + 117))\" y=\"\(Markup.px(y))\">records</text>\n"
        // What was thinned, and how.
        y += 18
        out += "<text class=\"thinned\" x=\"\(Markup.px(x))\" y=\"\(Markup.px(y))\" fill=\"#555555\">Thinned to the picture: paths at \(Int(TraceOverview.pathCell)) px,</text>\n"
        y += 14
        out += "<text class=\"thinned\" x=\"\(Markup.px(x))\" y=\"\(Markup.px(y))\" fill=\"#555555\">\(records) records in \(gatherer.groups.count) marks (see their titles)</text>\n"
        out += "</g>\n"
    }

    func drawTimeline(_ timeline: Timeline, into out: inout String) {
        let laneHeight = PictureDrawing.laneHeight
        let top = timeline.top
        out += "<g class=\"timeline\" font-size=\"11\">\n"
        out += "<text x=\"\(Markup.px(timeline.labelX))\" y=\"\(Markup.px(top + 10))\" font-weight=\"bold\" fill=\"#222222\">States over time</text>\n"
        let columnWidth = timeline.trackWidth / Double(gatherer.columns)
        for (s, source) in gatherer.sources.enumerated() {
            let y = top + 18 + Double(s) * laneHeight
            let name = Markup.escape(source.view + "." + source.name)
            let lane = gatherer.lanes[s]
            out += "<g class=\"lane\" data-source=\"\(name)\">\n"
            out += "<rect class=\"lane-background\" x=\"\(Markup.px(timeline.trackX))\" y=\"\(Markup.px(y))\" width=\"\(Markup.px(timeline.trackWidth))\" "
            out += "height=\"\(Markup.px(laneHeight))\" fill=\"\(s % 2 == 0 ? "#f4f4f4" : "#fafafa")\"/>\n"
            out += "<text class=\"lane-name\" x=\"\(Markup.px(timeline.labelX))\" y=\"\(Markup.px(y + 14))\" fill=\"#333333\">\(name)</text>\n"
            var c = 0
            while c < lane.states.count {
                let state = lane.states[c]
                var end = c + 1
                while end < lane.states.count && lane.states[end] == state { end += 1 }
                if !state.isEmpty {
                    out += "<rect class=\"span\" data-state=\"\(Markup.escape(state))\" x=\"\(Markup.px(timeline.trackX + Double(c) * columnWidth))\" y=\"\(Markup.px(y + 3))\" "
                    out += "width=\"\(Markup.px(Double(end - c) * columnWidth))\" height=\"\(Markup.px(laneHeight - 6))\" fill=\"\(Palette.state(state))\"/>\n"
                }
                c = end
            }
            for (c, tick) in lane.ticks.enumerated() where tick {
                let tx = timeline.trackX + (Double(c) + 0.5) * columnWidth
                out += "<line class=\"tick\" x1=\"\(Markup.px(tx))\" y1=\"\(Markup.px(y + 1))\" x2=\"\(Markup.px(tx))\" y2=\"\(Markup.px(y + 6))\" stroke=\"#4d4d4d\" stroke-width=\"1\"/>\n"
            }
            out += "</g>\n"
        }
        timeline.drawAxis(into: &out)
        out += "</g>\n"
    }
}
