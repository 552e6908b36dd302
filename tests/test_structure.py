"""The web server is transport, and the page's scripts stay readable: no
function under ``minebender/faces/web`` is over 80 lines, and no script of the page
over 450.

A route that grew into one long function (the game's routes were one closure
of 282 lines) mixes reading the request, the game's rules and error words;
a page script of 900 lines holds several concerns, so two people changing
two of them collide. The limits are checked on the files, as they are.
"""

from __future__ import annotations

import ast
from pathlib import Path

import minebender

WEB = Path(minebender.__file__).resolve().parent / "faces" / "web"
SCRIPTS = WEB / "static" / "js"
MAX_FUNCTION_LINES = 80
MAX_SCRIPT_LINES = 450


def long_functions(source: str) -> list[tuple[str, int, int]]:
    """Each function (nested ones too) of over ``MAX_FUNCTION_LINES`` lines:
    its name, first line and length, decorators left out."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found.append((node.name, node.lineno, length))
    return found


def test_long_functions_are_found() -> None:
    body = "\n".join(f"    x = {i}" for i in range(MAX_FUNCTION_LINES))
    source = f"def short():\n    pass\n\nasync def long():\n{body}\n"
    assert long_functions(source) == [("long", 4, MAX_FUNCTION_LINES + 1)]


def test_no_function_of_the_web_server_is_over_80_lines() -> None:
    files = sorted(WEB.rglob("*.py"))
    assert files, f"no Python files under {WEB}"
    over = [
        f"{path.relative_to(WEB)}:{line} {name} has {length} lines"
        for path in files
        for name, line, length in long_functions(path.read_text(encoding="utf-8"))
    ]
    assert not over, "split these functions:\n" + "\n".join(over)


def test_no_script_of_the_page_is_over_450_lines() -> None:
    scripts = sorted(SCRIPTS.rglob("*.js"))
    assert scripts, f"no scripts under {SCRIPTS}"
    lengths = {
        p.relative_to(SCRIPTS): len(p.read_text(encoding="utf-8").splitlines()) for p in scripts
    }
    over = [f"{name} has {n} lines" for name, n in lengths.items() if n > MAX_SCRIPT_LINES]
    assert not over, "split these scripts by concern:\n" + "\n".join(over)
