// The at-risk page's one script (plain JS, loaded only there; the page works without it): every
// few seconds while the tab is visible, it reads this page again and swaps in the board, so the
// rows follow the live mark. The server re-values from its shared board and quote: no viewer
// adds an upstream read. A reader focused inside the board keeps it until they leave it.
(() => {
  const live = (doc) => doc.querySelector("[data-live-board]");
  const board = live(document);
  if (!board) return;
  setInterval(async () => {
    if (document.hidden || board.contains(document.activeElement)) return;
    try {
      const response = await fetch(location.href, { headers: { accept: "text/html" } });
      if (!response.ok) return;
      const next = live(new DOMParser().parseFromString(await response.text(), "text/html"));
      if (next) board.replaceChildren(...next.childNodes);
    } catch { /* offline: keep the board as it is, its times say how old */ }
  }, Number(board.dataset.liveBoard) * 1000);
})();
