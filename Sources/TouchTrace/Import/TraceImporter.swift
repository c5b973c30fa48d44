/// The recording formats `touchtrace import` reads.
public enum LogFormat: String, CaseIterable, Sendable {
    /// Android's `adb shell getevent -lt` (and `getevent -lp` range dumps).
    case getevent
    /// `evemu-record` files.
    case evemu
    /// `libinput record` YAML.
    case libinput
}

/// How a log becomes a trace.
public struct ImportOptions: Sendable {
    /// `--screen WxH`: the trace's screen in points, onto which the device's axis ranges are
    /// mapped. Without it, points are device units unchanged.
    public var screen: (width: Double, height: Double)?
    /// `--device PATH`: the device of the log to import, as the log names it.
    public var device: String?
    /// `--ranges FILE`: a `getevent -p` or `-lp` dump giving the axis ranges (getevent only).
    public var ranges: SourceFile?
    /// `--maximum-force F`: the trace's `maximumForce`, the `force` that the top of the device's
    /// `ABS_MT_PRESSURE` range stands for (default 1: force is the pressure axis from 0 to 1).
    public var maximumForce: Double

    public init(screen: (width: Double, height: Double)? = nil, device: String? = nil, ranges: SourceFile? = nil, maximumForce: Double = 1) {
        self.screen = screen
        self.device = device
        self.ranges = ranges
        self.maximumForce = maximumForce
    }
}

/// A trace made from a log: its bytes (a version 2 trace in the `events` form) and what the
/// user should know about it.
public struct ImportedTrace: Sendable {
    public var bytes: [UInt8]
    /// Problems that did not stop the import (a last frame without `SYN_REPORT`, touches still
    /// down at the end), as `path:line:column: warning: …`.
    public var warnings: [TraceError]
    /// The device the touches came from, as the log names it.
    public var device: String
    public var eventCount: Int
    public var touchCount: Int
}

/// A log read into devices and events, before the touches are worked out.
struct ParsedLog {
    var text: LogText
    /// Devices in the order they first appear: those with events and, for getevent, those of a
    /// range dump (which may have no events).
    var devices = EvdevDevices()
    /// The device of events printed without a device path (`getevent -lt /dev/input/event2`).
    var unnamedDevice: Int?

    init(text: LogText) { self.text = text }
}

/// Turns recordings of real touch screens into traces.
public enum TraceImporter {
    /// Reads `source` as a log of `format` and writes the trace of its touches.
    ///
    /// Every problem is a `TraceError` at `path:line:column` of the log (or of the ranges file):
    /// lines that cannot be read, events that break the multitouch protocol, a log without
    /// touches, a device that cannot be chosen, coordinates beyond what a trace may hold.
    public static func importLog(_ source: SourceFile, format: LogFormat, options: ImportOptions = ImportOptions()) throws(TraceErrors) -> ImportedTrace {
        let text = LogText(source)
        var log: ParsedLog
        switch format {
        case .getevent: log = try GeteventLog.parse(text)
        case .evemu: log = try EvemuLog.parse(text)
        case .libinput: log = try LibinputLog.parse(text)
        }
        if let rangesSource = options.ranges {
            guard format == .getevent else {
                throw text.error(at: 0, "--ranges is for getevent logs; \(format.rawValue) logs hold their own axis ranges")
            }
            let dump = try GeteventLog.parse(LogText(rangesSource))
            for d in dump.devices.all where !d.ranges.isEmpty && dump.unnamedDevice.map({ dump.devices[$0].name != d.name }) ?? true {
                let i = log.devices.index(of: d.name)
                log.devices[i].ranges.merge(d.ranges) { _, new in new }
            }
        }
        let device = try chooseDevice(log, options: options)
        var machine = EvdevTouchMachine(text: text, device: device)
        try machine.run(device.events)
        guard machine.touchCount > 0 else {
            throw text.error(at: 0, "no touches in this log from \(device.name) (\(device.events.count) events read): record while touching the screen, and check --device")
        }
        var warnings = machine.warnings
        if let offset = machine.unfinishedFrameOffset {
            warnings.append(text.source.error(at: offset, "warning: the log ends without a SYN_REPORT after these events; the unfinished last frame is left out"))
        }
        var writer = ImportedTraceWriter(text: text, device: device, format: format, touchProtocol: machine.touchProtocol, screen: options.screen)
        writer.maximumForce = machine.tracksPressure ? options.maximumForce : nil
        let bytes = try writer.write(machine.frames)
        let stillDown = machine.touchesDown
        if stillDown > 0 {
            warnings.append(text.source.error(at: machine.lastSyncOffset, "warning: \(stillDown == 1 ? "1 touch is" : "\(stillDown) touches are") still down at the end of the log; replay cancels \(stillDown == 1 ? "it" : "them") at the last event"))
        }
        return ImportedTrace(bytes: bytes, warnings: warnings, device: device.name, eventCount: machine.frames.count, touchCount: machine.touchCount)
    }

