"""The shape of the package: shared code imports no benchmark, and one list names every benchmark.

These tests read the source (Python's `ast`), so they see imports inside
functions too, and they build the wheel to check what users install.
"""

from __future__ import annotations

import ast
import re
import zipfile
from pathlib import Path

import pytest

from vpt_tasks import benchmarks
from vpt_tasks.benchmarks import BENCHMARKS, load, task_entries

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "vpt_tasks"
BENCHMARK_PACKAGES = {b.package for b in BENCHMARKS}

# Modules that span benchmarks by reading the list of descriptors may import a
# benchmark; everything else is shared code and may not.
SPANNING = ("_registry.py", "benchmarks.py", "report/", "render/")


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            # `from vpt_tasks import isle_brick` imports the package itself
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _benchmark_imported(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) >= 2 and parts[0] == "vpt_tasks" and parts[1] in BENCHMARK_PACKAGES:
        return parts[1]
    return None


def _shared_modules() -> list[Path]:
    modules = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        top = relative.split("/")[0]
        if top in BENCHMARK_PACKAGES or relative.startswith(SPANNING):
            continue
        modules.append(path)
    return modules


def test_shared_code_imports_no_benchmark() -> None:
    shared = _shared_modules()
    assert any(p.parent.name == "core" for p in shared) and any(
        p.parent.name == "scorers" for p in shared
    )
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {module}"
        for path in shared
        for module in sorted(_imported_modules(path))
        if _benchmark_imported(module)
    ]
    assert not offenders, "shared code must not import a benchmark:\n" + "\n".join(offenders)


def test_the_import_walk_would_see_a_benchmark_import(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    module.write_text(
        "def f():\n    from vpt_tasks.comfort.curves import accuracy\n    return accuracy\n"
    )
    assert {_benchmark_imported(m) for m in _imported_modules(module)} == {"comfort"}


def test_every_benchmark_folder_is_in_the_list() -> None:
    folders = {p.parent.name for p in PACKAGE.glob("*/task.py")}
    assert folders == BENCHMARK_PACKAGES, (
        f"benchmark folders {sorted(folders - BENCHMARK_PACKAGES)} are not named in "
        "vpt_tasks.benchmarks.BENCHMARKS (or descriptors name missing folders "
        f"{sorted(BENCHMARK_PACKAGES - folders)})"
    )


@pytest.mark.parametrize("descriptor", BENCHMARKS, ids=lambda b: b.package)
def test_each_descriptor_resolves(descriptor: benchmarks.Benchmark) -> None:
    from vpt_tasks.core.config import config_dir

    benchmark = descriptor
    folder = PACKAGE / benchmark.package
    for name in ("task.py", "spec.py", "dataset.py", "metrics.py", "report.py", "README.md"):
        assert (folder / name).is_file(), f"{folder / name} is missing"
    assert (config_dir() / f"{benchmark.config}.yaml").is_file()
    assert benchmark.canonical_schema()
    assert (ROOT / "hf_datasets" / "cards" / f"{benchmark.card}.md").is_file()
    for entry in benchmark.tasks:
        assert load(f"{benchmark.task_module}:{entry.name}").__name__ == entry.name
        assert callable(load(entry.report))
        assert callable(load(f"{entry.metrics}:details"))
        assert callable(load(f"{entry.metrics}:paired_units"))
        assert (PACKAGE / "data" / "demo" / entry.demo_name / "README.md").is_file()
        assert (ROOT / "hf_datasets" / "builders" / f"{entry.demo_name}.py").is_file()


def test_the_registry_registers_exactly_the_listed_tasks() -> None:
    import vpt_tasks._registry as registry

    names = [entry.name for _, entry in task_entries()]
    assert len(names) == len(set(names)) == 8
    assert all(callable(getattr(registry, name)) for name in names)
    assert sorted(registry.__all__) == sorted([*names, "vpt_tasks"])


def test_task_version_comes_from_the_descriptor_and_the_package() -> None:
    from vpt_tasks._version import __version__

    version = benchmarks.task_version("comfort")
    assert (
        version == f"{next(b for b in BENCHMARKS if b.package == 'comfort').version}+{__version__}"
    )
    with pytest.raises(KeyError):
        benchmarks.task_version("no_such_benchmark")


def test_the_wheel_ships_the_configs_and_no_test_server(tmp_path: Path) -> None:
    builders = pytest.importorskip("hatchling.builders.wheel")
    builder = builders.WheelBuilder(str(ROOT))
    wheel = Path(next(iter(builder.build(directory=str(tmp_path), versions=["standard"]))))
    names = zipfile.ZipFile(wheel).namelist()
    assert "vpt_tasks/_registry.py" in names and "vpt_tasks/core/records.py" in names
    assert {f"vpt_tasks/task_configs/{b.config}.yaml" for b in BENCHMARKS} <= set(names)
    servers = [n for n in names if "fakes" in n or "testing" in n or n.endswith("_server.py")]
    assert not servers, f"test servers in the wheel: {servers}"
    assert not [n for n in names if n.startswith("tests/")]
    # the demo drawings are build-time tools (hf_datasets/builders/synthetic/), not run-time code
    assert not [n for n in names if "synthetic" in n], "synthetic stand-ins in the wheel"


def test_metrics_modules_do_not_import_the_report() -> None:
    """The dependency points one way: the report reads a benchmark's metrics (through its
    descriptor), an eval never loads report code."""
    offenders = []
    for _, entry in task_entries():
        path = PACKAGE / (entry.metrics.removeprefix("vpt_tasks.").replace(".", "/") + ".py")
        offenders += [
            f"{entry.metrics} imports {module}"
            for module in sorted(_imported_modules(path))
            if module.startswith("vpt_tasks.report")
        ]
    assert not offenders, "\n".join(offenders)


def test_only_the_descriptor_list_registers_tasks() -> None:
    """Every `@task` of the package is a task of a descriptor, and the entry point reads only
    `BENCHMARKS`: nothing else registers a benchmark."""
    listed = {entry.name for _, entry in task_entries()}
    decorated = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and any(
                (isinstance(d, ast.Name) and d.id == "task")
                or (isinstance(d, ast.Call) and getattr(d.func, "id", None) == "task")
                for d in node.decorator_list
            ):
                decorated.add(node.name)
    assert decorated == listed, f"@task functions not in BENCHMARKS: {sorted(decorated - listed)}"
    assert "BENCHMARKS" in _imported_names(PACKAGE / "_registry.py")


def _imported_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }


