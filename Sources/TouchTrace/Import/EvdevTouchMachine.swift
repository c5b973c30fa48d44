/// One touch that changed in a frame, in device units.
struct TouchChange: Sendable {
    /// The trace's touch id: 1, 2, … in touch-down order.
    var touch: Int
    var phase: TouchPhase
    var x: Int32
    var y: Int32
    /// `ABS_MT_PRESSURE` and `ABS_MT_TOUCH_MAJOR` in device units, where the machine tracks them.
    var pressure: Int32? = nil
    var major: Int32? = nil
}

/// The touches that changed at one `SYN_REPORT` (or at a `SYN_DROPPED`, which cancels them all).
struct TouchFrame: Sendable {
    /// Nanoseconds on the log's clock.
    var time: Int64
    /// Byte offset of the event that closed the frame, for messages.
    var offset: Int
    var changes: [TouchChange]
}

/// The evdev multitouch state machine every log format feeds: kernel events in, touch frames out.
///
/// It follows the kernel's multitouch protocol (Documentation/input/multi-touch-protocol.rst):
/// - **Protocol B** (slots): `ABS_MT_SLOT` picks a slot; `ABS_MT_TRACKING_ID` ≥ 0 gives it a
///   contact, −1 lifts it; other `ABS_MT_*` values belong to the current slot and are sent only
///   when they change, so every slot keeps its last values (a new contact at the same place as
///   the slot's last one gets no new position). Nothing takes effect before `SYN_REPORT`: the
///   frame's changes are then compared with what the trace last showed, slot by slot.
///   A new tracking id in a slot that holds a contact ends that contact (at its last position)
///   and begins a new one in the same event. A value for a slot without a contact is an error.
/// - **Protocol A** (`SYN_MT_REPORT` after each contact): contacts have no ids; each frame's
///   contacts are matched to the touches down by the least total squared distance; unmatched
///   contacts begin, unmatched touches end.
/// - **Single touch** (`BTN_TOUCH` with `ABS_X`/`ABS_Y`), for devices with no multitouch axes.
/// - `SYN_DROPPED`: events were lost. Every touch down is cancelled at once; events up to and
///   including the next `SYN_REPORT` are ignored and every slot is empty; values for a slot are
///   then ignored (not an error) until its next tracking id.
struct EvdevTouchMachine {
    enum TouchProtocol {
        case slots, contacts, singleTouch
    }

    /// A slot of protocol B.
    struct Slot {
        /// The slot's last values (kept across contacts, as the kernel keeps them).
        var x: Int32?
        var y: Int32?
        /// The slot's last `ABS_MT_PRESSURE` and `ABS_MT_TOUCH_MAJOR` (the kernel's initial 0
        /// until one is sent), and those the trace last showed.
        var pressure: Int32 = 0
        var major: Int32 = 0
        var shownPressure: Int32 = 0
        var shownMajor: Int32 = 0
        /// The contact the slot holds as of the events read so far (nil: none).
        var trackingID: Int32?
        /// The contact began in the frame being read.
        var isNew = false
        /// Offset of the tracking id that began it.
        var newOffset = 0
        /// The trace touch shown for this slot, and where the trace last showed it.
        var touch: Int?
        var shownX: Int32 = 0
        var shownY: Int32 = 0
        /// The shown touch ended in this frame, at this position.
        var endAt: (x: Int32, y: Int32)?
        /// Emptied by `SYN_DROPPED`: values are ignored until the next tracking id.
        var resyncing = false
        var isDirty = false
    }

    /// The most slots a device may use when its range is unknown, and at all.
    static let defaultSlotLimit = 256
    static let slotLimit = 1024
    /// The most protocol A contacts in one frame (real screens track ten or so).
    static let contactLimit = 32

    /// The text being read (the window the events come from), for messages.
    var text: LogText
    let touchProtocol: TouchProtocol
    let slotCount: Int
    /// Whether touches carry `ABS_MT_PRESSURE` (the device gives its range) and
    /// `ABS_MT_TOUCH_MAJOR` (the device gives its range or sends it): a change of either alone
    /// then moves the touch, as a change of force does in UIKit.
    let tracksPressure: Bool
    let tracksMajor: Bool

