import Testing
@testable import TouchTrace
import TouchTraceUIKit

/// A view controller as real code writes one: its handlers are methods named by selectors.
class PanController: @unchecked Sendable {
    let log: CallLog
    init(_ log: CallLog) { self.log = log }
    func handlePan(_ sender: UIPanGestureRecognizer) { log.lines.append("handlePan \(sender.state)") }
    func handleAnything(_ sender: UIGestureRecognizer) { log.lines.append("handleAnything \(sender.state)") }
}

/// A subclass of it: registrations made for the superclass reach it.
final class SpecialPanController: PanController, @unchecked Sendable {}

/// A target that answers its selectors itself.
final class AnsweringTarget: UIGestureActionTarget, @unchecked Sendable {
    let log: CallLog
    init(_ log: CallLog) { self.log = log }
    func performGestureAction(_ action: Selector, sender: UIGestureRecognizer) -> Bool {
        guard action == "answer:" else { return false }
        log.lines.append("answer \(sender.state)")
        return true
    }
}

/// A recognizer subclass written as for UIKit: it overrides the designated initializer.
final class OverridingInit: UIGestureRecognizer {
    var made = false
    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        made = true
    }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        state = .recognized
    }
}

@Suite struct TargetActionTests {
    init() {
        UIGestureRecognizer.registerAction("handlePan:", for: PanController.self) { controller, recognizer in
            controller.handlePan(recognizer as! UIPanGestureRecognizer)
        }
        UIGestureRecognizer.registerAction(Selector("handleAnything:"), for: PanController.self) { controller, recognizer in
            controller.handleAnything(recognizer)
        }
    }

    @Test func selectorsAreNamesThatHash() {
        let a: Selector = "handlePan:"
        #expect(a == Selector("handlePan:") && a != Selector("handlePan"))
        #expect(Set([a, Selector("handlePan:"), "other"]).count == 2)
        #expect(a.description == "handlePan:")
    }

    @Test func registeredActionsRunInTheOrderAdded() throws {
        let log = CallLog()
        let controller = SpecialPanController(log)
        let scene = oneViewScene([("pan", UIKitRecognizer {
            let pan = UIPanGestureRecognizer(target: controller, action: "handlePan:")
            pan.addTarget { r in log.lines.append("closure \(r.state)") }
            pan.addTarget(controller, action: Selector("handleAnything:"))
            // The same pair again is not added twice, as in UIKit.
            pan.addTarget(controller, action: "handlePan:")
            return pan
        })])
        _ = replay(try parseTrace(oneFinger), scene)
        // The pan begins at the first move (10 points: its hysteresis), changes at the next
        // two, ends at the lift.
        #expect(log.lines == [
            "handlePan began", "closure began", "handleAnything began",
            "handlePan changed", "closure changed", "handleAnything changed",
            "handlePan changed", "closure changed", "handleAnything changed",
            "handlePan ended", "closure ended", "handleAnything ended",
        ])
    }

    @Test func removeTargetAsUIKit() throws {
        let log = CallLog()
        let controller = PanController(log)
        let other = PanController(CallLog())
        let answering = AnsweringTarget(log)
        let scene = oneViewScene([("r", UIKitRecognizer {
            let r = OverridingInit(target: controller, action: "handlePan:")
            #expect(r.made)
            r.addTarget(controller, action: "handleAnything:")
            r.addTarget(other, action: "handleAnything:")
            r.addTarget(answering, action: "answer:")
            r.addTarget { _ in log.lines.append("closure") }
            // A nil target removes the action from every target; a nil action every action of
            // the target.
            r.removeTarget(nil, action: "handlePan:")
            r.removeTarget(other, action: nil)
            return r
        })])
        _ = replay(try parseTrace(oneFinger), scene)
        #expect(log.lines == ["handleAnything ended", "answer ended", "closure"])

        let none = OverridingInit()
        none.addTarget(controller, action: "handleAnything:")
        none.addTarget { _ in }
        none.removeTarget(nil, action: nil)
        let emptyLog = CallLog()
        let scene2 = oneViewScene([("r", UIKitRecognizer {
            let r = OverridingInit(target: PanController(emptyLog), action: "handleAnything:")
            r.removeTarget(nil, action: nil)
            r.addTarget { _ in emptyLog.lines.append("only this") }
            return r
        })])
        _ = replay(try parseTrace(oneFinger), scene2)
        #expect(emptyLog.lines == ["only this"])
    }

    @Test func aTargetThatIsGoneIsNotCalled() throws {
        let log = CallLog()
        let scene = oneViewScene([("r", UIKitRecognizer {
            let r = OverridingInit(target: PanController(log), action: "handleAnything:")
            return r
        })])
        _ = replay(try parseTrace(oneFinger), scene)
        #expect(log.lines.isEmpty)
    }

    @Test func anUnregisteredSelectorStopsTheProgramNamingIt() async {
        await #expect(processExitsWith: .failure) {
            final class Lost: Sendable { let keep = 0 }
            let lost = Lost()
            let scene = oneViewScene([("r", UIKitRecognizer { OverridingInit(target: lost, action: "neverRegistered:") })])
            _ = replay(try! parseTrace(oneFinger), scene)
        }
    }
}
