import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// What gesture handlers' animations leave, and when their completions run: the views take
/// their final values at once (a device's model values), and a completion runs when the
/// animation would end, on the trace's time (UIKit calls it after the animation, "at the
/// beginning of the next run loop cycle" for a duration of 0).
@Suite struct HandlerAnimationTests {
    typealias Log = LateRecognizerTests.Log
    typealias Events = LateRecognizerTests.Events

    /// A sheet dragged down: at the lift it animates off the screen in 0.3 s and hides in the
    /// completion; a 0-second animation at the lift logs from its completion too.
    static func sheet(_ log: Log) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let sheet = UIView(frame: CGRect(x: 0, y: 400, width: 390, height: 444))
        sheet.accessibilityIdentifier = "sheet"
        root.addSubview(sheet)
        let pan = UIPanGestureRecognizer()
        pan.addTarget { g in
            guard g.state == .ended else { return }
            UIView.animate(withDuration: 0.3, delay: 0, options: .curveEaseOut, animations: {
                sheet.center.y = 844 + 222
            }, completion: { finished in
                log.lines.append("\(CACurrentMediaTime()) completion \(finished), center \(AnchorPointTests.text(sheet.center))")
                sheet.isHidden = true
            })
            UIView.animate(withDuration: 0, animations: {}) { _ in log.lines.append("\(CACurrentMediaTime()) at once") }
            log.lines.append("\(CACurrentMediaTime()) after animate: center \(AnchorPointTests.text(sheet.center)), hidden \(sheet.isHidden)")
        }
        sheet.addGestureRecognizer(pan)
        return root
    }

    @Test func aCompletionRunsWhenTheAnimationWouldEnd() throws {
        // A drag of 60 points down, lifted at 0.06 s: the pan ends there and the handler animates
        // the sheet's center to 1066 (off the 844-point screen) over 0.3 s.
        let events: Events = [
            (0, [(1, "began", 195, 500)]), (0.02, [(1, "moved", 195, 530)]), (0.04, [(1, "moved", 195, 560)]),
            (0.06, [(1, "ended", 195, 560)]),
        ]
        let (transcript, log) = try LateRecognizerTests().run(events) { Self.sheet($0) }
        // The handler reads the final center at once and the sheet not yet hidden; the 0-second
        // animation's completion runs after the event's actions, at 0.06; the other at
        // 0.06 + 0.3 = 0.36, where it hides the sheet.
        #expect(log == [
            "0.06 after animate: center (195.0000, 1066.0000), hidden false",
            "0.06 at once",
            "0.36 completion true, center (195.0000, 1066.0000)",
        ], "\(log)")
        #expect(transcript.filter { $0.contains("viewChanged") } == [
            "0.0600 sheet.view viewChanged center=195.0000,1066.0000",
            "0.3600 sheet.view viewChanged isHidden=true",
        ], "\(transcript)")
    }

    /// A panel opened by scrubbing a property animator with a pan: paused at `.began` (which
    /// starts it: its animations run), `fractionComplete` the drag over 300 points, and at the
    /// lift continued — reversed when under half-way.
    static func panel(_ log: Log) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let panel = UIView(frame: CGRect(x: 0, y: 600, width: 390, height: 244))
        panel.accessibilityIdentifier = "panel"
        root.addSubview(panel)
        var animator: UIViewPropertyAnimator?
        let pan = UIPanGestureRecognizer()
        pan.addTarget { g in
            let t = (g as! UIPanGestureRecognizer).translation(in: root)
            switch g.state {
            case .began:
                let made = UIViewPropertyAnimator(duration: 0.5, curve: .easeOut) {
                    panel.transform = CGAffineTransform(translationX: 0, y: -300)
                }
                made.addCompletion { position in
                    log.lines.append("\(CACurrentMediaTime()) completion \(position), ty \(panel.transform.ty)")
                }
                made.pauseAnimation()
                animator = made
                log.lines.append("began: ty \(panel.transform.ty), state \(made.state), running \(made.isRunning)")
            case .changed:
                animator?.fractionComplete = -t.y / 300
            case .ended:
                guard let animator else { return }
                if animator.fractionComplete < 0.5 { animator.isReversed = true }
                animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
                log.lines.append("ended: fraction \(animator.fractionComplete), running \(animator.isRunning)")
            default:
                break
            }
        }
        panel.addGestureRecognizer(pan)
        return root
    }

    @Test func aScrubbedAnimatorReversedUnderHalfWayGoesBackToItsStart() throws {
        // Up 15 points every 20 ms from (195, 700): the pan begins at 0.02 (15 ≥ 10), fraction
        // 30 / 300 = 0.1 at 0.04 and 45 / 300 = 0.15 at 0.06; the lift at 0.08 is where the
        // finger was.
        let events: Events = [
            (0, [(1, "began", 195, 700)]), (0.02, [(1, "moved", 195, 685)]), (0.04, [(1, "moved", 195, 670)]),
            (0.06, [(1, "moved", 195, 655)]), (0.08, [(1, "ended", 195, 655)]),
        ]
        let (transcript, log) = try LateRecognizerTests().run(events) { Self.panel($0) }
        // Pausing the new animator starts it: its animations run at once and the panel reads
        // its final transform (ty −300). Under half-way at the lift (0.15), it is reversed and
        // continued with the time left back to the start, 0.15 × 0.5 = 0.075 s: at 0.155 it
        // finishes at `.start` and the panel's transform is what it was before (identity).
        #expect(log == [
            "began: ty -300.0, state active, running false",
            "ended: fraction 0.15, running true",
            "0.155 completion start, ty 0.0",
        ], "\(log)")
        #expect(transcript.filter { $0.contains("viewChanged") } == [
            "0.0200 panel.view viewChanged transform=1.0000,0.0000,0.0000,1.0000,0.0000,-300.0000",
            "0.1550 panel.view viewChanged transform=1.0000,0.0000,0.0000,1.0000,0.0000,0.0000",
        ], "\(transcript)")
    }

    @Test func aScrubbedAnimatorPastHalfWayFinishesAtItsEnd() throws {
        // Up 60 points every 20 ms: fraction 120 / 300 = 0.4 at 0.04, 0.6 at 0.06; continued at
        // the lift (0.08) with the time left, (1 − 0.6) × 0.5 = 0.2 s: `.end` at 0.28, the
        // panel staying at its final transform (no record then).
        let events: Events = [
            (0, [(1, "began", 195, 780)]), (0.02, [(1, "moved", 195, 720)]), (0.04, [(1, "moved", 195, 660)]),
            (0.06, [(1, "moved", 195, 600)]), (0.08, [(1, "ended", 195, 600)]),
        ]
        let (transcript, log) = try LateRecognizerTests().run(events) { Self.panel($0) }
        #expect(log.count == 3 && log[2] == "0.28 completion end, ty -300.0", "\(log)")
        #expect(transcript.filter { $0.contains("viewChanged") } == [
            "0.0200 panel.view viewChanged transform=1.0000,0.0000,0.0000,1.0000,0.0000,-300.0000",
        ], "\(transcript)")
    }

    @Test func aRunningAnimatorTurnedAroundGoesBackFromWhereItIs() throws {
        // The first tap starts a 0.4-second animator that fades the box out (alpha 0, read at
        // once: a device's model value); the second reads how far it is and turns it around.
        let events: Events = [
            (0, [(1, "began", 50, 50)]), (0.05, [(1, "ended", 50, 50)]),
            (0.1, [(2, "began", 50, 50)]), (0.15, [(2, "ended", 50, 50)]),
        ]
        let (transcript, log) = try LateRecognizerTests().run(events) { log in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            box.accessibilityIdentifier = "box"
            root.addSubview(box)
            var animator: UIViewPropertyAnimator?
            let tap = UITapGestureRecognizer()
            tap.addTarget { _ in
                if let running = animator {
                    log.lines.append("\(CACurrentMediaTime()) fraction \(String(format: "%.4f", Double(running.fractionComplete))), running \(running.isRunning)")
                    running.isReversed = true
                    return
                }
                animator = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.4, delay: 0, animations: {
                    box.alpha = 0
                }, completion: { position in
                    log.lines.append("\(CACurrentMediaTime()) completion \(position), alpha \(box.alpha)")
                })
                log.lines.append("\(CACurrentMediaTime()) started, alpha \(box.alpha)")
            }
            // On the root: the box, at alpha 0, is hit by no touch (as on a device).
            root.addGestureRecognizer(tap)
            return root
        }
        // The first tap's action runs at its lift (0.05): the animator starts then, so at 0.15
        // a quarter of its 0.4 s has passed: fraction 0.25, back in 0.1 s, at 0.25.
        #expect(log == [
            "0.05 started, alpha 0.0",
            "0.15 fraction 0.2500, running true",
            "0.25 completion start, alpha 1.0",
        ], "\(log)")
        #expect(transcript.filter { $0.contains("viewChanged") } == [
            "0.0500 box.view viewChanged alpha=0.0000",
            "0.2500 box.view viewChanged alpha=1.0000",
        ], "\(transcript)")
    }

    /// Outside a replay there is no time to wait for: completions run at once, as before.
    @Test func outsideAReplayAnimatorsFinishAtOnce() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        animator.addCompletion { positions.append($0) }
        animator.isReversed = true
        animator.startAnimation()
        // Reversed from its start: it finishes at once at `.start`, and the view is as it was.
        #expect(positions == [.start] && view.alpha == 1 && animator.state == .inactive)
        var finished = false
        UIView.animate(withDuration: 0.3, animations: { view.alpha = 0.5 }) { finished = $0 }
        #expect(finished && view.alpha == 0.5)
    }
}
