#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// An element of a parsed SVG: its name, attributes, text, and the classes of its ancestors.
struct Element {
    var name: String
    var attributes: [String: String]
    var text = ""
    var ancestors: [String]
    var children: [String] = []
    var classes: Set<String> { Set((attributes["class"] ?? "").split(separator: " ").map(String.init)) }
}

/// Parses XML with Foundation's parser; nil (with the parser's error) when it is not well-formed.
final class ParsedXML: NSObject, XMLParserDelegate {
    var elements: [Element] = []
    private var stack: [Int] = []
    var error: String?

    static func parse(_ text: String) -> ParsedXML {
        let document = ParsedXML()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = document
        if !parser.parse() { document.error = parser.parserError.map { "\($0)" } ?? "not well-formed" }
        return document
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let ancestors = stack.map { elements[$0].attributes["class"] ?? elements[$0].name }
        if let parent = stack.last { elements[parent].children.append(name) }
        elements.append(Element(name: name, attributes: attributes, ancestors: ancestors))
        stack.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let current = stack.last { elements[current].text += string }
    }

    func all(_ name: String, class className: String? = nil) -> [Element] {
        elements.filter { $0.name == name && (className == nil || $0.classes.contains(className!)) }
    }
}

/// The records of a text transcript: `view.source`, event, and `key=value` fields.
struct TranscriptLine {
    var t: Double
    var source: String
    var event: String
    var fields: [String: String]

    static func parse(_ transcript: String) -> [TranscriptLine] {
        transcript.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: " ")
            var fields: [String: String] = [:]
            for part in parts.dropFirst(3) {
                if let eq = part.firstIndex(of: "=") { fields[String(part[..<eq])] = String(part[part.index(after: eq)...]) }
            }
            return TranscriptLine(t: Double(parts[0])!, source: String(parts[1]), event: String(parts[2]), fields: fields)
        }
    }
}

/// Every touch of a trace as the trace lists it (from touch-down to lift), counted independently
/// of the picture.
struct TouchCounter: TouchEventConsumer {
    var paths: [(id: String, points: [Point])] = []
    var open: [Int: Int] = [:]

    mutating func consume(_ event: borrowing TouchEvent) {
        for touch in event.touches {
            if touch.phase == .began {
                open[touch.slot] = paths.count
                paths.append((touch.id.description, [touch.location]))
            } else if let i = open[touch.slot] {
                paths[i].points.append(touch.location)
                if touch.phase.isEnding { open[touch.slot] = nil }
            }
        }
    }
}

/// The numbers of a `points` attribute or a pair `x,y`.
func numbers(_ text: String) -> [Double] {
    text.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0)! }
}

/// A touch for building traces: id, phase, x, y.
typealias TouchSpec = (id: Int, phase: String, x: Double, y: Double)

/// The JSON of a version 1 trace with these events and an optional scene.
func traceJSON(_ events: [(t: Double, touches: [TouchSpec])], scene: String? = nil) -> String {
    let body = events.map { e in
        let touches = e.touches.map { "{\"id\": \($0.id), \"phase\": \"\($0.phase)\", \"x\": \($0.x), \"y\": \($0.y)}" }
        return "{\"t\": \(e.t), \"touches\": [\(touches.joined(separator: ", "))]}"
    }
    let sceneKey = scene.map { "\"scene\": \($0),\n" } ?? ""
    return "{\"version\": 1,\n\(sceneKey)\"events\": [\n" + body.joined(separator: ",\n") + "\n]}"
}

func parse(_ json: String) throws -> Trace {
    try Trace.parse(SourceFile(path: "test.trace.json", bytes: Array(json.utf8)))
}

@Suite struct RenderTests {
    /// The SVG of a trace file, as `touchtrace render` writes it.
    func render(_ path: String) throws -> (svg: String, trace: Trace, scene: Scene) {
        let trace = try Trace.read(path: path)
        let scene = try Scene.resolve(for: trace)
        return (TracePicture(trace: trace, scene: scene).svg(), trace, scene)
    }

