"""A learner speaking Streamlit's own websocket protocol (the protobuf messages its browser client
sends), for the load benchmark and the load test: open a page, set widgets and click, trigger the
play table's actions, and read what each run drew (its widgets' ids, the table's data)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg


@dataclass
class Run:
    """What one run of the page drew: each widget's id by its key (the end of its id), and the data
    of each custom component by its key."""

    widgets: dict[str, str] = field(default_factory=dict)
    components: dict[str, dict[str, Any]] = field(default_factory=dict)
    texts: list[str] = field(default_factory=list)
    page_script_hash: str = ""
    """The page the run ran: a rerun that sends widgets back names it, as the browser does."""
    fragments: list[str] = field(default_factory=list)
    """The fragments the run drew (their ids, in order): a fragment is rerun alone by its id."""
    fragment_run: bool = False
    """Whether this was the run of one fragment (its widgets and texts are that fragment's only)."""

    def widget(self, key: str) -> str:
        """The id of the widget keyed ``key``."""
        return self.widgets[key]

    def widget_starting(self, prefix: str) -> str:
        """The id of the widget whose key starts with ``prefix`` (a puzzle's answer box, its Check)."""
        return next(wid for key, wid in self.widgets.items() if key.startswith(prefix))


def _key_of(widget_id: str) -> str:
    """A widget's key from its id, ``$$ID-<hash>-<key>``."""
    return widget_id.split("-", 2)[-1]


def rerun_message(page: str, query: str, values: dict[str, Any] | None = None,
                  trigger: str | None = None, json_trigger: tuple[str, Any] | None = None,
                  after: Run | None = None, fragment: str | None = None) -> bytes:
    """A rerun of ``page`` (``?query``) with widget values (by widget id: a str, an int, a float or a
    bool), a button clicked (``trigger``, its id), or a component's event (its id and the event list);
    ``after``: the run whose widgets these are (its page is named, as the browser does); ``fragment``:
    rerun that fragment alone, as the browser does for a fragment that reruns on a timer."""
    msg = BackMsg()
    if fragment is not None:
        msg.rerun_script.fragment_id = fragment
        msg.rerun_script.is_auto_rerun = True
    msg.rerun_script.query_string = query
    msg.rerun_script.page_name = page
    if after is not None and after.page_script_hash:
        msg.rerun_script.page_script_hash = after.page_script_hash
    for wid, value in (values or {}).items():
        state = msg.rerun_script.widget_states.widgets.add()
        state.id = wid
        if isinstance(value, bool):
            state.bool_value = value
        elif isinstance(value, int):
            state.int_value = value
        elif isinstance(value, float):
            state.double_value = value
        else:
            state.string_value = str(value)
    if trigger is not None:
        state = msg.rerun_script.widget_states.widgets.add()
        state.id = trigger
        state.trigger_value = True
    if json_trigger is not None:
        state = msg.rerun_script.widget_states.widgets.add()
        state.id = json_trigger[0]
        state.json_trigger_value = json.dumps(json_trigger[1])
    return msg.SerializeToString()


async def read_run(ws: websockets.ClientConnection) -> Run:
    """Read the server's messages up to the end of the run, noting widgets, components and texts (a
    run that ends early to run again, ``st.rerun``, is read on into the run that follows)."""
    run = Run()
    while True:
        fm = ForwardMsg()
        fm.ParseFromString(await ws.recv())
        kind = fm.WhichOneof("type")
        if kind == "navigation":  # st.navigation: the page this run ran
            run.page_script_hash = fm.navigation.page_script_hash
        if kind == "delta" and fm.delta.fragment_id and fm.delta.fragment_id not in run.fragments:
            run.fragments.append(fm.delta.fragment_id)
        if kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
            element = fm.delta.new_element
            inner_kind = element.WhichOneof("type") or ""
            inner = getattr(element, inner_kind)
            widget_id = str(getattr(inner, "id", "") or "")
            if widget_id.startswith("$$ID-"):
                run.widgets[_key_of(widget_id)] = widget_id
            if inner_kind == "bidi_component":
                run.components[_key_of(widget_id)] = json.loads(inner.json) if inner.json else {}
            for name in ("body", "label"):
                text = getattr(inner, name, None)
                if isinstance(text, str) and text:
                    run.texts.append(text)
        if kind == "script_finished":
            if fm.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                run = Run(page_script_hash=run.page_script_hash)
                continue
            run.fragment_run = fm.script_finished == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
            return run


async def connect(url: str, affinity: str) -> websockets.ClientConnection:
    """A new session with the app at ``url`` (nginx's affinity cookie ``affinity``)."""
    return await websockets.connect(f"{url.replace('http', 'ws', 1)}/_stcore/stream",
                                    subprotocols=["streamlit"],  # type: ignore[list-item]
                                    max_size=None, additional_headers={"Cookie": f"gt_server={affinity}"})


def table_action(table: dict[str, Any]) -> str | None:
    """What a learner does at the play table as it is drawn: pass on the first upcard, else draw from
    the stock, else throw the first card it may; None when nothing can be done now."""
    if any(b["id"] == "pass" and b["active"] for b in table.get("buttons", [])):
        return "pass"
    if table.get("stock", {}).get("active"):
        return "stock"
    for group in table.get("groups", []):
        for card in group["cards"]:
            if card["active"]:
                return f"card:{card['id']}"
    return None


def table_event(table_id: str) -> str:
    """The id of the play table's event widget (its clicks), from the table's own id."""
    return f"$$STREAMLIT_INTERNAL_KEY_{table_id}__events"
