/// The pieces of a document of rows written as the rows come (`assoc fetch` and the browser's
/// export share it): the JSON contract, byte for byte what `RowJSON.render` gives for the whole
/// array; NDJSON, one compact object a line; CSV (`RowCSV`), with its header before the first row.
package enum RowDocument: String, Sendable, CaseIterable {
    case json, ndjson, csv

    /// The text for `row`, the `index`th of the document (0-based).
    package func piece(for row: Row, index: Int) throws -> String {
        switch self {
        case .json: return (index == 0 ? "[\n  " : ",\n  ") + (try RowJSON.object(row)).pretty(indent: 2)
        case .ndjson: return (try RowJSON.object(row)).compact + "\n"
        case .csv: return (index == 0 ? RowCSV.header(for: row) : "") + (try RowCSV.line(for: row))
        }
    }

    /// The text after the last of `count` rows.
    package func end(count: Int) -> String {
        guard self == .json else { return "" }
        return count == 0 ? "[]\n" : "\n]\n"
    }
}
