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

/// What an import found, besides the trace it wrote (see `ImportedTrace`).
public struct ImportReport: Sendable {
    public var warnings: [TraceError]
    public var device: String
    public var eventCount: Int
    public var touchCount: Int
}

/// Where an import writes its trace, piece by piece as it is made.
public protocol ImportOutput {
    /// Takes the next bytes of the trace.
    mutating func write(_ bytes: [UInt8])
}

/// Bytes kept in memory.
struct ImportBytes: ImportOutput {
    var bytes: [UInt8] = []
    mutating func write(_ more: [UInt8]) { bytes.append(contentsOf: more) }
}

/// A log's devices and what their events are like, as read so far.
struct ParsedLog {
    /// Devices in the order they first appear: those with events and, for getevent, those of a
    /// range dump (which may have no events).
    var devices = EvdevDevices()
    /// The device of events printed without a device path (`getevent -lt /dev/input/event2`).
    var unnamedDevice: Int?
    /// The device whose events are kept in `events` for the importer (nil: events are only
    /// noted in their device).
    var collecting: Int?
    /// Events of the collected device read since the importer last took them.
    var events: [InputEvent] = []

    /// Takes note of an event of a device, and keeps it when the device is collected.
    mutating func add(_ event: InputEvent, device: Int) {
        devices[device].note(event)
        if device == collecting { events.append(event) }
    }
}

/// The reader of one log format, fed a text (a window) at a time.
private enum LogParser {
    case getevent(GeteventLog)
    case evemu(EvemuLog)
    case libinput(LibinputLog)

    init(_ format: LogFormat, collecting: Int?) {
        switch format {
        case .getevent:
            var reader = GeteventLog()
            reader.log.collecting = collecting
            self = .getevent(reader)
        case .evemu:
            self = .evemu(EvemuLog(collecting: collecting != nil))
        case .libinput:
            var reader = LibinputLog()
            reader.log.collecting = collecting
            self = .libinput(reader)
        }
    }

    mutating func read(_ text: LogText) throws(TraceErrors) {
        switch self {
        case .getevent(var reader):
            self = .evemu(EvemuLog())
            try reader.read(text)
            self = .getevent(reader)
        case .evemu(var reader):
            self = .getevent(GeteventLog())
            try reader.read(text)
            self = .evemu(reader)
        case .libinput(var reader):
            self = .evemu(EvemuLog())
            try reader.read(text)
            self = .libinput(reader)
        }
    }

    /// The collected device's events read since the last call.
    mutating func takeEvents() -> [InputEvent] {
        switch self {
        case .getevent(var reader):
            self = .evemu(EvemuLog())
            let events = reader.log.events
            reader.log.events = []
            self = .getevent(reader)
            return events
        case .evemu(var reader):
            self = .getevent(GeteventLog())
            let events = reader.takeEvents()
            self = .evemu(reader)
            return events
        case .libinput(var reader):
            self = .evemu(EvemuLog())
            let events = reader.log.events
            reader.log.events = []
            self = .libinput(reader)
            return events
        }
    }

    /// The log as read to its end (`text` is the last text read, for messages).
    func finish(_ text: LogText) throws(TraceErrors) -> ParsedLog {
        switch self {
        case .getevent(let reader): return reader.log
        case .evemu(let reader): return reader.finish()
        case .libinput(let reader):
            try reader.finish(text)
            return reader.log
        }
    }
}

/// The texts of a log, read once for each pass over it: a whole file in memory, or a file on
/// disk (or a stream spooled by `SourceFile.read(path:)`) read window by window, so that a log
/// of any size takes the memory of a window.
private enum LogTexts {
    case whole(LogText)
    case file(LogWindowReader.Input, path: String, windowSize: Int)

    /// The text of an empty log, for messages about the log as a whole.
    var empty: LogText {
        switch self {
        case .whole(let text): return text
        case .file(_, let path, _): return LogText(path: path, bytes: [], base: 0, firstLine: 1, isLast: true, earlier: nil)
        }
    }

