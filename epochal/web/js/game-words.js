// A game's own words (its title, options, sides ...) in the page's language, for the pages that
// list the games (the lobby, the workshop): GET /api/meta/<game>/table?lang=, English where the
// game has no words in that language. ``g`` is a game of GET /api/meta.
import {api} from "./dom.js";
import {lang} from "./i18n.js";

// A request that fails (a busy or restarting server) is tried again a few times before the
// caller falls back to the engine's own names.
export async function gameWords(g, tries = 4) {
  const path = `/api/meta/${encodeURIComponent(g.name)}/table?lang=${g.languages.includes(lang()) ? lang() : "en"}`;
  for (let i = 1; ; i++) {
    try {
      const answer = await api("GET", path);
      if (answer.strings) return answer;
      throw new Error("no words in the answer");
    } catch (err) {
      if (i >= tries || (err.status && err.status < 500)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** i));
    }
  }
}
