/// `longPress`: `UILongPressGestureRecognizer`, a continuous recognizer of fingers resting in
/// place (SPEC 13).
///
/// Transitions:
/// - when `numberOfTouchesRequired` touches are down, a deadline at the last one's touch-down
///   plus `minimumPressDuration`;
/// - possible → began: at that deadline (even if no event comes then); data `location` (the
///   centroid of the touches, view coordinates);
/// - possible → failed: before the deadline, a touch moving more than `allowableMovement` from
///   where it touched down, a touch lifting or cancelled, or more touches down than required;
/// - began/changed → changed: on every move (the movement is no longer limited);
/// - began/changed → ended: when a touch lifts; → cancelled: when one is cancelled.
public struct LongPressRecognizer: Recognizer {
    /// Seconds the touches must rest.
    public let minimumPressDuration: Double
    /// Points a touch may move before the press begins.
    public let allowableMovement: Double
    /// Fingers that must be held down (≥ 1).
    public let numberOfTouchesRequired: Int

    public var state: RecognizerState = .possible
    private var down = TouchesDown()

    public init(minimumPressDuration: Double = GestureDefaults.longPressMinimumPressDuration,
                allowableMovement: Double = GestureDefaults.longPressAllowableMovement,
                numberOfTouchesRequired: Int = GestureDefaults.longPressNumberOfTouchesRequired) {
        precondition(minimumPressDuration >= 0 && allowableMovement >= 0 && numberOfTouchesRequired >= 1,
                     "a long press needs a duration and movement of at least 0 and at least one finger")
        self.minimumPressDuration = minimumPressDuration
        self.allowableMovement = allowableMovement
        self.numberOfTouchesRequired = numberOfTouchesRequired
    }

    private var data: FieldList { FieldList(Field("location", .point(down.centroid))) }

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard state == .possible else { return }
        for touch in touches {
            down.add(touch)
            if down.count > numberOfTouchesRequired {
                fail(because: "\(down.count) touches down at once; the press takes \(numberOfTouchesRequired)", &context)
                return
            }
        }
        if down.count == numberOfTouchesRequired { context.setDeadline(context.t + minimumPressDuration) }
    }

    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
        var moved = false
        for touch in touches {
            guard let distance = down.move(touch) else { continue }
            moved = true
            if state == .possible && distance > allowableMovement {
                fail(because: "touch \(touch.id) moved \(pointsText(distance)) to \(pointText(touch.location)) before the press began; at most \(pointsText(allowableMovement)) allowed", &context)
                return
            }
        }
        if moved && (state == .began || state == .changed) { change(to: .changed, with: data, &context) }
    }

    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let touch = touches.first(where: { down.contains($0) }) else { return }
        for lifted in touches { down.move(lifted) }
        if state == .possible && down.count < numberOfTouchesRequired {
            fail(because: "touch \(touch.id) lifted before the press's \(numberOfTouchesRequired) touches were down", &context)
        } else if state == .possible {
            fail(because: "touch \(touch.id) lifted \(secondsText(context.t - touch.beganAt)) after it touched down, before the \(secondsText(minimumPressDuration)) press", &context)
        } else {
            change(to: .ended, with: data, &context)
        }
    }

    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let touch = touches.first(where: { down.contains($0) }) else { return }
        if state == .possible {
            fail(because: "cancelled", &context)
        } else {
            // (A version 2 type: its records always carry a reason.)
            change(to: .cancelled, with: FieldList(Field("reason", .text(SharedText("touch \(touch.id) was cancelled"))),
                                                   Field("location", .point(down.centroid))), &context)
        }
    }

    public mutating func deadlinePassed(_ context: inout DeliveryContext) {
        guard state == .possible, down.count == numberOfTouchesRequired else { return }
        change(to: .began, with: data, &context)
    }

    /// Stops following the touch of `serial`, with no change of state, as UIKit's
    /// `ignore(_:for:)` takes a touch from a long press: the press waits for its required
    /// touches without it (a later one sets the deadline afresh), and once begun its `location`
    /// is the other touches' and it ends when one of them lifts. Returns whether it was followed.
    package mutating func forget(serial: Int) -> Bool {
        down.remove(serial: serial)
    }

    public mutating func reset() {
        state = .possible
        down.removeAll()
    }
}

// MARK: The scene type

extension RecognizerType {
    /// Scenes' `"longPress"` (its parameters: `touchtrace help scene`).
    public static let longPress = RecognizerType(
        name: "longPress", summary: "UILongPressGestureRecognizer: fingers resting in place, then moving", minimumVersion: 2
    ) { p in
        LongPressRecognizer(
            minimumPressDuration: p.number("minimumPressDuration", default: GestureDefaults.longPressMinimumPressDuration, in: 0...1_000_000, unit: "seconds"),
            allowableMovement: p.number("allowableMovement", default: GestureDefaults.longPressAllowableMovement, in: 0...TraceLimits.coordinate, unit: "points"),
            numberOfTouchesRequired: p.integer("numberOfTouchesRequired", default: GestureDefaults.longPressNumberOfTouchesRequired, in: 1...20))
    }
}
