"""docs/table-messages.md is generated from the Structs: the page and the schema cannot drift apart."""

from __future__ import annotations

import importlib.util
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "table_messages_doc.py"


def load_tool():
    spec = importlib.util.spec_from_file_location("table_messages_doc", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_is_what_the_structs_generate():
    tool = load_tool()
    page = tool.PAGE.read_text(encoding="utf-8")
    assert page == tool.page_with(tool.render()), "run: python tools/table_messages_doc.py"


def test_every_message_and_command_is_on_the_page():
    tool = load_tool()
    generated = tool.render()
    for cls in (*tool.m.MESSAGE_TYPES, *tool.m.COMMAND_TYPES):
        assert f"### `{tool.m.tag_of(cls)}` ({cls.__name__})" in generated
        for name in cls.__struct_encode_fields__:
            assert f"| `{name}` |" in generated or name == "game_id", (cls.__name__, name)
