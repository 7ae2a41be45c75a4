/// The pieces of a document of rows written as the rows come (`assoc fetch` and the browser's
/// export share it): the JSON contract, byte for byte what `RowJSON.render` gives for the whole
/// array; NDJSON, one compact object a line; CSV (`RowCSV`) and TSV (`RowTSV`), with their header
/// before the first row; a Markdown table (`RowMarkdown`); SQL `INSERT` statements into the root
/// table (`RowSQLInsert`).
package enum RowDocument: Sendable, Hashable {
    case json, ndjson, csv, tsv, markdown
    /// `INSERT INTO` the target's table, one statement a row.
    case sql(SQLInsertTarget)

    /// The text for `row`, the `index`th of the document (0-based).
    package func piece(for row: Row, index: Int) throws -> String {
        switch self {
        case .json: return (index == 0 ? "[\n  " : ",\n  ") + (try RowJSON.object(row)).pretty(indent: 2)
        case .ndjson: return (try RowJSON.object(row)).compact + "\n"
        case .csv: return (index == 0 ? RowCSV.header(for: row) : "") + (try RowCSV.line(for: row))
        case .tsv: return (index == 0 ? RowTSV.header(for: row) : "") + (try RowTSV.line(for: row))
        case .markdown: return (index == 0 ? RowMarkdown.header(for: row) : "") + (try RowMarkdown.line(for: row))
        case .sql(let target):
            let line = try RowSQLInsert.line(for: row, into: target)
            guard index == 0 else { return line }
            let names = row.columnNames.filter { target.columns?.contains($0.lowercased()) ?? true }
            return target.preamble(inserting: names) + line
        }
    }

    /// The text after the last of `count` rows.
    package func end(count: Int) -> String {
        switch self {
        case .json: return count == 0 ? "[]\n" : "\n]\n"
        case .sql(let target): return target.epilogue(count: count)
        case .ndjson, .csv, .tsv, .markdown: return ""
        }
    }
}
