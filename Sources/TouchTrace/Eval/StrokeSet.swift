/// One labelled single-finger stroke of a stroke set.
public struct LabelledStroke: Sendable {
    /// What the stroke is (`check`, `v`, ...).
    public var label: String
    /// Other string or number fields of the line (`subject`, `speed`, `n`), as text, for
    /// breakdowns.
    public var fields: [String: String]
    /// The points: location in points and time in seconds.
    public var points: [(location: Point, t: Double)]
}

/// Reads stroke sets: JSON Lines, one stroke per line, as the unistroke logs of Wobbrock, Wilson
/// and Li's $1 recognizer study are published:
/// `{"gesture": "check", "subject": "s01", "speed": "fast", "n": 1, "points": [[x, y, t_ms], ...]}`.
/// `gesture` and `points` are required; `t_ms` is milliseconds from any origin. See
/// `docs/stroke-set-format.md`.
public enum StrokeSetReader {
    public static func read(path: String) throws(TraceErrors) -> [LabelledStroke] {
        let source: SourceFile
        do { source = try SourceFile.read(path: path) } catch { throw TraceErrors(error) }
        return try parse(source)
    }

    public static func parse(_ source: SourceFile) throws(TraceErrors) -> [LabelledStroke] {
        do { try checkNotEmptyOrBinary(source) } catch { throw TraceErrors(error) }
        var problems = SceneProblems(source: source, strict: false)
        var strokes: [LabelledStroke] = []
        do throws(ParseFailure) {
            try source.withBytes { buffer throws(ParseFailure) in
                var cursor = JSONCursor(buffer)
                var index = 0
                while true {
                    cursor.skipWhitespace()
                    if cursor.atEnd { break }
                    let node = try cursor.node(depth: 0)
                    if let stroke = stroke(node, index: index, problems: &problems) { strokes.append(stroke) }
                    index += 1
                    if problems.errors.count >= Diagnostics.limit { break }
                }
            }
        } catch {
            problems.add(error.offset, error.message)
        }
        if !problems.errors.isEmpty { throw TraceErrors(problems.errors) }
        if strokes.isEmpty { throw TraceErrors(source.error(at: 0, "no strokes: expected one JSON object per line")) }
        return strokes
    }

    private static func stroke(_ node: JSONNode, index: Int, problems: inout SceneProblems) -> LabelledStroke? {
        let label = "stroke \(index)"
        guard let members = node.members else {
            problems.add(node.offset, "\(label): expected an object with \"gesture\" and \"points\", found \(node.kindDescription)")
            return nil
        }
        var gesture: String?
        var points: [(location: Point, t: Double)] = []
        var fields: [String: String] = [:]
        var sawPoints = false
        for m in members {
            switch m.key {
            case "gesture":
                guard let s = m.value.string else {
                    problems.add(m.value.offset, "\(label): \"gesture\" must be a string (the stroke's label), found \(m.value.kindDescription)")
                    return nil
                }
                gesture = s
            case "points":
                sawPoints = true
                guard let list = m.value.elements, !list.isEmpty else {
                    problems.add(m.value.offset, "\(label): \"points\" must be a non-empty array of [x, y, t_ms]")
                    return nil
                }
                for (k, p) in list.enumerated() {
                    guard let triple = p.elements, triple.count == 3,
                          let x = triple[0].number, let y = triple[1].number, let ms = triple[2].number,
                          x.isFinite, y.isFinite, ms.isFinite,
                          abs(x) <= TraceLimits.coordinate, abs(y) <= TraceLimits.coordinate, abs(ms) <= TraceLimits.time else {
                        problems.add(p.offset, "\(label), point \(k): expected [x, y, t_ms] (three numbers within range), found \(p.kindDescription)")
                        return nil
                    }
                    let t = ms / 1000
                    if let previous = points.last, t < previous.t {
                        problems.add(triple[2].offset, "\(label), point \(k): time goes backwards (\(numberText(ms)) ms after \(numberText(previous.t * 1000)) ms)")
                        return nil
                    }
                    points.append((Point(x: x, y: y), t))
                }
            default:
                switch m.value.value {
                case .string(let s): fields[m.key] = s
                case .number(let v, _): fields[m.key] = numberText(v)
                default: break
                }
            }
        }
        guard let gesture else {
            problems.add(node.offset, "\(label): missing required key \"gesture\"")
            return nil
        }
        guard sawPoints else {
            problems.add(node.offset, "\(label): missing required key \"points\"")
            return nil
        }
        return LabelledStroke(label: gesture, fields: fields, points: points)
    }
}
