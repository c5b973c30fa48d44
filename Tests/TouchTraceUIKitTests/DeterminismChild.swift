#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TouchTrace
import TouchTraceUIKit

/// What `DeterminismTests` compares between processes: a multi-touch trace replayed through a
/// recognizer whose decisions follow `touches.first` of each `Set<UITouch>`, its transcript and
/// the order of every set it got; then, apart, the order of a `Set<Int>` (which follows the
/// process's hash seed, to show that the seeds did differ).
enum DeterminismScenario {
    /// Follows the first touch of each moved set: fails when it moves left, begins or changes
    /// when it moves right; ends when the last touch lifts.
    final class FirstTouchFollower: UIGestureRecognizer {
        let orders: Orders

        init(_ orders: Orders) {
            self.orders = orders
            super.init(target: nil, action: nil)
        }

        func note(_ what: String, _ touches: Set<UITouch>) {
            orders.lines.append(what + " " + touches.map { "\(Int($0.location(in: nil).x))" }.joined(separator: ","))
        }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            note("began", touches)
        }

        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            note("moved", touches)
            let first = touches.first!
            if first.location(in: view).x < first.previousLocation(in: view).x {
                state = .failed
            } else {
                state = state == .possible ? .began : .changed
            }
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            note("ended", touches)
            if numberOfTouches == touches.count { state = .ended }
        }
    }

    final class Orders: @unchecked Sendable { var lines: [String] = [] }

    /// The text to compare, and the control line.
    static func run() throws -> (output: String, control: String) {
        // Eight fingers land together; in every event the odd ones move right and the even
        // ones left, in repeated gestures (each a new set of touches).
        var events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] = []
        var t = 0.0
        for gesture in 0..<12 {
            let ids = (1...8).map { gesture * 8 + $0 }
            var x = (0..<8).map { 40.0 + 40 * Double($0) }
            events.append((t, ids.enumerated().map { ($1, "began", x[$0], 300) }))
            for _ in 0..<4 {
                t += 0.01
                for k in 0..<8 { x[k] += k % 2 == 0 ? 3 : -3 }
                events.append((t, ids.enumerated().map { ($1, "moved", x[$0], 300) }))
            }
            t += 0.01
            events.append((t, ids.enumerated().map { ($1, "ended", x[$0], 300) }))
            t += 0.5
        }
        let trace = try parseTrace(traceJSON(events))
        let orders = Orders()
        let scene = Scene(views: [SceneView(name: "v", frame: Rect(x: 0, y: 0, width: 400, height: 800), recognizers: [
            ("follower", UIKitRecognizer { FirstTouchFollower(orders) }),
        ])], origin: "determinism")
        let output = MemoryOutput()
        let writer = TranscriptWriter(format: .text, sources: scene.sources, output: output)
        Replayer.replay(trace, scene: scene, into: writer)
        try writer.finish()
        let control = Array(Set(0..<64)).prefix(16).map(String.init).joined(separator: ",")
        return (output.text + orders.lines.joined(separator: "\n") + "\n", control)
    }
}

/// Run by `DeterminismTests` in a child process: writes the scenario's output to the file
/// named by `TOUCHTRACE_UIKIT_DETERMINISM_OUTPUT`. Without that variable it checks only that
/// the scenario runs.
@Suite struct DeterminismChild {
    @Test func writeScenarioOutput() throws {
        let (output, control) = try DeterminismScenario.run()
        #expect(output.contains("state"))
        guard let path = getenv("TOUCHTRACE_UIKIT_DETERMINISM_OUTPUT").map({ String(cString: $0) }) else { return }
        let text = output + "control " + control + "\n"
        guard let file = fopen(path, "w") else {
            Issue.record("cannot write \(path)")
            return
        }
        fputs(text, file)
        fclose(file)
    }
}
