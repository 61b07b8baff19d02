#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs the CI recipes of docs/ci/ (GitHub Actions, GitLab CI) on this machine, as written: their
shell commands in a scratch workspace holding this checkout as `beaconsim/` and two claim scenarios
as `scenarios/`, with HOME in the workspace (so `make install PREFIX=$HOME/.local` installs there).
Steps that use a hosted action (`uses:`) are left out; GitHub's `$GITHUB_PATH` is honoured between
steps. Fails unless every command succeeds and junit.xml lists the claims. Run by `make ci-recipes`
(part of `make test`): scripts/ci-recipe-test.py [RECIPE...]"""
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = ["Scenarios/claims/c01-background-entry.yaml", "Scenarios/claims/c02-exit-after-power-off.yaml"]


def workspace() -> str:
    path = tempfile.mkdtemp(prefix="beaconsim-ci-")
    os.symlink(ROOT, os.path.join(path, "beaconsim"))
    os.makedirs(os.path.join(path, "scenarios"))
    for scenario in SCENARIOS:
        shutil.copy(os.path.join(ROOT, scenario), os.path.join(path, "scenarios"))
    os.makedirs(os.path.join(path, "home"))
    return path


def shell(commands: str, cwd: str, env: dict) -> None:
    print(f"$ {commands.strip()}", flush=True)
    subprocess.run(["bash", "-e", "-o", "pipefail", "-c", commands], cwd=cwd, env=env, check=True)


def github(recipe: dict, cwd: str, env: dict) -> None:
    path_file = os.path.join(cwd, "github-path")
    open(path_file, "w").close()
    env["GITHUB_PATH"] = path_file
    for job in recipe["jobs"].values():
        for step in job["steps"]:
            if "run" not in step:
                print(f"(hosted action left out: {step.get('uses')})")
                continue
            shell(step["run"], cwd, env)
            with open(path_file) as added:
                for line in added.read().split():
                    env["PATH"] = line + os.pathsep + env["PATH"]


def gitlab(recipe: dict, cwd: str, env: dict) -> None:
    for name, job in recipe.items():
        if not isinstance(job, dict) or "script" not in job:
            continue
        env.update({key: str(value) for key, value in job.get("variables", {}).items()})
        # GitLab runs before_script and script in one shell.
        shell("\n".join(job.get("before_script", []) + job["script"]), cwd, env)


def check_junit(cwd: str) -> None:
    suites = ElementTree.parse(os.path.join(cwd, "junit.xml")).getroot()
    cases = suites.findall(".//testcase")
    if len(cases) < len(SCENARIOS):
        sys.exit(f"junit.xml lists {len(cases)} test cases")
    print(f"junit.xml: {len(cases)} test cases, {len(suites.findall('.//failure'))} failures")


def main() -> None:
    recipes = sys.argv[1:] or [os.path.join(ROOT, "docs/ci/github-actions.yml"), os.path.join(ROOT, "docs/ci/gitlab-ci.yml")]
    for recipe_path in recipes:
        print(f"== {os.path.relpath(recipe_path, ROOT)}", flush=True)
        with open(recipe_path) as file:
            recipe = yaml.safe_load(file)
        cwd = workspace()
        env = dict(os.environ, HOME=os.path.join(cwd, "home"), CI="true")
        try:
            (github if "jobs" in recipe else gitlab)(recipe, cwd, env)
            check_junit(cwd)
        except subprocess.CalledProcessError as error:
            sys.exit(f"{os.path.relpath(recipe_path, ROOT)}: a command failed (exit {error.returncode}); workspace {cwd}")
        shutil.rmtree(cwd)
    print("the CI recipes ran green")


if __name__ == "__main__":
    main()
