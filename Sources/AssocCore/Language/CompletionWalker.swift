/// Reads the tokens before the cursor as the parser would, without ever failing: which
/// parenthesis is open, on which table, and what a `.` would apply to. Then says which names
/// the request language allows next (`items()`).
struct CompletionWalker {
    /// What a `.` typed next applies to.
    enum Subject: Equatable {
        /// The request: its methods (`filter(`, `including(required: `…), on this table.
        case request(String?)
        /// An association being joined or included: its methods, on its destination.
        case association(String?)
        /// An association in an expression: an aggregate (`count`, `max(`) or a method.
        case aggregated(String?)
        /// A name in an expression: an alias (its table's columns follow), an association
        /// (its destination), or a column.
        case name(alias: String?, association: String?)
        /// A column or a parenthesized expression: `.forKey(`, `.collating(`, `.desc`.
        case value
    }

    /// One open parenthesis (or the text's own level).
    struct Frame {
        /// The name before `(`; nil for the text's level and for grouping parentheses.
        var method: String?
        /// The table whose columns and associations are named inside.
        var table: String?
        /// Whether expressions are written inside.
        var isExpression: Bool
        /// What a `.` typed now applies to.
        var subject: Subject?
        /// The last token was `.` after this subject.
        var afterDot: Subject?
        /// The last token was a name after `.`: a method when `(` follows.
        var member: (name: String, of: Subject)?
        /// The parent's subject once this parenthesis closes.
        var resume: Subject?
    }

    static let chainMethods: Set<String> = ["including", "joining", "request"]
    static let expressionMethods: Set<String> = [
        "filter", "having", "order", "select", "annotated", "min", "max", "average", "sum", "total"
    ]
    static let operandKeywords = ["AND", "OR", "NOT", "LIKE", "BETWEEN"]

    let graph: AssociationGraph
    /// The aliases by lowercased name: as spelled, and the table each names.
    let aliases: [String: (name: String, table: String)]
    let isExpression: Bool
    private(set) var frames: [Frame]
    private(set) var previous: RequestToken?
    /// `aliased("name")` calls seen, each with the table it names.
    private(set) var definedAliases: [(name: String, table: String)] = []

    /// A walker at the start of a request (`root` nil) or of an expression on `root`.
    init(graph: AssociationGraph, root: String?, aliases: [String: (name: String, table: String)]) {
        self.graph = graph
        self.aliases = aliases
        self.isExpression = root != nil
        let table = root.flatMap { graph.schema.table(named: $0)?.name } ?? root
        frames = [Frame(method: nil, table: table, isExpression: root != nil)]
    }

    // MARK: - Reading tokens

    mutating func consume(_ token: RequestToken) {
        defer { previous = token }
        var frame = frames[frames.count - 1]
        switch token.kind {
        case .punctuation(.dot):
            frame.afterDot = frame.subject
            frame.subject = nil
            frame.member = nil
        case .name(let name, let quoted):
            if frame.method == "aliased", quoted, let table = frame.table { definedAliases.append((name, table)) }
            if let subject = frame.afterDot {
                frame.afterDot = nil
                frame.member = (name, subject)
                frame.subject = Self.memberSubject(name, of: subject)
            } else {
                frame.member = nil
                frame.subject = quoted || !Self.isKeyword(name) ? operandSubject(name, in: frame) : nil
            }
        case .punctuation(.leftParen):
            let child = opened(from: frame)
            frame.subject = nil
            frame.member = nil
            frame.afterDot = nil
            frames[frames.count - 1] = frame
            frames.append(child)
            return
        case .punctuation(.rightParen):
            guard frames.count > 1 else {
                frame = Frame(method: nil, table: frame.table, isExpression: frame.isExpression)
                break
            }
            let closed = frames.removeLast()
            frame = frames[frames.count - 1]
            if closed.method == "request" {
                // `request(for: albums)`: what follows is on the association's destination.
                if case .association(let table) = closed.subject { frame.subject = .request(table) } else { frame.subject = .request(nil) }
            } else {
                frame.subject = closed.resume
            }
            frame.afterDot = nil
            frame.member = nil
        case .text(let key) where frame.method == "aliased":
            if let table = frame.table { definedAliases.append((key, table)) }
            frame.subject = nil
        case .integer, .real, .text, .blob:
            frame.subject = .value
            frame.afterDot = nil
            frame.member = nil
        default:
            frame.subject = nil
            frame.afterDot = nil
            frame.member = nil
        }
        frames[frames.count - 1] = frame
    }

    private static func isKeyword(_ name: String) -> Bool {
        RequestLexer.keywords.contains(name.uppercased())
    }

    /// The subject a name makes where no `.` precedes it.
    private func operandSubject(_ name: String, in frame: Frame) -> Subject? {
        if frame.method == nil, !frame.isExpression {
            // The request's table, when it is the first token.
            return previous == nil ? .request(graph.schema.table(named: name)?.name) : nil
        }
        if let method = frame.method, Self.chainMethods.contains(method) {
            // After the label's colon: the association.
            guard previous?.isPunctuation(.colon) == true else { return nil }
            return .association(destination(of: name, from: frame.table))
        }
        guard frame.isExpression else { return nil }
        return .name(alias: aliases[name.lowercased()]?.table, association: destination(of: name, from: frame.table))
    }

    /// The subject after `subject.name` when no `(` follows.
    private static func memberSubject(_ name: String, of subject: Subject) -> Subject? {
        switch subject {
        case .request, .association: return nil
        case .aggregated: return name == "count" || name == "isEmpty" ? .value : nil
        case .name, .value: return ["DESC", "ASC"].contains(name.uppercased()) ? nil : .value
        }
    }

