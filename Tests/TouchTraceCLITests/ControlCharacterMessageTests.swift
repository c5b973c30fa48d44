import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// Control characters read from an input reach no message raw: a newline would split a
/// message so that its second line has no location, an escape would reach the terminal.
@Suite struct ControlCharacterMessageTests {
    @Test func keysPhasesAndLogTokensAreEscaped() throws {
        let folder = temporaryDirectory()
        let trace = folder + "/c.trace.json"
        // A key holding a newline (\n in JSON) and a phase holding an escape (\u001b).
        try writeText(#"{"version": 1, "events": [{"t": 0, "touches": [{"id": 1, "phase": "be\u001bgan", "x": 1, "y": 1, "k\nx": 1}]}]}"#, to: trace)
        // Column 67: 66 characters before the phase's value; column 98: 97 before the key.
        let run = touchtrace("validate", trace, "--strict")
        #expect(run.code == 2)
        #expect(run.err == """
            \(trace):1:67: event 0, touches[0]: unknown phase "be\\u{1B}gan" (valid phases: began, moved, stationary, ended, cancelled)
            \(trace):1:98: unknown key "k\\nx" in event 0, touches[0] (ignored unless --strict)

            """, "\(run.err)")
        let log = folder + "/l.log"
        try writeText("[ 5000.000000] /dev/input/event1: EV_ABS       ABS_MT_POS\u{1B}[31mX   00000001\n", to: log)
        let imported = touchtrace("import", "getevent", log)
        #expect(imported.code == 2)
        #expect(imported.err == "\(log):1:48: unknown event code 'ABS_MT_POS\\u{1B}[31mX' for EV_ABS\n", "\(imported.err)")
        // Every line of every message starts with its location.
        for line in (run.err + imported.err).split(separator: "\n") { #expect(line.hasPrefix(folder)) }
    }

    @Test func escapingLeavesOtherTextAsItIs() {
        #expect(escapingControlCharacters("plain \\n text, é") == "plain \\n text, é")
        #expect(escapingControlCharacters("a\tb\r\n\u{7F}\u{85}") == "a\\tb\\r\\n\\u{7F}\\u{85}")
        #expect(TraceError(path: "p\n", line: 1, column: 2, message: "m\u{1B}").description == "p\\n:1:2: m\\u{1B}")
    }
}
