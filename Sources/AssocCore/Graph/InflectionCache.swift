/// Inflections memoized for one inference: the same table and association names are inflected
/// many times (every link inflects its child table, every hasMany its destination, every through
/// association its second step), and `Inflector` answers the same for the same input. Created
/// and dropped by one inference (not shared between threads).
final class InflectionCache {
    private var plurals: [String: String] = [:]
    private var singulars: [String: String] = [:]
    private var identifiers: [String: String] = [:]
    /// The rules' answers by last word: `t1`, `t2`… `t30000` share the last word `t`, so a schema
    /// of thousands of numbered tables runs the rules once, not once a table.
    private var pluralWords: [String: String] = [:]
    private var singularWords: [String: String] = [:]

    /// `Inflector.pluralize(word)`.
    func pluralize(_ word: String) -> String {
        if let known = plurals[word] { return known }
        let result = Inflector.inflectLastWord(word) { Self.memoized($0, in: &pluralWords, InflectionRules.pluralizeWord) }
        plurals[word] = result
        return result
    }

    /// `Inflector.singularize(word)`.
    func singularize(_ word: String) -> String {
        if let known = singulars[word] { return known }
        let result = Inflector.inflectLastWord(word) { Self.memoized($0, in: &singularWords, InflectionRules.singularizeWord) }
        singulars[word] = result
        return result
    }

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
