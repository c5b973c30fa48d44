/// `checkmarkRobust`: the checkmark as a person means it. The seed's exact rules fail any
/// one-point wobble and accept most "v" strokes; this recognizer tolerates finger jitter and a
/// small lead-in, and tells a checkmark from a "v" by how much higher the up stroke climbs than
/// the down stroke fell.
///
/// It decides as the touches arrive (no look-ahead) and fails at the first move after which the
/// stroke can no longer be a checkmark. Its defaults were chosen by measurement on recorded
/// strokes (see `docs/checkmark-robust.md`); every parameter is in points or a ratio.
///
/// Phases: idle → leadIn (touch-down) → downStroke → upStroke; they only move forward. Each move
/// (and the touch-up point, first) runs these steps, stopping at the first failure:
/// 1. backtrack: x more than `jitter` left of the rightmost x so far → failed;
/// 2. in leadIn: more than `leadInRise` above the start → failed; the highest point so far is
///    the top; `minFall` below the top starts the down stroke;
///    in downStroke: the lowest point so far is the bottom; more than `jitter` above it starts
///    the up stroke;
///    in upStroke: more than `jitter` below the up stroke's highest point → failed.
/// At touch-up: no up stroke → failed; rise = bottom − end y, fall = bottom − top;
/// rise < `minRise` → failed; rise < `riseRatio` × fall → failed (a "v"); else recognized.
/// More than one touch beginning together fails it; later touches are ignored; a cancelled
/// touch cancels it.
public struct CheckmarkRobustRecognizer: Recognizer {
    /// The tolerances and proportions of a checkmark.
    public struct Parameters: Sendable, Equatable {
        /// A move this far against the stroke's direction (left; up on the down stroke; down on
        /// the up stroke) is finger jitter or a hook at the turn, not intent. Points; kept below
        /// `minFall`.
        public var jitter: Double = 11
        /// How far above its start a stroke may rise before it falls (people often start with
        /// a small arc up and right). More is a stroke of its own, a caret or an arrow. Points; at
        /// most `minRise`.
        public var leadInRise: Double = 34
        /// How far below its highest point the stroke must fall to make a down stroke: more
        /// than jitter, so that the short stroke really exists. Points.
        public var minFall: Double = 12
        /// The up stroke must rise at least this far above the bottom: a deliberate mark, not a
        /// flick. Points.
        public var minRise: Double = 34
        /// The up stroke must rise at least this many times as far as the down stroke fell: a
        /// checkmark's long arm climbs about 2.8 times its short one, a "v" about 1.2 times; 1.66
        /// is as many standard deviations (of the logarithm) from each.
        public var riseRatio: Double = 1.66

        public init() {}
    }

    /// Where the stroke is.
    public enum Phase: UInt8, Sendable {
        case idle, leadIn, downStroke, upStroke

        public var name: StaticString {
            switch self {
            case .idle: return "idle"
            case .leadIn: return "leadIn"
            case .downStroke: return "downStroke"
            case .upStroke: return "upStroke"
            }
        }
    }

    public let parameters: Parameters
    public var state: RecognizerState = .possible
    public private(set) var phase: Phase = .idle
    private var trackedSerial: Int?
    /// The start, the rightmost x so far, the highest y of the lead-in (the top), the lowest y
    /// of the down stroke (the bottom) and the highest y of the up stroke; view coordinates.
    private var start = Point.zero
    private var maxX = 0.0
    private var topY = 0.0
    private var bottomY = 0.0
    private var upTopY = 0.0

