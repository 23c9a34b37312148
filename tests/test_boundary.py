"""The input and output boundary (issue 26): every file read is a regular file read through one
opener, nested TOML is bounded before it is parsed, a foreign file's lines are never printed, and a
file written is never written through a link. Each test is the issue's reproduction, made small."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.errors import RefereeError
from referee.inputs import InputError, OutputError, check_nesting, read_source, write_file
from referee.log import parse_log
from referee.money import AmountError, parse_amount

runner = CliRunner()

LOG = """\
game: draw
seats: Ann, Bob
dealer: Bob
ante: 1
limit: 2/4

antes
deal
Ann bets 2
Bob folds
"""

FOREIGN = "root:x:0:0:the-secret-line:/root:/bin/bash\n"

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def invoke(*arguments: str) -> tuple[int, str]:
    result = runner.invoke(app, list(arguments))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def run_cli(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own, so that a wait for ever is a timeout, not a hung suite."""
    code = "import sys; from referee.cli import app; sys.argv[0] = 'referee'; app()"
    return subprocess.run(
        [sys.executable, "-c", code, *arguments], capture_output=True, text=True, cwd=cwd, timeout=60
    )


# --- only regular files are read --------------------------------------------------------------------


@needs_fifo
@pytest.mark.parametrize("command", ["check", "rule"])
def test_a_pipe_as_the_log_is_refused_at_once(tmp_path: Path, command: str) -> None:
    os.mkfifo(tmp_path / "hand.log")
    result = run_cli(command, "hand.log", cwd=tmp_path)  # waited for ever on a writer before
    assert result.returncode == 1
    assert "hand.log is a pipe, not a log file" in result.stderr and "Traceback" not in result.stderr


@needs_fifo
def test_a_pipe_or_a_device_as_the_rulebook_is_said_to_be_one(tmp_path: Path) -> None:
    (tmp_path / "hand.log").write_text(LOG, encoding="utf-8")
    os.mkfifo(tmp_path / "fifo.yaml")
    result = run_cli("rule", "hand.log", "-r", "fifo.yaml", cwd=tmp_path)
    assert result.returncode == 1 and "fifo.yaml is a pipe, not a rulebook file" in result.stderr
    assert "leads nowhere" not in result.stderr


@needs_fifo
def test_a_pipe_as_the_group_file_is_refused_not_skipped(tmp_path: Path) -> None:
    (tmp_path / "hand.log").write_text(LOG, encoding="utf-8")
    os.mkfifo(tmp_path / "referee.toml")
    result = run_cli("check", "hand.log", cwd=tmp_path)
    assert result.returncode == 1 and "referee.toml is a pipe, not a group file:" in result.stderr


def test_a_device_is_no_file(tmp_path: Path) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    with pytest.raises(InputError, match="is a device, not a log file"):
        read_source("/dev/zero")
    code, output = invoke("rule", str(tmp_path / "x.log"), "-r", "/dev/zero")
    assert code == 1 and "leads nowhere" not in output


def test_a_broken_link_and_a_folder_are_still_said_to_be_so(tmp_path: Path) -> None:
    (tmp_path / "dangling.log").symlink_to(tmp_path / "nowhere.log")
    with pytest.raises(InputError, match="a link that leads nowhere"):
        read_source(tmp_path / "dangling.log")
    with pytest.raises(InputError, match="is a folder, not a log file"):
        read_source(tmp_path)


# --- a foreign file is never printed -----------------------------------------------------------------


def test_a_file_that_is_no_rulebook_is_refused_unread(tmp_path: Path) -> None:
    (tmp_path / "hand.log").write_text(LOG, encoding="utf-8")
    (tmp_path / "passwd").write_text(FOREIGN, encoding="utf-8")
    for arguments in (["rule", str(tmp_path / "hand.log"), "-r"], ["rulebook", "check"]):
        code, output = invoke(*arguments, str(tmp_path / "passwd"))
        assert code == 1 and "is not a rulebook file" in output
        assert "the-secret-line" not in output  # `-r /etc/passwd` printed its first line


