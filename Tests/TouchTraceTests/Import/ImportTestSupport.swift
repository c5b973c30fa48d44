import Testing
@testable import TouchTrace

/// A kernel event for logs written by the tests: time in microseconds, type, code, value.
struct KernelEvent: Equatable {
    var us: Int64
    var type: UInt16
    var code: UInt16
    var value: Int32
}

/// One touch of an expected trace event: id, phase, place in points.
struct ExpectedTouch: Equatable, CustomStringConvertible {
    var id: Int
    var phase: TouchPhase
    var x: Double
    var y: Double
    var description: String { "\(id) \(phase) (\(x), \(y))" }
}

/// One expected trace event.
struct ExpectedEvent: Equatable, CustomStringConvertible {
    var t: Double
    var touches: [ExpectedTouch]
    var description: String { "t=\(t): " + touches.map(\.description).joined(separator: ", ") }
}

/// A finger for generated logs: its slot and tracking id, samples (µs, x, y) from touch-down,
/// and the time it lifts (µs, after its last sample).
struct Finger {
    var slot: Int
    var trackingID: Int32
    var samples: [(us: Int64, x: Int32, y: Int32)]
    var upUs: Int64
}

/// Writes protocol B kernel events for fingers, as a driver does: `ABS_MT_SLOT` only when the
/// slot changes, values only when they differ from the slot's last ones, `BTN_TOUCH` when the
/// first finger lands and the last lifts, `MSC_TIMESTAMP` in every frame; and the trace the
/// import must make of them (device units; ids in touch-down order, changes in slot order,
/// each slot's end before its new begin). With `pressureMoves` (an import that knows the
/// pressure axis's range), a change of pressure alone moves a touch too (SPEC 19).
func protocolB(_ fingers: [Finger], pressure: Bool = true, pressureMoves: Bool = false) -> (events: [KernelEvent], expected: [ExpectedEvent]) {
    var times = Set<Int64>()
    for f in fingers {
        for s in f.samples { times.insert(s.us) }
        times.insert(f.upUs)
    }
    var events: [KernelEvent] = []
    var expected: [ExpectedEvent] = []
    var currentSlot = 0
    var slotX: [Int: Int32] = [:], slotY: [Int: Int32] = [:]
    var touchOfFinger: [Int: Int] = [:]
    var shown: [Int: (Int32, Int32)] = [:]
    var shownPressure: [Int: Int32] = [:]
    var nextTouch = 1
    var down = 0
    var t0: Int64?
    for t in times.sorted() {
        var frame: [ExpectedTouch] = []
        let wasDown = down
        let order = fingers.indices.sorted { (fingers[$0].slot, fingers[$0].upUs == t ? 0 : 1) < (fingers[$1].slot, fingers[$1].upUs == t ? 0 : 1) }
        for i in order {
            let f = fingers[i]
            func selectSlot() {
                if currentSlot != f.slot {
                    events.append(KernelEvent(us: t, type: 3, code: 0x2F, value: Int32(f.slot)))
                    currentSlot = f.slot
                }
            }
            if f.upUs == t {
                selectSlot()
                events.append(KernelEvent(us: t, type: 3, code: 0x39, value: -1))
                let p = shown[i]!
                frame.append(ExpectedTouch(id: touchOfFinger[i]!, phase: .ended, x: Double(p.0), y: Double(p.1)))
                down -= 1
            } else if let k = f.samples.firstIndex(where: { $0.us == t }) {
                let s = f.samples[k]
                selectSlot()
                if k == 0 {
                    events.append(KernelEvent(us: t, type: 3, code: 0x39, value: f.trackingID))
                    down += 1
                }
                if slotX[f.slot] != s.x { events.append(KernelEvent(us: t, type: 3, code: 0x35, value: s.x)) }
                if slotY[f.slot] != s.y { events.append(KernelEvent(us: t, type: 3, code: 0x36, value: s.y)) }
                let p = Int32(40 + k % 7)
                if pressure { events.append(KernelEvent(us: t, type: 3, code: 0x3A, value: p)) }
                slotX[f.slot] = s.x
                slotY[f.slot] = s.y
                if k == 0 {
                    touchOfFinger[i] = nextTouch
                    nextTouch += 1
                    frame.append(ExpectedTouch(id: touchOfFinger[i]!, phase: .began, x: Double(s.x), y: Double(s.y)))
                    shown[i] = (s.x, s.y)
                    shownPressure[i] = p
                } else if shown[i]! != (s.x, s.y) || (pressure && pressureMoves && shownPressure[i] != p) {
                    frame.append(ExpectedTouch(id: touchOfFinger[i]!, phase: .moved, x: Double(s.x), y: Double(s.y)))
                    shown[i] = (s.x, s.y)
                    shownPressure[i] = p
                }
            }
        }
        if wasDown == 0 && down > 0 { events.append(KernelEvent(us: t, type: 1, code: 0x14A, value: 1)) }
        if wasDown > 0 && down == 0 { events.append(KernelEvent(us: t, type: 1, code: 0x14A, value: 0)) }
        events.append(KernelEvent(us: t, type: 4, code: 5, value: Int32(truncatingIfNeeded: t)))
        events.append(KernelEvent(us: t, type: 0, code: 0, value: 0))
        if !frame.isEmpty {
            if t0 == nil { t0 = t }
            expected.append(ExpectedEvent(t: Double(t - t0!) / 1e6, touches: frame))
        }
    }
    return (events, expected)
}

