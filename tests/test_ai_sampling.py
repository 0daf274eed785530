"""Players cannot peek: they get a seat view, samples agree with it, and hidden
cards do not change a decision."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from pinochle_tui.ai import players
from pinochle_tui.ai.appraisal import KEEPING, NORMAL
from pinochle_tui.ai.heuristic import NormalPlayer, playoff_habit, playoff_play
from pinochle_tui.ai.inference import fits_lead
from pinochle_tui.ai.knowledge import Knowledge, mask
from pinochle_tui.ai.rollout import (
    Policy,
    final_scores,
    habit_card,
    play_out,
    sparing_card,
    weighed_card,
)
from pinochle_tui.ai.sampling import DROP_Z, HardPlayer, _survivors
from pinochle_tui.ai.world import World, build_state, sample_world
from pinochle_tui.engine import (
    CARDS,
    Action,
    GameState,
    Phase,
    Play,
    Rules,
    Seat,
    SeatView,
    pack,
    shuffled_deck,
)
from tests.helpers import quick_player

#: Every player that sees only its seat view: all but the cheater, which the
#: duplicate match runner alone shows the game (benchmarks only).
FAIR = [entry.name for entry in players() if not entry.peeks]


def mid_hand(seed: int, decisions: int) -> GameState:
    """A single-deal hand after ``decisions`` choices by two normal players."""
    rules = Rules(game="single-deal")
    state = GameState.new(rules, dealer=Seat.NORTH)
    state.deal(shuffled_deck(rules, random.Random(seed)))
    player = NormalPlayer()
    for _ in range(decisions):
        seat = state.to_act
        state.apply(player.choose(state.view(seat), list(state.legal_actions(seat))))
    while state.phase not in (Phase.LEAD, Phase.FOLLOW):
        seat = state.to_act
        state.apply(player.choose(state.view(seat), list(state.legal_actions(seat))))
    return state


def true_world(state: GameState) -> World:
    """The hidden cards as they really are, from the opponent of the seat to act."""
    seat = state.to_act
    return World(state.hands[seat.other] & ~state.public[seat.other], tuple(state.stock))


def without_rules(view: SeatView) -> SeatView:
    return dataclasses.replace(view, rules=Rules())


@pytest.mark.parametrize(("seed", "decisions"), [(1, 0), (2, 9), (3, 25), (4, 40)])
def test_every_sample_is_consistent_with_the_view(seed: int, decisions: int) -> None:
    state = mid_hand(seed, decisions)
    seat = state.to_act
    view = state.view(seat)
    know = Knowledge.from_view(view)
    seen = know.hand | know.table | know.opp_table | know.opp_known
    for trick in view.tricks:
        seen |= trick.lead.bit | trick.reply.bit
    rng = random.Random(seed)
    for _ in range(50):
        world = sample_world(know, rng)
        stock = sum(1 << c for c in world.stock)
        assert world.opp_hidden | stock == know.unseen
        assert world.opp_hidden & stock == 0 and (world.opp_hidden | stock) & seen == 0
        assert world.opp_hidden.bit_count() == view.opponent_hand_size - len(view.opponent_known)
        assert len(world.stock) == view.stock_size
        # The state built from the sample shows this seat exactly the same view.
        built = build_state(view, world)
        assert without_rules(built.view(seat)) == without_rules(view)
        assert built.hands[seat.other] & know.opp_known == know.opp_known


@pytest.mark.parametrize(("seed", "decisions"), [(5, 12), (6, 30)])
def test_the_true_deal_is_one_of_the_worlds(seed: int, decisions: int) -> None:
    state = mid_hand(seed, decisions)
    built = build_state(state.view(state.to_act), true_world(state))
    assert built.hands == state.hands and built.tables == state.tables
    assert built.stock == state.stock and built.won == state.won
    assert built.lead == state.lead and built.turn_up == state.turn_up


class Recorder:
    """Wraps a player and checks what it is given."""

    def __init__(self, level: str) -> None:
        self.inner = quick_player(level, seed=9)
        self.name = self.inner.name
        self.calls = 0

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        assert type(view) is SeatView
        assert not any(
            isinstance(getattr(view, f.name), GameState) for f in dataclasses.fields(view)
        )
        assert all(not isinstance(a, GameState) for a in legal)
        self.calls += 1
        return self.inner.choose(view, legal)


@pytest.mark.parametrize("level", FAIR)
def test_players_only_ever_receive_a_seat_view(level: str) -> None:
    from pinochle_tui.ai.match import play_game

    deck = shuffled_deck(Rules(), random.Random(3))
    players = (Recorder(level), Recorder("easy"))
    play_game(Rules(game="single-deal"), deck, Seat.SOUTH, players)
    assert players[0].calls > 10


@pytest.mark.parametrize("level", FAIR)
@pytest.mark.parametrize(("seed", "decisions"), [(7, 4), (8, 20)])
def test_hidden_cards_do_not_change_a_decision(level: str, seed: int, decisions: int) -> None:
    state = mid_hand(seed, decisions)
    seat = state.to_act
    view = state.view(seat)
    other_world = sample_world(Knowledge.from_view(view), random.Random(99))
    assert other_world != true_world(state)
    other = build_state(view, other_world)
    assert other.hands[seat.other] != state.hands[seat.other] or other.stock != state.stock
    legal = list(state.legal_actions(seat))
    assert list(other.legal_actions(seat)) == legal
    first = quick_player(level, seed=5).choose(view, legal)
    second = quick_player(level, seed=5).choose(other.view(seat), legal)
    assert first == second


def test_hard_is_deterministic_for_a_seed() -> None:
    state = mid_hand(10, 6)
    seat = state.to_act
    view, legal = state.view(seat), list(state.legal_actions(seat))
    player = quick_player("hard", seed=3)
    assert player.choose(view, legal) == player.choose(view, legal)
    assert player.choose(view, legal) == quick_player("hard", seed=3).choose(view, legal)
    assert mask(view.hand) == state.hands[seat]


@pytest.mark.parametrize("policy", [habit_card, sparing_card, weighed_card])
@pytest.mark.parametrize("seed", range(12))
def test_a_rollout_scores_the_exact_end_as_playing_it_out_would(seed: int, policy: Policy) -> None:
    state = mid_hand(seed, 3 * seed)
    view = state.view(state.to_act)
    world = sample_world(Knowledge.from_view(view), random.Random(seed))
    played, valued = build_state(view, world), build_state(view, world)
    play_out(played, policy)
    assert final_scores(valued, policy) == (played.scores[0], played.scores[1])


#: A playoff of diamonds (normal against normal, seed 3), South to lead: its
#: ace of spades is the only card North cannot beat, as North holds spades
#: and so may not trump it.
SPADE_ACE_SURE = (
    "hand=1 dealer=N turn=S:lead trump=D target=1000 scores=250,150 meld=250,150 "
    "south=AS,KS!,KS#2,QS!,JS#2,10H#2!,KH!,QH#2!,JD#2,9D#2!,KC!,QC!/- "
    "north=AS#2,10S#2,QS#2!,AH,10H,KH#2!,QD!,9D!,AC,AC#2,KC#2!,QC#2!/- up=- stock=- lead=- "
    "tricks=S:AD-9H,S:9S-10S,N:AD#2-9S#2,N:JH-10D,S:10D#2-JH#2,S:9C-10C,N:KD-JS,N:JC-JD,"
    "S:KD#2-JC#2,S:9C#2-10C#2,N:9H#2-AH#2,S:QD#2-QH "
    "melds=S:marriage:KS+QS,N:royal-marriage:KD+QD,N:queens:QS#2+QH+QD+QC#2,S:pinochle:QS+JD,"
    "S:marriage:KH+QH#2,N:marriage:KH#2+QH,S:kings:KS+KH+KD#2+KC,S:marriage:KC+QC,"
    "N:marriage:KC#2+QC#2,S:queens:QS+QH#2+QD#2+QC counted=9D,9D#2 revealed=10H#2 claims=-"
)


def test_the_playoff_habit_leads_what_the_opponents_legal_replies_cannot_beat() -> None:
    # North could beat the ace of spades with a trump, but holds spades and
    # must follow: the ace is sure. (Counting every card of North's that could
    # beat it, trumps and all, found no sure winner and led the cheapest, JS.)
    state = GameState.from_position(SPADE_ACE_SURE)
    south, north = state.hands[Seat.SOUTH], state.hands[Seat.NORTH]
    trump, points = state.trump, state.rules.card_points
    assert CARDS[playoff_habit(south, north, None, trump, points, head=False)].code == "AS"
    # The same from the seat view: easy's playoff, and the others' when a solve runs out of time.
    assert playoff_play(state.view(Seat.SOUTH), state.legal_actions(Seat.SOUTH)).card.code == "AS"
    # Answering the king of hearts, North takes it with its cheaper winner.
    king = next(c for c in range(64) if south >> c & 1 and CARDS[c].code == "KH")
    state.apply(Play(Seat.SOUTH, CARDS[king]))
    assert CARDS[playoff_habit(north, south, king, trump, points, head=False)].code == "10H"
    assert playoff_play(state.view(Seat.NORTH), state.legal_actions(Seat.NORTH)).card.code == "10H"


def opening_reply(south: str, lead: str) -> GameState:
    """Hearts trumps, South (the dealer) to answer North's first lead; South
    holds ``south``, the other cards are North's or in the stock."""
    held = south.split(",")
    rest = [c.tag.removesuffix("#1") for c in pack(Rules()) if c.tag.removesuffix("#1") not in held]
    rest = [c for c in rest if c not in (lead, "AH")]
    north, stock = ",".join(rest[:11]), ",".join(rest[11:])
    return GameState.from_position(
        f"hand=1 dealer=S turn=S:follow trump=H target=1000 scores=0,0 meld=0,0 "
        f"south={south}/- north={north}/- up=AH stock={stock} lead={lead} "
        "tricks=- melds=- counted=- revealed=- claims=-"
    )


