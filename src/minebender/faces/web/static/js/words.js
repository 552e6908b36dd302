// Small words the pages share, so that no message says "1 mines".

/** "1 mine", "2 mines": a count with its noun, the plural one "s" longer
 * unless `many` says otherwise. */
export function count(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** A server's sentence shown on its own, its first letter a capital ("the
 * flags ... must number ..." reads "The flags ..."); the rest as it is. */
export const sentence = (text) => String(text).charAt(0).toUpperCase() + String(text).slice(1);

/** HTML with each coordinate "(8, 0)" kept on one line (a narrow phone cut
 * it at its comma); the coordinates' text is as it was. */
export const keepCells = (html) => String(html).replace(/\(\d+, \d+\)/g, '<span class="at">$&</span>');
