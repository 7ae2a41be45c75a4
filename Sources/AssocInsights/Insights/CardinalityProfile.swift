import AssocCore

/// How many rows one association reaches from each row of its origin
/// (`Database.cardinalityProfile(of:timeLimit:)`). For a to-many association (hasMany,
/// hasManyThrough) and a hasOne: the origin rows per bucket of destination counts (0, 1, 2–5,
/// 6–20, 21–100, more), with the minimum, median and maximum. For a belongsTo: the rows whose
/// key holds a NULL.
public struct CardinalityProfile: Sendable, Equatable {
    /// A range of destination counts and the origin rows whose count falls in it.
    public struct Bucket: Sendable, Equatable {
        /// The smallest count of the range.
        public var lower: Int
        /// The largest count of the range; nil for no bound.
        public var upper: Int?
        /// How many origin rows reach a number of destination rows in the range.
        public var rows: Int
        /// Those origin rows, as a request: `artist.having(albums.count >= 6 AND albums.count <= 20)`.
        public var request: Request

        /// `0`, `1`, `2–5`, `>100`.
        public var label: String {
            guard let upper else { return ">\(lower - 1)" }
            return upper == lower ? "\(lower)" : "\(lower)–\(upper)"
        }
    }

    /// The association profiled.
    public var association: Association
    /// The origin rows by destination count; empty for a belongsTo, or when the statement ran
    /// out of time.
    public var buckets: [Bucket] = []
    /// The fewest destination rows an origin row reaches; nil without origin rows.
    public var minimum: Int?
    /// The median count (the lower of the two middle ones for an even number of origin rows).
    public var median: Int?
    /// The most destination rows an origin row reaches; above 1 a hasOne is not at most one.
    public var maximum: Int?
    /// The origin rows counted.
    public var origins: Int?
    /// belongsTo: how many origin rows have a NULL in a key column (they reach no row).
    public var nullKeys: Int?
    /// belongsTo: those rows, as a request (`track.filter(GenreId IS NULL)`).
    public var nullKeysRequest: Request?
    /// A statement ran past its time limit: the figures it computes are nil.
    public var ranOutOfTime = false
    /// The statements that ran (or were stopped), with their arguments.
    public var statements: [GeneratedStatement] = []

    /// A profile with no figures yet.
    public init(association: Association) {
        self.association = association
    }

    /// The bounds of the buckets: 0, 1, 2–5, 6–20, 21–100, more than 100.
    public static let bounds: [(lower: Int, upper: Int?)] = [(0, 0), (1, 1), (2, 5), (6, 20), (21, 100), (101, nil)]

    /// Whether a hasOne is really at most one row per origin; nil when unknown.
    public var isAtMostOne: Bool? { maximum.map { $0 <= 1 } }

    /// The origin rows whose count of destination rows lies between `lower` and `upper`, as a
    /// request: `having(albums.count >= 6 AND albums.count <= 20)` (`albums.count = 0` for 0).
    public static func request(of association: Association, lower: Int, upper: Int?) -> Request {
        let origin = Table(association.origin)
        let count = origin.association(association.name).count
        let condition: Expression
        if let upper, upper == lower {
            condition = count == lower
        } else if let upper {
            condition = count >= lower && count <= upper
        } else {
            condition = count >= lower
        }
        return origin.all.having(condition)
    }

    /// The buckets, minimum, median and maximum of a histogram: per destination count (ascending),
    /// the number of origin rows that reach it.
    mutating func fill(histogram: [(count: Int, rows: Int)]) {
        let total = histogram.reduce(0) { $0 + $1.rows }
        origins = total
        minimum = histogram.first?.count
        maximum = histogram.last?.count
        var seen = 0
        let middle = (total - 1) / 2
        for entry in histogram {
            if seen + entry.rows > middle {
                median = entry.count
                break
            }
            seen += entry.rows
        }
        if total == 0 { median = nil }
        buckets = Self.bounds.map { bound in
            let rows = histogram.filter { entry in entry.count >= bound.lower && entry.count <= (bound.upper ?? Int.max) }
                .reduce(0) { $0 + $1.rows }
            return Bucket(
                lower: bound.lower, upper: bound.upper, rows: rows,
                request: Self.request(of: association, lower: bound.lower, upper: bound.upper))
        }
    }
}
