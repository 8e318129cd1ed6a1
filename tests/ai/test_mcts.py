"""MCTS on tiny games: reproducible, stronger than random, blind to secret orders and dice."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from toys import Push, Word

import voidwar
from voidwar.ai import MCTSPolicy, RandomPolicy
from voidwar.ai.mcts import terminal_values
from voidwar.core.chance import CHANCE
from voidwar.core.game import Action, Game, Result
from voidwar.core.policy import Policy
from voidwar.core.registry import search_hooks
from voidwar.core.search import SearchHooks


def play(game: Game, policies: dict[str, Policy]) -> Game:
    while not game.over:
        game.apply(policies[game.to_act or ""].choose(game))
    return game


def test_registered_as_generic_policy() -> None:
    pol = voidwar.policies.get("mcts", "toy-pig", seed=3)
    assert isinstance(pol, MCTSPolicy)
    assert "mcts" in voidwar.policies.names("toy-pig")


def test_same_seed_same_choices_and_does_not_touch_the_game() -> None:
    g = voidwar.load("toy-pig", seed=5)
    before = (g.digest(), list(g.actions), g.dice.history[:])
    a = MCTSPolicy(seed=9, iterations=150)
    b = MCTSPolicy(seed=9, iterations=150)
    assert a.choose(g) == b.choose(g)
    assert a.last_stats == b.last_stats
    assert a.last_iterations == 150
    assert (g.digest(), list(g.actions), g.dice.history) == before


def test_search_never_sees_the_real_future_dice() -> None:
    # Two games identical so far but with different future rolls: the search must choose the same.
    g1 = voidwar.load("toy-pig", dice=[6, 6, 6, 6, 6, 6, 6])
    g2 = voidwar.load("toy-pig", dice=[1, 1, 1, 1, 1, 1, 1])
    s1, s2 = MCTSPolicy(seed=1, iterations=100), MCTSPolicy(seed=1, iterations=100)
    assert s1.choose(g1) == s2.choose(g2)
    assert s1.last_stats == s2.last_stats


def test_pig_holds_with_a_big_turn_total_near_the_target() -> None:
    # red sits at 11 of 15 with 4 points this turn: holding reaches 15 and wins at once, while
    # rolling risks a 1 (1 in 6) that passes the turn with nothing.
    g = voidwar.load("toy-pig", seed=0)
    assert isinstance(g, Game)
    g.score["red"] = 11  # type: ignore[attr-defined]
    g.turn_total = 4  # type: ignore[attr-defined]
    assert str(MCTSPolicy(seed=0, iterations=200).choose(g)) == "hold"


def test_mcts_beats_random_at_pig() -> None:
    wins = 0
    for i in range(12):
        seats = ("red", "blue") if i % 2 == 0 else ("blue", "red")
        g = voidwar.load("toy-pig", seed=100 + i)
        play(g, {seats[0]: MCTSPolicy(seed=i, iterations=150), seats[1]: RandomPolicy(i)})
        assert g.result is not None
        wins += g.result.winner == seats[0]
    assert wins >= 9


def test_solitaire_mean_score_beats_random() -> None:
    tot = {"mcts": 0.0, "random": 0.0}
    for i in range(12):
        pols: list[tuple[str, Policy]] = [
            ("mcts", MCTSPolicy(seed=i, iterations=150)), ("random", RandomPolicy(i))]
        for name, pol in pols:
            g = play(voidwar.load("toy-push", seed=i), {"solo": pol})
            assert g.result is not None
            tot[name] += g.result.scores["solo"]
    assert tot["mcts"] > tot["random"] * 1.3


def test_decoupled_selection_ignores_the_other_seats_secret_order() -> None:
    # b orders after a; a's order is secret. b's choice must not depend on what a ordered.
    choices = set()
    stats = []
    for a_order in ("rock", "paper", "scissors"):
        g = voidwar.load("toy-rps", seed=0)
        g.apply(a_order)
        pol = MCTSPolicy(seed=4, iterations=120)
        choices.add(str(pol.choose(g)))
        stats.append(pol.last_stats)
    assert len(choices) == 1
    assert stats[0] == stats[1] == stats[2]


def test_without_the_secret_hook_the_search_would_exploit_the_order() -> None:
    # the control for the test above: a subclass that declares nothing secret lets b see a's
    # order, and b then plays the winning reply
    from toys import RPS

    class OpenRPS(RPS):
        def is_secret(self, action: object) -> bool:  # type: ignore[override]
            return False

    g = OpenRPS(voidwar.core.SeededDice(0), None, {})
    g.apply("rock")
    assert str(MCTSPolicy(seed=4, iterations=300).choose(g)) == "paper"


def test_seconds_budget_runs_at_least_one_iteration() -> None:
    g = voidwar.load("toy-pig", seed=2)
    pol = MCTSPolicy(seed=0, seconds=0.05)
    pol.choose(g)
    assert pol.last_iterations >= 1


def test_rollout_policy_by_name_and_object() -> None:
    g = voidwar.load("toy-pig", seed=2)
    assert str(MCTSPolicy(seed=0, iterations=30, rollout="random").choose(g)) in ("roll", "hold")
    assert str(MCTSPolicy(seed=0, iterations=30, rollout=RandomPolicy(1)).choose(g)) in (
        "roll", "hold")


def test_plays_explicit_chance_games_sampling_the_chance_seat() -> None:
    g = voidwar.load("toy-pig", seed=3, chance="explicit")
    pol = MCTSPolicy(seed=1, iterations=40)
    steps = 0
    while not g.over and steps < 400:
        seat = g.to_act
        g.apply(pol.choose(g))
        steps += 1
        if seat == CHANCE:
            assert g.to_act != CHANCE
    assert g.over


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        (Result("x", {"red": 3, "blue": 1}, winner="red"), {"red": 1.0, "blue": 0.0}),
        (Result("x", {"red": 2, "blue": 2}), {"red": 0.5, "blue": 0.5}),
    ],
)
def test_terminal_values_two_seats(result: Result, expected: dict[str, float]) -> None:
    assert terminal_values(result, ("red", "blue")) == expected


def test_terminal_values_solitaire_is_the_score() -> None:
    assert terminal_values(Result("x", {"solo": 42}), ("solo",)) == {"solo": 42.0}


def test_bad_budget_is_refused() -> None:
    with pytest.raises(ValueError):
        MCTSPolicy(iterations=0)


class _AlwaysHold:
    name = "always-hold"

    def choose(self, game: Game) -> object:
        return game.parse_action("hold")


def test_prior_is_tried_first_and_wins_ties_of_a_tiny_budget() -> None:
    g = voidwar.load("toy-pig", seed=0)
    g.turn_total = 3  # type: ignore[attr-defined]
    pol = MCTSPolicy(seed=0, iterations=1, prior=_AlwaysHold())  # type: ignore[arg-type]
    assert str(pol.choose(g)) == "hold"
    assert pol.last_stats["hold"][0] == 1 and "roll" not in pol.last_stats
    # with a real budget the search overrules a bad prior: rolling at 0 + 3 is clearly better
    pol = MCTSPolicy(seed=0, iterations=400, prior=_AlwaysHold())  # type: ignore[arg-type]
    assert str(pol.choose(g)) == "roll"


def test_mcts_h_is_registered() -> None:
    pol = voidwar.policies.get("mcts-h", "toy-pig", seed=1)
    assert isinstance(pol, MCTSPolicy) and pol.prior == "heuristic"


def test_final_choice_rules_on_paper() -> None:
    pol = MCTSPolicy()
    # UCT kept sampling a sure 33 (abort) while continuing averaged 38 over fewer samples:
    pol.last_stats = {"abort": (10, 33.0), "continue": (3, 38.0)}
    assert pol._final(None) == "abort"  # continue has under half the visits of abort
    assert pol._final("continue") == "continue"  # abort beats the prior in visits, not in mean
    pol.last_stats = {"abort": (6, 33.0), "continue": (4, 38.0)}
    assert pol._final(None) == "continue"  # both well sampled: the better mean
    pol.last_stats = {"a": (1, 87.0), "b": (1, 99.0), "c": (5, 90.0)}
    assert pol._final("a") == "c"  # more visits and a better mean than the prior's choice


def test_paired_final_choice_judges_sample_by_sample_differences() -> None:
    from voidwar.ai.mcts import _Node

    pol = MCTSPolicy(paired=True)
    root = _Node()
    pol.last_root = root
    # the same dice in sample k: "b" is 2 better in every sample although both means are noisy
    root.samples = {"a": [10.0, 50.0, 30.0, 70.0], "b": [12.0, 52.0, 32.0, 72.0]}
    pol.last_stats = {"a": (4, 40.0), "b": (4, 42.0)}
    assert pol._final("a") == "b"
    pol.paired = False  # two independent means 2 apart with a spread of 20: not clear
    assert pol._final("a") == "a"
    pol.paired = True  # sample for sample the same game (shots in another order): no change
    root.samples = {"a": [10.0, 50.0, 30.0], "b": [10.0, 50.0, 30.0]}
    pol.last_stats = {"a": (3, 30.0), "b": (3, 30.0)}
    assert pol._final("a") == "a"
    root.samples = {"a": [10.0, 50.0, 30.0, 70.0], "b": [30.0, 30.0, 30.0, 30.0]}
    pol.last_stats = {"a": (4, 40.0), "b": (4, 30.0)}  # better once, worse on the whole
    assert pol._final("a") == "a"


def test_attack_vector_search_never_sees_the_other_seats_secret_orders(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Real ruleset: red searches after blue's secret orders; which orders must not matter
    (how many orders blue gave is public: the view shows the count). The leaf value reads
    blue's pending orders, so any leak would show in the statistics."""
    from voidwar.core.game import Game
    from voidwar.rulesets.attack_vector.game import AttackVectorGame

    def search(orders: list[str], rollout: str | None = None) -> dict[str, tuple[int, float]]:
        g = voidwar.load("attack-vector", scenario="duel", seed=3)
        assert g.to_act == "blue"
        g.apply_all(orders)
        assert g.to_act == "red"
        pol = MCTSPolicy(seed=2, iterations=12, max_rollout_steps=1, evaluate=blue_thrust,
                         rollout=rollout)
        pol.choose(g)
        return pol.last_stats

    g = voidwar.load("attack-vector", scenario="duel", seed=3)
    assert g.is_secret(g.parse_action("thrust 5")) and g.is_secret(g.parse_action("done"))
    stats = [search(o) for o in (["thrust 2", "done"], ["thrust 5", "done"],
                                 ["thrust 1", "done"])]
    assert stats[0] and stats[0] == stats[1] == stats[2]
    # with a rollout policy, blue's hidden orders are its prediction from what red can see
    modelled = [search(o, "heuristic") for o in (["thrust 2", "done"], ["thrust 5", "done"])]
    assert modelled[0] and modelled[0] == modelled[1]
    # the control: declare nothing secret, and the search sees blue's "thrust 5"
    monkeypatch.setattr(AttackVectorGame, "is_secret", Game.is_secret)
    seen = [search(o) for o in (["thrust 2", "done"], ["thrust 5", "done"])]
    assert seen[0] != seen[1]


