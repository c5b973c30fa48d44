/// Replays a trace's events through a scene: hit testing, delivery grouped by phase in UIKit's
/// order, resets, and the records every recognizer and control writes.
///
/// For each event, for each view in scene order, the view's touches are delivered as sets: all
/// `began` touches of the event, then `moved`, then `ended`, then `cancelled` (`stationary` is
/// not delivered), each set in the order the event lists its touches. Within a view the
/// recognizers get a set in their order, then the control. A recognizer in a final state gets
/// nothing until it is reset, which happens when no touch is down on its view any more.
public struct Replayer: TouchEventConsumer {
    /// A view while replaying: its recognizers and control, and which sources they write as.
    struct LiveView {
        let frame: Rect
        let size: (width: Double, height: Double)
        var recognizers: [any Recognizer]
        let recognizerSources: [Int]
        let attachedCount: Int
        var control: (any Control)?
        /// Whether `control` is set (asking the optional would copy the control).
        let hasControl: Bool
        let controlSource: Int
        var touchesDown = 0
    }

    /// Every recognizer and control, as records name them (`Record.source` indexes this).
    public let sources: [SourceName]
    var views: [LiveView]
    let sink: RecordSink

    // Per touch slot: its view (or -1: it hit nothing), its last location on the screen, and
    // when it began.
    private var slotView: [Int] = []
    private var slotLocation: [Point] = []
    private var slotBeganAt: [Double] = []
    // Scratch reused by every event.
    // (Only their first `touchedCount` and `deliveryCount` entries count: emptying an array
    // that is to be filled again costs more than a count.)
    private var touchedViews: [Int]
    private var touchedCount = 0
    /// The last event that touched each view (so that finding the touched views is linear).
    private var viewMark: [Int]
    private var delivery: [ViewTouch] = []
    private var deliveryCount = 0

    public init(scene: Scene, sink: RecordSink) {
        var sources: [SourceName] = []
        var views: [LiveView] = []
        for view in scene.views {
            var recognizerSources: [Int] = []
            for r in view.recognizers {
                recognizerSources.append(sources.count)
                sources.append(SourceName(view: view.name, name: r.name))
            }
            var controlSource = -1
            if let control = view.control {
                controlSource = sources.count
                sources.append(SourceName(view: view.name, name: control.name))
            }
            views.append(LiveView(
                frame: view.frame, size: view.size, recognizers: view.recognizers.map(\.recognizer),
                recognizerSources: recognizerSources, attachedCount: view.attachedCount,
                control: view.control?.control, hasControl: view.control != nil, controlSource: controlSource))
        }
        self.sources = sources
        self.views = views
        self.viewMark = [Int](repeating: -1, count: views.count)
        self.touchedViews = [Int](repeating: 0, count: views.count)
        self.sink = sink
    }

    public mutating func consume(_ event: borrowing TouchEvent) {
        touchedCount = 0
        for touch in event.touches {
            let slot = touch.slot
            if slot >= slotView.count {
                let more = slot + 1 - slotView.count
                slotView.append(contentsOf: repeatElement(-1, count: more))
                slotLocation.append(contentsOf: repeatElement(.zero, count: more))
                slotBeganAt.append(contentsOf: repeatElement(0, count: more))
            }
            if touch.phase == .began {
                // A touch belongs, for its whole life, to the view it began on.
                let view = hitTest(touch.location)
                slotView[slot] = view
                slotLocation[slot] = touch.location
                slotBeganAt[slot] = event.t
                if view >= 0 { views[view].touchesDown += 1 }
            }
            let view = slotView[slot]
            if view >= 0 && touch.phase != .stationary && viewMark[view] != event.index {
                viewMark[view] = event.index
                touchedViews[touchedCount] = view
                touchedCount += 1
            }
        }
        if touchedCount > 1 { touchedViews[0..<touchedCount].sort() }
        for i in 0..<touchedCount {
            deliver(event, to: touchedViews[i])
        }
    }

    /// The front-most view whose hit area holds the point, judged on the live controls (a range
    /// slider's thumbs are where its values have moved them), or -1.
    private func hitTest(_ p: Point) -> Int {
        var i = views.count - 1
        while i >= 0 {
            let view = views[i]
            if view.frame.contains(p) {
                guard let control = view.control else { return i }
                if control.hitTest(p - view.frame.origin, viewSize: view.size) { return i }
            }
            i -= 1
        }
        return -1
    }

