#ifndef ASSOC_CNCURSES_SHIM_H
#define ASSOC_CNCURSES_SHIM_H
/* What ncursesw's pkg-config flags say, here instead of on every compiler command line. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 600
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>
#if defined(__APPLE__)
#include <curses.h> /* the SDK's ncurses has the wide-character functions */
#else
#include <ncursesw/curses.h>
#endif

/* Wrappers for what Swift cannot import (macros, global variables). */
static inline WINDOW *assoc_stdscr(void) { return stdscr; }
static inline int assoc_lines(void) { return LINES; }
static inline int assoc_cols(void) { return COLS; }
static inline int assoc_color_pair(int n) { return COLOR_PAIR(n); }
static inline int assoc_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int assoc_getmaxx(WINDOW *w) { return getmaxx(w); }
/* The character type curses writes with (LC_CTYPE only: the other categories would only cost file
   reads at start): the user's when it is UTF-8, else a UTF-8 one (C.UTF-8, en_US.UTF-8) when the
   system has one, since under LANG=C curses would silently drop every non-ASCII character.
   Returns 1 when the character type is UTF-8, 0 when none could be had (then only ASCII may be
   drawn). In CNcurses.c. */
int assoc_set_locale(void);

/* Whether the terminal type can host the browser, before curses starts (where ncurses would print
   its own message and exit, or draw on one line): 0 usable; 1 TERM unset or empty; 2 a type the
   terminfo database does not know; 3 a type without cursor addressing (dumb, hard copy).
   In CNcurses.c. */
int assoc_check_terminal_type(void);

/* Attributes (macros built with NCURSES_BITS). */
static inline unsigned int assoc_attr_normal(void) { return A_NORMAL; }
static inline unsigned int assoc_attr_bold(void) { return A_BOLD; }
static inline unsigned int assoc_attr_dim(void) { return A_DIM; }
static inline unsigned int assoc_attr_reverse(void) { return A_REVERSE; }
static inline unsigned int assoc_attr_underline(void) { return A_UNDERLINE; }
static inline unsigned int assoc_attr_italic(void) { return A_ITALIC; }
static inline unsigned int assoc_attr_color_pair(int n) { return (unsigned int)COLOR_PAIR(n); }
static inline int assoc_key_f(int n) { return KEY_F(n); }

/* Writes n wide characters at (y, x) with the given attributes. */
static inline int assoc_put(int y, int x, const wchar_t *text, int n, unsigned int attrs) {
    wattrset(stdscr, (int)attrs);
    return mvwaddnwstr(stdscr, y, x, text, n);
}

/* Writes one grapheme cluster that takes `width` columns on screen. When curses would spread its
   characters over more columns than that (ZWJ sequences and skin tones: 🧑🏽‍🚒 is three wide
   characters for wcwidth), the cluster goes into a single cell so that every character reaches
   the terminal and the cells after it stay in place (a narrow base is followed by a space). In CNcurses.c. */
int assoc_put_cluster(int y, int x, const wchar_t *chars, int n, int width, unsigned int attrs);

/* The terminal's size as the kernel knows it (curses not started); 0 on success. */
static inline int assoc_window_size(int *rows, int *columns) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

static inline int assoc_timeout(int milliseconds) { wtimeout(stdscr, milliseconds); return 0; }
static inline int assoc_get_wch(wint_t *ch) { return wget_wch(stdscr, ch); }

/* Mouse: clicks of button 1 and wheel steps (buttons 4 and 5). */
static inline int assoc_key_mouse(void) { return KEY_MOUSE; }
static inline void assoc_enable_mouse(void) {
    mmask_t mask = BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED;
#ifdef BUTTON5_PRESSED
    mask |= BUTTON5_PRESSED;
#endif
    mousemask(mask, NULL);
    mouseinterval(0);
}
/* Reads the pending mouse event into x, y and kind (1 click, 2 wheel up, 3 wheel down, 0 other);
   returns ERR when there is none. */
static inline int assoc_get_mouse(int *x, int *y, int *kind) {
    MEVENT event;
    if (getmouse(&event) != OK) return ERR;
    *x = event.x;
    *y = event.y;
    *kind = 0;
    if (event.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)) *kind = 1;
    else if (event.bstate & BUTTON4_PRESSED) *kind = 2;
#ifdef BUTTON5_PRESSED
    else if (event.bstate & BUTTON5_PRESSED) *kind = 3;
#endif
    return OK;
}

/* Restores the terminal when the process is interrupted or terminated (SIGINT, SIGTERM, SIGHUP,
   SIGQUIT), after removing the temporary file an export is writing, if any; then exits. */
void assoc_install_signal_handlers(void);
#endif
