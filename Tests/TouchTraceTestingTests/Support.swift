import Foundation
import Testing
@testable import TouchTraceTesting
import TouchTraceCLI
import TouchTrace

/// A recognizer of the tests' own, on the native API: it recognizes when its one finger lifts
/// and fails when a second finger comes down. Registered as `lift`, which the standard registry
/// does not know.
struct Lift: Recognizer {
    var state: RecognizerState = .possible
    private var fingers = 0

    mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        fingers += touches.count
        if fingers > 1 { fail(because: "a second finger came down", &context) }
    }

    mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {}

    mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard state == .possible else { return }
        change(to: .recognized, with: FieldList(Field("fingers", .integer(fingers))), actionValue: 0, &context)
    }

    mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard state == .possible else { return }
        fail(because: "its touch was cancelled", &context)
    }

    mutating func reset() {
        state = .possible
        fingers = 0
    }
}

/// `Registry.standard` and `lift`.
func liftRegistry() throws -> Registry {
    var registry = Registry.standard
    try registry.register(RecognizerType(name: "lift", summary: "recognizes when its one finger lifts") { _ in Lift() })
    return registry
}

/// The package's folder (this file is Tests/TouchTraceTestingTests/Support.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// A new empty folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "touchtrace-testing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Copies a file of the package (a path relative to its root) into the folder, under `name`.
    func copy(_ packagePath: String, as name: String) throws {
        try FileManager.default.copyItem(atPath: packageRoot + "/" + packagePath, toPath: path + "/" + name)
    }

    func write(_ text: String, to name: String) throws {
        try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
    }

    func read(_ name: String) -> String? {
        try? String(contentsOfFile: path + "/" + name, encoding: .utf8)
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + name) }
}

/// A folder with the checkmark scene and three fixtures: `same` (its expected file is the
/// replay), `differs` (its expected file says `failed` where the replay says `recognized`) and
/// `missing` (no expected file).
func checkmarkFolder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.copy("traces/checkmark/scene.json", as: "scene.json")
    for name in ["same", "differs", "missing"] {
        try folder.copy("traces/checkmark/recognized.trace.json", as: "\(name).trace.json")
    }
    let expected = try String(contentsOfFile: packageRoot + "/traces/checkmark/recognized.expected.txt", encoding: .utf8)
    try folder.write(expected, to: "same.expected.txt")
    try folder.write(wrongCheckmark(expected), to: "differs.expected.txt")
    return folder
}

/// The checkmark transcript with its last state change turned from `recognized` to `failed`.
func wrongCheckmark(_ expected: String) -> String {
    expected.replacingOccurrences(of: "from=possible to=recognized", with: "from=possible to=failed")
}

/// What `touchtrace diff TRACE EXPECTED` prints.
func touchtraceDiff(_ trace: String, _ expected: String) -> String {
    let out = MemoryOutput()
    let console = Console(out: out, err: MemoryOutput())
    _ = CommandLineTool.run(["touchtrace", "diff", trace, expected], console: console)
    return out.text
}

/// What `assertFixtures` reported while `body` ran, taken from it instead of recorded: a test
/// of its failures checks them, and the run does not count them as known issues.
func capturedReports(_ body: () -> Void) -> [(message: String, isFailure: Bool, location: SourceLocation)] {
    final class Box: @unchecked Sendable {
        // Written only by the reports of `body`, which runs on this thread.
        var reports: [(message: String, isFailure: Bool, location: SourceLocation)] = []
    }
    let box = Box()
    FixtureReports.$receiver.withValue({ message, isFailure, location in box.reports.append((message, isFailure, location)) }) {
        body()
    }
    return box.reports
}
