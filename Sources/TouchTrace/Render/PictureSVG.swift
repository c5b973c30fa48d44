/// Drawing a `TracePicture` as SVG.
///
/// Above: the screen and the views' frames with their names, each touch's path (one `<polyline
/// class="touch">`) with a dot at touch-down and a ring at lift (`<circle class="dot">`,
/// `<circle class="ring">`), and a diamond (`<polygon class="mark">`) where each record
/// happened, with its label (`to`, else the event) beside it or, where labels would pile up, in
/// its `<title>` only. All of these share one scale and offset: a screen point (x, y) is drawn at
/// (offsetX + scale·x, offsetY + scale·y), written on the drawing's group as `data-scale` and
/// `data-offset`. Below: a timeline with one lane (`<g class="lane">`) per recognizer and
/// control, its states as coloured spans, and a time axis in seconds.
///
/// Every number is written with fixed decimals and nothing depends on a clock or on dictionary
/// order: the same trace gives the same bytes.
extension TracePicture {
    /// The picture as an SVG document (it starts with `<svg`, so that it can also sit inline in
    /// an HTML page).
    ///
    /// `differing` are records (indices into `records`) to point out: their marks are larger,
    /// outlined in red and marked `data-differs` (the records where a replay departs from its
    /// expected transcript, in the verify report).
    public func svg(differing: Set<Int> = []) -> String {
        var drawing = PictureDrawing(self)
        drawing.differing = differing
        return drawing.draw()
    }
}

/// Colours, by name: touches cycle through ten that are told apart on white; states have one each.
enum Palette {
    static let touches = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                          "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"]

    /// The colour of a recognizer state, a control's tracking or a spot view's touching.
    static func state(_ name: String) -> String {
        switch name {
        case "began": return "#a6dba0"
        case "changed": return "#5aae61"
        case "ended": return "#80b1d3"
        case "recognized": return "#2166ac"
        case "failed": return "#d6604d"
        case "cancelled": return "#f4a582"
        case "tracking": return "#b2abd2"
        case "touching": return "#dfc27d"
        default: return "#bababa"
        }
    }

    /// The states in the legend, in the order a gesture goes through them.
    static let legend = ["began", "changed", "ended", "recognized", "failed", "cancelled", "tracking", "touching"]
}

/// One drawing of a picture: the layout, then the SVG text.
struct PictureDrawing {
    let picture: TracePicture
    var out = ""
    /// Records whose marks are pointed out.
    var differing: Set<Int> = []

    // Layout, in picture pixels.
    static let margin = 16.0
    static let maximumDrawingWidth = 560.0
    static let maximumDrawingHeight = 720.0
    /// Room around the screen's content, so that dots and rings at its edges show whole.
    static let padding = 14.0
    static let legendWidth = 190.0
    static let laneHeight = 20.0
    static let labelFontSize = 10.0
    /// A label's width per character at `labelFontSize` (sans-serif, generous).
    static let labelCharacterWidth = 5.8
    /// Touches listed in the legend; the rest are counted.
    static let legendTouches = 24

    let scale: Double
    let offset: Point
    let drawingFrame: Rect

