#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""diagrams.py OUTDIR: draw the page-table formats and the TLB-miss handlers' bit moves as SVG.

Every bit position, shift, table size and page size comes from the headers the handlers are built with
(mmu/pte-e500.h, mmu/pte-mpc8xx.h, include/e500/mas.h, include/mpc8xx/mmu.h), read here; a relation the
pictures show (a field that lands at the same place, a shift that maps one field onto another) is checked
against those values, and the script stops with an error naming the header when it no longer holds.
`make docs` writes docs/diagrams/*.svg with it; the docs test suite checks the committed files are what
it draws. Output is deterministic (no dates, fixed number formatting).
"""
import os
import re
import sys

if sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__.strip())
    sys.exit(0)

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FONT = "DejaVu Sans Mono, monospace"
CHAR_W = 0.6                     # advance of one character, in font sizes
COLORS = ["#f4a261", "#8ecae6", "#90be6d", "#e9c46a", "#cdb4db", "#f28482", "#84a59d",
          "#ffafcc", "#a8dadc", "#b5838d", "#c9e4ca", "#ffd166"]
GREY = "#e9ecef"
WIDTH = 32 * 26                  # width of a 32-bit register row, in pixels
LEFT = 130                       # room for row names


class Fail(Exception):
    pass


# ---------------------------------------------------------------- headers

class Header:
    """The object-like #defines of some headers, evaluated on demand."""

    def __init__(self, *paths):
        self.raw, self.where = {}, {}
        for rel in paths:
            with open(os.path.join(TOP, rel)) as f:
                text = re.sub(r"/\*.*?\*/", " ", f.read(), flags=re.S)
            for line in text.splitlines():
                m = re.match(r"\s*#\s*define\s+(\w+)(?:\s+(.*))?$", line)
                if m and m.group(2):
                    self.raw[m.group(1)] = m.group(2).split("//")[0].strip()
                    self.where[m.group(1)] = rel
        self.paths = paths

    def __getitem__(self, name):
        if name not in self.raw:
            raise Fail("%s: no #define %s" % (" or ".join(self.paths), name))
        expr = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]+\b", r"\1", self.raw[name])
        names = {n: self[n] for n in re.findall(r"\b[A-Za-z_]\w*\b", expr)}
        try:
            return int(eval(expr, {"__builtins__": {}}, names))
        except Exception as e:
            raise Fail("%s: cannot evaluate %s = %s (%s)" % (self.where[name], name, self.raw[name], e))

    def need(self, cond, what):
        if not cond:
            raise Fail("%s no longer holds in %s; update tools/diagrams.py" % (what, " / ".join(self.paths)))


def log2(v):
    if v <= 0 or v & (v - 1):
        raise Fail("%#x is not a power of two" % v)
    return v.bit_length() - 1


def runs(mask):
    """Contiguous runs of a 32-bit mask as (first, last) IBM bit numbers (bit 0 = 0x80000000)."""
    out, bit = [], 0
    while bit < 32:
        if mask & (1 << (31 - bit)):
            first = bit
            while bit < 32 and mask & (1 << (31 - bit)):
                bit += 1
            out.append((first, bit - 1))
        else:
            bit += 1
    return out


def ibm(mask):
    r = runs(mask)
    return ",".join("%d" % a if a == b else "%d..%d" % (a, b) for a, b in r)


# ---------------------------------------------------------------- SVG

def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def num(v):
    return ("%.1f" % v).rstrip("0").rstrip(".")


class Svg:
    def __init__(self, title):
        self.items, self.title, self.w, self.h = [], title, 0, 0

    def grow(self, x, y):
        self.w, self.h = max(self.w, x), max(self.h, y)

    def rect(self, x, y, w, h, fill="white", stroke="#333", dash=False):
        extra = ' stroke-dasharray="4 3"' if dash else ""
        self.items.append('<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s"%s/>'
                          % (num(x), num(y), num(w), num(h), fill, stroke, extra))
        self.grow(x + w, y + h)

    def text(self, x, y, s, size=11, anchor="middle", weight="normal", rotate=False, color="#111"):
        if not s:
            return
        rot = ' transform="rotate(-90 %s %s)"' % (num(x), num(y)) if rotate else ""
        self.items.append('<text x="%s" y="%s" font-family="%s" font-size="%s" text-anchor="%s" '
                          'font-weight="%s" fill="%s"%s>%s</text>'
                          % (num(x), num(y), FONT, size, anchor, weight, color, rot, esc(s)))
        width = len(s) * size * CHAR_W
        if rotate:
            self.grow(x + size, y)
        elif anchor == "start":
            self.grow(x + width, y + 4)
        elif anchor == "middle":
            self.grow(x + width / 2, y + 4)
        else:
            self.grow(x, y + 4)

    def line(self, x1, y1, x2, y2, color="#333", arrow=True, curve=True, width=1.5):
        if curve:
            my = (y1 + y2) / 2
            d = "M%s,%s C%s,%s %s,%s %s,%s" % tuple(num(v) for v in (x1, y1, x1, my, x2, my, x2, y2))
        else:
            d = "M%s,%s L%s,%s" % tuple(num(v) for v in (x1, y1, x2, y2))
        mark = ' marker-end="url(#arrow)"' if arrow else ""
        self.items.append('<path d="%s" fill="none" stroke="%s" stroke-width="%s"%s/>'
                          % (d, color, num(width), mark))
        self.grow(max(x1, x2), max(y1, y2))

    def render(self):
        w, h = int(self.w + 20), int(self.h + 16)
        head = ['<?xml version="1.0" encoding="UTF-8"?>',
                '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">'
                % (w, h, w, h),
                "<title>%s</title>" % esc(self.title),
                '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
                'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#333"/>'
                "</marker></defs>",
                '<rect x="0" y="0" width="%d" height="%d" fill="white"/>' % (w, h)]
        return "\n".join(head + self.items + ["</svg>", ""])


