import AssocCore
import Foundation

extension BrowserDataSource {
    /// Sources that cannot interrupt simply let the query finish.
    package func interrupt() {}
    /// Sources that cannot tell never report a change.
    package func dataVersion() -> Int? { nil }
    /// Sources without locks never wait.
    package func isWaitingForLock() -> Bool { false }
}

extension RequestDataSource {
    /// Stops the operation running on the database now (`Database.interrupt()`): its statement
    /// throws `SQLITE_INTERRUPT` (a cursor's, `CancellationError`); a later one is not affected.
    package func interrupt() {
        databaseSwap.withLock { db }.interrupt()
    }

    /// `PRAGMA data_version` of the main database (a statement of its own, finished at once: no
    /// read transaction is left open).
    /// Never waits: while another process holds the database, the poll is skipped.
    package func dataVersion() -> Int? {
        guard let rows = try? db.connection.withoutWaitingForLocks({ try db.connection.fetchAll("PRAGMA data_version") }),
            let first = rows.first?.first, case .integer(let value) = first
        else { return nil }
        return Int(value)
    }

    package func isWaitingForLock() -> Bool { databaseSwap.withLock { db }.isWaitingForLock }
}
