import Testing
@testable import TouchTrace

/// A getevent log (no device paths) from short lines `SECONDS NAME VALUE` with decimal values:
/// `0.016 ABS_MT_POSITION_X 300`. The type follows from the name.
func eventLog(_ lines: String) -> String {
    lines.split(separator: "\n").map { line -> String in
        let parts = line.split(separator: " ")
        let name = String(parts[1])
        let type = name.hasPrefix("SYN_") ? "EV_SYN" : name.hasPrefix("BTN_") ? "EV_KEY" : "EV_ABS"
        let hex = String(UInt32(bitPattern: Int32(parts[2])!), radix: 16)
        let seconds = Double(parts[0])! + 1000
        return "[ \(seconds)] \(type) \(name) \(String(repeating: "0", count: 8 - hex.count) + hex)"
    }.joined(separator: "\n") + "\n"
}

func touch(_ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double) -> ExpectedTouch {
    ExpectedTouch(id: id, phase: phase, x: x, y: y)
}

/// The multitouch protocol as the slot machine reads it, through small getevent logs.
@Suite struct EvdevTouchMachineTests {
    func events(_ lines: String) throws -> [ExpectedEvent] {
        let (_, trace, events) = try importLog(eventLog(lines), format: .getevent)
        expectReplay(trace, matches: events)
        return events
    }

