"""The exact playoff solver: hand-checked positions, and agreement with plain minimax."""

from __future__ import annotations

import random
import time

import pytest

from pinochle_tui.ai.playoff import EXACT_CARDS
from pinochle_tui.ai.solver import (
    OutOfTime,
    PlayoffSolution,
    PlayoffSolver,
    minimax_playoff,
    solve_playoff,
)
from pinochle_tui.engine.cards import CLASSIC_POINTS, Card, Suit, ids_of, rank_of
from pinochle_tui.engine.rules import Rules
from pinochle_tui.engine.scoring import rounded
from pinochle_tui.engine.tricks import playoff_replies, reply_wins, trick_points

SIMPLIFIED = (10, 10, 5, 5, 0, 0, 0, 0)
COUNTERS = (10, 10, 10, 0, 0, 0, 0, 0)
TABLES = {"classic": CLASSIC_POINTS, "simplified": SIMPLIFIED, "counters": COUNTERS}


def hand(*tags: str) -> int:
    """The mask of cards written like ``QS`` or ``QS#2``."""
    return sum(Card.parse(tag).bit for tag in tags)


def code(card_id: int) -> str:
    return Card.from_id(card_id).code


# --- positions worked out by hand -------------------------------------------------------


def test_two_aces_against_two_nines() -> None:
    # Seat 0 leads AS, seat 1 must follow with a 9S and loses: 11 + 0; the same
    # again, plus 10 for the last trick: 11 + 0 + 10. Seat 0 takes 32, seat 1 none.
    hands = (hand("AS", "AS#2"), hand("9S", "9S#2"))
    solution = solve_playoff(hands, 0, Suit.HEARTS, CLASSIC_POINTS, head_always=False)
    assert solution.points == (32, 0)
    assert code(solution.best) == "AS"


def test_leading_the_ace_into_a_void_is_right() -> None:
    # Trump hearts. Seat 1 leads AS, 10C; seat 0 holds 9H, KC.
    # Lead AS: seat 0 has no spade and must trump with 9H, taking 11 + 0 = 11;
    #   it leads KC and seat 1's 10C takes it: 4 + 10 + 10 = 24.      -> (11, 24)
    # Lead 10C: seat 0 follows KC and loses: 10 + 4 = 14; then AS is trumped
    #   by 9H: 11 + 0 + 10 = 21 for seat 0.                            -> (21, 14)
    # So seat 1 leads AS and takes 24 of the 35.
    hands = (hand("9H", "KC"), hand("AS", "10C"))
    solution = solve_playoff(hands, 1, Suit.HEARTS, CLASSIC_POINTS, head_always=False)
    assert solution.points == (11, 24)
    assert code(solution.best) == "AS"


@pytest.mark.parametrize(
    ("head_always", "points", "best"),
    [
        # Seat 1 may duck. Lead KH: seat 1 ducks JH (seat 0 takes 4 + 2 = 6), then
        #   QH loses to 10H: 3 + 10 + 10 = 23.                          -> (6, 23)
        # Lead QH: seat 1 ducks JH (5), then KH loses to 10H: 24.       -> (5, 24)
        # (Taking with 10H instead would give seat 1 only 14 or 13.)
        (False, (6, 23), "KH"),
        # Seat 1 must head when it can. Lead KH: 10H must take it, 4 + 10 = 14;
        #   then JH loses to QH: 3 + 2 + 10 = 15.                       -> (15, 14)
        # Lead QH: 10H must take it, 3 + 10 = 13; then JH loses to KH: 16. -> (16, 13)
        (True, (16, 13), "QH"),
    ],
)
def test_heading_rule(head_always: bool, points: tuple[int, int], best: str) -> None:
    hands = (hand("KH", "QH"), hand("10H", "JH"))
    for solve in (solve_playoff, minimax_playoff):
        solution = solve(hands, 0, Suit.SPADES, CLASSIC_POINTS, head_always)
        assert solution.points == points
        assert code(solution.best) == best


