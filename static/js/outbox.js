// Tablemate's outbox: no result or round is lost on the way to the
// server. An entry (a result or a round) is kept on the phone in
// IndexedDB ("tablemate-outbox") before it is sent, and it leaves the
// phone only when the server acknowledged it: the answer's
// Tablemate-Recorded header, which the server sets once the entry is in
// the table's log (web/server/ack.go) and which no cached page, proxy
// page, portal or 5xx carries. Anything else keeps it, shown as "waiting
// to be sent — not yet checked", and it is sent again with its one-time
// token and the move it was made at: on the online event, while it waits
// after a probe of /healthz (backing off from 1.5 s to a minute), on
// every page load, and by Background Sync in the service worker where
// there is one (it imports this file too). This page does it all by
// itself, so it works on a plain-HTTP address, where browsers give no
// service worker; there the page must stay open until the entry is sent.
// The one-time token makes a resend idempotent: an entry whose answer was
// lost is recorded once and the resend is told "already recorded". When
// the table moved on meanwhile, the table page shows the conflict and
// lets the person choose. Guided play checks every move on the server:
// offline it says so instead of taking moves. Every sentence comes from
// the page (#outbox's data-msg-*), in the reader's language. Pages load
// this file after they are shown (app.js): nothing here is needed to
// show a page, and until it is loaded a form is sent the browser's way.
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

  // linkOf is the table link of a form's action: /tables/{link}/….
  function linkOf(action) {
    return action.split("/")[2] || "";
  }

  // acknowledged reads the server's acknowledgement of an entry from an
  // answer: the header Tablemate-Recorded, "LINK SEQ" with " already"
  // when the entry had been recorded before (web/server/ack.go). The
  // server sets it only once the entry is in the table's log; a page a
  // service worker kept, a proxy's or a captive portal's page, a 5xx
  // never carry it. It gives null, or {seq, already, next} (next: the
  // page to go on to).
  function acknowledged(e, r) {
    var ack = (r.headers.get("Tablemate-Recorded") || "").split(" ");
    var seq = parseInt(ack[1], 10);
    if (ack[0] !== linkOf(e.url) || !(seq > 0)) return null;
    return { seq: seq, already: ack[2] === "already", next: r.headers.get("Location") || "" };
  }

  // ours tells Tablemate's own pages (every one has the outbox's element)
  // from a proxy's or a portal's.
  function ours(html) { return html.indexOf('id="outbox"') >= 0; }

  // freshToken is a new one-time token for an entry.
  function freshToken() {
    return self.crypto && crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(16).slice(2);
  }

  // post posts one entry as its form would have. It resolves with
  // "recorded" or "already" (the server acknowledged it: e.ack is the
  // acknowledgement), "conflict" (the table moved on since the entry was
  // made: the server's 409 named "conflict", with the form again), "used"
  // (its token was recorded for another entry: the 409 named "used"),
  // "refused" (the server's checks refused it: its 4xx page) or "later"
  // (anything else: no answer within 20 s, a 5xx, a page from a cache or
  // a proxy: kept for the next try).
  function post(e) {
    var body = new URLSearchParams();
    e.fields.forEach(function (f) {
      if (f[0] === "_seen") body.append("_seen", e.seen);
      else if (f[0] === "_token") body.append("_token", e.token);
      else body.append(f[0], f[1]);
    });
    var abort = self.AbortController ? new AbortController() : null;
    var timer = abort ? setTimeout(function () { abort.abort(); }, 20000) : 0;
    return fetch(e.url, { method: "POST", body: body, credentials: "same-origin", redirect: "follow", cache: "no-store",
      headers: { "X-Tablemate-Outbox": "1" }, signal: abort ? abort.signal : undefined })
      .then(function (r) {
        var ack = acknowledged(e, r);
        if (ack) {
          e.ack = ack;
          return ack.already ? "already" : "recorded";
        }
        if (r.status < 400 || r.status >= 500 || r.status === 408 || r.status === 429) return "later";
        return r.text().then(function (html) {
          if (!ours(html)) return "later";
          if (r.status === 409) {
            // The server says why (Tablemate-Refused): the token was
            // used for another entry, or the table moved on (the page
            // then carries the fresh form and its head).
            var named = r.headers.get("Tablemate-Refused");
            if (named === "used") return "used";
            var m = /name="_seen" value="(\d+)"/.exec(html);
            if (named === "conflict" && m) {
              e.head = m[1];
              // How many entries others made meanwhile (the clock's
              // taps not counted), when the server knows it.
              var moved = Number(r.headers.get("Tablemate-Moved-On"));
              e.moved = moved > 0 ? moved : 0;
              return "conflict";
            }
          }
          var why = /class="field-error"[^>]*>([^<]*)</.exec(html) || /class="banner banner-bad"[^>]*>([^<]*)</.exec(html);
          e.reason = why ? why[1] : String(r.status);
          return "refused";
        });
      })
      .catch(function () { return "later"; })
      .then(function (out) { clearTimeout(timer); return out; });
  }

  // send posts an entry and resolves with post's outcome. An entry whose
  // token the server recorded for another entry (a page kept by the
  // service worker holds one token for every entry made from it) was not
  // recorded: it gets a fresh token, kept before it is sent, so that a
  // lost answer cannot record it twice.
  function send(e) {
    return post(e).then(function (out) {
      if (out !== "used") return out;
      e.token = freshToken();
      return put(e).then(function () { return post(e); }).then(function (again) { return again === "used" ? "later" : again; });
    });
  }

  // flush sends every waiting entry in the order it was made. An entry
  // made after another of the same table from the same move follows it:
  // once the first is recorded it is sent against the move that one made
  // (the table moved on by this phone's own entry, as the acknowledgement
  // says); had anyone else entered something meanwhile, the server still
  // answers 409. An entry leaves the outbox only on the server's
  // acknowledgement (or when the person discards it). onDone is told
  // each entry's outcome; the promise gives them all.
  var flushing = null;
  function flush(onDone) {
    if (flushing) return flushing;
    var outcomes = [];
    var tell = function (e, out) { outcomes.push({ table: e.table, out: out }); if (onDone) onDone(e, out); };
    flushing = all().then(function (entries) {
      entries.sort(function (a, b) { return a.id - b.id; });
      var chain = Promise.resolve(), moved = {}, held = {};
      entries.forEach(function (e) {
        if (e.state !== "waiting" && e.state !== "mine") return;
        chain = chain.then(function () {
          // Entries of a table go in the order they were made: one not
          // recorded holds back the ones after it.
          if (held[e.table]) return;
          if (moved[e.table] && e.after) e.seen = String(moved[e.table]);
          return claim(e).then(function (mine) { return mine ? send(e) : "claimed"; }).then(function (out) {
            if (out === "claimed") return;
            if (out === "recorded" || out === "already") {
              moved[e.table] = e.ack.seq;
              return drop(e.id).then(function () { tell(e, out); });
            }
            e.sending = 0;
            held[e.table] = true;
            if (out === "later") return put(e).then(function () { tell(e, out); });
            e.state = out;
            return put(e).then(function () { tell(e, out); });
          });
        });
      });
      return chain;
    }).catch(function () {}).then(function () { flushing = null; return outcomes; });
    return flushing;
  }

  root.TablemateOutbox = { all: all, put: put, drop: drop, flush: flush, send: send, tableOf: tableOf, freshToken: freshToken };
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

  // entryOf is the outbox entry of a form being sent: its fields (the
  // button tapped included), the move it was made at and its one-time
  // token; entries already kept decide whether it follows one of them.
  function entryOf(form, submitter, action, entries) {
    var fields = [];
    new FormData(form).forEach(function (v, k) { if (typeof v === "string") fields.push([k, v]); });
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    var get = function (k) { var f = fields.filter(function (x) { return x[0] === k; })[0]; return f ? f[1] : ""; };
    var table = O.tableOf(action);
    var h1 = document.querySelector("main h1");
    var token = get("_token"), after = false;
    entries.forEach(function (x) {
      if (x.token === token) token = "";
      if (x.table === table && (x.state === "waiting" || x.state === "mine")) after = true;
    });
    // A page kept by the worker holds one token: a second entry made
    // from it gets a fresh one, or the server would take it for the first.
    if (!token) token = O.freshToken();
    return { url: action, table: table, fields: fields, seen: get("_seen"), token: token, created: Date.now(), state: "waiting",
      heading: h1 ? h1.textContent.trim() : "", summary: summary(form), after: after };
  }

  // native sends the form the browser's own way, as if this script were
  // not there: for an answer only the server's page can give (the form
  // again with what to fix, a stale form), and when the phone cannot keep
  // the entry.
  function native(form, submitter) {
    form.dataset.native = "1";
    form.dataset.sending = ""; // app.js's double-tap guard let this one through
    if (form.requestSubmit) form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
    else form.submit();
  }

  // A result or a round is kept on the phone before it is sent, and sent
  // by this script: it leaves the phone only when the server acknowledged
  // it. Recorded, the page goes on as the server says; refused (the rules,
  // a stale form), the form is sent the browser's way to show the server's
  // page; without an answer (offline, the server down, a page from a
  // cache or a proxy) it waits here and is sent again.
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if ((form.method || "").toLowerCase() !== "post") return;
    if (form.dataset.native === "1") {
      delete form.dataset.native;
      return;
    }
    var action = new URL(form.action, location.href).pathname;
    if (playPage.test(action)) {
      if (navigator.onLine) return;
      ev.preventDefault();
      showPlayOffline();
      return;
    }
    if (!queueable.test(action) || (ev.submitter && ev.submitter.name === "_fix")) return; // "Fix it" writes nothing
    ev.preventDefault();
    if (form.dataset.outbox === "1") return; // a second tap
    form.dataset.outbox = "1";
    var submitter = ev.submitter, e;
    O.all().then(function (entries) {
      e = entryOf(form, submitter, action, entries);
      e.sending = navigator.onLine && !e.after ? Date.now() : 0; // sent right away, by this page
      return O.put(e);
    }).then(function (id) {
      e.id = id;
      if (!e.sending) {
        // Offline, or after an entry still waiting: in order, later.
        showQueued(e);
        syncLater();
        flushHere();
        return;
      }
      return O.send(e).then(function (out) {
        if (out === "recorded" || out === "already") {
          return O.drop(e.id).then(function () { location.assign(e.ack.next || e.table); });
        }
        if (out === "later") {
          e.sending = 0;
          return O.put(e).then(function () { showQueued(e); syncLater(); retryLater(); });
        }
        // The server refused it and recorded nothing: its page says why.
        return O.drop(e.id).then(function () { native(form, submitter); });
      });
    }).catch(function () {
      // The phone cannot keep it (no storage): the browser's way.
      delete form.dataset.outbox;
      native(form, submitter);
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
    // Without a service worker (plain HTTP) no page opens offline: this
    // one must stay open for the entry to be sent.
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) {
      main.appendChild(el("p", { "class": "banner banner-warn", "data-testid": "outbox-keep-open" }, msg("keep-open")));
    }
    main.appendChild(summaryList(e));
    var back = el("a", { "class": "btn btn-primary btn-block", href: e.table, "data-testid": "outbox-back" }, msg("back"));
    main.appendChild(back);
    queued = e.table;
  }
  var queued = ""; // the table whose entry this page shows as kept

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
  // made, in entries as the server counted them (Tablemate-Moved-On: the
  // versions count the clock's taps too, so their difference would not
  // be true).
  function conflictHint(e) {
    var n = e.moved || 0;
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

  // flushHere sends what waits, then shows what became of it (landed);
  // what still waits is tried again later.
  function flushHere() {
    var outcomes = [];
    var sent = navigator.onLine ? O.flush(function (e, out) { outcomes.push({ table: e.table, out: out }); }) : Promise.resolve();
    return sent.then(function () {
      if (!landed(outcomes)) return render().then(retryLater);
    });
  }

  // landed shows what became of entries sent (by this page or by the
  // worker's Background Sync): when one of this page's table was recorded,
  // the table page reloads to show it, and the page showing an entry as
  // kept goes to its table, with a word saying so; there too when the
  // server answered with a conflict or a refusal, which the table page
  // shows with the entry. It tells whether the page moves.
  function landed(outcomes) {
    var here = O.tableOf(location.pathname), recorded = null, answered = false;
    outcomes.forEach(function (o) {
      if (o.table !== here) return;
      if (o.out === "recorded" || o.out === "already") recorded = recorded === "recorded" ? recorded : o.out;
      if (o.out === "conflict" || o.out === "refused") answered = true;
    });
    if (queued === here && !recorded && answered) {
      location.assign(here);
      return true;
    }
    if (!recorded || (location.pathname !== here && queued !== here)) return false;
    note(recorded);
    if (location.pathname === here) location.reload();
    else location.assign(here);
    return true;
  }

  // retryLater tries again while entries wait: it asks the server's
  // /healthz whether it answers, after 1.5 s, then twice as long each time
  // up to a minute (at random within ±25 %, so phones do not all return at
  // once); the online event and every page load try at once.
  var retry = null, wait = 1500;
  function retryLater() {
    if (retry) return Promise.resolve();
    return O.all().then(function (entries) {
      if (retry) return;
      if (!entries.some(function (e) { return e.state === "waiting" || e.state === "mine"; })) {
        wait = 1500;
        return;
      }
      retry = setTimeout(function () {
        retry = null;
        fetch("/healthz", { cache: "no-store", credentials: "omit" }).then(function (r) {
          if (!r.ok) throw new Error(String(r.status));
          return flushHere();
        }).catch(retryLater);
      }, wait * (0.75 + Math.random() / 2));
      wait = Math.min(wait * 2, 60000);
    }).catch(function () {});
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

  window.addEventListener("online", function () {
    showPlayOffline();
    clearTimeout(retry);
    retry = null;
    wait = 1500;
    flushHere();
  });
  window.addEventListener("offline", showPlayOffline);
  if (navigator.serviceWorker) {
    // The worker sent entries by Background Sync: show what became of them.
    navigator.serviceWorker.addEventListener("message", function (ev) {
      if (!ev.data || ev.data.type !== "tablemate-outbox") return;
      if (!landed(ev.data.outcomes)) render();
    });
  }
  // A page restored from the browser's cache may be one this script sent
  // a form from: it can be sent again.
  window.addEventListener("pageshow", function (ev) {
    if (!ev.persisted) return;
    document.querySelectorAll("form[data-outbox]").forEach(function (f) { delete f.dataset.outbox; });
    flushHere();
  });
  document.addEventListener("tablemate:updated", render);

  function start() {
    showNote();
    showPlayOffline();
    flushHere();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
