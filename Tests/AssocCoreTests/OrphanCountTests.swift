import TestSupport
import XCTest

@testable import AssocCore
@testable import AssocInsights

/// Orphans of belongsTo associations (declared keys, names, declarations): the counts equal the
/// ones made by hand, the orphans' request lists exactly the rows of a hand-written anti-join.
final class OrphanCountTests: XCTestCase {
    private func fixture() throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute(OrphanFixture.sql)
        let schema = try SchemaIntrospector.read(connection)
        let graph = try AssociationGraph(schema: schema, declarations: try AssociationDeclaration.parse(OrphanFixture.associations))
        return Database(connection: connection, graph: graph)
    }

    func testCountsEqualTheOnesMadeByHand() throws {
        let db = try fixture()
        var counts: [String: Int] = [:]
        for association in db.belongsToAssociations {
            let result = try db.countOrphans(of: association)
            XCTAssertFalse(result.ranOutOfTime)
            counts["\(association.origin).\(association.name)"] = result.count
        }
        XCTAssertEqual(counts, OrphanFixture.orphans)
        let sources = Dictionary(db.belongsToAssociations.map { ("\($0.origin).\($0.name)", $0.source) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(sources["driver.team"], .naming)
        XCTAssertEqual(sources["driver.mentor"], .declared)
        XCTAssertEqual(sources["result.race"], .foreignKey)
    }

    func testTheRequestListsExactlyTheRowsOfAnAntiJoin() throws {
        let db = try fixture()
        let handWritten: [String: String] = [
            "driver.nationalityCountry":
                "SELECT d.id FROM driver d WHERE d.nationalityCountryId IS NOT NULL AND NOT EXISTS (SELECT 1 FROM country c WHERE c.id = d.nationalityCountryId)",
            "driver.team": "SELECT d.id FROM driver d WHERE d.teamId IS NOT NULL AND NOT EXISTS (SELECT 1 FROM team t WHERE t.id = d.teamId)",
            "driver.mentor":
                "SELECT d.id FROM driver d WHERE d.mentorRef IS NOT NULL AND NOT EXISTS (SELECT 1 FROM driver m WHERE m.id = d.mentorRef)",
            "result.driver": "SELECT r.id FROM result r WHERE r.driverId IS NOT NULL AND NOT EXISTS (SELECT 1 FROM driver d WHERE d.id = r.driverId)",
            "result.race":
                "SELECT r.id FROM result r WHERE r.season IS NOT NULL AND r.round IS NOT NULL AND NOT EXISTS (SELECT 1 FROM race x WHERE x.season = r.season AND x.round = r.round)"
        ]
        for association in db.belongsToAssociations {
            let name = "\(association.origin).\(association.name)"
            let request = try XCTUnwrap(OrphanCount.request(of: association))
            let ids = try db.fetchAll(request).map { $0["id"] }
            let sql = try XCTUnwrap(handWritten[name])
            let expected = try db.withConnection { try $0.fetchAll(sql + " ORDER BY 1") }.map { $0.first }
            XCTAssertEqual(ids, expected, name)
            XCTAssertEqual(ids.count, OrphanFixture.orphans[name], name)
            // The request language says it, and reads it back as the same request.
            let text = try request.languageText()
            XCTAssertEqual(try db.request(parsing: text), request, text)
        }
    }

    func testTheCountIsAnAntiJoinWithBoundValuesAndQuotedNames() throws {
        let db = try fixture()
        let association = try XCTUnwrap(db.graph.association(named: "nationalityCountry", from: "driver"))
        let result = try db.countOrphans(of: association)
        XCTAssertEqual(
            result.statement.sql,
            #"SELECT COUNT(*) FROM (SELECT "driver".* FROM "driver" LEFT JOIN "country" "parent" ON "parent"."id" = "driver"."nationalityCountryId" WHERE ("driver"."nationalityCountryId" IS NOT NULL) AND ("parent"."id" IS NULL))"#
        )
        XCTAssertEqual(
            try result.request.languageText(),
            #"driver.joining(optional: nationalityCountry.aliased("parent")).filter(nationalityCountryId IS NOT NULL AND parent.id IS NULL)"#)
    }

    func testATableNamedParentGetsAnotherAlias() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE grand (id INTEGER PRIMARY KEY);
            CREATE TABLE parent (id INTEGER PRIMARY KEY, grandId INTEGER REFERENCES grand(id));
            INSERT INTO grand VALUES (1); INSERT INTO parent VALUES (1, 1), (2, 2), (3, NULL);
            """)
        let association = try XCTUnwrap(db.graph.association(named: "grand", from: "parent"))
        let result = try db.countOrphans(of: association)
        XCTAssertEqual(result.count, 1)
        XCTAssertTrue(try result.request.languageText().contains(#"aliased("parent1")"#))
        XCTAssertEqual(try db.fetchAll(result.request).map { $0["id"] }, [.integer(2)])
    }

    func testACountPastItsTimeLimitIsUnknownNotWrong() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id));
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
            INSERT INTO child SELECT i, i FROM n;
            """)
        let association = try XCTUnwrap(db.graph.association(named: "parent", from: "child"))
        let stopped = try db.countOrphans(of: association, timeLimit: 1)
        XCTAssertNil(stopped.count)
        XCTAssertTrue(stopped.ranOutOfTime)
        // The connection is usable afterwards, and without a limit the count is exact.
        XCTAssertEqual(try db.countOrphans(of: association, timeLimit: nil).count, 300_000)
    }

    func testOnlyABelongsToHasOrphans() throws {
        let db = try fixture()
        let results = try XCTUnwrap(db.graph.association(named: "results", from: "driver"))
        XCTAssertNil(OrphanCount.request(of: results))
        XCTAssertThrowsError(try db.countOrphans(of: results))
    }
}