    /// The device to import with its axis ranges: the one named by `--device`, else the one with
    /// multitouch events (else the one with `BTN_TOUCH`), else an error that lists the devices.
    /// Events printed without a device path belong to one device; `--device` then names the
    /// device of a range dump whose ranges apply to them.
    static func chooseDevice(_ log: ParsedLog, options: ImportOptions) throws(TraceErrors) -> EvdevDevice {
        let all = log.devices.all
        if let unnamed = log.unnamedDevice {
            var device = all[unnamed]
            let dumps = all.filter { $0.name != device.name && !$0.ranges.isEmpty }
            let names = dumps.map(\.name).joined(separator: ", ")
            if let requested = options.device {
                if let dump = dumps.first(where: { $0.name == requested }) {
                    device.ranges.merge(dump.ranges) { _, new in new }
                } else if !dumps.isEmpty {
                    throw log.text.error(at: 0, "no device \(requested) in the range dump; its devices: \(names)")
                }
                device.name = requested
            } else if device.ranges.isEmpty {
                var withAxes = dumps.filter { $0.ranges[Evdev.absMTPositionX] != nil }
                if withAxes.isEmpty { withAxes = dumps.filter { $0.ranges[Evdev.absX] != nil } }
                if withAxes.count == 1 {
                    device.ranges = withAxes[0].ranges
                } else if withAxes.count > 1 && options.screen != nil {
                    let listed = withAxes.map(\.name).joined(separator: ", ")
                    throw log.text.error(at: 0, "the range dump has \(withAxes.count) touch devices; say which one recorded this log with --device: \(listed)")
                }
            }
            return device
        }
        let withEvents = all.filter { !$0.events.isEmpty }
        let names = withEvents.map(\.name).joined(separator: ", ")
        if let requested = options.device {
            if let i = log.devices.index(named: requested), !all[i].events.isEmpty { return all[i] }
            throw log.text.error(at: 0, "no events from device \(requested) in this log" + (withEvents.isEmpty ? "" : "; its devices: \(names)"))
        }
        var candidates = withEvents.filter(\.hasMultitouchEvents)
        if candidates.isEmpty { candidates = withEvents.filter(\.hasTouchButtonEvents) }
        if candidates.count == 1 { return candidates[0] }
        if candidates.isEmpty {
            throw log.text.error(at: 0, "no touches in this log: no device sends multitouch events" + (withEvents.isEmpty ? " (the log has no events)" : " (devices: \(names))"))
        }
        let listed = candidates.map(\.name).joined(separator: ", ")
        throw log.text.error(at: 0, "\(candidates.count) devices send multitouch events; choose one with --device: \(listed)")
    }
}

/// Writes the frames of a touch machine as a version 2 trace: fixed key order, one event per
/// line, numbers in their shortest round-trip form, so that the same log gives the same bytes.
struct ImportedTraceWriter {
    let text: LogText
    let device: EvdevDevice
    let format: LogFormat
    let touchProtocol: EvdevTouchMachine.TouchProtocol
    let screen: (width: Double, height: Double)?
    /// The trace's `maximumForce`, when touches carry `ABS_MT_PRESSURE` as `force`.
    var maximumForce: Double?

    /// How one axis maps device units to points.
    struct Axis {
        var name: String
        var minimum: Int64 = 0
        var span: Int64 = 1
        var size: Double?

        func point(_ v: Int32) -> Double {
            guard let size else { return Double(v) }
            return Double(Int64(v) - minimum) * size / Double(span)
        }
    }

