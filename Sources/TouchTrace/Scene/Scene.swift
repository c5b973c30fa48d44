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

    /// The scene for a trace: the trace's `scene` key, else `scene.json` beside the trace, else
    /// `sceneFile` (`--scene`), else the default scene.
    public static func resolve(for trace: Trace, sceneFile: String? = nil, options: TraceReadOptions = TraceReadOptions()) throws(TraceErrors) -> Scene {
        if let node = trace.header.scene {
            return try SceneReader.read(node, source: trace.source, origin: "the trace's \"scene\"", options: options)
        }
        let beside = besidePath(of: trace.path)
        if fileExists(beside) {
            return try SceneReader.read(path: beside, options: options)
        }
        if let sceneFile {
            return try SceneReader.read(path: sceneFile, options: options)
        }
        let screen = trace.screen
        return defaultScene(width: screen.width, height: screen.height)
    }

    /// `scene.json` in the folder of `tracePath`.
    public static func besidePath(of tracePath: String) -> String {
        guard let slash = tracePath.lastIndex(of: "/") else { return "scene.json" }
        return String(tracePath[...slash]) + "scene.json"
    }

    static func fileExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
