import Foundation
import Testing
@testable import TouchTrace

/// Reading a large (mapped) trace keeps only a window of it in memory, on every pass and on both
/// threads of the first, and the released bytes read back the same when touched again.
@Suite struct FlatMemoryTests {
    /// A trace of about `bytes` bytes: one-finger strokes of 22 events, one after another, with
    /// an optional bad event (a negative `t` jump) just before the end.
    static func largeTrace(bytes: Int, badNearEnd: Bool = false, unknownKeyEvery: Int = 0) -> [UInt8] {
        var out = Array("{\"version\": 1, \"name\": \"large\", \"events\": [\n".utf8)
        var t = 0
        var id = 1
        var first = true
        while out.count < bytes {
            for k in 0..<22 {
                let phase = k == 0 ? "began" : (k == 21 ? "ended" : "moved")
                if !first { out.append(contentsOf: Array(",\n".utf8)) }
                first = false
                t += 8
                if unknownKeyEvery > 0 && (t / 8) % unknownKeyEvery == 0 {
                    out.append(contentsOf: Array("{\"z\": \"é\", ".utf8))
                    out.append(contentsOf: Array("\"t\": \(t / 1000).\(String(1000 + t % 1000).dropFirst()), \"touches\": [{\"id\": \(id), \"phase\": \"\(phase)\", \"x\": \(10 + k).5, \"y\": \(id % 800).25}]}".utf8))
                    continue
                }
                out.append(contentsOf: Array("{\"t\": \(t / 1000).\(String(1000 + t % 1000).dropFirst()), \"touches\": [{\"id\": \(id), \"phase\": \"\(phase)\", \"x\": \(10 + k).5, \"y\": \(id % 800).25}]}".utf8))
            }
            id += 1
        }
        if badNearEnd {
            // Time going backwards, 200 bytes before the end: a problem the reader finds last.
            out.append(contentsOf: Array(",\n{\"t\": 0.5, \"touches\": [{\"id\": \(id), \"phase\": \"began\", \"x\": 1, \"y\": 1}]}".utf8))
        }
        out.append(contentsOf: Array("\n]}\n".utf8))
        return out
    }

