// What the page remembers in this browser: the current game's id and token,
// the preferred level and options, and the finished games for replays.

export const saved = {
  get(key, fallback) {
    try {
      const v = localStorage.getItem(`minebender.${key}`);
      return v === null ? fallback : JSON.parse(v);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(`minebender.${key}`, JSON.stringify(value));
    } catch {
      /* private mode: the game still works, it just is not remembered here */
    }
  },
};
