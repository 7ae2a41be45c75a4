/// Everything a user can ask the browser to do. Keys map to actions through `Keymap`;
/// the reducer gives each action its meaning.
enum Action: String, Sendable, Hashable, CaseIterable {
    case moveUp, moveDown, moveLeft, moveRight
    case firstRow, lastRow, pageUp, pageDown, halfPageUp, halfPageDown
    case firstColumn, lastColumn
    case hideColumn, showColumns, pinColumn, narrowColumn, widenColumn
    case nextPane, previousPane
    case open, back, close, quit, cancel, help
    case include, removeInclude, toggleRequired, prefetch, aggregate
    case filter, find, nextMatch, previousMatch, jumpToKey, filterOnValue, sort, addSortKey, requestLine
    case toggleSidePane, maximizeSidePane, previousTab, nextTab, sideAlternate
    case recordView, messages, schemaMap, jumpList, frequency, export, exportAll, copyCell, rerun, undo, redo
    case toggleLabels, copyRow
    case summary
    case orphans, cardinality
}

/// Groups of the help screen, in display order.
enum ActionGroup: String, Sendable, CaseIterable {
    case move = "Move"
    case columns = "Columns"
    case panes = "Panes and views"
    case links = "Links and includes"
    case query = "Filter, sort, request"
    case tools = "Tools"
}
