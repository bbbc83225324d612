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
    "lobby.rotation": "in turn, starting with {side}", "lobby.by_name": "chosen by name for each seat",
    "lobby.choice.rotate": "rotated from game to game",
    "lobby.mine": "My games", "lobby.your_turn": "your turn", "lobby.finished_one": "finished",
    "lobby.forget": "Forget", "lobby.forget_help": "Remove this seat from this browser's list (the link still works)",
    "level.random": "random", "level.easy": "easy", "level.normal": "normal", "level.hard": "hard",
    "table.host": "Host", "table.host_help": "This page holds the table's host link: only the host can do this.",
    "table.stand_in": "Let a bot play", "table.give_back": "Give the seat back",
    "table.new_link": "New link", "table.new_link_help": "The old link stops working at once; send the new one to the player.",
    "table.new_link_for": "New link for {name}",
    "table.away": "not here yet", "table.here": "here", "table.bot_plays": "a bot ({level}) plays for them",
    "table.clock": "Turn clock", "table.clock_off": "off", "table.clock_then": "When it runs out",
    "table.fallback.easy": "the easy bot moves", "table.fallback.pass": "pass if allowed, else the easy bot",
    "table.apply": "Apply", "table.by_clock": "time ran out: the move was made for them",
    "table.time_left": "{time} left", "table.revoked": "The host gave this seat a new link; this one no longer opens it.",
    "unit.s": "seconds", "unit.min": "minutes", "unit.h": "hours", "unit.d": "days",
    "clock.days": "{n, plural, one {# day} other {# days}}",
    "lobby.host_link": "Host link — keep it: with it you can let a bot play for an absent player, set a turn clock and issue new links",
    "lobby.host": "Host",
    "table.chat": "Chat", "table.chat_placeholder": "Write to the table…", "table.send": "Send",
    "table.chat_muted": "The host has muted you in this chat.", "table.spectator": "spectator",
    "table.spectator_chat": "Spectators", "table.spectator_chat.off": "do not see the chat",
    "table.spectator_chat.read": "read the chat", "table.spectator_chat.write": "read and write",
    "table.mute": "Mute", "table.unmute": "Unmute", "table.muted": "muted",
    "table.rematch": "Play again", "table.rematch_help": "Same players and options; the next player starts.",
    "table.rematch_ready": "The next game is ready.", "table.rematch_go": "Go to the new table",
    "lobby.make_key": "Make a player key", "lobby.key_help": "one secret link that lists your games on any device, a phone say",
    "lobby.key": "My player key", "lobby.key_link": "Player key link",
    "lobby.key_link_help": "Open this link on another device to find all your games there. Keep it to yourself: it opens your seats. New games of this browser join it by themselves.",
    "lobby.forget_key": "Forget the key on this device",
    "table.watching": "Who may watch", "table.watching.anyone": "anyone", "table.watching.link": "only with the spectator link",
    "table.watch_link": "Spectator link", "table.watch_only": "The host lets only the holders of the spectator link watch this game.",
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
    "table.confirm": "Confirm", "table.cancel": "Choose again", "table.confirm_moves": "Confirm each move before it is made",
    "table.why_more": "{n, plural, one {# more thing you cannot do now} other {# more things you cannot do now}}",
    "table.turn_sound": "Play a sound when it becomes my turn", "table.turn_notify": "Notify me when it becomes my turn and this page is in the background",
    "table.offline": "the server cannot be reached; the page reconnects by itself — try again in a moment",
    "table.decide": "make your choice", "table.undo_why": "Undo takes back only your own last action, and only while it revealed nothing new.",
    "table.tiebreak_help": "Compared only when totals are equal, in the order shown.",
    "table.rule_open": "What this rule says", "table.rule_missing": "(no summary yet)", "table.rules_all": "All rules",
    "table.close_popup": "Close", "table.cards": "Cards", "table.rules": "Rules summary",
    "table.no_layout": "This game has no board drawing yet; here is the position as data.",
    "replay.title": "Replay", "replay.to_move": "to move", "replay.first": "To the start", "replay.back": "One step back",
    "replay.forward": "One step forward", "replay.last": "To the end", "replay.slider": "Step",
    "replay.play": "Play the steps one after another", "replay.pause": "Pause",
    "replay.step": "Step {n} of {total}", "replay.setup": "The setup, before the first move",
    "replay.viewpoint": "Seen by", "replay.seat_view": "{name}, with their cards",
    "replay.open": "Everyone: all cards face up", "replay.spectator": "A spectator",
    "replay.open_off": "This table chose not to show its replay face up.",
    "replay.hidden_action": "a move this viewpoint does not show",
    "replay.deciding": "{name} was deciding:", "replay.choices": "Hidden choices already made at this step",
    "replay.private_to": "[seen only by {names}]",
    "replay.copy_link": "Copy the link to this step", "replay.keys": "Keys: ← → one step, Home / End",
    "replay.to_table": "To the table", "replay.other_file": "Open another file",
    "replay.not_finished": "This game is not finished yet; its replay opens once it is over.",
    "replay.file_title": "Replay a game from its record file",
    "replay.file_help": "A record file is the JSON a finished game offers for download (or that the epochal command saves). The server replays it to draw each step and keeps nothing.",
    "replay.file_pick": "Choose a record file…",
    "replay.bad_file": "This file cannot be replayed: {detail}", "replay.not_json": "it is not JSON",
    "replay.too_large": "it is larger than 4 MB",
    "branch.button": "Play from here", "branch.title": "Play on from step {n}",
    "branch.help": "A new private table starts at this position (the lobby does not list it). Each seat is a person or a bot; this one page plays every person's seat in turn, showing their cards.",
    "branch.person": "Person (this page)", "branch.bot": "Bot: {level}", "branch.start": "Start playing", "branch.cancel": "Cancel",
    "branch.closed": "This table chose not to show its replay face up, so nobody can play on from its positions.",
    "branch.over": "The game is over at this step; go back a step to play on from there.",
    "branch.busy": "Too many new tables from this address; try again in a minute.",
    "table.hotseat_turn": "{name} to move",
    "table.board_note": "Analysis board, set up from a replay after {n, plural, one {# move} other {# moves}}; this page plays every person's seat in turn.",
    "table.replay": "Replay the game",
    "lobby.replay": "Replay", "lobby.replay_file": "Replay a record file",
    "lobby.open_replay": "Once the game is over, its replay may show every card face up",
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
    "lobby.rotation": "по порядку, начиная с: {side}", "lobby.by_name": "выбрать для каждого места",
    "lobby.choice.rotate": "по кругу от партии к партии",
    "lobby.mine": "Мои игры", "lobby.your_turn": "ваш ход", "lobby.finished_one": "завершена",
    "lobby.forget": "Забыть", "lobby.forget_help": "Убрать это место из списка этого браузера (ссылка продолжит работать)",
    "level.random": "случайный", "level.easy": "лёгкий", "level.normal": "средний", "level.hard": "сильный",
    "table.host": "Хозяин стола", "table.host_help": "На этой странице ссылка хозяина стола: это может только он.",
    "table.stand_in": "Пусть играет бот", "table.give_back": "Вернуть место игроку",
    "table.new_link": "Новая ссылка", "table.new_link_help": "Старая ссылка сразу перестанет работать; отправьте игроку новую.",
    "table.new_link_for": "Новая ссылка для: {name}",
    "table.away": "ещё не пришёл", "table.here": "за столом", "table.bot_plays": "за него играет бот ({level})",
    "table.clock": "Время на ход", "table.clock_off": "нет", "table.clock_then": "Когда время выйдет",
    "table.fallback.easy": "ходит лёгкий бот", "table.fallback.pass": "пас, если можно, иначе лёгкий бот",
    "table.apply": "Применить", "table.by_clock": "время вышло: ход сделан за игрока",
    "table.time_left": "осталось {time}", "table.revoked": "Хозяин стола выдал этому месту новую ссылку; эта больше не действует.",
    "unit.s": "секунды", "unit.min": "минуты", "unit.h": "часы", "unit.d": "дни",
    "clock.days": "{n, plural, one {# день} few {# дня} many {# дней} other {# дня}}",
    "lobby.host_link": "Ссылка хозяина стола — сохраните её: с ней можно посадить бота вместо отсутствующего игрока, задать время на ход и выдать новые ссылки",
    "lobby.host": "Хозяин",
    "table.chat": "Чат", "table.chat_placeholder": "Написать за столом…", "table.send": "Отправить",
    "table.chat_muted": "Хозяин стола отключил вам чат.", "table.spectator": "зритель",
    "table.spectator_chat": "Зрители", "table.spectator_chat.off": "не видят чат",
    "table.spectator_chat.read": "читают чат", "table.spectator_chat.write": "читают и пишут",
    "table.mute": "Отключить чат", "table.unmute": "Включить чат", "table.muted": "чат отключён",
    "table.rematch": "Сыграть ещё", "table.rematch_help": "Те же игроки и настройки; начинает следующий игрок.",
    "table.rematch_ready": "Следующая партия готова.", "table.rematch_go": "К новому столу",
    "lobby.make_key": "Создать ключ игрока", "lobby.key_help": "одна секретная ссылка, которая покажет ваши игры на любом устройстве, например на телефоне",
    "lobby.key": "Мой ключ игрока", "lobby.key_link": "Ссылка ключа игрока",
    "lobby.key_link_help": "Откройте эту ссылку на другом устройстве, чтобы увидеть там все свои игры. Никому её не давайте: она открывает ваши места. Новые игры этого браузера добавляются к ключу сами.",
    "lobby.forget_key": "Забыть ключ на этом устройстве",
    "table.watching": "Кто может смотреть", "table.watching.anyone": "все", "table.watching.link": "только по ссылке для зрителей",
    "table.watch_link": "Ссылка для зрителей", "table.watch_only": "Хозяин стола разрешает смотреть эту игру только по ссылке для зрителей.",
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
    "table.confirm": "Подтвердить", "table.cancel": "Выбрать другое", "table.confirm_moves": "Подтверждать каждый ход",
    "table.why_more": "Ещё {n, plural, one {# вещь, которую} few {# вещи, которые} many {# вещей, которые} other {# вещи, которые}} сейчас нельзя сделать",
    "table.turn_sound": "Звук, когда наступает мой ход", "table.turn_notify": "Уведомление, когда наступает мой ход, а страница в фоне",
    "table.offline": "сервер недоступен; страница переподключится сама — попробуйте чуть позже",
    "table.decide": "сделайте выбор", "table.undo_why": "Отменить можно только своё последнее действие и только пока оно ничего нового не открыло.",
    "table.tiebreak_help": "Сравнивается, только когда итог равный, в показанном порядке.",
    "table.rule_open": "Что говорит это правило", "table.rule_missing": "(пересказа пока нет)", "table.rules_all": "Все правила",
    "table.close_popup": "Закрыть", "table.cards": "Карты", "table.rules": "Правила кратко",
    "table.no_layout": "Для этой игры ещё нет рисунка поля; вот позиция в виде данных.",
    "replay.title": "Повтор партии", "replay.to_move": "ходит", "replay.first": "В начало", "replay.back": "На шаг назад",
    "replay.forward": "На шаг вперёд", "replay.last": "В конец", "replay.slider": "Шаг",
    "replay.play": "Проиграть шаги один за другим", "replay.pause": "Пауза",
    "replay.step": "Шаг {n} из {total}", "replay.setup": "Раздача, до первого хода",
    "replay.viewpoint": "Чьими глазами", "replay.seat_view": "{name}: со своими картами",
    "replay.open": "Все карты открыты", "replay.spectator": "Зритель",
    "replay.open_off": "За этим столом решили не показывать повтор с открытыми картами.",
    "replay.hidden_action": "ход, которого с этого места не видно",
    "replay.deciding": "Выбирает {name}:", "replay.choices": "Тайный выбор, уже сделанный на этом шаге",
    "replay.private_to": "[видно только: {names}]",
    "replay.copy_link": "Скопировать ссылку на этот шаг", "replay.keys": "Клавиши: ← → на шаг, Home / End",
    "replay.to_table": "К столу", "replay.other_file": "Открыть другой файл",
    "replay.not_finished": "Эта партия ещё идёт; повтор откроется, когда она закончится.",
    "replay.file_title": "Повтор партии из файла записи",
    "replay.file_help": "Файл записи — это JSON, который можно скачать после окончания партии (или сохранить командой epochal). Сервер проигрывает его, чтобы нарисовать каждый шаг, и ничего не хранит.",
    "replay.file_pick": "Выбрать файл записи…",
    "replay.bad_file": "Этот файл не удаётся проиграть: {detail}", "replay.not_json": "это не JSON",
    "replay.too_large": "он больше 4 МБ",
    "branch.button": "Играть отсюда", "branch.title": "Играть дальше с шага {n}",
    "branch.help": "Новый закрытый стол начнётся с этой позиции (в лобби его не видно). За каждое место играет человек или бот; за всех людей по очереди играют на этой одной странице, и она показывает их карты.",
    "branch.person": "Человек (эта страница)", "branch.bot": "Бот: {level}", "branch.start": "Начать игру", "branch.cancel": "Отмена",
    "branch.closed": "За этим столом решили не показывать повтор с открытыми картами, поэтому играть дальше с его позиций нельзя.",
    "branch.over": "На этом шаге партия уже окончена; вернитесь на шаг назад, чтобы играть оттуда.",
    "branch.busy": "С этого адреса создано слишком много столов; попробуйте через минуту.",
    "table.hotseat_turn": "Ходит {name}",
    "table.board_note": "Доска для анализа: позиция из повтора после {n, plural, one {# хода} few {# ходов} many {# ходов} other {# хода}}; эта страница по очереди играет за всех людей.",
    "table.replay": "Повтор партии",
    "lobby.replay": "Повтор", "lobby.replay_file": "Повтор из файла записи",
    "lobby.open_replay": "После окончания партии повтор может показывать все карты открытыми",
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
    "lobby.rotation": "sorban, kezdve ezzel: {side}", "lobby.by_name": "helyenként név szerint",
    "lobby.choice.rotate": "játékról játékra körbe",
    "lobby.mine": "Játékaim", "lobby.your_turn": "te következel", "lobby.finished_one": "befejeződött",
    "lobby.forget": "Elfelejt", "lobby.forget_help": "A hely törlése a böngésző listájáról (a link továbbra is működik)",
    "level.random": "véletlen", "level.easy": "könnyű", "level.normal": "közepes", "level.hard": "nehéz",
    "table.host": "Házigazda", "table.host_help": "Ezen az oldalon az asztal házigazda-linkje van: ezt csak a házigazda teheti.",
    "table.stand_in": "Játsszon helyette gép", "table.give_back": "Hely visszaadása",
    "table.new_link": "Új link", "table.new_link_help": "A régi link azonnal megszűnik; küldd el az újat a játékosnak.",
    "table.new_link_for": "Új link neki: {name}",
    "table.away": "még nincs itt", "table.here": "itt van", "table.bot_plays": "gép ({level}) játszik helyette",
    "table.clock": "Lépésidő", "table.clock_off": "nincs", "table.clock_then": "Ha lejár",
    "table.fallback.easy": "a könnyű gép lép", "table.fallback.pass": "passz, ha szabad, különben a könnyű gép",
    "table.apply": "Alkalmaz", "table.by_clock": "lejárt az idő: helyette léptek",
    "table.time_left": "{time} van hátra", "table.revoked": "A házigazda új linket adott ennek a helynek; ez már nem nyitja meg.",
    "unit.s": "másodperc", "unit.min": "perc", "unit.h": "óra", "unit.d": "nap",
    "clock.days": "{n} nap",
    "lobby.host_link": "Házigazda-link — őrizd meg: vele gépet ültethetsz a távollévő helyére, lépésidőt szabhatsz és új linkeket adhatsz",
    "lobby.host": "Házigazda",
    "table.chat": "Csevegés", "table.chat_placeholder": "Írj az asztalnak…", "table.send": "Küldés",
    "table.chat_muted": "A házigazda elnémított ebben a csevegésben.", "table.spectator": "néző",
    "table.spectator_chat": "Nézők", "table.spectator_chat.off": "nem látják a csevegést",
    "table.spectator_chat.read": "olvassák", "table.spectator_chat.write": "olvassák és írják",
    "table.mute": "Némítás", "table.unmute": "Némítás feloldása", "table.muted": "elnémítva",
    "table.rematch": "Még egy játék", "table.rematch_help": "Ugyanazok a játékosok és beállítások; a következő játékos kezd.",
    "table.rematch_ready": "A következő játék kész.", "table.rematch_go": "Az új asztalhoz",
    "lobby.make_key": "Játékoskulcs készítése", "lobby.key_help": "egy titkos link, amely bármely eszközön, például telefonon mutatja a játékaidat",
    "lobby.key": "Játékoskulcsom", "lobby.key_link": "Játékoskulcs linkje",
    "lobby.key_link_help": "Nyisd meg ezt a linket egy másik eszközön, hogy ott is lásd minden játékodat. Tartsd titokban: a helyeidet nyitja. Ennek a böngészőnek az új játékai maguktól hozzákerülnek.",
    "lobby.forget_key": "A kulcs elfelejtése ezen az eszközön",
    "table.watching": "Ki nézheti", "table.watching.anyone": "bárki", "table.watching.link": "csak a nézői linkkel",
    "table.watch_link": "Nézői link", "table.watch_only": "A házigazda csak a nézői link birtokosainak engedi nézni ezt a játékot.",
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
    "table.confirm": "Megerősítés", "table.cancel": "Másik választás", "table.confirm_moves": "Minden lépés megerősítése",
    "table.why_more": "Még {n} dolog, amit most nem tehetsz meg",
    "table.turn_sound": "Hangjelzés, amikor én következem", "table.turn_notify": "Értesítés, amikor én következem és az oldal a háttérben van",
    "table.offline": "a szerver nem érhető el; az oldal magától újrakapcsolódik — próbáld újra kicsit később",
    "table.decide": "válassz", "table.undo_why": "Csak a saját utolsó lépésed vonható vissza, és csak amíg semmi újat nem fedett fel.",
    "table.tiebreak_help": "Csak egyenlő összpontszámnál számít, a mutatott sorrendben.",
    "table.rule_open": "Mit mond ez a szabály", "table.rule_missing": "(még nincs összefoglaló)", "table.rules_all": "Minden szabály",
    "table.close_popup": "Bezárás", "table.cards": "Kártyák", "table.rules": "Szabályok röviden",
    "table.no_layout": "Ehhez a játékhoz még nincs táblarajz; íme az állás adatként.",
    "replay.title": "Visszajátszás", "replay.to_move": "lép", "replay.first": "Az elejére", "replay.back": "Egy lépés vissza",
    "replay.forward": "Egy lépés előre", "replay.last": "A végére", "replay.slider": "Lépés",
    "replay.play": "A lépések lejátszása egymás után", "replay.pause": "Szünet",
    "replay.step": "{n}. lépés / {total}", "replay.setup": "Az előkészítés, az első lépés előtt",
    "replay.viewpoint": "Kinek a szemével", "replay.seat_view": "{name}, a saját lapjaival",
    "replay.open": "Mindenki: minden lap felfordítva", "replay.spectator": "Néző",
    "replay.open_off": "Ez az asztal nem mutatja felfordított lapokkal a visszajátszást.",
    "replay.hidden_action": "innen nem látható lépés",
    "replay.deciding": "{name} választ:", "replay.choices": "Ebben a lépésben már meghozott titkos döntések",
    "replay.private_to": "[csak {names} látta]",
    "replay.copy_link": "A lépés linkjének másolása", "replay.keys": "Billentyűk: ← → egy lépés, Home / End",
    "replay.to_table": "Az asztalhoz", "replay.other_file": "Másik fájl megnyitása",
    "replay.not_finished": "Ez a játék még tart; a visszajátszás a vége után nyílik meg.",
    "replay.file_title": "Játék visszajátszása a játszmafájlból",
    "replay.file_help": "A játszmafájl az a JSON, amelyet egy befejezett játék letöltésre kínál (vagy az epochal parancs ment). A szerver visszajátssza, hogy minden lépést megrajzoljon, és semmit sem tárol.",
    "replay.file_pick": "Játszmafájl választása…",
    "replay.bad_file": "Ez a fájl nem játszható vissza: {detail}", "replay.not_json": "nem JSON",
    "replay.too_large": "nagyobb 4 MB-nál",
    "branch.button": "Játék innen", "branch.title": "Játék folytatása a(z) {n}. lépéstől",
    "branch.help": "Ebből az állásból új, privát asztal indul (a lobbi nem mutatja). Minden helyen ember vagy bot játszik; az emberek helyeit felváltva ez az egy oldal játssza, és mutatja a lapjaikat.",
    "branch.person": "Ember (ez az oldal)", "branch.bot": "Bot: {level}", "branch.start": "Játék indítása", "branch.cancel": "Mégse",
    "branch.closed": "Ez az asztal nem mutatja felfordított lapokkal a visszajátszást, ezért az állásaiból nem lehet tovább játszani.",
    "branch.over": "Ennél a lépésnél a játék már véget ért; lépj vissza egyet, hogy onnan játssz tovább.",
    "branch.busy": "Erről a címről túl sok új asztal készült; próbáld újra egy perc múlva.",
    "table.hotseat_turn": "{name} lép",
    "table.board_note": "Elemző tábla, egy visszajátszásból {n} lépés után felállítva; ez az oldal felváltva játssza az összes ember helyét.",
    "table.replay": "A játék visszajátszása",
    "lobby.replay": "Visszajátszás", "lobby.replay_file": "Játszmafájl visszajátszása",
    "lobby.open_replay": "A játék vége után a visszajátszás minden lapot felfordítva mutathat",
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