/// Random strokes: gestures of one to four fingers, one after another, each finger a wandering
/// path with samples every 8 ms, some staying still for a frame.
func randomFingers(seed: UInt64, gestures: Int, maxX: Int32, maxY: Int32) -> [Finger] {
    var random = SplitMix64(state: seed)
    var fingers: [Finger] = []
    var t: Int64 = 1_000
    var trackingID: Int32 = 100
    for _ in 0..<gestures {
        let count = random.int(1...4)
        var gestureEnd = t
        for slot in 0..<count {
            var us = t + Int64(random.int(0...3)) * 8_000
            var x = Int32(random.int(0...Int(maxX))), y = Int32(random.int(0...Int(maxY)))
            var samples: [(Int64, Int32, Int32)] = []
            for _ in 0..<random.int(1...12) {
                samples.append((us, x, y))
                us += 8_000
                if random.int(0...5) > 0 {
                    x = min(maxX, max(0, x + Int32(random.int(-40...40))))
                    y = min(maxY, max(0, y + Int32(random.int(-40...40))))
                }
            }
            fingers.append(Finger(slot: slot, trackingID: trackingID, samples: samples, upUs: us))
            trackingID += 1
            gestureEnd = max(gestureEnd, us)
        }
        t = gestureEnd + Int64(random.int(1...20)) * 8_000
    }
    return fingers
}

let typeNames: [UInt16: String] = [0: "EV_SYN", 1: "EV_KEY", 3: "EV_ABS", 4: "EV_MSC"]

func codeName(_ type: UInt16, _ code: UInt16) -> String {
    if type == 4 && code == 5 { return "MSC_TIMESTAMP" }
    return Evdev.codeName(type: type, code: code)
}

/// `getevent -lt` output (or `-t` with numbers when `labels` is false), starting at `base` µs.
func geteventLog(_ events: [KernelEvent], device: String? = "/dev/input/event2", labels: Bool = true, base: Int64 = 74_366_364_227) -> String {
    events.map { e in
        let us = e.us + base
        let seconds = String(us / 1_000_000), fraction = String(us % 1_000_000)
        let time = "[" + String(repeating: " ", count: max(0, 8 - seconds.count)) + seconds + "." + String(repeating: "0", count: 6 - fraction.count) + fraction + "]"
        let path = device.map { " \($0):" } ?? ""
        let value: String
        if labels && e.type == 1 {
            value = e.value == 1 ? "DOWN" : "UP"
        } else {
            let hex = String(UInt32(bitPattern: e.value), radix: 16)
            value = String(repeating: "0", count: 8 - hex.count) + hex
        }
        if labels {
            return "\(time)\(path) \(pad(typeNames[e.type]!, 12)) \(pad(codeName(e.type, e.code), 20)) \(value)"
        }
        return "\(time)\(path) \(hex4(e.type)) \(hex4(e.code)) \(value)"
    }.joined(separator: "\n") + "\n"
}

