import Foundation
import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// A file that says `import Foundation` beside `import TouchTraceUIKit` (docs/own-gesture-code.md,
/// "Time"): `DispatchQueue.main.async { … }` and `.asyncAfter(deadline: .now() + d) { … }`, written
/// in one expression, are still touchtrace's, and run at the trace's time.
@Suite struct TimerFoundationImportTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    @Test func theMainQueueRunsOnTheTracesTime() throws {
        let log = Log()
        let tap = UIKitRecognizer {
            let tap = UITapGestureRecognizer()
            tap.addTarget { _ in
                DispatchQueue.main.async { log.lines.append("async at \(CACurrentMediaTime())") }
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { log.lines.append("after at \(CACurrentMediaTime())") }
            }
            return tap
        }
        let scene = Scene(views: [
            SceneView(name: "screen", frame: Rect(x: 0, y: 0, width: 400, height: 800), recognizers: [("tap", tap)]),
        ], origin: "test", version: 2)
        // Recognized at the lift at 0.5: `async` runs then, after the action; the other at 0.75,
        // after the trace's last event.
        let trace = try parseTrace(traceJSON([(0.45, [(1, "began", 10, 10)]), (0.5, [(1, "ended", 10, 10)])], version: 2))
        _ = replay(trace, scene)
        #expect(log.lines == ["async at 0.5", "after at 0.75"], "\(log.lines)")
    }
}
