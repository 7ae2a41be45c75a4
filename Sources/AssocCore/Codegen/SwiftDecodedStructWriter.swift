/// Writes the decoded structs of a request (`struct BookInfo: Decodable, FetchableRecord { var book:
/// Book; var author: Person; … }`). Scopes are listed flat, as the row decoder finds them
/// breadth-first, unless two keys of the subtree collide: then each direct scope with children
/// of its own gets a nested struct.
struct SwiftDecodedStructWriter {
    var catalog: SwiftRecordCatalog
    /// Rendered structs; a struct comes before the nested structs it uses.
    private(set) var structs: [String] = []

    init(catalog: SwiftRecordCatalog) {
        self.catalog = catalog
    }

    private struct Member {
        var key: String
        var type: String
    }

    /// The type that decodes `shape`: its record when nothing else is needed, else a new struct.
    mutating func type(for shape: SwiftDecodedShape, includeDescendants: Bool, baseName: String) -> String {
        let hasDescendants = !shape.scopes.isEmpty || !shape.prefetched.isEmpty
        if shape.isPlainRecord && !(includeDescendants && hasDescendants) {
            return catalog.typeName(for: shape.table)
        }
        return makeStruct(for: shape, name: catalog.newTypeName(baseName), includeDescendants: includeDescendants)
    }

    /// Declares the struct `name` for `shape` and returns `name`.
    mutating func makeStruct(for shape: SwiftDecodedShape, name: String, includeDescendants: Bool) -> String {
        let slot = structs.count
        structs.append("")
        var members: [Member] = []
        let reachable: (scopes: [String], prefetched: [String]) = includeDescendants ? shape.reachableKeys : ([], [])
        if shape.hasRecord {
            let recordType = catalog.typeName(for: shape.table)
            let avoided = Set((reachable.scopes + reachable.prefetched + shape.columnNames).map { $0.lowercased() })
            var property = Inflector.lowerFirst(recordType)
            while avoided.contains(property.lowercased()) { property += "Record" }
            members.append(Member(key: property, type: recordType))
        }
        for column in shape.columns { members.append(Member(key: column.name, type: column.type)) }
        if includeDescendants {
            let keys = reachable.scopes + reachable.prefetched
            if Set(keys).count == keys.count {
                members += flatMembers(of: shape)
            } else {
                members += nestedMembers(of: shape)
            }
        }
        structs[slot] = render(name, members, unnamedCount: shape.unnamedCount)
        return name
    }

    /// Every scope of the subtree, breadth-first, then every prefetched association.
    private mutating func flatMembers(of shape: SwiftDecodedShape) -> [Member] {
        var scopes: [Member] = []
        var prefetched: [Member] = []
        // Each shape with whether it may be absent from the root's row (it, or a scope above it, is).
        let walk = BreadthFirst((shape: shape, optional: false)) { node in
            node.shape.scopes.map { (shape: $0, optional: node.optional || $0.isOptional) }
        }
        for (current, optional) in walk {
            for scope in current.scopes {
                let isOptional = optional || scope.isOptional
                let type = type(for: scope, includeDescendants: false, baseName: Self.baseName(scope.key))
                scopes.append(Member(key: scope.key, type: type + (isOptional ? "?" : "")))
            }
            for rows in current.prefetched {
                prefetched.append(prefetchedMember(rows))
            }
        }
        return scopes + prefetched
    }

    /// The direct scopes and prefetched associations, each with its own subtree.
    private mutating func nestedMembers(of shape: SwiftDecodedShape) -> [Member] {
        var members: [Member] = []
        for scope in shape.scopes {
            let type = type(for: scope, includeDescendants: true, baseName: Self.baseName(scope.key))
            members.append(Member(key: scope.key, type: type + (scope.isOptional ? "?" : "")))
        }
        for rows in shape.prefetched { members.append(prefetchedMember(rows)) }
        return members
    }

    private mutating func prefetchedMember(_ rows: SwiftDecodedShape) -> Member {
        let element = type(for: rows, includeDescendants: true, baseName: Self.baseName(Inflector.singularize(rows.key)))
        return Member(key: rows.key, type: "[" + element + "]")
    }

    /// `AuthorInfo` for the key `author`.
    static func baseName(_ key: String) -> String {
        Inflector.upperFirst(SwiftNames.identifier(key)) + "Info"
    }

    private func render(_ name: String, _ members: [Member], unnamedCount: Int) -> String {
        var lines = ["struct \(name): Decodable, FetchableRecord {"]
        var taken = Set<String>()
        var codingKeys: [(property: String, column: String)] = []
        for member in members {
            let property = SwiftNames.unique(SwiftNames.identifier(member.key), suffix: "", reserved: [], taken: taken)
            taken.insert(property)
            codingKeys.append((property, member.key))
            lines.append("    var \(SwiftNames.escaped(property)): \(member.type)")
        }
        if unnamedCount > 0 {
            lines.append("    // \(unnamedCount) selected expression(s) without a name are not decoded: name them with forKey(_:)")
        }
        lines += SwiftRecordCatalog.codingKeysEnum(codingKeys)
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
