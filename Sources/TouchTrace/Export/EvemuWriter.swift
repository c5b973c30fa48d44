/// Writes an `evemu-record` file (format 1.3): the device description `evemu-device` creates the
/// device from, then one `E:` line per kernel event.
///
/// ```
/// # EVEMU 1.3
/// N: touchtrace touch screen
/// I: 0006 0000 0000 0001
/// P: 02 00 00 00 00 00 00 00
/// B: 00 0b 00 00 00 00 00 00 00
/// A: 35 0 6239 0 0 0
/// E: 0.000000 0003 0039 0001	# EV_ABS / ABS_MT_TRACKING_ID 1
/// ```
/// `P:` says the device is direct (a touch screen, `INPUT_PROP_DIRECT`); `B:` lines are the
/// bit masks of the event types and codes it has, eight bytes a line.
enum EvemuWriter {
    /// The device's description, before the events.
    static func header(_ device: EvdevExportDevice) -> [UInt8] {
        var lines: [String] = [
            "# EVEMU 1.3",
            "# Input device name: \"\(device.name)\"",
            "# written by touchtrace export from a trace; replay with: evemu-play --verbose /dev/input/eventN < FILE",
            "# (evemu-device FILE creates the device and prints its /dev/input/eventN)",
            "# axes cover a screen of \(numberText(device.screen.width))x\(numberText(device.screen.height)) points: touchtrace import evemu FILE --screen \(numberText(device.screen.width))x\(numberText(device.screen.height))",
            "N: \(device.name)",
            "I: 0006 0000 0000 0001",
            "P: 02 00 00 00 00 00 00 00",
        ]
        // Event types: EV_SYN, EV_KEY, EV_ABS.
        lines.append("B: 00 0b 00 00 00 00 00 00 00")
        // Keys: BTN_TOUCH (0x14a: byte 41, bit 2), in the twelve lines of KEY_MAX + 1 bits.
        var keys = [UInt8](repeating: 0, count: 96)
        keys[Int(Evdev.btnTouch) / 8] |= 1 << (Evdev.btnTouch % 8)
        for line in 0..<12 { lines.append("B: 01 " + keys[(line * 8)..<(line * 8 + 8)].map(hex2).joined(separator: " ")) }
        var axes = [UInt8](repeating: 0, count: 8)
        for code in axisCodes(device) { axes[Int(code) / 8] |= 1 << (code % 8) }
        lines.append("B: 03 " + axes.map(hex2).joined(separator: " "))
        for (code, axis) in axisRanges(device) {
            lines.append("A: \(hex2(UInt8(code))) \(axis.minimum) \(axis.maximum) 0 0 0")
        }
        var out: [UInt8] = []
        for line in lines {
            out.append(contentsOf: line.utf8)
            out.append(0x0A)
        }
        return out
    }

    /// Appends the `E:` lines of `frame`.
    static func append(_ frame: EvdevFrameBuilder.Frame, to out: inout [UInt8]) {
        let time = microsecondsText(frame.microseconds)
        for e in frame.events {
            let line = "E: \(time) \(hex4(e.type)) \(hex4(e.code)) \(zeroPadded(Int64(e.value), 4))\t# \(Evdev.typeName(e.type)) / \(Evdev.codeName(type: e.type, code: e.code)) \(e.value)\n"
            out.append(contentsOf: line.utf8)
        }
    }

    /// The axes of the device, by code.
    static func axisRanges(_ device: EvdevExportDevice) -> [(UInt16, EvdevExportDevice.Axis)] {
        var axes: [(UInt16, EvdevExportDevice.Axis)] = [
            (Evdev.absX, device.x), (Evdev.absY, device.y),
            (Evdev.absMTSlot, EvdevExportDevice.Axis(minimum: 0, maximum: Int32(device.slots - 1))),
        ]
        if let major = device.major { axes.append((Evdev.absMTTouchMajor, major)) }
        axes += [(Evdev.absMTPositionX, device.x), (Evdev.absMTPositionY, device.y),
                 (Evdev.absMTTrackingID, EvdevExportDevice.Axis(minimum: 0, maximum: device.trackingIDMaximum))]
        if let pressure = device.pressure { axes.append((Evdev.absMTPressure, pressure)) }
        return axes
    }

    static func axisCodes(_ device: EvdevExportDevice) -> [UInt16] { axisRanges(device).map(\.0) }

    static func hex2(_ b: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }

    static func hex4(_ v: UInt16) -> String { hex2(UInt8(v >> 8)) + hex2(UInt8(v & 0xFF)) }
}
