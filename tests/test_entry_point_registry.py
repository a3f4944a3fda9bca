"""The entry point registers every scorer and metric of the package, by name, without
importing them: a fresh process finds what a log names (`_registry.SCORER_MODULES`)."""

from __future__ import annotations

import json
import subprocess
import sys

from vpt_tasks.benchmarks import BENCHMARKS

LIST_REGISTERED = """
import json, sys, importlib
from inspect_ai._util.registry import _registry
import vpt_tasks._registry
stand_ins = {k for k, v in _registry.items() if getattr(v, "__module__", "") ==
             "vpt_tasks.core.inspect_internals"}
before = set(_registry)
importlib.import_module(sys.argv[1])
print(json.dumps({"stand_ins": sorted(stand_ins),
                  "new": sorted(k for k in set(_registry) - before if "vpt_tasks/" in k),
                  "replaced": sorted(k for k in stand_ins
                                     if getattr(_registry[k], "__module__", "") ==
                                     "vpt_tasks.core.inspect_internals")}))
"""


def _registered_by(module: str) -> dict[str, list[str]]:
    result = subprocess.run(
        [sys.executable, "-c", LIST_REGISTERED, module], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_table_names_exactly_what_the_scorer_modules_register() -> None:
    from vpt_tasks._registry import SCORER_MODULES

    assert set(SCORER_MODULES) == {f"vpt_tasks.{b.package}.scorer" for b in BENCHMARKS}
    listed = {
        f"{kind}:vpt_tasks/{name}"
        for kinds in SCORER_MODULES.values()
        for kind, names in kinds.items()
        for name in names
    }
    registered: set[str] = set()
    for module in SCORER_MODULES:
        found = _registered_by(module)
        assert set(found["stand_ins"]) == listed
        registered |= {k for k in found["stand_ins"] if k.startswith(("metric:", "scorer:"))}
        # importing the module replaced its stand-ins by the real factories, added nothing new
        assert found["new"] == [], f"{module} registers names the entry point does not list"
        own = {
            f"{kind}:vpt_tasks/{name}"
            for kind, names in SCORER_MODULES[module].items()
            for name in names
        }
        assert not own & set(found["replaced"]), (
            f"{module} did not register {own & set(found['replaced'])}"
        )
    assert registered == listed


def test_a_fresh_process_creates_a_metric_named_in_a_log() -> None:
    code = (
        "from inspect_ai.scorer._metric import metric_create\n"
        "m = metric_create('vpt_tasks/isle_v1_headline')\n"
        "from inspect_ai._util.registry import registry_info\n"
        "print(registry_info(m).name, callable(m))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["vpt_tasks/isle_v1_headline", "True"]
