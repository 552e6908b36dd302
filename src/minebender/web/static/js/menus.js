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
    if (on !== null) b.setAttribute("aria-checked", String(on));
  }
}

export function closeMenus() {
  document.querySelectorAll(".menu.open").forEach((m) => m.classList.remove("open"));
}

export function attachMenus(command) {
  for (const menu of document.querySelectorAll(".menu")) {
    const button = menu.querySelector(":scope > button");
    button.addEventListener("click", (e) => {
      e.stopPropagation();
      const open = menu.classList.contains("open");
      closeMenus();
      if (!open) menu.classList.add("open");
    });
    button.addEventListener("mouseenter", () => {
      if (document.querySelector(".menu.open") && !menu.classList.contains("open")) {
        closeMenus();
        menu.classList.add("open");
      }
    });
    menu.querySelectorAll("[data-cmd]").forEach((item) =>
      item.addEventListener("click", (e) => {
        e.stopPropagation();
        command(item.dataset.cmd);
      }),
    );
  }
  document.addEventListener("click", closeMenus);
}