def blue_thrust(g: voidwar.Game) -> dict[str, float]:
    """A leaf value that leaks blue's secret orders if the search could see them."""
    pending = [str(o) for _, o in g.pending["blue"]]  # type: ignore[attr-defined]
    v = 1.0 if "thrust 5" in pending else 0.0
    return {"blue": v, "red": 1 - v}


def test_space_fleet_fire_declarations_are_secret_until_the_class_step_resolves() -> None:
    from voidwar.rulesets.space_fleet.actions import EndFire, Fire, Move

    g = voidwar.load("space-fleet", scenario="destroyer-skirmish", seed=1)
    while not any(isinstance(a, Fire) for a in g.legal_actions()):
        acts = g.legal_actions()
        assert not g.is_secret(acts[0])  # movement is public
        g.apply(next((a for a in acts if isinstance(a, Move)), acts[-1]))
        assert not g.over
    shooter = g.to_act
    fire = next(a for a in g.legal_actions() if isinstance(a, Fire))
    assert g.is_secret(fire)
    g.apply(fire)
    end = EndFire()
    assert g.is_secret(end)  # the rival may still reply in this class step
    g.apply(end)
    # the rival declares without seeing the first side's shot
    assert g.to_act is not None and g.to_act != shooter
    assert g.view(g.to_act)["declared"] == []
    assert g.state_dict()["declared"]


