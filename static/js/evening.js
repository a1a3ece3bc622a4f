// "Who starts?" on the next-game page and the new-table form: the chosen
// game's start rule shown under it, and "Pick at random" choosing one of
// the seats. Without this file each game lists its rule (the new-table
// form shows the chosen game's) and the first player is chosen by hand.
(function () {
  "use strict";
  document.querySelectorAll("[data-who-starts]").forEach(function (who) {
    var form = who.form || who.closest("form");
    if (!form) return;
    var rule = who.querySelector("#start-rule");
    function showRule() {
      var g = form.querySelector("input[name=game]:checked, select[name=game] option:checked");
      if (rule && g) rule.textContent = g.getAttribute("data-starts") || "";
    }
    form.addEventListener("change", showRule);
    showRule();
    var pick = who.querySelector("[data-pick-random]");
    if (pick && window.crypto && crypto.getRandomValues) {
      pick.hidden = false;
      pick.addEventListener("click", function () {
        var seats = [].filter.call(who.querySelectorAll("input[name=first]"), function (s) { return !s.closest("[hidden]"); });
        if (!seats.length) return;
        var r = new Uint32Array(1);
        crypto.getRandomValues(r);
        var s = seats[r[0] % seats.length];
        s.checked = true;
        s.focus();
      });
    }
  });
})();
