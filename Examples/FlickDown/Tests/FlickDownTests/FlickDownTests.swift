import XCTest
import TouchTrace
import TouchTraceTesting
import FlickDown

final class FlickDownTests: XCTestCase {
    /// Every fixture in Fixtures/ replays as its expected file says; a flick down beside a pan
    /// that requires it to fail (Fixtures/flick-down/scene.json) shows the arena deciding.
    func testFixtures() throws {
        var registry = Registry.standard
        try registry.register(.flickDown)
        assertFixtures("Fixtures", registry: registry)
    }
}
