/// How a discrete recognizer fares on a labelled stroke set: how many strokes of each label it
/// recognizes. For a positive label that is the recall; for the others, false accepts.
public struct Evaluation: Sendable {
    public struct Row: Sendable, Equatable {
        public var label: String
        public var strokes: Int
        public var accepted: Int
        public var rate: Double { strokes == 0 ? 0 : Double(accepted) / Double(strokes) }
    }

    /// A breakdown by another field of the strokes (`subject`, `speed`).
    public struct Group: Sendable, Equatable {
        public var value: String
        public var positive: Row
        public var negatives: Row
    }

    public var positiveLabel: String
    public var strokeCount: Int
    /// The positive label's row: its rate is the recall.
    public var positive: Row
    /// Every other label, sorted by label.
    public var others: [Row]
    /// All the other labels together.
    public var negatives: Row
    public var byField: String?
    public var groups: [Group]

    /// Replays every stroke on its own through a view holding `recognizer` (a fresh copy each
    /// time) and counts those that reach `recognized`. A stroke begins at its first point,
    /// moves through the middle ones and ends at its last.
    public init(strokes: [LabelledStroke], recognizer: any Recognizer, positive: String, by field: String? = nil) {
        var counts: [String: (strokes: Int, accepted: Int)] = [:]
        var groupCounts: [String: (p: Int, pa: Int, n: Int, na: Int)] = [:]
        for stroke in strokes {
            let accepted = Self.recognizes(recognizer, stroke)
            counts[stroke.label, default: (0, 0)].strokes += 1
            if accepted { counts[stroke.label, default: (0, 0)].accepted += 1 }
            if let field {
                let value = stroke.fields[field] ?? "(none)"
                var g = groupCounts[value, default: (0, 0, 0, 0)]
                if stroke.label == positive {
                    g.p += 1
                    if accepted { g.pa += 1 }
                } else {
                    g.n += 1
                    if accepted { g.na += 1 }
                }
                groupCounts[value] = g
            }
        }
        let p = counts[positive] ?? (0, 0)
        self.positiveLabel = positive
        self.strokeCount = strokes.count
        self.positive = Row(label: positive, strokes: p.strokes, accepted: p.accepted)
        self.others = counts.filter { $0.key != positive }.map { Row(label: $0.key, strokes: $0.value.strokes, accepted: $0.value.accepted) }
            .sorted { Array($0.label.utf8).lexicographicallyPrecedes(Array($1.label.utf8)) }
        self.negatives = Row(label: "all other labels", strokes: others.reduce(0) { $0 + $1.strokes }, accepted: others.reduce(0) { $0 + $1.accepted })
        self.byField = field
        self.groups = groupCounts.map { value, g in
            Group(value: value, positive: Row(label: positive, strokes: g.p, accepted: g.pa),
                  negatives: Row(label: "all other labels", strokes: g.n, accepted: g.na))
        }.sorted { Array($0.value.utf8).lexicographicallyPrecedes(Array($1.value.utf8)) }
    }

    /// Whether the recognizer recognizes one stroke.
    public static func recognizes(_ recognizer: any Recognizer, _ stroke: LabelledStroke) -> Bool {
        guard let first = stroke.points.first else { return false }
        var minX = first.location.x, maxX = minX, minY = first.location.y, maxY = minY
        for p in stroke.points {
            minX = min(minX, p.location.x); maxX = max(maxX, p.location.x)
            minY = min(minY, p.location.y); maxY = max(maxY, p.location.y)
        }
        // The view is the stroke's bounding box, on the screen where the stroke was drawn.
        let view = SceneView(name: "pad", frame: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY),
                             recognizers: [("recognizer", recognizer)])
        let sink = RecognitionSink()
        var replayer = Replayer(scene: Scene(views: [view], origin: "eval"), sink: sink)
        var event = TouchEvent(index: 0, t: 0, touches: [])
        let points = stroke.points.count == 1 ? [first, first] : stroke.points
        for (k, p) in points.enumerated() {
            let phase: TouchPhase = k == 0 ? .began : (k == points.count - 1 ? .ended : .moved)
            event.index = k
            event.t = p.t
            event.touches = [EventTouch(id: .number(1), phase: phase, location: p.location, force: nil, majorRadius: nil,
                                        slot: 0, serial: 0, offset: 0)]
            replayer.consume(event)
            if sink.decided { break }
        }
        if !sink.decided { replayer.finish() }
        return sink.recognized
    }
}

/// Notes whether a recognizer reached a final state, and whether it was `recognized`.
private final class RecognitionSink: RecordSink {
    var recognized = false
    var decided = false

    func write(_ record: Record) {
        guard record.event.description == "state", case .name(let to)? = record.fields.first(where: { $0.key == "to" })?.value else { return }
        switch to.description {
        case "recognized":
            recognized = true
            decided = true
        case "failed", "cancelled", "ended":
            decided = true
        default:
            break
        }
    }
}
