#!/usr/bin/env python3
"""The documentation check CI runs after the debug build (`.ci/run`, step "docs").

    scripts/check-docs.py               check SceneCore's, GLBackend's, SceneMedia's and SceneComposition's documentation
    scripts/check-docs.py --self-test   prove that the check fails where it must, on a fixture
    scripts/check-docs.py --list        the same, listing the allowed symbols too

For each module it extracts the public symbol graph from the module the debug build already
made (`swift symbolgraph-extract`, with the include paths and module maps of the build's own
compile command in `.build/debug.yaml`: no second build), then:

1. converts the module's catalog (`Sources/<Module>/<Module>.docc`) with `docc convert` and
   fails on any warning or error it reports (what `--warnings-as-errors` fails on, read from
   its diagnostics file so that each can be placed): a symbol or article link that does not
   resolve, an ambiguous link, a doc comment whose parameter list leaves out a parameter (that
   one allowed for a symbol in the list below);
2. counts the undocumented public symbols: every `public` or `open` symbol declared in the
   module's sources (the symbol has a source location) that has no doc comment. Left out, and
   so never counted: symbols the compiler synthesizes or that come from a protocol extension
   in another module (`hashValue`, `hash(into:)`, `==`, `init(rawValue:)` of enums,
   `OptionSet`'s `insert(_:)` and the like: they have no source location here, and their
   documentation is the protocol's). A member written in our sources without a comment of its
   own that overrides a documented class member or implements a documented protocol
   requirement (`CABasicAnimation.init()` overriding `CAAnimation.init()`, `rawValue` and
   `init(rawValue:)` of a `RawRepresentable` struct, `description` of an `NSObject` subclass)
   counts as documented: the compiler gives it that member's comment, which DocC shows.
   Symbols named in `scripts/docs-undocumented.txt`
   (`<file> <symbol path>` a line; one line covers overloads of one name in one file) are
   allowed; a line there that no longer names a symbol with a problem fails, so the list only
   shrinks;
3. checks that every ```swift block of the catalog's articles is a run of lines of a file in
   `Tests/DocumentationTests` (compared line by line without leading and trailing spaces), so
   that article code is code the build compiles and the tests run.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ["SceneCore", "GLBackend", "SceneMedia", "SceneComposition"]
ALLOWED_FILE = ROOT / "scripts" / "docs-undocumented.txt"
SAMPLES_DIR = ROOT / "Tests" / "DocumentationTests"
FIXTURE_DIR = ROOT / "scripts" / "docs-fixture"
# DocC ships with the toolchain, beside `swift`.
DOCC = shutil.which("docc") or str(Path(shutil.which("swift") or "/opt/swift/usr/bin/swift").parent / "docc")


def fail(message):
    print(f"check-docs: {message}", file=sys.stderr)
    sys.exit(1)


def compile_args(build_dir, module):
    """The swiftc arguments SwiftPM used for `module` in the debug build (`.build/debug.yaml`)."""
    manifest = build_dir / "debug.yaml"
    if not manifest.exists():
        fail(f"{manifest} not found: build first (swift build --build-tests)")
    key = re.compile(r'^  "C\.' + re.escape(module) + r'-[^"]*-debug\.module":$')
    lines = manifest.read_text().splitlines()
    for index, line in enumerate(lines):
        if key.match(line):
            for following in lines[index + 1 : index + 12]:
                stripped = following.strip()
                if stripped.startswith("args: "):
                    return json.loads(stripped[len("args: ") :])
    fail(f"no compile command for {module} in {manifest}: build first (swift build --build-tests)")


def extract_flags(args):
    """The search paths, module maps and target of a compile command, as symbolgraph-extract takes them."""
    flags = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg in ("-I", "-Xcc", "-module-cache-path", "-target", "-sdk", "-resource-dir", "-F"):
            flags += [arg, args[index + 1]]
            index += 2
            continue
        if arg.startswith("-I") or arg.startswith("-F"):
            flags.append(arg)
        index += 1
    return flags


def extract_symbol_graph(module, flags, output):
    output.mkdir(parents=True, exist_ok=True)
    command = ["swift", "symbolgraph-extract", "-module-name", module, "-minimum-access-level", "public"]
    result = subprocess.run(command + flags + ["-output-dir", str(output)], capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"symbolgraph-extract failed for {module}:\n{result.stdout}{result.stderr}")


def convert(catalog, module, symbol_graphs, output):
    """Runs `docc convert`; returns (exit status, output, diagnostics as docc's JSON gives them)."""
    diagnostics_file = output.parent / f"{output.name}-diagnostics.json"
    command = [
        DOCC, "convert", str(catalog), "--additional-symbol-graph-dir", str(symbol_graphs),
        "--output-path", str(output), "--diagnostics-file", str(diagnostics_file),
        "--no-transform-for-static-hosting",  # a third of the files to write: only the diagnostics matter
        "--fallback-display-name", module, "--fallback-bundle-identifier", f"org.scenecore.{module}",
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    diagnostics = []
    if diagnostics_file.exists():
        diagnostics = json.loads(diagnostics_file.read_text()).get("diagnostics", [])
    return result.returncode, result.stdout + result.stderr, diagnostics


def relative(path, root):
    path = path.removeprefix("file://")
    try:
        return str(Path(path).resolve().relative_to(root))
    except ValueError:
        return path


def documented_lines(symbol_graphs, root):
    """For each file, the doc comment lines (1-based) of each symbol: {file: [(first, last, path)]}."""
    comments = {}
    for graph_file in Path(symbol_graphs).glob("*.symbols.json"):
        for symbol in json.loads(graph_file.read_text())["symbols"]:
            comment = symbol.get("docComment")
            if not comment or "uri" not in comment or not comment.get("lines"):
                continue
            lines = [line["range"]["start"]["line"] + 1 for line in comment["lines"] if "range" in line]
            if lines:
                file = relative(comment["uri"], root)
                comments.setdefault(file, []).append((min(lines), max(lines), ".".join(symbol["pathComponents"])))
    return comments


def docc_problems(status, output, diagnostics, symbol_graphs, root):
    """DocC's warnings and errors, as (key or None, message): a broken link, a doc comment that
    leaves out a parameter. The key names the symbol whose doc comment the diagnostic is in, so
    that an allowed symbol's incomplete comment is allowed too."""
    comments = documented_lines(symbol_graphs, root)
    problems = []
    for diagnostic in diagnostics:
        if diagnostic.get("severity") not in ("warning", "error"):
            continue
        source = relative(diagnostic.get("source", ""), root)
        line = diagnostic.get("range", {}).get("start", {}).get("line", 0)
        key = next(
            (f"{source} {path}" for first, last, path in comments.get(source, []) if first <= line <= last + 1), None)
        where = f"{source}:{line}: " if source else ""
        problems.append((key, f"{where}{diagnostic.get('summary', diagnostic)}"))
    if status != 0 and not problems:
        problems.append((None, f"docc convert failed (exit status {status}):\n{output}"))
    return problems


def undocumented(symbol_graphs, root):
    """The module's undocumented public symbols declared in its sources, as (`<file> <path>`, `<file>:<line>`)."""
    found = []
    for graph_file in sorted(Path(symbol_graphs).glob("*.symbols.json")):
        graph = json.loads(graph_file.read_text())
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            location = symbol.get("location")
            if location is None or "docComment" in symbol:
                continue
            path = relative(location["uri"], root)
            line = location["position"]["line"] + 1
            found.append((f"{path} {'.'.join(symbol['pathComponents'])}", f"{path}:{line}"))
    return sorted(set(found))


def swift_blocks(article):
    """The ```swift blocks of a Markdown file: (first line number, lines)."""
    blocks, current, start = [], None, 0
    for number, line in enumerate(article.read_text().splitlines(), 1):
        if current is None and line.strip().startswith("```swift"):
            current, start = [], number + 1
        elif current is not None and line.strip().startswith("```"):
            blocks.append((start, current))
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def unmatched_samples(catalog, samples_dir):
    """The article blocks that are not a run of lines of a sample file."""
    sources = [[line.strip() for line in path.read_text().splitlines()] for path in sorted(samples_dir.glob("*.swift"))]
    missing = []
    for article in sorted(catalog.rglob("*.md")):
        for start, block in swift_blocks(article):
            wanted = [line.strip() for line in block]
            found = any(
                source[index : index + len(wanted)] == wanted
                for source in sources
                for index in range(len(source) - len(wanted) + 1)
            )
            if not found:
                missing.append(f"{article.relative_to(ROOT)}:{start}")
    return missing


def read_allowed(path):
    if not path.exists():
        return set()
    lines = (line.strip() for line in path.read_text().splitlines())
    return {line for line in lines if line and not line.startswith("#")}


def module_problems(module, catalog, graphs, output, root, allowed):
    """Everything wrong with one module's documentation: (key or None, message) pairs, the keys
    of allowed symbols left out; and the allowed keys that matched something."""
    problems = []
    status, text, diagnostics = convert(catalog, module, graphs, output)
    for key, message in docc_problems(status, text, diagnostics, graphs, root):
        problems.append((key, f"docc: {message}"))
    for key, where in undocumented(graphs, root):
        problems.append((key, f"undocumented public symbol: {where} {key.split(' ', 1)[1]}"))
    matched = {key for key, _ in problems if key in allowed}
    return [(key, message) for key, message in problems if key not in allowed], matched


def check_module(module, scratch, allowed):
    """One module's check: (failures, the allowed keys it matched, the lines to print)."""
    started = time.monotonic()
    graphs = scratch / "symbol-graphs" / module
    extract_symbol_graph(module, extract_flags(compile_args(ROOT / ".build", module)), graphs)
    catalog = ROOT / "Sources" / module / f"{module}.docc"
    problems, matched = module_problems(module, catalog, graphs, scratch / f"{module}.doccarchive", ROOT, allowed)
    failures = [message for _, message in problems]
    failures += [
        f"a ```swift block that is not a run of lines of {SAMPLES_DIR.relative_to(ROOT)}: {where}"
        for where in unmatched_samples(catalog, SAMPLES_DIR)
    ]
    declared = [
        symbol
        for graph_file in graphs.glob("*.symbols.json")
        for symbol in json.loads(graph_file.read_text())["symbols"]
        if "location" in symbol
    ]
    missing = sum(1 for symbol in declared if "docComment" not in symbol)
    lines = [
        f"check-docs: {module}: {len(declared)} public symbols declared in its sources, {missing} without a doc"
        f" comment, {len(matched)} allowed by {ALLOWED_FILE.relative_to(ROOT)} ({time.monotonic() - started:.1f} s)"
    ]
    return failures, matched, lines + [f"  allowed: {key}" for key in sorted(matched)]


def check(list_all):
    allowed = read_allowed(ALLOWED_FILE)
    failures = []
    matched = set()
    with tempfile.TemporaryDirectory(prefix="check-docs-") as scratch:
        # The modules side by side: each is mostly a wait for symbolgraph-extract and docc.
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            results = list(pool.map(lambda module: check_module(module, Path(scratch), allowed), MODULES))
    for module_failures, module_matched, lines in results:
        failures += module_failures
        matched |= module_matched
        for line in lines if list_all else lines[:1]:
            print(line)
    failures += [
        f"{ALLOWED_FILE.relative_to(ROOT)} names a symbol whose documentation is now complete, or that is gone:"
        f" {key} (remove the line)"
        for key in sorted(allowed - matched)
    ]
    if failures:
        for failure in failures:
            print(f"check-docs: {failure}", file=sys.stderr)
        sys.exit(1)
    print("check-docs: passed")


def self_test():
    """Runs the check's parts on a fixture module (`scripts/docs-fixture`): they must find its
    undocumented symbols, its doc comment that misses a parameter, its broken link and its
    sample that is not in the code, and nothing in its good catalog; or the check could not fail."""
    with tempfile.TemporaryDirectory(prefix="check-docs-self-test-") as scratch:
        scratch = Path(scratch)
        modules = scratch / "modules"
        modules.mkdir()
        result = subprocess.run(
            ["swiftc", "-parse-as-library", "-emit-module", "-module-name", "DocsFixture", "-emit-module-path",
             str(modules / "DocsFixture.swiftmodule"), str(FIXTURE_DIR / "DocsFixture.swift")],
            capture_output=True, text=True)
        if result.returncode != 0:
            fail(f"self-test: the fixture did not compile:\n{result.stderr}")
        graphs = scratch / "graphs"
        extract_symbol_graph("DocsFixture", ["-I", str(modules)], graphs)

        def messages(catalog, allowed):
            problems, _ = module_problems("DocsFixture", catalog, graphs, scratch / catalog.stem, FIXTURE_DIR, allowed)
            return sorted(message for _, message in problems)

        expected = sorted([
            "docc: DocsFixture.swift:12: Parameter 'b' is missing documentation",
            "undocumented public symbol: DocsFixture.swift:8 Palette.undocumentedColor",
            "undocumented public symbol: DocsFixture.swift:18 undocumentedFunction()",
        ])
        found = messages(FIXTURE_DIR / "Good.docc", set())
        if found != expected:
            fail(f"self-test: the fixture's problems are {found}, expected {expected}")
        allowed = {
            "DocsFixture.swift add(_:_:)", "DocsFixture.swift Palette.undocumentedColor",
            "DocsFixture.swift undocumentedFunction()",
        }
        found = messages(FIXTURE_DIR / "Good.docc", allowed)
        if found:
            fail(f"self-test: the allowed problems were reported: {found}")
        broken = messages(FIXTURE_DIR / "Broken.docc", allowed)
        if not any("NoSuchSymbol" in message for message in broken):
            fail(f"self-test: the broken link was not reported: {broken}")
        if len(unmatched_samples(FIXTURE_DIR / "Broken.docc", FIXTURE_DIR)) != 1:
            fail("self-test: the sample that is not in the code was not reported")
        if unmatched_samples(FIXTURE_DIR / "Good.docc", FIXTURE_DIR):
            fail("self-test: a sample that is in the code was reported")
    print("check-docs: self-test passed (undocumented symbols, a missing parameter, a broken link and a sample"
          " not in the code are each reported)")


if __name__ == "__main__":
    os.chdir(ROOT)
    if "--self-test" in sys.argv[1:]:
        self_test()
    else:
        check(list_all="--list" in sys.argv[1:])
