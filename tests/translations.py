"""The translation catalogs as the tests read them: every message's texts per language, from the .po sources."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


@cache
def catalogs_tool() -> ModuleType:
    """``tools/catalogs.py`` (a script, not a package module), loaded once."""
    spec = importlib.util.spec_from_file_location("tala_catalogs_tool", ROOT / "tools" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@cache
def messages(language: str) -> dict[str, tuple[str, ...]]:
    """Every message id of ``language``'s catalog -> its texts (one, or each plural form in the language's order)."""
    tool = catalogs_tool()
    out: dict[str, tuple[str, ...]] = {}
    for message in tool.read_catalog(language):
        if message.id:
            key = message.id if isinstance(message.id, str) else message.id[0]
            out[key] = tuple(message.string) if isinstance(message.string, (list, tuple)) else (message.string,)
    return out


def plural_ids() -> set[str]:
    """The ids that have plural forms (said of a count)."""
    return {key for key, texts in messages("en").items() if len(texts) > 1}


def every_text() -> list[str]:
    """Every text of every message in every language."""
    tool = catalogs_tool()
    return [text for language in tool.languages() for texts in messages(language).values() for text in texts]