    func forEach(_ body: (LogText) throws(TraceErrors) -> Void) throws(TraceErrors) {
        switch self {
        case .whole(let text):
            try body(text)
        case .file(let input, let path, let windowSize):
            let opened: LogWindowReader?
            do { opened = try LogWindowReader(input, windowSize: windowSize) } catch { throw TraceErrors(error) }
            guard var reader = opened else {
                throw TraceErrors(TraceError(path: path, line: 1, column: 1, message: "cannot read: the file changed while it was read"))
            }
            let earlier: @Sendable (Int) -> (line: Int, column: Int) = { LogWindowReader.location(of: $0, in: input, windowSize: windowSize) }
            while true {
                let next: LogWindowReader.Window?
                do { next = try reader.next() } catch { throw TraceErrors(error) }
                guard let window = next else { break }
                try body(LogText(path: path, bytes: window.bytes, base: window.base, firstLine: window.firstLine,
                                 isLast: window.isLast, earlier: window.base == 0 ? nil : earlier))
            }
            if reader.isUTF16 {
                throw TraceErrors(TraceError(path: path, line: 1, column: 1, message: "cannot read: the file changed while it was read"))
            }
        }
    }
}

/// Turns recordings of real touch screens into traces.
public enum TraceImporter {
    /// Reads `source` as a log of `format` and writes the trace of its touches.
    ///
    /// Every problem is a `TraceError` at `path:line:column` of the log (or of the ranges file):
    /// lines that cannot be read, events that break the multitouch protocol, a log without
    /// touches, a device that cannot be chosen, coordinates beyond what a trace may hold.
    public static func importLog(_ source: SourceFile, format: LogFormat, options: ImportOptions = ImportOptions()) throws(TraceErrors) -> ImportedTrace {
        var output = ImportBytes()
        let report = try run(.whole(LogText(source)), format: format, options: options, to: &output)
        return ImportedTrace(bytes: output.bytes, warnings: report.warnings, device: report.device,
                             eventCount: report.eventCount, touchCount: report.touchCount)
    }

    /// Reads the log at `path` (`-`: standard input) as `format` and writes the trace of its
    /// touches to `output` as it is made.
    ///
    /// A regular file is read twice, a window of `windowSize` bytes at a time (the first time
    /// for its devices and ranges, the second for the touches of the device imported), so that
    /// memory stays about the same whatever the log's size. Standard input and a pipe or FIFO
    /// given by its path are read once by `SourceFile.read(path:)` (which keeps a large stream
    /// in an unnamed temporary file) and then in windows the same way, with the same output
    /// and messages; a UTF-16 log is read whole. Problems are those of `importLog(_:format:options:)`; one
    /// found after part of the trace was written leaves that part in `output`, which the
    /// caller then throws away.
    public static func importLog(path: String, format: LogFormat, options: ImportOptions = ImportOptions(),
                                 to output: inout some ImportOutput, windowSize: Int = 1 << 20) throws(TraceErrors) -> ImportReport {
        var input = LogWindowReader.Input.path(path)
        var opened: LogWindowReader?
        do { opened = try LogWindowReader(path: path, windowSize: windowSize) } catch { throw TraceErrors(error) }
        var sourcePath = path
        if opened == nil {
            // Standard input, a pipe or a FIFO: read once (a large stream into a temporary file),
            // then window by window from there, as a file.
            let source: SourceFile
            do { source = try SourceFile.read(path: path) } catch { throw TraceErrors(error) }
            input = .source(source)
            sourcePath = source.path
            opened = LogWindowReader(source: source, windowSize: windowSize)
        }
        var readWhole = true
        if var reader = opened {
            do { _ = try reader.next() } catch { throw TraceErrors(error) }
            readWhole = reader.isUTF16
        }
        if readWhole {
            let source: SourceFile
            if case .source(let read) = input {
                source = read
            } else {
                do { source = try SourceFile.read(path: path) } catch { throw TraceErrors(error) }
            }
            return try run(.whole(LogText(source)), format: format, options: options, to: &output)
        }
        return try run(.file(input, path: sourcePath, windowSize: windowSize), format: format, options: options, to: &output)
    }

