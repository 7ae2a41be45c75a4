/// The rows a request frames with its own `limit(_:offset:)`: a window of the same request
/// without them. Pages keep to the window: they take no more rows than it has left.
package struct RequestWindow: Sendable, Equatable {
    /// The request without its limit and offset.
    package var unlimited: Request
    /// The position of the window's first row in `unlimited` (its offset).
    package var start: Int
    /// How many rows the window holds at most; nil without a limit.
    package var length: Int?

    package init(_ request: Request) {
        var unlimited = request
        unlimited.limit = nil
        unlimited.offset = nil
        self.unlimited = unlimited
        start = max(0, request.offset ?? 0)
        length = request.limit.map { max(0, $0) }
    }

    /// Whether the request frames itself.
    package var isFramed: Bool { start > 0 || length != nil }

    /// `count` rows from window position `position`, no more than the window has there.
    package func clamp(_ count: Int, at position: Int) -> Int {
        guard let length else { return max(0, count) }
        return max(0, min(count, length - position))
    }
}
