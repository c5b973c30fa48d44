/// The formats `touchtrace export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// An `evemu-record` file of a multitouch protocol B device, for `evemu-play` on Linux.
    case evemu
    /// `getevent -lt` text with its `getevent -lp` ranges block, for Android's replay tools.
    case getevent
    /// W3C WebDriver Actions: the body of `POST /session/{id}/actions`.
    case webdriver
    /// JSON Lines of Chrome DevTools Protocol `Input.dispatchTouchEvent` calls.
    case cdp
}

/// How a trace is exported.
public struct ExportOptions: Sendable {
    /// `--screen WxH`: the screen in points that the device's axes cover; without it, the
    /// trace's own screen.
    public var screen: (width: Double, height: Double)?
    /// `--device-ranges FILE`: a `getevent -p`/`-lp` dump or an evemu file whose device the
    /// export is for (evemu and getevent).
    public var deviceRanges: SourceFile?
    /// `--time-origin S`: seconds added to the trace's times in `cdp` timestamps.
    public var timeOrigin: Double

    public init(screen: (width: Double, height: Double)? = nil, deviceRanges: SourceFile? = nil, timeOrigin: Double = 0) {
        self.screen = screen
        self.deviceRanges = deviceRanges
        self.timeOrigin = timeOrigin
    }
}

/// An exported recording: its bytes and what changed on the way, as warnings.
public struct ExportedRecording: Sendable {
    public var bytes: [UInt8]
    /// What the format could not hold and how it was written instead (a cancel written as a
    /// lift, a force beyond the pressure axis), as `path:line:column: warning: …` of the trace.
    public var warnings: [TraceError]
}

/// Writes traces in the formats of other tools, so that real devices, browsers and test drivers
/// replay them (SPEC 18).
///
/// An export streams: the trace's events are read one at a time from the trace's source (the
/// mapped file, or the strokes they are made from) and written as they come, so that memory
/// stays flat whatever the trace's size. What a format needs before its first byte is found in
/// passes over the events before the one that writes (the trace is not copied): `prepare` reads them to
/// check the export and gather its warnings (and, for evemu and getevent, whether the device
/// needs pressure and touch-major axes); `PreparedExport.write` reads them again as it writes
/// (webdriver, whose sources are written one after another, once per batch of
/// `PreparedExport.sourcesPerPass` sources: the first is written as it is read, the others
/// into unnamed temporary files copied out after it, in order; where no temporary file can be
/// made, one source a pass).
public enum TraceExporter {
    /// Exports `trace` as `format`, into memory.
    ///
    /// What the format cannot express is refused with a `TraceError` at the touch in the trace
    /// (more touches down at once than the device has slots, a position beyond the device's
    /// 32-bit values), or written with a warning that says what changed (a cancelled touch where
    /// the format has no cancel). The same trace and options give the same bytes.
    public static func export(_ trace: Trace, format: ExportFormat, options: ExportOptions = ExportOptions()) throws(TraceErrors) -> ExportedRecording {
        let prepared = try prepare(trace, format: format, options: options)
        let memory = MemoryOutput()
        do {
            try prepared.write(to: memory)
        } catch {
            // Memory takes every byte: nothing else is thrown while writing.
            preconditionFailure("an export into memory failed: \(error)")
        }
        return ExportedRecording(bytes: memory.bytes, warnings: prepared.warnings)
    }

