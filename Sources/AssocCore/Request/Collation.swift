/// A collation SQLite compares and orders text with: one of its built-in ones, which every
/// connection has (`COLLATE NOCASE`).
///
/// GRDB's Foundation-based collations (`localizedCaseInsensitiveCompare`…) are registered by GRDB
/// on its own connections; `Collation(name:)` maps their names to the closest built-in one, so a
/// request written for GRDB reads the same here: the case-insensitive ones to NOCASE (ASCII case
/// only), the others to BINARY.
public enum Collation: String, Sendable, Hashable, CaseIterable {
    /// Byte by byte (SQLite's default).
    case binary = "BINARY"
    /// ASCII letters compared without case.
    case nocase = "NOCASE"
    /// Trailing spaces ignored.
    case rtrim = "RTRIM"

    /// The collation named `name`, case-insensitively: `binary`, `nocase`, `rtrim`, or one of
    /// GRDB's names (`caseInsensitiveCompare`, `localizedCaseInsensitiveCompare`,
    /// `localizedStandardCompare` → nocase; `localizedCompare`, `unicodeCompare` → binary).
    init?(name: String) {
        switch name.lowercased() {
        case "binary", "localizedcompare", "unicodecompare": self = .binary
        case "nocase", "caseinsensitivecompare", "localizedcaseinsensitivecompare", "localizedstandardcompare": self = .nocase
        case "rtrim": self = .rtrim
        default: return nil
        }
    }

    /// The names `init(name:)` accepts, for messages.
    static let acceptedNames = [
        "binary", "nocase", "rtrim", "caseInsensitiveCompare", "localizedCaseInsensitiveCompare",
        "localizedStandardCompare", "localizedCompare", "unicodeCompare"
    ]

    /// What the case-insensitive collations do beyond ASCII, for messages and help: SQLite has no
    /// Unicode case folding without its ICU extension (its `upper`, `lower` and `LIKE` fold ASCII
    /// only too), and Assoc registers no collation of its own, so that its SQL runs in any client.
    static let caseFoldingNote =
        "nocase (and GRDB's case-insensitive names, which read as nocase) folds ASCII letters only: 'MOLIÈRE' does not match 'Molière', as SQLite has no Unicode case folding without its ICU extension"

    /// The name the request language prints: `nocase`.
    var name: String { rawValue.lowercased() }
}
