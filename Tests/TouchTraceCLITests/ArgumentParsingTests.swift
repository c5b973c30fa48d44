#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// The command line behaves as users of swift-argument-parser tools expect.
@Suite struct ArgumentParsingTests {
    let knob = packageRoot + "/traces/knob/quarter-turn.trace.json"

    /// The process's environment, as commands read it (CI, TOUCHTRACE_RECORD, NO_COLOR): each
    /// entry split at its first `=`, the value kept whole (with more `=`, other scripts, or
    /// nothing at all).
    @Test func theEnvironmentIsReadNameThenValue() {
        let values = ["a=b=c", "東京 é", "", "=", "CI=1"]
        for (i, value) in values.enumerated() { setenv("TOUCHTRACE_TEST_ENVIRONMENT_\(i)", value, 1) }
        defer { for i in values.indices { unsetenv("TOUCHTRACE_TEST_ENVIRONMENT_\(i)") } }
        let environment = Console.standard().environment
        for (i, value) in values.enumerated() {
            #expect(environment["TOUCHTRACE_TEST_ENVIRONMENT_\(i)"] == value)
        }
        #expect(environment["PATH"] == String(cString: getenv("PATH")))
    }

    @Test func aValueOptionNeverSwallowsTheNextOption() {
        let directory = temporaryDirectory()
        let run = touchtrace("replay", knob, "--output", "--format", "jsonl")
        #expect(run.code == 2 && run.out.isEmpty)
        #expect(run.err.hasPrefix("touchtrace replay: option '--output' needs a value (FILE), found the option '--format'\n"))
        #expect(!OutputSafety.exists("--format") && !OutputSafety.exists(directory + "/--format"))
        // At the end, too.
        #expect(touchtrace("replay", knob, "--output").err.hasPrefix("touchtrace replay: option '--output' needs a value (FILE)\n"))
        // A value that starts with a dash is written with '='; a negative number is a value.
        let negative = touchtrace("diff", knob, knob, "--tolerance", "-1")
        #expect(negative.err.hasPrefix("touchtrace diff: --tolerance must be a number of at least 0, found '-1'"))
    }

    @Test func anOptionGivenTwiceIsAnError() {
        let run = touchtrace("replay", knob, "--format", "text", "--format", "jsonl")
        #expect(run.code == 2 && run.out.isEmpty)
        #expect(run.err.hasPrefix("touchtrace replay: option '--format' is given twice; give it once\n"))
        let flag = touchtrace("validate", knob, "--strict", "--strict")
        #expect(flag.code == 2 && flag.err.hasPrefix("touchtrace validate: option '--strict' is given twice"))
    }

    @Test func extraArgumentsAreRefused() {
        let help = touchtrace("help", "replay", "extra")
        #expect(help.code == 2 && help.out.isEmpty)
        #expect(help.err.hasPrefix("touchtrace help: unexpected argument 'extra' after the command\n"))
        let bench = touchtrace("bench", "now")
        #expect(bench.code == 2 && bench.err.hasPrefix("touchtrace bench: unexpected argument 'now'\n"))
    }

    @Test func formatNamesAgreeAcrossCommands() throws {
        // jsonl everywhere; json is taken for it everywhere.
        let jsonl = touchtrace("replay", knob, "--format", "jsonl")
        let json = touchtrace("replay", knob, "--format", "json")
        #expect(jsonl.code == 0 && json.out == jsonl.out)
        let unknown = touchtrace("replay", knob, "--format", "yaml")
        #expect(unknown.code == 2 && unknown.err.hasPrefix("touchtrace replay: unknown format 'yaml' (text or jsonl)\n"))
        for command in CommandLineTool.commands {
            guard let format = command.options.first(where: { $0.name == "format" }) else { continue }
            #expect(format.help.contains("jsonl") && !command.usage.contains("text|json]"), "\(command.name)")
        }
    }

    @Test func aDashIsStandardOutputForOutput() {
        let run = touchtrace("replay", knob, "--output", "-")
        #expect(run.code == 0)
        #expect(run.out == touchtrace("replay", knob).out)
        #expect(!OutputSafety.exists("-"))
    }

    @Test func anOutputThatCannotBeWrittenExits74NamingIt() {
        let path = temporaryDirectory() + "/no/such/folder/out.txt"
        let run = touchtrace("replay", knob, "--output", path)
        #expect(run.code == 74 && run.out.isEmpty)
        #expect(run.err.contains(path) && run.err.contains("cannot write"))
        let traces = temporaryDirectory()
        mkdirs(traces + "/pan")
        try? copy(packageRoot + "/traces/pan/drag.trace.json", traces + "/pan/drag.trace.json")
        try? copy(packageRoot + "/traces/pan/drag.expected.txt", traces + "/pan/drag.expected.txt")
        let junit = touchtrace("verify", traces, "--junit", path)
        #expect(junit.code == 74 && junit.err.contains(path))
    }
}
