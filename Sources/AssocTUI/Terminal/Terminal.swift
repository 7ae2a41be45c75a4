/// A size in cells.
struct Size: Sendable, Hashable {
    var width: Int
    var height: Int
}

/// What the browser needs from a terminal: its size, a way to show a screen, and keys.
/// `NcursesTerminal` is the real one; the tests have a fake one that records what is drawn.
protocol Terminal: AnyObject {
    var size: Size { get }
    /// Shows `buffer` (its size should be `size`; extra cells are clipped).
    func draw(_ buffer: ScreenBuffer)
    /// The next key, waiting at most `timeout` milliseconds (nil: wait as long as it takes), or
    /// nil as soon as `wakeup` is signalled (a query's result is ready).
    /// Nil without a timeout or wakeup means input has ended: the browser then quits.
    func readKey(timeout: Int?, wakingOn wakeup: Wakeup?) -> KeyEvent?
    /// Sends `text` to the terminal's clipboard with OSC 52 (only on the user's `y`).
    func copyWithOSC52(_ text: String)
}

extension Terminal {
    /// The next key within `timeout` milliseconds (nil: no limit).
    func readKey(timeout: Int?) -> KeyEvent? { readKey(timeout: timeout, wakingOn: nil) }
}
