#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the path a test names lies on disk.
///
/// An absolute path is taken as it is. A relative path is tried first against the current
/// directory (as `touchtrace verify` takes it; `swift test` runs in the package's folder), then
/// against the folder of the calling test file (`#filePath`) and each folder above it, up to and
/// including the first one that holds a `Package.swift` (the package root). So
/// `assertFixtures("Fixtures")` finds `Tests/MyTests/Fixtures` beside the test file, and
/// `assertFixtures("traces/swipe")` finds the package's own `traces/swipe`, whatever the current
/// directory. A path found from the test file is given relative to the current directory when
/// it lies under it, so that messages read `Tests/MyTests/Fixtures/NAME`.
enum FixtureLocation {
    /// The path to use, or every place that was tried.
    static func resolve(_ path: String, filePath: String) -> Result<String, FixtureSetupError> {
        if path.hasPrefix("/") {
            return exists(path) ? .success(path) : .failure(FixtureSetupError(message: "\(path): no such file or folder"))
        }
        if exists(path) { return .success(path) }
        let cwd = currentDirectory()
        var tried = [cwd.map { "\($0)/\(path)" } ?? path]
        var directory = parent(of: filePath)
        while let dir = directory {
            let candidate = dir == "/" ? "/" + path : dir + "/" + path
            if exists(candidate) { return .success(relative(candidate, to: cwd)) }
            if !tried.contains(candidate) { tried.append(candidate) }
            if exists(dir == "/" ? "/Package.swift" : dir + "/Package.swift") { break }
            directory = parent(of: dir)
        }
        return .failure(FixtureSetupError(message: "\(path): no such file or folder; looked for it in the current directory and from the test file's folder up to the package root:\n"
                + tried.map { "  " + $0 }.joined(separator: "\n")))
    }

    /// `path` relative to `directory` when it lies under it, else `path`.
    static func relative(_ path: String, to directory: String?) -> String {
        guard let directory, directory != "/", path.hasPrefix(directory + "/") else { return path }
        return String(path.dropFirst(directory.count + 1))
    }

    /// The folder that holds `path`, nil for the root or a bare name.
    static func parent(of path: String) -> String? {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard path != "/", let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
