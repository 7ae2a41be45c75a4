import AssocCore
import Dispatch

/// The terminal browser.
package enum Browser {
    /// Browses `connection` in the terminal until the user quits; the terminal is restored on
    /// every exit path. `title` starts the breadcrumb (usually the file name); `initialTable`, when
    /// given, is opened at start instead of leaving the user in the table list.
    /// `graph`, when given, holds the schema already read from `connection` and the associations
    /// to show (declared ones included); otherwise the schema is read and its associations inferred.
    package static func run(connection: Connection, graph: AssociationGraph? = nil, title: String, initialTable: String? = nil) throws {
        // Counting a big table reads all of it through SQLite's page cache (2 MB by default): a
        // 512 KiB cache keeps the browser's memory flat in the table's size. Pages are read a
        // window at a time, so nothing else needs more.
        try? connection.execute("PRAGMA cache_size = -512")
        let database = try graph.map { Database(connection: connection, graph: $0) } ?? Database(connection: connection)
        let dataSource = RequestDataSource(database: database)
        try run(dataSource: dataSource, title: title, initialTable: initialTable)
    }

    /// Browses any data source.
    package static func run(dataSource: BrowserDataSource, title: String, initialTable: String? = nil) throws {
        // Queries run on a worker thread, whose first start can take milliseconds: it starts now,
        // not when the first page is asked for.
        DispatchQueue.global(qos: .userInitiated).async {}
        // Curses starts at the first draw: after the first page was asked for, while it is read.
        let terminal = try DeferredCursesTerminal()
        defer { terminal.close() }
        let app = BrowserApp(dataSource: dataSource, terminal: terminal, title: title)
        app.idlePoll = 500
        app.initialTable = initialTable
        app.run()
        if let error = terminal.error { throw error }
    }
}

/// The loop: key → action → reduce → effects (through the data source) → render → draw.
/// Deferred effects (counts) wait in a queue and run one at a time when no key is waiting, after
/// the screen is drawn. Works with any `Terminal`, so tests drive it with a fake terminal.
final class BrowserApp {
    private(set) var state: AppState
    let dataSource: BrowserDataSource
    let terminal: Terminal
    /// Deferred effects, most urgent first.
    private(set) var deferred: [Effect] = []
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
    /// True while a deferred effect (a count) runs on the worker: keys are handled meanwhile, and
    /// the effects they ask for wait in `heldEffects` (the connection is busy).
    var isRunningInBackground = false
    /// Effects asked for while a count ran: the count gives way to them.
    var heldEffects: [Effect] = []
    /// Signalled by the worker when a query's result is ready.
    let wakeup = Wakeup()

    init(dataSource: BrowserDataSource, terminal: Terminal, title: String) {
        self.dataSource = dataSource
        self.terminal = terminal
        self.state = AppState(title: title, size: terminal.size)
    }

    /// Loads the table list, then draws and handles keys until quit or the end of input.
    func run() {
        start()
        var quickTimeouts = 0
        while !state.isFinished {
            terminal.draw(ScreenRenderer.render(state))
            if !typeahead.isEmpty {
                handle(typeahead.removeFirst())
                continue
            }
            if !deferred.isEmpty {
                if let key = terminal.readKey(timeout: 0) {
                    handle(key)
                    handleTypedText()
                } else {
                    runDeferred()
                }
                continue
            }
            if let idlePoll {
                let clock = ContinuousClock()
                let started = clock.now
                if let key = terminal.readKey(timeout: idlePoll) {
                    quickTimeouts = 0
                    handle(key)
                    handleTypedText()
                } else {
                    // Input gone: reads fail at once instead of timing out.
                    quickTimeouts = clock.now - started < .milliseconds(idlePoll / 2) ? quickTimeouts + 1 : 0
                    if quickTimeouts > 20 { break }
                }
                checkDataVersion()
                continue
            }
            guard let key = terminal.readKey(timeout: nil) else { break }
            handle(key)
            handleTypedText()
        }
    }

    /// Queues a deferred effect again (a count interrupted by a key).
    func requeue(_ effect: Effect) {
        enqueue(effect)
    }

    /// First load: the table list, then the initial table when one was asked for.
    func start() {
        perform([.loadTables])
        if let initialTable {
            perform(Reducer.openTable(&state, named: initialTable))
        }
    }

