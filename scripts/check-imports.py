#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that every module a target imports is declared as its dependency in Package.swift, that
every declared dependency is imported somewhere in the target (no unused dependencies), and that the
module graph in docs/architecture.md (between the module-graph markers) is the one Package.swift
declares, so the documented graph matches the `import` lines.

Usage: scripts/check-imports.py [--write-doc]   (from the package root; exits 1 and lists the problems;
--write-doc rewrites the graph in docs/architecture.md instead of comparing it)
"""
import json
import os
import re
import subprocess
import sys

# Modules that come with the toolchain or the system, not from Package.swift.
SYSTEM = {"Foundation", "FoundationEssentials", "FoundationNetworking", "Testing", "XCTest", "Dispatch",
          "FoundationXML", "Glibc", "Musl", "Darwin", "Synchronization", "_Concurrency", "os", "PackageDescription",
          "PackagePlugin"}
# Modules of a package's targets that its declared product brings along (not products themselves, so
# they cannot be declared on their own): importing them is covered by declaring the product.
PROVIDED_BY = {"CYaml": "Yams"}
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
                    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


DOC = "docs/architecture.md"
BEGIN, END = "<!-- module-graph:begin -->", "<!-- module-graph:end -->"


def module_graph(package) -> str:
    """The library and executable targets, lowest layer first: a target's layer is one more than the
    highest layer among the package targets it depends on (products of other packages are listed
    but do not count towards the layer)."""
    targets = {t["name"]: t for t in package["targets"] if t["type"] not in ("test", "plugin")}
    depends = {name: [list(d.values())[0][0] for d in t["dependencies"]] for name, t in targets.items()}
    layers = {}

    def layer(name):
        if name not in layers:
            layers[name] = 1 + max((layer(d) for d in depends[name] if d in targets), default=-1)
        return layers[name]

    rows = ["| layer | module | depends on |", "|---|---|---|"]
    for name in sorted(targets, key=lambda n: (layer(n), n.lower())):
        internal = sorted((d for d in depends[name] if d in targets), key=str.lower)
        external = sorted((d for d in depends[name] if d not in targets), key=str.lower)
        cells = [f"`{d}`" for d in internal] + [f"`{d}` (package)" for d in external]
        rows.append(f"| {layer(name)} | `{name}` | {', '.join(cells) or '—'} |")
    return "\n".join(rows)


def check_doc(package, write: bool) -> list:
    with open(DOC, encoding="utf-8") as handle:
        text = handle.read()
    if BEGIN not in text or END not in text:
        return [f"{DOC}: error: no module graph between {BEGIN} and {END}"]
    head, rest = text.split(BEGIN, 1)
    body, tail = rest.split(END, 1)
    graph = module_graph(package)
    if body.strip() == graph:
        return []
    if write:
        with open(DOC, "w", encoding="utf-8") as handle:
            handle.write(f"{head}{BEGIN}\n{graph}\n{END}{tail}")
        print(f"{DOC}: module graph rewritten", file=sys.stderr)
        return []
    return [f"{DOC}: error: the module graph differs from Package.swift (run scripts/check-imports.py --write-doc)"]


def main() -> int:
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True, capture_output=True,
                                        text=True).stdout)
    problems = check_doc(package, "--write-doc" in sys.argv[1:])
    for target in package["targets"]:
        if target["type"] == "system":
            continue
        name = target["name"]
        declared = {list(d.values())[0][0] for d in target["dependencies"]}
        root = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
        excluded = [os.path.join(root, e) for e in target.get("exclude", [])]
        imported = {}
        for folder, _, files in os.walk(root):
            if any(folder == e or folder.startswith(e + os.sep) for e in excluded):
                continue
            for file in files:
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(folder, file)
                with open(path, encoding="utf-8") as handle:
                    for line in handle:
                        match = IMPORT.match(line)
                        if match and match.group(1) not in SYSTEM:
                            imported.setdefault(match.group(1), path)
        satisfied = declared | {module for module, product in PROVIDED_BY.items() if product in declared}
        for module in sorted(set(imported) - satisfied):
            problems.append(f"{imported[module]}: error: target '{name}' imports '{module}', "
                            f"which Package.swift does not declare as its dependency")
        for module in sorted(declared - set(imported)):
            problems.append(f"Package.swift: error: target '{name}' declares '{module}' but never imports it")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
