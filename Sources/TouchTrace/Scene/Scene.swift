#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A recognizer of a scene's view, with what the arena needs to know of it (SPEC 12).
public struct SceneRecognizer: Sendable {
    public var name: String
    public var recognizer: any Recognizer
    /// Recognizers this one may recognize together with, as `"view.name"` (or `"name"` on the
    /// same view): `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` answering true.
    public var simultaneousWith: [String]
    /// Recognizers that must fail before this one may win (`require(toFail:)`), named the same way.
    public var requireToFail: [String]
    /// Whether winning cancels the touches it has received for the controls tracking them
    /// (UIKit's `cancelsTouchesInView`, true by default).
    public var cancelsTouchesInView: Bool

    public init(name: String, recognizer: any Recognizer, simultaneousWith: [String] = [], requireToFail: [String] = [],
                cancelsTouchesInView: Bool = true) {
        self.name = name
        self.recognizer = recognizer
        self.simultaneousWith = simultaneousWith
        self.requireToFail = requireToFail
        self.cancelsTouchesInView = cancelsTouchesInView
    }
}

/// A view of a scene: a frame with recognizers, at most one control, and (version 2) subviews.
public struct SceneView: Sendable {
    public var name: String
    /// `[x, y, width, height]` in its superview's coordinates (points); a top-level view's
    /// superview is the screen.
    public var frame: Rect
    /// The index in `Scene.views` of the view that holds this one, or nil for a top-level view.
    public var superview: Int?
    /// The view's recognizers in delivery order: those its control brings first (the knob's
    /// rotation), then the listed ones.
    public var recognizers: [SceneRecognizer]
    /// How many of `recognizers`, from the front, the control brought (their actions go to it).
    public var attachedCount: Int
    public var control: (name: String, control: any Control)?
    /// Whether the view holds every point, edges included (the default scene's `screen`).
    var holdsEveryPoint = false
    /// Where the view is as a replay starts, when that is not its `frame` (a screen built in
    /// code whose view was turned, scaled or hidden before the first event, SPEC 17): its
    /// bounds' size (points) and the map from its coordinates to the screen's; nil: at `frame`.
    package var startPlacement: (size: (width: Double, height: Double), toScreen: Affine)?

    public init(name: String, frame: Rect, superview: Int? = nil, recognizers: [SceneRecognizer],
                control: (name: String, control: any Control)? = nil) {
        self.name = name
        self.frame = frame
        self.superview = superview
        let attached = control?.control.attachedRecognizers() ?? []
        self.recognizers = attached.map { SceneRecognizer(name: $0.name, recognizer: $0.recognizer) } + recognizers
        self.attachedCount = attached.count
        self.control = control
    }

    /// A view with recognizers given by name alone (no arena keys).
    public init(name: String, frame: Rect, superview: Int? = nil, recognizers: [(name: String, recognizer: any Recognizer)] = [],
                control: (name: String, control: any Control)? = nil) {
        self.init(name: name, frame: frame, superview: superview,
                  recognizers: recognizers.map { SceneRecognizer(name: $0.name, recognizer: $0.recognizer) }, control: control)
    }

    public var size: (width: Double, height: Double) { (frame.width, frame.height) }
}

/// How the recognizers of a version 2 scene share touches (SPEC 12).
public enum Recognition: String, Sendable {
    /// No two recognizers that receive the same touch recognize at the same time, unless a
    /// `simultaneousWith` allows the pair (UIKit's default).
    case exclusive
    /// Every pair may recognize together (version 1's rule).
    case simultaneous
}

/// Which views, recognizers and controls the touches reach: views front-most last, each
/// followed by its subviews (depth first: a view, then its subviews in order, then the next
/// sibling — the scene order of SPEC 13.1).
public struct Scene: Sendable {
    public var views: [SceneView]
    /// Where the scene came from, for messages: a file, "the trace's scene key" or "the default scene".
    public var origin: String
    /// The version of the rules the touches are replayed by: 1 (SPEC 1–9) or 2 (deadlines,
    /// views inside views, the arena; SPEC 10–13). The trace's version.
    public var version: Int
    /// Version 2: whether recognizers compete (`exclusive`, the default) or not.
    public var recognition: Recognition
    /// What was read past (unknown keys and parameters): `path:line:column: warning: ...`.
    public var warnings: [TraceError] = []
    /// The code that built the scene, where it does part of the replay itself (a screen built in
    /// code hit-tests through its views' own code and gives the hit views their touches); nil
    /// for a scene file's.
    package var host: (any SceneHost)?

