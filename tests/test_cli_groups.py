"""`referee COMMAND` builds an app of COMMAND's group only (a quicker start): it must behave as
the whole app does, and every command must have its group."""

from __future__ import annotations

import sys

import pytest
import typer
from typer.testing import CliRunner

from referee import cli

ROOT_COMMANDS = sorted(
    info.name for info in cli.app.registered_commands + cli.app.registered_groups if info.name is not None
)


def test_every_command_has_its_group() -> None:
    assert sorted(cli.OWNERS) == ROOT_COMMANDS
    registered = {}
    for module in cli.GROUP_MODULES:
        one = cli.build((cli.group(module),))
        for info in one.registered_commands + one.registered_groups:
            registered[info.name] = module
    assert registered == cli.OWNERS


def test_a_named_command_imports_only_its_own_group() -> None:
    import subprocess

    code = (
        "import sys; sys.argv = ['referee', 'rule', '--help']; from referee import cli\n"
        "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('referee.commands.') and m[17] != '_'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "['referee.commands.play']"


@pytest.mark.parametrize("command", ROOT_COMMANDS)
def test_one_group_help_is_the_whole_apps(command: str) -> None:
    whole = CliRunner().invoke(cli.app, [command, "--help"], terminal_width=100)
    alone = CliRunner().invoke(
        cli.build((cli.group(cli.OWNERS[command]),)), [command, "--help"], terminal_width=100
    )
    assert (alone.exit_code, alone.output) == (whole.exit_code, whole.output)


@pytest.mark.parametrize(
    ("arguments", "whole"), [(["rule", "x.log"], False), (["--version"], True), (["rul"], True), ([], True)]
)
def test_main_picks_the_app(monkeypatch: pytest.MonkeyPatch, arguments: list[str], whole: bool) -> None:
    ran: list[object] = []
    monkeypatch.setattr(sys, "argv", ["referee", *arguments])
    monkeypatch.setattr(typer.Typer, "__call__", lambda self: ran.append(self))
    cli.main()
    assert (ran == [cli.app]) is whole
