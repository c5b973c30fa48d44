import TouchTrace
import TouchTraceUIKit

extension RecognizerType {
    /// `flickDown` for scenes: a fresh `FlickDownGestureRecognizer` for every replay.
    public static let flickDown = RecognizerType.uiKit("flickDown", summary: "a quick one-finger flick down (a UIKit subclass)") {
        FlickDownGestureRecognizer()
    }
}
