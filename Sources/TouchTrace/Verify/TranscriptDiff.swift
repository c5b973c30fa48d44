/// Compares text transcripts record by record: numbers within a tolerance are equal, everything
/// else must match exactly. A record is one line; its tokens are the time, `view.source`, the
/// event and `key=value` fields, whose values may be numbers, `x,y` vectors, words or quoted text.
public struct TranscriptComparison: Sendable {
    /// Largest difference between two numbers that still counts as equal. The default is one
    /// unit in the last printed decimal of the text format.
    public var tolerance: Double

    public static let defaultTolerance = 0.0001

    public init(tolerance: Double = TranscriptComparison.defaultTolerance) {
        self.tolerance = tolerance
    }

    /// Whether two lines are the same record.
    public func same(_ a: Substring, _ b: Substring) -> Bool {
        if a == b { return true }
        var i = a.startIndex
        var j = b.startIndex
        while true {
            let ta = Self.nextToken(a, &i)
            let tb = Self.nextToken(b, &j)
            guard let ta, let tb else { return ta == nil && tb == nil }
            if !sameToken(ta, tb) { return false }
        }
    }

    private func sameToken(_ a: Substring, _ b: Substring) -> Bool {
        if a == b { return true }
        // key=value: the keys must match, the values are compared as values.
        var va = a
        var vb = b
        if let ea = a.firstIndex(of: "="), let eb = b.firstIndex(of: "="), a.first != "\"" {
            guard a[..<ea] == b[..<eb] else { return false }
            va = a[a.index(after: ea)...]
            vb = b[b.index(after: eb)...]
        }
        if va.first == "\"" || vb.first == "\"" { return va == vb }
        let pa = va.split(separator: ",", omittingEmptySubsequences: false)
        let pb = vb.split(separator: ",", omittingEmptySubsequences: false)
        guard pa.count == pb.count else { return false }
        for (x, y) in zip(pa, pb) where x != y {
            guard let dx = Double(x), let dy = Double(y), dx.isFinite, dy.isFinite else { return false }
            // The slack absorbs the binary rounding of decimals: 0.1236 − 0.1235 may come out a
            // hair above 0.0001.
            if abs(dx - dy) > tolerance * (1 + 1e-9) + 1e-12 { return false }
        }
        return true
    }

    /// The next space-separated token; quoted text (with `\"` escapes) is one token.
    static func nextToken(_ line: Substring, _ i: inout Substring.Index) -> Substring? {
        while i < line.endIndex && line[i] == " " { i = line.index(after: i) }
        guard i < line.endIndex else { return nil }
        let start = i
        var quoted = false
        while i < line.endIndex {
            let c = line[i]
            if c == "\"" {
                quoted.toggle()
            } else if c == "\\" && quoted {
                i = line.index(after: i)
                if i == line.endIndex { break }
            } else if c == " " && !quoted {
                break
            }
            i = line.index(after: i)
        }
        return line[start..<i]
    }

    /// The differences between an expected and an actual transcript, or nil when every record
    /// is the same within the tolerance.
    public func compare(expected: String, actual: String) -> LineDiff? {
        let a = Self.lines(expected)
        let b = Self.lines(actual)
        if a.count == b.count && zip(a, b).allSatisfy({ same($0, $1) }) { return nil }
        return LineDiff(old: a, new: b, equal: same)
    }

