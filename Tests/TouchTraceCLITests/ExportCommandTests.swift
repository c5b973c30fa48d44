import Foundation
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// `touchtrace export` on the command line: each format's bytes for a small trace (worked out
/// by hand below), refusals with their locations, warnings, output safety and help.
@Suite struct ExportCommandTests {
    /// A 10 × 20 point screen: the exported device's axes are 0…159 and 0…319 (16 units a
    /// point). Touch 1 lands at (1, 2) → (16, 32) units, moves to (1.5, 2.03) → (24, 32.48 → 32)
    /// 10 ms later; touch "b" lands at (9.99, 19.99) → (159.84 → 160, 319.84 → 320), just past the
    /// axes' last unit (positions are not clamped); both lift 3 ms after that.
    static let trace = """
    {"version": 2, "screen": {"width": 10, "height": 20},
    "events": [
    {"t": 5.0, "touches": [{"id": 1, "phase": "began", "x": 1, "y": 2}]},
    {"t": 5.01, "touches": [{"id": 1, "phase": "moved", "x": 1.5, "y": 2.03}, {"id": "b", "phase": "began", "x": 9.99, "y": 19.99}]},
    {"t": 5.013, "touches": [{"id": 1, "phase": "ended", "x": 1.5, "y": 2.03}, {"id": "b", "phase": "ended", "x": 9.99, "y": 19.99}]}
    ]}

    """

    func folderWithTrace(_ text: String = trace) throws -> String {
        let folder = temporaryDirectory()
        try writeText(text, to: folder + "/two.trace.json")
        return folder
    }

