#!/usr/bin/env python3
"""Renders a terminal capture with ANSI colours (`tmux capture-pane -e -p`) into a PNG.

usage: ansi-to-png.py CAPTURE.txt OUT.png [--cols 120] [--rows 36]

SGR codes handled: reset, bold, dim, italic, underline, reverse, the 8/16 colours, 256 colours
and 24-bit colours. Wide characters (CJK) take two cells. Glyphs missing from DejaVu Sans Mono
fall back to DejaVu Sans, then DejaVu Serif. Needs Pillow.
"""
import argparse
import re
import unicodedata

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
SIZE = 15
BACKGROUND = (30, 30, 30)
FOREGROUND = (212, 212, 212)
# A dark theme's 16 colours (normal, then bright).
PALETTE = [
    (40, 40, 40), (220, 80, 70), (110, 190, 90), (220, 180, 80), (90, 150, 230), (190, 120, 200), (80, 190, 200), (212, 212, 212),
    (110, 110, 110), (240, 110, 100), (140, 220, 120), (240, 210, 110), (130, 180, 250), (220, 150, 230), (120, 220, 230), (255, 255, 255),
]


def color256(n):
    if n < 16:
        return PALETTE[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    level = 8 + (n - 232) * 10
    return (level, level, level)


class Style:
    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = None
        self.bg = None
        self.bold = self.dim = self.italic = self.underline = self.reverse = False

    def copy(self):
        other = Style()
        other.__dict__.update(self.__dict__)
        return other

    def apply(self, params):
        codes = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                self.reset()
            elif c == 1:
                self.bold = True
            elif c == 2:
                self.dim = True
            elif c == 3:
                self.italic = True
            elif c == 4:
                self.underline = True
            elif c == 7:
                self.reverse = True
            elif c == 22:
                self.bold = self.dim = False
            elif c == 23:
                self.italic = False
            elif c == 24:
                self.underline = False
            elif c == 27:
                self.reverse = False
            elif 30 <= c <= 37:
                self.fg = PALETTE[c - 30]
            elif c == 39:
                self.fg = None
            elif 40 <= c <= 47:
                self.bg = PALETTE[c - 40]
            elif c == 49:
                self.bg = None
            elif 90 <= c <= 97:
                self.fg = PALETTE[c - 90 + 8]
            elif 100 <= c <= 107:
                self.bg = PALETTE[c - 100 + 8]
            elif c in (38, 48) and i + 1 < len(codes):
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    value = color256(codes[i + 2])
                    i += 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    value = tuple(codes[i + 2:i + 5])
                    i += 4
                else:
                    value = None
                if c == 38:
                    self.fg = value
                else:
                    self.bg = value
            i += 1

    def colors(self):
        fg = self.fg or FOREGROUND
        bg = self.bg or BACKGROUND
        if self.bold and self.fg in PALETTE[:8]:
            fg = PALETTE[PALETTE.index(self.fg) + 8]
        if self.reverse:
            fg, bg = bg, fg
        if self.dim:
            fg = tuple((f + b) // 2 for f, b in zip(fg, bg))
        return fg, bg


SGR = re.compile(r"\x1b\[([0-9;]*)m")
OTHER_ESCAPE = re.compile(r"\x1b(\[[0-9;?]*[A-Za-z]|\][^\x07]*\x07|[()][A-Za-z0-9])")


def cells(line, style):
    """Yields (character, style) for each printed character of a line, updating `style`."""
    position = 0
    while position < len(line):
        if line[position] == "\x1b":
            match = SGR.match(line, position)
            if match:
                style.apply(match.group(1))
                position = match.end()
                continue
            other = OTHER_ESCAPE.match(line, position)
            position = other.end() if other else position + 1
            continue
        yield line[position], style.copy()
        position += 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("capture")
    parser.add_argument("output")
    parser.add_argument("--cols", type=int, default=120)
    parser.add_argument("--rows", type=int, default=36)
    args = parser.parse_args()

    fonts = {
        (False, False): ImageFont.truetype(FONT_DIR + "DejaVuSansMono.ttf", SIZE),
        (True, False): ImageFont.truetype(FONT_DIR + "DejaVuSansMono-Bold.ttf", SIZE),
        (False, True): ImageFont.truetype(FONT_DIR + "DejaVuSansMono-Oblique.ttf", SIZE),
        (True, True): ImageFont.truetype(FONT_DIR + "DejaVuSansMono-BoldOblique.ttf", SIZE),
    }
    fallbacks = [ImageFont.truetype(FONT_DIR + name, SIZE) for name in ("DejaVuSans.ttf", "DejaVuSerif.ttf")]
    regular = fonts[(False, False)]
    has_glyph = {}

    def font_for(character, style):
        if character not in has_glyph:
            has_glyph[character] = None
            for font in [regular] + fallbacks:
                if glyph_bytes(font, character) != glyph_bytes(font, "\U0010fffd"):
                    has_glyph[character] = font
                    break
        found = has_glyph[character]
        return fonts[(style.bold, style.italic)] if found is regular or found is None else found

    left, top, right, bottom = regular.getbbox("M")
    cell_width = int(round(regular.getlength("M")))
    ascent, descent = regular.getmetrics()
    cell_height = ascent + descent + 2
    margin = 10
    image = Image.new("RGB", (args.cols * cell_width + 2 * margin, args.rows * cell_height + 2 * margin), BACKGROUND)
    draw = ImageDraw.Draw(image)

    with open(args.capture, encoding="utf-8", errors="replace") as handle:
        lines = handle.read().split("\n")
    style = Style()
    for row, line in enumerate(lines[:args.rows]):
        column = 0
        y = margin + row * cell_height
        for character, cell_style in cells(line, style):
            if column >= args.cols:
                break
            width = 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1
            if unicodedata.combining(character):
                continue
            x = margin + column * cell_width
            fg, bg = cell_style.colors()
            if bg != BACKGROUND:
                draw.rectangle([x, y, x + width * cell_width - 1, y + cell_height - 1], fill=bg)
            if character.strip():
                font = font_for(character, cell_style)
                if character in "─│┌┐└┘├┤┬┴┼":
                    draw_box(draw, character, x, y, cell_width, cell_height, fg)
                else:
                    draw.text((x, y + 1), character, font=font, fill=fg)
            if cell_style.underline:
                draw.line([x, y + cell_height - 2, x + width * cell_width - 1, y + cell_height - 2], fill=fg)
            column += width
        # tmux ends each line with a reset; keep the style across lines otherwise.
    image.save(args.output, optimize=True)


def glyph_bytes(font, character):
    """The glyph's bitmap, to tell a real glyph from the font's "missing" box."""
    mask = font.getmask(character)
    return (mask.size, bytes(mask))


def draw_box(draw, character, x, y, w, h, fg):
    """Box-drawing lines drawn edge to edge, so borders join between cells."""
    cx, cy = x + w // 2, y + h // 2
    left = character in "─┐┘┤┬┴┼"
    right = character in "─┌└├┬┴┼"
    up = character in "│└┘├┤┴┼"
    down = character in "│┌┐├┤┬┼"
    if left:
        draw.line([x, cy, cx, cy], fill=fg)
    if right:
        draw.line([cx, cy, x + w - 1, cy], fill=fg)
    if up:
        draw.line([cx, y, cx, cy], fill=fg)
    if down:
        draw.line([cx, cy, cx, y + h - 1], fill=fg)


if __name__ == "__main__":
    main()
