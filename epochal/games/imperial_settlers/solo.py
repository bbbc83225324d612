"""The solo mode (§19, R194-R221): one empire against the virtual opponent.

The virtual opponent is no seat: it has no empire, board, goods or VP (R194). Each Lookout gives
it 2 common cards, its locations (R201, R204); the revealed attack cards are its deals (R204,
A44). After Cleanup, every round, its Attack phase puts its locations into its trophy pile and
makes two attacks (R207-R216); after round 5 you win if you have more empire locations than it has
trophies (R219), and the achievement table names your final score (R221).

Attack cards are indices into ``game.attacks`` (the data file ``solo_attacks.json``; the built-in
deck is provisional, D3). Rule numbers refer to shared/rules/imperial-settlers.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import event
from epochal.engine import rng as rngmod

from .empire import take_off
from .state import VIRTUAL

if TYPE_CHECKING:
    from .rules import SettlersRules

__all__ = ["VIRTUAL", "SoloMode", "title_for"]
ROUNDS = 5  # R5, R31

TYPE_ORDER = {"action": 0, "feature": 1, "production": 2}  # R209.6
DEAL_ORDER = ("card", "raze", "gold", "vp", "stone", "worker", "food", "wood")  # R215
TITLES = (
    (80, "Emperor", "Император"),
    (70, "King", "Король"),
    (60, "Castellan", "Кастелян"),
    (50, "Knight", "Рыцарь"),
    (40, "Squire", "Оруженосец"),
    (30, "Servant", "Прислужник"),
    (0, "Commoner", "Простолюдин"),
)  # R221


def title_for(score: int) -> tuple[str, str]:
    """The achievement table (R221): the English and Russian title of a final score."""
    for threshold, en, ru in TITLES:
        if score >= threshold:
            return en, ru
    return TITLES[-1][1], TITLES[-1][2]


class SoloMode:
    """Everything the solo mode adds, composed into the rules as ``game.solo``."""

    def __init__(self, game: SettlersRules) -> None:
        self.cards = game.cards
        self.attacks = game.attacks

    # --- setup (R196, R197) -------------------------------------------------------------------
    def setup(self, st, ev: list) -> None:
        """The solo game's own set-up, once the decks are shuffled (the attack deck among them,
        R196.2): the player starts every round (R197), and the first attack card is revealed."""
        st.first = st.start_first = 0  # R197
        self.reveal_attack(st, ev)  # R196.3

    def target(self, i: int) -> str:
        return self.attacks[i].target

    def reveal_attack(self, st, ev: list) -> bool:
        """The top attack card goes on top of the row (R196.3, R209.1); False if none is left."""
        if not st.attack_deck:
            ev.append(event("attack_deck_empty"))
            return False
        i = st.attack_deck.pop()
        st.attack_row.insert(0, i)
        ev.append(event("attack_reveal", attack=self.attacks[i].id, target=self.target(i), reveals=True))
        return True

    # --- Lookout (R201, R202) --------------------------------------------------------------------
    @staticmethod
    def schedule() -> list[list]:
        return [["reveal", 4], ["pick", 0, "R201"], ["virtual", "random"], ["pick", 0, "R201"], ["virtual", "rest"]]

    def lookout_virtual(self, st, how: str, ev: list) -> None:
        """R201.3: one of the 3 cards left, at random; R201.5: the last card."""
        if not st.table:
            return
        if how == "random":
            cards = [st.table.pop(rngmod.randbelow(st, len(st.table)))]
        else:
            cards, st.table = list(st.table), []
        for k in cards:
            st.virtual.append(k)
            ev.append(event("virtual_location", card=self.cards[k].id, reveals=True))

    # --- the Attack phase (R207-R216) ------------------------------------------------------------
    def attack_targets(self, st) -> tuple[list[int], int, str]:
        """The locations the attack razes, best first by priority and all tied at the top (more
        than one: the player chooses), the row position of the card paired with the first, and
        the rule; ([], -1, "") when it razes nothing."""
        row = st.attack_row
        if len(row) < 2:
            return [], -1, ""
        p = st.seats[0]
        order = ("japanese", "common") if st.options["solo_japanese"] == "empire_first" else ("common", "japanese")
        for rule in order:
            if rule == "japanese":
                found = self.japanese_targets(st, p)
            else:
                found = self.common_targets(st, p)
            if found[0]:
                return found
        return [], -1, ""

    def common_targets(self, st, p) -> tuple[list[int], int, str]:
        """R209.2-R209.6, R212: the first card's good and one following card's good, the first
        following card that hits stopping the scan."""
        row = st.attack_row
        g1 = self.target(row[0])
        hit = [
            k
            for k in p.locations
            if self.cards[k].common and self.cards[k].raze and not self.cards[k].unrazeable and g1 in self.cards[k].raze
        ]
        if not hit:
            return [], -1, ""
        for j in range(1, len(row)):
            g2 = self.target(row[j])
            both = [k for k in hit if self.pair_hits(st, self.cards[k].raze, g1, g2)]
            if both:
                return self.best(both, self.common_key), j, "R209"
        return [], -1, ""

    def pair_hits(self, st, raze: dict, g1: str, g2: str) -> bool:
        """A pair of attack goods against a raze bonus (R209.5, R212, A28): as multisets ("2 wood"
        is two wood goods), or, with solo_pairs=distinct, as two different goods shown."""
        if st.options["solo_pairs"] == "distinct":
            return g1 != g2 and g1 in raze and g2 in raze
        if g1 == g2:  # the pair as a multiset, without building one (asked per location and card)
            return raze.get(g1, 0) >= 2
        return raze.get(g1, 0) >= 1 and raze.get(g2, 0) >= 1

    def japanese_targets(self, st, p) -> tuple[list[int], int, str]:
        """R214-R215: Japanese solo, VP on the first card and on a following one: an empire
        location; the first VP card found down the row is the pair (A29)."""
        row = st.attack_row
        if p.faction != "Japanese" or self.target(row[0]) != "vp":
            return [], -1, ""
        j = next((j for j in range(1, len(row)) if self.target(row[j]) == "vp"), None)
        if j is None:
            return [], -1, ""
        spare = st.options["solo_unrazeable"] == "spared"
        cands = [
            k for k in p.locations if self.cards[k].faction == "Japanese" and not (spare and self.cards[k].unrazeable)
        ]
        if not cands:
            return [], -1, ""
        return self.best(cands, self.japanese_key), j, "R214"

    def common_key(self, k: int) -> tuple:
        """R209.6: action > feature > production, then the more expensive, then more stone."""
        c = self.cards[k]
        return (TYPE_ORDER[c.kind], -sum(c.cost.values()), -c.cost.get("stone", 0))

    def japanese_key(self, k: int) -> tuple:
        """R215: by deal bonus (a card first, then raze token, gold, VP, stone, worker, food,
        wood), then as R209.6."""
        deal = self.cards[k].deal
        rank = DEAL_ORDER.index(deal) if deal in DEAL_ORDER else len(DEAL_ORDER)
        return (rank, *self.common_key(k))

    @staticmethod
    def best(cands: list[int], key) -> list[int]:
        top = min(key(k) for k in cands)
        return [k for k in cands if key(k) == top]

    def attack_raze(self, st, k: int, match: int, rule: str, ev: list) -> None:
        """R209.5 Note 1, R210, R213, R217, R218: the location goes to the trophy pile (no
        foundation, no goods; its defence token and samurai go back to the supply); R209.7,
        R216: the two cards that razed it go under the row."""
        take_off(st, 0, k, ev, self.cards[k].id, self)
        st.trophies.append(k)
        first, paired = st.attack_row[0], st.attack_row[match]
        st.attack_row = [i for i in st.attack_row if i not in (first, paired)]
        moved = [first, paired] if st.options["solo_moved"] == "first_then_match" else [paired, first]
        st.attack_row.extend(moved)
        ev.append(
            event(
                "attack_razed",
                card=self.cards[k].id,
                rule=rule,
                attacks=[self.attacks[i].id for i in moved],
                targets=[self.target(i) for i in moved],
                total=len(st.trophies),
            )
        )

    # --- attack cards as the virtual opponent's deals (R204, A44) ------------------------------
    def attack_deal_targets(self, st) -> list[int]:
        if st.players != 1 or st.options["solo_attack_deals"] != "targets":
            return []
        return list(st.attack_row)

    # --- game end (R219-R221) --------------------------------------------------------------------
    def empire_count(self, st) -> int:
        """R220, A30: the empire locations in your empire at game end, or (solo_count=built)
        every empire location you built."""
        if st.options["solo_count"] == "built":
            return st.empire_built
        return sum(1 for k in st.seats[0].locations if not self.cards[k].common)

    def result(self, st) -> dict:
        p = st.seats[0]
        cards = self.cards
        final = p.vp + sum(cards[k].vp for k in p.locations)  # R134
        empire, trophies = self.empire_count(st), len(st.trophies)
        won = empire > trophies  # R219
        out = {
            "won": won,
            "empire_locations": empire,
            "trophies": trophies,
            "final": final,
            "score": final if won else 0,
        }
        if won:  # R221 (inferred)
            out["title"], out["title_ru"] = title_for(final)
        return out

    def estimate(self, st, base: float) -> float:
        """The position's worth in solo: the multiplayer estimate plus the margin the win needs
        (empire locations over the trophies still to come, R219)."""
        later = 2 * (ROUNDS - st.round)  # R202
        if st.phase == "lookout_start":
            later += 2
        elif st.phase == "lookout":
            later += 2 - len(st.virtual)
        coming = len(st.trophies) + len(st.virtual) + later
        margin = self.empire_count(st) - coming
        return base + 3.0 * min(margin, 2) + 1.0 * max(0, margin - 2)

    # --- what the seat sees ----------------------------------------------------------------------
    def view(self, st) -> dict:
        attacks = self.attacks
        out = {
            "attack_deck": len(st.attack_deck),
            "attack_row": [{"id": attacks[i].id, "target": attacks[i].target} for i in st.attack_row],
            "attack_gone": [{"id": attacks[i].id, "target": attacks[i].target} for i in st.attack_gone],
            "attack_cards": self.attack_status(),
            "virtual_locations": [self.cards[k].id for k in st.virtual],
            "trophies": [self.cards[k].id for k in st.trophies],
            "attacks_left": st.attacks_left,
            "empire_locations": self.empire_count(st),
            "achievements": [{"from": t, "title": en, "title_ru": ru} for t, en, ru in TITLES],
        }
        if st.over:
            out["result"] = self.result(st)
        return out

    def attack_status(self) -> str:
        kinds = sorted({a.provenance for a in self.attacks})
        if kinds == ["exact"]:
            return "exact"
        return "provisional: the attack cards are the project's stand-ins (D3), not the printed deck"

    # --- invariants ----------------------------------------------------------------------------
    def invariants(self, st) -> list[str]:
        problems = []
        held = st.attack_deck + st.attack_row + st.attack_gone + [i for p in st.seats for i in p.attack_deals]
        if st.players != 1:
            if held or st.virtual or st.trophies:
                problems.append("solo piles in a game of several players")
            return problems
        if sorted(held) != list(range(len(self.attacks))):
            problems.append("attack cards are not each in exactly one place")
        if len(st.virtual) > 2:
            problems.append(f"the virtual opponent holds {len(st.virtual)} locations (R202)")
        if st.phase == "lookout_start" and st.virtual:
            problems.append("virtual-opponent locations survived its Attack phase (R208)")
        for k in st.virtual:
            if not self.cards[k].common:
                problems.append(f"the virtual opponent holds the empire card {self.cards[k].id}")
        return problems
