/// What the mouse did: a click (button 1) or a wheel step.
enum MouseKind: Sendable, Hashable {
    case click, wheelUp, wheelDown
}
