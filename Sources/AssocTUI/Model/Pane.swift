/// The panes of the browser, in Tab order.
enum Pane: String, Sendable, Hashable, CaseIterable {
    case tables, rows, links, side

    /// How messages name the pane (`the side pane`); the side pane draws its own tab title.
    var title: String {
        switch self {
        case .tables: return "Tables"
        case .rows: return "Rows"
        case .links: return "Links"
        case .side: return "side"
        }
    }

    /// The next pane in Tab order (`step` 1) or the previous one (`step` -1), wrapping.
    func cycled(_ step: Int) -> Pane {
        let all = Pane.allCases
        let index = all.firstIndex(of: self) ?? 0
        let next = ((index + step) % all.count + all.count) % all.count
        return all[next]
    }
}
