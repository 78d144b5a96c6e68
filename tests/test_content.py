"""Content: the rule pages exist in both languages with the same structure and examples, every
card list parses, the glossary covers the sources' vocabulary and its links resolve, and the
engine does not import Streamlit."""

import ast
from pathlib import Path

import pytest

from tutor.base.resources import data_dir
from tutor.content.documents import load_documents
from tutor.content.glossary import fold, glossary, search, term_by_id
from tutor.engine.scoring import parse_results
from tutor.language.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = data_dir() / "reference"


def structure(folder: Path):
    return [(d.path.name, d.id, d.sources, d.terms, d.options, [(b.kind, same_sheet(b)) for b in d.examples])
            for d in load_documents(folder)]


def same_sheet(block):
    """An example's body, a score sheet read as results (a Spanish page writes a void hand ``nula``)."""
    if block.kind != "totals":
        return block.body
    rules, sheet = block.parts
    return rules, tuple(parse_results(sheet))


@pytest.mark.parametrize("folder", ["", "rulesets"])
def test_reference_pages_match_across_languages(folder):
    es, en = structure(REFERENCE / "es" / folder), structure(REFERENCE / "en" / folder)
    assert es and es == en


def test_the_rules_section_teaches_in_order():
    ids = [d.id for d in load_documents(REFERENCE / "en")]
    assert ids == ["deck", "melds", "deadwood", "deal", "turn", "knocking", "big-gin", "layoffs",
                   "undercut", "hand-score", "game-score", "void"]


def test_every_section_cites_its_sources():
    for lang in LANGUAGES:
        for doc in load_documents(REFERENCE / lang):
            assert doc.sources and set(doc.sources) <= {"000", "001", "002"}
            cited = doc.blocks[-1].body
            assert all(s in cited for s in doc.sources), (doc.path, "the last paragraph names the sources")


# RULES.md's vocabulary, each with the glossary id that holds it.
VOCABULARY = {
    "abatir": "abatir", "baceta": "baceta", "combinación": "combinacion", "combinar": "combinar",
    "correlativa": "correlativa", "descarte": "descarte", "escalera": "escalera", "gin": "gin",
    "knock": "knock", "ligar": "ligar", "pozo": "pozo", "premio": "premio", "secuencia": "secuencia",
    "trío": "trio", "cerrar": "cerrar", "big gin": "big-gin", "contragolpe": "contragolpe",
    "blanqueo": "blanqueo", "cartas sueltas": "cartas-sueltas", "puntos sueltos": "puntos-sueltos",
    "carta descubierta": "carta-descubierta", "mazo": "mazo", "pila de descarte": "pila-descarte",
    "grupo": "grupo", "colocar": "colocar", "límite para cerrar": "limite-cerrar", "repartidor": "repartidor",
    "bonificación por mano ganada": "bonificacion-mano", "bonificación de partida": "bonificacion-partida",
}


@pytest.mark.parametrize("spanish, term_id", VOCABULARY.items())
def test_every_term_of_the_sources_is_in_the_glossary(spanish, term_id):
    term = term_by_id(term_id)
    assert term is not None and fold(term.source_word) == fold(spanish)


def test_every_term_has_a_name_and_a_definition_in_every_language():
    for term in glossary():
        for lang in LANGUAGES:
            assert term.names.get(lang) and term.definitions.get(lang), (term.id, lang)


def test_glossary_links_resolve():
    sections = {d.id for d in load_documents(REFERENCE / "en")}
    for term in glossary():
        assert term.rule in sections or (term.sources == ("gin-tutor",) and not term.rule), term.id
        for synonym in term.synonyms:
            assert term_by_id(synonym) is not None


def test_lesson_and_reference_terms_resolve():
    for lang in LANGUAGES:
        for doc in load_documents(REFERENCE / lang):
            for term in doc.terms:
                assert term_by_id(term) is not None, (doc.path, term)


