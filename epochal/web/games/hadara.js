// Hadara's board layout. It draws one seat's view and puts each legal action on the thing it
// acts on: buy/sell under a discard pile or a drawn card, "take" on a colony stack, statue
// choices in the seat's statue slots, "remove" on a card in Feeding. What each action means
// comes from the server (`ui.actions`, built from the engine), never from guessing here.
import {h} from "../js/dom.js";

const TRACKS = ["income", "military", "culture", "food"];
const COLORS = ["blue", "yellow", "green", "red", "purple"];
const ICON = {income: "⛃", military: "⚔", culture: "⚜", food: "☘", coin: "⛀", vp: "★", statue: "⚱",
              colony: "⚑", up: "▲", down: "▼", crown: "♛"};
const ROMAN = ["", "I", "II", "III"];

const EN = {
  "track.income": "Income", "track.military": "Military", "track.culture": "Culture", "track.food": "Food",
  "color.blue": "blue", "color.yellow": "yellow", "color.green": "green", "color.red": "red", "color.purple": "purple",
  "crest.monkey": "Monkey", "crest.dragon": "Dragon", "crest.lion": "Lion", "crest.pegasus": "Pegasus", "crest.scarab": "Scarab",
  "epoch": "Epoch {n}", "round": "round {n} of 5", "first": "first player: {name}",
  "step.setup": "Setup", "step.end": "Game over",
  "step.A1": "Phase A · Wheel", "step.A2": "Phase A · Drafting", "step.A3": "Phase A · Income",
  "step.A4": "Phase A · Colonies", "step.A5": "Phase A · Statues", "step.B1": "Phase B · Discard piles",
  "step.B2": "Phase B · Income", "step.B3": "Phase B · Colonies", "step.B4": "Phase B · Statues",
  "step.B5": "Phase B · Feeding", "step.B6": "Phase B · Medals",
  "prompt.side": "Choose a side of your start card", "prompt.wheel": "Set the wheel: pick the deck you draw from first",
  "prompt.draw": "Keep one of your two cards and buy or sell it; the other goes onto the discard pile",
  "prompt.take": "Take the top card of a discard pile, then buy or sell it",
  "prompt.colony": "Take a colony, or pass", "prompt.colony_mode": "Plunder the new colony, or annex it",
  "prompt.statue": "Create a statue in a free slot, or pass", "prompt.tile": "Place a bonus tile on the new card",
  "prompt.feed": "Too little food: remove {n} card(s)", "prompt.medals": "Buy medals, or finish",
  "chosen": "Your choice is made; waiting for the others",
  "board": "Decks and discard piles", "colonies": "Colonies", "deck": "{n} in deck", "pile": "{n} in pile",
  "left": "{n} left", "empty": "empty", "decision": "Your decision",
  "buy": "Buy {ICON}{n}", "sell": "Sell +{n}", "keep_buy": "Keep, buy for {n}", "keep_sell": "Keep, sell for {n}",
  "take_colony": "Take", "take_colony_cost": "Take (pay {n})", "plunder": "Plunder: +{n} coins, {vp} VP",
  "annex": "Annex: pay {n}, turn it over", "side": "Side {side}", "initiative": "initiative {n}",
  "wheel_pick": "{color} deck", "pass": "Pass", "done": "Done",
  "silver": "Silver medal on {track} · {n}", "gold": "Gold medal · {n}", "tile": "{track} tile (+2)",
  "feed_pay": "Pay {n} coins instead of one card", "remove": "Remove", "statue_up": "{track} +{n}",
  "statue_down": "face down: +{n} VP", "statue_slot": "culture {n}",
  "hand": "{n} in hand", "start": "start card {n}{side}", "your_hand": "Your cards",
  "sold": "Sold this epoch (only you see these)", "cards": "Cards", "statues": "Statues", "medals": "Medals",
  "tiles": "Unused bonus tiles", "annexed": "annexed", "requirement": "needs military {n}",
  "annex_cost": "annex {n}", "plunder_coins": "plunder {n}", "provisional_card": "provisional data",
  "score.colonies": "Colonies", "score.statues": "Statues", "score.silver": "Silver medals",
  "score.gold": "Gold medals", "score.cards": "Cards", "score.coins": "Coins (5 : 1)",
  "pe.PE1": "+{coins} coin on every sale", "pe.PE2": "buy requirement points, {coins_per_point} coins each",
  "pe.PE3": "holds a bonus tile: its track +{track_bonus}", "pe.PE4": "each statue +{track_bonus} (face down: +{facedown_vp} VP)",
  "pe.PE5": "cheaper medals in epochs II and III", "pe.PE6": "pay {coins_per_card} coins instead of removing a card",
  "pe.PE7": "{coins_per_point} coins per surplus food", "pe.PE8": "+{coins_per_track} coins per track above income",
  "pe.PE9": "+{coins} coins per colony", "pe.PE10": "requirements −{points}", "pe.PE11": "{vp_per_set} VP per colour set",
  "pe.PE12": "joker in colour sets", "pe.PE13": "2 colonies and 2 statues per step",
  "pe.PE14": "one silver medal scores in full", "pe.PE15": "+{per_card} per {color} card",
};

