import Testing
@testable import TouchTrace

/// The substrate's handles to pinned memory (Substrate/PinnedMemory.swift) and the engine's
/// handle on a lent delivery context (`DeliveryHandle`): what each reaches, and where each
/// stops.
@Suite struct PinnedMemoryTests {
    @Test func aPinnedValueIsChangedInPlaceThroughEveryCopyOfItsHandle() {
        let storage = PinnedStorage([1, 2, 3])
        let a = storage.handle
        let b = a
        a.value.append(4)
        b.value[0] = 10
        #expect(storage.handle.value == [10, 2, 3, 4])
        #expect(a == b)
        let other = PinnedStorage([10, 2, 3, 4])
        #expect(other.handle != a, "two storages are two values, equal or not")
    }

    @Test func aPinnedRowKeepsItsValuesWhenItGrows() {
        let buffer = PinnedBuffer(repeating: 7, count: 3)
        var row = buffer.row
        row[1] = 5
        #expect(row.count == 3 && row[0] == 7 && row[1] == 5 && row[2] == 7)
        row = buffer.grow(to: 4, filling: -1)
        // Grown to twice its length at least (4 asked, 2 × 3 given), the new places filled.
        #expect(row.count == 6)
        #expect((0..<row.count).map { row[$0] } == [7, 5, 7, -1, -1, -1])
        #expect(buffer.grow(to: 2, filling: 0).count == 6, "a row never shrinks")
        let values = PinnedBuffer([4, 1, 3, 2, 0])
        values.row.sortPrefix(4)
        #expect((0..<5).map { values.row[$0] } == [1, 2, 3, 4, 0], "only the prefix is sorted")
    }

    @Test func anArrayIsWrittenInPlaceAsARow() {
        var touches = ["a", "b", "c"]
        let written = touches.withRowInPlace { row in
            row[2] = row[0] + row[1]
            return row.count
        }
        #expect(written == 3)
        #expect(touches == ["a", "b", "ab"])
    }

    @Test func aRowOfScratchGivesBackWhatWasAppendedInOrder() {
        let sums = PinnedScratch<SIMD2<Double>>.with(capacity: 4) { row in
            #expect(row.count == 0 && row.capacity == 4)
            for i in 1 ... 3 { row.append(SIMD2(Double(i), Double(i * i))) }
            #expect(row.count == 3)
            // Read back by index after the writes, as a fit's later passes read its first.
            #expect((0 ..< row.count).map { row[$0] } == [SIMD2(1, 1), SIMD2(2, 4), SIMD2(3, 9)])
            row.append(SIMD2(4, 16))
            #expect(row.count == row.capacity)
            return (0 ..< row.count).reduce(SIMD2<Double>.zero) { $0 + row[$1] }
        }
        #expect(sums == SIMD2(10, 30), "1 + 2 + 3 + 4 and 1 + 4 + 9 + 16")
        // Past 1 KiB the row is on the heap; it is used the same way.
        let last = PinnedScratch<Int>.with(capacity: 1000) { row in
            for i in 0 ..< 1000 { row.append(i * 3) }
            return row[999]
        }
        #expect(last == 2997)
    }

    @Test func anUnretainedReferenceReachesTheObjectItsOwnerKeeps() {
        final class Box { var n = 1 }
        let owner = [Box()]
        let reference = Unretained(owner[0])
        reference.with { $0.n += 1 }
        #expect(reference.with { $0.n } == 2)
        #expect(owner[0].n == 2)
    }

    @Test func aTextScopeMarkSaysWhichScopeIsCurrent() {
        let scope = TextScope()
        let outer = TextScopeMark.current
        scope.run {
            #expect(TextScopeMark.current == TextScopeMark(scope))
            #expect(TextScopeMark(scope).currentScope === scope)
        }
        #expect(TextScopeMark.current == outer)
        #expect(TextScopeMark(scope).currentScope == nil, "not current: no scope given back")
        if outer == .none {
            TextScope.enter(scope)
            #expect(TextScope.current === scope)
            TextScope.leave()
            #expect(TextScope.current == nil)
        }
    }

    @Test func aLentValueIsReachedDuringTheCallAndNotAfter() {
        var value = 1
        var kept: Lent<Int>?
        let seen = Lent.lend(&value) { lent in
            kept = lent
            lent.value += 41
            return (lent.value, lent.isInScope)
        }
        #expect(seen == (42, true))
        #expect(value == 42)
        #expect(kept?.isInScope == false)
    }

    /// The handle TouchTraceUIKit keeps while a recognizer is called reaches the context —
    /// its time, and the arena through `requestState` — then says it is out of scope.
    @Test func aDeliveryHandleAsksTheArenaDuringTheCallOnly() {
        let arena = PinnedStorage(Arena(names: ["v.a"], competes: [true], cancelsTouches: [true], requires: [[]],
                                        simultaneousPairs: [], isActive: true, isExclusive: true))
        let live = PinnedStorage(LiveScene(frames: [Rect(x: 0, y: 0, width: 10, height: 10)], superviews: [-1],
                                           recognizerViews: [0], viewSources: []))
        let records = RecordCollector()
        var context = DeliveryContext(t: 0.25, eventIndex: 3, viewSize: (10, 10), eventTouches: TouchSet([]), source: 0,
                                      sink: RecordOutlet(records), arena: arena.handle, live: live.handle)
        context.recognizer = 0
        var kept: DeliveryHandle?
        let state = DeliveryHandle.lend(&context) { handle in
            kept = handle
            #expect(handle.t == 0.25 && handle.eventIndex == 3 && handle.recognizerIndex == 0 && handle.version == 2)
            return handle.requestState(.began)
        }
        #expect(state == .began)
        #expect(arena.handle.value.state == [.began])
        #expect(records.records.map(\.event.description) == ["state"])
        #expect(kept?.isInScope == false)
        #expect(context.replayIdentity == ReplayIdentity(arena: arena.handle), "one arena, one replay")
        let another = PinnedStorage(arena.handle.value)
        #expect(context.replayIdentity != ReplayIdentity(arena: another.handle))
    }
}
