import Foundation
import Testing
@testable import TouchTrace

/// `import` of a log file read in windows of whole lines (as the command reads every file, so
/// that a log of any size takes the memory of a window or two): windows of a few bytes give
/// the bytes, warnings and errors (at the same `path:line:column`) of the whole file in memory,
/// for good logs and for the broken ones of `MalformedLogTests`.
@Suite struct WindowedImportTests {
    /// Records the pieces an import writes.
    struct Pieces: ImportOutput {
        var pieces: [[UInt8]] = []
        mutating func write(_ bytes: [UInt8]) { pieces.append(bytes) }
    }

    enum Result: Equatable {
        case imported(bytes: [UInt8], warnings: [TraceError])
        case refused(TraceError)
    }

    static func whole(_ text: String, path: String, format: LogFormat, screen: (width: Double, height: Double)?) -> Result {
        do {
            let imported = try TraceImporter.importLog(SourceFile(path: path, bytes: Array(text.utf8)), format: format, options: ImportOptions(screen: screen))
            return .imported(bytes: imported.bytes, warnings: imported.warnings)
        } catch {
            return .refused(error.first)
        }
    }

    static func windowed(path: String, format: LogFormat, screen: (width: Double, height: Double)?, windowSize: Int) -> Result {
        var output = Pieces()
        do {
            let report = try TraceImporter.importLog(path: path, format: format, options: ImportOptions(screen: screen), to: &output, windowSize: windowSize)
            return .imported(bytes: Array(output.pieces.joined()), warnings: report.warnings)
        } catch {
            return .refused(error.first)
        }
    }

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "touchtrace-windowed-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func windowsOfAnySizeGiveWhatTheWholeFileGives() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var random = SplitMix64(state: 19)
        var compared = 0, refused = 0
        for (name, format, good) in MalformedLogTests.goodLogs() {
            for k in 0..<6 {
                var text = good
                if k > 0 { for _ in 0...random.int(0...2) { text = MalformedLogTests.mutate(text, &random) } }
                // With a UTF-8 byte order mark now and then: offsets count from the byte after it.
                let bytes = (k % 3 == 2 ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
                let path = dir + "/\(k)-\(name)"
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                for screen in [nil, (width: 390.0, height: 844.0)] {
                    let expected = Self.whole(String(decoding: bytes, as: UTF8.self), path: path, format: format, screen: screen)
                    if case .refused = expected { refused += 1 }
                    for windowSize in [23, 1 << 20] {
                        let got = Self.windowed(path: path, format: format, screen: screen, windowSize: windowSize)
                        #expect(got == expected, "\(path), windows of \(windowSize) bytes, screen \(String(describing: screen))")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == 6 * 6 * 2 * 2)
        #expect(refused > 10)
    }

    @Test func theTraceIsWrittenAsTheLogIsRead() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Thousands of frames: a trace of most of a megabyte, given to the output in pieces of
        // about 64 KB, never whole.
        let (kernel, _) = protocolB(randomFingers(seed: 5, gestures: 400, maxX: 1079, maxY: 2339))
        let path = dir + "/long.log"
        try Data((geteventRanges(device: "/dev/input/event2", maxX: 1079, maxY: 2339) + geteventLog(kernel)).utf8).write(to: URL(fileURLWithPath: path))
        var output = Pieces()
        _ = try TraceImporter.importLog(path: path, format: .getevent, to: &output, windowSize: 1 << 16)
        let total = output.pieces.reduce(0) { $0 + $1.count }
        #expect(total > 1 << 19)
        #expect(output.pieces.count > 8)
        #expect(output.pieces.allSatisfy { $0.count < 1 << 17 })
        let whole = try TraceImporter.importLog(SourceFile.read(path: path), format: .getevent)
        #expect(Array(output.pieces.joined()) == whole.bytes)
    }
}
