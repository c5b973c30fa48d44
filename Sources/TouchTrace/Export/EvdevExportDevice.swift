/// The multitouch protocol B device an evemu or getevent export is written for: its axes and
/// slots, and the mapping of points onto its units (the inverse of the import's, SPEC 15).
struct EvdevExportDevice {
    struct Axis {
        var minimum: Int32
        var maximum: Int32
        var span: Double { Double(Int64(maximum) - Int64(minimum) + 1) }
    }

    /// The device as a log names it (`/dev/input/event1`, or the evemu name).
    var path: String
    var name: String
    var x: Axis
    var y: Axis
    var slots: Int
    var trackingIDMaximum: Int32
    /// `ABS_MT_PRESSURE` and `ABS_MT_TOUCH_MAJOR`, when the device has them and the trace
    /// needs them.
    var pressure: Axis?
    var major: Axis?
    /// The screen in points the x and y axes cover.
    var screen: (width: Double, height: Double)
    /// The force the top of the pressure axis stands for: the trace's `maximumForce`, else 1.
    var maximumForce: Double

    /// Units of x and y a point: a sixteenth of a point a unit, without `--device-ranges`.
    static let unitsPerPoint = 16.0
    static let defaultSlots = 10

    /// The device of `--device-ranges`, or one with `--screen`-sized axes (SPEC 18).
    static func make(for trace: Trace, survey: ExportSurvey, options: ExportOptions) throws(TraceErrors) -> EvdevExportDevice {
        let screen = options.screen ?? trace.screen
        guard screen.width > 0, screen.height > 0 else {
            throw TraceErrors(trace.source.error(at: 0, "the trace's screen is \(numberText(screen.width))x\(numberText(screen.height)) points, which no device axis can cover; give --screen WxH"))
        }
        let maximumForce = trace.header.maximumForce ?? 1
        guard let rangesSource = options.deviceRanges else {
            func axis(_ size: Double) -> Axis {
                Axis(minimum: 0, maximum: Int32(max(1, (size * unitsPerPoint).rounded())) - 1)
            }
            return EvdevExportDevice(
                path: "/dev/input/event1", name: "touchtrace touch screen", x: axis(screen.width), y: axis(screen.height),
                slots: defaultSlots, trackingIDMaximum: 65535,
                pressure: survey.hasForce ? Axis(minimum: 0, maximum: 255) : nil,
                major: survey.hasMajorRadius ? Axis(minimum: 0, maximum: 255) : nil,
                screen: screen, maximumForce: maximumForce)
        }
        let text = LogText(rangesSource)
        let isGetevent = text.find("add device", in: 0..<text.bytes.count) != nil
        let log = isGetevent ? try GeteventLog.parse(text) : try EvemuLog.parse(text)
        let candidates = log.devices.all.filter { $0.ranges[Evdev.absMTPositionX] != nil && $0.ranges[Evdev.absMTPositionY] != nil }
        guard candidates.count == 1 else {
            if candidates.isEmpty {
                throw text.error(at: 0, "no device with ABS_MT_POSITION_X and ABS_MT_POSITION_Y ranges in this file (give the 'getevent -lp' dump or the evemu-record file of a multitouch screen)")
            }
            throw text.error(at: 0, "\(candidates.count) multitouch devices in this file (\(candidates.map(\.name).joined(separator: ", "))); give the dump of one device, as 'getevent -lp /dev/input/event2'")
        }
        let d = candidates[0]
        func axis(_ code: UInt16) throws(TraceErrors) -> Axis? {
            guard let r = d.ranges[code] else { return nil }
            guard r.maximum >= r.minimum else {
                throw TraceErrors(r.error("the range of \(Evdev.codeName(type: Evdev.abs, code: code)) is empty (min \(r.minimum), max \(r.maximum))"))
            }
            return Axis(minimum: r.minimum, maximum: r.maximum)
        }
        guard let slotRange = try axis(Evdev.absMTSlot), slotRange.minimum == 0 else {
            throw text.error(at: 0, "\(d.name) has no ABS_MT_SLOT range from 0: the export writes multitouch protocol B (slots), which this device does not speak")
        }
        var pressure = try axis(Evdev.absMTPressure)
        if let p = pressure, p.maximum == p.minimum { pressure = nil }
        return EvdevExportDevice(
            path: isGetevent ? d.name : "/dev/input/event1", name: isGetevent ? "touchtrace touch screen" : d.name,
            x: try axis(Evdev.absMTPositionX)!, y: try axis(Evdev.absMTPositionY)!,
            slots: Int(min(slotRange.maximum, 1023)) + 1,
            trackingIDMaximum: try axis(Evdev.absMTTrackingID).map { max(1, $0.maximum) } ?? 65535,
            pressure: survey.hasForce ? pressure : nil,
            major: survey.hasMajorRadius ? try axis(Evdev.absMTTouchMajor) : nil,
            screen: screen, maximumForce: maximumForce)
    }

    /// A position in points as device units of `axis` covering `size` points, to the nearest
    /// unit; nil beyond 32 bits.
    static func unit(_ p: Double, _ axis: Axis, size: Double) -> Int32? {
        let v = (Double(axis.minimum) + p * axis.span / size).rounded()
        guard abs(v) <= Double(Int32.max) else { return nil }
        return Int32(v)
    }
}
