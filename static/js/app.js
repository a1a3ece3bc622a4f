// Tablemate progressive enhancement. Every page works without this file;
// it adds +/- steppers and a double-submit guard (a game's own pads are
// its script, e.g. web/kks/js/entry.js).
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // A page drawn in answer to a form (a refusal, what was entered kept)
  // names the page it belongs to: put that in the address bar, so a
  // reload asks it with GET instead of sending the form again, and the
  // live refresh follows the table there (never the form's POST URL).
  var canonical = document.body.getAttribute("data-canonical");
  if (canonical) history.replaceState(history.state, "", canonical + location.hash);

  // A confirmation ("Round saved.", "Undone: …") comes in the address's
  // ?done=…: it is said once. Taken out of the address bar, a reload, a
  // bookmark or a copied address does not say it again for nothing new
  // (the server says it only at the version the write made: ?at=).
  if (/[?&]done=/.test(location.search) && self.URLSearchParams) {
    var q = new URLSearchParams(location.search);
    q.delete("done");
    q.delete("at");
    var rest = q.toString();
    history.replaceState(history.state, "", location.pathname + (rest ? "?" + rest : "") + location.hash);
  }

  // msg is a sentence the page wrote in the reader's language into a
  // data-msg-* attribute of <body> (English when it is missing).
  function msg(name, fallback) {
    var v = document.body && document.body.getAttribute("data-msg-" + name);
    return v || fallback;
  }

  function setupStepper(stepper) {
    var input = stepper.querySelector("input");
    stepper.addEventListener("click", function (ev) {
      var b = ev.target.closest("button[data-step]");
      if (!b) return;
      var n = parseInt(input.value, 10) || 0;
      n += parseInt(b.getAttribute("data-step"), 10);
      var min = input.min === "" ? -Infinity : parseInt(input.min, 10);
      var max = input.max === "" ? Infinity : parseInt(input.max, 10);
      input.value = String(Math.max(min, Math.min(max, n)));
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  function init(root) {
    root.querySelectorAll(".stepper").forEach(setupStepper);
  }

  // A second tap on a submit button while the first request is on its way
  // is ignored here; the server also answers a repeated form only once.
  var submittedAt = 0;
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    submittedAt = Date.now();
    if (form.dataset.sending === "1") {
      ev.preventDefault();
      return;
    }
    form.dataset.sending = "1";
    setTimeout(function () { form.dataset.sending = ""; }, 4000);
  });

  // Live table: the server pushes the table's newest move number; when it
  // moves past what this page shows, the page content is fetched again.
  function setupLive() {
    var el = document.querySelector("[data-live]");
    if (!el || !window.EventSource || !window.fetch) return;
    var source = null, retry = null, wait = 30000, left = false;
    // The browser reconnects a dropped stream by itself, but not one the
    // server refused (503 when it holds as many live pages as it may) or
    // that ended for good: try again after 30-60 s (the refusal's
    // Retry-After), then less often but at least every 5 minutes, at
    // random within each span so pages do not all return at once.
    // Catching up is exact: ?after= is the page's move.
    function connect() {
      retry = null;
      var cur = document.querySelector("[data-live]") || el;
      source = new EventSource(cur.getAttribute("data-live") + "?after=" + cur.getAttribute("data-head"));
      source.addEventListener("open", function () { wait = 30000; });
      source.addEventListener("error", function () {
        if (left || retry || source.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(connect, wait + Math.random() * wait);
        wait = Math.min(wait * 2, 150000); // a delay is wait to 2 * wait
      });
      source.addEventListener("table", onTable);
      // The link this page came through was replaced: the server closed
      // the stream; reloading shows the page saying so. Not while this
      // phone is sending a form: it may be the very form that replaced the
      // link, and its answer leads to the new one. Either way this page's
      // stream is not opened again.
      source.addEventListener("gone", function () {
        left = true;
        clearTimeout(retry);
        source.close();
        if (Date.now() - submittedAt > 10000) location.reload();
      });
    }
    // Close the stream when the page is left: browsers allow only a few
    // connections per server, and a stream kept by a cached page would
    // hold one. A page restored from the cache opens a new one.
    window.addEventListener("pagehide", function () {
      left = true;
      clearTimeout(retry);
      if (source) source.close();
    }, { once: true });
    var busy = false;
    function onTable(ev) {
      var cur = document.querySelector("[data-live]");
      var head = parseInt(ev.data, 10);
      if (!cur || busy || !(head > parseInt(cur.getAttribute("data-head"), 10))) return;
      var active = document.activeElement;
      if (active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) && active.value) return; // never wipe typing
      busy = true;
      fetch(location.pathname, { headers: { Accept: "text/html" }, credentials: "same-origin" })
        .then(function (r) {
          if (r.status === 410 && Date.now() - submittedAt > 10000) location.reload(); // this page's link was replaced
          return r.ok ? r.text() : Promise.reject(r.status);
        })
        .then(function (html) {
          var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
          var main = document.querySelector("main");
          if (!fresh || !main) return;
          // Panels the reader opened (the invite panel, a QR code) stay open.
          var open = Array.prototype.map.call(main.querySelectorAll("details[open][id]"), function (d) { return d.id; });
          main.innerHTML = fresh.innerHTML;
          open.forEach(function (id) {
            var d = document.getElementById(id);
            if (d) d.open = true;
          });
          init(main);
          clock();
          main.dispatchEvent(new CustomEvent("tablemate:updated", { bubbles: true }));
          var note = document.getElementById("live-note");
          if (note) note.textContent = msg("updated", "The table was updated.");
        })
        .catch(function () {})
        .then(function () { busy = false; });
    }
    connect();
  }

  // The clock of the game at hand counts on in js/clock.js, loaded with
  // the first clock a page shows (the live refresh may bring one).
  function clock() {
    var c = document.querySelector("[data-clock-js]");
    if (!c || window.tablemateClock) return;
    window.tablemateClock = 1;
    var s = document.createElement("script");
    s.src = c.getAttribute("data-clock-js");
    document.head.appendChild(s);
  }

  // Offline: say so, so nobody trusts a stale page or enters a score that
  // cannot be sent. Pages shown from the service worker's cache get it too.
  function showOffline() {
    var banner = document.getElementById("offline-banner");
    if (banner && !navigator.onLine) banner.hidden = false;
    if (banner && navigator.onLine && banner.dataset.fromCache !== "1") banner.hidden = true;
  }
  window.addEventListener("online", showOffline);
  window.addEventListener("offline", showOffline);

  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("/sw.js").catch(function () {});
  }

  window.addEventListener("pageshow", function (ev) { if (ev.persisted) setupLive(); });

  // Offline entry (outbox.js) is not needed to show a page: it loads after.
  window.addEventListener("load", function () {
    var o = document.getElementById("outbox");
    if (!o || !window.indexedDB) return;
    var s = document.createElement("script");
    s.src = o.getAttribute("data-src");
    document.head.appendChild(s);
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { init(document); setupLive(); showOffline(); clock(); });
  } else {
    init(document);
    setupLive();
    showOffline();
    clock();
  }
  document.addEventListener("htmx:afterSwap", function (ev) { init(ev.target); });

  // A buzz under the finger on the pads (cards, chips, tokens, counter
  // steppers) where the phone can vibrate (Android; iOS has no Vibration
  // API). Off when the phone asks for reduced motion, or when the person
  // turned it off with the footer's toggle (kept on this phone).
  var pads = ".cardpad button, .tokenpad button, .card-pad button, .koc-pad button, .stepper button, [data-card-grid] button, .counter-cell button";
  var buzzKey = "tablemate.buzz";
  function buzzOn() {
    try { if (localStorage.getItem(buzzKey) === "off") return false; } catch (e) { /* storage blocked: on */ }
    return !(window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);
  }
  function buzzToggle() {
    var b = document.querySelector("[data-buzz-toggle]");
    if (!b) return;
    var canBuzz = typeof navigator.vibrate === "function" && !(window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);
    b.hidden = !canBuzz || !document.querySelector(pads.replace(/ button/g, ""));
    b.textContent = b.getAttribute(buzzOn() ? "data-on" : "data-off");
    b.setAttribute("aria-pressed", buzzOn() ? "true" : "false");
  }
  document.addEventListener("click", function (ev) {
    var t = ev.target.closest && ev.target.closest("[data-buzz-toggle], " + pads);
    if (!t || typeof navigator.vibrate !== "function") return;
    if (t.hasAttribute("data-buzz-toggle")) {
      try { localStorage.setItem(buzzKey, buzzOn() ? "off" : "on"); } catch (e) { /* not kept */ }
      buzzToggle();
      return;
    }
    if (!t.disabled && buzzOn()) navigator.vibrate(10);
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", buzzToggle); else buzzToggle();
})();
