// UIKit surface that real gesture files use around their touches: layers found in a list by
// identity and put below or above others, a layer subclass with Core Animation's initializers,
// a view's mask view, one view replaced by another, a slider's thumb images, and notifications
// sent to a selector, Core Animation's Swift 4 names, and a text view's text system. Each
// expected value is derived in its test.
import Foundation
import Testing
@testable import TouchTraceUIKit

/// A layer subclass written as code writes one for Core Animation: it copies its own value in
/// `init(layer:)` and writes the required archive initializer.
private final class TaggedLayer: CALayer {
    var tag = 0
    override init() { super.init() }
    override init(layer: Any) {
        super.init(layer: layer)
        tag = (layer as? TaggedLayer)?.tag ?? 0
    }
    required init?(coder: NSCoder) { nil }
}

/// A view that counts the notifications its selector gets, by name.
private final class MenuView: UIView {
    var names: [String] = []
    func hideMenu(_ notification: Notification) { names.append(notification.name.rawValue) }
}

/// The selector `MenuView` is observed with, registered once for the process.
private let menuSelectorRegistered: Bool = {
    NSObject.registerPerform("layersTests.hideMenu:", for: MenuView.self) { view, argument in
        if let notification = argument as? Notification { view.hideMenu(notification) }
    }
    return true
}()

@Suite("Layers, transitions and notifications")
struct LayersTransitionsAndNotificationsTests {
    @Test("a layer equals only itself, so a list of layers can be asked for one")
    func layerIdentity() {
        // Two layers with the same values are two layers: NSObject's == is identity.
        let a = CALayer(), b = CALayer()
        #expect(a == a)
        #expect(a != b)
        #expect([a].contains(a))
        #expect(![a].contains(b))
        #expect(Set([a, a, b]).count == 2)
    }

    @Test("insertSublayer below and above puts the layer next to its sibling")
    func insertBelowAndAbove() {
        let parent = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
        parent.addSublayer(a)
        parent.addSublayer(b)
        // [a, b]: c just behind b is at b's index 1; d just in front of a is at a's index + 1.
        parent.insertSublayer(c, below: b)
        #expect(parent.sublayers?.map(ObjectIdentifier.init) == [a, c, b].map(ObjectIdentifier.init))
        parent.insertSublayer(d, above: a)
        #expect(parent.sublayers?.map(ObjectIdentifier.init) == [a, d, c, b].map(ObjectIdentifier.init))
        // A sibling that is not a sublayer: below goes to the back, above to the front.
        let other = CALayer(), back = CALayer(), front = CALayer()
        parent.insertSublayer(back, below: other)
        parent.insertSublayer(front, above: nil)
        #expect(parent.sublayers?.first === back)
        #expect(parent.sublayers?.last === front)
        // A layer inserted elsewhere leaves its old superlayer.
        let elsewhere = CALayer()
        elsewhere.insertSublayer(c, below: nil)
        #expect(parent.sublayers?.contains(c) == false)
        #expect(c.superlayer === elsewhere)
    }

    @Test("a layer subclass overrides init(layer:) and writes init?(coder:)")
    func layerInitializers() {
        let original = TaggedLayer()
        original.tag = 7
        original.cornerRadius = 5
        let copy = TaggedLayer(layer: original)
        // The subclass copies its own tag; CALayer's init(layer:) copies nothing, so the
        // corner radius is the default 0.
        #expect(copy.tag == 7)
        #expect(copy.cornerRadius == 0)
        #expect(CALayer(layer: original).cornerRadius == 0)
    }

