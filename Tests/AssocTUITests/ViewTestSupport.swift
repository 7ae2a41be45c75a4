import AssocCore

@testable import AssocTUI

/// Views as tests build them: a followed link from one row by its key, and plain column names
/// where a fake data source makes pages.
extension RequestView {
    /// `Table.filter(key: key).request(for: link)`, titled by the link.
    static func followed(_ link: String, from table: String, key: DatabaseValue, to destination: String) -> RequestView {
        var request = Table(table).filter(key: key).request(for: Table(table).association(link))
        request.table = destination
        return RequestView(request: request, title: link)
    }

    /// The view with its request changed by `change`.
    func with(_ change: (Request) -> Request) -> RequestView {
        var copy = self
        copy.request = change(request)
        return copy
    }
}

extension GridColumn: ExpressibleByStringLiteral {
    /// A root table column named `value` (what fake data sources return).
    public init(stringLiteral value: String) {
        self.init(name: value)
    }
}
