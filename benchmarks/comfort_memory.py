"""Memory: a full `comfort_car` run on upstream-like data, and its peak RSS.

    python benchmarks/comfort_memory.py [--size 512] [--noise 0.02] [--model vpt_tasks/random]
                                        [--no-log-images] [--data DIR] [--cache DIR] [--keep]
                                        [--build-only] [--bare] [--relata N]
                                        [--profile DIR] [--eval-arg NAME=VALUE ...]
                                        [--gc-every SECONDS] [--image-twin]

Writes the two CAR datasets in the upstream layout, zipped as the Hub ships
them (2 datasets x 4 relations x 10 relata x 37 frames of SIZE x SIZE PNGs,
with pixel noise so that the files are about as large as real renders), then
runs the whole task in this process: every prompt (nop, cam, add, rel) plus
the two hallucination probes per frame, 17,760 samples, with a baseline
provider. The data is generated in a child process so that the peak resident
set size reported is the task's: converting the archives, storing the images
once, building the samples, running them and computing the metrics.

A run that held one copy of each image per sample would need (samples x mean
PNG size) of memory; the script prints that figure next to the measured peak.
`--cache DIR` keeps the converted rows and the image store in DIR: the first
run with a new DIR is a cold cache (archives converted, images stored), later
runs with the same DIR are warm. `--build-only` stops after building the task
(what the loader costs, without Inspect's per-sample state). `--bare` runs, in
a child process, a text-only Inspect task with as many samples and no
vpt_tasks code, so that the run's peak can be read against Inspect's own floor.
`--relata N` writes only the first N of the ten relata per dataset (N x 1,776
samples): the per-sample cost at a fraction of the full run's time.
`--profile DIR` traces Python allocations (tracemalloc) in the run and in the
bare twin, keeps a snapshot and an object census at each one's traced peak
(in DIR), and prints where the run holds more than the bare twin: slower,
for finding the memory, not for the peak figures. `--eval-arg max_samples=8`
(repeatable) passes an Inspect eval option to both the run and the bare twin.
`--gc-every 2` (a diagnostic, in both) runs a full garbage collection every 2 s
while evaluating: what the run would hold if the reference cycles Inspect leaves
per finished sample were freed at once (benchmarks/README.md, issue 24 §1).
`--image-twin` also runs a bare Inspect task whose samples carry the same image
paths as the run's (a user message with the image and a question, Inspect's
`match()` scorer, no vpt_tasks code): Inspect's own cost of image samples.

It is a script, not a test: run it by hand and keep the printed summary.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import shutil
import tempfile
import threading
import time
import zipfile
from pathlib import Path
from typing import Any

CAR = ("comfort_car_ref_facing_left", "comfort_car_ref_facing_right")


def _generate(root: str, size: int, noise: float, relata: int) -> None:
    from hf_datasets.builders.synthetic.comfort import CAR_RELATA, write_upstream_layout

    write_upstream_layout(
        root, CAR, variations=CAR_RELATA[:relata], size=size, noise=noise, as_zip=True
    )


def _peak_mib() -> float:
    """Peak resident set size of this process so far (ru_maxrss; Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class AnonSampler:
    """Samples RssAnon (heap and other private memory, no file-backed pages) every 0.2 s.

    ru_maxrss also counts pages of memory-mapped files (the Arrow tables of
    `datasets` are mapped, not read), which the kernel can drop at will;
    RssAnon is what the process itself holds.
    """

    def __init__(self) -> None:
        self.peak = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> AnonSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while True:
            self.peak = max(self.peak, _rss_anon_mib())
            if self._stop.wait(0.2):
                return


def _status_mib(key: str) -> float:
    """A memory figure of this process from /proc/self/status (VmHWM: peak RSS since exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{key}:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _rss_anon_mib() -> float:
    return _status_mib("RssAnon")


class PeakProfile:
    """A tracemalloc snapshot at the traced-memory peak of a block.

    A thread reads the traced size every second; when it is 10% above the last
    kept snapshot's and that one is 15 s old, a new snapshot (3-frame
    tracebacks) replaces it (a snapshot of millions of blocks takes seconds); it goes to `directory/<name>.snapshot` at exit with `<name>.json` (the
    traced size and RssAnon at that moment). No object census: `gc.get_objects()`
    from a thread hands out tuples another thread is still building (SystemError).
    """

    def __init__(self, directory: Path, name: str) -> None:
        self.directory, self.name = directory, name
        self.snapshot: Any = None
        self.traced = 0
        self.rss_anon = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> PeakProfile:
        import tracemalloc

        tracemalloc.start(3)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        import json
        import tracemalloc

        self._stop.set()
        self._thread.join()
        tracemalloc.stop()
        self.directory.mkdir(parents=True, exist_ok=True)
        if self.snapshot is not None:
            self.snapshot.dump(str(self.directory / f"{self.name}.snapshot"))
        (self.directory / f"{self.name}.json").write_text(
            json.dumps({"traced": self.traced, "rss_anon_mib": self.rss_anon})
        )

    def _run(self) -> None:
        import tracemalloc

        taken = 0.0
        while not self._stop.wait(1.0):
            current, _ = tracemalloc.get_traced_memory()
            if current < self.traced * 1.10 or time.monotonic() - taken < 15:
                continue
            taken = time.monotonic()
            self.snapshot = tracemalloc.take_snapshot()
            self.traced = current
            self.rss_anon = _rss_anon_mib()


def _profile_report(directory: Path, samples: int) -> str:
    """Where the run's traced peak exceeds the bare twin's: per source line, per sample."""
    import json
    import tracemalloc

    ours = tracemalloc.Snapshot.load(str(directory / "run.snapshot"))
    bare = tracemalloc.Snapshot.load(str(directory / "bare.snapshot"))
    lines = []
    for name, snap in (("run", ours), ("bare", bare)):
        peak = json.loads((directory / f"{name}.json").read_text())
        total = sum(stat.size for stat in snap.statistics("filename"))
        lines.append(
            f"  {name}: traced at peak {total / 2**20:.0f} MiB ({total / samples / 1024:.1f} KiB "
            f"per sample), RssAnon then {peak['rss_anon_mib']:.0f} MiB"
        )
    lines.append("  run minus bare, by source line (top 30):")
    for stat in ours.compare_to(bare, "lineno")[:30]:
        frame = stat.traceback[0]
        lines.append(
            f"    {stat.size_diff / 2**20:+8.1f} MiB {stat.count_diff:+9d} blocks "
            f"({stat.size_diff / samples:+7.0f} B/sample)  {frame.filename}:{frame.lineno}"
        )
    lines.append("  run, by traceback (top 12, innermost 3 frames):")
    for stat in ours.statistics("traceback")[:12]:
        lines.append(f"    {stat.size / 2**20:8.1f} MiB {stat.count:9d} blocks")
        for frame in list(stat.traceback)[-3:]:
            lines.append(f"        {frame.filename}:{frame.lineno}")
    return "\n".join(lines)


def _bare(
    samples: int,
    log_dir: str,
    queue: Any,
    profile: str | None = None,
    eval_args: dict[str, Any] | None = None,
    gc_every: float | None = None,
    images: list[str] | None = None,
) -> None:
    """A text-only Inspect task of `samples` samples, no vpt_tasks code: Inspect's own floor.

    With `images` (one path per sample), each sample is a user message with that image
    and the question: Inspect's floor for image samples.
    """
    from inspect_ai import Task, eval
    from inspect_ai.dataset import MemoryDataset, Sample
    from inspect_ai.model import ChatMessageUser, ContentImage, ContentText, get_model
    from inspect_ai.scorer import match
    from inspect_ai.solver import generate

    def question(i: int) -> Any:
        text = f"Is the ball number {i} to the left of the car?"
        if images is None:
            return text
        return [ChatMessageUser(content=[ContentImage(image=images[i]), ContentText(text=text)])]

    task = Task(
        dataset=MemoryDataset(
            [Sample(id=f"s{i}", input=question(i), target="Yes") for i in range(samples)]
        ),
        solver=generate(),
        scorer=match(),
    )
    model = get_model("vpt_tasks/constant", answer="Yes")
    with AnonSampler() as anon, _profiled(profile, "bare"), Collector(gc_every):
        (log,) = eval(
            task,
            model=model,
            log_dir=log_dir,
            display="none",
            log_images=False,
            **(eval_args or {}),
        )
    assert log.status == "success", log.error
    queue.put((_status_mib("VmHWM"), anon.peak))


class Collector:
    """A diagnostic: `gc.collect()` every `seconds` in a thread (None: nothing)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Collector:
        if self.seconds:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self.seconds:
            self._thread.join()

    def _run(self) -> None:
        import gc

        while not self._stop.wait(self.seconds):
            gc.collect()


