#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// When `verify` writes expected files, as snapshot-testing tools name it.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Write expected files that do not exist; compare the rest (the default).
    case missing
    /// Rewrite every expected file.
    case all
    /// Rewrite the expected files that differ (and write missing ones).
    case failed
    /// Write nothing; a missing expected file is a failure (the default when `CI` is set).
    case never
}

/// A gesture fixture: `NAME.trace.json` and, beside it, `NAME.expected.txt`.
public struct Fixture: Sendable, Equatable {
    public let tracePath: String
    /// Whether the listing of the fixture's folder showed its trace, and its expected file, as
    /// regular files (or links to them): known for fixtures found by `survey`, not for one made
    /// from a path. `verify` then reads them without asking for their kind again (see
    /// `SmallFileReader`). It is not part of what a fixture is: two fixtures of one trace are equal.
    let listedRegular: (trace: Bool, expected: Bool)

    public init(tracePath: String) {
        self.tracePath = tracePath
        listedRegular = (false, false)
    }

    init(tracePath: String, listedRegular: (trace: Bool, expected: Bool)) {
        self.tracePath = tracePath
        self.listedRegular = listedRegular
    }

    public static func == (a: Fixture, b: Fixture) -> Bool { a.tracePath == b.tracePath }

    public static let traceSuffix = ".trace.json"
    public static let expectedSuffix = ".expected.txt"

    public var expectedPath: String {
        // verify asks once per fixture: the path is made in one piece from the trace path's
        // bytes when it ends with the suffix, as every fixture found does.
        let made = replacingSuffixBytes(of: tracePath, suffix: Self.traceSuffixBytes, with: Self.expectedSuffixBytes)
        return made ?? String(tracePath.dropLast(Self.traceSuffix.count)) + Self.expectedSuffix
    }

    /// The suffixes' bytes, for code that works on bytes.
    static let traceSuffixBytes = Array(traceSuffix.utf8)
    static let expectedSuffixBytes = Array(expectedSuffix.utf8)

    /// `GROUP/NAME` for messages and reports: the path without the suffix.
    public var name: String {
        var path = String(tracePath.dropLast(Self.traceSuffix.count))
        if path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    /// Every fixture under the paths (files or folders, searched recursively; folders whose names
    /// start with a dot are skipped), sorted by path so that runs and shards are deterministic.
    /// Throws for a path that does not exist or is not a trace, and when any part of a tree
    /// could not be read (see `survey`): a fixture tree that cannot be read fully is a failure.
    public static func discover(_ paths: [String]) throws(FixtureDiscoveryError) -> [Fixture] {
        let survey = try survey(paths)
        if !survey.skipped.isEmpty {
            throw FixtureDiscoveryError(message: survey.skipped.map(\.description).joined(separator: "\n"))
        }
        return survey.fixtures
    }

    /// What a search of fixture trees found: the fixtures, and what it had to skip.
    public struct Survey: Sendable {
        public var fixtures: [Fixture]
        /// Folders that could not be read and things named `*.trace.json` that are not regular
        /// files (FIFOs, sockets, devices, dangling links), in path order. Nothing is opened
        /// to find them, so a FIFO never makes the search wait.
        public var skipped: [SkippedPath]
        /// Files in the folders walked whose name is `scene.json` in another case
        /// (`Scene.json`): they are not read as scenes, which deserves a warning.
        public var misnamedScenes: [String] = []
    }

    /// Why a folder named `NAME.trace.json` fails a run (its contents are still verified).
    static let folderNamedLikeATrace = "is a folder, not a trace file (named like one); its contents are verified, the name is a mistake"

    /// Why `path`, which `stat` could not follow (failing with `failure`), cannot be reached:
    /// a link to nothing, a link in a loop, or the system's reason.
    static func unreachableDescription(_ path: String, _ failure: Int32) -> String {
        var link = stat()
        let isLink = lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
        guard isLink else { return describeErrno(failure) }
        if failure == ELOOP { return "a symbolic link in a loop (too many levels of symbolic links)" }
        if failure == ENOENT { return "a symbolic link to nothing" }
        return "a symbolic link that cannot be followed (\(describeErrno(failure)))"
    }

    /// A part of a fixture tree that could not be read, and why.
    public struct SkippedPath: Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(printable(path)): \(reason)" }
    }

