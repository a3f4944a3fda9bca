"""The multilingual study end to end: `inspect eval` with a translator role, and the report.

- `inspect eval vpt_tasks/comfort_ball -T language=sw --model-role translator=...
  --model ...` (in-process), both models local OpenAI-compatible servers;
- `vpt-tasks report` over COMFORT-CAR logs in three languages (English on the paper's
  multilingual protocol, German from the table, Swahili from the translator), one
  language whose answers are no Yes/No, and one refused translation: the multilingual
  section (Table 10's layout) checked cell by cell against a hand computation;
- `vpt-tasks tasks` and the COMFORT README list the paper's 109 codes and their source.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog, list_eval_logs, read_eval_log
from inspect_ai.model import get_model

from tests.comfort.multilingual_fakes import FakeTranslator
from tests.fakes.openai_server import OpenAIServer, last_user_text, yes_no
from vpt_tasks.cli import main as vpt_tasks
from vpt_tasks.comfort.paper_languages import COLUMNS, paper_languages

TRANSLATOR = "openai-api/trans/translator"


# --------------------------------------------------------------------------
# inspect eval with a translator role


def test_inspect_eval_with_a_translator_role_end_to_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def p_yes(request: dict) -> float:
        return 0.9 if "kushoto" in last_user_text(request) else 0.2  # "left" in Swahili

    fake = FakeTranslator()
    with (
        OpenAIServer(fake, models=("translator",)) as translator,
        OpenAIServer(yes_no(p_yes, ("Ndiyo", "Hapana"))) as model,
    ):
        monkeypatch.setenv("VPT_TASKS_CACHE", str(tmp_path / "cache"))
        monkeypatch.setenv("TRANS_BASE_URL", translator.base_url)
        monkeypatch.setenv("TRANS_API_KEY", "x")
        monkeypatch.setenv("LOCAL_API_KEY", "x")
        # what `inspect eval vpt_tasks/comfort_ball -T source=demo -T language=sw
        # --model-role translator=... --model ... --model-base-url ...` runs, in-process (the
        # shell itself is smoke-tested once per task in tests/test_cli.py)
        [log] = inspect_eval(
            "vpt_tasks/comfort_ball",
            task_args={"source": "demo", "language": "sw"},
            model_roles={"translator": TRANSLATOR},
            model="openai-api/local/test-model",
            model_base_url=model.base_url,
            log_dir=str(tmp_path / "logs"),
            display="none",
        )
        asked = model.requests
    assert log.status == "success", log.error
    assert fake.calls == {"translation": 1, "back_translation": 1}
    [info] = list_eval_logs(str(tmp_path / "logs"))
    assert read_eval_log(info.name, header_only=True).status == "success"
    assert log.eval.model_roles["translator"].model == TRANSLATOR
    source = log.eval.metadata["language_source"]
    assert (source["origin"], source["translator"], source["check_passed"]) == (
        "translator",
        TRANSLATOR,
        True,
    )
    # the four canonical directions x four relations, asked in Swahili, read in Swahili
    assert len(asked) == len(log.samples) == 16
    assert all(r["messages"][0]["content"].startswith("Utapewa picha") for r in asked)
    for sample in log.samples:
        score = sample.scores["yes_probability"]
        left = "kushoto" in sample.metadata["question"]
        assert score.value == pytest.approx(0.9 if left else 0.2)
        assert score.answer == ("Ndiyo" if left else "Hapana")
        assert score.metadata["answered_in"] == "asked"


# --------------------------------------------------------------------------
# the report


@pytest.fixture(scope="module")
def multilingual_logs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """(log dir, report dir): COMFORT-CAR in en / de / sw, a run with no Yes/No, a refusal."""
    root = tmp_path_factory.mktemp("multilingual")
    logs = root / "logs"
    with pytest.MonkeyPatch.context() as patch, OpenAIServer(FakeTranslator()) as good:
        patch.setenv("VPT_TASKS_CACHE", str(root / "cache"))
        translator = get_model(TRANSLATOR, base_url=good.base_url, api_key="x", memoize=False)

        def run(model, **task_args) -> EvalLog:
            [log] = inspect_eval(
                "vpt_tasks/comfort_car",
                task_args={"source": "demo", **task_args},
                model=model,
                model_roles={"translator": translator},
                log_dir=str(logs),
                display="none",
            )
            assert log.status == "success", log.error
            return log

        run("vpt_tasks/random", language="en", perspective="nop", thetas="canonical")
        run("vpt_tasks/random", language="de")
        run("vpt_tasks/random", language="sw")
        mute = get_model("vpt_tasks/constant", answer="Je ne sais pas.", memoize=False)
        run(mute, language="fr")
        # English runs off the multilingual protocol are not in the section: one that differs
        # only in the prompt (every perspective), one only in the angles (not the canonical four)
        run("vpt_tasks/random", perspective="all", thetas="canonical")
        run("vpt_tasks/random", perspective="nop", thetas="-180,-90,0")
        # Hausa: a translation with left and right swapped, refused before any sample
        swapped = FakeTranslator()
        swapped.entry["relations"]["totheleft"] = "kulia ya {B}"
        swapped.entry["relations"]["totheright"] = "kushoto ya {B}"
        with OpenAIServer(swapped) as bad:
            wrong = get_model(TRANSLATOR, base_url=bad.base_url, api_key="x", memoize=False)
            with pytest.raises(Exception, match="failed the back-translation check"):
                inspect_eval(
                    "vpt_tasks/comfort_car",
                    task_args={"source": "demo", "language": "ha"},
                    model="vpt_tasks/random",
                    model_roles={"translator": wrong},
                    log_dir=str(logs),
                    display="none",
                )
        out = root / "report"
        assert vpt_tasks(["report", str(logs), "--out", str(out)]) == 0
        yield logs, out


def _section(out: Path) -> str:
    text = (out / "report.md").read_text("utf-8")
    assert text.count("### Multilingual") == 1
    return text[text.index("### Multilingual") :]


def _rows(section: str) -> dict[str, list[str]]:
    """Language code -> the cells of its row in the multilingual table."""
    rows = {}
    for line in section.splitlines():
        found = re.search(r"\(`([a-z-]+)`\) \|", line)
        if line.startswith("| ") and found:
            rows[found.group(1)] = [c.strip() for c in line.strip("|").split("|")]
    return rows


@pytest.mark.xdist_group("comfort_multilingual_report")
def test_report_rows_and_provenance(multilingual_logs) -> None:
    _, out = multilingual_logs
    section = _section(out)
    rows = _rows(section)
    assert sorted(rows) == ["de", "en", "sw"]  # fr dropped, the other English runs not in it
    assert len([line for line in section.splitlines() if re.search(r"\(`en`\) \|", line)]) == 1
    header = next(line for line in section.splitlines() if line.startswith("| model | language"))
    assert header.count("|") == len(rows["de"]) + 1
    assert rows["en"][2] == "the paper (English)"
    assert (
        rows["de"][2].startswith("table: vpt_tasks developers") and "not reviewed" in rows["de"][2]
    )
    assert rows["sw"][2].startswith(f"translator {TRANSLATOR}, 20")
    assert "translated in this run; back-translation check passed, 69 texts" in rows["sw"][2]
    for code in rows:
        assert rows[code][3] == "8 × 4"  # 2 facings x 4 relations, 4 directions each
        paper = paper_languages()[code]
        assert rows[code][12] == ", ".join(_title(c) for c in paper.preferred)
    assert (out / "comfort_car_multilingual.png").stat().st_size > 10_000
    assert "![ε_cos per language" in section


@pytest.mark.xdist_group("comfort_multilingual_report")
def test_report_dropped_languages_and_why(multilingual_logs) -> None:
    _, out = multilingual_logs
    section = _section(out)
    dropped = section[section.index("#### Languages dropped") :]
    assert (
        "- French (`fr`), vpt_tasks/constant: 100% of the answers had no Yes/No in French."
        in dropped
    )
    assert (
        "- Hausa (`ha`): refused before the run — its translation failed the back-translation check"
        in dropped
    )
    assert "to the right of the blue sphere" in dropped
    assert "The paper dropped 23: Aymara, Bambara, Croatian" in dropped


HAND_PHI_STAR = {
    # frame: (in front of, behind, to the left of, to the right of), the spec's table
    "camera_reflected": (0, 180, 270, 90),
    "camera_translated": (180, 0, 270, 90),
    "camera_rotated": (0, 180, 90, 270),
    "addressee_reflected": (270, 90, 180, 0),
    "addressee_translated": (90, 270, 180, 0),
    "addressee_rotated": (270, 90, 0, 180),
    "intrinsic_facing_left": (270, 90, 0, 180),
    "intrinsic_facing_right": (90, 270, 180, 0),
}
HAND_START = {"infrontof": 0, "behind": 180, "totheleft": 90, "totheright": 270}
HAND_COLUMNS = {
    "ego_reflected": "camera_reflected",
    "ego_rotated": "camera_rotated",
    "ego_translated": "camera_translated",
    "addressee_reflected": "addressee_reflected",
    "addressee_rotated": "addressee_rotated",
    "addressee_translated": "addressee_translated",
}


def _hand_eps(log: EvalLog, column: str) -> float:
    """eps_cos by hand: per curve min-max p, RMSE against (cos(phi - phi*) + 1) / 2, the mean
    over each dataset's curves, then over the two datasets."""
    curves: dict[tuple[str, str, str], dict[int, float]] = defaultdict(dict)
    for sample in log.samples:
        meta = sample.metadata
        key = (meta["dataset"], meta["relation"], meta["variation"])
        curves[key][meta["theta"]] = float(sample.scores["yes_probability"].value)
    by_dataset: dict[str, list[float]] = defaultdict(list)
    order = ("infrontof", "behind", "totheleft", "totheright")
    for (dataset, relation, _), points in curves.items():
        lo, hi = min(points.values()), max(points.values())
        squares = []
        for theta, p in points.items():
            p_hat = (p - lo) / (hi - lo) if hi > lo else 0.0
            frame = (
                f"intrinsic_facing_{dataset.rsplit('_', 1)[1]}"
                if column == "intrinsic"
                else HAND_COLUMNS[column]
            )
            phi = theta + 180 + HAND_START[relation]
            phi_star = HAND_PHI_STAR[frame][order.index(relation)]
            g = (math.cos(math.radians(phi - phi_star)) + 1) / 2
            if abs(g - 0.5) < 1e-9:
                g = 0.5
            squares.append((p_hat - g) ** 2)
        by_dataset[dataset].append(math.sqrt(sum(squares) / len(squares)))
    return sum(sum(v) / len(v) for v in by_dataset.values()) / len(by_dataset)