    /// `extraBounds`: points the content also holds, besides the picture's own (an overview
    /// gives the corners of its touches, which it does not keep).
    init(_ picture: TracePicture, extraBounds: [Point] = []) {
        self.picture = picture
        // The content: the screen, the frames, every sample and every mark.
        var minX = 0.0, minY = 0.0
        var maxX = max(picture.screen.width, 0), maxY = max(picture.screen.height, 0)
        func include(_ p: Point) {
            guard p.x.isFinite && p.y.isFinite else { return }
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for p in extraBounds { include(p) }
        for view in picture.views {
            include(view.frame.origin)
            include(Point(x: view.frame.x + view.frame.width, y: view.frame.y + view.frame.height))
        }
        for touch in picture.touches { for s in touch.samples { include(s.location) } }
        for p in picture.places { include(p) }
        let width = max(maxX - minX, 1)
        let height = max(maxY - minY, 1)
        // The scale and offset are kept short (four and two decimals), so that `data-scale` and
        // `data-offset` (written shortest, exactly) read well and map points exactly as drawn.
        let exact = min(Self.maximumDrawingWidth / width, Self.maximumDrawingHeight / height, 3)
        let rounded = (exact * 10_000).rounded(.down) / 10_000
        // (Content millions of points wide keeps its exact, tiny scale.)
        let scale = rounded > 0 ? rounded : exact
        self.scale = scale
        let top = Self.margin + 26 + Double(Self.descriptionLines(picture.description).count) * 14 + 4
        drawingFrame = Rect(x: Self.margin, y: top, width: width * scale + 2 * Self.padding,
                            height: height * scale + 2 * Self.padding)
        offset = Point(x: ((drawingFrame.x + Self.padding - minX * scale) * 100).rounded() / 100,
                       y: ((drawingFrame.y + Self.padding - minY * scale) * 100).rounded() / 100)
    }

    /// A screen point in picture pixels.
    func map(_ p: Point) -> Point { Point(x: offset.x + scale * p.x, y: offset.y + scale * p.y) }

    func touchColor(_ i: Int) -> String { Palette.touches[i % Palette.touches.count] }

    func sourceLabel(_ i: Int) -> String { picture.sources[i].view + "." + picture.sources[i].name }

    // MARK: Drawing

    mutating func draw() -> String {
        let lanesTop = max(drawingFrame.y + drawingFrame.height, legendBottom) + 34
        let labelWidth = min(240, max(90, Double(picture.sources.indices.map { sourceLabel($0).count }.max() ?? 0) * 6.4 + 12))
        let stateLegendWidth = Palette.legend.reduce(0.0) { $0 + 25 + Double($1.count) * 6 }
        let contentWidth = max(drawingFrame.width + 16 + Self.legendWidth, labelWidth + max(520, stateLegendWidth))
        let width = (2 * Self.margin + contentWidth).rounded(.up)
        let timeline = Timeline(picture: picture, top: lanesTop, labelX: Self.margin, trackX: Self.margin + labelWidth,
                                trackWidth: contentWidth - labelWidth)
        let height = (timeline.bottom + PictureDrawing.margin).rounded(.up)

        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Markup.px(width))\" height=\"\(Markup.px(height))\" "
        out += "viewBox=\"0 0 \(Markup.px(width)) \(Markup.px(height))\" font-family=\"sans-serif\" class=\"touchtrace-picture\">\n"
        // (No <title> of its own: every <title> in the picture is a record's tooltip.)
        out += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(Markup.px(width))\" height=\"\(Markup.px(height))\" fill=\"#ffffff\"/>\n"
        drawHeader()
        out += "<g class=\"drawing\" data-scale=\"\(String(scale))\" data-offset=\"\(String(offset.x)),\(String(offset.y))\">\n"
        drawScreen()
        drawViews()
        drawTouches()
        drawMarks()
        out += "</g>\n"
        drawLegend()
        timeline.draw(into: &out)
        out += "</svg>\n"
        return out
    }

    mutating func drawHeader() {
        out += "<text class=\"title\" x=\"\(Markup.px(Self.margin))\" y=\"\(Markup.px(Self.margin + 14))\" font-size=\"16\" font-weight=\"bold\" fill=\"#222222\">"
        out += Markup.escape(picture.title) + "</text>\n"
        for (i, line) in Self.descriptionLines(picture.description).enumerated() {
            out += "<text class=\"description\" x=\"\(Markup.px(Self.margin))\" y=\"\(Markup.px(Self.margin + 32 + Double(i) * 14))\" font-size=\"11\" fill=\"#555555\">"
            out += Markup.escape(line) + "</text>\n"
        }
    }

    /// Characters on one line of the description.
    static let descriptionLineLength = 100
    /// Lines of the description shown; the rest is cut with `…`.
    static let descriptionMaximumLines = 3