/// A `getevent -lp` section for one device with multitouch axes.
func geteventRanges(device: String, maxX: Int32, maxY: Int32, minX: Int32 = 0, minY: Int32 = 0, resolution: Bool = true) -> String {
    let res = resolution ? ", resolution 0" : ""
    return """
    add device 1: \(device)
      name:     "touch screen"
      events:
        KEY (0001): BTN_TOUCH
        ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0\(res)
                    ABS_MT_POSITION_X     : value 0, min \(minX), max \(maxX), fuzz 0, flat 0\(res)
                    ABS_MT_POSITION_Y     : value 0, min \(minY), max \(maxY), fuzz 0, flat 0\(res)
                    ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0\(res)
                    ABS_MT_PRESSURE       : value 0, min 0, max 255, fuzz 0, flat 0\(res)
      input props:
        INPUT_PROP_DIRECT

    """
}

/// An `evemu-record` file (`old`: no `# EVEMU` line, four-number `A:` lines, no comments).
func evemuLog(_ events: [KernelEvent], maxX: Int32, maxY: Int32, old: Bool = false) -> String {
    var lines: [String] = []
    if !old { lines += ["# EVEMU 1.3", "# Kernel: 6.1.0", "# Input device name: \"Touch Screen\""] }
    lines += ["N: Touch Screen", "I: 0018 04f3 2a5b 0100", "P: 02 00 00 00 00 00 00 00", "B: 00 0b 00 00 00 00 00 00 00"]
    for (code, max) in [(0x00, maxX), (0x01, maxY), (0x2F, Int32(9)), (0x35, maxX), (0x36, maxY), (0x39, Int32(65535))] {
        let hex = String(code, radix: 16)
        lines.append("A: " + (hex.count < 2 ? "0" : "") + hex + " 0 \(max) 0 0" + (old ? "" : " 12"))
    }
    if !old { lines += ["################################", "#      Waiting for events      #", "################################"] }
    for e in events {
        let fraction = String(e.us % 1_000_000)
        var value = String(abs(e.value))
        value = (e.value < 0 ? "-" : "") + String(repeating: "0", count: max(0, (e.value < 0 ? 3 : 4) - value.count)) + value
        var line = "E: \(e.us / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction) \(hex4(e.type)) \(hex4(e.code)) \(value)"
        if !old { line += "\t# \(typeNames[e.type]!) / \(pad(codeName(e.type, e.code), 20)) \(e.value)" }
        lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
}

/// A `libinput record` file with these devices (node, x and y maxima, events), times from the
/// first event of all.
func libinputLog(_ devices: [(node: String, maxX: Int32, maxY: Int32, events: [KernelEvent])]) -> String {
    let base = devices.compactMap { $0.events.first?.us }.min() ?? 0
    var lines = ["version: 1", "ndevices: \(devices.count)", "libinput:", "  version: \"1.25.0\"", "  git: \"unknown\"",
                 "system:", "  os: \"debian:13\"", "  kernel: \"6.12.0\"", "  dmi: \"dmi:bvnLENOVO:\"", "devices:"]
    for d in devices {
        lines += ["- node: \(d.node)", "  evdev:", "    # Name: Touch Screen", "    # ID: bus 0x18 vendor 0x4f3",
                  "    name: \"Touch Screen\"", "    id: [24, 1267, 10843, 256]", "    codes:", "      0: [0, 1, 2, 3, 4] # EV_SYN",
                  "      1: [330] # EV_KEY", "      3: [0, 1, 47, 53, 54, 57, 58] # EV_ABS", "    absinfo:",
                  "      0: [0, \(d.maxX), 0, 0, 12]", "      1: [0, \(d.maxY), 0, 0, 12]", "      47: [0, 9, 0, 0, 0]",
                  "      53: [0, \(d.maxX), 0, 0, 12]", "      54: [0, \(d.maxY), 0, 0, 12]", "      57: [0, 65535, 0, 0, 0]",
                  "    properties: [1]", "  hid: [5, 13, 9, 4]", "  udev:", "    properties:", "    - ID_INPUT=1",
                  "    - ID_INPUT_TOUCHSCREEN=1", "  quirks:", "  libinput:", "    capabilities: [touch]", "  events:"]
        var lastFrameTime: Int64?
        for e in d.events {
            let t = e.us - base
            if lastFrameTime == nil {
                lines.append("  - evdev:")
                lastFrameTime = t
            }
            lines.append("    - [\(pad(String(t / 1_000_000), 3, right: true)), \(pad(String(t % 1_000_000), 6, right: true)), \(pad(String(e.type), 3, right: true)), \(pad(String(e.code), 3, right: true)), \(pad(String(e.value), 7, right: true))] # \(typeNames[e.type]!) / \(codeName(e.type, e.code))")
            if e.type == 0 && e.code == 0 {
                lastFrameTime = nil
                if t % 3 == 0 { lines += ["  - libinput:", "    - {time: \(t / 1_000_000).\(t % 1_000_000), type: TOUCH_FRAME}"] }
            }
        }
    }
    return lines.joined(separator: "\n") + "\n"
}

func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    s.count >= width ? s : right ? String(repeating: " ", count: width - s.count) + s : s + String(repeating: " ", count: width - s.count)
}

