import Testing
@testable import TouchTrace

/// The project's own fixtures, through the same verify code the `verify` command runs.
@Suite struct FixtureTests {
    @Test func everyFixtureMatchesItsExpectedTranscript() throws {
        let fixtures = try Fixture.discover([packageRoot + "/traces"])
        #expect(fixtures.count >= 40)
        let groups = Set(fixtures.map { $0.tracePath.split(separator: "/").dropLast().last! })
        #expect(groups.isSuperset(of: ["knob", "checkmark", "pan", "spots", "range-slider", "counter"]))
        // `never`: a missing expected file is a failure here, never silently written.
        for result in Verifier(mode: .never).verify(fixtures, jobs: 2) {
            #expect(result.outcome == .passed, "\(result.message ?? "")")
        }
    }

    /// Verify names a transcript's sources from the scene, without building a replayer to ask:
    /// that holds only while the scene lists them in the replayer's order. Every scene of the
    /// project's fixtures (recognizers, controls, views inside views), by both versions' rules.
    @Test func theSceneNamesSourcesInTheReplayersOrder() throws {
        let scenes = Set(try Fixture.discover([packageRoot + "/traces"]).map { Scene.besidePath(of: $0.tracePath) })
            .filter { Scene.fileExists($0) }.sorted()
        #expect(scenes.count >= 20)
        var withControls = 0
        for path in scenes {
            for version in [1, 2] {
                guard let scene = try? SceneReader.read(path: path, version: version) else { continue }
                let replayer = Replayer(scene: scene, sink: RecordCollector())
                #expect(scene.sources == replayer.sources, "\(path), version \(version)")
                if scene.views.contains(where: { $0.control != nil }) { withControls += 1 }
            }
        }
        #expect(withControls > 0)
    }
}
