// Auf der Hut play along, set-up: tapping a character fills the next empty
// spot, so laying the display is 7 taps; a character laid twice is greyed
// out (each exists twice, rule ADH-1). Names typed above relabel the
// pickers at once. Without this file the spots are chosen from the lists.
(function () {
  "use strict";
  var form = document.querySelector("[data-adh-setup]");
  if (!form) return;
  var picker = form.querySelector("[data-adh-picker]");
  var slots = form.querySelectorAll("[data-slot]");
  picker.hidden = false;
  function sync() {
    var count = {};
    slots.forEach(function (s) { if (s.value) count[s.value] = (count[s.value] || 0) + 1; });
    picker.querySelectorAll("[data-char]").forEach(function (b) {
      b.disabled = (count[b.getAttribute("data-char")] || 0) >= 2;
    });
  }
  picker.addEventListener("click", function (ev) {
    if (ev.target.closest("[data-clear]")) {
      slots.forEach(function (s) { s.value = ""; });
      sync();
      return;
    }
    var b = ev.target.closest("[data-char]");
    if (!b) return;
    for (var i = 0; i < slots.length; i++) {
      if (!slots[i].value) {
        slots[i].value = b.getAttribute("data-char");
        break;
      }
    }
    sync();
  });
  slots.forEach(function (s) { s.addEventListener("change", sync); });
  form.querySelectorAll("[data-name]").forEach(function (input) {
    input.addEventListener("input", function () {
      var text = input.value.trim() || input.placeholder;
      form.querySelectorAll('[data-label="' + input.getAttribute("data-name") + '"]').forEach(function (el) {
        el.textContent = text;
      });
    });
  });
  sync();
})();
