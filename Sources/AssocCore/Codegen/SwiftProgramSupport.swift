/// The fixed part of a generated program: writes GRDB rows as the JSON of `assoc fetch --format
/// json` (docs/CLI.md, "The JSON contract"), with GRDB and Foundation only. The request-specific part
/// (`jsonMembers`) tells it the association members in the order Assoc writes them.
enum SwiftProgramSupport {
    static let text = #"""
        // MARK: - JSON output (the `assoc fetch --format json` contract)

        /// An association member of a JSON object: a joined association (its row scope), or the rows
        /// of `including(all:)` (`hidden`: the `grdb_…` grouping columns GRDB appends to them). The
        /// first string is GRDB's key; `as:` names the member when Assoc's key differs.
        indirect enum JSONMember: Sendable {
            case scope(String, as: String? = nil, [JSONMember])
            case prefetched(String, as: String? = nil, hidden: Int, [JSONMember])
        }

        /// The rows as a JSON array, one object per row.
        func jsonArray(_ rows: [Row], _ members: [JSONMember]) -> String {
            "[" + rows.map { jsonObject($0, members, hidden: 0) }.joined(separator: ",\n") + "]"
        }

        /// One row: its columns in SELECT order, then its association members.
        func jsonObject(_ row: Row, _ members: [JSONMember], hidden: Int) -> String {
            var pairs = Array(row)
            var dropped = 0
            while dropped < hidden, let last = pairs.last, last.0.hasPrefix("grdb_") {
                pairs.removeLast()
                dropped += 1
            }
            let parts = pairs.map { jsonString($0.0) + ":" + jsonValue($0.1) } + jsonMembers(row, members)
            return "{" + parts.joined(separator: ",") + "}"
        }

        /// `"key":value` for each member. A scope without columns (a `joining`, the pivot of a
        /// through association) adds no member: what it holds is written at this level.
        func jsonMembers(_ row: Row, _ members: [JSONMember]) -> [String] {
            var parts: [String] = []
            for member in members {
                switch member {
                case .scope(let key, let name, let children):
                    guard let scope = row.scopes[key] else {
                        // GRDB gives no scope to a join that selects nothing and has no scope below.
                        parts += jsonMembers(row, children)
                        continue
                    }
                    if scope.isEmpty {
                        parts += jsonMembers(scope, children)
                    } else {
                        let value = scope.containsNonNullValue ? jsonObject(scope, children, hidden: 0) : "null"
                        parts.append(jsonString(name ?? key) + ":" + value)
                    }
                case .prefetched(let key, let name, let hidden, let children):
                    let rows = row.prefetchedRows[key] ?? []
                    parts.append(jsonString(name ?? key) + ":[" + rows.map { jsonObject($0, children, hidden: hidden) }.joined(separator: ",") + "]")
                }
            }
            return parts
        }

        /// INTEGER and REAL as numbers (a non-finite REAL as null), TEXT as a string, BLOB as
        /// `{"base64": "…"}`.
        func jsonValue(_ value: DatabaseValue) -> String {
            switch value.storage {
            case .null: return "null"
            case .int64(let integer): return String(integer)
            case .double(let double): return double.isFinite ? "\(double)" : "null"
            case .string(let string): return jsonString(string)
            case .blob(let data): return "{\"base64\":" + jsonString(data.base64EncodedString()) + "}"
            }
        }

        /// A JSON string: quotes, backslashes and control characters escaped.
        func jsonString(_ text: String) -> String {
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                default:
                    if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                        let hex = String(scalar.value, radix: 16)
                        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        result.unicodeScalars.append(scalar)
                    }
                }
            }
            return result + "\""
        }
        """#

    /// The end of a generated program: opens the database named by the first argument read-only,
    /// fetches the rows, checks that they decode as `decodedType`, and prints them.
    static func main(decodedType: String) -> String {
        #"""
        // MARK: - Main

        guard CommandLine.arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: \(CommandLine.arguments.first ?? "program") DATABASE\n".utf8))
            exit(64)
        }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let dbQueue = try DatabaseQueue(path: CommandLine.arguments[1], configuration: configuration)
            let rows = try dbQueue.read { db in try Row.fetchAll(db, makeRequest(db)) }
            // The same rows, decoded as an app would use them.
            _ = try rows.map { try \#(decodedType)(row: $0) }
            print(jsonArray(rows, jsonMembers))
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(1)
        }
        """#
    }
}
