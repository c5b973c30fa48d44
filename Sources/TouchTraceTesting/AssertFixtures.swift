import TouchTrace
import Testing
import XCTest

/// Verifies a folder of fixtures (or one trace) from a test: each `NAME.trace.json` under
/// `path` is replayed through its scene and compared with `NAME.expected.txt` beside it, as
/// `touchtrace verify` does. Works in an XCTest test method and in a Swift Testing `@Test`.
///
/// ```swift
/// @Test func zigzagFixtures() throws {
///     var registry = Registry.standard
///     try registry.register(RecognizerType(name: "zigzag", summary: "three strokes") { _ in Zigzag() })
///     assertFixtures("Fixtures", registry: registry)
/// }
/// ```
///
/// **Where the path is found.** An absolute path is used as it is. A relative path is tried
/// against the current directory first, then against the folder of the calling test file and
/// every folder above it up to the package root (the first folder with a `Package.swift`):
/// `"Fixtures"` finds `Tests/MyTests/Fixtures` beside the test file. (Tell SwiftPM not to
/// treat the folder as resources: `exclude: ["Fixtures"]` in the test target.)
///
/// **Record modes** (SPEC 7): `missing` writes expected files that do not exist, `all` rewrites
/// those that would change, `failed` rewrites those that differ, `never` writes nothing and
/// fails on a missing file. The environment variable `TOUCHTRACE_RECORD` sets the mode and wins;
/// else `record`; else `never` when `CI` is set (to anything but empty, `0` or `false`); else
/// `missing`. A written file is reported as a note that does not fail the test (a warning
/// under Swift Testing, a printed line under XCTest): read it against the spec before you
/// commit it.
///
/// **Failures.** Each failing fixture is one failure naming the fixture, its trace and its
/// expected file; a difference shows the lines `touchtrace diff TRACE EXPECTED` prints and how
/// to record the new behaviour (`TOUCHTRACE_RECORD=failed swift test`). A path that is not
/// there, a folder without fixtures or an unknown `TOUCHTRACE_RECORD` is a failure too.
///
/// Under Swift Testing (`Test.current` is set) failures are `Issue.record`ed, so
/// `withKnownIssue` sees them; otherwise they go to `XCTFail`.
///
/// - Parameters:
///   - path: a folder of fixtures or one `.trace.json` file.
///   - registry: the recognizer and control types the fixtures' scenes may name
///     (`Registry.standard` plus the test's own).
///   - record: the record mode when `TOUCHTRACE_RECORD` does not set one.
///   - tolerance: the largest difference between two numbers that still counts as equal
///     (default: one unit in the last printed decimal).
///   - environment: the environment variables to read (`TOUCHTRACE_RECORD`, `CI`); nil, the
///     default, reads the process's.
///   - fileID, filePath, line, column: where the failure is reported (the caller, by default);
///     `filePath` is also where a relative `path` is looked for.
public func assertFixtures(_ path: String, registry: Registry = .standard, record: RecordMode? = nil,
                           tolerance: Double = TranscriptComparison.defaultTolerance,
                           environment: [String: String]? = nil,
                           fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                           line: UInt = #line, column: UInt = #column) {
    let verification = verifyFixtures(path, registry: registry, record: record, tolerance: tolerance,
                                      environment: environment, filePath: "\(filePath)")
    let place = FixtureReportPlace(fileID: "\(fileID)", filePath: filePath, line: line, column: column)
    for note in verification.notes { report(note, isFailure: false, at: place) }
    for failure in verification.failures { report(failure, isFailure: true, at: place) }
}

/// Where an assertion's messages point: the caller's file and line.
struct FixtureReportPlace {
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt

    var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
}

/// Where the reports of `assertFixtures` go instead of the test framework while a test of
/// this module's own reporting sets it (`FixtureReports.$receiver.withValue`): that test then
/// checks the failures it provokes, rather than have them counted as known issues of the run.
enum FixtureReports {
    /// Takes each message, whether it is a failure (else a note), and where it points.
    @TaskLocal static var receiver: (@Sendable (_ message: String, _ isFailure: Bool, _ location: SourceLocation) -> Void)?
}

/// Reports through the framework that runs the current test: Swift Testing when it has a
/// current test, else XCTest (or to `FixtureReports.receiver` when one is set).
func report(_ message: String, isFailure: Bool, at place: FixtureReportPlace) {
    if let receiver = FixtureReports.receiver {
        receiver(message, isFailure, place.sourceLocation)
        return
    }
    // Each framework ignores the other's reports on Linux: an XCTFail in a Swift Testing test, or
    // an Issue.record in an XCTest test, is lost and the test passes.
    if Test.current != nil {
        Issue.record(Comment(rawValue: message), severity: isFailure ? .error : .warning, sourceLocation: place.sourceLocation)
    } else if isFailure {
        XCTFail(message, file: place.filePath, line: place.line)
    } else {
        print("\(place.filePath):\(place.line): note: \(message)")
    }
}
