// The JSONDecoder baseline of `touchtrace bench`, in a program of its own so that touchtrace
// itself does not load Foundation: decodes a trace with Foundation's JSONDecoder into plain
// Codable structs, puts its events into the same model as touchtrace's reader does, and prints
// the seconds that took (the best of the runs asked for). It reads every shape `touchtrace bench`
// writes: touches with `force` and `majorRadius`, and the `strokes` form (merged into events by
// time, points at equal times in stroke order, as touchtrace does).
//
//     touchtrace-decoder-baseline TRACE [RUNS]

import Foundation
import TouchTrace

struct CodableTrace: Decodable {
    struct Event: Decodable {
        var t: Double
        var touches: [Touch]
    }
    struct Touch: Decodable {
        var id: Int
        var phase: String
        var x: Double
        var y: Double
        var force: Double?
        var majorRadius: Double?
    }
    struct Stroke: Decodable {
        var id: Int
        var points: [[Double]]
    }
    var version: Int
    var events: [Event]?
    var strokes: [Stroke]?
}

/// The strokes' points as events: sorted by time, equal times in stroke order; a stroke begins
/// at its first point and ends at its last.
func events(of strokes: [CodableTrace.Stroke]) -> [CodableTrace.Event] {
    var points: [(t: Double, stroke: Int, touch: CodableTrace.Touch)] = []
    for (s, stroke) in strokes.enumerated() {
        for (k, point) in stroke.points.enumerated() where point.count == 3 {
            let phase = k == 0 ? "began" : (k == stroke.points.count - 1 ? "ended" : "moved")
            points.append((point[0], s, CodableTrace.Touch(id: stroke.id, phase: phase, x: point[1], y: point[2])))
        }
    }
    points.sort { ($0.t, $0.stroke) < ($1.t, $1.stroke) }
    var events: [CodableTrace.Event] = []
    for point in points {
        if let last = events.last, last.t == point.t {
            events[events.count - 1].touches.append(point.touch)
        } else {
            events.append(CodableTrace.Event(t: point.t, touches: [point.touch]))
        }
    }
    return events
}

func phase(named name: String) -> TouchPhase {
    TouchPhase.allCases.first { $0.description == name } ?? .moved
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: touchtrace-decoder-baseline TRACE [RUNS]\n".utf8))
    exit(2)
}
let runs = arguments.count >= 3 ? max(1, Int(arguments[2]) ?? 1) : 1
var best = Double.infinity
for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    do {
        let decoded = try JSONDecoder().decode(CodableTrace.self, from: data)
        var store = EventStore()
        for event in decoded.events ?? events(of: decoded.strokes ?? []) {
            store.append(t: event.t, touches: event.touches.map { (.number(Int64($0.id)), phase(named: $0.phase), $0.x, $0.y) })
        }
    } catch {
        FileHandle.standardError.write(Data("touchtrace-decoder-baseline: \(error)\n".utf8))
        exit(1)
    }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
print(best)