    /// The frame a `(` opens inside `frame`.
    private func opened(from frame: Frame) -> Frame {
        guard let (name, subject) = frame.member else {
            // A grouping parenthesis or an `IN (…)` list.
            return Frame(method: nil, table: frame.table, isExpression: frame.isExpression, resume: .value)
        }
        let isExpression = Self.expressionMethods.contains(name)
        switch subject {
        case .request(let table):
            return Frame(method: name, table: table, isExpression: isExpression, resume: .request(table))
        case .association(let table):
            return Frame(method: name, table: table, isExpression: isExpression, resume: .association(table))
        case .aggregated(let table):
            return Self.associationCall(name, on: table, isExpression: isExpression)
        case .name(_, association: let table?):
            return Self.associationCall(name, on: table, isExpression: isExpression)
        case .name, .value:
            return Frame(method: name, table: frame.table, isExpression: false, resume: .value)
        }
    }

    /// `association.name(`: a method on the association, or an aggregate's argument.
    private static func associationCall(_ name: String, on table: String?, isExpression: Bool) -> Frame {
        let isAggregate = AggregateFunction(rawValue: name) != nil
        return Frame(method: name, table: table, isExpression: isExpression, resume: isAggregate ? .value : .aggregated(table))
    }

    /// The destination of the association `name` of `table` (exact spelling first, then any case).
    func destination(of name: String, from table: String?) -> String? {
        guard let table else { return nil }
        let associations = graph.associations(from: table)
        return (associations.first { $0.name == name } ?? associations.first { $0.name.lowercased() == name.lowercased() })?.destination
    }

    // MARK: - What may come next

    static let requestMethods = [
        "including(required: ", "including(optional: ", "including(all: ", "joining(required: ", "joining(optional: ",
        "filter(", "filter(key: ", "order(", "select(", "annotated(with: ", "having(", "limit(", "distinct()", "aliased(\"",
        "request(for: "
    ]
    static let associationMethods = [
        "including(required: ", "including(optional: ", "including(all: ", "joining(required: ", "joining(optional: ",
        "filter(", "order(", "select(", "aliased(\"", "forKey(\""
    ]
    static let aggregateMembers = [
        "count", "isEmpty", "min(", "max(", "average(", "sum(", "total(", "filter(", "joining(required: ", "joining(optional: "
    ]

    /// The names that fit at the end of the tokens read, before any filtering by what is typed.
    func items() -> [CompletionItem] {
        let frame = frames[frames.count - 1]
        if let subject = frame.afterDot { return members(of: subject, in: frame) }
        guard let previous else {
            return isExpression ? operands(in: frame) : graph.schema.tables.map { CompletionItem(name: $0.name) }
        }
        switch frame.method {
        case let method? where Self.chainMethods.contains(method):
            if previous.isPunctuation(.leftParen) {
                let labels =
                    method == "request" ? ["for: "] : method == "joining" ? ["required: ", "optional: "] : ["required: ", "optional: ", "all: "]
                return labels.map(CompletionItem.literal)
            }
            guard previous.isPunctuation(.colon), let table = frame.table else { return [] }
            return graph.associations(from: table).map { CompletionItem(name: $0.name) }
        case "annotated" where previous.isPunctuation(.leftParen):
            return [.literal("with: ")]
        case "limit" where previous.isPunctuation(.comma):
            return [.literal("offset: ")]
        case "collating" where previous.isPunctuation(.leftParen):
            return Collation.acceptedNames.map(CompletionItem.literal)
        default:
            return frame.isExpression && Self.startsOperand(previous) ? operands(in: frame) : []
        }
    }

    /// Whether an operand may follow `token` in an expression.
    private static func startsOperand(_ token: RequestToken) -> Bool {
        switch token.kind {
        case .punctuation(let p): return p != .rightParen && p != .rightBracket && p != .dot
        case .name(_, quoted: false): return operandKeywords.contains(where: token.isKeyword)
        default: return false
        }
    }

    /// Columns of the frame's table, the aliases, then the table's associations (for aggregates).
    private func operands(in frame: Frame) -> [CompletionItem] {
        var items: [CompletionItem] = []
        if let table = frame.table.flatMap(graph.schema.table(named:)) { items += table.columns.map { CompletionItem(name: $0.name) } }
        items += aliases.values.map(\.name).sorted().map { CompletionItem(name: $0) }
        // To-many associations, for their aggregates (`albums.count`).
        if let table = frame.table {
            items += graph.associations(from: table).filter(\.kind.isToMany).map { CompletionItem(name: $0.name) }
        }
        return items
    }

    private func members(of subject: Subject, in frame: Frame) -> [CompletionItem] {
        switch subject {
        case .request: return Self.requestMethods.map(CompletionItem.literal)
        case .association: return Self.associationMethods.map(CompletionItem.literal)
        case .aggregated: return Self.aggregateMembers.map(CompletionItem.literal)
        case .name(let alias, let association):
            var items: [CompletionItem] = []
            if let alias, let table = graph.schema.table(named: alias) {
                items += table.columns.map { CompletionItem(name: $0.name, text: RequestPrinter.memberName($0.name)) }
            }
            if alias == nil, association != nil { items += Self.aggregateMembers.map(CompletionItem.literal) }
            return items.isEmpty ? valueSuffixes(in: frame) : items
        case .value:
            return valueSuffixes(in: frame)
        }
    }

    private func valueSuffixes(in frame: Frame) -> [CompletionItem] {
        (["forKey(\"", "collating("] + (frame.method == "order" ? ["desc", "asc"] : [])).map(CompletionItem.literal)
    }
}
