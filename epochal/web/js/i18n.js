// UI strings of the lobby and the generic table, in English, Russian and Hungarian.
// A game's own words (its board drawing's) come from the server with the game's constants
// (GET /api/meta/<game>/table?lang=), read from the game's locale files; so do the event texts
// of the game log, in the language the page asks for.

const STRINGS = {
  en: {
    "app.title": "Epochal", "app.tagline": "Civilization-building card games",
    "lang": "Language",
    "lobby.create": "New game", "lobby.game": "Game", "lobby.players": "Players",
    "lobby.seat": "Seat {n}", "lobby.human": "Person", "lobby.bot": "Bot", "lobby.level": "Level",
    "lobby.name": "Name", "lobby.options": "Rules options", "lobby.data": "Card data", "lobby.data_builtin": "built in",
    "data.exact": "exact", "data.partial": "partly checked", "data.provisional": "provisional",
    "lobby.undo": "Allow undo (take back your own last action if it revealed nothing)",
    "lobby.submit": "Create game", "lobby.created": "Game created",
    "lobby.links": "Send each person their own link; it is their seat's key. Anyone may watch with the spectator link.",
    "lobby.seat_link": "Link for {name}", "lobby.spectator": "Spectator link", "lobby.copy": "Copy",
    "lobby.copied": "Copied", "lobby.play": "Play", "lobby.watch": "Watch", "lobby.record": "Record",
    "lobby.open": "Waiting for players", "lobby.running": "Running", "lobby.finished": "Finished",
    "lobby.none": "None yet.", "lobby.moves": "{n} moves", "lobby.won": "won",
    "lobby.default_human": "Player {n}", "lobby.default_bot": "Bot {n}",
    "level.random": "random", "level.easy": "easy", "level.normal": "normal", "level.hard": "hard",
    "table.your_turn": "Your turn", "table.waiting": "Waiting for {names}",
    "table.over": "Game over", "table.spectating": "You are watching",
    "table.provisional": "Provisional card data: some cards are stand-ins until checked against the printed game.",
    "table.provisional_details": "Details",
    "table.log": "Game log", "table.undo": "Undo my last action", "table.other_actions": "Actions",
    "table.connecting": "Connecting…", "table.reconnecting": "Connection lost — reconnecting…",
    "table.online": "Live", "table.you": "you", "table.bot": "bot", "table.thinking": "thinking…",
    "table.scores": "Final scores", "table.total": "Total", "table.tiebreak": "Tie-break",
    "table.winner": "Winner", "table.winners": "Winners", "table.close": "Show the board",
    "table.show_scores": "Show scores", "table.record": "Download the record",
    "table.lobby": "Lobby", "table.error": "Not possible", "table.no_game": "This game does not exist.",
    "table.bad_link": "This link does not open a seat of this game.",
    "table.no_layout": "This game has no board drawing yet; here is the position as data.",
  },
  ru: {
    "app.title": "Epochal", "app.tagline": "Карточные игры о развитии цивилизаций",
    "lang": "Язык",
    "lobby.create": "Новая игра", "lobby.game": "Игра", "lobby.players": "Игроки",
    "lobby.seat": "Место {n}", "lobby.human": "Человек", "lobby.bot": "Бот", "lobby.level": "Уровень",
    "lobby.name": "Имя", "lobby.options": "Варианты правил", "lobby.data": "Данные карт", "lobby.data_builtin": "встроенные",
    "data.exact": "точные", "data.partial": "сверены частично", "data.provisional": "предварительные",
    "lobby.undo": "Разрешить отмену (своё последнее действие, если оно ничего не открыло)",
    "lobby.submit": "Создать игру", "lobby.created": "Игра создана",
    "lobby.links": "Отправьте каждому игроку его ссылку: это ключ от его места. Смотреть игру можно по ссылке для зрителей.",
    "lobby.seat_link": "Ссылка для: {name}", "lobby.spectator": "Ссылка для зрителей", "lobby.copy": "Копировать",
    "lobby.copied": "Скопировано", "lobby.play": "Играть", "lobby.watch": "Смотреть", "lobby.record": "Запись",
    "lobby.open": "Ждут игроков", "lobby.running": "Идут", "lobby.finished": "Завершены",
    "lobby.none": "Пока нет.", "lobby.moves": "ходов: {n}", "lobby.won": "победа",
    "lobby.default_human": "Игрок {n}", "lobby.default_bot": "Бот {n}",
    "level.random": "случайный", "level.easy": "лёгкий", "level.normal": "средний", "level.hard": "сильный",
    "table.your_turn": "Ваш ход", "table.waiting": "Ждём: {names}",
    "table.over": "Игра окончена", "table.spectating": "Вы зритель",
    "table.provisional": "Предварительные данные карт: часть карт — заменители, пока их не сверили с печатной игрой.",
    "table.provisional_details": "Подробнее",
    "table.log": "Журнал игры", "table.undo": "Отменить мой последний ход", "table.other_actions": "Действия",
    "table.connecting": "Подключение…", "table.reconnecting": "Связь потеряна — переподключение…",
    "table.online": "В сети", "table.you": "вы", "table.bot": "бот", "table.thinking": "думает…",
    "table.scores": "Итоговый счёт", "table.total": "Итого", "table.tiebreak": "Дополнительный показатель",
    "table.winner": "Победитель", "table.winners": "Победители", "table.close": "Показать поле",
    "table.show_scores": "Показать счёт", "table.record": "Скачать запись партии",
    "table.lobby": "Лобби", "table.error": "Нельзя", "table.no_game": "Такой игры нет.",
    "table.bad_link": "Эта ссылка не открывает место в этой игре.",
    "table.no_layout": "Для этой игры ещё нет рисунка поля; вот позиция в виде данных.",
  },
  hu: {
    "app.title": "Epochal", "app.tagline": "Civilizációépítő kártyajátékok",
    "lang": "Nyelv",
    "lobby.create": "Új játék", "lobby.game": "Játék", "lobby.players": "Játékosok",
    "lobby.seat": "{n}. hely", "lobby.human": "Ember", "lobby.bot": "Gép", "lobby.level": "Szint",
    "lobby.name": "Név", "lobby.options": "Szabályváltozatok", "lobby.data": "Kártyaadatok", "lobby.data_builtin": "beépített",
    "data.exact": "pontos", "data.partial": "részben ellenőrzött", "data.provisional": "ideiglenes",
    "lobby.undo": "Visszavonás engedélyezése (saját utolsó lépés, ha nem fedett fel semmit)",
    "lobby.submit": "Játék létrehozása", "lobby.created": "A játék elkészült",
    "lobby.links": "Mindenki a saját linkjét kapja: ez a helye kulcsa. A nézői linkkel bárki nézheti.",
    "lobby.seat_link": "Link neki: {name}", "lobby.spectator": "Nézői link", "lobby.copy": "Másolás",
    "lobby.copied": "Másolva", "lobby.play": "Játék", "lobby.watch": "Nézés", "lobby.record": "Lejátszás",
    "lobby.open": "Játékosokra vár", "lobby.running": "Folyamatban", "lobby.finished": "Befejezett",
    "lobby.none": "Még nincs.", "lobby.moves": "{n} lépés", "lobby.won": "nyert",
    "lobby.default_human": "{n}. játékos", "lobby.default_bot": "{n}. gép",
    "level.random": "véletlen", "level.easy": "könnyű", "level.normal": "közepes", "level.hard": "nehéz",
    "table.your_turn": "Te következel", "table.waiting": "Várakozás: {names}",
    "table.over": "Vége a játéknak", "table.spectating": "Nézőként figyeled",
    "table.provisional": "Ideiglenes kártyaadatok: néhány kártya helyettesítő, amíg a nyomtatott játékkal össze nem vetik.",
    "table.provisional_details": "Részletek",
    "table.log": "Játéknapló", "table.undo": "Utolsó lépésem visszavonása", "table.other_actions": "Lépések",
    "table.connecting": "Kapcsolódás…", "table.reconnecting": "Megszakadt a kapcsolat — újrakapcsolódás…",
    "table.online": "Élő", "table.you": "te", "table.bot": "gép", "table.thinking": "gondolkodik…",
    "table.scores": "Végeredmény", "table.total": "Összesen", "table.tiebreak": "Holtverseny",
    "table.winner": "Győztes", "table.winners": "Győztesek", "table.close": "A tábla mutatása",
    "table.show_scores": "Eredmény", "table.record": "A játszma letöltése",
    "table.lobby": "Előcsarnok", "table.error": "Nem lehet", "table.no_game": "Nincs ilyen játék.",
    "table.bad_link": "Ez a link nem nyit helyet ebben a játékban.",
    "table.no_layout": "Ehhez a játékhoz még nincs táblarajz; íme az állás adatként.",
  },
};

export const LANGS = {en: "English", ru: "Русский", hu: "Magyar"};
let current = "en";

// The language: ?lang=, else the last one chosen, else the browser's, else English.
export function pickLang(available) {
  const wanted = [new URLSearchParams(location.search).get("lang"), localStorage.getItem("epochal.lang"),
                  ...(navigator.languages || [navigator.language || ""]).map((l) => l.slice(0, 2))];
  current = wanted.find((l) => l && available.includes(l)) || "en";
  document.documentElement.lang = current;
  return current;
}

export function setLang(lang) {
  current = lang;
  localStorage.setItem("epochal.lang", lang);
  document.documentElement.lang = lang;
  const url = new URL(location.href);
  url.searchParams.set("lang", lang);
  history.replaceState(null, "", url);
}

export function lang() { return current; }

export function t(key, params) {
  return format(STRINGS[current]?.[key] ?? STRINGS.en[key] ?? key, params);
}

// A template with its {name} placeholders filled in.
export function format(text, params) {
  for (const [k, v] of Object.entries(params || {})) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

export function has(key) { return key in (STRINGS[current] || {}) || key in STRINGS.en; }
