// A gallery's taps: a delegate's failure requirement, a tap handler's location, and the trace's
// maximumForce as UIKit code reads them (SPEC 17).
import Testing
import TouchTraceTesting
@testable import TouchTrace
import TouchTraceUIKit

/// A photo gallery: one tap shows or hides the chrome, two taps zoom. The delegate makes the
/// single tap wait for the double tap to fail, as UIKit's documentation advises for this pair; it
/// tells them apart by their taps required, so it answers the same whichever controller made them.
final class GalleryViewController: UIViewController, UIGestureRecognizerDelegate, @unchecked Sendable {
    let singleTap = UITapGestureRecognizer(target: nil, action: nil)
    let doubleTap = UITapGestureRecognizer(target: nil, action: nil)
    var log: [String] = []

    override init() {
        super.init()
        doubleTap.numberOfTapsRequired = 2
        singleTap.addTarget { [self] r in
            let p = r.location(in: r.view)
            log.append("toggle chrome \(r.state) at \(p.x),\(p.y)")
        }
        doubleTap.addTarget { [self] r in
            let p = r.location(in: r.view)
            log.append("zoom \(r.state) at \(p.x),\(p.y)")
        }
        singleTap.delegate = self
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let tap = gestureRecognizer as? UITapGestureRecognizer, let other = otherGestureRecognizer as? UITapGestureRecognizer else {
            return false
        }
        return tap.numberOfTapsRequired == 1 && other.numberOfTapsRequired == 2
    }
}

func galleryRegistry(_ gallery: @escaping @Sendable () -> GalleryViewController = { GalleryViewController() }) throws -> Registry {
    var registry = try gestureCodeRegistry()
    try registry.register(.uiKit("gallerySingleTap") { gallery().singleTap })
    try registry.register(.uiKit("galleryDoubleTap") { gallery().doubleTap })
    return registry
}


@Suite struct GalleryTests {
    /// The fixtures of require-failure-by-delegate (kept beside this file, in GalleryFixtures/).
    @Test func requireFailureFixtures() throws {
        assertFixtures("GalleryFixtures", registry: try galleryRegistry(), record: .never)
    }

    /// require-failure-by-delegate: the single tap's handler runs only when no second tap came,
    /// at the double tap's deadline (0.1 + 0.35 s); two taps run the zoom alone.
    @Test func delegateMakesTheSingleTapWaitForTheDoubleTap() throws {
        let once = GalleryViewController()
        _ = try replayFixture("../GalleryFixtures/require-failure-by-delegate/one-tap", registry: try galleryRegistry({ once }))
        #expect(once.log == ["toggle chrome ended at 200.0,400.0"], "\(once.log)")
        let twice = GalleryViewController()
        _ = try replayFixture("../GalleryFixtures/require-failure-by-delegate/two-taps", registry: try galleryRegistry({ twice }))
        // The handler reads the centroid of the gesture's last touches, the second tap's (203, 402),
        // as UIKit's location(in:) documents it; the record's location is SPEC 13's, where the
        // first tap began (200, 400).
        #expect(twice.log == ["zoom ended at 203.0,402.0"], "\(twice.log)")
    }

    /// force/press with "maximumForce": 5: maximumPossibleForce is 5, so force / maximum is
    /// 0.25, 0.5, 0.8, 0.15 (SPEC 17).
    @Test func maximumPossibleForceIsTheTracesMaximumForce() throws {
        let controller = SketchViewController()
        _ = try replayFixture("force/press", registry: try gestureCodeRegistry(sketch: { controller }))
        #expect(controller.log.map { String($0[$0.range(of: "of max ")!.upperBound...]) } == ["0.25", "0.5", "0.8", "0.15"],
                "\(controller.log)")
    }

}

@Suite struct TapLocationTests {
    @Test func tapHandlerReadsWhereTheTapWas() throws {
        let gallery = GalleryViewController()
        gallery.singleTap.delegate = nil
        let scene = Scene(views: [SceneView(name: "gallery", frame: Rect(x: 0, y: 0, width: 390, height: 844),
                                            recognizers: [("singleTap", UIKitRecognizer { gallery.singleTap })])],
                          origin: "test", version: 2)
        let trace = try parseTrace(traceJSON([(0.0, [(1, "began", 200, 400)]), (0.1, [(1, "ended", 200, 400)])], version: 2))
        _ = replay(trace, scene)
        // UIKit: a tap recognizer's location(in:) in its action is where the tap was.
        #expect(gallery.log == ["toggle chrome ended at 200.0,400.0"], "\(gallery.log)")
    }
}