# -- cut-offs: evaluate, horizons, tree depth ----------------------------------------------------
def test_horizon_steps_cut_rollouts_off_and_ask_the_estimate() -> None:
    g = voidwar.load("toy-pig", seed=2)
    start = len(g.actions)
    seen: list[int] = []

    def estimate(x: Game) -> dict[str, float]:
        seen.append(len(x.actions) - start)
        return {"red": 0.5, "blue": 0.5}

    pol = MCTSPolicy(seed=1, iterations=40, horizon_steps=3, evaluate=estimate, tree_depth=1)
    pol.choose(g)
    assert seen and max(seen) <= 1 + 3  # one tree step, then at most three rollout steps
    full = MCTSPolicy(seed=1, iterations=40, evaluate=estimate)
    seen.clear()
    full.choose(g)
    assert not seen  # without a horizon every rollout reaches the end: no estimate needed


def test_the_rulesets_own_estimate_is_used_at_a_horizon(monkeypatch: pytest.MonkeyPatch) -> None:
    g = voidwar.load("toy-pig", seed=2)
    calls: list[Game] = []

    def estimate(self: SearchHooks, game: Game) -> dict[str, float]:
        calls.append(game)
        return {"red": 1.0, "blue": 0.0}

    monkeypatch.setattr(type(search_hooks(g)), "evaluate", estimate)
    MCTSPolicy(seed=1, iterations=10, horizon_steps=1).choose(g)
    assert calls


