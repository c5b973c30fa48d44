import TouchTrace

/// `verify`'s golden-file extras: obsolete expected files (`--prune`), the actual transcripts
/// of failed fixtures (`--artifacts DIR`), GitHub Actions annotations and the HTML report
/// (`--report FILE`).
extension VerifyCommand {
    static let goldenOptions = [
        OptionSpec(name: "prune", value: nil, help: "Delete expected files whose trace is gone (obsolete)"),
        OptionSpec(name: "artifacts", value: "DIR", help: "Write the actual transcript of each failed fixture under DIR"),
        OptionSpec(name: "report", value: "FILE", help: "Also write one self-contained HTML page for the run (failures first, with pictures)"),
    ]

    /// Whether an environment variable is set in the sense of `CI`: present, and neither empty,
    /// `0` nor `false`.
    static func isSet(_ value: String?) -> Bool {
        guard let value else { return false }
        return !(value.isEmpty || value == "0" || value == "false")
    }

    /// A usage problem with `--report` or `--artifacts`, checked before anything is written.
    static func goldenUsageProblem(_ args: ParsedArguments, paths: [String], fixtures: [Fixture]) -> String? {
        if let report = args.value("report") {
            var inputs: [String] = []
            for fixture in fixtures {
                inputs.append(fixture.tracePath)
                inputs.append(fixture.expectedPath)
                inputs.append(Scene.besidePath(of: fixture.tracePath))
            }
            if report.hasSuffix(Fixture.expectedSuffix) { return "--report will not write over an expected file: \(report)" }
            do throws(UsageError) { try OutputSafety.check(report, option: "--report", inputs: inputs) } catch { return error.message }
        }
        if let artifacts = args.value("artifacts") {
            if artifacts.isEmpty { return "--artifacts needs a folder" }
            // Inside a verified folder, the artifacts would be found by the next run as expected
            // files whose trace is gone (obsolete: a failure under CI).
            if let inside = resolvedLocation(artifacts) {
                for path in paths where OutputSafety.isDirectory(path) {
                    guard let folder = OutputSafety.realPath(path) else { continue }
                    if inside == folder || inside.hasPrefix(folder == "/" ? "/" : folder + "/") {
                        return "--artifacts \(shellWord(artifacts)) is inside the verified folder \(shellWord(path)): the next run would report the artifacts as obsolete expected files; give a folder outside it (nothing was written)"
                    }
                }
            }
            // `--artifacts .` from the checkout would put each actual transcript over its own
            // expected file.
            for fixture in fixtures {
                let target = GoldenFiles.artifactPath(for: fixture, in: artifacts)
                if let resolved = OutputSafety.realPath(target), resolved == OutputSafety.realPath(fixture.expectedPath) {
                    return "--artifacts \(artifacts) would write over the expected file \(fixture.expectedPath); give a folder outside the fixtures"
                }
            }
        }
        return nil
    }

    /// Where `path` is or would be once made: its nearest existing folder with links and `..`
    /// resolved, and the rest of the path after it (nil when nothing of it can be resolved).
    static func resolvedLocation(_ path: String) -> String? {
        var rest: [Substring] = []
        var head = path.isEmpty ? "." : path
        while true {
            if let resolved = OutputSafety.realPath(head) {
                let tail = rest.reversed().joined(separator: "/")
                return tail.isEmpty ? resolved : (resolved == "/" ? "/" : resolved + "/") + tail
            }
            guard let slash = head.lastIndex(of: "/") else {
                // A relative path none of whose folders exists starts in the working folder.
                if head == "." || head == ".." { return nil }
                rest.append(Substring(head))
                head = "."
                continue
            }
            let last = head[head.index(after: slash)...]
            if !last.isEmpty && last != "." { rest.append(last) }
            if last == ".." { return nil }
            head = slash == head.startIndex ? "/" : String(head[..<slash])
        }
    }

    /// What the golden extras add to the run's outcome.
    struct GoldenOutcome {
        /// Words for the summary line (`, 2 obsolete`).
        var summary = ""
        /// Whether they fail the run (obsolete files under CI).
        var failed = false
        /// An exit code that ends the run now (an output that cannot be written).
        var exitCode: ExitCode?
    }

