// Gesture code in the style apps write it — recognizer subclasses, view controllers with
// handlers, delegates — pinned by the fixtures in Fixtures/ (each trace's description derives
// its expected records from UIKit's documented behaviour), and the values the handlers read,
// checked against the same derivations.
import Foundation
import Testing
@testable import TouchTrace
import TouchTraceTesting
import TouchTraceUIKit

// MARK: - The gesture code

/// Measures how far one finger has gone from where it landed. Like much real code, it announces
/// the new state first and updates the property its action reads afterwards: UIKit calls the
/// action after the touches method has returned, so the action sees the new length.
final class StrokeLengthGestureRecognizer: UIGestureRecognizer {
    private(set) var length: CGFloat = 0
    private var start: CGPoint?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard start == nil, touches.count == 1, let touch = touches.first else {
            state = .failed
            return
        }
        start = touch.location(in: view)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard let start, let touch = touches.first else { return }
        state = state == .possible ? .began : .changed
        let point = touch.location(in: view)
        length = hypot(point.x - start.x, point.y - start.y)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard let start, let touch = touches.first else { return }
        state = state == .possible ? .failed : .ended
        let point = touch.location(in: view)
        length = hypot(point.x - start.x, point.y - start.y)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = .cancelled
    }

    override func reset() {
        super.reset()
        length = 0
        start = nil
    }
}

/// A pan that remembers how hard and how broad the finger is, for a brush whose width follows
/// the pressure.
final class ForceDragGestureRecognizer: UIPanGestureRecognizer {
    private(set) var force: CGFloat = 0
    private(set) var radius: CGFloat = 0
    /// force over maximumPossibleForce, 0 to 1, as pressure-sensitive drawing code uses it.
    private(set) var normalizedForce: CGFloat = 0

    private func take(_ touches: Set<UITouch>) {
        guard let touch = touches.first else { return }
        force = touch.force
        radius = touch.majorRadius
        normalizedForce = touch.maximumPossibleForce > 0 ? touch.force / touch.maximumPossibleForce : 0
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        take(touches)
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        take(touches)
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        take(touches)
        super.touchesEnded(touches, with: event)
    }
}

/// A sketch screen: what each kind of gesture handler in it saw, one line per action.
///
/// Handlers are closure targets holding the controller, as a view controller's window keeps it
/// alive on a device: the recognizer touchtrace replays keeps its controller.
final class SketchViewController: UIViewController, UIGestureRecognizerDelegate, @unchecked Sendable {
    var log: [String] = []
    let stroke = StrokeLengthGestureRecognizer(target: nil, action: nil)
    let brush = ForceDragGestureRecognizer(target: nil, action: nil)
    let pan = UIPanGestureRecognizer(target: nil, action: nil)
    /// A pan that must start sideways: its delegate refuses a start more vertical than horizontal.
    let sideways = UIPanGestureRecognizer(target: nil, action: nil)
    /// A pan that ignores touches landing on the toolbar strip at the top (44 points).
    let belowToolbar = UIPanGestureRecognizer(target: nil, action: nil)
    /// A pan that lets go once the finger has dragged more than `dragLimit` points sideways.
    let limited = UIPanGestureRecognizer(target: nil, action: nil)
    let dragLimit: CGFloat = 60
    /// A press and hold that picks up the stroke under the finger.
    let hold = UILongPressGestureRecognizer(target: nil, action: nil)

    override init() {
        super.init()
        stroke.addTarget { [self] r in strokeChanged(r as! StrokeLengthGestureRecognizer) }
        brush.addTarget { [self] r in brushMoved(r as! ForceDragGestureRecognizer) }
        pan.addTarget { [self] r in panned(r as! UIPanGestureRecognizer) }
        sideways.addTarget { [self] r in panned(r as! UIPanGestureRecognizer) }
        belowToolbar.addTarget { [self] r in panned(r as! UIPanGestureRecognizer) }
        limited.addTarget { [self] r in limitedPan(r as! UIPanGestureRecognizer) }
        hold.addTarget { [self] r in held(r as! UILongPressGestureRecognizer) }
        sideways.delegate = self
        belowToolbar.delegate = self
    }

    func strokeChanged(_ sender: StrokeLengthGestureRecognizer) {
        log.append("\(sender.state) length \(sender.length)")
    }

