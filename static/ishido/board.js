/* Ishido keyboard play (progressive enhancement; the board works without it): arrow keys move
   a cursor over the cells, Enter or Space on an empty cell places the stone (the cell is a
   submit button). One tab stop for the whole board (roving tabindex); the cursor survives
   the htmx swap that answers each move. */
(function () {
  "use strict";
  var cursor = null; // index of the cell under the cursor
  var hadFocus = false;
  var ROWS = 8, COLUMNS = 12;

  function cells(board) { return board.querySelectorAll("[data-cell]"); }

  function transposed(board) {
    // On narrow portrait screens the grid shows columns as rows; follow what the eye sees.
    var all = cells(board);
    return all.length > 1 && all[1].getBoundingClientRect().top > all[0].getBoundingClientRect().top + 1;
  }

  function setup(root) {
    var board = root.querySelector ? root.querySelector(".board[data-keyboard]") : null;
    if (!board) return;
    var all = cells(board);
    if (cursor === null) {
      var legal = board.querySelector("[data-legal]");
      cursor = legal ? Number(legal.dataset.cell) : 41;
    }
    roving(board);
    if (hadFocus) all[cursor].focus({ preventScroll: true });
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

  function roving(board) {
    cells(board).forEach(function (cell) {
      var here = Number(cell.dataset.cell) === cursor;
      cell.tabIndex = here ? 0 : -1;
      if (here) name(cell);
    });
  }

  // The cell under the cursor gets its spoken name ("Row 2, column 3: red star"): the board's
  // markup stays small, and the patterns and stone names are on the page once.
  function name(cell) {
    var labels = document.querySelector(".ishido-labels");
    if (!labels) return;
    var index = Number(cell.dataset.cell);
    var row = Math.floor(index / COLUMNS), column = index % COLUMNS;
    var border = row === 0 || row === ROWS - 1 || column === 0 || column === COLUMNS - 1;
    var pattern, stone = "";
    if (cell.dataset.value) {
      pattern = labels.dataset.labelStone;
      var title = document.querySelector("#s" + symbolOf(cell) + " title");
      stone = title ? title.textContent : cell.dataset.value;
    } else if (cell.hasAttribute("data-legal")) pattern = labels.dataset.labelFits;
    else pattern = border ? labels.dataset.labelBorder : labels.dataset.labelEmpty;
    cell.setAttribute("aria-label", pattern.replace("%(row)d", row + 1)
      .replace("%(column)d", column + 1).replace("%(stone)s", stone));
  }

  function symbolOf(cell) {
    var use = cell.querySelector("use");
    return use ? use.getAttribute("href").slice(2) : "";
  }

  function move(board, event) {
    var steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    var step = steps[event.key];
    var row = Math.floor(cursor / COLUMNS), column = cursor % COLUMNS;
    if (step) {
      if (transposed(board)) step = [step[1], step[0]];
      row = Math.min(ROWS - 1, Math.max(0, row + step[0]));
      column = Math.min(COLUMNS - 1, Math.max(0, column + step[1]));
    } else if (event.key === "Home") { column = 0; }
    else if (event.key === "End") { column = COLUMNS - 1; }
    else return;
    event.preventDefault();
    cursor = row * COLUMNS + column;
    roving(board);
    cells(board)[cursor].focus();
  }

  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  // The highlight switch is CSS only; keep its state in the address so a reload keeps it.
  document.addEventListener("change", function (event) {
    if (event.target.id !== "ishido-hints") return;
    var url = new URL(window.location.href);
    if (event.target.checked) url.searchParams.delete("hints"); else url.searchParams.set("hints", "0");
    window.history.replaceState(window.history.state, "", url);
  });
  document.addEventListener("htmx:load", function (event) {
    if (event.detail.elt && event.detail.elt.id === "board") setup(event.detail.elt);
  });
})();
