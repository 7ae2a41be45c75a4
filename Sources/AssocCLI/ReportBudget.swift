/// The time `assoc report` allows: each statement at most `timeLimit` milliseconds (nil: no
/// limit), all of them together at most `budget` milliseconds from the start. A statement starts
/// only while some budget remains, its limit cut to a share of what remains (a count of two
/// statements gets half each), so the report ends close to its budget whatever the file holds.
struct ReportBudget {
    /// The limit of one statement, in milliseconds; nil for none.
    let timeLimit: Int?
    /// The total budget in milliseconds.
    let budget: Int
    private let start = ContinuousClock.now

    init(timeLimit: Int?, budget: Int) {
        self.timeLimit = timeLimit
        self.budget = budget
    }

    /// What the next step may do.
    enum Allowance: Equatable {
        /// Run each of its statements for at most `milliseconds` (nil: no limit); `cut` when the
        /// budget, not the time limit, set it.
        case run(milliseconds: Int?, cut: Bool)
        /// Nothing remains of the budget: the step is left out.
        case spent
    }

    /// The milliseconds left of the budget.
    var remaining: Int {
        let elapsed = ContinuousClock.now - start
        let (seconds, attoseconds) = elapsed.components
        let spent = Int(clamping: seconds) &* 1000 &+ Int(attoseconds / 1_000_000_000_000_000)
        return budget - spent
    }

    /// The allowance of a step of `statements` statements run one after the other.
    func allowance(statements: Int = 1) -> Allowance {
        let left = remaining
        guard left > 0 else { return .spent }
        let share = Swift.max(1, left / Swift.max(1, statements))
        guard let timeLimit else { return .run(milliseconds: share, cut: true) }
        return share < timeLimit ? .run(milliseconds: share, cut: true) : .run(milliseconds: timeLimit, cut: false)
    }
}
