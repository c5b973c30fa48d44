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
    private(set) var down: [TouchID: Int] = [:]
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
            if let slot = down[id] {
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
            down[id] = slot
            slotSerial[slot] = nextSerial
            nextSerial += 1
            slotMark[slot] = eventIndex
            slotBeganEvent[slot] = eventIndex
            slotBeganOffset[slot] = offset
            slotLocation[slot] = location
            return .success((slot, slotSerial[slot]))
        }
        guard let slot = down[id] else { return .failure(.notDown) }
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
        for id in endingIDs { down[id] = nil }
        freeSlots.append(contentsOf: endingSlots)
        endingIDs.removeAll(keepingCapacity: true)
        endingSlots.removeAll(keepingCapacity: true)
    }

    /// Touches still down, in the order they began.
    func stillDown() -> [(id: TouchID, slot: Int, serial: Int, beganOffset: Int, location: Point)] {
        down.values.sorted { slotSerial[$0] < slotSerial[$1] }.map {
            (slotID[$0], $0, slotSerial[$0], slotBeganOffset[$0], slotLocation[$0])
        }
    }
}