const RU = {
  "track.income": "Экономика", "track.military": "Военное дело", "track.culture": "Культура", "track.food": "Сельское хозяйство",
  "color.blue": "синяя", "color.yellow": "жёлтая", "color.green": "зелёная", "color.red": "красная", "color.purple": "фиолетовая",
  "crest.monkey": "Обезьяна", "crest.dragon": "Дракон", "crest.lion": "Лев", "crest.pegasus": "Пегас", "crest.scarab": "Скарабей",
  "epoch": "Эпоха {n}", "round": "раунд {n} из 5", "first": "первый игрок: {name}",
  "step.setup": "Подготовка", "step.end": "Игра окончена",
  "step.A1": "Фаза А · Колесо", "step.A2": "Фаза А · Выбор карт", "step.A3": "Фаза А · Доход",
  "step.A4": "Фаза А · Колонии", "step.A5": "Фаза А · Статуи", "step.B1": "Фаза Б · Стопки сброса",
  "step.B2": "Фаза Б · Доход", "step.B3": "Фаза Б · Колонии", "step.B4": "Фаза Б · Статуи",
  "step.B5": "Фаза Б · Продовольствие", "step.B6": "Фаза Б · Медали",
  "prompt.side": "Выберите сторону стартовой карты", "prompt.wheel": "Поверните колесо: выберите колоду, из которой берёте первым",
  "prompt.draw": "Оставьте одну из двух карт и купите или продайте её; другая уходит в стопку сброса",
  "prompt.take": "Возьмите верхнюю карту стопки сброса и купите или продайте её",
  "prompt.colony": "Захватите колонию или пасуйте", "prompt.colony_mode": "Разграбьте новую колонию или присоедините её",
  "prompt.statue": "Создайте статую в свободной ячейке или пасуйте", "prompt.tile": "Положите жетон бонуса на новую карту",
  "prompt.feed": "Не хватает продовольствия: уберите карт: {n}", "prompt.medals": "Купите медали или закончите",
  "chosen": "Вы сделали выбор; ждём остальных",
  "board": "Колоды и стопки сброса", "colonies": "Колонии", "deck": "в колоде: {n}", "pile": "в стопке: {n}",
  "left": "осталось: {n}", "empty": "пусто", "decision": "Ваше решение",
  "buy": "Купить {ICON}{n}", "sell": "Продать +{n}", "keep_buy": "Оставить, купить за {n}", "keep_sell": "Оставить, продать за {n}",
  "take_colony": "Захватить", "take_colony_cost": "Захватить (заплатить {n})", "plunder": "Разграбить: +{n} мон., {vp} ПО",
  "annex": "Присоединить: заплатить {n}", "side": "Сторона {side}", "initiative": "инициатива {n}",
  "wheel_pick": "{color} колода", "pass": "Пас", "done": "Готово",
  "silver": "Серебряная медаль: {track} · {n}", "gold": "Золотая медаль · {n}", "tile": "Жетон «{track}» (+2)",
  "feed_pay": "Заплатить {n} мон. вместо карты", "remove": "Убрать", "statue_up": "{track} +{n}",
  "statue_down": "рубашкой вверх: +{n} ПО", "statue_slot": "культура {n}",
  "hand": "на руке: {n}", "start": "стартовая карта {n}{side}", "your_hand": "Ваши карты",
  "sold": "Продано в этой эпохе (видите только вы)", "cards": "Карты", "statues": "Статуи", "medals": "Медали",
  "tiles": "Свободные жетоны бонуса", "annexed": "присоединена", "requirement": "нужно военное дело {n}",
  "annex_cost": "присоединить {n}", "plunder_coins": "разграбить {n}", "provisional_card": "предварительные данные",
  "score.colonies": "Колонии", "score.statues": "Статуи", "score.silver": "Серебряные медали",
  "score.gold": "Золотые медали", "score.cards": "Карты", "score.coins": "Монеты (5 : 1)",
  "pe.PE1": "+{coins} мон. за каждую продажу", "pe.PE2": "покупка делений требования, {coins_per_point} мон. за 1",
  "pe.PE3": "держит жетон бонуса: счётчик +{track_bonus}", "pe.PE4": "каждая статуя +{track_bonus} (рубашкой вверх: +{facedown_vp} ПО)",
  "pe.PE5": "дешёвые медали в эпохи II и III", "pe.PE6": "{coins_per_card} мон. вместо сброса карты",
  "pe.PE7": "{coins_per_point} мон. за излишек продовольствия", "pe.PE8": "+{coins_per_track} мон. за счётчик выше экономики",
  "pe.PE9": "+{coins} мон. за колонию", "pe.PE10": "требования −{points}", "pe.PE11": "{vp_per_set} ПО за набор цветов",
  "pe.PE12": "джокер в наборах цветов", "pe.PE13": "2 колонии и 2 статуи за этап",
  "pe.PE14": "одна серебряная медаль считается полностью", "pe.PE15": "+{per_card} за карту цвета «{color}»",
};

