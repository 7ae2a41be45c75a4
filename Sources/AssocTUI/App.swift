import AssocCore
import Dispatch

/// The terminal browser.
package enum Browser {
    /// Browses `connection` in the terminal until the user quits; the terminal is restored on
    /// every exit path. `title` starts the breadcrumb (usually the file name); `initialTable`, when
    /// given, is opened at start instead of leaving the user in the table list.
    /// `graph`, when given, holds the schema already read from `connection` and the associations
    /// to show (declared ones included); otherwise the schema is read and its associations inferred.
    /// `makeGraph` makes the associations of a schema read again (after another process changed
    /// it); by default they are inferred.
    /// `osc52`: `y` copies through the terminal (OSC 52) rather than a clipboard command.
    package static func run(
        connection: Connection, graph: AssociationGraph? = nil, makeGraph: ((Schema) throws -> AssociationGraph)? = nil,
        title: String, initialTable: String? = nil, osc52: Bool = false, history: Bool = true
    ) throws {
        RequestDataSource.configure(connection)
        let database = try graph.map { Database(connection: connection, graph: $0) } ?? Database(connection: connection)
        let dataSource = RequestDataSource(database: database)
        if let makeGraph { dataSource.makeGraph = makeGraph }
        try run(dataSource: dataSource, title: title, initialTable: initialTable, osc52: osc52, history: history)
    }

    /// Browses `connection` from its table names alone (`tables`: names and kinds in schema order):
    /// the first screen shows them at once, and the rest of the schema is read in the background,
    /// or by the first query that needs it (a schema of thousands of tables takes seconds).
    package static func run(
        connection: Connection, deferringSchemaWith tables: [(name: String, kind: TableInfo.Kind)], title: String,
        initialTable: String? = nil, osc52: Bool = false, history: Bool = true
    ) throws {
        RequestDataSource.configure(connection)
        let summaries = tables.map { TableSummary(name: $0.name, kind: $0.kind) }
        let dataSource = RequestDataSource(connection: connection, deferringSchemaWith: summaries)
        try run(dataSource: dataSource, title: title, initialTable: initialTable, osc52: osc52, history: history)
    }

    /// Browses any data source. `history`: the prompts' texts are read from and kept in the
    /// history file (`HistoryFile`), unless `ASSOC_HISTORY=0`.
    package static func run(
        dataSource: BrowserDataSource, title: String, initialTable: String? = nil, osc52: Bool = false, history: Bool = true
    ) throws {
        // Queries run on a worker thread, whose first start can take milliseconds: it starts now,
        // not when the first page is asked for.
        DispatchQueue.global(qos: .userInitiated).async {}
        // Curses starts at the first draw: after the first page was asked for, while it is read.
        let terminal = try DeferredCursesTerminal()
        defer { terminal.close() }
        let app = BrowserApp(dataSource: dataSource, terminal: terminal, title: title)
        app.idlePoll = 500
        app.initialTable = initialTable
        app.clipboard = SystemClipboard(osc52: osc52, terminal: terminal)
        if history, let path = HistoryFile.defaultPath() { app.startHistory(HistoryFile(path: path)) }
        app.run()
        if let error = terminal.error { throw error }
    }
}

/// The loop: one event at a time — a key, a worker's result or progress, a spinner tick, a
/// resize, an idle poll — into `Reducer.reduce`; the effects it returns go out to the worker
/// (queries, counts, export) or run at once (reading the schema, the request line, the Swift
/// code). Nothing reads keys or draws anywhere else. Deferred effects (counts) wait in a queue
/// and start when no key is waiting. Works with any `Terminal`, so tests drive it with a fake one.
final class BrowserApp {
    /// Changed only through `dispatch` (the reducer).
    private(set) var state: AppState
    let dataSource: BrowserDataSource
    let terminal: Terminal
    /// What runs when: the effects held for the worker and the deferred queue (the policy is
    /// `EffectSchedule`'s; the loop carries it out).
    var schedule = EffectSchedule()
    /// Deferred effects, most urgent first.
    var deferred: [Effect] { schedule.deferred }
    /// How long (ms) between two spinner frames while a query runs.
    var pollInterval = 50
    /// When set, an idle key read gives up after this many ms to poll `PRAGMA data_version`.
    var idlePoll: Int?
    /// Keys typed while a query ran, handled in order once it is done.
    var typeahead: [KeyEvent] = []
    /// The last `PRAGMA data_version` seen.
    var lastDataVersion: Int?
    /// A table to open once the table list is loaded.
    var initialTable: String?
    /// Where `y` copies to.
    lazy var clipboard: Clipboard = SystemClipboard(osc52: false, terminal: terminal)
    /// Where the prompts' texts are kept across runs; nil: not kept (tests, `--no-history`).
    var historyFile: HistoryFile?
    /// The job on the worker thread, if any, and how it is being stopped.
    var job: WorkerJob?
    var jobCancelled = false
    var jobPreempted = false
    /// The last spinner frame (or the job's start).
    var lastTick = ContinuousClock.now
    /// When the running job started, and whether it was reported past `budgetMilliseconds`.
    var jobStarted = ContinuousClock.now
    var jobReportedPastBudget = false
    /// After this many ms a cardinality profile's count is reported still counting (`queryPastBudget`).
    var budgetMilliseconds = ReadLimits.countBudgetMilliseconds
    /// Signalled by the worker when a job's result (or progress) is ready.
    let wakeup = Wakeup()
    /// The terminal has no more input: the loop ends.
    private var inputEnded = false
    /// Idle reads that failed at once in a row (input gone).
    private var quickTimeouts = 0