# ---------------------------------------------------------------- register rows

class Row:
    """A 32-bit word drawn as bit cells with named fields: fields = [(mask, label, color)]."""

    def __init__(self, name, fields, x, y, width=WIDTH, height=58, base=0):
        self.name, self.fields, self.x, self.y, self.width, self.h = name, fields, x, y, width, height
        self.base = base
        self.bw = width / 32.0

    def bx(self, bit):
        return self.x + bit * self.bw

    def center(self, mask):
        r = runs(mask)
        return (self.bx(r[0][0]) + self.bx(r[-1][1] + 1)) / 2

    def draw(self, svg, numbers=True):
        svg.text(self.x - 8, self.y + self.h / 2 + 4, self.name, 12, "end", "bold")
        taken = 0
        for mask, label, color in self.fields:
            taken |= mask
            for a, b in runs(mask):
                x, w = self.bx(a), (b - a + 1) * self.bw
                svg.rect(x, self.y, w, self.h, color)
                if len(label) * 10 * CHAR_W <= w - 4:
                    svg.text(x + w / 2, self.y + self.h / 2 + 4, label, 10)
                elif len(label) * 9 * CHAR_W <= self.h - 6:
                    svg.text(x + w / 2 + 3.5, self.y + self.h - 4, label, 9, "start", rotate=True)
                else:
                    raise Fail("label %r does not fit its %d-bit field in %s" % (label, b - a + 1, self.name))
        for a, b in runs(~taken & 0xFFFFFFFF):
            svg.rect(self.bx(a), self.y, (b - a + 1) * self.bw, self.h, GREY)
        if numbers:
            for bit in range(32):
                if bit % 4 == 0 or bit == 31 or self.bw >= 20:
                    svg.text(self.bx(bit) + self.bw / 2, self.y - 4, str(bit + self.base), 8, color="#666")

    def bottom(self):
        return self.y + self.h


def move_lines(svg, src, smask, dst, dmask, color="#333"):
    """Lines from each run of smask in src to the matching run of dmask in dst (in order)."""
    sr, dr = runs(smask), runs(dmask)
    if len(sr) != len(dr):
        sr, dr = [(sr[0][0], sr[-1][1])], [(dr[0][0], dr[-1][1])]
    for (a, b), (c, d) in zip(sr, dr):
        x1 = (src.bx(a) + src.bx(b + 1)) / 2
        x2 = (dst.bx(c) + dst.bx(d + 1)) / 2
        svg.line(x1, src.bottom() + 2, x2, dst.y - 12, color)


def shifted(v, shift):
    """v moved right by shift (left if negative), as a 32-bit value."""
    return (v >> shift if shift >= 0 else v << -shift) & 0xFFFFFFFF


class Panel:
    """Sources side by side on top, one destination row below, lines for each move.

    sources: [(name, fields, first bit number)]; moves: [(source index or None, source mask,
    destination mask, label or None, color)]: a move without a source is a constant field of the
    destination, a move without a label only draws its line (into a field another move names).
    """

    def __init__(self, svg, y, title, sources, dest, moves, notes=()):
        dest_name, dest_base = dest
        svg.text(20, y, title, 13, "start", "bold")
        y += 32
        sw = WIDTH / len(sources)
        rows = []
        for i, (name, fields, base) in enumerate(sources):
            gap = 6 if len(sources) > 1 else 0
            r = Row(name if len(sources) == 1 else "", fields, LEFT + i * sw, y, sw - gap, base=base)
            r.draw(svg)
            if len(sources) > 1:
                svg.text(r.x, y + r.h + 14, name, 11, "start", "bold")
            rows.append(r)
        dest = Row(dest_name, [(m[2], m[3], m[4]) for m in moves if m[3] is not None], LEFT, y + 58 + 120,
                   base=dest_base)
        dest.draw(svg)
        for si, smask, dmask, _label, _color in moves:
            if si is not None:
                move_lines(svg, rows[si], smask, dest, dmask)
        ny = dest.bottom() + 22
        for n in notes:
            svg.text(LEFT, ny, n, 11, "start")
            ny += 16
        self.bottom = ny


# ---------------------------------------------------------------- e500

def e500_defs():
    return Header("mmu/pte-e500.h", "include/e500/mas.h", "include/e500/reg.h")