    /// Frames made since the importer last took them (`takeFrames`).
    private(set) var frames: [TouchFrame] = []
    /// Frames made in all.
    private(set) var frameCount = 0
    private(set) var touchCount = 0
    /// Positions taken to be the kernel's initial 0, one warning each.
    private(set) var warnings: [TraceError] = []
    /// Offset of the first event after the last `SYN_REPORT`, when the log ends inside a frame.
    private(set) var unfinishedFrameOffset: Int?

    private var changes: [TouchChange] = []
    private var lastSyncTime: Int64?
    private var dropping = false

    private var slots: [Slot] = [Slot()]
    private var currentSlot = 0
    private var dirty: [Int] = []

    /// Touches down for protocol A and single touch, in touch-down order.
    private var down: [(touch: Int, x: Int32, y: Int32)] = []
    private var contacts: [(x: Int32, y: Int32)] = []
    private var contactX: Int32?
    private var contactY: Int32?
    private var contactHasValues = false
    private var contactOffset = 0
    private var frameHasMultitouch = false

    private var buttonDown = false
    private var buttonOffset = 0
    private var singleX: Int32?
    private var singleY: Int32?

    /// Chooses the protocol from the events the device sends.
    init(text: LogText, device: EvdevDevice) {
        self.text = text
        if device.hasContactReports {
            touchProtocol = .contacts
        } else if device.hasMultitouchEvents {
            touchProtocol = .slots
        } else {
            touchProtocol = .singleTouch
        }
        if let range = device.ranges[Evdev.absMTSlot], range.maximum >= 0 {
            slotCount = Int(min(range.maximum, Int32(Self.slotLimit - 1))) + 1
        } else {
            slotCount = Self.defaultSlotLimit
        }
        let slotted = touchProtocol == .slots
        if let range = device.ranges[Evdev.absMTPressure], range.maximum > range.minimum {
            tracksPressure = slotted
        } else {
            tracksPressure = false
        }
        tracksMajor = slotted && (device.ranges[Evdev.absMTTouchMajor] != nil || device.hasTouchMajorEvents)
    }

    /// A change of a slot's touch, with its pressure and touch major where they are tracked.
    private func change(_ touch: Int, _ phase: TouchPhase, _ x: Int32, _ y: Int32, _ slot: Slot) -> TouchChange {
        TouchChange(touch: touch, phase: phase, x: x, y: y,
                    pressure: tracksPressure ? slot.pressure : nil, major: tracksMajor ? slot.major : nil)
    }

    /// Runs every event of the device.
    mutating func run(_ events: [InputEvent]) throws(TraceErrors) {
        try feed(events)
        finish()
    }

    /// Runs the next events of the device.
    mutating func feed(_ events: [InputEvent]) throws(TraceErrors) {
        for event in events {
            if frameStart == nil { frameStart = event.offset }
            try consume(event)
            if event.type == Evdev.syn && (event.code == Evdev.synReport || event.code == Evdev.synDropped) { frameStart = nil }
        }
    }

    /// Ends the run: a frame not closed by then is left out.
    mutating func finish() {
        unfinishedFrameOffset = frameStart
    }

    /// The frames made since the last call.
    mutating func takeFrames() -> [TouchFrame] {
        defer { frames.removeAll(keepingCapacity: true) }
        return frames
    }

    /// Offset of the first event of the frame being read.
    private var frameStart: Int?

    private mutating func consume(_ e: InputEvent) throws(TraceErrors) {
        if e.type == Evdev.syn && e.code == Evdev.synDropped {
            try checkTime(e)
            drop(e)
            return
        }
        if dropping {
            if e.type == Evdev.syn && e.code == Evdev.synReport {
                try checkTime(e)
                dropping = false
            }
            return
        }
        switch touchProtocol {
        case .slots: try slotEvent(e)
        case .contacts: try contactEvent(e)
        case .singleTouch: try singleTouchEvent(e)
        }
    }

    /// Offset of the last `SYN_REPORT` or `SYN_DROPPED` read.
    private(set) var lastSyncOffset = 0

    private mutating func checkTime(_ e: InputEvent) throws(TraceErrors) {
        lastSyncOffset = e.offset
        if let last = lastSyncTime, e.time < last {
            throw text.error(at: e.offset, "time goes backwards: \(seconds(e.time)) s comes after \(seconds(last)) s")
        }
        lastSyncTime = e.time
    }

    private func seconds(_ ns: Int64) -> String {
        let fraction = String(ns % 1_000_000_000)
        return "\(ns / 1_000_000_000)." + String(repeating: "0", count: 9 - fraction.count) + fraction
    }

