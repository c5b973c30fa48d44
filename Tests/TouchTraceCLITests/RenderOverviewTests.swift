import Foundation
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// Pictures of traces past what a screen can show (SPEC 19): thinned paths, grouped ends and
/// marks, in an SVG whose size does not grow with the trace's.
@Suite struct RenderOverviewTests {
    /// A trace of `strokes` one-finger strokes of `samples` samples each, wandering over a
    /// 390 × 844 screen (deterministic), one event a line.
    static func strokes(_ strokes: Int, samples: Int = 20) -> String {
        var random = SplitMix64(state: 11)
        var lines: [String] = []
        var t = 0.0
        for id in 1...strokes {
            var x = random.uniform(20, 370), y = random.uniform(20, 820)
            let vx = random.uniform(-6, 6), vy = random.uniform(-6, 6)
            for k in 0..<samples {
                let phase = k == 0 ? "began" : (k == samples - 1 ? "ended" : "moved")
                lines.append("{\"t\": \(fixedDecimals(t, 4)), \"touches\": [{\"id\": \(id), \"phase\": \"\(phase)\", \"x\": \(fixedDecimals(x, 2)), \"y\": \(fixedDecimals(y, 2))}]}")
                x = min(389, max(1, x + vx)); y = min(843, max(1, y + vy))
                t += 0.008
            }
            t += 0.2
        }
        return "{\"version\": 1, \"screen\": {\"width\": 390, \"height\": 844}, \"events\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// Records of a full replay, counted independently of the picture.
    func recordCount(_ trace: Trace, _ scene: Scene) -> Int {
        let collector = RecordCollector()
        Replayer.replay(trace, scene: scene, into: collector)
        return collector.records.count
    }

    @Test func aTracePastTheLimitsIsThinnedAndEveryRecordIsInAGroupedMark() throws {
        // 1,200 touches: more than `Limits().touches` (1,000), so not drawn touch by touch.
        let trace = try parse(Self.strokes(1_200))
        let scene = try Scene.resolve(for: trace)
        #expect(trace.summary.touchCount > TracePicture.Limits().touches)
        #expect(TracePicture(trace: trace, scene: scene, limits: TracePicture.Limits()) == nil)
        let svg = TracePicture.svg(of: trace, scene: scene)
        let document = ParsedXML.parse(svg)
        #expect(document.error == nil)
        #expect(svg.contains("data-thinned=\"true\""))
        // The paths: at most one per colour, not one per touch.
        let paths = document.all("path", class: "touch")
        #expect(paths.count >= 1 && paths.count <= Palette.touches.count)
        #expect(document.all("polyline", class: "touch").isEmpty)
        // Every record is in one mark, which says how many it stands for.
        let marks = document.all("polygon", class: "mark")
        let records = recordCount(trace, scene)
        #expect(records > 1_200)
        let counts = marks.map { Int($0.attributes["data-records"]!)! }
        #expect(counts.reduce(0, +) == records)
        #expect(marks.count < records)
        // Each mark's title starts with its count ("1 record: ", "37 records: "), and some
        // stand for several.
        let titles = document.elements.filter { $0.name == "title" && $0.ancestors.contains("mark") }
        #expect(titles.count == marks.count)
        for (title, count) in zip(titles, counts) {
            #expect(title.text.hasPrefix("\(count) record\(count == 1 ? "" : "s"): "), "\(title.text)")
        }
        #expect(counts.contains { $0 > 1 })
        // Touch-downs grouped: fewer dots than touches, each group's count in its title, and
        // the counts add up to every touch.
        let dots = document.all("circle", class: "dot")
        #expect(dots.count < 1_200)
        let dotTitles = document.elements.filter { $0.name == "title" && $0.ancestors.contains("dot") }
        let grouped = dotTitles.map { Int($0.text.split(separator: " ")[0])! }
        #expect(grouped.reduce(0, +) + (dots.count - dotTitles.count) == 1_200)
        // The legend names the counts.
        #expect(svg.contains(">1200 touches, \(records) records</text>"))
        // The same bytes again, and the same as `render` writes.
        #expect(TracePicture.svg(of: trace, scene: scene) == svg)
    }

    /// The SVG of a thinned picture does not grow with the trace: four times the strokes, the
    /// same bounds on paths and marks, and well under 20 MB.
    @Test func aThinnedPictureStaysTheSameSizeWhateverTheTrace() throws {
        var sizes: [Int] = []
        var markCounts: [Int] = []
        for strokes in [1_100, 4_400] {
            let trace = try parse(Self.strokes(strokes, samples: 10))
            let scene = try Scene.resolve(for: trace)
            let overview = TraceOverview(trace: trace, scene: scene)
            #expect(overview.touchCount == strokes)
            sizes.append(overview.svg.utf8.count)
            markCounts.append(overview.markCount)
            // Path runs are bounded by the grid: one `M` per run of cells, at most the cells.
            let runs = overview.svg.split(separator: "M", omittingEmptySubsequences: false).count - 1
            #expect(runs <= 300 * 380)
        }
        // Marks are grouped by place, source and label: bounded by the groups' limit and the
        // coarse cells beyond it.
        #expect(markCounts.allSatisfy { $0 <= TraceOverview.markGroupLimit + 2_000 })
        #expect(sizes[1] < 20_000_000)
        // Four times the records, far less than four times the bytes.
        #expect(Double(sizes[1]) < 2.0 * Double(sizes[0]), "\(sizes)")
    }

    @Test func renderWritesTheThinnedPictureAsSVGAndAsAPage() throws {
        let folder = temporaryDirectory()
        let path = folder + "/many.trace.json"
        try writeText(Self.strokes(1_100), to: path)
        let svg = touchtrace("render", path)
        #expect(svg.code == 0 && svg.out.hasPrefix("<svg") && svg.out.contains("data-thinned=\"true\""))
        let page = touchtrace("render", path, "--output", folder + "/many.html")
        #expect(page.code == 0)
        let html = try readText(folder + "/many.html")
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains(svg.out))
        // An ordinary trace is drawn touch by touch, as before.
        let small = touchtrace("render", packageRoot + "/traces/pan/drag.trace.json")
        #expect(small.code == 0 && !small.out.contains("data-thinned"))
    }
}
