"""The translator model role: translate, back-translate, check, cache, reuse, refuse, freeze.

The translator is the local OpenAI-compatible server answering as `FakeTranslator`
(a Swahili entry; back-translation by a lexicon, so a wrong word comes back wrong).
Every run goes through Inspect's `eval`, with the role bound as `--model-role`
binds it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from inspect_ai import eval as inspect_eval
from inspect_ai.model import Model, get_model

from tests.comfort.multilingual_fakes import SWAHILI, FakeTranslator
from tests.fakes.openai_server import OpenAIServer
from vpt_tasks.comfort import language as language_module
from vpt_tasks.comfort.language import load_language, parse_entry
from vpt_tasks.comfort.spec import load_spec
from vpt_tasks.comfort.task import comfort_ball, comfort_car
from vpt_tasks.comfort.translation import TranslationRefused, language_for_run
from vpt_tasks.comfort.translation_cache import find_record, read_records, record_path
from vpt_tasks.comfort.translation_check import CheckItem, judge, structural_problems
from vpt_tasks.comfort.translator import TranslatorError, parse_json_object
from vpt_tasks.core.errors import TaskArgumentError

TRANSLATOR = "openai-api/trans/translator"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "cache"
    monkeypatch.setenv("VPT_TASKS_CACHE", str(root))
    return root


@pytest.fixture
def translator(cache: Path) -> Iterator[tuple[FakeTranslator, Model]]:
    fake = FakeTranslator()
    with OpenAIServer(fake) as server:
        yield fake, get_model(TRANSLATOR, base_url=server.base_url, api_key="x", memoize=False)


def _eval(task: str, model_roles: dict | None, log_dir: Path, **task_args):
    logs = inspect_eval(
        task,
        task_args={"source": "demo", **task_args},
        model="vpt_tasks/random",
        model_roles=model_roles,
        log_dir=str(log_dir),
        display="none",
    )
    assert logs[0].status == "success", logs[0].error
    return logs[0]


def test_translated_checked_cached_and_reused(translator, cache: Path, tmp_path: Path) -> None:
    fake, model = translator
    log = _eval("vpt_tasks/comfort_ball", {"translator": model}, tmp_path / "a", language="sw")
    assert fake.calls == {"translation": 1, "back_translation": 1}
    # the samples ask the translated question, on the paper's four directions, nop only
    questions = {s.metadata["question"] for s in log.samples}
    assert "Je, tufe jekundu iko kushoto ya tufe la buluu?" in questions
    assert {s.metadata["theta"] for s in log.samples} == {-180, -90, 0, 90}
    assert {s.metadata["prompt"] for s in log.samples} == {"nop"}
    assert log.samples[0].input[0].text == SWAHILI["system_prompt"]
    # provenance in the log: where the words came from, the check, the translator, the date
    meta = log.eval.metadata
    source = meta["language_source"]
    assert (source["origin"], source["translator"], source["check_passed"]) == (
        "translator",
        TRANSLATOR,
        True,
    )
    assert source["date"] and source["entry"]["relations"]["totheleft"] == "kushoto ya {B}"
    left = next(
        i for i in source["back_translation"] if i["text"].endswith("kushoto ya tufe la buluu?")
    )
    assert left["back_translation"] == "Is the red sphere to the left of the blue sphere?"
    assert left["ok"] and left["expected"] == left["back_translation"]
    assert meta["protocol"] == "multilingual" and meta["language"] == "sw"
    # the cache holds the translation, every back-translation, the verdict, model and date
    path = record_path("sw", TRANSLATOR)
    stored = json.loads(path.read_text("utf-8"))
    assert stored["translator"] == TRANSLATOR and stored["check"] == {
        "passed": True,
        "problems": [],
    }
    assert stored["entry"]["objects"]["horse"] == "farasi" and stored["date"] == source["date"]
    kinds = [i["kind"] for i in stored["back_translation"]]
    spec = load_spec().multilingual
    assert kinds.count("question") == 4 * len(spec.check_pairs)
    assert kinds.count("probe") == len(spec.objects) and {"system", "yes", "no"} <= set(kinds)
    assert all(i["ok"] for i in stored["back_translation"])
    assert stored["replies"]["translation"] and stored["replies"]["back_translation"]

    # reused: no second translator call, in another task and another eval
    log = _eval("vpt_tasks/comfort_car", {"translator": model}, tmp_path / "b", language="sw")
    assert fake.calls == {"translation": 1, "back_translation": 1}
    assert log.eval.metadata["language_source"]["origin"] == "cache"
    assert log.samples[0].metadata["question"].startswith("Je, mpira wa kikapu iko")
    # and without a translator bound at all (the newest cached translation that passed)
    task = comfort_ball(source="demo", language="sw")
    assert task.metadata["language_source"]["translator"] == TRANSLATOR
    assert fake.calls == {"translation": 1, "back_translation": 1}


def test_the_answers_are_read_in_swahili(translator, tmp_path: Path) -> None:
    _, model = translator
    log = _eval("vpt_tasks/comfort_ball", {"translator": model}, tmp_path, language="sw")
    scores = [s.scores["yes_probability"] for s in log.samples]
    assert {s.answer for s in scores} <= {"Ndiyo", "Hapana"}
    assert all(
        s.metadata["method"] == "logprobs" and s.metadata["answered_in"] == "asked" for s in scores
    )
    scorer = log.eval.scorers[0] if log.eval.scorers else None
    assert scorer is not None and scorer.options["yes_words"] == ["Ndiyo"]
    assert scorer.options["english_words"] == [["Yes"], ["No"]]


def test_a_translation_failing_the_back_translation_check_is_refused(
    translator, cache: Path, tmp_path: Path
) -> None:
    fake, model = translator
    # left and right swapped: the entry renders fine, its back-translation says the opposite
    fake.entry["relations"]["totheleft"] = "kulia ya {B}"
    fake.entry["relations"]["totheright"] = "kushoto ya {B}"
    with pytest.raises(TranslationRefused) as refused:
        _eval("vpt_tasks/comfort_ball", {"translator": model}, tmp_path, language="sw")
    message = str(refused.value)
    assert "Swahili translation by openai-api/trans/translator" in message
    assert "failed the back-translation check" in message
    assert "came back as 'Is the red sphere to the right of the blue sphere?'" in message
    assert (
        'does not say "to the left of"' in message and str(record_path("sw", TRANSLATOR)) in message
    )
    assert fake.calls == {"translation": 1, "back_translation": 1}
    assert not list(tmp_path.glob("**/*.eval"))  # refused before any sample ran
    record = find_record("sw", TRANSLATOR)
    assert record is not None and not record.passed
    assert len(record.problems) == 2 * len(load_spec().multilingual.check_pairs)  # left and right
    # the refusal is cached: asked again, the same reason without a translator call
    with pytest.raises(TranslationRefused, match="to the right of the blue sphere"):
        comfort_ball(source="demo", language="sw")
    with pytest.raises(TranslationRefused):
        _eval("vpt_tasks/comfort_ball", {"translator": model}, tmp_path, language="sw")
    assert fake.calls == {"translation": 1, "back_translation": 1}


def test_an_entry_that_cannot_render_is_refused_without_back_translation(
    translator, tmp_path: Path
) -> None:
    fake, model = translator
    # the template asks for a form the red sphere's forms lack
    fake.entry["prompts"]["nop"] = "Je, {A:sub} iko {relation}?"
    fake.entry["objects"]["red sphere"] = {"obj": "tufe jekundu"}
    with pytest.raises(TranslationRefused) as refused:
        _eval("vpt_tasks/comfort_ball", {"translator": model}, tmp_path, language="sw")
    message = str(refused.value)
    assert "cannot render every question" in message and "not back-translated" in message
    assert "the question (red sphere, infrontof, blue sphere) does not render" in message
    assert "has no form 'sub'" in message
    assert fake.calls == {"translation": 1, "back_translation": 0}


def test_an_unreadable_reply_is_an_error_and_not_cached(translator, tmp_path: Path) -> None:
    fake, model = translator
    fake.entry = "Sorry, I cannot help with that."  # type: ignore[assignment]
    with pytest.raises(TranslatorError, match="not a JSON object"):
        _eval("vpt_tasks/comfort_ball", {"translator": model}, tmp_path, language="sw")
    assert read_records("sw") == []  # a retry asks again
    assert parse_json_object('Here it is:\n```json\n{"a": 1}\n```', "x") == {"a": 1}


def test_a_frozen_table_entry_overrides_the_model(
    translator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from vpt_tasks.comfort.translations_cli import add_arguments, run

    fake, model = translator
    _eval("vpt_tasks/comfort_ball", {"translator": model}, tmp_path / "a", language="sw")
    import argparse

    def cli(*argv: str) -> int:
        parser = argparse.ArgumentParser()
        add_arguments(parser)
        return run(parser.parse_args(argv))

    exported = tmp_path / "sw.yaml"
    assert cli("export", "sw", "--out", str(exported)) == 0
    entry = yaml.safe_load(exported.read_text("utf-8"))["languages"]["sw"]
    assert entry["provenance"]["translator"] == TRANSLATOR and entry["provenance"]["check_passed"]
    assert entry["back_translation"]["example"] == {
        "text": "Je, tufe jekundu iko kushoto ya tufe la buluu?",
        "english": "Is the red sphere to the left of the blue sphere?",
    }
    # a reviewer corrects a word and freezes the entry into (a copy of) the table
    entry["objects"]["blue sphere"] = "tufe la samawati"
    entry["provenance"]["native_speaker_review"] = True
    exported.write_text(yaml.safe_dump({"languages": {"sw": entry}}, allow_unicode=True), "utf-8")
    table = tmp_path / "comfort_translations.yaml"
    original = (
        Path(language_module.__file__).parents[3] / "task_configs" / "comfort_translations.yaml"
    )
    table.write_text(original.read_text("utf-8"), "utf-8")
    assert cli("import", str(exported), "--table", str(table)) == 0
    assert cli("import", str(exported), "--table", str(table)) == 2  # already there
    text = table.read_text("utf-8")
    assert text.startswith(original.read_text("utf-8").rstrip("\n"))  # comments and entries kept
    frozen = yaml.safe_load(text)["languages"]
    monkeypatch.setattr(language_module, "_table", lambda: frozen)
    load_language.cache_clear()
    try:
        log = _eval("vpt_tasks/comfort_ball", {"translator": model}, tmp_path / "b", language="sw")
    finally:
        load_language.cache_clear()
    assert fake.calls == {"translation": 1, "back_translation": 1}  # the table won
    source = log.eval.metadata["language_source"]
    assert source["origin"] == "table" and source["native_speaker_review"] is True
    assert "tufe la samawati" in log.samples[0].metadata["question"]


def test_import_refuses_an_entry_that_does_not_render(tmp_path: Path, capsys) -> None:
    import argparse

    from vpt_tasks.comfort.translations_cli import add_arguments, run

    bad = {**SWAHILI, "name": "Swahili", "provenance": {"translated_by": "x"}}
    bad["objects"] = {**SWAHILI["objects"], "dog": {"obj": "mbwa"}}  # no plain form for {object}
    source = tmp_path / "bad.yaml"
    source.write_text(yaml.safe_dump({"languages": {"sw": bad}}, allow_unicode=True), "utf-8")
    table = tmp_path / "table.yaml"
    table.write_text("languages:\n  xx: {}\n", "utf-8")
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert run(parser.parse_args(["import", str(source), "--table", str(table)])) == 2
    assert "sw: the probe of 'dog' does not render" in capsys.readouterr().err
    assert table.read_text("utf-8") == "languages:\n  xx: {}\n"


def test_without_a_translator_or_cache_the_fix_is_named(cache: Path) -> None:
    with pytest.raises(TaskArgumentError, match=r"--model-role translator=openai/gpt-4o"):
        comfort_ball(source="demo", language="sw")
    with pytest.raises(TaskArgumentError, match="the paper dropped Croatian"):
        language_for_run("hr")
    with pytest.raises(TaskArgumentError, match="en, de, es.*109 languages"):
        language_for_run("tlh")
    # arguments are checked before any translator is asked
    with pytest.raises(TaskArgumentError, match="multiples of 10"):
        comfort_car(source="demo", language="sw", thetas="15")
    with pytest.raises(TaskArgumentError, match="solver=cot"):
        comfort_car(source="demo", language="sw", solver="cot")


def test_the_multilingual_protocol_is_the_default_in_another_language() -> None:
    task = comfort_car(source="demo", language="de")
    assert (
        task.metadata["thetas"] == [-180, -90, 0, 90]
        and task.metadata["protocol"] == "multilingual"
    )
    assert task.metadata["language_source"]["origin"] == "table"
    english = comfort_car(source="demo", perspective="nop", thetas="canonical")
    assert english.metadata["protocol"] == "multilingual"
    assert {s.metadata["theta"] for s in english.dataset} == {-180, -90, 0, 90}
    assert comfort_car(source="demo", language="de", thetas="all").metadata["thetas"] is None
    assert comfort_ball(source="demo").metadata["protocol"] == "full"


# --------------------------------------------------------------------------
# the check itself


def _item(**kwargs) -> CheckItem:
    return CheckItem(key="q01", kind="question", text="...", expected="...", **kwargs)


@pytest.mark.parametrize(
    ("english", "problems"),
    [
        ("Is the red sphere to the left of the blue sphere?", []),
        ("Is the red ball located on the left side of the blue globe?", []),
        ("Is the blue sphere to the left of the red sphere?", ["before the red sphere"]),
        ("Is the red sphere to the right of the blue sphere?", ['"to the left of"', '"right"']),
        ("Is the red sphere left of the sphere?", ["does not name the blue sphere"]),
        ("Is the sphere left of the blue sphere?", ["does not name the red sphere"]),
        ("Is the red sphere in front of and left of the blue sphere?", ['"front"']),
    ],
)
def test_question_check(english: str, problems: list[str]) -> None:
    item = _item(referent="red sphere", relatum="blue sphere", relation="totheleft")
    found = judge(item, english, load_spec().multilingual)
    assert len(found) == len(problems) and all(any(p in f for f in found) for p in problems), found


def test_probe_system_and_word_checks() -> None:
    vocabulary = load_spec().multilingual
    probe = CheckItem("p01", "probe", "...", "Is there any bicycle?", obj="bicycle")
    assert judge(probe, "Is there a bike?", vocabulary) == []
    assert judge(probe, "Is there a car?", vocabulary) == ["does not name the bicycle"]
    system = CheckItem("system", "system", "...", load_spec().system_prompt)
    assert judge(system, 'Answer only "yes" or "no".', vocabulary) == []
    assert judge(system, "Describe the image.", vocabulary)
    sw = parse_entry("sw", {**SWAHILI, "name": "Swahili", "provenance": {"by": "test"}})
    assert judge(system, 'Answer with "Ndiyo" or "Hapana".', vocabulary, sw) == []
    yes = CheckItem("yes1", "yes", "Ndiyo", "Yes")
    assert judge(yes, "Yes", vocabulary) == []
    assert judge(yes, "No", vocabulary) == ['does not mean "Yes"']
    assert judge(CheckItem("no1", "no", "Hapana", "No"), "no, not", vocabulary) == []


def test_structural_problems_name_the_fault() -> None:
    vocabulary = load_spec().multilingual
    entry = {**SWAHILI, "name": "Swahili", "provenance": {"by": "test"}}
    assert structural_problems("sw", entry, vocabulary) == []
    missing = {**entry, "objects": {k: v for k, v in SWAHILI["objects"].items() if k != "duck"}}
    assert any("'duck'" in p for p in structural_problems("sw", missing, vocabulary))
    unnamed = {**entry, "system_prompt": "Jibu swali."}
    assert any("'Ndiyo'" in p for p in structural_problems("sw", unnamed, vocabulary))
    same = {**entry, "relations": {**SWAHILI["relations"], "behind": "mbele ya {B}"}}
    assert any(
        "two relations read the same" in p for p in structural_problems("sw", same, vocabulary)
    )
    both = {**entry, "answers": {"yes": ["Ndiyo"], "no": ["ndiyo"]}}
    assert any("both the yes and the no" in p for p in structural_problems("sw", both, vocabulary))
    words = {**entry, "answers": {"yes": "Ndiyo", "no": ["Hapana"]}}
    assert any("non-empty list" in p for p in structural_problems("sw", words, vocabulary))