    init(dataSource: BrowserDataSource, terminal: Terminal, title: String) {
        self.dataSource = dataSource
        self.terminal = terminal
        self.state = AppState(title: title, size: terminal.size)
    }

    /// Keeps the prompts' texts in `file` from now on, and gives the prompts the texts earlier
    /// runs kept (the file bounded first); a file that cannot be read is said in the status line.
    func startHistory(_ file: HistoryFile) {
        historyFile = file
        file.compact()
        let (entries, note) = file.load()
        state.promptHistory = entries
        if let note { state.message = StatusMessage(text: note, isError: true) }
    }

    /// Loads the table list, then turns the loop until quit or the end of input.
    func run() {
        start()
        while !state.isFinished && !inputEnded {
            turn(startingDeferred: true)
        }
        // The worker may hold the connection: it ends before the caller closes it.
        while let job {
            if !job.isDone { cancelJob() }
            _ = wakeup.wait(timeout: Self.resultPoll)
            if job.isDone { self.job = nil }
        }
    }

    /// First load: the table list, then the initial table when one was asked for.
    func start() {
        perform([.loadTables])
        if let initialTable {
            dispatch(.openTable(initialTable))
        }
    }

    /// Draws the screen, then takes one event, waiting for it when none is ready.
    private func turn(startingDeferred: Bool) {
        terminal.draw(ScreenRenderer.render(state))
        if let job {
            waitForJob(job)
            return
        }
        if !schedule.held.isEmpty {
            perform(schedule.takeHeld())
            return
        }
        if !typeahead.isEmpty {
            handle(typeahead.removeFirst())
            return
        }
        if startingDeferred && !deferred.isEmpty {
            if let key = terminal.readKey(timeout: 0) {
                handle(key)
                handleTypedText()
            } else {
                runDeferred(waiting: false)
            }
            return
        }
        guard startingDeferred else { return }
        readIdle()
    }

    /// Waits for a key with nothing running; with `idlePoll`, looks at `PRAGMA data_version` between keys.
    private func readIdle() {
        guard let idlePoll else {
            guard let key = terminal.readKey(timeout: nil) else {
                inputEnded = true
                return
            }
            handle(key)
            handleTypedText()
            return
        }
        let clock = ContinuousClock()
        let started = clock.now
        if let key = terminal.readKey(timeout: idlePoll) {
            quickTimeouts = 0
            handle(key)
            handleTypedText()
        } else {
            // Input gone: reads fail at once instead of timing out.
            quickTimeouts = clock.now - started < .milliseconds(idlePoll / 2) ? quickTimeouts + 1 : 0
            if quickTimeouts > 20 { inputEnded = true }
        }
        checkDataVersion()
    }

    /// One key press.
    func handle(_ key: KeyEvent) {
        if let job, !job.isBackground {
            // A query of the user's runs: the key waits its turn (the loop's own reads cancel
            // it on Esc: see `waitForJob`).
            typeahead.append(key)
            return
        }
        dispatch(.key(key, terminalSize: terminal.size))
    }

    /// While a prompt is open, the characters already waiting (a paste) are taken in before the
    /// next frame, for up to 50 ms at a time: one frame for a burst, not one per character.
    func handleTypedText() {
        let clock = ContinuousClock()
        let started = clock.now
        while state.takesText || state.exportPrompt != nil, typeahead.isEmpty, job == nil, !state.isFinished,
            clock.now - started < .milliseconds(50), let key = terminal.readKey(timeout: 0)
        {
            handle(key)
        }
    }

    func dispatch(_ event: Event) {
        perform(Reducer.reduce(&state, event))
    }

