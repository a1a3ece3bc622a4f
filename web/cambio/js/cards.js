// Cambio and Kodiak round editors: tapping a card on the pad adds its
// token to the player's cards field, "Remove last" takes the last one
// back, and the chips and the round sum follow what is typed. A sum typed
// in the player's sum field replaces the cards, and a card tapped clears
// the sum: whichever was entered last counts. Without this file the cards
// field takes tokens typed by hand.
(function () {
  "use strict";

  function tokens(value) {
    return value.trim().split(/[\s,]+/).filter(Boolean);
  }

  function norm(t) {
    return t.toLowerCase().replace(/_/g, "-").replace(/^0+(\d)/, "$1");
  }

  function setup(editor) {
    var input = editor.querySelector("input[data-cards]");
    var box = editor.querySelector("[data-card-preview]");
    var out = editor.querySelector("[data-sum]");
    var typed = editor.querySelector("input[data-typed-sum]");
    var entry = editor.closest("fieldset") || editor;
    if (!input || !box) return;
    var cards = {};
    editor.querySelectorAll("button[data-card]").forEach(function (b) {
      cards[b.getAttribute("data-card")] = {
        title: b.firstChild ? b.firstChild.textContent : b.textContent,
        points: b.getAttribute("data-points")
      };
    });

    function points(p) {
      return parseInt(String(p).replace("\u2212", "-"), 10);
    }

    function render() {
      box.textContent = "";
      var ts = tokens(input.value);
      var sum = 0;
      var ok = true;
      if (ts.length === 0) {
        var none = document.createElement("span");
        none.className = "none";
        none.textContent = (document.body.dataset.msgNone || "no cards");
        box.appendChild(none);
      }
      ts.forEach(function (t) {
        var c = cards[norm(t)];
        var chip = document.createElement("span");
        chip.className = "chip card-chip" + (c ? "" : " bad");
        chip.textContent = c ? c.title : t;
        var small = document.createElement("small");
        small.textContent = c ? c.points : "?";
        chip.appendChild(small);
        box.appendChild(chip);
        if (c) sum += points(c.points); else ok = false;
      });
      if (typed && typed.value.trim() !== "" && ts.length === 0) {
        var n = points(typed.value.trim());
        if (isNaN(n)) ok = false; else sum = n;
      }
      entry.querySelectorAll("input[data-counter]").forEach(function (inp) {
        var n = parseInt(inp.value, 10) || 0;
        var w = { pounces: -5, hairballs_kept: 10, hairballs_discarded: 5 }[inp.getAttribute("data-counter")] || 0;
        sum += n * w;
      });
      if (out) out.textContent = ok ? (sum < 0 ? "\u2212" + -sum : String(sum)) : "";
    }

    editor.addEventListener("click", function (ev) {
      var b = ev.target.closest("button");
      if (!b || !editor.contains(b)) return;
      var ts = tokens(input.value);
      if (b.hasAttribute("data-card")) {
        ts.push(b.getAttribute("data-card"));
      } else if (b.getAttribute("data-action") === "back") {
        ts.pop();
      } else {
        return;
      }
      input.value = ts.join(" ");
      if (typed) typed.value = "";
      render();
    });
    if (typed) {
      typed.addEventListener("input", function () {
        if (typed.value.trim() !== "") input.value = "";
        render();
      });
    }
    input.addEventListener("input", render);
    entry.addEventListener("input", function (ev) {
      if (ev.target.hasAttribute("data-counter")) render();
    });
    render();
  }

  function init() {
    document.querySelectorAll(".cards-editor").forEach(setup);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