    @Test func everyFixtureDrawsOnePathPerTouchOneMarkPerRecordAndALanePerSource() throws {
        let fixtures = try Fixture.discover([packageRoot + "/traces"])
        #expect(fixtures.count >= 40)
        for fixture in fixtures {
            let (svg, trace, scene) = try render(fixture.tracePath)
            let document = ParsedXML.parse(svg)
            #expect(document.error == nil, "\(fixture.name): \(document.error ?? "")")
            #expect(document.elements.first?.name == "svg")

            // One path per touch, in the order the touches began, with the touch's id.
            var counter = TouchCounter()
            trace.forEachEvent(&counter)
            let paths = document.all("polyline", class: "touch")
            #expect(paths.count == counter.paths.count, "\(fixture.name)")
            #expect(paths.map { $0.attributes["data-touch"]! } == counter.paths.map(\.id), "\(fixture.name)")
            #expect(document.all("path").isEmpty, "\(fixture.name): only touches are paths, drawn as polylines")
            #expect(document.all("circle", class: "dot").count == counter.paths.count)
            #expect(document.all("circle", class: "ring").count == counter.paths.count)
            // Circles are dots and rings only, polygons marks only, polylines touches only.
            #expect(document.all("circle").count == 2 * counter.paths.count, "\(fixture.name)")
            #expect(document.all("polyline").count == counter.paths.count, "\(fixture.name)")

            // One mark per record, in transcript order, naming its source; labels are the new
            // state, else the event.
            let transcript = TranscriptLine.parse(try readText(fixture.expectedPath))
            let marks = document.all("polygon", class: "mark")
            #expect(marks.count == transcript.count, "\(fixture.name)")
            #expect(document.all("polygon").count == transcript.count, "\(fixture.name)")
            #expect(marks.map { $0.attributes["data-source"]! } == transcript.map(\.source), "\(fixture.name)")
            for mark in marks {
                #expect(mark.children == ["title"], "\(fixture.name): every mark carries its tooltip")
            }
            let titles = document.elements.filter { $0.name == "title" && $0.ancestors.last == "mark" }
            #expect(titles.count == transcript.count)
            #expect(document.all("title").count == transcript.count, "\(fixture.name): every title is a record's")
            for (title, line) in zip(titles, transcript) {
                #expect(title.text.contains(" \(line.source) \(line.event)"), "\(fixture.name): \(title.text)")
                if let to = line.fields["to"] { #expect(title.text.contains("to=\(to)")) }
            }
            for label in document.all("text", class: "label") {
                let i = Int(label.attributes["data-record"]!)!
                #expect(label.text == (transcript[i].fields["to"] ?? transcript[i].event), "\(fixture.name)")
            }

            // A lane per recognizer and control, named as the transcript names them.
            let lanes = document.all("g", class: "lane")
            let sources = Replayer(scene: scene, sink: RecordCollector()).sources.map { $0.view + "." + $0.name }
            #expect(lanes.map { $0.attributes["data-source"]! } == sources, "\(fixture.name)")
            #expect(Set(transcript.map(\.source)).isSubset(of: Set(sources)))
            // The frames and names of the views, each at its place on the screen (a subview's
            // frame is in its superview's coordinates), and every record that names a point
            // (`center`, `location`, in its view's coordinates) marked at that point.
            let frames = document.all("rect", class: "frame")
            #expect(frames.map { $0.attributes["data-view"]! } == scene.views.map(\.name))
            let drawing = document.all("g", class: "drawing")[0]
            let s = Double(drawing.attributes["data-scale"]!)!
            let offset = numbers(drawing.attributes["data-offset"]!)
            var screenOrigin: [String: Point] = [:]
            for (i, view) in scene.views.enumerated() {
                var origin = view.frame.origin
                var superview = view.superview
                while let up = superview {
                    origin = origin + scene.views[up].frame.origin
                    superview = scene.views[up].superview
                }
                screenOrigin[view.name] = origin
                #expect(abs(Double(frames[i].attributes["x"]!)! - (offset[0] + s * origin.x)) <= 0.006, "\(fixture.name) \(view.name)")
                #expect(abs(Double(frames[i].attributes["y"]!)! - (offset[1] + s * origin.y)) <= 0.006, "\(fixture.name) \(view.name)")
            }
            for (mark, line) in zip(marks, transcript) {
                guard let text = line.fields["center"] ?? line.fields["location"] else { continue }
                let point = numbers(text)
                let origin = screenOrigin[String(line.source.split(separator: ".")[0])]!
                let corners = numbers(mark.attributes["points"]!)
                let middle = ((corners[0] + corners[4]) / 2, (corners[1] + corners[5]) / 2)
                // The transcript's four decimals, scaled, and the picture's two.
                #expect(abs(middle.0 - (offset[0] + s * (origin.x + point[0]))) <= 0.01, "\(fixture.name): \(line)")
                #expect(abs(middle.1 - (offset[1] + s * (origin.y + point[1]))) <= 0.01, "\(fixture.name): \(line)")
                #expect(mark.attributes["data-placement"] == "recordPoint")
            }
        }
    }

    /// Reads the drawing's scale and offset and checks that paths, dots, rings, frames and marks
    /// all use them: a screen point (x, y) is at (offsetX + s·x, offsetY + s·y).
    @Test func pathsFramesDotsRingsAndMarksShareOneScaleAndOffset() throws {
        let (svg, trace, scene) = try render(packageRoot + "/traces/spots/five-fingers.trace.json")
        let document = ParsedXML.parse(svg)
        let drawing = document.all("g", class: "drawing")[0]
        let s = Double(drawing.attributes["data-scale"]!)!
        let offset = numbers(drawing.attributes["data-offset"]!)
        func map(_ p: Point) -> (Double, Double) { (offset[0] + s * p.x, offset[1] + s * p.y) }
        func near(_ a: (Double, Double), _ b: [Double]) -> Bool { abs(a.0 - b[0]) <= 0.006 && abs(a.1 - b[1]) <= 0.006 }
        var counter = TouchCounter()
        trace.forEachEvent(&counter)
        let paths = document.all("polyline", class: "touch")
        let dots = document.all("circle", class: "dot")
        let rings = document.all("circle", class: "ring")
        for (i, touch) in counter.paths.enumerated() {
            let drawn = numbers(paths[i].attributes["points"]!)
            // Every drawn point is a touch point, in order, and the path runs from touch-down to lift.
            #expect(near(map(touch.points.first!), Array(drawn.prefix(2))))
            #expect(near(map(touch.points.last!), Array(drawn.suffix(2))))
            #expect(near(map(touch.points.first!), [Double(dots[i].attributes["cx"]!)!, Double(dots[i].attributes["cy"]!)!]))
            #expect(near(map(touch.points.last!), [Double(rings[i].attributes["cx"]!)!, Double(rings[i].attributes["cy"]!)!]))
        }
        for (frame, view) in zip(document.all("rect", class: "frame"), scene.views) {
            #expect(near(map(view.frame.origin), [Double(frame.attributes["x"]!)!, Double(frame.attributes["y"]!)!]))
            #expect(abs(Double(frame.attributes["width"]!)! - s * view.frame.width) <= 0.006)
        }
        // Spot records carry their center in view coordinates: the mark is at view origin + center.
        let transcript = TranscriptLine.parse(try readText(packageRoot + "/traces/spots/five-fingers.expected.txt"))
        let origin = scene.views[0].frame.origin
        for (mark, line) in zip(document.all("polygon", class: "mark"), transcript) {
            let center = numbers(line.fields["center"]!)
            let corners = numbers(mark.attributes["points"]!)
            // A diamond: its middle is the mean of its four corners.
            let middle = [(corners[0] + corners[2] + corners[4] + corners[6]) / 4, (corners[1] + corners[3] + corners[5] + corners[7]) / 4]
            #expect(near(map(Point(x: origin.x + center[0], y: origin.y + center[1])), middle))
            #expect(mark.attributes["data-placement"] == "recordPoint")
        }
    }

    @Test func recordsWithoutAPointSitWhereTheirTouchIsOrInTheirView() throws {
        // The counter scene: a tap on plus; plus's records sit at the finger, the counter's
        // counterChanged (its view has no touch) in the middle of the counter's view.
        let trace = try Trace.read(path: packageRoot + "/traces/counter/plus-tap.trace.json")
        let scene = try Scene.resolve(for: trace)
        let picture = TracePicture(trace: trace, scene: scene)
        var counter = TouchCounter()
        trace.forEachEvent(&counter)
        #expect(!picture.records.isEmpty)
        for (i, record) in picture.records.enumerated() {
            let source = picture.sources[record.source]
            if source.view == "plus" {
                #expect(picture.placements[i] == .touch)
                #expect(counter.paths[0].points.contains(picture.places[i]))
            } else {
                #expect(picture.placements[i] == .view)
                let frame = scene.views.first { $0.name == source.view }!.frame
                #expect(picture.places[i] == Point(x: frame.midX, y: frame.midY))
            }
        }
        // Two fingers in one event: the checkmark follows its first touch, and so do its marks
        // (the event at 0.048 lists touch 2 first).
        let two = try Trace.read(path: packageRoot + "/traces/checkmark/second-finger-ignored.trace.json")
        let twoPicture = TracePicture(trace: two, scene: try Scene.resolve(for: two))
        var twoCounter = TouchCounter()
        two.forEachEvent(&twoCounter)
        #expect(twoPicture.records.count == 4)
        for place in twoPicture.places { #expect(twoCounter.paths[0].points.contains(place)) }
        #expect(twoPicture.places[2] == Point(x: 180, y: 290))

        // A pan record names no touch and no point: it sits on the finger that moved, at its time.
        let pan = try Trace.read(path: packageRoot + "/traces/pan/drag.trace.json")
        let panPicture = TracePicture(trace: pan, scene: try Scene.resolve(for: pan))
        for (i, record) in panPicture.records.enumerated() {
            #expect(panPicture.placements[i] == .touch)
            #expect(panPicture.places[i] == panPicture.touches[0].location(at: record.t))
        }
    }

    @Test func aTouchThatNeverMovesIsStillOnePath() throws {
        let json = traceJSON([(0, [(1, "began", 50, 60)]), (0.1, [(1, "ended", 50, 60)])])
        let trace = try parse(json)
        let svg = TracePicture(trace: trace, scene: Scene.defaultScene(width: 100, height: 100)).svg()
        let document = ParsedXML.parse(svg)
        let paths = document.all("polyline", class: "touch")
        #expect(paths.count == 1)
        let points = numbers(paths[0].attributes["points"]!)
        #expect(points.count == 4 && points[0] == points[2] && points[1] == points[3])
    }

    /// Ten fingers drawing circles for a second through a spot view and a pan: about 2,000
    /// records. Labels must not overlap, every mark is there with its tooltip.
    @Test func tenFingersAndThousandsOfRecordsStayReadable() throws {
        var events: [(t: Double, touches: [TouchSpec])] = []
        events.append((0, (1...10).map { ($0, "began", 40 + Double($0) * 30, 400) }))
        for step in 1...100 {
            let a = Double(step) * 0.12
            events.append((Double(step) * 0.01, (1...10).map { finger in
                (finger, "moved", 40 + Double(finger) * 30 + 25 * sin(a + Double(finger)), 400 + 60 * cos(a * 1.3 + Double(finger)))
            }))
        }
        events.append((1.01, (1...10).map { finger in (finger, "ended", 40 + Double(finger) * 30, 420) }))
        let scene = """
        {"views": [{"name": "canvas", "frame": [0, 0, 390, 844], "recognizers": [{"type": "spots"}, {"type": "pan"}]}]}
        """
        let trace = try parse(traceJSON(events, scene: scene))
        let picture = TracePicture(trace: trace, scene: try Scene.resolve(for: trace))
        #expect(picture.records.count > 1_000)
        let svg = picture.svg()
        let document = ParsedXML.parse(svg)
        #expect(document.error == nil)
        #expect(document.all("polyline", class: "touch").count == 10)
        #expect(document.all("polygon", class: "mark").count == picture.records.count)
        let labels = document.all("text", class: "label")
        #expect(labels.count >= 10 && labels.count < 200)
        // No two labels overlap (boxes as the layout measures them).
        var boxes: [(Double, Double, Double, Double)] = []
        for label in labels {
            let x = Double(label.attributes["x"]!)!
            let y = Double(label.attributes["y"]!)!
            let w = Double(label.text.count) * PictureDrawing.labelCharacterWidth + 2
            let left = label.attributes["text-anchor"] == "end" ? x - w : x
            boxes.append((left, y - 9, w, 12))
        }
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                let a = boxes[i], b = boxes[j]
                let overlap = a.0 < b.0 + b.2 - 0.01 && b.0 < a.0 + a.2 - 0.01 && a.1 < b.1 + b.3 - 0.01 && b.1 < a.1 + a.3 - 0.01
                #expect(!overlap, "labels \(labels[i].text) and \(labels[j].text) overlap")
            }
        }
        // The lanes: canvas.spots and canvas.pan, the pan's states as spans.
        #expect(document.all("g", class: "lane").count == 2)
        #expect(document.all("rect", class: "span").contains { $0.attributes["data-state"] == "changed" })
    }

