import Testing
@testable import TouchTrace

/// Views that gesture code moves (SPEC 17): hit testing and touch locations where the view now
/// is, and `viewChanged` records under the view's own source.
@Suite struct MovingViewTests {
    /// Writes `touch` with each touch's location in its view; at its first lift moves its view
    /// by (200, 0) and scales it by 2 about its origin, writing `viewChanged`.
    struct Mover: Recognizer {
        var state: RecognizerState = .possible
        var moved = false
        var movesViews: Bool { true }
        mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) { write(touches, &context) }
        mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) { write(touches, &context) }
        mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
            write(touches, &context)
            guard !moved else { return }
            moved = true
            let v = context.recognizerView
            let frame = context.sceneViews[v].screenFrame
            context.placeView(v, size: (frame.width, frame.height),
                              toScreen: Affine(a: 2, b: 0, c: 0, d: 2, tx: frame.x + 200, ty: frame.y))
            context.emitViewChanged(v, FieldList(Field("transform", .point(Point(x: 2, y: 2)))))
        }
        mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {}
        mutating func reset() { state = .possible }
        func write(_ touches: TouchSet, _ context: inout DeliveryContext) {
            for touch in touches { context.emit("touch", FieldList(Field("at", .point(touch.location)))) }
        }
    }

    @Test func aMovedViewIsHitAndLocatedWhereItNowIs() throws {
        for version in [1, 2] {
            let views = [view("back", [0, 0, 600, 600], [rec("probe", Mover())]), view("card", [50, 50, 100, 100], [rec("mover", Mover())])]
            let scene = version == 1 ? Scene(views: views, origin: "test", version: 1) : scene2(views)
            #expect(scene.sources.map { "\($0.view).\($0.name)" } == ["back.probe", "card.mover", "back.view", "card.view"])
            let collector = RecordCollector()
            // Touch 1 on the card at (60, 60): (10, 10) in it. After its lift the card covers
            // x 250…450, y 50…250 (origin (250, 50), scale 2). Touch 2 at (60, 60) now hits the
            // background; touch 3 at (350, 150) hits the card at ((350 − 250)/2, (150 − 50)/2) = (50, 50).
            let trace = try parseTrace(traceJSON([
                (0, [(1, "began", 60, 60)]), (0.1, [(1, "ended", 60, 60)]),
                (0.2, [(2, "began", 60, 60)]), (0.3, [(2, "ended", 60, 60)]),
                (0.4, [(3, "began", 350, 150)]), (0.5, [(3, "ended", 350, 150)]),
            ], version: version))
            Replayer.replay(trace, scene: scene, into: collector)
            let sources = scene.sources
            let lines = collector.records.map { r -> String in
                var text = "\(fixed4(r.t)) \(sources[r.source].view).\(sources[r.source].name) \(r.event)"
                if case .point(let p)? = r.fields.first?.value { text += " \(p.x),\(p.y)" }
                return text
            }
            #expect(lines == [
                "0.0000 card.mover touch 10.0,10.0", "0.1000 card.mover touch 10.0,10.0", "0.1000 card.view viewChanged 2.0,2.0",
                "0.2000 back.probe touch 60.0,60.0", "0.3000 back.probe touch 60.0,60.0",
                // The background's own mover moved the background at 0.3 (by 200, scaled 2), but
                // the card is in front: touch 3 hits the card.
                "0.3000 back.view viewChanged 2.0,2.0",
                "0.4000 card.mover touch 50.0,50.0", "0.5000 card.mover touch 50.0,50.0",
            ], "version \(version): \(lines)")
        }
    }

    @Test func aSceneWhoseViewsCannotMoveHasNoViewSources() {
        let scene = scene2([view("pad", [0, 0, 100, 100], [rec("pan", PanRecognizer())])])
        #expect(!scene.viewsMove && scene.sources.count == 1)
    }
}
