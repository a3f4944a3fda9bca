"""Issue 19 §6: a bad source gets a message naming what was found and the fix.

A table with no rows, a gold cell of the wrong type, a null id and a Hub repository that
does not exist, each through the task as a user builds it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from vpt_tasks.core.errors import SourceError
from vpt_tasks.isle_brick.task import isle_brick


def _demo_copy(tmp_path: Path) -> tuple[Path, Path, pa.Table]:
    import vpt_tasks

    source = tmp_path / "source"
    shutil.copytree(Path(vpt_tasks.__file__).parent / "data" / "demo" / "isle_brick", source)
    [data] = sorted((source / "data").glob("*.parquet"))
    return source, data, pq.read_table(data)


def test_a_table_with_no_rows_says_so(tmp_path: Path) -> None:
    source, data, table = _demo_copy(tmp_path)
    pq.write_table(table.slice(0, 0), data)
    with pytest.raises(SourceError, match="hold no rows"):
        isle_brick(source=str(source), grader="rules")


def test_a_gold_cell_of_another_type_names_the_type(tmp_path: Path) -> None:
    source, data, table = _demo_copy(tmp_path)
    column = table.schema.get_field_index("gold_q1")
    table = table.set_column(column, "gold_q1", pa.array([1] * table.num_rows, pa.int64()))
    pq.write_table(table, data)
    with pytest.raises(SourceError, match=r"row 0 .*gold_q1 is a int \(1\), not a list"):
        isle_brick(source=str(source), grader="rules")


def test_a_null_id_is_refused_not_called_none(tmp_path: Path) -> None:
    source, data, table = _demo_copy(tmp_path)
    ids = table.column("scene_id").to_pylist()
    ids[2] = None
    column = table.schema.get_field_index("scene_id")
    pq.write_table(table.set_column(column, "scene_id", pa.array(ids, pa.string())), data)
    with pytest.raises(SourceError, match=r"row 2 .*the scene_id is missing \(null\)"):
        isle_brick(source=str(source), grader="rules")


def test_hub_errors_are_told_apart_by_their_type() -> None:
    from huggingface_hub import errors
    from requests import Response

    from vpt_tasks.core.sources import hub_advice

    def typed(kind: type[Exception]) -> Exception:
        response = Response()
        response.status_code = 404
        return kind("message", response=response)

    assert "gated" in hub_advice(typed(errors.GatedRepoError))
    assert "No such dataset repository" in hub_advice(typed(errors.RepositoryNotFoundError))
    assert "revision does not exist" in hub_advice(typed(errors.RevisionNotFoundError))
    wrapped = RuntimeError("load failed")
    wrapped.__cause__ = typed(errors.RepositoryNotFoundError)
    assert "gated" not in hub_advice(wrapped)  # a missing repository is not called gated
