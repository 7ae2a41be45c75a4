import Foundation

@testable import AssocTUI

/// A terminal made of data, for tests: keys are queued in advance; the last screens drawn are
/// kept (a long run, the monkey's 100,000 events at up to 300×100, would otherwise hold gigabytes),
/// every one is counted and can be checked as it is drawn (`onDraw`).
final class FakeTerminal: Terminal {
    var size: Size
    /// The keys not read yet (a queue: a paste of 100,000 keys is read in linear time).
    var pendingKeys: [KeyEvent] {
        get { Array(queuedKeys[nextKey...]) }
        set {
            queuedKeys = newValue
            nextKey = 0
        }
    }
    private var queuedKeys: [KeyEvent]
    private var nextKey = 0
    /// The last `keptFrames` screens drawn, oldest first.
    private(set) var recentFrames: [ScreenBuffer] = []
    /// How many screens were drawn in all.
    private(set) var drawnCount = 0
    /// Called with every screen as it is drawn: a check over every frame of a long run.
    var onDraw: ((ScreenBuffer) -> Void)?

    static let keptFrames = 32

    init(width: Int, height: Int, keys: [KeyEvent] = []) {
        self.size = Size(width: width, height: height)
        self.queuedKeys = keys
    }

    /// The last screen drawn.
    var screen: ScreenBuffer? { recentFrames.last }

    func draw(_ buffer: ScreenBuffer) {
        drawnCount += 1
        onDraw?(buffer)
        if recentFrames.count == Self.keptFrames { recentFrames.removeFirst() }
        recentFrames.append(buffer)
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
        if nextKey == queuedKeys.count || (timeout != nil && settlesBeforeEachKey) {
            // No key for now: a running query's result is awaited as the real terminal would.
            if let wakeup, timeout != nil { _ = wakeup.wait(timeout: timeout) }
            return nil
        }
        defer { nextKey += 1 }
        return queuedKeys[nextKey]
    }
}
