import TouchTrace

enum EvalCommand {
    static let command = Command(
        name: "eval",
        summary: "Measure a discrete recognizer on a labelled stroke set",
        usage: "eval STROKES --recognizer TYPE [--positive LABEL] [--set NAME=VALUE,...] [--where FIELD=V1,V2] [--by FIELD] [--format text|jsonl]",
        discussion: """
        Replays every stroke of STROKES (JSON Lines, one labelled stroke per line, as the $1
        unistroke logs: see docs/stroke-set-format.md) on its own through a view holding the
        recognizer, and counts the strokes it recognizes. For the positive label that is the
        recall; for every other label, the false accepts. Gesture designers tune a recognizer's
        parameters this way: --set overrides them, --by breaks the figures down by another field
        of the strokes (subject, speed) to show how they vary between people.
        A continuous recognizer (pan, rotation) or one that never decides (spots) is refused, and
        so is a positive label that no stroke has. Examples/strokes/checks.jsonl is a small
        labelled set to try it on (see Examples/strokes/README.md).
        Exit code: 0 measured, 2 a usage error or a bad stroke set.
        """,
        options: [
            OptionSpec(name: "recognizer", value: "TYPE", help: "The recognizer type (checkmark, checkmarkRobust, ...)"),
            OptionSpec(name: "positive", value: "LABEL", help: "The label the recognizer should accept (default: check)"),
            OptionSpec(name: "set", value: "NAME=VALUE,...", help: "Parameters of the recognizer, as in a scene (e.g. jitter=8,riseRatio=1.8)"),
            OptionSpec(name: "where", value: "FIELD=V1,V2", help: "Only strokes whose FIELD is one of the values (e.g. subject=s01,s02)"),
            OptionSpec(name: "by", value: "FIELD", help: "Also break recall and false accepts down by this field"),
            OptionSpec(name: "format", value: "FORMAT", help: "text (default, a table) or jsonl (one JSON object on one line)"),
        ],
        examples: [
            ("eval Examples/strokes/checks.jsonl --recognizer checkmarkRobust", "Recall of check and false accepts per label, on the bundled set."),
            ("eval strokes.jsonl --recognizer checkmark --by subject --format jsonl", "The seed recognizer, per subject, for a script."),
            ("eval strokes.jsonl --recognizer checkmarkRobust --set riseRatio=1.6", "Try a looser proportion rule."),
            ("eval strokes.jsonl --recognizer checkmarkRobust --where subject=s04", "Only the strokes of one person."),
        ],
        run: run)

    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard args.positionals.count == 1 else {
            console.printError(CommandLineTool.usageMessage(command, args.positionals.isEmpty ? "missing STROKES" : "expected one STROKES file"))
            return .usage
        }
        guard let typeName = args.value("recognizer") else {
            console.printError(CommandLineTool.usageMessage(command, "missing --recognizer (one of: \(args.registry.recognizers.map(\.name).joined(separator: ", ")))"))
            return .usage
        }
        let json: Bool
        do { json = try args.format() == .jsonl } catch {
            console.printError(CommandLineTool.usageMessage(command, error.message))
            return .usage
        }
        let recognizer: any Recognizer
        switch makeRecognizer(typeName, settings: args.value("set"), registry: args.registry) {
        case .success(let r): recognizer = r
        case .failure(let error):
            console.printError(CommandLineTool.usageMessage(command, error.message))
            return .usage
        }
        var strokes: [LabelledStroke]
        do {
            strokes = try StrokeSetReader.read(path: args.positionals[0])
        } catch {
            console.report(error)
            return .usage
        }
        if let filter = args.value("where") {
            let parts = filter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                console.printError(CommandLineTool.usageMessage(command, "--where takes FIELD=V1,V2, found '\(filter)'"))
                return .usage
            }
            let field = String(parts[0])
            let values = Set(parts[1].split(separator: ",").map(String.init))
            strokes = strokes.filter { $0.fields[field].map(values.contains) ?? false }
            if strokes.isEmpty {
                console.printError("touchtrace eval: no stroke has \(filter)")
                return .usage
            }
        }
        let positive = args.value("positive") ?? "check"
        if !strokes.contains(where: { $0.label == positive }) {
            var labels: [String] = []
            for stroke in strokes where !labels.contains(stroke.label) { labels.append(stroke.label) }
            labels.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            let which = args.value("positive") == nil ? "the default positive label \"check\"" : "--positive \"\(printable(positive))\""
            console.printError(CommandLineTool.usageMessage(command, "no stroke\(args.value("where") == nil ? "" : " that passes --where") is labelled with \(which); the labels are: \(labels.map(printable).joined(separator: ", "))"))
            return .usage
        }
        let evaluation = Evaluation(strokes: strokes, recognizer: recognizer, positive: positive, by: args.value("by"))
        if let index = evaluation.beganOnStroke {
            console.printError(CommandLineTool.usageMessage(command, "\(typeName) is a continuous recognizer (it began on stroke \(index + 1)): it never reaches recognized, so recall would be 0 whatever it does; eval measures discrete recognizers, which end in recognized or failed"))
            return .usage
        }
        if evaluation.decidedStrokes == 0 {
            console.printError(CommandLineTool.usageMessage(command, "\(typeName) reached neither recognized nor failed on any of the \(strokes.count) strokes: it does not judge gestures, so there is nothing to measure; eval measures discrete recognizers, which end in recognized or failed"))
            return .usage
        }
        let title = "\(typeName)\(args.value("set").map { " (\($0))" } ?? "") on \(args.positionals[0])\(args.value("where").map { " where \($0)" } ?? "")"
        return console.writeResult(json ? jsonReport(evaluation, recognizer: typeName, settings: args.value("set"), dataset: args.positionals[0])
                                        : table(evaluation, title: title), command: command.name)
    }

    /// A recognizer of the registry, with parameters given as `name=value` pairs.
    static func makeRecognizer(_ type: String, settings: String?, registry: Registry) -> Result<any Recognizer, UsageError> {
        var parameters: [(name: String, value: String)] = []
        for pair in (settings ?? "").split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, !parts[0].isEmpty else {
                return .failure(UsageError(message: "--set takes NAME=VALUE pairs separated by commas, found '\(pair)'"))
            }
            parameters.append((String(parts[0]), String(parts[1])))
        }
        do {
            return .success(try SceneReader.makeRecognizer(type: type, parameters: parameters, registry: registry))
        } catch {
            return .failure(UsageError(message: error.errors.map(\.message).joined(separator: "; ")))
        }
    }

    /// A rate as a percentage with two decimals, rounded: `49.17%`, `0.06%`.
    static func percent(_ rate: Double) -> String {
        String(fixed4((rate * 10_000).rounded() / 100).dropLast(2)) + "%"
    }

    static func table(_ e: Evaluation, title: String) -> String {
        var lines = ["\(title): \(e.strokeCount) strokes, \(e.others.count + 1) labels; positive label \"\(e.positiveLabel)\"", ""]
        let rows: [(String, Evaluation.Row, String)] =
            [("\(e.positiveLabel) (positive)", e.positive, "recall")] +
            e.others.map { ($0.label, $0, "") } +
            [(e.negatives.label, e.negatives, "false accepts")]
        let width = max(5, rows.map(\.0.count).max() ?? 0)
        lines.append("label".padding(toLength: width) + "  strokes  accepted      rate")
        for (name, row, note) in rows {
            if name == e.negatives.label { lines.append(String(repeating: "-", count: width + 28)) }
            lines.append(name.padding(toLength: width) + "  " + right(row.strokes, 7) + "  " + right(row.accepted, 8) + "  " +
                         rightText(percent(row.rate), 8) + (note.isEmpty ? "" : "  " + note))
        }
        if let field = e.byField {
            let counts = e.groups.map { ("\($0.positive.accepted)/\($0.positive.strokes)", "\($0.negatives.accepted)/\($0.negatives.strokes)") }
            let w1 = max(6, counts.map(\.0.count).max() ?? 0)
            let w2 = max(13, counts.map(\.1.count).max() ?? 0)
            lines += ["", "by \(field)".padding(toLength: width) + "  " + "recall".padding(toLength: w1 + 10) + "false accepts"]
            for (g, c) in zip(e.groups, counts) {
                lines.append(g.value.padding(toLength: width) + "  " + rightText(c.0, w1) + "  " + rightText(percent(g.positive.rate), 8) +
                             "  " + rightText(c.1, w2 - 10) + "  " + rightText(percent(g.negatives.rate), 8))
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func right(_ n: Int, _ width: Int) -> String { rightText(String(n), width) }

    private static func rightText(_ s: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - s.count)) + s
    }

    static func jsonReport(_ e: Evaluation, recognizer: String, settings: String?, dataset: String) -> String {
        var out: [UInt8] = []
        func key(_ k: String) {
            appendJSONString(k, to: &out)
            out.append(UInt8(ascii: ":"))
        }
        func string(_ s: String) { appendJSONString(s, to: &out) }
        func row(_ r: Evaluation.Row) {
            out.append(UInt8(ascii: "{"))
            key("label"); string(r.label); out.append(UInt8(ascii: ","))
            key("strokes"); appendDecimal(r.strokes, to: &out); out.append(UInt8(ascii: ","))
            key("accepted"); appendDecimal(r.accepted, to: &out); out.append(UInt8(ascii: ","))
            key("rate"); appendShortest(r.rate, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "{"))
        key("recognizer"); string(recognizer); out.append(UInt8(ascii: ","))
        key("parameters"); string(settings ?? ""); out.append(UInt8(ascii: ","))
        key("dataset"); string(dataset); out.append(UInt8(ascii: ","))
        key("strokes"); appendDecimal(e.strokeCount, to: &out); out.append(UInt8(ascii: ","))
        key("positive"); row(e.positive); out.append(UInt8(ascii: ","))
        key("recall"); appendShortest(e.positive.rate, to: &out); out.append(UInt8(ascii: ","))
        key("negatives"); row(e.negatives); out.append(UInt8(ascii: ","))
        key("labels")
        out.append(UInt8(ascii: "["))
        for (i, r) in e.others.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            row(r)
        }
        out.append(UInt8(ascii: "]"))
        if let field = e.byField {
            out.append(UInt8(ascii: ","))
            key("by"); string(field); out.append(UInt8(ascii: ","))
            key("groups")
            out.append(UInt8(ascii: "["))
            for (i, g) in e.groups.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "{"))
                key("value"); string(g.value); out.append(UInt8(ascii: ","))
                key("positive"); row(g.positive); out.append(UInt8(ascii: ","))
                key("negatives"); row(g.negatives)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}

