"""Issue 15: temporary files a killed run leaves are recognised and removed by a
later run (only ours); an edit saved while a file is being written is never
overwritten up to the last check before the rename; pool workers die with the
run that started them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from elicit_lint.core import processes, writes
from elicit_lint.core.writes import (
    TEMP_NAME,
    FileChanged,
    remove_stale_temps,
    write_atomic,
)

from .helpers import ELICIT_TOOL, run_cli


def _dead_pid() -> int:
    proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    return int(proc.stdout)


def test_temp_name_is_recognisable(tmp_path, monkeypatch):
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append(os.path.basename(src))
        real_replace(src, dst)

    monkeypatch.setattr(writes.os, "replace", spy)
    path = tmp_path / "tool.py"
    path.write_bytes(b"old\n")
    write_atomic(str(path), b"new\n", b"old\n")
    assert path.read_bytes() == b"new\n"
    (name,) = seen
    match = TEMP_NAME.fullmatch(name)
    assert match and match["name"] == "tool.py" and int(match["pid"]) == os.getpid()


def test_a_killed_writer_leaves_a_temp_that_the_next_run_removes(tmp_path):
    (tmp_path / "tool.py").write_text(ELICIT_TOOL)
    # a process killed (SIGKILL) right after creating its temporary file
    code = textwrap.dedent("""
        import os, signal, sys
        from elicit_lint.core.writes import _temp
        fd, _ = _temp(sys.argv[1], "tool.py")
        os.write(fd, b"half")
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    killed = subprocess.run([sys.executable, "-c", code, str(tmp_path)], check=False)
    assert killed.returncode == -signal.SIGKILL
    (left,) = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert TEMP_NAME.fullmatch(left)
    result = run_cli(["migrate", "."], tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tool.py"]
    assert "ctx.elicit" not in (tmp_path / "tool.py").read_text()


def test_only_stale_temps_of_ours_are_removed(tmp_path):
    dead, live = _dead_pid(), os.getppid()
    names = {
        f".a.py.elicit-lint.{dead}.abcd1234.tmp": False,  # ours, process gone: removed
        f".a.py.elicit-lint.{live}.abcd1234.tmp": True,  # a run still going
        f".a.py.elicit-lint.{dead}.abcd12.tmp": True,  # not the exact shape
        f".a.py.{dead}.abcd1234.tmp": True,  # a user's file
        "a.py.tmp": True,
        f"a.py.elicit-lint.{dead}.abcd1234.tmp": True,  # not hidden
    }
    for name in names:
        (tmp_path / name).write_text("x")
    os.symlink("a.py.tmp", tmp_path / f".b.py.elicit-lint.{dead}.abcd1234.tmp")
    names[f".b.py.elicit-lint.{dead}.abcd1234.tmp"] = True  # a symlink: never
    removed = remove_stale_temps([str(tmp_path), str(tmp_path)])
    assert [os.path.basename(p) for p in removed] == [f".a.py.elicit-lint.{dead}.abcd1234.tmp"]
    assert sorted(os.listdir(tmp_path)) == sorted(n for n, kept in names.items() if kept)


def test_check_fix_removes_stale_temps_too(tmp_path):
    (tmp_path / "tool.py").write_text("x = 1\n")
    stale = tmp_path / f".tool.py.elicit-lint.{_dead_pid()}.zz_00000.tmp"
    stale.write_text("half")
    run_cli(["check", "--no-cache", "--fix", "."], tmp_path, timeout=60)
    assert not stale.exists()


def test_edit_after_the_reread_is_not_overwritten(tmp_path, monkeypatch):
    # an editor saves between the re-read of the file and the rename: the
    # identity check just before the rename sees it
    path = tmp_path / "tool.py"
    path.write_bytes(b"old\n")
    real_current = writes._current

    def current_then_edit(real):
        result = real_current(real)
        time.sleep(0.01)  # a later timestamp tick for the edit
        path.write_bytes(b"old\n# saved meanwhile\n")
        return result

    monkeypatch.setattr(writes, "_current", current_then_edit)
    with pytest.raises(FileChanged, match="while it was being written"):
        write_atomic(str(path), b"new\n", b"old\n")
    assert path.read_bytes() == b"old\n# saved meanwhile\n"
    assert os.listdir(tmp_path) == ["tool.py"]


def test_edit_while_the_temp_is_written_is_not_overwritten(tmp_path, monkeypatch):
    path = tmp_path / "tool.py"
    path.write_bytes(b"old\n")
    real_fsync = os.fsync

    def fsync_then_edit(fd):
        real_fsync(fd)
        path.write_bytes(b"edited\n")

    monkeypatch.setattr(writes.os, "fsync", fsync_then_edit)
    with pytest.raises(FileChanged, match="since it was read"):
        write_atomic(str(path), b"new\n", b"old\n")
    assert path.read_bytes() == b"edited\n"
    assert os.listdir(tmp_path) == ["tool.py"]


def test_an_orphaned_worker_does_not_write(tmp_path, monkeypatch):
    path = tmp_path / "tool.py"
    path.write_bytes(b"old\n")
    monkeypatch.setattr(processes, "_parent", os.getppid() + 1_000_000)  # not our parent
    with pytest.raises(writes.WriteRefused, match="has ended"):
        write_atomic(str(path), b"new\n", b"old\n")
    assert path.read_bytes() == b"old\n"
    assert os.listdir(tmp_path) == ["tool.py"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_pool_workers_die_with_a_killed_parent(tmp_path):
    # the pool set-up elicit-migrate uses: a parent killed with SIGKILL takes its
    # workers with it (they would otherwise sleep on, then write)
    pids = tmp_path / "pids"
    code = textwrap.dedent(f"""
        import os, time
        from concurrent.futures import ProcessPoolExecutor
        from elicit_lint.core.processes import die_with_parent

        def work(_):
            with open({str(pids)!r}, "a") as f:
                f.write(f"{{os.getpid()}}\\n")
            time.sleep(60)
            open({str(tmp_path / "written")!r}, "w").close()

        if __name__ == "__main__":
            with ProcessPoolExecutor(2, initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
                list(pool.map(work, range(2)))
    """)
    script = tmp_path / "parent.py"
    script.write_text(code)
    parent = subprocess.Popen([sys.executable, str(script)])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (
        not pids.exists() or len(pids.read_text().split()) < 2
    ):
        time.sleep(0.05)
    workers = [int(p) for p in pids.read_text().split()]
    assert len(workers) == 2
    parent.send_signal(signal.SIGKILL)
    parent.wait(timeout=10)
    deadline = time.monotonic() + 10
    alive = workers
    while alive and time.monotonic() < deadline:
        alive = [pid for pid in workers if _exists(pid)]
        time.sleep(0.05)
    assert alive == []
    assert not (tmp_path / "written").exists()


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie not yet reaped by init still answers; its state says it is dead
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False