@pytest.mark.xdist_group("comfort_multilingual_report")
def test_report_cells_equal_a_hand_computation(multilingual_logs) -> None:
    logs, out = multilingual_logs
    [german] = [
        read_eval_log(i.name)
        for i in list_eval_logs(str(logs))
        if read_eval_log(i.name, header_only=True).eval.metadata.get("language") == "de"
    ]
    assert len(german.samples) == 32 and {s.metadata["theta"] for s in german.samples} == {
        -180,
        -90,
        0,
        90,
    }
    row = _rows(_section(out))["de"]
    hand = {column: _hand_eps(german, column) for column in COLUMNS}
    assert row[4:11] == [f"{100 * hand[c]:.1f}" for c in COLUMNS]
    best = min(hand.values())
    assert row[11] == ", ".join(_title(c) for c in COLUMNS if hand[c] == best)
    assert len(set(row[4:11])) > 1  # the columns differ: a mix-up of frames would show


def _title(column: str) -> str:
    from vpt_tasks.comfort.paper_languages import COLUMN_TITLES

    return COLUMN_TITLES[column]


# --------------------------------------------------------------------------
# the listing and the README


def test_tasks_and_readme_list_the_109_codes_and_their_source(capsys) -> None:
    codes = list(paper_languages())
    assert len(codes) == 109 and "sw" in codes and "hr" not in codes
    for task in ("comfort_car", "comfort_ball"):
        assert vpt_tasks(["tasks", task]) == 0
        listing = capsys.readouterr().out
        part = listing[listing.index(f"vpt_tasks/{task}") :]
        part = " ".join(part[: part.index("translation into the table.")].split())
        listed = set(re.findall(r"\b[a-z]{2,3}\b", part))
        assert set(codes) <= listed, sorted(set(codes) - listed)
        assert "translated by the translator model role" in part
        assert "the translation table (task_configs/comfort_translations.yaml" in part
    # listed together, the second task refers to the first's list instead of repeating it
    assert vpt_tasks(["tasks", "comfort_car", "comfort_ball"]) == 0
    both = capsys.readouterr().out
    assert both.count("translation into the table.") == 1
    assert "as for vpt_tasks/comfort_car above." in both
    readme = (Path(__file__).parents[2] / "src/vpt_tasks/comfort/README.md").read_text("utf-8")
    section = readme[readme.index("## Multilingual") :]
    section = section[: section.index("\n## ", 4)]
    for code in codes:
        assert f"`{code}`" in section, code
    assert "--model-role translator=" in section and "back-translation" in section
