"""The layers: the engine imports no UI, AI or record code; the AI imports only
the engine, the bot programs' host and the standard library; the bot
protocol (``bots``) only the engine, ``plaintext`` and the standard library,
and ``pinochle bot`` no Textual or Rich either; the record layer no UI or AI;
the coach (review and statistics, above the record layer and the AI) no app; the pure
module ``plaintext``, which every layer but the engine may use, only the
standard library; the reinforcement-learning environment only the engine and
its three libraries."""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pinochle_tui"


def imports(path: Path, root: Path = PACKAGE) -> set[str]:
    """Every module a source file of the package at ``root`` imports, relative
    imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(path.relative_to(root.parent).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                found.add(f"{base}.{node.module}" if node.module else base)
            elif node.module:
                found.add(node.module)
    return found


def files(layer: str) -> list[Path]:
    """The sources of a layer: a package directory, or a single module (``plaintext.py``)."""
    module = PACKAGE / layer
    return [module] if module.is_file() else sorted(module.rglob("*.py"))


def offending(layer: str, allowed: Callable[[str], bool]) -> dict[str, list[str]]:
    bad: dict[str, list[str]] = {}
    for path in files(layer):
        wrong = sorted(m for m in imports(path) if not allowed(m))
        if wrong:
            bad[str(path.relative_to(PACKAGE.parent))] = wrong
    return bad


def top(module: str) -> str:
    return module.split(".")[0]


def within(module: str, *prefixes: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


STDLIB = sys.stdlib_module_names


def test_the_layers_exist() -> None:
    assert files("engine") and files("ai")


def test_engine_imports_no_ui_ai_or_record() -> None:
    def allowed(module: str) -> bool:
        if within(module, "textual", "rich"):
            return False
        return not within(module, "pinochle_tui.ai", "pinochle_tui.record", "pinochle_tui.tui")

    assert offending("engine", allowed) == {}


def test_engine_imports_only_itself_pydantic_and_the_standard_library() -> None:
    def allowed(module: str) -> bool:
        return (
            top(module) in STDLIB
            or within(module, "pydantic", "pinochle_tui.engine")
            or module == "__future__"
        )

    assert offending("engine", allowed) == {}


def test_ai_imports_only_the_engine_and_the_standard_library() -> None:
    def allowed(module: str) -> bool:
        return top(module) in STDLIB or within(
            module,
            "pinochle_tui.engine",
            "pinochle_tui.ai",
            "pinochle_tui.bots",
            "pinochle_tui.plaintext",
        )

    assert offending("ai", allowed) == {}


def test_the_bot_protocol_imports_only_the_engine_and_plaintext() -> None:
    def allowed(module: str) -> bool:
        return top(module) in STDLIB or within(
            module, "pinochle_tui.engine", "pinochle_tui.bots", "pinochle_tui.plaintext"
        )

    assert files("bots") and offending("bots", allowed) == {}


def test_pinochle_bot_imports_no_ui() -> None:
    def allowed(module: str) -> bool:
        return not within(module, "textual", "rich", "pinochle_tui.tui", "pinochle_tui.record")

    assert offending("bot_cli.py", allowed) == {}


def test_record_imports_no_ui_or_ai() -> None:
    if not files("record"):
        pytest.skip("no record layer yet")

    def allowed(module: str) -> bool:
        return not within(module, "textual", "rich", "pinochle_tui.ai", "pinochle_tui.tui")

    assert offending("record", allowed) == {}


def test_env_imports_only_the_engine_and_its_rl_libraries() -> None:
    def allowed(module: str) -> bool:
        return top(module) in STDLIB or within(
            module, "pinochle_tui.engine", "pinochle_tui.env", "numpy", "gymnasium", "pettingzoo"
        )

    assert files("env") and offending("env", allowed) == {}


def test_coach_imports_no_app() -> None:
    def allowed(module: str) -> bool:
        return not within(module, "textual", "pinochle_tui.tui")

    assert files("coach") and offending("coach", allowed) == {}


def test_plaintext_imports_only_the_standard_library() -> None:
    def allowed(module: str) -> bool:
        return top(module) in STDLIB or module == "__future__"

    assert files("plaintext.py") and offending("plaintext.py", allowed) == {}


def test_the_checker_sees_relative_and_absolute_imports(tmp_path: Path) -> None:
    root = tmp_path / "pinochle_tui"
    path = root / "engine" / "fake.py"
    path.parent.mkdir(parents=True)
    path.write_text("import textual.app\nfrom rich import box\nfrom ..ai import player\n")
    assert imports(path, root) == {"textual.app", "rich", "pinochle_tui.ai"}
