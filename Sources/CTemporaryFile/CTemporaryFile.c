#include "CTemporaryFile.h"
#include <signal.h>
#include <string.h>
#include <unistd.h>

static char temporary_file[4096];
static volatile sig_atomic_t temporary_file_armed = 0;

void assoc_track_temporary_file(const char *path) {
    __atomic_store_n(&temporary_file_armed, 0, __ATOMIC_SEQ_CST);
    if (path == NULL) return;
    size_t length = strlen(path);
    if (length >= sizeof temporary_file) return;
    memcpy(temporary_file, path, length + 1);
    __atomic_store_n(&temporary_file_armed, 1, __ATOMIC_SEQ_CST);
}

void assoc_unlink_tracked_temporary_file(void) {
    if (__atomic_load_n(&temporary_file_armed, __ATOMIC_SEQ_CST)) unlink(temporary_file);
}

static void remove_and_end(int sig) {
    assoc_unlink_tracked_temporary_file();
    signal(sig, SIG_DFL);
    raise(sig);
}

void assoc_remove_temporary_file_on_signals(void) {
    signal(SIGINT, remove_and_end);
    signal(SIGTERM, remove_and_end);
    signal(SIGHUP, remove_and_end);
    signal(SIGQUIT, remove_and_end);
    signal(SIGXFSZ, SIG_IGN);
}