    /// The trace's description in lines of at most `descriptionLineLength` characters, broken
    /// at spaces, at most `descriptionMaximumLines` of them.
    static func descriptionLines(_ description: String?) -> [String] {
        guard let description, !description.isEmpty else { return [] }
        var lines: [String] = []
        var line = ""
        for word in description.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            if word.count > descriptionLineLength { word = String(word.prefix(descriptionLineLength - 1)) + "…" }
            if line.isEmpty {
                line = word
            } else if line.count + 1 + word.count <= descriptionLineLength {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        if lines.count > descriptionMaximumLines {
            lines = Array(lines.prefix(descriptionMaximumLines))
            var last = lines[descriptionMaximumLines - 1]
            if last.count >= descriptionLineLength { last = String(last.prefix(descriptionLineLength - 1)) }
            lines[descriptionMaximumLines - 1] = last + "…"
        }
        return lines
    }

    mutating func drawScreen() {
        let a = map(.zero)
        out += "<rect class=\"screen\" x=\"\(Markup.px(a.x))\" y=\"\(Markup.px(a.y))\" width=\"\(Markup.px(scale * picture.screen.width))\" "
        // A screen the trace does not give (the smallest rectangle holding its points) is drawn
        // faint and dashed: it is a guess.
        let outline = picture.screenGiven ? "stroke=\"#333333\" stroke-width=\"1.5\"" : "stroke=\"#9a9a9a\" stroke-width=\"1\" stroke-dasharray=\"5,4\""
        out += "height=\"\(Markup.px(scale * picture.screen.height))\" fill=\"#fbfbfb\" \(outline) rx=\"4\"/>\n"
    }

    mutating func drawViews() {
        out += "<g class=\"views\">\n"
        for view in picture.views {
            let a = map(view.frame.origin)
            let w = scale * view.frame.width
            let h = scale * view.frame.height
            out += "<rect class=\"frame\" data-view=\"\(Markup.escape(view.name))\" x=\"\(Markup.px(a.x))\" y=\"\(Markup.px(a.y))\" "
            out += "width=\"\(Markup.px(w))\" height=\"\(Markup.px(h))\" fill=\"#eef1f5\" fill-opacity=\"0.55\" stroke=\"#8a94a3\" stroke-width=\"1\"/>\n"
            out += "<text class=\"view-name\" x=\"\(Markup.px(a.x + 4))\" y=\"\(Markup.px(a.y + 12))\" font-size=\"11\" fill=\"#5b6472\">"
            out += Markup.escape(view.name) + "</text>\n"
        }
        out += "</g>\n"
    }

    mutating func drawTouches() {
        out += "<g class=\"touches\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        for (i, touch) in picture.touches.enumerated() {
            let color = touchColor(i)
            var points = ""
            var last: (String, String)?
            var count = 0
            for sample in touch.samples {
                let p = map(sample.location)
                let xy = (Markup.px(p.x), Markup.px(p.y))
                // Samples that land on the same pixel add nothing.
                if let last, last == xy { continue }
                if count > 0 { points += " " }
                points += xy.0 + "," + xy.1
                last = xy
                count += 1
            }
            // A touch that never moves is a point: drawn twice, so that its round cap shows.
            if count == 1 { points += " " + points }
            out += "<polyline class=\"touch\" data-touch=\"\(Markup.escape(touch.id.description))\" points=\"\(points)\" "
            out += "stroke=\"\(color)\" stroke-width=\"2.5\" stroke-opacity=\"0.85\"/>\n"
        }
        out += "</g>\n<g class=\"ends\">\n"
        for (i, touch) in picture.touches.enumerated() {
            guard let first = touch.samples.first, let last = touch.samples.last else { continue }
            let color = touchColor(i)
            let id = Markup.escape(touch.id.description)
            let a = map(first.location)
            let b = map(last.location)
            out += "<circle class=\"dot\" data-touch=\"\(id)\" cx=\"\(Markup.px(a.x))\" cy=\"\(Markup.px(a.y))\" r=\"4\" fill=\"\(color)\"/>\n"
            out += "<circle class=\"ring\" data-touch=\"\(id)\" cx=\"\(Markup.px(b.x))\" cy=\"\(Markup.px(b.y))\" r=\"7\" fill=\"none\" "
            out += "stroke=\"\(color)\" stroke-width=\"2\"\(touch.cancelled ? " stroke-dasharray=\"3,2\"" : "")/>\n"
        }
        out += "</g>\n"
    }

    /// A record's label: its new state (`to`), else its event.
    static func label(of record: Record) -> String {
        for field in record.fields where field.key == "to" { return Markup.text(of: field.value) }
        return record.event.description
    }

    /// A record's label, then the record as its transcript line says it: the mark's tooltip.
    func describe(_ i: Int) -> String {
        let record = picture.records[i]
        var text = Self.label(of: record) + " — " + Markup.seconds(record.t) + " s " + sourceLabel(record.source) + " " + record.event.description
        for field in record.fields { text += " " + field.key + "=" + Markup.text(of: field.value) }
        return text
    }

    mutating func drawMarks() {
        let records = picture.records
        // Which labels are shown: a record whose label repeats its source's previous one (a
        // `changed` after a `changed`, every `spotMoved`) is left to its tooltip; the others are
        // placed state changes first, then in time order, each where it overlaps no label
        // placed before it (beside the mark, or stacked above or below), else in its tooltip only.
        var previousLabel: [String: String] = [:]
        var wanted: [Int] = []
        for (i, record) in records.enumerated() {
            let label = Self.label(of: record)
            // A source's records about one touch (spots) repeat per touch.
            var key = String(record.source)
            for field in record.fields where field.key == "touch" { key += " " + Markup.text(of: field.value) }
            if previousLabel[key] != label || differing.contains(i) { wanted.append(i) }
            previousLabel[key] = label
        }
        // Records pointed out first, then state changes, then the rest, each in time order.
        func rank(_ i: Int) -> Int { differing.contains(i) ? 0 : (records[i].event.description == "state" ? 1 : 2) }
        wanted.sort { a, b in rank(a) != rank(b) ? rank(a) < rank(b) : a < b }
        // The views' names are there first.
        var placedBoxes: [Rect] = picture.views.map { view in
            let a = map(view.frame.origin)
            return Rect(x: a.x + 4, y: a.y + 2, width: Double(view.name.count) * 6.4 + 2, height: 12)
        }
        // Where the paths, dots, rings and marks are, for labels to keep clear of.
        var occupied = OccupancyGrid(cell: 4)
        for touch in picture.touches {
            var previous: Point?
            for sample in touch.samples {
                let p = map(sample.location)
                if let previous { occupied.addSegment(previous, p) } else { occupied.addPoint(p, radius: 7) }
                previous = p
            }
            if let previous { occupied.addPoint(previous, radius: 8) }
        }
        for place in picture.places { occupied.addPoint(map(place), radius: 4) }
        var shown: [(x: Double, y: Double, anchorEnd: Bool)?] = Array(repeating: nil, count: records.count)
        let lineHeight = Self.labelFontSize + 2
        let area = drawingFrame
        for i in wanted {
            let text = Self.label(of: records[i])
            let w = Double(text.count) * Self.labelCharacterWidth + 2
            let p = map(picture.places[i])
            // Beside the mark to the right, to the left, then stacked above and below.
            var candidates: [(x: Double, baseline: Double, anchorEnd: Bool)] = [
                (p.x + 7, p.y + 3.5, false), (p.x - 7, p.y + 3.5, true),
            ]
            for k in 1...3 {
                let dy = Double(k) * lineHeight
                candidates += [(p.x + 7, p.y + 3.5 - dy, false), (p.x + 7, p.y + 3.5 + dy, false),
                               (p.x - 7, p.y + 3.5 - dy, true), (p.x - 7, p.y + 3.5 + dy, true)]
            }
            // First where the label hides no path or mark, else where it overlaps no other label.
            search: for avoidingDrawing in [true, false] {
                for c in candidates {
                    let box = Rect(x: c.anchorEnd ? c.x - w : c.x, y: c.baseline - Self.labelFontSize + 1, width: w, height: lineHeight)
                    guard box.x >= area.x && box.x + box.width <= area.x + area.width &&
                          box.y >= area.y && box.y + box.height <= area.y + area.height else { continue }
                    if placedBoxes.contains(where: { Self.overlap($0, box) }) { continue }
                    if avoidingDrawing && occupied.covers(box) { continue }
                    placedBoxes.append(box)
                    shown[i] = (c.x, c.baseline, c.anchorEnd)
                    break search
                }
            }
        }
        out += "<g class=\"marks\">\n"
        // Many records: smaller marks, and those that repeat their source's previous label
        // faded, so that the paths and the changes of state stay visible.
        let dense = records.count > 300
        let isNews = Set(wanted)
        for (i, record) in records.enumerated() {
            let p = map(picture.places[i])
            let color = record.event.description == "state" ? Palette.state(Self.label(of: record)) : "#4d4d4d"
            let differs = differing.contains(i)
            let r = differs ? 6.0 : (dense ? 2.5 : 4.0)
            let opacity = dense && !isNews.contains(i) && !differs ? " fill-opacity=\"0.35\" stroke-opacity=\"0.35\"" : ""
            let outline = differs ? "stroke=\"#c2002f\" stroke-width=\"2\" data-differs=\"true\"" : "stroke=\"#ffffff\" stroke-width=\"\(dense ? "0.5" : "1")\""
            out += "<polygon class=\"mark\" data-record=\"\(i)\" data-source=\"\(Markup.escape(sourceLabel(record.source)))\" "
            out += "data-placement=\"\(picture.placements[i].rawValue)\" points=\"\(Markup.px(p.x)),\(Markup.px(p.y - r)) "
            out += "\(Markup.px(p.x + r)),\(Markup.px(p.y)) \(Markup.px(p.x)),\(Markup.px(p.y + r)) \(Markup.px(p.x - r)),\(Markup.px(p.y))\" "
            let title = (differs ? "differs from the expected transcript: " : "") + describe(i)
            out += "fill=\"\(color)\" \(outline)\(opacity)><title>\(Markup.escape(title))</title></polygon>\n"
        }
        out += "</g>\n<g class=\"labels\" font-size=\"\(Markup.px(Self.labelFontSize))\" fill=\"#1a1a1a\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\n"
        for (i, place) in shown.enumerated() {
            guard let place else { continue }
            let mark = map(picture.places[i])
            if abs(place.y - 3.5 - mark.y) > 1 {
                // A stacked label points at its mark.
                let y = place.y - 3.5 + (place.y - 3.5 > mark.y ? -4 : 4)
                out += "<line class=\"leader\" x1=\"\(Markup.px(mark.x))\" y1=\"\(Markup.px(mark.y))\" x2=\"\(Markup.px(place.x))\" y2=\"\(Markup.px(y))\" "
                out += "stroke=\"#9a9a9a\" stroke-width=\"0.75\" paint-order=\"normal\"/>\n"
            }
            out += "<text class=\"label\" data-record=\"\(i)\" x=\"\(Markup.px(place.x))\" y=\"\(Markup.px(place.y))\""
            out += place.anchorEnd ? " text-anchor=\"end\">" : ">"
            out += Markup.escape(Self.label(of: records[i])) + "</text>\n"
        }
        out += "</g>\n"
    }

    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    var legendBottom: Double {
        let rows = min(picture.touches.count, Self.legendTouches) + (picture.touches.count > Self.legendTouches ? 1 : 0)
        return drawingFrame.y + 18 + Double(rows) * 16 + 40
    }

    mutating func drawLegend() {
        let x = drawingFrame.x + drawingFrame.width + 16
        var y = drawingFrame.y + 12
        out += "<g class=\"legend\" font-size=\"11\" fill=\"#333333\">\n"
        let touchCount = picture.touches.count
        out += "<text x=\"\(Markup.px(x))\" y=\"\(Markup.px(y))\" font-weight=\"bold\">\(touchCount) touch\(touchCount == 1 ? "" : "es"), \(picture.records.count) record\(picture.records.count == 1 ? "" : "s")</text>\n"
        for (i, touch) in picture.touches.prefix(Self.legendTouches).enumerated() {
            y += 16
            let color = touchColor(i)
            out += "<line x1=\"\(Markup.px(x))\" y1=\"\(Markup.px(y - 4))\" x2=\"\(Markup.px(x + 18))\" y2=\"\(Markup.px(y - 4))\" stroke=\"\(color)\" stroke-width=\"3\"/>\n"
            let start = touch.samples.first?.t ?? 0
            let end = touch.samples.last?.t ?? 0
            out += "<text x=\"\(Markup.px(x + 24))\" y=\"\(Markup.px(y))\">touch \(Markup.escape(touch.id.description)) "
            out += "\(fixedDecimals(start, 3))–\(fixedDecimals(end, 3)) s\(touch.cancelled ? " (cancelled)" : "")</text>\n"
        }
        if touchCount > Self.legendTouches {
            y += 16
            out += "<text x=\"\(Markup.px(x + 24))\" y=\"\(Markup.px(y))\">… and \(touchCount - Self.legendTouches) more</text>\n"
        }
        y += 22
        // What the symbols mean. (Drawn with other elements than the picture's own, so that
        // circles are dots and rings only, and polygons marks only.)
        out += "<rect x=\"\(Markup.px(x + 1))\" y=\"\(Markup.px(y - 8))\" width=\"8\" height=\"8\" rx=\"4\" fill=\"#555555\"/>"
        out += "<text x=\"\(Markup.px(x + 14))\" y=\"\(Markup.px(y))\">down</text>\n"
        out += "<rect x=\"\(Markup.px(x + 55))\" y=\"\(Markup.px(y - 9))\" width=\"10\" height=\"10\" rx=\"5\" fill=\"none\" stroke=\"#555555\" stroke-width=\"1.5\"/>"
        out += "<text x=\"\(Markup.px(x + 70))\" y=\"\(Markup.px(y))\">lift</text>\n"
        out += "<text x=\"\(Markup.px(x + 103))\" y=\"\(Markup.px(y))\" fill=\"#4d4d4d\">\u{25C6}</text>"
        out += "<text x=\"\(Markup.px(x + 117))\" y=\"\(Markup.px(y))\">record</text>\n"
        out += "</g>\n"
    }
}