def test_reply_to_a_plain_lead() -> None:
    # Trump hearts; seat 0 led 10S and holds QD; seat 1 holds AS, 9S.
    # AS takes 10 + 11 = 21, then seat 1 leads 9S and seat 0 must throw QD:
    #   0 + 3 + 10 = 13; seat 1 takes all 34.
    # 9S would lose 10 + 0 to seat 0, which then takes AS with QD: 3 + 11 + 10.
    hands = (hand("QD"), hand("AS", "9S"))
    solution = solve_playoff(
        hands, 1, Suit.HEARTS, CLASSIC_POINTS, head_always=False, lead=Card.parse("10S").id
    )
    assert solution.points == (0, 34)
    assert code(solution.best) == "AS"


def test_forced_head_on_a_trump_lead() -> None:
    # Trump hearts; seat 0 led QH and holds AS, 9S; seat 1 holds KH, JH, 10S.
    # KH is forced (it beats QH, JH does not): seat 1 takes 3 + 4 = 7 and leads.
    #   10S: seat 0 takes it with AS (10 + 11 = 21), then leads 9S, which seat 1
    #     must trump with JH: 0 + 2 + 10 = 12.               seat 1: 7 + 12 = 19
    #     (ducking with 9S would let seat 1 take 10, then AS under JH: 23.)
    #   JH: seat 0 throws 9S (2 for seat 1), then AS takes 10S: 11 + 10 + 10 = 31.
    # So seat 1 leads 10S: seat 0 takes 21, seat 1 19.
    hands = (hand("AS", "9S"), hand("KH", "JH", "10S"))
    solution = solve_playoff(
        hands, 1, Suit.HEARTS, CLASSIC_POINTS, head_always=False, lead=Card.parse("QH").id
    )
    assert solution.points == (21, 19)
    assert code(solution.best) == "KH"


def test_eights_and_sevens_rank_though_they_score_nothing() -> None:
    # The 64-card pack; trump hearts. Seat 0 leads from AS, 7S; seat 1 holds KS, 8S.
    # Lead AS: seat 1 drops 8S (11 for seat 0), then KS takes 7S: 4 + 10. -> (11, 14)
    #   (dropping KS instead: seat 0 takes 15, then 8S beats 7S: 10.    -> (15, 10))
    # Lead 7S: seat 1 takes it with KS (4) rather than 8S (0), then must
    #   lead 8S into AS: 11 + 10 for seat 0.                             -> (21, 4)
    #   (taking with 8S: seat 1 then leads KS into AS: 25 for seat 0.     -> (25, 0))
    hands = (hand("AS", "7S"), hand("KS", "8S"))
    for solve in (solve_playoff, minimax_playoff):
        solution = solve(hands, 0, Suit.HEARTS, CLASSIC_POINTS, head_always=False)
        assert solution.points == (21, 4)
        assert code(solution.best) == "7S"


def test_low_cards_that_lie_alike_are_kept_as_one_position() -> None:
    # The 64-card pack: the 9s, 8s and 7s of hearts score nothing. Seat 0 holds
    # 9H, 8H, 7H and seat 1 the twins. Which two of seat 0's are left is the same
    # game; a 9 of each seat is a tie, not a 9 against an 8.
    solver = PlayoffSolver(
        (hand("9H", "8H", "7H", "AS"), hand("9H#2", "8H#2", "7H#2", "AC")),
        Suit.SPADES,
        CLASSIC_POINTS,
        head_always=False,
    )

    def kept(*tags: str) -> int:
        mask = sum(1 << solver.index[Card.parse(tag).id] for tag in tags)
        return solver.at_like(mask, solver.index[Card.parse(tags[0]).id])

    assert kept("9H", "8H") == kept("8H", "7H") == kept("9H", "7H")
    assert kept("9H", "9H#2") != kept("9H", "8H#2")
    assert kept("9H#2", "8H") != kept("9H", "8H#2")
    assert kept("AS") == 1 << solver.index[Card.parse("AS").id]