@pytest.mark.parametrize("query, expected", [("stock", "baceta"), ("combinacion", "combinacion"),
                                             ("COMBINACIÓN", "combinacion"), ("discard pile", "pozo"),
                                             ("mazo", "baceta"), ("undercut", "contragolpe"),
                                             ("rating", "valoracion"), ("valoración", "valoracion"),
                                             ("puzzle", "ejercicio")])
def test_search_in_either_language(query, expected):
    assert expected in [t.id for t in search(query, "en")]


LAYERS = {
    # layer (a folder of tutor/, or a top-level module): the layers it may import
    "base": {"base"},
    "engine": {"base", "engine"},
    "drills": {"base", "engine", "play", "progress", "drills"},  # progress: the ratings the suited choice reads
    "progress": {"base", "engine", "progress"},
    "content": {"base", "engine", "drills", "play", "content"},  # play: the tips lesson 10 measures
    "language": {"base", "engine", "drills", "play", "language"},
    "cli": {"base", "engine", "language", "play", "progress", "cli"},  # progress: the operator's transfer-code
    "command": {"cli", "language", "command"},
    "play": {"base", "engine", "play"},
    "app": {"base", "engine", "drills", "progress", "content", "language", "play", "app"},
}


def _layer(path):
    parts = path.relative_to(ROOT / "tutor").parts
    return parts[0].removesuffix(".py") if parts[0] != "__init__.py" else None


def _imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_each_layer_imports_only_the_layers_below_it_and_only_the_app_imports_streamlit():
    seen = set()
    for path in (ROOT / "tutor").rglob("*.py"):
        layer = _layer(path)
        if layer is None:
            continue
        seen.add(layer)
        assert layer in LAYERS, f"{path}: a new layer must be placed in LAYERS"
        for module in _imports(path):
            if module.split(".")[0] == "streamlit":
                assert layer == "app", f"{path} imports {module}: only the app layer may use Streamlit"
            if module.startswith("tutor."):
                target = module.split(".")[1]
                assert target in LAYERS[layer], f"{path} ({layer}) imports {module} ({target})"
    assert seen == set(LAYERS)


def _modules(folder: Path, prefix: str) -> dict[str, Path]:
    """The Python modules under ``folder`` by their dotted name (a package by its own)."""
    found = {}
    for path in folder.rglob("*.py"):
        name = ".".join((prefix, *path.relative_to(folder).with_suffix("").parts)).strip(".")
        found[name.removesuffix(".__init__")] = path
    return found


