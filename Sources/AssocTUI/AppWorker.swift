import AssocCore
import Dispatch

/// A value handed to the worker thread. Sound because, while a job runs, the loop runs no
/// statement on the data source's connection: it calls `interrupt()` and `isWaitingForLock()`
/// (safe from any thread), and reads only the schema and graph held in memory (the Swift tab,
/// the schema map, the request prompt).
final class WorkerBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// One piece of work on the worker thread: the effect it does, and what it reports, behind a
/// mutex. The loop looks at it between two events without blocking; the worker never touches
/// the state, the screen or the keys: it posts its result (and an export its progress) here and
/// wakes the loop.
final class WorkerJob: Sendable {
    let effect: Effect
    /// A count: keys are handled while it runs, and a key that needs the database interrupts it.
    let isBackground: Bool
    private struct Report {
        var stored: Result<Event, Error>?
        var finished = false
        var unreadProgress: ExportProgress?
        var cancelRequested = false
    }

    private let report = Locked(Report())

    init(effect: Effect, isBackground: Bool) {
        self.effect = effect
        self.isBackground = isBackground
    }

    /// Called once by the worker.
    func finish(_ outcome: Result<Event, Error>) {
        report.withLock {
            $0.stored = outcome
            $0.finished = true
        }
    }

    /// Whether the worker is done; `outcome` is final once this is true.
    var isDone: Bool { report.withLock { $0.finished } }
    var outcome: Result<Event, Error>? { report.withLock { $0.stored } }

    /// Called by the worker: the latest progress replaces any the loop has not read.
    func post(_ progress: ExportProgress) {
        report.withLock { $0.unreadProgress = progress }
    }

    /// The progress posted since the last call, if any.
    func takeProgress() -> ExportProgress? {
        report.withLock { report in
            defer { report.unreadProgress = nil }
            return report.unreadProgress
        }
    }

    /// Asks work that checks it (an export, between two rows and when its statement is
    /// interrupted) to stop.
    func requestCancel() {
        report.withLock { $0.cancelRequested = true }
    }

    var isCancelRequested: Bool { report.withLock { $0.cancelRequested } }

    var isExport: Bool {
        switch effect {
        case .export, .countSubset: return true
        default: return false
        }
    }
}

extension BrowserApp {
    /// How long (ms) the loop waits for the worker between two interrupts of a cancelled query,
    /// and at most between two looks at the worker when no wakeup pipe could be made.
    static let resultPoll = 2

    /// Starts `body` (the data source work of `effect`) on the worker thread. The loop goes on:
    /// the result arrives as an event (`finishJob`). `announce`: show the spinner (a query).
    func startJob(_ effect: Effect, announce: Bool = true, _ body: @escaping (BrowserDataSource, WorkerJob) throws -> Event) {
        let job = WorkerJob(effect: effect, isBackground: effect.isDeferred)
        if announce {
            dispatch(.queryStarted(QueryActivity(label: QueryActivity.label(for: effect), isBackground: job.isBackground)))
        }
        let work = WorkerBox({ [dataSource] in try body(dataSource, job) })
        let wakeup = self.wakeup
        self.job = job
        jobCancelled = false
        jobPreempted = false
        lastTick = ContinuousClock.now
        jobStarted = lastTick
        jobReportedPastBudget = false
        DispatchQueue.global(qos: .userInitiated).async {
            job.finish(Result { try work.value() })
            wakeup.signal()
        }
    }

    /// Stops the running job because the user asked (Esc, Ctrl-C, q): the reducer puts the
    /// previous view back when it ends.
    func cancelJob() {
        guard let job else { return }
        jobCancelled = true
        job.requestCancel()
        // An export too: interrupted while it counts or reads, it removes its temporary file.
        dataSource.interrupt()
    }

    /// Stops a running count so that a key's query can run; the count is queued again.
    func preemptJob() {
        guard let job, job.isBackground, !jobPreempted else { return }
        jobPreempted = true
        dataSource.interrupt()
    }

