/* MAGDAGDON on the page (progressive enhancement; every control works without it).
   - Selecting a die is answered here, without a request: each die button carries its legal
     cells (data-legal-cells, from the server's rules); the script marks them, points the stage
     form at the die and shows that die's prompt and powers. Without JavaScript the die buttons
     submit the GET form #mg-pick (?die=K) and the server draws the same.
   - Keyboard: the grid is one tab stop (roving tabindex); arrow keys move over its cells,
     Enter or Space acts on the cell (cells are buttons), as on the Ishido board.
   - Focus is never lost to the page: after a move it goes back to the control that made it
     when it still exists, else to where play goes on (the server's data-focus), else to the
     primary action. Only a move made from the keyboard scrolls to it.
   - The Majda Powers panel stays open across moves once the player opened it.
   - ACCEPT MAGDAGDON and its Cancel change no game state: the board of the RUIN-choosing
     step comes with the board (<template id="mg-ruin-view">) and is swapped in here, and
     Cancel puts the board back; without JavaScript they are links (?ruin=1). */
(function () {
  "use strict";
  var keyboard = false;
  var cursor = null; // the grid cell under the keyboard cursor
  var lastId = null; // the control that made the move in flight
  var powersOpen = null;
  document.addEventListener("keydown", function () { keyboard = true; }, true);
  document.addEventListener("pointerdown", function () { keyboard = false; }, true);

  function board() { return document.getElementById("board"); }
  function grid(root) { return root && root.querySelector(".mg-grid"); }
  function cells(root) { return root.querySelectorAll(".mg-grid [data-cell]"); }

  function fill(format, values) {
    return format.replace(/%\((\w+)\)d/g, function (_, name) { return values[name]; });
  }

  function setup(root) {
    var g = grid(root);
    if (!g) return;
    // Empty cells arrive disabled (right without JavaScript); here they stay reachable by the
    // arrow keys and only the selected die's cells act.
    root.querySelectorAll("button[form=mg-stage][disabled]").forEach(function (cell) {
      cell.disabled = false;
      cell.setAttribute("aria-disabled", "true");
    });
    var first = g.querySelector("[data-focus]");
    if (cursor === null || (keyboard && first)) cursor = first ? Number(first.dataset.cell) : 0;
    roving(root);
    var powers = root.querySelector("details.mg-powers");
    if (powers) {
      if (powersOpen) powers.open = true;
      powers.addEventListener("toggle", function () { powersOpen = powers.open; });
    }
  }

  function roving(root) {
    cells(root).forEach(function (cell) {
      cell.tabIndex = Number(cell.dataset.cell) === cursor ? 0 : -1;
    });
  }

  function select(button) {
    var root = board();
    var pressed = button.getAttribute("aria-pressed") === "true";
    root.querySelectorAll("button[form=mg-pick]").forEach(function (die) {
      var on = die === button && !pressed;
      die.setAttribute("aria-pressed", on ? "true" : "false");
      die.classList.toggle("selected", on);
      die.value = on ? "" : die.dataset.die;
    });
    var die = pressed ? null : button;
    var legal = die ? die.dataset.legalCells.split(" ").filter(Boolean) : [];
    var g = grid(root);
    g.classList.toggle("choosing", !!die);
    var firstLegal = null;
    root.querySelectorAll("button[form=mg-stage]").forEach(function (cell) {
      var index = Number(cell.dataset.cell);
      var on = legal.indexOf(String(index)) >= 0;
      var at = { row: Math.floor(index / 4) + 1, column: (index % 4) + 1 };
      cell.classList.toggle("legal", on);
      cell.toggleAttribute("data-legal", on);
      cell.toggleAttribute("data-focus", false);
      if (on) {
        cell.removeAttribute("aria-disabled");
        at.die = Number(die.dataset.die) + 1;
        at.value = die.dataset.value;
        cell.setAttribute("aria-label", fill(g.dataset.labelLegal, at));
        cell.innerHTML = '<svg class="face" aria-hidden="true"><use href="#mg-f' +
          Number(die.dataset.value) + '"></use></svg>';
        if (firstLegal === null) firstLegal = cell;
      } else {
        cell.setAttribute("aria-disabled", "true");
        cell.setAttribute("aria-label", fill(g.dataset.labelEmpty, at));
        cell.textContent = "";
      }
    });
    var input = root.querySelector("#mg-stage input[name=die]");
    if (input) input.value = die ? die.dataset.die : "";
    var prompt = root.querySelector(".mg-prompt[data-prompt]");
    if (prompt) prompt.textContent = die ? die.dataset.prompt : prompt.dataset.prompt;
    var wanted = die ? die.dataset.die : "";
    root.querySelectorAll("[data-adjust]").forEach(function (panel) {
      panel.hidden = panel.dataset.adjust !== wanted;
    });
    var url = new URL(window.location.href);
    if (die) url.searchParams.set("die", die.dataset.die); else url.searchParams.delete("die");
    window.history.replaceState(window.history.state, "", url);
    if (keyboard && firstLegal) {
      cursor = Number(firstLegal.dataset.cell);
      roving(root);
      firstLegal.focus();
    }
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("#board button");
    if (!target) return;
    if (target.getAttribute("form") === "mg-pick") {
      event.preventDefault();
      select(target);
    } else if (target.getAttribute("aria-disabled") === "true") {
      event.preventDefault(); // a cell the selected die cannot take (or no die selected)
    }
  });

  // ACCEPT MAGDAGDON / Cancel, answered on the page (capture: before htmx's own listener).
  var beforeRuin = null;
  function swap(from, to) {
    from.replaceWith(to);
    if (window.htmx) window.htmx.process(to);
    setup(to);
    var focus = to.querySelector("[data-focus]") || to.querySelector("[data-primary]");
    if (focus && focus.focus) focus.focus({ preventScroll: !keyboard });
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#board [data-accept], #board [data-cancel-ruin]");
    if (!link) return;
    var root = board();
    if (link.hasAttribute("data-accept")) {
      var view = root.querySelector("template#mg-ruin-view");
      var fresh = view && view.content.querySelector("#board");
      if (!fresh) return; // the server draws it (?ruin=1)
      event.preventDefault();
      event.stopPropagation();
      beforeRuin = root;
      swap(root, document.importNode(fresh, true));
    } else if (beforeRuin) {
      event.preventDefault();
      event.stopPropagation();
      var back = beforeRuin;
      beforeRuin = null;
      swap(root, back);
    }
  }, true);
  document.addEventListener("htmx:afterSettle", function () { beforeRuin = null; });

  document.addEventListener("keydown", function (event) {
    var cell = event.target.closest && event.target.closest(".mg-grid [data-cell]");
    if (!cell) return;
    var steps = { ArrowUp: -4, ArrowDown: 4, ArrowLeft: -1, ArrowRight: 1, Home: 0, End: 0 };
    if (!(event.key in steps)) return;
    var index = Number(cell.dataset.cell), row = Math.floor(index / 4), column = index % 4;
    var rtl = getComputedStyle(cell).direction === "rtl";
    if (event.key === "ArrowUp") row = Math.max(0, row - 1);
    else if (event.key === "ArrowDown") row = Math.min(3, row + 1);
    else if (event.key === "ArrowLeft") column = Math.max(0, Math.min(3, column + (rtl ? 1 : -1)));
    else if (event.key === "ArrowRight") column = Math.max(0, Math.min(3, column + (rtl ? -1 : 1)));
    else if (event.key === "Home") column = 0;
    else column = 3;
    event.preventDefault();
    cursor = row * 4 + column;
    var root = board();
    roving(root);
    cells(root)[cursor].focus();
  });

  document.addEventListener("focusin", function (event) {
    var cell = event.target.closest && event.target.closest(".mg-grid [data-cell]");
    if (cell) { cursor = Number(cell.dataset.cell); roving(board()); }
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    var active = document.activeElement;
    var elt = event.detail.elt;
    var submitter = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent &&
      event.detail.requestConfig.triggeringEvent.submitter;
    var source = submitter || (active && active !== document.body ? active : elt);
    lastId = source && source.id ? source.id : null;
    if (source && source.dataset && source.dataset.cell !== undefined) {
      cursor = Number(source.dataset.cell);
    }
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var root = board();
    if (!root) return;
    var active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    var target = (lastId && document.getElementById(lastId)) || null;
    if (target && (target.disabled || target.closest("[hidden]"))) target = null;
    if (keyboard && !target) target = root.querySelector("[data-focus]");
    if (!target && cursor !== null && cells(root)[cursor]) target = cells(root)[cursor];
    if (!target) target = root.querySelector("[data-primary]");
    if (target && target.focus) target.focus({ preventScroll: !keyboard });
  });

  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.addEventListener("htmx:load", function (event) {
    var elt = event.detail.elt; // the board, or a puzzle around it
    var root = elt && (elt.id === "board" ? elt : elt.querySelector && elt.querySelector("#board"));
    if (root) setup(root);
  });
})();
