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
#endif
