// The clock of the game at hand (views.Clock). The server writes the
// clock's running time when it draws the page, from the log's times; this
// only counts on from that value while the clock runs, by the time passed
// on this phone since the page was drawn (performance.now), never by the
// phone's time of day. app.js loads it with the first clock a page shows.
// The live refresh draws the page again at every change of the table; a
// page without it (round entry, where typing must never be wiped) follows
// the table's stream for the clock alone and swaps in the fresh clock.
(function () {
  "use strict";
  var clocks = [];

  // As the server writes it (views.clockText): 7:05, 1:02:09.
  function text(s) {
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, x = s % 60;
    return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (x < 10 ? "0" : "") + x;
  }

  // The first clocks are as old as the page's answer (its first byte);
  // those the live refresh brings, as old as now.
  var nav = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
  var first = nav && nav.responseStart > 0 ? nav.responseStart : -1;

  function scan() {
    var now = first >= 0 ? first : performance.now();
    first = -1;
    clocks = Array.prototype.map.call(document.querySelectorAll("[data-clock-running]"), function (el) {
      return { el: el, from: parseInt(el.getAttribute("data-clock-ms"), 10) || 0, at: now };
    });
  }

  function tick() {
    var now = performance.now();
    clocks.forEach(function (c) {
      var t = text(Math.floor((c.from + now - c.at) / 1000));
      if (c.el.textContent !== t) c.el.textContent = t;
    });
  }

  function follow() {
    var box = document.querySelector("[data-clock-live]");
    if (!box || document.querySelector("[data-live]") || !window.EventSource || !window.fetch) return;
    var head = parseInt(box.getAttribute("data-clock-head"), 10);
    var source = new EventSource(box.getAttribute("data-clock-live") + "?after=" + head);
    source.addEventListener("table", function (ev) {
      var h = parseInt(ev.data, 10);
      if (!(h > head)) return;
      head = h;
      fetch(location.pathname, { headers: { Accept: "text/html" }, credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
        .then(function (html) {
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("clock");
          var cur = document.getElementById("clock");
          if (fresh && cur) {
            cur.replaceWith(document.importNode(fresh, true));
            scan();
          }
        })
        .catch(function () {});
    });
    window.addEventListener("pagehide", function () { source.close(); }, { once: true });
  }

  scan();
  setInterval(tick, 250);
  document.addEventListener("tablemate:updated", scan);
  follow();
})();
