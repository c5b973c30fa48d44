/// Turns a trace's touches into the kernel events of a multitouch protocol B device, frame by
/// frame, as a driver sends them: `ABS_MT_SLOT` when the slot changes, a tracking id when a
/// finger lands and −1 when it lifts, values only when they differ from the slot's last ones,
/// `BTN_TOUCH` when the first finger lands and the last lifts, `ABS_X`/`ABS_Y` following the
/// oldest finger down, and `SYN_REPORT` closing each frame. Events are added one at a time
/// (`add`), and each gives its frame, if it has one.
struct EvdevFrameBuilder {
    struct KernelEvent {
        var type: UInt16
        var code: UInt16
        var value: Int32
    }

    struct Frame {
        /// Microseconds from the first event of the trace.
        var microseconds: Int64
        var events: [KernelEvent]
    }

    private struct Slot {
        /// The touch (number in touch-down order) the slot holds.
        var touch: Int?
        /// The values last sent for the slot (nil: never sent).
        var x: Int32?
        var y: Int32?
        /// (A slot's first contact sends every value: the kernel starts them at 0, but a log
        /// read from its middle cannot know that.)
        var pressure: Int32?
        var major: Int32?
    }

    let trace: Trace
    let device: EvdevExportDevice
    private(set) var warnings: [TraceError] = []
    /// The time of the first event added, seconds: frame times count from it.
    private var firstTime: Double?

    private var slots: [Slot]
    private var slotOfTouch: [Int: Int] = [:]
    /// Last force and major radius given for each touch down (a touch entry without them keeps
    /// the touch's last ones).
    private var forceOfTouch: [Int: Double] = [:]
    private var radiusOfTouch: [Int: Double] = [:]
    private var currentSlot: Int?
    private var nextTrackingID: Int32 = 1
    private var emulatedX: Int32?
    private var emulatedY: Int32?
    private var warnedForce = false
    private var warnedRadius = false

    init(trace: Trace, device: EvdevExportDevice) {
        self.trace = trace
        self.device = device
        self.slots = Array(repeating: Slot(), count: device.slots)
    }

    private func error(_ offset: Int, _ message: String) -> TraceErrors {
        TraceErrors(trace.source.error(at: offset, message))
    }

    /// Takes the trace's next event: its frame, or nil when it sends nothing.
    mutating func add(_ event: ExportedTouches.Event) throws(TraceErrors) -> Frame? {
        let t0 = firstTime ?? event.t
        firstTime = t0
        // Touches still down at the end stay down, as the trace leaves them (its reader has
        // warned of them): a log that ends with fingers down imports the same.
        if event.isFinalCancel { return nil }
        let us = Int64(((event.t - t0) * 1_000_000).rounded())
        return try frame(event, microseconds: us)
    }