/// The timeline under the drawing: a lane per source with its states as spans, and a time axis.
struct Timeline {
    let picture: TracePicture
    let top: Double
    let labelX: Double
    let trackX: Double
    let trackWidth: Double
    let start: Double
    let end: Double

    init(picture: TracePicture, top: Double, labelX: Double, trackX: Double, trackWidth: Double) {
        self.picture = picture
        self.top = top
        self.labelX = labelX
        self.trackX = trackX
        self.trackWidth = trackWidth
        start = picture.timeRange.lowerBound
        end = max(picture.timeRange.upperBound, start + 0.01)
    }

    var lanesBottom: Double { top + 18 + Double(picture.sources.count) * PictureDrawing.laneHeight }
    var bottom: Double { lanesBottom + 58 }

    func x(_ t: Double) -> Double { trackX + (t - start) / (end - start) * trackWidth }

    /// A stretch of time a source spent in one state (or tracking, or touching).
    struct Span {
        var start: Double
        var end: Double
        var name: String
    }

    static let trackingStarts: Set<String> = ["beginTracking", "touchDown"]
    static let trackingEnds: Set<String> = ["endTracking", "cancelTracking", "touchUpInside", "touchUpOutside", "touchCancel"]
    static let finalStates: Set<String> = ["ended", "recognized", "failed", "cancelled"]

