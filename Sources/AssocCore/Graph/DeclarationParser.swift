/// Reads an associations file, one declaration a line, with the request language's lexer:
///
/// ```
/// Origin.belongsTo|hasOne|hasMany(Destination[.self], key: "k", using: [a, b], to: [x, y])[.filter(c = 'v')][.order(o, p.desc)]
/// Origin.hasMany|hasOne(Destination, through: [step, step, …], key: "k")[.filter(…)][.order(…)]
/// ```
/// `using:` also takes GRDB's `ForeignKey([a, b], to: [x, y])`. Names are bare, "double quoted"
/// or `backquoted`; keys are "quoted". After the call, in any order: `.filter(…)` (a condition of
/// the request language; several are AND-ed, as GRDB does), `.order(…)` (at most once) and
/// `.forKey("k")` (GRDB's spelling of `key:`). Every error names the file, line and column.
struct DeclarationParser {
    private let file: String
    private let lineNumber: Int
    private let line: String
    private let tokens: [RequestToken]
    private let columns: LineColumns
    private var position = 0

    private init(file: String, line: Line, tokens: [RequestToken]) {
        self.file = file
        self.lineNumber = line.number
        self.line = line.text
        self.tokens = tokens
        self.columns = LineColumns(line.text, isPlainASCII: line.isPlainASCII)
    }

    /// The declarations of `text`; `earlier` declarations were read before (from other files):
    /// the one past `AssociationDeclaration.maximumCount` is an error, found before any is parsed.
    static func parse(_ text: String, file: String, earlier: Int = 0) throws -> [AssociationDeclaration] {
        try parseAll(text, file: file, earlier: earlier).declarations
    }

    /// The declarations of `text` and its label declarations (`Artist.label(Name)`).
    static func parseAll(
        _ text: String, file: String, earlier: Int = 0
    ) throws -> (declarations: [AssociationDeclaration], labels: [LabelDeclaration]) {
        let lines = declarationLines(of: text)
        let allowed = Swift.max(0, AssociationDeclaration.maximumCount - earlier)
        if lines.count > allowed {
            let line = lines[allowed]
            let offset = (try? RequestLexer.tokenize(line.text))?.first?.range.lowerBound ?? 0
            let column = LineColumns(line.text, isPlainASCII: line.isPlainASCII).column(atOffset: offset)
            throw AssociationDeclaration.tooMany(at: .init(file: file, line: line.number, column: column))
        }
        var declarations: [AssociationDeclaration] = []
        var labels: [LabelDeclaration] = []
        declarations.reserveCapacity(lines.count)
        for line in lines {
            let tokens: [RequestToken]
            do {
                tokens = try RequestLexer.tokenize(line.text)
            } catch {
                throw AssocError.declaration(file: file, line: line.number, column: error.column, reason: error.message, suggestions: [])
            }
            var parser = DeclarationParser(file: file, line: line, tokens: tokens)
            if parser.isLabel {
                labels.append(try parser.parseLabel())
            } else {
                declarations.append(try parser.parseDeclaration())
            }
        }
        return (declarations, labels)
    }

    // MARK: Labels

    /// Whether the line is `Table.label(…)`.
    private var isLabel: Bool {
        token(at: 1).isPunctuation(.dot) && token(at: 2).bareName == "label" && token(at: 3).isPunctuation(.leftParen)
    }

    /// `Table.label(Column)`.
    private mutating func parseLabel() throws -> LabelDeclaration {
        let (table, tableLocation) = try parseName("a table name (as in Artist.label(Name))")
        try expect(.dot, "after the table name \(quoteForMessage(table))")
        advance()  // label
        try expect(.leftParen, "after label")
        let (column, columnLocation) = try parseName("the label column (as in Artist.label(Name))")
        try expect(.rightParen, "after the label column \(quoteForMessage(column)) (a table has one label column)")
        guard current.kind == .end else {
            throw error("expected the end of the declaration, found \(current.display) (one declaration a line)")
        }
        return LabelDeclaration(table: table, column: column, tableLocation: tableLocation, columnLocation: columnLocation)
    }