    /// Every fixture under the paths, as `discover`, and every part of the trees that could not
    /// be read. Symbolic links to folders are followed, each folder walked once (so a link
    /// loop ends); throws only for a path given that does not exist or is not a folder or a
    /// trace file.
    public static func survey(_ paths: [String]) throws(FixtureDiscoveryError) -> Survey {
        var walk = Walk()
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw FixtureDiscoveryError(message: "\(printable(path)): \(unreachableDescription(path, errno))")
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk.directory(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, info)
            } else if path.hasSuffix(traceSuffix) {
                if (info.st_mode & S_IFMT) == S_IFREG {
                    // Its expected file was in no listing: its kind is asked for when it is read.
                    walk.found.append(path)
                    walk.expectedListed.append(false)
                } else {
                    walk.skipped.append(SkippedPath(path: path, reason: "is \(fileKindDescription(info.st_mode)), not a regular file; not read"))
                }
            } else {
                throw FixtureDiscoveryError(message: "\(printable(path)): not a folder or a \(traceSuffix) file")
            }
        }
        // Byte order, not locale order: the same on every machine. A trace reached twice (a
        // folder given twice, or inside another path given) is one fixture.
        let order = sortedOrderByBytes(walk.found)
        var unique: [Fixture] = []
        unique.reserveCapacity(order.count)
        for (k, i) in order.enumerated() where k == 0 || walk.found[i] != walk.found[order[k - 1]] {
            unique.append(Fixture(tracePath: walk.found[i], listedRegular: (true, walk.expectedListed[i])))
        }
        let skipped = walk.skipped.sorted { precedesInBytes($0.path, $1.path) }
        return Survey(fixtures: unique, skipped: skipped, misnamedScenes: walk.misnamedScenes.sorted(by: precedesInBytes))
    }

    /// `paths` sorted as `sorted(by: precedesInBytes)` sorts them, at less cost per comparison.
    /// Their bytes are copied once into one buffer; each path gets a key, its 16 bytes after
    /// the prefix all the paths share (a fixture tree's paths share a long one), as two
    /// integers that order as the bytes do, with zeros past the end (so that a path comes
    /// before the longer ones it begins). Paths whose keys are equal are compared in full.
    static func sortedByBytes(_ paths: [String]) -> [String] {
        sortedOrderByBytes(paths).map { paths[$0] }
    }

    /// The indices of `paths` in the order `sortedByBytes` sorts them.
    static func sortedOrderByBytes(_ paths: [String]) -> [Int] {
        orderOfPathsByBytes(paths)
    }

    /// A walk of fixture trees.
    ///
    /// One pass over each folder: the kind of each entry comes from the folder itself
    /// (`d_type`), so regular files and folders cost no `stat`; links, and entries of file
    /// systems that do not give kinds, are looked at with `stat` (which follows links).
    private struct Walk {
        var found: [String] = []
        /// For each of `found`: whether its expected file was listed beside it as a regular file.
        var expectedListed: [Bool] = []
        var skipped: [SkippedPath] = []
        var misnamedScenes: [String] = []
        /// Folders walked, by device and inode: a folder reached again through a link is not
        /// walked again.
        var seen = FolderSet()


        mutating func directory(_ directory: String, _ info: stat) {
            guard seen.insert(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) else { return }
            var subdirectories: [String] = []
            // The names (without suffix) of the regular expected files listed, and of the
            // traces found, with where each trace is in `found`: matched once all are in.
            let expectedNames = ListedNames()
            let traceNames = ListedNames()
            var traceIndices: [Int] = []
            let traceSuffix = Fixture.traceSuffixBytes, expectedSuffix = Fixture.expectedSuffixBytes
            // The folder is closed at the end of this block, before its subfolders are walked.
            do {
                guard let entries = FolderEntries(folder: directory) else {
                    skipped.append(SkippedPath(path: directory, reason: "folder cannot be read (\(describeErrno(errno))); its fixtures were skipped"))
                    return
                }
                while entries.next() {
                    // The name is looked at as bytes, where it lies in the entry; a string is made
                    // only for a path kept, in one piece with its folder's path.
                    if entries.isHidden { continue }
                    let length = entries.nameLength
                    let isTrace = entries.nameEnds(with: traceSuffix)
                    let kind = entries.kind
                    if kind == .regular && !isTrace && entries.nameEnds(with: expectedSuffix, longerThan: expectedSuffix.count) {
                        expectedNames.add(entries, droppingLast: expectedSuffix.count)
                        continue
                    }
                    // Only traces, folders, other kinds and names as long as `scene.json` matter.
                    guard isTrace || kind != .regular || length == 10 else { continue }
                    let path = entries.path
                    let shortName = length == 10 ? entries.nameText : ""
                    if length == 10 && shortName != "scene.json" && shortName.lowercased() == "scene.json" { misnamedScenes.append(path) }
                    switch kind {
                    case .regular:
                        if isTrace { add(path, entries, to: traceNames, &traceIndices) }
                        continue
                    case .folder:
                        // A folder named like a trace is walked, and fails the run, named.
                        if isTrace { skipped.append(SkippedPath(path: path, reason: Fixture.folderNamedLikeATrace)) }
                        subdirectories.append(path)
                        continue
                    default:
                        break
                    }
                    var info = stat()
                    // stat follows symbolic links: a linked folder is walked, a linked trace read.
                    guard stat(path, &info) == 0 else {
                        if isTrace {
                            let failure = errno
                            var link = stat()
                            let isLink = lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
                            skipped.append(SkippedPath(path: path, reason: isLink ? Fixture.unreachableDescription(path, failure) + "; not read"
                                                                                  : "cannot be read (\(describeErrno(failure)))"))
                        }
                        continue
                    }
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR:
                        if isTrace { skipped.append(SkippedPath(path: path, reason: Fixture.folderNamedLikeATrace)) }
                        subdirectories.append(path)
                    case S_IFREG:
                        if isTrace { add(path, entries, to: traceNames, &traceIndices) }
                    default:
                        if isTrace {
                            skipped.append(SkippedPath(path: path, reason: "is \(fileKindDescription(info.st_mode)), not a regular file; not read"))
                        }
                    }
                }
            }
            if expectedNames.count > 0 && !traceIndices.isEmpty {
                expectedNames.prepareLookUps()
                for (k, i) in traceIndices.enumerated() { expectedListed[i] = expectedNames.contains(traceNames, k) }
            }
            for sub in subdirectories {
                // A folder's identity (for the links that lead to it again) from stat, which
                // follows links as the walk does; one that vanished since is not walked.
                var info = stat()
                guard stat(sub, &info) == 0 else { continue }
                self.directory(sub, info)
            }
        }

        /// Keeps a trace found in a folder's listing, with its name less the suffix (to be
        /// matched with the expected files listed).
        private mutating func add(_ path: String, _ entries: FolderEntries,
                                  to names: ListedNames, _ indices: inout [Int]) {
            names.add(entries, droppingLast: Fixture.traceSuffixBytes.count)
            indices.append(found.count)
            found.append(path)
            expectedListed.append(false)
        }
    }

    /// Folders by device and inode, each once: an open-addressing set of pairs in one flat
    /// list of words (a `Set` of pairs costs the run time more to set up, once per process, than
    /// a walk of a few folders costs in all).
    struct FolderSet {
        /// Three words a place: 1 for a taken place (0 for an empty one), the device, the inode;
        /// a power of two places, at most half of them taken.
        private var places = [UInt64](repeating: 0, count: 3 * 16)
        private var count = 0

        /// Adds a folder; false if it was there already.
        mutating func insert(device: UInt64, inode: UInt64) -> Bool {
            var mask = places.count / 3 - 1
            var place = Self.place(device, inode, mask)
            while places[3 * place] != 0 {
                if places[3 * place + 1] == device && places[3 * place + 2] == inode { return false }
                place = (place + 1) & mask
            }
            places[3 * place] = 1
            places[3 * place + 1] = device
            places[3 * place + 2] = inode
            count += 1
            if count * 2 > places.count / 3 {
                let old = places
                places = [UInt64](repeating: 0, count: old.count * 2)
                mask = places.count / 3 - 1
                for k in stride(from: 0, to: old.count, by: 3) where old[k] != 0 {
                    var p = Self.place(old[k + 1], old[k + 2], mask)
                    while places[3 * p] != 0 { p = (p + 1) & mask }
                    places[3 * p] = 1
                    places[3 * p + 1] = old[k + 1]
                    places[3 * p + 2] = old[k + 2]
                }
            }
            return true
        }

        private static func place(_ device: UInt64, _ inode: UInt64, _ mask: Int) -> Int {
            Int(truncatingIfNeeded: pairHash(device, inode) >> 7) & mask
        }
    }

    /// The fixtures of shard `index` (1-based) of `count`: every count-th fixture in path order,
    /// so shards are balanced and together hold every fixture exactly once.
    public static func shard(_ fixtures: [Fixture], index: Int, count: Int) -> [Fixture] {
        fixtures.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}

public struct FixtureDiscoveryError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