    /// The spans of every source: a recognizer's states (a final one lasts until the touches on
    /// its view have all lifted, when it is reset, or its next state record), a control's
    /// tracking, a spot view's touching.
    func spans() -> [[Span]] {
        var spans = [[Span]](repeating: [], count: picture.sources.count)
        var open = [(name: String, start: Double, until: Double?)?](repeating: nil, count: picture.sources.count)
        var spots = [Int](repeating: 0, count: picture.sources.count)
        func close(_ s: Int, at t: Double) {
            guard let o = open[s] else { return }
            let span = Span(start: o.start, end: min(t, o.until ?? t), name: o.name)
            open[s] = nil
            // `changed` after `changed` is one stretch of changing.
            if let last = spans[s].last, last.name == span.name, last.end == span.start {
                spans[s][spans[s].count - 1].end = span.end
            } else {
                spans[s].append(span)
            }
        }
        for record in picture.records {
            let s = record.source
            let event = record.event.description
            if event == "state" {
                close(s, at: record.t)
                let to = PictureDrawing.label(of: record)
                if to != "possible" {
                    let until = Self.finalStates.contains(to) ? resetTime(view: picture.sourceViews[s], after: record.t) : nil
                    open[s] = (to, record.t, until)
                }
            } else if Self.trackingStarts.contains(event) {
                if open[s] == nil { open[s] = ("tracking", record.t, nil) }
            } else if Self.trackingEnds.contains(event) {
                close(s, at: record.t)
            } else if event == "spotAdded" {
                if spots[s] == 0 { open[s] = ("touching", record.t, nil) }
                spots[s] += 1
            } else if event == "spotRemoved" {
                spots[s] = max(spots[s] - 1, 0)
                if spots[s] == 0 { close(s, at: record.t) }
            }
        }
        for s in open.indices { close(s, at: open[s]?.until ?? end) }
        return spans
    }

