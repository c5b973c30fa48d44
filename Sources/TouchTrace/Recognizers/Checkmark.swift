/// Where a checkmark stroke is, as the seed's `CheckmarkPhases`.
public enum StrokePhase: UInt8, Sendable {
    case notStarted, initialPoint, downStroke, upStroke

    public var name: StaticString {
        switch self {
        case .notStarted: return "notStarted"
        case .initialPoint: return "initialPoint"
        case .downStroke: return "downStroke"
        case .upStroke: return "upStroke"
        }
    }
}

/// `checkmark`: Apple's `CheckmarkGestureRecognizer` (seed 001), exactly.
///
/// Transitions, phase by phase as in the seed:
/// - `touchesBegan` with more than one touch: → failed (the first touch is still taken, as the
///   seed's code goes on to do); the first touch is tracked, phase notStarted → initialPoint;
///   later touches are ignored.
/// - move in initialPoint: right-and-down from the start (x ≥ x0 and y ≥ y0) → downStroke,
///   else → failed.
/// - move in downStroke: x < previous x → failed; else y < previous y → upStroke.
/// - move in upStroke: x < previous x or y > previous y → failed.
/// - touch up: upStroke and y < y0 → recognized, else → failed.
/// - touch cancelled: phase → notStarted, → cancelled.
///
/// Records: `state` (with `reason` when failed) and `phase` for every stroke-phase change.
public struct CheckmarkRecognizer: Recognizer {
    public var state: RecognizerState = .possible
    public private(set) var strokePhase: StrokePhase = .notStarted
    /// Where the tracked touch began, in view coordinates.
    public private(set) var initialTouchPoint: Point = .zero
    private var trackedSerial: Int?

    public init() {}

    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {
        if touches.count != 1 {
            fail(&context) { r in
                r.append(count: touches.count)
                r.append(" touches began together; a checkmark is drawn with one finger")
            }
        }
        if trackedSerial == nil, let first = touches.first {
            trackedSerial = first.serial
            setPhase(.initialPoint, &context)
            initialTouchPoint = first.location
        }
    }

    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let serial = trackedSerial, let touch = touches.touch(serial: serial) else { return }
        let p = touch.location
        let previous = touch.previousLocation
        let start = initialTouchPoint
        switch strokePhase {
        case .initialPoint:
            if p.x >= start.x && p.y >= start.y {
                setPhase(.downStroke, &context)
            } else {
                let whereTo: StaticString = p.x < start.x && p.y < start.y ? "left of and above" : (p.x < start.x ? "left of" : "above")
                fail(&context) { r in
                    r.append("the first move must go right and down, but ")
                    r.append(point: p)
                    r.append(" is ")
                    r.append(whereTo)
                    r.append(" the start ")
                    r.append(point: start)
                }
            }
        case .downStroke:
            if p.x >= previous.x {
                if p.y < previous.y { setPhase(.upStroke, &context) }
            } else {
                failMovedLeft(from: previous, to: p, stroke: "down", &context)
            }
        case .upStroke:
            if p.x < previous.x {
                failMovedLeft(from: previous, to: p, stroke: "up", &context)
            } else if p.y > previous.y {
                fail(&context) { r in
                    r.append("moved down from ")
                    r.append(point: previous)
                    r.append(" to ")
                    r.append(point: p)
                    r.append(" on the up stroke")
                }
            }
        case .notStarted:
            break
        }
    }

    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let serial = trackedSerial, let touch = touches.touch(serial: serial) else { return }
        let p = touch.location
        if state == .possible && strokePhase == .upStroke && p.y < initialTouchPoint.y {
            setState(.recognized, &context)
        } else if strokePhase != .upStroke {
            fail(&context) { r in
                r.append("lifted at ")
                r.append(point: p)
                r.append(" before any up stroke")
            }
        } else {
            let start = initialTouchPoint
            fail(&context) { r in
                r.append("lifted at ")
                r.append(point: p)
                r.append(", not above the start ")
                r.append(point: start)
            }
        }
    }

    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {
        guard let serial = trackedSerial, touches.touch(serial: serial) != nil else { return }
        initialTouchPoint = .zero
        setPhase(.notStarted, &context)
        trackedSerial = nil
        if context.recordsReasons && state != .cancelled {
            // Version 2: a cancelled record says why.
            state = context.requestState(.cancelled, FieldList(Field("reason", .text(SharedText("touch \(touches.touch(serial: serial)!.id) was cancelled")))))
        } else {
            setState(.cancelled, &context)
        }
    }

    public mutating func reset() {
        state = .possible
        strokePhase = .notStarted
        initialTouchPoint = .zero
        trackedSerial = nil
    }

    private mutating func setPhase(_ phase: StrokePhase, _ context: inout DeliveryContext) {
        guard phase != strokePhase else { return }
        context.emit("phase", FieldList(Field("from", .name(strokePhase.name)), Field("to", .name(phase.name))))
        strokePhase = phase
    }

    private mutating func setState(_ new: RecognizerState, _ context: inout DeliveryContext) {
        guard new != state else { return }
        state = context.requestState(new)
    }

    /// Asks to fail, with the reason `reason` writes (written only if it is not failed already).
    private mutating func fail(_ context: inout DeliveryContext, _ reason: (inout FailureReason) -> Void) {
        guard state != .failed else { return }
        state = context.requestFailure(reason)
    }

    /// Fails for a move to the left on the down or up stroke.
    private mutating func failMovedLeft(from previous: Point, to p: Point, stroke: StaticString, _ context: inout DeliveryContext) {
        fail(&context) { r in
            r.append("moved left from ")
            r.append(point: previous)
            r.append(" to ")
            r.append(point: p)
            r.append(" on the ")
            r.append(stroke)
            r.append(" stroke; x must never decrease")
        }
    }
}

/// A point for messages and failure reasons: `(251.5, 404)`, up to four decimals, the same text
/// on every platform.
public func pointText(_ p: Point) -> String {
    TextBuilder.string { appendPoint(p, to: &$0) }
}

/// A number with up to four decimals and no trailing zeros: `404`, `251.5`, `-0.3333` — for
/// failure reasons that read the same on every platform.
public func compactNumber(_ v: Double) -> String {
    TextBuilder.string { $0.append(compact: v) }
}

// MARK: The scene type

extension RecognizerType {
    /// Scenes' `"checkmark"` (its parameters: `touchtrace help scene`).
    public static let checkmark = RecognizerType(name: "checkmark", summary: "Apple's CheckmarkGestureRecognizer, exactly as the seed") { _ in
        CheckmarkRecognizer()
    }
}
