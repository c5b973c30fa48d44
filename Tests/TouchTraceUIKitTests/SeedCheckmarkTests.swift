import Testing
@testable import TouchTrace
import TouchTraceUIKit

/// The seed's own `CheckmarkGestureRecognizer` (SeedCheckmarkListing.swift), run through
/// TouchTraceUIKit, beside touchtrace's native `checkmark`: every state transition (time, from,
/// to) agrees.
@Suite struct SeedCheckmarkTests {
    /// Replays a trace with its scene as it is and with the seed listing in place of every
    /// `checkmark`; returns both transition lists per replaced recognizer.
    func sideBySide(_ path: String) throws -> [(native: [Transition], seed: [Transition])] {
        let trace = try Trace.read(path: path)
        let native = try Scene.resolve(for: trace)
        let (seed, sources) = withSeedCheckmarks(native)
        #expect(!sources.isEmpty, "\(path): the scene has no checkmark")
        let nativeRecords = replay(trace, native)
        let seedRecords = replay(trace, seed)
        return sources.map { (transitions(nativeRecords, source: $0), transitions(seedRecords, source: $0)) }
    }

    @Test(arguments: ["checkmark", "default-scene"])
    func fixturesAgree(_ folder: String) throws {
        let paths = traceFiles(in: packageRoot + "/traces/" + folder)
        #expect(paths.count >= 2)
        var recognized = 0
        var failed = 0
        for path in paths {
            for (native, seed) in try sideBySide(path) {
                #expect(native == seed, "\(path)\nnative: \(native)\nseed:   \(seed)")
                #expect(!native.isEmpty || path.hasSuffix("drag-across.trace.json"), "\(path): no transition to compare")
                recognized += native.filter { $0.to == "recognized" }.count
                failed += native.filter { $0.to == "failed" }.count
            }
        }
        if folder == "checkmark" {
            // The fixtures cover both outcomes and cancelling (cancelled.trace.json).
            #expect(recognized >= 2 && failed >= 8)
        }
    }

    /// Every fixture of the project whose scene has a `checkmark` (version 2 ones too, where it
    /// competes in the arena): with the seed listing in its place, every recognizer's state
    /// changes — the checkmark's and those it competes with — are the same.
    @Test func everyFixtureWithACheckmarkAgrees() throws {
        let root = packageRoot + "/traces"
        var compared = 0
        for folder in subfolders(of: root) {
            for path in traceFiles(in: root + "/" + folder) {
                let trace = try Trace.read(path: path)
                let native = try Scene.resolve(for: trace)
                let (seed, replaced) = withSeedCheckmarks(native)
                guard !replaced.isEmpty else { continue }
                let nativeRecords = replay(trace, native)
                let seedRecords = replay(trace, seed)
                for source in native.sources.indices {
                    #expect(transitions(nativeRecords, source: source) == transitions(seedRecords, source: source),
                            "\(path): \(native.sources[source].view).\(native.sources[source].name)")
                }
                compared += 1
            }
        }
        #expect(compared >= 18)
    }

    /// The same through a registry, as a user's program does it: `seedCheckmark` registered with
    /// `.uiKit` and named by the fixtures' scene.
    @Test func registeredTypeAgreesOnTheCheckmarkFixtures() throws {
        var registry = Registry.standard
        try registry.register(.uiKit("seedCheckmark") { CheckmarkGestureRecognizer() })
        #expect(throws: RegistryError.self) { try registry.register(.uiKit("seedCheckmark") { CheckmarkGestureRecognizer() }) }
        let both = try parseScene("""
            {"views": [{"name": "pad", "frame": [0, 100, 390, 600], "recognizers": [{"type": "checkmark"}, {"type": "seedCheckmark"}]}]}
            """, registry: registry)
        // A TouchTraceUIKit recognizer's code may move views: the view's own source comes last.
        #expect(both.sources.map(\.name) == ["checkmark", "seedCheckmark", "view"])
        for path in traceFiles(in: packageRoot + "/traces/checkmark") {
            let records = replay(try Trace.read(path: path), both)
            let native = transitions(records, source: 0)
            #expect(!native.isEmpty)
            #expect(native == transitions(records, source: 1), "\(path)")
        }
    }

    /// All 1,920 strokes of the development set, each on its own through a view as large as its
    /// bounding box (as `touchtrace eval` replays them), beside the native `checkmark`.
    @Test func realStrokesAgree() throws {
        let path = "/work/shared/data/dollar1-dev.jsonl"
        guard Scene.fileExists(path) else {
            print("SeedCheckmarkTests.realStrokesAgree: \(path) is absent; the stroke comparison is skipped (the fixtures are compared all the same)")
            return
        }
        let strokes = try StrokeSetReader.read(path: path)
        #expect(strokes.count == 1920)
        var recognized = 0
        var disagreements: [String] = []
        for (n, stroke) in strokes.enumerated() {
            let native = strokeTransitions(stroke, CheckmarkRecognizer())
            let seed = strokeTransitions(stroke, UIKitRecognizer { CheckmarkGestureRecognizer() })
            if native != seed { disagreements.append("stroke \(n) (\(stroke.label)): native \(native), seed \(seed)") }
            #expect(!native.isEmpty)
            if native.last?.to == "recognized" { recognized += 1 }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) strokes disagree, first: \(disagreements.prefix(3))")
        // Both outcomes occur often enough for the comparison to mean something.
        #expect(recognized > 50 && recognized < 1900)
    }

    /// The state changes of one stroke: it begins at its first point, moves through the middle
    /// ones and ends at its last, in a view that is its bounding box.
    func strokeTransitions(_ stroke: LabelledStroke, _ recognizer: any Recognizer) -> [Transition] {
        let first = stroke.points[0]
        var minX = first.location.x, maxX = minX, minY = first.location.y, maxY = minY
        for p in stroke.points {
            minX = min(minX, p.location.x); maxX = max(maxX, p.location.x)
            minY = min(minY, p.location.y); maxY = max(maxY, p.location.y)
        }
        let view = SceneView(name: "pad", frame: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY),
                             recognizers: [("checkmark", recognizer)])
        let collector = RecordCollector()
        var replayer = Replayer(scene: Scene(views: [view], origin: "strokes"), sink: collector)
        let points = stroke.points.count == 1 ? [first, first] : stroke.points
        for (k, p) in points.enumerated() {
            let phase: TouchPhase = k == 0 ? .began : (k == points.count - 1 ? .ended : .moved)
            replayer.consume(TouchEvent(index: k, t: p.t, touches: [
                EventTouch(id: .number(1), phase: phase, location: p.location, force: nil, majorRadius: nil, slot: 0, serial: 0, offset: 0)]))
        }
        replayer.finish()
        return transitions(collector.records, source: 0)
    }
}