    /// When the touches on a view that are down at `t` (and those that land while they are)
    /// have all lifted: when a final recognizer of the view is reset.
    func resetTime(view: Int?, after t: Double) -> Double {
        guard let view else { return t }
        var until = t
        var changed = true
        while changed {
            changed = false
            for touch in picture.touches where TracePicture.isWithin(touch.view, view, picture.views) {
                guard let first = touch.samples.first, let last = touch.samples.last else { continue }
                if first.t <= until && last.t >= t && last.t > until {
                    until = last.t
                    changed = true
                }
            }
        }
        return until
    }

    func draw(into out: inout String) {
        let laneHeight = PictureDrawing.laneHeight
        out += "<g class=\"timeline\" font-size=\"11\">\n"
        out += "<text x=\"\(Markup.px(labelX))\" y=\"\(Markup.px(top + 10))\" font-weight=\"bold\" fill=\"#222222\">States over time</text>\n"
        let lanes = spans()
        var ticksOfSource = [[Double]](repeating: [], count: picture.sources.count)
        for record in picture.records where record.event.description != "state" {
            ticksOfSource[record.source].append(record.t)
        }
        for (s, source) in picture.sources.enumerated() {
            let y = top + 18 + Double(s) * laneHeight
            let name = Markup.escape(source.view + "." + source.name)
            out += "<g class=\"lane\" data-source=\"\(name)\">\n"
            out += "<rect class=\"lane-background\" x=\"\(Markup.px(trackX))\" y=\"\(Markup.px(y))\" width=\"\(Markup.px(trackWidth))\" "
            out += "height=\"\(Markup.px(laneHeight))\" fill=\"\(s % 2 == 0 ? "#f4f4f4" : "#fafafa")\"/>\n"
            out += "<text class=\"lane-name\" x=\"\(Markup.px(labelX))\" y=\"\(Markup.px(y + 14))\" fill=\"#333333\">\(name)</text>\n"
            for span in lanes[s] {
                let x0 = x(span.start)
                // A state that lasted no time still shows, as a sliver.
                let w = max(x(span.end) - x0, 3)
                out += "<rect class=\"span\" data-state=\"\(Markup.escape(span.name))\" x=\"\(Markup.px(x0))\" y=\"\(Markup.px(y + 3))\" "
                out += "width=\"\(Markup.px(w))\" height=\"\(Markup.px(laneHeight - 6))\" fill=\"\(Palette.state(span.name))\"/>\n"
                let textWidth = Double(span.name.count) * 5.6 + 6
                if w >= textWidth {
                    out += "<text x=\"\(Markup.px(x0 + 3))\" y=\"\(Markup.px(y + 14))\" font-size=\"10\" fill=\"#1a1a1a\">\(Markup.escape(span.name))</text>\n"
                }
            }
            // Other records (values, taps, spots) as ticks.
            var lastTick = -Double.infinity
            for t in ticksOfSource[s] {
                let tx = x(t)
                // Ticks closer than half a pixel are one tick.
                if tx - lastTick < 0.5 { continue }
                lastTick = tx
                out += "<line class=\"tick\" x1=\"\(Markup.px(tx))\" y1=\"\(Markup.px(y + 1))\" x2=\"\(Markup.px(tx))\" y2=\"\(Markup.px(y + 6))\" stroke=\"#4d4d4d\" stroke-width=\"1\"/>\n"
            }
            out += "</g>\n"
        }
        drawAxis(into: &out)
        out += "</g>\n"
    }