const HU = {
  "track.income": "Jövedelem", "track.military": "Katonai erő", "track.culture": "Kultúra", "track.food": "Élelem",
  "color.blue": "kék", "color.yellow": "sárga", "color.green": "zöld", "color.red": "piros", "color.purple": "lila",
  "crest.monkey": "Majom", "crest.dragon": "Sárkány", "crest.lion": "Oroszlán", "crest.pegasus": "Pegazus", "crest.scarab": "Szkarabeusz",
  "epoch": "{n}. korszak", "round": "{n}. kör az 5-ből", "first": "kezdőjátékos: {name}",
  "step.setup": "Előkészület", "step.end": "Vége",
  "step.A1": "A fázis · Kerék", "step.A2": "A fázis · Kártyahúzás", "step.A3": "A fázis · Jövedelem",
  "step.A4": "A fázis · Kolóniák", "step.A5": "A fázis · Mellszobrok", "step.B1": "B fázis · Dobópaklik",
  "step.B2": "B fázis · Jövedelem", "step.B3": "B fázis · Kolóniák", "step.B4": "B fázis · Mellszobrok",
  "step.B5": "B fázis · Élelmezés", "step.B6": "B fázis · Pecsétek",
  "prompt.side": "Válaszd ki a kezdőkártyád oldalát", "prompt.wheel": "Állítsd be a kereket: melyik pakliból húzol először",
  "prompt.draw": "Tarts meg egyet a két lapból, és vedd meg vagy add el; a másik a dobópaklira kerül",
  "prompt.take": "Vedd el egy dobópakli felső lapját, és vedd meg vagy add el",
  "prompt.colony": "Szerezz kolóniát, vagy passzolj", "prompt.colony_mode": "Fosztsd ki az új kolóniát, vagy tedd szövetségessé",
  "prompt.statue": "Faragj mellszobrot egy szabad helyre, vagy passzolj", "prompt.tile": "Tegyél egy bónuszlapkát az új kártyára",
  "prompt.feed": "Kevés az élelem: dobj el {n} lapot", "prompt.medals": "Vegyél pecsétet, vagy fejezd be",
  "chosen": "Választottál; a többiekre várunk",
  "board": "Paklik és dobópaklik", "colonies": "Kolóniák", "deck": "{n} a pakliban", "pile": "{n} a dobópakliban",
  "left": "{n} maradt", "empty": "üres", "decision": "A döntésed",
  "buy": "Vétel {ICON}{n}", "sell": "Eladás +{n}", "keep_buy": "Megtartom, veszem: {n}", "keep_sell": "Megtartom, eladom: {n}",
  "take_colony": "Megszerzés", "take_colony_cost": "Megszerzés ({n} érme)", "plunder": "Kifosztás: +{n} érme, {vp} GyP",
  "annex": "Szövetség: {n} érme", "side": "{side} oldal", "initiative": "kezdőszám {n}",
  "wheel_pick": "{color} pakli", "pass": "Passz", "done": "Kész",
  "silver": "Ezüstpecsét: {track} · {n}", "gold": "Aranypecsét · {n}", "tile": "{track} lapka (+2)",
  "feed_pay": "{n} érme egy lap helyett", "remove": "Eldob", "statue_up": "{track} +{n}",
  "statue_down": "lefordítva: +{n} GyP", "statue_slot": "kultúra {n}",
  "hand": "{n} lap a kézben", "start": "{n}{side} kezdőkártya", "your_hand": "A lapjaid",
  "sold": "Ebben a korszakban eladva (csak te látod)", "cards": "Kártyák", "statues": "Mellszobrok", "medals": "Pecsétek",
  "tiles": "Szabad bónuszlapkák", "annexed": "szövetséges", "requirement": "katonai erő {n} kell",
  "annex_cost": "szövetség {n}", "plunder_coins": "kifosztás {n}", "provisional_card": "ideiglenes adat",
  "score.colonies": "Kolóniák", "score.statues": "Mellszobrok", "score.silver": "Ezüstpecsétek",
  "score.gold": "Aranypecsétek", "score.cards": "Kártyák", "score.coins": "Érmék (5 : 1)",
  "pe.PE1": "+{coins} érme minden eladáskor", "pe.PE2": "feltételpont vásárlása, {coins_per_point} érme/pont",
  "pe.PE3": "bónuszlapkát tart: sáv +{track_bonus}", "pe.PE4": "minden szobor +{track_bonus} (lefordítva +{facedown_vp} GyP)",
  "pe.PE5": "olcsóbb pecsétek a II. és III. korszakban", "pe.PE6": "{coins_per_card} érme lapeldobás helyett",
  "pe.PE7": "{coins_per_point} érme élelemtöbbletenként", "pe.PE8": "+{coins_per_track} érme a jövedelem feletti sávokért",
  "pe.PE9": "+{coins} érme kolóniánként", "pe.PE10": "feltételek −{points}", "pe.PE11": "{vp_per_set} GyP színsorozatonként",
  "pe.PE12": "joker a színsorozatokban", "pe.PE13": "2 kolónia és 2 szobor lépésenként",
  "pe.PE14": "egy ezüstpecsét teljes értéket ér", "pe.PE15": "+{per_card} minden {color} lapért",
};