def test_a_hard_link_into_the_folder_is_refused_for_a_rulebook_line(tmp_path: Path) -> None:
    folder, elsewhere = tmp_path / "table", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    (elsewhere / "secret.txt").write_text(FOREIGN, encoding="utf-8")
    os.link(elsewhere / "secret.txt", folder / "house.yaml")
    (folder / "hand.log").write_text(LOG.replace("limit: 2/4\n", "limit: 2/4\nrulebook: house\n"))
    code, output = invoke("rule", str(folder / "hand.log"))
    assert code == 1 and "a hard link" in output
    assert "the-secret-line" not in output


# --- nesting is bounded before TOML is parsed --------------------------------------------------------

DEEP = "[" * 500 + "]" * 500


def test_a_group_file_nested_500_deep_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "referee.toml").write_text(f"players = {DEEP}\n", encoding="utf-8")  # about 1 KB
    (tmp_path / "hand.log").write_text(LOG, encoding="utf-8")
    for command in ("check", "rule"):
        code, output = invoke(command, str(tmp_path / "hand.log"))  # RecursionError from tomllib before
        assert code == 1 and "nests arrays or tables more than 32 deep" in output


def test_a_phh_file_nested_500_deep_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "deep.phh").write_text(f'variant = "F"\nactions = {DEEP}\n', encoding="utf-8")
    code, output = invoke("import", str(tmp_path / "deep.phh"))
    assert code == 1 and "nests arrays or tables more than 32 deep" in output


def test_brackets_in_strings_and_comments_are_not_nesting() -> None:
    text = 'a = "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[" # [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n'
    text += "b = '''\n" + "[" * 40 + "'''\nc = \"q\\\\\"\nd = [[1, [2]], {x = [3]}]\n"
    check_nesting(text, "ok.toml", what="group file", most=3)
    with pytest.raises(InputError):
        check_nesting("e = [[[[1]]]]\n", "deep.toml", what="group file", most=3)


# --- check refuses what rule refuses -----------------------------------------------------------------


def test_check_refuses_a_group_file_naming_a_path(tmp_path: Path) -> None:
    (tmp_path / "referee.toml").write_text('house = "../house.yaml"\n', encoding="utf-8")
    (tmp_path / "hand.log").write_text(LOG, encoding="utf-8")
    code, output = invoke("check", str(tmp_path / "hand.log"))
    assert code == 1 and "names the path '../house.yaml'" in output  # `check` said ok before


# --- a foreign file's lines are never shown (issue 26) ----------------------------------------------

FOREIGN = 'stakes = "topsecret-value"\n'
"""A group file's worth of TOML in another folder: a value that would be echoed if it were read."""


@pytest.mark.parametrize("command", ["rule", "check"])
@pytest.mark.parametrize("link", ["symbolic", "hard"])
def test_a_group_file_that_is_another_folders_file_is_refused_unread(
    tmp_path: Path, command: str, link: str
) -> None:
    elsewhere, here = tmp_path / "elsewhere", tmp_path / "here"
    elsewhere.mkdir()
    here.mkdir()
    (elsewhere / "secret.toml").write_text(FOREIGN, encoding="utf-8")
    (here / "hand.log").write_text(LOG, encoding="utf-8")
    if link == "symbolic":
        (here / "referee.toml").symlink_to(elsewhere / "secret.toml")
        said = "a link to a file outside the folder of the log"
    else:
        os.link(elsewhere / "secret.toml", here / "referee.toml")
        said = "has other names elsewhere (a hard link)"
    code, output = invoke(command, str(here / "hand.log"))
    assert code == 1 and said in output, output
    assert "topsecret" not in output  # read and echoed as `limit: topsecret-value` before


def test_a_group_file_linked_within_its_folder_is_read(tmp_path: Path) -> None:
    (tmp_path / "ours.toml").write_text('stakes = "2/4"\n', encoding="utf-8")
    (tmp_path / "referee.toml").symlink_to("ours.toml")
    (tmp_path / "hand.log").write_text(LOG, encoding="utf-8")
    code, output = invoke("check", str(tmp_path / "hand.log"))
    assert code == 0, output