// A template with its fields filled in: ICU-style, as the server's templates (engine/messages.py):
// {name}, {n, plural, one {# card} other {# cards}} by the language's plural rules (=N first),
// {x, select, a {…} other {…}}; "#" in a plural branch is the number.
export function format(text, params = {}) {
  let out = "", i = 0;
  while (i < text.length) {
    const open = text.indexOf("{", i);
    if (open < 0) { out += text.slice(i); break; }
    out += text.slice(i, open);
    const close = matching(text, open);
    if (close < 0) { out += text.slice(open); break; }
    out += argument(text.slice(open + 1, close), params, text.slice(open, close + 1));
    i = close + 1;
  }
  return out;
}

function matching(text, open) {
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    if (text[j] === "{") depth++;
    else if (text[j] === "}" && --depth === 0) return j;
  }
  return -1;
}

function argument(body, params, raw) {
  const [name, kind, ...rest] = body.split(",");
  const key = name.trim();
  if (!Object.hasOwn(params, key)) return raw;             // not given: left as it is
  const value = params[key];
  if (kind === undefined) return String(value);
  const branches = {};
  let spec = rest.join(",");
  for (let m; (m = /^\s*(=?[\w-]+)\s*\{/.exec(spec));) {
    const start = m[0].length - 1, end = matching(spec, start);
    if (end < 0) break;
    branches[m[1]] = spec.slice(start + 1, end);
    spec = spec.slice(end + 1);
  }
  if (kind.trim() === "plural") {
    const n = Number(value);
    const branch = branches[`=${n}`] ?? branches[new Intl.PluralRules(current).select(n)] ?? branches.other ?? "";
    return format(branch.replaceAll("#", String(n)), params);
  }
  return format(branches[String(value)] ?? branches.other ?? "", params);
}

export function has(key) { return key in (STRINGS[current] || {}) || key in STRINGS.en; }
