import Testing
import TouchTrace
import TouchTraceTesting
import PhotoScreen

/// Every fixture in Fixtures/photo replays through the photo screen (its scene.json is
/// `{"screen": "photo"}`) as its expected file says.
@Test func photoScreenFixtures() throws {
    var registry = Registry.standard
    try registry.register(.photo)
    assertFixtures("Fixtures", registry: registry)
}