    @Test func evemuEventsAreTheKernelsOwn() throws {
        let folder = try folderWithTrace()
        let run = touchtrace("export", "evemu", folder + "/two.trace.json")
        #expect(run.code == 0 && run.err.isEmpty)
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "# EVEMU 1.3")
        #expect(lines.filter { $0.hasPrefix("A: ") } == [
            "A: 00 0 159 0 0 0", "A: 01 0 319 0 0 0", "A: 2f 0 9 0 0 0",
            "A: 35 0 159 0 0 0", "A: 36 0 319 0 0 0", "A: 39 0 65535 0 0 0",
        ])
        // Slot 0 for touch 1 (tracking id 1), slot 1 for "b" (tracking id 2); 0x2f ABS_MT_SLOT,
        // 0x39 TRACKING_ID, 0x35/0x36 POSITION_X/Y, 0x14a BTN_TOUCH, 0/1 ABS_X/Y (touch 1).
        let events = lines.filter { $0.hasPrefix("E: ") }.map { String($0.split(separator: "\t")[0]) }
        #expect(events == [
            "E: 0.000000 0003 002f 0000", "E: 0.000000 0003 0039 0001", "E: 0.000000 0003 0035 0016",
            "E: 0.000000 0003 0036 0032", "E: 0.000000 0001 014a 0001", "E: 0.000000 0003 0000 0016",
            "E: 0.000000 0003 0001 0032", "E: 0.000000 0000 0000 0000",
            "E: 0.010000 0003 0035 0024", "E: 0.010000 0003 002f 0001", "E: 0.010000 0003 0039 0002",
            "E: 0.010000 0003 0035 0160", "E: 0.010000 0003 0036 0320", "E: 0.010000 0003 0000 0024",
            "E: 0.010000 0000 0000 0000",
            "E: 0.013000 0003 002f 0000", "E: 0.013000 0003 0039 -001", "E: 0.013000 0003 002f 0001",
            "E: 0.013000 0003 0039 -001", "E: 0.013000 0001 014a 0000", "E: 0.013000 0000 0000 0000",
        ])
        let again = touchtrace("export", "evemu", folder + "/two.trace.json")
        #expect(again.out == run.out)
    }

    @Test func geteventHasItsRangesAndComesBack() throws {
        let folder = try folderWithTrace()
        let run = touchtrace("export", "getevent", folder + "/two.trace.json", "--output", folder + "/two.getevent")
        #expect(run.code == 0 && run.out.isEmpty && run.err.isEmpty)
        let text = try readText(folder + "/two.getevent")
        #expect(text.hasPrefix("add device 1: /dev/input/event1\n  name:     \"touchtrace touch screen\"\n  events:\n    KEY (0001): BTN_TOUCH\n    ABS (0003): ABS_X                 : value 0, min 0, max 159, fuzz 0, flat 0, resolution 0\n"))
        #expect(text.contains("[       0.013000] /dev/input/event1: EV_ABS       ABS_MT_TRACKING_ID   ffffffff\n"))
        #expect(text.contains("[       0.000000] /dev/input/event1: EV_KEY       BTN_TOUCH            DOWN\n"))
        // Back: 16 → 1, 24 → 1.5, 32 → 2; 160 → 10, 320 → 20 points.
        let back = touchtrace("import", "getevent", folder + "/two.getevent", "--screen", "10x20")
        #expect(back.code == 0)
        #expect(back.out == """
        {"version": 2,
        "description": "imported by touchtrace import getevent from /dev/input/event1",
        "screen": {"width": 10.0, "height": 20.0},
        "events": [
        {"t": 0.0, "touches": [{"id": 1, "phase": "began", "x": 1.0, "y": 2.0}]},
        {"t": 0.01, "touches": [{"id": 1, "phase": "moved", "x": 1.5, "y": 2.0}, {"id": 2, "phase": "began", "x": 10.0, "y": 20.0}]},
        {"t": 0.013, "touches": [{"id": 1, "phase": "ended", "x": 1.5, "y": 2.0}, {"id": 2, "phase": "ended", "x": 10.0, "y": 20.0}]}
        ]}

        """)
    }

    @Test func webdriverKeepsTheFingersInStep() throws {
        let folder = try folderWithTrace()
        let run = touchtrace("export", "webdriver", folder + "/two.trace.json")
        #expect(run.code == 0 && run.err.isEmpty)
        // One source per touch id: touch1 for the id 1, touch-b for the id "b".
        // Ticks: move+down of finger 1; pause 10 ms (5.01 - 5.0); moves (1.5 → 2, 2.03 → 2;
        // 9.99 → 10, 19.99 → 20); down of finger 2; pause 3 ms (13 - 10);
        // both up.
        #expect(run.out == """
        {"actions": [
        {"type": "pointer", "id": "touch1", "parameters": {"pointerType": "touch"}, "actions": [
          {"type": "pointerMove", "duration": 0, "origin": "viewport", "x": 1, "y": 2},
          {"type": "pointerDown", "button": 0},
          {"type": "pause", "duration": 10},
          {"type": "pointerMove", "duration": 0, "origin": "viewport", "x": 2, "y": 2},
          {"type": "pause", "duration": 0},
          {"type": "pause", "duration": 3},
          {"type": "pointerUp", "button": 0}
        ]},
        {"type": "pointer", "id": "touch-b", "parameters": {"pointerType": "touch"}, "actions": [
          {"type": "pause", "duration": 0},
          {"type": "pause", "duration": 0},
          {"type": "pause", "duration": 10},
          {"type": "pointerMove", "duration": 0, "origin": "viewport", "x": 10, "y": 20},
          {"type": "pointerDown", "button": 0},
          {"type": "pause", "duration": 3},
          {"type": "pointerUp", "button": 0}
        ]}
        ]}

        """)
    }

    @Test func webdriverHasOneSourcePerTouchIDAndAReusedIDKeepsIt() throws {
        // 7 taps; "x" lands and lifts 1 px further; 7 lands again with -5; "5" lands (its name
        // touch-5 is -5's, so it is touch-5~2); all three lift where they are.
        let json = """
        {"version": 2, "screen": {"width": 100, "height": 100},
        "events": [
        {"t": 0, "touches": [{"id": 7, "phase": "began", "x": 10, "y": 10}]},
        {"t": 0.02, "touches": [{"id": 7, "phase": "ended", "x": 10, "y": 10}]},
        {"t": 0.05, "touches": [{"id": "x", "phase": "began", "x": 20, "y": 20}]},
        {"t": 0.06, "touches": [{"id": "x", "phase": "ended", "x": 21, "y": 20}]},
        {"t": 0.1, "touches": [{"id": 7, "phase": "began", "x": 30, "y": 30}, {"id": -5, "phase": "began", "x": 40, "y": 40}]},
        {"t": 0.15, "touches": [{"id": "5", "phase": "began", "x": 50, "y": 50}]},
        {"t": 0.2, "touches": [{"id": 7, "phase": "ended", "x": 30, "y": 30}, {"id": -5, "phase": "ended", "x": 40, "y": 40}, {"id": "5", "phase": "ended", "x": 50, "y": 50}]}
        ]}

        """
        let folder = try folderWithTrace(json)
        let run = touchtrace("export", "webdriver", folder + "/two.trace.json")
        #expect(run.code == 0 && run.err.isEmpty)
        // Ticks (derived by hand): 0 moves, 1 down (7 at 0 ms); 2 pause 20, 3 up (7);
        // 4 pause 30, 5 move, 6 down ("x" at 50 ms); 7 pause 10, 8 move, 9 up ("x" at 60 ms);
        // 10 pause 40, 11 moves, 12 downs (7 again and -5 at 100 ms); 13 pause 50, 14 move,
        // 15 down ("5" at 150 ms); 16 pause 50, 17 ups. Every source pauses in the ticks
        // where it has nothing to do, for the tick's pause (0 in ticks of moves and presses).
        let pauses = [0, 0, 20, 0, 30, 0, 0, 10, 0, 0, 40, 0, 0, 50, 0, 0, 50, 0]
        func move(_ x: Int, _ y: Int) -> String { "{\"type\": \"pointerMove\", \"duration\": 0, \"origin\": \"viewport\", \"x\": \(x), \"y\": \(y)}" }
        let down = "{\"type\": \"pointerDown\", \"button\": 0}", up = "{\"type\": \"pointerUp\", \"button\": 0}"
        func source(_ name: String, _ actions: [Int: String]) -> String {
            let lines = pauses.indices.map { "  " + (actions[$0] ?? "{\"type\": \"pause\", \"duration\": \(pauses[$0])}") }
            return "{\"type\": \"pointer\", \"id\": \"\(name)\", \"parameters\": {\"pointerType\": \"touch\"}, \"actions\": [\n" + lines.joined(separator: ",\n") + "\n]}"
        }
        let sources = [
            source("touch7", [0: move(10, 10), 1: down, 3: up, 11: move(30, 30), 12: down, 17: up]),
            source("touch-x", [5: move(20, 20), 6: down, 8: move(21, 20), 9: up]),
            source("touch-5", [11: move(40, 40), 12: down, 17: up]),
            source("touch-5~2", [14: move(50, 50), 15: down, 17: up]),
        ]
        #expect(run.out == "{\"actions\": [\n" + sources.joined(separator: ",\n") + "\n]}\n")
    }

    @Test func cdpListsTheTouchesDown() throws {
        let folder = try folderWithTrace()
        let run = touchtrace("export", "cdp", folder + "/two.trace.json", "--time-origin", "100")
        #expect(run.code == 0 && run.err.isEmpty)
        #expect(run.out == """
        {"method": "Input.dispatchTouchEvent", "params": {"type": "touchStart", "touchPoints": [{"id": 1, "x": 1.0, "y": 2.0}], "timestamp": 105.0}}
        {"method": "Input.dispatchTouchEvent", "params": {"type": "touchStart", "touchPoints": [{"id": 1, "x": 1.5, "y": 2.03}, {"id": 2, "x": 9.99, "y": 19.99}], "timestamp": 105.01}}
        {"method": "Input.dispatchTouchEvent", "params": {"type": "touchEnd", "touchPoints": [], "timestamp": 105.013}}

        """)
    }

    @Test func moreTouchesThanSlotsAreRefusedAtTheTouch() throws {
        // Eleven fingers land one after another; the device has ten slots.
        var events: [String] = []
        for k in 1...11 { events.append("{\"t\": \(Double(k) / 100), \"touches\": [{\"id\": \(k), \"phase\": \"began\", \"x\": \(k * 10), \"y\": 50}]}") }
        let json = "{\"version\": 2, \"screen\": {\"width\": 200, \"height\": 100},\n\"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n"
        let folder = try folderWithTrace(json)
        for format in ["evemu", "getevent"] {
            let run = touchtrace("export", format, folder + "/two.trace.json", "--output", folder + "/out." + format)
            #expect(run.code == 2 && run.out.isEmpty)
            // Line 13 is the eleventh event; its touch object starts at column 25.
            // (After the reader's warnings of the touches left down at the end.)
            #expect(run.err.hasSuffix("\n\(folder)/two.trace.json:13:25: touch 11 lands while 10 touches are down: the device has 10 slots (ABS_MT_SLOT 0…9), so it cannot hold another\n"))
            #expect(!Scene.fileExists(folder + "/out." + format))
        }
        // WebDriver and CDP have no slots.
        #expect(touchtrace("export", "webdriver", folder + "/two.trace.json").code == 0)
    }

    @Test func aCancelIsWrittenAsALiftWithAWarning() throws {
        let json = """
        {"version": 2, "screen": {"width": 100, "height": 100},
        "events": [
        {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 10, "y": 10}, {"id": 2, "phase": "began", "x": 20, "y": 20}]},
        {"t": 0.1, "touches": [{"id": 1, "phase": "cancelled", "x": 10, "y": 10}]},
        {"t": 0.2, "touches": [{"id": 2, "phase": "cancelled", "x": 20, "y": 20}]}
        ]}

        """
        let folder = try folderWithTrace(json)
        let path = folder + "/two.trace.json"
        let evemu = touchtrace("export", "evemu", path)
        #expect(evemu.code == 0)
        #expect(evemu.err == """
        \(path):4:24: warning: touch 1 is cancelled here; evdev has no cancel, so the export lifts it (ABS_MT_TRACKING_ID -1) and it imports as ended
        \(path):5:24: warning: touch 2 is cancelled here; evdev has no cancel, so the export lifts it (ABS_MT_TRACKING_ID -1) and it imports as ended

        """)
        let webdriver = touchtrace("export", "webdriver", path)
        #expect(webdriver.err.contains("\(path):4:24: warning: touch 1 is cancelled here; WebDriver has no cancel, so the actions lift it (pointerUp)\n"))
        // CDP: touch 1 is cancelled while touch 2 stays down (lifted, with a warning); touch 2
        // is the last down, so its cancel is touchCancel.
        let cdp = touchtrace("export", "cdp", path)
        #expect(cdp.err == "\(path):4:24: warning: touch 1 is cancelled while other touches stay down (or lift); CDP's touchCancel cancels every touch, so this one is released (lifted) instead\n")
        #expect(cdp.out.split(separator: "\n").map { $0.contains("\"touchCancel\"") } == [false, false, true])
    }

    @Test func badTracesAndUsageMistakesWriteNothing() throws {
        let folder = try folderWithTrace("{\"version\": 2, \"events\": [{\"t\": 0, \"touches\": [{\"id\": 1, \"phase\": \"moved\", \"x\": 1, \"y\": 1}]}]}\n")
        let path = folder + "/two.trace.json"
        let bad = touchtrace("export", "evemu", path, "--output", folder + "/out.evemu")
        #expect(bad.code == 2 && bad.out.isEmpty)
        #expect(bad.err.hasPrefix("\(path):1:"))
        #expect(!Scene.fileExists(folder + "/out.evemu"))
        let good = try folderWithTrace()
        let onTrace = touchtrace("export", "cdp", good + "/two.trace.json", "--output", good + "/copy.trace.json")
        #expect(onTrace.code == 2 && onTrace.err.contains("would overwrite a trace"))
        #expect(!Scene.fileExists(good + "/copy.trace.json"))
        let onInput = touchtrace("export", "cdp", good + "/two.trace.json", "--output", good + "/./two.trace.json")
        #expect(onInput.code == 2)
        let onScene = touchtrace("export", "cdp", good + "/two.trace.json", "--output", good + "/scene.json")
        #expect(onScene.code == 2 && onScene.err.contains("scene file"))
        let unknown = touchtrace("export", "evmu", good + "/two.trace.json")
        #expect(unknown.code == 2 && unknown.err.contains("unknown format 'evmu' (evemu, getevent, webdriver or cdp); did you mean 'evemu'?"))
        let screenForWebdriver = touchtrace("export", "webdriver", good + "/two.trace.json", "--screen", "10x20")
        #expect(screenForWebdriver.code == 2)
        let badScreen = touchtrace("export", "evemu", good + "/two.trace.json", "--screen", "0x20")
        #expect(badScreen.code == 2 && badScreen.err.contains("--screen must be WIDTHxHEIGHT"))
        let missing = touchtrace("export", "evemu", good + "/none.trace.json")
        #expect(missing.code == 2 && missing.err.contains("none.trace.json"))
    }

    @Test func deviceRangesComeFromADumpOrAnEvemuFile() throws {
        let folder = try folderWithTrace()
        // A phone of 1080 × 2400 pixels with a 10 × 20 point screen: 108 and 120 units a point;
        // (1, 2) → (108, 240), x minimum 0.
        try writeText("""
        add device 1: /dev/input/event2
          name:     "phone"
          events:
            ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 4, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_Y     : value 0, min 0, max 2399, fuzz 0, flat 0, resolution 0
                        ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0

        """, to: folder + "/ranges.txt")
        let run = touchtrace("export", "getevent", folder + "/two.trace.json", "--device-ranges", folder + "/ranges.txt")
        #expect(run.code == 0)
        #expect(run.out.contains("ABS_MT_SLOT           : value 0, min 0, max 4,"))
        #expect(run.out.contains("[       0.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000006c\n"))
        #expect(run.out.contains("[       0.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000000f0\n"))
        let evemu = touchtrace("export", "evemu", folder + "/two.trace.json", "--output", folder + "/two.evemu")
        #expect(evemu.code == 0)
        let fromEvemu = touchtrace("export", "evemu", folder + "/two.trace.json", "--device-ranges", folder + "/two.evemu")
        let written = try readText(folder + "/two.evemu")
        #expect(written.split(separator: "\n").filter { $0.hasPrefix("E:") }.count == 21)
        #expect(fromEvemu.out.split(separator: "\n").filter { $0.hasPrefix("E:") } == written.split(separator: "\n").filter { $0.hasPrefix("E:") })
        try writeText("# EVEMU 1.3\nN: pad\nA: 00 0 100 0 0 0\nA: 01 0 100 0 0 0\n", to: folder + "/pad.evemu")
        let noMultitouch = touchtrace("export", "evemu", folder + "/two.trace.json", "--device-ranges", folder + "/pad.evemu")
        #expect(noMultitouch.code == 2 && noMultitouch.err.hasPrefix("\(folder)/pad.evemu:1:1: no device with ABS_MT_POSITION_X"))
    }

    @Test func forceAndMajorRadiusGetTheirAxes() throws {
        // maximumForce 2: force 1 is 1/2 of ABS_MT_PRESSURE's 255, 127.5 → 128; force 3 is
        // beyond it: 255, with a warning. majorRadius 3 on a 10-point-wide screen of 160 units
        // is a diameter of 6 points, 96 units; majorRadius 9 would be 288, beyond 255: 255,
        // with a warning. 0x30 ABS_MT_TOUCH_MAJOR, 0x3a ABS_MT_PRESSURE.
        let json = """
        {"version": 1, "screen": {"width": 10, "height": 20}, "maximumForce": 2,
        "events": [
        {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 1, "y": 1, "force": 1, "majorRadius": 3}]},
        {"t": 0.5, "touches": [{"id": 1, "phase": "moved", "x": 1, "y": 1, "force": 3, "majorRadius": 9}]},
        {"t": 1, "touches": [{"id": 1, "phase": "ended", "x": 1, "y": 1}]}
        ]}

        """
        let folder = try folderWithTrace(json)
        let path = folder + "/two.trace.json"
        let run = touchtrace("export", "evemu", path)
        #expect(run.code == 0)
        #expect(run.err == """
        \(path):4:24: warning: force 3 is above the trace's maximumForce 2; the export writes it (and any other such force) as the top of ABS_MT_PRESSURE, 255
        \(path):4:24: warning: majorRadius 9 is beyond the device's ABS_MT_TOUCH_MAJOR (at most 255 units, a radius of 7.96875 points); the export writes it (and any other such radius) as 255

        """)
        let lines = run.out.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(lines.contains("A: 30 0 255 0 0 0") && lines.contains("A: 3a 0 255 0 0 0"))
        #expect(lines.contains("E: 0.000000 0003 003a 0128") && lines.contains("E: 0.000000 0003 0030 0096"))
        #expect(lines.contains("E: 0.500000 0003 003a 0255") && lines.contains("E: 0.500000 0003 0030 0255"))
        // Back with the same maximumForce: 128/255·2 and 96 units of 1/16 point, halved.
        try writeText(run.out, to: folder + "/one.evemu")
        let back = touchtrace("import", "evemu", folder + "/one.evemu", "--screen", "10x20", "--maximum-force", "2")
        #expect(back.out.contains("\"maximumForce\": 2.0,\n"))
        #expect(back.out.contains("{\"id\": 1, \"phase\": \"began\", \"x\": 1.0, \"y\": 1.0, \"force\": 1.003921568627451, \"majorRadius\": 3.0}"))
        // WebDriver and CDP: pressure and force as force / maximumForce (at most 1).
        let webdriver = touchtrace("export", "webdriver", path)
        #expect(webdriver.out.contains("{\"type\": \"pointerDown\", \"button\": 0, \"pressure\": 0.5, \"width\": 6.0, \"height\": 6.0}"))
        let cdp = touchtrace("export", "cdp", path)
        #expect(cdp.out.contains("[{\"id\": 1, \"x\": 1.0, \"y\": 1.0, \"radiusX\": 9.0, \"radiusY\": 9.0, \"force\": 1.0}]"))
    }

    @Test func webdriverWarnsOfPlacesOffTheScreen() throws {
        let json = """
        {"version": 2, "screen": {"width": 100, "height": 100},
        "events": [
        {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 10, "y": 10}]},
        {"t": 0.1, "touches": [{"id": 1, "phase": "moved", "x": -3.6, "y": 10}]},
        {"t": 0.2, "touches": [{"id": 1, "phase": "ended", "x": -30, "y": 10}]}
        ]}

        """
        let folder = try folderWithTrace(json)
        let path = folder + "/two.trace.json"
        let run = touchtrace("export", "webdriver", path)
        #expect(run.code == 0)
        #expect(run.err == "\(path):4:24: warning: touch 1 at (-4, 10) lies outside the trace's screen (100x100); WebDriver clients refuse a move outside the viewport (\"move target out of bounds\"), so check the page's size (the export writes it as it is)\n")
        #expect(run.out.contains("\"x\": -30, \"y\": 10}"))
    }

    @Test func helpHasAnExampleForEveryFormat() {
        let help = touchtrace("help", "export")
        #expect(help.code == 0)
        for format in ["evemu", "getevent", "webdriver", "cdp"] {
            #expect(help.out.contains("  touchtrace export \(format) "), "no example for \(format)")
        }
    }

    // MARK: Streaming

    /// A trace in strokes form exports as the same gesture written as events does, in every
    /// format: its events are made from the strokes as they are read. (Two strokes; points at
    /// equal times form one event, in stroke order: t 0 touch 1 lands; 0.01 it moves and touch 2
    /// lands; 0.02 touch 1 lifts and touch 2 moves; 0.03 touch 2 lifts.)
    @Test func aTraceInStrokesFormExportsAsItsEvents() throws {
        let strokes = """
        {"version": 1, "screen": {"width": 100, "height": 100}, "strokes": [
        {"id": 1, "points": [[0, 10, 10], [0.01, 12, 11], [0.02, 14, 12]]},
        {"id": 2, "points": [[0.01, 50, 50], [0.02, 52, 51], [0.03, 54, 53]]}
        ]}

        """
        let events = """
        {"version": 1, "screen": {"width": 100, "height": 100}, "events": [
        {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 10, "y": 10}]},
        {"t": 0.01, "touches": [{"id": 1, "phase": "moved", "x": 12, "y": 11}, {"id": 2, "phase": "began", "x": 50, "y": 50}]},
        {"t": 0.02, "touches": [{"id": 1, "phase": "ended", "x": 14, "y": 12}, {"id": 2, "phase": "moved", "x": 52, "y": 51}]},
        {"t": 0.03, "touches": [{"id": 2, "phase": "ended", "x": 54, "y": 53}]}
        ]}

        """
        let folder = temporaryDirectory()
        try writeText(strokes, to: folder + "/strokes.trace.json")
        try writeText(events, to: folder + "/events.trace.json")
        for format in ["evemu", "getevent", "webdriver", "cdp"] {
            let fromStrokes = touchtrace("export", format, folder + "/strokes.trace.json")
            let fromEvents = touchtrace("export", format, folder + "/events.trace.json")
            #expect(fromStrokes.code == 0 && fromStrokes.err.isEmpty, "\(format)")
            #expect(!fromStrokes.out.isEmpty && fromStrokes.out == fromEvents.out, "\(format)")
        }
        // Both touches in one source each, and touch 2's first action in the tick of t 0.01.
        let webdriver = touchtrace("export", "webdriver", folder + "/strokes.trace.json").out
        #expect(webdriver.contains("\"id\": \"touch1\"") && webdriver.contains("\"id\": \"touch2\""))
    }

    /// A refusal that comes in the middle of the trace (the eleventh finger of a ten-slot device,
    /// after ten events that could have been written) writes nothing: a file already at the
    /// output path is left as it was, no temporary file is left beside it, and standard output
    /// gets nothing. A trace that is bad in its middle is refused before anything is written.
    @Test func aRefusalInTheMiddleOfTheTraceWritesNothing() throws {
        var events: [String] = []
        for k in 1...11 { events.append("{\"t\": \(Double(k) / 100), \"touches\": [{\"id\": \(k), \"phase\": \"began\", \"x\": \(k * 10), \"y\": 50}]}") }
        for k in 12...20 { events.append("{\"t\": \(Double(k) / 100), \"touches\": [{\"id\": 1, \"phase\": \"moved\", \"x\": \(k), \"y\": 50}]}") }
        let json = "{\"version\": 2, \"screen\": {\"width\": 200, \"height\": 100},\n\"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n"
        let folder = try folderWithTrace(json)
        for format in ["evemu", "getevent"] {
            let output = folder + "/out." + format
            try writeText("the old file\n", to: output)
            let run = touchtrace("export", format, folder + "/two.trace.json", "--output", output)
            #expect(run.code == 2 && run.out.isEmpty)
            // Line 13 is the eleventh event; its touch object starts at column 25.
            #expect(run.err.hasSuffix("\n\(folder)/two.trace.json:13:25: touch 11 lands while 10 touches are down: the device has 10 slots (ABS_MT_SLOT 0…9), so it cannot hold another\n"))
            #expect(try String(contentsOfFile: output) == "the old file\n")
            let toStdout = touchtrace("export", format, folder + "/two.trace.json")
            #expect(toStdout.code == 2 && toStdout.out.isEmpty && toStdout.err == run.err)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["out.evemu", "out.getevent", "two.trace.json"])

        // Event 14 (counted from 0) moves a touch that is not down: line 17, whose touch object
        // starts at column 25 (after `{"t": 0.15, "touches": [`, 24 characters).
        var bad = (1...20).map { k in "{\"t\": \(Double(k) / 100), \"touches\": [{\"id\": 1, \"phase\": \"\(k == 1 ? "began" : "moved")\", \"x\": \(k), \"y\": 50}]}" }
        bad[14] = "{\"t\": 0.15, \"touches\": [{\"id\": 7, \"phase\": \"moved\", \"x\": 1, \"y\": 50}]}"
        let badFolder = try folderWithTrace("{\"version\": 2, \"screen\": {\"width\": 200, \"height\": 100},\n\"events\": [\n" + bad.joined(separator: ",\n") + "\n]}\n")
        for format in ["evemu", "getevent", "webdriver", "cdp"] {
            let run = touchtrace("export", format, badFolder + "/two.trace.json", "--output", badFolder + "/out")
            #expect(run.code == 2 && run.out.isEmpty, "\(format)")
            #expect(run.err == "\(badFolder)/two.trace.json:17:25: event 14 (t=0.1500): touch 7 moved before it began\n", "\(format)")
            #expect(!Scene.fileExists(badFolder + "/out"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: badFolder) == ["two.trace.json"])
    }

    /// An output that remembers the size of each write, and fails from write `failing` on.
    final class PieceOutput: ByteOutput {
        var pieces: [[UInt8]] = []
        var failing: Int?
        func write(_ bytes: UnsafeRawBufferPointer) throws {
            if let failing, pieces.count >= failing { throw OutputError(message: "cannot write: disk full") }
            pieces.append(Array(bytes))
        }
    }

    /// An export is written in pieces of about 64 KiB as the events are read (never the whole
    /// export at once), and the pieces make the bytes of the export in memory. An output that
    /// fails stops the writing: its error comes back, and nothing more is written to it.
    @Test func anExportIsWrittenInPiecesAsItIsRead() throws {
        // Three fingers that land, move 200 times and lift, 20 times over: 4,040 events.
        var events: [String] = []
        var t = 0.0
        for round in 0..<20 {
            for k in 0..<202 {
                let phase = k == 0 ? "began" : k == 201 ? "ended" : "moved"
                let touches = (1...3).map { f in "{\"id\": \(f), \"phase\": \"\(phase)\", \"x\": \(f * 50 + k % 40 + round), \"y\": \(100 + k)}" }
                events.append("{\"t\": \(t), \"touches\": [" + touches.joined(separator: ", ") + "]}")
                t += 0.008
            }
            t += 0.5
        }
        let json = "{\"version\": 2, \"screen\": {\"width\": 400, \"height\": 400},\n\"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n"
        let trace = try Trace.parse(SourceFile(path: "many.trace.json", bytes: Array(json.utf8)))
        for format in ExportFormat.allCases {
            let whole = try TraceExporter.export(trace, format: format).bytes
            let output = PieceOutput()
            try TraceExporter.prepare(trace, format: format).write(to: output)
            #expect(output.pieces.count > 3, "\(format): \(whole.count) bytes in \(output.pieces.count) pieces")
            // A piece is handed over once 64 KiB have gathered: it is at most that and the
            // lines of one event (a few hundred bytes here; a source's head in webdriver).
            #expect(output.pieces.allSatisfy { $0.count < ExportOutput.pieceSize + 1024 }, "\(format)")
            #expect(output.pieces.flatMap { $0 } == whole, "\(format)")

            let failing = PieceOutput()
            failing.failing = 2
            #expect(throws: OutputError.self) { try TraceExporter.prepare(trace, format: format).write(to: failing) }
            #expect(failing.pieces.count == 2 && failing.pieces.flatMap { $0 } == Array(whole.prefix(failing.pieces.map(\.count).reduce(0, +))))
        }
    }
}
