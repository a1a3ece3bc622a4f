// Sharing a result card with a link. Any button (a ranking screen's
// "Share", an invite panel's) that carries
//
//   data-share-url="https://…/v/…"   the view-only link to share
//   data-share-card="/v/…/card.png"  the result card, a PNG of 1200×630
//   data-share-title="…"             (optional) the share sheet's title
//
// hands the phone's share sheet the PNG together with the link where the
// Web Share API can share files (navigator.canShare({files})), and the
// link alone elsewhere. Load it with share.js, which shows the buttons and
// shares where the phone has no share sheet: it handles these buttons
// first, so share.js does not share the link a second time. The card is
// fetched on the first tap and kept for the next.
(function () {
  "use strict";

  var cards = {}; // card URL → File

  function card(src) {
    if (cards[src]) return Promise.resolve(cards[src]);
    return fetch(src, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok || (r.headers.get("Content-Type") || "").indexOf("image/png") !== 0) throw new Error("no card");
      return r.blob();
    }).then(function (blob) {
      cards[src] = new File([blob], "tablemate-result.png", { type: "image/png" });
      return cards[src];
    });
  }

  function canShareFiles() {
    if (!navigator.canShare || !window.File) return false;
    try {
      return navigator.canShare({ files: [new File([""], "x.png", { type: "image/png" })] });
    } catch (e) {
      return false;
    }
  }

  function share(b) {
    var data = { title: b.getAttribute("data-share-title") || document.title, url: b.getAttribute("data-share-url") };
    var linkOnly = function () { return navigator.share(data); };
    if (!canShareFiles()) return linkOnly();
    return card(b.getAttribute("data-share-card")).then(function (file) {
      var withCard = { title: data.title, url: data.url, files: [file] };
      if (!navigator.canShare(withCard)) return linkOnly();
      return navigator.share(withCard);
    }, linkOnly);
  }

  // Capture: this runs before share.js's handler, which then never sees
  // the click.
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("button[data-share-card][data-share-url]");
    if (!b || !navigator.share) return;
    ev.stopPropagation();
    ev.preventDefault();
    share(b).catch(function () { /* the share sheet was closed */ });
  }, true);
})();
