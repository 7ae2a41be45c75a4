/// Spelling rules for generated Swift (GRDB code): identifiers, type names and literals.
enum SwiftNames {
    /// Swift keywords that need backticks as property, case or member names.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_", "some", "any", "Type", "Protocol"
    ]

    /// Type names the generated code must not shadow: GRDB's and Foundation's types it uses, the
    /// support types of a generated program, and common standard types.
    static let reservedTypeNames: Set<String> = [
        "GRDB", "Foundation", "Table", "Column", "TableAlias", "Row", "Database", "DatabaseQueue",
        "DatabaseValue", "DatabaseValueConvertible", "Configuration", "ForeignKey", "SQL", "SQLRequest",
        "SQLExpression", "SQLExpressible", "SQLSelectable", "SQLOrdering", "SQLSubquery", "QueryInterfaceRequest",
        "FetchRequest", "TableRecord", "FetchableRecord", "EncodableRecord", "PersistableRecord", "AllColumns",
        "Association", "BelongsToAssociation", "HasOneAssociation", "HasManyAssociation",
        "HasOneThroughAssociation", "HasManyThroughAssociation", "AssociationAggregate", "StatementArguments",
        "Data", "Date", "URL", "UUID", "Decimal", "FileHandle", "ProcessInfo", "JSONSerialization",
        "JSONMember", "JSONOutput", "Query", "AnyDatabaseValue",
        "Swift", "String", "Int", "Int64", "Int32", "UInt8", "Double", "Float", "Bool", "Array", "Optional", "Set",
        "Dictionary", "Character", "Error", "Decodable", "Encodable", "Codable", "CodingKey", "CodingKeys",
        "Columns", "Any", "AnyObject", "Self", "Type", "Protocol", "Never", "Void", "Result", "Sequence",
        "Collection", "Equatable", "Hashable", "Sendable", "Range", "Substring", "CommandLine"
    ]

    /// Static member names of `TableRecord` (and Swift's own) that an association must not take.
    static let reservedStaticNames: Set<String> = [
        "all", "none", "table", "databaseTableName", "databaseSelection", "databaseComponents", "filter", "order",
        "select", "aliased", "annotated", "having", "limit", "including", "joining", "belongsTo", "hasOne",
        "hasMany", "fetchAll", "fetchOne", "fetchCount", "fetchCursor", "fetchSet", "exists", "deleteAll",
        "matching", "group", "distinct", "unordered", "with", "init", "self", "Type", "Protocol", "CodingKeys",
        "Columns", "recordNotFound"
    ]

    /// A camelCase identifier for any name, without backticks (`"Order Details"` → `orderDetails`).
    /// Invisible scalars (zero-width joiners, bidi controls…) are left out: two names that differ
    /// only by them get one identifier, which `unique` then numbers.
    static func identifier(_ name: String) -> String {
        Inflector.identifier(visible(name))
    }

    /// `name` without its default-ignorable scalars (ZWJ, ZWNJ, bidi controls, variation selectors…)
    /// and control characters.
    static func visible(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars
        where !scalar.properties.isDefaultIgnorableCodePoint && scalar.properties.generalCategory != .control {
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// Whether two names are the same scalars (Swift's `==` also equates canonically equivalent
    /// spellings, which SQLite and GRDB's derived table names tell apart).
    static func sameScalars(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }

    /// `name` with backticks when it is a keyword.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`" + name + "`" : name
    }

    /// The UpperCamelCase singular type name of a table (`books` → `Book`, `Order Details` → `OrderDetail`).
    static func typeName(ofTable table: String) -> String {
        Inflector.upperFirst(Inflector.singularName(ofTable: visible(table)))
    }

    /// `base`, or `base` + `suffix`, then numbered, so that it is not in `taken` nor reserved.
    static func unique(_ base: String, suffix: String, reserved: Set<String>, taken: Set<String>) -> String {
        var candidate = base
        if reserved.contains(candidate) || keywords.contains(candidate) { candidate += suffix }
        if !taken.contains(candidate) && !reserved.contains(candidate) { return candidate }
        var number = 2
        while taken.contains(candidate + String(number)) || reserved.contains(candidate + String(number)) {
            number += 1
        }
        return candidate + String(number)
    }

    /// A Swift string literal: quotes, backslashes, control characters and invisible scalars
    /// (bidi controls, zero-width characters, line separators) escaped, so that the code shows on
    /// a terminal and in an editor what it holds.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || isInvisible(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Scalars a literal or a comment writes as `\u{…}`: bidi embeddings, overrides, isolates and
    /// marks, line and paragraph separators, and the other default-ignorable scalars (ZWJ, ZWNJ,
    /// zero-width space, BOM…) but the variation selectors, which belong to emoji.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2028, 0x2029: return true
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return false
        default: return scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// `["a", "b"]`.
    static func stringArray(_ items: [String]) -> String {
        "[" + items.map(stringLiteral).joined(separator: ", ") + "]"
    }

    /// A Swift literal for a database value, as GRDB takes it: `42`, `2.5`, `"text"`,
    /// `Data([0x01])`, `DatabaseValue.null`; non-finite reals as `Double.infinity`.
    static func literal(_ value: DatabaseValue) -> String {
        switch value {
        case .null: return "DatabaseValue.null"
        case .integer(let v): return String(v)
        case .real(let v):
            if v.isNaN { return "Double.nan" }
            if v.isInfinite { return v < 0 ? "-Double.infinity" : "Double.infinity" }
            return v.description
        case .text(let v): return stringLiteral(v)
        case .blob(let bytes):
            let digits: [Character] = Array("0123456789ABCDEF")
            let items = bytes.map { byte -> String in
                "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
            }
            return "Data([" + items.joined(separator: ", ") + "])"
        }
    }
}
