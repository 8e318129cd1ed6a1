"""The prompt (prompt_toolkit): line editing, history kept between games, Tab completion of the
legal actions (word by word) and of the commands, and F2 for the action that ends the step."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

from .entry import end_action
from .saves import autosave_dir

#: the commands the terminal game knows besides actions (the ruleset may add queries)
COMMANDS = ("help", "legal", "more", "undo", "save", "load", "log", "board", "quit")


def next_words(text: str, candidates: Iterable[str]) -> list[str]:
    """The completions of ``text`` among ``candidates``: each candidate that begins with it,
    cut after the next word (so Tab goes word by word through ``move P3 to 5,-5``)."""
    low = text.lower()
    out: dict[str, None] = {}
    for c in candidates:
        if not c.lower().startswith(low):
            continue
        cut = c.find(" ", len(text) + (1 if c[len(text):len(text) + 1] == " " else 0))
        out[c if cut < 0 else c[:cut + 1]] = None
    return list(out)


class ActionCompleter(Completer):
    """Completes the legal actions of the moment and the command words."""

    def __init__(self, legal: Callable[[], Sequence[str]], commands: Sequence[str]) -> None:
        self.legal = legal
        self.commands = commands

    def get_completions(self, document: Document,
                        complete_event: CompleteEvent) -> Iterable[Completion]:
        """Whole-line completions (the line so far is replaced by each)."""
        text = document.text_before_cursor
        pool = list(self.legal()) + ([] if " " in text else list(self.commands))
        for c in next_words(text, pool)[:200]:
            yield Completion(c, start_position=-len(text))


def history_file() -> History:
    """The prompt history (kept beside the autosaves), in memory if that folder is unusable."""
    try:
        d = autosave_dir().parent
        d.mkdir(parents=True, exist_ok=True)
        return FileHistory(str(Path(d) / "history"))
    except OSError:
        return InMemoryHistory()


def make_prompt(legal: Callable[[], Sequence[str]],
                commands: Sequence[str]) -> Callable[[str], str]:
    """A read function for the terminal game: ``read(prompt) → line`` (raises EOFError on
    Ctrl-D, KeyboardInterrupt on Ctrl-C)."""
    keys = KeyBindings()

    @keys.add("f2")
    def _end_step(event: KeyPressEvent) -> None:
        end = end_action(legal())
        if end is not None:
            event.current_buffer.text = end
            event.current_buffer.validate_and_handle()

    session: PromptSession[str] = PromptSession(
        history=history_file(), completer=ActionCompleter(legal, commands),
        key_bindings=keys, complete_while_typing=False, enable_history_search=False)

    def read(prompt: str) -> str:
        return session.prompt(prompt)

    return read