    /// Writes `bytes` to a new file in the temporary folder; its path.
    static func write(_ bytes: [UInt8], name: String) throws -> String {
        let path = NSTemporaryDirectory() + "touchtrace-flat-memory-\(getpid())-\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Bytes of the file at `path` that this process holds in memory through its mappings of
    /// it (the sum of their `Rss` in /proc/self/smaps), or nil where there is no such file.
    static func residentBytes(ofMappingsOf path: String) -> Int? {
        // Read with POSIX calls to the end: the file reports a size of 0.
        guard let file = try? SourceFile.read(path: "/proc/self/smaps") else { return nil }
        let text = String(decoding: file.bytes, as: UTF8.self)
        var total = 0
        var inMapping = false
        for line in text.split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-"), !line.hasPrefix("Rss:") {
                inMapping = line.hasSuffix(" " + path)
            } else if inMapping, line.hasPrefix("Rss:") {
                total += (Int(line.split(separator: " ")[1]) ?? 0) * 1024
            }
        }
        return total
    }

    /// Bytes this process holds in memory through mappings of files whose path contains
    /// `part` (a deleted file's mapping is listed with its old path and " (deleted)").
    static func residentBytes(ofMappingsContaining part: String) -> Int? {
        guard let file = try? SourceFile.read(path: "/proc/self/smaps") else { return nil }
        let text = String(decoding: file.bytes, as: UTF8.self)
        var total = 0
        var inMapping = false
        for line in text.split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-"), !line.hasPrefix("Rss:") {
                inMapping = line.contains(part)
            } else if inMapping, line.hasPrefix("Rss:") {
                total += (Int(line.split(separator: " ")[1]) ?? 0) * 1024
            }
        }
        return total
    }

    /// A pipe whose read end is returned and whose write end a thread fills with `bytes`,
    /// then closes.
    static func pipeFilled(with bytes: [UInt8]) -> Int32 {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        // Close-on-exec: a process another test starts meanwhile must not hold either end.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let writeEnd = ends[1]
        Thread {
            bytes.withUnsafeBytes { buffer in
                var done = 0
                while done < buffer.count {
                    let n = Foundation.write(writeEnd, buffer.baseAddress! + done, buffer.count - done)
                    if n <= 0 { break }
                    done += n
                }
            }
            close(writeEnd)
        }.start()
        return ends[0]
    }

    /// Samples the resident bytes of the trace's mapping every `every` events.
    struct Sampler: TouchEventConsumer {
        var path: String
        var every = 20_000
        var events = 0
        var largest = 0
        var store = EventStore()

        mutating func consume(_ event: borrowing TouchEvent) {
            store.consume(event)
            events += 1
            if events % every == 0, let bytes = FlatMemoryTests.residentBytes(ofMappingsOf: path) {
                largest = max(largest, bytes)
            }
        }
    }

    @Test func bothPassesOverAMappedTraceHoldOnlyAWindowOfIt() throws {
        #if os(Linux)
        let bytes = Self.largeTrace(bytes: 24_000_000)
        let path = try Self.write(bytes, name: "large.trace.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Above the size read by two threads, and mapped.
        #expect(bytes.count >= TraceReader.parallelMinimumBytes && bytes.count >= SourceFile.mappingThreshold)

        let trace = try Trace.read(path: path)
        // After the first pass (two threads), both readers have let go of what they read: a
        // few pages stay (the header's, the last one, and those the system maps around them).
        let afterCheck = try #require(Self.residentBytes(ofMappingsOf: path))
        #expect(afterCheck <= 1 << 20, "\(afterCheck) bytes of a \(bytes.count)-byte file resident after the first pass")

        // The second pass streams the events (sampled as they come), holding one window.
        var sampler = Sampler(path: path)
        trace.forEachEvent(&sampler)
        #expect(sampler.largest > 0 && sampler.largest <= PageRelease.window + (1 << 20), "\(sampler.largest) bytes resident while replaying")
        let afterReplay = try #require(Self.residentBytes(ofMappingsOf: path))
        #expect(afterReplay <= 1 << 20, "\(afterReplay) bytes resident after replaying")

        // The released pages read back the same: the events equal those of the same bytes read
        // from memory (never released), and so does the summary.
        var inMemory = EventStore()
        let fromMemory = try Trace.parse(SourceFile(path: path, bytes: bytes), consumer: &inMemory)
        #expect(sampler.store.eventCount == inMemory.eventCount && sampler.store.eventCount == trace.summary.eventCount)
        #expect(sampler.store.times == inMemory.times && sampler.store.ids == inMemory.ids && sampler.store.phases == inMemory.phases)
        #expect(sampler.store.xs == inMemory.xs && sampler.store.ys == inMemory.ys)
        #expect(trace.summary.touchCount == fromMemory.summary.touchCount && trace.summary.maxY == fromMemory.summary.maxY)
        #endif
    }

    /// A large stream (a pipe, named by its path as `/dev/stdin` names one) is read as a mapped
    /// file is: out of this process's memory but for a window, in both passes, with the same
    /// events and the same messages as the same bytes read from memory; the copy it is read
    /// from leaves no file behind.
    @Test func aLargeStreamIsReadLikeAMappedFile() throws {
        #if os(Linux)
        // "events" before "version": a stream's keys come in any order, as a file's do.
        var bytes = Self.largeTrace(bytes: 24_000_000)
        let header = Array("{\"version\": 1, \"name\": \"large\", ".utf8)
        bytes.removeFirst(header.count)
        bytes.removeLast(Array("}\n".utf8).count)
        bytes = Array("{".utf8) + bytes + Array(",\n\"version\": 1, \"name\": \"large\"}\n".utf8)
        let readEnd = Self.pipeFilled(with: bytes)
        defer { close(readEnd) }
        let source = try SourceFile.read(path: "/dev/fd/\(readEnd)")
        #expect(source.count == bytes.count && source.path == "/dev/fd/\(readEnd)")
        let trace = try Trace.parse(source)
        // The stream's bytes are in an unlinked temporary file, mapped: a few pages resident.
        let afterCheck = try #require(Self.residentBytes(ofMappingsContaining: "/touchtrace-stream-"))
        #expect(afterCheck > 0 && afterCheck <= 1 << 20, "\(afterCheck) bytes of a \(bytes.count)-byte stream resident after the first pass")
        struct Watch: TouchEventConsumer {
            var store: EventStore
            var largest: Int
            var events = 0
            mutating func consume(_ event: borrowing TouchEvent) {
                store.consume(event)
                events += 1
                if events % 20_000 == 0, let bytes = FlatMemoryTests.residentBytes(ofMappingsContaining: "/touchtrace-stream-") {
                    largest = max(largest, bytes)
                }
            }
        }
        var watch = Watch(store: EventStore(), largest: 0)
        trace.forEachEvent(&watch)
        let largest = watch.largest, store = watch.store
        #expect(largest > 0 && largest <= PageRelease.window + (1 << 20), "\(largest) bytes resident while replaying")
        var inMemory = EventStore()
        _ = try Trace.parse(SourceFile(path: "x", bytes: bytes), consumer: &inMemory)
        #expect(store.eventCount == inMemory.eventCount && store.times == inMemory.times && store.xs == inMemory.xs)
        #expect(trace.summary.eventCount == inMemory.eventCount)
        // Unlinked at once: no file of that name is left in the folder.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp"))?.filter { $0.hasPrefix("touchtrace-stream-") } ?? []
        #expect(left.isEmpty, "\(left)")

        // A bad event near the end: the message names the stream's path, at the line and column
        // the same bytes give in memory.
        let bad = Self.largeTrace(bytes: 3_000_000, badNearEnd: true)
        let badEnd = Self.pipeFilled(with: bad)
        defer { close(badEnd) }
        var streamed: [String] = []
        do { _ = try Trace.read(path: "/dev/fd/\(badEnd)") } catch { streamed = error.errors.map(\.description) }
        var inMemoryErrors: [String] = []
        do { _ = try Trace.parse(SourceFile(path: "/dev/fd/\(badEnd)", bytes: bad)) } catch { inMemoryErrors = error.errors.map(\.description) }
        let lines = bad.split(separator: 0x0A, omittingEmptySubsequences: false).count
        #expect(streamed.count == 1 && streamed == inMemoryErrors)
        #expect(streamed.first?.hasPrefix("/dev/fd/\(badEnd):\(lines - 2):") == true, "\(streamed)")
        #endif
    }

    @Test func manyProblemsInALargeFileAreLocatedAsInMemoryAndLeaveItOutOfMemory() throws {
        // An unknown key (a problem under --strict) in every 5,000th event: more problems than
        // are located by counting, so the file is indexed, in marks, releasing its pages.
        let bytes = Self.largeTrace(bytes: 12_000_000, unknownKeyEvery: 5_000)
        let path = try Self.write(bytes, name: "strict.trace.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true)
        var mapped: [String] = []
        var resident: Int?
        let source = try SourceFile.read(path: path)
        do {
            _ = try Trace.parse(source, options: options)
        } catch {
            mapped = error.errors.map(\.description)
        }
        #if os(Linux)
        // Still mapped: `source` lives on.
        resident = withExtendedLifetime(source) { Self.residentBytes(ofMappingsOf: path) }
        #expect(resident != nil && resident! > 0)
        #endif
        var inMemory: [String] = []
        do {
            _ = try Trace.parse(SourceFile(path: path, bytes: bytes), options: options)
        } catch {
            inMemory = error.errors.map(\.description)
        }
        #expect(mapped.count >= 6 && mapped == inMemory, "\(mapped.count) / \(inMemory.count) problems")
        // The first one, by hand: the 5,000th event (index 4,999) is on line 5,001 (the first
        // line holds the header), its key `"z"` at column 2.
        #expect(mapped.first?.hasPrefix("\(path):5001:2: ") == true, "\(mapped.first ?? "")")
        #if os(Linux)
        if let resident { #expect(resident <= 1 << 20, "\(resident) bytes of the file resident after validating it") }
        #endif
    }

    @Test func problemsFoundAfterReleasingAreLocatedAsInMemory() throws {
        // Validate reads on past the released bytes and reports a problem at the end and
        // where it lies: its line and column come from bytes that left memory and read back.
        let bytes = Self.largeTrace(bytes: 12_000_000, badNearEnd: true)
        let path = try Self.write(bytes, name: "bad.trace.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = TraceReadOptions(collectAllProblems: true)
        let mapped: [String]
        do {
            _ = try Trace.read(path: path, options: options)
            mapped = []
        } catch {
            mapped = error.errors.map(\.description)
        }
        let inMemory: [String]
        do {
            _ = try Trace.parse(SourceFile(path: path, bytes: bytes), options: options)
            inMemory = []
        } catch {
            inMemory = error.errors.map(\.description)
        }
        // The bad event is on the file's second-to-last line (the last holds `]}`).
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
        #expect(mapped.count == 1 && mapped == inMemory)
        #expect(mapped.first?.hasPrefix("\(path):\(lines - 2):") == true, "\(mapped)")
    }
}

/// The line index keeps a line and column every `stride` bytes: every offset must locate as
/// counting from the start does, whatever the stride, with lines long and short and characters
/// of several bytes.
@Suite struct LineIndexTests {
    @Test func everyOffsetLocatesAsCountingFromTheStart() {
        var random = SplitMix64(state: 7)
        let pieces: [[UInt8]] = [[0x0A], Array("ab".utf8), Array("é".utf8), Array("→".utf8), Array("😀".utf8), Array("{\"t\": 1}".utf8), [0x0A, 0x0A]]
        var bytes: [UInt8] = []
        while bytes.count < 3000 { bytes += pieces[random.int(0...pieces.count - 1)] }
        // A long line with no newline at the end.
        bytes += Array(repeating: UInt8(ascii: "x"), count: 500) + Array("é".utf8)
        let source = SourceFile(path: "t.json", bytes: bytes)
        for stride in [1, 2, 7, 64, 1 << 16] {
            let index = source.withBytes { LineIndex($0, stride: stride) }
            for offset in 0...bytes.count + 1 {
                let indexed = source.withBytes { index.location(of: offset, in: $0) }
                let counted = source.location(of: offset)
                if indexed != counted {
                    Issue.record("stride \(stride), offset \(offset): \(indexed) / \(counted)")
                    return
                }
            }
        }
        // Spot checks of the counting itself: after "ab\n" comes line 2, column 1.
        let small = SourceFile(path: "s.json", bytes: Array("ab\né→x".utf8))
        #expect(small.location(of: 3) == (2, 1))
        #expect(small.location(of: 5) == (2, 2))
        #expect(small.location(of: 8) == (2, 3))
    }
}

/// The shared strings, kept compactly: equal strings share one entry, every string reads back
/// as given (empty, multi-byte, longer than a block of the table), however many there are.
@Suite struct SharedTextTests {
    @Test func equalStringsShareAnEntryAndEveryStringReadsBack() {
        let long = String(repeating: "moved left → ", count: 100_000)
        let samples = ["", "a", "é→😀", "touch 7 moved left from (1, 2) to (0, 2)", long]
        let first = samples.map { SharedText($0) }
        // Built again from other storage: the same entries.
        let again = samples.map { SharedText(String(decoding: Array($0.utf8), as: UTF8.self)) }
        #expect(first == again)
        #expect(first.map(\.string) == samples)
        #expect(Set(first).count == samples.count)
        // Enough distinct strings to grow the hash table several times; each keeps its own entry.
        let many = (0..<20_000).map { "reason \($0) at (\($0 % 390), \($0 % 844))" }
        let shared = many.map { SharedText($0) }
        #expect(Set(shared).count == many.count)
        #expect(shared.map(\.string) == many)
        #expect(many.map { SharedText($0) } == shared)
        #expect(first.map(\.string) == samples)
    }

    /// Strings that differ only in their last bytes, or only in length (one the start of the
    /// other), are distinct texts: the table hashes a word at a time and the last bytes apart,
    /// and must tell them apart whatever the word boundaries.
    @Test func stringsThatDifferOnlyAtTheirEndAreDistinct() {
        var strings: [String] = []
        for length in 0..<40 {
            let stem = String(repeating: "k", count: length)
            strings += [stem, stem + "a", stem + "b", stem + "é"]
        }
        let unique = Array(Set(strings)).sorted()
        let texts = unique.map { SharedText($0) }
        #expect(Set(texts).count == unique.count)
        #expect(texts.map(\.string) == unique)
        #expect(unique.map { SharedText($0) } == texts)
    }
}

/// Shared texts are let go with their scope: a process that replays trace after trace, each
/// with touch ids and failure reasons of its own, keeps none of them (SPEC 14: nothing grows for
/// the life of the process), while records kept by a collector stay readable.
@Suite struct TextScopeTests {
    /// A version 2 trace whose touch, with the string id `id`, moves 60 pt: the tap fails with a
    /// reason that names the id and the point, "touch "id" moved 60 pt to (70, 10); ...".
    private func tapTrace(id: String) throws -> Trace {
        let json = """
            {"version": 2, "scene": {"views": [{"name": "pad", "frame": [0, 0, 100, 100],
              "recognizers": [{"type": "tap", "name": "tap"}]}]},
             "events": [{"t": 0, "touches": [{"id": "\(id)", "phase": "began", "x": 10, "y": 10}]},
                        {"t": 0.05, "touches": [{"id": "\(id)", "phase": "moved", "x": 70, "y": 10}]},
                        {"t": 0.1, "touches": [{"id": "\(id)", "phase": "ended", "x": 70, "y": 10}]}]}
            """
        return try Trace.parse(SourceFile(path: "flat.trace.json", bytes: Array(json.utf8)))
    }

    private func reason(of records: [Record]) -> String? {
        for record in records where record.event.description == "state" {
            for field in record.fields where field.key == "reason" {
                if case .text(let text) = field.value { return text.string }
            }
        }
        return nil
    }

    @Test func textsOfAReplayGoWithIt() throws {
        // Ids no other test uses, so that other tests running at the same time cannot hold them.
        let ids = (0..<300).map { "text-scope-finger-\($0)" }
        var reasons: [String] = []
        for id in ids {
            let trace = try tapTrace(id: id)
            let scene = try Scene.resolve(for: trace)
            let records = RecordCollector()
            Replayer.replay(trace, scene: scene, into: records)
            let text = try #require(reason(of: records.records))
            #expect(text.contains(id))
            #expect(SharedText.isAlive(id))
            #expect(SharedText.isAlive(text))
            reasons.append(text)
        }
        // Derivation: the touch moves from (10, 10) to (70, 10), 60 pt, more than the tap's
        // allowable movement of 45 pt (UIKit's, GestureDefaults), so the tap fails at the move.
        #expect(reasons[0] == "touch \"text-scope-finger-0\" moved 60 points to (70, 10); at most 45 points allowed")
        // Trace, replayer and collector are gone: so is every id and every reason.
        #expect(ids.filter { SharedText.isAlive($0) } == [])
        #expect(reasons.filter { SharedText.isAlive($0) } == [])
    }

    @Test func aCollectorKeepsItsRecordsTextsAfterTheReplayIsGone() throws {
        let records = RecordCollector()
        do {
            let trace = try tapTrace(id: "text-scope-kept")
            Replayer.replay(trace, scene: try Scene.resolve(for: trace), into: records)
        }
        #expect(reason(of: records.records)?.hasPrefix("touch \"text-scope-kept\" moved 60 points") == true)
        #expect(SharedText.isAlive("text-scope-kept"))
    }

    @Test func oneScopeForAJobAndTheProcessScopeOutsideEvery() throws {
        let scope = TextScope()
        let inside = scope.run { SharedText("text-scope-job-text") }
        #expect(scope.count == 1)
        #expect(inside.string == "text-scope-job-text")
        // The same string made elsewhere is the same text (equal strings share an entry).
        let outside = SharedText("text-scope-job-text")
        #expect(outside == inside)
        #expect(TextScope.current == nil)
        // Scopes nest: the inner one is current inside, the outer one again after it.
        scope.run {
            let inner = TextScope()
            inner.run { #expect(TextScope.current === inner) }
            #expect(TextScope.current === scope)
        }
    }

    @Test func aScopeLetGoReleasesOnlyWhatNoOtherScopeHolds() {
        var first: TextScope? = TextScope()
        let second = TextScope()
        _ = first!.run { (SharedText("text-scope-both"), SharedText("text-scope-first-only")) }
        let both = second.run { SharedText("text-scope-both") }
        first = nil
        #expect(!SharedText.isAlive("text-scope-first-only"))
        #expect(SharedText.isAlive("text-scope-both"))
        #expect(both.string == "text-scope-both")
        // Entries freed and made again read back right (the freed slots are reused).
        let again = (0..<2_000).map { i in TextScope().run { SharedText("text-scope-churn-\(i)").string } }
        #expect(again == (0..<2_000).map { "text-scope-churn-\($0)" })
        #expect((0..<2_000).allSatisfy { !SharedText.isAlive("text-scope-churn-\($0)") })
    }
}

extension TextScopeTests {
    /// Reading a text after its grace stops the program; it never reads other text.
    @Test func aTextReadAfterItsGraceStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let text = TextScope().run { SharedText("text-scope-gone") }
            // More than the grace of other texts let go after it: its entry is freed, and taken
            // by one of the strings that follow. A read must not return that string.
            let filler = String(repeating: "x", count: 1000)
            for i in 0...(SharedText.graceBytes / 1000) { _ = TextScope().run { SharedText("\(i) \(filler)") } }
            _ = TextScope().run { SharedText("text-scope-other") }
            _ = text.string
        }
    }

    /// Records copied out of a collector that then goes read their texts during the grace.
    @Test func recordsReturnedFromACollectorThatIsGoneStillRead() throws {
        func collect() throws -> [Record] {
            let trace = try tapTrace(id: "text-scope-returned")
            let collector = RecordCollector()
            Replayer.replay(trace, scene: try Scene.resolve(for: trace), into: collector)
            return collector.records
        }
        let records = try collect()
        #expect(!SharedText.isAlive("text-scope-returned"))
        #expect(reason(of: records)?.hasPrefix("touch \"text-scope-returned\" moved 60 points") == true)
    }

    /// What no scope holds is bounded by the grace, however many texts go through the table.
    @Test func theTableStaysFlatWhateverGoesThroughIt() {
        let filler = String(repeating: "y", count: 200)
        // 40 MB of distinct texts, ten times the grace, each in a scope of its own.
        for i in 0..<200_000 { _ = TextScope().run { SharedText("text-scope-flat \(i) \(filler)") } }
        // The grace's worth (200 bytes and 64 more each: about 15,900) plus what other tests
        // running at the same time hold (SharedTextTests keeps 20,000 for the process): under
        // half of the 200,000 made, which a table that kept them all would hold.
        #expect(SharedText.storedCount < 100_000)
    }
}
