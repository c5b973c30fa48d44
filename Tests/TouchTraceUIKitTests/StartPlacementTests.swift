// A screen whose code turns, moves or hides a view before the first event (in `viewDidLoad`,
// as apps do): on a device the view is hit and located where it is from the first touch on.
// Pinned by the fixtures in Fixtures/turned-card (each trace's description derives its records
// from UIKit's documented geometry).
import Testing
import TouchTrace
@testable import TouchTraceUIKit

/// A card turned by 45° about its center in `viewDidLoad`, with a tap whose handler puts a
/// marker at `location(in: card)` (so the transcript shows where in the card the handler saw the
/// touch) and a pan whose handler drags the card; and a panel hidden in `viewDidLoad`, with a
/// tap of its own.
final class TurnedCardViewController: UIViewController {
    let card = UIView(frame: CGRect(x: 150, y: 150, width: 100, height: 100))
    let panel = UIView(frame: CGRect(x: 0, y: 600, width: 390, height: 244))
    let marker = UIView(frame: CGRect(x: 0, y: 0, width: 2, height: 2))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "screen"
        card.accessibilityIdentifier = "card"
        panel.accessibilityIdentifier = "panel"
        marker.accessibilityIdentifier = "marker"
        view.addSubview(marker)
        view.addSubview(card)
        view.addSubview(panel)
        card.transform = CGAffineTransform(rotationAngle: .pi / 4)
        panel.isHidden = true
        let tap = UITapGestureRecognizer(target: nil, action: nil)
        tap.addTarget(self, action: TurnedCardViewController.mark)
        card.addGestureRecognizer(tap)
        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        pan.addTarget(self, action: TurnedCardViewController.drag)
        card.addGestureRecognizer(pan)
        panel.addGestureRecognizer(UITapGestureRecognizer(target: nil, action: nil))
    }

    func mark(_ g: UIGestureRecognizer) {
        marker.center = g.location(in: card)
    }

    func drag(_ g: UIGestureRecognizer) {
        let pan = g as! UIPanGestureRecognizer
        let t = pan.translation(in: view)
        card.center = CGPoint(x: card.center.x + t.x, y: card.center.y + t.y)
        pan.setTranslation(.zero, in: view)
    }
}

@Suite struct StartPlacementTests {
    func registry() throws -> Registry {
        var registry = Registry.standard
        try registry.register(.uiKit("turned-card") { TurnedCardViewController() })
        return registry
    }

    // Fixtures/turned-card is checked with the other fixtures of Fixtures/ (gestureCodeRegistry).

    /// The scene gives the engine the turned card's place, and the hidden panel's (size zero),
    /// before any event; the other views start at their frames.
    @Test func theSceneCarriesWhereTheViewsStart() throws {
        let scene = try parseScene(#"{"screen": "turned-card"}"#, version: 2, registry: registry())
        let byName = Dictionary(uniqueKeysWithValues: scene.views.map { ($0.name, $0) })
        #expect(byName["screen"]?.startPlacement == nil)
        let card = try #require(byName["card"]?.startPlacement)
        // cos 45° = sin 45° = 0.7071: the card's (0, 0) corner is 70.71 above its center (200, 200).
        #expect(rounded(card.toScreen.a) == 0.7071 && rounded(card.toScreen.b) == 0.7071)
        #expect(rounded(card.toScreen.c) == -0.7071 && rounded(card.toScreen.d) == 0.7071)
        #expect(rounded(card.toScreen.tx) == 200 && rounded(card.toScreen.ty) == 129.2893)
        #expect(card.size == (width: 100, height: 100))
        let panel = try #require(byName["panel"]?.startPlacement)
        #expect(panel.size == (width: 0, height: 0))
    }

    /// Without the turn, a touch in the corner of the card's frame hits the card: the card is
    /// only hit where it is once the screen's code turned it.
    @Test func anUnturnedCardIsHitInTheCornerOfItsFrame() throws {
        var registry = Registry.standard
        try registry.register(.uiKit("plain-card") {
            let controller = TurnedCardViewController()
            controller.loadViewIfNeeded()
            controller.card.transform = .identity
            return controller
        })
        let scene = try parseScene(#"{"screen": "plain-card"}"#, version: 2, registry: registry)
        let trace = try parseTrace(traceJSON([(0, [(1, "began", 155, 155)]), (0.05, [(1, "ended", 155, 155)])], version: 2))
        let names = scene.sources.map { "\($0.view).\($0.name)" }
        let lines = replay(trace, scene).map { "\(names[$0.source]) \($0.event) \($0.name("to") ?? "")" }
        #expect(lines.contains("card.tap state recognized"), "\(lines)")
    }
}
