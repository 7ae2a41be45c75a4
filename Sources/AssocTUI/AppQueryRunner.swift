import AssocCore
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value handed to the worker thread. Sound because the loop never touches the data source
/// (nor its connection) while the worker runs, except `interrupt()`, which SQLite allows.
final class WorkerBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The outcome of one query run on the worker thread, behind a mutex: the loop looks at it
/// between two key reads without blocking (a semaphore's zero-timeout wait can block until the
/// worker signals, and costs a system call each time).
final class QueryJob: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var stored: Result<Event, Error>?
    private var finished = false

    init() {
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Called once by the worker.
    func finish(_ outcome: Result<Event, Error>) {
        pthread_mutex_lock(lock)
        stored = outcome
        finished = true
        pthread_mutex_unlock(lock)
    }

    /// Whether the worker is done; `outcome` is final once this is true.
    var isDone: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return finished
    }

    var outcome: Result<Event, Error>? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return stored
    }
}

extension BrowserApp {
    /// How long (ms) the loop waits for the worker between two interrupts of a cancelled query,
    /// and at most between two looks at the worker when no wakeup pipe could be made.
    static let resultPoll = 2

    /// Runs `body` (the data source work of `effect`) on a worker thread while the loop keeps the
    /// screen alive: it reads keys until the worker's result wakes it, and redraws a spinner every
    /// `pollInterval` ms. Esc or Ctrl-C interrupts the query (`.queryCancelled`: the reducer puts
    /// the previous view back); other keys wait in the type-ahead queue. During a deferred effect
    /// (a count) keys are handled at once; the count goes on until a key needs the database (a page
    /// to load, a view to open) or quits: then it is interrupted and queued again, and the held
    /// effects run.
    func runQuery(_ effect: Effect, _ body: @escaping (BrowserDataSource) throws -> Event) {
        let preemptible = effect.isDeferred
        dispatch(.queryStarted(QueryActivity(label: QueryActivity.label(for: effect), isBackground: preemptible)))
        let job = QueryJob()
        let work = WorkerBox({ [dataSource] in try body(dataSource) })
        let wakeup = self.wakeup
        DispatchQueue.global(qos: .userInitiated).async {
            job.finish(Result { try work.value() })
            wakeup.signal()
        }
        var cancelled = false
        var preempted = false
        let clock = ContinuousClock()
        var lastTick = clock.now
        // The result shows as soon as it is ready (the worker wakes the key read); the spinner
        // shows once the query has run `pollInterval` ms (a quick one draws no frame) and moves
        // as often.
        isRunningInBackground = preemptible
        while !job.isDone {
            if cancelled || preempted {
                // Again and again: the worker may have been between two statements.
                dataSource.interrupt()
                _ = wakeup.wait(timeout: Self.resultPoll)
                continue
            }
            if clock.now - lastTick >= .milliseconds(pollInterval) {
                lastTick = clock.now
                dispatch(.queryTick)
                let waiting = dataSource.isWaitingForLock()
                if waiting != state.activity?.isWaitingForLock { dispatch(.queryWaitingForLock(waiting)) }
                terminal.draw(ScreenRenderer.render(state))
            }
            let untilTick = max(0, pollInterval - Self.milliseconds(clock.now - lastTick))
            let timeout = wakeup.isWorking ? untilTick : min(untilTick, Self.resultPoll)
            guard let key = terminal.readKey(timeout: timeout, wakingOn: wakeup) else { continue }
            if preemptible {
                // Moving over loaded rows needs no query: the count goes on.
                handle(key)
                if heldEffects.isEmpty && !state.isFinished {
                    terminal.draw(ScreenRenderer.render(state))
                } else {
                    preempted = true
                    dataSource.interrupt()
                }
            } else if key == .escape || key == .control("c") {
                cancelled = true
                typeahead.removeAll()
                dataSource.interrupt()
            } else if state.prompt == nil && state.exportPrompt == nil && Keymap.action(for: key) == .quit {
                // `q` does not wait for the query (a lock can hold it for seconds): cancel, then quit.
                cancelled = true
                typeahead = [key]
                dataSource.interrupt()
            } else {
                typeahead.append(key)
            }
        }
        isRunningInBackground = false
        finish(effect, job.outcome, cancelled: cancelled, preempted: preempted)
        let held = heldEffects
        heldEffects = []
        perform(held)
    }

    private func finish(_ effect: Effect, _ outcome: Result<Event, Error>?, cancelled: Bool, preempted: Bool) {
        switch outcome {
        case .success(let event):
            // It completed before the interrupt landed: keep its result.
            dispatch(.queryFinished)
            dispatch(event)
        case .failure(let error) where cancelled || preempted:
            if cancelled {
                dispatch(.queryCancelled(effect))
            } else {
                dispatch(.queryFinished)
                requeue(effect)
            }
            _ = error
        case .failure(let error):
            if case .countTable(let name) = effect {
                // A table that cannot be counted (a missing virtual table module) shows "?".
                dispatch(.queryFinished)
                dispatch(.tableCounted(name, nil))
            } else if effect.isDeferred {
                // A count past its time budget (or failing): say which, the view stays usable.
                dispatch(.queryFailed(effect, QueryActivity.label(for: effect) + ": " + Self.message(for: error)))
            } else {
                dispatch(.queryFailed(effect, Self.message(for: error)))
            }
        case nil:
            dispatch(.queryFinished)
        }
    }

    /// A duration in whole milliseconds.
    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// The text of a query error for the message line.
    static func message(for error: Error) -> String {
        AssocError.message(for: error)
    }

    /// Polls `PRAGMA data_version` (no query is running): a change by another connection shows
    /// "Data changed — R to refresh".
    func checkDataVersion() {
        guard let version = dataSource.dataVersion() else { return }
        if let last = lastDataVersion, last != version {
            dispatch(.dataChanged)
        }
        lastDataVersion = version
    }
}