    @Test func namesAndTextsAreEscaped() throws {
        #expect(Markup.escape("knob.rotation 0.0160") == "knob.rotation 0.0160")
        #expect(Markup.escape("a<b&\"c'\u{1}é\u{85}") == "a&lt;b&amp;&quot;c&#39;\u{FFFD}é\u{FFFD}")
        // A trace whose name and string touch ids need escaping still gives well-formed XML.
        let json = "{\"version\": 1, \"name\": \"a<b & \\\"c\\u0001\", \"events\": [" +
            "{\"t\": 0, \"touches\": [{\"id\": \"x<y\", \"phase\": \"began\", \"x\": 1, \"y\": 2}]}," +
            "{\"t\": 1, \"touches\": [{\"id\": \"x<y\", \"phase\": \"ended\", \"x\": 3, \"y\": 4}]}]}"
        let trace = try parse(json)
        let document = ParsedXML.parse(TracePicture(trace: trace, scene: try Scene.resolve(for: trace)).svg())
        #expect(document.error == nil)
        #expect(document.all("polyline", class: "touch").map { $0.attributes["data-touch"] } == ["\"x<y\""])
        #expect(document.all("text", class: "title").first?.text == "a<b & \"c\u{FFFD}")
    }

    @Test func theSameTraceGivesTheSameBytes() throws {
        let path = packageRoot + "/traces/default-scene/drag-across.trace.json"
        let first = try render(path).svg
        let second = try render(path).svg
        #expect(first == second)
        // stdout and --output X.svg are the same bytes.
        let directory = temporaryDirectory()
        let run = touchtrace("render", path)
        #expect(run.code == 0)
        #expect(run.out == first)
        #expect(touchtrace("render", path, "--output", directory + "/picture.svg").code == 0)
        #expect(try readText(directory + "/picture.svg") == first)
        #expect(touchtrace("render", path, "--output", directory + "/picture.svg").code == 0)
        #expect(try readText(directory + "/picture.svg") == first)
    }

