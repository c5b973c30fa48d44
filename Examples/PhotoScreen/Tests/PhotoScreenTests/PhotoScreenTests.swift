import Testing
import TouchTrace
import TouchTraceTesting
import PhotoScreen

/// Every fixture in Fixtures/photo replays through the photo screen (its scene.json is
/// `{"screen": "photo"}`), and every one in Fixtures/stickers through the sticker board
/// (`{"screen": "stickers"}`), as its expected file says.
@Test func photoScreenFixtures() throws {
    var registry = Registry.standard
    try registry.register(.photo)
    try registry.register(.stickers)
    assertFixtures("Fixtures", registry: registry)
}