    private mutating func emit(_ e: InputEvent) {
        if !changes.isEmpty {
            frames.append(TouchFrame(time: e.time, offset: e.offset, changes: changes))
            frameCount += 1
            changes.removeAll(keepingCapacity: true)
        }
    }

    private mutating func newTouch() -> Int {
        touchCount += 1
        return touchCount
    }

    // MARK: SYN_DROPPED

    private mutating func drop(_ e: InputEvent) {
        changes.removeAll(keepingCapacity: true)
        for i in slots.indices {
            if let touch = slots[i].touch {
                var shown = slots[i]
                shown.pressure = shown.shownPressure
                shown.major = shown.shownMajor
                changes.append(change(touch, .cancelled, shown.shownX, shown.shownY, shown))
            }
            slots[i].trackingID = nil
            slots[i].isNew = false
            slots[i].touch = nil
            slots[i].endAt = nil
            slots[i].resyncing = true
            slots[i].isDirty = false
        }
        dirty.removeAll(keepingCapacity: true)
        for d in down {
            changes.append(TouchChange(touch: d.touch, phase: .cancelled, x: d.x, y: d.y))
        }
        down.removeAll()
        contacts.removeAll()
        contactX = nil
        contactY = nil
        contactHasValues = false
        frameHasMultitouch = false
        buttonDown = false
        emit(e)
        dropping = true
    }

    // MARK: Protocol B

    private mutating func slotEvent(_ e: InputEvent) throws(TraceErrors) {
        switch e.type {
        case Evdev.syn where e.code == Evdev.synReport:
            try checkTime(e)
            try commitSlots()
            emit(e)
        case Evdev.abs where e.code == Evdev.absMTSlot:
            guard e.value >= 0, Int(e.value) < slotCount else {
                throw text.error(at: e.offset, "ABS_MT_SLOT \(e.value) is outside the device's slots 0…\(slotCount - 1)")
            }
            currentSlot = Int(e.value)
            if currentSlot >= slots.count { slots += Array(repeating: Slot(), count: currentSlot + 1 - slots.count) }
        case Evdev.abs where e.code == Evdev.absMTTrackingID:
            markDirty()
            var slot = slots[currentSlot]
            if e.value < 0 {
                if slot.trackingID != nil {
                    if !slot.isNew && slot.touch != nil && slot.endAt == nil { slot.endAt = (slot.x ?? slot.shownX, slot.y ?? slot.shownY) }
                    slot.trackingID = nil
                    slot.isNew = false
                } else if !slot.resyncing {
                    throw text.error(at: e.offset, "ABS_MT_TRACKING_ID -1 lifts slot \(currentSlot), which has no contact")
                }
            } else if slot.trackingID != e.value {
                if slot.trackingID != nil && !slot.isNew && slot.touch != nil && slot.endAt == nil {
                    slot.endAt = (slot.x ?? slot.shownX, slot.y ?? slot.shownY)
                }
                slot.trackingID = e.value
                slot.isNew = true
                slot.newOffset = e.offset
                slot.resyncing = false
            }
            slots[currentSlot] = slot
        case Evdev.abs where Evdev.isMultitouch(e.code):
            markDirty()
            if slots[currentSlot].trackingID == nil && !slots[currentSlot].resyncing {
                throw text.error(at: e.offset, "\(Evdev.codeName(type: e.type, code: e.code)) \(e.value) for slot \(currentSlot), which has no contact (no ABS_MT_TRACKING_ID since it was last lifted)")
            }
            if e.code == Evdev.absMTPositionX { slots[currentSlot].x = e.value }
            if e.code == Evdev.absMTPositionY { slots[currentSlot].y = e.value }
            if e.code == Evdev.absMTPressure { slots[currentSlot].pressure = e.value }
            if e.code == Evdev.absMTTouchMajor { slots[currentSlot].major = e.value }
        default:
            break
        }
    }

    private mutating func markDirty() {
        if !slots[currentSlot].isDirty {
            slots[currentSlot].isDirty = true
            dirty.append(currentSlot)
        }
    }

