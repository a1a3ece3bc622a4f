// The screen stays awake while a game is played along or its rounds are
// entered: the pages that ask for it (views.KeepAwake) load this script.
// It uses the Screen Wake Lock API, which browsers give only to a secure
// context (HTTPS): where it is missing (a plain-HTTP address on the
// Wi-Fi: the server renders the note with the page, views.NoWakeLock), or
// the phone refuses the lock (a battery saver), the page says the screen
// may sleep, never silently nothing. The lock is let go when the page is
// hidden, so it is asked for again when the page is shown. The sentences
// come from the script's element (data-msg-*), in the reader's language.
(function () {
  "use strict";
  var me = document.currentScript, said = "";

  // A live update replaces the page's content (with the server's note,
  // if any): say it again.
  document.addEventListener("tablemate:updated", function () { if (said && !document.getElementById("awake-note")) tell(said); });

  function tell(name) {
    said = name;
    var text = me && me.getAttribute("data-msg-" + name);
    var main = document.querySelector("main");
    if (!text || !main) return;
    var p = document.getElementById("awake-note");
    if (!p) {
      p = document.createElement("p");
      p.id = "awake-note";
      p.className = "hint hint-warn";
      p.setAttribute("role", "status");
      p.setAttribute("data-testid", "awake-note");
      var h1 = main.querySelector("h1");
      main.insertBefore(p, h1 ? h1.nextSibling : main.firstChild);
    }
    p.textContent = text;
  }

  if (!("wakeLock" in navigator)) {
    // On a plain-HTTP address the page came with the note (no shift under
    // a thumb); a browser without the API elsewhere gets it here.
    if (!document.getElementById("awake-note")) tell("missing");
    return;
  }
  var lock = null;
  function ask() {
    if (lock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      var note = document.getElementById("awake-note");
      if (note) note.remove();
      said = "";
      l.addEventListener("release", function () { lock = null; });
    }, function () { tell("refused"); });
  }
  document.addEventListener("visibilitychange", ask);
  ask();
})();
