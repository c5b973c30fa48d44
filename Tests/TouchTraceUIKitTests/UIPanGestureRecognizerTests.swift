import Testing
@testable import TouchTrace
import TouchTraceUIKit

/// A plain `UIPanGestureRecognizer` is touchtrace's `pan`: the same records, field for field.
@Suite struct UIPanGestureRecognizerTests {
    /// The scene with every `pan` replaced by a `UIPanGestureRecognizer` with the same
    /// parameters; the number replaced.
    func withUIKitPans(_ scene: Scene) -> (Scene, Int) {
        var scene = scene
        var replaced = 0
        for v in scene.views.indices {
            for k in scene.views[v].recognizers.indices {
                guard let pan = scene.views[v].recognizers[k].recognizer as? PanRecognizer else { continue }
                let (minimum, maximum, distance) = (pan.core.minimumNumberOfTouches, pan.core.maximumNumberOfTouches, pan.core.minimumDistance)
                scene.views[v].recognizers[k].recognizer = UIKitRecognizer {
                    let recognizer = UIPanGestureRecognizer()
                    recognizer.minimumNumberOfTouches = minimum
                    recognizer.maximumNumberOfTouches = maximum
                    recognizer.minimumDistance = distance
                    return recognizer
                }
                replaced += 1
            }
        }
        return (scene, replaced)
    }

    /// Every fixture whose scene has a `pan` — the pan fixtures, and the version 2 ones where it
    /// competes, waits for a double tap or a swipe, or sits in a container — gives the same
    /// records, in the same order, with the pan in place of `pan`.
    @Test func sameRecordsAsPanOnEveryPanFixture() throws {
        var compared = 0
        var panStates = 0
        for folder in ["pan", "container-pan", "container-pan-keeps-touches", "pan-swipe-exclusive", "pan-swipe-simultaneous",
                       "pan-swipe-recognition-simultaneous", "pan-waits-for-double-tap", "pan-waits-for-swipe",
                       "prevented-by-a-winner", "default-scene", "default-scene-v2"] {
            let paths = traceFiles(in: packageRoot + "/traces/" + folder)
            #expect(!paths.isEmpty, "no traces in \(folder)")
            for path in paths {
                let trace = try Trace.read(path: path)
                let native = try Scene.resolve(for: trace)
                let (uikit, replaced) = withUIKitPans(native)
                guard replaced > 0 else { continue }
                let expected = replay(trace, native)
                let actual = replay(trace, uikit)
                #expect(expected == actual, "\(path)\nnative: \(expected.map(show))\nuikit:  \(actual.map(show))")
                compared += 1
                panStates += expected.filter { r in r.event.description == "state" && r["translation"] != nil }.count
            }
        }
        #expect(compared >= 20)
        #expect(panStates >= 40)
    }

    func show(_ r: Record) -> String {
        "\(r.t) \(r.source) \(r.event) " + r.fields.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    /// The registered type, named by a scene: the pan fixtures' records, with the source named
    /// `uiPan`.
    @Test func registeredAsAType() throws {
        var registry = Registry.standard
        try registry.register(.uiKit("uiPan") { UIPanGestureRecognizer() })
        let scene = try parseScene("""
            {"views": [{"name": "pad", "frame": [0, 0, 390, 844], "recognizers": [{"type": "uiPan"}]}]}
            """, registry: registry)
        let native = try parseScene("""
            {"views": [{"name": "pad", "frame": [0, 0, 390, 844], "recognizers": [{"type": "pan"}]}]}
            """, registry: registry)
        for name in ["drag", "fling-diagonal", "finger-lifts", "second-finger-lands", "cancelled", "gap-40ms", "stops-before-lift"] {
            let trace = try Trace.read(path: packageRoot + "/traces/pan/\(name).trace.json")
            let expected = replay(trace, native)
            #expect(!expected.isEmpty)
            #expect(replay(trace, scene) == expected, "\(name)")
        }
    }

    /// Translation, `setTranslation`, velocity and the target, read as a target reads them.
    @Test func targetReadsTranslationAndVelocity() throws {
        // One finger moves 6 points right every 10 ms from x = 100: 6, 12 (began: |12| ≥ 10),
        // 18, 24, then lifts.
        let trace = try parseTrace(traceJSON([
            (0.00, [(1, "began", 100, 100)]), (0.01, [(1, "moved", 106, 100)]), (0.02, [(1, "moved", 112, 100)]),
            (0.03, [(1, "moved", 118, 100)]), (0.04, [(1, "moved", 124, 100)]), (0.05, [(1, "ended", 124, 100)]),
        ]))
        final class Log: @unchecked Sendable { var lines: [String] = [] }
        let log = Log()
        let scene = Scene(views: [SceneView(name: "pad", frame: Rect(x: 0, y: 0, width: 400, height: 400), recognizers: [
            ("pan", UIKitRecognizer {
                let pan = UIPanGestureRecognizer()
                pan.addTarget { recognizer in
                    let pan = recognizer as! UIPanGestureRecognizer
                    let t = pan.translation(in: pan.view)
                    let v = pan.velocity(in: pan.view)
                    log.lines.append("\(pan.state) \(t.x) \(v.x.rounded()) \(pan.numberOfTouches)")
                    // Take the movement in steps, as UIKit code often does.
                    pan.setTranslation(.zero, in: pan.view)
                }
                return pan
            }),
        ])], origin: "test")
        let records = replay(trace, scene)
        // setTranslation takes effect on the next step: 12, then 6 per move; the record shows
        // what translation(in:) reads at that moment. The velocity is 600 points/s throughout
        // (samples every 10 ms, 6 points apart), and the pan ends within 40 ms of its last move.
        // The actions run once the event has been delivered (SPEC 17): at `ended` the lifted
        // finger is gone, so numberOfTouches reads 0, as in UIKit's `.ended` handler.
        #expect(log.lines == ["began 12.0 600.0 1", "changed 6.0 600.0 1", "changed 6.0 600.0 1", "ended 0.0 600.0 0"])
        #expect(records.map { $0.name("to") ?? "" } == ["began", "changed", "changed", "ended"])
    }
}