    @Test func aNewTrackingIDInAnOccupiedSlotEndsItsContactAndBeginsAnother() throws {
        let got = try events("""
        0.000 ABS_MT_TRACKING_ID 5
        0.000 ABS_MT_POSITION_X 100
        0.000 ABS_MT_POSITION_Y 200
        0.000 SYN_REPORT 0
        0.010 ABS_MT_TRACKING_ID 6
        0.010 ABS_MT_POSITION_X 300
        0.010 SYN_REPORT 0
        0.020 ABS_MT_TRACKING_ID -1
        0.020 SYN_REPORT 0
        """)
        // Y is not sent again for the new contact: the slot keeps 200.
        #expect(got == [
            ExpectedEvent(t: 0, touches: [touch(1, .began, 100, 200)]),
            ExpectedEvent(t: 0.01, touches: [touch(1, .ended, 100, 200), touch(2, .began, 300, 200)]),
            ExpectedEvent(t: 0.02, touches: [touch(2, .ended, 300, 200)]),
        ])
    }

    @Test func valuesNotSentAgainKeepTheSlotsLastOnes() throws {
        let got = try events("""
        0.000 ABS_MT_TRACKING_ID 5
        0.000 ABS_MT_POSITION_X 100
        0.000 ABS_MT_POSITION_Y 200
        0.000 SYN_REPORT 0
        0.010 ABS_MT_TRACKING_ID -1
        0.010 SYN_REPORT 0
        0.030 ABS_MT_TRACKING_ID 7
        0.030 SYN_REPORT 0
        0.040 ABS_MT_POSITION_Y 210
        0.040 SYN_REPORT 0
        0.050 ABS_MT_TRACKING_ID -1
        0.050 SYN_REPORT 0
        """)
        #expect(got == [
            ExpectedEvent(t: 0, touches: [touch(1, .began, 100, 200)]),
            ExpectedEvent(t: 0.01, touches: [touch(1, .ended, 100, 200)]),
            ExpectedEvent(t: 0.03, touches: [touch(2, .began, 100, 200)]),
            ExpectedEvent(t: 0.04, touches: [touch(2, .moved, 100, 210)]),
            ExpectedEvent(t: 0.05, touches: [touch(2, .ended, 100, 210)]),
        ])
    }

    @Test func nothingTakesEffectBeforeSynReport() throws {
        let got = try events("""
        0.000 ABS_MT_SLOT 3
        0.000 ABS_MT_TRACKING_ID 5
        0.000 ABS_MT_POSITION_X 100
        0.000 ABS_MT_POSITION_Y 200
        0.000 ABS_MT_POSITION_X 110
        0.000 SYN_REPORT 0
        0.008 ABS_MT_POSITION_X 120
        0.008 ABS_MT_POSITION_X 110
        0.008 SYN_REPORT 0
        0.016 ABS_MT_SLOT 1
        0.016 ABS_MT_TRACKING_ID 9
        0.016 ABS_MT_POSITION_X 5
        0.016 ABS_MT_POSITION_Y 6
        0.016 ABS_MT_TRACKING_ID -1
        0.016 ABS_MT_SLOT 3
        0.016 ABS_MT_POSITION_Y 230
        0.016 SYN_REPORT 0
        0.024 ABS_MT_TRACKING_ID -1
        0.024 SYN_REPORT 0
        """)
        // Frame 0.008 moves and comes back: no change, no event. The contact of slot 1 begins
        // and lifts inside one frame: it never shows.
        #expect(got == [
            ExpectedEvent(t: 0, touches: [touch(1, .began, 110, 200)]),
            ExpectedEvent(t: 0.016, touches: [touch(1, .moved, 110, 230)]),
            ExpectedEvent(t: 0.024, touches: [touch(1, .ended, 110, 230)]),
        ])
    }

    @Test func synDroppedCancelsEveryTouchAndResynchronises() throws {
        let got = try events("""
        0.000 ABS_MT_TRACKING_ID 5
        0.000 ABS_MT_POSITION_X 100
        0.000 ABS_MT_POSITION_Y 200
        0.000 ABS_MT_SLOT 1
        0.000 ABS_MT_TRACKING_ID 6
        0.000 ABS_MT_POSITION_X 300
        0.000 ABS_MT_POSITION_Y 400
        0.000 SYN_REPORT 0
        0.010 ABS_MT_POSITION_X 310
        0.010 SYN_DROPPED 0
        0.020 ABS_MT_POSITION_X 320
        0.020 ABS_MT_TRACKING_ID -1
        0.020 SYN_REPORT 0
        0.030 ABS_MT_POSITION_X 330
        0.030 ABS_MT_TRACKING_ID -1
        0.030 SYN_REPORT 0
        0.040 ABS_MT_TRACKING_ID 8
        0.040 SYN_REPORT 0
        0.050 ABS_MT_TRACKING_ID -1
        0.050 SYN_REPORT 0
        """)
        // At the drop both touches are cancelled where they were last shown (the uncommitted
        // move to 310 is lost). Up to the next SYN_REPORT everything is ignored; then slot 1's
        // value and lift are ignored as its contact is unknown; its next tracking id begins a
        // touch at the slot's last value, 330.
        #expect(got == [
            ExpectedEvent(t: 0, touches: [touch(1, .began, 100, 200), touch(2, .began, 300, 400)]),
            ExpectedEvent(t: 0.01, touches: [touch(1, .cancelled, 100, 200), touch(2, .cancelled, 300, 400)]),
            ExpectedEvent(t: 0.04, touches: [touch(3, .began, 330, 400)]),
            ExpectedEvent(t: 0.05, touches: [touch(3, .ended, 330, 400)]),
        ])
    }

    @Test func protocolAContactsAreMatchedByDistance() throws {
        let got = try events("""
        0.000 ABS_MT_POSITION_X 100
        0.000 ABS_MT_POSITION_Y 100
        0.000 SYN_MT_REPORT 0
        0.000 ABS_MT_POSITION_X 500
        0.000 ABS_MT_POSITION_Y 500
        0.000 SYN_MT_REPORT 0
        0.000 SYN_REPORT 0
        0.010 ABS_MT_POSITION_X 510
        0.010 ABS_MT_POSITION_Y 490
        0.010 SYN_MT_REPORT 0
        0.010 ABS_MT_POSITION_X 105
        0.010 ABS_MT_POSITION_Y 100
        0.010 SYN_MT_REPORT 0
        0.010 SYN_REPORT 0
        0.020 ABS_MT_POSITION_X 106
        0.020 ABS_MT_POSITION_Y 100
        0.020 SYN_MT_REPORT 0
        0.020 ABS_MT_POSITION_X 900
        0.020 ABS_MT_POSITION_Y 100
        0.020 SYN_MT_REPORT 0
        0.020 SYN_REPORT 0
        0.030 SYN_MT_REPORT 0
        0.030 SYN_REPORT 0
        """)
        // 0.010: the contacts come in the other order; (510, 490) is nearest to touch 2.
        // 0.020: pairing touch 2 (510, 490) with (900, 100) costs 390² + 390² = 304,200 and
        // touch 1 with (106, 100) costs 1, while leaving touch 2 unmatched is not possible with
        // two contacts for two touches: both are matched, least total.
        #expect(got == [
            ExpectedEvent(t: 0, touches: [touch(1, .began, 100, 100), touch(2, .began, 500, 500)]),
            ExpectedEvent(t: 0.01, touches: [touch(1, .moved, 105, 100), touch(2, .moved, 510, 490)]),
            ExpectedEvent(t: 0.02, touches: [touch(1, .moved, 106, 100), touch(2, .moved, 900, 100)]),
            ExpectedEvent(t: 0.03, touches: [touch(1, .ended, 106, 100), touch(2, .ended, 900, 100)]),
        ])
    }

    @Test func protocolAUnmatchedContactsBeginAndUnmatchedTouchesEnd() throws {
        let got = try events("""
        0.000 ABS_MT_POSITION_X 100
        0.000 ABS_MT_POSITION_Y 100
        0.000 SYN_MT_REPORT 0
        0.000 ABS_MT_POSITION_X 500
        0.000 ABS_MT_POSITION_Y 500
        0.000 SYN_MT_REPORT 0
        0.000 SYN_REPORT 0
        0.010 ABS_MT_POSITION_X 495
        0.010 ABS_MT_POSITION_Y 505
        0.010 SYN_MT_REPORT 0
        0.010 SYN_REPORT 0
        0.020 ABS_MT_POSITION_X 495
        0.020 ABS_MT_POSITION_Y 505
        0.020 SYN_MT_REPORT 0
        0.020 ABS_MT_POSITION_X 50
        0.020 ABS_MT_POSITION_Y 60
        0.020 SYN_MT_REPORT 0
        0.020 SYN_REPORT 0
        0.030 BTN_TOUCH 0
        0.030 SYN_REPORT 0
        """)
        #expect(got == [
            ExpectedEvent(t: 0, touches: [touch(1, .began, 100, 100), touch(2, .began, 500, 500)]),
            ExpectedEvent(t: 0.01, touches: [touch(1, .ended, 100, 100), touch(2, .moved, 495, 505)]),
            ExpectedEvent(t: 0.02, touches: [touch(3, .began, 50, 60)]),
            ExpectedEvent(t: 0.03, touches: [touch(2, .ended, 495, 505), touch(3, .ended, 50, 60)]),
        ])
    }

    @Test func singleTouchScreensUseBtnTouch() throws {
        let got = try events("""
        0.000 ABS_X 10
        0.000 ABS_Y 20
        0.000 SYN_REPORT 0
        0.100 BTN_TOUCH 1
        0.100 SYN_REPORT 0
        0.110 ABS_X 15
        0.110 SYN_REPORT 0
        0.120 BTN_TOUCH 0
        0.120 SYN_REPORT 0
        """)
        // Times start at the first frame that holds a touch (0.100), not at the log's first.
        let expected: [ExpectedEvent] = [
            ExpectedEvent(t: 0, touches: [touch(1, .began, 10, 20)]),
            ExpectedEvent(t: 0.01, touches: [touch(1, .moved, 15, 20)]),
            ExpectedEvent(t: 0.02, touches: [touch(1, .ended, 15, 20)]),
        ]
        #expect(got == expected)
    }

    @Test(arguments: [
        ("0.000 ABS_MT_POSITION_X 100\n0.000 SYN_REPORT 0",
         "test.log:1:18: ABS_MT_POSITION_X 100 for slot 0, which has no contact (no ABS_MT_TRACKING_ID since it was last lifted)"),
        ("0.000 ABS_MT_TRACKING_ID 5\n0.000 ABS_MT_POSITION_X 1\n0.000 ABS_MT_POSITION_Y 1\n0.000 SYN_REPORT 0\n0.010 ABS_MT_TRACKING_ID -1\n0.010 SYN_REPORT 0\n0.020 ABS_MT_POSITION_X 3",
         "test.log:7:19: ABS_MT_POSITION_X 3 for slot 0, which has no contact (no ABS_MT_TRACKING_ID since it was last lifted)"),
        ("0.000 ABS_MT_SLOT 2\n0.000 ABS_MT_TRACKING_ID -1\n0.000 SYN_REPORT 0",
         "test.log:2:18: ABS_MT_TRACKING_ID -1 lifts slot 2, which has no contact"),
        ("0.000 ABS_MT_SLOT 400\n0.000 SYN_REPORT 0",
         "test.log:1:18: ABS_MT_SLOT 400 is outside the device's slots 0…255"),
        ("0.100 ABS_MT_TRACKING_ID 5\n0.100 ABS_MT_POSITION_X 1\n0.100 ABS_MT_POSITION_Y 1\n0.100 SYN_REPORT 0\n0.050 SYN_REPORT 0",
         "test.log:5:19: time goes backwards: 1000.050000000 s comes after 1000.100000000 s"),
        ("0.000 ABS_MT_POSITION_X 1\n0.000 SYN_MT_REPORT 0\n0.000 SYN_REPORT 0",
         "test.log:1:18: a contact without ABS_MT_POSITION_Y (protocol A sends every value of every contact in each frame)"),
        ("0.000 ABS_MT_SLOT 1\n0.000 SYN_REPORT 0",
         "test.log:1:1: no touches in this log from the recorded device (2 events read): record while touching the screen, and check --device"),
        ("0.000 ABS_MT_TRACKING_ID 5\n0.000 ABS_MT_POSITION_X 100000000\n0.000 ABS_MT_POSITION_Y 1\n0.000 SYN_REPORT 0",
         "test.log:4:18: ABS_MT_POSITION_X 100000000 is 100000000.0 points, beyond the ±10000000 a trace may hold (give --screen WxH to scale device units)"),
    ])
    func protocolErrorsAreLocated(_ log: String, _ message: String) {
        // Messages point at the event's code: "[ 1000.0] EV_ABS " is 17 characters (18 when
        // the time has two decimals), so the code starts in column 18 (19).
        #expect(importError(eventLog(log), format: .getevent) == message)
    }

    @Test func aSlotValueNeverSentIsTheKernelsInitialZero() throws {
        // The kernel zeroes its slots and drops values that do not change: a first touch at the
        // left edge sends no x.
        let (imported, _, events) = try importLog(eventLog("""
        0.000 ABS_MT_SLOT 1
        0.000 ABS_MT_TRACKING_ID 5
        0.000 ABS_MT_POSITION_Y 700
        0.000 SYN_REPORT 0
        0.010 ABS_MT_POSITION_X 12
        0.010 SYN_REPORT 0
        """), format: .getevent)
        #expect(events == [ExpectedEvent(t: 0, touches: [touch(1, .began, 0, 700)]),
                           ExpectedEvent(t: 0.01, touches: [touch(1, .moved, 12, 700)]),
                           // The touch still down is cancelled by the reader at the last event.
                           ExpectedEvent(t: 0.01, touches: [touch(1, .cancelled, 12, 700)])])
        #expect(imported.warnings.map(\.description) == [
            "test.log:2:18: warning: no ABS_MT_POSITION_X for slot 1 since the log began; the contact with tracking id 5 is taken to be at the kernel's initial 0",
            "test.log:6:19: warning: 1 touch is still down at the end of the log; replay cancels it at the last event",
        ])
    }

    @Test func leastCostAssignmentIsOptimal() {
        // Greedy would pair row 0 with column 0 (cost 1) and leave row 1 with 100: total 101;
        // the best is 2 + 3 = 5.
        #expect(leastCostAssignment([[1, 2], [3, 100]], columns: 2) == [1, 0])
        #expect(leastCostAssignment([[5], [1], [9]], columns: 1) == [nil, 0, nil])
        #expect(leastCostAssignment([[4, 1, 9]], columns: 3) == [1])
        #expect(leastCostAssignment([], columns: 2) == [])
    }
}