def e500_miss(h):
    svg = Svg("e500 TLB-miss handler: PTE to MAS2, MAS3, MAS7 (and MAS1 for huge pages)")
    wimge = h["_PAGE_ENDIAN"] | h["_PAGE_GUARDED"] | h["_PAGE_COHERENT"] | h["_PAGE_NO_CACHE"] | \
        h["_PAGE_WRITETHRU"]
    ws = h["PTE_WIMGE_SHIFT"]
    h.need(shifted(wimge, ws) == h["MAS2_WIMGE_MASK"], "PTE WIMGE >> PTE_WIMGE_SHIFT == MAS2_WIMGE_MASK")
    bs = h["PTE_BAP_SHIFT"]
    perms = [("SR", "_PAGE_BAP_SR", "MAS3_SR"), ("UR", "_PAGE_BAP_UR", "MAS3_UR"),
             ("SW", "_PAGE_BAP_SW", "MAS3_SW"), ("UW", "_PAGE_BAP_UW", "MAS3_UW"),
             ("SX", "_PAGE_BAP_SX", "MAS3_SX"), ("UX", "_PAGE_BAP_UX", "MAS3_UX")]
    for n, p, m in perms:
        h.need(shifted(h[p], bs) == h[m], "%s >> PTE_BAP_SHIFT == %s" % (p, m))
    rs = h["PTE_RPN_SHIFT"]
    page_shift = log2(1024 << 2 * h["TSIZE_4K"])      # 12
    lo_bits = 32 - rs                                 # pfn bits 0..7 sit in the low word's top byte
    hi_bits = 32 - page_shift - lo_bits               # pfn bits 8..19: the high word's low 12 bits
    rpn_lo = (0xFFFFFFFF << rs) & 0xFFFFFFFF
    hi_rpn = (1 << hi_bits) - 1
    hi_shift = 32 - hi_bits                           # high word << 20 -> MAS3 bits 0..11
    mas7_src = h["MAS7_RPN_HI_MASK"] << hi_bits       # PA 32..35: the high word's next 4 bits
    h.need(shifted(rpn_lo, rs - page_shift) | shifted(hi_rpn, -hi_shift) == h["MAS3_RPN_MASK"],
           "the two PTE words' pfn fields make MAS3_RPN_MASK")
    psize = h["_PAGE_PSIZE_MSK"]
    h.need(psize == h["MAS1_TSIZE_MASK"], "_PAGE_PSIZE_MSK == MAS1_TSIZE_MASK (TSIZE at the same place)")

    low = [(rpn_lo, "pfn 0..%d" % (lo_bits - 1), COLORS[0]), (wimge, "W I M G E", COLORS[1]),
           (h["_PAGE_ACCESSED"], "ACCESSED", COLORS[8]),
           (h["_PAGE_U0"] | h["_PAGE_U1"] | h["_PAGE_U2"] | h["_PAGE_U3"], "U0..U3", GREY),
           (h["_PAGE_SPECIAL"], "SPECIAL", GREY), (h["_PAGE_DIRTY"], "DIRTY", COLORS[9]),
           (psize, "TSIZE", COLORS[3])]
    for i, (n, p, _m) in enumerate(perms):
        low.append((h[p], n, COLORS[4] if "S" == n[0] else COLORS[5]))
    low += [(h["_PAGE_SW1"], "SW1", GREY), (h["_PAGE_PRESENT"], "P", COLORS[8])]
    high = [(hi_rpn, "pfn %d..%d" % (lo_bits, lo_bits + hi_bits - 1), COLORS[6]),
            (mas7_src, "PA 32..35", COLORS[7])]
    srcs = [("PTE high word (bits 0..31 of 64)", high, 0), ("PTE low word (bits 32..63)", low, 32)]
    lows = [("PTE low", low, 32)]

    p = Panel(svg, 24, "MAS2: EPN from the hardware autoload (EA), WIMGE = PTE low >> %d" % ws,
              lows, ("MAS2", 32),
              [(None, 0, h["MAS2_EPN_MASK"], "EPN (autoloaded from the EA; huge: EA aligned down)", GREY),
               (0, wimge, h["MAS2_WIMGE_MASK"], "W I M G E", COLORS[1])])
    pa = page_shift + lo_bits
    moves = [(0, hi_rpn, shifted(hi_rpn, -hi_shift), "PA %d..%d" % (pa, pa + hi_bits - 1), COLORS[6]),
             (1, rpn_lo, shifted(rpn_lo, rs - page_shift), "PA %d..%d" % (page_shift, pa - 1), COLORS[0])]
    for n, pn, m in perms:
        moves.append((1, h[pn], h[m], n, COLORS[4] if n[0] == "S" else COLORS[5]))
    p = Panel(svg, p.bottom + 20, "MAS3: RPN from both PTE words, permissions = PTE low >> %d" % bs,
              srcs, ("MAS3", 32), moves,
              ["pfn and PA bits are counted from the least significant, as in Linux (PA bit 12 = 0x1000);",
               "register cells are numbered as Book E numbers them."])
    p = Panel(svg, p.bottom + 20, "MAS7: PA bits 32..35 from the PTE high word",
              srcs, ("MAS7", 32), [(0, mas7_src, h["MAS7_RPN_HI_MASK"], "PA 32..35", COLORS[7])])
    base = h["_PAGE_PRESENT"] | h["_PAGE_ACCESSED"]
    for kind, bit in (("KERNEL_READ", "_PAGE_BAP_SR"), ("USER_READ", "_PAGE_BAP_UR"),
                      ("KERNEL_EXEC", "_PAGE_BAP_SX"), ("USER_EXEC", "_PAGE_BAP_UX")):
        h.need(h["PTE_NEED_" + kind] == base | h[bit], "PTE_NEED_%s == PRESENT | ACCESSED | %s" % (kind, bit))
    p = Panel(svg, p.bottom + 20, "MAS1 (huge pages only): TSIZE copied from the leaf PGD entry, same field",
              lows, ("MAS1", 32),
              [(None, 0, h["MAS1_VALID"], "V", GREY), (None, 0, h["MAS1_TID_MASK"], "TID (autoload)", GREY),
               (None, 0, h["MAS1_TS"], "TS", GREY), (0, psize, h["MAS1_TSIZE_MASK"], "TSIZE", COLORS[3])],
              ["Before any of this the PTE low word must hold every bit of the context's NEED mask:",
               "P | ACCESSED | SR, UR, SX or UX (PTE_NEED_*: kernel/user, data/fetch), else the C fault path.",
               "4 KB pages: MAS0 (TLB0 way) and MAS1 (V, TID = PID, TS, TSIZE 4K) are the hardware's autoload."])
    return svg