    /// The README's picture is what `render` draws today (rewrite it with
    /// `touchtrace render traces/counter/both-buttons.trace.json --output docs/images/counter-both-buttons.svg`).
    @Test func theREADMEPictureIsCurrent() throws {
        let svg = try render(packageRoot + "/traces/counter/both-buttons.trace.json").svg
        #expect(try readText(packageRoot + "/docs/images/counter-both-buttons.svg") == svg)
        #expect(try readText(packageRoot + "/README.md").contains("](docs/images/counter-both-buttons.svg)"))
    }

    @Test func anHTMLPageHoldsThePictureAndLoadsNothing() throws {
        let path = packageRoot + "/traces/checkmark/recognized.trace.json"
        let directory = temporaryDirectory()
        #expect(touchtrace("render", path, "--output", directory + "/page.html").code == 0)
        let page = try readText(directory + "/page.html")
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains(try render(path).svg))
        #expect(!page.contains("<script"))
        // The only address in the page is the SVG namespace, which is a name, not a load.
        #expect(!page.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("http"))
        #expect(!page.contains("src="))
    }

    @Test func renderRefusesBadOutputsAndBadTraces() throws {
        let path = packageRoot + "/traces/knob/quarter-turn.trace.json"
        let directory = temporaryDirectory()
        let text = touchtrace("render", path, "--output", directory + "/picture.png")
        #expect(text.code == 2)
        #expect(text.err.contains(".svg or .html"))
        #expect(touchtrace("render", path, "--output", directory + "/x.trace.json").code == 2)
        #expect(touchtrace("render", path, "--output", directory + "/scene.json").code == 2)
        #expect(!Scene.fileExists(directory + "/x.trace.json"))
        #expect(touchtrace("render", directory + "/missing.trace.json").code == 2)
        let unwritable = touchtrace("render", path, "--output", directory + "/no/such/folder/picture.svg")
        #expect(unwritable.code == 74)
        #expect(unwritable.err.contains(directory + "/no/such/folder/picture.svg"))
        try writeText("{\"version\": 1, \"events\": [{\"t\": 0, \"touches\": [{\"id\": 1, \"phase\": \"moved\", \"x\": 1, \"y\": 1}]}]}",
                      to: directory + "/bad.trace.json")
        let bad = touchtrace("render", directory + "/bad.trace.json", "--output", directory + "/bad.svg")
        #expect(bad.code == 2)
        #expect(bad.err.contains("bad.trace.json:1:"))
        #expect(!Scene.fileExists(directory + "/bad.svg"))
    }
}