const prefix = (table) => Object.fromEntries(Object.entries(table).map(([k, v]) => [`hd.${k}`, v]));
export const strings = {en: prefix(EN), ru: prefix(RU), hu: prefix(HU)};

// --- small pieces ---------------------------------------------------------------------------

const tr = (ctx, key, params) => ctx.t(`hd.${key}`, {ICON: ICON.coin, ...params});
const trackName = (ctx, track) => tr(ctx, `track.${track}`);

function coin(n) { return h("span", {class: "coin", title: "coins"}, n); }
function vp(n) { return h("span", {class: "vp", title: "VP"}, n); }
function chip(ctx, track, n, sign = "+") {
  return h("span", {class: `chip t-${track}`, title: trackName(ctx, track)}, ICON[track], n === undefined ? "" : `${sign}${n}`);
}

function effectText(ctx, effect) {
  if (!effect) return "";
  const params = {...effect};
  if (effect.color) params.color = tr(ctx, `color.${effect.color}`);
  return tr(ctx, `pe.${effect.pe}`, params);
}

// A card as a card: colour, epoch, cost, VP, bonuses, effect. `mini` for tableaux.
export function card(ctx, id, opts = {}) {
  const c = ctx.view.cards[id];
  if (!c) return h("div", {class: "card back"}, "?");
  const bonuses = TRACKS.filter((t) => c.bonus[t]).map((t) => chip(ctx, t, c.bonus[t]));
  const held = opts.held ? h("span", {class: `tile t-${opts.held}`, title: trackName(ctx, opts.held)}, ICON[opts.held]) : null;
  const prov = c.provenance !== "exact";
  return h("div", {class: `card c-${c.color}${opts.mini ? " mini" : ""}${prov ? " prov" : ""}`, "data-card": id,
                   title: [`${id}`, effectText(ctx, c.effect), prov ? tr(ctx, "provisional_card") : ""].filter(Boolean).join(" · ")},
    h("div", {class: "card-head"}, coin(c.cost), h("span", {class: "epoch"}, ROMAN[c.epoch]), vp(c.vp)),
    h("div", {class: "card-bonus"}, bonuses, held),
    c.effect ? h("div", {class: "card-effect"}, h("b", {}, c.effect.pe), " ", opts.mini ? "" : effectText(ctx, c.effect)) : null,
    h("div", {class: "card-foot"}, id, c.star ? " ✦" : "", prov ? h("span", {class: "prov-mark", title: tr(ctx, "provisional_card")}, "≈") : null),
    opts.controls?.length ? h("div", {class: "card-controls"}, opts.controls) : null);
}

