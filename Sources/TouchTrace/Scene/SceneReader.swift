/// Reads scenes (`{"views": [...]}`) from their own file or from a trace's `scene` key, and
/// reports every problem at the offending key.
public enum SceneReader {
    /// Reads a scene file.
    public static func read(path: String, options: TraceReadOptions = TraceReadOptions()) throws(TraceErrors) -> Scene {
        let source: SourceFile
        let root: JSONNode
        do {
            source = try SourceFile.read(path: path)
            root = try JSONNode.parseDocument(source)
        } catch {
            throw TraceErrors(error)
        }
        return try read(root, source: source, origin: path, options: options)
    }

    /// Reads a scene from a parsed node of `source`.
    public static func read(_ root: JSONNode, source: SourceFile, origin: String, options: TraceReadOptions = TraceReadOptions()) throws(TraceErrors) -> Scene {
        var problems = SceneProblems(source: source, strict: options.reportUnknownKeys)
        var scene = build(root, origin: origin, problems: &problems)
        if !problems.errors.isEmpty { throw TraceErrors(problems.errors) }
        scene.warnings = problems.warnings
        return scene
    }

    /// A view as first read, before its recognizers and control are built.
    private struct ViewDraft {
        var name: String
        var node: JSONNode
        var frame: Rect
        var controlType: String?
    }

    private static func build(_ root: JSONNode, origin: String, problems: inout SceneProblems) -> Scene {
        guard let members = root.members else {
            problems.add(root.offset, "a scene must be an object like {\"views\": [...]}, found \(root.kindDescription)")
            return Scene(views: [], origin: origin)
        }
        for m in members where m.key != "views" { problems.unknown(m, in: "the scene") }
        guard let viewsMember = root["views"] else {
            problems.add(root.offset, "missing required key \"views\" (a list of views, front-most last)")
            return Scene(views: [], origin: origin)
        }
        guard let viewNodes = viewsMember.value.elements else {
            problems.add(viewsMember.value.offset, "\"views\" must be an array of views, found \(viewsMember.value.kindDescription)")
            return Scene(views: [], origin: origin)
        }

        // First the names, frames and control types of all views: a push button's target may be
        // a view that comes after it.
        var drafts: [ViewDraft] = []
        var seenNames: [String: Int] = [:]
        for (index, node) in viewNodes.enumerated() {
            guard node.members != nil else {
                problems.add(node.offset, "views[\(index)] must be an object with \"name\" and \"frame\", found \(node.kindDescription)")
                continue
            }
            var name = "views[\(index)]"
            if let m = node["name"] {
                if let s = m.value.string, !s.isEmpty {
                    name = s
                    problems.checkName(s, at: m.value.offset, "views[\(index)]: view name")
                    if let other = seenNames[s] {
                        problems.add(m.value.offset, "duplicate view name \"\(s)\" (views[\(other)] has it too); view names must be unique")
                    } else {
                        seenNames[s] = index
                    }
                } else {
                    problems.add(m.value.offset, "views[\(index)]: \"name\" must be a non-empty string, found \(m.value.kindDescription)")
                }
            } else {
                problems.add(node.offset, "views[\(index)]: missing required key \"name\"")
            }
            let frame = readFrame(node, label: "view \"\(name)\"", problems: &problems)
            var controlType: String?
            if let control = node["control"]?.value, let type = control["type"]?.value.string { controlType = type }
            for m in node.members! where !["name", "frame", "recognizers", "control"].contains(m.key) {
                problems.unknown(m, in: "view \"\(name)\"")
            }
            drafts.append(ViewDraft(name: name, node: node, frame: frame ?? Rect(x: 0, y: 0, width: 0, height: 0), controlType: controlType))
        }

        let viewNames = drafts.map(\.name)
        let controlTypes = drafts.map(\.controlType)
        var views: [SceneView] = []
        for draft in drafts {
            let build = SceneBuild(viewNames: viewNames, controlTypes: controlTypes, frame: draft.frame)
            var names: [String: Int] = [:]
            var control: (name: String, control: any Control)?
            if let m = draft.node["control"] {
                control = readControl(m.value, view: draft, build: build, problems: &problems)
                if let control {
                    names[control.name] = m.value.offset
                    for attached in control.control.attachedRecognizers() { names[attached.name] = m.value.offset }
                }
            }
            var recognizers: [(name: String, recognizer: any Recognizer)] = []
            if let m = draft.node["recognizers"] {
                if let list = m.value.elements {
                    for (k, node) in list.enumerated() {
                        guard let made = readRecognizer(node, index: k, view: draft, problems: &problems) else { continue }
                        if names[made.name] != nil {
                            problems.add(node["name"]?.value.offset ?? node.offset,
                                         "view \"\(draft.name)\": two recognizers or controls are named \"\(made.name)\"; give one a different \"name\"")
                        }
                        names[made.name] = node.offset
                        recognizers.append(made)
                    }
                } else {
                    problems.add(m.value.offset, "view \"\(draft.name)\": \"recognizers\" must be an array, found \(m.value.kindDescription)")
                }
            }
            views.append(SceneView(name: draft.name, frame: draft.frame, recognizers: recognizers, control: control))
        }
        return Scene(views: views, origin: origin)
    }

