#ifndef ASSOC_CSQLITE_SHIM_H
#define ASSOC_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro Swift cannot import: SQLite copies the bound bytes.
static inline sqlite3_destructor_type assoc_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/// `sqlite3_db_config` is variadic, which Swift cannot call: sets the on/off option `option`
/// (an `SQLITE_DBCONFIG_ENABLE_…` constant) of `db` to `value` (0 or 1; -1 leaves it as is) and
/// returns its value afterwards (-1 when SQLite refuses the option).
static inline int assoc_db_config_flag(sqlite3 *db, int option, int value) {
    int now = -1;
    if (sqlite3_db_config(db, option, value, &now) != SQLITE_OK) return -1;
    return now;
}

/// `v` as SQLite's own text for a REAL (`%!.15g`: 15 significant digits, `10.0`, `1.0e-05`),
/// written into `out` (`size` bytes, 32 are enough); returns its length. A plain C call: Swift's
/// way to a variadic function boxes every argument.
static inline int assoc_format_real(double v, char *out, int size) {
    sqlite3_snprintf(size, out, "%!.15g", v);
    int length = 0;
    while (length < size && out[length] != 0) length++;
    return length;
}
#endif
