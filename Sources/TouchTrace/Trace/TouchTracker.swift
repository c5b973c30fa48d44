/// Checks the life of every touch as events arrive — `began` only for an id that is not down,
/// every other phase only for an id that is down, no touch twice in one event — and gives each
/// touch a slot (reused once it ends) and a serial (unique over the whole trace).
struct TouchTracker {
    enum Problem: Error {
        case beganWhileDown(beganInEvent: Int)
        case notDown
        case listedTwice
    }

    /// What is known of the touch in one slot (the last one there, once it has ended).
    private struct Slot {
        var id: TouchID
        var serial: Int
        /// The last event that listed the touch (a touch may be listed once per event).
        var mark: Int
        var beganEvent: Int
        var beganOffset: Int
        var location: Point

        /// Lists the touch in event `eventIndex` in `phase` at `location`: its serial, or nil
        /// if the event listed it already.
        mutating func list(in eventIndex: Int, _ phase: TouchPhase, at location: Point) -> Int? {
            if mark == eventIndex { return nil }
            mark = eventIndex
            if phase != .stationary { self.location = location }
            return serial
        }
    }

    /// Touches that are down: id to slot.
    private var down = DownTouches()
    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    /// The touches that end in the event being admitted, and their slots (one list: one
    /// allocation per trace, not two).
    private var ending: [(id: TouchID, slot: Int)] = []
    private var nextSerial = 0

    /// Touches down at once that the tracker's lists make room for when they are first used.
    static let fewFingers = 8

    /// The most touches down at once so far (the slot count).
    var slotCount: Int { slots.count }
    /// How many touches began so far.
    var touchCount: Int { nextSerial }

    /// Admits one touch of event `eventIndex`; returns its slot and serial.
    ///
    /// Inlined into the reader's loop for the usual touch, one that is down and listed once in
    /// the event; a touch that begins is admitted out of line.
    mutating func admit(_ id: TouchID, _ phase: TouchPhase, event eventIndex: Int, offset: Int, location: Point)
        -> Result<(slot: Int, serial: Int), Problem>
    {
        if phase == .began {
            return admitBeginning(id, event: eventIndex, offset: offset, location: location)
        }
        guard let slot = down.slot(of: id) else { return .failure(.notDown) }
        // One access to the slot: marked, moved, and its serial read.
        guard let serial = slots[slot].list(in: eventIndex, phase, at: location) else { return .failure(.listedTwice) }
        if phase.isEnding {
            // Freed when the event is over, so that the id and the slot stay taken for the
            // rest of this event (a touch may not end and begin again in one event).
            ending.append((id, slot))
        }
        return .success((slot, serial))
    }

    /// Admits a touch that moves in event `eventIndex` and was admitted in `slot`, as began or
    /// moved, in the event just before (so it is down, and listed once in this event when it is
    /// the event's only touch): what `admit` gives for it, without looking its id up. Its serial.
    mutating func admitMoving(slot: Int, event eventIndex: Int, location: Point) -> Int {
        slots[slot].mark = eventIndex
        slots[slot].location = location
        return slots[slot].serial
    }

    /// Admits a touch that begins in event `eventIndex`: a new serial, and a free slot.
    @inline(never)
    private mutating func admitBeginning(_ id: TouchID, event eventIndex: Int, offset: Int, location: Point)
        -> Result<(slot: Int, serial: Int), Problem>
    {
        if let slot = down.slot(of: id) {
            return .failure(slots[slot].mark == eventIndex ? .listedTwice : .beganWhileDown(beganInEvent: slots[slot].beganEvent))
        }
        let touch = Slot(id: id, serial: nextSerial, mark: eventIndex, beganEvent: eventIndex, beganOffset: offset, location: location)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = touch
        } else {
            slot = slots.count
            // Room for a few fingers at once from the start, rather than growing one by one.
            if slots.isEmpty { slots.reserveCapacity(Self.fewFingers) }
            slots.append(touch)
        }
        down.insert(id, slot: slot)
        nextSerial += 1
        return .success((slot, touch.serial))
    }

    /// Frees the touches that ended in the event just admitted (most events end none: that
    /// check is inlined into the reader's loop).
    mutating func finishEvent() {
        if !ending.isEmpty { freeEnded() }
    }

    @inline(never) private mutating func freeEnded() {
        for touch in ending {
            down.remove(touch.id)
            freeSlots.append(touch.slot)
        }
        ending.removeAll(keepingCapacity: true)
    }

    /// Whether a touch with this id is down.
    func isDown(_ id: TouchID) -> Bool { down.slot(of: id) != nil }

    /// Forgets every touch, as a new tracker knows none, keeping the memory of its lists: for
    /// a reader of the next trace (see `TraceReader.Lists`).
    mutating func removeAll() {
        down.removeAll()
        slots.removeAll(keepingCapacity: true)
        freeSlots.removeAll(keepingCapacity: true)
        ending.removeAll(keepingCapacity: true)
        nextSerial = 0
    }

    /// Touches still down, in the order they began.
    func stillDown() -> [(id: TouchID, slot: Int, serial: Int, beganOffset: Int, location: Point)] {
        // Most traces end with every touch up: nothing to sort.
        if down.isEmpty { return [] }
        // The closures take the slots alone, not a copy of the whole tracker.
        let slots = self.slots
        return down.slots.sorted { slots[$0].serial < slots[$1].serial }.map {
            (slots[$0].id, $0, slots[$0].serial, slots[$0].beganOffset, slots[$0].location)
        }
    }
}

/// The ids of the touches that are down and their slots: a short list searched in order while
/// few are down (one to a handful of fingers, the usual case, costs no hashing), a dictionary
/// once there are many.
struct DownTouches {
    private var list: [(id: TouchID, slot: Int)] = []
    private var map: [TouchID: Int]?
    static let listLimit = 16

    func slot(of id: TouchID) -> Int? {
        if let map { return map[id] }
        for entry in list where entry.id == id { return entry.slot }
        return nil
    }

    mutating func insert(_ id: TouchID, slot: Int) {
        if map != nil {
            map![id] = slot
            return
        }
        if list.capacity == 0 { list.reserveCapacity(TouchTracker.fewFingers) }
        list.append((id, slot))
        if list.count > Self.listLimit {
            map = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0.slot) })
            list.removeAll()
        }
    }

    mutating func remove(_ id: TouchID) {
        if map != nil {
            map![id] = nil
            if map!.isEmpty { map = nil }
            return
        }
        if let i = list.firstIndex(where: { $0.id == id }) { list.remove(at: i) }
    }

    var slots: [Int] { map.map { Array($0.values) } ?? list.map(\.slot) }

    /// Whether no touch is down.
    var isEmpty: Bool { map == nil && list.isEmpty }

    /// No touch down, the list's memory kept (a dictionary, made for many, is let go).
    mutating func removeAll() {
        list.removeAll(keepingCapacity: true)
        map = nil
    }
}