    func brushMoved(_ sender: ForceDragGestureRecognizer) {
        log.append("\(sender.state) force \(sender.force) radius \(sender.radius) of max \(sender.normalizedForce)")
    }

    func panned(_ sender: UIPanGestureRecognizer) {
        let t = sender.translation(in: sender.view)
        let v = sender.velocity(in: sender.view)
        // Rounded to 9 decimals: a least-squares fit is not exact in binary.
        log.append("\(sender.state) translation \(t.x),\(t.y) velocity \(rounded(v.x, 9)),\(rounded(v.y, 9))")
    }

    func limitedPan(_ sender: UIPanGestureRecognizer) {
        let x = sender.translation(in: sender.view).x
        log.append("\(sender.state) x \(x)")
        if x > dragLimit {
            // The usual way to make a recognizer let go in the middle of a gesture.
            sender.isEnabled = false
            sender.isEnabled = true
        }
    }

    func held(_ sender: UILongPressGestureRecognizer) {
        let p = sender.location(in: sender.view)
        log.append("\(sender.state) at \(p.x),\(p.y)")
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === sideways else { return true }
        let v = sideways.velocity(in: sideways.view)
        log.append("shouldBegin velocity \(rounded(v.x, 9)),\(rounded(v.y, 9))")
        return abs(v.x) > abs(v.y)
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard gestureRecognizer === belowToolbar else { return true }
        return touch.location(in: gestureRecognizer.view).y >= 44
    }
}

/// A photo that zooms and turns under two fingers. With `together`, its delegate lets the pinch
/// and the rotation recognize at the same time, as photo screens do; without, UIKit's default
/// makes them exclusive. Handlers fold each change into `zoom` and `angle` and reset the
/// recognizer's value, so the next change is relative to the last.
final class PhotoZoomViewController: UIViewController, UIGestureRecognizerDelegate, @unchecked Sendable {
    let pinch = UIPinchGestureRecognizer(target: nil, action: nil)
    let rotation = UIRotationGestureRecognizer(target: nil, action: nil)
    var zoom: CGFloat = 1
    var angle: CGFloat = 0
    var log: [String] = []

    init(together: Bool) {
        super.init()
        pinch.addTarget { [self] r in handlePinch(r as! UIPinchGestureRecognizer) }
        rotation.addTarget { [self] r in handleRotation(r as! UIRotationGestureRecognizer) }
        if together {
            pinch.delegate = self
            rotation.delegate = self
        }
    }

    func handlePinch(_ sender: UIPinchGestureRecognizer) {
        log.append("pinch \(sender.state) scale \(sender.scale)")
        zoom *= sender.scale
        sender.scale = 1
    }

    func handleRotation(_ sender: UIRotationGestureRecognizer) {
        log.append("rotation \(sender.state) rotation \(sender.rotation)")
        angle += sender.rotation
        sender.rotation = 0
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }
}

// MARK: - Registration

/// The registry the fixtures' scenes name their types from. Each type makes a fresh controller
/// per replay unless the test hands it the one to use (`sketch`, `photo`), so that the test can
/// read what that controller's handlers saw.
func gestureCodeRegistry(sketch: (@Sendable () -> SketchViewController)? = nil,
                         photo: (@Sendable () -> PhotoZoomViewController)? = nil) throws -> Registry {
    let sketch = sketch ?? { SketchViewController() }
    let photo = photo ?? { PhotoZoomViewController(together: true) }
    var registry = Registry.standard
    try registry.register(.uiKit("strokeLength") { sketch().stroke })
    try registry.register(.uiKit("forceDrag") { sketch().brush })
    try registry.register(.uiKit("sketchPan") { sketch().pan })
    try registry.register(.uiKit("sidewaysPan") { sketch().sideways })
    try registry.register(.uiKit("belowToolbarPan") { sketch().belowToolbar })
    try registry.register(.uiKit("limitedPan") { sketch().limited })
    try registry.register(.uiKit("sketchHold") { sketch().hold })
    try registry.register(.uiKit("photoPinch") { photo().pinch })
    try registry.register(.uiKit("photoRotation") { photo().rotation })
    try registry.register(.uiKit("plainPinch") { PhotoZoomViewController(together: false).pinch })
    try registry.register(.uiKit("plainRotation") { PhotoZoomViewController(together: false).rotation })
    try registry.register(.uiKit("turned-card") { TurnedCardViewController() })
    return registry
}

