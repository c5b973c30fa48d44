import Testing
@testable import TouchTrace

/// One touch change as a device sees it: device units for place, pressure and touch major.
struct DeviceChange: Equatable, CustomStringConvertible {
    var id: Int
    var phase: TouchPhase
    var x: Int64
    var y: Int64
    var pressure: Int64?
    var major: Int64?
    var description: String { "\(id) \(phase) (\(x), \(y)) p=\(pressure.map(String.init) ?? "-") m=\(major.map(String.init) ?? "-")" }
}

struct DeviceEvent: Equatable, CustomStringConvertible {
    /// Microseconds from the first event.
    var us: Int64
    var changes: [DeviceChange]
    var description: String { "\(us)µs: " + changes.map(\.description).joined(separator: ", ") }
}

/// The default export device of a screen, worked out here from SPEC 18 (not from the exporter):
/// x and y axes of round(16·W) and round(16·H) units, pressure and touch major 0…255.
struct ExpectedDevice {
    var width: Double
    var height: Double
    var maximumForce: Double
    var unitsX: Double { max(1, (width * 16).rounded()) }
    var unitsY: Double { max(1, (height * 16).rounded()) }

    func x(_ p: Double) -> Int64 { Int64((p * unitsX / width).rounded()) }
    func y(_ p: Double) -> Int64 { Int64((p * unitsY / height).rounded()) }
    func pressure(_ f: Double) -> Int64 { min(255, Int64((f / maximumForce * 255).rounded())) }
    /// Touch major is a diameter in units of the x axis.
    func major(_ r: Double) -> Int64 { min(255, Int64((2 * r * unitsX / width).rounded())) }
}

/// Every event of a trace as a real device would carry it, by SPEC 18's rules: places,
/// pressure and touch major in device units; `stationary` entries and changes that round to
/// nothing dropped; `cancelled` written as `ended` (evdev has no cancel); ids 1, 2, … in
/// touch-down order; a touch entry without force or majorRadius keeping the touch's last ones
/// (0 at touch-down); touches still down at the end left down (the reader's final cancel is not
/// an event of the device).
func expectedDeviceEvents(_ trace: Trace, device: ExpectedDevice) -> [DeviceEvent] {
    struct Collector: TouchEventConsumer {
        var events: [(t: Double, index: Int, touches: [EventTouch])] = []
        mutating func consume(_ event: borrowing TouchEvent) { events.append((event.t, event.index, event.touches)) }
    }
    var collector = Collector()
    trace.forEachEvent(&collector)
    let withForce = collector.events.contains { $0.touches.contains { $0.force != nil } }
    let withMajor = collector.events.contains { $0.touches.contains { $0.majorRadius != nil } }
    var idOfSerial: [Int: Int] = [:]
    var shown: [Int: DeviceChange] = [:]
    var nextID = 1
    var result: [DeviceEvent] = []
    let t0 = collector.events.first?.t ?? 0
    var firstUs: Int64?
    for event in collector.events where event.index < trace.summary.eventCount {
        var changes: [DeviceChange] = []
        for touch in event.touches where touch.phase != .stationary {
            let began = touch.phase == .began
            if began {
                idOfSerial[touch.serial] = nextID
                nextID += 1
            }
            let id = idOfSerial[touch.serial]!
            let last = shown[id]
            var change = DeviceChange(id: id, phase: touch.phase == .cancelled ? .ended : touch.phase,
                                      x: device.x(touch.location.x), y: device.y(touch.location.y))
            if withForce { change.pressure = touch.force.map(device.pressure) ?? (began ? 0 : last?.pressure) }
            if withMajor { change.major = touch.majorRadius.map(device.major) ?? (began ? 0 : last?.major) }
            if touch.phase == .moved, let last, last.x == change.x, last.y == change.y, last.pressure == change.pressure, last.major == change.major {
                continue
            }
            shown[id] = change
            changes.append(change)
        }
        guard !changes.isEmpty else { continue }
        let us = Int64(((event.t - t0) * 1_000_000).rounded())
        if firstUs == nil { firstUs = us }
        result.append(DeviceEvent(us: us - firstUs!, changes: changes.sorted { $0.id < $1.id }))
    }
    return result
}