def _profiled(directory: str | Path | None, name: str) -> Any:
    """`PeakProfile` in `directory`, or nothing without `--profile`."""
    import contextlib

    return contextlib.nullcontext() if directory is None else PeakProfile(Path(directory), name)


def _image_path(sample: Any) -> str:
    """The image path of a COMFORT sample (its user message's image part)."""
    from inspect_ai.model import ContentImage

    return next(
        part.image
        for message in sample.input
        if not isinstance(message.content, str)
        for part in message.content
        if isinstance(part, ContentImage)
    )


def _eval_arg(item: str) -> tuple[str, Any]:
    """`max_samples=8` -> ("max_samples", 8): an Inspect eval option."""
    name, sep, value = item.partition("=")
    if not sep or not name:
        raise SystemExit(f"--eval-arg {item!r}: write NAME=VALUE, e.g. max_samples=8")
    return name, int(value) if value.lstrip("-").isdigit() else value


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--size", type=int, default=512, help="image side in pixels (upstream: 512)"
    )
    parser.add_argument("--noise", type=float, default=0.02, help="pixel noise, 0..1 (PNG size)")
    parser.add_argument("--model", default="vpt_tasks/random", help="a baseline provider")
    parser.add_argument(
        "--no-log-images", action="store_true", help="pass log_images=False to eval"
    )
    parser.add_argument("--data", type=Path, help="reuse the archives of an earlier --keep run")
    parser.add_argument("--keep", action="store_true", help="keep the working directory")
    parser.add_argument(
        "--cache", type=Path, help="image cache to use (new: cold; reused: warm); default: fresh"
    )
    parser.add_argument("--build-only", action="store_true", help="stop after building the task")
    parser.add_argument(
        "--bare", action="store_true", help="also run a bare Inspect task of as many samples"
    )
    parser.add_argument(
        "--relata", type=int, default=10, help="relata per dataset to write (full size: 10)"
    )
    parser.add_argument(
        "--profile", type=Path, help="tracemalloc peak snapshots of the run and the bare twin"
    )
    parser.add_argument(
        "--eval-arg",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an Inspect eval option for the run and the bare twin (integers as such)",
    )
    parser.add_argument(
        "--image-twin",
        action="store_true",
        help="also run a bare Inspect task with the run's image paths (with --bare)",
    )
    parser.add_argument(
        "--gc-every",
        type=float,
        metavar="SECONDS",
        help="diagnostic: a full garbage collection every SECONDS while evaluating (both runs)",
    )
    options = parser.parse_args()
    eval_args = dict(_eval_arg(item) for item in options.eval_arg)

    work = Path(tempfile.mkdtemp(prefix="vpt_comfort_memory_"))
    cache = options.cache or work / "cache"
    warm = (cache / "images").is_dir()
    os.environ["VPT_TASKS_CACHE"] = str(cache)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    try:
        started = time.perf_counter()
        data = options.data or work / "upstream"
        if options.data is None:
            child = multiprocessing.get_context("spawn").Process(
                target=_generate, args=(str(data), options.size, options.noise, options.relata)
            )
            child.start()
            child.join()
            if child.exitcode != 0:
                raise SystemExit("data generation failed")
        generated = time.perf_counter() - started
        frames = [
            info
            for name in CAR
            for info in zipfile.ZipFile(data / f"{name}.zip").infolist()
            if info.filename.endswith(".png") and not info.filename.endswith("composite_image.png")
        ]
        image_bytes = sum(info.file_size for info in frames)

        from inspect_ai import eval

        from vpt_tasks.comfort.task import comfort_car

        baseline = _peak_mib()
        started = time.perf_counter()
        with AnonSampler() as build_anon:
            task = comfort_car(source=str(data), probes=True)
        built = time.perf_counter() - started
        after_build = _peak_mib()
        samples = len(task.dataset)
        cache_state = "warm" if warm else "cold"
        if options.build_only:
            print(
                f"comfort_car build ({cache_state} image cache): {samples} samples on "
                f"{len(frames)} frames ({image_bytes / 2**20:.0f} MiB of PNG)\n"
                f"  peak RSS {after_build:.0f} MiB (after imports {baseline:.0f} MiB); peak "
                f"anonymous memory (RssAnon) while building {build_anon.peak:.0f} MiB; "
                f"build {built:.0f} s"
            )
            return 0
        started = time.perf_counter()
        with (
            AnonSampler() as eval_anon,
            _profiled(options.profile, "run"),
            Collector(options.gc_every),
        ):
            (log,) = eval(
                task,
                model=options.model,
                log_dir=str(work / "logs"),
                display="none",
                log_images=False if options.no_log_images else None,
                **eval_args,
            )
        ran = time.perf_counter() - started
        peak = _peak_mib()
        assert log.status == "success", log.error
        bare = ""
        twins: list[tuple[str, list[str] | None]] = [("text", None)]
        if options.image_twin:
            twins.append(("image", [_image_path(sample) for sample in task.dataset]))
        for kind, images in twins if options.bare else []:
            queue = multiprocessing.get_context("spawn").Queue()
            child = multiprocessing.get_context("spawn").Process(
                target=_bare,
                args=(
                    samples,
                    str(work / f"bare_{kind}_logs"),
                    queue,
                    str(options.profile) if options.profile and kind == "text" else None,
                    eval_args,
                    options.gc_every,
                    images,
                ),
            )
            child.start()
            bare_rss, bare_anon = queue.get()
            child.join()
            bare += (
                f"\n  bare Inspect task of {samples} {kind} samples (no vpt_tasks code): peak RSS "
                f"{bare_rss:.0f} MiB, anonymous {bare_anon:.0f} MiB"
            )
        log_size = sum(p.stat().st_size for p in (work / "logs").glob("*.eval"))
        store = sum(p.stat().st_size for p in (cache / "images").rglob("*") if p.is_file())
        values = {m.name: m.value for m in log.results.scores[0].metrics.values()}
        print(
            f"comfort_car memory: {samples} samples on {len(frames)} frames "
            f"({image_bytes / 2**20:.0f} MiB of PNG, "
            f"mean {image_bytes / len(frames) / 1024:.0f} KiB), model {options.model}, "
            f"log_images={'False' if options.no_log_images else 'default (True)'}, "
            f"{cache_state} image cache"
            + (f", eval options {eval_args}" if eval_args else "")
            + (f", gc.collect() every {options.gc_every} s" if options.gc_every else "")
            + "\n"
            f"  peak RSS {peak:.0f} MiB (after imports {baseline:.0f} MiB, after building the "
            f"task {after_build:.0f} MiB); peak anonymous memory (RssAnon) while building "
            f"{build_anon.peak:.0f} MiB, while running {eval_anon.peak:.0f} MiB; one image copy "
            f"per sample would be {samples * image_bytes / len(frames) / 2**30:.1f} GiB\n"
            f"  image store {store / 2**20:.0f} MiB, eval log {log_size / 2**20:.0f} MiB\n"
            f"  times: data {generated:.0f} s, task build (convert + store) {built:.0f} s, "
            f"eval {ran:.0f} s; acc {values.get('acc', float('nan')):.3f}, "
            f"no_yes_no_rate {values.get('no_yes_no_rate', float('nan')):.3f}" + bare
        )
        if options.profile and options.bare:
            print(_profile_report(options.profile, samples))
    finally:
        if options.keep:
            print(f"  kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