def ea_bar(svg, x, y, fields, width=WIDTH, title="EA"):
    """fields = [(first bit, last bit, label, color)]"""
    r = Row(title, [(sum(1 << (31 - b) for b in range(a, z + 1)), lab, col) for a, z, lab, col in fields],
            x, y, width, 34)
    r.draw(svg)
    return r


class Table:
    """A page table drawn as a column of rows: rows = [(label, color or None)]."""

    def __init__(self, svg, x, y, title, rows, w=190, rh=22):
        self.x, self.y, self.w, self.rh = x, y, w, rh
        svg.text(x + w / 2, y - 6, title, 11, weight="bold")
        for i, (label, color) in enumerate(rows):
            svg.rect(x, y + i * rh, w, rh, color or "white")
            svg.text(x + 6, y + i * rh + rh / 2 + 4, label, 10, "start")
        self.bottom = y + len(rows) * rh

    def row_y(self, i):
        return self.y + i * self.rh + self.rh / 2


def arrow_right(svg, t1, i, x2, y2, label=None):
    svg.line(t1.x + t1.w, t1.row_y(i), x2, y2, curve=False)
    if label:
        svg.text((t1.x + t1.w + x2) / 2, min(t1.row_y(i), y2) - 4, label, 9)


def entry_box(svg, x, y, title, lines, w=250):
    svg.rect(x, y, w, 20 + 15 * len(lines), "#fff8e1")
    svg.text(x + w / 2, y + 14, title, 11, weight="bold")
    for i, s in enumerate(lines):
        svg.text(x + 8, y + 30 + 15 * i, s, 10, "start")
    return y + 20 + 15 * len(lines)


