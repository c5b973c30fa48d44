import Foundation
import Testing
import TouchTraceUIKit

/// What `import TouchTraceUIKit` brings: Foundation's geometry and C maths (this file also says
/// `import Foundation`, as real gesture code often does), and the Core Graphics parts Linux's
/// Foundation lacks.
@Suite struct GeometryTests {
    @Test func foundationTypesAndMathsWorkAsOnIOS() {
        let a = CGPoint(x: 3, y: 4)
        let b = CGPoint(x: 0, y: 0)
        let dx: CGFloat = a.x - b.x, dy = a.y - b.y
        // CGFloat and Double mix in the maths functions as on iOS.
        #expect(sqrt(dx * dx + dy * dy) == 5)
        #expect(hypot(dx, dy) == 5)
        #expect(abs(atan2(dy, dx) - 0.927295218001612) < 1e-12)
        #expect(fabs(Double(-dx)) == 3)
        #expect(pow(dx, 2) == 9)
        #expect(floor(CGFloat(2.7)) == 2)
        #expect(sin(CGFloat.pi / 2) == 1 && cos(0.0) == 1)
        let interval: TimeInterval = 0.25
        let speed: CGFloat = dx / interval
        #expect(speed == 12)
        #expect(CGRect(x: 0, y: 0, width: 10, height: 10).contains(CGPoint(x: 5, y: 5)))
        #expect(CGVector(dx: 1, dy: 2).dx == 1)
    }

    @Test func affineTransformMatchesCoreGraphicsMaths() {
        // Row-vector convention: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 1 + 3 + 5, y: 2 + 4 + 6))
        #expect(CGSize(width: 1, height: 1).applying(t) == CGSize(width: 4, height: 6))
        #expect(CGAffineTransform.identity.isIdentity && !t.isIdentity)
        // A quarter turn clockwise on the screen (y down): (1, 0) goes to (0, 1).
        let turned = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(turned.x) < 1e-12 && abs(turned.y - 1) < 1e-12)
        // scaledBy applies the scale first: translate(10, 0) then scale 2 gives (2x + 10).
        let scaledThenMoved = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
        #expect(CGPoint(x: 1, y: 1).applying(scaledThenMoved) == CGPoint(x: 12, y: 2))
        // concatenating applies self first: scale 2 then move 10 gives the same.
        #expect(CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0)) == scaledThenMoved)
        // translatedBy applies the move first: scale 2 of (x + 10).
        #expect(CGPoint(x: 1, y: 1).applying(CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)) == CGPoint(x: 22, y: 2))
        // rotated(by:) applies the turn first.
        let r = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi)
        let p = CGPoint(x: 1, y: 0).applying(r)
        #expect(abs(p.x - 4) < 1e-12 && abs(p.y) < 1e-12)
        // The inverse undoes it; a singular one stays as it was.
        let back = CGPoint(x: 7, y: -3).applying(t).applying(t.inverted())
        #expect(abs(back.x - 7) < 1e-9 && abs(back.y + 3) < 1e-9)
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular)
        // A rect's transform is the bounding box of its corners: a 10 × 20 rect turned a
        // quarter is 20 × 10.
        let box = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(box.width - 20) < 1e-9 && abs(box.height - 10) < 1e-9 && abs(box.minX + 20) < 1e-9)
        #expect(CGRect(x: 1, y: 1, width: 2, height: 2).applying(CGAffineTransform(scaleX: -1, y: 3))
                == CGRect(x: -3, y: 3, width: 2, height: 6))
    }

    @Test func pathsKeepTheirPointsAndBounds() {
        let path = CGMutablePath()
        #expect(path.isEmpty && path.currentPoint == .zero && path.boundingBox.isNull)
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 30, y: 5))
        path.addQuadCurve(to: CGPoint(x: 40, y: 40), control: CGPoint(x: 50, y: 20))
        path.addCurve(to: CGPoint(x: 0, y: 30), control1: CGPoint(x: 20, y: 60), control2: CGPoint(x: 5, y: 35))
        #expect(path.currentPoint == CGPoint(x: 0, y: 30))
        // Control points count, as in Core Graphics' boundingBox: x 0...50, y 5...60.
        #expect(path.boundingBox == CGRect(x: 0, y: 5, width: 50, height: 55))
        path.closeSubpath()
        #expect(path.currentPoint == CGPoint(x: 10, y: 10) && !path.isEmpty)
        let bezier = UIBezierPath()
        bezier.move(to: CGPoint(x: 1, y: 2))
        bezier.addLine(to: CGPoint(x: 4, y: 6))
        bezier.stroke()
        #expect(bezier.bounds == CGRect(x: 1, y: 2, width: 3, height: 4) && bezier.currentPoint == CGPoint(x: 4, y: 6))
        #expect(UIBezierPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5)).cgPath.elements.count == 5)
    }
}
