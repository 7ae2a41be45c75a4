/// One association declared by hand in GRDB's words, one line of an associations file:
///
/// ```
/// # Track's genre, under another name, through the column the schema does not declare as a key
/// Track.belongsTo(Genre, key: "style", using: [GenreId])
/// Genre.hasMany(Track, key: "songs", using: [GenreId]).order(Name)
/// Genre.hasMany(Track, using: [GenreId]).filter(Milliseconds > 300000).forKey("longTracks")
/// Artist.hasMany(Customer, through: [albums, tracks, invoiceLines, invoice, customer], key: "customers")
/// ```
///
/// `using:` lists the foreign-key columns (of the origin for `belongsTo`, of the destination for
/// `hasOne`/`hasMany`), `to:` the columns they reference when that is not the primary key;
/// `through:` the associations followed one after the other, each from the previous one's
/// destination. `AssociationGraph(schema:declarations:)` checks them against a schema.
package struct AssociationDeclaration: Sendable, Hashable {
    /// The GRDB helper the line calls.
    enum Method: String, Sendable, Hashable, CaseIterable {
        /// `belongsTo(…)`: the origin holds the foreign key.
        case belongsTo
        /// `hasOne(…)`: the destination holds a unique foreign key.
        case hasOne
        /// `hasMany(…)`: the destination holds the foreign key.
        case hasMany
    }

    /// Where a part of the declaration is written: 1-based line and column (in Characters).
    struct Location: Sendable, Hashable {
        /// The file name given to `parse(_:file:)`.
        var file: String
        /// The 1-based line.
        var line: Int
        /// The 1-based column, in Characters.
        var column: Int
    }

    /// The GRDB helper the line calls.
    var method: Method
    /// The table the association starts from, as written.
    var origin: String
    /// The table it leads to, as written.
    var destination: String
    /// The association's name (`key: "songs"`); nil: GRDB's default, from the destination's name.
    var key: String?
    /// `using: [...]`: the foreign-key columns.
    var using: [String]?
    /// `to: [...]`: the referenced columns (default: the referenced table's primary key).
    var to: [String]?
    /// `through: [...]`: the names of the associations of the chain.
    package var through: [String]?
    /// `.order(...)`: the default ordering of a to-many association's rows.
    var ordering: [Ordering]?
    /// `.filter(...)`: the conditions every row of the association meets, AND-ed (empty: none).
    package var filters: [Expression] = []

    /// Where each part is written, for error messages.
    var locations = Locations()

    struct Locations: Sendable, Hashable {
        var start = Location(file: "", line: 0, column: 0)
        var origin = Location(file: "", line: 0, column: 0)
        var destination = Location(file: "", line: 0, column: 0)
        var key = Location(file: "", line: 0, column: 0)
        var using: [Location] = []
        var to: [Location] = []
        var through: [Location] = []
        var ordering: [Location] = []
        var filters: [Location] = []
    }

    /// Where the declaration starts.
    var location: Location { locations.start }

    init(method: Method, origin: String, destination: String) {
        self.method = method
        self.origin = origin
        self.destination = destination
    }

    /// Parses the declarations of `text`, one a line; `#` starts a comment, blank lines are
    /// skipped. `file` names the text in errors (`songs.assoc:3:17: …`); `earlier` counts the
    /// declarations already read from other files, towards `maximumCount`.
    /// Throws `AssocError.declaration` at the first line that does not parse.
    package static func parse(_ text: String, file: String = "associations", earlier: Int = 0) throws -> [AssociationDeclaration] {
        try DeclarationParser.parse(text, file: file, earlier: earlier)
    }

    // MARK: Limits

    /// The most columns a `using:` or `to:` list names (GRDB's keys are a few columns; SQLite
    /// allows 2,000 a table, and a join on more is a mistake).
    static let maximumKeyColumns = 64
    /// The most direct associations a through chain follows, once the steps that are through
    /// associations themselves are expanded: with its origin, 64 tables, the most SQLite joins
    /// (`including`, `joining` and aggregates join every step).
    static let maximumThroughSteps = 63
    /// The most `.filter(…)` calls one declaration takes (they are AND-ed: one condition with
    /// `AND` says the same).
    static let maximumFilters = 64
    /// The most declarations one graph takes, in all its files.
    static let maximumCount = 10_000

    /// The error for the declaration past `maximumCount`, at `location`.
    static func tooMany(at location: Location) -> AssocError {
        location.error("more than \(maximumCount) declarations (the most one run reads, in all its files together)")
    }
}

extension AssociationDeclaration.Location {
    /// The error `reason` at this location.
    func error(_ reason: String, suggestions: [String] = []) -> AssocError {
        .declaration(file: file, line: line, column: column, reason: reason, suggestions: suggestions)
    }
}