    private static func run(_ texts: LogTexts, format: LogFormat, options: ImportOptions, to output: inout some ImportOutput) throws(TraceErrors) -> ImportReport {
        // First pass: the devices, their ranges and what their events are like.
        var survey = LogParser(format, collecting: nil)
        var last = texts.empty
        try texts.forEach { (text) throws(TraceErrors) in
            try survey.read(text)
            last = text
        }
        var log = try survey.finish(last)
        let first = texts.empty
        if let rangesSource = options.ranges {
            guard format == .getevent else {
                throw first.error(at: 0, "--ranges is for getevent logs; \(format.rawValue) logs hold their own axis ranges")
            }
            let dump = try GeteventLog.parse(LogText(rangesSource))
            for d in dump.devices.all where !d.ranges.isEmpty && dump.unnamedDevice.map({ dump.devices[$0].name != d.name }) ?? true {
                let i = log.devices.index(of: d.name)
                log.devices[i].ranges.merge(d.ranges) { _, new in new }
            }
        }
        let (device, index) = try chooseDevice(log, text: first, options: options)
        // Second pass: the chosen device's events through the touch machine, each frame written
        // as it is made.
        var reading = LogParser(format, collecting: index)
        var machine = EvdevTouchMachine(text: first, device: device)
        var writer = ImportedTraceWriter(text: first, device: device, format: format, touchProtocol: machine.touchProtocol, screen: options.screen)
        writer.maximumForce = machine.tracksPressure ? options.maximumForce : nil
        try texts.forEach { (text) throws(TraceErrors) in
            try reading.read(text)
            machine.text = text
            writer.text = text
            try machine.feed(reading.takeEvents())
            for frame in machine.takeFrames() { try writer.append(frame, to: &output) }
        }
        machine.finish()
        guard machine.touchCount > 0 else {
            throw first.error(at: 0, "no touches in this log from \(device.name) (\(device.eventCount) events read): record while touching the screen, and check --device")
        }
        writer.end(to: &output)
        var warnings = machine.warnings
        if let offset = machine.unfinishedFrameOffset {
            warnings.append(machine.text.located(at: offset, "warning: the log ends without a SYN_REPORT after these events; the unfinished last frame is left out"))
        }
        let stillDown = machine.touchesDown
        if stillDown > 0 {
            warnings.append(machine.text.located(at: machine.lastSyncOffset, "warning: \(stillDown == 1 ? "1 touch is" : "\(stillDown) touches are") still down at the end of the log; replay cancels \(stillDown == 1 ? "it" : "them") at the last event"))
        }
        return ImportReport(warnings: warnings, device: device.name, eventCount: machine.frameCount, touchCount: machine.touchCount)
    }

    /// The device to import with its axis ranges: the one named by `--device`, else the one with
    /// multitouch events (else the one with `BTN_TOUCH`), else an error that lists the devices.
    /// Events printed without a device path belong to one device; `--device` then names the
    /// device of a range dump whose ranges apply to them.
    static func chooseDevice(_ log: ParsedLog, text: LogText, options: ImportOptions) throws(TraceErrors) -> (EvdevDevice, Int) {
        let all = log.devices.all
        if let unnamed = log.unnamedDevice {
            var device = all[unnamed]
            let dumps = all.filter { $0.name != device.name && !$0.ranges.isEmpty }
            let names = dumps.map(\.name).joined(separator: ", ")
            if let requested = options.device {
                if let dump = dumps.first(where: { $0.name == requested }) {
                    device.ranges.merge(dump.ranges) { _, new in new }
                } else if !dumps.isEmpty {
                    throw text.error(at: 0, "no device \(requested) in the range dump; its devices: \(names)")
                }
                device.name = requested
            } else if device.ranges.isEmpty {
                var withAxes = dumps.filter { $0.ranges[Evdev.absMTPositionX] != nil }
                if withAxes.isEmpty { withAxes = dumps.filter { $0.ranges[Evdev.absX] != nil } }
                if withAxes.count == 1 {
                    device.ranges = withAxes[0].ranges
                } else if withAxes.count > 1 && options.screen != nil {
                    let listed = withAxes.map(\.name).joined(separator: ", ")
                    throw text.error(at: 0, "the range dump has \(withAxes.count) touch devices; say which one recorded this log with --device: \(listed)")
                }
            }
            return (device, unnamed)
        }
        let withEvents = all.filter { $0.eventCount > 0 }
        let names = withEvents.map(\.name).joined(separator: ", ")
        if let requested = options.device {
            if let i = log.devices.index(named: requested), all[i].eventCount > 0 { return (all[i], i) }
            throw text.error(at: 0, "no events from device \(requested) in this log" + (withEvents.isEmpty ? "" : "; its devices: \(names)"))
        }
        var candidates = withEvents.filter(\.hasMultitouchEvents)
        if candidates.isEmpty { candidates = withEvents.filter(\.hasTouchButtonEvents) }
        if candidates.count == 1, let i = log.devices.index(named: candidates[0].name) { return (candidates[0], i) }
        if candidates.isEmpty {
            throw text.error(at: 0, "no touches in this log: no device sends multitouch events" + (withEvents.isEmpty ? " (the log has no events)" : " (devices: \(names))"))
        }
        let listed = candidates.map(\.name).joined(separator: ", ")
        throw text.error(at: 0, "\(candidates.count) devices send multitouch events; choose one with --device: \(listed)")
    }
}

