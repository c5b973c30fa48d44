/// JUnit XML for CI servers: one `testcase` per fixture, failures with their messages and diffs.
/// No timing attributes: the report, like every output, is the same on every run.
public enum JUnitReport {
    public static func xml(_ results: [FixtureResult], suiteName: String = "touchtrace verify") -> String {
        let failures = results.filter { $0.outcome.isFailure }.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="\#(escape(suiteName))" tests="\#(results.count)" failures="\#(failures)" errors="0">"#,
            #"  <testsuite name="\#(escape(suiteName))" tests="\#(results.count)" failures="\#(failures)" errors="0" skipped="0">"#,
        ]
        for result in results {
            // Names and paths with control characters are written escaped, as on the terminal.
            let (group, name) = split(printable(result.fixture.name))
            let attributes = #"classname="\#(escape(group))" name="\#(escape(name))" file="\#(escape(printable(result.fixture.tracePath)))""#
            if result.outcome.isFailure {
                let kind: String
                switch result.outcome {
                case .differs: kind = "difference"
                case .missingExpected: kind = "missing-expected"
                default: kind = "broken"
                }
                let message = result.message ?? ""
                let summary = message.split(separator: "\n").first.map(String.init) ?? ""
                lines.append("    <testcase \(attributes)>")
                lines.append(#"      <failure type="\#(kind)" message="\#(escape(summary))">\#(escape(message))</failure>"#)
                lines.append("    </testcase>")
            } else {
                lines.append("    <testcase \(attributes)/>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `traces/knob/quarter-turn` → class `traces.knob`, name `quarter-turn`.
    static func split(_ name: String) -> (String, String) {
        let name = name.drop { $0 == "/" }
        guard let slash = name.lastIndex(of: "/") else { return ("touchtrace", String(name)) }
        let group = name[..<slash].replacingSlashes()
        return (group.isEmpty ? "touchtrace" : group, String(name[name.index(after: slash)...]))
    }

    /// Text safe in XML attributes and content (characters XML cannot hold become U+FFFD).
    static func escape(_ text: String) -> String { XMLText.escaped(text) }
}

extension Substring {
    func replacingSlashes() -> String {
        String(map { $0 == "/" ? "." : $0 })
    }
}
