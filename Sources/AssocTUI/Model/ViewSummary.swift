import AssocCore

/// What the breadcrumb and the undo messages say of a view's request, read from the request
/// itself: `[+author +author.nation!]` for its includes, then
/// `⇉albums Σalbums.count /Name = 'x' ↑Title` for what else refines it.
enum ViewSummary {
    /// The includes, `+path` (`!` when required, `⋈path` for a join without columns).
    static func includes(of request: Request) -> [String] {
        var result: [String] = []
        func walk(_ joins: [Join], _ prefix: [String]) {
            for join in joins where join.method != .includingAll {
                let path = prefix + [join.association.linkName ?? "?"]
                let mark = join.method.isIncluding ? "+" : "⋈"
                result.append(mark + path.joined(separator: ".") + (join.method.isRequired ? "!" : ""))
                walk(join.association.relation.joins, path)
            }
        }
        walk(request.relation.joins, [])
        return result
    }

    /// Prefetches, aggregates, selection, filters, sorts and limit; nil when there are none.
    static func refinements(of request: Request) -> String? {
        let relation = request.relation
        var parts: [String] = []
        parts += relation.joins.filter { $0.method == .includingAll }.map { "⇉" + ($0.association.linkName ?? "?") }
        if relation.selection != nil { parts.append("select(…)") }
        parts += relation.annotations.map { "Σ" + text($0) }
        parts += (relation.filters + relation.havings).map { "/" + text($0) }
        parts += (relation.ordering ?? []).map { ($0.descending == true ? "↓" : "↑") + text($0.expression) }
        if let limit = request.limit { parts.append("limit \(limit)") }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The whole summary of `view`, its title when the request has nothing more.
    static func text(of view: RequestView) -> String {
        let parts = includes(of: view.request) + (refinements(of: view.request).map { [$0] } ?? [])
        return parts.isEmpty ? view.title : view.title + " " + parts.joined(separator: " ")
    }

    /// The active filters of the root, as text (the status line after `/`).
    static func filters(of request: Request) -> [String] {
        (request.relation.filters + request.relation.havings).map(text)
    }

    static func text(_ expression: AssocCore.Expression) -> String {
        (try? expression.languageText()) ?? "(expression)"
    }
}
