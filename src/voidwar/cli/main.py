"""``voidwar``: play, simulate, balance and replay every ruleset from the terminal."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ..ai import registry as policy_registry
from ..core.errors import UnknownName, VoidwarError
from ..core.registry import get_ruleset, rulesets
from ..core.version import __version__
from .options import parse_options
from .tools import WithRulesetTools

app = typer.Typer(cls=WithRulesetTools, no_args_is_help=True, add_completion=False,
                  help="voidwar — tabletop space-combat wargames, rules enforced.")
console = Console()
err = Console(stderr=True)


def fail(e: Exception) -> None:
    """Print the error and exit with status 2."""
    err.print(f"[red]error:[/red] {e}")
    raise typer.Exit(2)


@app.command("list")
def list_rulesets() -> None:
    """The rulesets, their scenarios and policies."""
    t = Table(show_header=True, header_style="bold")
    every: dict[str, tuple[Any, list[str], list[str]]] = {
        name: (info, list(info.scenarios()), policy_registry.names(name))
        for name, info in rulesets().items()}
    # names are what a person types: never cut (a column at least as wide as its longest)
    t.add_column("ruleset", no_wrap=True, min_width=max(map(len, every), default=7))
    t.add_column("title")
    for col, k in (("scenarios", 1), ("policies", 2)):
        t.add_column(col, min_width=max((len(n) for v in every.values() for n in v[k]),
                                        default=4))
    for name, (info, scenarios, policies) in every.items():
        t.add_row(name, info.title, "\n".join(scenarios), ", ".join(policies))
    console.print(t)


OptionList = Annotated[list[str] | None, typer.Option("-o", "--option",
                                                     help="ruleset option key=value")]


@app.command()
def play(
    ruleset: Annotated[str, typer.Argument(help="antilles, space-fleet, astral-dreams, …")],
    scenario: Annotated[str | None, typer.Option(help="scenario name")] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the dice")] = None,
    dice: Annotated[str | None, typer.Option(help="'manual' to type each die result")] = None,
    tables: Annotated[Path | None, typer.Option(help="Antilles: your own table file")] = None,
    army_a: Annotated[Path | None, typer.Option(help="Astral Dreams: army file, side A")] = None,
    army_b: Annotated[Path | None, typer.Option(help="Astral Dreams: army file, side B")] = None,
    grid: Annotated[Path | None, typer.Option(help="Attack Vector: your own movement grid "
                                                   "remainder table (A2.1)")] = None,
    vs: Annotated[str | None, typer.Option(help="a policy plays every seat but the first")] = None,
    auto: Annotated[str | None, typer.Option(help="a policy plays every seat; you watch")] = None,
    load_file: Annotated[Path | None, typer.Option("--load", help="resume a saved record")] = None,
    new: Annotated[bool, typer.Option("--new", help="start afresh: do not offer an unfinished "
                                                    "autosaved game")] = False,
    autosave: Annotated[bool, typer.Option(help="autosave after every action (in "
                                                "$VOIDWAR_AUTOSAVE_DIR or ~/.local/state/"
                                                "voidwar/autosave)")] = True,
    option: OptionList = None,
    plain: Annotated[bool, typer.Option("--plain", help="line by line even on a terminal (no "
                                                        "full screen)")] = False,
) -> None:
    """Play a game in the terminal (type `help` at the prompt; docs/terminal.md)."""
    from .terminal import run_terminal

    try:
        if dice not in (None, "manual", "seeded"):
            raise UnknownName(f"unknown --dice {dice!r} (manual or seeded)")
        opts = parse_options(option, tables=str(tables) if tables else None,
                             army_a=str(army_a) if army_a else None,
                             army_b=str(army_b) if army_b else None,
                             movement_grid=str(grid) if grid else None)
        code = run_terminal(ruleset, scenario, seed, dice, opts, vs=vs, auto=auto,
                            load_file=load_file, console=console, autosave=autosave,
                            offer=not new, plain=plain)
    except VoidwarError as e:
        fail(e)
    raise typer.Exit(code)


@app.command()
def simulate(
    ruleset: Annotated[str, typer.Argument()],
    games: Annotated[int, typer.Option(min=1, help="number of games")] = 1000,
    policy: Annotated[str, typer.Option(help="policy of the first seat (all seats without --vs)")]
    = "heuristic",
    vs: Annotated[str | None, typer.Option(help="policy of the other seats")] = None,
    scenario: Annotated[str | None, typer.Option()] = None,
    seed: Annotated[int, typer.Option(help="master seed; game i uses derive_seed(S, i)")] = 0,
    workers: Annotated[int, typer.Option(min=0, help="processes (0 = all cores)")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
    plot: Annotated[Path | None, typer.Option(help="write a PNG: every seat's score and the "
                                                   "outcome levels")] = None,
    report: Annotated[Path | None, typer.Option(help="write one self-contained HTML page "
                                                     "(tables, intervals, plots)")] = None,
    tables: Annotated[Path | None, typer.Option(help="Antilles: your own table file")] = None,
    grid: Annotated[Path | None, typer.Option(help="Attack Vector: your own movement grid "
                                                   "remainder table (A2.1)")] = None,
    option: OptionList = None,
    backend: Annotated[str, typer.Option(help="local (processes) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (with --backend ray)")]
    = None,
) -> None:
    """Play many games between policies; print outcome rates and means with 95% intervals."""
    from .reports import simulate_report

    simulate_report(ruleset, games, policy, vs, scenario, seed, workers, as_json, plot, report,
                    parse_options(option, tables=str(tables) if tables else None,
                                  movement_grid=str(grid) if grid else None), backend,
                    address)


@app.command()
def balance(
    ruleset: Annotated[str, typer.Argument()],
    games: Annotated[int, typer.Option(min=1, help="games per matchup")] = 200,
    policy: Annotated[str, typer.Option(help="policy of both sides")] = "heuristic",
    seed: Annotated[int, typer.Option()] = 0,
    workers: Annotated[int, typer.Option(min=0, help="processes (0 = all cores)")] = 1,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    report: Annotated[Path | None, typer.Option(help="write one self-contained HTML page")]
    = None,
) -> None:
    """Win-rate matrix of equal-cost matchups (first side's win rate, 95% interval), each
    matchup's fleets or armies named."""
    from .reports import balance_report

    balance_report(ruleset, games, policy, seed, workers, as_json, report)


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="a saved record (JSON)")],
    upto: Annotated[int | None, typer.Option(help="stop after this many actions")] = None,
) -> None:
    """Check a record and print its game, action by action, with every roll."""
    from ..core.record import load_record_file, replay, signature_note

    try:
        rec = load_record_file(file)
        game = replay(rec, upto=upto)
        console.print(signature_note(rec))
    except VoidwarError as e:
        fail(e)
    info = get_ruleset(game.ruleset)
    for ev in game.log:
        console.print(("    " if ev.kind == "roll" else "") + ev.text)
    if info.render:
        console.print(info.render(game))
    if game.over and game.result:
        from .words import result_line

        console.print("result: " + result_line(game).removeprefix("Game over: "))


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="port (1–65535)")] = 8000,
    db: Annotated[str | None, typer.Option(help="database URL (default: SQLite in your data "
                                                 "folder; postgresql://… for PostgreSQL)")] = None,
    workers: Annotated[int, typer.Option(min=1, help="server processes (more than one "
                                                     "needs PostgreSQL)")] = 1,
    client_seeds: Annotated[bool, typer.Option(help="let a game's creator choose the dice "
                                                    "seed (every seat is told)")] = False,
    bots: Annotated[bool, typer.Option(help="make bot moves here (--no-bots: leave them to "
                                            "`voidwar bots` workers)")] = True,
    smtp: Annotated[str | None, typer.Option(
        help="SMTP server for e-mail (turn e-mails, reminders, verification, password "
             "reset): smtp://host:port, smtp+starttls://user:password@host:587 or "
             "smtps://user:password@host:465; none: no e-mail")] = None,
    mail_from: Annotated[str, typer.Option(help="the From of the e-mails")] = (
        "voidwar <voidwar@localhost>"),
    public_url: Annotated[str | None, typer.Option(
        help="the address players reach this server at, for links in e-mails (default: "
             "http://localhost:PORT)")] = None,
    secure_cookies: Annotated[bool, typer.Option(
        help="session cookies only over HTTPS (behind a TLS proxy)")] = False,
    mail_delay: Annotated[float, typer.Option(
        min=0, help="seconds after a turn begins before its e-mail goes (a player back on "
                    "the game's page by then gets none)")] = 30.0,
) -> None:
    """Serve the web page and its JSON API: play in the browser."""
    from ..web.server import serve as run_server
    from ..web.table import TableConfig
    from ..web.table.mail import smtp_problem
    from .reports import port_problem

    problem = port_problem(host, port) or smtp_problem(smtp)
    if problem:
        fail(UnknownName(problem))
    table = TableConfig(smtp=smtp, mail_from=mail_from,
                        public_url=public_url or f"http://localhost:{port}",
                        secure_cookies=secure_cookies, mail_delay=mail_delay)
    run_server(host, port, db, workers=workers, client_seeds=client_seeds, bots=bots,
               table=table)


@app.command()
def bots(
    db: Annotated[str | None, typer.Option(help="the servers' database URL")] = None,
) -> None:
    """Make the bot moves of the served games (a process that serves no pages)."""
    from ..web.server import run_bots

    run_bots(db)


@app.command()
def version() -> None:
    """Print the engine version."""
    console.print(f"voidwar {__version__}")


def _mount_subcommands() -> None:
    """Sub-commands that live in their own modules."""
    from .assist import assist_app
    from .dev import dev_app
    from .tournament import tournament_command

    app.add_typer(dev_app, name="dev")
    app.add_typer(assist_app, name="assist")
    app.command("tournament")(tournament_command)


_mount_subcommands()

if __name__ == "__main__":
    app()
