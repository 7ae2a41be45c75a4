#ifndef ASSOC_CSQLITE_TEMP_FILES_H
#define ASSOC_CSQLITE_TEMP_FILES_H
#include <sqlite3.h>

/// Bounds the bytes of all of SQLite's temporary files in the process (sorts, GROUP BY,
/// DISTINCT, materialized results that do not fit in its cache) to `bytes` (0: no bound): a VFS
/// over the default one, registered as the default on the first call (connections opened
/// afterwards use it), counts the bytes of every temporary file open and refuses a write past
/// the bound with SQLITE_FULL. Returns SQLITE_OK, or SQLite's error when the VFS cannot be
/// registered.
int assoc_temp_limit_install(sqlite3_int64 bytes);

/// The bound (0: none).
sqlite3_int64 assoc_temp_limit(void);

/// The bytes of the temporary files open now.
sqlite3_int64 assoc_temp_used(void);

/// How many writes were refused since the process started.
sqlite3_int64 assoc_temp_refused(void);

#endif
