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

    package func isWaitingForLock() -> Bool { databaseSwap.withLock { db }.isWaitingForLock }
}
