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
