"""The README's "Project layout" against the code: every module is listed, and data flows
down the list (nothing imports a module listed above it), so a newcomer can trust the map.

The list went out of date twice: two modules were left out of it, and one imported a module
listed above it.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "numbrix_curses"


def listed_units() -> list[str]:
    """The top-level modules and packages of the README's layout, in its order."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Project layout", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    # (top-level entries stand two spaces in; their parts four, their wrapped text more)
    return [m.group(1) for m in re.finditer(r"^  ([a-z_]+)(?:\.py|/)\s", block, re.M)]


def code_units() -> set[str]:
    """The package's top-level modules and subpackages (not its __init__ or __main__)."""
    names = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__", "__main__"}
    return names | {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}


def imported_units(unit: str) -> set[str]:
    """The other top-level units that `unit`'s code imports, at any depth in a function."""
    units = code_units()
    files = [PACKAGE / f"{unit}.py"] if (PACKAGE / f"{unit}.py").is_file() else sorted(
        (PACKAGE / unit).rglob("*.py"))
    found: set[str] = set()
    for path in files:
        package = ("numbrix_curses", *path.relative_to(PACKAGE).parts[:-1])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules = [alias.name.split(".") for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = list(package[: len(package) - node.level + 1]) if node.level else []
                module = base + (node.module.split(".") if node.module else [])
                # (`from numbrix_curses import solver`: the names may be units themselves)
                modules = ([module + [alias.name] for alias in node.names]
                           if len(module) == 1 else [module])
            else:
                continue
            found |= {m[1] for m in modules
                      if len(m) > 1 and m[0] == "numbrix_curses" and m[1] in units}
    return found - {unit}


def test_the_readme_lists_every_module():
    listed = listed_units()
    assert len(listed) == len(set(listed)), listed
    missing = code_units() - set(listed)
    assert not missing, f"modules not in the README's project layout: {sorted(missing)}"


def listed_parts() -> dict[str, list[str]]:
    """Each package of the README's layout, and the modules listed under it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Project layout", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    parts: dict[str, list[str]] = {}
    package = None
    for line in block.splitlines():
        top = re.match(r"^  ([a-z_]+)(\.py|/)\s", line)
        if top:
            package = top.group(1) if top.group(2) == "/" else None
            parts.setdefault(top.group(1), [])
            continue
        part = re.match(r"^    ([a-z_]+)\.py\s", line)
        if part and package is not None:
            parts[package].append(part.group(1))
    return parts


def only_a_docstring(path: Path) -> bool:
    """The module holds nothing but its docstring (an `__init__.py` that names a package)."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    return all(isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
               or isinstance(node, ast.ImportFrom) and node.module == "__future__"
               for node in body)


def test_the_readme_lists_every_module_of_each_package():
    """Before: the layout listed the modules of `cli/`, `deduce/`, `solver/` and
    `textformat/` but not of `ui/` (play.py split in four, reading.py new, none named),
    nor the packages' `__init__.py` that hold their entry points but `cli/`'s."""
    parts = listed_parts()
    for package in (p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()):
        listed = parts.get(package, [])
        assert len(listed) == len(set(listed)), (package, listed)
        modules = {p.stem for p in (PACKAGE / package).glob("*.py")
                   if p.stem != "__init__" or not only_a_docstring(p)}
        assert set(listed) == modules, (
            f"{package}/: not listed {sorted(modules - set(listed))}, "
            f"listed but gone {sorted(set(listed) - modules)}")


def test_nothing_imports_a_module_listed_above_it():
    listed = listed_units()
    place = {name: i for i, name in enumerate(listed)}
    upward = {(unit, other) for unit in code_units() if unit in place
              for other in imported_units(unit) if place.get(other, len(listed)) < place[unit]}
    assert not upward, f"imports of a module listed above (importer, imported): {sorted(upward)}"


def test_the_check_sees_imports_of_every_form():
    """The import reader itself: a check that reads no import would pass whatever the code."""
    assert "puzzle" in imported_units("game")  # from numbrix_curses.puzzle import ...
    assert {"constraints", "workers"} <= imported_units("solver")  # inside a package
    assert "cli" in imported_units("launch")  # an import inside a function


def test_the_names_the_menus_and_options_list_are_the_enums_values():
    """`DIFFICULTIES` and `PATTERNS` are read where the enums would load numpy and the
    deduction engine (`numbrix --help`, the menus): they must stay the enums' values."""
    from numbrix_curses import DIFFICULTIES, PATTERNS
    from numbrix_curses.deduce import Difficulty
    from numbrix_curses.generator import Pattern

    assert DIFFICULTIES == tuple(d.value for d in Difficulty)
    assert PATTERNS == tuple(p.value for p in Pattern)