def test_bonus_and_points_table_are_used() -> None:
    # Counters (A, 10, K count 10) and no last-trick bonus: AS over 9S, then
    # KS over 9S#2 for seat 0: 10 + 0 + 10 + 0.
    hands = (hand("AS", "KS"), hand("9S", "9S#2"))
    solution = solve_playoff(hands, 0, Suit.HEARTS, COUNTERS, head_always=False, last_bonus=0)
    assert solution.points == (20, 0)


def test_impossible_positions_are_rejected() -> None:
    with pytest.raises(ValueError, match="same number"):
        solve_playoff((hand("AS"), hand("9S", "KS")), 0, Suit.HEARTS, CLASSIC_POINTS, False)
    with pytest.raises(ValueError, match="both hands"):
        solve_playoff((hand("AS"), hand("AS")), 0, Suit.HEARTS, CLASSIC_POINTS, False)


# --- random positions against plain minimax ----------------------------------------------


def random_position(
    seed: int, max_cards: int
) -> tuple[tuple[int, int], int, int, tuple[int, ...], bool, int | None, int]:
    """A seeded random position: (hands, to_act, trump, points, head_always, lead, bonus).

    Seeds cycle through both heading rules and a lead or none, so every
    combination gets a quarter of the seeds. Some deals use only two suits, or
    the 64-card pack and other point tables, so that runs of equal cards occur.
    """
    rng = random.Random(seed)
    head_always = seed % 2 == 1
    with_lead = seed % 4 >= 2
    points = CLASSIC_POINTS if seed % 3 else rng.choice((SIMPLIFIED, COUNTERS, CLASSIC_POINTS))
    ranks = 8 if seed % 5 == 0 else 6
    suits = rng.sample(range(4), rng.choice((2, 4)))
    pack = [c for c in range(64) if rank_of(c) < ranks and c >> 4 in suits]
    n = rng.randint(1, max_cards)
    cards = rng.sample(pack, 2 * n)
    hands = [sum(1 << c for c in cards[:n]), sum(1 << c for c in cards[n:])]
    to_act = rng.randrange(2)
    lead = None
    if with_lead:
        lead = rng.choice(ids_of(hands[1 - to_act]))
        hands[1 - to_act] ^= 1 << lead
    bonus = 10 if seed % 7 else 0
    return (hands[0], hands[1]), to_act, rng.randrange(4), points, head_always, lead, bonus


def points_after(
    hands: tuple[int, int],
    to_act: int,
    trump: int,
    points: tuple[int, ...],
    head_always: bool,
    lead: int | None,
    bonus: int,
    card: int,
) -> tuple[int, int]:
    """The minimax points of both seats once ``to_act`` has played ``card``."""
    rest = list(hands)
    rest[to_act] ^= 1 << card
    after = (rest[0], rest[1])
    if lead is None:
        return minimax_playoff(after, 1 - to_act, trump, points, head_always, card, bonus).points
    winner = to_act if reply_wins(lead, card, trump) else 1 - to_act
    won = trick_points((1 << lead) | (1 << card), points)
    taken = [0, 0]
    if after == (0, 0):
        won += bonus
    else:
        later = minimax_playoff(after, winner, trump, points, head_always, None, bonus)
        taken = list(later.points)
    taken[winner] += won
    return taken[0], taken[1]


@pytest.mark.parametrize("seed", range(240))
def test_agrees_with_minimax(seed: int) -> None:
    position = random_position(seed, max_cards=6)
    hands, to_act, trump, points, head_always, lead, bonus = position
    expected = minimax_playoff(hands, to_act, trump, points, head_always, lead, bonus)
    solution = solve_playoff(hands, to_act, trump, points, head_always, lead, bonus)
    assert solution.points == expected.points
    legal = (
        hands[to_act] if lead is None else playoff_replies(hands[to_act], lead, trump, head_always)
    )
    assert legal >> solution.best & 1
    assert points_after(*position, solution.best) == expected.points


