import Testing
@testable import TouchTrace

/// `touchtrace import getevent`: logs written here, in the layout `adb shell getevent -lt` prints.
@Suite struct GeteventImportTests {
    /// Two fingers: one lands, the second lands in slot 1 while the first moves, the first
    /// lifts, the second moves and lifts. A key on another device in between.
    static let twoFingers = """
    add device 1: /dev/input/event4
      name:     "gpio-keys"
      events:
        KEY (0001): KEY_VOLUMEDOWN        KEY_VOLUMEUP
    add device 2: /dev/input/event2
      name:     "touchscreen"
      events:
        KEY (0001): BTN_TOUCH
        ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                    ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                    ABS_MT_POSITION_Y     : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0
                    ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
      input props:
        INPUT_PROP_DIRECT
    [   74366.364227] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000e4a
    [   74366.364227] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000021c
    [   74366.364227] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000004b0
    [   74366.364227] /dev/input/event2: EV_KEY       BTN_TOUCH            DOWN
    [   74366.364227] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [   74366.380227] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000226
    [   74366.380227] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001
    [   74366.380227] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000e4b
    [   74366.380227] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000100
    [   74366.380227] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000200
    [   74366.380227] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [   74366.390000] /dev/input/event4: EV_KEY       KEY_VOLUMEDOWN       DOWN
    [   74366.390000] /dev/input/event4: EV_SYN       SYN_REPORT           00000000
    [   74366.396227] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000000
    [   74366.396227] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [   74366.396227] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [   74366.412227] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001
    [   74366.412227] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000210
    [   74366.412227] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [   74366.428227] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [   74366.428227] /dev/input/event2: EV_KEY       BTN_TOUCH            UP
    [   74366.428227] /dev/input/event2: EV_SYN       SYN_REPORT           00000000

    """

    @Test func twoFingersInDeviceUnits() throws {
        // 0x21c = 540, 0x4b0 = 1200, 0x226 = 550, 0x100 = 256, 0x200 = 512, 0x210 = 528.
        // Times from the first frame with a touch: 74366.380227 − 74366.364227 = 0.016 s.
        let (imported, trace, events) = try importLog(Self.twoFingers, format: .getevent)
        let expected = [
            ExpectedEvent(t: 0, touches: [ExpectedTouch(id: 1, phase: .began, x: 540, y: 1200)]),
            ExpectedEvent(t: 0.016, touches: [ExpectedTouch(id: 1, phase: .moved, x: 550, y: 1200),
                                              ExpectedTouch(id: 2, phase: .began, x: 256, y: 512)]),
            ExpectedEvent(t: 0.032, touches: [ExpectedTouch(id: 1, phase: .ended, x: 550, y: 1200)]),
            ExpectedEvent(t: 0.048, touches: [ExpectedTouch(id: 2, phase: .moved, x: 256, y: 528)]),
            ExpectedEvent(t: 0.064, touches: [ExpectedTouch(id: 2, phase: .ended, x: 256, y: 528)]),
        ]
        #expect(events == expected)
        #expect(imported.device == "/dev/input/event2")
        #expect(imported.warnings.isEmpty)
        // The ranges in the same file give the screen: max + 1 device units.
        #expect(trace.screen == (1080, 2340))
        expectReplay(trace, matches: expected)
    }

    @Test func screenMapsTheRangesOntoPoints() throws {
        // x = (v − 0)·360/1080, y = (v − 0)·780/2340: a third of each device value.
        let (_, trace, events) = try importLog(Self.twoFingers, format: .getevent, screen: (360, 780))
        #expect(trace.screen == (360, 780))
        #expect(events[0].touches == [ExpectedTouch(id: 1, phase: .began, x: 540.0 * 360 / 1080, y: 400)])
        #expect(events[1].touches[1] == ExpectedTouch(id: 2, phase: .began, x: 256.0 * 360 / 1080, y: 512.0 * 780 / 2340))
        expectReplay(trace, matches: events)
    }