/// The events of an imported trace in device units (the import's mapping inverted).
func importedDeviceEvents(_ trace: Trace, device: ExpectedDevice) -> [DeviceEvent] {
    struct Collector: TouchEventConsumer {
        var events: [(t: Double, index: Int, touches: [EventTouch])] = []
        mutating func consume(_ event: borrowing TouchEvent) { events.append((event.t, event.index, event.touches)) }
    }
    var collector = Collector()
    trace.forEachEvent(&collector)
    return collector.events.filter { $0.index < trace.summary.eventCount }.map { event in
        DeviceEvent(us: Int64((event.t * 1_000_000).rounded()), changes: event.touches.map { touch in
            DeviceChange(id: Int(touch.id.number!), phase: touch.phase, x: device.x(touch.location.x), y: device.y(touch.location.y),
                         pressure: touch.force.map(device.pressure), major: touch.majorRadius.map(device.major))
        }.sorted { $0.id < $1.id })
    }
}

/// Exports `trace` as evemu or getevent, imports the export with the same screen and
/// maximumForce, and checks that the device events are those SPEC 18 expects.
func expectRoundTrip(_ trace: Trace, format: ExportFormat, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let screen = trace.screen
    let device = ExpectedDevice(width: screen.width, height: screen.height, maximumForce: trace.header.maximumForce ?? 1)
    let exported = try TraceExporter.export(trace, format: format)
    let again = try TraceExporter.export(trace, format: format)
    #expect(exported.bytes == again.bytes, "\(trace.path): the same trace gives other bytes", sourceLocation: sourceLocation)
    let logFormat: LogFormat = format == .evemu ? .evemu : .getevent
    let imported = try TraceImporter.importLog(SourceFile(path: trace.path + "." + format.rawValue, bytes: exported.bytes), format: logFormat,
                                               options: ImportOptions(screen: screen, maximumForce: device.maximumForce))
    let back = try Trace.parse(SourceFile(path: "imported.trace.json", bytes: imported.bytes))
    let want = expectedDeviceEvents(trace, device: device)
    let got = importedDeviceEvents(back, device: device)
    #expect(got.count == want.count, "\(trace.path) via \(format): \(got.count) events back, \(want.count) expected", sourceLocation: sourceLocation)
    for (g, w) in zip(got, want) where g != w {
        Issue.record("\(trace.path) via \(format): got \(g), expected \(w)", sourceLocation: sourceLocation)
        break
    }
    if back.screen.width != screen.width || back.screen.height != screen.height {
        Issue.record("\(trace.path) via \(format): screen \(back.screen) back, \(screen) expected", sourceLocation: sourceLocation)
    }
    let hasForce = want.contains { $0.changes.contains { $0.pressure != nil } }
    #expect(back.header.maximumForce == (hasForce ? device.maximumForce : nil), sourceLocation: sourceLocation)
}

/// Every `*.trace.json` under the repository's `traces/`, found as `verify` finds them.
func fixtureTracePaths() throws -> [String] {
    let root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(4).joined(separator: "/")
    return try Fixture.discover([root + "/traces"]).map(\.tracePath).sorted()
}

@Suite struct ExportRoundTripTests {
    @Test(arguments: [ExportFormat.evemu, .getevent])
    func everyFixtureComesBack(format: ExportFormat) throws {
        let paths = try fixtureTracePaths()
        #expect(paths.count >= 100, "found \(paths.count) fixtures")
        for path in paths {
            let trace = try Trace.read(path: path)
            try expectRoundTrip(trace, format: format)
        }
    }

    @Test(arguments: [ExportFormat.evemu, .getevent])
    func generatedTracesComeBack(format: ExportFormat) throws {
        for seed in UInt64(1)...40 {
            let json = generatedTrace(seed: seed)
            let trace = try Trace.parse(SourceFile(path: "generated-\(seed).trace.json", bytes: Array(json.utf8)))
            try expectRoundTrip(trace, format: format)
        }
    }
}

