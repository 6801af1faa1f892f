// SHARE: the Web Share API where there is one, else the clipboard. Loaded by static/js/site.js
// once a page shows a share button (its buttons wait hidden until then: without JavaScript
// the text to share is on the page).
(function () {
  "use strict";

  function shareStatus(button, text) {
    var status = button.closest("[data-ending], [data-daily-end], [data-share-box]");
    status = status && status.querySelector("[data-share-status]");
    if (status) status.textContent = text;
  }
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "visually-hidden";
      document.body.appendChild(area);
      area.select();
      var ok = document.execCommand("copy");
      area.remove();
      if (ok) resolve(); else reject(new Error("copy"));
    });
  }
  function showShareButtons(root) {
    root.querySelectorAll("[data-share][hidden]").forEach(function (b) { b.hidden = false; });
  }
  showShareButtons(document);
  document.addEventListener("htmx:load", function (event) { showShareButtons(event.target); });
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-share]");
    if (!button) return;
    var text = button.dataset.shareText;
    var url = button.dataset.shareUrl;
    var done = button.dataset.copied || "";
    if (navigator.share) {
      navigator.share(url ? { text: text, url: url } : { text: text }).catch(function (error) {
        if (error && error.name === "AbortError") return;
        copy(url ? text + "\n" + url : text).then(function () { shareStatus(button, done); });
      });
      return;
    }
    copy(url ? text + "\n" + url : text).then(
      function () { shareStatus(button, done); },
      function () { shareStatus(button, button.dataset.copyFailed || ""); }
    );
  });
})();
