#!/usr/bin/env python3
"""Makes NotoSansCJKsc-kifu-subset.otf, the chart font kifu bundles (see README.md).

Usage: pip install fonttools==4.68.0
       python3 subset.py /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc 2
(the second argument is the face of the collection: 2 is Noto Sans CJK SC in the
fonts-noto-cjk 1:20220127 package; a NotoSansCJKsc-Regular.otf needs no face number).
"""
import sys

from fontTools import subset

# Latin, punctuation, arrows, geometric shapes, CJK punctuation, kana, full-width forms.
RANGES = [(0x20, 0x7E), (0xA0, 0x17F), (0x2000, 0x206F), (0x2190, 0x2199), (0x2212, 0x2212),
          (0x25A0, 0x25FF), (0x3000, 0x303F), (0x3040, 0x30FF), (0xFF00, 0xFFEF)]


def characters():
    chars = set()
    for a, b in RANGES:
        chars.update(chr(c) for c in range(a, b + 1))
    # Every character of GB2312 (simplified Chinese), JIS X 0208 (Japanese) and Big5 up to
    # its level-1 hanzi (lead bytes A1..C6: traditional Chinese in common use).
    for enc in ("gb2312", "euc_jp", "big5"):
        for hi in range(0xA1, 0xFF):
            if enc == "big5" and hi > 0xC6:
                break
            for lo in range(0x40 if enc == "big5" else 0xA1, 0xFF):
                try:
                    ch = bytes([hi, lo]).decode(enc)
                except UnicodeDecodeError:
                    continue
                if len(ch) == 1:
                    chars.add(ch)
    return "".join(sorted(chars))


def main():
    source, face = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "0"
    subset.main([
        source,
        f"--font-number={face}",
        f"--text={characters()}",
        "--output-file=NotoSansCJKsc-kifu-subset.otf",
        "--layout-features=",
        "--no-hinting",
        "--name-IDs=*",
        "--notdef-outline",
    ])


if __name__ == "__main__":
    main()
