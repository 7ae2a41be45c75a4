/// The names GRDB 7 gives by default, so that generated code states a table name or an
/// association key only where GRDB's default differs from Assoc's name: GRDB derives a table
/// name from the record type's name, and an association key from its destination table,
/// singular where the association is joined and plural where it is prefetched.
enum GRDBNaming {
    /// The table name GRDB derives from a record type's name when `databaseTableName` is not
    /// declared: the leading capitals lower-cased (`Book` → `book`, `HTTPRequest` → `httpRequest`,
    /// `TOEFL` → `toefl`). A name that does not start with an ASCII capital is lower-cased whole.
    static func defaultTableName(ofType typeName: String) -> String {
        let characters = Array(typeName)
        let initialCount = characters.prefix { $0.isASCII && $0.isUppercase }.count
        if initialCount == 0 || initialCount == characters.count { return typeName.lowercased() }
        if initialCount == 1 { return String(characters[0]).lowercased() + String(characters.dropFirst()) }
        return String(characters.prefix(initialCount - 1)).lowercased() + String(characters.dropFirst(initialCount - 1))
    }

    /// Whether GRDB derives exactly `table` from `typeName`, so that `databaseTableName` can be
    /// left out. Only for ASCII type names: GRDB derives the name with a regular expression
    /// whose word boundaries and letters differ from ours beyond ASCII, and compares it by
    /// scalars (a name with a zero-width joiner is another table).
    static func derivesTableName(_ table: String, fromType typeName: String) -> Bool {
        typeName.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            && SwiftNames.sameScalars(defaultTableName(ofType: typeName), table)
    }

    /// An association key as GRDB keeps it: a base name and how its singular and plural forms
    /// derive from it (a `key:` is kept as written in the form of the association's cardinality
    /// and inflected for the other; a default key is inflected both ways).
    struct Key: Equatable {
        enum Flavour { case inflected, fixedSingular, fixedPlural }
        var base: String
        var flavour: Flavour

        /// The key of a join (`including(required:)`, an aggregate's join).
        var singular: String { flavour == .fixedSingular ? base : Inflector.singularize(base) }
        /// The key of `including(all:)`.
        var plural: String { flavour == .fixedPlural ? base : Inflector.pluralize(base) }
    }

    /// The key GRDB gives a direct association declared without `key:`: its destination table.
    static func defaultKey(destinationTable: String) -> Key {
        Key(base: destinationTable, flavour: .inflected)
    }

    /// The key GRDB gives a through association declared without `key:`: its target's key.
    static func defaultThroughKey(target: Key) -> Key {
        target
    }

    /// The key an association gets with `key: name`.
    static func explicitKey(_ name: String, isToMany: Bool) -> Key {
        Key(base: name, flavour: isToMany ? .fixedPlural : .fixedSingular)
    }

    /// Whether an association declared without `key:` has the keys Assoc gives it: `name` where
    /// it is prefetched (to-many) or joined (to-one), and `singularName` where a to-many one is joined.
    static func defaultMatches(_ key: Key, name: String, singularName: String?, isToMany: Bool) -> Bool {
        guard isToMany else { return key.singular == name }
        return key.plural == name && key.singular == (singularName ?? Inflector.singularize(name))
    }
}