@pytest.mark.parametrize(
    ("option", "refused"),
    [
        (["-r", "/etc/passwd"], "is not a rulebook file"),
        ([], "names the path"),
    ],
)
def test_a_refused_rulebook_is_never_echoed(tmp_path: Path, option: list[str], refused: str) -> None:
    secret = tmp_path / "elsewhere.txt"
    secret.write_text("root:topsecret:0:0\n", encoding="utf-8")
    log = LOG if option else LOG.replace("game: draw", f"game: draw\nrulebook: {secret}")
    (tmp_path / "hand.log").write_text(log, encoding="utf-8")
    code, output = invoke("rule", str(tmp_path / "hand.log"), *option)
    assert code == 1 and refused in output, output
    assert "topsecret" not in output and "root:" not in output


# --- only ASCII digits are amounts ------------------------------------------------------------------


@pytest.mark.parametrize("digits", ["٣", "３", "1٣", "۴"])
def test_other_digits_are_no_amount(digits: str) -> None:
    with pytest.raises(AmountError):
        parse_amount(digits)
    with pytest.raises(RefereeError, match="is not an amount"):
        parse_log(LOG.replace("Ann bets 2", f"Ann bets {digits}"), "t.log")


# --- what is printed back is escaped or cut short ----------------------------------------------------


def test_markdown_escapes_a_players_name(tmp_path: Path) -> None:
    (tmp_path / "hand.log").write_text(LOG.replace("Ann", '"<script>x</script>"'), encoding="utf-8")
    code, output = invoke("rule", str(tmp_path / "hand.log"), "--markdown")
    assert code == 0 and "<script>" not in output and "\\<script\\>" in output


@pytest.mark.parametrize(
    "arguments",
    [
        ["hand", "X" * 30_000],
        ["hand", "As Kd Qh Jc 9s", "-g", "Z" * 30_000],
        ["hand", "As Kd Qh Jc 9s", " ".join(["As"] * 10_000)],
        ["odds", "As Kd", "-k", "Y" * 30_000],
        ["odds", "W" * 30_000, "-k", "none"],
    ],
)
def test_a_runaway_argument_is_cut_short(arguments: list[str]) -> None:
    code, output = invoke(*arguments)
    assert code == 1 and len(output) < 2_000 and "…" in output


# --- files written ------------------------------------------------------------------------------------


def test_export_does_not_write_through_a_link(tmp_path: Path) -> None:
    (tmp_path / "hand.log").write_text(LOG, encoding="utf-8")
    (tmp_path / "out.phh").symlink_to(tmp_path / "victim.txt")
    code, output = invoke("export", str(tmp_path / "hand.log"), "--phh", "-o", str(tmp_path / "out.phh"))
    assert code == 1 and "is a symbolic link" in output
    assert not (tmp_path / "victim.txt").exists()


def test_a_file_with_another_name_is_not_written(tmp_path: Path) -> None:
    (tmp_path / "victim.txt").write_text("keep me", encoding="utf-8")
    os.link(tmp_path / "victim.txt", tmp_path / "out.log")
    with pytest.raises(OutputError, match="a hard link"):
        write_file(tmp_path / "out.log", "x")
    assert (tmp_path / "victim.txt").read_text(encoding="utf-8") == "keep me"
    write_file(tmp_path / "new.log", "written")
    assert (tmp_path / "new.log").read_text(encoding="utf-8") == "written"


STARS = Path(__file__).parent / "data" / "import" / "pokerstars"


def test_import_counts_the_files_it_wrote(tmp_path: Path) -> None:
    history = sorted(STARS.glob("*.txt"))[0].read_text(encoding="utf-8")
    (tmp_path / "twice.txt").write_text(history + "\n\n" + history, encoding="utf-8")
    code, output = invoke("import", str(tmp_path / "twice.txt"), "-o", str(tmp_path / "logs"))
    written = list((tmp_path / "logs").iterdir())
    assert code == 0 and f"wrote {len(written)} log" in output
    assert "not written: a hand of the same site and id was written first" in output
    (tmp_path / "again").mkdir()
    (tmp_path / "again" / written[0].name).symlink_to(tmp_path / "victim.log")
    code, output = invoke("import", str(tmp_path / "twice.txt"), "-o", str(tmp_path / "again"))
    assert code == 1 and "is a symbolic link" in output and not (tmp_path / "victim.log").exists()
