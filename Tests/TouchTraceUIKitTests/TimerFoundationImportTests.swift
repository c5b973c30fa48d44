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

    /// A timer source made with a queue of TouchTraceUIKit's (`DispatchQueue(label:)`) is still
    /// TouchTraceUIKit's here, and fires at the trace's time; naming `DispatchSourceTimer`, or
    /// `makeTimerSource()` with no queue or with `.main`, is ambiguous in such a file (the doc).
    @Test func aTimerSourceWithAQueueOfItsOwnRunsOnTheTracesTime() throws {
        let log = Log()
        let tap = UIKitRecognizer {
            let tap = UITapGestureRecognizer()
            tap.addTarget { _ in
                let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "ticks"))
                source.schedule(deadline: .now() + 0.1, repeating: 0.2)
                source.setEventHandler { log.lines.append("tick at \(CACurrentMediaTime())") }
                source.setCancelHandler { log.lines.append("cancelled at \(CACurrentMediaTime())") }
                source.resume()
                // (A work item: a block given to `asyncAfter` is taken for `@Sendable` code.)
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.35, execute: DispatchWorkItem { source.cancel() })
            }
            return tap
        }
        let scene = Scene(views: [
            SceneView(name: "screen", frame: Rect(x: 0, y: 0, width: 400, height: 800), recognizers: [("tap", tap)]),
        ], origin: "test", version: 2)
        // Recognized at the lift at 0.5: the source fires at 0.5 + 0.1 = 0.6 and 0.8, all after
        // the trace's last event (the block due at 0.85 keeps the replay going), then the block
        // cancels it at 0.85 and the cancel handler runs at 0.85.
        let trace = try parseTrace(traceJSON([(0.45, [(1, "began", 10, 10)]), (0.5, [(1, "ended", 10, 10)])], version: 2))
        _ = replay(trace, scene)
        #expect(log.lines == ["tick at 0.6", "tick at 0.8", "cancelled at 0.85"], "\(log.lines)")
    }
}
