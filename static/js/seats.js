// Seating a league's members by tapping them (the new-table form opened
// from a league's admin page): each chip ticked fills the next empty seat,
// so the seat order is the order tapped; a chip unticked leaves its seat
// and the players after it move up. A name typed into a seat ticks its
// chip. Without this file the chips are plain check boxes, seated after
// the names typed.
(function () {
  "use strict";

  function boxes() { return Array.prototype.slice.call(document.querySelectorAll('input[name="players"]')); }
  function same(a, b) { return a.trim().toLowerCase() === b.trim().toLowerCase(); }

  // number shows each ticked chip's seat.
  function number() {
    var names = boxes().map(function (b) { return b.value; });
    document.querySelectorAll('.seat-chips input[name="seat"]').forEach(function (chip) {
      var i = names.findIndex(function (n) { return n.trim() !== "" && same(n, chip.value); });
      chip.checked = i >= 0;
      var no = chip.parentNode.querySelector(".seat-no");
      if (no) no.textContent = i >= 0 ? String(i + 1) : "";
    });
  }

  function seat(name) {
    var all = boxes();
    if (all.some(function (b) { return same(b.value, name); })) return;
    var last = -1;
    all.forEach(function (b, i) { if (b.value.trim() !== "") last = i; });
    if (last + 1 < all.length) all[last + 1].value = name;
  }

  function unseat(name) {
    var all = boxes();
    var names = all.map(function (b) { return b.value; }).filter(function (n) { return !same(n, name); });
    all.forEach(function (b, i) { b.value = names[i] || ""; });
  }

  document.addEventListener("change", function (ev) {
    var t = ev.target;
    if (t.matches && t.matches('.seat-chips input[name="seat"]')) {
      if (t.checked) seat(t.value); else unseat(t.value);
      number();
    }
  });
  document.addEventListener("input", function (ev) {
    if (ev.target.matches && ev.target.matches('input[name="players"]')) number();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", number); else number();
})();