    static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// A line diff (Myers' O(ND) algorithm) and its rendering as a unified diff.
public struct LineDiff: Sendable {
    public enum Edit: Sendable, Equatable {
        case same(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    public let old: [Substring]
    public let new: [Substring]
    public let edits: [Edit]

    /// More edits than this and the middle is shown as replaced wholesale: a diff that large is
    /// read for its start, and the search would cost time and memory quadratic in it.
    static let maximumEditDistance = 1_000

    public init(old: [Substring], new: [Substring], equal: (Substring, Substring) -> Bool) {
        self.old = old
        self.new = new
        // Trim the common head and tail, then diff the middle.
        var head = 0
        while head < old.count && head < new.count && equal(old[head], new[head]) { head += 1 }
        var tail = 0
        while tail < old.count - head && tail < new.count - head && equal(old[old.count - 1 - tail], new[new.count - 1 - tail]) { tail += 1 }
        var edits: [Edit] = (0..<head).map { .same(old: $0, new: $0) }
        edits += LineDiff.myers(old, head..<(old.count - tail), new, head..<(new.count - tail), equal)
        edits += (0..<tail).map { .same(old: old.count - tail + $0, new: new.count - tail + $0) }
        self.edits = edits
    }

    /// The shortest edit script between two ranges, or delete-all-then-insert-all when it is
    /// longer than `maximumEditDistance`.
    private static func myers(_ a: [Substring], _ ra: Range<Int>, _ b: [Substring], _ rb: Range<Int>,
                              _ equal: (Substring, Substring) -> Bool) -> [Edit] {
        let n = ra.count
        let m = rb.count
        let wholesale = ra.map { Edit.delete(old: $0) } + rb.map { Edit.insert(new: $0) }
        if n == 0 || m == 0 { return wholesale }
        let limit = min(n + m, maximumEditDistance)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // The frontier before each step, only its live diagonals −d...d: memory grows as D².
        var trace: [[Int]] = []
        var found = false
        outer: for d in 0...limit {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n && y < m && equal(a[ra.lowerBound + x], b[rb.lowerBound + y]) {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    found = true
                    break outer
                }
            }
        }
        guard found else { return wholesale }
        // Walk back through the saved frontiers.
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let frontier = trace[d]
            func v(_ k: Int) -> Int { frontier[k + d] }
            let k = x - y
            let previousK = (k == -d || (k != d && v(k - 1) < v(k + 1))) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v(previousK)
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                edits.append(.same(old: ra.lowerBound + x, new: rb.lowerBound + y))
            }
            if d > 0 {
                if x == previousX {
                    edits.append(.insert(new: rb.lowerBound + previousY))
                } else {
                    edits.append(.delete(old: ra.lowerBound + previousX))
                }
            }
            x = previousX
            y = previousY
        }
        return edits.reversed()
    }

    /// A unified diff with `context` lines around each change; `@@` lines carry `title`.
    public func unified(oldLabel: String, newLabel: String, title: String, context: Int = 3) -> String {
        var out = ["--- \(oldLabel)", "+++ \(newLabel)"]
        // Lines of each side before each edit, for the hunk headers.
        var oldBefore = [Int](repeating: 0, count: edits.count + 1)
        var newBefore = [Int](repeating: 0, count: edits.count + 1)
        for (i, edit) in edits.enumerated() {
            oldBefore[i + 1] = oldBefore[i]
            newBefore[i + 1] = newBefore[i]
            switch edit {
            case .same: oldBefore[i + 1] += 1; newBefore[i + 1] += 1
            case .delete: oldBefore[i + 1] += 1
            case .insert: newBefore[i + 1] += 1
            }
        }
        let changes = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
        var i = 0
        while i < changes.count {
            // Changes whose contexts touch share a hunk.
            let start = max(0, changes[i] - context)
            var stop = min(edits.count, changes[i] + context + 1)
            var j = i + 1
            while j < changes.count && changes[j] - context <= stop {
                stop = min(edits.count, changes[j] + context + 1)
                j += 1
            }
            func range(_ first: Int, _ count: Int) -> String {
                count == 1 ? "\(first + 1)" : "\(count == 0 ? first : first + 1),\(count)"
            }
            let oldRange = range(oldBefore[start], oldBefore[stop] - oldBefore[start])
            let newRange = range(newBefore[start], newBefore[stop] - newBefore[start])
            out.append("@@ -\(oldRange) +\(newRange) @@ \(title)")
            for edit in edits[start..<stop] {
                switch edit {
                case .same(let o, _): out.append(" " + old[o])
                case .delete(let o): out.append("-" + old[o])
                case .insert(let n): out.append("+" + new[n])
                }
            }
            i = j
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// How many lines differ: deleted plus inserted.
    public var changeCount: Int {
        edits.reduce(0) { count, e in if case .same = e { return count } else { return count + 1 } }
    }
}
