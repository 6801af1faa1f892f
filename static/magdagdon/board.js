/* MAGDAGDON keyboard play (progressive enhancement; every control works without it). After
   a move or a choice made from the keyboard, focus goes where play goes on: the first
   highlighted cell of the selected die, the next die that fits, CONFIRM, ROLL, ACCEPT, the
   first cell that may take the RUIN (the server marks it with data-focus). Pointer play is
   left alone, so a tap never scrolls the page. Powers keep htmx's own focus (the same button,
   ready to press again). */
(function () {
  "use strict";
  var keyboard = false;
  document.addEventListener("keydown", function () { keyboard = true; }, true);
  document.addEventListener("pointerdown", function () { keyboard = false; }, true);
  document.addEventListener("htmx:afterSettle", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!keyboard || (source && source.closest("[data-keep-focus]"))) return;
    var target = document.querySelector("#board [data-focus]");
    if (target) target.focus();
  });
})();
