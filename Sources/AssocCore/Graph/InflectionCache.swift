/// Inflections memoized for one inference: the same table and association names are inflected
/// many times (every link inflects its child table, every hasMany its destination, every through
/// association its second step), and `Inflector` answers the same for the same input. Created
/// and dropped by one inference (not shared between threads).
final class InflectionCache {
    private var plurals: [String: String] = [:]
    private var singulars: [String: String] = [:]
    private var identifiers: [String: String] = [:]

    /// `Inflector.pluralize(word)`.
    func pluralize(_ word: String) -> String {
        if let known = plurals[word] { return known }
        let result = Inflector.pluralize(word)
        plurals[word] = result
        return result
    }

    /// `Inflector.singularize(word)`.
    func singularize(_ word: String) -> String {
        if let known = singulars[word] { return known }
        let result = Inflector.singularize(word)
        singulars[word] = result
        return result
    }

    /// `Inflector.identifier(name)`.
    func identifier(_ name: String) -> String {
        if let known = identifiers[name] { return known }
        let result = Inflector.identifier(name)
        identifiers[name] = result
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
