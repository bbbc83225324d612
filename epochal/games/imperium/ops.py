"""One handler per operation of the effect vocabulary (docs/games/imperium-data.md).

A handler returns True when its operation is finished, or WAIT after pushing a decision or a
child frame; it is then called again with the answer in ``fr.vars["_answer"]`` (or after the
child frame ended) and continues from the progress it keeps in ``fr.vars`` under "_" keys.
"""

from __future__ import annotations

from epochal.engine import event
from epochal.engine import rng as rngmod

from . import actions as A
from .hooks import HOOKS
from .effects import GAINS, RES, WAIT, EffectRunner, child, costs, push_frame, shared_vars

SUIT_ACTIONS = ("region", "uncivilised", "civilised", "tributary")


class Operations(EffectRunner):
    # --- resources ----------------------------------------------------------------------------------
    def op_gain(self, st, fr, op, ev):                                          # R160, R152
        p = st.seats[fr.seat]
        for res in GAINS:
            n = op.get(res, 0)
            if n:
                attr = "actions" if res == "action" else res
                setattr(p, attr, getattr(p, attr) + n)
                ev.append(event("gain", seat=fr.seat, res=res, n=n))
        if op.get("via") == "river" and op.get("materials"):                   # R265 (Boats)
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

    def op_pay(self, st, fr, op, ev):                                           # R163
        if not self.pay(st, fr.seat, costs(op), ev):
            fr.vars["_abort"] = True                                           # R73: as far as possible
        return True

    def op_return_exhaust(self, st, fr, op, ev):
        p = st.seats[fr.seat]
        if p.exhausted:
            p.exhausted.pop()
            p.exhausts += 1
        return True

    # --- cards --------------------------------------------------------------------------------------
    def op_draw(self, st, fr, op, ev):                                          # R95, R96
        return self.draw_cards(st, fr, fr.seat, op.get("n", 1), not op.get("if_able"), ev)

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

    def op_discard(self, st, fr, op, ev):                                       # R169
        p = st.seats[fr.seat]
        drawn = fr.vars.get("drawn", [])            # "draw 2 and discard one of them"

        def cands():
            return [k for k in p.hand if k in drawn] if op.get("from") == "drawn" else list(p.hand)

        def act(k):
            p.hand.remove(k)
            p.discard.append(k)
            ev.append(event("discard", seat=fr.seat, card=self.cards[k].id))
            shared_vars(st, fr)["discarded"] = shared_vars(st, fr).get("discarded", 0) + 1
        return self._repeat_pick(st, fr, op, cands, act, "discard", "R169")

    def op_history(self, st, fr, op, ev):                                       # R183
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
            if source == "play":                     # with its garrison (R180)
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
        return self._repeat_pick(st, fr, op, lambda: list(getattr(p, zone)), act,
                                 "put on top of your deck", "R95")

    def op_retrieve(self, st, fr, op, ev):
        p = st.seats[fr.seat]

        def act(k):
            p.discard.remove(k)
            (p.deck if op.get("to") == "deck" else p.hand).append(k)
            ev.append(event("retrieve", seat=fr.seat, card=self.cards[k].id))
        return self._repeat_pick(
            st, fr, op, lambda: [k for k in p.discard if self.matches(k, op.get("filter"))],
            act, "take from your discard pile", "R154")

    def op_garrison(self, st, fr, op, ev):                                      # R176-R178
        p = st.seats[fr.seat]
        if fr.card not in p.play:
            return True

        def cands():
            return [k for k in p.hand if not self.cards[k].no_garrison
                    and self.matches(k, op.get("filter"))]

        def act(k):
            p.hand.remove(k)
            p.garrison.setdefault(fr.card, []).append(k)
            ev.append(event("garrison", seat=fr.seat, card=self.cards[k].id,
                            under=self.cards[fr.card].id))
        return self._repeat_pick(st, fr, {"may": op.get("may", True), "n": 1}, cands, act,
                                 "garrison", "R176")

    def op_recall(self, st, fr, op, ev):                                        # R158, G12
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

    def op_abandon(self, st, fr, op, ev):                                       # R167
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

    def op_take_unrest(self, st, fr, op, ev):                                   # R147
        p = st.seats[fr.seat]
        for _ in range(op.get("n", 1)):
            k = self.take_from_unrest_pile(st, ev)
            if k < 0:
                break
            p.hand.append(k)
            ev.append(event("take_unrest", seat=fr.seat))
            if st.over:
                break
        return True

    def op_return_unrest(self, st, fr, op, ev):                                 # R146
        p = st.seats[fr.seat]
        zones = op.get("from", ["hand"])
        if zones == ["self"]:                        # an unrest card returns itself (R75)
            if fr.card in p.play:
                self.leave_play(st, fr.seat, fr.card)
                st.unrest.append(fr.card)
                ev.append(event("return_unrest", seat=fr.seat, card=self.cards[fr.card].id))
            return True

        def cands():
            return [k for z in zones for k in getattr(p, z) if "unrest" in self.cards[k].suits]

        def act(k):
            self.remove_from(p, k, zones)
            st.unrest.append(k)
            ev.append(event("return_unrest", seat=fr.seat, card=self.cards[k].id))
            self.react(st, fr.seat, "return_unrest", ev)
        may = op.get("may", False) or op.get("up_to", False)
        return self._repeat_pick(st, fr, {"n": op.get("n", 1), "may": may}, cands, act,
                                 "return an unrest", "R146")

    def op_give_card(self, st, fr, op, ev):
        """Exports: each other player receives a card from your hand or discard pile."""
        p = st.seats[fr.seat]
        targets = fr.vars.setdefault("_targets", self.others(st, fr.seat))
        while targets:
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
    def op_exile_market(self, st, fr, op, ev):                                  # R139-R141
        def act(k):
            slot = self.slot_of(st, k)
            s = st.market[slot]
            st.exile.append(k)
            if s.unrest >= 0:
                st.unrest.append(s.unrest)
            s.card, s.unrest, s.tokens = -1, -1, {}
            ev.append(event("exile", seat=fr.seat, card=self.cards[k].id))
            self.refill(st, slot, ev)
        return self._repeat_pick(st, fr, op, lambda: self.market_cards(st, [], exile=True),
                                 act, "exile from the market", "R141")

    def op_acquire(self, st, fr, op, ev):                                       # R130-R133
        def act(k):
            self.take_from_market(st, fr.seat, k, True, ev)
        return self._repeat_pick(
            st, fr, op, lambda: self.market_cards(st, op["suits"], op.get("filter")), act,
            "acquire", "R130")

    def op_break_through(self, st, fr, op, ev):                                 # R134-R137
        suits = op["suits"]
        if "_suit" not in fr.vars:
            options = [A.SUIT + SUIT_ACTIONS.index(s) for s in suits]
            answer = self.choose(st, fr, "suit", options, op.get("may", False),
                                 purpose="break through: declare a category", rule="R134")
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
            options.append(A.BT_DECK)                                            # variants 2-4
        if suit == "tributary" or not deck or op.get("filter"):
            options.append(A.BT_MAIN)                                            # variant 5
        answer = self.choose(st, fr, "bt_source", options, False,
                             purpose=f"break through for {suit}", rule="R135")
        if answer == WAIT:
            return WAIT
        p = st.seats[fr.seat]
        if answer == A.BT_DECK:                      # the deck's top goes unseen into the hand
            k = deck.pop()
            p.hand.append(k)
            ev.append(event("break_through_deck", seat=fr.seat, suit=suit))
            ev.append(event("break_through", seat=fr.seat, card=self.cards[k].id, to=[fr.seat]))
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
        else:                                                                     # G11
            res = st.options["breakthrough_fallback"]
            setattr(p, res, getattr(p, res) + 2)
            ev.append(event("gain", seat=seat, res=res, n=2))
        if not main:
            self.trigger_end(st, "the main deck is empty (R213)", ev)

    def op_develop(self, st, fr, op, ev):                                        # R171-R173
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

    def op_look_fame(self, st, fr, op, ev):                                      # R255, R243
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
            ev.append(event("look_fame", seat=fr.seat, n=len(fr.vars["_seen"]),
                            cards=[self.cards[k].id for k in fr.vars["_seen"]], to=[fr.seat]))
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
        st.run.append(Frame(seat=seat, card=st.kok, face="" if face is card else "B",
                            trigger="play", path=[], by=seat, vars={"_kok": True}))
        if st.kok_side == "A":
            st.kok_side = "B"
            self.trigger_end(st, "King of Kings was flipped (R215)", ev)
        ev.append(event("king_of_kings", seat=seat, side=st.kok_side))

    def op_nation_top_to_discard(self, st, fr, op, ev):
        self.nation_top_to_discard(st, fr.seat, ev)
        return True

    # --- control ------------------------------------------------------------------------------------
    def op_choose(self, st, fr, op, ev):                                         # R150, R164
        if "_chosen" in fr.vars:
            return True
        options = [A.OPTION + i for i, ops in enumerate(op["options"])
                   if self.precondition(st, fr.seat, ops, fr.card)]
        answer = self.choose(st, fr, "option", options, False, purpose="choose", rule="R150",
                             texts=[self.describe_ops(ops) for ops in op["options"]])
        if answer == WAIT:
            return WAIT
        if answer is None:
            return True
        fr.vars["_chosen"] = answer - A.OPTION
        child(st, fr, [fr.pc, "options", answer - A.OPTION])
        return WAIT

    def op_may(self, st, fr, op, ev):                                            # R111
        if "_chosen" in fr.vars:
            return True
        if not self.precondition(st, fr.seat, op["do"], fr.card):
            return True
        answer = self.choose(st, fr, "may", [A.YES, A.NO], False, purpose="may",
                             text=self.describe_ops(op["do"]), rule="R111")
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
        if "state" in cond:                                                       # R117, R121
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

    def op_each_other(self, st, fr, op, ev):                                      # R149
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
                shielded = self.shield(st, fr, target, ev)                         # R144-R145
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
        """Does ``target`` escape this attack? It may recall a Cape or Wilderness (their
        passive); a Standing Army makes the attacker pay 1 progress or leave it alone (R257)."""
        step = fr.vars.setdefault("_shield", 0)
        t = st.seats[target]
        if step == 0:
            recallers = [k for k in t.play
                         if any(x.get("recall_to_avoid_attack") for x in self.cards[k].passive)]
            k = self.pick_card(st, fr, recallers, True, "recall to avoid the attack", "R145",
                               seat=target)
            if k == WAIT:
                return WAIT
            if k is not None:
                t.hand += [k] + self.leave_play(st, target, k)
                ev.append(event("avoid_attack", seat=target, card=self.cards[k].id))
                return True
            fr.vars["_shield"] = step = 1
        if step == 1:
            tolls = [x["attack_toll"] for k in t.play for x in self.cards[k].passive
                     if "attack_toll" in x]
            if tolls:
                if not self.can_pay(st.seats[fr.seat], tolls[0]):
                    return True
                answer = self.choose(st, fr, "may", [A.YES, A.NO], False, rule="R257",
                                     purpose=f"pay seat {target} to attack it")
                if answer == WAIT:
                    return WAIT
                if answer == A.NO:
                    return True
                self.pay(st, fr.seat, tolls[0], ev)
                for res, n in tolls[0].items():
                    setattr(t, res, getattr(t, res) + n)
        return False

    def op_steal(self, st, fr, op, ev):                                           # R170
        res, n = op["res"], op.get("n", 1)
        targets = fr.vars.setdefault("_targets", self.others(st, fr.seat))
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
        return True

    def op_when(self, st, fr, op, ev):
        """A reactive exhaust is never run as a whole: ``react`` runs its body on the trigger."""
        return True

    def react(self, st, seat: int, event_name: str, ev: list) -> None:
        """Queue reactive exhausts ('when X, exhaust this card to ...') for the seat, on its own
        Activate turn only (G24)."""
        p = st.seats[seat]
        if st.turn != seat or p.turn_mode != "activate" or p.exhausts < 1:
            return
        for k in p.play:
            ops = self.cards[k].exhaust
            if ops and ops[0].get("op") == "when" and ops[0]["event"] == event_name \
                    and k not in p.exhausted and [seat, k] not in st.reactions:
                st.reactions.append([seat, k])

    def sys_offer_reaction(self, st, fr, op, ev):
        p = st.seats[fr.seat]
        k = fr.vars["card"]
        if k in p.exhausted or p.exhausts < 1 or k not in p.play:
            return True
        answer = self.choose(st, fr, "may", [A.YES, A.NO], False, rule="R80",
                             purpose=f"exhaust {self.cards[k].name}",
                             text=self.describe_ops(self.cards[k].exhaust[0]["do"]))
        if answer == WAIT:
            return WAIT
        if answer == A.YES:
            p.exhausts -= 1
            p.exhausted.append(k)
            ev.append(event("exhaust", seat=fr.seat, card=self.cards[k].id))
            push_frame(st, fr.seat, k, "exhaust", path=[0, "do"])
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
            ev.append(event("garrison", seat=fr.seat, card=self.cards[fr.card].id,
                            under=self.cards[k].id))
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
        answer = self.choose(st, fr, "option", [A.OPTION, A.OPTION + 1, A.OPTION + 2], False,
                             purpose=f"{self.cards[k].name}: discard / back on top / history",
                             texts=["discard it", "return it to the top of your deck",
                                    "put it into your history"])
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
            answer = self.choose(st, fr, "may", [A.YES, A.NO], False, purpose="look at the top "
                                 "card of your nation deck", rule="R269")
            if answer == WAIT:
                return WAIT
            if answer == A.NO:
                return True
            fr.vars["_looked"] = True
            ev.append(event("look_nation", seat=fr.seat, card=self.cards[p.nation_deck[-1]].id,
                            to=[fr.seat]))
        k = self.pick_card(st, fr, list(p.hand), True, "abandon Sacred Pass to swap this card "
                           "with the top of your nation deck", "R269")
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
        options = [k for s in self.others(st, fr.seat) for k in st.seats[s].play
                   if self.cards[k].pinned and self.cards[k].exhaust
                   and self.cards[k].exhaust[0].get("op") != "when"
                   and self.precondition(st, fr.seat, self.cards[k].exhaust, k)]
        k = self.pick_card(st, fr, options, False, "use an opponent's exhaust effect", "R76")
        if k == WAIT:
            return WAIT
        if k is not None:
            push_frame(st, fr.seat, k, "exhaust")
        return True

    def hook_gambling(self, st, fr, args, ev):
        """Declare a category, reveal the main deck's top: keep it if it matches, else exile it."""
        answer = self.choose(st, fr, "suit", [A.SUIT + i for i in range(4)], False,
                             purpose="declare a category", rule="R134")
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
    def sys_market_token(self, st, fr, op, ev):                                    # R84-R86
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

    def sys_reset_tokens(self, st, fr, op, ev):                                   # R88-R89
        p = st.seats[fr.seat]
        p.exhausted = []
        p.nation_exhausted = False
        p.dev_exhausted = False
        p.actions = 3
        p.exhausts = 5
        for args in self.hooks(st, fr.seat, "exhaust_tokens"):
            p.exhausts = args.get("n", 5)
        return True

    def sys_cleanup_discard(self, st, fr, op, ev):                                # R90
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

    def sys_draw_to_limit(self, st, fr, op, ev):                                  # R91
        p = st.seats[fr.seat]
        n = fr.vars.get("_want")
        if n is None:
            n = fr.vars["_want"] = max(0, self.hand_limit(st, fr.seat) - len(p.hand))
        return self.draw_cards(st, fr, fr.seat, n, True, ev)

    def sys_discard_hand(self, st, fr, op, ev):                                   # R82
        p = st.seats[fr.seat]
        p.discard += p.hand
        p.hand = []
        return True

    # --- text for decisions -----------------------------------------------------------------------------
    def describe_ops(self, ops: list) -> str:
        parts = []
        for op in ops:
            name = op["op"]
            args = ", ".join(f"{k} {v}" for k, v in op.items()
                             if k not in ("op", "do", "options", "else") and not isinstance(v, (dict, list)))
            lists = ", ".join(f"{k} {'/'.join(map(str, v))}" for k, v in op.items()
                              if isinstance(v, list) and k not in ("do", "options", "else"))
            parts.append(" ".join(x for x in (name.replace("_", " "), args, lists) if x))
        return "; ".join(parts)


__all__ = ["Operations", "RES"]