def test_horizon_periods_end_rollouts_at_the_next_space_fleet_turn() -> None:
    g = voidwar.load("space-fleet", seed=3)
    turn = g.search_period()
    assert turn == g.turn  # type: ignore[attr-defined]
    turns: list[tuple[int, bool]] = []

    def estimate(x: Game) -> dict[str, float]:
        turns.append((x.search_period() or 0, x.over))
        return {s: 0.5 for s in x.seats}

    MCTSPolicy(seed=4, iterations=6, horizon_periods=1, evaluate=estimate).choose(g)
    assert turns and all(t == turn + 1 for t, over in turns if not over)


def test_tree_depth_one_is_flat_monte_carlo_over_the_root() -> None:
    g = voidwar.load("toy-pig", seed=2)
    flat = MCTSPolicy(seed=1, iterations=60, tree_depth=1)
    flat.choose(g)
    assert flat.last_root is not None
    assert all(not c.stats for c in flat.last_root.children.values())
    deep = MCTSPolicy(seed=1, iterations=60)
    deep.choose(g)
    assert deep.last_root is not None
    assert any(c.stats for c in deep.last_root.children.values())


@pytest.mark.parametrize("ruleset,scenario", [
    ("space-fleet", None), ("attack-vector", "duel"), ("astral-dreams", None)])
def test_two_seat_estimates_are_probabilities_and_exact_at_the_end(
        ruleset: str, scenario: str | None) -> None:
    g = voidwar.load(ruleset, scenario, seed=5)
    bots = {s: voidwar.policies.get("heuristic", ruleset, 5) for s in g.seats}
    while not g.over:
        est = search_hooks(g).evaluate(g)
        assert est is not None and set(est) == set(g.seats)
        assert all(0.0 <= v <= 1.0 for v in est.values())
        assert abs(sum(est.values()) - 1.0) < 1e-9
        g.apply(bots[g.to_act or ""].choose(g))
    assert g.result is not None
    assert search_hooks(g).evaluate(g) == terminal_values(g.result, g.seats)