    private static func readFrame(_ node: JSONNode, label: String, problems: inout SceneProblems) -> Rect? {
        guard let m = node["frame"] else {
            problems.add(node.offset, "\(label): missing required key \"frame\" ([x, y, width, height] in points)")
            return nil
        }
        guard let parts = m.value.elements, parts.count == 4 else {
            problems.add(m.value.offset, "\(label): \"frame\" must be four numbers [x, y, width, height], found \(m.value.elements.map { "\($0.count) elements" } ?? m.value.kindDescription)")
            return nil
        }
        var numbers: [Double] = []
        for (k, part) in parts.enumerated() {
            guard let v = part.number else {
                problems.add(part.offset, "\(label): \"frame\" must be four numbers [x, y, width, height], but element \(k) is \(part.kindDescription)")
                return nil
            }
            guard v.isFinite, abs(v) <= TraceLimits.coordinate else {
                problems.add(part.offset, "\(label): \"frame\" element \(k) is out of range (\(numberText(v))); frames must be within ±\(numberText(TraceLimits.coordinate)) points")
                return nil
            }
            numbers.append(v)
        }
        if numbers[2] < 0 || numbers[3] < 0 {
            problems.add(m.value.offset, "\(label): \"frame\" has a negative size (\(numberText(numbers[2])) × \(numberText(numbers[3]))); width and height must be at least 0")
            return nil
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    private static func typeName(_ node: JSONNode, label: String, problems: inout SceneProblems) -> String? {
        guard node.members != nil else {
            problems.add(node.offset, "\(label) must be an object with a \"type\", found \(node.kindDescription)")
            return nil
        }
        guard let m = node["type"] else {
            problems.add(node.offset, "\(label): missing required key \"type\"")
            return nil
        }
        guard let type = m.value.string else {
            problems.add(m.value.offset, "\(label): \"type\" must be a string, found \(m.value.kindDescription)")
            return nil
        }
        return type
    }

    private static func ownName(_ node: JSONNode, default type: String, label: String, problems: inout SceneProblems) -> String {
        guard let m = node["name"] else { return type }
        guard let s = m.value.string, !s.isEmpty else {
            problems.add(m.value.offset, "\(label): \"name\" must be a non-empty string, found \(m.value.kindDescription)")
            return type
        }
        problems.checkName(s, at: m.value.offset, "\(label): name")
        return s
    }

    /// `view "plus", pushButton` or, for a named one, `view "plus", pushButton "add"`.
    private static func parameterLabel(view: String, type: String, name: String) -> String {
        name == type ? "view \"\(view)\", \(type)" : "view \"\(view)\", \(type) \"\(name)\""
    }

    private static func readRecognizer(_ node: JSONNode, index: Int, view: ViewDraft, problems: inout SceneProblems) -> (name: String, recognizer: any Recognizer)? {
        let label = "view \"\(view.name)\", recognizers[\(index)]"
        guard let type = typeName(node, label: label, problems: &problems) else { return nil }
        guard let kind = Registry.recognizer(named: type) else {
            let offset = node["type"]!.value.offset
            if Registry.control(named: type) != nil {
                problems.add(offset, "\(label): \"\(type)\" is a control, not a recognizer; put it under the view's \"control\"")
            } else {
                problems.add(offset, "\(label): unknown recognizer type \"\(type)\" (known types: \(Registry.recognizers.map(\.name).joined(separator: ", ")))")
            }
            return nil
        }
        let name = ownName(node, default: type, label: label, problems: &problems)
        var parameters = ParameterReader(node, label: parameterLabel(view: view.name, type: type, name: name), viewOffset: view.node.offset)
        let recognizer = kind.make(&parameters)
        problems.take(parameters, kind: type)
        return (name, recognizer)
    }

    private static func readControl(_ node: JSONNode, view: ViewDraft, build: SceneBuild, problems: inout SceneProblems) -> (name: String, control: any Control)? {
        let label = "view \"\(view.name)\", control"
        guard let type = typeName(node, label: label, problems: &problems) else { return nil }
        guard let kind = Registry.control(named: type) else {
            let offset = node["type"]!.value.offset
            if Registry.recognizer(named: type) != nil {
                problems.add(offset, "\(label): \"\(type)\" is a recognizer, not a control; put it in the view's \"recognizers\"")
            } else {
                problems.add(offset, "\(label): unknown control type \"\(type)\" (known types: \(Registry.controls.map(\.name).joined(separator: ", ")))")
            }
            return nil
        }
        let name = ownName(node, default: type, label: label, problems: &problems)
        let frameOffset = view.node["frame"]?.value.offset ?? view.node.offset
        var parameters = ParameterReader(node, label: parameterLabel(view: view.name, type: type, name: name), viewOffset: frameOffset)
        let control = kind.make(&parameters, build)
        problems.take(parameters, kind: type)
        return (name, control)
    }
}

/// Problems found in a scene, each located in its file.
struct SceneProblems {
    let source: SourceFile
    let strict: Bool
    var errors: [TraceError] = []
    /// Unknown keys when not strict: read past, but said on stderr (a typo in a parameter
    /// name would otherwise leave its default in silence).
    var warnings: [TraceError] = []
    private var lines: LineIndex?

    init(source: SourceFile, strict: Bool) {
        self.source = source
        self.strict = strict
    }

    mutating func add(_ offset: Int, _ message: String) {
        errors.append(located(offset, message))
    }

    private mutating func located(_ offset: Int, _ message: String) -> TraceError {
        let (line, column) = source.withBytes { bytes in
            if lines == nil { lines = LineIndex(bytes) }
            return lines!.location(of: offset, in: bytes)
        }
        return TraceError(path: source.path, line: line, column: column, message: message)
    }

    /// An error under `--strict`, else a warning.
    private mutating func unknownKey(_ offset: Int, _ message: String) {
        if strict {
            add(offset, message + " (ignored unless --strict)")
        } else {
            warnings.append(located(offset, "warning: " + message + " (ignored)"))
        }
    }

    mutating func unknown(_ member: JSONNode.Member, in place: String) {
        unknownKey(member.keyOffset, "unknown key \"\(member.key)\" in \(place)")
    }

    mutating func take(_ parameters: ParameterReader, kind: String) {
        for p in parameters.problems { add(p.offset, p.message) }
        for m in parameters.unknownKeys {
            let known = parameters.used.subtracting(["type", "name"]).sorted()
            let takes = known.isEmpty ? "\(kind) takes no parameters" : "\(kind) takes: \(known.joined(separator: ", "))"
            unknownKey(m.keyOffset, "\(parameters.label): unknown parameter \"\(m.key)\" for \(kind) (\(takes))")
        }
    }

    /// Names of views, recognizers and controls appear in text records as `view.source`, so
    /// they hold only ASCII letters, digits, `_` and `-`: a `.` or a space would make a record
    /// read two ways.
    mutating func checkName(_ name: String, at offset: Int, _ label: String) {
        guard let bad = name.unicodeScalars.first(where: { !SceneProblems.isNameScalar($0) }) else { return }
        let shown = bad.value < 0x20 || bad.value == 0x7F ? "\\u{\(String(bad.value, radix: 16, uppercase: true))}" : String(bad)
        add(offset, "\(label) \"\(printable(name))\" holds '\(shown)'; names may hold only letters, digits, '_' and '-' (they appear in transcripts as view.source)")
    }

    static func isNameScalar(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "-"
    }
}

extension SceneReader {
    /// Makes a recognizer of the registry from parameters given as text (`riseRatio` = `1.8`),
    /// each value read as JSON, with the checks and messages of a scene. Parameters the type
    /// does not know are problems here (a typo would otherwise go unnoticed).
    public static func makeRecognizer(type: String, parameters: [(name: String, value: String)]) throws(TraceErrors) -> any Recognizer {
        let source = SourceFile(path: "parameters", bytes: [])
        var problems = SceneProblems(source: source, strict: true)
        guard let kind = Registry.recognizer(named: type) else {
            problems.add(0, "unknown recognizer type \"\(type)\" (known types: \(Registry.recognizers.map(\.name).joined(separator: ", ")))")
            throw TraceErrors(problems.errors)
        }
        var members: [JSONNode.Member] = []
        for (name, text) in parameters {
            do {
                let value = try JSONNode.parseDocument(SourceFile(path: name, bytes: Array(text.utf8)))
                members.append(JSONNode.Member(key: name, keyOffset: 0, value: JSONNode(offset: 0, value: value.value)))
            } catch {
                problems.add(0, "\(name): \"\(text)\" is not a value (\(error.message))")
            }
        }
        var reader = ParameterReader(JSONNode(offset: 0, value: .object(members)), label: type, viewOffset: 0)
        let recognizer = kind.make(&reader)
        for p in reader.problems { problems.add(p.offset, p.message) }
        let known = reader.used.subtracting(["type", "name"]).sorted()
        for m in reader.unknownKeys {
            let takes = known.isEmpty ? "\(type) takes no parameters" : "\(type) takes: \(known.joined(separator: ", "))"
            problems.add(0, "unknown parameter \"\(m.key)\" (\(takes))")
        }
        if !problems.errors.isEmpty { throw TraceErrors(problems.errors) }
        return recognizer
    }
}