    // MARK: Tokens

    private var current: RequestToken { token(at: position) }

    private func token(at index: Int) -> RequestToken {
        if index < tokens.count { return tokens[index] }
        let end = line.utf8.count
        return tokens.last ?? RequestToken(kind: .end, range: end..<end)
    }

    private mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    private func location(_ token: RequestToken) -> AssociationDeclaration.Location {
        location(atOffset: token.range.lowerBound)
    }

    private func location(atOffset offset: Int) -> AssociationDeclaration.Location {
        let column = columns.column(atOffset: offset)
        return .init(file: file, line: lineNumber, column: column)
    }

    private func error(_ reason: String, suggestions: [String] = []) -> AssocError {
        location(current).error(reason, suggestions: suggestions)
    }

    private mutating func expect(_ punctuation: RequestToken.Punctuation, _ context: String) throws {
        guard current.isPunctuation(punctuation) else {
            throw error("expected '\(punctuation.rawValue)' \(context), found \(current.display)")
        }
        advance()
    }

    /// A bare, "double quoted" or `backquoted` name (also a 'string', as SQL allows).
    private mutating func parseName(_ what: String) throws -> (String, AssociationDeclaration.Location) {
        switch current.kind {
        case .name(let name, _), .text(let name):
            defer { advance() }
            return (name, location(current))
        default:
            throw error("expected \(what), found \(current.display)")
        }
    }

    // MARK: Declarations

    private mutating func parseDeclaration() throws -> AssociationDeclaration {
        let start = location(current)
        let (origin, originLocation) = try parseName("a table name (as in Track.belongsTo(Genre, using: [GenreId]))")
        try expect(.dot, "after the table name \(quoteForMessage(origin))")
        let methodLocation = location(current)
        let methods = AssociationDeclaration.Method.allCases.map(\.rawValue)
        guard let methodName = current.bareName else {
            throw error("expected belongsTo, hasOne or hasMany after \(quoteForMessage(origin + ".")), found \(current.display)")
        }
        guard let method = AssociationDeclaration.Method(rawValue: methodName) else {
            throw methodLocation.error(
                "unknown association method \(quoteForMessage(methodName)) (expected belongsTo, hasOne or hasMany)",
                suggestions: NameSuggestions.closest(to: methodName, among: methods, matchingPrefixes: false))
        }
        advance()
        try expect(.leftParen, "after \(methodName)")
        let (destination, destinationLocation) = try parseName("the destination table")
        if current.isPunctuation(.dot), token(at: position + 1).bareName == "self" {
            advance()
            advance()
        }
        var declaration = AssociationDeclaration(method: method, origin: origin, destination: destination)
        declaration.locations.start = start
        declaration.locations.origin = originLocation
        declaration.locations.destination = destinationLocation
        while current.isPunctuation(.comma) {
            advance()
            try parseArgument(into: &declaration)
        }
        try expect(.rightParen, "after the arguments of \(methodName)")
        while current.isPunctuation(.dot) {
            advance()
            try parseRefinement(into: &declaration)
        }
        guard current.kind == .end else {
            throw error("expected the end of the declaration, found \(current.display) (one declaration a line)")
        }
        try check(declaration, methodLocation: methodLocation)
        return declaration
    }

    private mutating func parseArgument(into declaration: inout AssociationDeclaration) throws {
        let labels = ["key", "using", "to", "through"]
        let labelLocation = location(current)
        guard let label = current.bareName, token(at: position + 1).isPunctuation(.colon) else {
            throw error("expected an argument such as key: \"name\", using: [column] or through: [association], found \(current.display)")
        }
        guard labels.contains(label) else {
            throw labelLocation.error(
                "unknown argument \(quoteForMessage(label + ":")) (expected key:, using:, to: or through:)",
                suggestions: NameSuggestions.closest(to: label, among: labels, matchingPrefixes: false).map { $0 + ":" })
        }
        advance()
        advance()
        let alreadySet: Bool
        switch label {
        case "key":
            alreadySet = declaration.key != nil
            try readKey(into: &declaration, example: "songs")
        case "using":
            alreadySet = declaration.using != nil
            if current.bareName == "ForeignKey" {
                try parseForeignKey(into: &declaration)
            } else {
                (declaration.using, declaration.locations.using) = try parseList(of: "column names", label: "using:")
            }
        case "to":
            alreadySet = declaration.to != nil
            (declaration.to, declaration.locations.to) = try parseList(of: "column names", label: "to:")
        default:
            alreadySet = declaration.through != nil
            (declaration.through, declaration.locations.through) = try parseList(of: "association names", label: "through:")
        }
        if alreadySet {
            throw labelLocation.error("argument \(quoteForMessage(label + ":")) is given twice")
        }
    }

