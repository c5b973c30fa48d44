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

/// Where a replay writes its records: its sink, with the sink's kind found once, as the replay
/// begins, rather than asked of the protocol at every record.
///
/// A replay writes about four records an event. Written to a `PipelinedWriter` (the replay
/// command's sink), a record goes straight into the chunk being filled for the formatting
/// thread, built there, instead of being handed to the writer through the protocol and copied
/// (240 bytes) once more. A `TranscriptWriter` (verify's sink) reads the record where its maker
/// built it. Any other sink is called through the protocol. The records and their order are the
/// sink's alone every way.
///
/// A class, made once per replay: a context that holds it counts one reference, as one that
/// held the sink did.
final class RecordOutlet {
    /// The sink, as the replay was given it.
    let sink: RecordSink
    /// The pipe of the sink, when it is a `PipelinedWriter`. Where records are made by the
    /// hundred thousand (a recognizer's state change), the maker appends to it itself when
    /// there is one: the record is then built where it lies in the chunk, the append compiled
    /// into the maker (through `write`, a call, it is built first and copied there).
    let pipe: ChunkPipe<Record>?
    /// The sink, when it is a `TranscriptWriter` (verify's, `diff`'s): it is handed each record
    /// where the record lies, not through the protocol, which copies the record's fields once
    /// more. Held without counting: `sink` holds the same writer for as long as this outlet lives.
    let writer: Unretained<TranscriptWriter>?

    init(_ sink: RecordSink) {
        self.sink = sink
        pipe = (sink as? PipelinedWriter)?.pipe
        writer = (sink as? TranscriptWriter).map { Unretained($0) }
    }

    /// Writes `record` to the sink (the record is read, not changed: `inout` only so that the
    /// writer reads it where the maker built it, not from a copy).
    ///
    /// A pipe's sink and a `TranscriptWriter` (verify's) are written to directly, the writer
    /// with the record in place and without counting the writer up and down at every record;
    /// any other sink is called through the protocol.
    func write(_ record: inout Record) {
        if let pipe {
            pipe.append(record)
        } else if let writer {
            writer.with { $0.write(inPlace: &record) }
        } else {
            sink.write(record)
        }
    }
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
