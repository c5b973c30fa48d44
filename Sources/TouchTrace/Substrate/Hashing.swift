// Hashing: the two small integer mixers the program uses, SplitMix64 and FNV-1a. Both are
// defined over 64-bit integers modulo 2⁶⁴, so their additions and multiplications wrap by
// definition: a carry out of bit 63 is meant to be dropped, and it is never an overflow.

/// SplitMix64: a small deterministic generator, for traces made up by the program (the
/// benchmark's inputs, the tests' random traces): the same seed gives the same numbers
/// everywhere.
///
/// Each `next()` adds the golden-ratio constant to the state and mixes the sum (Steele, Lea and
/// Flood's finalizer): consecutive states give unrelated outputs, which also makes a generator
/// started at a small integer a good hash of that integer.
package struct SplitMix64 {
    package var state: UInt64

    package init(state: UInt64) { self.state = state }

    package mutating func next() -> UInt64 {
        // Wrapping by definition: the state is a counter modulo 2⁶⁴.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        // Wrapping by definition: the mixer multiplies modulo 2⁶⁴.
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [lo, hi).
    package mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }

    package mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}

/// The 64-bit FNV-1a hash of a run of bytes: start from the offset basis, then for each byte
/// take the exclusive or and multiply by the FNV prime. Cheap for the short names it is used
/// for (device, type and code names of an input log; file names of a folder).
package struct FNV1a {
    /// The hash of the bytes added so far.
    package private(set) var value: UInt64

    /// A hash of no bytes yet; `salt` is mixed into the offset basis, so that the same bytes
    /// hashed for different purposes (`salt` telling which) get different values.
    package init(salt: UInt64 = 0) {
        value = 0xCBF2_9CE4_8422_2325 ^ salt
    }

    /// Adds one byte.
    package mutating func add(_ byte: UInt8) {
        // Wrapping by definition: FNV multiplies modulo 2⁶⁴.
        value = (value ^ UInt64(byte)) &* 0x100_0000_01B3
    }
}

/// A hash of a pair of 64-bit integers (a folder's device and inode): each multiplied by an odd
/// constant, the two combined, and the high bits folded into the low ones. Its high bits are
/// the well mixed ones: a table of 2ⁿ places takes bits above the lowest few.
package func pairHash(_ a: UInt64, _ b: UInt64) -> UInt64 {
    // Wrapping by definition: the mixer multiplies modulo 2⁶⁴.
    let h = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xBF58_476D_1CE4_E5B9)
    return h ^ (h >> 31)
}
