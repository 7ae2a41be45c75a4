import Foundation

/// The guide's ordered association example (issue 29) in the codegen check: each request's
/// `assoc swift --program` (with the `--associations` declarations, so the program declares
/// `hasMany(PlayerRole.self).order(…)`), compiled against GRDB 7.10 with the batch, must return
/// the rows of `assoc fetch` in the same order, prefetched rows included.
extension CodegenCheck {
    static let orderedDatabase = "teams"

    /// The cases, their database written in `directory`; indices from `firstIndex`.
    func orderedAssociationCases(in directory: String, firstIndex: Int, tally: inout Tally) throws -> [Case] {
        let path = directory + "/\(Self.orderedDatabase).sqlite"
        let associations = directory + "/\(Self.orderedDatabase).assoc"
        try OrderedThroughGRDB.write(OrderedThroughCase.schema, to: path)
        try OrderedThroughCase.associations.write(toFile: associations, atomically: true, encoding: .utf8)
        // request(for:) from one record only: GRDB's record.request(for:) is what keeps the order.
        let texts = OrderedThroughCase.requests
        var cases: [Case] = []
        for text in texts {
            tally.requests += 1
            let fetch = try Subprocess.run(assoc, ["fetch", path, text, "--format", "json", "--associations", associations], timeout: 20)
            let swift = try Subprocess.run(assoc, ["swift", path, text, "--program", "--associations", associations])
            guard fetch.status == 0, swift.status == 0 else {
                throw ConformanceError(message: "ordered association case \(text): assoc fetch or swift failed:\n\(fetch.error)\(swift.error)")
            }
            // A fixed case compared in order, prefetched rows included.
            cases.append(Case(
                index: firstIndex + cases.count, database: Self.orderedDatabase, path: path, spec: nil, text: text,
                expected: fetch.output, program: swift.output, exactOrder: true))
        }
        return cases
    }
}
