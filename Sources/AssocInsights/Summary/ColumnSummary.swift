import AssocCore

/// What SQLite says of one column of a request's rows (`Database.summarizeColumn(_:of:timeLimit:)`):
/// the storage classes seen, NULLs, distinct values, the extremes, the mean of the numbers and
/// the most frequent value. A figure is nil when it is unknown: its statement ran out of time
/// (`ranOutOfTime`).
public struct ColumnSummary: Sendable, Equatable {
    /// The column as the rows name it: `Title`, or `artist.Name` for an included column.
    public var name: String
    /// The column's position among the request's columns (0-based).
    public var index: Int
    /// The rows of the request.
    public var rows: Int?
    /// How many rows hold an integer.
    public var integers: Int?
    /// How many rows hold a real.
    public var reals: Int?
    /// How many rows hold a text.
    public var texts: Int?
    /// How many rows hold a blob.
    public var blobs: Int?
    /// How many rows hold NULL.
    public var nulls: Int?
    /// The distinct non-NULL values, as `COUNT(DISTINCT column)` counts them (NULLs are `nulls`).
    public var distinct: Int?
    /// The smallest non-NULL value, in SQLite's order (numbers, then texts, then blobs); NULL
    /// when every value is NULL.
    public var minimum: DatabaseValue?
    /// The largest non-NULL value, in SQLite's order; NULL when every value is NULL.
    public var maximum: DatabaseValue?
    /// The mean of the integers and reals (other values left out); nil when there is none.
    public var mean: Double?
    /// The non-NULL value most rows hold (ties: the smallest), with how many; nil when every
    /// value is NULL.
    public var mostFrequent: ValueFrequency?
    /// How many non-NULL values share `mostFrequent`'s count (1: no tie); nil when not known.
    public var mostFrequentTies: Int?
    /// A statement of this column stopped at its time limit: the figures it computes are nil.
    public var ranOutOfTime = false
    /// The statements that ran (or were stopped), with their arguments.
    public var statements: [GeneratedStatement] = []

    /// A column whose figures are all unknown yet.
    public init(name: String, index: Int) {
        self.name = name
        self.index = index
    }

    /// Whether the column holds only numbers (and NULLs): its mean means something.
    public var isNumeric: Bool {
        guard let integers, let reals, let rows, let nulls else { return false }
        return integers + reals > 0 && integers + reals + nulls == rows
    }
}

extension ColumnSummary {
    /// This summary with the figures `other` (the same column's other part) knows, its
    /// statements after these.
    public func merging(_ other: ColumnSummary) -> ColumnSummary {
        var merged = self
        merged.rows = rows ?? other.rows
        merged.integers = integers ?? other.integers
        merged.reals = reals ?? other.reals
        merged.texts = texts ?? other.texts
        merged.blobs = blobs ?? other.blobs
        merged.nulls = nulls ?? other.nulls
        merged.distinct = distinct ?? other.distinct
        merged.minimum = minimum ?? other.minimum
        merged.maximum = maximum ?? other.maximum
        merged.mean = mean ?? other.mean
        merged.mostFrequent = mostFrequent ?? other.mostFrequent
        merged.mostFrequentTies = mostFrequentTies ?? other.mostFrequentTies
        merged.ranOutOfTime = ranOutOfTime || other.ranOutOfTime
        merged.statements = statements + other.statements
        return merged
    }
}

/// The statements of a column summary to run: the scan (rows, NULLs, min, max, mean), the
/// storage classes, the grouping (distinct values, most frequent), or several.
public struct SummaryParts: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Parts from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// One pass over the rows: the rows, NULLs, min, max and mean.
    public static let scan = SummaryParts(rawValue: 1)
    /// One grouping of the rows by the column: the distinct values and the most frequent one.
    public static let grouping = SummaryParts(rawValue: 2)
    /// One pass over the rows: how many hold an integer, a real, a text, a blob.
    public static let classes = SummaryParts(rawValue: 4)
    /// All three.
    public static let all: SummaryParts = [.scan, .classes, .grouping]
}

/// The columns of a request a summary covers, and the statement they are read from.
public struct SummarySource: Sendable, Equatable {
    /// The request's columns, in row order, as the rows name them (`Title`, `artist.Name`).
    public var columns: [String]
    /// The request's main statement, as summaries read it (its order dropped when it has no limit).
    public var statement: GeneratedStatement
    /// How many columns the statement returns (the request's, then any the engine adds).
    var width: Int
}