def test_mcts_h_takes_the_rulesets_tuned_search_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    from voidwar.rulesets.astral_dreams.search import AstralDreamsSearch

    pol = voidwar.policies.get("mcts-h", "astral-dreams", seed=1)
    assert isinstance(pol, MCTSPolicy) and pol.tree_depth == 1 and pol.rollout == "heuristic"
    pol.seconds, pol.iterations = None, 2
    g = voidwar.load("astral-dreams", seed=1)
    pol.choose(g)
    assert pol.horizon_periods == AstralDreamsSearch.settings["horizon_periods"]
    monkeypatch.setattr(AstralDreamsSearch, "settings", {"depth_charge": 3})
    with pytest.raises(ValueError, match="unknown search setting 'depth_charge'"):
        MCTSPolicy(seed=1, iterations=2, tuned=True).choose(g)


def _antilles_turn_two_attacks() -> Game:
    from voidwar.rulesets.antilles.policies import AntillesHeuristic

    g = voidwar.load("antilles", seed=2)
    h = AntillesHeuristic(2)
    while not (g.turn == 2 and g.phase == "attack"):  # type: ignore[attr-defined]
        g.apply(h.choose(g))
    return g


def test_keyed_dice_make_the_order_of_independent_shots_irrelevant() -> None:
    from voidwar.core.dice import KeyedDice

    g = _antilles_turn_two_attacks()
    digests = set()
    for order in (("fire P3 at platform", "fire P5 at B5"),
                  ("fire P5 at B5", "fire P3 at platform")):
        c = g.clone()
        c.dice = KeyedDice(11)
        for text in order:
            c.apply(text)
        digests.add(c.digest())
    assert len(digests) == 1


def test_search_pairs_root_actions_by_roll_purpose() -> None:
    # Two shots the heuristic rollout makes anyway, in either order: with keyed dice every
    # sample of one is the same game as the same sample of the other, so equal visits give
    # exactly equal means; stream-position pairing (keyed_dice=False) cannot see that.
    g = _antilles_turn_two_attacks()
    keyed = MCTSPolicy(seed=1, iterations=60, tree_depth=1, rollout="heuristic")
    keyed.choose(g)
    a, b = keyed.last_stats["fire P3 at platform"], keyed.last_stats["fire P5 at B5"]
    assert a[0] == b[0] and a == pytest.approx(b)
    plain = MCTSPolicy(seed=1, iterations=60, tree_depth=1, rollout="heuristic",
                       keyed_dice=False)
    plain.choose(g)
    a, b = plain.last_stats["fire P3 at platform"], plain.last_stats["fire P5 at B5"]
    assert a != b


def test_a_rulesets_policy_refuses_to_roll_for_the_chance_seat() -> None:
    from voidwar.core.errors import IllegalAction

    g = voidwar.load("antilles", seed=1, chance="explicit")
    bot = voidwar.policies.get("heuristic", "antilles", 1)
    while g.to_act != CHANCE:
        g.apply(bot.choose(g))  # the ruleset's heuristic is handed the ruleset's game
    with pytest.raises(IllegalAction, match="a roll is pending"):
        bot.choose(g)


def test_root_samples_are_kept_per_action_in_order() -> None:
    g = voidwar.load("toy-pig", seed=2)
    pol = MCTSPolicy(seed=3, iterations=40, tree_depth=1, paired=True)
    pol.choose(g)
    assert pol.last_root is not None
    for key, (n, mean) in pol.last_stats.items():
        got = pol.last_root.samples[key]
        assert len(got) == n and sum(got) / n == pytest.approx(mean)


