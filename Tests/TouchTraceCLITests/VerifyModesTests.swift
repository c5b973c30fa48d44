#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// Record modes and their environment, and expected files as other tools save them.
@Suite struct VerifyModesTests {
    func onePanFixture() throws -> (folder: String, expected: String, good: String) {
        let folder = temporaryDirectory() + "/pan"
        mkdirs(folder)
        try copy(packageRoot + "/traces/pan/drag.trace.json", folder + "/drag.trace.json")
        try copy(packageRoot + "/traces/pan/scene.json", folder + "/scene.json")
        let expected = folder + "/drag.expected.txt"
        return (folder, expected, try readText(packageRoot + "/traces/pan/drag.expected.txt"))
    }

    @Test func recordAllLeavesUnchangedFilesAlone() throws {
        let f = try onePanFixture()
        try writeText(f.good, to: f.expected)
        var before = stat()
        stat(f.expected, &before)
        let run = touchtrace("verify", f.folder, "--record", "all")
        #expect(run.code == 0 && run.out == "1 passed, 0 failed\n")
        var after = stat()
        stat(f.expected, &after)
        #expect(before.st_ino == after.st_ino, "an atomic rewrite would give the file a new inode")
    }

    @Test func ciIsSetOnlyByAValueThatMeansIt() throws {
        let f = try onePanFixture()
        for value in ["", "0", "false", "FALSE"] {
            let run = touchtrace(["verify", f.folder], environment: ["CI": value])
            #expect(run.code == 0 && run.out.hasSuffix("0 passed, 0 failed, 1 recorded\n"), "CI=\(value)")
            unlink(f.expected)
        }
        for value in ["1", "true", "yes"] {
            let run = touchtrace(["verify", f.folder], environment: ["CI": value])
            #expect(run.code == 1 && run.out.contains("no expected file"), "CI=\(value)")
            #expect(!OutputSafety.exists(f.expected))
        }
    }

    @Test func touchtraceRecordActsAsTheOptionAndWinsOverCI() throws {
        let f = try onePanFixture()
        let recorded = touchtrace(["verify", f.folder], environment: ["CI": "1", "TOUCHTRACE_RECORD": "missing"])
        #expect(recorded.code == 0 && recorded.out.hasSuffix("1 recorded\n"))
        try writeText(f.good.replacingFirst("velocity=", with: "velocity=9"), to: f.expected)
        let never = touchtrace(["verify", f.folder], environment: ["TOUCHTRACE_RECORD": "never"])
        #expect(never.code == 1)
        // The option wins over the variable.
        let failed = touchtrace(["verify", f.folder, "--record", "failed"], environment: ["TOUCHTRACE_RECORD": "never"])
        #expect(failed.code == 0 && failed.out.hasSuffix("1 recorded\n"))
        #expect(try readText(f.expected) == f.good)
        let bad = touchtrace(["verify", f.folder], environment: ["TOUCHTRACE_RECORD": "sometimes"])
        #expect(bad.code == 2 && bad.err.contains("TOUCHTRACE_RECORD is 'sometimes'; it must be missing, all, failed or never"))
    }

    @Test func expectedFilesWithCRLFOrAByteOrderMarkPass() throws {
        let f = try onePanFixture()
        let crlf = f.good.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        for text in [crlf, "\u{FEFF}" + f.good, "\u{FEFF}" + crlf] {
            try writeText(text, to: f.expected)
            let verify = touchtrace("verify", f.folder, "--record", "never")
            #expect(verify.code == 0 && verify.out == "1 passed, 0 failed\n")
            let diff = touchtrace("diff", f.folder + "/drag.trace.json", f.expected)
            #expect(diff.code == 0 && diff.out.isEmpty && diff.err.isEmpty)
            // --record failed leaves it alone: it does not differ.
            #expect(touchtrace("verify", f.folder, "--record", "failed").out == "1 passed, 0 failed\n")
            #expect(try readText(f.expected) == text)
        }
        // A real difference in a CRLF file shows as the record, not as an unreadable line.
        try writeText(crlf.replacingFirst("velocity=", with: "velocity=9"), to: f.expected)
        let differs = touchtrace("verify", f.folder, "--record", "never")
        #expect(differs.code == 1 && !differs.out.contains("\r"))
        #expect(differs.out.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.count == 1)
    }
}
