import AssocCore
import Foundation

/// A database with `--associations` files that once took seconds to minutes to read or use (issue
/// 32, item 5: 10,000 declarations, keys of 1,000 columns, through chains of 500 steps, 30 big
/// files): within the limits they are read at once; past them, refused at once with the limit.
public struct DeclarationFileCase {
    public var name: String
    /// Writes the database and the associations files into the directory; returns their paths.
    public var build: (URL) throws -> (database: String, associations: [String])
    /// The root table of `fetchTarget.limit(5)`, run by `sql` and `fetch`.
    public var fetchTarget: String
    /// More requests for `sql` and `fetch`, using the declared associations; `succeeds`: false when
    /// a one-line error is allowed (the SQL of a long `request(for:)` chain is another item).
    public var requests: [(request: String, succeeds: Bool)] = []
    /// nil when the files are read; else the text of the error every command ends with.
    public var refusal: String?
}

public enum DeclarationFileCases {
    public static func all() -> [DeclarationFileCase] {
        [
            DeclarationFileCase(
                name: "10,000 declarations, most on one table",
                build: { directory in
                    (try database(directory), [try write(mixed(0..<10_000), "many.assoc", in: directory)])
                }, fetchTarget: "node",
                requests: [
                    ("node.including(optional: style9996).including(all: sameStyle9999).limit(5)", true),
                    ("node.annotated(with: sameStyle9999.count).limit(5)", true),
                    ("genre.including(all: nodes9997).limit(2)", true)
                ]),
            DeclarationFileCase(
                name: "60,000 declarations in one file (4.1 MB)",
                build: { directory in
                    (try database(directory), [try write(mixed(0..<60_000), "huge.assoc", in: directory)])
                }, fetchTarget: "node", refusal: "huge.assoc:10001:1: more than 10000 declarations"),
            DeclarationFileCase(
                name: "30 files of 2,500 declarations",
                build: { directory in
                    let files = try (0..<30).map { file in
                        try write(mixed(file * 2_500..<(file + 1) * 2_500), "part\(file).assoc", in: directory)
                    }
                    return (try database(directory), files)
                }, fetchTarget: "node", refusal: "part4.assoc:1:1: more than 10000 declarations"),
            DeclarationFileCase(
                name: "30 files of 1 MB of comments",
                build: { directory in
                    let comments = String(repeating: "# " + String(repeating: "c", count: 1_021) + "\n", count: 1_024)
                    let files = try (0..<30).map { try write(comments, "comments\($0).assoc", in: directory) }
                    return (try database(directory), files)
                }, fetchTarget: "node", refusal: "the associations files are larger than 4 MB together"),
            DeclarationFileCase(
                name: "a key of 64 columns",
                build: { directory in
                    let text = """
                        child.belongsTo(wide, key: "w", using: [\(names("p", 64))], to: [\(names("c", 64))])
                        wide.hasMany(child, key: "children", using: [\(names("p", 64))], to: [\(names("c", 64))])
                        """
                    return (try database(directory), [try write(text, "wide.assoc", in: directory)])
                }, fetchTarget: "child",
                requests: [
                    ("child.including(optional: w).limit(5)", true),
                    ("wide.annotated(with: children.count).limit(5)", true)
                ]),
            DeclarationFileCase(
                name: "keys of 5,000 columns",
                build: { directory in
                    let text = """
                        child.belongsTo(wide, key: "w", using: [\(names("p", 5_000))], to: [\(names("c", 5_000))])
                        """
                    return (try database(directory), [try write(text, "wider.assoc", in: directory)])
                }, fetchTarget: "child", refusal: "using: lists more than 64 columns (a key has at most 64)"),
            DeclarationFileCase(
                name: "through chains of 63 steps, written out and nested",
                build: { directory in
                    var lines = [
                        #"node.hasOne(node, through: [\#(repeated("parent", 63))], key: "ancestor")"#,
                        #"node.hasOne(node, through: [parent, parent], key: "up2")"#
                    ]
                    lines += (3...63).map { #"node.hasOne(node, through: [up\#($0 - 1), parent], key: "up\#($0)")"# }
                    return (try database(directory), [try write(lines.joined(separator: "\n"), "chain.assoc", in: directory)])
                }, fetchTarget: "node",
                requests: [
                    ("node.including(optional: ancestor).limit(5)", true),
                    ("node.joining(required: up63).limit(5)", true),
                    ("node.filter(key: 100).request(for: ancestor)", false),
                    ("node.filter(key: 100).request(for: up63)", false)
                ]),
            DeclarationFileCase(
                name: "a through chain of 1,000 steps",
                build: { directory in
                    let text = #"node.hasOne(node, through: [\#(repeated("parent", 1_000))], key: "ancestor")"#
                    return (try database(directory), [try write(text, "long.assoc", in: directory)])
                }, fetchTarget: "node", refusal: "through: lists more than 63 steps"),
            DeclarationFileCase(
                name: "a through chain of chains past 63 steps",
                build: { directory in
                    var lines = [#"node.hasOne(node, through: [\#(repeated("parent", 32))], key: "up32")"#]
                    lines += (1...20).map { #"node.hasOne(node, through: [up32, up32], key: "up64x\#($0)")"# }
                    return (try database(directory), [try write(lines.joined(separator: "\n"), "chains.assoc", in: directory)])
                }, fetchTarget: "node", refusal: "chains.assoc:2:35: through: the chain follows more than 63 associations")
        ]
    }

    /// `node` (100 rows, each the child of the previous one), `genre`, and `wide` with a 64-column
    /// key that `child` references.
    static func database(_ directory: URL) throws -> String {
        let columns = (1...64).map { "c\($0) INTEGER" }.joined(separator: ", ")
        let parents = (1...64).map { "p\($0) INTEGER" }.joined(separator: ", ")
        let ones = Array(repeating: "1", count: 64).joined(separator: ", ")
        return try CorpusBuilder.database(
            directory, "declared.sqlite",
            """
            CREATE TABLE genre(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE node(id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES node(id), genreId INTEGER, name TEXT);
            CREATE TABLE wide(\(columns), PRIMARY KEY (\(names("c", 64))));
            CREATE TABLE child(id INTEGER PRIMARY KEY, \(parents));
            INSERT INTO genre VALUES (1, 'rock'), (2, 'jazz'), (3, 'folk');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
                INSERT INTO node SELECT i, NULLIF(i - 1, 0), i % 3 + 1, 'node ' || i FROM n;
            INSERT INTO wide VALUES (\(ones));
            INSERT INTO child VALUES (1, \(ones)), (2, \(ones));
            """)
    }

    /// Declarations `range` of a repeating pattern: a belongsTo, a hasMany with an ordering, a
    /// through of inferred steps and a through of the two declared just before.
    static func mixed(_ range: Range<Int>) -> String {
        range.map { index in
            switch index % 4 {
            case 0: return #"node.belongsTo(genre, key: "style\#(index)", using: [genreId])"#
            case 1: return #"genre.hasMany(node, key: "nodes\#(index)", using: [genreId]).order(name, id.desc)"#
            case 2: return #"node.hasOne(node, through: [parent, parent], key: "grand\#(index)")"#
            default: return #"node.hasMany(node, through: [style\#(index - 3), nodes\#(index - 2)], key: "sameStyle\#(index)")"#
            }
        }.joined(separator: "\n") + "\n"
    }

    static func names(_ prefix: String, _ count: Int) -> String {
        (1...count).map { "\(prefix)\($0)" }.joined(separator: ", ")
    }

    static func repeated(_ name: String, _ count: Int) -> String {
        Array(repeating: name, count: count).joined(separator: ", ")
    }

    static func write(_ text: String, _ name: String, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }
}
