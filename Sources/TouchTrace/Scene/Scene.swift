#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A view of a scene: a frame on the screen with recognizers and at most one control.
public struct SceneView: Sendable {
    public var name: String
    /// `[x, y, width, height]` in screen points.
    public var frame: Rect
    /// The view's recognizers in delivery order: those its control brings first (the knob's
    /// rotation), then the listed ones.
    public var recognizers: [(name: String, recognizer: any Recognizer)]
    /// How many of `recognizers`, from the front, the control brought (their actions go to it).
    public var attachedCount: Int
    public var control: (name: String, control: any Control)?

    public init(name: String, frame: Rect, recognizers: [(name: String, recognizer: any Recognizer)] = [],
                control: (name: String, control: any Control)? = nil) {
        self.name = name
        self.frame = frame
        let attached = control?.control.attachedRecognizers() ?? []
        self.recognizers = attached + recognizers
        self.attachedCount = attached.count
        self.control = control
    }

    public var size: (width: Double, height: Double) { (frame.width, frame.height) }
}

/// Which views, recognizers and controls the touches reach: a list of views, front-most last.
public struct Scene: Sendable {
    public var views: [SceneView]
    /// Where the scene came from, for messages: a file, "the trace's scene key" or "the default scene".
    public var origin: String
    /// What was read past (unknown keys and parameters): `path:line:column: warning: ...`.
    public var warnings: [TraceError] = []

    public init(views: [SceneView], origin: String) {
        self.views = views
        self.origin = origin
    }

    /// The scene used when a trace has none: one view `screen` covering the screen, with a knob
    /// (which brings its rotation recognizer) and the recognizers pan, checkmark and spots.
    public static func defaultScene(width: Double, height: Double) -> Scene {
        Scene(views: [SceneView(
            name: "screen",
            frame: Rect(x: 0, y: 0, width: width, height: height),
            recognizers: [("pan", PanRecognizer()), ("checkmark", CheckmarkRecognizer()), ("spots", SpotsRecognizer())],
            control: ("knob", Knob()))],
            origin: "the default scene")
    }

    /// The scene for a trace: `sceneFile` (`--scene`: what the user says on the command line
    /// wins), else the trace's `scene` key, else `scene.json` beside the trace (exactly that
    /// name), else the default scene. A trace read from standard input has nothing beside it.
    public static func resolve(for trace: Trace, sceneFile: String? = nil, options: TraceReadOptions = TraceReadOptions()) throws(TraceErrors) -> Scene {
        if let sceneFile {
            return try SceneReader.read(path: sceneFile, options: options)
        }
        if let node = trace.header.scene {
            return try SceneReader.read(node, source: trace.source, origin: "the trace's \"scene\"", options: options)
        }
        if trace.path != SourceFile.standardInputPath {
            let beside = besidePath(of: trace.path)
            if fileExists(beside) {
                return try SceneReader.read(path: beside, options: options)
            }
        }
        let screen = trace.screen
        return defaultScene(width: screen.width, height: screen.height)
    }

    /// `scene.json` in the folder of `tracePath`.
    public static func besidePath(of tracePath: String) -> String {
        guard let slash = tracePath.lastIndex(of: "/") else { return "scene.json" }
        return String(tracePath[...slash]) + "scene.json"
    }

    /// A file beside the trace whose name is `scene.json` in another case (`Scene.json`): it
    /// is not read (the name must be exact on every file system), so its path is worth a
    /// warning. Nil when there is none.
    public static func misnamedSceneFile(besideTrace tracePath: String) -> String? {
        let beside = besidePath(of: tracePath)
        let folder = String(beside.dropLast("scene.json".count))
        guard let dir = opendir(folder.isEmpty ? "." : folder) else { return nil }
        defer { closedir(dir) }
        var found: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
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
