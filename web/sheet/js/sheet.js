// The score sheet's game name: the names this phone used before are kept
// in its local storage and offered as one-tap chips (and in the field's
// list); a saved sheet adds its name. Without storage or script the field
// is a plain text box.
(function () {
  "use strict";
  var KEY = "tablemate.sheetNames";
  var form = document.querySelector("form[data-sheet]");
  var input = document.getElementById("sheet-name");
  if (!form || !input) return;
  function load() {
    try { return JSON.parse(localStorage.getItem(KEY) || "[]").filter(function (n) { return typeof n === "string"; }); } catch (e) { return []; }
  }
  var names = load();
  var list = document.getElementById("sheet-names");
  var chips = form.querySelector("[data-sheet-names]");
  names.slice(0, 8).forEach(function (n) {
    var o = document.createElement("option");
    o.value = n;
    list.appendChild(o);
    var b = document.createElement("button");
    b.type = "button";
    b.className = "name-chip";
    b.textContent = n;
    b.addEventListener("click", function () { input.value = n; });
    chips.appendChild(b);
  });
  form.addEventListener("submit", function () {
    var n = input.value.trim();
    if (!n) return;
    var next = [n].concat(names.filter(function (x) { return x !== n; })).slice(0, 20);
    try { localStorage.setItem(KEY, JSON.stringify(next)); } catch (e) { /* private mode: not remembered */ }
  });
})();
