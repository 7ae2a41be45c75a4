/* The C target needs one source file; everything lives in include/CNcurses.h. */
#include "CNcurses.h"
