// Guided play: tapping cards in the grid fills the row slots in order, so
// laying the row is 7 taps. Without this file the slots are typed.
(function () {
  "use strict";
  var form = document.querySelector("[data-row-form]");
  if (!form) return;
  var grid = form.querySelector("[data-card-grid]");
  grid.hidden = false;
  var slots = form.querySelectorAll("[data-slot]");
  function sync() {
    var used = {};
    slots.forEach(function (s) { used[s.value.trim().toLowerCase()] = true; });
    grid.querySelectorAll("[data-card]").forEach(function (b) {
      b.disabled = !!used[b.getAttribute("data-card")];
    });
  }
  grid.addEventListener("click", function (ev) {
    var b = ev.target.closest("[data-card]");
    if (!b) return;
    for (var i = 0; i < slots.length; i++) {
      if (!slots[i].value.trim()) {
        slots[i].value = b.getAttribute("data-card");
        break;
      }
    }
    sync();
  });
  slots.forEach(function (s) { s.addEventListener("input", sync); });
  sync();
})();
