// Away from the game: while Replays, the viewer or Progress is open (or being
// fetched), the game in play stands still, as when the page is hidden. main.js
// listens and tells the server (presence.js).

let awayCount = 0;
let awayTold = false;
let onAway = () => {};

export const awayOpen = () => awayCount > 0;

/** Hear when the player goes away (true) and comes back (false). */
export const listenAway = (fn) => (onAway = fn);

// Told once the moment's work is done: Replays closing as the viewer opens is
// no coming back.
const awayChanged = () =>
  setTimeout(() => {
    if (awayOpen() !== awayTold) onAway((awayTold = awayOpen()));
  }, 0);

/** One more (1) or one less (-1) thing that takes the player away. */
export function awayCounter(step) {
  awayCount += step;
  awayChanged();
}

/** The player is away while ``work`` (a viewer being fetched and shown) runs. */
export async function awayWhile(work) {
  awayCounter(1);
  try {
    return await work();
  } finally {
    awayCounter(-1);
  }
}
