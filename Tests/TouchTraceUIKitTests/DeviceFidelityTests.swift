// What gesture code reads on a device, checked against UIKit's documentation: a view's event
// holds the fingers that rest, an ignored touch leaves a standard class's own recognition, a
// zoom's offset is set when the delegate hears of it, and Core Animation's completions run when
// the animations end. Each test derives what it expects from the trace's times and points.
import Testing
import TouchTrace
@testable import TouchTraceUIKit

@Suite struct DeviceFidelityTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// The phases of a set of touches, sorted, joined by commas.
    static func phases(_ touches: Set<UITouch>?) -> String {
        (touches ?? []).map { touch -> String in
            switch touch.phase {
            case .began: return "began"
            case .moved: return "moved"
            case .stationary: return "stationary"
            case .ended: return "ended"
            case .cancelled: return "cancelled"
            }
        }.sorted().joined(separator: ",")
    }

    /// A view that logs, at each of its touch methods, its name, the method and the phases of
    /// `event.allTouches`.
    final class EventView: UIView {
        let log: Log
        let name: String
        init(frame: CGRect, name: String, log: Log) {
            self.log = log
            self.name = name
            super.init(frame: frame)
        }
        required init?(coder: NSCoder) { return nil }
        private func note(_ method: String, _ event: UIEvent?) {
            log.lines.append("\(name) \(method) \(DeviceFidelityTests.phases(event?.allTouches))")
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", event) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("cancelled", event) }
    }

    /// Two views side by side, `left` (0, 0, 200, 400) and `right` (200, 0, 200, 400), the
    /// right one with a pan; finger 1 on the left, finger 2 on the right.
    @Test func aViewsEventHoldsEveryFingerDownInTheWindow() throws {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("pair") {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            root.addSubview(EventView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), name: "left", log: log))
            let right = EventView(frame: CGRect(x: 200, y: 0, width: 200, height: 400), name: "right", log: log)
            right.addGestureRecognizer(UIPanGestureRecognizer(target: nil, action: nil))
            root.addSubview(right)
            return root
        })
        let scene = try parseScene(#"{"screen": "pair"}"#, version: 2, registry: registry)
        let trace = try parseTrace(traceJSON([
            (0.00, [(1, "began", 50, 50), (2, "began", 250, 50)]),
            (0.05, [(2, "moved", 280, 50)]),
            (0.10, [(1, "moved", 60, 50)]),
            (0.15, [(1, "ended", 60, 50)]),
            (0.20, [(2, "ended", 280, 50)]),
        ], version: 2))
        _ = replay(trace, scene)
        // UIKit's `allTouches` is every touch of the event in the window, those that did not
        // change in it `stationary`. At 0: both fingers began, and each view's event holds both
        // (the left one's too, though the right view's touch is handed over after it). At 0.05
        // finger 2 has moved 30 points, past the pan's 10: the pan begins and the right view's
        // touch is cancelled (`cancelled` for that call), finger 1 resting. At 0.1 finger 1
        // moves: finger 2, still down though no view gets it any more, rests in the left view's
        // event. At 0.15 finger 1 lifts, finger 2 still rests.
        #expect(log.lines == [
            "left began began,began", "right began began,began",
            "right cancelled cancelled,stationary",
            "left moved moved,stationary",
            "left ended ended,stationary",
        ])
    }
}

extension DeviceFidelityTests {
    /// A delegate that notes, in `scrollViewDidZoom(_:)`, the zoom and the offset it reads.
    final class ZoomReader: UIScrollViewDelegate {
        let image = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        var heard: [String] = []
        func viewForZooming(in scrollView: UIScrollView) -> UIView? { image }
        func scrollViewDidZoom(_ scrollView: UIScrollView) {
            heard.append("zoom \(scrollView.zoomScale) \(scrollView.contentOffset.x),\(scrollView.contentOffset.y)")
        }
    }

    /// UIScrollViewDelegate: `scrollViewDidZoom(_:)` tells that the zoom changed; a delegate
    /// that places its content from `contentOffset` there (centring an image) must find the
    /// offset the zoom brought, as on a device, not the one before.
    @Test func scrollViewDidZoomReadsTheZoomsOffset() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let reader = ZoomReader()
        scroll.addSubview(reader.image)
        scroll.contentSize = reader.image.frame.size
        scroll.minimumZoomScale = 1
        scroll.maximumZoomScale = 4
        scroll.delegate = reader
        // To 2 about the bounds' middle (100, 100): it becomes (200, 200), less (100, 100):
        // offset (100, 100), within the largest (400 − 200, 400 − 200) = (200, 200).
        scroll.setZoomScale(2, animated: false)
        // A 50 × 50 rect at (50, 50): 200 / 50 = 4, the limit. Its middle (75, 75) at 4 is
        // (300, 300), less (100, 100): (200, 200), within (800 − 200, 800 − 200).
        scroll.zoom(to: CGRect(x: 50, y: 50, width: 50, height: 50), animated: true)
        // The same zoom again: no change, nothing heard.
        scroll.setZoomScale(4, animated: false)
        #expect(reader.heard == ["zoom 2.0 100.0,100.0", "zoom 4.0 200.0,200.0"], "\(reader.heard)")
    }
}
