// The new-table form on a phone: a name chip fills the next empty box,
// "Add a player" adds a box, ↑/↓ swap two seats, and "Who starts?" names
// the seats as they are typed, all without a round trip. Without this
// file the same buttons are the form's own and the server redraws it.
(function () {
  "use strict";
  var box = document.querySelector("[data-players]");
  if (!box) return;
  var form = box.form || box.closest("form");
  var who = form.querySelector("[data-who-starts]");
  var game = form.querySelector("select[name=game]");
  function seats() { return [].slice.call(box.querySelectorAll("[data-seat]")); }
  function inputs() { return seats().map(function (s) { return s.querySelector("input[name=players]"); }); }
  function radios() { return who ? [].slice.call(who.querySelectorAll("input[name=first]")) : []; }
  function max() {
    var o = game && game.options[game.selectedIndex];
    return Math.min(8, +(o && o.getAttribute("data-max")) || +box.getAttribute("data-max") || 8);
  }
  // sync renumbers the boxes, their ↑/↓, the chips used and who starts.
  function sync() {
    var ss = seats(), names = inputs().map(function (i) { return i.value.trim(); });
    ss.forEach(function (s, i) {
      var up = s.querySelector("[data-move=up]"), down = s.querySelector("[data-move=down]");
      up.value = "up:" + i; down.value = "down:" + i;
      up.disabled = i === 0; down.disabled = i === ss.length - 1;
    });
    var rs = radios(), tmpl = rs.length ? rs[rs.length - 1].closest("label") : null;
    while (rs.length < ss.length && tmpl) {
      var l = tmpl.cloneNode(true);
      l.querySelector("input").checked = false;
      tmpl.parentNode.appendChild(l);
      rs = radios();
    }
    rs.forEach(function (r, i) {
      r.value = String(i);
      var label = r.closest("label");
      label.querySelector("span").textContent = names[i] || label.getAttribute("data-empty").replace("%d", i + 1);
    });
    box.querySelectorAll("[data-name-chip]").forEach(function (c) {
      var used = names.some(function (n) { return n.toLowerCase() === c.getAttribute("data-name-chip").toLowerCase(); });
      c.hidden = false;
      c.disabled = used;
      c.setAttribute("aria-pressed", used ? "true" : "false");
    });
    var add = box.querySelector("[data-add-player]");
    if (add) add.hidden = ss.length >= max();
  }
  function addSeat() {
    var ss = seats(), last = ss[ss.length - 1];
    if (!last || ss.length >= max()) return null;
    var n = last.cloneNode(true), i = ss.length, input = n.querySelector("input");
    input.value = "";
    input.id = "player-" + i;
    input.removeAttribute("aria-invalid");
    var label = n.querySelector("label");
    label.htmlFor = input.id;
    label.textContent = label.getAttribute("data-label").replace("%d", i + 1);
    n.querySelectorAll(".error").forEach(function (e) { e.remove(); });
    last.parentNode.insertBefore(n, last.nextSibling);
    sync();
    return input;
  }
  box.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b) return;
    if (b.hasAttribute("data-add-player")) {
      e.preventDefault();
      var i = addSeat();
      if (i) i.focus();
    } else if (b.hasAttribute("data-move")) {
      e.preventDefault();
      var ins = inputs(), at = +b.value.split(":")[1], to = b.getAttribute("data-move") === "up" ? at - 1 : at + 1;
      if (to < 0 || to >= ins.length) return;
      var v = ins[at].value; ins[at].value = ins[to].value; ins[to].value = v;
      var rs = radios();
      if (rs[at] && rs[to] && (rs[at].checked || rs[to].checked)) {
        var c = rs[at].checked; rs[at].checked = rs[to].checked; rs[to].checked = c;
      }
      sync();
      ins[to].focus();
    } else if (b.hasAttribute("data-name-chip")) {
      e.preventDefault();
      var empty = inputs().filter(function (x) { return !x.value.trim(); })[0] || addSeat();
      if (!empty) return;
      empty.value = b.getAttribute("data-name-chip");
      sync();
    }
  });
  box.addEventListener("input", sync);
  if (game) game.addEventListener("change", function () {
    var o = game.options[game.selectedIndex], want = Math.min(+o.getAttribute("data-max") || 3, 4);
    want = Math.max(want, +o.getAttribute("data-min") || 2);
    while (seats().length < want && addSeat()) { /* the boxes the game needs */ }
    sync();
  });
  sync();
})();
