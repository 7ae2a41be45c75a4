/// `RowDocumentWriter` (package-internal) for the nested benchmark package, which can not see
/// package declarations: `@_spi(Benchmarks) import AssocCore`. Not part of the public API.
@_spi(Benchmarks) public struct NDJSONBenchmarkWriter {
    private var writer = RowDocumentWriter(document: .ndjson)

    /// Rows written so far.
    package var count: Int { writer.count }

    package init() {}

    /// `RowDocumentWriter.append(_:to:flush:)` for NDJSON.
    package mutating func append(_ row: StreamedRow, to out: inout [UInt8], flush: (inout [UInt8]) throws -> Void) throws {
        try writer.append(row, to: &out, flush: flush)
    }
}