    /// Steps of 1, 2 or 5 times a power of ten: about eight labelled ticks over the trace.
    /// (Found by multiplying and dividing by ten, not with `log10`, whose last bit may differ
    /// from one C library to another: the same trace draws the same axis everywhere.)
    func axisStep() -> (step: Double, decimals: Int) {
        let raw = (end - start) / 8
        var magnitude = 1.0
        var decimals = 0
        while magnitude > raw && decimals < 12 {
            magnitude /= 10
            decimals += 1
        }
        while magnitude * 10 <= raw && magnitude < 1e12 {
            magnitude *= 10
            decimals -= 1
        }
        for m in [1.0, 2, 5] where m * magnitude >= raw {
            return (m * magnitude, max(0, min(4, decimals)))
        }
        return (10 * magnitude, max(0, min(4, decimals - 1)))
    }

    func drawAxis(into out: inout String) {
        let y = lanesBottom + 4
        out += "<g class=\"axis\" fill=\"#333333\">\n"
        out += "<line x1=\"\(Markup.px(trackX))\" y1=\"\(Markup.px(y))\" x2=\"\(Markup.px(trackX + trackWidth))\" y2=\"\(Markup.px(y))\" stroke=\"#333333\" stroke-width=\"1\"/>\n"
        let (step, decimals) = axisStep()
        var k = (start / step).rounded(.up)
        while k * step <= end + step * 1e-9 {
            let t = k * step
            let tx = x(t)
            out += "<line x1=\"\(Markup.px(tx))\" y1=\"\(Markup.px(y))\" x2=\"\(Markup.px(tx))\" y2=\"\(Markup.px(y + 5))\" stroke=\"#333333\" stroke-width=\"1\"/>\n"
            out += "<text x=\"\(Markup.px(tx))\" y=\"\(Markup.px(y + 17))\" text-anchor=\"middle\">\(fixedDecimals(t, decimals))</text>\n"
            k += 1
        }
        out += "<text x=\"\(Markup.px(labelX))\" y=\"\(Markup.px(y + 17))\">time (s)</text>\n"
        // The colours of the states.
        var lx = trackX
        let ly = y + 36
        for name in Palette.legend {
            out += "<rect x=\"\(Markup.px(lx))\" y=\"\(Markup.px(ly - 9))\" width=\"12\" height=\"10\" fill=\"\(Palette.state(name))\"/>"
            out += "<text x=\"\(Markup.px(lx + 15))\" y=\"\(Markup.px(ly))\">\(name)</text>\n"
            lx += 25 + Double(name.count) * 6
        }
        out += "</g>\n"
    }
}

