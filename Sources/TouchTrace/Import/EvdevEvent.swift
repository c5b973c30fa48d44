/// One kernel input event (`struct input_event`) as a log prints it, with where it was printed.
struct InputEvent: Sendable {
    /// Time in nanoseconds, on the log's clock (any origin).
    var time: Int64
    var type: UInt16
    var code: UInt16
    var value: Int32
    /// Byte offset of the event in its log, for messages.
    var offset: Int
}

/// The range of an absolute axis in device units, as the kernel reports it (`input_absinfo`).
struct AxisRange: Sendable {
    var minimum: Int32
    var maximum: Int32
    /// Where the range was read, for messages.
    var path: String
    var line: Int
    var column: Int

    init(minimum: Int32, maximum: Int32, in text: LogText, at offset: Int) {
        self.minimum = minimum
        self.maximum = maximum
        path = text.path
        (line, column) = text.location(of: offset)
    }

    /// A problem with the range, located where it was read.
    func error(_ message: String) -> TraceError {
        TraceError(path: path, line: line, column: column, message: message)
    }
}

/// One input device of a log: what its events are like (the events themselves go to the
/// importer as they are read) and the axis ranges the log gives for it.
struct EvdevDevice: Sendable {
    /// The device as the log names it: `/dev/input/event2`, or a name where the log has no paths.
    var name: String
    /// Axis ranges by `ABS_*` code.
    var ranges: [UInt16: AxisRange] = [:]
    /// How many events the log has from the device.
    var eventCount = 0
    /// Whether any event is a multitouch one (`ABS_MT_*` or `SYN_MT_REPORT`).
    var hasMultitouchEvents = false
    /// Whether any event is `BTN_TOUCH` (a single-touch screen has only that and `ABS_X`/`ABS_Y`).
    var hasTouchButtonEvents = false
    /// Whether any event is `SYN_MT_REPORT` (multitouch protocol A).
    var hasContactReports = false
    /// Whether any event is `ABS_MT_TOUCH_MAJOR`.
    var hasTouchMajorEvents = false

    init(name: String) { self.name = name }

    /// Takes note of an event of the device.
    mutating func note(_ e: InputEvent) {
        eventCount += 1
        if e.type == Evdev.abs {
            if Evdev.isMultitouch(e.code) { hasMultitouchEvents = true }
            if e.code == Evdev.absMTTouchMajor { hasTouchMajorEvents = true }
        } else if e.type == Evdev.syn && e.code == Evdev.synMTReport {
            hasMultitouchEvents = true
            hasContactReports = true
        } else if e.type == Evdev.key && e.code == Evdev.btnTouch {
            hasTouchButtonEvents = true
        }
    }
}

/// Devices of a log in the order they first appear.
struct EvdevDevices: Sendable {
    private(set) var all: [EvdevDevice] = []
    private var indexByName: [String: Int] = [:]

    /// The index of the device with this name, added when new.
    mutating func index(of name: String) -> Int {
        if let i = indexByName[name] { return i }
        indexByName[name] = all.count
        all.append(EvdevDevice(name: name))
        return all.count - 1
    }

    func index(named name: String) -> Int? { indexByName[name] }

    /// In place (a get-and-set would copy a device's events for every event appended).
    subscript(i: Int) -> EvdevDevice {
        get { all[i] }
        _modify { yield &all[i] }
    }
}

/// Event types and codes of the Linux input layer (`linux/input-event-codes.h`), and their names.
enum Evdev {
    static let syn: UInt16 = 0x00
    static let key: UInt16 = 0x01
    static let abs: UInt16 = 0x03

    static let synReport: UInt16 = 0
    static let synMTReport: UInt16 = 2
    static let synDropped: UInt16 = 3

    static let btnTouch: UInt16 = 0x14A

    static let absX: UInt16 = 0x00
    static let absY: UInt16 = 0x01
    static let absMTSlot: UInt16 = 0x2F
    static let absMTPositionX: UInt16 = 0x35
    static let absMTPositionY: UInt16 = 0x36
    static let absMTTrackingID: UInt16 = 0x39
    static let absMTTouchMajor: UInt16 = 0x30
    static let absMTToolType: UInt16 = 0x37
    static let absMTPressure: UInt16 = 0x3A

    /// `getevent -l`'s labels of `ABS_MT_TOOL_TYPE` values (`linux/input.h`).
    static let toolTypeNames: [(String, Int32)] = [
        ("MT_TOOL_FINGER", 0), ("MT_TOOL_PEN", 1), ("MT_TOOL_PALM", 2), ("MT_TOOL_DIAL", 0x0A),
    ]

    /// The largest event type the kernel defines (`EV_MAX`) and the largest code (`KEY_MAX`).
    static let maxType: UInt16 = 0x1F
    static let maxCode: UInt16 = 0x2FF

    /// A code given by a name this importer accepts but does not model (`KEY_VOLUMEUP`, `MSC_SCAN`).
    static let otherCode: UInt16 = 0xFFFF

    /// Whether an `EV_ABS` code is a multitouch axis (`ABS_MT_*`).
    static func isMultitouch(_ code: UInt16) -> Bool { code >= 0x2F && code <= 0x3D }

