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

    public init(tracePath: String) { self.tracePath = tracePath }

    public static let traceSuffix = ".trace.json"
    public static let expectedSuffix = ".expected.txt"

    public var expectedPath: String {
        String(tracePath.dropLast(Self.traceSuffix.count)) + Self.expectedSuffix
    }

    /// `GROUP/NAME` for messages and reports: the path without the suffix.
    public var name: String {
        var path = String(tracePath.dropLast(Self.traceSuffix.count))
        if path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    /// Every fixture under the paths (files or folders, searched recursively; folders whose names
    /// start with a dot are skipped), sorted by path so that runs and shards are deterministic.
    /// Throws for a path that does not exist or is not a trace.
    public static func discover(_ paths: [String]) throws(FixtureDiscoveryError) -> [Fixture] {
        var found: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw FixtureDiscoveryError(message: "\(path): \(describeErrno(errno))")
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, into: &found)
            } else if path.hasSuffix(traceSuffix) {
                found.append(path)
            } else {
                throw FixtureDiscoveryError(message: "\(path): not a folder or a \(traceSuffix) file")
            }
        }
        // Byte order, not locale order: the same on every machine.
        let unique = Array(Set(found)).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        return unique.map(Fixture.init)
    }

    private static func walk(_ directory: String, into found: inout [String]) {
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        var subdirectories: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            let path = directory == "/" ? "/" + name : directory + "/" + name
            var info = stat()
            // lstat: symbolic links to folders are not followed (no loops).
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: subdirectories.append(path)
            case S_IFREG, S_IFLNK: if name.hasSuffix(traceSuffix) { found.append(path) }
            default: break
            }
        }
        for sub in subdirectories { walk(sub, into: &found) }
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
