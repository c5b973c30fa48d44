// UIKit surface that real gesture files use beside their recognizers: a behaviour looked up
// among an animator's behaviours, a collision delegate, the placeholder animator and
// constraint a view controller keeps in a property, a layer tree hit-tested by a point, and
// Swift 4's `UIOffsetMake`. Each expected value is derived in its test.
import Testing
@testable import TouchTraceUIKit

/// Counts the contacts a collision behaviour reports.
private final class ContactCounter: UICollisionBehaviorDelegate {
    var contacts = 0
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint) {
        contacts += 1
    }
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,
                           with item2: UIDynamicItem, at p: CGPoint) {
        contacts += 1
    }
}

/// A layer that holds only the points of the left half of its bounds.
private final class LeftHalfLayer: CALayer {
    override func contains(_ p: CGPoint) -> Bool {
        p.x < bounds.midX && super.contains(p)
    }
}

@Suite("Dynamics and layer surface")
struct DynamicsAndLayerSurfaceTests {
    @Test("a behaviour equals only itself, so an animator's behaviours can be asked for one")
    func behaviourIdentity() {
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let box = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        reference.addSubview(box)
        let animator = UIDynamicAnimator(referenceView: reference)
        let added = UIGravityBehavior(items: [box])
        let other = UIGravityBehavior(items: [box])
        animator.addBehavior(added)
        #expect(animator.behaviors.contains(added))
        #expect(!animator.behaviors.contains(other))
        #expect(added == added)
        #expect(added != other)
        // Two distinct behaviours hash apart: a set of both, and of one twice, has 2 members.
        #expect(Set([added, other, added]).count == 2)
    }

    @Test("a collision delegate is held weakly and never told of a contact")
    func collisionDelegate() {
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let red = UIView(frame: CGRect(x: 100, y: 50, width: 80, height: 80))
        let white = UIView(frame: CGRect(x: 150, y: 20, width: 80, height: 80))
        reference.addSubview(red)
        reference.addSubview(white)
        let animator = UIDynamicAnimator(referenceView: reference)
        let collision = UICollisionBehavior(items: [red, white])
        collision.translatesReferenceBoundsIntoBoundary = true
        let counter = ContactCounter()
        collision.collisionDelegate = counter
        animator.addBehavior(UIGravityBehavior(items: [red, white]))
        animator.addBehavior(collision)
        // The two squares overlap (x 150…180, y 50…100) and gravity pulls them to the bottom
        // boundary on a device; a replay has no frames, so no contact begins.
        #expect(counter.contacts == 0)
        #expect(collision.collisionDelegate === counter)
        // The defaults of the two methods the counter leaves out do nothing.
        counter.collisionBehavior(collision, endedContactFor: red, with: white)
        counter.collisionBehavior(collision, endedContactFor: red, withBoundaryIdentifier: nil)
        #expect(counter.contacts == 0)
        do {
            let passing = ContactCounter()
            collision.collisionDelegate = passing
        }
        #expect(collision.collisionDelegate == nil)
    }

    @Test("the placeholder animator has no duration and behaves as any animator")
    func placeholderAnimator() {
        let animator = UIViewPropertyAnimator()
        #expect(animator.duration == 0)
        #expect(animator.state == .inactive)
        #expect(animator.fractionComplete == 0)
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        animator.addAnimations { card.alpha = 0.5 }
        // Pausing an inactive animator starts it paused (Apple: it "moves its state to active
        // and puts its animations in a paused state right away"): its animations run, and the
        // card reads its final value.
        animator.pauseAnimation()
        #expect(animator.state == .active)
        #expect(card.alpha == 0.5)
        // Resuming outside a replay finishes at once.
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        #expect(card.alpha == 0.5)
        #expect(animator.state == .inactive)
        #expect(animator.fractionComplete == 1)
    }

    @Test("the placeholder constraint relates nothing and is inactive")
    func placeholderConstraint() {
        let constraint = NSLayoutConstraint()
        #expect(constraint.firstItem == nil)
        #expect(constraint.secondItem == nil)
        #expect(constraint.firstAttribute == .notAnAttribute)
        #expect(constraint.relation == .equal)
        #expect(constraint.multiplier == 1)
        #expect(constraint.constant == 0)
        #expect(!constraint.isActive)
        constraint.constant = 440
        #expect(constraint.constant == 440)
    }

    @Test("a layer tree answers a point with its deepest layer that holds it")
    func layerHitTest() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let child = CALayer()
        child.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        let grandchild = CALayer()
        grandchild.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        root.addSublayer(child)
        child.addSublayer(grandchild)
        // (65, 65) is (65, 65) in the root, (15, 15) in the child, (5, 5) in the grandchild.
        #expect(root.hitTest(CGPoint(x: 65, y: 65)) === grandchild)
        // (120, 120) is (70, 70) in the child, outside the grandchild's 10…30.
        #expect(root.hitTest(CGPoint(x: 120, y: 120)) === child)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root)
        #expect(root.hitTest(CGPoint(x: 300, y: 300)) == nil)
        // A layer added later is in front: a sibling over the child at (100, 100)…(150, 150).
        let front = CALayer()
        front.frame = CGRect(x: 100, y: 100, width: 50, height: 50)
        root.addSublayer(front)
        #expect(root.hitTest(CGPoint(x: 120, y: 120)) === front)
        // A hidden layer holds nothing: the point goes to the child behind it.
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 120, y: 120)) === child)
        #expect(root.contains(CGPoint(x: 199, y: 0)))
        #expect(!root.contains(CGPoint(x: 200, y: 0)))
    }

    @Test("a subclass's contains decides what its hit test holds")
    func layerContainsOverride() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let half = LeftHalfLayer()
        half.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
        root.addSublayer(half)
        // (120, 50) is (20, 50) in the half layer: left of its middle (50), so held.
        #expect(root.hitTest(CGPoint(x: 120, y: 50)) === half)
        // (180, 50) is (80, 50) in it: refused, so the root holds it.
        #expect(root.hitTest(CGPoint(x: 180, y: 50)) === root)
    }

    @Test("UIOffsetMake makes the offset of its two arguments")
    func offsetMake() {
        #expect(UIOffsetMake(-30, -30) == UIOffset(horizontal: -30, vertical: -30))
        #expect(UIOffsetMake(0, 0) == .zero)
    }
}
