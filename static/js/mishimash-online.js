// An online MISHIMASH table: tell the player when their turn comes. The board (#board) says
// data-your-turn="true" on the page of the seat to act; after every swap (a move, or the
// watchers' poll bringing someone else's move) the title, a notification (if the player
// allowed them) and a short sound announce the change. A file, not inline: the CSP allows
// only our own scripts.
(() => {
  const baseTitle = document.title.replace(/^.*? · (?=MISHIMASH)/, "");
  let wasMyTurn = null;
  const sound = new Audio(document.currentScript.dataset.sound || "");

  function announce() {
    const board = document.getElementById("board");
    if (!board) return;
    const mine = board.dataset.yourTurn === "true";
    const words = board.dataset.turnTitle;
    document.title = mine ? `${words} · ${baseTitle}` : baseTitle;
    if (mine && wasMyTurn === false) {
      if (document.hidden && "Notification" in window && Notification.permission === "granted") {
        new Notification(words, { tag: "mishimash-turn" });
      }
      sound.play().catch(() => {}); // refused until the page has been touched once
    }
    wasMyTurn = mine;
  }

  function offerNotifications() {
    const button = document.querySelector("[data-notify]");
    if (!button || !("Notification" in window) || Notification.permission !== "default") return;
    button.hidden = false;
    button.addEventListener("click", () => {
      Notification.requestPermission().finally(() => { button.hidden = true; });
    });
  }

  document.addEventListener("DOMContentLoaded", () => { announce(); offerNotifications(); });
  document.addEventListener("htmx:afterSettle", announce);
})();