def counts(taken: tuple[int, int], points: tuple[int, int]) -> tuple[int, int]:
    """Each seat's rounded trick count with ``taken`` won before and ``points`` from here."""
    return rounded(taken[0] + points[0]), rounded(taken[1] + points[1])


@pytest.mark.parametrize("seed", range(160))
def test_a_scored_solve_agrees_with_minimax_on_the_rounded_counts(seed: int) -> None:
    """Given the points each seat has taken, the solve is exact for the rounded
    counts: both seats' counts are minimax's, and its card keeps them."""
    position = random_position(seed, max_cards=6)
    hands, to_act, trump, points, head_always, lead, bonus = position
    rng = random.Random(f"taken {seed}")
    taken = (rng.randrange(60), rng.randrange(60))
    expected = minimax_playoff(hands, to_act, trump, points, head_always, lead, bonus)
    solution = solve_playoff(hands, to_act, trump, points, head_always, lead, bonus, taken)
    assert sum(solution.points) == sum(expected.points)
    assert counts(taken, solution.points) == counts(taken, expected.points)
    legal = (
        hands[to_act] if lead is None else playoff_replies(hands[to_act], lead, trump, head_always)
    )
    assert legal >> solution.best & 1
    assert counts(taken, points_after(*position, solution.best)) == counts(taken, expected.points)


def test_a_scored_solve_stops_at_the_rounded_count() -> None:
    """A 9-card playoff where best play gives the leader 44 and the follower 59,
    with nothing taken before: 40 and 60 once rounded. The scored solve stops
    as soon as it knows those counts, at 37 and 66 (40 and 60 too), searching
    about half the positions; its table serves the exact solve after it."""
    rng = random.Random(4)
    hands, trump, leader = deal(rng, 48, 9)
    exact = PlayoffSolver.at(hands, leader, None, trump, CLASSIC_POINTS, False)
    assert (leader, exact.solve(hands, leader).points) == (0, (44, 59))
    scored = PlayoffSolver.at(hands, leader, None, trump, CLASSIC_POINTS, False)
    answer = scored.solve(hands, leader, taken=(0, 0))
    assert answer.points == (37, 66)
    assert counts((0, 0), answer.points) == (40, 60)
    assert scored.searched[0] < 0.6 * exact.searched[0]
    assert scored.solve(hands, leader).points == (44, 59)


@pytest.mark.parametrize("seed", range(40))
def test_points_add_up(seed: int) -> None:
    hands, to_act, trump, points, head_always, lead, bonus = random_position(seed, max_cards=9)
    solution: PlayoffSolution = solve_playoff(
        hands, to_act, trump, points, head_always, lead, bonus
    )
    in_play = hands[0] | hands[1] | (0 if lead is None else 1 << lead)
    assert sum(solution.points) == trick_points(in_play, points) + bonus
    assert min(solution.points) >= 0


def test_full_playoff_points_add_up() -> None:
    rng = random.Random(12)
    pack = [c for c in range(64) if rank_of(c) < 6]
    cards = rng.sample(pack, 24)
    hands = (sum(1 << c for c in cards[:12]), sum(1 << c for c in cards[12:]))
    solution = solve_playoff(hands, 0, Suit.CLUBS, CLASSIC_POINTS, head_always=False)
    assert sum(solution.points) == trick_points(hands[0] | hands[1], CLASSIC_POINTS) + 10
    assert hands[0] >> solution.best & 1