def test_only_the_grader_check_reaches_into_other_benchmarks() -> None:
    """A benchmark imports no other benchmark; the grader check reads the graders of the
    others in one module (`grader_check/kinds.py`), and no benchmark imports the check
    (the report reaches it, as a spanning tool)."""
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        top = relative.split("/")[0]
        if top not in BENCHMARK_PACKAGES:
            continue
        for module in sorted(_imported_modules(path)):
            other = _benchmark_imported(module)
            if other is None or other == top:
                continue
            if relative == "grader_check/kinds.py" and other != "grader_check":
                continue
            offenders.append(f"{relative} imports {module}")
    assert not offenders, "\n".join(offenders)


def _type_names(path: Path) -> set[str]:
    """Classes and module-level type aliases defined in `path`."""
    names = set()
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.BinOp | ast.Subscript):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name) and t.id[:1].isupper()}
    return names


def test_no_two_modules_define_a_type_of_one_name_ending_in_reading() -> None:
    """Issue 31: what a reader returns is named for what it reads (`OptionReading`,
    `YesNoReading`, `ComponentReading`, ...), so no two types share a name such as `Reading`."""
    seen: dict[str, list[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for name in _type_names(path):
            if name.endswith("Reading"):
                seen.setdefault(name, []).append(str(path.relative_to(PACKAGE)))
    assert len(seen) >= 5, seen  # the walk finds the readers' types
    assert "Reading" not in seen, seen["Reading"]
    assert {name: paths for name, paths in seen.items() if len(paths) > 1} == {}


def test_the_answer_readers_share_one_normaliser() -> None:
    """Issue 31 §1: quotes, dashes, spaces and markdown are unified once, by
    `scorers.reading.prepare`; a reader that kept its own character map would read a text the
    others do not (Isle-Brick-V2's extraction had a second one, with other dashes)."""
    readers = [p for p in PACKAGE.rglob("*.py") if "maketrans" in p.read_text("utf-8")]
    assert PACKAGE / "scorers" / "reading.py" in readers  # the walk sees the one there is
    assert [str(p.relative_to(PACKAGE)) for p in readers] == ["scorers/reading.py"]


def _returned_reasons(path: Path, types: tuple[str, ...]) -> set[str]:
    """The string reasons a reader passes to its result types (`OptionReading(None, "x")`)."""
    reasons = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in types:
            reasons |= {a.value for a in node.args if isinstance(a, ast.Constant)}
    return {r for r in reasons if isinstance(r, str)}


def test_every_reason_a_reader_records_is_documented() -> None:
    """The `why` of every reading (score metadata `rules_why`) is explained in
    docs/reading-answers.md: a reason nobody can look up is no explanation."""
    doc = (ROOT / "docs" / "reading-answers.md").read_text("utf-8")
    reasons = _returned_reasons(PACKAGE / "scorers" / "options.py", ("OptionReading", "Objection"))
    reasons |= _returned_reasons(
        PACKAGE / "isle_brick" / "extraction.py", ("ComponentReading", "Objection")
    )
    reading = (PACKAGE / "scorers" / "reading.py").read_text("utf-8")
    reasons |= set(re.findall(r'found\.append\("(\w+)"\)', reading))  # `doubts()`
    assert len(reasons) >= 30, reasons  # the walk finds them
    assert sorted(r for r in reasons if f"`{r}`" not in doc) == []
