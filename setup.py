"""Build hook: ship data/, lessons/ and locales/ inside the wheel, with compiled catalogs.

In a checkout these folders sit beside the package; ``tutor.content`` finds them in either place.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).parent
CONTENT = ("data", "lessons", "locales")


class BuildWithContent(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib) / "tutor"
        for name in CONTENT:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, target / name, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("*.mo", "__pycache__"))
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in (target / "locales").glob("*/LC_MESSAGES/*.po"):
            with po.open("rb") as fp:
                catalog = read_po(fp, locale=po.parent.parent.name)
            with po.with_suffix(".mo").open("wb") as fp:
                write_mo(fp, catalog)


setup(cmdclass={"build_py": BuildWithContent})