    /// `ForeignKey([a, b])` or `ForeignKey([a, b], to: [x, y])`.
    private mutating func parseForeignKey(into declaration: inout AssociationDeclaration) throws {
        advance()
        try expect(.leftParen, "after ForeignKey")
        (declaration.using, declaration.locations.using) = try parseList(of: "column names", label: "using:")
        if current.isPunctuation(.comma) {
            advance()
            guard current.bareName == "to", token(at: position + 1).isPunctuation(.colon) else {
                throw error("expected to: [columns] in ForeignKey(…), found \(current.display)")
            }
            advance()
            advance()
            (declaration.to, declaration.locations.to) = try parseList(of: "column names", label: "to:")
        }
        try expect(.rightParen, "after the arguments of ForeignKey")
    }

    /// `[name, name, …]` (a trailing comma allowed, as in Swift), with where each name is written;
    /// `label` is the argument's (`using:`), for the error past the most a list may hold.
    /// A quoted key (`"songs"`) into `declaration`; `example` names one in the error.
    private mutating func readKey(into declaration: inout AssociationDeclaration, example: String) throws {
        switch current.kind {
        case .name(let key, quoted: true), .text(let key):
            declaration.key = key
            declaration.locations.key = location(current)
            advance()
        default:
            throw error("expected a quoted key such as \"\(example)\", found \(current.display)")
        }
    }

    private mutating func parseList(of what: String, label: String) throws -> ([String], [AssociationDeclaration.Location]) {
        try expect(.leftBracket, "before the list of \(what)")
        let maximum = label == "through:" ? AssociationDeclaration.maximumThroughSteps : AssociationDeclaration.maximumKeyColumns
        var names: [String] = []
        var locations: [AssociationDeclaration.Location] = []
        while !current.isPunctuation(.rightBracket) {
            if names.count == maximum {
                throw label == "through:"
                    ? error(
                        "through: lists more than \(maximum) steps (a chain follows at most \(maximum) associations: with its origin, the 64 tables SQLite joins at most)"
                    )
                    : error("\(label) lists more than \(maximum) columns (a key has at most \(maximum))")
            }
            let (name, location) = try parseName("one of the \(what) or ']'")
            names.append(name)
            locations.append(location)
            if current.isPunctuation(.comma) { advance() } else { break }
        }
        if names.isEmpty { throw error("expected at least one of the \(what) in […]") }
        try expect(.rightBracket, "after the list of \(what)")
        return (names, locations)
    }

    /// One call after the declaration: `filter(…)`, `order(…)` or `forKey("k")`.
    private mutating func parseRefinement(into declaration: inout AssociationDeclaration) throws {
        let refinements = ["filter", "order", "forKey"]
        guard let name = current.bareName, refinements.contains(name) else {
            throw error(
                "expected filter(…), order(…) or forKey(…) after the declaration, found \(current.display)",
                suggestions: NameSuggestions.closest(to: current.bareName ?? "", among: refinements, matchingPrefixes: false))
        }
        switch name {
        case "filter": try parseFilter(into: &declaration)
        case "order": try parseOrder(into: &declaration)
        default: try parseForKey(into: &declaration)
        }
    }

