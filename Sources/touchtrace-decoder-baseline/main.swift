// The JSONDecoder baseline of `touchtrace bench`, in a program of its own so that touchtrace
// itself does not load Foundation: decodes a trace with Foundation's JSONDecoder into plain
// Codable structs, puts its events into the same model as touchtrace's reader does, and prints
// the seconds that took (the best of the runs asked for).
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
    }
    var version: Int
    var events: [Event]
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
        for event in decoded.events {
            store.append(t: event.t, touches: event.touches.map { (.number(Int64($0.id)), phase(named: $0.phase), $0.x, $0.y) })
        }
    } catch {
        FileHandle.standardError.write(Data("touchtrace-decoder-baseline: \(error)\n".utf8))
        exit(1)
    }
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
print(best)
