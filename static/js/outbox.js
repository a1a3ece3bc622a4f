// Tablemate offline entry. A result or round sent while the phone is
// offline is kept on the phone in IndexedDB ("tablemate-outbox") and
// shown as "waiting to be sent — not yet checked"; it is sent with its
// one-time token and the move it was made at as soon as the phone is back
// (the online event, page loads, Background Sync in the service worker,
// which imports this file too). The one-time token makes a resend
// idempotent: the server records it once. When the table moved on
// meanwhile, the table page shows the conflict and lets the person
// choose. Nothing leaves the outbox unless the server recorded it or the
// person discarded it. Guided play checks every move on the server:
// offline it says so instead of taking moves. Every sentence comes from
// the page (#outbox's data-msg-*), in the reader's language. Pages load
// this file after they are shown (app.js): nothing here is needed to
// show a page.
(function (root) {
  "use strict";
  var DB = "tablemate-outbox", STORE = "entries";

  function open() {
    return new Promise(function (resolve, reject) {
      var req = indexedDB.open(DB, 1);
      req.onupgradeneeded = function () {
        req.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
      };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }

  // tx runs fn on the store and resolves with what fn's request gives.
  function tx(mode, fn) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var t = db.transaction(STORE, mode);
        var req = fn(t.objectStore(STORE));
        t.oncomplete = function () { db.close(); resolve(req && req.result); };
        t.onerror = t.onabort = function () { db.close(); reject(t.error); };
      });
    });
  }

  function all() { return tx("readonly", function (s) { return s.getAll(); }); }

  // claim marks entry e as being sent, unless it is gone, no longer
  // waiting, or another sender (a page, the worker's Background Sync)
  // claimed it in the last 20 s: one entry is sent by one sender at a time.
  function claim(e) {
    var ok = false;
    return tx("readwrite", function (s) {
      var req = s.get(e.id);
      req.onsuccess = function () {
        var cur = req.result;
        if (!cur || (cur.state !== "waiting" && cur.state !== "mine") || Date.now() - (cur.sending || 0) < 20000) return;
        cur.sending = Date.now();
        ok = true;
        s.put(cur);
      };
      return null;
    }).then(function () { return ok; });
  }
  function put(e) { return tx("readwrite", function (s) { return s.put(e); }); }
  function drop(id) { return tx("readwrite", function (s) { return s.delete(id); }); }

  // tableOf is the table page of a form's action: /tables/{link}.
  function tableOf(action) {
    return action.split("/").slice(0, 3).join("/");
  }

  // send posts one entry as its form would have. It resolves with
  // "recorded", "already" (the token was recorded before), "conflict"
  // (the table moved on since the entry was made: 409), "refused" (the
  // server's checks refused it: 4xx) or "later" (no answer, or the server
  // failed: kept for the next try).
  function send(e) {
    var body = new URLSearchParams();
    e.fields.forEach(function (f) {
      if (f[0] === "_seen") body.append("_seen", e.seen);
      else if (f[0] === "_token") body.append("_token", e.token);
      else body.append(f[0], f[1]);
    });
    return fetch(e.url, { method: "POST", body: body, credentials: "same-origin", redirect: "follow",
      headers: { "X-Tablemate-Outbox": "1" } })
      .then(function (r) {
        if (r.status === 409) {
          return r.text().then(function (html) {
            var m = /name="_seen" value="(\d+)"/.exec(html);
            e.head = m ? m[1] : null;
            return "conflict";
          });
        }
        if (r.ok) return /[?&]done=already/.test(r.url) ? "already" : "recorded";
        if (r.status >= 400 && r.status < 500 && r.status !== 408 && r.status !== 429) {
          return r.text().then(function (html) {
            var m = /class="field-error"[^>]*>([^<]*)</.exec(html) || /class="banner banner-bad"[^>]*>([^<]*)</.exec(html);
            e.reason = m ? m[1] : String(r.status);
            return "refused";
          });
        }
        return "later";
      }, function () { return "later"; });
  }

  // flush sends every waiting entry in the order it was made. An entry
  // made after another of the same table from the same move follows it:
  // once the first is recorded it is sent against the move that one made
  // (the table moved on by this phone's own entry); had anyone else
  // entered something meanwhile, the server still answers 409.
  // onDone is told each entry's outcome; the promise gives them all.
  var flushing = null;
  function flush(onDone) {
    if (flushing) return flushing;
    var outcomes = [];
    var tell = function (e, out) { outcomes.push({ table: e.table, out: out }); if (onDone) onDone(e, out); };
    flushing = all().then(function (entries) {
      entries.sort(function (a, b) { return a.id - b.id; });
      var chain = Promise.resolve(), moved = {};
      entries.forEach(function (e) {
        if (e.state !== "waiting" && e.state !== "mine") return;
        chain = chain.then(function () {
          if (moved[e.table] && e.after) e.seen = String(moved[e.table]);
          return claim(e).then(function (mine) { return mine ? send(e) : "claimed"; }).then(function (out) {
            if (out === "claimed") return;
            if (out === "recorded" || out === "already") {
              moved[e.table] = parseInt(e.seen, 10) + 1;
              return drop(e.id).then(function () { tell(e, out); });
            }
            e.sending = 0;
            if (out === "later") return put(e);
            e.state = out;
            return put(e).then(function () { tell(e, out); });
          });
        });
      });
      return chain;
    }).catch(function () {}).then(function () { flushing = null; return outcomes; });
    return flushing;
  }

  root.TablemateOutbox = { all: all, put: put, drop: drop, flush: flush, tableOf: tableOf };
})(self);

