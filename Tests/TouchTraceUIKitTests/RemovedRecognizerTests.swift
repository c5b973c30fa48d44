import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// A recognizer taken off its view during a replay gets no more touches, as UIKit gives a
/// recognizer the touches of its view only; one taken off mid-gesture during a call of
/// touchtrace's stops as a disabled one does (touchtrace's choice: UIKit does not document it).
@Suite struct RemovedRecognizerTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }
    typealias Events = [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])]

    /// Replays `events` (version 2) on the screen `make` builds: the transcript and the log.
    func run(_ events: Events, _ make: @escaping @Sendable (Log) -> UIView) throws -> (transcript: [String], log: [String]) {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("screen") { make(log) })
        let scene = try parseScene(#"{"screen": "screen"}"#, version: 2, registry: registry)
        return (try transcriptText(traceJSON(events, version: 2), scene), log.lines)
    }

    /// A root view (390 × 844) with a tap that takes itself off the view at its first
    /// recognition: the first tap (lifted at 0.05) is recognized, the second (1.05) and the
    /// third, on the same spot, get nothing — no record, no action.
    @Test func aRecognizerTakenOffItsViewGetsNoMoreTouches() throws {
        let events: Events = [
            (0, [(1, "began", 50, 50)]), (0.05, [(1, "ended", 50, 50)]),
            (1, [(2, "began", 50, 50)]), (1.05, [(2, "ended", 50, 50)]),
        ]
        let (transcript, log) = try run(events) { log in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let tap = UITapGestureRecognizer()
            tap.addTarget { r in
                log.lines.append("tap \(r.state) on view \(r.view != nil)")
                root.removeGestureRecognizer(r)
            }
            root.addGestureRecognizer(tap)
            return root
        }
        #expect(log == ["tap ended on view true"])
        #expect(transcript.filter { $0.contains(" state ") }.count == 1)
        #expect(transcript.contains { $0.hasPrefix("0.0500 UIView[0].tap state from=possible to=recognized") })
    }

    /// A pan whose handler takes it off its view at its first `changed` (the move to 140 at
    /// 0.1; it began at 0.05, 20 points from the touch down, past UIKit's 10): it is cancelled
    /// there, the reason first in version 2, and its actions see `cancelled`; the moves after
    /// reach nothing. A tap on a second view puts it back at 1.05: the drag after it (from 2)
    /// is the pan's again, begun at 2.05.
    @Test func aPanTakenOffMidGestureIsCancelledAndPutBackTakesTouchesAgain() throws {
        let events: Events = [
            (0, [(1, "began", 100, 100)]), (0.05, [(1, "moved", 120, 100)]), (0.1, [(1, "moved", 140, 100)]),
            (0.15, [(1, "moved", 160, 100)]), (0.2, [(1, "ended", 160, 100)]),
            (1, [(2, "began", 300, 700)]), (1.05, [(2, "ended", 300, 700)]),
            (2, [(3, "began", 100, 100)]), (2.05, [(3, "moved", 120, 100)]), (2.1, [(3, "ended", 120, 100)]),
        ]
        let (transcript, log) = try run(events) { log in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let pad = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
            pad.accessibilityIdentifier = "pad"
            let button = UIView(frame: CGRect(x: 0, y: 600, width: 390, height: 244))
            button.accessibilityIdentifier = "button"
            let pan = UIPanGestureRecognizer()
            var removedOnce = false
            pan.addTarget { r in
                log.lines.append("pan \(r.state)")
                if r.state == .changed && !removedOnce {
                    removedOnce = true
                    pad.removeGestureRecognizer(r)
                }
            }
            pad.addGestureRecognizer(pan)
            let tap = UITapGestureRecognizer()
            tap.addTarget { _ in
                log.lines.append("put back")
                pad.addGestureRecognizer(pan)
            }
            button.addGestureRecognizer(tap)
            root.addSubview(pad)
            root.addSubview(button)
            return root
        }
        #expect(log == ["pan began", "pan changed", "pan cancelled", "put back", "pan began", "pan ended"])
        let states = transcript.filter { $0.contains(" state ") }.map { String($0.prefix(while: { $0 != " " })) + " " + $0.split(separator: " ")[1] + " " + $0.split(separator: " ")[4] }
        #expect(states == [
            "0.0500 pad.pan to=began", "0.1000 pad.pan to=changed", "0.1000 pad.pan to=cancelled",
            "1.0500 button.tap to=recognized", "2.0500 pad.pan to=began", "2.1000 pad.pan to=ended",
        ])
        #expect(transcript.contains { $0.hasPrefix("0.1000 pad.pan state") && $0.contains("reason=\"removed from its view (removeGestureRecognizer)\"") })
    }
}
