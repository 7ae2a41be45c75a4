import CSQLite

/// REAL values as people read them: at most 15 significant digits, as the `sqlite3` shell shows
/// them in its list, box and CSV modes (`printf("%!.15g")`: 39.62, not 39.61999999999999; 10.0;
/// 1.0e-05). Machine formats (JSON, NDJSON) keep Swift's shortest round-trip form instead.
package enum RealText {
    /// `v` with at most 15 significant digits; NaN and infinities spelled out.
    package static func readable(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v < 0 ? "-Inf" : "Inf" }
        let formatted = withVaList([v]) { arguments -> String? in
            guard let pointer = sqlite3_vmprintf("%!.15g", arguments) else { return nil }
            defer { sqlite3_free(pointer) }
            return String(cString: pointer)
        }
        return formatted ?? String(v)
    }
}