    @Test func theSameLogGivesTheSameBytes() throws {
        let a = try importLog(Self.twoFingers, format: .getevent, screen: (412, 915)).imported.bytes
        let b = try importLog(Self.twoFingers, format: .getevent, screen: (412, 915)).imported.bytes
        #expect(a == b)
        let text = String(decoding: a, as: UTF8.self)
        #expect(text.hasPrefix("{\"version\": 2,\n"))
        // 550·412/1080 = 226600/1080 = 209.814814…, written in its shortest round-trip form.
        #expect(text.contains("{\"t\": 0.016, \"touches\": [{\"id\": 1, \"phase\": \"moved\", \"x\": 209.8148148148148, "))
    }

    @Test func generatedStrokesComeBackAtTheirTimePlaceAndPhase() throws {
        for seed: UInt64 in [1, 2, 3, 4, 5] {
            let fingers = randomFingers(seed: seed, gestures: 6, maxX: 1439, maxY: 3199)
            let (kernel, expected) = protocolB(fingers)
            for (device, labels) in [("/dev/input/event3", true), ("/dev/input/event3", false)] {
                let (_, trace, events) = try importLog(geteventLog(kernel, device: device, labels: labels), format: .getevent)
                #expect(events == expected, "seed \(seed), labels \(labels)")
                expectReplay(trace, matches: expected)
            }
            // Without device paths, ranges from a separate dump, mapped onto a screen; the dump
            // gives the pressure axis, so a change of pressure alone is a move.
            let ranges = geteventRanges(device: "/dev/input/event0", maxX: 9, maxY: 9) + geteventRanges(device: "/dev/input/event3", maxX: 1439, maxY: 3199, resolution: false)
            let (_, trace, events) = try importLog(geteventLog(kernel, device: nil), format: .getevent, screen: (412, 915),
                                                   device: "/dev/input/event3", ranges: ranges)
            let mapped = protocolB(fingers, pressureMoves: true).expected.map { e in
                ExpectedEvent(t: e.t, touches: e.touches.map { ExpectedTouch(id: $0.id, phase: $0.phase, x: $0.x * 412 / 1440, y: $0.y * 915 / 3200) })
            }
            #expect(events == mapped, "seed \(seed), mapped")
            expectReplay(trace, matches: mapped)
        }
    }

