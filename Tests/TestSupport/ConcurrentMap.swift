import Foundation

/// `body` applied to each element, as many at a time as the machine has cores; the results in
/// the elements' order. For tests whose cases wait on child processes or timeouts more than they
/// compute, so that the suite's time is not the sum of its waits.
public func concurrentMap<Element, Value>(_ elements: [Element], _ body: (Element) -> Value) -> [Value] {
    let results = LockedResults<Value>(count: elements.count)
    // The caller waits for every call: nothing escapes, and `body` runs on each element once.
    nonisolated(unsafe) let body = body
    nonisolated(unsafe) let elements = elements
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
        results.set(index, body(elements[index]))
    }
    return results.values
}

/// Results set from several threads, read once they are all set.
final class LockedResults<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Value?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.withLock { results[index] = value }
    }

    /// Every result, in order (each index is set exactly once by `concurrentMap`).
    var values: [Value] {
        lock.withLock { results.compactMap { $0 } }
    }
}
