"""`vpt-tasks translations list|export|import`: COMFORT's translations, from cache to table.

- `list`: every `-T language` code of the paper and where its words would come from on
  this machine (the table, a cached translation that passed or failed its check, or a
  translator still to be bound).
- `export [CODE...] [--out FILE]`: the cached model translations as entries of the
  table's format (`task_configs/comfort_translations.yaml`), with their provenance and
  back-translation, for a researcher to review.
- `import FILE [--table PATH] [--replace] [--force]`: adds reviewed entries to the table,
  after checking that each one renders every question, probe and answer; the table's
  other lines (and comments) are kept as they are.

Why: a model translation is reproducible only once it is frozen; the table takes
precedence over the translator and the cache, so an imported entry is what every
later run uses, whatever translator is bound.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

__all__ = ["add_arguments", "run"]

_HEADER = """\
# COMFORT translations exported by `vpt-tasks translations export` from the translation
# cache: machine translations by the translator model role, with their back-translation
# check. Review them (a native speaker, ideally: then set provenance.native_speaker_review
# to true and add reviewed_by), then add them to the table with
# `vpt-tasks translations import FILE`.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    commands.add_parser("list", help="every language code and where its words come from here")
    export = commands.add_parser(
        "export", help="cached model translations as table entries (YAML), for review"
    )
    export.add_argument("codes", nargs="*", help="language codes (default: every cached one)")
    export.add_argument("--out", type=Path, help="file to write (default: standard output)")
    export.add_argument("--translator", help="the translator model whose translations to export")
    export.add_argument(
        "--include-refused",
        action="store_true",
        help="also export translations that failed the back-translation check (to correct them)",
    )
    imports = commands.add_parser("import", help="add reviewed entries to the translation table")
    imports.add_argument("file", type=Path, help="a YAML file with `languages: {code: entry}`")
    imports.add_argument(
        "--table",
        type=Path,
        help="the table to add to (default: your own table in the vpt_tasks data directory, "
        "$VPT_TASKS_DATA; it takes precedence over the package's)",
    )
    imports.add_argument(
        "--replace", action="store_true", help="replace entries the table already has"
    )
    imports.add_argument(
        "--force",
        action="store_true",
        help="import entries whose translation failed the back-translation check (corrected)",
    )


def run(args: argparse.Namespace) -> int:
    from vpt_tasks.core.errors import VPTError

    try:
        if args.action == "list":
            return _list()
        if args.action == "export":
            return _export(args)
        return _import(args)
    except (VPTError, OSError) as error:
        print(f"vpt-tasks translations {args.action}: {error}", file=sys.stderr)
        return 2


def _list() -> int:
    from vpt_tasks.comfort.language import in_table, load_language
    from vpt_tasks.comfort.paper_languages import paper_languages
    from vpt_tasks.comfort.translation_cache import cache_root, read_records

    records: dict[str, list[Any]] = {}
    for record in read_records():
        records.setdefault(record.code, []).append(record)
    print(f"{'code':<6}{'language':<24}words from")
    for code, language in paper_languages().items():
        if code == "en":
            where = "the paper (task_configs/comfort.yaml)"
        elif in_table(code):
            provenance = load_language(code).provenance
            reviewed = "reviewed" if provenance.get("native_speaker_review") else "unreviewed"
            where = f"the table ({reviewed}): {provenance.get('translated_by')}"
        elif code in records:
            record = records[code][0]
            verdict = "passed" if record.passed else "REFUSED: " + "; ".join(record.problems[:1])
            where = f"cache, {record.translator}, {record.date}, check {verdict}"
        else:
            where = "a translator model (--model-role translator=...), not translated yet"
        print(f"{code:<6}{language.name:<24}{where}")
    print(f"\ncache: {cache_root()}")
    return 0


def _export(args: argparse.Namespace) -> int:
    import yaml

    from vpt_tasks.comfort.translation_cache import read_records

    chosen = {c.lower() for c in args.codes}
    picked: dict[str, Any] = {}
    for record in read_records():  # newest first
        if chosen and record.code not in chosen:
            continue
        if args.translator and record.translator != args.translator:
            continue
        if not record.passed and not args.include_refused:
            continue
        picked.setdefault(record.code, record)
    missing = sorted(chosen - set(picked))
    if missing:
        print(
            f"vpt-tasks translations export: no cached translation of {', '.join(missing)}"
            + ("" if args.include_refused else " that passed its check (--include-refused)")
            + "; run a task with -T language=<code> and a translator model first.",
            file=sys.stderr,
        )
        return 2
    if not picked:
        print("vpt-tasks translations export: the translation cache is empty.", file=sys.stderr)
        return 2
    entries = {code: picked[code].table_entry() for code in sorted(picked)}
    text = _HEADER + yaml.safe_dump(
        {"languages": entries}, allow_unicode=True, sort_keys=False, width=100
    )
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {len(entries)} entr{'y' if len(entries) == 1 else 'ies'} to {args.out}")
    else:
        sys.stdout.write(text)
    return 0


