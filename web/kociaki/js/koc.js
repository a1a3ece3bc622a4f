// Kociaki Łobuziaki editor: tap 2/3/4 to add a chip to a toy, ⌫ to take
// the last one back, and under each toy what its pile may still give
// (ruling KOC-2, the same words as the server's first rendering).
(function () {
  "use strict";
  var form = document.querySelector("form[data-koc]");
  if (!form) return;
  var PILE = [2, 2, 3, 3, 4];

  function chips(value) {
    var out = [];
    var parts = value.split(/[\s,+]+/).filter(Boolean);
    for (var i = 0; i < parts.length; i++) {
      if (!/^[+-]?\d+$/.test(parts[i])) return null;
      out.push(parseInt(parts[i], 10));
    }
    return out;
  }

  function players() {
    var seats = parseInt(form.getAttribute("data-seats"), 10);
    if (seats > 0) return seats;
    var n = 0;
    form.querySelectorAll("input[data-name]").forEach(function (el) { if (el.value.trim()) n++; });
    return n;
  }

  // pileText mirrors kocPileText over kociaki.PilesLeft.
  function pileText(removed, taken) {
    taken = taken.slice().sort(function (a, b) { return a - b; });
    var possible = false, empty = false, next = [];
    for (var mask = 0; mask < 32; mask++) {
      var left = [];
      for (var i = 0; i < PILE.length; i++) if (!(mask & (1 << i))) left.push(PILE[i]);
      if (left.length !== PILE.length - removed || taken.length > left.length) continue;
      var prefix = true;
      for (var k = 0; k < taken.length; k++) if (left[k] !== taken[k]) prefix = false;
      if (!prefix) continue;
      possible = true;
      if (taken.length === left.length) empty = true;
      else if (next.indexOf(left[taken.length]) < 0) next.push(left[taken.length]);
    }
    next.sort();
    if (!possible) return { text: "pile: these chips cannot all come from one pile", bad: true };
    if (next.length === 0) return { text: "pile: used up", bad: false };
    return { text: "pile: next " + next.join(" or ") + (empty ? ", or used up" : ""), bad: false };
  }

  function update() {
    var n = players();
    var removed = 4 - n;
    for (var toy = 1; toy <= 10; toy++) {
      var taken = [];
      form.querySelectorAll('.koc-toy[data-toy="' + toy + '"] input[data-chips]').forEach(function (el) {
        var c = chips(el.value);
        if (c) taken = taken.concat(c);
      });
      var answer = n >= 2 && n <= 4 ? pileText(removed, taken) : { text: "", bad: false };
      form.querySelectorAll('[data-next="' + toy + '"]').forEach(function (el) {
        el.textContent = answer.text;
        el.classList.toggle("bad", answer.bad);
      });
    }
  }

  form.addEventListener("click", function (ev) {
    var b = ev.target.closest(".koc-pad button");
    if (!b) return;
    var input = b.closest(".koc-toy").querySelector("input[data-chips]");
    var parts = input.value.split(/[\s,+]+/).filter(Boolean);
    if (b.hasAttribute("data-chip")) parts.push(b.getAttribute("data-chip"));
    else parts.pop();
    input.value = parts.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  form.addEventListener("input", update);
})();