def _import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Which of ``modules`` each imports, at any depth of its code: ``from a import b`` imports
    ``a.b`` where that is a module, else ``a``."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                graph[name] |= {a.name for a in node.names if a.name in modules}
            elif isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    inner = f"{node.module}.{alias.name}"
                    if inner in modules:
                        graph[name].add(inner)
                    elif node.module in modules:
                        graph[name].add(node.module)
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or round a circle (Tarjan's strongly
    connected components of more than one module, or one importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph[node]:
                circles.append(sorted(group))

    for node in graph:
        if node not in index:
            visit(node)
    return circles


def test_a_circle_of_imports_is_found():
    # a -> b -> c -> a is one circle; d imports a and stands apart.
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_modules_of_the_package_or_the_benchmarks_import_each_other_round_a_circle():
    assert _circles(_import_graph(_modules(ROOT / "tutor", "tutor"))) == []
    assert _circles(_import_graph(_modules(ROOT / "benchmarks", ""))) == []


LESSONS = ROOT / "lessons"
LESSONS = ROOT / "lessons"


def lesson_structure(lang):
    return [(d.path.name, d.id, d.sources, d.terms, len(d.sections), d.checks,
             [(b.kind, b.body) for b in d.examples]) for d in load_documents(LESSONS / lang)]


def test_every_lesson_exists_in_both_languages_with_the_same_sections_and_checks():
    es, en = lesson_structure("es"), lesson_structure("en")
    assert len(en) == 10 and es == en


def test_every_lesson_ends_with_a_check_of_known_drills():
    from tutor.drills import KINDS, LEVELS
    for lang in LANGUAGES:
        for doc in load_documents(LESSONS / lang):
            assert doc.checks, doc.path
            assert all(kind in KINDS and level in LEVELS for kind, level, _ in doc.checks)
            assert doc.blocks[-1].kind == "drill", "the check comes last"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_idea_of_every_lesson_is_followed_by_a_quick_question(lang):
    """Teach before testing (learner review M3): each section but the last (the check) holds a
    question answered at once; the course has 33 of them."""
    asked = 0
    for path in sorted((LESSONS / lang).glob("*.md")):
        sections = path.read_text(encoding="utf-8").split("\n## ")[1:]
        assert len(sections) >= 2, path
        for section in sections[:-1]:
            assert "\n::: ask " in section, (path.name, section.splitlines()[0])
            asked += section.count("\n::: ask ")
        assert "::: ask " not in sections[-1], (path.name, "the check has drills, not quick questions")
    assert asked == 33


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_tip_of_the_strategy_lesson_is_followed_by_its_question(lang):
    """Content review M3: after each tip of lesson 10 (or tips given on adjacent lines, together), a
    question before the next tip or the section's end (a paragraph on the tip may come between)."""
    text = (LESSONS / lang / "10-strategy.md").read_text(encoding="utf-8")
    for section in text.split("\n## ")[1:-1]:
        lines = [line for line in section.splitlines()[1:] if line.strip()]
        for place, line in enumerate(lines):
            if line.startswith("::: tip") and not (place + 1 < len(lines) and lines[place + 1].startswith("::: tip")):
                blocks = [a for a in lines[place + 1:] if a.startswith(":::") and not a.startswith("::: hand")]
                assert blocks and blocks[0].startswith("::: ask"), (lang, line)


def test_lesson_glossary_links_resolve_and_no_hand_count_is_typed():
    import re
    for lang in LANGUAGES:
        for doc in load_documents(LESSONS / lang):
            for term in doc.terms:
                assert term_by_id(term) is not None, (doc.path, term)
            text = " ".join(b.body for b in doc.blocks if b.kind == "text")
            assert not re.search(r"\d+ \+ \d+ = \d+", text), (doc.path, "a count typed in instead of the engine's")


def test_a_malformed_example_names_the_file_and_line(tmp_path):
    from tutor.content.documents import DocumentError, parse_document
    bad = tmp_path / "bad.md"
    bad.write_text("---\nid: bad\n---\n# Bad\ntext\n::: hand AS 2S 3S 4S ZZ\n", encoding="utf-8")
    with pytest.raises(DocumentError) as info:
        parse_document(bad)
    assert "bad.md:6" in str(info.value) and "ZZ" in str(info.value)


def test_no_lesson_check_hints_at_a_term_the_course_has_not_taught_yet():
    """Learner review M1: a lesson's check, and its hints, use only the glossary's terms taught in
    that lesson or before it (the lessons' ``terms``), matched on the Spanish names in the Spanish
    hints of a few puzzles of each check, under the classic and the Spanish rules."""
    import re

    from tutor.content.glossary import glossary
    from tutor.drills import generate, hints
    from tutor.engine.rules import load_ruleset
    from tutor.language.feedback import hint_texts
    from tutor.language.i18n import Translator

    spanish = Translator("es")
    taught: set[str] = set()
    found = []
    for doc in load_documents(LESSONS / "es"):
        taught |= set(doc.terms)
        names = {t.id: [n.strip() for n in re.split(r"[(),/]|\bo\b", t.names["es"]) if n.strip()]
                 for t in glossary() if t.id not in taught}
        for kind, level, scenario in doc.checks:
            for rules in ("classic", "spanish"):
                for seed in range(2):
                    puzzle = generate(kind, seed, level, load_ruleset(rules), scenario)
                    for text in hint_texts(hints(puzzle), spanish):
                        found += [(doc.id, term, text) for term, words in names.items()
                                  if any(re.search(rf"\b{re.escape(w)}\b", text, re.I) for w in words)]
    assert not found, found