    @Test func aDumpWithOneTouchDeviceNeedsNoDevice() throws {
        let kernel = protocolB(randomFingers(seed: 9, gestures: 2, maxX: 719, maxY: 1279)).events
        let ranges = geteventRanges(device: "/dev/input/event1", maxX: 719, maxY: 1279)
        let (_, trace, _) = try importLog(geteventLog(kernel, device: nil), format: .getevent, screen: (360, 640), ranges: ranges)
        #expect(trace.screen == (360, 640))
        // Two touch devices in the dump and --screen: which ranges apply must be said.
        let two = ranges + geteventRanges(device: "/dev/input/event5", maxX: 100, maxY: 100)
        #expect(importError(geteventLog(kernel, device: nil), format: .getevent, ranges: two, screen: (360, 640))
                == "test.log:1:1: the range dump has 2 touch devices; say which one recorded this log with --device: /dev/input/event1, /dev/input/event5")
        #expect(importError(geteventLog(kernel, device: nil), format: .getevent, device: "/dev/input/event9", ranges: two)
                == "test.log:1:1: no device /dev/input/event9 in the range dump; its devices: /dev/input/event1, /dev/input/event5")
    }

    @Test func severalTouchDevicesNeedDevice() throws {
        let a = protocolB([Finger(slot: 0, trackingID: 5, samples: [(1_000, 10, 20), (9_000, 12, 22)], upUs: 17_000)]).events
        let b = protocolB([Finger(slot: 0, trackingID: 7, samples: [(2_000, 300, 400)], upUs: 18_000)]).events
        let lines = (geteventLog(a, device: "/dev/input/event2").split(separator: "\n") + geteventLog(b, device: "/dev/input/event6").split(separator: "\n"))
            .sorted { $0.prefix(17) < $1.prefix(17) }
        let log = lines.joined(separator: "\n") + "\n"
        #expect(importError(log, format: .getevent)
                == "test.log:1:1: 2 devices send multitouch events; choose one with --device: /dev/input/event2, /dev/input/event6")
        let (imported, _, events) = try importLog(log, format: .getevent, device: "/dev/input/event6")
        #expect(imported.device == "/dev/input/event6")
        #expect(events == [ExpectedEvent(t: 0, touches: [ExpectedTouch(id: 1, phase: .began, x: 300, y: 400)]),
                           ExpectedEvent(t: 0.016, touches: [ExpectedTouch(id: 1, phase: .ended, x: 300, y: 400)])])
        #expect(importError(log, format: .getevent, device: "/dev/input/event1")
                == "test.log:1:1: no events from device /dev/input/event1 in this log; its devices: /dev/input/event2, /dev/input/event6")
    }

    @Test func crlfLineEndsAreRead() throws {
        let crlf = Self.twoFingers.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        let a = try importLog(crlf, format: .getevent).imported.bytes
        let b = try importLog(Self.twoFingers, format: .getevent).imported.bytes
        #expect(a == b)
    }

    @Test func utf16AsWindowsPowerShellSavesItIsRead() throws {
        let units = Array(Self.twoFingers.utf16)
        let littleEndian: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian: [UInt8] = [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let expected = try importLog(Self.twoFingers, format: .getevent).imported.bytes
        for bytes in [littleEndian, bigEndian, [0xEF, 0xBB, 0xBF] + Array(Self.twoFingers.utf8)] {
            #expect(try TraceImporter.importLog(SourceFile(path: "test.log", bytes: bytes), format: .getevent).bytes == expected)
        }
        // Messages count lines and characters, not bytes.
        let broken = Array(Self.twoFingers.replacingOccurrences("EV_SYN       SYN_REPORT           00000000\n[   74366.380227]", "EV_SYN       SYN_REPORT           0000000g\n[   74366.380227]").utf16)
        let message = importErrorBytes([0xFF, 0xFE] + broken.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        // The first SYN_REPORT is line 19 (14 lines of dump, then 5 events); its value starts in
        // column 72.
        #expect(message == "test.log:19:72: expected a value of 8 hexadecimal digits, found '0000000g'")
    }

    func importErrorBytes(_ bytes: [UInt8]) -> String? {
        do {
            _ = try TraceImporter.importLog(SourceFile(path: "test.log", bytes: bytes), format: .getevent)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func ratesOfGeteventDashRAreSkipped() throws {
        let withRates = Self.twoFingers.replacingOccurrences("SYN_REPORT           00000000\n[   74366.396227]", "SYN_REPORT           00000000 rate 62\n[   74366.396227]")
        #expect(withRates != Self.twoFingers)
        #expect(try importLog(withRates, format: .getevent).imported.bytes == importLog(Self.twoFingers, format: .getevent).imported.bytes)
    }

    @Test func aLastFrameWithoutSynReportIsLeftOutWithAWarning() throws {
        let log = Self.twoFingers + "[   74366.444227] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000e4c\n"
        let (imported, _, events) = try importLog(log, format: .getevent)
        #expect(events.count == 5)
        #expect(imported.warnings.map(\.description) == ["test.log:37:51: warning: the log ends without a SYN_REPORT after these events; the unfinished last frame is left out"])
    }

    @Test func aFileCutInsideALineIsAnError() {
        let cut = String(Self.twoFingers.dropLast(4))
        #expect(importError(cut, format: .getevent)
                == "test.log:36:72: the file ends inside this line (was it cut short?): expected a value of 8 hexadecimal digits, found '00000'")
    }
}
