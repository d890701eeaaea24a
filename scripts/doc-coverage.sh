#!/usr/bin/env bash
# Lists the public declarations of a module's sources that have no `///` documentation comment, and fails when there
# is one. DocC renders an undocumented symbol without a word and does not warn, so scripts/docs.sh runs this first.
#
#   scripts/doc-coverage.sh                        # Sources/MediaFormats
#   scripts/doc-coverage.sh Sources/LivePhotoCore  # another module's folder (or single files)
#
# A declaration is public when it says `public` or `open`, when it is a member of a `public extension` that does
# not narrow its access, a case of a public enum, or a requirement of a public protocol. Its comment is the line
# directly above it, attribute lines (`@inlinable`, `@available(...)`) passed over. Extensions themselves are not
# declarations (DocC shows their members under the type). Prints `file:line: declaration` for each one missing, then
# how many; exits 1 when any is, 2 on bad arguments.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- Sources/MediaFormats
for path in "$@"; do
  [ -e "$path" ] || { echo "doc-coverage: no such file or folder: $path" >&2; exit 2; }
done
python3 - "$@" <<'PY'
import os
import re
import sys

KEYWORDS = {"class", "struct", "enum", "protocol", "actor", "extension", "func", "init", "subscript", "var", "let",
            "typealias", "associatedtype", "case", "macro"}
MODIFIERS = {"public", "open", "private", "fileprivate", "internal", "package", "static", "class", "final", "override",
             "mutating", "nonmutating", "lazy", "weak", "unowned", "convenience", "required", "dynamic", "indirect",
             "nonisolated", "optional", "prefix", "postfix", "infix", "distributed", "consuming", "borrowing"}
LEADING_ATTRIBUTES = re.compile(r"^(@\w+(\([^)]*\))?\s+)*")
ATTRIBUTE = re.compile(r"^@\w+(\(.*\))?$")
TYPES = {"class", "struct", "enum", "protocol", "actor", "extension"}
NARROWER = {"private", "fileprivate", "internal", "package"}


def declaration(code):
    """The modifiers and keyword a line of code declares with, or None."""
    words = re.findall(r"[\w]+(?:\(set\))?|\S", LEADING_ATTRIBUTES.sub("", code))
    modifiers = set()
    for index, word in enumerate(words):
        following = words[index + 1] if index + 1 < len(words) else ""
        if word in KEYWORDS and not (word == "class" and following in MODIFIERS | KEYWORDS):
            return modifiers, word
        if word.endswith("(set)"):
            continue  # `public private(set) var`: the setter's access, not the declaration's
        if word not in MODIFIERS:
            return None
        modifiers.add(word)
    return None


def code_only(line, state):
    """The line without its comments and string literals; `state` carries a block comment or multi-line string."""
    out, i = [], 0
    while i < len(line):
        if state["block"]:
            end = line.find("*/", i)
            if end < 0:
                return "".join(out)
            state["block"], i = False, end + 2
        elif state["multiline"]:
            end = line.find('"""', i)
            if end < 0:
                return "".join(out)
            state["multiline"], i = False, end + 3
        elif line.startswith("//", i):
            break
        elif line.startswith("/*", i):
            state["block"], i = True, i + 2
        elif line.startswith('"""', i):
            state["multiline"], i = True, i + 3
        elif line[i] == '"':
            i += 1
            while i < len(line) and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
            out.append('""')
            i += 1
        else:
            out.append(line[i])
            i += 1
    return "".join(out)


def missing(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    state = {"block": False, "multiline": False}
    scopes = []  # for each open brace: (kind, public) of what it opened
    pending = None  # a declaration whose brace has not opened yet (a signature over several lines)
    found = []
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        code = code_only(raw, state).strip()
        if not code:
            continue
        found_declaration = declaration(code)
        if found_declaration:
            modifiers, keyword = found_declaration
            parent_kind, parent_public = scopes[-1] if scopes else (None, False)
            if keyword == "case" and parent_kind != "enum":
                pass  # a switch's case
            else:
                if keyword == "case":
                    implied = parent_public  # a public enum's cases are public
                elif parent_kind == "protocol":
                    implied = parent_public  # and so are a public protocol's requirements
                else:  # a public extension's members unless they say otherwise
                    implied = parent_public and parent_kind == "extension" and not (modifiers & NARROWER)
                is_public = bool(modifiers & {"public", "open"}) or implied
                if is_public and keyword != "extension" and not documented(lines, number):
                    found.append(f"{path}:{number}: {text}")
                pending = (keyword, is_public)
        for ch in code:
            if ch == "{":
                scopes.append(pending if pending and pending[0] in TYPES else ("block", False))
                pending = None
            elif ch == "}" and scopes:
                scopes.pop()
    return found


def documented(lines, number):
    index = number - 2
    while index >= 0 and ATTRIBUTE.match(lines[index].strip()):
        index -= 1
    return index >= 0 and lines[index].strip().startswith("///")


paths = []
for root in sys.argv[1:]:
    if os.path.isfile(root):
        paths.append(root)
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        paths += [os.path.join(folder, name) for name in sorted(files) if name.endswith(".swift")]
found = [line for path in paths for line in missing(path)]
for line in found:
    print(line)
sys.stdout.flush()
print(f"doc-coverage: {len(found)} public declarations without a documentation comment in {' '.join(sys.argv[1:])}",
      file=sys.stderr)
sys.exit(1 if found else 0)
PY
