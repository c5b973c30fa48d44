import Testing
@testable import TouchTrace

/// `touchtrace import evemu`: evemu-record files written here, new and old.
@Suite struct EvemuImportTests {
    @Test func generatedStrokesComeBack() throws {
        for seed: UInt64 in [11, 12, 13] {
            let (kernel, expected) = protocolB(randomFingers(seed: seed, gestures: 5, maxX: 1279, maxY: 799))
            for old in [false, true] {
                let (imported, trace, events) = try importLog(evemuLog(kernel, maxX: 1279, maxY: 799, old: old), format: .evemu)
                #expect(events == expected, "seed \(seed), old \(old)")
                #expect(imported.device == "Touch Screen")
                #expect(trace.screen == (1280, 800))
                expectReplay(trace, matches: expected)
            }
            // A: lines give the ranges for --screen: x·1280/1280, y·800/800 are the same points.
            let (_, trace, events) = try importLog(evemuLog(kernel, maxX: 1279, maxY: 799), format: .evemu, screen: (640, 400))
            #expect(events == expected.map { e in ExpectedEvent(t: e.t, touches: e.touches.map { ExpectedTouch(id: $0.id, phase: $0.phase, x: $0.x / 2, y: $0.y / 2) }) })
            expectReplay(trace, matches: events)
        }
    }

    @Test func aHandWrittenRecording() throws {
        let log = """
        # EVEMU 1.3
        N: ELAN Touchscreen
        I: 0018 04f3 2a5b 0100
        A: 2f 0 9 0 0 0
        A: 35 100 1123 0 0 10
        A: 36 0 511 0 0 10
        E: 2.000100 0003 0039 0042\t# EV_ABS / ABS_MT_TRACKING_ID   42
        E: 2.000100 0003 0035 0612\t# EV_ABS / ABS_MT_POSITION_X    612
        E: 2.000100 0003 0036 0256\t# EV_ABS / ABS_MT_POSITION_Y    256
        E: 2.000100 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
        E: 2.008100 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID   -1
        E: 2.008100 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +8ms
        """
        // With --screen 100x50: x = (612 − 100)·100/(1123 − 100 + 1) = 51200/1024 = 50,
        // y = 256·50/512 = 25.
        let (_, trace, events) = try importLog(log, format: .evemu, screen: (100, 50))
        #expect(events == [ExpectedEvent(t: 0, touches: [touch(1, .began, 50, 25)]),
                           ExpectedEvent(t: 0.008, touches: [touch(1, .ended, 50, 25)])])
        expectReplay(trace, matches: events)
        #expect(importError(log, format: .evemu, device: "/dev/input/event1")
                == "test.log:1:1: no events from device /dev/input/event1 in this log; its devices: ELAN Touchscreen")
    }

    @Test func rangesTooLargeForAScreenAreLeftOutOfTheTrace() throws {
        // A trace's screen is at most 10,000,000 points; 2,000,000,001 device units are not
        // written as one, and the points (small) still read back.
        let log = "N: Big\nA: 35 0 2000000000 0 0\nA: 36 0 2000000000 0 0\nE: 0.5 0003 0039 1\nE: 0.5 0003 0035 7\nE: 0.5 0003 0036 9\nE: 0.5 0000 0000 0\nE: 0.6 0003 0039 -1\nE: 0.6 0000 0000 0\n"
        let (imported, trace, events) = try importLog(log, format: .evemu)
        #expect(trace.header.screen == nil)
        #expect(!String(decoding: imported.bytes, as: UTF8.self).contains("screen"))
        #expect(events == [ExpectedEvent(t: 0, touches: [touch(1, .began, 7, 9)]), ExpectedEvent(t: 0.1, touches: [touch(1, .ended, 7, 9)])])
    }

    @Test(arguments: [
        ("E: 0.1 0003 0039 x1", "test.log:1:18: expected a decimal value, found 'x1'"),
        ("E: 0.1 0003 0039", "test.log:1:3: expected 'E: SECONDS TYPE CODE VALUE', found 3 words"),
        ("E: 0.1 0020 0000 0", "test.log:1:8: unknown event type '0020' (4 hexadecimal digits up to 001f)"),
        ("A: 35 0", "test.log:1:3: expected 'A: CODE MIN MAX FUZZ FLAT [RESOLUTION]', found 2 words"),
        ("Q: what", "test.log:1:1: not an evemu-record line (E:, A:, N:, I:, P:, B:, L:, S: or a # comment): 'Q: what'"),
        ("E: -1.5 0003 0039 1", "test.log:1:4: expected a time in seconds, found '-1.5'"),
    ])
    func badLinesAreLocated(_ log: String, _ message: String) {
        #expect(importError(log + "\n", format: .evemu) == message)
    }
}

/// `touchtrace import libinput`: `libinput record` files written here.
@Suite struct LibinputImportTests {
    @Test func generatedStrokesComeBack() throws {
        for seed: UInt64 in [21, 22, 23] {
            let (kernel, expected) = protocolB(randomFingers(seed: seed, gestures: 5, maxX: 3839, maxY: 2159))
            let (imported, trace, events) = try importLog(libinputLog([("/dev/input/event7", 3839, 2159, kernel)]), format: .libinput)
            #expect(events == expected, "seed \(seed)")
            #expect(imported.device == "/dev/input/event7")
            #expect(trace.screen == (3840, 2160))
            expectReplay(trace, matches: expected)
        }
    }

