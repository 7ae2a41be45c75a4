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
            let spec = RequestSpec(table: "team", primaryKey: ["id"], filter: nil, children: [], ordering: [])
            cases.append(Case(
                index: firstIndex + cases.count, database: Self.orderedDatabase, path: path, spec: spec, text: text,
                expected: fetch.output, program: swift.output))
        }
        return cases
    }

    /// Runs the compiled batch on the ordered cases and compares each output with `assoc fetch`
    /// exactly: the same rows in the same order.
    func compareOrderedAssociationCases(_ cases: [Case], tally: inout Tally) throws {
        let ordered = cases.filter { $0.database == Self.orderedDatabase }
        guard let path = ordered.first?.path else { return }
        let outputs = try BatchRunner.run(path: path, indices: ordered.map(\.index))
        for item in ordered {
            tally.compared += 1
            let actual = outputs[item.index] ?? "(no output: the program crashed)"
            let same = (try? JSONParser.parse(item.expected).text) == (try? JSONParser.parse(actual).text)
            if same {
                say("codegen \(Self.orderedDatabase)#\(item.index) \(item.text): same rows, same order")
            } else {
                tally.differences += 1
                say("DIFFERENCE \(Self.orderedDatabase)#\(item.index): \(item.text)\n  assoc:   \(item.expected.prefix(600))\n  program: \(actual.prefix(600))\n  program:\n" + item.program.split(separator: "\n").prefix(80).map { "    " + $0 }.joined(separator: "\n"))
            }
        }
    }
}
