// Objective-C associated objects, as gesture code uses them to keep a closure on a view: the
// values are per object and key, nil removes, assign keeps nothing alive, and an object's values
// go with it. Each expectation is Apple's documented behaviour (objc_setAssociatedObject), or
// touchtrace's documented choice where Apple's is a dangling reference.
import Foundation
import Testing
import TouchTrace
@testable import TouchTraceUIKit

// The keys, as apps declare them: in the Swift 5 language mode `private var key: UInt8 = 0`;
// the Swift 6 mode asks for the global to be marked, as here. The address is what counts.
nonisolated(unsafe) private var tapActionKey: UInt8 = 0
nonisolated(unsafe) private var firstKey: UInt8 = 0
nonisolated(unsafe) private var secondKey: UInt8 = 0
// A struct of keys (a `String` key works too, with the compiler's warning that it is the
// variable's address, not its text, that is passed; the Swift compiler for Apple's SDK warns alike).
private struct Keys {
    nonisolated(unsafe) static var name: UInt8 = 0
}

/// A closure tap, as apps write the extension: the closure kept on the view under a key, the
/// recognizer's action fetching it and calling it.
extension UIView {
    typealias ClosureTapAction = (UITapGestureRecognizer) -> Void

    func addClosureTap(action: @escaping ClosureTapAction) {
        objc_setAssociatedObject(self, &tapActionKey, action, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        isUserInteractionEnabled = true
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: "handleClosureTap:"))
    }

    func handleClosureTap(_ sender: UITapGestureRecognizer) {
        (objc_getAssociatedObject(self, &tapActionKey) as? ClosureTapAction)?(sender)
    }
}

