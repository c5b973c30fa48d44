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

/// Records kept in code of one's own: the failure reason of the dwell fixture `moves-away`,
/// read from a `RecordCollector` after a replay made inside a `TextScope` of this test's own
/// (everything the replay makes is let go with it: see docs/own-gesture-code.md, section 7).
@Test func aFailureReasonReadFromCollectedRecords() throws {
    let path = URLPath.beside(#filePath, "Fixtures/dwell/moves-away.trace.json")
    let collector = RecordCollector()
    try TextScope().run {
        let trace = try Trace.read(path: path)
        let scene = try Scene.resolve(for: trace, registry: try registry())
        Replayer.replay(trace, scene: scene, into: collector)
    }
    let reasons = collector.records.flatMap { record in
        record.fields.compactMap { field -> String? in
            if field.key == "reason", case .text(let text) = field.value { return text.string }
            return nil
        }
    }
    // As the fixture's expected file says: the touch moved 6 points, more than the dwell allows.
    #expect(reasons == ["moved 6 points"])
}

/// Paths next to this file, without Foundation.
enum URLPath {
    static func beside(_ file: String, _ relative: String) -> String {
        let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return folder + "/" + relative
    }
}