function deckBack(color, epoch, n) {
  return h("div", {class: `card back c-${color}`}, h("span", {class: "back-epoch"}, ROMAN[epoch] || ""), h("span", {class: "count"}, n));
}

function crestBadge(ctx, crest, name) {
  return h("span", {class: `crest cr-${crest}`, title: `${tr(ctx, `crest.${crest}`)}${name ? ` — ${name}` : ""}`},
           tr(ctx, `crest.${crest}`).slice(0, 1));
}

function colonyToken(ctx, col, opts = {}) {
  if (!col) return h("div", {class: "colony none"}, tr(ctx, "empty"));
  if (opts.annexed && col.back) {
    return h("div", {class: "colony annexed", title: `${col.id} · ${tr(ctx, "annexed")}`},
      h("div", {class: "col-req"}, ICON.military, col.requirement),
      h("div", {class: "col-bonus"}, TRACKS.filter((t) => col.back.bonus[t]).map((t) => chip(ctx, t, col.back.bonus[t]))),
      vp(col.back.vp));
  }
  return h("div", {class: `colony${col.provenance !== "exact" ? " prov" : ""}`, title: col.id},
    h("div", {class: "col-req", title: tr(ctx, "requirement", {n: col.requirement})}, ICON.military, col.requirement),
    h("div", {class: "col-line"}, h("span", {title: tr(ctx, "plunder_coins", {n: col.plunder})}, ICON.coin, col.plunder),
      h("span", {class: "muted", title: tr(ctx, "annex_cost", {n: col.annex_cost})}, "⇄", col.annex_cost)),
    vp(col.vp));
}

// --- what the seat must decide ----------------------------------------------------------------

export function prompt(ctx) {
  const d = ctx.view.decision;
  if (!d) return "";
  if (d.kind === "feed") {
    const hint = [...ctx.legal.values()].find((a) => a.hunger !== undefined);
    return tr(ctx, "prompt.feed", {n: hint ? hint.hunger : ""});
  }
  return tr(ctx, `prompt.${d.kind}`);
}

// A label for one legal action, used on buttons away from the board and in tooltips.
export function describe(ctx, id) {
  const a = ctx.legal.get(id);
  if (!a || !a.kind) return a ? a.text : String(id);
  const track = a.track ? trackName(ctx, a.track) : "";
  switch (a.kind) {
    case "side": return `${tr(ctx, "side", {side: a.side})} · ${tr(ctx, "initiative", {n: a.initiative})}`;
    case "wheel": return tr(ctx, "wheel_pick", {color: tr(ctx, `color.${a.yours}`)});
    case "draw": return `${a.card}: ${tr(ctx, a.sell ? "keep_sell" : "keep_buy", {n: a.coins})}`;
    case "take": return `${a.card}: ${tr(ctx, a.sell ? "sell" : "buy", {n: a.coins})}`;
    case "colony": return `${ICON.military}${a.requirement}: ${a.cost ? tr(ctx, "take_colony_cost", {n: a.cost}) : tr(ctx, "take_colony")}`;
    case "plunder": return tr(ctx, "plunder", {n: a.coins, vp: a.vp});
    case "annex": return tr(ctx, "annex", {n: a.coins});
    case "statue": return `${ICON.statue}${a.slot + 1}: ${a.face_down ? tr(ctx, "statue_down", {n: a.bonus}) : tr(ctx, "statue_up", {track, n: a.bonus})}`;
    case "silver": return tr(ctx, "silver", {track, n: a.coins});
    case "gold": return tr(ctx, "gold", {n: a.coins});
    case "tile": return tr(ctx, "tile", {track});
    case "feed_pay": return tr(ctx, "feed_pay", {n: a.coins});
    case "remove": return `${tr(ctx, "remove")} ${a.card}`;
    case "pass": return tr(ctx, a.step === "medals" ? "done" : "pass");
    default: return a.text;
  }
}

