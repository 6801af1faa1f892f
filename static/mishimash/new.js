/* The MISHIMASH start form: only as many name boxes as players chosen. The boxes left out are
   disabled, so the form sends only the names shown. Without this script all eight boxes show
   and the empty ones after the last name are simply unused. */
(function () {
  "use strict";
  function seats(form) { return form.querySelectorAll(".mm-names li[data-seat]"); }

  function show(form) {
    var count = Number(form.elements.count.value) || 2;
    seats(form).forEach(function (li) {
      var shown = Number(li.dataset.seat) <= count;
      li.hidden = !shown;
      li.querySelectorAll("input, select").forEach(function (field) { field.disabled = !shown; });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var select = document.getElementById("id_count");
    if (!select) return;
    var form = select.form;
    // A form sent back with a message: show every box that holds a name.
    var last = 0;
    seats(form).forEach(function (li) { if (li.querySelector("input").value.trim()) last = Number(li.dataset.seat); });
    if (last > Number(select.value)) select.value = String(Math.min(8, last));
    show(form);
    select.addEventListener("change", function () { show(form); });
  });
})();