    public init(views: [SceneView], origin: String, version: Int = 1, recognition: Recognition = .exclusive) {
        self.views = views
        self.origin = origin
        self.version = version
        self.recognition = recognition
    }

    /// The scene used when a trace has none: one view `screen` covering the screen, with a knob
    /// (which brings its rotation recognizer) and the recognizers pan, checkmark and spots.
    public static func defaultScene(width: Double, height: Double, version: Int = 1) -> Scene {
        var screen = SceneView(
            name: "screen",
            frame: Rect(x: 0, y: 0, width: width, height: height),
            recognizers: [("pan", PanRecognizer()), ("checkmark", CheckmarkRecognizer()), ("spots", SpotsRecognizer())],
            control: ("knob", Knob()))
        screen.holdsEveryPoint = version >= 2
        return Scene(views: [screen], origin: "the default scene", version: version)
    }

    /// Each view's origin on the screen (its frame's origin plus its superviews'), in points.
    public var screenOrigins: [Point] {
        var origins: [Point] = []
        origins.reserveCapacity(views.count)
        for view in views {
            let base = view.superview.map { origins[$0] } ?? .zero
            origins.append(base + view.frame.origin)
        }
        return origins
    }

    /// Every recognizer and control as records name them, in the order records number them
    /// (`Record.source`): per view in scene order, its recognizers, then its control; then, when
    /// the scene's views may move (`viewsMove`), each view as `VIEW.view`, in scene order.
    public var sources: [SourceName] {
        var sources: [SourceName] = []
        for view in views {
            for r in view.recognizers { sources.append(SourceName(view: view.name, name: r.name)) }
            if let control = view.control { sources.append(SourceName(view: view.name, name: control.name)) }
        }
        if viewsMove {
            for view in views { sources.append(SourceName(view: view.name, name: Scene.viewSourceName)) }
        }
        return sources
    }

    /// Whether gesture code may move the scene's views: a recognizer of it says so
    /// (`Recognizer.movesViews`), or the scene is a screen built in code (`host`), whose views'
    /// own touch methods, controls and timers may move views with no recognizer at all. Such a
    /// scene's records may include `viewChanged` (SPEC 17).
    public var viewsMove: Bool {
        host != nil || views.contains { $0.recognizers.contains { $0.recognizer.movesViews } }
    }

    /// The name of a view's own source, for its `viewChanged` records: no recognizer or control
    /// may have it.
    public static let viewSourceName = "view"

    /// The recognizer a reference names — `"view.name"`, or `"name"` on the view `from` — as
    /// (view index, recognizer index in that view), or nil.
    public func recognizer(named reference: String, from view: Int) -> (view: Int, recognizer: Int)? {
        if let dot = reference.lastIndex(of: ".") {
            let viewName = reference[..<dot]
            let name = reference[reference.index(after: dot)...]
            if let v = views.firstIndex(where: { $0.name == viewName }),
               let r = views[v].recognizers.firstIndex(where: { $0.name == name }) {
                return (v, r)
            }
        }
        if let r = views[view].recognizers.firstIndex(where: { $0.name == reference }) { return (view, r) }
        return nil
    }

    /// The scene for a trace, read by the rules of the trace's version: `sceneFile` (`--scene`:
    /// what the user says on the command line wins), else the trace's `scene` key, else
    /// `scene.json` beside the trace (exactly that name), else the default scene. A trace read
    /// from standard input has nothing beside it.
    public static func resolve(for trace: Trace, sceneFile: String? = nil, options: TraceReadOptions = TraceReadOptions(),
                               registry: Registry = .standard) throws(TraceErrors) -> Scene {
        let version = trace.header.version
        if let sceneFile {
            return try SceneReader.read(path: sceneFile, version: version, options: options, registry: registry)
        }
        if let node = trace.header.scene {
            return try SceneReader.read(node, source: trace.source, origin: "the trace's \"scene\"", version: version, options: options, registry: registry)
        }
        if trace.path != SourceFile.standardInputPath {
            let beside = besidePath(of: trace.path)
            if fileExists(beside) {
                return try SceneReader.read(path: beside, version: version, options: options, registry: registry)
            }
        }
        let screen = trace.screen
        return defaultScene(width: screen.width, height: screen.height, version: version)
    }

