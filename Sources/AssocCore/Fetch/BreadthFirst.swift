/// The nodes of a tree in breadth-first order: the root, then its children, then theirs… (a
/// scope nearest to a row comes before a deeper one of the same key). The one walk of the
/// lookups of scopes and prefetched rows by key, in rows, in their layouts and in the shapes the
/// Swift code generator decodes.
struct BreadthFirst<Node>: Sequence, IteratorProtocol {
    private var queue: [Node]
    private var index = 0
    private let children: (Node) -> [Node]

    init(_ root: Node, children: @escaping (Node) -> [Node]) {
        queue = [root]
        self.children = children
    }

    mutating func next() -> Node? {
        guard index < queue.count else { return nil }
        let node = queue[index]
        index += 1
        queue += children(node)
        return node
    }
}

extension Row {
    /// This row and its scopes, nested ones included, breadth-first.
    var breadthFirstScopes: BreadthFirst<Row> { BreadthFirst(self) { $0.scopes.map(\.row) } }
}
