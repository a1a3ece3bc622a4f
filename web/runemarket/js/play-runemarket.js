// The Rune Market played along: in a move form, show the number-card field
// only when paying with cards, and the duel's steal or defending card only
// for the outcome chosen. Without this script every field simply shows.
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
  document.querySelectorAll("form").forEach(function (form) {
    if (!form.querySelector('input[name="do"]')) return;
    sync(form);
    form.addEventListener("change", function () { sync(form); });
  });
})();
