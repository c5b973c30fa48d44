import Testing
@testable import TouchTrace

/// `maximumForce`: an optional top-level number above 0, in any version (SPEC 19).
@Suite struct MaximumForceTests {
    static func trace(_ value: String, version: Int = 1) -> String {
        "{\"version\": \(version), \"maximumForce\": \(value),\n\"events\": [{\"t\": 0, \"touches\": [{\"id\": 1, \"phase\": \"began\", \"x\": 1, \"y\": 2, \"force\": 3.3}]}]}\n"
    }

    @Test func isReadInEveryVersion() throws {
        #expect(try parseTrace(Self.trace("6.666667")).header.maximumForce == 6.666667)
        #expect(try parseTrace(Self.trace("1", version: 2)).header.maximumForce == 1)
        #expect(try parseTrace("{\"version\": 1, \"events\": []}").header.maximumForce == nil)
        // A known key: no warning, and none under --strict.
        #expect(problems(Self.trace("2"), options: TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true)).isEmpty)
    }

    @Test func anythingButAPositiveNumberIsAnError() {
        // The value starts at column 32: `{"version": 1, "maximumForce": ` is 31 characters.
        #expect(problems(Self.trace("0")) == ["test.trace.json:1:32: \"maximumForce\" must be a number above 0 and at most 10000000, found 0"])
        #expect(problems(Self.trace("-1")) == ["test.trace.json:1:32: \"maximumForce\" must be a number above 0 and at most 10000000, found -1"])
        #expect(problems(Self.trace("1e9")) == ["test.trace.json:1:32: \"maximumForce\" must be a number above 0 and at most 10000000, found 1000000000"])
        #expect(problems(Self.trace("\"6\"")) == ["test.trace.json:1:32: \"maximumForce\" must be a positive number (the force of the hardest press the screen measures), found a string"])
    }
}
