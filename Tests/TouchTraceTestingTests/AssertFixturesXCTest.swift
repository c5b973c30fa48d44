import Foundation
import TouchTrace
@testable import TouchTraceTesting
import XCTest

/// `assertFixtures` under XCTest: its failures go to `XCTFail`. swift-corelibs-xctest has no
/// `XCTExpectFailure`, so the test case catches its own failures where XCTest records them.
final class AssertFixturesXCTest: XCTestCase {
    /// Failures caught instead of recorded, while `catching` is on: (message, file, line).
    private var caught: [(String, String, Int)] = []
    private var catching = false

    #if os(Linux)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if catching {
            caught.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #else
    override func record(_ issue: XCTIssue) {
        if catching {
            caught.append((issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "",
                           issue.sourceCodeContext.location?.lineNumber ?? 0))
        } else {
            super.record(issue)
        }
    }
    #endif

    /// The failures `body` causes, with XCTFail's `failed - ` taken off their messages.
    private func catchFailures(_ body: () -> Void) -> [(String, String, Int)] {
        caught = []
        catching = true
        body()
        catching = false
        return caught.map { failure in
            var (message, file, line) = failure
            if message.hasPrefix("failed - ") { message.removeFirst("failed - ".count) }
            return (message, file, line)
        }
    }

    func testAPassingFolderAndOneTrace() {
        let failures = catchFailures {
            assertFixtures("traces/checkmark", environment: ["CI": "true"])
            assertFixtures("traces/checkmark/recognized.trace.json", environment: ["CI": "true"])
        }
        XCTAssertEqual(failures.map(\.0), [])
    }

    func testACustomRegistry() throws {
        let registry = try liftRegistry()
        assertFixtures("Fixtures/lift", registry: registry, environment: ["CI": "true"])
        // Without `lift` the scene cannot be read: both fixtures fail.
        let failures = catchFailures { assertFixtures("Fixtures/lift", environment: ["CI": "true"]) }
        XCTAssertEqual(failures.count, 2)
    }

    func testAFailingFixtureGoesToXCTFailWithTheDiff() throws {
        let folder = try checkmarkFolder()
        defer { folder.remove() }
        let trace = folder.path + "/differs.trace.json"
        let expected = folder.path + "/differs.expected.txt"
        let line = #line + 1
        let failures = catchFailures { assertFixtures(trace, environment: [:]) }
        XCTAssertEqual(failures.count, 1)
        guard let (message, file, reportedLine) = failures.first else { return }
        XCTAssertEqual(reportedLine, line)
        XCTAssertEqual(file, #filePath)
        // Names the fixture (its trace's name and its path) and both files, then the lines of
        // `touchtrace diff`, then what to do.
        XCTAssertTrue(message.hasPrefix("checkmark/recognized: the replay of \(trace) differs from \(expected) (2 lines)\n"), message)
        XCTAssertTrue(message.hasPrefix(touchtraceDiff(trace, expected)), message)
        XCTAssertTrue(message.contains("\n-0.1600 pad.checkmark state from=possible to=failed\n+0.1600 pad.checkmark state from=possible to=recognized\n"), message)
        XCTAssertTrue(message.hasSuffix("If the new behaviour is right, record it with: TOUCHTRACE_RECORD=failed swift test (then read \(expected) against the spec before you commit it)"), message)
    }

    func testNeverFailsOnAMissingFileAndMissingRecordsIt() throws {
        let folder = try checkmarkFolder()
        defer { folder.remove() }
        let trace = folder.path + "/missing.trace.json"
        let never = catchFailures { assertFixtures(trace, environment: ["CI": "yes"]) }
        XCTAssertEqual(never.count, 1)
        XCTAssertTrue(never.first?.0.contains("no expected file \(folder.path)/missing.expected.txt for \(trace), and the record mode is never (CI=yes)") ?? false)
        XCTAssertFalse(folder.exists("missing.expected.txt"))
        // TOUCHTRACE_RECORD wins over CI: the file is written, and that is no failure.
        let recorded = catchFailures { assertFixtures(trace, environment: ["CI": "yes", "TOUCHTRACE_RECORD": "missing"]) }
        XCTAssertEqual(recorded.count, 0)
        XCTAssertEqual(folder.read("missing.expected.txt"), folder.read("same.expected.txt"))
    }

    func testABrokenTraceNamesItsProblem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("{\"version\": 1, \"strokes\": [}\n", to: "bad.trace.json")
        try folder.write("# touchtrace transcript v1\n", to: "bad.expected.txt")
        let failures = catchFailures { assertFixtures(folder.path, environment: [:]) }
        XCTAssertEqual(failures.count, 1)
        let message = failures.first?.0 ?? ""
        XCTAssertTrue(message.hasPrefix("\(folder.path)/bad: \(folder.path)/bad.trace.json cannot be replayed"), message)
        XCTAssertTrue(message.contains("\(folder.path)/bad.trace.json:1:"), message)
    }
}
