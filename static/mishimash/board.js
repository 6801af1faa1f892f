/* MISHIMASH dice (progressive enhancement; without it each die tap asks the page again).
   Ticking a die is answered here, without a request: the board carries the preview of every
   selection of the roll (<template class="mm-previews">, one line per selection, found by its
   bitmask in data-masks), so this only looks the line up, shows it and enables BANK / ROLL
   AGAIN. Only the moves POST. Keyboard: the dice are one tab stop (roving tabindex), the arrow
   keys move along them, Enter or Space toggles, as on Ishido's board. */
(function () {
  "use strict";
  var cursor = 0;

  function dice(row) { return row.querySelectorAll("button[data-die]"); }

  function mask(row) {
    var bits = 0;
    dice(row).forEach(function (die) {
      if (die.getAttribute("aria-pressed") === "true") bits |= 1 << Number(die.dataset.die);
    });
    return bits;
  }

  function show(form, row) {
    var bits = mask(row);
    var line = form.querySelector("template.mm-previews").content
      .querySelector('[data-masks~="' + bits + '"]');
    if (!line) return;
    form.querySelector(".mm-preview-slot").replaceChildren(line.cloneNode(true));
    var legal = line.dataset.preview === "legal";
    form.querySelectorAll(".mm-act").forEach(function (button) { button.disabled = !legal; });
    var small = form.querySelector("#mm-again small");
    if (small) small.textContent = line.dataset.again || "";
  }

  function toggle(die) {
    var on = die.getAttribute("aria-pressed") !== "true";
    die.setAttribute("aria-pressed", String(on));
    die.dataset.selected = String(on);
    die.classList.toggle("is-selected", on);
    var field = die.previousElementSibling;
    if (field && field.name === "dice") field.disabled = !on;
  }

  function roving(row) {
    var all = dice(row);
    if (cursor >= all.length) cursor = 0;
    all.forEach(function (die, i) { die.tabIndex = i === cursor ? 0 : -1; });
  }

  function setup(root) {
    var row = root.querySelector && root.querySelector(".dice-row[data-keyboard]");
    if (!row || !row.closest("form").querySelector("template.mm-previews")) return;
    if (row.dataset.ready) return; // once a row (htmx:load also reports the page's body)
    row.dataset.ready = "1";
    roving(row);
    row.addEventListener("click", function (event) {
      var die = event.target.closest("button[data-die]");
      if (!die) return;
      event.preventDefault();
      cursor = Number(die.dataset.die);
      roving(row);
      toggle(die);
      show(row.closest("form"), row);
    });
    row.addEventListener("keydown", function (event) {
      var all = dice(row), step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 }[event.key];
      if (step) cursor = Math.min(all.length - 1, Math.max(0, cursor + step));
      else if (event.key === "Home") cursor = 0;
      else if (event.key === "End") cursor = all.length - 1;
      else return;
      event.preventDefault();
      roving(row);
      all[cursor].focus();
    });
  }

  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.addEventListener("htmx:load", function (event) {
    var elt = event.detail.elt; // the board, or a puzzle around it
    var root = elt && (elt.id === "board" ? elt : elt.querySelector && elt.querySelector("#board"));
    if (root) { cursor = 0; setup(root); }
  });
})();
