/// How a cursor sizes its chunks of parent rows when the request has `including(all:)`.
public struct CursorChunking: Sendable, Hashable {
    /// The most parent rows in one chunk (one prefetch statement per chunk and association).
    public var maximumParents: Int
    /// The rows a chunk should hold at most, parents and prefetched rows together (nested ones
    /// included): the next chunk takes as many parents as fit, going by the rows per parent seen
    /// so far, at most twice as many as the previous chunk. One parent's children are always
    /// fetched together.
    public var rowBudget: Int
    /// The parents of the first chunk (it tells how many rows a parent brings).
    public var firstChunkParents: Int

    /// Chunks of at most `maximumParents` parents and about `rowBudget` rows, the first of
    /// `firstChunkParents` parents (each at least 1).
    public init(maximumParents: Int = 1000, rowBudget: Int = 20_000, firstChunkParents: Int = 1) {
        self.maximumParents = max(1, maximumParents)
        self.rowBudget = max(1, rowBudget)
        self.firstChunkParents = min(max(1, firstChunkParents), self.maximumParents)
    }

    /// Every parent in one chunk: the statements `fetchAll` runs (one per prefetched
    /// association), every row held (record decoding into an array uses it).
    public static let oneChunk = CursorChunking(maximumParents: .max, rowBudget: .max, firstChunkParents: .max)

    /// The parents of the chunk after one of `parents` parents that held `rows` rows in all.
    func nextChunkParents(after parents: Int, holding rows: Int) -> Int {
        let perParent = max(1, rows / max(1, parents))
        let fitting = max(1, rowBudget / perParent)
        let doubled = parents > Int.max / 2 ? Int.max : max(1, parents) * 2
        return min(maximumParents, fitting, doubled)
    }
}
