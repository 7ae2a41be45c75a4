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

    func readKey(timeout: Int?) -> KeyEvent? {
        guard !pendingKeys.isEmpty else { return nil }
        return pendingKeys.removeFirst()
    }
}
