/// `RowDocumentWriter` (package-internal) for the nested benchmark package, which can not see
/// package declarations: `@_spi(Benchmarks) import AssocCore`. Not part of the public API.
@_spi(Benchmarks) public struct NDJSONBenchmarkWriter {
    private var writer = RowDocumentWriter(document: .ndjson)

    /// Rows written so far.
    @_spi(Benchmarks) public var count: Int { writer.count }

    /// A writer with nothing written yet.
    @_spi(Benchmarks) public init() {}

    /// `RowDocumentWriter.append(_:to:flush:)` for NDJSON.
    @_spi(Benchmarks) public mutating func append(_ row: StreamedRow, to out: inout [UInt8], flush: (inout [UInt8]) throws -> Void) throws {
        try writer.append(row, to: &out, flush: flush)
    }
}
