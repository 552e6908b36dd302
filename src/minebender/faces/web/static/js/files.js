// Files the page hands to the player: a replay, a board as text.

/** Offer text (or bytes) as a file download named name. */
export function saveFile(text, type, name) {
  const blob = new Blob([text], { type });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
