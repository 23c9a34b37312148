"""The engine's modules import one another without a cycle: the walk (``replay``) imports the
detectors, the remedies and the verdict, and none of them imports the walk back when the program
runs. (Names used only for type checking, under ``if TYPE_CHECKING:``, are left out: they are
never imported at run time.)"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "referee" / "adjudicate"


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_imports(path: Path) -> set[str]:
    """Modules of ``referee.adjudicate`` this file imports when it runs (inside functions too)."""
    found: set[str] = set()

    class Visitor(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
                for child in node.orelse:
                    self.visit(child)
                return
            self.generic_visit(node)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.module and node.module.startswith("referee.adjudicate"):
                found.add(node.module)
                for alias in node.names:
                    name = f"{node.module}.{alias.name}"
                    relative = Path(*name.split(".")[1:])
                    if (PACKAGE.parent / relative).with_suffix(".py").exists() or (
                        PACKAGE.parent / relative
                    ).is_dir():
                        found.add(name)

        def visit_Import(self, node: ast.Import) -> None:
            found.update(a.name for a in node.names if a.name.startswith("referee.adjudicate"))

    Visitor().visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def test_no_import_cycle_inside_the_engine() -> None:
    graph = {_module(path): _runtime_imports(path) for path in PACKAGE.rglob("*.py")}
    assert "referee.adjudicate.replay" in graph and "referee.adjudicate.verdict" in graph
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                cycles.append([*path[path.index(dep) :], dep])
            elif dep not in state:
                visit(dep, [*path, dep])
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert not cycles, "\n".join(" -> ".join(cycle) for cycle in cycles)


def test_detectors_and_remedies_never_import_the_walk_at_run_time() -> None:
    for path in [*PACKAGE.joinpath("detect").glob("*.py"), *PACKAGE.joinpath("remedies").glob("*.py")]:
        assert "referee.adjudicate.replay" not in _runtime_imports(path), path.name


def _detector_files() -> list[Path]:
    return [*sorted(PACKAGE.joinpath("detect").glob("*.py")), PACKAGE / "variants.py"]


def test_detectors_never_name_the_walk_even_for_types() -> None:
    """Detectors see the walk through the narrow ``Walk`` protocol (no ``detect``, ``adjudicate``
    or ``rule`` on it), so the type checker holds them to looking."""
    for path in PACKAGE.joinpath("detect").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "referee.adjudicate.replay" not in text, path.name


def _verdict_readers(tree: ast.AST) -> list[tuple[int, str]]:
    """``.remedy`` / ``.params`` read, or ``adjudicate`` / ``rule`` / ``detect`` called, outside a
    function that is given the verdict (the explanation and headline wording take it as ``v`` or
    ``verdict``)."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST, wording: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.Lambda):
            names = {a.arg for a in node.args.args}
            wording = wording or bool(names & {"v", "verdict"})
        called = node.func if isinstance(node, ast.Call) else None
        if isinstance(called, ast.Attribute) and called.attr in {"adjudicate", "rule", "detect"}:
            found.append((called.lineno, f"calls .{called.attr}()"))
        if isinstance(node, ast.Attribute) and node.attr in {"remedy", "params"} and not wording:
            found.append((node.lineno, f"reads .{node.attr}"))
        for child in ast.iter_child_nodes(node):
            visit(child, wording)

    visit(tree, False)
    return found


def test_detectors_only_look() -> None:
    """Detect → decide → apply in one place: a detector yields findings; it never asks the
    rulebook, applies a remedy, or branches on the decision (only its wording reads it)."""
    bad = [
        f"{path.name}:{line}: {what}"
        for path in _detector_files()
        for line, what in _verdict_readers(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not bad, "\n".join(bad)


def test_the_looking_test_can_fail() -> None:
    sample = "def f(r):\n    if r.adjudicate(x).remedy is Y:\n        pass\ndef g(v):\n    return v.remedy\n"
    found = sorted(what for _, what in _verdict_readers(ast.parse(sample)))
    assert found == ["calls .adjudicate()", "reads .remedy"]
