import AssocCore
import AssocInsights

/// The cardinality profile view (`C` on a link): the origin rows per bucket of linked rows, with
/// a bar each, and the request of each line (`Enter` opens it).
struct CardinalityState: Sendable, Equatable {
    /// One line of the view: its label, its rows (nil: unknown), the request of those rows.
    struct Line: Sendable, Equatable {
        var label: String
        var rows: Int?
        var request: Request?
    }

    /// The association profiled.
    var association: Association
    /// The profile; nil while it is computed.
    var profile: CardinalityProfile?
    /// Its count runs past the deferred counts' budget (and goes on).
    var isPastBudget = false
    /// Over `lines`.
    var cursor = ListCursor()
    /// Opened from the schema map (`C` on one of its links): closing the view goes back to it.
    var schemaMap: SchemaMapState?

    init(association: Association, schemaMap: SchemaMapState? = nil) {
        self.association = association
        self.schemaMap = schemaMap
    }

    /// The lines: a to-many link's (or a hasOne's) buckets; a belongsTo's rows with a NULL key.
    var lines: [Line] {
        guard let profile, !profile.ranOutOfTime else { return [] }
        switch association.kind {
        case .belongsTo:
            return [Line(label: "NULL key", rows: profile.nullKeys, request: profile.nullKeysRequest)]
        case .hasOneThrough:
            return []
        case .hasOne, .hasMany, .hasManyThrough:
            return profile.buckets.map { Line(label: $0.label, rows: $0.rows, request: $0.request) }
        }
    }

    /// The selected line's request.
    var selectedLine: Line? {
        let lines = self.lines
        return lines.indices.contains(cursor.index) ? lines[cursor.index] : nil
    }
}
