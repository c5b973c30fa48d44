// UIKit's standard controls driven by a replay's touches: a UISlider dragged by its thumb, a
// UISwitch tapped, a UIStepper pressed and held. Each test derives the values and actions by
// hand from touchtrace's fixed geometry (MoreViews.swift: a 28-point thumb on a track the
// bounds' width, a stepper's halves) and the trace's points and times. Last, the time and the
// timeline a view's own touch code (a control's included) runs on.
import Testing
import TouchTrace
@testable import TouchTraceUIKit

@Suite struct StandardControlTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    // MARK: The time of a view's own code

    /// A view that logs the time its touchesBegan sees and, from there, schedules a timer.
    final class TimedView: UIView {
        var log: Log?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            log?.lines.append("touchesBegan at \(CACurrentMediaTime())")
            Timer.scheduledTimer(withTimeInterval: 0.25, repeats: false) { [log] _ in
                log?.lines.append("timer at \(CACurrentMediaTime())")
            }
        }
    }

    /// A screen with no recognizer: its view's touch methods are the only code called in the
    /// replay. Two replays on this thread, the first with its touch at 5 s, the second at 1 s:
    /// the second's touchesBegan sees its own 1 s (not the 5 s of the replay before it), and
    /// the timer it schedules is its replay's, firing 0.25 s later, at 1.25 s, before the lift
    /// at 1.5 s.
    @Test func aViewsTouchMethodsRunAtTheEventsTimeOnTheirReplaysTimeline() throws {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("timed") {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let view = TimedView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            view.log = log
            root.addSubview(view)
            return root
        })
        let scene = try parseScene(#"{"screen": "timed"}"#, version: 2, registry: registry)
        _ = replay(try parseTrace(traceJSON([(5, [(1, "began", 10, 10)]), (6, [(1, "ended", 10, 10)])], version: 2)), scene)
        log.lines.removeAll()
        _ = replay(try parseTrace(traceJSON([(1, [(1, "began", 10, 10)]), (1.5, [(1, "ended", 10, 10)])], version: 2)), scene)
        #expect(log.lines == ["touchesBegan at 1.0", "timer at 1.25"])
    }
}
