// The next-game page: the chosen game's start rule shown under "Who
// starts?", and "Pick at random" choosing one of the players. Without
// this file each game lists its rule and the first player is chosen by
// hand.
(function () {
  "use strict";
  var form = document.querySelector("[data-testid=next-game-form]");
  if (!form) return;
  var rule = document.getElementById("start-rule");
  function showRule() {
    var g = form.querySelector("input[name=game]:checked");
    if (rule) rule.textContent = g ? g.getAttribute("data-starts") || "" : "";
  }
  form.addEventListener("change", showRule);
  showRule();
  var pick = form.querySelector("[data-pick-random]");
  if (pick && window.crypto && crypto.getRandomValues) {
    pick.hidden = false;
    pick.addEventListener("click", function () {
      var seats = form.querySelectorAll("input[name=first]");
      if (!seats.length) return;
      var r = new Uint32Array(1);
      crypto.getRandomValues(r);
      var s = seats[r[0] % seats.length];
      s.checked = true;
      s.focus();
    });
  }
})();