    @Test func aRecordingWithLibinputEventsBetweenFrames() throws {
        // As `libinput record --with-libinput` lays it out: libinput's own events in the same
        // list item as the evdev frame that caused them, and an evdev block continuing an item.
        let log = """
        version: 1
        ndevices: 1
        libinput:
          version: "1.25.0"
          git: "unknown"
        system:
          kernel: "6.12.0"
          dmi: "dmi:bvnLENOVO:"
        devices:
        - node: /dev/input/event11
          evdev:
            # Name: Wacom HID 52B5 Finger
            name: "Wacom HID 52B5 Finger"
            id: [24, 1386, 21173, 256]
            codes:
              3: [0, 1, 47, 53, 54, 57] # EV_ABS
            absinfo:
              0: [0, 2559, 0, 0, 10]
              1: [0, 1599, 0, 0, 10]
              47: [0, 9, 0, 0, 0]
              53: [0, 2559, 0, 0, 10]
              54: [0, 1599, 0, 0, 10]
              57: [0, 65535, 0, 0, 0]
            properties: [1]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_TOUCHSCREEN=1
          libinput:
            capabilities: [touch]
          events:
          - libinput:
            - {type: DEVICE_ADDED, seat: seat0, logical_seat: default}
          - evdev:
            - [  0,      0,   3,  57,     421] # EV_ABS / ABS_MT_TRACKING_ID      421
            - [  0,      0,   3,  53,    1280] # EV_ABS / ABS_MT_POSITION_X     1280 (+1280)
            - [  0,      0,   3,  54,     800] # EV_ABS / ABS_MT_POSITION_Y      800 (+800)
            - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
            libinput:
            - {time: 0.000000, type: TOUCH_DOWN, slot: 0, seat_slot: 0, point: [1280.00, 800.00]}
          - evdev:
            - [  0,   7512,   3,  53,    1300] # EV_ABS / ABS_MT_POSITION_X     1300 (+20)
            - [  0,   7512,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +7ms
            libinput:
            - {time: 0.007512, type: TOUCH_MOTION, slot: 0, seat_slot: 0}
            evdev:
            - [  0,   7512,   4,   5,    7000] # EV_MSC / MSC_TIMESTAMP           7000
          - evdev:
            - [  0,  15020,   3,  57,      -1] # EV_ABS / ABS_MT_TRACKING_ID       -1
            - [  0,  15020,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +8ms
                                               # Touch device in neutral state

        """
        // With --screen 1280x800: x = v·1280/2560 = v/2, y = v·800/1600 = v/2.
        let (_, trace, events) = try importLog(log, format: .libinput, screen: (1280, 800))
        #expect(events == [ExpectedEvent(t: 0, touches: [touch(1, .began, 640, 400)]),
                           ExpectedEvent(t: 0.007512, touches: [touch(1, .moved, 650, 400)]),
                           ExpectedEvent(t: 0.01502, touches: [touch(1, .ended, 650, 400)])])
        expectReplay(trace, matches: events)
    }

    @Test func severalDevicesAndTheirOwnRanges() throws {
        let (a, expectedA) = protocolB(randomFingers(seed: 31, gestures: 2, maxX: 1000, maxY: 1000))
        let (b, expectedB) = protocolB(randomFingers(seed: 32, gestures: 3, maxX: 4095, maxY: 4095))
        let log = libinputLog([("/dev/input/event4", 1000, 1000, a), ("/dev/input/event9", 4095, 4095, b)])
        #expect(importError(log, format: .libinput)
                == "test.log:1:1: 2 devices send multitouch events; choose one with --device: /dev/input/event4, /dev/input/event9")
        // Device 9's range 0…4095 onto 1024 points: a quarter of each value.
        let (_, trace, events) = try importLog(log, format: .libinput, screen: (1024, 1024), device: "/dev/input/event9")
        #expect(events == expectedB.map { e in ExpectedEvent(t: e.t, touches: e.touches.map { ExpectedTouch(id: $0.id, phase: $0.phase, x: $0.x / 4, y: $0.y / 4) }) })
        expectReplay(trace, matches: events)
        // Times start at device 4's first touch, as each device's events are its own.
        let (_, _, eventsA) = try importLog(log, format: .libinput, device: "/dev/input/event4")
        #expect(eventsA == expectedA)
    }

    @Test(arguments: [
        ("devices:\n- node: /dev/input/event1\n  events:\n  - evdev:\n    - [0, 0, 3, 57]\n",
         "test.log:5:7: expected [seconds, microseconds, type, code, value], found 4 numbers"),
        ("devices:\n- node: /dev/input/event1\n  events:\n  - evdev:\n    - [0, 0, 3, 57, x]\n",
         "test.log:5:21: expected [seconds, microseconds, type, code, value] of whole numbers, found 'x'"),
        ("devices:\n- node: /dev/input/event1\n  events:\n  - evdev:\n    - [0, 0, 99, 57, 1]\n",
         "test.log:5:7: unknown event type 99 (types go up to 31)"),
        ("devices:\n- node: /dev/input/event1\n  evdev:\n    absinfo:\n      53: [0, 1279, 0]\n",
         "test.log:5:11: expected [min, max, fuzz, flat, resolution], found 3 numbers"),
        ("version: 1\nndevices: 1\n", "test.log:1:1: no 'devices:' in this file: is it a 'libinput record' recording?"),
        // Line k opens a block one space deeper than line k − 1: at line 66, 65 blocks are open.
        ((0..<70).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined(),
         "test.log:66:66: blocks nested more than 64 deep: not a 'libinput record' recording"),
        ("devices:\n- node: /dev/input/event1\n  events:\n  - evdev:\n    - [0, 0, 3, 57, 1",
         "test.log:5:7: the file ends inside this line (was it cut short?): expected [seconds, microseconds, type, code, value]"),
    ])
    func badLinesAreLocated(_ log: String, _ message: String) {
        #expect(importError(log, format: .libinput) == message)
    }
}