    /// One key press.
    func handle(_ key: KeyEvent) {
        if case .mouse(let x, let y, let kind) = key {
            dispatch(.mouse(x: x, y: y, kind: kind))
        } else if state.exportPrompt?.takesKeys == true {
            dispatch(.promptKey(key))
        } else if key == .resize {
            dispatch(.resized(terminal.size))
        } else if state.prompt != nil {
            dispatch(.promptKey(key))
        } else if let action = Keymap.action(for: key) {
            dispatch(.action(action))
        } else {
            state.message = StatusMessage(text: "\(key.label): no action (? shows the keys)", isError: false)
        }
    }

    /// While a prompt is open, the characters already waiting (a paste) are taken in before the
    /// next frame, for up to 50 ms at a time: one frame for a burst, not one per character.
    func handleTypedText() {
        let clock = ContinuousClock()
        let started = clock.now
        while state.prompt != nil || state.exportPrompt != nil, typeahead.isEmpty, !state.isFinished,
              clock.now - started < .milliseconds(50), let key = terminal.readKey(timeout: 0) {
            handle(key)
        }
    }

    func dispatch(_ event: Event) {
        perform(Reducer.reduce(&state, event))
    }

    /// Runs every deferred effect now (tests, and callers without a terminal loop).
    func runAllDeferred() {
        while !deferred.isEmpty { runDeferred() }
    }

    /// Runs the most urgent deferred effect.
    func runDeferred() {
        guard !deferred.isEmpty else { return }
        let effect = deferred.removeFirst()
        run(effect)
    }

    func perform(_ effects: [Effect]) {
        for effect in effects {
            if effect.isDeferred {
                enqueue(effect)
            } else if isRunningInBackground {
                heldEffects.append(effect)
            } else {
                run(effect)
            }
        }
    }

    /// Queues a deferred effect: view counts first, then the selected row's link counts (only the
    /// latest), then table counts.
    private func enqueue(_ effect: Effect) {
        func rank(_ effect: Effect) -> Int {
            switch effect {
            case .countView: return 0
            case .countLinks: return 1
            default: return 2
            }
        }
        if case .countLinks = effect {
            deferred.removeAll { if case .countLinks = $0 { return true } else { return false } }
        }
        if deferred.contains(effect) { return }
        let index = deferred.firstIndex { rank($0) > rank(effect) } ?? deferred.count
        deferred.insert(effect, at: index)
    }

    private func run(_ effect: Effect) {
        switch effect {
        case .quit:
            return
        case .swiftCode, .loadSchemaMap, .export:
            runTool(effect)
        case .loadRequestText, .checkView, .parseRequest:
            runPrompt(effect)
        case .loadTables:
            // The schema read at start: no statement to run, so no worker thread and no spinner.
            do {
                dispatch(.tablesLoaded(try dataSource.tables(), associations: dataSource.associations()))
            } catch {
                dispatch(.queryFailed(effect, Self.message(for: error)))
            }
            dispatch(.numericColumnsLoaded(dataSource.numericColumns()))
        case .openView(let view, let limit):
            runQuery(effect) { source in
                .viewOpened(view, page: try source.page(of: view, offset: 0, limit: limit, totalCount: nil), limit: limit)
            }
        case .loadPage(let view, let offset, let limit, let total):
            runQuery(effect) { source in
                .pageLoaded(view, try source.page(of: view, offset: offset, limit: limit, totalCount: total))
            }
        case .countView(let view):
            guard state.rows?.view == view else { return }
            runQuery(effect) { source in .viewCounted(view, try source.count(of: view)) }
        case .countTable(let name):
            runQuery(effect) { source in .tableCounted(name, try source.countRows(ofTable: name)) }
        case .find(let view, let text, let from, let backward):
            runQuery(effect) { source in
                .found(view, try source.find(text, in: view, after: from, backward: backward), from: from, backward: backward)
            }
        case .jumpToKey(let view, let key):
            runQuery(effect) { source in .jumped(view, key: key, position: try source.jump(toKey: key, in: view)) }
        case .countLinks(let asked, let links, let columns, let values):
            guard state.rows?.view == asked.view, state.rows?.cursor.index == asked.rowIndex else { return }
            runQuery(effect) { source in
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
                try dataSource.check(view)
                dispatch(.viewChecked(view))
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
            if case .failed(let message) = result({ throw error }) { dispatch(.promptFailed(message, column: nil)) }
        }
    }

    private func result(_ body: () throws -> Event) -> Event {
        do {
            return try body()
        } catch {
            return .failed(AssocError.message(for: error))
        }
    }
}
