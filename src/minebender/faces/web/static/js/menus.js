// The menu bar: Game and Help, opened by a click and switched by hovering,
// with check marks for the chosen level and options.

export function markMenu(p) {
  for (const b of document.querySelectorAll(".dropdown [data-cmd]")) {
    const cmd = b.dataset.cmd;
    let on = null;
    if (cmd.startsWith("level:")) on = p.level === cmd.slice(6);
    else if (cmd === "custom") on = p.level === "custom";
    else if (cmd === "noguess") on = p.noGuess;
    else if (cmd === "practice") on = p.practice;
    else if (cmd === "marks") on = p.marks;
    else if (cmd === "sound") on = p.sound;
    else if (cmd === "counters") on = !!p.counters;
    else if (cmd === "hints") on = !!p.hints;
    else if (cmd.startsWith("style:")) on = (p.autoStyle ?? "efficiency") === cmd.slice(6);
    if (on !== null) b.setAttribute("aria-checked", String(on));
  }
}

export function closeMenus() {
  document.querySelectorAll(".menu.open").forEach((m) => {
    m.classList.remove("open");
    m.querySelector(":scope > button").setAttribute("aria-expanded", "false");
  });
}

function openMenu(menu) {
  menu.classList.add("open");
  menu.querySelector(":scope > button").setAttribute("aria-expanded", "true");
}

export function attachMenus(command) {
  for (const menu of document.querySelectorAll(".menu")) {
    const button = menu.querySelector(":scope > button");
    button.addEventListener("click", (e) => {
      e.stopPropagation();
      const open = menu.classList.contains("open");
      closeMenus();
      if (!open) openMenu(menu);
    });
    // Hovering switches menus for a mouse only: after a tap the browser sends
    // a mouse's enter, then the click, which closed the menu the enter opened.
    button.addEventListener("pointerenter", (e) => {
      if (e.pointerType !== "mouse") return;
      if (document.querySelector(".menu.open") && !menu.classList.contains("open")) {
        closeMenus();
        openMenu(menu);
      }
    });
    menu.querySelectorAll("[data-cmd]").forEach((item) =>
      item.addEventListener("click", (e) => {
        e.stopPropagation();
        closeMenus();
        // the item is hidden now: the focus goes to the board (a dialog the
        // command opens takes it, and gives it back there)
        document.getElementById("board")?.focus({ preventScroll: true });
        command(item.dataset.cmd);
      }),
    );
  }
  document.addEventListener("click", closeMenus);
  swallowPressesThatClose();
  document.addEventListener("keydown", menuKeys, true);
}

export const menuOpen = () => document.querySelector(".menu.open") !== null;

// As in Windows, a press outside an open menu only closes it: it must not also
// reveal or flag the cell under it (a misplaced game is lost that way). The
// press is swallowed until its button comes back up, click and contextmenu
// included, in the capture phase, before the board hears of it.
function swallowPressesThatClose() {
  let swallowing = false;
  const swallow = (e) => {
    if (!swallowing) return;
    e.preventDefault();
    e.stopPropagation();
  };
  const start = (e) => {
    if (!menuOpen() || e.target.closest(".menu")) return;
    closeMenus();
    swallowing = true;
    swallow(e);
  };
  const end = (e) => {
    if (!swallowing) return;
    swallow(e);
    setTimeout(() => (swallowing = false), 0); // the click that follows is swallowed too
  };
  document.addEventListener("mousedown", start, true);
  document.addEventListener("touchstart", start, { capture: true, passive: false });
  document.addEventListener("mouseup", end, true);
  document.addEventListener("touchend", end, true);
  for (const type of ["click", "contextmenu", "auxclick"]) document.addEventListener(type, swallow, true);
}

// On a closed menu's button (as a menu bar is walked): left and right go to
// the next menu's button, down opens the menu at its first item. Elsewhere
// the arrows are the board's.
function menuBarKeys(e) {
  const tops = [...document.querySelectorAll(".menu > button")];
  const at = tops.indexOf(document.activeElement);
  if (at < 0) return;
  const side = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
  if (side) tops[(at + side + tops.length) % tops.length].focus();
  else if (e.key === "ArrowDown") {
    const menu = tops[at].parentElement;
    openMenu(menu);
    menu.querySelector(".dropdown [data-cmd]")?.focus();
  } else return;
  e.preventDefault();
  e.stopPropagation();
}

// With a menu open, the arrows walk its items (left and right: the next menu),
// Enter or Space picks one (with none chosen yet: goes to the first), Escape
// closes it; any other key closes it and then does what it does (N or F2: a
// new game, with the menu gone).
function menuKeys(e) {
  const open = document.querySelector(".menu.open");
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (!open) return menuBarKeys(e);
  const items = [...open.querySelectorAll(".dropdown [data-cmd]")];
  const at = items.indexOf(document.activeElement);
  const menus = [...document.querySelectorAll(".menu")];
  const step = { ArrowDown: 1, ArrowUp: -1 }[e.key];
  const side = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
  if (step) {
    // from no item yet, down goes to the first and up to the last
    const next = at < 0 ? (step > 0 ? 0 : items.length - 1) : (at + step + items.length) % items.length;
    items[next]?.focus();
  } else if (side) {
    const next = menus[(menus.indexOf(open) + side + menus.length) % menus.length];
    closeMenus();
    openMenu(next);
    next.querySelector(".dropdown [data-cmd]")?.focus();
  } else if (e.key === "Enter" || e.key === " ") {
    // with no item chosen yet it picks nothing, and never reaches the board
    // (it would reveal the cell under the cursor)
    if (at >= 0) {
      closeMenus();
      items[at].click();
    } else items[0]?.focus();
  } else if (e.key === "Escape") {
    closeMenus();
    open.querySelector(":scope > button")?.focus();
  } else {
    closeMenus();
    return; // the key goes on to the page
  }
  e.preventDefault();
  e.stopPropagation();
}
