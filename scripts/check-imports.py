#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that every module a target imports is declared as its dependency in Package.swift, and
that every declared dependency is imported somewhere in the target (no unused dependencies).

Usage: scripts/check-imports.py   (from the package root; exits 1 and lists the problems)
"""
import json
import os
import re
import subprocess
import sys

# Modules that come with the toolchain or the system, not from Package.swift.
SYSTEM = {"Foundation", "FoundationEssentials", "FoundationNetworking", "Testing", "XCTest", "Dispatch",
          "FoundationXML", "Glibc", "Musl", "Darwin", "Synchronization", "_Concurrency", "os", "PackageDescription"}
# Modules of a package's targets that its declared product brings along (not products themselves, so
# they cannot be declared on their own): importing them is covered by declaring the product.
PROVIDED_BY = {"CYaml": "Yams"}
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
                    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def main() -> int:
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True, capture_output=True,
                                        text=True).stdout)
    problems = []
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
