/// A message from one control to another (target–action between views).
public enum ControlMessage: Sendable, Equatable {
    /// A plus button was tapped (`isAddButton`): add one.
    case add
    /// A minus button was tapped: take one away unless at zero.
    case subtract
}

/// A `UIControl` on a view: it gets the view's touches after the view's recognizers, handles one
/// touch at a time, and writes records.
public protocol Control: Sendable {
    /// Whether a touch beginning at this point (view coordinates) hits the control. Most
    /// controls take their whole frame; the range slider only its thumbs.
    func hitTest(_ point: Point, viewSize: (width: Double, height: Double)) -> Bool
    /// The same judged as a version 2 trace judges hit areas when `halfOpen` (as
    /// `CGRect.contains`: right and bottom edges out). Default: `hitTest(_:viewSize:)` for a
    /// closed area, the bounds half-open otherwise.
    func hitTest(_ point: Point, viewSize: (width: Double, height: Double), halfOpen: Bool) -> Bool
    mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext)
    mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext)
    mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext)
    mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext)
    /// Recognizers the control adds to its view, before the view's own (the knob's rotation).
    func attachedRecognizers() -> [(name: String, recognizer: any Recognizer)]
    /// One of the recognizers the control brought called its action.
    mutating func recognizerAction(_ action: RecognizerAction, _ context: inout DeliveryContext)
    /// A message from another control.
    mutating func receive(_ message: ControlMessage, _ context: inout DeliveryContext)
}

extension Control {
    public func hitTest(_ point: Point, viewSize: (width: Double, height: Double)) -> Bool {
        Rect(x: 0, y: 0, width: viewSize.width, height: viewSize.height).contains(point)
    }
    public func hitTest(_ point: Point, viewSize: (width: Double, height: Double), halfOpen: Bool) -> Bool {
        halfOpen ? Rect(x: 0, y: 0, width: viewSize.width, height: viewSize.height).containsHalfOpen(point) : hitTest(point, viewSize: viewSize)
    }
    public mutating func touchesBegan(_ touches: TouchSet, _ context: inout DeliveryContext) {}
    public mutating func touchesMoved(_ touches: TouchSet, _ context: inout DeliveryContext) {}
    public mutating func touchesEnded(_ touches: TouchSet, _ context: inout DeliveryContext) {}
    public mutating func touchesCancelled(_ touches: TouchSet, _ context: inout DeliveryContext) {}
    public func attachedRecognizers() -> [(name: String, recognizer: any Recognizer)] { [] }
    public mutating func recognizerAction(_ action: RecognizerAction, _ context: inout DeliveryContext) {}
    public mutating func receive(_ message: ControlMessage, _ context: inout DeliveryContext) {}
}

/// UIControl's one-touch tracking: the first touch that reaches the control while it is idle is
/// tracked to its end; touches that arrive meanwhile are ignored for their whole life.
struct ControlTracking: Sendable {
    private(set) var serial: Int?

    /// The touch that starts tracking, if the control is idle.
    mutating func begin(_ touches: TouchSet) -> ViewTouch? {
        guard serial == nil, let first = touches.first else { return nil }
        serial = first.serial
        return first
    }

    /// The tracked touch, if it is in the set.
    func tracked(in touches: TouchSet) -> ViewTouch? {
        guard let serial else { return nil }
        return touches.touch(serial: serial)
    }

    /// The tracked touch if it is in the set, which ends tracking.
    mutating func end(in touches: TouchSet) -> ViewTouch? {
        guard let touch = tracked(in: touches) else { return nil }
        serial = nil
        return touch
    }
}

extension DeliveryContext {
    /// Sends a message to the control of another view (by view index).
    public mutating func send(_ message: ControlMessage, toView target: Int) {
        if messages == nil { messages = [] }
        messages!.append((target, message))
    }
}
