/// How a trace is read.
public struct TraceReadOptions: Sendable {
    /// Find every problem in the file instead of stopping at the first (`validate`).
    public var collectAllProblems: Bool
    /// Report keys that touchtrace does not know (`validate --strict`); otherwise they are
    /// ignored, for forward compatibility.
    public var reportUnknownKeys: Bool

    /// Traces at least this large have their events read by two threads (tests lower it).
    var parallelMinimumBytes = TraceReader.parallelMinimumBytes
    /// How many parts the other thread reads before the first thread begins (tests set it, so
    /// that joins of several parts happen whatever the threads' speeds).
    var laterPartsReadFirst = 0
    /// The largest `strokes` array whose points are kept from the check for the merge (tests
    /// set it to 0, to merge from the bytes).
    var keptStrokesMaximumBytes = TraceReader.keptStrokesMaximumBytes
    /// The most strokes whose tails the check notes for a merge whose events go nowhere (tests
    /// set it to 0, to merge every point one by one).
    var strokeTailsMaximum = TraceReader.strokeTailsMaximum
    /// Whether the reader learns the layout of the events from the trace (tests turn it off,
    /// to read every event with the plain steps).
    var learnsLayouts = true

    public init(collectAllProblems: Bool = false, reportUnknownKeys: Bool = false) {
        self.collectAllProblems = collectAllProblems
        self.reportUnknownKeys = reportUnknownKeys
    }
}

/// A trace's top-level fields other than its events.
public struct TraceHeader: Sendable {
    public var version: Int = 1
    public var name: String?
    public var description: String?
    /// `screen`: width and height in points, when given.
    public var screen: (width: Double, height: Double)?
    /// The `scene` key, unread: scenes are read by `SceneReader`, which points its messages at
    /// this node's keys in the trace file.
    public var scene: JSONNode?
    /// `maximumForce`: the `force` of the hardest press the recording screen measures (as
    /// UIKit's `maximumPossibleForce`), a positive number, when given.
    public var maximumForce: Double?
}

/// What reading a whole trace learned about it.
public struct TraceSummary: Sendable {
    /// Events in the trace (for `strokes`, the merged events), not counting the final
    /// cancellation of touches left down.
    public var eventCount = 0
    /// Touches (from `began` to `ended` or `cancelled`) in the trace.
    public var touchCount = 0
    /// The largest x and y of any touch point (0 when there are none or all are negative).
    public var maxX = 0.0
    public var maxY = 0.0
    /// Time of the first and last event.
    public var firstTime: Double?
    public var lastTime: Double?
    /// Touches still down at the end, each cancelled at the last event's time.
    public var warnings: [TraceError] = []
}

/// A trace file that has been read and checked from end to end: it will replay without error.
///
/// Events are not kept as objects: `forEachEvent` reads them again from the file's bytes and
/// streams them, one reused event at a time, so that a 100 MB trace costs its bytes in memory
/// and little more.
public final class Trace: Sendable {
    public let source: SourceFile
    public let header: TraceHeader
    public let summary: TraceSummary
    /// The scope of the strings the trace gave as touch ids: the one current while it was read,
    /// or its own (see `TextScope`). Kept while the trace lives.
    public let texts: TextScope
    let body: Body

    enum Body: Sendable {
        /// Byte range of the `events` array.
        case events(Range<Int>)
        /// Where the `strokes` array lies (its strokes are read again from the bytes).
        case strokes(StrokeList)
    }

    init(source: SourceFile, header: TraceHeader, summary: TraceSummary, body: Body) {
        self.source = source
        self.header = header
        self.summary = summary
        self.body = body
        // Traces are made by `parse`, inside the scope it reads in.
        self.texts = TextScope.currentOrProcess
    }

    public var path: String { source.path }

    /// The screen: `screen` when given, else the smallest rectangle at the origin that holds
    /// every touch point.
    public var screen: (width: Double, height: Double) {
        header.screen ?? (summary.maxX, summary.maxY)
    }

    /// Reads and checks the trace at `path`.
    public static func read(path: String, options: TraceReadOptions = TraceReadOptions()) throws(TraceErrors) -> Trace {
        let source: SourceFile
        do { source = try SourceFile.read(path: path) } catch { throw TraceErrors(error) }
        return try parse(source, options: options)
    }

    /// Reads and checks a trace from bytes already in memory.
    public static func parse(_ source: SourceFile, options: TraceReadOptions = TraceReadOptions()) throws(TraceErrors) -> Trace {
        var ignore = IgnoringConsumer()
        return try parse(source, options: options, consumer: &ignore)
    }

    /// Reads and checks a trace and hands every event to `consumer` as it is read (one pass).
    public static func parse<C: TouchEventConsumer>(
        _ source: SourceFile, options: TraceReadOptions = TraceReadOptions(), consumer: inout C
    ) throws(TraceErrors) -> Trace {
        var lists = TraceReader.Lists()
        return try parse(source, options: options, consumer: &consumer, reusing: &lists)
    }

    /// `parse`, reading with the memory of `lists` and handing it back (read or not), for a
    /// caller that reads trace after trace on one thread (see `TraceReader.Lists`).
    static func parse<C: TouchEventConsumer>(
        _ source: SourceFile, options: TraceReadOptions = TraceReadOptions(), consumer: inout C,
        reusing lists: inout TraceReader.Lists
    ) throws(TraceErrors) -> Trace {
        // Touch ids given as strings are made in the current scope, or in one of the trace's own.
        try (TextScope.current ?? TextScope()).run { () throws(TraceErrors) -> Trace in
            var reader = TraceReader(source: source, options: options, reusing: &lists)
            defer { reader.giveBack(to: &lists) }
            return try reader.read(consumer: &consumer)
        }
    }

    /// Streams the trace's events, checked already, then one more event at the last event's time
    /// that cancels the touches still down.
    /// Touch ids given as strings are made in the current scope, or in the trace's own.
    public func forEachEvent<C: TouchEventConsumer>(_ consumer: inout C) {
        (TextScope.current ?? texts).run {
            var reader = TraceReader(source: source, options: TraceReadOptions())
            do {
                try reader.replay(body, consumer: &consumer)
            } catch {
                // The same bytes were read without error before this trace was made.
                preconditionFailure("a checked trace failed to read again: \(error)")
            }
        }
    }
}

/// A consumer that drops events (for checking a trace without replaying it).
public struct IgnoringConsumer: TouchEventConsumer {
    public init() {}
    public mutating func consume(_ event: borrowing TouchEvent) {}
}
