// The league's import of a play file asks before it writes: the chosen
// file is first sent with ?preview=1, and the page shows what would become
// of its plays (new tables, new members, plays left out) with "Import
// these games" and "Choose another file". Only the first imports, by
// sending the form as it is. Without this script the form imports at
// once, as it always did.
(function () {
  "use strict";
  var form = document.getElementById("plays-form");
  if (!form || !window.fetch || !window.FormData || !window.DOMParser) return;
  var file = form.querySelector('input[type="file"]');
  var submit = form.querySelector('[type="submit"]');
  var confirmed = false;

  function clear() {
    var old = document.querySelectorAll("#plays-preview, [data-testid='import-error']");
    for (var i = 0; i < old.length; i++) old[i].remove();
  }

  function show(node) {
    clear();
    form.parentNode.insertBefore(document.importNode(node, true), form);
  }

  // problem is what an answer without a preview says went wrong: the
  // form's own message, or an error page's, as a banner.
  function problem(doc) {
    var own = doc.querySelector("[data-testid='import-error']");
    if (own) return own;
    var said = doc.querySelector("main p.lead") || doc.querySelector("main h1");
    var banner = document.createElement("div");
    banner.className = "banner banner-bad";
    banner.setAttribute("role", "alert");
    banner.setAttribute("data-testid", "import-error");
    banner.textContent = said ? said.textContent : "";
    return banner;
  }

  form.addEventListener("submit", function (ev) {
    if (confirmed) return;
    ev.preventDefault();
    var data = new FormData(form);
    submit.disabled = true;
    fetch(form.action + "?preview=1", { method: "POST", body: data, credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var preview = doc.getElementById("plays-preview");
        submit.disabled = false;
        if (!preview) {
          show(problem(doc));
          return;
        }
        show(preview);
        form.hidden = true;
        var shown = document.getElementById("plays-preview");
        var go = shown.querySelector("[data-testid='import-confirm']");
        if (go) {
          go.addEventListener("click", function () {
            confirmed = true;
            go.disabled = true;
            form.submit();
          });
          go.focus();
        }
        shown.querySelector("[data-testid='import-another']").addEventListener("click", function () {
          clear();
          form.hidden = false;
          file.value = "";
          file.focus();
        });
      })
      .catch(function () {
        // No answer: import the ordinary way, which shows what happens.
        confirmed = true;
        form.submit();
      });
  });
  file.addEventListener("change", clear);
})();
