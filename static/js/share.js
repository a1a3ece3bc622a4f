// Passing a link on (the invite panel of a table or a league, a result to
// share): Copy, and Share through the phone's share sheet (the Web Share
// API). Browsers give those APIs only to a secure context (HTTPS), not to
// a plain-HTTP address on the Wi-Fi, so each has a fallback and both
// buttons always offer something: Copy selects the link and copies it the
// older way (document.execCommand), and when even that fails leaves it
// selected to copy from the phone's menu; Share without a share sheet
// copies the link and shows its QR code for the others to scan. Without
// this file the links are text fields to copy by hand and the buttons stay
// hidden. Every sentence comes from the page (the row's data-msg-*).
(function () {
  "use strict";

  function select(input) {
    input.focus();
    input.select();
    try { input.setSelectionRange(0, input.value.length); } catch (e) { /* not a text field */ }
  }

  // copyOld copies the selected link the way browsers allowed before the
  // Clipboard API, in any context, while the tap lasts.
  function copyOld(input) {
    select(input);
    try {
      return document.execCommand("copy");
    } catch (e) {
      return false;
    }
  }

  // copyText copies the field's link; it resolves whether it could.
  function copyText(input) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(input.value).then(function () { return true; }, function () { return copyOld(input); });
    }
    return Promise.resolve(copyOld(input));
  }

  // say puts a sentence of the row's under it, for screen readers too.
  function say(b, name) {
    var row = b.closest(".share-row");
    if (!row) return;
    var text = row.getAttribute("data-msg-" + name) || "";
    var p = row.nextElementSibling && row.nextElementSibling.classList.contains("share-said") ? row.nextElementSibling : null;
    if (!p) {
      p = document.createElement("p");
      p.className = "hint share-said";
      p.setAttribute("role", "status");
      p.setAttribute("data-testid", "share-said");
      row.parentNode.insertBefore(p, row.nextSibling);
    }
    p.textContent = text;
  }

  function copied(b) {
    var label = b.getAttribute("data-label") || b.textContent;
    b.setAttribute("data-label", label);
    b.textContent = b.getAttribute("data-done") || label;
    setTimeout(function () { b.textContent = label; }, 2000);
  }

  function field(b) {
    return document.getElementById(b.getAttribute("data-copy") || b.getAttribute("data-share-field") || "");
  }

  function copy(b) {
    var input = field(b);
    if (!input) return;
    copyText(input).then(function (ok) {
      if (ok) {
        copied(b);
        return;
      }
      select(input);
      say(b, "select");
    });
  }

  // showQR opens the link's QR code (in its panel when it is behind one)
  // and brings it into view.
  function showQR(b) {
    var q = document.getElementById(b.getAttribute("data-qr") || "");
    if (!q) return;
    if (q.tagName === "DETAILS") q.open = true;
    if (q.scrollIntoView) q.scrollIntoView({ block: "center" });
  }

  // shareWithout is Share where the phone has no share sheet: the link
  // copied and its QR code shown.
  function shareWithout(b) {
    var input = field(b);
    if (!input) return;
    copyText(input).then(function (ok) {
      if (!ok) select(input);
      showQR(b);
      say(b, ok ? "shared-copied" : "shared-select");
    });
  }

  // reveal shows the buttons under root: each works in every browser.
  function reveal(root) {
    root.querySelectorAll("button[data-copy], button[data-share-url]").forEach(function (b) { b.hidden = false; });
  }

  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("button[data-copy], button[data-share-url]");
    if (!b) return;
    if (b.hasAttribute("data-copy")) {
      copy(b);
    } else if (navigator.share) {
      navigator.share({ title: b.getAttribute("data-share-title") || document.title, url: b.getAttribute("data-share-url") })
        .catch(function () { /* the share sheet was closed */ });
    } else {
      shareWithout(b);
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
