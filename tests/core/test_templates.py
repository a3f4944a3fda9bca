"""Templates are data: named slots and a form word, nothing evaluated (`core/templates.py`).

Python's `str.format` evaluates a placeholder's attribute and index look-ups and its format
spec, so a template from a translation table, a translator's reply or a cache could read
module globals (environment secrets included) or allocate gigabytes. These tests pin the
grammar, and an architecture test fails if any module of the package goes back to
`str.format` on a string that is not a literal of its own.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from vpt_tasks.core.errors import ConfigError
from vpt_tasks.core.templates import check, fill

SRC = Path(__file__).resolve().parents[2] / "src" / "vpt_tasks"

HOSTILE = [
    "{A.__init__.__globals__}",
    "{A.__class__}",
    "{A[0]}",
    "{A!r}",
    "{A:>999999999}",
    "{A:{B}}",
    "{A:nom.x}",
    "{0}",
    "{}",
    "{ A }",
    "Is {A",
    "Is A}",
    "{A} {{B}",
]


def test_slots_forms_and_escaped_braces() -> None:
    slots = {"A": "the red sphere", "B": {"dat": "der blauen Kugel", "nom": "die blaue Kugel"}}
    assert fill("Is {A} left of {B:dat}?", slots, where="t") == (
        "Is the red sphere left of der blauen Kugel?"
    )
    assert fill("{{A}} is {A}", slots, where="t") == "{A} is the red sphere"
    assert fill("{A:acc}", slots, where="t") == "the red sphere"  # a plain string serves every form
    assert fill("no placeholder", {}, where="t") == "no placeholder"


def test_values_are_inserted_as_text_never_read_as_templates() -> None:
    value = "{A.__init__.__globals__} {B:>99999}"
    assert fill("[{A}]", {"A": value}, where="t") == f"[{value}]"


@pytest.mark.parametrize("template", HOSTILE)
def test_anything_but_a_named_slot_is_refused(template: str) -> None:
    with pytest.raises(ConfigError) as error:
        fill(template, {"A": "a", "B": "b"}, where="the Swahili template prompts.nop")
    message = str(error.value)
    assert message.startswith("the Swahili template prompts.nop: ")
    assert "\n" not in message and len(message) < 400
    with pytest.raises(ConfigError):
        check(template, ("A", "B"), where="x")


def test_unknown_slots_and_missing_forms_name_the_fix() -> None:
    with pytest.raises(ConfigError, match=r"\{C\} is not one of \{A\}, \{B\}"):
        check("{A} {C}", ("A", "B"), where="x")
    with pytest.raises(ConfigError, match=r"has no form 'gen' \(it has nom, dat\)"):
        fill("{B:gen}", {"B": {"nom": "n", "dat": "d"}}, where="x")
    with pytest.raises(ConfigError, match=r"name one, e\.g\. \{B:nom\}"):
        fill("{B}", {"B": {"nom": "n", "dat": "d"}}, where="x")


def test_a_huge_width_is_refused_at_once() -> None:
    # str.format would build a string of a billion spaces here
    with pytest.raises(ConfigError):
        fill("{A:>999999999}", {"A": "a"}, where="x")


def _literal_strings(tree: ast.Module) -> set[str]:
    """Names bound at module level to a string literal (or a tuple of them)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            value = node.value
            literal = isinstance(value, ast.Constant) and isinstance(value.value, str)
            literal |= isinstance(value, ast.Tuple | ast.BinOp | ast.JoinedStr) and all(
                isinstance(n, ast.Constant | ast.Tuple | ast.BinOp | ast.Add | ast.JoinedStr)
                or isinstance(n, ast.expr_context | ast.operator | ast.FormattedValue | ast.Name)
                for n in ast.walk(value)
            )
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if literal:
                names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def test_no_module_formats_a_template_it_did_not_write() -> None:
    """Every `.format(...)`/`.format_map(...)` in the package is on a literal of its own module;
    anything else (a template from a config, a table, a reply) goes through `fill`."""
    offenders = []
    files = sorted(SRC.rglob("*.py"))
    assert len(files) > 50
    for path in files:
        tree = ast.parse(path.read_text("utf-8"))
        own = _literal_strings(tree)
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("format", "format_map")
            ):
                continue
            receiver = node.func.value
            if isinstance(receiver, ast.Constant) and isinstance(receiver.value, str):
                continue
            if isinstance(receiver, ast.Name) and receiver.id in own:
                continue
            offenders.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert offenders == [], "use vpt_tasks.core.templates.fill for these templates"


def test_the_architecture_check_can_fail(tmp_path: Path) -> None:
    source = "T = 'a {x}'\ndef f(t):\n    return T.format(x=1) + t.format(x=2)\n"
    tree = ast.parse(source)
    own = _literal_strings(tree)
    calls = [
        n.func.value.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "format"
    ]
    assert own == {"T"} and sorted(calls) == ["T", "t"]