    public init(parameters: Parameters = Parameters()) {
        let p = parameters
        precondition([p.jitter, p.leadInRise, p.minFall, p.minRise, p.riseRatio].allSatisfy { $0.isFinite && $0 >= 0 },
                     "CheckmarkRobustRecognizer: every parameter must be a finite number of at least 0, got \(p)")
        self.parameters = parameters
    }

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        if touches.count != 1 {
            fail(&context) { r in
                r.append(count: touches.count)
                r.append(" touches began together; a checkmark is drawn with one finger")
            }
            return
        }
        guard trackedSerial == nil, let touch = touches.first else { return }
        trackedSerial = touch.serial
        start = touch.location
        maxX = start.x
        topY = start.y
        bottomY = start.y
        upTopY = start.y
        setPhase(.leadIn, &context)
    }

    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let serial = trackedSerial, let touch = touches.touch(serial: serial) else { return }
        step(touch.location, &context)
    }

    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let serial = trackedSerial, let touch = touches.touch(serial: serial) else { return }
        let p = touch.location
        step(p, &context)
        guard state == .possible else { return }
        let parameters = self.parameters
        let bottomY = self.bottomY
        switch phase {
        case .idle, .leadIn:
            fail(&context) { r in
                r.append("lifted at ")
                r.append(point: p)
                r.append(" before the stroke fell ")
                r.append(compact: parameters.minFall)
                r.append(" points below its highest point: no down stroke")
            }
        case .downStroke:
            fail(&context) { r in
                r.append("lifted at ")
                r.append(point: p)
                r.append(" before the stroke rose more than ")
                r.append(compact: parameters.jitter)
                r.append(" points above its lowest point (y = ")
                r.append(compact: bottomY)
                r.append("): no up stroke")
            }
        case .upStroke:
            let fall = bottomY - topY
            let rise = bottomY - p.y
            if rise < parameters.minRise {
                fail(&context) { r in
                    r.append("lifted at ")
                    r.append(point: p)
                    r.append(" after an up stroke of ")
                    r.append(oneDecimal: rise)
                    r.append(" points, less than the ")
                    r.append(compact: parameters.minRise)
                    r.append("-point minimum")
                }
            } else if rise < parameters.riseRatio * fall {
                fail(&context) { r in
                    r.append("lifted at ")
                    r.append(point: p)
                    r.append(": the up stroke rose ")
                    r.append(oneDecimal: rise)
                    r.append(" points, less than ")
                    r.append(compact: parameters.riseRatio)
                    r.append(" times the ")
                    r.append(oneDecimal: fall)
                    r.append("-point down stroke: a v, not a checkmark")
                }
            } else {
                state = context.requestState(.recognized)
            }
        }
    }

    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let serial = trackedSerial, let touch = touches.touch(serial: serial) else { return }
        if context.recordsReasons {
            // Version 2: a cancelled record says why.
            state = context.requestState(.cancelled, FieldList(Field("reason", .text(SharedText("touch \(touch.id) was cancelled")))))
        } else {
            state = context.requestState(.cancelled)
        }
    }

    public mutating func reset() {
        state = .possible
        phase = .idle
        trackedSerial = nil
        start = .zero
        maxX = 0
        topY = 0
        bottomY = 0
        upTopY = 0
    }

    /// One point of the stroke (a move, or the touch-up point).
    private mutating func step(_ p: Point, _ context: inout DeliveryContext) {
        let j = parameters.jitter
        if maxX - p.x > j {
            let backtrack = maxX - p.x
            fail(&context) { r in
                r.append("moved left by ")
                r.append(oneDecimal: backtrack)
                r.append(" points at ")
                r.append(point: p)
                r.append(", more than the ")
                r.append(compact: j)
                r.append("-point backtrack allowed")
            }
            return
        }
        if p.x > maxX { maxX = p.x }
        switch phase {
        case .leadIn:
            if start.y - p.y > parameters.leadInRise {
                let (rise, parameters) = (start.y - p.y, self.parameters)
                fail(&context) { r in
                    r.append("rose ")
                    r.append(oneDecimal: rise)
                    r.append(" points above the start at ")
                    r.append(point: p)
                    r.append(" before falling ")
                    r.append(compact: parameters.minFall)
                    r.append(" points, more than the ")
                    r.append(compact: parameters.leadInRise)
                    r.append("-point lead-in allowed")
                }
                return
            }
            if p.y < topY { topY = p.y }
            if p.y - topY >= parameters.minFall {
                bottomY = p.y
                setPhase(.downStroke, &context)
            }
        case .downStroke:
            if p.y > bottomY {
                bottomY = p.y
            } else if bottomY - p.y > j {
                upTopY = p.y
                setPhase(.upStroke, &context)
            }
        case .upStroke:
            if p.y - upTopY > j {
                let sink = p.y - upTopY
                fail(&context) { r in
                    r.append("moved down by ")
                    r.append(oneDecimal: sink)
                    r.append(" points at ")
                    r.append(point: p)
                    r.append(" on the up stroke, more than the ")
                    r.append(compact: j)
                    r.append("-point sink allowed")
                }
                return
            }
            if p.y < upTopY { upTopY = p.y }
        case .idle:
            break
        }
    }

    private mutating func setPhase(_ new: Phase, _ context: inout DeliveryContext) {
        context.emit("phase", FieldList(Field("from", .name(phase.name)), Field("to", .name(new.name))))
        phase = new
    }

    /// Asks to fail, with the reason `reason` writes (written only if it is not failed already).
    private mutating func fail(_ context: inout DeliveryContext, _ reason: (inout FailureReason) -> Void) {
        guard state != .failed else { return }
        state = context.requestFailure(reason)
    }
}

/// A distance with one decimal: `12.0`, `33.5`.
func oneDecimal(_ v: Double) -> String { fixedDecimals(v, 1) }

// MARK: The scene type

extension RecognizerType {
    /// Scenes' `"checkmarkRobust"` (its parameters: `touchtrace help scene`).
    public static let checkmarkRobust = RecognizerType(
        name: "checkmarkRobust", summary: "a checkmark as people draw it: tolerant of jitter, tells a checkmark from a v"
    ) { p in
        var parameters = CheckmarkRobustRecognizer.Parameters()
        parameters.jitter = p.number("jitter", default: parameters.jitter, in: 0...TraceLimits.coordinate, unit: "points")
        parameters.leadInRise = p.number("leadInRise", default: parameters.leadInRise, in: 0...TraceLimits.coordinate, unit: "points")
        parameters.minFall = p.number("minFall", default: parameters.minFall, in: 0...TraceLimits.coordinate, unit: "points")
        parameters.minRise = p.number("minRise", default: parameters.minRise, in: 0...TraceLimits.coordinate, unit: "points")
        parameters.riseRatio = p.number("riseRatio", default: parameters.riseRatio, in: 0...1000)
        return CheckmarkRobustRecognizer(parameters: parameters)
    }
}