    private mutating func commitSlots() throws(TraceErrors) {
        dirty.sort()
        for i in dirty {
            var slot = slots[i]
            slot.isDirty = false
            if let end = slot.endAt, let touch = slot.touch {
                changes.append(change(touch, .ended, end.x, end.y, slot))
                slot.touch = nil
                slot.endAt = nil
            }
            if let id = slot.trackingID {
                if slot.isNew {
                    // The kernel starts every slot's values at 0 and sends a value only when it
                    // changes, so a first contact at x = 0 (an edge swipe) sends no x.
                    if slot.x == nil || slot.y == nil {
                        let missing = [slot.x == nil ? "ABS_MT_POSITION_X" : nil, slot.y == nil ? "ABS_MT_POSITION_Y" : nil].compactMap { $0 }
                        warnings.append(text.located(at: slot.newOffset, "warning: no \(missing.joined(separator: " or ")) for slot \(i) since the log began; the contact with tracking id \(id) is taken to be at the kernel's initial 0"))
                    }
                    let x = slot.x ?? 0, y = slot.y ?? 0
                    slot.x = x
                    slot.y = y
                    let touch = newTouch()
                    changes.append(change(touch, .began, x, y, slot))
                    slot.touch = touch
                    slot.shownX = x
                    slot.shownY = y
                    slot.shownPressure = slot.pressure
                    slot.shownMajor = slot.major
                    slot.isNew = false
                } else if let touch = slot.touch, let x = slot.x, let y = slot.y,
                          x != slot.shownX || y != slot.shownY
                            || (tracksPressure && slot.pressure != slot.shownPressure)
                            || (tracksMajor && slot.major != slot.shownMajor) {
                    changes.append(change(touch, .moved, x, y, slot))
                    slot.shownX = x
                    slot.shownY = y
                    slot.shownPressure = slot.pressure
                    slot.shownMajor = slot.major
                }
            }
            slots[i] = slot
        }
        dirty.removeAll(keepingCapacity: true)
    }

    // MARK: Protocol A

    private mutating func contactEvent(_ e: InputEvent) throws(TraceErrors) {
        switch e.type {
        case Evdev.syn where e.code == Evdev.synMTReport:
            try closeContact(at: e)
            frameHasMultitouch = true
        case Evdev.syn where e.code == Evdev.synReport:
            try checkTime(e)
            if contactHasValues { try closeContact(at: e) }
            if frameHasMultitouch || !contacts.isEmpty { matchContacts() }
            contacts.removeAll(keepingCapacity: true)
            frameHasMultitouch = false
            emit(e)
        case Evdev.abs where Evdev.isMultitouch(e.code):
            if !contactHasValues { contactOffset = e.offset }
            contactHasValues = true
            if e.code == Evdev.absMTPositionX { contactX = e.value }
            if e.code == Evdev.absMTPositionY { contactY = e.value }
        case Evdev.key where e.code == Evdev.btnTouch:
            frameHasMultitouch = true
        default:
            break
        }
    }

    private mutating func closeContact(at e: InputEvent) throws(TraceErrors) {
        defer {
            contactX = nil
            contactY = nil
            contactHasValues = false
        }
        guard contactHasValues else { return }
        guard let x = contactX, let y = contactY else {
            throw text.error(at: contactOffset, "a contact without ABS_MT_POSITION_\(contactX == nil ? "X" : "Y") (protocol A sends every value of every contact in each frame)")
        }
        guard contacts.count < Self.contactLimit else {
            throw text.error(at: e.offset, "more than \(Self.contactLimit) contacts in one frame")
        }
        contacts.append((x, y))
    }

    private mutating func matchContacts() {
        let cost = down.map { d in
            contacts.map { c -> Double in
                let dx = Double(Int64(d.x) - Int64(c.x))
                let dy = Double(Int64(d.y) - Int64(c.y))
                return dx * dx + dy * dy
            }
        }
        let assignment = leastCostAssignment(cost, columns: contacts.count)
        var kept: [(touch: Int, x: Int32, y: Int32)] = []
        var used = Array(repeating: false, count: contacts.count)
        for (i, d) in down.enumerated() {
            if let j = assignment[i] {
                used[j] = true
                let c = contacts[j]
                if c.x != d.x || c.y != d.y { changes.append(TouchChange(touch: d.touch, phase: .moved, x: c.x, y: c.y)) }
                kept.append((d.touch, c.x, c.y))
            } else {
                changes.append(TouchChange(touch: d.touch, phase: .ended, x: d.x, y: d.y))
            }
        }
        for (j, c) in contacts.enumerated() where !used[j] {
            let touch = newTouch()
            changes.append(TouchChange(touch: touch, phase: .began, x: c.x, y: c.y))
            kept.append((touch, c.x, c.y))
        }
        down = kept
    }

