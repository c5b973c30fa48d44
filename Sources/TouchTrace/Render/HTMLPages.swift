/// Self-contained HTML pages: a trace's picture, and the report of a `verify` run. Everything
/// they show is in the page (inline SVG and styles, no scripts): they load nothing from elsewhere.
public enum HTMLPage {
    static let style = """
    body{font-family:sans-serif;margin:24px;color:#222;background:#fff;line-height:1.4}
    h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 6px}
    .summary{font-size:15px;margin:0 0 16px}.failed-count{color:#b2182b;font-weight:bold}
    .paths{font-family:monospace;font-size:13px;margin:4px 0 10px;color:#444}
    .paths span{display:block}
    pre.diff{font-size:12.5px;background:#f7f7f7;border:1px solid #ddd;padding:8px;overflow-x:auto;max-height:480px}
    pre.diff .del{color:#b2182b;background:#fbe4e2}pre.diff .ins{color:#1b7837;background:#e2f3e0}
    pre.diff .hunk{color:#2166ac}pre.diff .file{font-weight:bold}
    pre.messages{font-size:12.5px;background:#fff4f2;border:1px solid #f0c4bd;padding:8px;overflow-x:auto}
    section.fixture{border-top:1px solid #ddd;margin-top:18px}
    .picture{overflow-x:auto}.picture svg{max-width:100%;height:auto}
    details{border-top:1px solid #eee;padding:4px 0}summary{cursor:pointer;font-family:monospace;font-size:13px}
    .status{font-family:sans-serif;font-size:12px;border-radius:3px;padding:1px 5px;margin-right:6px}
    .status.failed{background:#d6604d;color:#fff}.status.passed{background:#5aae61;color:#fff}
    .status.recorded{background:#2166ac;color:#fff}.status.obsolete{background:#f4a582;color:#222}
    """

    static func head(title: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" +
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n" +
            // An empty icon: the browser asks for no favicon.
            "<link rel=\"icon\" href=\"data:,\">\n" +
            "<title>\(Markup.escape(title))</title>\n<style>\n\(style)\n</style>\n</head>\n"
    }

    /// A page holding one picture (`touchtrace render --output X.html`).
    public static func picture(_ picture: TracePicture) -> String {
        var page = head(title: picture.title + " — touchtrace")
        page += "<body>\n<div class=\"picture\">\n" + picture.svg() + "</div>\n</body>\n</html>\n"
        return page
    }

    /// A unified diff as lines coloured by their kind.
    static func diff(_ text: String) -> String {
        var html = "<pre class=\"diff\">"
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            let escaped = Markup.escape(String(line))
            if line.hasPrefix("---") || line.hasPrefix("+++") {
                html += "<span class=\"file\">\(escaped)</span>\n"
            } else if line.hasPrefix("-") {
                html += "<span class=\"del\">\(escaped)</span>\n"
            } else if line.hasPrefix("+") {
                html += "<span class=\"ins\">\(escaped)</span>\n"
            } else if line.hasPrefix("@@") {
                html += "<span class=\"hunk\">\(escaped)</span>\n"
            } else {
                html += escaped + "\n"
            }
        }
        return html + "</pre>\n"
    }
}

/// The page `touchtrace verify --report FILE.html` writes: failed fixtures first, each with its
/// picture, its diff (the text `verify` prints) and both paths; then expected files whose trace
/// is gone; then the fixtures that passed, folded.
public struct VerifyReport {
    /// What the report says of one fixture.
    public struct Entry {
        public var result: FixtureResult
        /// The fixture's picture (SVG), or nil when it cannot be replayed.
        public var pictureSVG: String?

        public init(result: FixtureResult, pictureSVG: String?) {
            self.result = result
            self.pictureSVG = pictureSVG
        }
    }

    public var title: String
    public var entries: [Entry]
    /// Expected files with no trace beside them, and whether each was deleted (`--prune`).
    public var obsolete: [(path: String, pruned: Bool)]
    /// Passed fixtures beyond this many are listed without their pictures (a page with ten
    /// thousand pictures would not open).
    public var maximumPassedPictures: Int

    /// The default of `maximumPassedPictures`.
    public static let defaultMaximumPassedPictures = 300

