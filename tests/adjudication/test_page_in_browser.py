"""The page is where people decide: in real headless Chromium, rows are decided with the
page's buttons and keys, a note typed, the sheet saved with its button, and that sheet is
accepted by `vpt-tasks adjudicate --apply` in a fresh process.

Chromium is driven with nothing but its command line (`--dump-dom` after a virtual time
budget) and a small script the test appends to a copy of the page, so no driver package is
needed. Skips where Chromium is not installed (`apt-get install chromium`).
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from inspect_ai.log import read_eval_log

from tests.adjudication.shell import vpt_tasks
from tests.helpers import metrics

CHROMIUM = next(
    (found for name in ("chromium", "chromium-browser") if (found := shutil.which(name))), None
)

HARNESS = """
<script>
// what a person does on the page, as DOM events; the download is caught, not written
URL.createObjectURL = (blob) => {
  blob.text().then((text) => {
    const saved = document.createElement("pre"); saved.id = "saved"; saved.textContent = text;
    document.body.append(saved);
  });
  return "blob:caught";
};
HTMLAnchorElement.prototype.click = function () {
  const name = document.createElement("p"); name.id = "download"; name.textContent = this.download;
  document.body.append(name);
};
const typed = (input, text) => { input.value = text; input.dispatchEvent(new Event("input")); };
const key = (k) => document.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true}));
typed(document.getElementById("annotator"), "ra1");
const cards = document.querySelectorAll("section.row");
cards[0].querySelector("button.choice").click();               // row 1: the first option, clicked
key("j"); key("2");                                             // row 2: the second option, keys
key("j");
[...cards[2].querySelectorAll("button.choice")].pop().click();  // row 3: "no option"
typed(cards[2].querySelector("input.note"), "=no option fits");
const progress = document.createElement("p"); progress.id = "progress-after";
progress.textContent = document.getElementById("progress").textContent;
document.body.append(progress);
document.getElementById("save").click();
</script>
"""


def _dump(page: Path, profile: Path) -> str:
    assert CHROMIUM is not None
    result = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
            "--virtual-time-budget=5000",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")
def test_the_page_decides_and_saves_a_sheet_apply_accepts(
    tmp_path: Path, logs: dict[str, Path]
) -> None:
    exported = vpt_tasks("adjudicate", str(logs["isle_dots"]), "--out", "sheet", cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    page = (tmp_path / "sheet" / "index.html").read_text(encoding="utf-8")
    harness = tmp_path / "sheet" / "harness.html"
    harness.write_text(page.replace("</html>", HARNESS + "</html>"), encoding="utf-8")

    dom = _dump(harness, tmp_path / "profile")
    assert '<p id="progress-after">3 of 32 decided</p>' in dom
    assert '<p id="download">sheet-ra1.csv</p>' in dom
    assert dom.count("<img ") == 32  # every row shows its picture from images/
    saved = re.search(r'<pre id="saved">(.*?)</pre>', dom, re.DOTALL)
    assert saved is not None, dom[-2000:]
    (tmp_path / "saved.csv").write_text(html.unescape(saved.group(1)), encoding="utf-8")

    applied = vpt_tasks("adjudicate", "--apply", "saved.csv", str(logs["isle_dots"]), cwd=tmp_path)
    assert applied.returncode == 0, applied.stderr
    assert "3 answers adjudicated" in applied.stdout
    log = read_eval_log(str(logs["isle_dots"]))
    assert metrics(log)["decided_by_human"] == 3
    decided = [
        score
        for sample in log.samples or []
        for score in sample.scores.values()
        if score.metadata.get("decided_by") == "human"
    ]
    assert sorted(score.metadata["reading"] for score in decided) == ["A", "B", "Z"]
    assert {score.history[-1].provenance.author for score in decided} == {"ra1"}
    assert "=no option fits" in {score.history[-1].provenance.reason for score in decided}
