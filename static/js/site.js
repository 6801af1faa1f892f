// What every page does with JavaScript (a file, not inline: the Content-Security-Policy allows
// only our own scripts). Each part enhances a control that works without it.
(function () {
  "use strict";

  // The language menu changes on choice (without JavaScript it has its own button).
  document.addEventListener("change", function (event) {
    var select = event.target.closest("#language-select");
    if (select) select.form.submit();
  });

  // --- after a move: what it changed, heard and (if the player wants) as a sound -----------
  // A board that htmx swapped in says what the move changed in data-announce and names its
  // sound in data-sound; both are read once per board.
  var sounds = null;
  function soundUrl(name) {
    if (sounds === null) {
      var data = document.getElementById("sounds");
      try { sounds = data ? JSON.parse(data.textContent) : {}; } catch (e) { sounds = {}; }
    }
    return sounds[name];
  }
  function play(name) {
    var url = soundUrl(name);
    if (!url || document.body.dataset.sound !== "on") return;
    var audio = new Audio(url);
    audio.volume = 0.6;
    var played = audio.play();
    if (played && played.catch) played.catch(function () {});
  }
  function announce(text) {
    var region = document.getElementById("announce");
    if (!region || !text) return;
    // Emptied first, so that the same words twice in a row are read twice.
    region.textContent = "";
    window.setTimeout(function () { region.textContent = text; }, 30);
  }
  document.addEventListener("htmx:afterSettle", function () {
    var board = document.getElementById("board");
    if (!board || board.dataset.told) return;
    board.dataset.told = "1";
    announce(board.dataset.announce);
    if (board.dataset.sound) play(board.dataset.sound);
  });
  // Remember a choice on the server in the background (games.core.preferences): the page has
  // already answered the tap; a failure only means it is not remembered.
  function remember(name, value) {
    var headers = {};
    try { headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}"); } catch (e) {}
    var body = new FormData();
    body.set("name", name);
    body.set("value", value);
    headers["X-Requested-With"] = "fetch";
    return fetch(document.body.dataset.preferences, { method: "POST", body: body, credentials: "same-origin", headers: headers })
      .catch(function () {});
  }
  window.cubiri = { announce: announce, play: play, remember: remember };

  // --- the sound switch: answered at once, remembered on the server ------------------------
  document.addEventListener("submit", function (event) {
    var form = event.target.closest("[data-sound-form]");
    if (!form) return;
    event.preventDefault();
    var button = form.querySelector("[data-sound-toggle]");
    var value = form.elements.value.value;
    var on = value === "on";
    button.setAttribute("aria-pressed", on ? "true" : "false");
    form.elements.value.value = on ? "off" : "on";
    if (on) document.body.dataset.sound = "on"; else delete document.body.dataset.sound;
    if (on) play("place");
    var body = new FormData(form);
    body.set("value", value);
    fetch(form.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-Requested-With": "fetch" },
    }).catch(function () {});
  });

  // --- a lost connection: said at once, the same move sent again when it is back --------
  // A move that failed to reach the server (or whose answer was lost) is sent again as the
  // player's own click: it carries the board's version, so a second copy is answered with the
  // current board (409), never a doubled move. Only network failures are retried.
  var lostMove = null, retryTimer = null, tries = 0;
  function note(text) {
    var n = document.getElementById("connection");
    if (n) { n.textContent = text || ""; n.hidden = !text; }
  }
  function retry() {
    window.clearTimeout(retryTimer);
    var m = lostMove;
    if (!m || !m.form.isConnected) { lostMove = null; note(""); return; }
    tries += 1;
    if (m.button && m.button.isConnected) m.button.click(); else m.form.requestSubmit();
  }
  function lost(event) {
    var d = event.detail || {}, form = d.elt && d.elt.closest("form");
    var t = d.requestConfig && d.requestConfig.triggeringEvent;
    note(document.getElementById("connection").dataset.lost);
    if (form) lostMove = { form: form, button: (t && t.submitter) || (lostMove && lostMove.button) };
    window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(retry, Math.min(2000 * (tries + 1), 10000));
  }
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.xhr && event.detail.xhr.status > 0) {
      lostMove = null; tries = 0; window.clearTimeout(retryTimer); note("");
    }
  });
  window.addEventListener("online", retry);

  // --- SHARE (static/js/share.js): fetched only once a page shows a share button ----------
  // (a finished game's end, a daily's end, an online table's invite): no other page loads it.
  var shareScript = document.currentScript && document.currentScript.dataset.shareScript;
  function needShare(root) {
    if (!shareScript || !root.querySelector || !root.querySelector("[data-share]")) return;
    var script = document.createElement("script");
    script.src = shareScript;
    shareScript = null;
    document.head.appendChild(script);
  }
  needShare(document);
  document.addEventListener("htmx:load", function (event) { needShare(event.target); });

  // Static files kept for the next visit, and an offline page (games.core.install).
  navigator.serviceWorker?.register("/sw.js");
})();