    static let typeNames: [(String, UInt16)] = [
        ("EV_SYN", 0x00), ("EV_KEY", 0x01), ("EV_REL", 0x02), ("EV_ABS", 0x03), ("EV_MSC", 0x04),
        ("EV_SW", 0x05), ("EV_LED", 0x11), ("EV_SND", 0x12), ("EV_REP", 0x14), ("EV_FF", 0x15),
        ("EV_PWR", 0x16), ("EV_FF_STATUS", 0x17),
    ]

    static let synNames: [(String, UInt16)] = [
        ("SYN_REPORT", 0), ("SYN_CONFIG", 1), ("SYN_MT_REPORT", 2), ("SYN_DROPPED", 3),
    ]

    static let absNames: [(String, UInt16)] = [
        ("ABS_X", 0x00), ("ABS_Y", 0x01), ("ABS_Z", 0x02), ("ABS_RX", 0x03), ("ABS_RY", 0x04),
        ("ABS_RZ", 0x05), ("ABS_THROTTLE", 0x06), ("ABS_RUDDER", 0x07), ("ABS_WHEEL", 0x08),
        ("ABS_GAS", 0x09), ("ABS_BRAKE", 0x0A), ("ABS_HAT0X", 0x10), ("ABS_HAT0Y", 0x11),
        ("ABS_HAT1X", 0x12), ("ABS_HAT1Y", 0x13), ("ABS_HAT2X", 0x14), ("ABS_HAT2Y", 0x15),
        ("ABS_HAT3X", 0x16), ("ABS_HAT3Y", 0x17), ("ABS_PRESSURE", 0x18), ("ABS_DISTANCE", 0x19),
        ("ABS_TILT_X", 0x1A), ("ABS_TILT_Y", 0x1B), ("ABS_TOOL_WIDTH", 0x1C), ("ABS_VOLUME", 0x20),
        ("ABS_PROFILE", 0x21), ("ABS_MISC", 0x28), ("ABS_RESERVED", 0x2E), ("ABS_MT_SLOT", 0x2F),
        ("ABS_MT_TOUCH_MAJOR", 0x30), ("ABS_MT_TOUCH_MINOR", 0x31), ("ABS_MT_WIDTH_MAJOR", 0x32),
        ("ABS_MT_WIDTH_MINOR", 0x33), ("ABS_MT_ORIENTATION", 0x34), ("ABS_MT_POSITION_X", 0x35),
        ("ABS_MT_POSITION_Y", 0x36), ("ABS_MT_TOOL_TYPE", 0x37), ("ABS_MT_BLOB_ID", 0x38),
        ("ABS_MT_TRACKING_ID", 0x39), ("ABS_MT_PRESSURE", 0x3A), ("ABS_MT_DISTANCE", 0x3B),
        ("ABS_MT_TOOL_X", 0x3C), ("ABS_MT_TOOL_Y", 0x3D),
    ]

    /// Prefixes of the code names of the types whose codes are not modelled one by one.
    static func codePrefixes(ofType type: UInt16) -> [String] {
        switch type {
        case 0x01: return ["KEY_", "BTN_"]
        case 0x02: return ["REL_"]
        case 0x04: return ["MSC_"]
        case 0x05: return ["SW_"]
        case 0x11: return ["LED_"]
        case 0x12: return ["SND_"]
        case 0x14: return ["REP_"]
        case 0x15: return ["FF_"]
        case 0x17: return ["FF_STATUS_"]
        default: return []
        }
    }

    /// The type a name stands for (`EV_ABS`).
    static func type(named name: Substring) -> UInt16? {
        typeNames.first { $0.0 == name }?.1
    }

    static func typeName(_ type: UInt16) -> String {
        typeNames.first { $0.1 == type }?.0 ?? "type \(type)"
    }

    /// The name of a code, for messages (`ABS_MT_POSITION_X`).
    static func codeName(type: UInt16, code: UInt16) -> String {
        switch type {
        case syn: if let n = synNames.first(where: { $0.1 == code }) { return n.0 }
        case abs: if let n = absNames.first(where: { $0.1 == code }) { return n.0 }
        case key where code == btnTouch: return "BTN_TOUCH"
        default: break
        }
        return "code \(code)"
    }

    /// The code a name stands for within a type: the exact code where this importer uses it,
    /// `otherCode` for a well-formed name of a code it does not use, nil for a name that is not
    /// one of that type's.
    static func code(named name: Substring, type: UInt16) -> UInt16? {
        switch type {
        case syn: return synNames.first { $0.0 == name }?.1
        case abs: return absNames.first { $0.0 == name }?.1
        case 0x16: return isIdentifier(name) ? otherCode : nil
        default:
            if type == key && name == "BTN_TOUCH" { return btnTouch }
            for prefix in codePrefixes(ofType: type) where name.hasPrefix(prefix) && name.count > prefix.count {
                return isIdentifier(name) ? otherCode : nil
            }
            return nil
        }
    }

    private static func isIdentifier(_ name: Substring) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }
}