def test_the_weighed_play_out_takes_a_trick_to_meld() -> None:
    # A royal marriage to meld, and only trumps win: the habit finds the jack
    # too dear for a pointless trick, the weighing takes it to meld the 40.
    state = opening_reply("KH,QH,JH,9S,9S#2,9D,9D#2,JS,JS#2,JD,JD#2,KS", "9C")
    assert CARDS[habit_card(state, Seat.SOUTH)].code == "9S"
    assert CARDS[weighed_card(state, Seat.SOUTH)].code == "JH"


def test_the_weighed_play_out_keeps_a_melds_cards() -> None:
    # A trump lead South cannot take: the jack of diamonds is its cheapest
    # card but half a pinochle, so the weighing gives a king that melds
    # nothing: a club, whose twin keeps the marriage in reach as well (the
    # king of diamonds is the only one for its marriage).
    state = opening_reply("QS,JD,KC,KC#2,KD,AC,10C,AD,10D,10S,10S#2,AS", "JH")
    assert CARDS[habit_card(state, Seat.SOUTH)].code == "JD"
    assert CARDS[weighed_card(state, Seat.SOUTH)].code == "KC"
    assert normal_choice(state) == "KC"


def test_the_weighed_play_out_keeps_a_card_one_away_from_a_meld() -> None:
    # Three kings and a king of hearts still to draw: the habit throws a king
    # (the cheapest card) to a trump lead; the weighing, as the normal player
    # does, counts the kings around in reach and gives a ten.
    state = opening_reply("KS,KD,KC,AS,AS#2,AD,AD#2,10S,10S#2,10D,10D#2,AC", "JH")
    assert CARDS[habit_card(state, Seat.SOUTH)].code == "KS"
    assert CARDS[weighed_card(state, Seat.SOUTH)].code == "10S"
    assert normal_choice(state) == "10S"


