#ifndef ASSOC_BENCH_CSQLITE_SHIM_H
#define ASSOC_BENCH_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
