#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    /// However many workers share the fixtures, each is verified once and the results come
    /// back in the fixtures' order, the same as one worker's.
    @Test func resultsComeBackInOrderWhateverTheWorkers() throws {
        let fixtures = try Fixture.discover([packageRoot + "/traces"])
        let verifier = Verifier(mode: .never)
        let one = verifier.verify(fixtures, jobs: 1)
        #expect(one.map(\.fixture) == fixtures)
        for jobs in [2, 3, 7, fixtures.count + 5] {
            let done = Counted()
            let results = verifier.verify(fixtures, jobs: jobs, progress: { _ in done.add() })
            #expect(results.map(\.fixture) == fixtures, "jobs \(jobs)")
            #expect(results.map(\.outcome) == one.map(\.outcome), "jobs \(jobs)")
            #expect(done.value == fixtures.count, "jobs \(jobs)")
        }
        // A shorter list than the workers, and one fixture.
        #expect(verifier.verify(Array(fixtures.prefix(1)), jobs: 4).map(\.fixture) == Array(fixtures.prefix(1)))
    }

    /// Fixtures are sorted by the bytes of their paths, not by Unicode's rules or the locale's.
    @Test func pathsAreOrderedByTheirBytes() {
        #expect(precedesInBytes("a-b", "a/b"))          // '-' is 0x2D, '/' 0x2F
        #expect(!precedesInBytes("a/b", "a-b"))
        #expect(precedesInBytes("ab", "abc") && !precedesInBytes("abc", "ab"))
        #expect(!precedesInBytes("ab", "ab"))
        #expect(precedesInBytes("", "a") && !precedesInBytes("a", ""))
        #expect(precedesInBytes("Z", "a"))               // upper case first, as bytes
        // Equal as Swift strings (canonically equivalent), different as bytes: e + U+0301
        // (65 CC 81) comes before é (C3 A9).
        #expect("e\u{301}" == "é")
        #expect(precedesInBytes("e\u{301}", "é") && !precedesInBytes("é", "e\u{301}"))
        let paths = ["b/é.trace.json", "b/z.trace.json", "a/x/1.trace.json", "a-x/1.trace.json", "a/x.trace.json"]
        #expect(paths.sorted(by: precedesInBytes) == ["a-x/1.trace.json", "a/x.trace.json", "a/x/1.trace.json", "b/z.trace.json", "b/é.trace.json"])
        // The survey's sort, on one buffer of bytes, orders as precedesInBytes does: these, and
        // random paths of a few pieces (prefixes of each other, equal ones, e + U+0301 and é,
        // NUL bytes, which a path cannot hold but a string can).
        #expect(Fixture.sortedByBytes(paths) == paths.sorted(by: precedesInBytes))
        #expect(Fixture.sortedByBytes([]).isEmpty && Fixture.sortedByBytes([""]) == [""])
        // Equal in their first 8 bytes after the shared prefix ("g/"), or in 16, or in all but
        // their length.
        let long = ["g/fixture-10.trace.json", "g/fixture-1.trace.json", "g/fixture-10.trace.jsox", "g/fixture-10.trace.json",
                    "g/fixture-10.trace.js", "g/fixture-10", "g/fixture-", "g/fixture-10.trace.jsom", "g/fixture-1"]
        #expect(Fixture.sortedByBytes(long) == long.sorted(by: precedesInBytes))
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "/", "-", "é", "e\u{301}", "Z", "", "\u{0}", "/fixtures/group-", "fixture-", "fixture-1"]
        for round in 0..<100 {
            // Half the rounds share a long prefix, as a fixture tree's paths do.
            let shared = round % 2 == 0 ? "" : "/work/traces/group-"
            let random = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                shared + (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            }
            #expect(Fixture.sortedByBytes(random).map { Array($0.utf8) } == random.sorted(by: precedesInBytes).map { Array($0.utf8) })
        }
        // Thousands, as a fixture tree has (sorted a byte of their keys at a time), with
        // repeats, and many whose first sixteen bytes after the shared prefix are the same.
        let many = (0..<4_000).map { _ in
            "/work/traces/group-\(Int.random(in: 0..<300, using: &generator))/" + (Bool.random(using: &generator) ? "fixture-" : "a-very-long-fixture-name-")
                + "\(Int.random(in: 0..<2_000, using: &generator)).trace.json"
        }
        #expect(Fixture.sortedByBytes(many) == many.sorted(by: precedesInBytes))
    }

    /// A fixture's expected file is its trace's path with `.expected.txt` for `.trace.json`,
    /// byte for byte (other scripts, combining marks, spaces); a path that does not end with the
    /// suffix (made by hand) loses its last eleven characters, as it always has.
    @Test func theExpectedPathReplacesTheTraceSuffix() {
        let cases = [
            ("traces/pan/drag.trace.json", "traces/pan/drag.expected.txt"),
            (".trace.json", ".expected.txt"),
            ("/ü/e\u{301}/東京 1.trace.json", "/ü/e\u{301}/東京 1.expected.txt"),
            ("a.trace.json.trace.json", "a.trace.json.expected.txt"),
        ]
        for (trace, expected) in cases {
            #expect(Array(Fixture(tracePath: trace).expectedPath.utf8) == Array(expected.utf8))
        }
        // 13 characters (é is one), less eleven.
        #expect(Fixture(tracePath: "notes/aé.json").expectedPath == "no.expected.txt")
        #expect(Fixture(tracePath: "x").expectedPath == ".expected.txt")
    }

    /// Verify names a transcript's sources from the scene, without building a replayer to ask:
    /// that holds only while the scene lists them in the replayer's order. Every scene of the
    /// project's fixtures (recognizers, controls, views inside views), by both versions' rules.
    @Test func theSceneNamesSourcesInTheReplayersOrder() throws {
        let scenes = Set(try Fixture.discover([packageRoot + "/traces"]).map { Scene.besidePath(of: $0.tracePath) })
            .filter { Scene.fileExists($0) }.sorted()
        #expect(scenes.count >= 20)
        var withControls = 0
        for path in scenes {
            for version in [1, 2] {
                guard let scene = try? SceneReader.read(path: path, version: version) else { continue }
                let replayer = Replayer(scene: scene, sink: RecordCollector())
                #expect(scene.sources == replayer.sources, "\(path), version \(version)")
                if scene.views.contains(where: { $0.control != nil }) { withControls += 1 }
            }
        }
        #expect(withControls > 0)
    }
    /// A worker replays every fixture through one scene cache, which keeps each scene's replay
    /// plan and transcript writer: a replay must come out as it does through a fresh cache,
    /// whatever ran before it through the same scene — in order, in reverse, and after a
    /// trace that breaks off halfway (its records were written, then dropped).
    @Test func replaysThroughOneCacheMatchFreshReplays() throws {
        let fixtures = try Fixture.discover([packageRoot + "/traces"])
        var fresh: [String: [UInt8]] = [:]
        for fixture in fixtures {
            fresh[fixture.tracePath] = try Verifier.replay(tracePath: fixture.tracePath, scenes: SceneCache()).transcript
        }
        // A pan trace cut after its first events: read and replayed up to there, then broken.
        let folder = temporaryDirectory() + "/pan"
        mkdirs(folder)
        try copy(packageRoot + "/traces/pan/scene.json", folder + "/scene.json")
        let whole = try SourceFile.read(path: packageRoot + "/traces/pan/cancelled.trace.json").bytes
        let cut = Array(whole.prefix(whole.count / 2))
        let broken = folder + "/broken.trace.json"
        try writeText(String(decoding: cut, as: UTF8.self), to: broken)
        let pans = fixtures.filter { $0.tracePath.contains("/traces/pan/") }
        #expect(pans.count >= 5)

        let scenes = SceneCache()
        var replayed = 0
        for order in [fixtures, fixtures.reversed()] {
            for fixture in order {
                let replay = try Verifier.replay(tracePath: fixture.tracePath, scenes: scenes)
                #expect(replay.transcript == fresh[fixture.tracePath], "\(fixture.name)")
                replayed += 1
            }
        }
        // The pan scene's writer and plan, after a replay that broke off: a fresh start.
        for fixture in pans {
            #expect(throws: TraceErrors.self) { try Verifier.replay(tracePath: broken, scenes: scenes) }
            let replay = try Verifier.replay(tracePath: fixture.tracePath, scenes: scenes)
            #expect(replay.transcript == fresh[fixture.tracePath], "\(fixture.name) after a broken trace")
        }
        #expect(replayed == 2 * fixtures.count)
    }

    /// A replayer started again (`verify` keeps one per scene and worker) is the replay a new
    /// one would be: after a whole trace, and after one left off in mid-gesture with touches
    /// down and deadlines waiting, for every fixture of the project.
    @Test func aRestartedReplayIsTheReplayANewOneWouldBe() throws {
        /// The first `left` events of a trace, to a replayer.
        struct FirstEvents: TouchEventConsumer {
            var replayer: Replayer
            var left: Int
            mutating func consume(_ event: borrowing TouchEvent) {
                guard left > 0 else { return }
                left -= 1
                replayer.consume(event)
            }
            static func emptyForLaterPart() -> FirstEvents? { nil }
            mutating func appendLaterPart(_ later: FirstEvents) {}
        }
        // And a trace with touches outside the pan scene's one view, which the replay counts.
        let folder = temporaryDirectory()
        try copy(packageRoot + "/traces/pan/scene.json", folder + "/scene.json")
        try writeText(#"{"version": 1, "events": [{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 500, "y": 900}]}, "# +
                      #"{"t": 0.1, "touches": [{"id": 1, "phase": "ended", "x": 500, "y": 900}]}]}"#, to: folder + "/outside.trace.json")
        let fixtures = try Fixture.discover([packageRoot + "/traces", folder])
        #expect(fixtures.count >= 100)
        for fixture in fixtures {
            let trace = try Trace.read(path: fixture.tracePath)
            let scene = try Scene.resolve(for: trace, sceneFile: nil, registry: .standard)
            let plan = Replayer.Plan(scene: scene)
            let version = trace.header.version
            let fresh = MemoryOutput()
            let freshWriter = TranscriptWriter(format: .text, sources: scene.sources, output: fresh, version: version)
            var replayer = Replayer(plan: plan, sink: freshWriter)
            trace.forEachEvent(&replayer)
            replayer.finish()
            try freshWriter.finish()

            let output = MemoryOutput()
            let writer = TranscriptWriter(format: .text, sources: scene.sources, output: output, version: version)
            var restarted = Replayer(plan: plan, sink: writer)
            for cut in [trace.summary.eventCount, trace.summary.eventCount / 2, 1] {
                var first = FirstEvents(replayer: restarted, left: cut)
                trace.forEachEvent(&first)
                restarted = first.replayer
                try writer.finish()
                restarted.restart(plan: plan)
                writer.restart(version: version)
                let start = output.bytes.count
                trace.forEachEvent(&restarted)
                restarted.finish()
                try writer.finish()
                #expect(Array(output.bytes[start...]) == fresh.bytes, "\(fixture.name), restarted after \(cut) events")
                #expect(restarted.missedTouchesWarning(in: trace) == replayer.missedTouchesWarning(in: trace), "\(fixture.name)")
                writer.restart(version: version)
            }
        }
        // Touches missed by one replay are not counted in the next, of a trace that misses none.
        let outside = try Trace.read(path: folder + "/outside.trace.json")
        let drag = try Trace.read(path: packageRoot + "/traces/pan/drag.trace.json")
        let plan = Replayer.Plan(scene: try Scene.resolve(for: outside, sceneFile: nil, registry: .standard))
        var replayer = Replayer(plan: plan, sink: RecordCollector())
        outside.forEachEvent(&replayer)
        #expect(replayer.missedTouchesWarning(in: outside)?.contains("1 touch began outside every view") == true)
        replayer.restart(plan: plan)
        drag.forEachEvent(&replayer)
        replayer.finish()
        #expect(replayer.missedTouchesWarning(in: drag) == nil)
    }

    /// Verify compares a transcript that matches its expected file where the writer holds it;
    /// any other, and one longer than the writer's buffer (part of it already written out), is
    /// written out whole first: the outcomes, the recorded bytes and the diffs are the same for
    /// short and long transcripts, in every record mode.
    @Test func longAndShortTranscriptsAreSettledAlike() throws {
        let folder = temporaryDirectory() + "/pan"
        mkdirs(folder)
        try copy(packageRoot + "/traces/pan/scene.json", folder + "/scene.json")
        try copy(packageRoot + "/traces/pan/drag.trace.json", folder + "/short.trace.json")
        // One finger zigzagging over the pad for 3,000 points: a `changed` record each, about
        // 300 KB of transcript, several times the writer's 64 KB buffer.
        var points: [String] = []
        for i in 0..<3_000 {
            let x = 20 + Double(abs(i % 1_400 - 700)) / 2
            let y = 400 + Double(i % 37) / 4
            points.append("[\(Double(i) / 100), \(x), \(y)]")
        }
        try writeText(#"{"version": 1, "strokes": [{"id": 1, "points": ["# + points.joined(separator: ", ") + "]}]}", to: folder + "/long.trace.json")
        let fixtures = try Fixture.discover([folder])
        #expect(fixtures.map { $0.tracePath.hasSuffix("/long.trace.json") } == [true, false])
        let fresh = try fixtures.map { try Verifier.replay(tracePath: $0.tracePath, scenes: SceneCache()).transcript }
        #expect(fresh[0].count > 4 * 65_536 && fresh[1].count < 4_096, "\(fresh.map(\.count))")

        // Recorded whole, then passing in every mode, an unchanged file left alone by `all`.
        #expect(Verifier(mode: .missing).verify(fixtures, jobs: 1).map(\.outcome) == [.recorded, .recorded])
        #expect(try fixtures.map { try SourceFile.read(path: $0.expectedPath).bytes } == fresh)
        for mode in [RecordMode.never, .missing, .failed, .all] {
            #expect(Verifier(mode: mode).verify(fixtures, jobs: 1).map(\.outcome) == [.passed, .passed], "\(mode)")
        }
        // A difference in the last record, and one in the first, is found in both.
        for (index, fromEnd) in [(0, true), (0, false), (1, true), (1, false)] {
            var changed = fresh[index]
            let at = fromEnd ? changed.count - 3 : changed.firstIndex(of: 0x0A)! + 1
            changed[at] = changed[at] == UInt8(ascii: "9") ? UInt8(ascii: "8") : UInt8(ascii: "9")
            try writeText(String(decoding: changed, as: UTF8.self), to: fixtures[index].expectedPath)
            let result = Verifier(mode: .never).verify([fixtures[index]], jobs: 1)[0]
            guard case .differs(let diff) = result.outcome else {
                Issue.record("\(fixtures[index].name): \(result.outcome)")
                continue
            }
            #expect(diff.contains("@@"), "\(diff)")
            // `failed` writes the replay's bytes back, whole.
            #expect(Verifier(mode: .failed).verify([fixtures[index]], jobs: 1)[0].outcome == .recorded)
            #expect(try SourceFile.read(path: fixtures[index].expectedPath).bytes == fresh[index])
        }
    }

    /// A writer's transcript is compared where it is held: equal bytes only, and never once part
    /// of it has been written out (until it starts again).
    @Test func aWriterHoldsItsTranscriptUntilWrittenOut() throws {
        let output = MemoryOutput()
        let writer = TranscriptWriter(format: .text, sources: [SourceName(view: "pad", name: "pan")], output: output)
        func holds(_ bytes: [UInt8]) -> Bool { writer.holdsExactly(bytes.span) }
        let header = Array((TranscriptFormat.textHeader + "\n").utf8)
        #expect(holds(header))
        writer.write(Record(t: 0.5, source: 0, event: "state", fields: FieldList(Field("x", .number(1.25)))))
        let line = Array("0.5000 pad.pan state x=1.2500\n".utf8)
        #expect(holds(header + line))
        #expect(!holds(header))
        #expect(!holds(header + line.dropLast() + [0x20]))
        #expect(output.bytes.isEmpty)
        // Written out past the buffer's 64 KB: no longer held whole.
        var all = header + line
        for i in 0..<1_000 {
            writer.write(Record(t: Double(i), source: 0, event: "state", fields: FieldList(Field("x", .number(1.25)))))
            all += Array("\(fixed4(Double(i))) pad.pan state x=1.2500\n".utf8)
        }
        #expect(all.count < 65_536)
        #expect(holds(all))
        for i in 1_000..<3_000 {
            writer.write(Record(t: Double(i), source: 0, event: "state", fields: FieldList(Field("x", .number(1.25)))))
            all += Array("\(fixed4(Double(i))) pad.pan state x=1.2500\n".utf8)
        }
        #expect(!output.bytes.isEmpty)
        let rest = Array(all[output.bytes.count...])
        #expect(!holds(rest))
        try writer.finish()
        #expect(output.bytes == all)
        // Started again, it holds its new transcript.
        writer.restart(version: 1)
        #expect(holds(header))
    }

    /// A worker reads regular files under the mapping threshold itself, in fewer system calls
    /// but to the same bytes as `SourceFile.read`; everything else is left to `SourceFile.read`
    /// (nil), which says what is wrong with it.
    @Test func aWorkerReadsSmallRegularFilesAndLeavesTheRestToTheUsualWay() throws {
        let folder = temporaryDirectory()
        let other = temporaryDirectory()
        try writeText("{}", to: folder + "/a.json")
        try writeText("", to: folder + "/empty.json")
        try writeText(String(repeating: "x", count: 100_000), to: other + "/big.json")
        try writeText(String(repeating: "y", count: SourceFile.mappingThreshold), to: other + "/mapped.json")
        mkfifo(folder + "/fifo.json", 0o644)
        mkdirs(folder + "/sub.json")
        symlink(folder + "/a.json", other + "/link.json")
        let files = SmallFileReader()
        func read(_ path: String) -> [UInt8]? { files.withContents(of: path) { Array($0) } }
        // Each file's own bytes, one larger than the memory kept at first too, in any order.
        for path in [folder + "/a.json", other + "/big.json", folder + "/empty.json", other + "/link.json", folder + "/a.json",
                     folder + "/./a.json", other + "/../" + String(folder.split(separator: "/").last!) + "/a.json"] {
            #expect(read(path) == (try SourceFile.read(path: path)).bytes, "\(path)")
        }
        #expect(files.sourceFile(at: folder + "/a.json")?.bytes == Array("{}".utf8))
        #expect(files.sourceFile(at: folder + "/a.json")?.path == folder + "/a.json")
        // The usual way for these: no such file (or folder), a FIFO (never waited on), a folder,
        // a file to map, a path ending in a slash.
        for path in [folder + "/missing.json", folder + "/nothing/a.json", folder + "/fifo.json", folder + "/sub.json",
                     other + "/mapped.json", folder + "/"] {
            #expect(read(path) == nil, "\(path)")
        }
        // Still reading after those.
        #expect(read(other + "/big.json")?.count == 100_000)
    }

    /// A worker reads trace after trace into the memory of the one before once nothing holds
    /// that one any more; a trace still held keeps its bytes, whatever is read after it.
    @Test func aWorkerReusesTheMemoryOfATraceLetGoAndNeverOfOneHeld() throws {
        let folder = temporaryDirectory()
        let texts = ["{\"a\": 1}", String(repeating: "b", count: 3_000), "{}", String(repeating: "é", count: 20_000), "c"]
        for (i, text) in texts.enumerated() { try writeText(text, to: folder + "/\(i).json") }
        let files = SmallFileReader()
        func read(_ i: Int) throws -> SourceFile { try #require(files.sourceFile(at: folder + "/\(i).json")) }
        // Held while the others are read: each keeps its own bytes.
        let held = try (0..<texts.count).map(read)
        #expect(held.map(\.bytes) == texts.map { Array($0.utf8) })
        // Let go before the next is read (as verify does), in any order, larger and smaller.
        for i in [1, 0, 3, 2, 4, 3, 1] {
            let source = try read(i)
            #expect(source.bytes == Array(texts[i].utf8), "\(i)")
            #expect(source.path == folder + "/\(i).json")
        }
        #expect(held.map(\.bytes) == texts.map { Array($0.utf8) })
    }

    /// The survey's set of folders walked (by device and inode) holds each pair once, however
    /// many there are, zeros and the largest values included.
    @Test func theFoldersWalkedAreEachKeptOnce() {
        var set = Fixture.FolderSet()
        var model = Set<[UInt64]>()
        var generator = SystemRandomNumberGenerator()
        var pairs: [(UInt64, UInt64)] = [(0, 0), (0, 1), (1, 0), (.max, .max), (.max, 0), (0, .max)]
        for _ in 0..<3_000 {
            pairs.append((UInt64.random(in: 0...3, using: &generator), UInt64.random(in: 0...1_500, using: &generator)))
        }
        for (device, inode) in pairs + pairs.reversed() {
            #expect(set.insert(device: device, inode: inode) == model.insert([device, inode]).inserted, "\(device) \(inode)")
        }
    }

    /// A worker opens a fixture's expected file by its trace's path, without making the
    /// expected path as a string: the same bytes as reading that path, in folders with long
    /// names (past the memory first kept for a path) and other scripts; nil (the usual way) for
    /// a missing file, a FIFO, and a trace path without the suffix.
    @Test func aWorkerReadsAnExpectedFileByItsTracesPath() throws {
        let long = String(repeating: "long folder é ", count: 6)
        let folder = temporaryDirectory() + "/" + [long, long, long, long].joined(separator: "/")
        mkdirs(folder)
        try writeText("# touchtrace transcript v1\n", to: folder + "/a.expected.txt")
        try writeText("other\n", to: folder + "/東京.expected.txt")
        mkfifo(folder + "/fifo.expected.txt", 0o644)
        let files = SmallFileReader()
        func read(_ trace: String) -> [UInt8]? { files.withContents(ofExpectedFileOf: trace) { Array($0) } }
        for trace in [folder + "/a.trace.json", folder + "/東京.trace.json", folder + "/a.trace.json"] {
            let expected = Fixture(tracePath: trace).expectedPath
            #expect(read(trace) == (try SourceFile.read(path: expected)).bytes, "\(trace)")
            #expect(read(trace) == files.withContents(of: expected) { Array($0) })
        }
        for trace in [folder + "/missing.trace.json", folder + "/fifo.trace.json", folder + "/a.json", "trace.json"] {
            #expect(read(trace) == nil, "\(trace)")
        }
        #expect(read(folder + "/a.trace.json") == Array("# touchtrace transcript v1\n".utf8))
    }

    /// A file its folder listed as regular is read without asking for its kind, to the same
    /// bytes: whatever its size (one that fills the memory kept goes on the general way), from
    /// folders taken in turn, and from a folder made anew under the same path since.
    @Test func aWorkerReadsListedRegularFilesToTheSameBytes() throws {
        let folder = temporaryDirectory()
        let other = temporaryDirectory()
        try writeText("{}", to: folder + "/a.json")
        try writeText("", to: folder + "/empty.json")
        // The memory kept at first is 64 KiB: files just under it, at it and past it.
        for size in [65_535, 65_536, 65_537, 200_000] {
            try writeText(String(repeating: "z", count: size), to: other + "/\(size).json")
        }
        let files = SmallFileReader()
        func read(_ path: String) -> [UInt8]? { files.withContents(of: path, listedRegular: true) { Array($0) } }
        for path in [folder + "/a.json", other + "/65535.json", folder + "/empty.json", other + "/65536.json", other + "/65537.json",
                     folder + "/a.json", other + "/200000.json", other + "/65535.json"] {
            #expect(read(path) == (try SourceFile.read(path: path)).bytes, "\(path)")
        }
        #expect(files.sourceFile(at: folder + "/a.json", listedRegular: true)?.bytes == Array("{}".utf8))
        // The folder read last, removed and made again with another file of the same name.
        #expect(read(folder + "/a.json") == Array("{}".utf8))
        for name in ["a.json", "empty.json"] { unlink(folder + "/" + name) }
        #expect(rmdir(folder) == 0)
        mkdirs(folder)
        try writeText("[1]", to: folder + "/a.json")
        #expect(read(folder + "/a.json") == Array("[1]".utf8))
        #expect(files.withContents(of: folder + "/a.json") { Array($0) } == Array("[1]".utf8))
        #expect(read(other + "/65535.json")?.count == 65_535 && read(folder + "/a.json") == Array("[1]".utf8))
        // A FIFO where a listed file was never makes it wait.
        #expect(mkfifo(folder + "/fifo.json", 0o644) == 0)
        #expect(read(folder + "/fifo.json") ?? [] == [])
    }

    /// The survey notes what each folder's listing showed: a trace found in a listing is a
    /// regular file, and so is an expected file listed as one beside it; an expected file that
    /// is a link, or missing, is not known to be. What is known is not part of a fixture.
    @Test func theSurveyNotesWhichFixtureFilesItsListingsShowedAsRegular() throws {
        let folder = temporaryDirectory()
        for name in ["plain", "linked", "lone"] { try writeText("{}", to: folder + "/\(name).trace.json") }
        try writeText("# touchtrace transcript v1\n", to: folder + "/plain.expected.txt")
        try writeText("# touchtrace transcript v1\n", to: folder + "/elsewhere.txt")
        symlink(folder + "/elsewhere.txt", folder + "/linked.expected.txt")
        let fixtures = try Fixture.discover([folder])
        #expect(fixtures.map(\.name) == ["linked", "lone", "plain"].map { folder + "/" + $0 })
        #expect(fixtures.map(\.listedRegular.trace) == [true, true, true])
        #expect(fixtures.map(\.listedRegular.expected) == [false, false, true])
        // A trace given by its path: its expected file was in no listing.
        let given = try Fixture.discover([folder + "/plain.trace.json"])
        #expect(given.map(\.listedRegular.trace) == [true] && given.map(\.listedRegular.expected) == [false])
        #expect(given == [Fixture(tracePath: folder + "/plain.trace.json")])
        // Hundreds in a folder, every third without its expected file, names of every length.
        let many = temporaryDirectory()
        var withExpected: Set<String> = []
        for k in 0..<600 {
            let name = many + "/" + String(repeating: "n", count: k % 40) + "\(k)"
            try writeText("{}", to: name + ".trace.json")
            if k % 3 != 0 {
                try writeText("# touchtrace transcript v1\n", to: name + ".expected.txt")
                withExpected.insert(name)
            }
        }
        let found = try Fixture.discover([many])
        #expect(found.count == 600)
        #expect(found.filter(\.listedRegular.expected).map(\.name).sorted() == withExpected.sorted())
        // The obsolete expected files, found by the same kind of look-up: none, then one.
        #expect(GoldenFiles.obsoleteExpectedFiles(under: [many]).isEmpty)
        unlink(many + "/nnnnn5.trace.json")
        #expect(GoldenFiles.obsoleteExpectedFiles(under: [many]) == [many + "/nnnnn5.expected.txt"])
    }

}

/// A count that progress reports (called serially, from worker threads) add to.
private final class Counted: @unchecked Sendable {
    private(set) var value = 0
    func add() { value += 1 }
}
