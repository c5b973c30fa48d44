import Testing
@testable import TouchTrace

/// A corpus of broken logs made by mutating good ones (cut short, lines dropped, doubled,
/// swapped or garbled, bytes changed, words replaced): every one either imports into a trace
/// that reads back, or is refused with a message at `path:line:column` inside the file. None
/// may crash or hang the importer.
@Suite struct MalformedLogTests {
    /// The good logs the mutations start from, one or more per format and layout.
    static func goodLogs() -> [(name: String, format: LogFormat, text: String)] {
        let (kernel, _) = protocolB(randomFingers(seed: 77, gestures: 3, maxX: 1079, maxY: 2339))
        let small = Array(kernel.prefix(60))
        let protocolA = eventLog("""
        0.000 ABS_MT_POSITION_X 100
        0.000 ABS_MT_POSITION_Y 100
        0.000 SYN_MT_REPORT 0
        0.000 ABS_MT_POSITION_X 500
        0.000 ABS_MT_POSITION_Y 500
        0.000 SYN_MT_REPORT 0
        0.000 SYN_REPORT 0
        0.010 ABS_MT_POSITION_X 495
        0.010 ABS_MT_POSITION_Y 505
        0.010 SYN_MT_REPORT 0
        0.010 SYN_REPORT 0
        0.020 SYN_MT_REPORT 0
        0.020 SYN_REPORT 0
        """)
        return [
            ("getevent.log", .getevent, geteventRanges(device: "/dev/input/event2", maxX: 1079, maxY: 2339) + geteventLog(small)),
            ("getevent-numeric.log", .getevent, geteventLog(small, device: nil, labels: false)),
            ("getevent-a.log", .getevent, protocolA),
            ("evemu.evemu", .evemu, evemuLog(small, maxX: 1079, maxY: 2339)),
            ("evemu-old.evemu", .evemu, evemuLog(small, maxX: 1079, maxY: 2339, old: true)),
            ("libinput.yml", .libinput, libinputLog([("/dev/input/event5", 1079, 2339, small)])),
        ]
    }

    /// One mutation of `text`, chosen and placed by `random`.
    static func mutate(_ text: String, _ random: inout SplitMix64) -> String {
        var bytes = Array(text.utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = random.int(0...max(0, lines.count - 2))
        switch random.int(0...12) {
        case 0: // cut anywhere
            bytes = Array(bytes.prefix(random.int(0...bytes.count)))
            return String(decoding: bytes, as: UTF8.self)
        case 1: lines.remove(at: line)
        case 2: lines.insert(lines[line], at: line)
        case 3: lines.swapAt(line, random.int(0...(lines.count - 1)))
        case 4: // a byte changed, printable or not
            if !bytes.isEmpty { bytes[random.int(0...(bytes.count - 1))] = UInt8(random.int(0...255)) }
            return String(decoding: bytes, as: UTF8.self)
        case 5: // a word replaced by a wrong one
            var words = lines[line].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            if !words.isEmpty {
                let wrong = ["ABS_MT_BOGUS", "EV_NOPE", "zz", "-", "ffffffffff", "99999999999999999999", "1e5", "[", "]", ":", "-1", "0x10", "", "#"]
                words[random.int(0...(words.count - 1))] = wrong[random.int(0...(wrong.count - 1))]
                lines[line] = words.joined(separator: " ")
            }
        case 6: lines.insert(["garbage", "\t\t", "- [", "E:", "A: 35", "[ 1.0]", "add device", "  ABS (0003): ABS_MT_POSITION_X : value 0, min x, max 9", "devices:", "    - [0, 0, 0, 2, 0]"][random.int(0...9)], at: line)
        case 7: return lines.joined(separator: "\r\n")
        case 8: // a tracking id lift or SYN_DROPPED dropped in
            lines.insert(lines[line].replacingOccurrences("SYN_REPORT", "SYN_DROPPED").replacingOccurrences("0000 0000 0000", "0000 0003 0000"), at: line)
        case 9: lines = Array(lines.prefix(line))
        case 10: // a huge value
            lines[line] = lines[line].replacingOccurrences("0000021c", "7fffffff").replacingOccurrences("0003 0035", "0003 0035 2147483647 #")
        case 11: // ranges made empty or larger than any screen
            let ranges = ["max 1079" : ["max 2147483647", "min 2000, max 10"], " 0 1079 0 0" : [" 0 2147483647 0 0", " 5000 10 0 0"], "[0, 1079," : ["[0, 2147483647,", "[5000, 10,"]]
            for (from, to) in ranges { lines = lines.map { $0.replacingOccurrences(from, to[random.int(0...1)]) } }
        default: // lines in reverse
            lines.reverse()
        }
        return lines.joined(separator: "\n")
    }

    enum Outcome {
        case imported
        case unreadableTrace(String)
        case refused(TraceError)
    }

    /// Imports a log; what it makes is read back as a trace.
    static func outcome(_ source: SourceFile, format: LogFormat, screen: (width: Double, height: Double)? = nil) -> Outcome {
        let result: ImportedTrace
        do {
            result = try TraceImporter.importLog(source, format: format, options: ImportOptions(screen: screen))
        } catch {
            return .refused(error.first)
        }
        do {
            _ = try Trace.parse(SourceFile(path: "out.trace.json", bytes: result.bytes))
        } catch {
            return .unreadableTrace(error.description)
        }
        return .imported
    }

    @Test func everyMutantImportsOrIsRefusedWithALocation() throws {
        var random = SplitMix64(state: 2026)
        var refused = 0, imported = 0
        for (name, format, good) in Self.goodLogs() {
            #expect(importError(good, format: format) == nil, "\(name) is a good log")
            for k in 0..<30 {
                var text = good
                for _ in 0...random.int(0...2) { text = Self.mutate(text, &random) }
                let path = "\(k)-\(name)"
                // Mapped onto a screen too, which needs (and checks) the ranges.
                if case .unreadableTrace(let problem) = Self.outcome(SourceFile(path: path, bytes: Array(text.utf8)), format: format, screen: (390, 844)) {
                    Issue.record("\(path) with --screen imported into a trace that does not read back: \(problem)")
                }
                switch Self.outcome(SourceFile(path: path, bytes: Array(text.utf8)), format: format) {
                case .imported:
                    imported += 1
                case .unreadableTrace(let problem):
                    Issue.record("\(path) imported into a trace that does not read back: \(problem)")
                case .refused(let e):
                    refused += 1
                    #expect(e.path == path)
                    let lineCount = max(1, text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count)
                    #expect(e.line >= 1 && e.line <= lineCount && e.column >= 1, "\(e)")
                    #expect(!e.message.isEmpty)
                }
            }
        }
        // 6 logs × 30 mutants: at least a hundred broken logs, and both outcomes occur.
        #expect(refused + imported == 180)
        #expect(refused >= 100)
        #expect(imported >= 1)
    }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let r = rest.firstRange(of: target) {
            result += rest[..<r.lowerBound] + replacement
            rest = rest[r.upperBound...]
        }
        return result + rest
    }
}
