"""Translations are untrusted data (issue "Hardening II"): templates, cache records, imports.

A translation reaches a run from the table, from a translator model's reply, from a cached
record or from `vpt-tasks translations import`. Whatever its origin, a template is data (named
slots only), a cached record must carry the evidence of its check, and nothing read from it
reaches a secret. The end-to-end test runs `inspect eval` in a fresh process, as a user does,
with canary secrets in its environment and a hostile translator.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.comfort.multilingual_fakes import SWAHILI, FakeTranslator
from tests.fakes.openai_server import OpenAIServer
from vpt_tasks.comfort.language import _table, available_languages, parse_entry
from vpt_tasks.core.errors import ConfigError

CANARY = "canary-9f1c2e7a-secret"
LEAK = "{A.__init__.__globals__[load_config].__wrapped__.__globals__[re].enum.sys.modules[os].environ[VPT_CANARY]}"
"""A template that read `VPT_CANARY` from the environment when templates were filled with
`str.format` (checked against the code before the fix)."""
HOSTILE_TEMPLATES = (LEAK, "{A:>999999999}", "{B[0]}", "{relation!r}", "{object.__class__}")


def _entries() -> dict[str, dict[str, Any]]:
    """Every shipped table entry, as data."""
    return {code: copy.deepcopy(dict(_table()[code])) for code in available_languages()[1:]}


def test_the_table_has_languages_to_attack() -> None:
    assert len(_entries()) >= 4


@pytest.mark.parametrize("code", sorted(_entries()))
def test_every_template_slot_of_every_shipped_language_refuses_a_hostile_template(
    code: str,
) -> None:
    entry = _entries()[code]
    parse_entry(code, entry)  # the shipped entry itself parses
    keys = [("prompts", k) for k in entry["prompts"]] + [("relations", k) for k in RELATIONS]
    assert len(keys) >= 6
    for group, key in keys:
        for template in HOSTILE_TEMPLATES:
            hostile = copy.deepcopy(entry)
            hostile[group][key] = f"x {template} y"
            with pytest.raises(ConfigError) as refused:
                parse_entry(code, hostile)
            assert f"{group}.{key}" in str(refused.value)
            assert CANARY not in str(refused.value)


def test_a_hostile_object_name_is_inserted_as_text() -> None:
    entry = {**copy.deepcopy(SWAHILI), "name": "Swahili", "provenance": {"translated_by": "t"}}
    entry["objects"]["red sphere"] = LEAK
    language = parse_entry("sw", entry)
    question = language.question("nop", "red sphere", "blue sphere", "totheleft")
    assert question == f"Je, {LEAK} iko kushoto ya tufe la buluu?"


RELATIONS = ("infrontof", "behind", "totheleft", "totheright")


def _files_text(*roots: Path) -> str:
    texts = []
    for root in roots:
        for path in root.rglob("*") if root.exists() else ():
            if path.is_file():
                texts.append(path.read_bytes().decode("utf-8", "replace"))
    return "\n".join(texts)


def test_a_hostile_translator_reaches_no_secret_end_to_end(tmp_path: Path) -> None:
    """`inspect eval vpt_tasks/comfort_ball -T language=sw --model-role translator=...` in a
    fresh process, canaries in the environment, a translator whose templates try to read them:
    refused with one plain message, and no canary in the output, any file or any request."""
    hostile = copy.deepcopy(SWAHILI)
    hostile["prompts"]["nop"] = f"Je, {LEAK} iko {{relation}}?"
    hostile["relations"]["totheleft"] = "kushoto ya {B:>99999999}"
    cache, logs = tmp_path / "cache", tmp_path / "logs"
    with OpenAIServer(FakeTranslator(hostile), models=("translator",)) as server:
        env = {
            **os.environ,
            "VPT_CANARY": CANARY,
            "HF_TOKEN": CANARY,
            "OPENAI_API_KEY": CANARY,
            "VPT_TASKS_CACHE": str(cache),
            "TRANS_BASE_URL": server.base_url,
            "TRANS_API_KEY": "x",
            "INSPECT_DISPLAY": "plain",
            "NO_COLOR": "1",
        }
        done = subprocess.run(
            [sys.executable, "-m", "inspect_ai", "eval", "vpt_tasks/comfort_ball"]
            + ["-T", "source=demo", "-T", "language=sw", "--model", "vpt_tasks/random"]
            + ["--model-role", "translator=openai-api/trans/translator", "--log-dir", str(logs)],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        requests = json.dumps(server.requests)
    printed = done.stdout + done.stderr
    assert done.returncode != 0, printed
    assert "Traceback" not in printed
    assert "the Swahili translation by openai-api/trans/translator" in printed
    assert "prompts.nop" in printed
    assert CANARY not in printed
    assert CANARY not in requests
    assert CANARY not in _files_text(cache, logs)
    assert len(server.requests) == 1  # the translation; nothing was rendered to back-translate
