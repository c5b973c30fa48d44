/// Checks the life of every touch as events arrive — `began` only for an id that is not down,
/// every other phase only for an id that is down, no touch twice in one event — and gives each
/// touch a slot (reused once it ends) and a serial (unique over the whole trace).
struct TouchTracker {
    enum Problem: Error {
        case beganWhileDown(beganInEvent: Int)
        case notDown
        case listedTwice
    }

    /// Touches that are down: id to slot.
    private var down = DownTouches()
    private var slotSerial: [Int] = []
    private var slotMark: [Int] = []
    private var slotBeganEvent: [Int] = []
    private var slotBeganOffset: [Int] = []
    private var slotID: [TouchID] = []
    private var slotLocation: [Point] = []
    private var freeSlots: [Int] = []
    private var endingIDs: [TouchID] = []
    private var endingSlots: [Int] = []
    private var nextSerial = 0

    /// The most touches down at once so far (the slot count).
    var slotCount: Int { slotSerial.count }
    /// How many touches began so far.
    var touchCount: Int { nextSerial }

    /// Admits one touch of event `eventIndex`; returns its slot and serial.
    mutating func admit(_ id: TouchID, _ phase: TouchPhase, event eventIndex: Int, offset: Int, location: Point)
        -> Result<(slot: Int, serial: Int), Problem>
    {
        if phase == .began {
            if let slot = down.slot(of: id) {
                return .failure(slotMark[slot] == eventIndex ? .listedTwice : .beganWhileDown(beganInEvent: slotBeganEvent[slot]))
            }
            let slot: Int
            if let free = freeSlots.popLast() {
                slot = free
                slotID[slot] = id
            } else {
                slot = slotSerial.count
                slotSerial.append(0)
                slotMark.append(-1)
                slotBeganEvent.append(0)
                slotBeganOffset.append(0)
                slotID.append(id)
                slotLocation.append(location)
            }
            down.insert(id, slot: slot)
            slotSerial[slot] = nextSerial
            nextSerial += 1
            slotMark[slot] = eventIndex
            slotBeganEvent[slot] = eventIndex
            slotBeganOffset[slot] = offset
            slotLocation[slot] = location
            return .success((slot, slotSerial[slot]))
        }
        guard let slot = down.slot(of: id) else { return .failure(.notDown) }
        if slotMark[slot] == eventIndex { return .failure(.listedTwice) }
        slotMark[slot] = eventIndex
        if phase != .stationary { slotLocation[slot] = location }
        if phase.isEnding {
            // Freed when the event is over, so that the id and the slot stay taken for the rest
            // of this event (a touch may not end and begin again in one event).
            endingIDs.append(id)
            endingSlots.append(slot)
        }
        return .success((slot, slotSerial[slot]))
    }

    /// Frees the touches that ended in the event just admitted.
    mutating func finishEvent() {
        if endingIDs.isEmpty { return }
        for id in endingIDs { down.remove(id) }
        freeSlots.append(contentsOf: endingSlots)
        endingIDs.removeAll(keepingCapacity: true)
        endingSlots.removeAll(keepingCapacity: true)
    }

    /// Whether a touch with this id is down.
    func isDown(_ id: TouchID) -> Bool { down.slot(of: id) != nil }

    /// Touches still down, in the order they began.
    func stillDown() -> [(id: TouchID, slot: Int, serial: Int, beganOffset: Int, location: Point)] {
        down.slots.sorted { slotSerial[$0] < slotSerial[$1] }.map {
            (slotID[$0], $0, slotSerial[$0], slotBeganOffset[$0], slotLocation[$0])
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

    @inline(__always) func slot(of id: TouchID) -> Int? {
        if let map { return map[id] }
        for entry in list where entry.id == id { return entry.slot }
        return nil
    }

    mutating func insert(_ id: TouchID, slot: Int) {
        if map != nil {
            map![id] = slot
            return
        }
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
}