    @Test("a mask view is kept and changes neither hit testing nor the view's subviews")
    func maskView() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.mask == nil)
        // A mask covering the right half only: the left half still hit-tests to the view, as
        // on a device (a mask only changes what is drawn).
        let mask = UIView(frame: CGRect(x: 50, y: 0, width: 50, height: 100))
        view.mask = mask
        #expect(view.mask === mask)
        #expect(view.subviews.isEmpty)
        #expect(view.hitTest(CGPoint(x: 10, y: 50), with: nil) === view)
        view.mask = nil
        #expect(view.mask == nil)
    }

    @Test("transition(from:to:) swaps the views in the superview, or hides and shows them")
    func transitionFromTo() {
        let container = UIView(), a = UIView(), from = UIView(), b = UIView(), to = UIView()
        [a, from, b].forEach(container.addSubview)
        var finished: Bool?
        // Without .showHideTransitionViews: `to` takes `from`'s place (just above it, then
        // `from` leaves), so the order is a, to, b.
        UIView.transition(from: from, to: to, duration: 0.5, options: [.transitionFlipFromRight]) { finished = $0 }
        #expect(finished == true)
        #expect(from.superview == nil)
        #expect(container.subviews.map(ObjectIdentifier.init) == [a, to, b].map(ObjectIdentifier.init))

        // With .showHideTransitionViews both stay; `from` is hidden, `to` shown.
        let front = UIView(), back = UIView()
        back.isHidden = true
        container.addSubview(front)
        container.addSubview(back)
        UIView.transition(from: front, to: back, duration: 0.5, options: [.transitionFlipFromLeft, .showHideTransitionViews])
        #expect(front.isHidden && !back.isHidden)
        #expect(front.superview === container && back.superview === container)
    }

    @Test("a slider keeps its thumb images by state; the thumb's rect does not change")
    func sliderThumbImages() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        let before = slider.thumbRect(forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: 0)
        let knob = UIImage()
        slider.setThumbImage(knob, for: .normal)
        #expect(slider.thumbImage(for: .normal) === knob)
        #expect(slider.thumbImage(for: .highlighted) == nil)
        // Not highlighted: the present state's image is none, so the normal one is current.
        #expect(slider.currentThumbImage === knob)
        let after = slider.thumbRect(forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: 0)
        #expect(after == before)
        slider.setThumbImage(nil, for: .normal)
        #expect(slider.thumbImage(for: .normal) == nil)
    }

    @Test("a selector observer gets the notifications of its name until it is removed")
    func selectorObserver() {
        #expect(menuSelectorRegistered)
        let center = NotificationCenter()
        let show = Notification.Name("layersTests.showSettings"), other = Notification.Name("layersTests.other")
        let view = MenuView()
        center.addObserver(view, selector: "layersTests.hideMenu:", name: show, object: nil)
        center.post(name: show, object: nil)
        center.post(name: other, object: nil)
        center.post(name: show, object: nil)
        // Two posts of the observed name, none of the other.
        #expect(view.names == [show.rawValue, show.rawValue])

        // Removing the observer for another name keeps this one; removing it ends it.
        center.removeObserver(view, name: other, object: nil)
        center.post(name: show, object: nil)
        #expect(view.names.count == 3)
        center.removeObserver(view)
        center.post(name: show, object: nil)
        #expect(view.names.count == 3)
    }

    @Test("a freed selector observer is not called")
    func freedSelectorObserver() {
        #expect(menuSelectorRegistered)
        let center = NotificationCenter()
        let name = Notification.Name("layersTests.freed")
        weak var released: MenuView?
        do {
            let view = MenuView()
            released = view
            center.addObserver(view, selector: "layersTests.hideMenu:", name: name, object: nil)
        }
        #expect(released == nil)
        // Nothing to call: the post neither calls nor stops the program.
        center.post(name: name, object: nil)
    }

    @Test("Core Animation's Swift 4 names are the curves and fill modes of today's")
    func swiftFourNames() {
        #expect(kCAMediaTimingFunctionEaseInEaseOut == .easeInEaseOut)
        #expect(kCAMediaTimingFunctionDefault == .default)
        #expect(kCAMediaTimingFunctionLinear == .linear)
        #expect(kCAFillModeForwards == .forwards)
        #expect(kCAFillModeRemoved == .removed)
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.fillMode = kCAFillModeForwards
        animation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseIn)
        #expect(animation.fillMode == .forwards)
        #expect(animation.timingFunction?.name == .easeIn)
    }

    @Test("a text view's layout manager finds the character under a tap, insets taken off")
    func textViewCharacterIndex() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        textView.text = "hello world"
        // Defaults: insets 8 at top and bottom, 0 at the sides; the 12-point font advances 6
        // points a character on touchtrace's grid, lines are 14.4 high; the container is
        // 200 wide with 5 points of padding, so a line holds floor((200 - 10) / 6) = 31.
        #expect(textView.textContainerInset == UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
        #expect(textView.textContainer.size.width == 200)
        #expect(textView.textContainer.lineFragmentPadding == 5)
        // A tap at (30, 10) in the view is (30, 2) in the container: column floor((30 - 5) / 6)
        // = 4 of line 0, the "o" of "hello".
        let inContainer = CGPoint(x: 30 - textView.textContainerInset.left, y: 10 - textView.textContainerInset.top)
        #expect(textView.layoutManager.characterIndex(for: inContainer, in: textView.textContainer, fractionOfDistanceBetweenInsertionPoints: nil) == 4)

        // A longer text wraps: (18, 15.4) in the container is line 1, column 2: 31 + 2 = 33.
        textView.text = String(repeating: "abcdefghij", count: 4)
        #expect(textView.textStorage.string == textView.text)
        #expect(textView.layoutManager.characterIndex(for: CGPoint(x: 18, y: 15.4), in: textView.textContainer) == 33)

        // Wider insets narrow the container: 200 - 20 - 20 = 160.
        textView.textContainerInset = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
        #expect(textView.textContainer.size.width == 160)
    }

    @Test("a text view's attributed text sets its text and its font lays the text out")
    func textViewAttributedText() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        textView.attributedText = NSAttributedString(string: "tap here", attributes: [.font: UIFont.systemFont(ofSize: 20)])
        #expect(textView.text == "tap here")
        // A 20-point font advances 10 points: (5 + 10 * 4 + 1, 1) is column 4, the "h".
        #expect(textView.layoutManager.characterIndex(for: CGPoint(x: 46, y: 1), in: textView.textContainer) == 4)
        // Setting plain text drops the attributes: the 12-point font again, so the same point
        // is column floor(41 / 6) = 6.
        textView.text = "tap there"
        #expect(textView.attributedText.string == "tap there")
        #expect(textView.layoutManager.characterIndex(for: CGPoint(x: 46, y: 1), in: textView.textContainer) == 6)
    }

    @Test("a selector observer hears only what is posted on its own thread, as a replay's code")
    func selectorObserverThread() {
        #expect(menuSelectorRegistered)
        let center = NotificationCenter()
        let name = Notification.Name("layersTests.otherThread")
        let view = MenuView()
        center.addObserver(view, selector: "layersTests.hideMenu:", name: name, object: nil)
        // Posted on another thread (another replay's): not heard.
        let posted = DispatchSemaphore(value: 0)
        let other = Thread {
            center.post(name: name, object: nil)
            posted.signal()
        }
        other.start()
        posted.wait()
        #expect(view.names.isEmpty)
        // Posted on this thread: heard once.
        center.post(name: name, object: nil)
        #expect(view.names == [name.rawValue])
    }
}