    /// Turns the loop until nothing runs, waits or is queued (tests, and callers without a
    /// terminal loop): keys already typed are read as the loop reads them.
    func runAllDeferred() {
        while !state.isFinished, job != nil || !schedule.held.isEmpty || !typeahead.isEmpty || !deferred.isEmpty {
            turn(startingDeferred: true)
        }
    }

    /// Turns the loop until the worker is idle and no key waits, without starting a count.
    func runForeground() {
        while !state.isFinished, job != nil || !schedule.held.isEmpty || !typeahead.isEmpty {
            turn(startingDeferred: false)
        }
    }

    /// Starts the most urgent deferred effect; unless `waiting` is false, turns the loop until it
    /// (and what the keys typed meanwhile asked for) is done.
    func runDeferred(waiting: Bool = true) {
        guard job == nil, let effect = schedule.next() else { return }
        execute(effect)
        if waiting { runForeground() }
    }

    func perform(_ effects: [Effect]) {
        for effect in effects {
            if case .quit = effect {
                if job != nil { cancelJob() }
                continue
            }
            switch effect {
            case .stopSummary:
                stopSummary()
                continue
            case .stopCardinality:
                stopCardinality()
                continue
            case .stopOrphanCount(let association):
                stopOrphanCount(association)
                continue
            default:
                break
            }
            switch EffectSchedule.route(effect, workerBusy: job != nil) {
            case .queue:
                enqueue(effect)
            case .hold:
                // The worker is busy: a count gives way, a query of the user's finishes first.
                schedule.held.append(effect)
                preemptJob()
            case .run:
                execute(effect)
            }
        }
    }

    /// Queues a deferred effect (`EffectSchedule.enqueue`); a background job without a time
    /// limit that this effect outranks gives way (`EffectSchedule.preempts`).
    func enqueue(_ effect: Effect) {
        schedule.enqueue(effect)
        if let job, job.isBackground, !job.isDone, EffectSchedule.preempts(effect, running: job.effect) { preemptJob() }
    }

    /// The cardinality view was closed before its profile came: its count stops (running) or
    /// is dropped (waiting).
    func stopCardinality() {
        schedule.drop { if case .loadCardinality = $0 { return true } else { return false } }
        if let job, case .loadCardinality = job.effect { cancelJob() }
    }

    /// The link left the Links pane: its count to the end stops (running) or is dropped (waiting).
    func stopOrphanCount(_ association: Association) {
        schedule.drop { $0 == .finishOrphanCount(association) }
        if let job, job.effect == .finishOrphanCount(association) { cancelJob() }
    }

    /// The summary was closed (Esc): the column it computes is interrupted, the ones waiting are
    /// dropped from the deferred queue.
    func stopSummary() {
        schedule.drop { if case .summarizeColumn = $0 { return true } else { return false } }
        if let job, case .summarizeColumn = job.effect { cancelJob() }
    }