(function () {
  "use strict";
  if (typeof document === "undefined") return; // the service worker
  var O = self.TablemateOutbox;
  var box = document.getElementById("outbox");
  if (!O || !window.indexedDB || !box || !window.fetch) return;

  function msg(name) { return box.getAttribute("data-msg-" + name) || ""; }
  var queueable = /^\/tables\/[^/]+\/games$/;
  var playPage = /^\/tables\/[^/]+\/play(\/|$)/;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text) e.textContent = text;
    return e;
  }

  // summary is what a person typed into the form, field by field, in the
  // form's own words: each named by its player (the fieldset's legend)
  // and its label, or the short name the form gives it (data-summary); a
  // choice by the label of its group ("Cambio was called by: Ben").
  function summary(form) {
    var out = [];
    Array.prototype.forEach.call(form.elements, function (f) {
      if (!f.name || f.name.charAt(0) === "_" || f.type === "hidden" || f.type === "submit" || f.type === "button" || f.type === "file") return;
      var choice = f.type === "checkbox" || f.type === "radio";
      if ((choice && !f.checked) || f.value === "") return;
      var set = f.closest("fieldset");
      var legend = set && set.querySelector("legend") ? set.querySelector("legend").textContent.trim() : "";
      var label = f.getAttribute("data-summary") || (f.labels && f.labels[0] ? f.labels[0].textContent.trim() : f.name);
      var group = f.closest("[role=group][aria-labelledby]");
      var named = group ? document.getElementById(group.getAttribute("aria-labelledby")) : null;
      if (choice) out.push([named ? named.textContent.trim() : legend || f.name, label]);
      else out.push([legend ? legend + " · " + label : label, f.value]);
    });
    return out.slice(0, 40);
  }

  function summaryList(e) {
    var ul = el("ul", { "class": "outbox-values" });
    e.summary.forEach(function (s) { ul.appendChild(el("li", {}, s[0] + ": " + s[1])); });
    return ul;
  }

  function clock(ms) {
    return new Date(ms).toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" });
  }

  function syncLater() {
    if (!navigator.serviceWorker) return;
    navigator.serviceWorker.ready.then(function (r) {
      if (r.sync) return r.sync.register("tablemate-outbox");
    }).catch(function () {});
  }

  // Sent offline: keep the entry and say so where the form was.
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (navigator.onLine || (form.method || "").toLowerCase() !== "post") return;
    var action = new URL(form.action, location.href).pathname;
    if (playPage.test(action)) {
      ev.preventDefault();
      showPlayOffline();
      return;
    }
    if (!queueable.test(action)) return;
    ev.preventDefault();
    var fields = [];
    new FormData(form).forEach(function (v, k) { if (typeof v === "string") fields.push([k, v]); });
    if (ev.submitter && ev.submitter.name) fields.push([ev.submitter.name, ev.submitter.value]);
    var get = function (k) { var f = fields.filter(function (x) { return x[0] === k; })[0]; return f ? f[1] : ""; };
    var table = O.tableOf(action);
    var h1 = document.querySelector("main h1");
    O.all().then(function (entries) {
      var token = get("_token"), seen = get("_seen"), after = false;
      entries.forEach(function (x) {
        if (x.token === token) token = "";
        if (x.table === table && x.state === "waiting") after = true;
      });
      // A page kept by the worker holds one token: a second entry made
      // from it gets a fresh one, or the server would take it for the first.
      if (!token) token = self.crypto && crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(16).slice(2);
      var e = { url: action, table: table, fields: fields, seen: seen, token: token, created: Date.now(), state: "waiting",
        heading: h1 ? h1.textContent.trim() : "", summary: summary(form), after: after };
      return O.put(e).then(function (id) { e.id = id; showQueued(e); syncLater(); });
    }).catch(function () {
      form.dataset.sending = "";
    });
  }, true);

  function showQueued(e) {
    var main = document.querySelector("main");
    main.textContent = "";
    if (e.heading) main.appendChild(el("h1", {}, e.heading));
    var card = el("div", { "class": "banner banner-warn", role: "status", "data-testid": "outbox-queued" });
    card.appendChild(el("strong", {}, msg("waiting")));
    card.appendChild(document.createTextNode(" " + msg("waiting-hint")));
    main.appendChild(card);
    main.appendChild(summaryList(e));
    var back = el("a", { "class": "btn btn-primary btn-block", href: e.table, "data-testid": "outbox-back" }, msg("back"));
    main.appendChild(back);
  }

  // The entries of this table waiting on this phone, on the table page.
  function render() {
    if (location.pathname.split("/").length !== 3 || location.pathname.indexOf("/tables/") !== 0) return Promise.resolve();
    return O.all().then(function (entries) {
      var mine = entries.filter(function (e) { return e.table === location.pathname; });
      var old = document.getElementById("outbox-list");
      if (old) old.remove();
      if (mine.length === 0) return;
      var sec = el("section", { id: "outbox-list", "class": "outbox", "aria-live": "polite", "data-testid": "outbox-list" });
      sec.appendChild(el("h2", {}, msg("title")));
      mine.forEach(function (e) { sec.appendChild(entryCard(e)); });
      var main = document.querySelector("main");
      var h1 = main.querySelector("h1");
      main.insertBefore(sec, h1 ? h1.nextSibling : main.firstChild);
    }).catch(function () {});
  }

  // conflictHint says how far the table moved on since the entry was
  // made, in entries (the versions are the table's entries).
  function conflictHint(e) {
    var n = e.head ? Number(e.head) - Number(e.seen) : 0;
    if (n === 1) return msg("conflict-hint-one");
    if (n > 1) return msg("conflict-hint-many").replace("%s", String(n));
    return msg("conflict-hint");
  }

  function entryCard(e) {
    var card = el("div", { "class": "card outbox-entry outbox-" + e.state, "data-testid": "outbox-" + e.state });
    var title = e.state === "conflict" ? msg("conflict") : e.state === "refused" ? msg("refused") : msg("waiting");
    card.appendChild(el("strong", {}, title));
    var made = msg("made").replace("%s", clock(e.created));
    if (e.heading) made = e.heading + " · " + made;
    card.appendChild(el("p", { "class": "muted small" }, made));
    if (e.state === "conflict") {
      card.appendChild(el("p", {}, conflictHint(e)));
    }
    if (e.state === "refused") card.appendChild(el("p", { "class": "field-error" }, e.reason || ""));
    card.appendChild(el("p", { "class": "small" }, msg("yours")));
    card.appendChild(summaryList(e));
    if (e.state === "conflict") {
      var send = el("button", { type: "button", "class": "btn btn-primary btn-block", "data-testid": "outbox-send-anyway" }, msg("send-anyway"));
      send.addEventListener("click", function () {
        e.seen = e.head;
        e.state = "mine";
        e.after = false;
        O.put(e).then(flushHere);
      });
      card.appendChild(send);
    }
    if (e.state !== "waiting" && e.state !== "mine") {
      var discard = el("button", { type: "button", "class": "btn btn-block btn-danger", "data-testid": "outbox-discard" }, msg("discard"));
      discard.addEventListener("click", function () { O.drop(e.id).then(render); });
      card.appendChild(discard);
    }
    return card;
  }

  // flushHere sends what waits; the table page reloads to show what was
  // recorded, with a word saying so.
  function flushHere() {
    if (!navigator.onLine) return render();
    var recorded = null;
    return O.flush(function (e, out) {
      if (e.table === location.pathname && (out === "recorded" || out === "already")) recorded = recorded === "recorded" ? recorded : out;
    }).then(function () {
      if (recorded) {
        note(recorded);
        location.reload();
        return;
      }
      return render();
    });
  }

  function note(what) {
    try { sessionStorage.setItem("tablemate-outbox-note", what); } catch (err) { /* private mode */ }
  }

  function showNote() {
    var note;
    try { note = sessionStorage.getItem("tablemate-outbox-note"); sessionStorage.removeItem("tablemate-outbox-note"); } catch (err) { return; }
    if (!note) return;
    var main = document.querySelector("main");
    var b = el("div", { "class": "banner banner-good", role: "status", "data-testid": "outbox-sent" }, msg(note === "already" ? "already" : "sent"));
    main.insertBefore(b, main.firstChild);
  }

  function showPlayOffline() {
    if (!playPage.test(location.pathname)) return;
    var b = document.getElementById("play-offline");
    if (navigator.onLine) {
      if (b) b.remove();
      return;
    }
    if (b) return;
    b = el("div", { id: "play-offline", "class": "banner banner-bad", role: "alert", "data-testid": "play-offline" }, msg("play-offline"));
    var main = document.querySelector("main");
    main.insertBefore(b, main.firstChild);
  }

  window.addEventListener("online", function () { showPlayOffline(); flushHere(); });
  window.addEventListener("offline", showPlayOffline);
  if (navigator.serviceWorker) {
    // The worker sent entries by Background Sync: show what became of them.
    navigator.serviceWorker.addEventListener("message", function (ev) {
      if (!ev.data || ev.data.type !== "tablemate-outbox") return;
      var here = ev.data.outcomes.filter(function (o) { return o.table === location.pathname; });
      var done = here.filter(function (o) { return o.out === "recorded" || o.out === "already"; });
      if (done.length > 0) {
        note(done.some(function (o) { return o.out === "recorded"; }) ? "recorded" : "already");
        location.reload();
      } else if (here.length > 0) {
        render();
      }
    });
  }
  document.addEventListener("tablemate:updated", render);

  function start() {
    showNote();
    showPlayOffline();
    flushHere();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
