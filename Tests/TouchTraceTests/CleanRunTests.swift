import Foundation
import Testing

/// `swift test` ends clean, so that a newcomer does not read a healthy run as a broken one: no
/// compiler warning from the tests' own code (a float literal that underflows warns), and no
/// known issue (the tests of `assertFixtures`' failures take them through
/// `FixtureReports.receiver` and check them).
@Suite struct CleanRunTests {
    static var tests: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The code (without comments and strings) of every Swift file under Tests/.
    static func testCode() throws -> [(name: String, code: String)] {
        let files = FileManager.default.enumerator(atPath: tests.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        return try files.map { ($0, ArchitectureTests.code(try String(contentsOf: tests.appendingPathComponent($0), encoding: .utf8))) }
    }

    @Test func noFloatLiteralUnderflows() throws {
        // Literals below Double's least magnitude (about 4.94e-324) warn that they underflow;
        // `.leastNonzeroMagnitude` says the same without a warning.
        let regex = try NSRegularExpression(pattern: #"\b\d+(\.\d+)?[eE]-(\d+)\b"#)
        for (name, code) in try Self.testCode() {
            for match in regex.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                let literal = String(code[Range(match.range, in: code)!])
                let value = Double(literal) ?? 0
                #expect(value == 0 || value.isNormal,
                        "\(name): \(literal) underflows")
            }
        }
    }

    @Test func noKnownIssues() throws {
        for (name, code) in try Self.testCode() {
            #expect(!code.contains("withKnownIssue"), "\(name) leaves a known issue in the run's summary")
        }
    }
}
