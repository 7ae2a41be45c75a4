/* What Swift cannot do safely in a signal handler; the rest lives in include/CNcurses.h. */
#include "CNcurses.h"
#include <string.h>

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

static void restore_and_exit(int sig) {
    /* unlink and _exit are async-signal-safe; endwin is what the terminal needs. */
    if (__atomic_load_n(&temporary_file_armed, __ATOMIC_SEQ_CST)) unlink(temporary_file);
    endwin();
    _exit(128 + sig);
}

void assoc_install_signal_handlers(void) {
    signal(SIGINT, restore_and_exit);
    signal(SIGTERM, restore_and_exit);
    signal(SIGHUP, restore_and_exit);
    signal(SIGQUIT, restore_and_exit);
}