def e500_walk(h, huge):
    pgd_shift = h["E500_PGD_SHIFT"]
    npgd, npte = h["E500_PTRS_PER_PGD"], h["E500_PTRS_PER_PTE"]
    pgd_bits, pte_bits = log2(npgd), log2(npte)
    page_shift = 12
    h.need(pgd_bits + pgd_shift == 32 and pte_bits + page_shift == pgd_shift,
           "PGD index + PTE index + 12 == 32")
    title = "e500 huge page: a run of leaf PGD entries, into TLB1" if huge else \
        "e500 4 KB page: PGD, PTE table, TLB0"
    svg = Svg(title)
    svg.text(20, 22, title, 14, "start", "bold")
    if huge:
        fields = [(0, pgd_bits - 1, "PGD index EA[0:%d] (one entry = 2 MB)" % (pgd_bits - 1), COLORS[1]),
                  (pgd_bits, 31, "offset in the huge page (the run covers size / 2 MB entries)", GREY)]
    else:
        fields = [(0, pgd_bits - 1, "PGD index EA[0:%d]" % (pgd_bits - 1), COLORS[1]),
                  (pgd_bits, pgd_bits + pte_bits - 1, "PTE index [%d:%d]" % (pgd_bits, 31 - page_shift),
                   COLORS[2]),
                  (32 - page_shift, 31, "offset", GREY)]
    ea = ea_bar(svg, LEFT, 56, fields)
    ty = 160
    sprg = h.raw["SPRN_SPRG_PGD"].replace("SPRN_", "")     # the SPRG the handler reads the PGD from
    h.need(re.fullmatch(r"SPRG[0-7]", sprg) is not None, "SPRN_SPRG_PGD names an SPRG")
    svg.rect(20, ty, 100, 40, "#fff8e1")
    svg.text(70, ty + 17, sprg, 11, weight="bold")
    svg.text(70, ty + 32, "PGD + %d" % h["E500_ENTRY_LO"], 10)
    if huge:
        rows = [("[0]", None), ("...", None), ("[r] leaf: base (first)", COLORS[3]),
                ("...", COLORS[3]), ("[r+k] leaf: base + k*2M", COLORS[3]), ("...", COLORS[3]),
                ("[r+n-1] base + (n-1)*2M", COLORS[3]), ("...", None), ("[%d]" % (npgd - 1), None)]
        pgd = Table(svg, 200, ty, "PGD: %d x 8 bytes" % npgd, rows, 210)
        svg.line(120, ty + 20, 200, ty + 20, curve=False)
        svg.line(ea.center(fields_mask(0, pgd_bits - 1)), ea.bottom() + 2, 300, ty - 20)
        y2 = entry_box(svg, 640, ty + 40, "TLB1 entry (a slot taken round robin)", [
            "EPN   = EA aligned down to the page",
            "TSIZE = the leaf's TSIZE",
            "RPN   = the RPN of entry [r]",
            "WIMGE, UX..SR of entry [r+k]",
            "TID   = PID (autoload), TS"], 290)
        arrow_right(svg, pgd, 4, 640, ty + 100, "NEED check, TSIZE, flags")
        arrow_right(svg, pgd, 2, 640, ty + 60, "RPN")
        svg.text(200 + 105, pgd.bottom + 16, "(EA's index points at [r+k])", 10)
        sizes = []
        fshift = log2(h["_PAGE_TSIZE_4K"] // h["TSIZE_4K"])
        for name, size in (("4M", 4 << 20), ("16M", 16 << 20), ("64M", 64 << 20), ("256M", 256 << 20),
                           ("1G", 1 << 30)):
            ts = h["TSIZE_" + name]
            h.need(1024 << (2 * ts) == size, "TSIZE_%s == log4(size / 1K)" % name)
            h.need(size == 1 << (((ts << fshift) >> h["_PAGE_PSIZE_SHIFT"]) + h["_PAGE_PSIZE_SHIFT_OFFSET"]),
                   "the PTE size formula for %s" % name)
            sizes.append((name, str(ts), "%#05x" % (ts << fshift), str(size >> pgd_shift)))
        y = max(pgd.bottom + 20, y2) + 30
        cols = [LEFT, LEFT + 90, LEFT + 180, LEFT + 330]
        for x, head in zip(cols, ("page", "TSIZE", "PTE & %#05x" % h["_PAGE_PSIZE_MSK"], "entries in the run")):
            svg.text(x, y, head, 11, "start", "bold")
        for i, row in enumerate(sizes):
            for x, cell in zip(cols, row):
                svg.text(x, y + 16 * (i + 1), cell, 11, "start")
        y += 16 * (len(sizes) + 2)
        for s in ["Every entry of the run is a full PTE carrying the page's TSIZE; entry i maps base + i * 2 MB.",
                  "A leaf's low word is below 0x01000000 (pfn bits 0..7 are 0 for pages of 4 MB and up),",
                  "a table pointer is a kernel address (negative): one signed compare tells them apart."]:
            svg.text(LEFT, y, s, 11, "start")
            y += 16
    else:
        rows = [("[0]", None), ("...", None), ("[i] 0 | table (kernel VA)", COLORS[1]), ("...", None),
                ("[%d]" % (npgd - 1), None)]
        pgd = Table(svg, 200, ty, "PGD: %d x 8 bytes" % npgd, rows, 210)
        svg.line(120, ty + 20, 200, ty + 20, curve=False)
        svg.line(ea.center(fields_mask(0, pgd_bits - 1)), ea.bottom() + 2, 300, ty - 20)
        prow = [("[0]", None), ("...", None), ("[j] PTE: pfn | flags", COLORS[2]), ("...", None),
                ("[%d]" % (npte - 1), None)]
        pte = Table(svg, 480, ty + 40, "PTE table: %d x 8 bytes" % npte, prow, 200)
        arrow_right(svg, pgd, 2, 480, ty + 40 + 11, "table")
        svg.line(ea.center(fields_mask(pgd_bits, pgd_bits + pte_bits - 1)), ea.bottom() + 2, 580, ty + 14)
        y2 = entry_box(svg, 740, ty + 60, "TLB0 entry", [
            "EPN = EA[0:19], TSIZE 4K,",
            "TID = PID (autoload)",
            "RPN, WIMGE, UX..SR",
            "  from the PTE"], 190)
        arrow_right(svg, pte, 2, 740, ty + 90)
        y = max(pte.bottom, y2) + 30
        for s in ["PGD index = EA >> %d (x 8 bytes); PTE index = (EA >> 12) & %#x (x 8 bytes)." %
                  (pgd_shift, npte - 1),
                  "MAS2/MAS3/MAS7 from the PTE: see e500-miss.svg."]:
            svg.text(LEFT, y, s, 11, "start")
            y += 16
    return svg


def fit(bits, *labels):
    """The first label that fits a field of that many bits in an EA bar."""
    for label in labels:
        if len(label) * 10 * CHAR_W <= bits * WIDTH / 32 - 4:
            return label
    return labels[-1]


def fields_mask(a, b):
    return sum(1 << (31 - i) for i in range(a, b + 1))


# ---------------------------------------------------------------- MPC8xx

def m8xx_defs():
    return Header("mmu/pte-mpc8xx.h", "include/mpc8xx/mmu.h", "tlb/mpc8xx-miss.S")


def m8xx_pte_fields(h):
    return [(h["_PAGE_RPN_MASK"], "RPN", COLORS[0]), (h["_PAGE_HUGE"], "HUGE", COLORS[3]),
            (h["_PAGE_PP_MASK"], "RO/NA", COLORS[4]), (h["_PAGE_DIRTY"], "DIRTY", COLORS[9]),
            (h["_PAGE_SPECIAL"], "SPECIAL", COLORS[11]), (h["_PAGE_EXEC"], "EXEC", COLORS[5]),
            (h["_PAGE_ACCESSED"], "ACCESSED", COLORS[8]), (h["_PAGE_GUARDED"], "GUARDED", COLORS[1]),
            (h["_PAGE_SPS"], "SPS", COLORS[2]), (h["_PAGE_SH"], "SH", COLORS[6]),
            (h["_PAGE_NO_CACHE"], "CI", COLORS[7]), (h["_PAGE_PRESENT"], "V", COLORS[10])]


def m8xx_pmd_fields(h):
    return [(h["_PMD_TABLE_MASK"], "L2 table (physical)", COLORS[0]), (h["_PMD_USER"], "USER", COLORS[5]),
            (h["_PMD_PAGE_MASK"], "PS", COLORS[3]), (h["_PMD_PRESENT"], "V", COLORS[10])]


def m8xx_twc_moves(h, data):
    huge_shift = 32 - h["PTE_HUGE_TO_TWC_PS"]           # the handler's rotate, as a right shift
    h.need(shifted(h["_PAGE_HUGE"], huge_shift) == h["MX_TWC_PS_512K"], "_PAGE_HUGE rotated = TWC PS 512K")
    h.need(h["_PAGE_GUARDED"] == h["MX_TWC_G"], "_PAGE_GUARDED at the place of TWC G")
    h.need(h["_PMD_ACCESSED"] == h["_PAGE_ACCESSED"], "_PAGE_ACCESSED at the place of the APG low bit")
    h.need(h["_PMD_PAGE_512K"] == h["MX_TWC_PS_512K"], "_PMD_PAGE_512K == MX_TWC_PS_512K")
    h.need(h["_PMD_PAGE_MASK"] == h["MX_TWC_PS_MASK"], "PMD PS where TWC PS is")
    apg_user = h["_PMD_USER"]
    h.need(apg_user & h["MX_TWC_APG_MASK"] and h["_PAGE_ACCESSED"] & h["MX_TWC_APG_MASK"],
           "USER and ACCESSED inside the TWC APG field")
    moves = [(0, h["_PMD_TABLE_MASK"], h["MX_TWC_L2TB_MASK"], "L2TB", COLORS[0]),
             (0, apg_user, apg_user, "USER", COLORS[5]),
             (1, h["_PAGE_ACCESSED"], h["_PAGE_ACCESSED"], "ACC", COLORS[8]),
             (1, h["_PAGE_GUARDED"], h["MX_TWC_G"], "G", COLORS[1]),
             (0, h["_PMD_PAGE_MASK"], h["MX_TWC_PS_MASK"], "PS", COLORS[3]),
             (1, h["_PAGE_HUGE"], h["MX_TWC_PS_512K"], None, COLORS[3]),
             (None, 0, h["MD_TWC_WT"], "WT" if data else None, GREY),
             (0, h["_PMD_PRESENT"], h["MX_TWC_V"], "V", COLORS[10])]
    return moves, huge_shift


def m8xx_miss(h, side):
    d = side == "D"
    title = "MPC8xx %s miss handler: PMD and PTE to M%s_TWC and M%s_RPN" % (
        "DTLB" if d else "ITLB", "D" if d else "I", "D" if d else "I")
    svg = Svg(title)
    pte, pmd = m8xx_pte_fields(h), m8xx_pmd_fields(h)
    moves, hs = m8xx_twc_moves(h, d)
    r = "MD" if d else "MI"
    p = Panel(svg, 24, "%s_TWC = PMD, with PTE GUARDED and ACCESSED in place and _PAGE_HUGE rotated right %d"
              " into PS" % (r, hs), [("PMD", pmd, 0), ("PTE", pte, 0)], (r + "_TWC", 0), moves,
              ["PS = 11 (8M) in both PMDs of an 8M page; PS = 01 (512K) comes from _PAGE_HUGE only,",
               "a PMD never has it. APG = 0 0 USER ACCESSED: groups 0..3 of Mx_AP."])
    sw = h["MX_RPN_SUBPAGES"]
    h.need(sw == h["RPN_PATTERN"], "RPN_PATTERN == MX_RPN_SUBPAGES")
    same = [(h["_PAGE_RPN_MASK"], h["MX_RPN_MASK"], "RPN", COLORS[0]),
            (h["_PAGE_SPS"], h["MX_RPN_SPS"], "SPS", COLORS[2]), (h["_PAGE_SH"], h["MX_RPN_SH"], "SH", COLORS[6]),
            (h["_PAGE_NO_CACHE"], h["MX_RPN_CI"], "CI", COLORS[7]),
            (h["_PAGE_PRESENT"], h["MX_RPN_V"], "V", COLORS[10])]
    for s, t, n, _c in same:
        h.need(s == t, "PTE %s at the place of RPN %s" % (n, n))
    moves = [(0, s, t, n, c) for s, t, n, c in same]
    pp20 = h["_PAGE_HUGE"]
    h.need(pp20 & h["MX_RPN_PP_MASK"] and pp20 > h["MX_RPN_PP_MASK"] & ~pp20, "_PAGE_HUGE is PP bit 20")
    h.need(h["_PAGE_PP_MASK"] == (h["MX_RPN_PP_MASK"] & ~pp20) | h["MX_RPN_E"], "_PAGE_RO/NA are PP bit 21 and E")
    if d:
        h.need(h["_PAGE_DIRTY"] == h["MX_RPN_C"], "_PAGE_DIRTY at the place of C")
        moves += [(0, h["_PAGE_PP_MASK"] & ~pp20, h["MX_RPN_PP_MASK"] & ~pp20 | h["MX_RPN_E"], "PP21 E",
                   COLORS[4]),
                  (None, 0, pp20, "0", "#ffffff"),
                  (0, h["_PAGE_DIRTY"], h["MX_RPN_C"], "C", COLORS[9]),
                  (None, 0, sw, "1111", GREY)]
        notes = ["Bit 20 (_PAGE_HUGE, a PP bit to the TLB) is cleared; RO = extended 01, NA = extended 00, RW = 0.",
                 "Bits 24..27 are forced to 1111 (RPN_PATTERN: no sub-page protection)."]
        Panel(svg, p.bottom + 20, "MD_RPN = PTE, bit 20 cleared, bits 24..27 set", [("PTE", pte, 0)], ("MD_RPN", 0),
              moves, notes)
    else:
        ex = h["PTE_EXEC_TO_MI_PP"]
        h.need(shifted(h["_PAGE_EXEC"], -ex) == h["MX_RPN_PP21"], "_PAGE_EXEC << PTE_EXEC_TO_MI_PP == PP bit 21")
        moves += [(None, 0, pp20, "0", "#ffffff"),
                  (0, h["_PAGE_EXEC"], h["MX_RPN_PP21"], "PP21", COLORS[5]),
                  (None, 0, h["MX_RPN_E"], "E=1", GREY),
                  (None, 0, h["MX_RPN_C"], "0", "#ffffff"),
                  (None, 0, sw, "1111", GREY)]
        notes = ["Bits 20..23 (PP, E, C) are cleared, _PAGE_EXEC rotated left %d into PP bit 21, then E and" % ex,
                 "bits 24..27 set: PP extended 01 (execute for the supervisor key) with _PAGE_EXEC, else 00 (none)."]
        Panel(svg, p.bottom + 20, "MI_RPN = PTE, bits 20..23 cleared, EXEC into PP bit 21, | E | 1111",
              [("PTE", pte, 0)],
              ("MI_RPN", 0), moves, notes)
    return svg


def m8xx_walk(h, kind):
    pgd_shift, npgd, npte = h["MPC8XX_PGD_SHIFT"], h["MPC8XX_PTRS_PER_PGD"], h["MPC8XX_PTRS_PER_PTE"]
    page = 1 << h["MPC8XX_PAGE_SHIFT"]
    h.need(log2(npgd) + pgd_shift == 32 and log2(npte) + h["MPC8XX_PAGE_SHIFT"] == pgd_shift,
           "PGD index + PTE index + page shift == 32")
    sizes = {"4k": 4096, "16k": 16384, "512k": 512 << 10, "8m": 8 << 20}
    size = sizes[kind]
    n = size // page
    names = {"4k": "4 KB page: one PTE", "16k": "16 KB page: 4 PTE slots with _PAGE_SPS",
             "512k": "512 KB page: 128 PTE slots with _PAGE_SPS | _PAGE_HUGE",
             "8m": "8 MB page: the PMD pair, each with its own table of 1024 slots"}
    title = "MPC8xx " + names[kind]
    svg = Svg(title)
    svg.text(20, 22, title, 14, "start", "bold")
    pb = log2(npgd)
    flags = {"4k": "", "16k": "|SPS", "512k": "|SPS|HUGE", "8m": "|SPS|HUGE"}[kind]
    if kind == "8m":
        fields = [(0, pb - 2, "PMD pair EA[0:%d]" % (pb - 2), COLORS[1]), (pb - 1, pb - 1, "T", COLORS[3]),
                  (pb, 31 - 12, "slot EA[%d:19]" % pb, COLORS[2]), (20, 31, "offset", GREY)]
    else:
        lo = 32 - log2(size)
        fields = [(0, pb - 1, "PGD index EA[0:%d]" % (pb - 1), COLORS[1])]
        if lo > pb:
            fields.append((pb, lo - 1, fit(lo - pb, "%s index EA[%d:%d]" % ("PTE" if n == 1 else "run", pb, lo - 1),
                                           "EA[%d:%d]" % (pb, lo - 1)), COLORS[2]))
        if lo < 20:
            fields.append((lo, 19, fit(20 - lo, "slot in the run EA[%d:19]" % lo, "slot"), COLORS[11]))
        fields.append((max(lo, 20), 31, "offset", GREY))
    ea = ea_bar(svg, LEFT, 56, fields)
    ty = 160
    svg.rect(20, ty, 100, 40, "#fff8e1")
    svg.text(70, ty + 17, "M_TWB", 11, weight="bold")
    svg.text(70, ty + 32, "PGD (physical)", 9)
    svg.line(120, ty + 20, 200, ty + 20, curve=False)
    svg.line(ea.center(fields_mask(0, pb - (2 if kind == "8m" else 1))), ea.bottom() + 2, 300, ty - 20)
    if kind == "8m":
        h.need(h["_PMD_PAGE_8M"] == h["MX_TWC_PS_8M"], "_PMD_PAGE_8M == MX_TWC_PS_8M")
        rows = [("[0]", None), ("...", None), ("[2k]   T0 | 8M | V", COLORS[1]), ("[2k+1] T1 | 8M | V", COLORS[1]),
                ("...", None), ("[%d]" % (npgd - 1), None)]
        pgd = Table(svg, 200, ty, "PGD: %d PMDs x 4 bytes" % npgd, rows, 200)
        t0 = Table(svg, 470, ty + 10, "T0: %d x 4 bytes" % npte,
                   [("[0]    base       %s" % flags, COLORS[2]), ("...   base + i*4K", COLORS[2]),
                    ("[%d] base + 4M-4K" % (npte - 1), COLORS[2])], 210)
        t1 = Table(svg, 470, t0.bottom + 40, "T1: %d x 4 bytes" % npte,
                   [("[0]    base + 4M  %s" % flags, COLORS[2]), ("...   base+4M+i*4K", COLORS[2]),
                    ("[%d] base + 8M-4K" % (npte - 1), COLORS[2])], 210)
        arrow_right(svg, pgd, 2, 470, t0.row_y(0))
        arrow_right(svg, pgd, 3, 470, t1.row_y(0))
        yb = entry_box(svg, 740, ty + 40, "TLB entry, 8 MB", [
            "TWC: PS = 11 (from the PMD)",
            "EPN EA[0:8], RPN[0:8]",
            "RPN bits below 8 MB ignored,",
            "so any slot gives the right one"], 220)
        svg.line(t0.x + t0.w, t0.row_y(0), 740, ty + 60, curve=False)
        y = max(t1.bottom, yb) + 30
        notes = ["With PS = 11 the assist reads slot 0 of the PMD's table (MPC885RM 8.4); with the EA[10:19] index",
                 "of the older manuals it reads slot i; both hold a correct descriptor. Table sizes from pte-mpc8xx.h."]
    else:
        rows = [("[0]", None), ("...", None), ("[i] table | USER | V", COLORS[1]), ("...", None),
                ("[%d]" % (npgd - 1), None)]
        pgd = Table(svg, 200, ty, "PGD: %d PMDs x 4 bytes" % npgd, rows, 200)
        if n == 1:
            prow = [("[0]", None), ("...", None), ("[j] pa | flags", COLORS[2]), ("...", None),
                    ("[%d]" % (npte - 1), None)]
            mark = 2
        elif n <= 4:
            prow = [("[0]", None), ("...", None), ("[%d*r+0] base %s" % (n, flags), COLORS[2])] + \
                [("[%d*r+%d] base + %dK" % (n, i, 4 * i), COLORS[2]) for i in range(1, n)] + \
                [("...", None), ("[%d]" % (npte - 1), None)]
            mark = 2
        else:
            prow = [("[0]", None), ("...", None), ("[%d*r+0] base %s" % (n, flags), COLORS[2]),
                    ("[%d*r+1] base + 4K" % n, COLORS[2]), ("...", COLORS[2]),
                    ("[%d*r+%d] base + %dK" % (n, n - 1, (n - 1) * 4), COLORS[2]), ("...", None),
                    ("[%d]" % (npte - 1), None)]
            mark = 2
        pte = Table(svg, 470, ty + 40, "PTE table: %d x 4 bytes" % npte, prow, 230)
        arrow_right(svg, pgd, 2, 470, pte.row_y(0))
        lo_field = fields_mask(pb, 19)
        svg.line(ea.center(lo_field), ea.bottom() + 2, 585, ty + 14)
        ps = {"4k": "PS = 00, SPS = 0", "16k": "PS = 00, SPS = 1", "512k": "PS = 01 (from _PAGE_HUGE)"}[kind]
        yb = entry_box(svg, 760, ty + 60, "TLB entry, %s" % {"4k": "4 KB", "16k": "16 KB", "512k": "512 KB"}[kind],
                       [ps, "EPN EA[0:%d], RPN[0:%d]" % (31 - log2(size), 31 - log2(size))] +
                       (["the slot of the EA is read;", "low RPN bits ignored"] if n > 1 else []), 220)
        svg.line(pte.x + pte.w, pte.row_y(mark), 760, ty + 80, curve=False)
        y = max(pte.bottom, yb) + 30
        notes = ["MD_TWC read with PS = 00: L2 table | EA[10:19] << 2, so the miss reads the slot of its own 4 KB.",
                 "Every slot of the run holds base + i * 4K: whichever slot is read, the entry is right."]
        if kind == "4k":
            notes = ["M_TWB read: PGD | EA[0:9] << 2; MD_TWC read (PS = 00): L2 table | EA[10:19] << 2."]
        if kind == "512k":
            notes.append("The PMD is an ordinary one (PS = 00): the handler inserts PS = 01 after the read.")
    for s in notes + ["Bit moves into the TLB entry: mpc8xx-dtlb-miss.svg, mpc8xx-itlb-miss.svg."]:
        svg.text(LEFT, y, s, 11, "start")
        y += 16
    return svg


# ---------------------------------------------------------------- main

def diagrams():
    e, m = e500_defs(), m8xx_defs()
    return [("e500-4k.svg", lambda: e500_walk(e, False)),
            ("e500-huge.svg", lambda: e500_walk(e, True)),
            ("e500-miss.svg", lambda: e500_miss(e)),
            ("mpc8xx-4k.svg", lambda: m8xx_walk(m, "4k")),
            ("mpc8xx-16k.svg", lambda: m8xx_walk(m, "16k")),
            ("mpc8xx-512k.svg", lambda: m8xx_walk(m, "512k")),
            ("mpc8xx-8m.svg", lambda: m8xx_walk(m, "8m")),
            ("mpc8xx-dtlb-miss.svg", lambda: m8xx_miss(m, "D")),
            ("mpc8xx-itlb-miss.svg", lambda: m8xx_miss(m, "I"))]


def main(argv):
    if len(argv) != 2:
        print("usage: diagrams.py OUTDIR", file=sys.stderr)
        return 2
    out = argv[1]
    os.makedirs(out, exist_ok=True)
    try:
        for name, draw in diagrams():
            text = draw().render()
            with open(os.path.join(out, name), "w") as f:
                f.write(text)
    except (Fail, OSError) as err:
        print("diagrams.py: error: %s" % err, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