/// A generated trace: 1 to 10 fingers landing at staggered times, some never moving, lifting
/// at staggered times (some left down at the end), long pauses, times with 1 to 6 decimals,
/// force (with a maximumForce on odd seeds) and majorRadius on some seeds, string and reused ids.
func generatedTrace(seed: UInt64) -> String {
    var random = SplitMix64(state: seed)
    let fingers = Int(seed % 10) + 1
    let withForce = seed % 3 != 0
    let withRadius = seed % 4 != 1
    let maximumForce: Double? = withForce && seed % 2 == 1 ? 6.666667 : nil
    let width = [390.0, 411.43, 1280, 834.5][Int(seed % 4)]
    let height = [844.0, 914.29, 800, 1194][Int(seed % 4)]
    struct Finger { var id: String; var start: Int; var end: Int; var still: Bool; var x: Double; var y: Double; var force: Double; var radius: Double }
    var list: [Finger] = []
    let steps = 30
    for k in 0..<fingers {
        let start = random.int(0...8)
        let end = random.int(0...5) == 0 && k == fingers - 1 ? steps + 1 : start + random.int(3...(steps - 9))
        let id = k % 3 == 2 ? "\"finger-\(k)\"" : String(k + 1)
        list.append(Finger(id: id, start: start, end: end, still: random.int(0...3) == 0,
                           x: random.uniform(0, width), y: random.uniform(0, height),
                           force: random.uniform(0, maximumForce ?? 1), radius: random.uniform(2, 7.9)))
    }
    // A second touch reusing the first finger's id after it lifted.
    let reuse = list[0].end + 2 < steps
    var t = Double(seed) * 0.37
    var events: [String] = []
    for step in 0...(steps + 2) {
        t += random.int(0...6) == 0 ? random.uniform(0.5, 3) : random.uniform(0.001, 0.02)
        let decimals = Int(seed % 6) + 1
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let time = (t * scale).rounded() / scale
        var touches: [String] = []
        for i in list.indices {
            let f = list[i]
            var phase: String?
            if step == f.start { phase = "began" } else if step == f.end { phase = random.int(0...6) == 0 ? "cancelled" : "ended" }
            else if step > f.start && step < f.end {
                if f.still { phase = random.int(0...4) == 0 ? "stationary" : nil } else {
                    phase = "moved"
                    list[i].x = min(width, max(0, f.x + random.uniform(-9, 9)))
                    list[i].y = min(height, max(0, f.y + random.uniform(-9, 9)))
                    list[i].force = min(maximumForce ?? 1, max(0, f.force + random.uniform(-0.1, 0.1)))
                    list[i].radius = min(7.9, max(1, f.radius + random.uniform(-0.5, 0.5)))
                }
            }
            guard let phase else { continue }
            var touch = "{\"id\": \(f.id), \"phase\": \"\(phase)\", \"x\": \(list[i].x), \"y\": \(list[i].y)"
            if withForce && random.int(0...5) > 0 { touch += ", \"force\": \(list[i].force)" }
            if withRadius && random.int(0...5) > 0 { touch += ", \"majorRadius\": \(list[i].radius)" }
            touches.append(touch + "}")
        }
        if reuse && step == list[0].end + 1 { touches.append("{\"id\": \(list[0].id), \"phase\": \"began\", \"x\": 5, \"y\": 6}") }
        if reuse && step == list[0].end + 2 { touches.append("{\"id\": \(list[0].id), \"phase\": \"ended\", \"x\": 5, \"y\": 6.04}") }
        if touches.isEmpty { continue }
        events.append("{\"t\": \(time), \"touches\": [\(touches.joined(separator: ", "))]}")
    }
    let maximum = maximumForce.map { "\"maximumForce\": \($0),\n" } ?? ""
    return "{\"version\": 2,\n\"screen\": {\"width\": \(width), \"height\": \(height)},\n\(maximum)\"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n"
}