def _import(args: argparse.Namespace) -> int:
    import yaml

    from vpt_tasks.comfort.language import read_yaml, user_table
    from vpt_tasks.comfort.paper_languages import paper_languages
    from vpt_tasks.comfort.spec import load_spec
    from vpt_tasks.comfort.translation_check import structural_problems

    table = args.table or user_table()
    data = read_yaml(args.file)
    entries = data.get("languages") if isinstance(data, dict) else None
    if not isinstance(entries, dict) or not entries:
        print(
            f"vpt-tasks translations import: {args.file} holds no `languages: {{code: entry}}`.",
            file=sys.stderr,
        )
        return 2
    known = {code for code in paper_languages() if code != "en"}
    vocabulary = load_spec().multilingual
    problems = []
    for code, entry in entries.items():
        if str(code).lower() not in known:
            problems.append(
                f"{str(code)[:40]!r} is not the code of one of the paper's languages other than "
                "English (`vpt-tasks translations list` lists them)"
            )
            continue
        if not isinstance(entry, dict):
            problems.append(f"{code}: its entry must be a mapping (name, prompts, relations, ...)")
            continue
        found = structural_problems(str(code), entry, vocabulary)
        checked = (entry.get("provenance") or {}).get("check_passed")
        if checked is False and not args.force:
            found.append(
                "its translation failed the back-translation check; correct it and import with "
                "--force"
            )
        problems += [f"{code}: {p}" for p in found]
    original = table.read_text(encoding="utf-8") if table.is_file() else _NEW_TABLE
    existing = set(_known_codes(original, table))
    clash = sorted(str(c).lower() for c in entries if str(c).lower() in existing)
    if clash and not args.replace:
        problems.append(f"{table} already has {', '.join(clash)} (--replace to replace them)")
    if problems:
        print("vpt-tasks translations import: nothing imported:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 2
    text = original
    for code in clash:
        if code in (yaml.safe_load(text) or {}).get("languages") or {}:
            text = _without_entry(text, code)
    block = yaml.safe_dump(
        {str(c).lower(): e for c, e in entries.items()},
        allow_unicode=True,
        sort_keys=False,
        width=100,
    )
    text = text.rstrip("\n") + "\n\n" + "".join(f"  {line}\n" for line in block.splitlines())
    _check_table(text, entries)
    table.parent.mkdir(parents=True, exist_ok=True)
    table.write_text(text, encoding="utf-8")
    _forget_tables()
    print(f"imported {', '.join(str(c).lower() for c in entries)} into {table}")
    return 0


_NEW_TABLE = """\
# Your own COMFORT translations (`vpt-tasks translations import`): entries in the format of
# the package's task_configs/comfort_translations.yaml; they take precedence over its entries.
languages:
"""


def _known_codes(text: str, table: Path) -> list[str]:
    """The codes of `table` and, when it is the user's own table, of the package's too."""
    import yaml

    from vpt_tasks.comfort.language import available_languages, user_table

    codes = list((yaml.safe_load(text) or {}).get("languages") or {})
    if table == user_table():
        codes += available_languages()[1:]
    return [str(c).lower() for c in codes]


def _without_entry(text: str, code: str) -> str:
    """The table's text without the entry `code` (its block at two spaces' indent)."""
    from vpt_tasks.core.errors import ConfigError

    lines = text.splitlines(keepends=True)
    start = next(
        (i for i, line in enumerate(lines) if re.match(rf"^  {re.escape(code)}:\s*$", line)), None
    )
    if start is None:
        raise ConfigError(f"cannot find the entry {code!r} in the table to replace it")
    end = start + 1
    while end < len(lines) and not re.match(r"^(  )?\S", lines[end]):
        end += 1
    block = "".join(lines[start:end])
    rest = "".join(lines[:start] + lines[end:])
    for anchor in re.findall(r"&(\w+)", block):
        if f"*{anchor}" in rest:
            raise ConfigError(
                f"the entry {code!r} defines the anchor &{anchor} that other entries use; "
                "replace it by hand"
            )
    return rest


def _check_table(text: str, entries: dict[str, Any]) -> None:
    """The new table still reads, with the imported entries as given."""
    import yaml

    from vpt_tasks.comfort.language import parse_entry
    from vpt_tasks.core.errors import ConfigError

    languages = (yaml.safe_load(text) or {}).get("languages") or {}
    for code, entry in entries.items():
        if languages.get(str(code).lower()) != entry:
            raise ConfigError(f"the entry {code!r} does not read back as given; nothing imported")
        parse_entry(str(code), languages[str(code).lower()])


def _forget_tables() -> None:
    from vpt_tasks.comfort.language import _table, _user_entries, load_language
    from vpt_tasks.core.config import load_config

    load_config.cache_clear()
    _table.cache_clear()
    _user_entries.cache_clear()
    load_language.cache_clear()
