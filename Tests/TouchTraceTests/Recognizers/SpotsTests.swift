import Testing
@testable import TouchTrace

extension SpotsTests {
    /// Spots of different ages moved in one event, listed so that the ages alternate: each
    /// record's diameter is the growth curve's at its own spot's age, whatever the spot before
    /// it asked. Touches 1 and 3 touch down at 0, touch 2 at 0.05; at 0.1 (listed 1, 2, 3) their
    /// ages are 0.1, 0.05 and 0.1 s; at 0.15, 0.15, 0.1 and 0.15 s.
    @Test func eachSpotHasTheDiameterOfItsOwnAge() throws {
        let scene = singleViewScene(recognizers: [("spots", SpotsRecognizer())])
        let r = try records(traceJSON([
            (0, [(1, "began", 10, 10), (3, "began", 30, 30)]),
            (0.05, [(1, "moved", 11, 10), (2, "began", 20, 20), (3, "moved", 31, 30)]),
            (0.1, [(1, "moved", 12, 10), (2, "moved", 21, 20), (3, "moved", 32, 30)]),
            (0.15, [(1, "moved", 13, 10), (2, "moved", 22, 20), (3, "moved", 33, 30)]),
        ]), scene: scene)
        let added: [Int64: Double] = [1: 0, 2: 0.05, 3: 0]
        var checked = 0
        // (The touches still down when the trace ends are cancelled after it: their
        // `spotRemoved` records are left out here.)
        for record in r where record.t >= 0.1 && record.event.description == "spotMoved" {
            guard case .touch(let id)? = record["touch"], case .number(let diameter)? = record["diameter"] else { continue }
            let age = record.t - added[id]!
            #expect(diameter == SpotsRecognizer.diameter(age: age), "touch \(id) at \(record.t)")
            checked += 1
        }
        #expect(checked == 6)
        // The two ages at 0.1 differ, and so do their diameters (the curve is increasing).
        #expect(SpotsRecognizer.diameter(age: 0.1) > SpotsRecognizer.diameter(age: 0.05))
    }
}