    /// Checks that `trace` can be exported as `format` and gathers the export's warnings,
    /// writing nothing: what `export` refuses is refused here, with the same error.
    public static func prepare(_ trace: Trace, format: ExportFormat, options: ExportOptions = ExportOptions()) throws(TraceErrors) -> PreparedExport {
        switch format {
        case .evemu, .getevent:
            let survey = ExportSurvey(trace)
            let device = try EvdevExportDevice.make(for: trace, survey: survey, options: options)
            var frames = EvdevFrameBuilder(trace: trace, device: device)
            var failure: TraceErrors?
            ExportedTouches.forEachEvent(of: trace) { event in
                do throws(TraceErrors) {
                    _ = try frames.add(event)
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            if let failure { throw failure }
            return PreparedExport(trace: trace, format: format, options: options, warnings: frames.warnings,
                                  device: device, sourceNames: [])
        case .webdriver:
            var ticks = WebDriverTicks(trace: trace, writing: 0..<0)
            ExportedTouches.forEachEvent(of: trace) { event in
                ticks.add(event) { _, _ in }
                return true
            }
            return PreparedExport(trace: trace, format: format, options: options, warnings: ticks.warnings,
                                  device: nil, sourceNames: ticks.sourceNames)
        case .cdp:
            var writer = CDPWriter(trace: trace, timeOrigin: options.timeOrigin)
            var nothing: [UInt8] = []
            ExportedTouches.forEachEvent(of: trace) { event in
                writer.add(event, to: &nothing, writing: false)
                return true
            }
            return PreparedExport(trace: trace, format: format, options: options, warnings: writer.warnings,
                                  device: nil, sourceNames: [])
        }
    }
}

/// An export checked by `TraceExporter.prepare`, ready to be written.
public struct PreparedExport {
    /// How many webdriver sources one pass over the events writes (the first to the output,
    /// the others each into a temporary file until the pass ends).
    static let sourcesPerPass = 32

    let trace: Trace
    let format: ExportFormat
    let options: ExportOptions
    /// What the format could not hold and how it is written instead (a cancel written as a
    /// lift, a force beyond the pressure axis), as `path:line:column: warning: …` of the trace.
    public let warnings: [TraceError]
    /// The device of an evemu or getevent export.
    let device: EvdevExportDevice?
    /// The names of a webdriver export's sources, in order.
    let sourceNames: [String]

    /// Writes the export to `output` as it reads the trace's events again, in pieces of about
    /// 64 KiB. Throws what `output` throws (an `OutputError`), having written part of the export.
    public func write(to output: ByteOutput) throws {
        var out = ExportOutput(output)
        switch format {
        case .evemu, .getevent:
            guard let device else { preconditionFailure("an evdev export prepared without its device") }
            let isEvemu = format == .evemu
            out.bytes += isEvemu ? EvemuWriter.header(device) : GeteventWriter.header(device)
            var frames = EvdevFrameBuilder(trace: trace, device: device)
            ExportedTouches.forEachEvent(of: trace) { event in
                // Checked by `prepare`: the same events give the same frames, without error.
                guard let frame = try? frames.add(event) else { return true }
                if isEvemu { EvemuWriter.append(frame, to: &out.bytes) } else { GeteventWriter.append(frame, device: device, to: &out.bytes) }
                return out.handOverIfFull()
            }
        case .webdriver:
            WebDriverTicks.writeHead(to: &out.bytes)
            var first = 0
            while first < sourceNames.count && out.failure == nil {
                // One pass writes a batch of sources: the first straight to the output, the
                // others each into an unnamed temporary file, copied out after it in order.
                // Without temporary files, a source a pass.
                var spools: [UnnamedTemporaryFile] = []
                for _ in 1..<min(Self.sourcesPerPass, sourceNames.count - first) {
                    guard let spool = try? UnnamedTemporaryFile(prefix: "touchtrace-export") else { break }
                    spools.append(spool)
                }
                let batch = first..<(first + 1 + spools.count)
                var spooled = spools.map { ExportOutput($0.output) }
                WebDriverTicks.writeSourceHead(sourceNames[first], first: first == 0, to: &out.bytes)
                for (k, source) in batch.dropFirst().enumerated() {
                    WebDriverTicks.writeSourceHead(sourceNames[source], first: false, to: &spooled[k].bytes)
                }
                var ticks = WebDriverTicks(trace: trace, writing: batch)
                var tick = 0
                ExportedTouches.forEachEvent(of: trace) { event in
                    ticks.add(event) { pause, actions in
                        WebDriverTicks.writeTick(tick, pause: pause, action: actions[0], to: &out.bytes)
                        for k in spooled.indices {
                            WebDriverTicks.writeTick(tick, pause: pause, action: actions[k + 1], to: &spooled[k].bytes)
                        }
                        tick += 1
                    }
                    var going = out.handOverIfFull()
                    for k in spooled.indices where !spooled[k].handOverIfFull() { going = false }
                    return going
                }
                if out.failure != nil { break }
                WebDriverTicks.writeSourceEnd(to: &out.bytes)
                for k in spooled.indices {
                    let source = sourceNames[batch.lowerBound + 1 + k]
                    WebDriverTicks.writeSourceEnd(to: &spooled[k].bytes)
                    do {
                        try spooled[k].finish()
                    } catch {
                        throw ExportSpoolFailure(source: source, reading: false, reason: "\(error)")
                    }
                    // The bytes before the spooled source's go first.
                    try out.flush()
                    do {
                        try spools[k].copyAll(to: output)
                    } catch let failure as FileReadFailure {
                        throw ExportSpoolFailure(source: source, reading: true, reason: failure.reason)
                    }
                }
                first = batch.upperBound
            }
            WebDriverTicks.writeEnd(to: &out.bytes)
        case .cdp:
            var writer = CDPWriter(trace: trace, timeOrigin: options.timeOrigin)
            ExportedTouches.forEachEvent(of: trace) { event in
                writer.add(event, to: &out.bytes)
                return out.handOverIfFull()
            }
        }
        try out.finish()
    }
}

/// A temporary file that held one webdriver pointer source's actions during an export could
/// not be written or read back (its folder, `TMPDIR` or /tmp, full or gone): the export stops
/// there, having written part of its output.
public struct ExportSpoolFailure: Error, CustomStringConvertible, Sendable {
    /// The pointer source whose actions the file held.
    public let source: String
    /// Whether reading it back failed (else writing it).
    public let reading: Bool
    /// The system's reason.
    public let reason: String

    public var description: String {
        "the temporary file holding pointer source \"\(source)\" (in TMPDIR, else /tmp) could not be \(reading ? "read back" : "written"): \(reason)"
    }
}

/// The bytes of an export on their way to its output: gathered in memory and handed over when
/// about 64 KiB have gathered, and at the end.
struct ExportOutput {
    private let output: ByteOutput
    /// The bytes not yet handed over.
    var bytes: [UInt8] = []
    /// The first error of the output; nothing is handed over after it.
    private(set) var failure: (any Error)?

    /// Bytes gathered before they are handed over.
    static let pieceSize = 1 << 16

    init(_ output: ByteOutput) {
        self.output = output
        bytes.reserveCapacity(Self.pieceSize + Self.pieceSize / 2)
    }

    /// Hands the bytes over if there are a piece's worth: whether the output took them (false
    /// once it has failed).
    mutating func handOverIfFull() -> Bool {
        guard failure == nil else { return false }
        if bytes.count >= Self.pieceSize { handOver() }
        return failure == nil
    }

    private mutating func handOver() {
        do {
            try output.write(bytes)
        } catch {
            failure = error
        }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Hands over what has gathered now; throws the output's first error.
    mutating func flush() throws {
        if failure == nil && !bytes.isEmpty { handOver() }
        if let failure { throw failure }
    }

    /// Hands over the rest; throws the output's first error.
    mutating func finish() throws {
        if failure == nil && !bytes.isEmpty { handOver() }
        if let failure { throw failure }
    }
}

/// What an evdev export must know before it writes: whether the trace's touches have force
/// and a major radius (the device then has those axes). One pass over the events.
struct ExportSurvey {
    var hasForce = false
    var hasMajorRadius = false

    init(_ trace: Trace) {
        var hasForce = false, hasMajorRadius = false
        ExportedTouches.forEachEvent(of: trace) { event in
            for change in event.changes {
                if change.force != nil { hasForce = true }
                if change.majorRadius != nil { hasMajorRadius = true }
            }
            return true
        }
        self.hasForce = hasForce
        self.hasMajorRadius = hasMajorRadius
    }
}

/// A trace's touches as an export sees them: every event with its changes, each touch known by
/// its number in touch-down order, handed on one event at a time.
enum ExportedTouches {
    struct Change {
        /// The touch's number in touch-down order (0, 1, …; a reused id is a new touch).
        var touch: Int
        /// The id as the trace writes it, for messages.
        var id: TouchID
        var phase: TouchPhase
        /// Points.
        var x: Double
        var y: Double
        var force: Double?
        var majorRadius: Double?
        /// Byte offset of the touch in the trace, for messages.
        var offset: Int
    }

    struct Event {
        /// Seconds, as in the trace.
        var t: Double
        var index: Int
        /// The event the reader adds at the end, cancelling the touches still down.
        var isFinalCancel: Bool
        var changes: [Change]
    }

    /// Reads the trace's events (its source again: nothing is kept) and hands each to `body`,
    /// in order, until `body` returns false; the rest are read and let go.
    static func forEachEvent(of trace: Trace, _ body: (Event) -> Bool) {
        withoutActuallyEscaping(body) { body in
            var collector = Collector(body: body, realEvents: trace.summary.eventCount)
            trace.forEachEvent(&collector)
        }
    }

    private struct Collector: TouchEventConsumer {
        let body: (Event) -> Bool
        let realEvents: Int
        var wanted = true
        var touchCount = 0
        var touchOfSerial: [Int: Int] = [:]

        init(body: @escaping (Event) -> Bool, realEvents: Int) {
            self.body = body
            self.realEvents = realEvents
        }

        mutating func consume(_ event: borrowing TouchEvent) {
            guard wanted else { return }
            var changes: [Change] = []
            changes.reserveCapacity(event.touches.count)
            for touch in event.touches {
                let number: Int
                if let known = touchOfSerial[touch.serial] {
                    number = known
                } else {
                    number = touchCount
                    touchCount += 1
                    touchOfSerial[touch.serial] = number
                }
                if touch.phase.isEnding { touchOfSerial[touch.serial] = nil }
                changes.append(Change(touch: number, id: touch.id, phase: touch.phase, x: touch.location.x, y: touch.location.y,
                                      force: touch.force, majorRadius: touch.majorRadius, offset: touch.offset))
            }
            wanted = body(Event(t: event.t, index: event.index, isFinalCancel: event.index >= realEvents, changes: changes))
        }

        static func emptyForLaterPart() -> Collector? { nil }
        mutating func appendLaterPart(_ later: Collector) {}
    }
}

/// `n` written in decimal, at least `width` digits (zeros in front, after a minus sign).
func zeroPadded(_ n: Int64, _ width: Int) -> String {
    let digits = String(n.magnitude)
    let padded = digits.count >= width - (n < 0 ? 1 : 0) ? digits : String(repeating: "0", count: width - (n < 0 ? 1 : 0) - digits.count) + digits
    return (n < 0 ? "-" : "") + padded
}

/// Microseconds as `SECONDS.MICROSECONDS` (six digits), as evemu and getevent print times.
func microsecondsText(_ us: Int64) -> String {
    String(us / 1_000_000) + "." + zeroPadded(us % 1_000_000, 6)
}
