/// Every threshold of touchtrace's recognizers in one place: its unit and where its value comes
/// from. Each recognizer takes these as the defaults of its parameters; a scene may set others.
///
/// Provenance, in the order SPEC 13 asks for: Apple's documentation where it gives the value;
/// else the value UIKit's own code uses (its private properties, as read from UIKit by others);
/// else a measurement published by others; else touchtrace's own choice, said as such.
public enum GestureDefaults {
    // MARK: Pan (UIPanGestureRecognizer) and the knob's rotation

    /// How far the centroid moves before a pan begins, in points. Not documented by Apple;
    /// 10 points is what measurements of `UIPanGestureRecognizer` report (UIKit's hysteresis).
    public static let panMinimumDistance = 10.0

    // MARK: Tap (UITapGestureRecognizer)

    /// Taps in the gesture. Apple's documentation: "The default value is 1."
    public static let tapNumberOfTapsRequired = 1
    /// Fingers per tap. Apple's documentation: "The default value is 1."
    public static let tapNumberOfTouchesRequired = 1
    /// How far a touch may move from where it touched down, in points. UIKit's own value of its
    /// private `allowableMovement` property of `UITapGestureRecognizer` (45 points), as read
    /// from UIKit and used by reimplementations of it.
    public static let tapAllowableMovement = 45.0
    /// Longest tap, from its first touch-down to its last lift, in seconds. UIKit's own value of
    /// its private `maximumTapDuration` (0.75 s), read from UIKit the same way.
    public static let tapMaximumTapDuration = 0.75
    /// Longest pause between a tap's last lift and the next tap's first touch-down, in seconds.
    /// UIKit's own value of its private `maximumIntervalBetweenSuccessiveTaps` (0.35 s).
    public static let tapMaximumIntervalBetweenSuccessiveTaps = 0.35

    // MARK: Long press (UILongPressGestureRecognizer)

    /// How long the fingers must rest, in seconds. Apple's documentation: "The default duration
    /// is 0.5 seconds."
    public static let longPressMinimumPressDuration = 0.5
    /// How far a finger may move before the press begins, in points. Apple's documentation:
    /// "The default allowable movement is 10 points."
    public static let longPressAllowableMovement = 10.0
    /// Fingers that must be held down. Apple's documentation: "The default number of fingers is 1."
    public static let longPressNumberOfTouchesRequired = 1

    // MARK: Swipe (UISwipeGestureRecognizer)

    /// Fingers that must swipe. Apple's documentation: "The default value is 1."
    public static let swipeNumberOfTouchesRequired = 1
    /// How far the centroid must move, in points. UIKit keeps it in `_minimumPrimaryMovement`
    /// (named in the instance variables of its iOS 4 SDK header); 50 points is the value
    /// reported for it.
    public static let swipeMinimumDistance = 50.0
    /// How long a swipe may take from touch-down, in seconds. UIKit keeps it in
    /// `_maximumDuration` (same header); 0.5 s is the value reported for it.
    public static let swipeMaximumDuration = 0.5
    /// Largest angle between the movement and an allowed direction, in degrees. UIKit judges
    /// the movement across the direction against the movement along it
    /// (`_maximumSecondaryMovement`); touchtrace states that rule as an angle, 30°, its own
    /// reading (SPEC 13).
    public static let swipeMaximumAngle = 30.0

    // MARK: Pinch and rotation (UIPinchGestureRecognizer, UIRotationGestureRecognizer)

    /// How much the distance between the two fingers must change before a pinch begins, in
    /// points. Not documented by Apple; touchtrace's choice (SPEC 13), of the order of the
    /// touch slop other toolkits use (Android's is 8 dp).
    public static let pinchMinimumSpanChange = 8.0
    /// How far the line between the two fingers must turn before a rotation begins, in radians
    /// (0.0873 rad = 5°). Not documented by Apple; touchtrace's choice (SPEC 13).
    public static let rotationMinimumRotation = 0.0873
}