export function scoreLabel(ctx, key) { return tr(ctx, `score.${key}`); }

function ofKind(ctx, kind) { return [...ctx.legal.values()].filter((a) => a.kind === kind); }

function control(ctx, a, label, cls) { return ctx.control(a.id, label, {title: describe(ctx, a.id), cls}); }

// --- the layout -------------------------------------------------------------------------------

export function render(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const order = me === null ? v.seats.map((s) => s.seat) : [me, ...v.seats.map((s) => s.seat).filter((s) => s !== me)];
  return h("div", {class: "hd"},
    status(ctx),
    decisionPanel(ctx),
    h("div", {class: "hd-board"}, decks(ctx), colonies(ctx)),
    h("div", {class: "hd-seats"}, order.map((s) => seatPanel(ctx, v.seats[s]))));
}

function status(ctx) {
  const v = ctx.view;
  const parts = [];
  if (v.epoch) parts.push(h("b", {}, tr(ctx, "epoch", {n: ROMAN[v.epoch]})));
  parts.push(h("span", {}, tr(ctx, `step.${v.step}`)));
  if (v.step === "A2" && !v.over) parts.push(h("span", {}, tr(ctx, "round", {n: v.round + 1})));
  if (v.epoch && v.first_players.length) {
    parts.push(h("span", {class: "muted"}, tr(ctx, "first", {name: ctx.names[v.first_players[v.epoch - 1]]})));
  }
  return h("div", {class: "hd-status", "data-testid": "status"}, parts);
}

function decisionPanel(ctx) {
  const v = ctx.view;
  const d = v.decision;
  if (ctx.seat === null || !d || !d.seats.includes(ctx.seat)) return null;
  if (!d.waiting.includes(ctx.seat)) {
    return h("section", {class: "hd-decision done"}, h("p", {}, tr(ctx, "chosen")));
  }
  const me = v.seats[ctx.seat];
  const body = [];
  if (d.kind === "side") {
    body.push(h("div", {class: "row"}, ofKind(ctx, "side").map((a) =>
      h("div", {class: "start-card"},
        h("div", {class: "start-head"}, tr(ctx, "start", {n: a.card, side: a.side})),
        h("div", {}, tr(ctx, "initiative", {n: a.initiative})),
        h("div", {class: "card-bonus"}, TRACKS.map((t) => chip(ctx, t, a.tracks[t], ""))),
        h("div", {}, coin(a.coins)),
        control(ctx, a, tr(ctx, "side", {side: a.side}), "primary")))));
  } else if (d.kind === "wheel") {
    body.push(h("div", {class: "row"}, ofKind(ctx, "wheel").map((a) =>
      control(ctx, a, [h("span", {class: `swatch c-${a.yours}`}), " ", tr(ctx, "wheel_pick", {color: tr(ctx, `color.${a.yours}`)})],
              `wheel c-${a.yours}`))));
  } else if (d.kind === "draw") {
    const byCard = new Map();
    for (const a of ofKind(ctx, "draw")) byCard.set(a.card, [...(byCard.get(a.card) || []), a]);
    body.push(h("div", {class: "row hand", "data-testid": "hand"}, (me.hand || []).map((id) =>
      card(ctx, id, {controls: (byCard.get(id) || []).map((a) =>
        control(ctx, a, tr(ctx, a.sell ? "keep_sell" : "keep_buy", {n: a.coins}), a.sell ? "sell" : "buy"))}))));
  } else if (d.kind === "colony_mode") {
    const col = me.colonies[me.colonies.length - 1];
    body.push(h("div", {class: "row"}, colonyToken(ctx, col),
      ofKind(ctx, "plunder").map((a) => control(ctx, a, describe(ctx, a.id))),
      ofKind(ctx, "annex").map((a) => control(ctx, a, describe(ctx, a.id), "primary"))));
  } else if (d.kind === "medals") {
    body.push(h("div", {class: "row"},
      ofKind(ctx, "silver").map((a) => control(ctx, a, [h("span", {class: "medal silver"}, ICON[a.track]), " ", describe(ctx, a.id)])),
      ofKind(ctx, "gold").map((a) => control(ctx, a, [h("span", {class: "medal gold"}, ICON.crown), " ", describe(ctx, a.id)]))));
  } else if (d.kind === "tile") {
    body.push(h("div", {class: "row"}, ofKind(ctx, "tile").map((a) => control(ctx, a, [chip(ctx, a.track), " ", describe(ctx, a.id)]))));
  } else if (d.kind === "feed") {
    body.push(h("div", {class: "row"}, ofKind(ctx, "feed_pay").map((a) => control(ctx, a, describe(ctx, a.id)))));
  }
  const pass = ofKind(ctx, "pass").map((a) => control(ctx, a, describe(ctx, a.id), "pass"));
  return h("section", {class: "hd-decision", "data-testid": "decision"},
    h("h3", {}, tr(ctx, "decision"), ": ", prompt(ctx)), body, pass.length ? h("div", {class: "row"}, pass) : null);
}

