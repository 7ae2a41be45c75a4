#include "CEscapes.h"
#include <string.h>

static size_t write_u_escape(unsigned int scalar, unsigned char *out) {
    static const char digits[] = "0123456789abcdef";
    out[0] = '\\';
    out[1] = 'u';
    out[2] = (unsigned char)digits[(scalar >> 12) & 0xF];
    out[3] = (unsigned char)digits[(scalar >> 8) & 0xF];
    out[4] = (unsigned char)digits[(scalar >> 4) & 0xF];
    out[5] = (unsigned char)digits[scalar & 0xF];
    return 6;
}

size_t assoc_escape_json(const unsigned char *text, size_t count, size_t start, size_t end, unsigned char *out, size_t *next) {
    size_t i = start, o = 0;
    while (i < end) {
        unsigned char byte = text[i];
        if (byte >= 0x20 && byte < 0x7F) {
            if (byte == '"' || byte == '\\') out[o++] = '\\';
            out[o++] = byte;
            i++;
        } else if (byte < 0x80) {
            unsigned char shortForm = 0;
            switch (byte) {
            case 0x0A: shortForm = 'n'; break;
            case 0x0D: shortForm = 'r'; break;
            case 0x09: shortForm = 't'; break;
            case 0x08: shortForm = 'b'; break;
            case 0x0C: shortForm = 'f'; break;
            default: break;
            }
            if (shortForm) {
                out[o++] = '\\';
                out[o++] = shortForm;
            } else {
                o += write_u_escape(byte, out + o);
            }
            i++;
        } else {
            size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2;
            size_t last = i + length < count ? i + length : count;
            unsigned int scalar = byte & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07);
            for (size_t k = i + 1; k < last; k++) scalar = scalar << 6 | (text[k] & 0x3F);
            if ((scalar >= 0x80 && scalar <= 0x9F) || (scalar >= 0x202A && scalar <= 0x202E) || (scalar >= 0x2066 && scalar <= 0x2069)
                || scalar == 0x200E || scalar == 0x200F || scalar == 0x061C) {
                o += write_u_escape(scalar, out + o);
            } else {
                for (size_t k = i; k < last; k++) out[o++] = text[k];
            }
            i = last;
        }
    }
    *next = i;
    return o;
}

size_t assoc_escape_tsv(const unsigned char *text, size_t count, unsigned char *out) {
    size_t o = 0;
    for (size_t i = 0; i < count; i++) {
        unsigned char byte = text[i];
        switch (byte) {
        case '\\': out[o++] = '\\'; out[o++] = '\\'; break;
        case 0x09: out[o++] = '\\'; out[o++] = 't'; break;
        case 0x0A: out[o++] = '\\'; out[o++] = 'n'; break;
        case 0x0D: out[o++] = '\\'; out[o++] = 'r'; break;
        default: out[o++] = byte;
        }
    }
    return o;
}

size_t assoc_escape_markdown(const unsigned char *text, size_t count, unsigned char *out, int *after_cr) {
    size_t o = 0;
    int afterCR = *after_cr;
    for (size_t i = 0; i < count; i++) {
        unsigned char byte = text[i];
        if (byte == '\\' || byte == '|') {
            out[o++] = '\\';
            out[o++] = byte;
        } else if (byte == 0x0A && afterCR) {
            /* the LF of a CRLF: the CR wrote the line break */
        } else if (byte == 0x0A || byte == 0x0D) {
            out[o++] = '<'; out[o++] = 'b'; out[o++] = 'r'; out[o++] = '>';
        } else {
            out[o++] = byte;
        }
        afterCR = byte == 0x0D;
    }
    *after_cr = afterCR;
    return o;
}

size_t assoc_double_byte(const unsigned char *text, size_t count, unsigned char byte, unsigned char *out) {
    size_t o = 0;
    for (size_t i = 0; i < count; i++) {
        out[o++] = text[i];
        if (text[i] == byte) out[o++] = byte;
    }
    return o;
}

int assoc_is_utf8(const unsigned char *text, size_t count) {
    size_t i = 0;
    while (i < count) {
        /* Eight ASCII bytes at a time (memcpy: no unaligned load). */
        if (count - i >= 8) {
            unsigned long long word;
            memcpy(&word, text + i, 8);
            if ((word & 0x8080808080808080ULL) == 0) {
                i += 8;
                continue;
            }
        }
        unsigned char byte = text[i];
        if (byte < 0x80) {
            i++;
            continue;
        }
        size_t length;
        unsigned int scalar, minimum;
        if (byte >= 0xC2 && byte <= 0xDF) {
            length = 2, scalar = byte & 0x1F, minimum = 0x80;
        } else if (byte >= 0xE0 && byte <= 0xEF) {
            length = 3, scalar = byte & 0x0F, minimum = 0x800;
        } else if (byte >= 0xF0 && byte <= 0xF4) {
            length = 4, scalar = byte & 0x07, minimum = 0x10000;
        } else {
            return 0;
        }
        if (count - i < length) return 0;
        for (size_t k = 1; k < length; k++) {
            unsigned char next = text[i + k];
            if ((next & 0xC0) != 0x80) return 0;
            scalar = scalar << 6 | (next & 0x3F);
        }
        if (scalar < minimum || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF)) return 0;
        i += length;
    }
    return 1;
}

size_t assoc_hex(const unsigned char *bytes, size_t count, unsigned char *out) {
    static const char digits[] = "0123456789ABCDEF";
    for (size_t i = 0; i < count; i++) {
        out[2 * i] = (unsigned char)digits[bytes[i] >> 4];
        out[2 * i + 1] = (unsigned char)digits[bytes[i] & 0xF];
    }
    return 2 * count;
}
