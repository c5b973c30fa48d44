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
}
