"""The results cache (``elicit_lint.checker.cache``): reused only while nothing a
file's diagnostics depend on changed, and never a reason for a run to fail or hang."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from elicit_lint.checker import runner
from elicit_lint.checker.cli import main
from elicit_lint.core import cache as store
from elicit_lint.core import raw

# a tool defined in a function: no other module can import it, so its verdict
# reads no other file (analysis.elsewhere) and these tests see the cache alone;
# verdicts kept under the stamp of the run's other files: test_cache_run_stamp.py
FINDING = (
    "from fastmcp import Context, FastMCP\n\nmcp = FastMCP('x')\n\n\ndef serve():\n"
    "    @mcp.tool\n"
    "    async def tool(ctx: Context) -> str:\n"
    "        result = await ctx.elicit('Name?', response_type=str)\n"
    "        return result.data\n"
)
CLEAN = "import os\n\nprint(os.getcwd())\n"
OLD = time.time() - 3600  # older than RACY_NS: a stat hit is allowed


def _write(path: Path, text: str, mtime: float | None = OLD) -> None:
    path.write_text(text)
    if mtime is not None:
        os.utime(path, (mtime, mtime))


class Counter:
    """Counts the files read and the files checked (parsed and analysed)."""

    def __init__(self, monkeypatch):
        self.read: list[str] = []
        self.checked: list[str] = []
        read, check = raw.read_bytes, runner.check_source
        monkeypatch.setattr(raw, "read_bytes", lambda f: (self.read.append(f), read(f))[1])
        monkeypatch.setattr(runner, "check_source", lambda f, *a: (self.checked.append(f), check(f, *a))[1])

    def reset(self):
        self.read.clear()
        self.checked.clear()


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "a.py", FINDING)
    _write(tmp_path / "clean.py", CLEAN)
    return tmp_path


def check(capsys, *args: str) -> tuple[int, list[str]]:
    rc = main(["check", "--output-format", "concise", *args])
    out = capsys.readouterr().out
    return rc, sorted(line for line in out.splitlines() if line.strip())


def _codes(lines):
    return [line.split(": ", 1)[1].split()[0] + "@" + line.split(":")[0] for line in lines]


def test_warm_run_reads_and_checks_nothing_unchanged(project, capsys, monkeypatch):
    cold = check(capsys, ".")
    assert cold[0] == 1 and any("MCP001" in line for line in cold[1])
    counter = Counter(monkeypatch)
    assert check(capsys, ".") == cold
    # a stat per file, no bytes read, nothing parsed: prefilter-rejected files included
    assert counter.read == [] and counter.checked == []
    assert check(capsys, "--no-cache", ".") == cold
    assert counter.checked == ["a.py"]


def test_every_output_format_is_the_same_from_the_cache(project, capsys):
    for fmt in ("full", "json", "github", "sarif"):
        cold = main(["check", "--no-cache", "--output-format", fmt, "."]), capsys.readouterr().out
        main(["check", "--output-format", fmt, "."])
        capsys.readouterr()
        assert (main(["check", "--output-format", fmt, "."]), capsys.readouterr().out) == cold


def test_content_change_with_the_same_size_and_mtime_is_a_miss(project, capsys, monkeypatch):
    check(capsys, ".")
    # same size, modification time put back: the change time and the content differ
    _write(project / "a.py", FINDING.replace("Name?", "Nick?"))
    counter = Counter(monkeypatch)
    assert check(capsys, ".")[0] == 1 and counter.checked == ["a.py"]
    _write(project / "a.py", FINDING.replace("ctx.elicit", "ctx.elicix").replace("result.data", "result"))
    assert check(capsys, ".") == (0, [])


def test_touched_file_is_a_content_hit(project, capsys, monkeypatch):
    cold = check(capsys, ".")
    os.utime(project / "a.py", (OLD + 5, OLD + 5))
    counter = Counter(monkeypatch)
    assert check(capsys, ".") == cold
    assert counter.read == ["a.py"] and counter.checked == []  # read for the digest only
    counter.reset()
    assert check(capsys, ".") == cold and counter.read == []  # stat key refreshed


def test_a_file_modified_just_now_is_compared_by_content_next_time(project, capsys, monkeypatch):
    _write(project / "a.py", FINDING, mtime=None)  # racily clean: mtime is now
    cold = check(capsys, ".")
    counter = Counter(monkeypatch)
    assert check(capsys, ".") == cold
    assert "a.py" in counter.read and counter.checked == []


def test_settings_change_is_a_miss(project, capsys):
    assert check(capsys, ".")[0] == 1
    assert check(capsys, "--ignore", "MCP", ".")[1] == []
    (project / "pyproject.toml").write_text('[tool.elicit-lint]\nignore = ["MCP001", "MCP016"]\n')
    assert check(capsys, ".") == (0, [])
    (project / "pyproject.toml").write_text('[tool.elicit-lint]\nmax-rounds = 3\n')
    assert check(capsys, ".")[0] == 1


def test_per_file_ignores_change_is_a_miss(project, capsys):
    (project / "pyproject.toml").write_text('[tool.elicit-lint]\nper-file-ignores = {"b.py" = ["MCP"]}\n')
    assert check(capsys, ".")[0] == 1
    (project / "pyproject.toml").write_text('[tool.elicit-lint]\nper-file-ignores = {"a.py" = ["MCP"]}\n')
    assert check(capsys, ".") == (0, [])


def test_renamed_file_is_a_miss(project, capsys):
    (project / "pyproject.toml").write_text('[tool.elicit-lint]\nper-file-ignores = {"b.py" = ["MCP"]}\n')
    rc, lines = check(capsys, ".")
    assert rc == 1 and all(line.startswith("a.py:") for line in lines)
    os.rename(project / "a.py", project / "b.py")
    assert check(capsys, ".") == (0, [])  # the ignore matches b.py now
    os.rename(project / "b.py", project / "c.py")
    rc, lines = check(capsys, ".")
    assert rc == 1 and lines and all(line.startswith("c.py:") for line in lines)


def test_noqa_edit_is_a_miss(project, capsys):
    assert check(capsys, ".")[0] == 1
    _write(project / "a.py", FINDING.replace("str)\n", "str)  # noqa: MCP001\n").replace("result.data\n", "result.data  # noqa\n"))
    assert check(capsys, ".") == (0, [])


def test_version_change_is_a_miss(project, capsys, monkeypatch):
    check(capsys, ".")
    before = store.fingerprint()
    monkeypatch.setattr(store, "_fingerprint", None)
    monkeypatch.setattr("elicit_lint.__version__", "99.0")
    assert store.fingerprint() != before
    counter = Counter(monkeypatch)
    assert check(capsys, ".")[0] == 1
    assert counter.checked == ["a.py"]
    # the old version's entries were pruned when the new one's were written
    names = os.listdir(os.environ[store.ENV])
    assert before not in names and store.fingerprint() in names


def test_edited_module_changes_the_fingerprint(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    (package / "rules").mkdir(parents=True)
    (package / "rules" / "x.py").write_text("A = 1\n")
    monkeypatch.setattr(store, "_PACKAGE", str(package))
    monkeypatch.setattr(store, "_fingerprint", None)
    first = store.fingerprint()
    monkeypatch.setattr(store, "_fingerprint", None)
    (package / "rules" / "x.py").write_text("A = 22\n")
    assert store.fingerprint() != first


def _results_entries(cache_dir: str) -> list[Path]:
    return sorted(Path(cache_dir).rglob("results-*"))


@pytest.mark.parametrize("garbage", [b"", b"{", b"[1, 2]", b'{"x": 1}', b"\xff\xfe"])
def test_corrupt_entries_are_misses(project, capsys, garbage):
    cold = check(capsys, ".")
    (entry,) = _results_entries(os.environ[store.ENV])
    entry.write_bytes(garbage)
    assert check(capsys, ".") == cold
    assert check(capsys, ".") == cold


def test_malformed_entry_values_are_misses(project, capsys):
    cold = check(capsys, ".")
    (entry,) = _results_entries(os.environ[store.ENV])
    data = entry.read_bytes()
    end = data.index(b"\n\n")
    header, *lines = data[:end].split(b"\n")
    blob = data[end + 2 :]
    assert blob  # a.py's diagnostics
    bad_payloads = [b'[[["MCP001"]],null]', b"[1]", b"{"]  # diagnostics of the wrong shape
    for bad in (b"", *bad_payloads):
        rows = []
        for line in lines:
            path, stat, content, ref, tail = line.split(b"\0")
            if bad:  # every entry points at a malformed payload
                ref = b"0+%x" % len(bad)
            elif ref:  # a reference past the end of the blob
                ref = b"%x+10" % len(blob)
            rows.append(b"\0".join([path, stat, content, ref, tail]))
        entry.write_bytes(b"\n".join([header, *rows]) + b"\n\n" + (bad or blob))
        assert check(capsys, ".") == cold
        assert check(capsys, ".") == cold
        entry_data = entry.read_bytes()
        end = entry_data.index(b"\n\n")
        header, *lines = entry_data[:end].split(b"\n")
        blob = entry_data[end + 2 :]
    rows = [line + b"x\0" for line in lines]  # a field too many: no entry either
    entry.write_bytes(b"\n".join([header, *rows]) + b"\n\n" + blob)
    assert check(capsys, ".") == cold


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_in_place_of_an_entry_does_not_block(tmp_path):
    """Issue 15: an entry replaced by a FIFO blocked the run forever."""
    (tmp_path / "pyproject.toml").write_text('[tool.elicit-lint]\nmax-rounds = 3\n')
    _write(tmp_path / "a.py", FINDING)
    env = {**os.environ, store.ENV: str(tmp_path / "cache")}
    run = [sys.executable, "-m", "elicit_lint", "check", "."]
    first = subprocess.run(run, cwd=tmp_path, env=env, capture_output=True, text=True, check=False, timeout=60)
    entries = sorted((tmp_path / "cache").rglob("config-*.json")) + sorted((tmp_path / "cache").rglob("results-*"))
    assert len(entries) == 2  # the configuration's and the results'
    for entry in entries:
        entry.unlink()
        os.mkfifo(entry)
    again = subprocess.run(run, cwd=tmp_path, env=env, capture_output=True, text=True, check=False, timeout=60)
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout) == (1, first.stdout)


def test_directory_in_place_of_an_entry_is_a_miss(project, capsys):
    cold = check(capsys, ".")
    (entry,) = _results_entries(os.environ[store.ENV])
    entry.unlink()
    entry.mkdir()
    assert check(capsys, ".") == cold


def test_concurrent_runs_agree(project):
    for n in range(12):
        _write(project / f"m{n}.py", FINDING if n % 2 else CLEAN)
    env = {**os.environ}
    run = [sys.executable, "-m", "elicit_lint", "check", "."]
    expected = subprocess.run([*run[:-1], "--no-cache", "."], cwd=project, env=env,
                              capture_output=True, text=True, check=False, timeout=120).stdout
    for _ in range(3):
        procs = [subprocess.Popen(run, cwd=project, env=env, stdout=subprocess.PIPE, text=True)
                 for _ in range(3)]
        outs = [p.communicate(timeout=120)[0] for p in procs]
        assert outs == [expected] * 3
    assert not [p for p in Path(os.environ[store.ENV]).rglob(store.TEMP_PREFIX + "*")]


def test_no_cache_neither_reads_nor_writes(project, capsys):
    check(capsys, "--no-cache", ".")
    assert not Path(os.environ[store.ENV]).exists() or not _results_entries(os.environ[store.ENV])


def test_default_location_setting_env_and_flag(project, capsys, monkeypatch):
    monkeypatch.delenv(store.ENV)
    check(capsys, ".")
    assert (project / ".elicit_lint_cache" / "CACHEDIR.TAG").is_file()
    assert (project / ".elicit_lint_cache" / ".gitignore").read_text().strip().endswith("*")
    assert _results_entries(str(project / ".elicit_lint_cache"))
    (project / "pyproject.toml").write_text('[tool.elicit-lint]\ncache-dir = "build/lint-cache"\n')
    check(capsys, ".")
    assert _results_entries(str(project / "build" / "lint-cache"))
    monkeypatch.setenv(store.ENV, str(project / "from-env"))
    check(capsys, ".")
    assert _results_entries(str(project / "from-env"))
    check(capsys, "--cache-dir", "from-flag", ".")
    assert _results_entries(str(project / "from-flag"))


def test_invalid_cache_dir_setting_is_a_configuration_error(project, capsys):
    (project / "pyproject.toml").write_text('[tool.elicit-lint]\ncache-dir = 3\n')
    assert main(["check", "."]) == 2
    assert "cache-dir" in capsys.readouterr().err


def test_clean_removes_only_elicit_lint_caches(project, capsys, monkeypatch):
    monkeypatch.delenv(store.ENV)
    (project / "sub").mkdir()
    _write(project / "sub" / "b.py", FINDING)
    check(capsys, ".")
    monkeypatch.chdir(project / "sub")
    check(capsys, ".")
    monkeypatch.chdir(project)
    assert (project / "sub" / ".elicit_lint_cache").is_dir()
    (project / "mine" / ".elicit_lint_cache").mkdir(parents=True)  # not ours: no tag
    assert main(["clean"]) == 0
    err = capsys.readouterr().err
    assert not (project / ".elicit_lint_cache").exists()
    assert not (project / "sub" / ".elicit_lint_cache").exists()
    assert (project / "mine" / ".elicit_lint_cache").is_dir()
    assert "Removing cache at" in err


def test_unwritable_cache_directory_is_only_a_miss(project, capsys, monkeypatch):
    blocker = project / "blocker"
    blocker.write_text("a file where the cache directory would go")
    monkeypatch.setenv(store.ENV, str(blocker / "cache"))
    cold = check(capsys, ".")
    assert cold[0] == 1 and check(capsys, ".") == cold


def test_named_clean_files_never_open_the_cache(project, capsys):
    """pre-commit's call: files without anything the rules look at are screened by
    the prefilter before the cache is asked, so the cache is not even created."""
    assert check(capsys, "clean.py") == (0, [])
    assert not _results_entries(os.environ[store.ENV])
    assert check(capsys, "a.py")[0] == 1
    assert _results_entries(os.environ[store.ENV])


def test_one_file_run_keeps_every_other_entry(project, capsys, monkeypatch):
    for n in range(12):
        _write(project / f"m{n}.py", FINDING if n % 2 else CLEAN)
    check(capsys, ".")
    _write(project / "a.py", FINDING.replace("Name?", "Nick?"))
    _write(project / "m1.py", FINDING.replace("Name?", "Nick?"))
    assert check(capsys, "a.py")[0] == 1 and check(capsys, "m1.py", "m2.py")[0] == 1
    counter = Counter(monkeypatch)
    assert check(capsys, ".")[0] == 1
    assert counter.checked == []  # the one-file runs stored their results; nothing else was lost
    assert check(capsys, "--no-cache", ".") == check(capsys, ".")
    (project / "m3.py").unlink()
    _write(project / "m4.py", CLEAN + "# changed\n")  # something to save: stale entries go then
    check(capsys, ".")
    (entry,) = _results_entries(os.environ[store.ENV])
    assert b"m3.py" not in entry.read_bytes() and b"m5.py" in entry.read_bytes()


def test_a_deleted_file_is_dropped_by_a_run_with_nothing_else_to_store(project, capsys, monkeypatch):
    from elicit_lint.checker.cache import INDEX_AFTER

    for n in range(2 * INDEX_AFTER):
        _write(project / f"m{n}.py", FINDING if n % 2 else CLEAN)
    check(capsys, ".")
    (entry,) = _results_entries(os.environ[store.ENV])
    written = entry.stat().st_mtime_ns
    assert check(capsys, ".")[0] == 1 and entry.stat().st_mtime_ns == written  # unchanged: not written
    (project / "m3.py").unlink()
    (project / "m4.py").unlink()
    counter = Counter(monkeypatch)
    assert check(capsys, ".")[0] == 1
    assert counter.checked == []  # nothing changed but the deletions
    data = entry.read_bytes()
    assert b"m3.py" not in data and b"m4.py" not in data and b"m5.py" in data and b"m6.py" in data
    _write(project / "m3.py", FINDING)  # back: a miss, checked again
    rc, lines = check(capsys, ".")
    assert rc == 1 and any(line.startswith("m3.py:") for line in lines) and counter.checked[-1].endswith("m3.py")
    os.rename(project / "m5.py", project / "sub_m5.py")
    assert check(capsys, "m1.py")[0] == 1  # a one-file run leaves the other entries alone
    assert b"m5.py\0" in entry.read_bytes()


def test_a_lookup_of_one_file_reads_only_its_line(project, capsys):
    from elicit_lint.checker.cache import INDEX_AFTER, ResultsCache
    from elicit_lint.checker.runner import RunOptions

    for n in range(3 * INDEX_AFTER):
        _write(project / f"m{n}.py", CLEAN)
    check(capsys, ".")
    cache = ResultsCache(os.environ[store.ENV], RunOptions())
    (cache.path,) = map(str, _results_entries(os.environ[store.ENV]))  # the command line's settings
    assert cache.lookup("m1.py", raw.read_bytes)[0] == ([], None)
    assert cache._index is None  # found by one byte search, nothing else split or decoded
    for n in range(3 * INDEX_AFTER):
        assert cache.lookup(f"m{n}.py", raw.read_bytes)[0] == ([], None)
    assert cache._index is not None


def test_one_file_runs_in_a_row_do_not_grow_the_entry_file(project, capsys, monkeypatch):
    from elicit_lint.checker import cache_file as results

    monkeypatch.setattr(results, "COMPACT_AFTER", 2048)
    for n in range(12):
        _write(project / f"m{n}.py", FINDING)
    check(capsys, ".")
    sizes = []
    for n in range(60):  # pre-commit: the same file edited and checked alone, again and again
        _write(project / "a.py", FINDING.replace("Name?", f"Name {n}?"))
        assert check(capsys, "a.py")[0] == 1
        (entry,) = _results_entries(os.environ[store.ENV])
        sizes.append(entry.stat().st_size)
    assert max(sizes[30:]) < 2 * sizes[0] + 2048  # compacted, not one payload per run
    counter = Counter(monkeypatch)
    assert check(capsys, ".")[0] == 1
    assert counter.checked == []  # every entry survived the compactions
