import Testing
import TouchTrace
import TouchTraceTesting
import EdgePan

/// The standard types, `edgePan` and `dwell`.
func registry() throws -> Registry {
    var registry = Registry.standard
    try registry.register(.edgePan)
    try registry.register(.dwell)
    return registry
}

/// Every fixture in Fixtures/ replays as its expected file says (written on the first run; read
/// them before committing them). `TOUCHTRACE_RECORD=failed swift test` accepts a change.
@Test func edgePanFixtures() throws {
    assertFixtures("Fixtures", registry: try registry())
}

@Test func aNameIsRegisteredOnce() throws {
    var registry = try registry()
    #expect(throws: RegistryError.self) { try registry.register(.edgePan) }
}