def deal(rng: random.Random, pack: int, cards: int) -> tuple[tuple[int, int], int, int]:
    """Two random hands of ``cards`` cards from the ``pack``-card pack, a trump
    suit and the seat on lead."""
    chosen = rng.sample([c for c in range(64) if rank_of(c) < pack // 8], 2 * cards)
    hands = (sum(1 << c for c in chosen[:cards]), sum(1 << c for c in chosen[cards:]))
    return hands, rng.randrange(4), rng.randrange(2)


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("pack", [48, 64])
@pytest.mark.parametrize("head_always", [False, True])
@pytest.mark.parametrize("table", sorted(TABLES))
def test_agrees_with_minimax_under_every_rule(
    table: str, head_always: bool, pack: int, seed: int
) -> None:
    """Both packs (the 64-card one with its 8s and 7s worth nothing), both
    heading rules and the three point tables; a card already led for odd seeds."""
    rng = random.Random(f"{table} {head_always} {pack} {seed}")
    hands, trump, to_act = deal(rng, pack, rng.randint(3, 6))
    lead = None
    if seed % 2:
        lead = rng.choice(ids_of(hands[1 - to_act]))
        rest = list(hands)
        rest[1 - to_act] ^= 1 << lead
        hands = (rest[0], rest[1])
    points = TABLES[table]
    position = (hands, to_act, trump, points, head_always, lead, 10)
    expected = minimax_playoff(*position)
    solution = solve_playoff(*position)
    assert solution.points == expected.points
    assert points_after(*position, solution.best) == expected.points


@pytest.mark.parametrize(("seed", "pack", "head_always"), [(0, 64, True), (1, 48, False)])
def test_seven_card_positions_agree_with_minimax(seed: int, pack: int, head_always: bool) -> None:
    """Seven cards a hand, deeper than the other agreement tests (the search
    passes windows outside the points in play on from there), with a card led
    for the 48-card pack."""
    rng = random.Random(seed)
    hands, trump, to_act = deal(rng, pack, 7)
    lead = None
    if pack == 48:
        lead = rng.choice(ids_of(hands[1 - to_act]))
        rest = list(hands)
        rest[1 - to_act] ^= 1 << lead
        hands = (rest[0], rest[1])
    position = (hands, to_act, trump, CLASSIC_POINTS, head_always, lead, 10)
    expected = minimax_playoff(*position)
    assert solve_playoff(*position).points == expected.points


def test_no_trumps_in_play_and_heading_always() -> None:
    # No trump left in play, and a follower who must head every lead: the
    # position where a search that narrowed its window to 0..total went wrong.
    hands = (
        hand("AS", "KS", "KS#2", "7S", "AH", "JC", "7C"),
        hand("10S", "QS", "9S", "9S#2", "8H", "QC", "JC#2"),
    )
    position = (hands, 1, Suit.DIAMONDS, CLASSIC_POINTS, True, None, 10)
    assert solve_playoff(*position).points == minimax_playoff(*position).points == (36, 24)


@pytest.mark.parametrize(("seed", "head_always"), [(0, False), (1, True), (6, False), (11, True)])
def test_full_64_card_playoff_agrees_with_minimax_down_its_line(
    seed: int, head_always: bool
) -> None:
    """A 16-card solve's value is what its own line of play takes down to six
    cards each plus what plain minimax finds from there. One solver solves
    every position on the way, reusing its table, and each agrees."""
    rng = random.Random(seed)
    chosen = rng.sample(range(64), 32)
    hands = [sum(1 << c for c in chosen[:16]), sum(1 << c for c in chosen[16:])]
    to_act, trump = seed % 2, seed % 4
    solver = PlayoffSolver.at(
        (hands[0], hands[1]), to_act, None, trump, CLASSIC_POINTS, head_always
    )
    total = trick_points(hands[0] | hands[1], CLASSIC_POINTS) + 10
    root = solver.solve((hands[0], hands[1]), to_act)
    assert sum(root.points) == total
    taken = [0, 0]
    lead: int | None = None
    while lead is not None or hands[to_act].bit_count() > 6:
        position = (hands[0], hands[1])
        assert solver.covers(position, to_act, lead)
        solution = solver.solve(position, to_act, lead)
        assert (taken[0] + solution.points[0], taken[1] + solution.points[1]) == root.points
        card = solution.best
        legal = (
            hands[to_act]
            if lead is None
            else playoff_replies(hands[to_act], lead, trump, head_always)
        )
        assert legal >> card & 1
        hands[to_act] ^= 1 << card
        if lead is None:
            lead, to_act = card, 1 - to_act
        else:
            winner = to_act if reply_wins(lead, card, trump) else 1 - to_act
            taken[winner] += trick_points(1 << lead | 1 << card, CLASSIC_POINTS)
            lead, to_act = None, winner
    rest = minimax_playoff((hands[0], hands[1]), to_act, trump, CLASSIC_POINTS, head_always)
    assert (taken[0] + rest.points[0], taken[1] + rest.points[1]) == root.points


def test_a_solver_covers_only_the_positions_after_its_own() -> None:
    hands = (hand("AS", "7S", "KH"), hand("KS", "8S", "9H"))
    solver = PlayoffSolver.at(hands, 0, None, Suit.HEARTS, CLASSIC_POINTS, head_always=False)
    later = (hand("7S", "KH"), hand("8S", "9H"))
    assert solver.covers(later, 1)
    assert (
        solver.solve(later, 1).points
        == minimax_playoff(later, 1, Suit.HEARTS, CLASSIC_POINTS, False).points
    )
    # A led card still counts as its leader's: 7S led by seat 0, seat 1 to reply.
    assert solver.covers((hand("KH"), hand("8S", "9H")), 1, Card.parse("7S").id)
    # The follower cannot hold the card seat 0 had.
    swapped = (hand("8S", "KH"), hand("7S", "9H"))
    assert not solver.covers(swapped, 0)
    with pytest.raises(ValueError, match="does not follow"):
        solver.solve(swapped, 0)


def test_the_whole_playoff_is_solved_exactly_with_either_pack() -> None:
    assert EXACT_CARDS >= Rules(pack=64).hand_size >= Rules(pack=48).hand_size


def test_a_solve_past_its_deadline_stops_and_the_next_goes_on_from_it() -> None:
    """A 12-card playoff solved in slices of a millisecond: each slice stops with
    ``OutOfTime`` and keeps what it proved, the slices finish, and the answer is
    the one a solve without a deadline gives."""
    rng = random.Random(12)
    hands, trump, leader = deal(rng, 48, 12)
    whole = solve_playoff(hands, leader, trump, CLASSIC_POINTS, head_always=False)
    solver = PlayoffSolver.at(hands, leader, None, trump, CLASSIC_POINTS, False)
    with pytest.raises(OutOfTime):
        solver.solve(hands, leader, None, deadline=time.perf_counter())
    stops = 1
    while True:
        try:
            sliced = solver.solve(hands, leader, None, deadline=time.perf_counter() + 0.001)
        except OutOfTime:
            stops += 1
            continue
        break
    assert stops > 1, "the position is big enough to need several slices"
    assert sliced.points == whole.points
    # No deadline left behind: the solver answers again, from its table, without one.
    assert solver.solve(hands, leader, None).points == whole.points


def test_leads_that_leave_the_follower_fewer_replies_come_first() -> None:
    """The search tries leads by how many replies worth trying they leave the
    follower, fewest first, before the richer leads: JD, which leaves three
    (10D and QD, the richest and poorest of one run, and 9D), comes before QS,
    which leaves four (10S, KS, JS and 9S, two runs of two); the clubs, where
    the follower has no trump to ruff with and so all its cards, come last,
    richest first."""
    solver = PlayoffSolver(
        (
            hand("QS", "JD", "AC", "10C", "KC", "QC", "JC"),
            hand("10S", "KS", "JS", "9S", "10D", "QD", "9D"),
        ),
        Suit.HEARTS,
        CLASSIC_POINTS,
        head_always=False,
    )
    cards = (1 << len(solver.ids)) - 1
    order = [code(solver.ids[led]) for led in solver.leads(cards, 0)]
    assert order == ["JD", "QS", "AC", "10C", "KC", "QC", "JC"]