function decks(ctx) {
  const v = ctx.view;
  const takes = ofKind(ctx, "take");
  const crestsAt = {};
  for (const [crest, color] of Object.entries(v.crest_decks || {})) (crestsAt[color] ||= []).push(crest);
  return h("section", {class: "hd-decks"}, h("h3", {}, tr(ctx, "board")),
    h("div", {class: "row"}, v.board.map((b) => h("div", {class: `deck-col c-${b.color}`, "data-testid": `pile-${b.color}`},
      h("div", {class: "crests"}, (crestsAt[b.color] || []).map((c) => crestBadge(ctx, c, ctx.names[ctx.view.seats.findIndex((s) => s.crest === c)]))),
      h("div", {class: "deck-pair"},
        h("div", {title: tr(ctx, "deck", {n: b.deck})}, deckBack(b.color, v.epoch, b.deck)),
        h("div", {class: "pile", title: tr(ctx, "pile", {n: b.pile})},
          b.top ? card(ctx, b.top, {controls: takes.filter((a) => a.pile === b.color).map((a) =>
            control(ctx, a, tr(ctx, a.sell ? "sell" : "buy", {n: a.coins}), a.sell ? "sell" : "buy"))})
                : h("div", {class: "card slot"}, tr(ctx, "empty")),
          b.pile > 1 ? h("span", {class: "pile-count"}, `×${b.pile}`) : null))))));
}

function colonies(ctx) {
  const takes = ofKind(ctx, "colony");
  return h("section", {class: "hd-colonies"}, h("h3", {}, tr(ctx, "colonies")),
    h("div", {class: "row"}, ctx.view.colonies.map((stack, i) => {
      const a = takes.find((x) => x.stack === i);
      return h("div", {class: "colony-stack", "data-testid": `colony-${i}`},
        colonyToken(ctx, stack.top), h("div", {class: "muted small"}, tr(ctx, "left", {n: stack.left})),
        a ? control(ctx, a, a.cost ? tr(ctx, "take_colony_cost", {n: a.cost}) : tr(ctx, "take_colony"), "primary") : null);
    })));
}