class _Pick(Push):
    """Solitaire: pick one of 40 numbers; the score is the number picked. The ruleset points
    the search at 39 and 38 (``toy_candidates``, read by the toys' search hooks)."""

    WORDS = tuple(f"n{i}" for i in range(40))
    score_range = (0, 39)

    def __init__(self, seed: int) -> None:
        from voidwar.core.dice import SeededDice

        super().__init__(SeededDice(seed), None, {})
        self.picked: int | None = None

    @property
    def over(self) -> bool:
        return self.picked is not None

    def legal_actions(self) -> list[Action]:
        return [] if self.over else [Word(w) for w in self.WORDS]

    def execute(self, action: Action) -> None:
        assert isinstance(action, Word)
        self.picked = int(action.word[1:])

    @property
    def result(self) -> Result | None:
        return None if self.picked is None else Result("done", {"solo": float(self.picked)})

    def toy_candidates(self, legal: list[Action]) -> list[Action]:
        return [Word("n39"), Word("n38")]


class _PickNoHint(_Pick):
    def toy_candidates(self, legal: list[Action]) -> list[Action]:
        return []


class _PickZero:
    name = "zero"

    def choose(self, game: Game) -> Action:
        return Word("n0")


def test_widening_tries_the_rulesets_candidates_after_the_prior() -> None:
    pol = MCTSPolicy(seed=0, iterations=5, prior=_PickZero())  # type: ignore[arg-type]
    assert str(pol.choose(_Pick(1))) == "n39"
    # prior first, then the ruleset's candidates in order, widening 1 + √n
    assert set(pol.last_stats) == {"n0", "n39", "n38"}
    pol = MCTSPolicy(seed=0, iterations=5, prior=_PickZero())  # type: ignore[arg-type]
    pol.choose(_PickNoHint(1))
    assert "n0" in pol.last_stats and not {"n39", "n38"} & set(pol.last_stats)


def test_attack_vector_search_candidates_are_legal_shots_done_and_facing() -> None:
    from voidwar.rulesets.attack_vector.actions import FireOrder, RadiatorsOrder, ReactorsOrder

    g = voidwar.load("attack-vector", "duel", seed=5)
    bots = {s: voidwar.policies.get("heuristic", "attack-vector", 1) for s in g.seats}
    seen_fire = seen_end = False
    while not g.over:
        legal = g.legal_actions()
        first = search_hooks(g).candidates(g, legal)
        texts = {str(a) for a in legal}
        assert all(str(a) in texts for a in first)  # a subset of the legal actions
        assert "done" in {str(a) for a in first}
        assert not any(isinstance(a, RadiatorsOrder) for a in first)  # surrender: never first
        fire = {str(a) for a in legal if isinstance(a, FireOrder)}
        assert fire <= {str(a) for a in first}
        seen_fire |= bool(fire)
        seen_end |= any(isinstance(a, ReactorsOrder) for a in first)
        g.apply(bots[g.to_act or ""].choose(g))
    assert seen_fire and seen_end


def _heuristic_positions(ruleset: str, seed: int) -> Iterator[Game]:
    g = voidwar.load(ruleset, seed=seed)
    bots = {s: voidwar.policies.get("heuristic", ruleset, seed) for s in g.seats}
    while not g.over:
        yield g
        g.apply(bots[g.to_act or ""].choose(g))


def test_astral_dreams_candidates_lead_with_the_heuristics_pick() -> None:
    listed = 0
    for g in _heuristic_positions("astral-dreams", 4):
        legal = g.legal_actions()
        first = [str(a) for a in search_hooks(g).candidates(g, legal)]
        assert set(first) <= {str(a) for a in legal} and len(set(first)) == len(first)
        if first:
            listed += 1
            assert first[0] == str(voidwar.policies.get("heuristic", "astral-dreams", 0).choose(g))
            assert len(first) <= 6
    assert listed > 10


