import CNcurses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real terminal, with curses started at the first draw or key read instead of up front.
/// The browser asks for its first page before it draws anything, so curses' start-up (terminfo,
/// screens, modes: about a millisecond) runs while the worker thread reads that page. Until then
/// the size is the kernel's; if curses finds another one (`LINES`/`COLUMNS`), the first key read
/// reports a resize.
final class DeferredCursesTerminal: Terminal {
    private var terminal: NcursesTerminal?
    private var startError: Error?
    private let kernelSize: Size
    private var pendingResize = false

    /// Fails at once when stdin or stdout is not a terminal, or when `TERM` names no terminal
    /// type that can move the cursor.
    init() throws {
        try NcursesTerminal.checkTTY()
        try NcursesTerminal.checkTerminalType()
        var rows: Int32 = 0
        var columns: Int32 = 0
        kernelSize =
            assoc_window_size(&rows, &columns) == 0 && rows > 0 && columns > 0
            ? Size(width: Int(columns), height: Int(rows)) : Size(width: 80, height: 24)
    }

    /// Curses, started now if it was not yet; nil when it could not start (`error` says why).
    private func started() -> NcursesTerminal? {
        if let terminal { return terminal }
        guard startError == nil else { return nil }
        do {
            let terminal = try NcursesTerminal()
            self.terminal = terminal
            pendingResize = terminal.size != kernelSize
            return terminal
        } catch {
            startError = error
            return nil
        }
    }

    /// Why curses could not start, if it could not: the browser reports it after its loop ends
    /// (every key read then finds the input ended).
    var error: Error? { startError }

    var size: Size { terminal?.size ?? kernelSize }

    func draw(_ buffer: ScreenBuffer) {
        // A frame of the kernel's size when curses found another: the resize redraws it.
        guard let terminal = started(), !pendingResize else { return }
        terminal.draw(buffer)
    }

    func copyWithOSC52(_ text: String) {
        started()?.copyWithOSC52(text)
    }

    func readKey(timeout: Int?, wakingOn wakeup: Wakeup?) -> KeyEvent? {
        guard let terminal = started() else { return nil }
        if pendingResize {
            pendingResize = false
            return .resize
        }
        return terminal.readKey(timeout: timeout, wakingOn: wakeup)
    }

    /// Gives the terminal back as it was, if curses started.
    func close() {
        terminal?.close()
    }
}
