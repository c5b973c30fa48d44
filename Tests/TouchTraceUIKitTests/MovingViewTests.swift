import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// Views that gesture code moves (SPEC 17): a `viewChanged` record after the event's actions,
/// and hit testing where the view now is.
@Suite struct MovingViewTests {
    /// The text transcript of a trace through a scene.
    func text(_ json: String, _ scene: Scene) throws -> [String] { try transcriptText(json, scene) }

    /// A card dragged the usual way: the handler moves the card's center by the translation
    /// in the superview (the screen here) and takes the movement in steps.
    static func cardScene() -> Scene {
        let drag = UIKitRecognizer {
            let pan = UIPanGestureRecognizer()
            pan.addTarget { g in
                let pan = g as! UIPanGestureRecognizer
                guard let card = pan.view else { return }
                let t = pan.translation(in: card.superview)
                card.center = CGPoint(x: card.center.x + t.x, y: card.center.y + t.y)
                pan.setTranslation(.zero, in: card.superview)
            }
            return pan
        }
        let tap = UIKitRecognizer { UITapGestureRecognizer(target: nil, action: nil) }
        return Scene(views: [
            SceneView(name: "back", frame: Rect(x: 0, y: 0, width: 400, height: 800), recognizers: [("tap", tap)]),
            SceneView(name: "card", frame: Rect(x: 100, y: 100, width: 100, height: 100), recognizers: [("pan", drag)]),
        ], origin: "test", version: 2)
    }

    @Test func aDraggedCardIsRecordedAndHitWhereItNowIs() throws {
        // Touch 1 drags the card from (150, 150): 20 points right at 0.02 (the pan begins: 20 ≥ 10;
        // the handler moves the center 150 → 170), 80 more at 0.04 (center 170 → 250), lifts at
        // 0.06 where it is (no move: no record). The card now spans x 200…300. Touch 2 at
        // (280, 150) — on the background where the scene put the card — hits the card: its pan
        // gets the touch and fails at the lift; the background's tap never sees it.
        let json = traceJSON([
            (0, [(1, "began", 150, 150)]), (0.02, [(1, "moved", 170, 150)]), (0.04, [(1, "moved", 250, 150)]),
            (0.06, [(1, "ended", 250, 150)]),
            (0.5, [(2, "began", 280, 150)]), (0.55, [(2, "ended", 280, 150)]),
        ], version: 2)
        let lines = try text(json, Self.cardScene())
        #expect(lines == [
            // Velocity at began: two samples, 20 points in 0.02 s = 1000 points/s.
            "0.0200 card.pan state from=possible to=began translation=20.0000,0.0000 velocity=1000.0000,0.0000 touches=1",
            "0.0200 card.view viewChanged center=170.0000,150.0000",
            // The record carries what the handler reads: the translation since its last
            // setTranslation(.zero) (250 − 170 = 80). Velocity: the quadratic through the samples
            // 0, 20, 100 points at 0, 0.02, 0.04 s has slope (3·100 − 4·20 + 0) / (2·0.02) = 5500
            // points/s at the newest.
            "0.0400 card.pan state from=began to=changed translation=80.0000,0.0000 velocity=5500.0000,0.0000 touches=1",
            "0.0400 card.view viewChanged center=250.0000,150.0000",
            // No move since the last step: translation 0; the lift is 20 ms after the newest sample.
            "0.0600 card.pan state from=changed to=ended translation=0.0000,0.0000 velocity=5500.0000,0.0000 touches=0",
            "0.5500 card.pan state from=possible to=failed reason=\"every touch lifted after moving 0 points, short of the 10 points it needs to begin\" translation=0.0000,0.0000 velocity=0.0000,0.0000 touches=0",
        ], "\(lines.joined(separator: "\n"))")
    }

    @Test func aPinchHandlerThatScalesThePhotoChangesWhereItIsHit() throws {
        // A photo [100, 100, 100, 100] whose pinch handler scales it by the pinch's scale and
        // resets the scale to 1. Two fingers 40 points apart (130…170 at y 150) spread to 120
        // apart (90…210): scale 3 at 0.05 (began: span changed 80 ≥ 8); the transform becomes
        // scale 3 about the center (150, 150), so the photo spans 0…300. A tap at (20, 150) then
        // hits the photo (its tap is recognized) rather than the background.
        let pinch = UIKitRecognizer {
            let pinch = UIPinchGestureRecognizer()
            pinch.addTarget { g in
                let pinch = g as! UIPinchGestureRecognizer
                guard let photo = pinch.view else { return }
                photo.transform = photo.transform.scaledBy(x: pinch.scale, y: pinch.scale)
                pinch.scale = 1
            }
            return pinch
        }
        let scene = Scene(views: [
            SceneView(name: "back", frame: Rect(x: 0, y: 0, width: 400, height: 800),
                      recognizers: [("tap", UIKitRecognizer { UITapGestureRecognizer(target: nil, action: nil) })]),
            SceneView(name: "photo", frame: Rect(x: 100, y: 100, width: 100, height: 100),
                      recognizers: [("pinch", pinch), ("tap", UIKitRecognizer { UITapGestureRecognizer(target: nil, action: nil) })]),
        ], origin: "test", version: 2, recognition: .simultaneous)
        let json = traceJSON([
            (0, [(1, "began", 130, 150), (2, "began", 170, 150)]),
            (0.05, [(1, "moved", 90, 150), (2, "moved", 210, 150)]),
            (0.1, [(1, "ended", 90, 150), (2, "ended", 210, 150)]),
            (1, [(3, "began", 20, 150)]), (1.05, [(3, "ended", 20, 150)]),
        ], version: 2)
        let lines = try text(json, scene)
        #expect(lines.contains("0.0500 photo.view viewChanged transform=3.0000,0.0000,0.0000,3.0000,0.0000,0.0000"), "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.hasPrefix("1.0500 photo.tap state from=possible to=recognized") }, "\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.hasPrefix("1.0500 back.tap") }, "\(lines.joined(separator: "\n"))")
    }
}
