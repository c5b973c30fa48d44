import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// Touches are alive (SPEC 17): `force` and `majorRadius` are the trace's for the touch at each
/// event, and `maximumPossibleForce` is the trace's `maximumForce` (else 20/3).
@Suite struct ForceTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// Writes what a pressure-sensitive drawing recognizer reads, at every call.
    final class Pressure: UIGestureRecognizer {
        let log: Log
        init(_ log: Log) {
            self.log = log
            super.init(target: nil, action: nil)
        }
        func note(_ touches: Set<UITouch>) {
            for touch in touches {
                log.lines.append("\(touch.phase) force \(touch.force) of \(touch.maximumPossibleForce) radius \(touch.majorRadius)")
            }
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { note(touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { note(touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { note(touches) }
    }

    func run(_ maximumForce: String) throws -> [String] {
        let log = Log()
        let scene = Scene(views: [SceneView(name: "pad", frame: Rect(x: 0, y: 0, width: 100, height: 100),
                                            recognizers: [("pressure", UIKitRecognizer { Pressure(log) })])], origin: "test", version: 2)
        let trace = try parseTrace(#"""
        {"version": 2\#(maximumForce), "events": [
          {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 10, "y": 10, "force": 0.5, "majorRadius": 8}]},
          {"t": 0.1, "touches": [{"id": 1, "phase": "moved", "x": 12, "y": 10, "force": 2.25, "majorRadius": 9.5}]},
          {"t": 0.2, "touches": [{"id": 1, "phase": "moved", "x": 14, "y": 10}]},
          {"t": 0.3, "touches": [{"id": 1, "phase": "ended", "x": 14, "y": 10, "force": 0, "majorRadius": 7}]}]}
        """#)
        _ = replay(trace, scene)
        return log.lines
    }

    @Test func forceOverTimeAsTheTraceGivesIt() throws {
        // A touch entry without force keeps 0 for it (a screen that measured none at that event).
        #expect(try run(#", "maximumForce": 4"#) == [
            "began force 0.5 of 4.0 radius 8.0", "moved force 2.25 of 4.0 radius 9.5", "moved force 0.0 of 4.0 radius 0.0",
            "ended force 0.0 of 4.0 radius 7.0",
        ])
        let lines = try run("")
        #expect(lines.first == "began force 0.5 of \(CGFloat(20.0 / 3.0)) radius 8.0", "\(lines)")
    }
}