    private mutating func frame(_ event: ExportedTouches.Event, microseconds: Int64) throws(TraceErrors) -> Frame? {
        let downBefore = slotOfTouch.count
        // Slots freed in this frame are reused from the next frame on, so that the touches that
        // land together take slots in the order the event lists them.
        var freed: [Int] = []
        var changed: [(slot: Int, change: ExportedTouches.Change)] = []
        for change in event.changes where change.phase != .stationary {
            let slot: Int
            if change.phase == .began {
                guard let free = slots.indices.first(where: { slots[$0].touch == nil && !freed.contains($0) }) else {
                    throw error(change.offset, "touch \(change.id) lands while \(slotOfTouch.count) touches are down: the device has \(device.slots) slots (ABS_MT_SLOT 0…\(device.slots - 1)), so it cannot hold another")
                }
                slot = free
                slots[slot].touch = change.touch
                slotOfTouch[change.touch] = slot
            } else {
                guard let known = slotOfTouch[change.touch] else { continue }
                slot = known
            }
            if change.phase.isEnding {
                freed.append(slot)
                if change.phase == .cancelled {
                    warnings.append(trace.source.error(at: change.offset, "warning: touch \(change.id) is cancelled here; evdev has no cancel, so the export lifts it (ABS_MT_TRACKING_ID -1) and it imports as ended"))
                }
            }
            changed.append((slot, change))
        }
        changed.sort { $0.slot < $1.slot }
        var events: [KernelEvent] = []
        for (slot, change) in changed {
            var values: [KernelEvent] = []
            func send(_ code: UInt16, _ value: Int32, _ last: inout Int32?) {
                if last != value {
                    values.append(KernelEvent(type: Evdev.abs, code: code, value: value))
                    last = value
                }
            }
            if change.phase == .began {
                values.append(KernelEvent(type: Evdev.abs, code: Evdev.absMTTrackingID, value: nextTrackingID))
                nextTrackingID = nextTrackingID >= device.trackingIDMaximum ? 0 : nextTrackingID + 1
            }
            guard let ux = EvdevExportDevice.unit(change.x, device.x, size: device.screen.width),
                  let uy = EvdevExportDevice.unit(change.y, device.y, size: device.screen.height) else {
                throw error(change.offset, "touch \(change.id) at (\(numberText(change.x)), \(numberText(change.y))) lies beyond the 32-bit values of the device's axes")
            }
            send(Evdev.absMTPositionX, ux, &slots[slot].x)
            send(Evdev.absMTPositionY, uy, &slots[slot].y)
            if let axis = device.pressure {
                let force = change.force ?? (change.phase == .began ? 0 : forceOfTouch[change.touch] ?? 0)
                forceOfTouch[change.touch] = force
                var v = (Double(axis.minimum) + force / device.maximumForce * Double(Int64(axis.maximum) - Int64(axis.minimum))).rounded()
                if v > Double(axis.maximum) {
                    if !warnedForce {
                        warnedForce = true
                        warnings.append(trace.source.error(at: change.offset, "warning: force \(numberText(force)) is above the trace's maximumForce \(numberText(device.maximumForce)); the export writes it (and any other such force) as the top of ABS_MT_PRESSURE, \(axis.maximum)"))
                    }
                    v = Double(axis.maximum)
                }
                send(Evdev.absMTPressure, Int32(v), &slots[slot].pressure)
            }
            if let axis = device.major {
                let radius = change.majorRadius ?? (change.phase == .began ? 0 : radiusOfTouch[change.touch] ?? 0)
                radiusOfTouch[change.touch] = radius
                // A diameter in units of the x axis.
                var v = (2 * radius * device.x.span / device.screen.width).rounded()
                if v > Double(axis.maximum) {
                    if !warnedRadius {
                        warnedRadius = true
                        let top = Double(axis.maximum) / 2 * device.screen.width / device.x.span
                        warnings.append(trace.source.error(at: change.offset, "warning: majorRadius \(numberText(radius)) is beyond the device's ABS_MT_TOUCH_MAJOR (at most \(axis.maximum) units, a radius of \(numberText(top)) points); the export writes it (and any other such radius) as \(axis.maximum)"))
                    }
                    v = Double(axis.maximum)
                }
                v = max(v, Double(axis.minimum))
                send(Evdev.absMTTouchMajor, Int32(v), &slots[slot].major)
            }
            if change.phase.isEnding {
                values.append(KernelEvent(type: Evdev.abs, code: Evdev.absMTTrackingID, value: -1))
            }
            if values.isEmpty { continue }
            if currentSlot != slot {
                events.append(KernelEvent(type: Evdev.abs, code: Evdev.absMTSlot, value: Int32(slot)))
                currentSlot = slot
            }
            events += values
        }
        for slot in freed {
            if let touch = slots[slot].touch {
                slotOfTouch[touch] = nil
                forceOfTouch[touch] = nil
                radiusOfTouch[touch] = nil
            }
            slots[slot].touch = nil
        }
        let downAfter = slotOfTouch.count
        if downBefore == 0 && downAfter > 0 { events.append(KernelEvent(type: Evdev.key, code: Evdev.btnTouch, value: 1)) }
        if downBefore > 0 && downAfter == 0 { events.append(KernelEvent(type: Evdev.key, code: Evdev.btnTouch, value: 0)) }
        // Single-touch emulation follows the oldest touch down.
        if let oldest = slotOfTouch.keys.min(), let slot = slotOfTouch[oldest], let x = slots[slot].x, let y = slots[slot].y {
            if x != emulatedX { events.append(KernelEvent(type: Evdev.abs, code: Evdev.absX, value: x)) }
            if y != emulatedY { events.append(KernelEvent(type: Evdev.abs, code: Evdev.absY, value: y)) }
            emulatedX = x
            emulatedY = y
        }
        if events.isEmpty { return nil }
        events.append(KernelEvent(type: Evdev.syn, code: Evdev.synReport, value: 0))
        return Frame(microseconds: microseconds, events: events)
    }
}