def test_the_weighed_play_out_does_not_count_on_a_lead_the_stock_can_beat() -> None:
    # North holds no trump and no spade, but the stock does: the ace of
    # spades is no sure winner to a player who cannot see North's hand.
    north = "AD,AD#2,10D,10D#2,JD,JD#2,QD#2,KD#2,9D#2,AC,AC#2,10C#2"
    state = opening_lead("AS,AS#2,9C,9C#2,JC,QD,KD,9D,10C,JS,QC,KC", north)
    assert CARDS[weighed_card(state, Seat.SOUTH)].code == "9D"
    assert normal_choice(state) == "9D"


def marriage_chance() -> GameState:
    """South to lead, holding the other ace of trumps (the turn-up is one) and
    a marriage of spades to meld once it wins a trick."""
    north = "AD,AC,AS,10S,10H,KH,QH,QD,QC,JD,KD,9H"
    return opening_lead("AH#2,KS,QS,9S,9C,9D,JC,JS,10C,10D,KC,JH", north)


def test_hards_weights_keep_the_trump_ace_normal_leads_for_a_meld() -> None:
    # Normal leads the sure ace: 11 points and 0.6 of the marriage's 20, less
    # the ace's keep of 14, beat the 9 of spades' 0. Hard's own weights keep
    # the ace (28) and count the meld's chance at 0.45: the 9 it is.
    state = marriage_chance()
    legal = list(state.legal_actions(Seat.SOUTH))
    for weights, code in ((NORMAL, "AH"), (KEEPING, "9S")):
        assert CARDS[weighed_card(state, Seat.SOUTH, weights)].code == code
        action = NormalPlayer(weights=weights).choose(state.view(Seat.SOUTH), legal)
        assert isinstance(action, Play) and action.card.code == code


def test_hards_play_outs_weigh_its_own_plays_its_way_and_the_opponents_as_normal() -> None:
    state = marriage_chance()
    hard = HardPlayer(1)
    assert CARDS[hard.policy(Seat.SOUTH)(state, Seat.SOUTH)].code == "9S"
    assert CARDS[hard.policy(Seat.NORTH)(state, Seat.SOUTH)].code == "AH"