    // MARK: Single touch

    private mutating func singleTouchEvent(_ e: InputEvent) throws(TraceErrors) {
        switch e.type {
        case Evdev.syn where e.code == Evdev.synReport:
            try checkTime(e)
            if buttonDown {
                if singleX == nil || singleY == nil {
                    let missing = [singleX == nil ? "ABS_X" : nil, singleY == nil ? "ABS_Y" : nil].compactMap { $0 }
                    warnings.append(text.located(at: buttonOffset, "warning: no \(missing.joined(separator: " or ")) since the log began; the touch is taken to be at the kernel's initial 0"))
                    singleX = singleX ?? 0
                    singleY = singleY ?? 0
                }
                let x = singleX!, y = singleY!
                if down.isEmpty {
                    let touch = newTouch()
                    changes.append(TouchChange(touch: touch, phase: .began, x: x, y: y))
                    down = [(touch, x, y)]
                } else if down[0].x != x || down[0].y != y {
                    changes.append(TouchChange(touch: down[0].touch, phase: .moved, x: x, y: y))
                    down[0] = (down[0].touch, x, y)
                }
            } else if let d = down.first {
                changes.append(TouchChange(touch: d.touch, phase: .ended, x: singleX ?? d.x, y: singleY ?? d.y))
                down = []
            }
            emit(e)
        case Evdev.key where e.code == Evdev.btnTouch:
            if e.value != 0 && !buttonDown { buttonOffset = e.offset }
            buttonDown = e.value != 0
        case Evdev.abs where e.code == Evdev.absX:
            singleX = e.value
        case Evdev.abs where e.code == Evdev.absY:
            singleY = e.value
        default:
            break
        }
    }

    /// Touches still down after the last event.
    var touchesDown: Int {
        switch touchProtocol {
        case .slots: return slots.filter { $0.touch != nil }.count
        case .contacts, .singleTouch: return down.count
        }
    }
}

/// For each row, the column it is matched to (nil when there are more rows than columns and it
/// is left out), such that the sum of the matched costs is least (the Hungarian method with
/// potentials, O(n²·m)). Ties go the same way on every run.
func leastCostAssignment(_ cost: [[Double]], columns: Int) -> [Int?] {
    let rows = cost.count
    guard rows > 0, columns > 0 else { return Array(repeating: nil, count: rows) }
    // The method needs rows ≤ columns; otherwise solve the transposed problem.
    if rows > columns {
        let transposed = (0..<columns).map { j in (0..<rows).map { i in cost[i][j] } }
        let byColumn = leastCostAssignment(transposed, columns: rows)
        var result = [Int?](repeating: nil, count: rows)
        for (j, i) in byColumn.enumerated() { if let i { result[i] = j } }
        return result
    }
    let n = rows, m = columns
    var u = [Double](repeating: 0, count: n + 1)
    var v = [Double](repeating: 0, count: m + 1)
    var p = [Int](repeating: 0, count: m + 1)
    var way = [Int](repeating: 0, count: m + 1)
    for i in 1...n {
        p[0] = i
        var j0 = 0
        var minv = [Double](repeating: .infinity, count: m + 1)
        var used = [Bool](repeating: false, count: m + 1)
        repeat {
            used[j0] = true
            let i0 = p[j0]
            var delta = Double.infinity
            var j1 = 0
            for j in 1...m where !used[j] {
                let current = cost[i0 - 1][j - 1] - u[i0] - v[j]
                if current < minv[j] {
                    minv[j] = current
                    way[j] = j0
                }
                if minv[j] < delta {
                    delta = minv[j]
                    j1 = j
                }
            }
            for j in 0...m {
                if used[j] {
                    u[p[j]] += delta
                    v[j] -= delta
                } else {
                    minv[j] -= delta
                }
            }
            // With finite costs an unused column always exists here; stop rather than loop if not.
            if j1 == 0 { break }
            j0 = j1
        } while p[j0] != 0
        repeat {
            let j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
        } while j0 != 0
    }
    var result = [Int?](repeating: nil, count: n)
    for j in 1...m where p[j] != 0 { result[p[j] - 1] = j - 1 }
    return result
}
