/// What the browser runs when: the scheduling policy, apart from the loop that carries it out
/// (`BrowserApp`). An effect of the user's runs at once when the worker is idle, else waits for
/// the running job to give way (`held`); a deferred one (counts, positions, profiles) waits in a
/// queue by urgency (`rank`) and starts when no key is waiting. A value: tests check the policy
/// without a loop or a terminal.
struct EffectSchedule {
    /// Deferred effects, most urgent first.
    private(set) var deferred: [Effect] = []
    /// The tables whose `countTable` waits in `deferred`: a schema of 30,000 tables queues
    /// 30,000 counts, and looking each up in the queue made queueing them quadratic.
    private var queuedTableCounts: Set<String> = []
    /// Effects that need the worker while it is busy: they run when it is done.
    var held: [Effect] = []

    /// What the loop does with an effect.
    enum Routing: Equatable {
        /// Into the deferred queue (`enqueue`).
        case queue
        /// The worker is busy: it waits in `held`, and the running job gives way.
        case hold
        /// Run now.
        case run
    }

    /// Where `effect` goes while the worker is (or is not) `busy`.
    static func route(_ effect: Effect, workerBusy busy: Bool) -> Routing {
        if effect.isDeferred { return .queue }
        return busy ? .hold : .run
    }

    /// How urgent a deferred effect is (lower first): the schema, then the cardinality profile
    /// the user asked for and the position of the row a find or jump reached, then view counts,
    /// the selected row's link counts, orphan counts, suggestions, table counts, and last the
    /// orphan counts that ran past the budget, counted to the end.
    static func rank(_ effect: Effect) -> Int {
        switch effect {
        case .readSchema: return -1
        case .locateRow, .loadCardinality: return 0
        case .countView, .summarizeColumn: return 1
        case .countLinks: return 2
        case .countOrphans: return 3
        case .suggestLinks: return 4
        case .finishOrphanCount: return 6
        default: return 3
        }
    }

    /// Whether the background job running `running` (no time limit of its own) gives way to
    /// `incoming`: a count to the end gives way to more urgent work; a cardinality profile, to no
    /// other background work, and everything gives way to it.
    static func preempts(_ incoming: Effect, running: Effect) -> Bool {
        switch (running, incoming) {
        case (.loadCardinality, _): return false
        case (_, .loadCardinality): return true
        case (.finishOrphanCount, _): return rank(incoming) < rank(running)
        default: return false
        }
    }

    /// Queues a deferred effect by its rank: only the latest row position and link counts; table
    /// counts after the others but before the counts to the end; an effect already waiting once.
    mutating func enqueue(_ effect: Effect) {
        let rank = Self.rank
        if case .locateRow = effect {
            // Only the latest jump's row needs its position.
            deferred.removeAll { if case .locateRow = $0 { return true } else { return false } }
        }
        if case .countLinks = effect {
            deferred.removeAll { if case .countLinks = $0 { return true } else { return false } }
        }
        if case .countTable(let name) = effect {
            // The least urgent kind: it goes last (before the counts to the end), unless it waits already.
            if queuedTableCounts.insert(name).inserted {
                // The counts to the end are the queue's tail (the highest rank): look from the
                // end, so that queueing 30,000 table counts stays linear.
                let last = deferred.lastIndex { if case .finishOrphanCount = $0 { return false } else { return true } }
                deferred.insert(effect, at: last.map { $0 + 1 } ?? 0)
            }
            return
        }
        if deferred.contains(effect) { return }
        let index = deferred.firstIndex { rank($0) > rank(effect) } ?? deferred.count
        deferred.insert(effect, at: index)
    }

    /// The most urgent deferred effect, taken from the queue.
    mutating func next() -> Effect? {
        guard !deferred.isEmpty else { return nil }
        let effect = deferred.removeFirst()
        if case .countTable(let name) = effect { queuedTableCounts.remove(name) }
        return effect
    }

    /// Drops the deferred effects `matching` says (work for a view or a pane that closed).
    mutating func drop(where matching: (Effect) -> Bool) {
        deferred.removeAll { effect in
            guard matching(effect) else { return false }
            if case .countTable(let name) = effect { queuedTableCounts.remove(name) }
            return true
        }
    }

    /// The held effects, taken (the worker is idle again).
    mutating func takeHeld() -> [Effect] {
        defer { held = [] }
        return held
    }
}
