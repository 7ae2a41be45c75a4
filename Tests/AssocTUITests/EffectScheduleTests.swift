import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// The browser's scheduling policy without its loop (issue 41, item 4): where an effect goes, the
/// deferred queue's order, and which background work gives way.
final class EffectScheduleTests: XCTestCase {
    private let view = RequestView(table: "Album")

    private func association(_ name: String) throws -> Association {
        let db = try ChinookFixture.database()
        return try XCTUnwrap(db.graph.associations(from: "Album").first { $0.name == name }, name)
    }

    func testAnEffectIsQueuedHeldOrRunAtOnce() {
        XCTAssertEqual(EffectSchedule.route(.countView(view), workerBusy: false), .queue)
        XCTAssertEqual(EffectSchedule.route(.countView(view), workerBusy: true), .queue)
        XCTAssertEqual(EffectSchedule.route(.openView(view, limit: 200), workerBusy: false), .run)
        XCTAssertEqual(EffectSchedule.route(.openView(view, limit: 200), workerBusy: true), .hold)
    }

    func testTheQueueIsByUrgencyWithOnlyTheLatestPositionAndEachTableOnce() throws {
        let artist = try association("artist")
        var schedule = EffectSchedule()
        schedule.enqueue(.finishOrphanCount(artist))
        schedule.enqueue(.countTable("Track"))
        schedule.enqueue(.countView(view))
        schedule.enqueue(.locateRow(view, values: [1]))
        schedule.enqueue(.countTable("Track"))
        schedule.enqueue(.locateRow(view, values: [2]))
        schedule.enqueue(.readSchema)
        schedule.enqueue(.countView(view))
        XCTAssertEqual(
            schedule.deferred,
            [.readSchema, .locateRow(view, values: [2]), .countView(view), .countTable("Track"), .finishOrphanCount(artist)])
        XCTAssertEqual(schedule.next(), .readSchema)
        schedule.drop { if case .locateRow = $0 { return true } else { return false } }
        XCTAssertEqual(schedule.next(), .countView(view))
        XCTAssertEqual(schedule.next(), .countTable("Track"))
        // Taken, the table may be queued again.
        schedule.enqueue(.countTable("Track"))
        XCTAssertEqual(schedule.deferred, [.countTable("Track"), .finishOrphanCount(artist)])
        XCTAssertEqual(schedule.next(), .countTable("Track"))
        XCTAssertEqual(schedule.next(), .finishOrphanCount(artist))
        XCTAssertNil(schedule.next())
    }

    func testUnlimitedWorkGivesWayToMoreUrgentWorkAndTheProfileToNone() throws {
        let artist = try association("artist")
        XCTAssertTrue(EffectSchedule.preempts(.countView(view), running: .finishOrphanCount(artist)))
        XCTAssertTrue(EffectSchedule.preempts(.loadCardinality(artist), running: .finishOrphanCount(artist)))
        XCTAssertFalse(EffectSchedule.preempts(.finishOrphanCount(artist), running: .finishOrphanCount(artist)))
        XCTAssertFalse(EffectSchedule.preempts(.countView(view), running: .loadCardinality(artist)))
        XCTAssertFalse(EffectSchedule.preempts(.readSchema, running: .loadCardinality(artist)))
        XCTAssertTrue(EffectSchedule.preempts(.loadCardinality(artist), running: .countView(view)))
        XCTAssertFalse(EffectSchedule.preempts(.countTable("Track"), running: .countView(view)))
    }

    func testHeldEffectsAreTakenOnce() {
        var schedule = EffectSchedule()
        schedule.held = [.openView(view, limit: 200)]
        XCTAssertEqual(schedule.takeHeld(), [.openView(view, limit: 200)])
        XCTAssertEqual(schedule.takeHeld(), [])
    }
}
