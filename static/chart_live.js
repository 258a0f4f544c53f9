// Keeps the position page's chart live: every 5 s (while the tab is visible) it fetches the
// chart's server-drawn fragment and swaps it in. Plain JS, no framework; the page works without.
(() => {
  const box = document.querySelector("[data-refresh]");
  if (!box) return;
  setInterval(async () => {
    if (document.hidden) return;
    try {
      const answer = await fetch(box.dataset.refresh);
      if (!answer.ok) return;
      const open = box.querySelector("details")?.open;
      box.innerHTML = await answer.text();
      if (open) box.querySelector("details").open = true;
    } catch { /* the next tick tries again */ }
  }, 5000);
})();
