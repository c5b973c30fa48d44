/// Writes `getevent -lt` text, after the `getevent -lp` block of the device that gives its
/// ranges (as `getevent -lp > log; getevent -lt >> log` records them):
///
/// ```
/// add device 1: /dev/input/event1
///   name:     "touchtrace touch screen"
///   events:
///     KEY (0001): BTN_TOUCH
///     ABS (0003): ABS_X                 : value 0, min 0, max 6239, fuzz 0, flat 0, resolution 0
/// [       0.000000] /dev/input/event1: EV_ABS       ABS_MT_TRACKING_ID   00000001
/// ```
enum GeteventWriter {
    /// The device's `getevent -lp` block, before the events.
    static func header(_ device: EvdevExportDevice) -> [UInt8] {
        var out: [UInt8] = []
        func line(_ s: String) {
            out.append(contentsOf: s.utf8)
            out.append(0x0A)
        }
        line("add device 1: \(device.path)")
        line("  name:     \"\(device.name)\"")
        line("  events:")
        line("    KEY (0001): BTN_TOUCH")
        for (k, (code, axis)) in EvemuWriter.axisRanges(device).enumerated() {
            let label = pad(Evdev.codeName(type: Evdev.abs, code: code), 21)
            line((k == 0 ? "    ABS (0003): " : String(repeating: " ", count: 16)) + label + " : value 0, min \(axis.minimum), max \(axis.maximum), fuzz 0, flat 0, resolution 0")
        }
        line("  input props:")
        line("    INPUT_PROP_DIRECT")
        return out
    }

    /// Appends the `getevent -lt` lines of `frame`.
    static func append(_ frame: EvdevFrameBuilder.Frame, device: EvdevExportDevice, to out: inout [UInt8]) {
        func line(_ s: String) {
            out.append(contentsOf: s.utf8)
            out.append(0x0A)
        }
        let prefix = " \(device.path): "
        let seconds = String(frame.microseconds / 1_000_000)
        let time = "[" + String(repeating: " ", count: max(0, 8 - seconds.count)) + seconds + "." + zeroPadded(frame.microseconds % 1_000_000, 6) + "]"
        for e in frame.events {
            let value: String
            if e.type == Evdev.key {
                value = e.value == 0 ? "UP" : "DOWN"
            } else {
                let hex = String(UInt32(bitPattern: e.value), radix: 16)
                value = String(repeating: "0", count: 8 - hex.count) + hex
            }
            line(time + prefix + pad(Evdev.typeName(e.type), 12) + " " + pad(Evdev.codeName(type: e.type, code: e.code), 20) + " " + value)
        }
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }
}