/// Which small squares of the picture hold something (a path, a dot, a mark): labels are placed
/// where they hide nothing, when they can be.
struct OccupancyGrid {
    let cell: Double
    private var cells: Set<Int64> = []

    init(cell: Double) { self.cell = cell }

    private func key(_ cx: Int64, _ cy: Int64) -> Int64 { (cx << 32) ^ (cy & 0xFFFF_FFFF) }

    private func index(_ v: Double) -> Int64 {
        let i = (v / cell).rounded(.down)
        return Int64(max(min(i, 1e9), -1e9))
    }

    mutating func addPoint(_ p: Point, radius: Double) {
        for cx in index(p.x - radius)...index(p.x + radius) {
            for cy in index(p.y - radius)...index(p.y + radius) { cells.insert(key(cx, cy)) }
        }
    }

    mutating func addSegment(_ a: Point, _ b: Point) {
        let length = (b - a).length
        let steps = min(Int((length / (cell / 2)).rounded(.up)), 10_000)
        for k in 0...max(steps, 1) {
            let f = Double(k) / Double(max(steps, 1))
            cells.insert(key(index(a.x + (b.x - a.x) * f), index(a.y + (b.y - a.y) * f)))
        }
    }

    func covers(_ box: Rect) -> Bool {
        for cx in index(box.x)...index(box.x + box.width) {
            for cy in index(box.y)...index(box.y + box.height) where cells.contains(key(cx, cy)) { return true }
        }
        return false
    }
}
