"""The strings an engine's modules hold outside docstrings and comments: what players may read (the log, prompts,
options, refusals). Players have no spec, so none of these may cite one; the rules tests and comments do."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# "(spec 4.8.5)", "spec 9.6", "(RR p.16)", "(FAQ 1.49)", "rulebook p. 12", and the LCG's campaign and tournament
# sections: "(C 12.5.3.2)", "spec 7.3; C 12.5", "(C 16)"
CITATION = re.compile(r"\bspec \d|\bRR p\.|\bFAQ \d|\brulebook\b|§|\(C \d|\bC \d+\.\d", re.IGNORECASE)


def citations(package: str) -> list[str]:
    """`path:line: text` of each string literal (f-string parts too) in `package` that cites a rule source."""
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(node.body[0].value) for node in ast.walk(tree)
                if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        found += [f"{path.relative_to(ROOT)}:{node.lineno}: {node.value}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
                  and CITATION.search(node.value)]
    return found
