import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// In a version 2 trace every `failed` and `cancelled` record carries a `reason`; a version 1
/// transcript keeps its records as they were (no reason on a pan's or rotation's failure, nor on
/// a cancellation).
@Suite struct FailureReasonVersionTests {
    /// The records of a replay of `events` (JSON) through one view of 200 × 200 points holding
    /// a recognizer of `type`, in a trace of `version`.
    func records(_ type: String, version: Int, _ events: String) throws -> [String] {
        let path = temporaryDirectory() + "/t.trace.json"
        try writeText("""
            {"version": \(version), "scene": {"views": [{"name": "v", "frame": [0, 0, 200, 200], "recognizers": [{"type": "\(type)"}]}]},
             "events": \(events)}
            """, to: path)
        let run = touchtrace("replay", path)
        #expect(run.code == 0, "\(run.err)")
        return run.out.split(separator: "\n").dropFirst().map(String.init)
    }

    /// Touch 1 down at (100, 100), moved right and down by 30 points, then cancelled.
    static let movedThenCancelled = """
        [{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 100, "y": 100}]},
         {"t": 0.02, "touches": [{"id": 1, "phase": "moved", "x": 130, "y": 130}]},
         {"t": 0.04, "touches": [{"id": 1, "phase": "cancelled", "x": 130, "y": 130}]}]
        """
    /// Touch 1 down at (100, 100), moved 4 points right, lifted.
    static let shortDrag = """
        [{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 100, "y": 100}]},
         {"t": 0.02, "touches": [{"id": 1, "phase": "moved", "x": 104, "y": 100}]},
         {"t": 0.04, "touches": [{"id": 1, "phase": "ended", "x": 104, "y": 100}]}]
        """
    /// Touch 1 down and cancelled where it is.
    static let cancelledAtOnce = """
        [{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 100, "y": 100}]},
         {"t": 0.02, "touches": [{"id": 1, "phase": "cancelled", "x": 100, "y": 100}]}]
        """

    @Test func everyFailedAndCancelledRecordOfAVersion2TraceHasAReason() throws {
        for type in ["pan", "rotation", "checkmark", "checkmarkRobust"] {
            for events in [Self.movedThenCancelled, Self.shortDrag, Self.cancelledAtOnce] {
                let ends = try records(type, version: 2, events).filter { $0.contains("to=failed") || $0.contains("to=cancelled") }
                #expect(!ends.isEmpty, "\(type)")
                for record in ends { #expect(record.contains(" reason=\""), "\(type): \(record)") }
            }
        }
        // What they say: the pan moved 4 of the 10 points it needs (its default minimumDistance).
        #expect(try records("pan", version: 2, Self.shortDrag).last?
                .hasPrefix("0.0400 v.pan state from=possible to=failed reason=\"every touch lifted after moving 4 points, short of the 10 points it needs to begin\" translation=4.0000,0.0000 velocity=") == true)
        #expect(try records("pan", version: 2, Self.cancelledAtOnce).last?
                .hasPrefix("0.0200 v.pan state from=possible to=failed reason=\"touch 1 was cancelled\" translation=") == true)
        #expect(try records("rotation", version: 2, Self.movedThenCancelled).last?
                .hasPrefix("0.0400 v.rotation state from=began to=cancelled reason=\"touch 1 was cancelled\" angle=") == true)
        #expect(try records("checkmark", version: 2, Self.movedThenCancelled).last
                == "0.0400 v.checkmark state from=possible to=cancelled reason=\"touch 1 was cancelled\"")
    }

    @Test func version1RecordsStayAsTheyWere() throws {
        let pan = try records("pan", version: 1, Self.shortDrag).last
        #expect(pan?.hasPrefix("0.0400 v.pan state from=possible to=failed translation=4.0000,0.0000 velocity=") == true && pan?.contains("reason") == false)
        for type in ["pan", "rotation", "checkmark", "checkmarkRobust"] {
            for record in try records(type, version: 1, Self.movedThenCancelled) where record.contains("to=cancelled") {
                #expect(!record.contains("reason="), "\(type): \(record)")
            }
        }
    }
}
