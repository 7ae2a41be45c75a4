#include "CSQLiteTempFiles.h"

#include <sqlite3.h>

/* A bound on SQLite's temporary files (sorts, GROUP BY, DISTINCT, materialized results that do
** not fit in its cache): a VFS over the default one that counts the bytes of every temporary
** file open in the process and refuses a write past the bound with SQLITE_FULL ("database or
** disk is full"), so that a statement cannot fill the disk. Files that are not temporary go
** straight to the default VFS. Registered as the default by `assoc_temp_limit_install`. */
typedef struct assoc_temp_file {
    sqlite3_file base;
    sqlite3_int64 size;
    sqlite3_file *real;
} assoc_temp_file;

static sqlite3_vfs assoc_temp_vfs;
static sqlite3_vfs *assoc_temp_parent;
static sqlite3_int64 assoc_temp_limit_bytes;
static sqlite3_int64 assoc_temp_used_bytes;
static sqlite3_int64 assoc_temp_refusals;

static int assoc_temp_close(sqlite3_file *f) {
    assoc_temp_file *p = (assoc_temp_file *)f;
    __atomic_fetch_sub(&assoc_temp_used_bytes, p->size, __ATOMIC_RELAXED);
    p->size = 0;
    return p->real->pMethods ? p->real->pMethods->xClose(p->real) : SQLITE_OK;
}
static int assoc_temp_read(sqlite3_file *f, void *b, int n, sqlite3_int64 o) {
    sqlite3_file *r = ((assoc_temp_file *)f)->real;
    return r->pMethods->xRead(r, b, n, o);
}
static int assoc_temp_write(sqlite3_file *f, const void *b, int n, sqlite3_int64 o) {
    assoc_temp_file *p = (assoc_temp_file *)f;
    sqlite3_int64 end = o + n;
    if (end > p->size) {
        sqlite3_int64 grow = end - p->size;
        sqlite3_int64 limit = __atomic_load_n(&assoc_temp_limit_bytes, __ATOMIC_RELAXED);
        sqlite3_int64 used = __atomic_add_fetch(&assoc_temp_used_bytes, grow, __ATOMIC_RELAXED);
        if (limit > 0 && used > limit) {
            __atomic_fetch_sub(&assoc_temp_used_bytes, grow, __ATOMIC_RELAXED);
            __atomic_fetch_add(&assoc_temp_refusals, 1, __ATOMIC_RELAXED);
            return SQLITE_FULL;
        }
        p->size = end;
    }
    return p->real->pMethods->xWrite(p->real, b, n, o);
}
static int assoc_temp_truncate(sqlite3_file *f, sqlite3_int64 size) {
    assoc_temp_file *p = (assoc_temp_file *)f;
    if (size < p->size) {
        __atomic_fetch_sub(&assoc_temp_used_bytes, p->size - size, __ATOMIC_RELAXED);
        p->size = size;
    }
    return p->real->pMethods->xTruncate(p->real, size);
}
static int assoc_temp_sync(sqlite3_file *f, int flags) {
    sqlite3_file *r = ((assoc_temp_file *)f)->real;
    return r->pMethods->xSync(r, flags);
}
static int assoc_temp_file_size(sqlite3_file *f, sqlite3_int64 *size) {
    sqlite3_file *r = ((assoc_temp_file *)f)->real;
    return r->pMethods->xFileSize(r, size);
}
static int assoc_temp_lock(sqlite3_file *f, int l) {
    sqlite3_file *r = ((assoc_temp_file *)f)->real;
    return r->pMethods->xLock(r, l);
}
static int assoc_temp_unlock(sqlite3_file *f, int l) {
    sqlite3_file *r = ((assoc_temp_file *)f)->real;
    return r->pMethods->xUnlock(r, l);
}
static int assoc_temp_check_reserved(sqlite3_file *f, int *out) {
    sqlite3_file *r = ((assoc_temp_file *)f)->real;
    return r->pMethods->xCheckReservedLock(r, out);
}
static int assoc_temp_file_control(sqlite3_file *f, int op, void *arg) {
    sqlite3_file *r = ((assoc_temp_file *)f)->real;
    /* No memory map of a temporary file: its pages would escape the count. */
    if (op == SQLITE_FCNTL_MMAP_SIZE) return SQLITE_NOTFOUND;
    return r->pMethods->xFileControl(r, op, arg);
}
static int assoc_temp_sector_size(sqlite3_file *f) {
    sqlite3_file *r = ((assoc_temp_file *)f)->real;
    return r->pMethods->xSectorSize(r);
}
static int assoc_temp_device_characteristics(sqlite3_file *f) {
    sqlite3_file *r = ((assoc_temp_file *)f)->real;
    return r->pMethods->xDeviceCharacteristics(r);
}

static const sqlite3_io_methods assoc_temp_methods = {
    1, assoc_temp_close, assoc_temp_read, assoc_temp_write, assoc_temp_truncate, assoc_temp_sync,
    assoc_temp_file_size, assoc_temp_lock, assoc_temp_unlock, assoc_temp_check_reserved,
    assoc_temp_file_control, assoc_temp_sector_size, assoc_temp_device_characteristics,
    0, 0, 0, 0, 0, 0
};

