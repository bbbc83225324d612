"""One handler per operation of the effect vocabulary (docs/games/imperium-data.md).

A handler returns True when its operation is finished, or WAIT after pushing a decision or a
child frame; it is then called again with the answer in ``fr.vars["_answer"]`` (or after the
child frame ended) and continues from the progress it keeps in ``fr.vars`` under "_" keys.
"""

from __future__ import annotations

from epochal.engine import event
from epochal.engine import rng as rngmod

from . import actions as A
from .effects import GAINS, RES, WAIT, EffectRunner, child, costs, push_frame, shared_vars
from .hooks import HOOKS

SUIT_ACTIONS = ("region", "uncivilised", "civilised", "tributary")


class Operations(EffectRunner):
    # --- resources ----------------------------------------------------------------------------------
    def op_gain(self, st, fr, op, ev):  # R160, R152
        p = st.seats[fr.seat]
        for res in GAINS:
            n = op.get(res, 0)
            if n:
                attr = "actions" if res == "action" else res
                setattr(p, attr, getattr(p, attr) + n)
                ev.append(event("gain", seat=fr.seat, res=res, n=n))
        if op.get("via") == "river" and op.get("materials"):  # R265 (Boats)
            self.react(st, fr.seat, "materials_from_river", ev)
        return True

    def op_gain_per(self, st, fr, op, ev):
        n = op.get("n", 1) * self.count(st, fr.seat, op["count"], fr)
        if n:
            p = st.seats[fr.seat]
            setattr(p, op["res"], getattr(p, op["res"]) + n)
            ev.append(event("gain", seat=fr.seat, res=op["res"], n=n))
            if op["res"] == "materials" and "in_play" in op["count"]:
                self.materials_from_regions(st, fr.seat, op["count"]["in_play"], ev)
        return True

    def materials_from_regions(self, st, seat: int, f: dict, ev: list) -> None:
        """Shaduf (R265): materials gained through a river card in play may trigger it."""
        p = st.seats[seat]
        rivers = [k for k in p.play if self.matches(k, f) and "river" in self.cards[k].regions]
        if rivers:
            self.react(st, seat, "materials_from_river", ev)

    def op_pay(self, st, fr, op, ev):  # R163
        op = self.discounted(st, fr.seat, fr.card, op)  # Direct Democracy
        if not self.pay(st, fr.seat, costs(op), ev):
            fr.vars["_abort"] = True  # R73: as far as possible
        return True

    def op_return_exhaust(self, st, fr, op, ev):
        p = st.seats[fr.seat]
        if p.exhausted:
            p.exhausted.pop()
            p.exhausts += 1
        return True

    # --- cards --------------------------------------------------------------------------------------
    def op_draw(self, st, fr, op, ev):  # R95, R96
        n = op.get("n", 1)
        if "per" in op:  # "draw a card per {city} in play"
            n *= self.count(st, fr.seat, op["per"], fr)
        return self.draw_cards(st, fr, fr.seat, n, not op.get("if_able"), ev)

    def _repeat_pick(self, st, fr, op, candidates_fn, act, purpose, rule, default_n=1):
        """Choose up to n cards one by one (``may``: the seat may stop), acting on each."""
        left = fr.vars.get("_n", op.get("n", default_n))
        while left > 0:
            cands = candidates_fn()
            k = self.pick_card(st, fr, cands, op.get("may", False), purpose, rule)
            if k == WAIT:
                fr.vars["_n"] = left
                return WAIT
            if k is None:
                break
            act(k)
            left -= 1
        return True

    def op_discard(self, st, fr, op, ev):  # R169
        op = self.discounted(st, fr.seat, fr.card, op)  # Direct Democracy
        p = st.seats[fr.seat]
        drawn = fr.vars.get("drawn", [])  # "draw 2 and discard one of them"

        def cands():
            return [k for k in p.hand if k in drawn] if op.get("from") == "drawn" else list(p.hand)

        def act(k):
            p.hand.remove(k)
            p.discard.append(k)
            ev.append(event("discard", seat=fr.seat, card=self.cards[k].id))
            shared_vars(st, fr)["discarded"] = shared_vars(st, fr).get("discarded", 0) + 1

        return self._repeat_pick(st, fr, op, cands, act, "discard", "R169")

    def op_history(self, st, fr, op, ev):  # R183
        p = st.seats[fr.seat]
        source = op.get("from", "self")
        if source == "self":
            if fr.card in p.play:
                for under in self.leave_play(st, fr.seat, fr.card):
                    self.to_history(st, fr.seat, under, ev)
                self.to_history(st, fr.seat, fr.card, ev)
            return True
        zones = ("hand", "discard") if source == "hand_or_discard" else (source,)

        def cands():
            return [k for z in zones for k in getattr(p, z) if self.matches(k, op.get("filter"))]

        def act(k):
            if source == "play":  # with its garrison (R180)
                for under in self.leave_play(st, fr.seat, k):
                    self.to_history(st, fr.seat, under, ev)
            else:
                self.remove_from(p, k, zones)
            self.to_history(st, fr.seat, k, ev)

        return self._repeat_pick(st, fr, op, cands, act, "put into history", "R183")

    def op_top_of_deck(self, st, fr, op, ev):
        p = st.seats[fr.seat]
        zone = op.get("from", "hand")

        def act(k):
            getattr(p, zone).remove(k)
            p.deck.append(k)

        return self._repeat_pick(st, fr, op, lambda: list(getattr(p, zone)), act, "put on top of your deck", "R95")

    def op_retrieve(self, st, fr, op, ev):
        p = st.seats[fr.seat]
        zone = getattr(p, op.get("from", "discard"))  # "history": Hannibal (R184)

        def act(k):
            zone.remove(k)
            (p.deck if op.get("to") == "deck" else p.hand).append(k)
            if op.get("from", "discard") == "discard":
                ev.append(event("retrieve", seat=fr.seat, card=self.cards[k].id))
            else:  # history is private (R184)
                ev.append(event("retrieve_history", seat=fr.seat, card=self.cards[k].id, to=[fr.seat]))

        return self._repeat_pick(
            st,
            fr,
            op,
            lambda: [k for k in zone if self.matches(k, op.get("filter"))],
            act,
            f"take from your {op.get('from', 'discard')}",
            "R154",
        )

    def op_garrison(self, st, fr, op, ev):  # R176-R178
        p = st.seats[fr.seat]
        if fr.card not in p.play:
            return True

        def cands():
            return [k for k in p.hand if not self.cards[k].no_garrison and self.matches(k, op.get("filter"))]

        def act(k):
            p.hand.remove(k)
            p.garrison.setdefault(fr.card, []).append(k)
            ev.append(event("garrison", seat=fr.seat, card=self.cards[k].id, under=self.cards[fr.card].id))

        return self._repeat_pick(st, fr, {"may": op.get("may", True), "n": 1}, cands, act, "garrison", "R176")

    def op_recall(self, st, fr, op, ev):  # R158, G12
        p = st.seats[fr.seat]

        def cands():
            return [k for k in p.play if self.cards[k].pinned and self.matches(k, op.get("filter"))]

        def act(k):
            under = self.leave_play(st, fr.seat, k)
            p.hand += [k] + under
            ev.append(event("recall", seat=fr.seat, card=self.cards[k].id))
            if op.get("count_var"):
                store = shared_vars(st, fr)
                store[op["count_var"]] = store.get(op["count_var"], 0) + 1

        return self._repeat_pick(st, fr, op, cands, act, "recall", "R158")

    def op_abandon(self, st, fr, op, ev):  # R167
        p = st.seats[fr.seat]
        if op.get("self"):
            if fr.card in p.play:
                p.discard += [fr.card] + self.leave_play(st, fr.seat, fr.card)
            return True

        def cands():
            return [k for k in p.play if self.matches(k, op.get("filter"))]

        def act(k):
            p.discard += [k] + self.leave_play(st, fr.seat, k)
            ev.append(event("abandon", seat=fr.seat, card=self.cards[k].id))
            if op.get("count_var"):
                store = shared_vars(st, fr)
                store[op["count_var"]] = store.get(op["count_var"], 0) + 1

        return self._repeat_pick(st, fr, op, cands, act, "abandon", "R167")

    def op_take_unrest(self, st, fr, op, ev):  # R147
        p = st.seats[fr.seat]
        for _ in range(op.get("n", 1)):
            k = self.take_from_unrest_pile(st, ev)
            if k < 0:
                break
            p.hand.append(k)
            ev.append(event("take_unrest", seat=fr.seat))
            if st.over:
                break
            self.unrest_taken(st, fr.seat, ev)  # Vikings
        return True

    def op_return_unrest(self, st, fr, op, ev):  # R146
        p = st.seats[fr.seat]
        zones = op.get("from", ["hand"])
        if zones == ["self"]:  # an unrest card returns itself (R75)
            if fr.card in p.play:
                self.leave_play(st, fr.seat, fr.card)
                st.unrest.append(fr.card)
                ev.append(event("return_unrest", seat=fr.seat, card=self.cards[fr.card].id))
                self.react(st, fr.seat, "return_unrest", ev)  # you returned an unrest: Wonder
            return True

        def cands():
            return [k for z in zones for k in getattr(p, z) if "unrest" in self.cards[k].suits]

        def act(k):
            self.remove_from(p, k, zones)
            st.unrest.append(k)
            ev.append(event("return_unrest", seat=fr.seat, card=self.cards[k].id))
            self.react(st, fr.seat, "return_unrest", ev)

        may = op.get("may", False) or op.get("up_to", False)
        return self._repeat_pick(st, fr, {"n": op.get("n", 1), "may": may}, cands, act, "return an unrest", "R146")

    def op_give_card(self, st, fr, op, ev):
        """Exports: each other player receives a card from your hand or discard pile."""
        p = st.seats[fr.seat]
        targets = fr.vars.setdefault("_targets", self.others(st, fr.seat))
        while targets:
            if self.is_attack(fr):  # Monopoly, Exports (R144-R145)
                shielded = self.shield(st, fr, targets[0], ev)
                if shielded == WAIT:
                    return WAIT
                fr.vars.pop("_shield", None)
                if shielded:
                    targets.pop(0)
                    continue
            k = self.pick_card(st, fr, p.hand + p.discard, False, "give a card", "R150")
            if k == WAIT:
                return WAIT
            target = targets.pop(0)
            if k is not None:
                self.remove_from(p, k, ("hand", "discard"))
                st.seats[target].hand.append(k)
                ev.append(event("give", seat=fr.seat, to_seat=target))
                ev.append(event("given", seat=fr.seat, card=self.cards[k].id, to=[fr.seat, target]))
        return True

    # --- the market --------------------------------------------------------------------------------
    def op_exile_market(self, st, fr, op, ev):  # R139-R141
        def act(k):
            slot = self.slot_of(st, k)
            s = st.market[slot]
            st.exile.append(k)
            if s.unrest >= 0:
                st.unrest.append(s.unrest)
            s.card, s.unrest, s.tokens = -1, -1, {}
            ev.append(event("exile", seat=fr.seat, card=self.cards[k].id))
            self.refill(st, slot, ev)

        return self._repeat_pick(
            st, fr, op, lambda: self.market_cards(st, [], exile=True), act, "exile from the market", "R141"
        )

    def op_market_add(self, st, fr, op, ev):
        """Put tokens from the general supply on a market card of your choice (Carthaginian
        Traders); they go to whoever takes the card (R130) and stop it being exiled (R141)."""
        cards = [s.card for s in st.market if s.card >= 0]
        k = self.pick_card(st, fr, cards, False, "add tokens to a market card", "R84")
        if k == WAIT:
            return WAIT
        if k is not None:
            tokens = {res: op[res] for res in RES if op.get(res)}
            slot = st.market[self.slot_of(st, k)]
            for res, n in tokens.items():
                slot.tokens[res] = slot.tokens.get(res, 0) + n
            ev.append(event("market_token", seat=fr.seat, card=self.cards[k].id, tokens=tokens))
        return True

    def op_swap_exile(self, st, fr, op, ev):  # R142
        """Swap an exiled card with a market card (Lighthouse): the market card is exiled and
        its tucked unrest returns to the pile (R140); the exiled card takes its slot, with an
        unrest tucked under it if its category carries one (R127), and keeps the slot's tokens."""
        if "_in" not in fr.vars:
            k = self.pick_card(st, fr, list(st.exile), op.get("may", False), "take a card from the exile pile", "R142")
            if k == WAIT:
                return WAIT
            if k is None:
                return True
            fr.vars["_in"] = k
        new = fr.vars["_in"]
        out = self.pick_card(
            st, fr, self.market_cards(st, []), False, "swap {card} with a market card", "R142", card=new
        )
        if out == WAIT:
            return WAIT
        if out is None:
            return True
        slot = self.slot_of(st, out)
        s = st.market[slot]
        st.exile.remove(new)
        st.exile.append(out)
        if s.unrest >= 0:
            st.unrest.append(s.unrest)
            s.unrest = -1
        s.card = new
        ev.append(event("exile", seat=fr.seat, card=self.cards[out].id))
        ev.append(event("market_card", slot=slot, card=self.cards[new].id))
        self.tuck_unrest(st, slot, ev)
        return True

    def op_acquire(self, st, fr, op, ev):  # R130-R133
        def cands():
            if st.over:  # the refill collapsed the game (R223)
                return []
            out = self.market_cards(st, op["suits"], op.get("filter"))
            if op.get("token"):  # "a card in the market with {material} on it"
                out = [k for k in out if st.market[self.slot_of(st, k)].tokens.get(op["token"])]
            if op.get("exile"):  # "including from exiled cards" (R143)
                out += [
                    k
                    for k in st.exile
                    if any(s in self.cards[k].suits for s in op["suits"]) and self.matches(k, op.get("filter"))
                ]
            allowed = [a.get("filter") for a in self.hooks(st, fr.seat, "acquire_exiled")]
            if allowed and not op.get("exile") and not op.get("token"):  # Chariots, Longships
                out += [
                    k
                    for k in st.exile
                    if any(s in self.cards[k].suits for s in op["suits"])
                    and self.matches(k, op.get("filter"))
                    and any(self.matches(k, a) for a in allowed)
                ]
            return out

        def act(k):
            if k in st.exile:
                self.acquire_from_exile(st, fr.seat, k, ev)
            else:
                self.take_from_market(st, fr.seat, k, True, ev)

        if op.get("then_play"):  # "... and immediately free play it"
            k = self.pick_card(st, fr, cands(), op.get("may", False), "acquire", "R130")
            if k == WAIT:
                return WAIT
            if k is not None:
                act(k)
                if not st.over and k in st.seats[fr.seat].hand and self.playable_now(st, fr.seat, k, True):
                    self.put_into_play(st, fr.seat, k, "hand", True, ev)
            return True
        return self._repeat_pick(st, fr, op, cands, act, "acquire", "R130")

    def acquire_from_exile(self, st, seat: int, k: int, ev: list) -> None:
        """R143: a card acquired from the exile pile; one of the categories that carry a tucked
        unrest in the market (G9) brings an unrest from the unrest pile with it."""
        from .rules import UNREST_UNDER

        p = st.seats[seat]
        st.exile.remove(k)
        p.hand.append(k)
        unrest = any(s in UNREST_UNDER[st.options["unrest_under"]] for s in self.cards[k].suits[:1])
        ev.append(event("acquire", seat=seat, card=self.cards[k].id, unrest=unrest, exile=True))
        if unrest:
            u = self.take_from_unrest_pile(st, ev)
            if u >= 0:
                p.hand.append(u)
            if u >= 0 and not st.over:
                self.unrest_taken(st, seat, ev)  # Vikings
        if not st.over:
            self.passive_gain(st, seat, "acquire_exiled", k, ev)  # Longships
            self.card_gained(st, seat, k, ev)  # Celts A

    # --- playing a card from elsewhere than the hand (Phalanx, Parmenion) --------------------------
    def playable_now(self, st, seat: int, k: int, free: bool) -> bool:
        """Could ``k`` be played now (R71-R74)? ``free``: no action token is needed at all."""
        if not free:
            return self.can_play(st, seat, k)
        p = st.seats[seat]
        card = self.cards[k]
        if card.unplayable or not (card.play or card.pinned):
            return False
        if card.state == "empire" and not p.empire and not self.may_play_empire(st, seat, k):
            return False  # R72, R74
        if card.state == "barbarian" and p.empire and not self.ignores_barbarian(st, seat, k):
            return False
        return self.precondition(st, seat, card.play, k)

    def play_card_candidates(self, st, seat: int, op: dict, card: int = -1) -> list[int]:
        p = st.seats[seat]
        zone = getattr(p, op.get("from", "discard"))
        return [
            k
            for k in dict.fromkeys(zone)
            if k != card and self.matches(k, op.get("filter")) and self.playable_now(st, seat, k, op.get("free", False))
        ]

    def put_into_play(self, st, seat: int, k: int, zone: str, free: bool, ev: list) -> None:
        """Play ``k`` from ``zone`` as from the hand (R71): an action token unless ``free`` or a
        free-play card, then its play effect. A passive ``play_from_discard_gain`` (Macedonians
        A, R242) pays out when a matching card is played from the discard pile."""
        p = st.seats[seat]
        card = self.cards[k]
        if not free:
            if card.free:
                p.free_played.append(k)
            else:
                p.actions -= 1
        getattr(p, zone).remove(k)
        p.play.append(k)
        ev.append(event("play", seat=seat, card=card.id, source=zone))
        if zone == "discard":
            for args in self.hooks(st, seat, "play_from_discard_gain"):
                if self.matches(k, args.get("filter")):
                    for res, n in args.get("gain", {}).items():
                        setattr(p, res, getattr(p, res) + n)
                        ev.append(event("gain", seat=seat, res=res, n=n))
        push_frame(st, seat, k, "play")
        self.react_now(st, seat, "play", ev, card=k)

    def op_play_card(self, st, fr, op, ev):  # R71
        zone = op.get("from", "discard")
        k = self.pick_card(
            st,
            fr,
            self.play_card_candidates(st, fr.seat, op, fr.card),
            op.get("may", False),
            f"play a card from your {zone}",
            "R71",
        )
        if k == WAIT:
            return WAIT
        if k is not None:
            self.put_into_play(st, fr.seat, k, zone, op.get("free", False), ev)
        return True

    def op_break_through(self, st, fr, op, ev):  # R134-R137
        suits = op["suits"]
        if "_suit" not in fr.vars:
            options = [A.SUIT + SUIT_ACTIONS.index(s) for s in suits]
            answer = self.choose(
                st, fr, "suit", options, op.get("may", False), purpose="break through: declare a category", rule="R134"
            )
            if answer == WAIT:
                return WAIT
            if answer is None:
                return True
            fr.vars["_suit"] = SUIT_ACTIONS[answer - A.SUIT]
        suit = fr.vars["_suit"]
        market = self.market_cards(st, [suit], op.get("filter"))
        deck = st.decks.get(suit, [])
        options = [self.layout.card + k for k in market]
        if suit != "tributary" and deck and not op.get("filter"):
            options.append(A.BT_DECK)  # variants 2-4
        if suit == "tributary" or not deck or op.get("filter"):
            options.append(A.BT_MAIN)  # variant 5
        answer = self.choose(st, fr, "bt_source", options, False, purpose=f"break through for {suit}", rule="R135")
        if answer == WAIT:
            return WAIT
        p = st.seats[fr.seat]
        if answer == A.BT_DECK:  # the deck's top goes unseen into the hand
            k = deck.pop()
            p.hand.append(k)
            ev.append(event("break_through_deck", seat=fr.seat, suit=suit))
            ev.append(event("break_through", seat=fr.seat, card=self.cards[k].id, to=[fr.seat]))
            self.card_gained(st, fr.seat, k, ev)  # Celts A
        elif answer == A.BT_MAIN:
            self.reveal_main(st, fr.seat, suit, op.get("filter"), ev)
        else:
            self.take_from_market(st, fr.seat, answer - self.layout.card, False, ev)
        return True

    def reveal_main(self, st, seat: int, suit: str, f, ev: list) -> None:
        """Variant 5: reveal the main deck until a card of the category (R135)."""
        main = st.decks["main"]
        revealed = []
        found = -1
        while main:
            k = main.pop()
            if suit in self.cards[k].suits and self.matches(k, f):
                found = k
                break
            revealed.append(k)
        main += revealed
        rngmod.shuffle(st, main)
        p = st.seats[seat]
        if found >= 0:
            p.hand.append(found)
            ev.append(event("break_through", seat=seat, card=self.cards[found].id))
            self.card_gained(st, seat, found, ev)  # Celts A
        else:  # G11
            res = st.options["breakthrough_fallback"]
            setattr(p, res, getattr(p, res) + 2)
            ev.append(event("gain", seat=seat, res=res, n=2))
        if not main:
            self.trigger_end(st, "the main deck is empty (R213)", ev)

    def op_develop(self, st, fr, op, ev):  # R171-R173
        p = st.seats[fr.seat]
        if self.cannot_develop(p):
            return True
        free = op.get("free", False)
        cands = [k for k in p.development if free or self.can_pay(p, self.cards[k].cost)]
        k = self.pick_card(st, fr, cands, op.get("may", False), "develop", "R171")
        if k == WAIT:
            return WAIT
        if k is not None:
            self.develop(st, fr.seat, k, not free, ev)
        return True

    def op_look_fame(self, st, fr, op, ev):  # R255, R243
        p = st.seats[fr.seat]
        if "_seen" not in fr.vars:
            extra = self.hooks(st, fr.seat, "fame_look_extra")
            n = op.get("n", 1) + sum(a.get("n", 1) for a in extra)
            for a in extra:
                p.progress += a.get("progress", 0)
            if not st.fame:
                self.king_of_kings(st, fr.seat, ev)
                return True
            fr.vars["_seen"] = st.fame[-n:]
            ev.append(
                event(
                    "look_fame",
                    seat=fr.seat,
                    n=len(fr.vars["_seen"]),
                    cards=[self.cards[k].id for k in fr.vars["_seen"]],
                    to=[fr.seat],
                )
            )
        seen = fr.vars["_seen"]
        k = self.pick_card(st, fr, seen, False, "take a fame card", "R255")
        if k == WAIT:
            return WAIT
        if k is not None and op.get("take", 1):
            st.fame.remove(k)
            p.hand.append(k)
            ev.append(event("take_fame", seat=fr.seat))
        return True

    def king_of_kings(self, st, seat: int, ev: list) -> None:
        """R254-R255: resolved in place of a fame card once no face-down fame card is left."""
        p = st.seats[seat]
        if st.kok < 0:
            return
        card = self.cards[st.kok]
        if st.kok_side == "A":
            if st.kok_a_used:
                return
            st.kok_a_used = True
            face = card
        else:
            if p.used_kok_b or card.side_b is None:
                return
            p.used_kok_b = True
            face = card.side_b
        from .state import Frame

        st.run.append(
            Frame(
                seat=seat,
                card=st.kok,
                face="" if face is card else "B",
                trigger="play",
                path=[],
                by=seat,
                vars={"_kok": True},
            )
        )
        if st.kok_side == "A":
            st.kok_side = "B"
            self.trigger_end(st, "King of Kings was flipped (R215)", ev)
        ev.append(event("king_of_kings", seat=seat, side=st.kok_side))

    def op_nation_top_to_discard(self, st, fr, op, ev):
        self.nation_top_to_discard(st, fr.seat, ev)
        return True

    def op_nation_look(self, st, fr, op, ev):  # R161, R193
        """Look at the top card of your nation deck; then (``then``) you MAY move it to the
        bottom, just above the accession card, or shuffle the nation deck (the accession card
        stays at the bottom, R156). The accession card itself is never moved."""
        p = st.seats[fr.seat]
        acc = 1 if p.nation_deck and self.cards[p.nation_deck[0]].location == "accession" else 0
        if not p.nation_deck:
            return True
        if "_looked" not in fr.vars:
            fr.vars["_looked"] = True
            ev.append(event("look_nation", seat=fr.seat, card=self.cards[p.nation_deck[-1]].id, to=[fr.seat]))
        then = op.get("then")
        if then not in ("bottom", "shuffle") or len(p.nation_deck) - acc < 2:
            return True  # nothing that could change
        purpose = (
            "move the top card of your nation deck to its bottom" if then == "bottom" else "shuffle your nation deck"
        )
        answer = self.choose(st, fr, "may", [A.YES, A.NO], False, purpose=purpose, rule="R161")
        if answer == WAIT:
            return WAIT
        if answer == A.YES:
            if then == "bottom":
                p.nation_deck.insert(acc, p.nation_deck.pop())
                ev.append(event("nation_bottom", seat=fr.seat))
            else:
                rest = p.nation_deck[acc:]
                rngmod.shuffle(st, rest)
                p.nation_deck = p.nation_deck[:acc] + rest
                ev.append(event("nation_shuffle", seat=fr.seat))
        return True

    def op_find(self, st, fr, op, ev):  # R154-R156
        """Find a card (by ``filter``) in your hand, discard pile, deck or nation deck, at your
        choice (G28), and put it into your hand; the deck searched is shuffled (R156), and the
        accession card is never taken (R193)."""
        p = st.seats[fr.seat]
        zones = ("hand", "discard", "deck", "nation_deck")
        cands = [
            k
            for z in zones
            for k in getattr(p, z)
            if self.matches(k, op.get("filter")) and not (z == "nation_deck" and self.cards[k].location == "accession")
        ]
        k = self.pick_card(st, fr, cands, False, "find a card", "R155")
        if k == WAIT:
            return WAIT
        if k is None:
            return True
        zone = next(z for z in zones if k in getattr(p, z))
        getattr(p, zone).remove(k)
        p.hand.append(k)
        ev.append(event("find", seat=fr.seat, card=self.cards[k].id, zone=zone, to=[fr.seat]))
        if zone == "deck":
            rngmod.shuffle(st, p.deck)
        elif zone == "nation_deck":
            acc = 1 if p.nation_deck and self.cards[p.nation_deck[0]].location == "accession" else 0
            rest = p.nation_deck[acc:]
            rngmod.shuffle(st, rest)
            p.nation_deck = p.nation_deck[:acc] + rest
        return True

    def op_exile_self(self, st, fr, op, ev):  # R139
        """This card (with any garrison, R180) leaves the play area for the exile pile."""
        p = st.seats[fr.seat]
        if fr.card in p.play:
            under = self.leave_play(st, fr.seat, fr.card)
            st.exile += [fr.card] + under
            ev.append(event("exile_card", seat=fr.seat, card=self.cards[fr.card].id))
        return True

    # --- control ------------------------------------------------------------------------------------
    def op_choose(self, st, fr, op, ev):  # R150, R164
        if "_chosen" in fr.vars:
            return True
        options = [A.OPTION + i for i, ops in enumerate(op["options"]) if self.precondition(st, fr.seat, ops, fr.card)]
        answer = self.choose(
            st,
            fr,
            "option",
            options,
            False,
            purpose="choose",
            rule="R150",
            texts=[self.describe_ops(ops) for ops in op["options"]],
        )
        if answer == WAIT:
            return WAIT
        if answer is None:
            return True
        fr.vars["_chosen"] = answer - A.OPTION
        child(st, fr, [fr.pc, "options", answer - A.OPTION])
        return WAIT

    def op_may(self, st, fr, op, ev):  # R111
        if "_chosen" in fr.vars:
            return True
        if not self.precondition(st, fr.seat, op["do"], fr.card):
            return True
        answer = self.choose(
            st, fr, "may", [A.YES, A.NO], False, purpose="may", text=self.describe_ops(op["do"]), rule="R111"
        )
        if answer == WAIT:
            return WAIT
        fr.vars["_chosen"] = answer
        if answer == A.YES:
            child(st, fr, [fr.pc, "do"])
            return WAIT
        return True

    def op_if(self, st, fr, op, ev):
        if "_chosen" in fr.vars:
            return True
        ok = self.condition(st, fr.seat, op["cond"], fr)
        branch = "do" if ok else "else"
        fr.vars["_chosen"] = branch
        if op.get(branch):
            child(st, fr, [fr.pc, branch])
            return WAIT
        return True

    def condition(self, st, seat: int, cond: dict, fr=None) -> bool:
        p = st.seats[seat]
        if "state" in cond:  # R117, R121
            return p.empire == (cond["state"] == "empire")
        if "in_play" in cond:
            return any(self.matches(k, cond["in_play"]) for k in p.play)
        if "var" in cond:
            return shared_vars(st, fr).get(cond["var"], 0) >= cond.get("min", 1)
        if "has" in cond:
            return all(getattr(p, r) >= n for r, n in cond["has"].items())
        raise ValueError(f"unknown condition {cond}")

    def others(self, st, seat: int) -> list[int]:
        return [(seat + i) % st.players for i in range(1, st.players)]

    def op_each_other(self, st, fr, op, ev):  # R149
        return self._for_players(st, fr, op, ev, self.others(st, fr.seat))

    def op_all_players(self, st, fr, op, ev):
        return self._for_players(st, fr, op, ev, [fr.seat] + self.others(st, fr.seat))

    def is_attack(self, fr) -> bool:
        return fr.card >= 0 and self.cards[fr.card].attack

    def _for_players(self, st, fr, op, ev, seats):
        targets = fr.vars.setdefault("_targets", list(seats))
        while targets:
            target = targets[0]
            if target != fr.seat and self.is_attack(fr) and not op.get("safe"):
                shielded = self.shield(st, fr, target, ev)  # R144-R145
                if shielded == WAIT:
                    return WAIT
                fr.vars.pop("_shield", None)
                if shielded:
                    targets.pop(0)
                    continue
            targets.pop(0)
            child(st, fr, [fr.pc, "do"], seat=target)
            return WAIT
        return True

    def shield(self, st, fr, target: int, ev: list):
        """Does ``target`` escape this attack? Asked once per target and attack card: the
        answer holds for every attacking operation of the card (R144-R145)."""
        memo = shared_vars(st, fr).setdefault("shielded", {})
        if str(target) in memo:
            return memo[str(target)]
        result = self._shield(st, fr, target, ev)
        if result != WAIT:
            memo[str(target)] = result
        return result

    def _shield(self, st, fr, target: int, ev: list):
        """It may recall a Cape or Wilderness (their passive) or exhaust a card whose exhaust
        is ``when attacked`` (Mounted Archers, even on another player's turn); a Standing Army
        makes the attacker pay 1 progress or leave it alone (R257)."""
        step = fr.vars.setdefault("_shield", 0)
        t = st.seats[target]
        if step == 0:
            recallers = [k for k in t.play if any(x.get("recall_to_avoid_attack") for x in self.cards[k].passive)]
            exhausters = [
                k
                for k in t.play
                if t.exhausts >= 1
                and k not in t.exhausted
                and self.cards[k].exhaust
                and self.cards[k].exhaust[0].get("op") == "when"
                and self.cards[k].exhaust[0].get("event") == "attacked"
            ]
            k = self.pick_card(
                st,
                fr,
                recallers + exhausters,
                True,
                "recall or exhaust a card to avoid the attack",
                "R145",
                seat=target,
            )
            if k == WAIT:
                return WAIT
            if k is not None and k in exhausters:
                t.exhausts -= 1
                t.exhausted.append(k)
                ev.append(event("exhaust", seat=target, card=self.cards[k].id))
                ev.append(event("avoid_attack", seat=target, card=self.cards[k].id))
                return True
            if k is not None:
                t.hand += [k] + self.leave_play(st, target, k)
                ev.append(event("avoid_attack", seat=target, card=self.cards[k].id))
                return True
            fr.vars["_shield"] = step = 1
        if step == 1:
            tolls = [x["attack_toll"] for k in t.play for x in self.cards[k].passive if "attack_toll" in x]
            if tolls:
                if not self.can_pay(st.seats[fr.seat], tolls[0]):
                    return True
                answer = self.choose(
                    st, fr, "may", [A.YES, A.NO], False, rule="R257", purpose=f"pay seat {target} to attack it"
                )
                if answer == WAIT:
                    return WAIT
                if answer == A.NO:
                    return True
                self.pay(st, fr.seat, tolls[0], ev)
                for res, n in tolls[0].items():
                    setattr(t, res, getattr(t, res) + n)
        return False

    def op_steal(self, st, fr, op, ev):  # R170
        res, n = op["res"], op.get("n", 1)
        if "state" in op:  # "from each {empire} player" (Raiders)
            victims = [s for s in self.others(st, fr.seat) if st.seats[s].empire == (op["state"] == "empire")]
        else:
            victims = self.others(st, fr.seat)
        if "in_play" in op:  # "from each player with a {region} in play"
            victims = [s for s in victims if any(self.matches(k, op["in_play"]) for k in st.seats[s].play)]
        targets = fr.vars.setdefault("_targets", victims)
        while targets:
            target = targets[0]
            if self.is_attack(fr):
                shielded = self.shield(st, fr, target, ev)
                if shielded == WAIT:
                    return WAIT
                fr.vars.pop("_shield", None)
                if shielded:
                    targets.pop(0)
                    continue
            targets.pop(0)
            t, p = st.seats[target], st.seats[fr.seat]
            taken = min(n, getattr(t, res))
            setattr(t, res, getattr(t, res) - taken)
            setattr(p, res, getattr(p, res) + taken)
            ev.append(event("steal", seat=fr.seat, from_seat=target, res=res, n=taken))
            if taken < n and op.get("else_unrest"):
                k = self.take_from_unrest_pile(st, ev)
                if k >= 0:
                    t.hand.append(k)
                if st.over:
                    return True
                self.unrest_taken(st, target, ev)  # Vikings
        return True

    def op_when(self, st, fr, op, ev):
        """A reactive exhaust is never run as a whole: ``react`` runs its body on the trigger."""
        return True

    def react(self, st, seat: int, event_name: str, ev: list, card: int = -1, amount: int = 0) -> None:
        """Queue reactive exhausts ('when X, exhaust this card to ...') for the seat, on its own
        Activate turn only (G24). A ``when`` with a ``filter`` reacts only when the card that
        caused the event (``card``) matches it. The power card's face reacts too (Carthaginians
        A); ``amount`` (materials gained from a market card) reaches the body as var "amount"."""
        p = st.seats[seat]
        if st.turn != seat or p.turn_mode != "activate" or p.exhausts < 1:
            return
        for k in [*p.play, p.power]:
            if k < 0:
                continue
            ops = self.face(k, p.side if k == p.power else "").exhaust
            if (
                ops
                and ops[0].get("op") == "when"
                and ops[0]["event"] == event_name
                and k not in p.exhausted
                and all(r[:2] != [seat, k] for r in st.reactions)
            ):
                if ops[0].get("filter") and (card < 0 or not self.matches(card, ops[0]["filter"])):
                    continue
                st.reactions.append([seat, k, amount] if amount else [seat, k])

    def react_now(self, st, seat: int, event_name: str, ev: list, card: int = -1) -> None:
        """React to an event that happens outside any operation (playing a card, R71): the
        reactive exhausts are offered at once, before the card's effect runs (Tents)."""
        if event_name == "play" and card >= 0:
            self.on_played(st, seat, card, ev)  # Combs, Chainmail
        self.react(st, seat, event_name, ev, card)
        while st.reactions:
            s, k, *amount = st.reactions.pop()
            push_frame(st, s, -1, "reaction", vars_={"card": k, "amount": sum(amount)})

    def sys_offer_reaction(self, st, fr, op, ev):
        p = st.seats[fr.seat]
        k = fr.vars["card"]
        if k in p.exhausted or p.exhausts < 1 or (k not in p.play and k != p.power):
            return True
        face = p.side if k == p.power else ""
        answer = self.choose(
            st,
            fr,
            "may",
            [A.YES, A.NO],
            False,
            rule="R80",
            purpose="exhaust {card}",
            card=k,
            text=self.describe_ops(self.face(k, face).exhaust[0]["do"]),
        )
        if answer == WAIT:
            return WAIT
        if answer == A.YES:
            p.exhausts -= 1
            p.exhausted.append(k)
            ev.append(event("exhaust", seat=fr.seat, card=self.cards[k].id))
            push_frame(st, fr.seat, k, "exhaust", face, path=[0, "do"], vars_={"amount": fr.vars.get("amount", 0)})
        return True

    def op_hook(self, st, fr, op, ev):
        method = getattr(self, "hook_" + op["name"], None)
        if method is not None:
            return method(st, fr, op.get("args", {}), ev)
        return HOOKS[op["name"]](self, st, fr, op.get("args", {}), ev)

    def op_require(self, st, fr, op, ev):
        """Only a precondition: the card is playable only when it holds (see ``precondition``)."""
        return True

    def op_end_trigger(self, st, fr, op, ev):
        self.trigger_end(st, op.get("why", self.cards[fr.card].name), ev)
        return True

    # --- named hooks: effects no operation expresses ---------------------------------------------
    def hook_garrison_self_in_region(self, st, fr, args, ev):
        """Cataphract (R181): tuck this card under a region in play, then run that region's play."""
        p = st.seats[fr.seat]
        if fr.card not in p.play:
            return True
        regions = [k for k in p.play if "region" in self.cards[k].suits]
        k = self.pick_card(st, fr, regions, True, "garrison this card under a region", "R181")
        if k == WAIT:
            return WAIT
        if k is not None:
            self.leave_play(st, fr.seat, fr.card)
            p.garrison.setdefault(k, []).append(fr.card)
            ev.append(event("garrison", seat=fr.seat, card=self.cards[fr.card].id, under=self.cards[k].id))
            push_frame(st, fr.seat, k, "play", path=[])
        return True

    def hook_marvellous(self, st, fr, args, ev):
        """Draw the top card if able, then discard it, put it back on top, or into history."""
        p = st.seats[fr.seat]
        if "_card" not in fr.vars:
            if not p.deck:
                return True
            fr.vars["_card"] = p.deck.pop()
            p.hand.append(fr.vars["_card"])
        k = fr.vars["_card"]
        answer = self.choose(
            st,
            fr,
            "option",
            [A.OPTION, A.OPTION + 1, A.OPTION + 2],
            False,
            purpose="{card}: discard / back on top / history",
            card=k,
            texts=["discard it", "return it to the top of your deck", "put it into your history"],
        )
        if answer == WAIT:
            return WAIT
        p.hand.remove(k)
        if answer == A.OPTION:
            p.discard.append(k)
        elif answer == A.OPTION + 1:
            p.deck.append(k)
        else:
            self.to_history(st, fr.seat, k, ev)
        return True

    def hook_sacred_pass(self, st, fr, args, ev):
        """Look at the nation deck's top; you may abandon this card to swap a hand card with it.
        The accession card can never be taken this way (R269, R193)."""
        p = st.seats[fr.seat]
        if not p.nation_deck or self.cards[p.nation_deck[-1]].location == "accession":
            return True
        if "_looked" not in fr.vars:
            answer = self.choose(
                st, fr, "may", [A.YES, A.NO], False, purpose="look at the top card of your nation deck", rule="R269"
            )
            if answer == WAIT:
                return WAIT
            if answer == A.NO:
                return True
            fr.vars["_looked"] = True
            ev.append(event("look_nation", seat=fr.seat, card=self.cards[p.nation_deck[-1]].id, to=[fr.seat]))
        if fr.card not in p.play:  # used through Ambassador: not yours to abandon
            return True
        k = self.pick_card(
            st,
            fr,
            list(p.hand),
            True,
            "abandon {card} to swap a hand card with the top of your nation deck",
            "R269",
            card=fr.card,
        )
        if k == WAIT:
            return WAIT
        if k is not None:
            p.discard += [fr.card] + self.leave_play(st, fr.seat, fr.card)
            p.hand.remove(k)
            p.hand.append(p.nation_deck.pop())
            p.nation_deck.append(k)
            ev.append(event("swap_nation", seat=fr.seat))
        return True

    def hook_agriculture(self, st, fr, args, ev):
        st.seats[fr.seat].region_as_production += 1
        return True

    def hook_ambassador(self, st, fr, args, ev):
        """Use an opponent's pinned card's exhaust effect as your own."""
        options = [
            k
            for s in self.others(st, fr.seat)
            for k in st.seats[s].play
            if self.cards[k].pinned
            and self.cards[k].exhaust
            and self.cards[k].exhaust[0].get("op") != "when"
            and self.precondition(st, fr.seat, self.cards[k].exhaust, k)
        ]
        k = self.pick_card(st, fr, options, False, "use an opponent's exhaust effect", "R76")
        if k == WAIT:
            return WAIT
        if k is not None:
            push_frame(st, fr.seat, k, "exhaust")
        return True

    def hook_gambling(self, st, fr, args, ev):
        """Declare a category, reveal the main deck's top: keep it if it matches, else exile it."""
        answer = self.choose(
            st, fr, "suit", [A.SUIT + i for i in range(4)], False, purpose="declare a category", rule="R134"
        )
        if answer == WAIT:
            return WAIT
        main = st.decks["main"]
        if main:
            k = main.pop()
            suit = SUIT_ACTIONS[answer - A.SUIT]
            if suit in self.cards[k].suits:
                st.seats[fr.seat].hand.append(k)
            else:
                st.exile.append(k)
            ev.append(event("gamble", seat=fr.seat, card=self.cards[k].id, declared=suit))
            if not main:
                self.trigger_end(st, "the main deck is empty (R213)", ev)
        return True

    # --- the rules programs ------------------------------------------------------------------------------
    def sys_market_token(self, st, fr, op, ev):  # R84-R86
        cards = [s.card for s in st.market if s.card >= 0]
        k = self.pick_card(st, fr, cards, False, "place a token on a market card", "R84")
        if k == WAIT:
            return WAIT
        if k is not None:
            tokens = {"progress": 1}
            for args in self.hooks(st, fr.seat, "market_token"):
                tokens = args
            slot = st.market[self.slot_of(st, k)]
            for res, n in tokens.items():
                slot.tokens[res] = slot.tokens.get(res, 0) + n
            ev.append(event("market_token", seat=fr.seat, card=self.cards[k].id, tokens=tokens))
        return True

    def sys_reset_tokens(self, st, fr, op, ev):  # R88-R89
        p = st.seats[fr.seat]
        p.exhausted = []
        p.nation_exhausted = False
        p.dev_exhausted = False
        p.actions = 3
        p.exhausts = 5
        for args in self.hooks(st, fr.seat, "exhaust_tokens"):
            p.exhausts = args.get("n", 5)
        return True

    def sys_cleanup_discard(self, st, fr, op, ev):  # R90
        p = st.seats[fr.seat]
        while p.hand:
            k = self.pick_card(st, fr, list(p.hand), True, "discard at clean-up", "R90")
            if k == WAIT:
                return WAIT
            if k is None:
                break
            p.hand.remove(k)
            p.discard.append(k)
        return True

    def sys_draw_to_limit(self, st, fr, op, ev):  # R91
        p = st.seats[fr.seat]
        n = fr.vars.get("_want")
        if n is None:
            n = fr.vars["_want"] = max(0, self.hand_limit(st, fr.seat) - len(p.hand))
        return self.draw_cards(st, fr, fr.seat, n, True, ev)

    def sys_discard_hand(self, st, fr, op, ev):  # R82
        p = st.seats[fr.seat]
        p.discard += p.hand
        p.hand = []
        return True

    # --- text for decisions -----------------------------------------------------------------------------
    def describe_ops(self, ops: list) -> str:
        parts = []
        for op in ops:
            name = op["op"]
            args = ", ".join(
                f"{k} {v}"
                for k, v in op.items()
                if k not in ("op", "do", "options", "else") and not isinstance(v, (dict, list))
            )
            lists = ", ".join(
                f"{k} {'/'.join(map(str, v))}"
                for k, v in op.items()
                if isinstance(v, list) and k not in ("do", "options", "else")
            )
            parts.append(" ".join(x for x in (name.replace("_", " "), args, lists) if x))
        return "; ".join(parts)


__all__ = ["Operations", "RES"]