    public init(title: String, entries: [Entry], obsolete: [(path: String, pruned: Bool)] = [],
                maximumPassedPictures: Int = VerifyReport.defaultMaximumPassedPictures) {
        self.title = title
        self.entries = entries
        self.obsolete = obsolete
        self.maximumPassedPictures = maximumPassedPictures
    }

    /// The picture of a fixture's trace with its scene (resolved as `verify` resolves it), or
    /// nil when it cannot be read.
    public static func picture(of fixture: Fixture, registry: Registry = .standard) -> TracePicture? {
        guard let trace = try? Trace.read(path: fixture.tracePath),
              let scene = try? Scene.resolve(for: trace, registry: registry) else { return nil }
        return TracePicture(trace: trace, scene: scene)
    }

    /// The whole page.
    public func html() -> String {
        let failed = entries.filter { $0.result.outcome.isFailure }
        let passed = entries.filter { !$0.result.outcome.isFailure }
        let recorded = passed.filter { $0.result.outcome == .recorded }.count
        var page = HTMLPage.head(title: title)
        page += "<body>\n<h1>\(Markup.escape(title))</h1>\n<p class=\"summary\">"
        page += failed.isEmpty ? "" : "<span class=\"failed-count\">"
        page += "\(passed.count - recorded) passed, \(failed.count) failed"
        page += failed.isEmpty ? "" : "</span>"
        if recorded > 0 { page += ", \(recorded) recorded" }
        let stillThere = obsolete.filter { !$0.pruned }.count
        if stillThere > 0 { page += ", \(stillThere) obsolete" }
        if obsolete.count > stillThere { page += ", \(obsolete.count - stillThere) pruned" }
        page += "</p>\n"

        for entry in failed {
            let result = entry.result
            let fixture = result.fixture
            page += "<section class=\"fixture failed\">\n<h2><span class=\"status failed\">failed</span>\(Markup.escape(fixture.name))</h2>\n"
            page += "<p class=\"paths\"><span>trace: \(Markup.escape(fixture.tracePath))</span>"
            page += "<span>expected: \(Markup.escape(fixture.expectedPath))</span></p>\n"
            switch result.outcome {
            case .differs(let diff):
                page += HTMLPage.diff(diff)
                page += "<p class=\"hint\">If the new behaviour is right, run: <code>touchtrace verify \(Markup.escape(fixture.tracePath)) --record failed</code>. "
                page += "In the picture, the records the expected file does not have are outlined in red.</p>\n"
            case .missingExpected, .broken:
                page += "<pre class=\"messages\">\(Markup.escape(result.message ?? ""))</pre>\n"
            case .passed, .recorded:
                break
            }
            if let svg = entry.pictureSVG { page += "<div class=\"picture\">\n" + svg + "</div>\n" }
            page += "</section>\n"
        }

        if !obsolete.isEmpty {
            page += "<section class=\"obsolete\">\n<h2>Expected files without a trace</h2>\n<ul>\n"
            for file in obsolete {
                let status = file.pruned ? "pruned" : "obsolete"
                page += "<li><span class=\"status obsolete\">\(status)</span><span class=\"paths\">\(Markup.escape(file.path))</span></li>\n"
            }
            page += "</ul>\n</section>\n"
        }

        if !passed.isEmpty {
            page += "<section class=\"passed\">\n<h2>Passed (\(passed.count))</h2>\n"
            for (i, entry) in passed.enumerated() {
                let fixture = entry.result.fixture
                let status = entry.result.outcome == .recorded ? "recorded" : "passed"
                page += "<details>\n<summary><span class=\"status \(status)\">\(status)</span>\(Markup.escape(fixture.name))</summary>\n"
                page += "<p class=\"paths\"><span>trace: \(Markup.escape(fixture.tracePath))</span>"
                page += "<span>expected: \(Markup.escape(fixture.expectedPath))</span></p>\n"
                if i < maximumPassedPictures, let svg = entry.pictureSVG {
                    page += "<div class=\"picture\">\n" + svg + "</div>\n"
                } else if i == maximumPassedPictures {
                    page += "<p>Pictures are shown for the first \(maximumPassedPictures) passed fixtures only.</p>\n"
                }
                page += "</details>\n"
            }
            page += "</section>\n"
        }
        page += "</body>\n</html>\n"
        return page
    }
}
