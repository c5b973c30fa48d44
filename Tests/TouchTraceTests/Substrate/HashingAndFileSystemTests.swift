import Foundation
import Testing
@testable import TouchTrace

@Suite struct HashingTests {
    /// The published check values: FNV-1a (64 bits) of "a" is 0xaf63dc4c8601ec8c, and of no
    /// bytes the offset basis; a salt changes the basis, so the same bytes hash differently.
    @Test func fnv1aGivesThePublishedValues() {
        #expect(FNV1a().value == 0xCBF2_9CE4_8422_2325)
        var a = FNV1a()
        a.add(UInt8(ascii: "a"))
        #expect(a.value == 0xAF63_DC4C_8601_EC8C)
        var salted = FNV1a(salt: 1)
        salted.add(UInt8(ascii: "a"))
        #expect(salted.value != a.value)
    }

    /// SplitMix64 from state 0 first gives 0xe220a8397b1dcdaf (the reference implementation's
    /// first output), and its outputs wrap past 2⁶⁴ without trapping.
    @Test func splitMixGivesTheReferenceSequence() {
        var zero = SplitMix64(state: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        var top = SplitMix64(state: .max)
        let first = top.next()
        #expect(top.state == 0x9E37_79B9_7F4A_7C14)
        #expect(first != top.next())
    }
}

@Suite struct FileSystemTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("touchtrace-fs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aListingGivesEveryNameOnce() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        for name in ["b.json", "a.trace.json", "Scene.json"] {
            try Data("x".utf8).write(to: url.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: url.appendingPathComponent("sub"), withIntermediateDirectories: false)
        let listing = try #require(DirectoryListing(path: url.path))
        var names: [String] = []
        while let name = listing.nextName() { names.append(name) }
        #expect(names.sorted() == [".", "..", "Scene.json", "a.trace.json", "b.json", "sub"])
        #expect(listing.nextName() == nil)
        #expect(DirectoryListing(path: url.appendingPathComponent("missing").path) == nil)
        #expect(DirectoryListing(path: url.appendingPathComponent("b.json").path) == nil)
    }

    @Test func aRegularFileGivesItsFirstBytes() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let file = url.appendingPathComponent("t.txt")
        try Data("# touchtrace transcript\n".utf8).write(to: file)
        let opened = try #require(ReadableFile(regularFileAt: file.path))
        #expect(opened.firstBytes(upTo: 5) == Array("# tou".utf8))
        // The next read goes on from there and stops at the end.
        #expect(opened.firstBytes(upTo: 100) == Array("chtrace transcript\n".utf8))
        #expect(opened.firstBytes(upTo: 100) == [])
        // A folder or a missing file is not opened.
        #expect(ReadableFile(regularFileAt: url.path) == nil)
        #expect(ReadableFile(regularFileAt: url.appendingPathComponent("missing").path) == nil)
    }

    @Test func folderEntriesGiveEachNameWithItsKindAndPath() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        for name in ["a.trace.json", "a.expected.txt", ".hidden.trace.json", ".expected.txt"] {
            try Data("x".utf8).write(to: url.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: url.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: url.appendingPathComponent("link").path, withDestinationPath: "a.trace.json")
        let entries = try #require(FolderEntries(folder: url.path))
        let suffix = Array(".expected.txt".utf8)
        var seen: [String] = []
        let expected = ListedNames(), traces = ListedNames()
        while entries.next() {
            let name = entries.nameText
            #expect(entries.nameLength == name.utf8.count)
            #expect(entries.path == url.path + "/" + name)
            #expect(entries.isHidden == name.hasPrefix("."))
            if entries.isHidden { continue }
            // ext4 and tmpfs give kinds; a file system that does not says `.unknown`.
            let kind = entries.kind
            switch name {
            case "sub": #expect(kind == .folder || kind == .unknown)
            case "link": #expect(kind == .link || kind == .unknown)
            default: #expect(kind == .regular || kind == .unknown)
            }
            #expect(entries.nameEnds(with: suffix) == (name == "a.expected.txt"))
            #expect(entries.nameEnds(with: Array("txt".utf8), longerThan: 14) == false)
            if entries.nameEnds(with: suffix) { expected.add(entries, droppingLast: suffix.count) }
            if name.hasSuffix(".trace.json") { traces.add(entries, droppingLast: 11) }
            seen.append(name)
        }
        #expect(seen.sorted() == ["a.expected.txt", "a.trace.json", "link", "sub"])
        #expect(!entries.next())
        #expect(entries.nameText == "" && entries.path == "" && !entries.nameEnds(with: []))
        // The names less their suffixes: "a" in both.
        #expect(expected.count == 1 && traces.count == 1 && expected.string(0) == "a")
        expected.prepareLookUps()
        #expect(expected.contains(traces, 0))
        let other = ListedNames()
        other.prepareLookUps()
        #expect(!other.contains(traces, 0))
        #expect(FolderEntries(folder: url.appendingPathComponent("missing").path) == nil)
    }
}
