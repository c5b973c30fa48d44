import Testing
@testable import TouchTrace

/// SPEC 19: recordings carry what the screen measured. Pressure becomes `force` (the axis's
/// maximum is the trace's `maximumForce`), touch major becomes `majorRadius`, and `getevent -l`
/// value labels and `-r` rates are read.
@Suite struct MeasuredValuesImportTests {
    static let log = """
    add device 1: /dev/input/event2
      name:     "touch screen"
      events:
        KEY (0001): BTN_TOUCH
        ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                    ABS_MT_TOUCH_MAJOR    : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
                    ABS_MT_POSITION_X     : value 0, min 0, max 999, fuzz 0, flat 0, resolution 0
                    ABS_MT_POSITION_Y     : value 0, min 0, max 1999, fuzz 0, flat 0, resolution 0
                    ABS_MT_TOOL_TYPE      : value 0, min 0, max 2, fuzz 0, flat 0, resolution 0
                    ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
                    ABS_MT_PRESSURE       : value 0, min 0, max 200, fuzz 0, flat 0, resolution 0
    [     100.000000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000005
    [     100.000000] /dev/input/event2: EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_FINGER
    [     100.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000064
    [     100.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000000c8
    [     100.000000] /dev/input/event2: EV_ABS       ABS_MT_PRESSURE      00000032
    [     100.000000] /dev/input/event2: EV_ABS       ABS_MT_TOUCH_MAJOR   00000014
    [     100.000000] /dev/input/event2: EV_KEY       BTN_TOUCH            DOWN
    [     100.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [     100.008000] /dev/input/event2: EV_ABS       ABS_MT_PRESSURE      00000064
    [     100.008000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000             rate 125
    [     100.016000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [     100.016000] /dev/input/event2: EV_KEY       BTN_TOUCH            UP
    [     100.016000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000             rate 125

    """

    func imported(_ log: String = log, maximumForce: Double = 4) throws(TraceErrors) -> String {
        let options = ImportOptions(screen: (500, 1000), maximumForce: maximumForce)
        let trace = try TraceImporter.importLog(SourceFile(path: "touches.log", bytes: Array(log.utf8)), format: .getevent, options: options)
        return String(decoding: trace.bytes, as: UTF8.self)
    }

    @Test func pressureAndTouchMajorBecomeForceAndMajorRadius() throws {
        // x: 100 of 1000 units on 500 points = 50; y: 200 of 2000 on 1000 = 100.
        // force: 50 of 0…200 with maximumForce 4 = 1, then 100 → 2 (a change of pressure alone
        // moves the touch). majorRadius: 20 units of the x axis (0.5 points each) is a
        // diameter of 10 points, a radius of 5.
        let text = try imported()
        #expect(text == """
        {"version": 2,
        "description": "imported by touchtrace import getevent from /dev/input/event2",
        "screen": {"width": 500.0, "height": 1000.0},
        "maximumForce": 4.0,
        "events": [
        {"t": 0.0, "touches": [{"id": 1, "phase": "began", "x": 50.0, "y": 100.0, "force": 1.0, "majorRadius": 5.0}]},
        {"t": 0.008, "touches": [{"id": 1, "phase": "moved", "x": 50.0, "y": 100.0, "force": 2.0, "majorRadius": 5.0}]},
        {"t": 0.016, "touches": [{"id": 1, "phase": "ended", "x": 50.0, "y": 100.0, "force": 2.0, "majorRadius": 5.0}]}
        ]}

        """)
        let trace = try Trace.parse(SourceFile(path: "imported.trace.json", bytes: Array(text.utf8)))
        #expect(trace.header.maximumForce == 4)
    }

    @Test func withoutAPressureRangeThereIsNoForce() throws {
        let log = Self.log.replacingOccurrences(of: "                ABS_MT_PRESSURE       : value 0, min 0, max 200, fuzz 0, flat 0, resolution 0\n", with: "")
        let text = try imported(log)
        #expect(!text.contains("force"))
        // The pressure-only frame is no move without force; touch major is still read.
        #expect(text.contains("{\"t\": 0.0, \"touches\": [{\"id\": 1, \"phase\": \"began\", \"x\": 50.0, \"y\": 100.0, \"majorRadius\": 5.0}]},\n{\"t\": 0.016,"))
    }

    @Test func unknownToolLabelsAreErrors() {
        let log = Self.log.replacingOccurrences(of: "MT_TOOL_FINGER", with: "MT_TOOL_THUMB")
        do {
            _ = try imported(log)
            Issue.record("an unknown tool type was read")
        } catch {
            // Line 13, the value's column: "[     100.000000] /dev/input/event2: " (37) + 13 + 21.
            #expect(error.description == "touches.log:13:72: unknown tool type 'MT_TOOL_THUMB' (MT_TOOL_FINGER, MT_TOOL_PEN, MT_TOOL_PALM, MT_TOOL_DIAL, or 8 hexadecimal digits)")
        }
    }
}
