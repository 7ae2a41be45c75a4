/// Gives every table of a query its SQL name, deterministically.
///
/// A table that appears once keeps its name (`FROM "book"`). Tables that share a name
/// (case-insensitively) are numbered in depth-first order: `"person1"`, `"person2"`; user aliases
/// keep their names and take no number; a number already used by another name is skipped.
enum AliasAllocator {
    struct Entry {
        var nodeID: Int
        var tableName: String
        var userAlias: String?
    }

    static func allocate(_ entries: [Entry]) throws -> [Int: String] {
        var groups: [(identity: String, members: [Entry])] = []
        var groupIndex: [String: Int] = [:]
        for entry in entries {
            let identity = (entry.userAlias ?? entry.tableName).lowercased()
            if let index = groupIndex[identity] {
                groups[index].members.append(entry)
            } else {
                groupIndex[identity] = groups.count
                groups.append((identity, [entry]))
            }
        }
        var taken = Set<String>()
        for group in groups {
            if group.members.count == 1 { taken.insert(group.identity) }
            var userNames = Set<String>()
            for member in group.members {
                guard let alias = member.userAlias else { continue }
                if !userNames.insert(alias.lowercased()).inserted {
                    throw AssocError.ambiguousAlias(
                        alias, table: member.tableName,
                        reason: "the alias \(quoteForMessage(alias)) names two tables of the request: give each table its own alias")
                }
                taken.insert(alias.lowercased())
            }
        }
        var names: [Int: String] = [:]
        for group in groups {
            if group.members.count == 1, let only = group.members.first {
                names[only.nodeID] = only.userAlias ?? only.tableName
                continue
            }
            var counter = 1
            for member in group.members {
                if let alias = member.userAlias {
                    names[member.nodeID] = alias
                    continue
                }
                let radical = radicalOf(member.tableName)
                while true {
                    let candidate = radical + String(counter)
                    counter += 1
                    if taken.insert(candidate.lowercased()).inserted {
                        names[member.nodeID] = candidate
                        break
                    }
                }
            }
        }
        return names
    }

    /// The name without its trailing digits (`a1` → `a`), or the name itself if nothing remains.
    static func radicalOf(_ name: String) -> String {
        var radical = Substring(name)
        while let last = radical.last, last.isASCII, last.isNumber { radical = radical.dropLast() }
        return radical.isEmpty ? name : String(radical)
    }
}
