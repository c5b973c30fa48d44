/// A growable byte buffer on raw memory for writing transcripts: callers reserve room for a
/// piece, then write it without a bounds or uniqueness check per byte (as `[UInt8]` would do).
struct ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the memory; the buffer must not be used again.
    func deallocate() { base.deallocate() }

    /// Makes room for `n` more bytes.
    @inline(__always) mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(to: count + n) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }

    /// Where the next byte goes; `advance` after writing there (within the reserved room).
    @inline(__always) var end: UnsafeMutablePointer<UInt8> { base + count }

    @inline(__always) mutating func advance(_ n: Int) {
        assert(count + n <= capacity, "wrote past the reserved room")
        count += n
    }

    @inline(__always) mutating func append(_ byte: UInt8) {
        assert(count < capacity, "wrote past the reserved room")
        base[count] = byte
        count += 1
    }

    /// Appends within the reserved room.
    @inline(__always) mutating func append(_ s: StaticString) {
        append(s.utf8Start, s.utf8CodeUnitCount)
    }

    /// Appends within the reserved room.
    @inline(__always) mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes.baseAddress!, bytes.count)
    }

    /// Appends `n` bytes from `source` within the reserved room (see `copyBytes`).
    @inline(__always) mutating func append(_ source: UnsafePointer<UInt8>, _ n: Int) {
        assert(count + n <= capacity, "wrote past the reserved room")
        _ = copyBytes(source, n, to: base + count)
        count += n
    }

    /// Appends, making room first.
    mutating func append(_ bytes: [UInt8]) {
        reserve(bytes.count)
        bytes.withUnsafeBufferPointer { append($0) }
    }

    mutating func removeAll() { count = 0 }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}

/// Copies `n` bytes from `source` to `target`; returns the end of the copy. Short runs (keys,
/// names) are copied inline, as two words that may overlap: a call to memcpy costs more than
/// the copy. Reads and writes only the `n` bytes.
@inline(__always) func copyBytes(_ source: UnsafePointer<UInt8>, _ n: Int, to target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    let to = UnsafeMutableRawPointer(target)
    let from = UnsafeRawPointer(source)
    if n >= 8 && n <= 16 {
        let head = from.loadUnaligned(as: UInt64.self)
        let tail = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        to.storeBytes(of: head, as: UInt64.self)
        to.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
    } else if n >= 4 && n < 8 {
        let head = from.loadUnaligned(as: UInt32.self)
        let tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
        to.storeBytes(of: head, as: UInt32.self)
        to.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
    } else if n < 4 {
        for i in 0..<n { target[i] = source[i] }
    } else {
        to.copyMemory(from: from, byteCount: n)
    }
    return target + n
}

/// Copies `n` bytes from `source` to `target` a word at a time; returns the end of the `n`
/// bytes. Reads and writes `n` rounded up to a multiple of 8, one word at least: for memory the
/// caller owns with that much room at both ends (a writer's own prefixes and time text, into
/// reserved room).
@inline(__always) func copyWords(_ source: UnsafePointer<UInt8>, _ n: Int, to target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    let to = UnsafeMutableRawPointer(target)
    let from = UnsafeRawPointer(source)
    var i = 0
    repeat {
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
        i &+= 8
    } while i < n
    return target + n
}
