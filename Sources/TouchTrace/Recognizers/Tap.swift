/// `tap`: `UITapGestureRecognizer`, a discrete recognizer of one or more taps of one or more
/// fingers (SPEC 13).
///
/// A tap is `numberOfTouchesRequired` touches down together (all down before any lifts), then
/// all lifted. Transitions:
/// - possible → recognized: at the lift that completes tap `numberOfTapsRequired`; data
///   `location` (the centroid where the first tap's touches touched down, view coordinates)
///   and `taps`;
/// - possible → failed: more touches down at once than required; a touch lifting before all
///   the tap's touches are down; a touch moving more than `allowableMovement` from where it
///   touched down; a later tap beginning (its centroid when its touches are all down) more than
///   `allowableMovement` from where the first began; a tap lasting `maximumTapDuration` (from
///   its first touch-down; a deadline); the next tap not beginning within
///   `maximumIntervalBetweenSuccessiveTaps` of the last lift (a deadline); a touch cancelled.
///
/// Deadlines fire before an event at the same time, so a tap that lifts exactly at
/// `maximumTapDuration` has lasted too long, and a next tap that touches down exactly at the
/// interval is too late.
public struct TapRecognizer: Recognizer {
    /// Taps in the gesture (≥ 1).
    public let numberOfTapsRequired: Int
    /// Fingers per tap (≥ 1).
    public let numberOfTouchesRequired: Int
    /// Points a touch may move from where it touched down, and a later tap from the first.
    public let allowableMovement: Double
    /// Seconds from a tap's first touch-down to its last lift.
    public let maximumTapDuration: Double
    /// Seconds from a tap's last lift to the next tap's first touch-down.
    public let maximumIntervalBetweenSuccessiveTaps: Double

    public var state: RecognizerState = .possible
    /// Taps completed so far.
    public private(set) var taps = 0
    private var down = TouchesDown()
    /// Whether the current tap has had all its touches down.
    private var tapComplete = false
    /// Where the first tap's touches touched down (their centroid).
    private var firstLocation: Point = .zero

    public init(numberOfTapsRequired: Int = GestureDefaults.tapNumberOfTapsRequired,
                numberOfTouchesRequired: Int = GestureDefaults.tapNumberOfTouchesRequired,
                allowableMovement: Double = GestureDefaults.tapAllowableMovement,
                maximumTapDuration: Double = GestureDefaults.tapMaximumTapDuration,
                maximumIntervalBetweenSuccessiveTaps: Double = GestureDefaults.tapMaximumIntervalBetweenSuccessiveTaps) {
        precondition(numberOfTapsRequired >= 1 && numberOfTouchesRequired >= 1, "a tap needs at least one tap of at least one finger")
        precondition(allowableMovement >= 0 && maximumTapDuration > 0 && maximumIntervalBetweenSuccessiveTaps > 0,
                     "a tap's movement must be at least 0 points and its durations more than 0 s")
        self.numberOfTapsRequired = numberOfTapsRequired
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.allowableMovement = allowableMovement
        self.maximumTapDuration = maximumTapDuration
        self.maximumIntervalBetweenSuccessiveTaps = maximumIntervalBetweenSuccessiveTaps
    }

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        if down.isEmpty {
            // A new tap: the wait for it is over, and its own clock starts.
            tapComplete = false
            context.setDeadline(context.t + maximumTapDuration)
        } else if tapComplete && down.count < numberOfTouchesRequired, let touch = touches.first {
            fail(because: "touch \(touch.id) touched down while the tap's touches were lifting", &context)
            return
        }
        for touch in touches {
            down.add(touch)
            if down.count > numberOfTouchesRequired {
                fail(because: "\(down.count) touches down at once; the tap takes \(numberOfTouchesRequired)", &context)
                return
            }
        }
        guard down.count == numberOfTouchesRequired, !tapComplete else { return }
        tapComplete = true
        let location = down.startCentroid
        if taps == 0 {
            firstLocation = location
        } else if (location - firstLocation).length > allowableMovement {
            fail(because: "tap \(taps + 1) began at \(pointText(location)), \(pointsText((location - firstLocation).length)) from the first tap at \(pointText(firstLocation)); at most \(pointsText(allowableMovement)) allowed", &context)
        }
    }

    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
        for touch in touches {
            guard let moved = down.move(touch), moved > allowableMovement else { continue }
            fail(because: "touch \(touch.id) moved \(pointsText(moved)) to \(pointText(touch.location)); at most \(pointsText(allowableMovement)) allowed", &context)
            return
        }
    }

    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        for touch in touches where down.contains(touch) {
            if !tapComplete {
                fail(because: "touch \(touch.id) lifted before the tap's \(numberOfTouchesRequired) touches were down together", &context)
                return
            }
            if let moved = down.move(touch), moved > allowableMovement {
                fail(because: "touch \(touch.id) moved \(pointsText(moved)) to \(pointText(touch.location)); at most \(pointsText(allowableMovement)) allowed", &context)
                return
            }
            down.remove(touch)
        }
        guard down.isEmpty, tapComplete else { return }
        taps += 1
        if taps == numberOfTapsRequired {
            change(to: .recognized, with: FieldList(Field("location", .point(firstLocation)), Field("taps", .integer(taps))), &context)
        } else {
            context.setDeadline(context.t + maximumIntervalBetweenSuccessiveTaps)
        }
    }

    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let touch = touches.first(where: { down.contains($0) }) else { return }
        fail(because: "touch \(touch.id) was cancelled", &context)
    }

    public mutating func deadlinePassed(_ context: inout DeliveryContext) {
        if down.isEmpty {
            fail(because: "tap \(taps + 1) did not begin within \(secondsText(maximumIntervalBetweenSuccessiveTaps)) of the last lift", &context)
        } else {
            fail(because: "tap \(taps + 1) lasted \(secondsText(maximumTapDuration)) without lifting", &context)
        }
    }

    /// Stops following the touch of `serial`, with no change of state, as UIKit's
    /// `ignore(_:for:)` takes a touch from a tap: it no longer counts among the tap's touches
    /// down, and its moves and lift are not the tap's. Returns whether it was followed.
    package mutating func forget(serial: Int) -> Bool {
        down.remove(serial: serial)
    }

    public mutating func reset() {
        state = .possible
        taps = 0
        down.removeAll()
        tapComplete = false
        firstLocation = .zero
    }
}

// MARK: The scene type

extension RecognizerType {
    /// Scenes' `"tap"` (its parameters: `touchtrace help scene`).
    public static let tap = RecognizerType(
        name: "tap", summary: "UITapGestureRecognizer: one or more taps of one or more fingers", minimumVersion: 2
    ) { p in
        TapRecognizer(
            numberOfTapsRequired: p.integer("numberOfTapsRequired", default: GestureDefaults.tapNumberOfTapsRequired, in: 1...100),
            numberOfTouchesRequired: p.integer("numberOfTouchesRequired", default: GestureDefaults.tapNumberOfTouchesRequired, in: 1...20),
            allowableMovement: p.number("allowableMovement", default: GestureDefaults.tapAllowableMovement, in: 0...TraceLimits.coordinate, unit: "points"),
            maximumTapDuration: p.number("maximumTapDuration", default: GestureDefaults.tapMaximumTapDuration, in: 0.001...1_000_000, unit: "seconds"),
            maximumIntervalBetweenSuccessiveTaps: p.number("maximumIntervalBetweenSuccessiveTaps",
                                                           default: GestureDefaults.tapMaximumIntervalBetweenSuccessiveTaps, in: 0.001...1_000_000, unit: "seconds"))
    }
}
