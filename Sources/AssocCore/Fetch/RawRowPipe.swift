import Foundation

/// One thread steps a flat statement and copies its rows into batches while the calling thread
/// writes the rows of the batch before: stepping SQLite and laying out text are each about half
/// of an export, and they overlap. Two batches go back and forth; the rows reach the writer in
/// the statement's order. A row the batches do not copy (a long cell) is written from the
/// statement itself while the stepping thread waits, inside its hold of the database's lock.
///
/// Safety (`@unchecked Sendable`): a batch is filled only after `free` says the writer is done
/// with it, and read only after `filled` says it is complete; the statement is read by the writer
/// only between `.statementRow` and `statementRowWritten`, while the stepping thread waits.
/// The rest of what both threads see is under `shared`'s lock.
final class RawRowPipe: @unchecked Sendable {
    private let cursor: RowCursor
    private let statement: Statement
    private let cellLimit: Int
    private let batches: [RawRowBatch]
    private let free = DispatchSemaphore(value: 2)
    private let filled = DispatchSemaphore(value: 0)
    private let statementRowWritten = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let shared = Locked(Shared())

    private enum Item {
        case batch(Int)
        case statementRow
        case end
    }

    private struct Shared {
        var items: [Item] = []
        /// Set by the writer when it failed: the stepping thread stops at its next batch.
        var stop = false
        var failure: Error?
    }

    init(cursor: RowCursor, statement: Statement, columnCount: Int, cellLimit: Int) {
        self.cursor = cursor
        self.statement = statement
        self.cellLimit = cellLimit
        batches = [RawRowBatch(columnCount: columnCount), RawRowBatch(columnCount: columnCount)]
    }

    /// Calls `body` with each batch in order, or with nil for a row to read from the statement;
    /// rethrows the first error of `body`, else the stepping thread's.
    func run(_ body: (RawRowBatch?) throws -> Void) throws {
        let thread = Thread { [self] in
            step()
            finished.signal()
        }
        thread.stackSize = 1 << 23
        thread.start()
        var writerFailure: Error?
        func write(_ batch: RawRowBatch?) {
            guard writerFailure == nil else { return }
            do {
                try body(batch)
            } catch {
                writerFailure = error
                shared.withLock { $0.stop = true }
            }
        }
        reading: while true {
            filled.wait()
            let item = shared.withLock { $0.items.isEmpty ? Item.end : $0.items.removeFirst() }
            switch item {
            case .batch(let index):
                write(batches[index])
                free.signal()
            case .statementRow:
                write(nil)
                statementRowWritten.signal()
            case .end:
                break reading
            }
        }
        finished.wait()
        if let writerFailure { throw writerFailure }
        if let failure = shared.withLock({ $0.failure }) { throw failure }
    }

    /// The stepping thread: batches filled a hold of the lock each, then `.end`.
    private func step() {
        var next = 0
        do {
            var more = true
            while more, !shared.withLock({ $0.stop }) {
                try cursor.checkRawCancellation()
                more = try cursor.database.perform(cursor.cancellation) { _ in
                    free.wait()
                    let index = next
                    next = 1 - next
                    let batch = batches[index]
                    batch.removeAll()
                    var more = true
                    var statementRow = false
                    do {
                        while !batch.isFull {
                            guard try statement.step() else {
                                more = false
                                break
                            }
                            if !batch.append(from: statement.handle, cellLimit: cellLimit) {
                                statementRow = true
                                break
                            }
                        }
                    } catch {
                        // The rows read before the error are written, as they would be one by one.
                        send(.batch(index))
                        throw cursor.rawFailure(error)
                    }
                    send(.batch(index))
                    if statementRow {
                        send(.statementRow)
                        statementRowWritten.wait()
                    }
                    return more
                }
            }
        } catch {
            shared.withLock { $0.failure = error }
        }
        send(.end)
    }

    private func send(_ item: Item) {
        shared.withLock { $0.items.append(item) }
        filled.signal()
    }
}