    /// `scene.json` in the folder of `tracePath`.
    public static func besidePath(of tracePath: String) -> String {
        // By bytes, as the file system reads a path (and without the cost of looking at
        // characters: verify asks once per fixture).
        guard let slash = tracePath.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "scene.json" }
        return String(decoding: tracePath.utf8[...slash], as: UTF8.self) + "scene.json"
    }

    /// A file beside the trace whose name is `scene.json` in another case (`Scene.json`): it
    /// is not read (the name must be exact on every file system), so its path is worth a
    /// warning. Nil when there is none.
    ///
    /// A folder of a few thousand entries or more is not listed (listing /tmp with 100,000
    /// files took 22 ms, longer than validating a 20 MB trace): each of the 511 other spellings
    /// is looked up by name instead, which finds the same file in about half a millisecond.
    public static func misnamedSceneFile(besideTrace tracePath: String) -> String? {
        let beside = besidePath(of: tracePath)
        let folder = String(beside.dropLast("scene.json".count))
        var info = stat()
        // Where `scene.json` itself is there, a file system that ignores case would find every
        // other spelling too: only a listing tells them apart.
        if stat(folder.isEmpty ? "." : folder, &info) == 0 && Int(info.st_size) > largeFolderBytes
            && lstat(folder + "scene.json", &info) != 0 {
            return misnamedSceneFileByName(inFolder: folder)
        }
        return misnamedSceneFileByListing(inFolder: folder)
    }

    /// The size a folder reports past which it is not listed: 64 KiB is about 3,000 entries
    /// on tmpfs (20 bytes an entry) and 1,500 or more on ext4 (4 KiB blocks of entries).
    static let largeFolderBytes = 64 * 1024

    /// `scene.json` spelled with its 9 letters in every mix of cases but its own: 511 names,
    /// in byte order (capitals sort first).
    ///
    /// Made in that order rather than sorted (sorting them cost about ten million
    /// instructions, three milliseconds, at the start of every replay or validate of a trace in
    /// a large folder): in `mask`, the first letter is the highest bit and a set bit makes a
    /// letter lowercase, so counting up orders the names as their bytes do, and the last mask,
    /// every letter lowercase, is `scene.json` itself.
    static let otherCaseSpellings: [String] = {
        let lower = Array("scene.json".utf8)
        let letters = lower.indices.filter { lower[$0] != UInt8(ascii: ".") }
        var names: [String] = []
        names.reserveCapacity((1 << letters.count) - 1)
        for mask in 0..<(1 << letters.count) - 1 {
            var bytes = lower
            for (k, letter) in letters.enumerated() where mask & (1 << (letters.count - 1 - k)) == 0 { bytes[letter] -= 32 }
            names.append(String(decoding: bytes, as: UTF8.self))
        }
        return names
    }()

    /// The misnamed scene file in `folder` (a path ending in a slash, or empty), found by
    /// looking up every other spelling (`lstat`, as a listing also names a dangling link).
    static func misnamedSceneFileByName(inFolder folder: String) -> String? {
        var info = stat()
        for name in otherCaseSpellings where lstat(folder + name, &info) == 0 { return folder + name }
        return nil
    }

    /// The misnamed scene file in `folder`, found by listing it: a name that lowercases to
    /// `scene.json` (only ASCII letters do) and is not it.
    static func misnamedSceneFileByListing(inFolder folder: String) -> String? {
        guard let listing = DirectoryListing(path: folder) else { return nil }
        var found: [String] = []
        while let name = listing.nextName() {
            if name != "scene.json" && name.lowercased() == "scene.json" { found.append(name) }
        }
        // Directory order differs between machines: the first in byte order.
        return found.min { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { folder + $0 }
    }

    static func fileExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