    func axes() throws(TraceErrors) -> (Axis, Axis, screen: (Double, Double)?) {
        let (cx, cy) = touchProtocol == .singleTouch ? (Evdev.absX, Evdev.absY) : (Evdev.absMTPositionX, Evdev.absMTPositionY)
        var x = Axis(name: Evdev.codeName(type: Evdev.abs, code: cx))
        var y = Axis(name: Evdev.codeName(type: Evdev.abs, code: cy))
        let rx = device.ranges[cx], ry = device.ranges[cy]
        for (range, name) in [(rx, x.name), (ry, y.name)] {
            if let range, range.maximum < range.minimum {
                throw TraceErrors(range.source.error(at: range.offset, "the range of \(name) is empty (min \(range.minimum), max \(range.maximum))"))
            }
        }
        guard let screen else {
            // The ranges as they are, when a trace's screen can hold them.
            if let rx, let ry, rx.maximum >= 0, ry.maximum >= 0,
               Double(Int64(rx.maximum) + 1) <= TraceLimits.coordinate, Double(Int64(ry.maximum) + 1) <= TraceLimits.coordinate {
                return (x, y, (Double(Int64(rx.maximum) + 1), Double(Int64(ry.maximum) + 1)))
            }
            return (x, y, nil)
        }
        guard let rx, let ry else {
            let missing = rx == nil ? x.name : y.name
            let hint = format == .getevent ? " (give a `getevent -lp` dump with --ranges FILE)" : ""
            throw text.error(at: 0, "--screen needs the range of \(missing) of \(device.name), which this log does not give\(hint)")
        }
        x.minimum = Int64(rx.minimum); x.span = Int64(rx.maximum) - Int64(rx.minimum) + 1; x.size = screen.width
        y.minimum = Int64(ry.minimum); y.span = Int64(ry.maximum) - Int64(ry.minimum) + 1; y.size = screen.height
        return (x, y, screen)
    }

    func write(_ frames: [TouchFrame]) throws(TraceErrors) -> [UInt8] {
        let (x, y, screenSize) = try axes()
        var out: [UInt8] = []
        out.reserveCapacity(64 + frames.count * 72)
        func append(_ s: String) { out.append(contentsOf: s.utf8) }
        append("{\"version\": 2,\n\"description\": ")
        appendJSONString("imported by touchtrace import \(format.rawValue) from \(device.name)", to: &out)
        append(",\n")
        if let (w, h) = screenSize {
            append("\"screen\": {\"width\": ")
            appendShortest(w, to: &out)
            append(", \"height\": ")
            appendShortest(h, to: &out)
            append("},\n")
        }
        // Pressure from the axis minimum (0) to its maximum (maximumForce); touch major, a
        // diameter in units of the x axis, as a radius in points.
        var pressure: (minimum: Double, span: Double)?
        if let maximumForce, let range = device.ranges[Evdev.absMTPressure] {
            pressure = (Double(range.minimum), Double(Int64(range.maximum) - Int64(range.minimum)))
            append("\"maximumForce\": ")
            appendShortest(maximumForce, to: &out)
            append(",\n")
        }
        let majorScale = (x.size ?? Double(x.span)) / Double(x.span) / 2
        append("\"events\": [\n")
        let t0 = frames.first?.time ?? 0
        for (k, frame) in frames.enumerated() {
            append(k == 0 ? "{\"t\": " : ",\n{\"t\": ")
            let t = Double(frame.time - t0) / 1e9
            guard t <= TraceLimits.time else {
                throw text.error(at: frame.offset, "this event comes \(t) s after the first touch, beyond the \(TraceLimits.time) s a trace may span")
            }
            appendShortest(t, to: &out)
            append(", \"touches\": [")
            for (n, change) in frame.changes.enumerated() {
                append(n == 0 ? "{\"id\": " : ", {\"id\": ")
                append(String(change.touch))
                append(", \"phase\": \"\(change.phase)\", \"x\": ")
                let px = x.point(change.x), py = y.point(change.y)
                for (p, axis, v) in [(px, x, change.x), (py, y, change.y)] where !(abs(p) <= TraceLimits.coordinate) {
                    throw text.error(at: frame.offset, "\(axis.name) \(v) is \(p) points, beyond the ±\(Int(TraceLimits.coordinate)) a trace may hold\(screen == nil ? " (give --screen WxH to scale device units)" : "")")
                }
                appendShortest(px, to: &out)
                append(", \"y\": ")
                appendShortest(py, to: &out)
                if let p = change.pressure, let pressure, let maximumForce {
                    append(", \"force\": ")
                    appendShortest(min(TraceLimits.coordinate, max(0, (Double(p) - pressure.minimum) / pressure.span * maximumForce)), to: &out)
                }
                if let m = change.major {
                    append(", \"majorRadius\": ")
                    appendShortest(min(TraceLimits.coordinate, max(0, Double(m) * majorScale)), to: &out)
                }
                append("}")
            }
            append("]}")
        }
        append("\n]}\n")
        return out
    }
}
