import Foundation
@testable import AssocTUI

/// A terminal made of data, for tests: keys are queued in advance, drawn screens are kept.
final class FakeTerminal: Terminal {
    var size: Size
    var pendingKeys: [KeyEvent]
    private(set) var drawn: [ScreenBuffer] = []

    init(width: Int, height: Int, keys: [KeyEvent] = []) {
        self.size = Size(width: width, height: height)
        self.pendingKeys = keys
    }

    /// The last screen drawn.
    var screen: ScreenBuffer? { drawn.last }

    func draw(_ buffer: ScreenBuffer) {
        drawn.append(buffer)
    }

    /// What was sent with OSC 52.
    private(set) var osc52: [String] = []

    func copyWithOSC52(_ text: String) {
        osc52.append(text)
    }

    /// When true (the default) a read with a timeout (no key waiting, or a query running) finds no key, so the app
    /// finishes its deferred work (counts) before each key: a user typing slower than SQLite.
    var settlesBeforeEachKey = true

    func readKey(timeout: Int?, wakingOn wakeup: Wakeup?) -> KeyEvent? {
        if pendingKeys.isEmpty || (timeout != nil && settlesBeforeEachKey) {
            // No key for now: a running query's result is awaited as the real terminal would.
            if let wakeup, timeout != nil { _ = wakeup.wait(timeout: timeout) }
            return nil
        }
        return pendingKeys.removeFirst()
    }
}
