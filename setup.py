"""Build hook: ship data/, lessons/ and locales/ inside the wheel, with compiled catalogs, and build
the analysis' play-outs in C.

In a checkout these folders sit at the top of the repository, beside the package (MANIFEST.in
puts them in the sdist too); ``tutor.base.resources`` finds them in either place.

The play-outs (``tutor/play/_rollout.c``, a translation of ``tutor/play/simulate.py`` checked
against it by ``tests/test_rollout.py``) are an optional extension, declared here (setuptools' stable
API, where ``pyproject.toml``'s table is still experimental): without a C compiler the package
builds, and the play-outs run in Python, the same results some ten times slower. A school server
without a compiler should install a wheel built once on a machine of its platform that has one.
"""

import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
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


PLAY_OUTS = Extension("tutor.play._rollout", ["tutor/play/_rollout.c"], extra_compile_args=["-O2", "-ffp-contract=off"],
                      optional=True)

setup(cmdclass={"build_py": BuildWithContent}, ext_modules=[PLAY_OUTS])
