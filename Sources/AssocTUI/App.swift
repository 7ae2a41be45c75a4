import AssocCore

/// The terminal browser.
public enum Browser {
    /// Browses `connection` in the terminal until the user quits; the terminal is restored on
    /// every exit path. `title` starts the breadcrumb (usually the file name).
    public static func run(connection: Connection, title: String) throws {
        let dataSource = try PlainDataSource(connection: connection)
        try run(dataSource: dataSource, title: title)
    }

    /// Browses any data source (the request engine will provide its own).
    public static func run(dataSource: BrowserDataSource, title: String) throws {
        let terminal = try NcursesTerminal()
        defer { terminal.close() }
        let app = BrowserApp(dataSource: dataSource, terminal: terminal, title: title)
        app.run()
    }
}

/// The loop: key → action → reduce → effects (through the data source) → render → draw.
/// Works with any `Terminal`, so tests drive it with a `FakeTerminal`.
final class BrowserApp {
    private(set) var state: AppState
    let dataSource: BrowserDataSource
    let terminal: Terminal

    init(dataSource: BrowserDataSource, terminal: Terminal, title: String) {
        self.dataSource = dataSource
        self.terminal = terminal
        self.state = AppState(title: title, size: terminal.size)
    }

    /// Loads the table list, then draws and handles keys until quit or the end of input.
    func run() {
        start()
        while !state.isFinished {
            terminal.draw(ScreenRenderer.render(state))
            guard let key = terminal.readKey(timeout: nil) else { break }
            handle(key)
        }
    }

    /// First load (the table list).
    func start() {
        perform([.loadTables])
    }

    /// One key press.
    func handle(_ key: KeyEvent) {
        if key == .resize {
            dispatch(.resized(terminal.size))
        } else if let action = Keymap.action(for: key) {
            dispatch(.action(action))
        } else {
            state.message = StatusMessage(text: "\(key.label): no action (? shows the keys)", isError: false)
        }
    }

    func dispatch(_ event: Event) {
        perform(Reducer.reduce(&state, event))
    }

    private func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .quit:
                return
            case .loadTables:
                dispatch(result { .tablesLoaded(try dataSource.tables()) })
            case .openView(let view, let limit):
                dispatch(result {
                    let count = try dataSource.rowCount(of: view)
                    let page = try dataSource.page(of: view, offset: 0, limit: limit)
                    return .viewOpened(view, totalCount: count, page: page)
                })
            case .loadPage(let view, let offset, let limit):
                dispatch(result { .pageLoaded(view, try dataSource.page(of: view, offset: offset, limit: limit)) })
            case .loadLinks(let table):
                dispatch(.linksLoaded(table: table, dataSource.associations(of: table)))
            }
        }
    }

    private func result(_ body: () throws -> Event) -> Event {
        do {
            return try body()
        } catch let error as DatabaseError {
            return .failed(error.message)
        } catch {
            return .failed(String(describing: error))
        }
    }
}