def test_antilles_candidates_are_the_commanders_best_moves_and_shots() -> None:
    phases = set()
    for g in _heuristic_positions("antilles", 4):
        legal = g.legal_actions()
        first = [str(a) for a in search_hooks(g).candidates(g, legal)]
        assert set(first) <= {str(a) for a in legal} and len(set(first)) == len(first)
        phase = g.phase  # type: ignore[attr-defined]
        if phase == "movement":
            assert "end movement" in first
        elif phase == "attack":
            assert first[-1] == "end attacks"
            assert {a for a in map(str, legal) if a.startswith("fire")} <= set(first)
            pick = str(voidwar.policies.get("heuristic", "antilles", 0).choose(g))
            if pick != "end attacks":
                assert first[0] == pick  # the commander's shot leads the list
        else:
            assert first == []
        phases.add(phase)
    assert {"movement", "attack"} <= phases


class _Twins(_Pick):
    """Pick a word: "a0".."a9" all end in the same state (as shots fired in another order
    do), "best" scores 20; the ruleset lists the a's first."""

    WORDS = (*(f"a{i}" for i in range(10)), "best")
    score_range = (0, 20)

    def execute(self, action: Action) -> None:
        assert isinstance(action, Word)
        self.picked = 20 if action.word == "best" else 10

    def toy_candidates(self, legal: list[Action]) -> list[Action]:
        return [Word(w) for w in self.WORDS[1:]]

    def state_dict(self) -> dict[str, object]:
        return {"picked": self.picked}


class _PickA0:
    name = "a0"

    def choose(self, game: Game) -> Action:
        return Word("a0")


def test_twins_of_the_priors_choice_stop_counting_so_the_budget_reaches_others() -> None:
    pol = MCTSPolicy(seed=0, iterations=30, prior=_PickA0(), paired=True)  # type: ignore[arg-type]
    assert str(pol.choose(_Twins(1))) == "a0"  # widening 1 + √n never gets past the a's
    assert "best" not in pol.last_stats
    pol = MCTSPolicy(seed=0, iterations=30, prior=_PickA0(), paired=True,  # type: ignore[arg-type]
                     twins=2)
    assert str(pol.choose(_Twins(1))) == "best"
    assert pol.last_root is not None
    assert pol.last_root.twins == {f"a{i}" for i in range(1, 10)}
    assert all(pol.last_stats[f"a{i}"][0] == 2 for i in range(1, 10))  # no sample after that


def test_paired_choice_waits_for_min_pairs() -> None:
    from voidwar.ai.mcts import _Node

    pol = MCTSPolicy(paired=True, min_pairs=5)
    root = _Node()
    pol.last_root = root
    root.samples = {"a": [10.0, 50.0, 30.0, 70.0], "b": [12.0, 52.0, 32.0, 72.0]}
    pol.last_stats = {"a": (4, 40.0), "b": (4, 42.0)}
    assert pol._final("a") == "a"  # four pairs, five asked for
    root.samples = {"a": [10.0, 50.0, 30.0, 70.0, 20.0], "b": [12.0, 52.0, 32.0, 72.0, 22.0]}
    pol.last_stats = {"a": (5, 36.0), "b": (5, 38.0)}
    assert pol._final("a") == "b"
    root.samples = {"a": [10.0], "b": [30.0, 30.0, 30.0, 30.0, 30.0]}
    pol.last_stats = {"a": (1, 10.0), "b": (5, 30.0)}
    assert pol._final("a") == "a"  # one pair: the unpaired rule is not asked instead


def test_tuned_settings_follow_each_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import copy

    from voidwar.rulesets.antilles.data import default_tables
    from voidwar.rulesets.antilles.search import AntillesSearch

    pol = voidwar.policies.get("mcts-h", "antilles", seed=1)
    assert isinstance(pol, MCTSPolicy)
    pol.seconds, pol.iterations = None, 2
    pol.choose(voidwar.load("antilles", seed=1))
    assert pol.horizon_periods == AntillesSearch.WITH_VALUES["horizon_periods"]
    assert pol.twins == AntillesSearch.WITH_VALUES["twins"]
    raw = copy.deepcopy(default_tables().raw)
    raw["platform"]["armor"] = 8  # tables the shipped values were not fitted for
    pol.choose(voidwar.load("antilles", seed=1, tables=raw))
    assert pol.horizon_periods is None and pol.twins == 0 and not pol.paired
