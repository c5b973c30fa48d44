import TouchTrace

/// The `UITouch` objects of one replay: one object per finger, from its `began` to its end, as
/// on a device. The application's and the window's `sendEvent(_:)`, every recognizer the touch
/// reaches and the hit view's touch methods are handed that same object, so code that keys its
/// state by the touch (a `Set<UITouch>`, a dictionary, `===`) finds it again in every method.
///
/// Each reader brings the object up to date from the engine's touch of the event before it
/// reads it (where the touch is and was, its phase, time, force and radius): the values are
/// the event's, whoever reads first. At the first reading of a new event, the touches that
/// ended or were cancelled earlier are forgotten and those still down become `stationary`
/// until the event says otherwise. A finger that lifts and a new one with the same trace id
/// are two touches (two serials), so two objects.
final class ReplayTouches {
    /// The objects of the touches down (and of those that ended in the event being read), by serial.
    private var objects: [Int: UITouch] = [:]
    /// The event whose touches the objects hold (−1 before the first).
    private var eventIndex = -1
    /// Where the last lifted touch lifted (screen), when, its tap count, and whether it stayed
    /// within the tap's allowable movement of where it began: for `tapCount`.
    private var lastLift: (location: CGPoint, t: Double, tapCount: Int, stayed: Bool)?
    /// Where each touch down began on the screen (by serial), when it was seen beginning.
    private var beganAt: [Int: CGPoint] = [:]

    /// How many objects it holds (touches down, or that ended in the event being read).
    var count: Int { objects.count }

    /// The objects it holds: every touch down in the window, and those that ended or were
    /// cancelled in the event being read (after a deadline or timer, in the last event read).
    /// In the order the touches began (by serial), the same in every run: a set they are put in
    /// is laid out by the order they come in where two hashes meet.
    var all: [UITouch] { objects.keys.sorted().map { objects[$0]! } }

    /// Event `index` is being read: at its first reading, touches that ended in an earlier
    /// event are forgotten and those down become `stationary`.
    func enter(event index: Int) {
        guard index != eventIndex else { return }
        eventIndex = index
        var gone: [Int] = []
        for (serial, object) in objects {
            if object.phase == .ended || object.phase == .cancelled {
                gone.append(serial)
            } else {
                object.phase = .stationary
            }
        }
        for serial in gone {
            objects[serial] = nil
            beganAt[serial] = nil
        }
    }

    /// The object of `touch` in the event at `t` (seconds), made at its first reading, with the
    /// event's values: `location` and `previous` on the screen (points), the touch's phase,
    /// force and radius. `view` is the view it began on (kept from the first reading; a touch
    /// first read at its `began` lists the recognizers of that view and the views it is in);
    /// `maximumForce` the trace's, when it has one (`maximumPossibleForce`).
    ///
    /// `tapCount` counts quick taps at about the same place: one more than the last lifted
    /// touch's when this one began within `GestureDefaults.tapMaximumIntervalBetweenSuccessiveTaps`
    /// (0.35 s) of that lift and within `GestureDefaults.tapAllowableMovement` (45 points) of
    /// where it lifted, and that one did not move farther than that from where it began.
    func object(for touch: ViewTouch, at location: CGPoint, previous: CGPoint, t: Double, view: UIView?, maximumForce: Double?) -> UITouch {
        let phase = UITouch.Phase(touch.phase)
        if let object = objects[touch.serial] {
            let lifts = phase == .ended && object.phase != .ended
            object.screenLocation = location
            object.previousScreenLocation = previous
            object.phase = phase
            object.timestamp = t
            object.force = CGFloat(touch.force)
            object.majorRadius = CGFloat(touch.majorRadius)
            if lifts { noteLift(object, t: t) }
            return object
        }
        let began = touch.phase == .began ? t : touch.beganAt
        var taps = 1
        if let lift = lastLift, lift.stayed, began - lift.t <= GestureDefaults.tapMaximumIntervalBetweenSuccessiveTaps,
           distance(lift.location, location) <= GestureDefaults.tapAllowableMovement {
            taps = lift.tapCount + 1
        }
        let object = UITouch(serial: touch.serial, id: touch.id, location: location, timestamp: t, phase: phase, tapCount: taps, view: view)
        object.previousScreenLocation = previous
        object.force = CGFloat(touch.force)
        object.majorRadius = CGFloat(touch.majorRadius)
        object.maximumPossibleForce = CGFloat(maximumForce ?? UITouch.defaultMaximumPossibleForce)
        objects[touch.serial] = object
        if touch.phase == .began {
            beganAt[touch.serial] = location
            // As on a device, the touch knows its recognizers from the hit test on.
            if let view { object.listRecognizers(from: view) }
        }
        if phase == .ended { noteLift(object, t: t) }
        return object
    }

    /// The touch lifted at `t`: it is the one the next touch's `tapCount` follows (when it was
    /// seen beginning).
    private func noteLift(_ object: UITouch, t: Double) {
        guard let start = beganAt[object.serial] else { return }
        let stayed = distance(start, object.screenLocation) <= GestureDefaults.tapAllowableMovement
        lastLift = (object.screenLocation, t, object.tapCount, stayed)
    }

    private func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
