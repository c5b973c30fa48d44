import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// A scene file's views are in a window, as a screen built in code is (SPEC 17: `window` is the
/// root's `UIWindow`).
@Suite struct SceneWindowTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    @Test func sceneViewsAreInAWindowOfTheScreensBounds() throws {
        let log = Log()
        let tap = UIKitRecognizer {
            let tap = UITapGestureRecognizer()
            tap.addTarget { g in
                guard let view = g.view, let window = view.window else { return log.lines.append("no window") }
                let top = view.superview!
                log.lines.append("window \(window.bounds.width)x\(window.bounds.height) at \(window.frame.minX),\(window.frame.minY)")
                log.lines.append("top-level view in it: \(top.superview === window), same window: \(top.window === window)")
                // Points convert through the window as before: the inner view's origin on the screen.
                let p = view.convert(CGPoint.zero, to: nil)
                log.lines.append("origin \(p.x),\(p.y)")
            }
            return tap
        }
        // A top-level card at (50, 60) holding a button at (10, 20) inside it: on the screen the
        // button's origin is (60, 80).
        let scene = Scene(views: [
            SceneView(name: "card", frame: Rect(x: 50, y: 60, width: 200, height: 200)),
            SceneView(name: "button", frame: Rect(x: 10, y: 20, width: 50, height: 50), superview: 0, recognizers: [("tap", tap)]),
        ], origin: "test", version: 2)
        let trace = try parseTrace(traceJSON([(0, [(1, "began", 70, 90)]), (0.05, [(1, "ended", 70, 90)])], version: 2))
        let records = replay(trace, scene)
        #expect(records.count == 1)
        #expect(log.lines == ["window 390.0x844.0 at 0.0,0.0", "top-level view in it: true, same window: true", "origin 60.0,80.0"],
                "\(log.lines)")
    }
}
