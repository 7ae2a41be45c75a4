/// The naming scheme of inferred associations (documented in docs/ASSOCIATION-NAMES.md).
enum AssociationNaming {
    /// The part of a column name before an id suffix: `authorId` → `author`, `translator_id` →
    /// `translator`, `SupportRepID` → `SupportRep`, `author id` → `author`. `Id`/`ID` glued to the
    /// stem count only after a lower-case letter or a digit (so `GUID` and `VALID` have no stem);
    /// `_id` and ` id` in any letter case. Nil when there is no suffix or nothing before it.
    static func idStem(of column: String) -> String? {
        // Most columns end otherwise: told from their last byte, without splitting them into characters.
        guard column.utf8.count > 2, let last = column.utf8.last, last | 0x20 == UInt8(ascii: "d") else { return nil }
        let characters = Array(column)
        guard characters.count > 2 else { return nil }
        let suffix = String(characters[(characters.count - 2)...])
        guard suffix.lowercased() == "id" else { return nil }
        let before = characters[characters.count - 3]
        let stem: String
        if before == "_" || before == " " {
            stem = String(characters[..<(characters.count - 3)])
        } else if (suffix == "Id" || suffix == "ID") && (before.isLowercase || before.isNumber) {
            stem = String(characters[..<(characters.count - 2)])
        } else {
            return nil
        }
        return Inflector.words(of: stem).isEmpty ? nil : stem
    }

    /// The name of the belongsTo association of `link`. `linksToParent`: how many links the
    /// child has to the same parent.
    static func belongsToName(
        _ link: InferredLink, linksToParent: Int, inflections: InflectionCache = InflectionCache()
    ) -> String {
        if link.childColumns.count == 1, let column = link.childColumns.first, let stem = idStem(of: column) {
            return inflections.identifier(stem)
        }
        if link.isSelfJoin || linksToParent > 1 {
            return inflections.identifier(link.childColumns.joined(separator: "_"))
        }
        return inflections.singularName(ofTable: link.parent.name)
    }

    /// The name of the hasOne or hasMany association that goes back from the parent of `link`.
    static func inverseName(
        _ link: InferredLink, linksToParent: Int, belongsToName: String, inflections: InflectionCache = InflectionCache()
    ) -> String {
        let base =
            link.isUniqueInChild
            ? inflections.singularName(ofTable: link.child.name)
            : inflections.pluralName(ofTable: link.child.name)
        if linksToParent == 1 && !link.isSelfJoin { return base }
        return base + "As" + Inflector.upperFirst(belongsToName)
    }

    /// Gives `booksAsAuthor` its singular form `bookAsAuthor` (the plural is not the last word).
    static func assignSingularNames(_ associations: inout [DirectAssociation], inflections: InflectionCache = InflectionCache()) {
        for index in associations.indices {
            let association = associations[index].association
            guard association.kind == .hasMany else { continue }
            let plural = inflections.pluralName(ofTable: association.destination)
            guard association.name.hasPrefix(plural + "As") else { continue }
            associations[index].association.singularName =
                inflections.singularName(ofTable: association.destination) + association.name.dropFirst(plural.count)
        }
    }

    /// Makes the names of one table's direct associations unique. First, a colliding hasOne or
    /// hasMany with its default name takes its `As` form (Sakila's `staff` has `store`, its
    /// store_id, and the store it manages, `storeAsManagerStaff`); names still colliding get
    /// `Via<Columns>` (the link's child columns); names still taken get 2, 3…
    static func resolveCollisions(_ associations: inout [DirectAssociation], inflections: InflectionCache = InflectionCache()) {
        // Most tables have a few associations, all named apart: nothing to resolve.
        if associations.count <= 8, !hasRepeatedName(associations) { return }
        var counts = nameCounts(associations)
        for index in associations.indices where counts[associations[index].association.name, default: 0] > 1 {
            let item = associations[index]
            guard !item.isFromChild else { continue }
            let base =
                item.association.kind == .hasOne
                ? inflections.singularName(ofTable: item.association.destination)
                : inflections.pluralName(ofTable: item.association.destination)
            guard item.association.name == base else { continue }
            associations[index].association.name = base + "As" + Inflector.upperFirst(item.roleName)
        }
        counts = nameCounts(associations)
        for index in associations.indices where counts[associations[index].association.name, default: 0] > 1 {
            let columns = associations[index].link.childColumns.joined(separator: "_")
            associations[index].association.name += "Via" + Inflector.upperFirst(Inflector.identifier(columns))
        }
        var seen: Set<String> = []
        for index in associations.indices {
            let name = associations[index].association.name
            var candidate = name
            var number = 2
            while seen.contains(candidate) {
                candidate = name + String(number)
                number += 1
            }
            associations[index].association.name = candidate
            seen.insert(candidate)
        }
    }

    /// Whether two of a few associations share a name (compared pairwise, without a dictionary).
    private static func hasRepeatedName(_ associations: [DirectAssociation]) -> Bool {
        for index in associations.indices {
            for other in associations[..<index] where other.association.name == associations[index].association.name { return true }
        }
        return false
    }

    private static func nameCounts(_ associations: [DirectAssociation]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for item in associations { counts[item.association.name, default: 0] += 1 }
        return counts
    }
}
