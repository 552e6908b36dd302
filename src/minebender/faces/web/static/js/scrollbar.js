// The width of a vertical scrollbar here (0 where scrollbars lie over the
// page, as on a phone), set as --scrollbar: style.css leaves room for it when
// it sizes the cells, or a zoomed desktop hides a wide board's last column.

export function noteScrollbarWidth() {
  const probe = document.createElement("div");
  probe.style.cssText = "position: absolute; top: -9999px; width: 100px; height: 100px; overflow: scroll";
  document.body.append(probe);
  document.documentElement.style.setProperty("--scrollbar", `${probe.offsetWidth - probe.clientWidth}px`);
  probe.remove();
}
