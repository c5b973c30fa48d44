import Foundation
import Testing

/// Output is the same bytes in every process, even where a recognizer's code follows
/// `touches.first` of a `Set<UITouch>`: the test binary runs `DeterminismChild` in child
/// processes with different hash seeds — with `SWIFT_DETERMINISTIC_HASHING=1` and twice
/// without it (a random seed per process) — and compares what they wrote. A `Set<Int>`'s order
/// is written beside, and must differ between the runs: it shows the seeds did differ, so the
/// same output is owed to `UITouch`'s hashing.
@Suite struct DeterminismTests {
    @Test func sameBytesWhateverTheHashSeed() throws {
        #if os(Linux)
        let binary = "/proc/self/exe"
        #else
        let binary = CommandLine.arguments[0]
        #endif
        guard FileManager.default.isExecutableFile(atPath: binary), !CommandLine.arguments[0].hasSuffix("/xctest") else {
            print("DeterminismTests: this test binary cannot be run as a child here (\(CommandLine.arguments[0])); skipped")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchtrace-determinism-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var outputs: [(text: String, control: String)] = []
        for (k, deterministic) in [true, false, false].enumerated() {
            let path = directory.appendingPathComponent("run\(k).txt").path
            var environment = ProcessInfo.processInfo.environment
            environment["TOUCHTRACE_UIKIT_DETERMINISM_OUTPUT"] = path
            environment["SWIFT_DETERMINISTIC_HASHING"] = deterministic ? "1" : nil
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["--testing-library", "swift-testing", "--filter", "DeterminismChild"]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "child run \(k) failed")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let control = lines.last { $0.hasPrefix("control ") }.map(String.init) ?? ""
            outputs.append((text.replacingOccurrences(of: control + "\n", with: ""), control))
        }
        // The child really replayed: a header, state records, and the sets it got.
        #expect(outputs[0].text.contains("follower state"))
        #expect(outputs[0].text.contains("moved "))
        #expect(outputs[1].text == outputs[0].text)
        #expect(outputs[2].text == outputs[0].text)
        // The seeds differed (the chance that a 64-element set keeps its first 16 in the same
        // order under another seed is nil).
        #expect(outputs[0].control != outputs[1].control || outputs[1].control != outputs[2].control)
        #expect(outputs[1].control != outputs[2].control)
    }
}
