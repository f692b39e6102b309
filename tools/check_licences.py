#!/usr/bin/env python3
"""Checks that every crate the `banco` binary links may be distributed under
the project's licence, GPL-3.0-or-later.

Reads `cargo metadata` for this machine's target, walks the normal (not
build or dev) dependencies from the workspace's packages, and reads each
crate's SPDX licence expression: a crate passes if one of its `OR`
alternatives is made only of licences compatible with GPL-3.0-or-later.
Exits 1 and names the crates that do not pass. Run from the repository:

    python3 tools/check_licences.py
"""
import json
import re
import subprocess
import sys

PROJECT_LICENCE = "GPL-3.0-or-later"

# Licences whose terms allow distribution inside a GPL-3.0-or-later binary
# (the FSF's list of GPL-compatible free software licences).
COMPATIBLE = {
    "0BSD", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "BSL-1.0", "CC0-1.0",
    "GPL-3.0", "GPL-3.0-only", "GPL-3.0-or-later", "GPL-2.0-or-later", "ISC",
    "LGPL-2.1-or-later", "LGPL-3.0", "LGPL-3.0-only", "LGPL-3.0-or-later", "MIT",
    "MPL-2.0", "Unicode-3.0", "Unicode-DFS-2016", "Unlicense", "Zlib",
}


def alternatives(expression):
    """The expression's top-level `OR` alternatives, each a list of the
    licences it joins with `AND` (exceptions dropped, `/` read as `OR`)."""
    text = expression.replace("/", " OR ")
    text = re.sub(r"\s+WITH\s+[\w.-]+", "", text)
    # Parentheses only ever group an OR inside an AND here: distribute them.
    options = [[]]
    for term in re.findall(r"\([^)]*\)|[^\s()]+", text):
        if term == "OR":
            options.append([])
        elif term == "AND":
            continue
        elif term.startswith("("):
            inner = [t for t in term[1:-1].split() if t not in ("OR", "AND")]
            options[-1].append(set(inner))
        else:
            options[-1].append({term})
    # A group is met if any of its licences is compatible.
    return options


def passes(expression):
    return any(
        all(group & COMPATIBLE for group in option) for option in alternatives(expression)
    )


def check_the_reader():
    """The expression reader itself, on the forms crates use."""
    assert passes("MIT OR Apache-2.0")
    assert passes("MIT/Apache-2.0")
    assert passes("Apache-2.0 WITH LLVM-exception OR Apache-2.0 OR MIT")
    assert passes("(MIT OR Apache-2.0) AND Unicode-3.0")
    assert passes("MIT AND BSD-3-Clause")
    assert not passes("GPL-2.0-only")
    assert not passes("MIT AND SSPL-1.0")
    assert not passes("(SSPL-1.0 OR BUSL-1.1) AND MIT")


def main():
    check_the_reader()
    host = re.search(
        r"^host: (\S+)$", subprocess.run(["rustc", "-vV"], capture_output=True, text=True).stdout, re.M
    ).group(1)
    metadata = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--filter-platform", host],
            capture_output=True, text=True, check=True,
        ).stdout
    )
    packages = {p["id"]: p for p in metadata["packages"]}
    nodes = {n["id"]: n for n in metadata["resolve"]["nodes"]}
    linked = set()
    todo = list(metadata["workspace_members"])
    while todo:
        pid = todo.pop()
        if pid in linked:
            continue
        linked.add(pid)
        for dep in nodes[pid]["deps"]:
            if any(k["kind"] is None for k in dep["dep_kinds"]):
                todo.append(dep["pkg"])
    failures = []
    for pid in sorted(linked, key=lambda i: packages[i]["name"]):
        package = packages[pid]
        licence = package.get("license")
        if pid in metadata["workspace_members"]:
            if licence != PROJECT_LICENCE:
                failures.append(f"{package['name']}: {licence} (the project is {PROJECT_LICENCE})")
        elif not licence or not passes(licence):
            failures.append(f"{package['name']} {package['version']}: {licence or 'no licence given'}")
    if failures:
        print("licences not compatible with " + PROJECT_LICENCE + ":", *failures, sep="\n  ")
        return 1
    print(f"{len(linked)} crates, all compatible with {PROJECT_LICENCE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
