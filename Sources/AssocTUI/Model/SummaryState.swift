import AssocCore
import AssocInsights

/// The summary view (`I`): one line per column of the current view (name, storage classes,
/// NULLs, distinct values, min, max, mean, most frequent value), in the grid's place, filled as
/// each column's statements come back from the worker. Closing it forgets it.
struct SummaryState: Sendable, Equatable {
    /// How the lines are ordered (`s` cycles through them).
    enum Order: Sendable, Equatable, CaseIterable {
        case columns, name, distinct, nulls

        /// What the status line and the title say.
        var label: String {
            switch self {
            case .columns: return "column order"
            case .name: return "name"
            case .distinct: return "distinct values (most first)"
            case .nulls: return "NULLs (most first)"
            }
        }

        var next: Order {
            let all = Order.allCases
            let index = all.firstIndex(of: self) ?? 0
            return all[(index + 1) % all.count]
        }
    }

    /// The view summarized (Enter counts the frequencies of its column).
    var view: RequestView
    /// The columns and the statement they are read from; nil until it comes.
    var source: SummarySource?
    /// Per column (by its index in `source`): its summary once it came.
    var summaries: [Int: ColumnSummary] = [:]
    /// Columns whose statements failed (not for lack of time), with the message.
    var failures: [Int: String] = [:]
    /// Columns whose storage classes and grouping (distinct values, most frequent) are done, or
    /// not to be run (their scan ran out of time).
    var grouped: Set<Int> = []
    var order = Order.columns
    /// Over the lines in `order`.
    var cursor = ListCursor()
    /// The first figure shown after the column names (←/→ scroll them sideways when the pane is
    /// too narrow for all of them).
    var firstField = 0

    init(view: RequestView) {
        self.view = view
    }

    /// The column indexes in display order.
    var lines: [Int] {
        guard let source else { return [] }
        let indexes = Array(source.columns.indices)
        switch order {
        case .columns: return indexes
        case .name:
            return indexes.sorted { lhs, rhs in
                let (left, right) = (source.columns[lhs].lowercased(), source.columns[rhs].lowercased())
                return left != right ? left < right : lhs < rhs
            }
        case .distinct: return sortedDescending(indexes) { $0.distinct }
        case .nulls: return sortedDescending(indexes) { $0.nulls }
        }
    }

    /// Most first; unknown figures (not computed yet, or out of time) last; ties in column order.
    private func sortedDescending(_ indexes: [Int], by figure: (ColumnSummary) -> Int?) -> [Int] {
        indexes.sorted { lhs, rhs in
            let left = summaries[lhs].flatMap(figure) ?? -1
            let right = summaries[rhs].flatMap(figure) ?? -1
            return left != right ? left > right : lhs < rhs
        }
    }

    /// The column of the selected line.
    var selectedIndex: Int? {
        let lines = self.lines
        return lines.indices.contains(cursor.index) ? lines[cursor.index] : nil
    }

    /// The work still to do, in order: each column's scan first, then its classes and grouping.
    var pending: [(index: Int, parts: SummaryParts)] {
        guard let source else { return [] }
        return source.columns.indices.compactMap { index in
            guard failures[index] == nil else { return nil }
            if summaries[index] == nil { return (index, .scan) }
            return grouped.contains(index) ? nil : (index, [.classes, .grouping])
        }
    }

    /// Whether the column's classes and grouping are still to come (its scan came).
    func awaitsGrouping(_ index: Int) -> Bool {
        summaries[index] != nil && !grouped.contains(index) && failures[index] == nil
    }

    /// Columns done: both parts came, or failed.
    var doneCount: Int {
        guard let source else { return 0 }
        return source.columns.indices.filter { failures[$0] != nil || grouped.contains($0) }.count
    }

    /// Columns that ran out of time, by name.
    var ranOutOfTime: [String] {
        summaries.keys.sorted().compactMap { summaries[$0]?.ranOutOfTime == true ? summaries[$0]?.name : nil }
    }

    var isComplete: Bool { source != nil && pending.isEmpty }
}
