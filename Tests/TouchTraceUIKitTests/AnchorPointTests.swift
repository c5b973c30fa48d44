import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// A view's layer is its geometry, as in UIKit: `layer.position` is `center`, `layer.bounds` is
/// `bounds`, and `layer.anchorPoint` is the point of the bounds at `center`, about which the
/// view's `transform` turns and scales (CALayer's documentation: the frame is derived from
/// `bounds`, `anchorPoint` and `position`; changing the anchor point keeps `position`).
@Suite struct AnchorPointTests {
    typealias Log = LateRecognizerTests.Log

    /// A point, four decimals each.
    static func text(_ p: CGPoint) -> String { String(format: "(%.4f, %.4f)", Double(p.x), Double(p.y)) }
    /// A rectangle, four decimals each.
    static func text(_ r: CGRect) -> String {
        String(format: "(%.4f, %.4f, %.4f, %.4f)", Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
    }

    @Test func theAnchorPointIsWhereTheCenterIsAndWhatTheTransformTurnsAbout() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.layer.position == CGPoint(x: 50, y: 25) && view.layer.bounds == view.bounds)
        // Anchor (0, 0): the top-left corner goes to the center (50, 25), which stays; the view
        // moves by half its size.
        view.layer.anchorPoint = .zero
        #expect(view.center == CGPoint(x: 50, y: 25))
        #expect(view.frame == CGRect(x: 50, y: 25, width: 100, height: 50))
        #expect(view.layer.frame == view.frame)
        // Setting the frame puts the anchor's place in it at the center: (10, 10) + (0, 0)·size.
        view.frame = CGRect(x: 10, y: 10, width: 100, height: 50)
        #expect(view.center == CGPoint(x: 10, y: 10) && view.layer.position == CGPoint(x: 10, y: 10))
        // A quarter turn about the anchor (the corner at (10, 10)): (100, 0) goes to (0, 100),
        // (0, 50) to (−50, 0); the frame is the box of the turned corners, moved to the center:
        // x −50…0, y 0…100, plus (10, 10).
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let frame = view.frame
        #expect(abs(frame.minX + 40) < 1e-9 && abs(frame.minY - 10) < 1e-9 && abs(frame.width - 50) < 1e-9 && abs(frame.height - 100) < 1e-9)
        let corner = view.convert(CGPoint(x: 100, y: 0), to: nil)
        #expect(abs(corner.x - 10) < 1e-9 && abs(corner.y - 110) < 1e-9)
        // And back: the screen's (10, 110) is the view's (100, 0).
        let back = view.convert(CGPoint(x: 10, y: 110), from: nil)
        #expect(abs(back.x - 100) < 1e-9 && abs(back.y) < 1e-9)
        // Setting the layer's position moves the view.
        view.layer.position = CGPoint(x: 30, y: 40)
        #expect(view.center == CGPoint(x: 30, y: 40))
        // A layer that is no view's keeps its own values.
        let free = CALayer()
        free.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        free.position = CGPoint(x: 5, y: 5)
        #expect(free.frame == CGRect(x: -5, y: 0, width: 20, height: 10))
    }

    /// The pinch handler that zooms about the fingers, as gesture code commonly writes it: at
    /// `.began` it moves the anchor point to the pinch's location and the center to where that
    /// location is in the superview (so the view does not move), then scales the transform by
    /// the scale and resets it to 1.
    static func zoomablePhoto(_ log: Log) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let photo = UIView(frame: CGRect(x: 95, y: 300, width: 200, height: 200))
        photo.accessibilityIdentifier = "photo"
        root.addSubview(photo)
        let pinch = UIPinchGestureRecognizer()
        pinch.addTarget { g in
            let pinch = g as! UIPinchGestureRecognizer
            guard let piece = pinch.view else { return }
            if pinch.state == .began {
                let inView = pinch.location(in: piece)
                let inSuperview = pinch.location(in: piece.superview)
                piece.layer.anchorPoint = CGPoint(x: inView.x / piece.bounds.width, y: inView.y / piece.bounds.height)
                log.lines.append("anchor set: frame \(text(piece.frame))")
                piece.center = inSuperview
                log.lines.append("center set: frame \(text(piece.frame))")
            }
            if pinch.state == .began || pinch.state == .changed {
                piece.transform = piece.transform.scaledBy(x: pinch.scale, y: pinch.scale)
                pinch.scale = 1
                log.lines.append("\(pinch.state == .began ? "began" : "changed"): location \(text(pinch.location(in: piece))), frame \(text(piece.frame))")
            }
        }
        photo.addGestureRecognizer(pinch)
        let tap = UITapGestureRecognizer()
        tap.addTarget { g in log.lines.append("tap at \(text(g.location(in: g.view)))") }
        photo.addGestureRecognizer(tap)
        return root
    }

    @Test func aPinchThatZoomsAboutItsLocationKeepsThePhotoUnderTheFingers() throws {
        // Two fingers about (150, 350) on the photo (frame 95…295 × 300…500), 40 points apart,
        // spreading 5 points each way at 0.01 s (span 50: past the pinch's 8 points, scale 1.25)
        // and again at 0.02 s (span 60, scale 60 / 50 = 1.2 since the reset).
        let events: LateRecognizerTests.Events = [
            (0, [(1, "began", 130, 350), (2, "began", 170, 350)]),
            (0.01, [(1, "moved", 125, 350), (2, "moved", 175, 350)]),
            (0.02, [(1, "moved", 120, 350), (2, "moved", 180, 350)]),
            (0.03, [(1, "ended", 120, 350), (2, "ended", 180, 350)]),
            // After the pinch the photo is scaled 1.5 about (150, 350), where its point (55, 50)
            // is: its frame is (150 − 55·1.5, 350 − 50·1.5) = (67.5, 275), 300 × 300. (30, 250) is
            // outside it (inside where a scaling about the bounds' middle would have put it,
            // 0…300 × 200…500), so no tap; (330, 550) is inside: the photo's
            // (55 + (330 − 150) / 1.5, 50 + (550 − 350) / 1.5) = (175, 183.33…).
            (1, [(3, "began", 30, 250)]), (1.05, [(3, "ended", 30, 250)]),
            (2, [(4, "began", 330, 550)]), (2.05, [(4, "ended", 330, 550)]),
        ]
        let (transcript, log) = try LateRecognizerTests().run(events) { Self.zoomablePhoto($0) }
        // The midpoint (150, 350) is the photo's (55, 50): anchor (0.275, 0.25). Moving the anchor
        // keeps the center (195, 400), so the frame's origin becomes (195 − 55, 400 − 50) =
        // (140, 350); putting the center at (150, 350) brings it back to (95, 300). Scaled 1.25
        // about (150, 350): origin (150 − 55·1.25, 350 − 50·1.25) = (81.25, 287.5), 250 × 250;
        // then 1.5: (67.5, 275), 300 × 300. The pinch's location stays the photo's (55, 50).
        #expect(log == [
            "anchor set: frame (140.0000, 350.0000, 200.0000, 200.0000)",
            "center set: frame (95.0000, 300.0000, 200.0000, 200.0000)",
            "began: location (55.0000, 50.0000), frame (81.2500, 287.5000, 250.0000, 250.0000)",
            "changed: location (55.0000, 50.0000), frame (67.5000, 275.0000, 300.0000, 300.0000)",
            "tap at (175.0000, 183.3333)",
        ], "\(log)")
        // The records: the center the handler set and the transforms; no record for the anchor
        // point itself (it moved the view, and the center put it back).
        #expect(transcript.filter { $0.contains("viewChanged") } == [
            "0.0100 photo.view viewChanged center=150.0000,350.0000 transform=1.2500,0.0000,0.0000,1.2500,0.0000,0.0000",
            "0.0200 photo.view viewChanged transform=1.5000,0.0000,0.0000,1.5000,0.0000,0.0000",
        ], "\(transcript)")
    }

    @Test func anAnchorPointMovedAloneMovesWhereTheViewIsHit() throws {
        // A tap on the box (frame 100…200 × 100…200) moves its anchor point to (0, 0): the center
        // (150, 150) stays, and the box now spans 150…250 × 150…250. No record (center,
        // transform and bounds are unchanged), but a tap at (220, 220) — outside where the box
        // was — now hits it, at the box's (70, 70).
        let events: LateRecognizerTests.Events = [
            (0, [(1, "began", 120, 120)]), (0.05, [(1, "ended", 120, 120)]),
            (1, [(2, "began", 220, 220)]), (1.05, [(2, "ended", 220, 220)]),
        ]
        let (transcript, log) = try LateRecognizerTests().run(events) { log in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let box = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
            box.accessibilityIdentifier = "box"
            root.addSubview(box)
            let tap = UITapGestureRecognizer()
            tap.addTarget { g in
                log.lines.append("tap at \(Self.text(g.location(in: g.view)))")
                g.view?.layer.anchorPoint = .zero
            }
            box.addGestureRecognizer(tap)
            return root
        }
        #expect(log == ["tap at (20.0000, 20.0000)", "tap at (70.0000, 70.0000)"], "\(log)")
        #expect(!transcript.contains { $0.contains("viewChanged") }, "\(transcript)")
    }
}
