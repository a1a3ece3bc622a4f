// Koffer, Katze & Sombrero result entry (web/kks/entry.templ): one card
// pad per player. A tap on a card lays it on top of its colour's stack
// (the stacks are the form's text fields in the score-check notation,
// "4 6 x 5"; "?" is a face-down card); a card already in any display is
// greyed out, since each exists once (KKS-1) — presentation only: the
// engine checks the entry when it is saved. One player's pad is open at a
// time; "Next player" moves on.
(function () {
  "use strict";
  var form = document.querySelector("form[data-kks-entry]");
  if (!form) return;
  var seats = Array.prototype.slice.call(form.querySelectorAll(".kks-seat"));
  var order = seats.map(function () { return []; }); // colours tapped, for "take back"

  function say(name, fallback) {
    return form.getAttribute("data-msg-" + name) || document.body.getAttribute("data-msg-" + name) || fallback;
  }
  function cards(value) { return value.trim().split(/\s+/).filter(Boolean); }
  function stack(seat, colour) { return seat.querySelector('input[data-stack="' + colour + '"]'); }

  function chips(input) {
    var box = input.parentNode.querySelector("[data-preview]");
    var colour = input.getAttribute("data-stack");
    box.textContent = "";
    cards(input.value).forEach(function (t) {
      var down = /^x/i.test(t);
      var chip = document.createElement("span");
      chip.className = "chip chip-" + colour + (down ? " down" : "");
      chip.textContent = down ? (t.length > 1 ? "\u2193" + t.slice(1) : "?") : t;
      box.appendChild(chip);
    });
  }

  function refresh() {
    var laid = {};
    form.querySelectorAll("input[data-stack]").forEach(function (input) {
      cards(input.value).forEach(function (t) {
        var v = parseInt(t.replace(/^x/i, ""), 10);
        if (v > 0) laid[input.getAttribute("data-stack") + " " + v] = true;
      });
      chips(input);
    });
    form.querySelectorAll(".padrow button").forEach(function (b) {
      var v = b.getAttribute("data-value");
      b.disabled = v !== "x" && !!laid[b.parentNode.getAttribute("data-colour") + " " + v];
    });
    seats.forEach(function (seat) {
      var n = 0;
      seat.querySelectorAll("input[data-stack]").forEach(function (input) { n += cards(input.value).length; });
      var turns = parseInt(seat.getAttribute("data-turns"), 10) || 0;
      var tokens = seat.querySelector('input[name$=".tokens"]');
      var t = parseInt(tokens.value, 10) || 0;
      var text = (turns ? say("count", "%d of %d cards").replace("%d", n).replace("%d", turns) : say("cards", "%d cards").replace("%d", n)) +
        " · " + (t === 1 ? say("token", "1 token") : say("tokens", "%d tokens").replace("%d", t));
      seat.querySelector("[data-count]").textContent = text;
      seat.querySelectorAll("[data-tokens]").forEach(function (b) {
        b.setAttribute("aria-pressed", b.getAttribute("data-tokens") === tokens.value ? "true" : "false");
      });
    });
  }

  function button(parent, text, attr, value) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute(attr, value);
    parent.appendChild(b);
    return b;
  }
  seats.forEach(function (seat) {
    // Per colour the cards 1-10 and the face-down back, in the order of
    // the seat's stacks.
    var pad = seat.querySelector(".cardpad");
    seat.querySelectorAll(".stack-editor").forEach(function (row) {
      var colour = row.getAttribute("data-colour");
      var name = row.querySelector("label").textContent.trim();
      var line = document.createElement("div");
      line.className = "padrow pad-" + colour;
      line.setAttribute("data-colour", colour);
      line.setAttribute("role", "group");
      line.setAttribute("aria-label", name);
      for (var v = 1; v <= 10; v++) button(line, v, "data-value", v);
      button(line, "?", "data-value", "x").setAttribute("aria-label", say("back", "%s face down").replace("%s", name));
      line.lastChild.className = "back";
      pad.appendChild(line);
    });
    // The supply as one row of numbers, 0 to the most one can hold (KKS-4).
    var tokens = seat.querySelector(".tokenpad");
    for (var n = 0; n <= parseInt(tokens.getAttribute("data-max"), 10); n++) button(tokens, n, "data-tokens", n);
  });

  function open(seat, scroll) {
    seats.forEach(function (s) { s.classList.toggle("open", s === seat); });
    if (scroll) seat.scrollIntoView({ block: "start" });
  }

  form.addEventListener("click", function (ev) {
    var b = ev.target.closest("button[type=button]");
    var seat = b && b.closest(".kks-seat");
    if (!seat) return;
    var i = seats.indexOf(seat);
    var colour = b.parentNode.getAttribute("data-colour");
    var action = b.getAttribute("data-action");
    if (colour) {
      var input = stack(seat, colour);
      var v = b.getAttribute("data-value");
      input.value = cards(input.value).concat(v).join(" ");
      order[i].push(colour);
    } else if (b.hasAttribute("data-tokens")) {
      seat.querySelector('input[name$=".tokens"]').value = b.getAttribute("data-tokens");
    } else if (action === "undo") {
      colour = order[i].pop();
      if (!colour) { // entered before this page: the last non-empty stack
        seat.querySelectorAll("input[data-stack]").forEach(function (input) {
          if (cards(input.value).length) colour = input.getAttribute("data-stack");
        });
      }
      if (colour) {
        var top = stack(seat, colour);
        top.value = cards(top.value).slice(0, -1).join(" ");
      }
    } else if (action === "type") {
      var typing = seat.classList.toggle("typing");
      b.setAttribute("aria-pressed", typing ? "true" : "false");
      if (typing) seat.querySelector("input[data-stack]").focus();
    } else if (action === "next") {
      open(seats[i + 1], true);
    } else if (action === "open") {
      open(seat, true);
    }
    refresh();
  });
  form.addEventListener("input", refresh);

  // The first player whose display is not complete starts open.
  var first = seats.filter(function (seat) {
    var n = 0;
    seat.querySelectorAll("input[data-stack]").forEach(function (input) { n += cards(input.value).length; });
    return n < (parseInt(seat.getAttribute("data-turns"), 10) || 1);
  })[0] || seats[0];
  open(first, false);
  refresh();
})();