function seatPanel(ctx, s) {
  const v = ctx.view;
  const mine = s.seat === ctx.seat;
  const active = v.decision?.waiting.includes(s.seat);
  const isBot = ctx.meta.kinds[s.seat] === "bot";
  const winner = v.winners?.includes(s.seat);
  const max = Math.max(20, ...v.seats.flatMap((x) => TRACKS.map((t) => x.tracks[t])));
  const removes = mine ? ofKind(ctx, "remove") : [];
  const byColor = COLORS.map((c) => s.cards.filter((id) => v.cards[id]?.color === c));
  return h("section", {class: `seat${mine ? " mine" : ""}${active ? " active" : ""}`, "data-testid": `seat-${s.seat}`},
    h("header", {},
      crestBadge(ctx, s.crest),
      h("b", {class: "seat-name"}, ctx.names[s.seat]),
      mine ? h("span", {class: "tag"}, ctx.t("table.you")) : null,
      isBot ? h("span", {class: "tag bot"}, ctx.t("table.bot")) : null,
      winner ? h("span", {class: "tag win"}, ICON.crown) : null,
      active && !v.over ? h("span", {class: "tag turn"}, isBot ? ctx.t("table.thinking") : "…") : null,
      h("span", {class: "spacer"}),
      s.start_card ? h("span", {class: "muted small"}, tr(ctx, "start", {n: s.start_card, side: s.side}), " · ",
                       tr(ctx, "initiative", {n: s.initiative})) : null,
      s.hand_size && !mine ? h("span", {class: "muted small"}, " · ", tr(ctx, "hand", {n: s.hand_size})) : null,
      h("span", {class: "coins-big", "data-testid": `coins-${s.seat}`}, coin(s.coins))),
    h("div", {class: "tracks"}, TRACKS.map((t) => h("div", {class: `track t-${t}`},
      h("span", {class: "track-label"}, ICON[t], " ", trackName(ctx, t)),
      h("span", {class: "bar"}, h("span", {class: "fill", style: {width: `${Math.min(100, 100 * s.tracks[t] / max)}%`}})),
      h("b", {class: "track-value"}, s.tracks[t])))),
    h("div", {class: "tableau"}, byColor.map((ids, i) => h("div", {class: `tab-col c-${COLORS[i]}`},
      ids.map((id) => card(ctx, id, {mini: true, held: s.held_tiles[id],
        controls: removes.filter((a) => a.card === id).map((a) => control(ctx, a, `✕ ${tr(ctx, "remove")}`, "remove"))}))))),
    h("div", {class: "seat-extras"},
      h("div", {class: "seat-colonies", title: tr(ctx, "colonies")}, s.colonies.map((c) => colonyToken(ctx, c, {annexed: c.annexed}))),
      statues(ctx, s, mine),
      h("div", {class: "medals", title: tr(ctx, "medals")},
        s.silver.map((t) => h("span", {class: `medal silver t-${t}`, title: trackName(ctx, t)}, ICON[t])),
        Array.from({length: s.gold}, () => h("span", {class: "medal gold"}, ICON.crown))),
      h("div", {class: "tiles", title: tr(ctx, "tiles")}, TRACKS.map((t) =>
        h("span", {class: `tile t-${t}${s.unused_tiles[t] ? "" : " used"}`, title: trackName(ctx, t)}, ICON[t], s.unused_tiles[t])))),
    mine && s.sold_this_epoch?.length ? h("div", {class: "sold"}, h("span", {class: "muted small"}, tr(ctx, "sold")),
      s.sold_this_epoch.map((id) => h("span", {class: "tag", "data-card": id}, id))) : null);
}

function statues(ctx, s, mine) {
  const slots = ctx.ui.slots || [];
  const options = mine ? ofKind(ctx, "statue") : [];
  return h("div", {class: "statues", title: tr(ctx, "statues")}, slots.map((slot, i) => {
    const placed = s.statues[i];
    const here = options.filter((a) => a.slot === i);
    return h("div", {class: `statue${placed ? " placed" : ""}`, "data-testid": mine ? `statue-slot-${i}` : null},
      h("div", {class: "statue-head", title: tr(ctx, "statue_slot", {n: slot.requirement})}, ICON.statue, ICON.culture, slot.requirement, " ", vp(slot.vp)),
      placed ? h("div", {class: `tile t-${placed.track}`},
                 placed.face_down ? `${ICON.down} ${ICON.vp}${slot.bonus}` : `${ICON[placed.track]} +${slot.bonus}`) : null,
      here.length ? h("div", {class: "statue-options"}, here.map((a) => control(ctx, a,
        a.face_down ? `${ICON.down}${ICON[a.track]} ${ICON.vp}${a.bonus}` : `${ICON.up}${ICON[a.track]} +${a.bonus}`,
        `t-${a.track}`))) : null);
  }));
}
