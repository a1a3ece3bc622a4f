// Kociaki editor on one screen: the player chosen in the tab bar takes a
// pile's chip with one tap, ⌫ takes it back; each pile says what it can
// still give (KOC-2, as kocPileText), offers only chips it can have given
// (fits: in any order) and who holds which. The typed chips are sent.
(function () {
  "use strict";
  var form = document.querySelector("form[data-koc]");
  if (!form) return;
  var PILE = [2, 2, 3, 3, 4];
  var typed = form.querySelector("details[data-testid=koc-typed]");
  if (typed && !typed.hasAttribute("data-keep-open")) typed.open = false;

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

  function nameOf(seat) {
    var typedName = form.querySelector('input[data-name][name="players[' + seat + '].name"]');
    if (typedName) return typedName.value.trim();
    var tab = form.querySelector('[data-tab-name="' + seat + '"]');
    return tab ? tab.textContent.trim() : "";
  }

  function selected() {
    var r = form.querySelector('input[name="koc-to"]:checked');
    return r ? r.value : "0";
  }

  function field(seat, toy) {
    return form.querySelector('input[name="players[' + seat + '].chips.' + toy + '"]');
  }

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
    var d = form.dataset;
    if (!possible) return { text: d.bad, bad: true, next: null };
    if (next.length === 0) return { text: d.used, bad: false, next: [] };
    return { text: (empty ? d.nextEmpty : d.next).replace("%s", next.join(d.or)), bad: false, next: next };
  }

  function fits(removed, taken) {
    for (var mask = 0; mask < 32; mask++) {
      var left = [];
      for (var i = 0; i < PILE.length; i++) if (!(mask & (1 << i))) left.push(PILE[i]);
      if (left.length !== PILE.length - removed) continue;
      var ok = true;
      for (var k = 0; k < taken.length && ok; k++) {
        var at = left.indexOf(taken[k]);
        if (at < 0) ok = false; else left.splice(at, 1);
      }
      if (ok) return true;
    }
    return false;
  }

  function update() {
    var n = players();
    var removed = 4 - n;
    var totals = {};
    for (var toy = 1; toy <= 10; toy++) {
      var taken = [], held = [];
      form.querySelectorAll('input[data-chips][name$=".chips.' + toy + '"]').forEach(function (el) {
        var c = chips(el.value);
        if (!c) return;
        taken = taken.concat(c);
        var seat = el.getAttribute("data-seat");
        c.forEach(function (v) { totals[seat] = (totals[seat] || 0) + v; });
        var who = nameOf(seat);
        if (c.length && who) held.push(who + " " + c.join(" "));
      });
      var answer = n >= 2 && n <= 4 ? pileText(removed, taken) : { text: "", bad: false, next: null };
      var pile = form.querySelector('.koc-pile[data-toy="' + toy + '"]');
      if (!pile) continue;
      var next = pile.querySelector("[data-next]");
      next.textContent = answer.text;
      next.classList.toggle("bad", answer.bad);
      pile.querySelector("[data-held]").textContent = held.join(" \u00b7 ");
      pile.querySelectorAll("button[data-chip]").forEach(function (b) {
        var v = parseInt(b.getAttribute("data-chip"), 10);
        b.disabled = n >= 2 && n <= 4 && !fits(removed, taken.concat([v]));
      });
      var mine = field(selected(), toy);
      var back = pile.querySelector('button[data-action="back"]');
      back.disabled = !mine || !chips(mine.value) || chips(mine.value).length === 0;
    }
    form.querySelectorAll("[data-total]").forEach(function (el) {
      var t = totals[el.getAttribute("data-total")] || 0;
      el.textContent = t ? "\u00b7 " + t : "";
    });
  }

  form.addEventListener("click", function (ev) {
    var b = ev.target.closest(".koc-pad button");
    if (!b) return;
    var toy = b.closest(".koc-pile").getAttribute("data-toy");
    var input = field(selected(), toy);
    if (!input) return;
    var parts = input.value.split(/[\s,+]+/).filter(Boolean);
    if (b.hasAttribute("data-chip")) parts.push(b.getAttribute("data-chip"));
    else parts.pop();
    input.value = parts.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
})();
