"""Filling text templates: named slots, nothing else.

What: `fill(template, slots, where=...)` returns `template` with each `{name}` replaced by
the slot's value, and each `{name:form}` by the form `form` of a slot whose value is a
mapping of forms (a plain string serves every form). `{{` and `}}` stand for literal
braces. `check(template, allowed, where=...)` says, before any filling, that a template
uses only the slots `allowed`. Both raise `ConfigError` naming `where`, the placeholder and
the fix.

Why: templates arrive as data -- a translation table a user imports, a translator model's
reply, a cached record, the task configs. Python's `str.format` would evaluate what a
placeholder says: attribute and index look-ups (`{A.__init__.__globals__[...]}` reads
module globals, environment secrets included) and format specs (`{A:>999999999}` allocates
gigabytes). Here a placeholder is a slot name and at most a form word, matched by one
regular expression; nothing in a template is ever evaluated. Every template the package
fills goes through `fill` (tests/core/test_templates.py checks the source for other
`str.format` calls on strings that are not literals).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping

from vpt_tasks.core.errors import ConfigError

__all__ = ["Slot", "check", "fill", "placeholders"]

Slot = str | Mapping[str, str]
"""A slot's value: a string, or a noun's forms by name (`{"nom": ..., "dat": ...}`)."""

_NAME = r"[A-Za-z_][A-Za-z0-9_]{0,39}"
_TOKEN = re.compile(rf"\{{\{{|\}}\}}|\{{({_NAME})(?::({_NAME}))?\}}|[{{}}]")
"""`{{`, `}}`, a placeholder `{name}` / `{name:form}`, or a stray brace (an error)."""


def placeholders(template: str, *, where: str) -> Iterator[tuple[str, str | None]]:
    """Each placeholder of `template` as (name, form or None); ConfigError on anything else."""
    for match in _TOKEN.finditer(template):
        token = match.group(0)
        if token in ("{{", "}}"):
            continue
        if match.group(1) is None:
            raise ConfigError(_bad(template, match, where))
        yield match.group(1), match.group(2)


def check(template: str, allowed: Collection[str], *, where: str) -> None:
    """Raise ConfigError unless every placeholder of `template` is a slot of `allowed`."""
    for name, _form in placeholders(template, where=where):
        if name not in allowed:
            raise ConfigError(
                f"{where}: the placeholder {{{name}}} is not one of "
                f"{', '.join('{' + a + '}' for a in sorted(allowed))}; use those only."
            )


def fill(template: str, slots: Mapping[str, Slot], *, where: str) -> str:
    """`template` with its placeholders replaced by the values of `slots` (see module)."""
    parts: list[str] = []
    at = 0
    for match in _TOKEN.finditer(template):
        parts.append(template[at : match.start()])
        at = match.end()
        token = match.group(0)
        if token in ("{{", "}}"):
            parts.append(token[0])
            continue
        name, form = match.group(1), match.group(2)
        if name is None:
            raise ConfigError(_bad(template, match, where))
        if name not in slots:
            raise ConfigError(
                f"{where}: the placeholder {{{name}}} is not one of "
                f"{', '.join('{' + s + '}' for s in sorted(slots))}; use those only."
            )
        parts.append(_value(slots[name], name, form, where))
    parts.append(template[at:])
    return "".join(parts)


def _value(value: Slot, name: str, form: str | None, where: str) -> str:
    if isinstance(value, str):
        return value
    if form is None:
        raise ConfigError(
            f"{where}: {{{name}}} has forms ({', '.join(value)}); name one, e.g. "
            f"{{{name}:{next(iter(value), 'nom')}}}."
        )
    if form not in value:
        raise ConfigError(
            f"{where}: {{{name}:{form}}}: the value of {name} has no form {form!r} "
            f"(it has {', '.join(value)}); add it or use one of those."
        )
    return str(value[form])


def _bad(template: str, match: re.Match[str], where: str) -> str:
    start = max(0, match.start() - 20)
    shown = template[start : match.start() + 40]
    return (
        f"{where}: a brace that is no placeholder near {shown!r}; a placeholder is "
        "{name} or {name:form} (letters, digits and _ only), and a literal brace is "
        "written {{ or }}."
    )
