import XCTest

@testable import AssocCLI

/// How `assoc report` shares its budget among statements.
final class ReportBudgetTests: XCTestCase {
    func testTheTimeLimitHoldsWhileTheBudgetIsLarger() {
        let budget = ReportBudget(timeLimit: 2_000, budget: 30_000)
        XCTAssertEqual(budget.allowance(), .run(milliseconds: 2_000, cut: false))
        XCTAssertEqual(budget.allowance(statements: 2), .run(milliseconds: 2_000, cut: false))
    }

    func testWhatRemainsOfTheBudgetCutsTheLimitAndIsShared() {
        let budget = ReportBudget(timeLimit: 2_000, budget: 1_000)
        guard case .run(let one?, true) = budget.allowance() else { return XCTFail("\(budget.allowance())") }
        XCTAssertTrue((900...1_000).contains(one), "\(one)")
        guard case .run(let half?, true) = budget.allowance(statements: 2) else { return XCTFail("\(budget.allowance(statements: 2))") }
        XCTAssertTrue((450...500).contains(half), "\(half)")
        // No time limit: the budget is the limit.
        guard case .run(let all?, true) = ReportBudget(timeLimit: nil, budget: 1_000).allowance() else { return XCTFail() }
        XCTAssertTrue((900...1_000).contains(all), "\(all)")
    }

    func testASpentBudgetRunsNothing() {
        XCTAssertEqual(ReportBudget(timeLimit: 2_000, budget: 0).allowance(), .spent)
        XCTAssertEqual(ReportBudget(timeLimit: nil, budget: -5).allowance(statements: 3), .spent)
    }
}