func hex4(_ v: UInt16) -> String {
    let hex = String(v, radix: 16)
    return String(repeating: "0", count: 4 - hex.count) + hex
}

/// The events of a trace, as expected ones.
struct CollectedEvents: TouchEventConsumer {
    var events: [ExpectedEvent] = []
    mutating func consume(_ event: borrowing TouchEvent) {
        events.append(ExpectedEvent(t: event.t, touches: event.touches.map {
            ExpectedTouch(id: Int($0.id.number ?? -1), phase: $0.phase, x: $0.location.x, y: $0.location.y)
        }))
    }
}

/// Imports a log written by a test; the trace it gives read back with `Trace.parse`.
func importLog(_ log: String, format: LogFormat, screen: (Double, Double)? = nil, device: String? = nil, ranges: String? = nil,
               path: String = "test.log") throws -> (imported: ImportedTrace, trace: Trace, events: [ExpectedEvent]) {
    let options = ImportOptions(screen: screen.map { (width: $0.0, height: $0.1) }, device: device,
                                ranges: ranges.map { SourceFile(path: "ranges.txt", bytes: Array($0.utf8)) })
    let imported = try TraceImporter.importLog(SourceFile(path: path, bytes: Array(log.utf8)), format: format, options: options)
    let trace = try Trace.parse(SourceFile(path: "imported.trace.json", bytes: imported.bytes))
    #expect(trace.header.version == 2)
    var collected = CollectedEvents()
    trace.forEachEvent(&collected)
    // The reader adds an event that cancels touches still down; imported logs end with none.
    return (imported, trace, collected.events)
}

/// The error an import gives, as `path:line:column: message`.
func importError(_ log: String, format: LogFormat, device: String? = nil, ranges: String? = nil, screen: (Double, Double)? = nil) -> String? {
    let options = ImportOptions(screen: screen.map { (width: $0.0, height: $0.1) }, device: device,
                                ranges: ranges.map { SourceFile(path: "ranges.txt", bytes: Array($0.utf8)) })
    do {
        _ = try TraceImporter.importLog(SourceFile(path: "test.log", bytes: Array(log.utf8)), format: format, options: options)
        return nil
    } catch {
        return error.description
    }
}

/// Replays a trace through one full-screen `spots` view and checks that every touch reaches it
/// at its time, place and phase: `spotAdded` for began, `spotMoved` for moved, `spotRemoved` for
/// ended and cancelled (UIKit's order within an event: began, moved, ended, cancelled).
func expectReplay(_ trace: Trace, matches expected: [ExpectedEvent], sourceLocation: SourceLocation = #_sourceLocation) {
    let scene = Scene(views: [SceneView(name: "v", frame: Rect(x: 0, y: 0, width: 1e7, height: 1e7),
                                        recognizers: [("spots", SpotsRecognizer())], control: nil)], origin: "test")
    let collector = RecordCollector()
    Replayer.replay(trace, scene: scene, into: collector)
    var want: [String] = []
    for e in expected {
        for phase in [TouchPhase.began, .moved, .ended, .cancelled] {
            for touch in e.touches where touch.phase == phase {
                let event = phase == .began ? "spotAdded" : phase == .moved ? "spotMoved" : "spotRemoved"
                want.append("\(e.t) \(event) \(touch.id) \(touch.x),\(touch.y)")
            }
        }
    }
    let got = collector.records.map { r -> String in
        var touch = ""
        if case .touch(let n)? = r.fields.first(where: { $0.key == "touch" })?.value { touch = String(n) }
        var center = ""
        if case .point(let p)? = r.fields.first(where: { $0.key == "center" })?.value { center = "\(p.x),\(p.y)" }
        return "\(r.t) \(r.event) \(touch) \(center)"
    }
    #expect(got == want, sourceLocation: sourceLocation)
}
