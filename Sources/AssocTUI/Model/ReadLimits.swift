/// The browser's bounds on what it reads: one policy that the data source applies and that the
/// model and the panes word ("values cut to 20000 characters", "counted within 2 s"), so neither
/// reads the other's constants.
package enum ReadLimits {
    /// The most characters of a text (bytes of a blob) a page reads of one value: the record view
    /// shows no more, and a page's memory does not depend on the sizes of its cells.
    package static let cellPreview = 20_000
    /// How long one deferred count may run (a table, a view, a row's links): past it, it stops
    /// and shows "?" (a view that never ends would otherwise keep a core busy forever).
    package static let countBudgetMilliseconds = 2_000
}
