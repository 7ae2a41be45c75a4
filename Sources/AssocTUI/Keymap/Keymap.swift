/// One line of the binding table: the keys, the action they trigger, its help text and group,
/// and, for the few that appear there, the short label of the hint line.
struct Binding: Sendable {
    var keys: [KeyEvent]
    var action: Action
    var help: String
    var group: ActionGroup
    /// Short text for the hint line; nil keeps the binding out of it.
    var hint: String?
}

/// The one binding table: the keys most terminal data tools share (VisiData, less and vim
/// habits: `hjkl` and the arrows move, `/` finds, `q` quits, `?` helps). It drives key lookup,
/// the help screen and the hint line.
///
/// Deviations, and why: none in the keys themselves. While a query runs (spinner on the last line)
/// Esc and `Ctrl-C` cancel it; with none running `Ctrl-C` quits. `+`, `-` and `t` act on the link selected in
/// the Links pane (from the Rows pane too), since that is where includes are listed and marked.
/// `r` (the Swift tab's request-only form) is ours, as the Swift tab is: r for "request", a key
/// the peer tools (vim, less, VisiData, DB Browser…) leave free (`R` re-runs). `O` (orphans) and
/// `C` (cardinality) are ours too, free in those tools: capitals, as the other views of what the
/// data holds (`F`, `I`).
enum Keymap {
    static let bindings: [Binding] = [
        // Move
        Binding(keys: [.up, .character("k")], action: .moveUp, help: "previous row", group: .move),
        Binding(keys: [.down, .character("j")], action: .moveDown, help: "next row", group: .move),
        Binding(keys: [.left, .character("h")], action: .moveLeft, help: "previous column / scroll left", group: .move),
        Binding(keys: [.right, .character("l")], action: .moveRight, help: "next column / scroll right", group: .move),
        Binding(keys: [.character("g"), .home], action: .firstRow, help: "first row", group: .move),
        Binding(
            keys: [.character("G"), .end], action: .lastRow, help: "last row; a count before it goes to row N (250G; Esc clears the count)",
            group: .move),
        Binding(keys: [.pageUp, .control("b")], action: .pageUp, help: "page up", group: .move),
        Binding(keys: [.pageDown, .control("f")], action: .pageDown, help: "page down", group: .move),
        Binding(keys: [.control("u")], action: .halfPageUp, help: "half page up", group: .move),
        Binding(keys: [.control("d")], action: .halfPageDown, help: "half page down", group: .move),
        Binding(keys: [.character("0")], action: .firstColumn, help: "first column", group: .move),
        Binding(keys: [.character("$")], action: .lastColumn, help: "last column", group: .move),
        // Columns
        Binding(keys: [.character("x")], action: .hideColumn, help: "hide the column (a root column leaves the request's select)", group: .columns),
        Binding(keys: [.character("X")], action: .showColumns, help: "show every hidden column again", group: .columns),
        Binding(
            keys: [.character("!")], action: .pinColumn, help: "pin the column at the left (again: unpin); the key is pinned at first",
            group: .columns),
        Binding(keys: [.character("<")], action: .narrowColumn, help: "narrow the column", group: .columns),
        Binding(keys: [.character(">")], action: .widenColumn, help: "widen the column", group: .columns),
        // Panes and views
        Binding(keys: [.tab], action: .nextPane, help: "next pane", group: .panes, hint: "pane"),
        Binding(keys: [.backTab], action: .previousPane, help: "previous pane", group: .panes),
        Binding(keys: [.enter], action: .open, help: "open the table / follow the link or foreign key", group: .panes, hint: "open"),
        Binding(keys: [.backspace], action: .back, help: "back one hop in the breadcrumb; close a popup", group: .panes, hint: "back"),
        Binding(keys: [.escape], action: .close, help: "close what is open (a popup, a view over the grid), nothing more", group: .panes),
        Binding(keys: [.character("v")], action: .recordView, help: "record view of the selected row", group: .panes, hint: "record"),
        Binding(keys: [.character("b")], action: .toggleSidePane, help: "show or hide the side pane (SQL, Swift)", group: .panes),
        Binding(
            keys: [.character("z")], action: .maximizeSidePane,
            help: "zoom the side pane to the whole screen, and back (← → scroll the Swift code sideways)", group: .panes),
        Binding(
            keys: [.character("r")], action: .sideAlternate,
            help: "Swift tab: the request alone, for an app that has its record types; in the SQL pane: its statements as they ran (again: back)",
            group: .panes),
        Binding(keys: [.character("[")], action: .previousTab, help: "previous side-pane tab", group: .panes),
        Binding(keys: [.character("]")], action: .nextTab, help: "next side-pane tab", group: .panes),
        Binding(keys: [.control("p")], action: .messages, help: "the messages of this run, in full (newest first)", group: .panes),
        Binding(keys: [.character("m")], action: .schemaMap, help: "schema map", group: .panes),
        Binding(
            keys: [.character("J")], action: .jumpList, help: "jump to a related table: its records linked to the row (Ctrl-A: to every row)",
            group: .panes),
        Binding(keys: [.character("?"), .function(1)], action: .help, help: "this help", group: .panes, hint: "help"),
        Binding(keys: [.character("q")], action: .quit, help: "quit (the database is never modified)", group: .panes, hint: "quit"),
        Binding(keys: [.control("c")], action: .cancel, help: "cancel the running query; quit when none runs", group: .panes),
        // Links and includes
        Binding(keys: [.character("+")], action: .include, help: "include the selected to-one link as columns", group: .links, hint: "include"),
        Binding(keys: [.character("-")], action: .removeInclude, help: "remove the selected include", group: .links),
        Binding(keys: [.character("t")], action: .toggleRequired, help: "toggle include optional / required", group: .links, hint: "join"),
        Binding(
            keys: [.character("p")], action: .prefetch, help: "prefetch the selected to-many link (again: stop); child pane lists its records",
            group: .links),
        Binding(
            keys: [.character("a")], action: .aggregate, help: "aggregate the selected to-many link: count, again: min/max/avg/sum, then off",
            group: .links),
        Binding(
            keys: [.character("O")], action: .orphans,
            help: "orphans of the selected belongsTo link (rows whose key matches no parent) as a view; ⚠ marks links with some",
            group: .links),
        Binding(
            keys: [.character("C")], action: .cardinality,
            help: "cardinality profile of the selected link: rows per count of linked rows, min/median/max (Enter opens a bucket)",
            group: .links),
        // Filter, sort, request
        Binding(
            keys: [.character("/")], action: .filter,
            help: "filter prompt (year > 2000, books.count >= 2; empty clears); in the Tables pane: find a table", group: .query),
        Binding(keys: [.character("f")], action: .find, help: "find a row: a condition (price > 10) or text in any text column", group: .query),
        Binding(keys: [.character("n")], action: .nextMatch, help: "next match of the find, in the view's order", group: .query),
        Binding(keys: [.character("N")], action: .previousMatch, help: "previous match of the find", group: .query),
        Binding(
            keys: [.character("#")], action: .jumpToKey,
            help: "jump to a key: the first row whose key is at least the value (deep in a big view its position shows ? until counted)",
            group: .query),
        Binding(
            keys: [.character("F")], action: .frequency, help: "frequencies of the column's values in the view (Enter filters by one)", group: .query),
        Binding(
            keys: [.character("I")], action: .summary,
            help: "summary of the view's columns: types, NULLs, distinct, min, max, mean, most frequent (Enter: F on one)", group: .query),
        Binding(keys: [.character("=")], action: .filterOnValue, help: "filter on the value under the cursor", group: .query),
        Binding(keys: [.character("s")], action: .sort, help: "sort by the column: asc, desc, off (other sort keys kept)", group: .query),
        Binding(keys: [.character("S")], action: .addSortKey, help: "add the column as the next sort key (again: desc, off)", group: .query),
        Binding(
            keys: [.character(":")], action: .requestLine,
            help: "edit the view as a request, or type your own SELECT/WITH/VALUES; a number goes to that row (:250)", group: .query),
        // Tools
        Binding(
            keys: [.character("e")], action: .export,
            help: "export the view's rows, its columns in screen order (by extension: .csv .tsv .json .ndjson .md .sql)", group: .tools
        ),
        Binding(
            keys: [.character("E")], action: .exportAll,
            help: "export the view's rows with every column of its request, hidden ones too (formats as e)",
            group: .tools),
        Binding(
            keys: [.character("y")], action: .copyCell,
            help: "copy the cell, or the side pane's text when it has the focus (--osc52, else wl-copy, xclip, xsel, pbcopy)", group: .tools),
        Binding(keys: [.character("Y")], action: .copyRow, help: "copy the current row: TSV, a header line then the row", group: .tools),
        Binding(
            keys: [.character("L")], action: .toggleLabels,
            help: "show or hide the labels of foreign keys (1 · AC/DC; 42 · ⚠ no Artist: no parent row), one statement a column a page",
            group: .panes),
        Binding(
            keys: [.character("R")], action: .rerun, help: "read the database again (its schema, a replaced file) and re-run the view", group: .tools),
        Binding(
            keys: [.character("u")], action: .undo,
            help: "undo the last change to the view (include, filter, sort, typed request…); after Esc, open again the view it left", group: .tools),
        Binding(keys: [.control("r")], action: .redo, help: "redo what u undid", group: .tools)
    ]

    private static let byKey: [KeyEvent: Action] = {
        var table: [KeyEvent: Action] = [:]
        for binding in bindings {
            for key in binding.keys where table[key] == nil { table[key] = binding.action }
        }
        return table
    }()

    /// The action bound to `key`, nil for an unbound key.
    static func action(for key: KeyEvent) -> Action? {
        byKey[key]
    }

    /// The binding of `action` (every action has exactly one).
    static func binding(for action: Action) -> Binding? {
        bindings.first { $0.action == action }
    }

    /// The hint line's entries: first key label and short text, in table order.
    static var hints: [(key: String, text: String)] {
        bindings.compactMap { binding in
            guard let hint = binding.hint, let key = binding.keys.first else { return nil }
            return (key.label, hint)
        }
    }
}
