/// One line of a transcript: at time `t`, a recognizer or control (`source`) reports `event`.
///
/// Plain data (no reference-counted parts): records are copied into chunks and handed to the
/// formatting thread by the hundred thousand, and a plain copy is a few vector moves.
public struct Record: Sendable, Equatable {
    /// The time of the trace event that caused the record, in seconds.
    public var t: Double
    /// Index into the replay's sources (see `SourceName`).
    public var source: Int
    /// `state`, `phase`, `valueChanged`, `spotAdded`, ...
    public var event: StaticString
    public var fields: FieldList

    public init(t: Double, source: Int, event: StaticString, fields: FieldList) {
        self.t = t
        self.source = source
        self.event = event
        self.fields = fields
    }

    public static func == (a: Record, b: Record) -> Bool {
        a.t == b.t && a.source == b.source && a.event.description == b.event.description && a.fields == b.fields
    }
}

/// Where records go as they are made: a transcript writer, or a collector in tests.
public protocol RecordSink: AnyObject {
    func write(_ record: Record)
    /// Called with the scope that holds the text of the records to come (`.text` values: failure
    /// reasons, touch ids given as strings), before the first of them. A sink that keeps records
    /// after `write` returns keeps the scope as long as it keeps them, or their texts may be
    /// let go; one that writes them out at once (the default) need not.
    func keep(_ texts: TextScope)
    /// Called when a replay gains a source (a recognizer gesture code added during the replay,
    /// SPEC 17): `source` is the next index after every source named so far, before any record
    /// of it. A sink that renders sources by index adds it; the default does nothing.
    func define(source: Int, as name: SourceName)
}

extension RecordSink {
    public func keep(_ texts: TextScope) {}
    public func define(source: Int, as name: SourceName) {}
}

/// Keeps every record, for tests and small tools, and the texts they hold.
public final class RecordCollector: RecordSink {
    public private(set) var records: [Record] = []
    /// The scopes of the records' texts, each once: what keeps the texts of records copied out
    /// of the collector readable after it goes.
    public private(set) var texts: [TextScope] = []
    /// The sources defined while replaying (`define(source:as:)`), in order.
    public private(set) var definedSources: [(source: Int, name: SourceName)] = []
    public init() {}
    public func define(source: Int, as name: SourceName) { definedSources.append((source, name)) }
    public func write(_ record: Record) { records.append(record) }
    /// Lets go of every record kept so far (and their memory).
    public func removeAll() { records = [] }
    public func keep(_ texts: TextScope) {
        if !self.texts.contains(where: { $0 === texts }) { self.texts.append(texts) }
    }
}