    private mutating func deliver(_ event: borrowing TouchEvent, to v: Int) {
        let origin = views[v].frame.origin
        deliveryCount = 0
        var bounds: (Int, Int, Int, Int) = (0, 0, 0, 0)
        var ending = 0
        for (k, phase) in [TouchPhase.began, .moved, .ended, .cancelled].enumerated() {
            for touch in event.touches where touch.phase == phase && slotView[touch.slot] == v {
                let previous = slotLocation[touch.slot]
                let viewTouch = ViewTouch(
                    id: touch.id, serial: touch.serial, slot: touch.slot, phase: phase,
                    location: touch.location - origin, previousLocation: previous - origin,
                    beganAt: slotBeganAt[touch.slot])
                if deliveryCount < delivery.count { delivery[deliveryCount] = viewTouch } else { delivery.append(viewTouch) }
                deliveryCount += 1
                if phase.isEnding { ending += 1 }
            }
            switch k {
            case 0: bounds.0 = deliveryCount
            case 1: bounds.1 = deliveryCount
            case 2: bounds.2 = deliveryCount
            default: bounds.3 = deliveryCount
            }
        }
        for touch in event.touches where touch.phase != .stationary && slotView[touch.slot] == v {
            slotLocation[touch.slot] = touch.location
        }
        let all = TouchSet(storage: delivery, range: 0..<deliveryCount)
        var context = DeliveryContext(t: event.t, eventIndex: event.index, viewSize: views[v].size,
                                      eventTouches: all, source: 0, sink: sink)
        let groups = [0..<bounds.0, bounds.0..<bounds.1, bounds.1..<bounds.2, bounds.2..<bounds.3]
        for (k, range) in groups.enumerated() where !range.isEmpty {
            let set = TouchSet(storage: delivery, range: range)
            deliver(set, phase: k, to: v, &context)
        }
        if ending > 0 {
            views[v].touchesDown -= ending
            if views[v].touchesDown == 0 {
                for r in views[v].recognizers.indices { views[v].recognizers[r].reset() }
            }
        }
    }

    /// Delivers one set (phase 0 began, 1 moved, 2 ended, 3 cancelled) to the recognizers of a
    /// view in order, then to its control.
    private mutating func deliver(_ set: TouchSet, phase: Int, to v: Int, _ context: inout DeliveryContext) {
        for r in views[v].recognizers.indices {
            if Self.isFinal(&views[v].recognizers[r]) { continue }
            context.source = views[v].recognizerSources[r]
            context.action = nil
            switch phase {
            case 0: views[v].recognizers[r].touchesBegan(set, &context)
            case 1: views[v].recognizers[r].touchesMoved(set, &context)
            case 2: views[v].recognizers[r].touchesEnded(set, &context)
            default: views[v].recognizers[r].touchesCancelled(set, &context)
            }
            if let action = context.action, r < views[v].attachedCount, views[v].hasControl {
                // The recognizer's target is the control that brought it: its action runs now.
                context.source = views[v].controlSource
                views[v].control!.recognizerAction(action, &context)
            }
        }
        guard views[v].hasControl else { return }
        context.source = views[v].controlSource
        switch phase {
        case 0: views[v].control!.touchesBegan(set, &context)
        case 1: views[v].control!.touchesMoved(set, &context)
        case 2: views[v].control!.touchesEnded(set, &context)
        default: views[v].control!.touchesCancelled(set, &context)
        }
        if !context.messages.isEmpty {
            let messages = context.messages
            context.messages.removeAll()
            for (target, message) in messages where views[target].hasControl {
                var targetContext = DeliveryContext(t: context.t, eventIndex: context.eventIndex, viewSize: views[target].size,
                                                    eventTouches: TouchSet([]), source: views[target].controlSource, sink: sink)
                views[target].control!.receive(message, &targetContext)
            }
        }
    }
}

extension Replayer {
    /// Reads the state where the recognizer lies (read from the array, it would be copied).
    @inline(__always) private static func isFinal(_ recognizer: inout any Recognizer) -> Bool {
        recognizer.state.isFinal
    }

    /// Replays a whole trace through a scene into a sink (one pass over the events).
    public static func replay(_ trace: Trace, scene: Scene, into sink: RecordSink) {
        var replayer = Replayer(scene: scene, sink: sink)
        trace.forEachEvent(&replayer)
    }
}