/// The fixtures folder beside this file.
let gestureCodeFixtures = packageRoot + "/Tests/TouchTraceUIKitTests/Fixtures"

/// Replays one fixture trace (`BEHAVIOUR/NAME`) with the scene of its folder, made from `registry`.
func replayFixture(_ name: String, registry: Registry) throws -> [Record] {
    let trace = try Trace.read(path: "\(gestureCodeFixtures)/\(name).trace.json")
    let folder = String(name[..<name.lastIndex(of: "/")!])
    let scene = try SceneReader.read(path: "\(gestureCodeFixtures)/\(folder)/scene.json", version: trace.header.version,
                                     registry: registry)
    return replay(trace, scene)
}

/// A number as the handlers' log lines print it, rounded to `digits` decimals, for comparing
/// hand-derived values that are not exact in binary.
func rounded(_ x: Double, _ digits: Int = 4) -> Double {
    let scale = pow(10, Double(digits))
    return (x * scale).rounded() / scale
}

// MARK: - Tests

@Suite struct GestureCodeFixtureTests {
    /// Every fixture's transcript is its expected file.
    @Test func fixturesMatchTheirExpectedTranscripts() throws {
        assertFixtures("Fixtures", registry: try gestureCodeRegistry())
    }

    /// action-timing/drag: the action sees the length set after `state` (3-4-5 triangles).
    @Test func actionSeesThePropertySetAfterTheState() throws {
        let controller = SketchViewController()
        _ = try replayFixture("action-timing/drag", registry: try gestureCodeRegistry(sketch: { controller }))
        #expect(controller.log == [
            "began length 50.0",     // (130, 140) − (100, 100) = (30, 40): 50
            "changed length 100.0",  // (160, 180) − (100, 100) = (60, 80): 100
            "ended length 100.0",    // lifted where it was
        ], "\(controller.log)")
    }

    /// deadline-action/hold: the long press's action runs at its deadline (0.5 s), between the
    /// events at 0.3 and 0.7: it reads the location the 0.3 move left, and `began` (had it run
    /// with the event at 0.7 it would have read `changed` and 104).
    @Test func longPressActionRunsAtItsDeadline() throws {
        let controller = SketchViewController()
        _ = try replayFixture("deadline-action/hold", registry: try gestureCodeRegistry(sketch: { controller }))
        #expect(controller.log == ["began at 102.0,300.0", "changed at 104.0,300.0", "ended at 104.0,300.0"], "\(controller.log)")
    }

    /// force/press: force and majorRadius as the trace gives them at each event.
    @Test func handlerReadsForceAndRadiusEventByEvent() throws {
        let controller = SketchViewController()
        _ = try replayFixture("force/press", registry: try gestureCodeRegistry(sketch: { controller }))
        #expect(controller.log.map { String($0[..<$0.range(of: " of max")!.lowerBound]) } == [
            "began force 1.25 radius 12.0",     // event at 0.02: force 1.25, majorRadius 12
            "changed force 2.5 radius 14.5",    // event at 0.04
            "changed force 4.0 radius 16.0",    // event at 0.06
            "ended force 0.75 radius 11.0",     // the lift at 0.08
        ], "\(controller.log)")
    }

    /// velocity-at-began/flick: velocity at began is the two samples' slope, then the fit.
    @Test func panVelocityAtBeganIsNotZero() throws {
        let controller = SketchViewController()
        _ = try replayFixture("velocity-at-began/flick", registry: try gestureCodeRegistry(sketch: { controller }))
        #expect(controller.log == [
            "began translation 15.0,0.0 velocity 600.0,0.0",       // 15 pt / 0.025 s
            "changed translation 30.0,6.0 velocity 600.0,360.0",   // quadratic through 3 samples
            "ended translation 30.0,6.0 velocity 600.0,360.0",     // lift 20 ms after: kept
        ], "\(controller.log)")
    }

    /// delegate-refuses-begin: the delegate reads the two-sample velocity when asked.
    @Test func delegateRefusesAVerticalStart() throws {
        let across = SketchViewController()
        _ = try replayFixture("delegate-refuses-begin/sideways", registry: try gestureCodeRegistry(sketch: { across }))
        #expect(across.log == [
            "shouldBegin velocity 600.0,150.0",   // (12, 3) / 0.02 s
            "began translation 12.0,3.0 velocity 600.0,150.0",
            "ended translation 12.0,3.0 velocity 600.0,150.0",
        ], "\(across.log)")
        let down = SketchViewController()
        _ = try replayFixture("delegate-refuses-begin/vertical", registry: try gestureCodeRegistry(sketch: { down }))
        // (3, 12) / 0.02 s: refused; a failed recognizer calls no action.
        #expect(down.log == ["shouldBegin velocity 150.0,600.0"], "\(down.log)")
    }

    /// should-receive/toolbar-and-canvas: the pan sees touch 2 only.
    @Test func shouldReceiveKeepsTheToolbarTouchAway() throws {
        let controller = SketchViewController()
        _ = try replayFixture("should-receive/toolbar-and-canvas", registry: try gestureCodeRegistry(sketch: { controller }))
        #expect(controller.log == [
            "began translation 0.0,20.0 velocity 0.0,1000.0",     // touch 2 alone: 20 pt in 0.02 s
            "changed translation 0.0,40.0 velocity 0.0,1000.0",
            "ended translation 0.0,40.0 velocity 0.0,1000.0",
        ], "\(controller.log)")
    }

    /// is-enabled/past-the-limit: disabled by its own handler at x = 80 > 60, the pan is cancelled
    /// and its action is called once more, with `cancelled`; nothing after.
    @Test func disablingInTheHandlerCancels() throws {
        let controller = SketchViewController()
        _ = try replayFixture("is-enabled/past-the-limit", registry: try gestureCodeRegistry(sketch: { controller }))
        #expect(controller.log == ["began x 20.0", "changed x 50.0", "changed x 80.0", "cancelled x 80.0"], "\(controller.log)")
        #expect(controller.limited.isEnabled)
    }

    /// simultaneous-by-delegate/spread-and-turn: both handlers run; the folded zoom and angle are
    /// the whole gesture's (distance 100 → √21200, angle 0 → atan(40/140)).
    @Test func delegateLetsPinchAndRotationGoTogether() throws {
        let controller = PhotoZoomViewController(together: true)
        _ = try replayFixture("simultaneous-by-delegate/spread-and-turn",
                              registry: try gestureCodeRegistry(photo: { controller }))
        #expect(controller.log.filter { $0.hasPrefix("pinch") }.count == 3)
        #expect(controller.log.filter { $0.hasPrefix("rotation") }.count == 3)
        #expect(rounded(controller.zoom, 6) == rounded(sqrt(21200) / 100, 6))   // 1.456022
        #expect(rounded(controller.angle, 6) == rounded(atan2(40, 140), 6))     // 0.278300
    }

    /// exclusive-without-delegate/spread-and-turn: the rotation is prevented, only the pinch runs.
    @Test func withoutTheDelegateOnlyThePinchRuns() throws {
        let registry = try gestureCodeRegistry()
        let records = try replayFixture("exclusive-without-delegate/spread-and-turn", registry: registry)
        let states = records.filter { $0.event.description == "state" }.map { "\($0.t) \($0.source) \($0.name("to") ?? "?")" }
        #expect(states == ["0.02 0 began", "0.02 1 failed", "0.04 0 changed", "0.06 0 ended"], "\(states)")
    }

    /// scale-reset/spread: the handler reads 1.2, then 150/120 = 1.25, then 180/150 = 1.2, then 1
    /// at the lift; their product is the whole pinch, 180/100.
    @Test func pinchHandlerResettingScaleGetsTheChangeSinceTheLast() throws {
        let controller = PhotoZoomViewController(together: true)
        _ = try replayFixture("scale-reset/spread", registry: try gestureCodeRegistry(photo: { controller }))
        let scales = controller.log.compactMap { line -> Double? in
            line.hasPrefix("pinch") ? Double(line[line.range(of: "scale ")!.upperBound...]) : nil
        }
        #expect(scales.map { rounded($0, 9) } == [1.2, 1.25, 1.2, 1], "\(controller.log)")
        #expect(rounded(controller.zoom, 9) == 1.8)
    }
}
