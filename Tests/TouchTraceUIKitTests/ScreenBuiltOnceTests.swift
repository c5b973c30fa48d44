import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// A screen built in code runs its building code (a view controller's `viewDidLoad`) once a
/// replay, as an app does once a screen: the build the scene was described from is the first
/// replay's, with the work it scheduled.
@Suite struct ScreenBuiltOnceTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// A tap on (50, 50) lifted at 0.05, and a touch that stays down from 0.6 to 0.7, so that
    /// the trace covers a timer's firing at 0.5.
    let trace = """
    {"version": 2, "events": [
    {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 50, "y": 50}]},
    {"t": 0.05, "touches": [{"id": 1, "phase": "ended", "x": 50, "y": 50}]},
    {"t": 0.6, "touches": [{"id": 2, "phase": "began", "x": 50, "y": 50}]},
    {"t": 0.7, "touches": [{"id": 2, "phase": "ended", "x": 50, "y": 50}]}
    ]}
    """

    /// The scene of a screen whose building code logs "built" and schedules a timer of 0.5 s
    /// that logs its firing with the replay's time.
    func scene(_ log: Log) throws -> Scene {
        var registry = Registry.standard
        try registry.register(.uiKit("screen") {
            log.lines.append("built")
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            root.addGestureRecognizer(UITapGestureRecognizer())
            _ = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in
                log.lines.append("timer at \(CACurrentMediaTime())")
            }
            return root
        })
        return try parseScene(#"{"screen": "screen"}"#, version: 2, registry: registry)
    }

    @Test func describingTheSceneAndReplayingItBuildsTheScreenOnce() throws {
        let log = Log()
        let scene = try scene(log)
        #expect(log.lines == ["built"])
        let transcript = try transcriptText(trace, scene)
        // One build: the scene's, with its timer firing in the replay at 0.5 (the trace's time
        // when the building code ran is 0).
        #expect(log.lines == ["built", "timer at 0.5"])
        #expect(transcript.contains { $0.hasPrefix("0.0500 UIView[0].tap state from=possible to=recognized") })
        // A second replay of the same scene builds its own, as a new launch of the app would.
        let again = try transcriptText(trace, scene)
        #expect(log.lines == ["built", "timer at 0.5", "built", "timer at 0.5"])
        #expect(again == transcript)
    }

    @Test func aReplayOnAnotherThreadBuildsItsOwn() throws {
        let log = Log()
        let scene = try scene(log)
        final class Result: @unchecked Sendable { var transcript: [String]? }
        let result = Result()
        let done = DispatchSemaphore(value: 0)
        let trace = self.trace
        let thread = Thread {
            result.transcript = try? transcriptText(trace, scene)
            done.signal()
        }
        thread.start()
        done.wait()
        // The scene's build stays with the thread that made it: the other thread built its own.
        #expect(log.lines == ["built", "built", "timer at 0.5"])
        #expect(result.transcript?.contains { $0.hasPrefix("0.0500 UIView[0].tap state from=possible to=recognized") } == true)
    }
}
