// The replay page, enhanced (without it every step is a link and the slider a GET form):
// arrow keys step back and on (mirrored in a right-to-left page), Home and End jump, Space
// plays and pauses; PLAY steps on every 0.8 s until the end. Every step is the same GET the
// links make: htmx swaps the step in and keeps the address. A step is wired up as it is swapped
// in (the page's `settle:0ms`), so a key, a click or a slide the moment it shows is never lost.
(function () {
  "use strict";
  var timer = null;
  var DELAY = 800;

  function step() { return document.getElementById("replay-step"); }
  function link(selector) { var s = step(); return s && s.querySelector(selector); }
  function go(selector) {
    var target = link(selector);
    if (!target) return false;
    target.click();
    return true;
  }
  function button() { return link("[data-autoplay]"); }
  function showPlaying() {
    var b = button();
    if (!b) return;
    b.hidden = false;
    b.textContent = timer ? b.dataset.pause : b.dataset.play;
    b.setAttribute("aria-pressed", timer ? "true" : "false");
  }
  function stop() { window.clearTimeout(timer); timer = null; showPlaying(); }
  function tick() {
    timer = window.setTimeout(function () {
      if (!go("a[rel=next]")) stop();
    }, DELAY);
  }
  function toggle() {
    if (timer) { stop(); return; }
    var s = step();
    if (s && s.dataset.step === s.dataset.last) go("[data-first]");
    tick();
    showPlaying();
  }
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-autoplay]")) { event.preventDefault(); toggle(); }
  });
  // After each swapped-in step: the next one, while playing.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target && event.target.id === "replay-step") {
      if (timer) tick();
      showPlaying();
    }
  });
  document.addEventListener("keydown", function (event) {
    if (!step() || event.altKey || event.ctrlKey || event.metaKey) return;
    var field = event.target.closest && event.target.closest("input, select, textarea, button");
    if (field && !(field.matches && field.matches("[data-slider]"))) return;
    var rtl = document.documentElement.dir === "rtl";
    var key = event.key;
    if (field && (key === "ArrowLeft" || key === "ArrowRight")) return; // the slider moves itself
    var handled = true;
    if (key === "ArrowRight") handled = go(rtl ? "a[rel=prev]" : "a[rel=next]");
    else if (key === "ArrowLeft") handled = go(rtl ? "a[rel=next]" : "a[rel=prev]");
    else if (key === "Home") handled = go("[data-first]");
    else if (key === "End") handled = go("[data-last-step]");
    else if (key === " ") toggle();
    else handled = false;
    if (handled) event.preventDefault();
  });
  document.addEventListener("DOMContentLoaded", showPlaying);
})();
