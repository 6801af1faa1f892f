/* Ishido board, an enhancement (without it the cells are plain form buttons): groups the
   row-major cells into the rows the eye sees (role="grid"; transposed on a portrait phone, as
   static/css/ishido.css draws it) and names each cell by them; one tab stop, arrow keys, Home and
   End move a cursor, Enter or Space places. Nothing here asks the server anything. */
(function () {
  "use strict";
  var ROWS = 8, COLUMNS = 12;
  // The same query as the stylesheet's transposed board (static/css/ishido.css).
  var TALL = window.matchMedia("(max-width: 559px) and (orientation: portrait)");
  var cursor = null; // board index (row-major) of the cell under the cursor
  var hadFocus = false;

  function tall() { return TALL.matches; }
  function rowsSeen() { return tall() ? COLUMNS : ROWS; }
  function columnsSeen() { return tall() ? ROWS : COLUMNS; }
  // Board index <-> row and column as seen (from 0).
  function seenOf(index) {
    var row = Math.floor(index / COLUMNS), column = index % COLUMNS;
    return tall() ? [column, row] : [row, column];
  }
  function indexAt(row, column) { return tall() ? column * COLUMNS + row : row * COLUMNS + column; }
  function isBorder(index) {
    var row = Math.floor(index / COLUMNS), column = index % COLUMNS;
    return row === 0 || row === ROWS - 1 || column === 0 || column === COLUMNS - 1;
  }

  function boardOf(root) {
    return root && root.querySelector ? root.querySelector(".board[data-keyboard]") : null;
  }
  function cellsByIndex(board) {
    var found = [];
    board.querySelectorAll("[data-cell]").forEach(function (cell) { found[Number(cell.dataset.cell)] = cell; });
    return found;
  }
  function labels() {
    var element = document.querySelector(".ishido-labels");
    return element ? element.dataset : null;
  }

  // Regroup the cells into role="row" wrappers (display: contents) in the order the eye reads.
  function arrange(board) {
    var all = cellsByIndex(board);
    if (all.length !== ROWS * COLUMNS) return;
    var focused = board.contains(document.activeElement) ? document.activeElement : null;
    var rows = document.createDocumentFragment();
    for (var r = 0; r < rowsSeen(); r++) {
      var row = document.createElement("div");
      row.className = "row";
      row.setAttribute("role", "row");
      for (var c = 0; c < columnsSeen(); c++) {
        var cell = all[indexAt(r, c)];
        cell.setAttribute("role", "gridcell");
        name(cell, r, c);
        row.appendChild(cell);
      }
      rows.appendChild(row);
    }
    board.replaceChildren(rows);
    board.setAttribute("role", "grid");
    board.dataset.seen = tall() ? "tall" : "wide";
    var words = labels();
    if (words) board.setAttribute("aria-label", tall() ? words.labelTall : words.labelWide);
    if (focused) focused.focus({ preventScroll: true });
  }

  // A cell's spoken name; the patterns and stone names are on the page once (not per move).
  var stoneNames = {};
  function stoneName(cell) {
    var use = cell.querySelector("use");
    var symbol = use ? use.getAttribute("href").slice(1) : "";
    if (!(symbol in stoneNames)) {
      var title = document.querySelector("#" + symbol + " title");
      stoneNames[symbol] = title ? title.textContent : cell.dataset.value;
    }
    return stoneNames[symbol];
  }
  function name(cell, row, column) {
    var words = labels();
    if (!words) return;
    var index = Number(cell.dataset.cell), pattern, stone = "";
    if (cell.dataset.value) { pattern = words.labelStone; stone = stoneName(cell); }
    else if (cell.hasAttribute("data-legal")) pattern = words.labelFits;
    else pattern = isBorder(index) ? words.labelBorder : words.labelEmpty;
    cell.setAttribute("aria-label", pattern.replace("%(row)d", row + 1)
      .replace("%(column)d", column + 1).replace("%(stone)s", stone));
  }

  function roving(board) {
    board.querySelectorAll("[data-cell]").forEach(function (cell) {
      cell.tabIndex = Number(cell.dataset.cell) === cursor ? 0 : -1;
    });
  }

  // The stylesheet sizes the board to the screen's height less --reserve, a guess at what
  // stands above it; measured here instead, so a long message or a long word never pushes the
  // board's bottom off the screen. A constructed stylesheet carries it: the Content-Security-
  // Policy refuses inline styles.
  var fitted = null;
  function fit() {
    var board = document.querySelector("#board .board");
    if (!board || !document.adoptedStyleSheets || !window.CSSStyleSheet) return;
    if (fitted === null) {
      try { fitted = new CSSStyleSheet(); } catch (e) { fitted = false; }
      if (fitted) document.adoptedStyleSheets = document.adoptedStyleSheets.concat([fitted]);
    }
    if (!fitted) return;
    var top = board.getBoundingClientRect().top + window.scrollY;
    fitted.replaceSync("#board.ishido { --reserve: " + Math.ceil(top + 12) + "px; }");
  }

  function setup(root) {
    fit();
    var board = boardOf(root);
    if (!board || board.dataset.ready) return; // once a board (htmx:load also reports the body)
    board.dataset.ready = "1";
    if (cursor === null) {
      var legal = board.querySelector("[data-legal]");
      cursor = legal ? Number(legal.dataset.cell) : 41;
    }
    arrange(board);
    roving(board);
    if (hadFocus) cellsByIndex(board)[cursor].focus({ preventScroll: true });
    board.addEventListener("keydown", function (event) { move(board, event); });
    board.addEventListener("focusin", function (event) {
      var index = event.target.dataset && event.target.dataset.cell;
      if (index !== undefined) { cursor = Number(index); hadFocus = true; roving(board); }
    });
    board.addEventListener("focusout", function (event) {
      // A cell disabled during the request drops focus to nowhere: keep the cursor then.
      if (event.relatedTarget && !board.contains(event.relatedTarget)) hadFocus = false;
    });
  }

  function move(board, event) {
    var steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    var step = steps[event.key];
    var seen = seenOf(cursor), row = seen[0], column = seen[1];
    if (step) {
      row = Math.min(rowsSeen() - 1, Math.max(0, row + step[0]));
      column = Math.min(columnsSeen() - 1, Math.max(0, column + step[1]));
    } else if (event.key === "Home") column = 0;
    else if (event.key === "End") column = columnsSeen() - 1;
    else return;
    event.preventDefault();
    cursor = indexAt(row, column);
    roving(board);
    cellsByIndex(board)[cursor].focus();
  }

  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.addEventListener("htmx:load", function (event) {
    var elt = event.detail.elt; // the board, or a puzzle around it
    var root = elt && (elt.id === "board" ? elt : elt.querySelector && elt.querySelector("#board"));
    if (root) setup(root);
  });
  // Turning the phone redraws the board: regroup the rows and rename the cells to match.
  TALL.addEventListener("change", function () {
    var board = boardOf(document);
    if (board) arrange(board);
  });
  var fitting = false;
  window.addEventListener("resize", function () {
    if (fitting) return;
    fitting = true;
    window.requestAnimationFrame(function () { fitting = false; fit(); });
  });
  document.addEventListener("change", function (event) {
    if (event.target.id !== "ishido-hints") return;
    var url = new URL(window.location.href);
    url.searchParams.set("hints", event.target.checked ? "1" : "0");
    window.history.replaceState(window.history.state, "", url);
    if (window.cubiri) window.cubiri.remember("ishido.hints", event.target.checked ? "on" : "off");
  });
})();
