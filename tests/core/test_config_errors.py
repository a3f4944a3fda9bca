"""A bad value in a task config YAML ends in one line naming the file, the key and what was expected.

Each case copies the real `task_configs/<benchmark>.yaml`, breaks one thing in the copy
(a value of the wrong type, a missing key, an unknown key: the models are strict) and
loads it through the benchmark's own `load_spec(path)`, the loader the tasks use.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest
import yaml

from vpt_tasks.core.config import config_dir
from vpt_tasks.core.errors import ConfigError, VPTError

DELETE = object()
"""An edit that removes the key."""

CASES = [
    # name, edits {dotted key: new value}, what the message must say (besides the file)
    (
        "isle_brick",
        {"generation.max_tokens": "many"},
        ["generation.max_tokens = 'many'", "integer"],
    ),
    (
        "isle_brick",
        {"questions.Q1.kind": "counting"},
        ["questions.Q1.kind = 'counting'", "'count'"],
    ),
    ("isle_brick", {"upstream.revison": "abc"}, ["upstream.revison is not a key"]),
    ("isle_brick", {"first_person.questions.Q3": DELETE}, ["first_person.questions = [", "Q3"]),
    ("isle_v1", {"grader.max_tokens": "sixteen"}, ["grader.max_tokens = 'sixteen'", "integer"]),
    (
        "isle_v1",
        {"datasets.isle_dots.type": "dots"},
        ["datasets.isle_dots.type = 'dots'", "'isle-dots'"],
    ),
    ("isle_v1", {"split": DELETE}, ["split is missing"]),
    (
        "isle_v1",
        {"first_person.prompt": "zeroshot"},
        ["first_person.prompt = 'zeroshot'", "zero_shot"],
    ),
    (
        "omni_perspective",
        {"judge.temperatures": [0.0, "hot"]},
        ["judge.temperatures[1] = 'hot'", "number"],
    ),
    (
        "omni_perspective",
        {"judge.max_tries": 0},
        ["judge.max_tries = 0", "greater than or equal to 1"],
    ),
    ("omni_perspective", {"generation.max_token": 5}, ["generation.max_token is not a key"]),
    (
        "omni_perspective",
        {"image_placeholder_pattern": "<image("},
        ["image_placeholder_pattern = '<image('", "regular expression"],
    ),
    (
        "comfort",
        {"generation.top_logprobs": "twenty"},
        ["generation.top_logprobs = 'twenty'", "integer"],
    ),
    ("comfort", {"upstream.revision": 1234567}, ["upstream.revision = 1234567", "string"]),
    (
        "comfort",
        {"tasks.comfort_ball.datasets": ["comfort_bal"]},
        ["tasks.comfort_ball.datasets = ['comfort_bal']", "not comfort_bal"],
    ),
    (
        "comfort",
        {"answers.yes": DELETE, "answers.True": ["Yes"]},
        ["answers.True is not a key", "quote it"],
    ),
    ("comfort", {"cot.answer": "Answer now."}, ["cot.answer = 'Answer now.'", "{question}"]),
    ("grader_check", {"confidence": 95}, ["confidence = 95", "less than 1"]),
    ("grader_check", {"kinds.comfort": {"title": "COMFORT", "grader": "none"}}, ["kinds.comfort"]),
]


def _spec(name: str) -> Any:
    return importlib.import_module(f"vpt_tasks.{name}.spec")


def _copy(name: str, tmp_path: Path, edits: dict[str, Any]) -> Path:
    """The real config of `name`, with `edits` applied, written to a file under `tmp_path`."""
    data = yaml.safe_load((config_dir() / f"{name}.yaml").read_text(encoding="utf-8"))
    for dotted, value in edits.items():
        *parents, last = dotted.split(".")
        section = data
        for part in parents:
            section = section[part]
        key: Any = {"True": True}.get(last, last)
        if value is DELETE:
            del section[key]
        else:
            section[key] = value
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "name", ["isle_brick", "isle_v1", "omni_perspective", "comfort", "grader_check"]
)
def test_an_unchanged_copy_loads_the_same_spec(name: str, tmp_path: Path) -> None:
    assert _spec(name).load_spec(_copy(name, tmp_path, {})) == _spec(name).load_spec()


@pytest.mark.parametrize(("name", "edits", "expected"), CASES)
def test_a_broken_value_is_one_line_naming_file_key_value_and_expectation(
    name: str, edits: dict[str, Any], expected: list[str], tmp_path: Path
) -> None:
    path = _copy(name, tmp_path, edits)
    with pytest.raises(ConfigError) as caught:
        _spec(name).load_spec(path)
    message = str(caught.value)
    assert isinstance(caught.value, VPTError)
    assert "\n" not in message and len(message) < 250, message
    assert message.startswith(f"{path}: "), message
    for part in expected:
        assert part in message, message


def test_every_config_with_a_spec_has_a_case() -> None:
    specs = {p.parent.name for p in Path(_spec("isle_brick").__file__).parents[1].glob("*/spec.py")}
    assert specs == {name for name, _, _ in CASES}


def test_a_file_that_is_not_yaml_is_one_line_with_its_position(tmp_path: Path) -> None:
    path = tmp_path / "isle_v1.yaml"
    path.write_text("split: test\n  grader: [\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"not valid YAML at line 2, column \d+") as caught:
        _spec("isle_v1").load_spec(path)
    assert "\n" not in str(caught.value)
