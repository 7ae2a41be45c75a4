/// Where a key goes, decided here alone: the loop forwards every key (`Event.key`), and asks
/// `keyWhileBusy` what a key typed during a query or an export does.
extension Reducer {
    /// The event a key is in the current mode: the export prompt (while it asks) and the text
    /// prompts take their keys, resizes and mouse events are themselves, the rest goes through
    /// the keymap.
    static func route(_ key: KeyEvent, terminalSize: Size, in state: AppState) -> Event {
        if case .mouse(let x, let y, let kind) = key { return .mouse(x: x, y: y, kind: kind) }
        if case .export(let prompt) = state.mode, prompt.takesKeys { return .promptKey(key) }
        if key == .resize { return .resized(terminalSize) }
        switch state.mode {
        case .prompt, .jumpList: return .promptKey(key)
        default: break
        }
        if let digit = countDigit(key, in: state) { return .countDigit(digit) }
        if let action = Keymap.action(for: key) { return .action(action) }
        return .unboundKey(key.label)
    }

    /// What a key does while a query or an export of the user's runs.
    enum BusyKey: Sendable, Equatable {
        /// Applied at once (a resize).
        case handle(Event)
        /// Esc, Ctrl-C: cancel, and forget the keys typed meanwhile.
        case cancel
        /// `q` (outside a prompt): cancel, then quit (after a query; an export only cancels).
        case cancelThenQuit
        /// Waits its turn.
        case wait
    }

    static func keyWhileBusy(_ key: KeyEvent, terminalSize: Size, in state: AppState) -> BusyKey {
        if key == .resize { return .handle(.resized(terminalSize)) }
        if key == .escape || key == .control("c") { return .cancel }
        if !state.takesText && Keymap.action(for: key) == .quit { return .cancelThenQuit }
        return .wait
    }
}
