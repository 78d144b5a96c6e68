"""Make tutor/progress/confusables.txt, the table of lookalike characters that profile names are
compared with (Unicode's skeleton, UTS #39), from Unicode's own ``confusables.txt``:

    python tools/confusables.py path/to/confusables.txt

(https://www.unicode.org/Public/security/latest/confusables.txt). The output keeps each mapping as
``SOURCE TARGET...`` in hexadecimal, one per line, with Unicode's copyright and terms above them.
"""

from __future__ import annotations

import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tutor" / "progress" / "confusables.txt"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    lines = Path(argv[0]).read_text(encoding="utf-8-sig").splitlines()
    header = [line for line in lines[:12] if line.startswith("#")]
    mappings = []
    for line in lines:
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, target, _ = (field.strip() for field in data.split(";"))
        mappings.append(f"{source} {target}")
    OUT.write_text("\n".join([*header, "# Kept by tools/confusables.py: SOURCE TARGET... (hexadecimal code points)",
                              *mappings]) + "\n", encoding="utf-8")
    print(f"{len(mappings)} mappings written to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
