"""The built wheel carries data/, lessons/ and locales/ (with compiled catalogs), and an install
finds them from any folder."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHECK = """
from tutor.engine.resources import content_dir
from tutor.engine.rules import load_ruleset
from tutor.language.i18n import Translator, translations
from tutor.content.glossary import glossary
from tutor.content.documents import load_documents
import tutor
assert tutor.__file__.startswith(SITE), tutor.__file__
assert str(content_dir("data")).startswith(str(__import__("pathlib").Path(tutor.__file__).parent)), content_dir("data")
assert load_ruleset("spanish").gin_bonus == 20
assert Translator("es").gettext("Glossary") == "Glosario"
assert type(translations("es")).__name__ == "Translations"
assert len(glossary()) > 25
assert len(load_documents(content_dir("data") / "reference" / "es")) == 12
print("ok")
"""


def test_the_wheel_carries_the_content_and_works_from_another_folder(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(tmp_path / "dist"), str(ROOT)], check=True, capture_output=True)
    (wheel,) = (tmp_path / "dist").glob("gin_tutor-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for expected in ("tutor/data/rulesets/classic.toml", "tutor/data/glossary.toml",
                     "tutor/locales/es/LC_MESSAGES/messages.mo", "tutor/locales/en/LC_MESSAGES/messages.mo",
                     "tutor/data/reference/es/01-deck.md", "tutor/app.py", "tutor/screens/analyzer.py"):
        assert expected in names, expected
    if (ROOT / "lessons").is_dir():
        assert any(n.startswith("tutor/lessons/es/") for n in names)
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    script = f"import sys; sys.path.insert(0, {str(site)!r}); SITE = {str(site)!r}\n" + CHECK
    result = subprocess.run([sys.executable, "-I", "-c", script],
                            cwd=elsewhere, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