def test_the_weighed_play_out_mostly_plays_as_normal_does() -> None:
    # The play-outs play the opponent by the weighing, so it must be a good
    # model of the normal player: over 10 hands it picks normal's card at 90%
    # of the first-phase plays (96% and 95% of leads and replies over 60).
    player = NormalPlayer()
    agree = plays = 0
    for seed in range(10):
        rules = Rules(game="single-deal")
        state = GameState.new(rules, dealer=Seat.NORTH)
        state.deal(shuffled_deck(rules, random.Random(seed)))
        while state.phase in (Phase.LEAD, Phase.FOLLOW, Phase.MELD):
            seat = state.to_act
            action = player.choose(state.view(seat), list(state.legal_actions(seat)))
            if isinstance(action, Play) and not state.playoff:
                plays += 1
                agree += CARDS[weighed_card(state, seat)].face == action.card.face
            state.apply(action)
    assert plays > 200
    assert agree >= 0.9 * plays


def normal_choice(state: GameState) -> str:
    """The code of the card the normal player plays in ``state``."""
    seat = state.to_act
    action = NormalPlayer().choose(state.view(seat), list(state.legal_actions(seat)))
    assert isinstance(action, Play)
    return action.card.code


def opening_lead(south: str, north: str) -> GameState:
    """Hearts trumps, South to lead the first trick with ``south`` against
    ``north``; the other cards are in the stock."""
    held = {*south.split(","), *north.split(",")}
    rest = [c.tag.removesuffix("#1") for c in pack(Rules())]
    stock = ",".join(c for c in rest if c not in held and c != "AH")
    return GameState.from_position(
        f"hand=1 dealer=N turn=S:lead trump=H target=1000 scores=0,0 meld=0,0 "
        f"south={south}/- north={north}/- up=AH stock={stock} lead=- "
        "tricks=- melds=- counted=- revealed=- claims=-"
    )


def test_a_candidate_is_dropped_only_when_behind_in_worth_as_chosen() -> None:
    # Two plays over 32 worlds: the second's point difference is 10 worse,
    # give or take 1, so on the samples alone it is far behind (the standard
    # error is 0.18); a bias (the weighing) of 12 puts it ahead in worth.
    state = mid_hand(4, 2)
    first, second = [a for a in state.legal_actions(state.to_act) if isinstance(a, Play)][:2]
    noise = [1.0 if i % 2 else -1.0 for i in range(32)]
    results = {first: [20.0 + e for e in noise], second: [10.0 for _ in noise]}
    assert _survivors([first, second], results, {first: 0.0, second: 0.0}) == [first]
    # Now the first is the one 2 behind in worth, by 11 standard errors.
    assert _survivors([first, second], results, {first: 0.0, second: 12.0}) == [second]
    # Behind in worth by less than DROP_Z standard errors: kept.
    spread = 1.0 / 32**0.5 * (32 / 31) ** 0.5
    near = {first: 0.0, second: 10.0 - DROP_Z * spread + 0.01}
    assert _survivors([first, second], results, near) == [first, second]


def nine_of_spades_led() -> GameState:
    """``marriage_chance`` after South leads the 9 of spades, keeping its trump ace."""
    state = marriage_chance()
    nine = [
        a for a in state.legal_actions(Seat.SOUTH) if isinstance(a, Play) and a.card.code == "9S"
    ]
    state.apply_legal(nine[0])
    return state


def test_a_lead_is_read_by_the_model_of_the_opponent_the_player_is_given() -> None:
    # South leads the 9 of spades, keeping the trump ace as hard's weights
    # would: a model of normal would have led the ace, a model of hard fits.
    state = nine_of_spades_led()
    view = state.view(Seat.NORTH)
    assert not fits_lead(view, state)
    assert fits_lead(view, state, KEEPING)
    assert state.view(Seat.NORTH) == view  # the world is left as it was


def test_a_world_that_misses_the_lead_is_kept_at_the_chance_the_player_is_given() -> None:
    # North answers South's 9 of spades. Kept always (1.0), a world fits the
    # model of normal as often as a sample does; kept never (0.0), every world
    # fits unless none of the tries did; hard's 0.25 in between.
    state = nine_of_spades_led()
    view = state.view(Seat.NORTH)
    know = Knowledge.from_view(view)
    fits: dict[float, int] = {}
    for missed in (1.0, 0.25, 0.0):
        player = HardPlayer(1, missed=missed)
        weighed = player.evidence(view, know)
        rng = player.rng(view)
        fits[missed] = sum(fits_lead(view, player.state(view, rng, weighed)) for _ in range(60))
    assert fits[1.0] < fits[0.25] < fits[0.0], fits
    assert HardPlayer.MISSED == 0.25
