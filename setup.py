"""Build hook: ship data/, lessons/ and locales/ inside the wheel, with compiled catalogs.

In a checkout these folders sit at the top of the repository, beside the package (MANIFEST.in
puts them in the sdist too); ``tutor.base.resources`` finds them in either place.
"""

import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
CONTENT = ("data", "lessons", "locales")


class BuildWithContent(build_py):
    """Copy the content folders into the built package and compile the gettext catalogs."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib) / "tutor"
        for name in CONTENT:
            source = ROOT / name
            if not source.is_dir():
                raise FileNotFoundError(f"{source} is missing: the wheel would ship without its content")
            shutil.copytree(source, target / name, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("*.mo", "__pycache__"))
        sys.path.insert(0, str(ROOT))
        from tutor.language.i18n import compile_catalogs

        compile_catalogs(target / "locales")


setup(cmdclass={"build_py": BuildWithContent})