static int assoc_temp_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out) {
    (void)vfs;
    const int temporary = SQLITE_OPEN_TEMP_JOURNAL | SQLITE_OPEN_TEMP_DB | SQLITE_OPEN_SUBJOURNAL | SQLITE_OPEN_TRANSIENT_DB;
    if (!(flags & temporary)) return assoc_temp_parent->xOpen(assoc_temp_parent, name, f, flags, out);
    assoc_temp_file *p = (assoc_temp_file *)f;
    p->base.pMethods = 0;
    p->size = 0;
    p->real = (sqlite3_file *)(p + 1);
    p->real->pMethods = 0;
    int rc = assoc_temp_parent->xOpen(assoc_temp_parent, name, p->real, flags, out);
    if (rc != SQLITE_OK) {
        if (p->real->pMethods) p->real->pMethods->xClose(p->real);
        return rc;
    }
    p->base.pMethods = &assoc_temp_methods;
    return SQLITE_OK;
}
static int assoc_temp_delete(sqlite3_vfs *v, const char *n, int s) { (void)v; return assoc_temp_parent->xDelete(assoc_temp_parent, n, s); }
static int assoc_temp_access(sqlite3_vfs *v, const char *n, int f, int *o) { (void)v; return assoc_temp_parent->xAccess(assoc_temp_parent, n, f, o); }
static int assoc_temp_full_pathname(sqlite3_vfs *v, const char *n, int c, char *o) { (void)v; return assoc_temp_parent->xFullPathname(assoc_temp_parent, n, c, o); }
static void *assoc_temp_dl_open(sqlite3_vfs *v, const char *n) { (void)v; return assoc_temp_parent->xDlOpen(assoc_temp_parent, n); }
static void assoc_temp_dl_error(sqlite3_vfs *v, int c, char *o) { (void)v; assoc_temp_parent->xDlError(assoc_temp_parent, c, o); }
static void (*assoc_temp_dl_sym(sqlite3_vfs *v, void *h, const char *s))(void) { (void)v; return assoc_temp_parent->xDlSym(assoc_temp_parent, h, s); }
static void assoc_temp_dl_close(sqlite3_vfs *v, void *h) { (void)v; assoc_temp_parent->xDlClose(assoc_temp_parent, h); }
static int assoc_temp_randomness(sqlite3_vfs *v, int c, char *o) { (void)v; return assoc_temp_parent->xRandomness(assoc_temp_parent, c, o); }
static int assoc_temp_sleep(sqlite3_vfs *v, int m) { (void)v; return assoc_temp_parent->xSleep(assoc_temp_parent, m); }
static int assoc_temp_current_time(sqlite3_vfs *v, double *o) { (void)v; return assoc_temp_parent->xCurrentTime(assoc_temp_parent, o); }
static int assoc_temp_last_error(sqlite3_vfs *v, int c, char *o) { (void)v; return assoc_temp_parent->xGetLastError(assoc_temp_parent, c, o); }
static int assoc_temp_current_time_int64(sqlite3_vfs *v, sqlite3_int64 *o) {
    (void)v;
    if (assoc_temp_parent->iVersion >= 2 && assoc_temp_parent->xCurrentTimeInt64) return assoc_temp_parent->xCurrentTimeInt64(assoc_temp_parent, o);
    double now = 0;
    int rc = assoc_temp_parent->xCurrentTime(assoc_temp_parent, &now);
    *o = (sqlite3_int64)(now * 86400000.0);
    return rc;
}

int assoc_temp_limit_install(sqlite3_int64 bytes) {
    __atomic_store_n(&assoc_temp_limit_bytes, bytes, __ATOMIC_RELAXED);
    if (assoc_temp_parent) return SQLITE_OK;
    sqlite3_vfs *parent = sqlite3_vfs_find(0);
    if (!parent) return SQLITE_ERROR;
    assoc_temp_parent = parent;
    assoc_temp_vfs.iVersion = 2;
    assoc_temp_vfs.szOsFile = (int)sizeof(assoc_temp_file) + parent->szOsFile;
    assoc_temp_vfs.mxPathname = parent->mxPathname;
    assoc_temp_vfs.zName = "assoc-temp-limit";
    assoc_temp_vfs.xOpen = assoc_temp_open;
    assoc_temp_vfs.xDelete = assoc_temp_delete;
    assoc_temp_vfs.xAccess = assoc_temp_access;
    assoc_temp_vfs.xFullPathname = assoc_temp_full_pathname;
    assoc_temp_vfs.xDlOpen = assoc_temp_dl_open;
    assoc_temp_vfs.xDlError = assoc_temp_dl_error;
    assoc_temp_vfs.xDlSym = assoc_temp_dl_sym;
    assoc_temp_vfs.xDlClose = assoc_temp_dl_close;
    assoc_temp_vfs.xRandomness = assoc_temp_randomness;
    assoc_temp_vfs.xSleep = assoc_temp_sleep;
    assoc_temp_vfs.xCurrentTime = assoc_temp_current_time;
    assoc_temp_vfs.xGetLastError = assoc_temp_last_error;
    assoc_temp_vfs.xCurrentTimeInt64 = assoc_temp_current_time_int64;
    return sqlite3_vfs_register(&assoc_temp_vfs, 1);
}

sqlite3_int64 assoc_temp_limit(void) { return __atomic_load_n(&assoc_temp_limit_bytes, __ATOMIC_RELAXED); }
sqlite3_int64 assoc_temp_used(void) { return __atomic_load_n(&assoc_temp_used_bytes, __ATOMIC_RELAXED); }
sqlite3_int64 assoc_temp_refused(void) { return __atomic_load_n(&assoc_temp_refusals, __ATOMIC_RELAXED); }
