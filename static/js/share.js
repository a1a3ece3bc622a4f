// Sharing a link (the invite panel of a table or a league): copy it, or
// hand it to the phone's share sheet (the Web Share API) where the browser
// has one. Without this file the links are text fields to copy by hand and
// the buttons stay hidden; a button shows only when what it does works.
(function () {
  "use strict";

  function canCopy() {
    return !!(navigator.clipboard && window.isSecureContext) || !!document.queryCommandSupported && document.queryCommandSupported("copy");
  }

  // reveal shows the buttons under root that this browser can run.
  function reveal(root) {
    root.querySelectorAll("button[data-copy]").forEach(function (b) { b.hidden = !canCopy(); });
    root.querySelectorAll("button[data-share-url]").forEach(function (b) { b.hidden = !navigator.share; });
  }

  function copied(b) {
    var label = b.textContent;
    b.textContent = b.getAttribute("data-done") || label;
    setTimeout(function () { b.textContent = label; }, 2000);
  }

  function copy(b) {
    var input = document.getElementById(b.getAttribute("data-copy"));
    if (!input) return;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(function () { copied(b); }, function () {});
      return;
    }
    // Plain http on the local network has no clipboard API: copy the
    // selected field the older way.
    input.focus();
    input.select();
    try {
      if (document.execCommand("copy")) copied(b);
    } catch (e) { /* the link stays selected to copy by hand */ }
  }

  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("button[data-copy], button[data-share-url]");
    if (!b) return;
    if (b.hasAttribute("data-copy")) {
      copy(b);
    } else if (navigator.share) {
      navigator.share({ title: b.getAttribute("data-share-title") || document.title, url: b.getAttribute("data-share-url") })
        .catch(function () { /* the share sheet was closed */ });
    }
  });

  // A live update replaces the page's content: show the buttons again.
  document.addEventListener("tablemate:updated", function (ev) { reveal(ev.target); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { reveal(document); });
  } else {
    reveal(document);
  }
})();