@Suite struct AssociatedObjectTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }
    final class Marker {}
    final class Plain {}

    /// A screen with one box that taps through the extension.
    final class TapBoxViewController: UIViewController {
        let log: Log
        init(log: Log) { self.log = log; super.init() }
        override func viewDidLoad() {
            super.viewDidLoad()
            let box = UIView(frame: CGRect(x: 50, y: 100, width: 100, height: 100))
            box.accessibilityIdentifier = "box"
            view.addSubview(box)
            box.addClosureTap { [log] recognizer in
                let point = recognizer.location(in: recognizer.view)
                log.lines.append("tap \(recognizer.state) at \(point.x), \(point.y)")
            }
        }
    }

    /// A tap on the box (down and up at (80, 130) on the screen, (30, 30) in the box) recognizes
    /// at the lift, and its action runs the closure the view keeps; a tap beside the box
    /// (300, 500) reaches no recognizer.
    @Test func aClosureTapRunsTheStoredClosure() throws {
        UIGestureRecognizer.registerAction("handleClosureTap:", for: UIView.self) { view, recognizer in
            view.handleClosureTap(recognizer as! UITapGestureRecognizer)
        }
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("tap-box") { TapBoxViewController(log: log) })
        let scene = try parseScene(#"{"screen": "tap-box"}"#, version: 2, registry: registry)
        _ = try transcriptText(traceJSON([
            (0, [(1, "began", 80, 130)]), (0.05, [(1, "ended", 80, 130)]),
            (1, [(2, "began", 300, 500)]), (1.05, [(2, "ended", 300, 500)]),
        ], version: 2), scene)
        #expect(log.lines == ["tap ended at 30.0, 30.0"], "\(log.lines)")
    }

    @Test func twoKeysOnOneObjectKeepTwoValues() {
        let view = UIView()
        objc_setAssociatedObject(view, &firstKey, "one", .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        objc_setAssociatedObject(view, &secondKey, 2, .OBJC_ASSOCIATION_RETAIN)
        #expect(objc_getAssociatedObject(view, &firstKey) as? String == "one")
        #expect(objc_getAssociatedObject(view, &secondKey) as? Int == 2)
        #expect(objc_getAssociatedObject(view, &tapActionKey) == nil)
        // A static stored variable of a struct of keys, as apps write `&Keys.name`.
        objc_setAssociatedObject(view, &Keys.name, "named", .OBJC_ASSOCIATION_COPY_NONATOMIC)
        #expect(objc_getAssociatedObject(view, &Keys.name) as? String == "named")
        #expect(objc_getAssociatedObject(view, &firstKey) as? String == "one")
    }

    /// One key on a view, a recognizer, a layer and a plain class instance: each has its own.
    @Test func oneKeyOnSeveralObjectsKeepsOneValueEach() {
        let a = UIView(), b = UIView(), pan = UIPanGestureRecognizer(), layer = CALayer(), plain = Plain()
        let objects: [AnyObject] = [a, b, pan, layer, plain]
        for (i, object) in objects.enumerated() {
            objc_setAssociatedObject(object, &firstKey, i, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
        #expect(objects.map { objc_getAssociatedObject($0, &firstKey) as? Int } == [0, 1, 2, 3, 4])
        #expect(objc_getAssociatedObject(UIView(), &firstKey) == nil)
    }

    @Test func settingNilRemovesAndSettingAgainReplaces() {
        for object in [UIView(), Plain()] as [AnyObject] {
            objc_setAssociatedObject(object, &firstKey, "first", .OBJC_ASSOCIATION_RETAIN)
            objc_setAssociatedObject(object, &firstKey, "second", .OBJC_ASSOCIATION_RETAIN)
            #expect(objc_getAssociatedObject(object, &firstKey) as? String == "second")
            objc_setAssociatedObject(object, &firstKey, nil, .OBJC_ASSOCIATION_RETAIN)
            #expect(objc_getAssociatedObject(object, &firstKey) == nil)
            objc_setAssociatedObject(object, &firstKey, "a", .OBJC_ASSOCIATION_RETAIN)
            objc_setAssociatedObject(object, &secondKey, "b", .OBJC_ASSOCIATION_RETAIN)
            objc_removeAssociatedObjects(object)
            #expect(objc_getAssociatedObject(object, &firstKey) == nil && objc_getAssociatedObject(object, &secondKey) == nil)
        }
    }

    /// Setting a value again lets the one before go.
    @Test func aReplacedValueIsReleased() {
        let view = UIView()
        weak var released: Marker?
        do {
            let marker = Marker()
            released = marker
            objc_setAssociatedObject(view, &firstKey, marker, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
        #expect(released != nil)
        objc_setAssociatedObject(view, &firstKey, Marker(), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(released == nil)
    }

    /// Assign holds the value without keeping it: while someone else keeps it, a get gives it;
    /// once it is freed, a get is nil (Apple's would be a dangling reference). A closure assigned
    /// is kept by nothing at all (on a device its box is freed at once).
    @Test func assignDoesNotKeepTheValueAlive() {
        let view = UIView()
        weak var released: Marker?
        do {
            let marker = Marker()
            released = marker
            objc_setAssociatedObject(view, &firstKey, marker, .OBJC_ASSOCIATION_ASSIGN)
            #expect(objc_getAssociatedObject(view, &firstKey) as? Marker === marker)
        }
        #expect(released == nil)
        #expect(objc_getAssociatedObject(view, &firstKey) == nil)
        let closure: () -> Void = {}
        objc_setAssociatedObject(view, &secondKey, closure, .OBJC_ASSOCIATION_ASSIGN)
        #expect(objc_getAssociatedObject(view, &secondKey) == nil)
    }

    /// Copy copies an `NSCopying` value: changing the original later does not change what is
    /// kept.
    @Test func copyKeepsACopy() {
        let view = UIView()
        let text = NSMutableString(string: "tap")
        objc_setAssociatedObject(view, &firstKey, text, .OBJC_ASSOCIATION_COPY)
        text.append("ped")
        #expect((objc_getAssociatedObject(view, &firstKey) as? NSString).map { String(describing: $0) } == "tap")
    }

    /// The values of a view, recognizer or layer are released when it is freed; those of another
    /// class instance at the next association call on the thread after it is freed.
    @Test func aFreedObjectFreesItsValues() {
        let makers: [() -> AnyObject] = [{ UIView() }, { UIViewController() }, { UITapGestureRecognizer() }, { CALayer() }]
        for make in makers {
            weak var released: Marker?
            do {
                let object = make()
                let marker = Marker()
                released = marker
                objc_setAssociatedObject(object, &firstKey, marker, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            }
            #expect(released == nil, "\(make())")
        }
        weak var released: Marker?
        do {
            let plain = Plain()
            let marker = Marker()
            released = marker
            objc_setAssociatedObject(plain, &firstKey, marker, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
        #expect(released != nil)
        _ = objc_getAssociatedObject(Plain(), &firstKey)
        #expect(released == nil)
    }

    /// A value let go by a set may associate values in its `deinit` (it is let go outside the
    /// lock): the view then holds the note it left.
    @Test func aReleasedValueMayAssociateValues() {
        final class Leaver {
            let view: UIView
            init(_ view: UIView) { self.view = view }
            deinit { objc_setAssociatedObject(view, &secondKey, "left", .OBJC_ASSOCIATION_RETAIN) }
        }
        let view = UIView()
        objc_setAssociatedObject(view, &firstKey, Leaver(view), .OBJC_ASSOCIATION_RETAIN)
        objc_setAssociatedObject(view, &firstKey, nil, .OBJC_ASSOCIATION_RETAIN)
        #expect(objc_getAssociatedObject(view, &secondKey) as? String == "left")
    }

    /// The values of an object outside UIKit's classes are the thread's that set them: another
    /// thread finds none, and this one still finds its own.
    @Test func anotherObjectsValuesAreTheThreads() {
        final class Shared: @unchecked Sendable {
            let plain = Plain()
            var ran = false
            var seen: Any?
        }
        let shared = Shared()
        objc_setAssociatedObject(shared.plain, &firstKey, "here", .OBJC_ASSOCIATION_RETAIN)
        let done = DispatchSemaphore(value: 0)
        Thread {
            shared.seen = objc_getAssociatedObject(shared.plain, &firstKey)
            shared.ran = true
            done.signal()
        }.start()
        done.wait()
        #expect(shared.ran && shared.seen == nil)
        #expect(objc_getAssociatedObject(shared.plain, &firstKey) as? String == "here")
    }

    /// A value that is not a class instance carries no association (on a device it is boxed in
    /// a new object at each call).
    @Test func aValueTypeKeepsNothing() {
        var point = CGPoint(x: 1, y: 2)
        objc_setAssociatedObject(point, &firstKey, "x", .OBJC_ASSOCIATION_RETAIN)
        #expect(objc_getAssociatedObject(point, &firstKey) == nil)
        point.x = 3
    }

    /// Threads that set and read values of one view at once, each under its own key, find
    /// their own last value: 4 threads, 500 values each, the last 499.
    @Test func threadsShareAViewsValuesSafely() {
        final class Shared: @unchecked Sendable { let view = UIView() }
        let shared = Shared()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for i in 0..<500 {
                switch thread {
                case 0: objc_setAssociatedObject(shared.view, &tapActionKey, i, .OBJC_ASSOCIATION_RETAIN)
                case 1: objc_setAssociatedObject(shared.view, &firstKey, i, .OBJC_ASSOCIATION_RETAIN)
                case 2: objc_setAssociatedObject(shared.view, &secondKey, i, .OBJC_ASSOCIATION_RETAIN)
                default: objc_setAssociatedObject(shared.view, &Keys.name, i, .OBJC_ASSOCIATION_RETAIN)
                }
            }
        }
        let values = [objc_getAssociatedObject(shared.view, &tapActionKey), objc_getAssociatedObject(shared.view, &firstKey),
                      objc_getAssociatedObject(shared.view, &secondKey), objc_getAssociatedObject(shared.view, &Keys.name)]
        #expect(values.map { $0 as? Int } == [499, 499, 499, 499])
    }
}
