// The Rune Market played along: in a move form, show the number-card field
// only when paying with cards, and the duel's steal or defending card only
// for the outcome chosen; the number cards are tapped on a pad (0–13, as
// Cambio's card pad), each tap adding a card to the field, with their sum.
// Without this script every field simply shows and the cards are typed.
(function () {
  function show(el, on) {
    var f = el && el.closest(".field");
    if (f) f.hidden = !on;
  }
  function sync(form) {
    var pay = form.querySelector('select[name="pay"]');
    if (pay) show(form.querySelector('input[name="cards"]'), pay.value === "cards");
    var won = form.querySelector('input[name="outcome"][value="won"]');
    var lost = form.querySelector('input[name="outcome"][value="lost"]');
    if (won && lost) {
      show(form.querySelector('select[name="steal"]'), won.checked);
      show(form.querySelector('input[name="defence"]'), lost.checked);
    }
  }
  function cards(input) {
    return input.value.split(/[\s+,]+/).filter(Boolean);
  }
  function pad(field) {
    var input = field.querySelector('input[name="cards"]');
    var keys = field.querySelector("[data-rm-pad]");
    var line = field.querySelector("[data-rm-sum-line]");
    var out = field.querySelector("[data-rm-sum]");
    if (!input || !keys) return;
    keys.hidden = false;
    function sum() {
      var s = 0, ok = true;
      cards(input).forEach(function (c) {
        var n = parseInt(c, 10);
        if (isNaN(n)) ok = false; else s += n;
      });
      line.hidden = cards(input).length === 0;
      out.textContent = ok ? String(s) : "?";
    }
    keys.addEventListener("click", function (ev) {
      var b = ev.target.closest("button");
      if (!b) return;
      var cs = cards(input);
      if (b.hasAttribute("data-rm-card")) cs.push(b.getAttribute("data-rm-card"));
      else if (b.hasAttribute("data-rm-back")) cs.pop();
      input.value = cs.join(" ");
      sum();
    });
    input.addEventListener("input", sum);
    sum();
  }
  document.querySelectorAll("form").forEach(function (form) {
    if (!form.querySelector('input[name="do"]')) return;
    sync(form);
    form.addEventListener("change", function () { sync(form); });
  });
  document.querySelectorAll(".rm-cards").forEach(pad);
})();
