import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// The surface real gesture files of a wider corpus use: interactions added to views, a
/// keyboard's controller, a collection view's controller, a button that toggles its selection,
/// a window's `sendEvent`, and the small Core Graphics and Dispatch names around them.
@Suite struct InteractionsAndTextInputTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// The lines a screen's code logged while `events` replayed on the screen `make` builds.
    func logged(_ events: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])],
                _ make: @escaping @Sendable (Log) -> UIView) throws -> [String] {
        let log = Log()
        var registry = Registry.standard
        try registry.register(.uiKit("screen") { make(log) })
        let scene = try parseScene(#"{"screen": "screen"}"#, version: 2, registry: registry)
        _ = replay(try parseTrace(traceJSON(events, version: 2)), scene)
        return log.lines
    }

    /// A tap at (150, 125) on a button at (100, 100, 100, 50), inside it.
    static let tapInside: [(t: Double, touches: [(id: Int, phase: String, x: Double, y: Double)])] =
        [(0, [(1, "began", 150, 125)]), (0.1, [(1, "ended", 150, 125)])]

    /// A button on a root view whose touchUpInside action logs `isSelected`; its pointer style
    /// provider logs if it is ever called.
    static func selectionScreen(_ log: Log, changesSelection: Bool) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        button.changesSelectionAsPrimaryAction = changesSelection
        button.pointerStyleProvider = { _, effect, _ in
            log.lines.append("pointer style asked")
            return UIPointerStyle(effect: effect)
        }
        button.addTarget(for: .touchUpInside) { c in log.lines.append("up selected=\(c.isSelected)") }
        root.addSubview(button)
        return root
    }

    /// Two taps inside: with `changesSelectionAsPrimaryAction` the first lift makes the button
    /// selected before its action runs, the second unselects it; without it the selection stays
    /// false. The pointer style provider is never asked (no pointer in a trace).
    @Test func aButtonThatChangesSelectionTogglesItBeforeItsActions() throws {
        let twoTaps = Self.tapInside + [(0.5, [(2, "began", 150, 125)]), (0.6, [(2, "ended", 150, 125)])]
        #expect(try logged(twoTaps) { Self.selectionScreen($0, changesSelection: true) }
            == ["up selected=true", "up selected=false"])
        #expect(try logged(twoTaps) { Self.selectionScreen($0, changesSelection: false) }
            == ["up selected=false", "up selected=false"])
    }

    /// Down inside, lifted at (300, 125): x = 200 in the button, 100 pt past its width 100, so
    /// beyond the 70 pt a tracked touch keeps counting as inside (UIControl): no touchUpInside,
    /// and the selection does not change.
    @Test func aLiftOutsideLeavesTheSelection() throws {
        let log = Log()
        var registry = Registry.standard
        let button = UIButtonBox()
        try registry.register(.uiKit("screen") {
            let root = Self.selectionScreen(log, changesSelection: true)
            button.button = root.subviews.first as? UIButton
            return root
        })
        let scene = try parseScene(#"{"screen": "screen"}"#, version: 2, registry: registry)
        _ = replay(try parseTrace(traceJSON([(0, [(1, "began", 150, 125)]), (0.1, [(1, "ended", 300, 125)])], version: 2)), scene)
        #expect(log.lines.isEmpty)
        #expect(button.button?.isSelected == false)
    }

    final class UIButtonBox: @unchecked Sendable { var button: UIButton? }

    /// A window whose `sendEvent` logs, with a view that logs its touches: each event goes
    /// through the window's `sendEvent`, whose `super` gives the view its touches.
    @Test func aWindowsSendEventComesBeforeItsViewsTouches() throws {
        final class LoggingWindow: UIWindow {
            var log: Log?
            override func sendEvent(_ event: UIEvent) {
                log?.lines.append("sendEvent")
                super.sendEvent(event)
            }
        }
        final class TouchedView: UIView {
            var log: Log?
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log?.lines.append("began") }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log?.lines.append("ended") }
        }
        let lines = try logged(Self.tapInside) { log in
            let window = LoggingWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.log = log
            let view = TouchedView(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
            view.log = log
            window.addSubview(view)
            return window
        }
        #expect(lines == ["sendEvent", "began", "sendEvent", "ended"])
    }

    /// An interaction added to a view is in its `interactions` and knows its view, hearing
    /// `willMove` then `didMove`; added to another view it leaves the first; removed, it is in
    /// none. Adding it twice to one view keeps one.
    @Test func interactionsMoveBetweenViews() {
        final class Watched: InteractionBase {
            var heard: [String] = []
            override func willMove(to view: UIView?) { heard.append("will \(view?.tag ?? -1)") }
            override func didMove(to view: UIView?) {
                super.didMove(to: view)
                heard.append("did \(view?.tag ?? -1)")
            }
        }
        let a = UIView(frame: .zero), b = UIView(frame: .zero)
        a.tag = 1
        b.tag = 2
        let interaction = Watched()
        a.addInteraction(interaction)
        a.addInteraction(interaction)
        #expect(a.interactions.count == 1 && interaction.view === a)
        b.addInteraction(interaction)
        #expect(a.interactions.isEmpty && b.interactions.count == 1 && interaction.view === b)
        b.removeInteraction(interaction)
        #expect(b.interactions.isEmpty && interaction.view == nil)
        #expect(interaction.heard == ["will 1", "did 1", "will -1", "did -1", "will 2", "did 2", "will -1", "did -1"])
    }

    /// A drag interaction keeps its delegate (weakly) and is never asked for items; a drag item
    /// keeps its provider and the provider its object.
    @Test func dragAndDropAreKept() {
        final class Source: UIDragInteractionDelegate {
            var asked = 0
            func dragInteraction(_ interaction: UIDragInteraction, itemsForBeginning session: UIDragSession) -> [UIDragItem] {
                asked += 1
                return []
            }
        }
        let source = Source()
        let drag = UIDragInteraction(delegate: source)
        let label = UILabel(frame: .zero)
        label.addInteraction(drag)
        #expect(drag.delegate === source && drag.view === label && source.asked == 0)
        let item = UIDragItem(itemProvider: NSItemProvider(object: "text" as NSString))
        item.localObject = 7
        #expect((item.itemProvider.object as? NSString) == "text" && item.localObject as? Int == 7)
        #expect(UIDropProposal(operation: .copy).operation == .copy)
    }

    /// A keyboard's document keeps what is typed at the insertion point: "ac", back one, "b" →
    /// "abc" with the point after "ab"; deleting there gives "ac"; the point cannot leave the text.
    @Test func aKeyboardsDocumentKeepsWhatItsKeysType() {
        let controller = UIInputViewController()
        let proxy = controller.textDocumentProxy
        #expect(!proxy.hasText && proxy.documentContextBeforeInput == nil)
        proxy.insertText("ac")
        proxy.adjustTextPosition(byCharacterOffset: -1)
        proxy.insertText("b")
        #expect(proxy.documentContextBeforeInput == "ab" && proxy.documentContextAfterInput == "c")
        proxy.deleteBackward()
        #expect((proxy as? KeptTextDocument)?.text == "ac")
        proxy.adjustTextPosition(byCharacterOffset: 10)
        #expect(proxy.documentContextAfterInput == nil && proxy.documentContextBeforeInput == "ac")
        proxy.adjustTextPosition(byCharacterOffset: -10)
        proxy.deleteBackward()
        #expect((proxy as? KeptTextDocument)?.text == "ac" && proxy.documentContextBeforeInput == nil)
        controller.advanceToNextInputMode()
        #expect(controller.textDocumentProxy === proxy)
    }

    /// A collection view controller's view is a collection view of the default size whose data
    /// source and delegate are the controller; it has no items; a dequeued cell is a plain cell;
    /// a flow delegate that gives no size gives the layout's item size.
    @Test func aCollectionViewControllerOwnsItsCollectionView() {
        final class Flow: UICollectionViewController, UICollectionViewDelegateFlowLayout {}
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 30, height: 40)
        let controller = Flow(collectionViewLayout: layout)
        let collectionView: UICollectionView = controller.collectionView
        #expect(collectionView.bounds.size == UIViewController.defaultViewSize)
        #expect(collectionView.dataSource === controller && collectionView.delegate === controller)
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: IndexPath(item: 0, section: 0))
        #expect(type(of: cell) == UICollectionViewCell.self && cell.frame == .zero)
        #expect(collectionView.numberOfItems(inSection: 0) == 0 && controller.numberOfSections(in: collectionView) == 1)
        #expect(controller.collectionView(collectionView, layout: layout, sizeForItemAt: IndexPath(item: 0, section: 0)) == CGSize(width: 30, height: 40))
        #expect(controller.installsStandardGestureForInteractiveMovement)
    }

    /// `UIVisualEffectView()` is a view of an empty frame with no effect and its content view; one
    /// of a frame has a content view of its size.
    @Test func aVisualEffectViewMadeWithoutAnEffect() {
        let plain = UIVisualEffectView()
        #expect(plain.effect == nil && plain.frame == .zero && plain.contentView.superview === plain)
        let framed = UIVisualEffectView(frame: CGRect(x: 5, y: 5, width: 80, height: 60))
        #expect(framed.contentView.frame == CGRect(x: 0, y: 0, width: 80, height: 60))
    }

    /// Priorities add and subtract (`.defaultLow + 1` is 251, `.required - 1` is 999); the
    /// Dispatch constants are Apple's; an image is its own `cgImage`, and one made from it has its
    /// size; a view's snapshot answers complete.
    @Test func smallNamesOfCoreGraphicsDispatchAndLayout() {
        #expect((UILayoutPriority.defaultLow + 1).rawValue == 251)
        #expect((UILayoutPriority.required - 1).rawValue == 999)
        #expect(NSEC_PER_SEC == 1_000_000_000 && NSEC_PER_MSEC == 1_000_000 && NSEC_PER_USEC == 1_000 && USEC_PER_SEC == 1_000_000)
        UIGraphicsBeginImageContext(CGSize(width: 12, height: 7))
        let image = UIGraphicsGetImageFromCurrentImageContext()!
        UIGraphicsEndImageContext()
        #expect(image.cgImage === image)
        #expect(UIImage(cgImage: image).size == CGSize(width: 12, height: 7))
        #expect(UIView(frame: .zero).drawHierarchy(in: .zero, afterScreenUpdates: false))
    }

    /// A label's `attributedText` follows its `text` until set; set, it gives `text` its string;
    /// setting `text` again makes it plain.
    @Test func aLabelsAttributedTextFollowsItsText() {
        let label = UILabel(frame: .zero)
        #expect(label.attributedText == nil)
        label.text = "a"
        #expect(label.attributedText?.string == "a")
        label.attributedText = NSAttributedString(string: "x", attributes: [.font: UIFont.systemFont(ofSize: 10)])
        #expect(label.text == "x" && label.attributedText?.attribute(.font, at: 0, effectiveRange: nil) is UIFont)
        label.text = "y"
        #expect(label.attributedText?.string == "y" && label.attributedText?.attribute(.font, at: 0, effectiveRange: nil) == nil)
    }

    /// The grid: 17-point text (no font given) advances 8.5 points a character; a container 200
    /// wide with no padding holds 200 / 8.5 → 23 a line, so "Hello world" (11) is one line: x = 30
    /// is in cell 30 / 8.5 → 3; x = 500 is past the line's end, its last character 10.
    /// 10-point text advances 5 and lines are 12 high; 110 wide less 5 padding each side leaves 100,
    /// 20 a line, so 30 characters take 2 lines: (21, 13) is line 13 / 12 → 1, cell (21 − 5) / 5
    /// → 3, character 23; limited to 1 line it is on line 0, character 3; the used rect is
    /// (5, 0, 20 × 5, 2 × 12).
    @Test func theLayoutManagerFindsTheCharacterOnItsGrid() {
        // The storages are kept here: a manager holds its text weakly, as UIKit's.
        var storages: [NSTextStorage] = []
        func manager(_ text: NSAttributedString, _ container: NSTextContainer) -> NSLayoutManager {
            let storage = NSTextStorage(attributedString: text)
            storages.append(storage)
            let manager = NSLayoutManager()
            storage.addLayoutManager(manager)
            manager.addTextContainer(container)
            #expect(manager.textStorage === storage && storage.layoutManagers.count == 1)
            return manager
        }
        let plain = NSTextContainer(size: CGSize(width: 200, height: 40))
        plain.lineFragmentPadding = 0
        let hello = manager(NSAttributedString(string: "Hello world"), plain)
        #expect(hello.characterIndex(for: CGPoint(x: 30, y: 10), in: plain, fractionOfDistanceBetweenInsertionPoints: nil) == 3)
        #expect(hello.characterIndex(for: CGPoint(x: 500, y: 10), in: plain) == 10)
        #expect(hello.characterIndexForGlyph(at: hello.glyphIndex(for: CGPoint(x: 30, y: 10), in: plain)) == 3)

        let small = NSAttributedString(string: "abcdefghijklmnopqrstuvwxyz0123", attributes: [.font: UIFont.systemFont(ofSize: 10)])
        let wide = NSTextContainer(size: CGSize(width: 110, height: 0))
        let two = manager(small, wide)
        #expect(two.characterIndex(for: CGPoint(x: 21, y: 13), in: wide) == 23)
        #expect(two.usedRect(for: wide) == CGRect(x: 5, y: 0, width: 100, height: 24))
        wide.maximumNumberOfLines = 1
        #expect(two.characterIndex(for: CGPoint(x: 21, y: 13), in: wide) == 3)
        #expect(manager(NSAttributedString(string: ""), wide).characterIndex(for: .zero, in: wide) == 0)
    }
}
