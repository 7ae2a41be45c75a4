#ifndef ASSOC_CNCURSES_SHIM_H
#define ASSOC_CNCURSES_SHIM_H
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>

/* Wrappers for what Swift cannot import (macros, global variables). */
static inline WINDOW *assoc_stdscr(void) { return stdscr; }
static inline int assoc_lines(void) { return LINES; }
static inline int assoc_cols(void) { return COLS; }
static inline int assoc_color_pair(int n) { return COLOR_PAIR(n); }
static inline int assoc_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int assoc_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline void assoc_set_locale(void) { setlocale(LC_ALL, ""); }
#endif