    /// The job's result, turned into events; then the effects that waited for the worker.
    func finishJob() {
        guard let job else { return }
        self.job = nil
        let effect = job.effect
        switch job.outcome {
        case .success(let event):
            // It completed before an interrupt landed: its result stands.
            dispatch(.queryFinished)
            dispatch(event)
        case .failure where jobCancelled:
            dispatch(.queryCancelled(effect))
        case .failure where jobPreempted:
            dispatch(.queryFinished)
            enqueue(effect)
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
        perform(schedule.takeHeld())
    }

    /// One look at the running job, as a turn of the loop: its result, its progress, the
    /// spinner's next frame, or a key (handled as the job allows).
    func waitForJob(_ job: WorkerJob) {
        // Progress first: the last one (all rows written) is drawn before the result.
        if let progress = job.takeProgress() {
            dispatch(.export(.progress(progress)))
            return
        }
        if job.isDone {
            finishJob()
            return
        }
        if jobCancelled || jobPreempted {
            // Again and again: the worker may have been between two statements.
            dataSource.interrupt()
            _ = wakeup.wait(timeout: Self.resultPoll)
            return
        }
        let clock = ContinuousClock()
        if !jobReportedPastBudget, case .loadCardinality = job.effect, clock.now - jobStarted >= .milliseconds(budgetMilliseconds) {
            // "still counting": the profile the user asked for goes on past the budget.
            jobReportedPastBudget = true
            dispatch(.queryPastBudget(job.effect))
        }
        if clock.now - lastTick >= .milliseconds(pollInterval), !job.isExport {
            // The spinner's next frame, drawn before the key read below.
            lastTick = clock.now
            dispatch(.queryTick)
            let waiting = dataSource.isWaitingForLock()
            if waiting != state.activity?.isWaitingForLock { dispatch(.queryWaitingForLock(waiting)) }
            terminal.draw(ScreenRenderer.render(state))
        }
        let untilTick = max(0, pollInterval - Self.milliseconds(clock.now - lastTick))
        let timeout = wakeup.isWorking ? untilTick : min(untilTick, Self.resultPoll)
        guard let key = terminal.readKey(timeout: timeout, wakingOn: wakeup) else { return }
        handleWhileBusy(key, job)
    }

    /// A key while the worker runs: during a count it is handled at once (a key that needs the
    /// database interrupts the count); during a query or an export, Esc and Ctrl-C cancel, `q`
    /// cancels then quits (an export: only cancels), a resize applies, other keys wait their turn.
    private func handleWhileBusy(_ key: KeyEvent, _ job: WorkerJob) {
        if job.isBackground {
            handle(key)
            return
        }
        switch Reducer.keyWhileBusy(key, terminalSize: terminal.size, in: state) {
        case .handle(let event):
            dispatch(event)
        case .cancel:
            cancelJob()
            typeahead.removeAll()
        case .cancelThenQuit:
            // `q` does not wait for the query (a lock can hold it for seconds): cancel, then quit.
            cancelJob()
            typeahead = job.isExport ? [] : [key]
        case .wait:
            typeahead.append(key)
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

    /// Looks for another process's changes (no query is running): the file (replaced, removed,
    /// or written under a connection that cannot see commits, which the source re-opens), the
    /// schema (read again), then `PRAGMA data_version` (a commit shows "Data changed — R to refresh").
    func checkDataVersion() {
        guard job == nil else { return }
        switch dataSource.pollChange() {
        case .data?:
            // A new connection: its data_version starts anew.
            lastDataVersion = dataSource.dataVersion()
            dispatch(.dataChanged)
            return
        case .schema?:
            dispatch(.schemaChanged)
            return
        case .replaced?:
            dispatch(.fileChanged(.replaced))
        case .removed?:
            dispatch(.fileChanged(.removed))
        case nil:
            break
        }
        guard let version = dataSource.dataVersion() else { return }
        if let last = lastDataVersion, last != version {
            dispatch(.dataChanged)
        }
        lastDataVersion = version
    }
}
