#ifndef ASSOC_CESCAPES_H
#define ASSOC_CESCAPES_H
#include <stddef.h>

/// The escapes of the exports, byte loops in C: as fast in a debug build (the tests') as in a
/// release one, whatever the characters. Each writes into `out`, which has room for the worst
/// case the function names, and returns the number of bytes written.

/// The inside of a JSON string for `text[start..<end]` of a `count`-byte UTF-8 text: `\"`, `\\`,
/// `\n` `\r` `\t` `\b` `\f`, other controls, DEL, C1 and bidi controls as `\u00xx`; a scalar that
/// starts before `end` is read whole (up to 3 bytes past it). Room: 6 × (end − start + 3).
/// `*next` is set to the index after the last scalar read.
size_t assoc_escape_json(const unsigned char *text, size_t count, size_t start, size_t end, unsigned char *out, size_t *next);

/// TSV: `\\`, `\t`, `\n`, `\r`. Room: 2 × count.
size_t assoc_escape_tsv(const unsigned char *text, size_t count, unsigned char *out);

/// A Markdown cell: `\\`, `\|`, a line break (LF, CR or CRLF) as `<br>`; `*after_cr` carries a
/// CR seen at the end of the previous piece. Room: 4 × count.
size_t assoc_escape_markdown(const unsigned char *text, size_t count, unsigned char *out, int *after_cr);

/// Every `byte` written twice (CSV's quotes, SQL's apostrophes). Room: 2 × count.
size_t assoc_double_byte(const unsigned char *text, size_t count, unsigned char byte, unsigned char *out);

/// Upper-case hex digits, two a byte. Room: 2 × count.
size_t assoc_hex(const unsigned char *bytes, size_t count, unsigned char *out);

/// 1 when `text` is valid UTF-8 (no overlong form, surrogate or scalar past U+10FFFF), as Swift's
/// `String(validating:as:)` decides, without building a string; 0 otherwise.
int assoc_is_utf8(const unsigned char *text, size_t count);

#endif