    /// `forKey("k")`: the association's name, as `key: "k"` gives it.
    private mutating func parseForKey(into declaration: inout AssociationDeclaration) throws {
        let callLocation = location(current)
        advance()
        try expect(.leftParen, "after forKey")
        guard declaration.key == nil else {
            throw callLocation.error("the key is given twice (by key: and forKey(…)): keep one")
        }
        try readKey(into: &declaration, example: "novels")
        try expect(.rightParen, "after the key of forKey(…)")
    }

    /// `filter(kind = 'novel')`: a condition of the request language on the destination's columns
    /// (values bound when the SQL runs). Not `filter(sql:)` (SQL text is for requests) nor
    /// `filter(key:)` (which picks records, not a kind of them).
    private mutating func parseFilter(into declaration: inout AssociationDeclaration) throws {
        if declaration.filters.count == AssociationDeclaration.maximumFilters {
            throw error("more than \(AssociationDeclaration.maximumFilters) filter(…) on one declaration (join the conditions with AND)")
        }
        advance()
        try expect(.leftParen, "after filter")
        let filterLocation = location(current)
        if let label = current.bareName, ["sql", "key", "keys", "id", "ids"].contains(label), token(at: position + 1).isPunctuation(.colon) {
            throw error(
                "filter(\(label):) is not available in a declaration: write the condition in the request language, such as filter(kind = 'novel')")
        }
        var parser = RequestParser(source: line, tokens: tokens)
        parser.position = position
        let expression: Expression
        do {
            expression = try RequestBuilder.build(try parser.parseArgumentExpression())
        } catch let error as RequestSyntaxError {
            throw AssocError.declaration(file: file, line: lineNumber, column: error.column, reason: error.message, suggestions: [])
        } catch let error as AssocError {
            throw filterLocation.error(error.message)
        }
        position = parser.position
        try expect(.rightParen, "after the condition of filter(…)")
        declaration.filters.append(expression)
        declaration.locations.filters.append(filterLocation)
    }

    /// `order(a, b.desc)`, written with the request language's orderings.
    private mutating func parseOrder(into declaration: inout AssociationDeclaration) throws {
        let orderLocation = location(current)
        if declaration.ordering != nil {
            throw orderLocation.error("order(…) is given twice: give every ordering in one order(…)")
        }
        advance()
        try expect(.leftParen, "after order")
        var parser = RequestParser(source: line, tokens: tokens)
        parser.position = position
        var ordering: [Ordering] = []
        var locations: [AssociationDeclaration.Location] = []
        repeat {
            if parser.current.isPunctuation(.comma) { parser.advance() }
            let termLocation = location(parser.current)
            do {
                let term = try parser.parseOrdering()
                ordering.append(Ordering(try RequestBuilder.build(term.expression), descending: term.direction == .descending ? true : nil))
            } catch let error as RequestSyntaxError {
                throw AssocError.declaration(file: file, line: lineNumber, column: error.column, reason: error.message, suggestions: [])
            } catch let error as AssocError {
                throw termLocation.error(error.message)
            }
            locations.append(termLocation)
        } while parser.current.isPunctuation(.comma)
        position = parser.position
        try expect(.rightParen, "after the orderings of order(…)")
        declaration.ordering = ordering
        declaration.locations.ordering = locations.isEmpty ? [orderLocation] : locations
    }

    /// The combinations GRDB does not have.
    private func check(_ declaration: AssociationDeclaration, methodLocation: AssociationDeclaration.Location) throws {
        let locations = declaration.locations
        if !locations.through.isEmpty {
            if declaration.method == .belongsTo {
                throw methodLocation.error("belongsTo has no through: form: use hasOne(…, through: […]) for a to-one chain")
            }
            if let using = locations.using.first ?? locations.to.first {
                throw using.error(
                    "a through association joins with its steps' columns: remove using: and to: (or declare a direct association without through:)")
            }
        } else if declaration.to != nil && declaration.using == nil, let to = locations.to.first {
            throw to.error("to: [...] needs using: [...]: the foreign-key columns the referenced columns are matched with")
        }
        if declaration.ordering != nil && declaration.method != .hasMany, let order = locations.ordering.first {
            throw order.error("order(…) gives a to-many association its default ordering, and \(declaration.method.rawValue) is to-one: remove it")
        }
    }
}
