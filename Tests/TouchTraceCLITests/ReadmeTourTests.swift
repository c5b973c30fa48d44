import Testing
@testable import TouchTrace

/// The README's tour, run in a checkout, leaves nothing behind in it: every file or folder a
/// command of the tour writes is under /tmp.
@Suite struct ReadmeTourTests {
    @Test func theTourWritesNothingIntoTheCheckout() throws {
        let readme = try readText(packageRoot + "/README.md")
        let tour = try #require(readme.range(of: "## A short tour"))
        let block = readme[tour.upperBound...]
        let start = try #require(block.range(of: "```sh\n"))
        let end = try #require(block[start.upperBound...].range(of: "```"))
        var written: [String] = []
        for line in block[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let words = line.split(separator: " ")
            for (option, value) in zip(words, words.dropFirst())
            where ["--output", "--junit", "--report", "--artifacts"].contains(String(option)) {
                written.append(String(value))
            }
        }
        #expect(written.count >= 4)
        for path in written { #expect(path.hasPrefix("/tmp/"), "the tour writes \(path) into the checkout") }
    }
}
