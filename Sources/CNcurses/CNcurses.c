/* What Swift cannot do safely in a signal handler, and the functions that need more than
   curses.h (langinfo, terminfo); the rest lives in include/CNcurses.h. */
#include "CNcurses.h"
#include "CTemporaryFile.h"
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#if defined(__APPLE__)
#include <term.h>
#else
#include <ncursesw/term.h>
#endif

static void restore_and_exit(int sig) {
    /* unlink and _exit are async-signal-safe; endwin is what the terminal needs. */
    assoc_unlink_tracked_temporary_file();
    endwin();
    _exit(128 + sig);
}

void assoc_install_signal_handlers(void) {
    signal(SIGINT, restore_and_exit);
    signal(SIGTERM, restore_and_exit);
    signal(SIGHUP, restore_and_exit);
    signal(SIGQUIT, restore_and_exit);
}

static int assoc_codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "utf8") == 0);
}

int assoc_set_locale(void) {
    setlocale(LC_CTYPE, "");
    if (assoc_codeset_is_utf8()) return 1;
    static const char *const candidates[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8", "UTF-8"};
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        if (setlocale(LC_CTYPE, candidates[i]) != NULL && assoc_codeset_is_utf8()) return 1;
    }
    setlocale(LC_CTYPE, "");
    return 0;
}

int assoc_check_terminal_type(void) {
    const char *type = getenv("TERM");
    if (type == NULL || type[0] == 0) return 1;
    int status = 0;
    if (setupterm((char *)type, STDOUT_FILENO, &status) != OK) return status == 1 ? 3 : 2;
    const char *cursorAddress = tigetstr("cup");
    int canAddress = cursorAddress != NULL && cursorAddress != (char *)-1;
    int hardCopy = tigetflag("hc") > 0;
    del_curterm(cur_term);
    return canAddress && !hardCopy ? 0 : 3;
}

int assoc_put_cluster(int y, int x, const wchar_t *chars, int n, int width, unsigned int attrs) {
    if (n <= 0) return ERR;
    int placed = 0; /* the columns curses gives the characters one by one (wcwidth each) */
    for (int i = 0; i < n; ++i) {
        int w = wcwidth(chars[i]);
        placed += w > 0 ? w : 0;
    }
    int base = wcwidth(chars[0]);
    if (placed == width || base < 1 || base > width) return assoc_put(y, x, chars, n, attrs);
    /* One cell holding the whole cluster: curses gives it its base's width and writes every
       character of it; a narrow base (🏳️‍🌈) is followed by a space for the column it lacks. A
       cluster longer than a cell holds is cut before a joiner. */
    int kept = n;
    if (kept > CCHARW_MAX) {
        kept = CCHARW_MAX;
        while (kept > 1 && chars[kept] != 0x200D) --kept;
    }
    cchar_t cell;
    memset(&cell, 0, sizeof cell);
    for (int i = 0; i < kept; ++i) cell.chars[i] = chars[i];
    cell.attr = (attr_t)attrs;
    int status = mvwadd_wch(stdscr, y, x, &cell);
    static const wchar_t space[] = L" ";
    for (int column = x + base; status == OK && column < x + width; ++column)
        status = assoc_put(y, column, space, 1, attrs);
    return status;
}
