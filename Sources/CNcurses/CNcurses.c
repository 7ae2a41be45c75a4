/* The functions that need more than curses.h (langinfo, terminfo); the rest lives in
   include/CNcurses.h. */
#include "CNcurses.h"
#include <langinfo.h>
#include <stdlib.h>
#include <strings.h>
#if defined(__APPLE__)
#include <term.h>
#else
#include <ncursesw/term.h>
#endif

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