    /// Reports (and with `--prune` deletes) obsolete expected files, writes artifacts, prints
    /// annotations and writes the report.
    static func finishGolden(_ args: ParsedArguments, paths: [String], shard: (index: Int, count: Int)?, obsoleteSearch: ObsoleteSearch,
                             results: [FixtureResult], comparison: TranscriptComparison, console: Console) -> GoldenOutcome {
        var outcome = GoldenOutcome()
        let environment = console.environment
        let underCI = isSet(environment["CI"])
        let annotate = environment["GITHUB_ACTIONS"] == "true"
        let paint = Paint(enabled: console.colorsOutput)

        // Obsolete expected files, shared among shards as fixtures are.
        var obsolete = obsoleteSearch.result()
        if let shard {
            obsolete = obsolete.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        var obsoleteEntries: [(path: String, pruned: Bool)] = []
        let prune = args.flag("prune")
        for path in obsolete {
            let trace = String(path.dropLast(Fixture.expectedSuffix.count)) + Fixture.traceSuffix
            if prune {
                do {
                    try GoldenFiles.prune(path)
                    console.print(paint.green("PRUNED") + " \(path) (its trace \(trace) is gone)")
                    obsoleteEntries.append((path, true))
                } catch {
                    console.printError("touchtrace verify: \(error)")
                    outcome.exitCode = .outputFailed
                    obsoleteEntries.append((path, false))
                }
            } else {
                let label = underCI ? paint.red("OBSOLETE") : "OBSOLETE"
                console.print("\(label) \(path): its trace \(trace) is gone; delete it with: touchtrace verify \(paths.joined(separator: " ")) --prune")
                if annotate && underCI {
                    console.print(GitHubAnnotation.error(file: path, line: 1, title: "obsolete expected file",
                                                         message: "\(path) has no trace \(trace); delete it or run touchtrace verify --prune"))
                }
                obsoleteEntries.append((path, false))
            }
        }
        let left = obsoleteEntries.filter { !$0.pruned }.count
        let pruned = obsoleteEntries.count - left
        if left > 0 { outcome.summary += ", \(left) obsolete" }
        if pruned > 0 { outcome.summary += ", \(pruned) pruned" }
        if left > 0 && underCI { outcome.failed = true }

        // The actual transcripts of failures: for artifacts and for the line of an annotation.
        let artifacts = args.value("artifacts")
        // Records where each differing fixture departs from its expected file, for the report.
        var differing: [Int: Set<Int>] = [:]
        for (index, result) in results.enumerated() where result.outcome.isFailure {
            let fixture = result.fixture
            var actual: [UInt8]?
            switch result.outcome {
            case .differs, .missingExpected:
                actual = try? Verifier.render(tracePath: fixture.tracePath)
            default:
                break
            }
            if let artifacts, let actual {
                let target = GoldenFiles.artifactPath(for: fixture, in: artifacts)
                do {
                    if let slash = target.lastIndex(of: "/") { try GoldenFiles.makeDirectories(String(target[..<slash])) }
                    try AtomicFile.write(actual, to: target)
                } catch {
                    console.printError("touchtrace verify: \(error)")
                    outcome.exitCode = .outputFailed
                }
            }
            if annotate {
                console.print(annotation(for: result, actual: actual, comparison: comparison))
            }
            if case .differs = result.outcome, args.value("report") != nil, let actual,
               let expected = try? SourceFile.read(path: fixture.expectedPath).bytes {
                differing[index] = GoldenFiles.differingRecords(expected: String(decoding: expected, as: UTF8.self),
                                                                actual: String(decoding: actual, as: UTF8.self), comparison: comparison)
            }
        }

        if let report = args.value("report") {
            var passedSeen = 0
            let entries = results.enumerated().map { index, result -> VerifyReport.Entry in
                // Pictures of passed fixtures only up to the report's limit (each costs a replay).
                var wanted = true
                if !result.outcome.isFailure {
                    wanted = passedSeen < VerifyReport.defaultMaximumPassedPictures
                    passedSeen += 1
                }
                let picture = wanted ? VerifyReport.picture(of: result.fixture, registry: args.registry)?.svg(differing: differing[index] ?? []) : nil
                return VerifyReport.Entry(result: result, pictureSVG: picture)
            }
            let page = VerifyReport(title: "touchtrace verify " + paths.joined(separator: " "), entries: entries,
                                    obsolete: obsoleteEntries).html()
            do {
                try AtomicFile.write(Array(page.utf8), to: report)
            } catch {
                console.printError("touchtrace verify: \(error)")
                outcome.exitCode = .outputFailed
            }
        }
        return outcome
    }

    /// The annotation of a failed fixture: on the first differing line of its expected file,
    /// on the place a broken fixture's first message names, else on the trace's first line.
    static func annotation(for result: FixtureResult, actual: [UInt8]?, comparison: TranscriptComparison) -> String {
        let fixture = result.fixture
        switch result.outcome {
        case .differs:
            var line = 1
            var detail = ""
            if let actual, let expectedBytes = try? SourceFile.read(path: fixture.expectedPath).bytes {
                let expected = String(decoding: expectedBytes, as: UTF8.self)
                let actualText = String(decoding: actual, as: UTF8.self)
                if let first = GoldenFiles.firstDifferingLine(expected: expected, actual: actualText, comparison: comparison) {
                    line = first
                    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
                    if first - 1 < expectedLines.count { detail = "\nexpected: " + expectedLines[first - 1] }
                }
            }
            return GitHubAnnotation.error(file: fixture.expectedPath, line: line, title: "\(fixture.name) differs",
                                          message: "the replay of \(fixture.tracePath) differs from \(fixture.expectedPath) from line \(line)\(detail)\n" +
                                              "If the new behaviour is right, run: touchtrace verify \(fixture.tracePath) --record failed")
        case .missingExpected:
            return GitHubAnnotation.error(file: fixture.tracePath, line: 1, title: "\(fixture.name) has no expected file",
                                          message: result.message ?? "")
        case .broken(let messages):
            let place = messages.first.flatMap(GitHubAnnotation.location(in:)) ?? (fixture.tracePath, 1)
            return GitHubAnnotation.error(file: place.file, line: max(place.line, 1), title: "\(fixture.name) cannot be replayed",
                                          message: messages.joined(separator: "\n"))
        case .passed, .recorded:
            return ""
        }
    }
}

/// The search for obsolete expected files under the paths (`GoldenFiles.obsoleteExpectedFiles`),
/// run on a thread of its own from when it is made: `verify` starts it before it surveys the
/// fixtures, so that it takes the second core's time beside the survey and then the cores'
/// time alongside the fixtures, rather than after them. What `verify` writes meanwhile cannot
/// change what it finds: expected files are written only beside their traces, through hidden
/// temporary files, and obsolete ones are pruned after it has ended.
final class ObsoleteSearch {
    private let search: BackgroundWork<[String]>

    init(paths: [String]) {
        search = BackgroundWork { GoldenFiles.obsoleteExpectedFiles(under: paths) }
    }

    /// The obsolete expected files, sorted by path (waits for the search to end).
    func result() -> [String] {
        search.value()
    }
}
