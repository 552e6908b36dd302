// The width of a vertical scrollbar here (0 where scrollbars lie over the
// page, as on a phone), set as --scrollbar: style.css leaves room for it when
// it sizes the cells, or a zoomed desktop hides a wide board's last column.

export function noteScrollbarWidth() {
  markScrolling();
  const probe = document.createElement("div");
  probe.style.cssText = "position: absolute; top: -9999px; width: 100px; height: 100px; overflow: scroll";
  document.body.append(probe);
  document.documentElement.style.setProperty("--scrollbar", `${probe.offsetWidth - probe.clientWidth}px`);
  probe.remove();
}

/** A board wider than its frame says it scrolls: the frame's side where more
 * of it lies fades out (data-more="left", "right" or both), kept true on
 * each scroll and resize. A phone's scrollbars lie hidden over the board, and
 * a board cut at the screen's edge read as the whole board. */
function markScrolling() {
  const mark = (el) => {
    const more = [];
    if (el.scrollLeft > 1) more.push("left");
    if (el.scrollLeft + el.clientWidth < el.scrollWidth - 1) more.push("right");
    const said = more.join(" ");
    if ((el.dataset.more ?? "") !== said) el.dataset.more = said;
  };
  const watch = (el) => {
    if (el.dataset.more !== undefined) return;
    el.dataset.more = "";
    el.addEventListener("scroll", () => mark(el), { passive: true });
    new ResizeObserver(() => mark(el)).observe(el);
    const board = el.querySelector(".board");
    if (board) new ResizeObserver(() => mark(el)).observe(board);
    mark(el);
  };
  const all = () => document.querySelectorAll(".frame > .sunken").forEach(watch);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
}
