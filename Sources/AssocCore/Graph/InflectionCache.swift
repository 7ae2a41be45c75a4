/// Inflections memoized for one inference: the same table and association names are inflected
/// many times (every link inflects its child table, every hasMany its destination, every through
/// association its second step), and `Inflector` answers the same for the same input. Created
/// and dropped by one inference (not shared between threads).
final class InflectionCache {
    private var plurals: [String: String] = [:]
    private var singulars: [String: String] = [:]
    private var identifiers: [String: String] = [:]

    /// `Inflector.pluralize(word)`.
    func pluralize(_ word: String) -> String { Self.memoized(word, in: &plurals, Inflector.pluralize) }

    /// `Inflector.singularize(word)`.
    func singularize(_ word: String) -> String { Self.memoized(word, in: &singulars, Inflector.singularize) }

    /// `Inflector.identifier(name)`.
    func identifier(_ name: String) -> String { Self.memoized(name, in: &identifiers, Inflector.identifier) }

    private static func memoized(_ key: String, in memo: inout [String: String], _ compute: (String) -> String) -> String {
        if let known = memo[key] { return known }
        let result = compute(key)
        memo[key] = result
        return result
    }

    /// `Inflector.singularName(ofTable:)`.
    func singularName(ofTable table: String) -> String {
        singularize(identifier(table))
    }

    /// `Inflector.pluralName(ofTable:)`.
    func pluralName(ofTable table: String) -> String {
        pluralize(singularName(ofTable: table))
    }
}
