import AssocCore

/// The aggregates `a` cycles through for a to-many link: its count, then the min, max, average
/// and sum of each numeric column of its destination, then none.
enum AggregateChoices {
    static func choices(link: Association, numericColumns: [String]) -> [AssocCore.Expression] {
        let association = Table(link.origin).association(link.name)
        var choices = [association.count]
        for column in numericColumns {
            choices += [
                association.min(Column(column)), association.max(Column(column)),
                association.average(Column(column)), association.sum(Column(column))
            ]
        }
        return choices
    }

    /// `request` with the root's aggregate of `link` moved to its next choice (its count when it
    /// has none); after the last choice the aggregate is removed. Returns the new aggregate, nil
    /// when removed.
    static func cycling(_ request: Request, link: Association, numericColumns: [String]) -> (Request, AssocCore.Expression?) {
        let choices = choices(link: link, numericColumns: numericColumns)
        let index = request.annotations.firstIndex { annotation in
            if case .aggregate(let aggregate) = annotation { return aggregate.association.associationName == link.name }
            return false
        }
        guard let index else {
            let first = choices.first ?? Table(link.origin).association(link.name).count
            return (request.annotated(with: first), first)
        }
        let position = choices.firstIndex(of: request.annotations[index]) ?? choices.count - 1
        guard position + 1 < choices.count else {
            return (request.removingAnnotation(at: index), nil)
        }
        return (request.replacingAnnotation(at: index, with: choices[position + 1]), choices[position + 1])
    }
}