    /// Runs an effect with the worker idle: at once when it is quick, else as a job.
    private func execute(_ effect: Effect) {
        switch effect {
        case .quit:
            return
        case .readLabels(let reads):
            (dataSource as? RequestDataSource)?.readsLabels = reads
        case .saveHistory(let kind, let text):
            historyFile?.append(text, kind: kind)
        case .copy(let text, let what):
            let count = text.count == 1 ? "1 character" : "\(text.count) characters"
            do {
                let how = try clipboard.copy(text)
                dispatch(.copied(StatusMessage(text: "Copied \(what) (\(count)) \(how)", isError: false)))
            } catch let error as ClipboardError {
                dispatch(.copied(StatusMessage(text: "Not copied: \(error.message)", isError: true)))
            } catch {
                dispatch(.copied(StatusMessage(text: "Not copied: \(error)", isError: true)))
            }
        case .swiftCode, .loadSchemaMap:
            runTool(effect)
        case .export, .countSubset:
            startExport(effect)
        case .loadRequestText, .checkView, .parseRequest:
            runPrompt(effect)
        case .loadTables:
            // The schema read at start: no statement to run, so no worker thread and no spinner.
            do {
                dispatch(.tablesLoaded(try dataSource.tables(), graph: dataSource.graph))
            } catch {
                dispatch(.queryFailed(effect, Self.message(for: error)))
            }
            if dataSource.isSchemaPending { perform([.readSchema]) }
        case .readSchema:
            startJob(effect) { source, _ in
                try source.readSchema()
                return .schemaRead(try source.tables(), graph: source.graph)
            }
        case .refresh(let view):
            // Like the first schema read: on the loop (the poll sees nothing in between).
            do {
                let result = try dataSource.refresh(keeping: view)
                lastDataVersion = dataSource.dataVersion()
                dispatch(.refreshed(result, view: view))
            } catch {
                dispatch(.queryFailed(effect, Self.message(for: error)))
            }
        case .openView(let view, let limit):
            startJob(effect) { source, _ in
                .viewOpened(view, page: try source.page(of: view, offset: 0, limit: limit, totalCount: nil), limit: limit)
            }
        case .loadPage(let view, let position, let limit, let total, let anchors):
            startJob(effect) { source, _ in
                .pageLoaded(view, try source.page(of: view, at: position, limit: limit, totalCount: total, anchors: anchors))
            }
        case .countView(let view):
            guard state.rows?.view == view else { return }
            startJob(effect) { source, _ in .viewCounted(view, try source.count(of: view)) }
        case .countTable(let name):
            startJob(effect) { source, _ in .tableCounted(name, try source.countRows(ofTable: name)) }
        case .find(let view, let text, let from, let backward, let anchor):
            startJob(effect) { source, _ in
                .found(
                    view, try source.find(text, in: view, after: from, at: anchor, backward: backward), from: from,
                    backward: backward)
            }
        case .loadFrequencies(let query, let offset, let limit):
            startJob(effect) { source, _ in
                let page = try source.frequencies(query, offset: offset, limit: limit)
                return .frequenciesLoaded(query, page, labels: source.frequencyLabels(query, page: page))
            }
        case .loadSummarySource(let view):
            startJob(effect) { source, _ in .summarySourceLoaded(view, try source.summarySource(of: view)) }
        case .summarizeColumn(let view, let summarySource, let index, let parts):
            // Dropped when the summary was closed while it waited.
            guard state.summary?.view == view else { return }
            startJob(effect) { source, _ in
                .columnSummarized(view, try source.summarizeColumn(index, of: summarySource, parts: parts))
            }
        case .stopSummary:
            stopSummary()
        case .countOrphans(let association):
            startJob(effect) { source, _ in .orphansCounted(try source.countOrphans(of: association, toTheEnd: false)) }
        case .finishOrphanCount(let association):
            // Dropped when the link left the pane (or was counted) while it waited.
            guard state.orphans.marks[OrphanMarks.key(of: association)] == .stillCounting else { return }
            startJob(effect) { source, _ in .orphansCounted(try source.countOrphans(of: association, toTheEnd: true)) }
        case .stopOrphanCount(let association):
            stopOrphanCount(association)
        case .stopCardinality:
            stopCardinality()
        case .suggestLinks:
            startJob(effect) { source, _ in .linksSuggested(try source.suggestLinks()) }
        case .acceptSuggestion(let suggestion, let view):
            // Like `R`: on the loop, the worker idle (the associations are replaced).
            do {
                dispatch(.refreshed(try dataSource.accept(suggestion, keeping: view), view: view))
            } catch {
                dispatch(.queryFailed(effect, Self.message(for: error)))
            }
        case .loadCardinality(let association):
            guard state.cardinality?.association == association else { return }
            startJob(effect) { source, _ in .cardinalityLoaded(try source.cardinalityProfile(of: association)) }
        case .jumpToKey(let view, let key):
            startJob(effect) { source, _ in .jumped(view, key: key, try source.jump(toKey: key, in: view)) }
        case .goToRow(let view, let row):
            startJob(effect) { source, _ in .wentToRow(view, row: row, try source.goToRow(row, in: view)) }
        case .locateRow(let view, let values):
            guard state.rows?.view == view, state.rows?.relative?.values == values else { return }
            startJob(effect) { source, _ in .rowLocated(view, try source.locate(values, in: view)) }
        case .countLinks(let asked, let links, let columns, let values):
            guard state.rows?.view == asked.view, state.rows?.cursor.index == asked.rowIndex else { return }
            startJob(effect) { source, _ in
                var counts = asked
                counts.counts = try source.linkCounts(of: asked.view, columns: columns, values: values, links: links)
                return .linksCounted(counts)
            }
        }
    }

    private func runPrompt(_ effect: Effect) {
        do {
            switch effect {
            case .loadRequestText(let view):
                dispatch(.requestTextLoaded(view, try dataSource.requestText(for: view)))
            case .checkView(let view):
                dispatch(.viewChecked(try dataSource.check(view)))
            case .parseRequest(let text, let current):
                dispatch(.viewChecked(try dataSource.view(parsing: text, from: current)))
            default:
                return
            }
        } catch let error as RequestSyntaxError {
            dispatch(.promptFailed(error.message, column: error.column))
        } catch AssocError.syntax(let error) {
            dispatch(.promptFailed(error.message, column: error.column))
        } catch {
            dispatch(.promptFailed(AssocError.message(for: error), column: nil))
        }
    }
}