/// Writes the frames of a touch machine as a version 2 trace: fixed key order, one event per
/// line, numbers in their shortest round-trip form, so that the same log gives the same bytes.
struct ImportedTraceWriter {
    /// The text being read (the window the frames come from), for messages.
    var text: LogText
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
                throw TraceErrors(range.error("the range of \(name) is empty (min \(range.minimum), max \(range.maximum))"))
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

    /// What the first frame fixes: the axes, the pressure range, the first frame's time.
    private struct Layout {
        var x: Axis
        var y: Axis
        var pressure: (minimum: Double, span: Double)?
        var majorScale: Double
        var t0: Int64
    }
    private var layout: Layout?
    /// Bytes not yet given to the output.
    private var out: [UInt8] = []

    init(text: LogText, device: EvdevDevice, format: LogFormat, touchProtocol: EvdevTouchMachine.TouchProtocol, screen: (width: Double, height: Double)?) {
        self.text = text
        self.device = device
        self.format = format
        self.touchProtocol = touchProtocol
        self.screen = screen
    }

    /// The whole trace of `frames`, in memory.
    mutating func write(_ frames: [TouchFrame]) throws(TraceErrors) -> [UInt8] {
        var output = ImportBytes()
        for frame in frames { try append(frame, to: &output) }
        end(to: &output)
        return output.bytes
    }

    /// Writes the trace's head before its first frame.
    private mutating func start(at t0: Int64) throws(TraceErrors) -> Layout {
        let (x, y, screenSize) = try axes()
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
        append("\"events\": [\n")
        return Layout(x: x, y: y, pressure: pressure, majorScale: (x.size ?? Double(x.span)) / Double(x.span) / 2, t0: t0)
    }

    /// Writes a frame as the trace's next event (the first one after the trace's head).
    mutating func append(_ frame: TouchFrame, to output: inout some ImportOutput) throws(TraceErrors) {
        func append(_ s: String) { out.append(contentsOf: s.utf8) }
        let isFirst = layout == nil
        if isFirst { layout = try start(at: frame.time) }
        guard let layout else { return }
        let (x, y) = (layout.x, layout.y)
        append(isFirst ? "{\"t\": " : ",\n{\"t\": ")
        let t = Double(frame.time - layout.t0) / 1e9
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
            if let p = change.pressure, let pressure = layout.pressure, let maximumForce {
                append(", \"force\": ")
                appendShortest(min(TraceLimits.coordinate, max(0, (Double(p) - pressure.minimum) / pressure.span * maximumForce)), to: &out)
            }
            if let m = change.major {
                append(", \"majorRadius\": ")
                appendShortest(min(TraceLimits.coordinate, max(0, Double(m) * layout.majorScale)), to: &out)
            }
            append("}")
        }
        append("]}")
        if out.count >= 1 << 16 {
            output.write(out)
            out.removeAll(keepingCapacity: true)
        }
    }

    /// Ends the trace (after at least one frame).
    mutating func end(to output: inout some ImportOutput) {
        out.append(contentsOf: "\n]}\n".utf8)
        output.write(out)
        out.removeAll()
    }
}
