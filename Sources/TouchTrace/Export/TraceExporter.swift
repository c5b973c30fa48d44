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
public enum TraceExporter {
    /// Exports `trace` as `format`.
    ///
    /// What the format cannot express is refused with a `TraceError` at the touch in the trace
    /// (more touches down at once than the device has slots, a position beyond the device's
    /// 32-bit values), or written with a warning that says what changed (a cancelled touch where
    /// the format has no cancel). The same trace and options give the same bytes.
    public static func export(_ trace: Trace, format: ExportFormat, options: ExportOptions = ExportOptions()) throws(TraceErrors) -> ExportedRecording {
        let touches = ExportedTouches(trace)
        switch format {
        case .evemu, .getevent:
            let device = try EvdevExportDevice.make(for: trace, touches: touches, options: options)
            var frames = EvdevFrameBuilder(trace: trace, touches: touches, device: device)
            try frames.build()
            let bytes = format == .evemu ? EvemuWriter.write(frames, device: device) : GeteventWriter.write(frames, device: device)
            return ExportedRecording(bytes: bytes, warnings: frames.warnings)
        case .webdriver:
            var writer = WebDriverWriter(trace: trace, touches: touches)
            let bytes = writer.write()
            return ExportedRecording(bytes: bytes, warnings: writer.warnings)
        case .cdp:
            var writer = CDPWriter(trace: trace, touches: touches, timeOrigin: options.timeOrigin)
            let bytes = writer.write()
            return ExportedRecording(bytes: bytes, warnings: writer.warnings)
        }
    }
}

/// A trace's touches read into memory for an export: every event with its changes, each touch
/// known by its number in touch-down order.
struct ExportedTouches {
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

    var events: [Event] = []
    var touchCount = 0
    var hasForce = false
    var hasMajorRadius = false

    init(_ trace: Trace) {
        struct Collector: TouchEventConsumer {
            var result: ExportedTouches
            var touchOfSerial: [Int: Int] = [:]
            let realEvents: Int
            mutating func consume(_ event: borrowing TouchEvent) {
                var changes: [Change] = []
                changes.reserveCapacity(event.touches.count)
                for touch in event.touches {
                    let number: Int
                    if let known = touchOfSerial[touch.serial] {
                        number = known
                    } else {
                        number = result.touchCount
                        result.touchCount += 1
                        touchOfSerial[touch.serial] = number
                    }
                    if touch.phase.isEnding { touchOfSerial[touch.serial] = nil }
                    if touch.force != nil { result.hasForce = true }
                    if touch.majorRadius != nil { result.hasMajorRadius = true }
                    changes.append(Change(touch: number, id: touch.id, phase: touch.phase, x: touch.location.x, y: touch.location.y,
                                          force: touch.force, majorRadius: touch.majorRadius, offset: touch.offset))
                }
                result.events.append(Event(t: event.t, index: event.index, isFinalCancel: event.index >= realEvents, changes: changes))
            }
            static func emptyForLaterPart() -> Collector? { nil }
            mutating func appendLaterPart(_ later: Collector) {}
        }
        var collector = Collector(result: ExportedTouches(), realEvents: trace.summary.eventCount)
        trace.forEachEvent(&collector)
        self = collector.result
    }

    private init() {}

    /// The time of the first event (0 for a trace without events).
    var firstTime: Double { events.first?.t ?? 0 }
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
