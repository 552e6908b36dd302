// What a link to the page carries (/?code=e:k3j9, /analyse?board=TEXT).

/** The value of name in a link's query, read as written: URLSearchParams would
 * turn a "+" (the no-guess code e+ng:k3j9) into a space, as form encoding does. */
export function paramInLink(search, name) {
  const m = new RegExp(`[?&]${name}=([^&#]*)`).exec(search);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}
