// The screen stays awake while a game is played along or its rounds are
// entered: the pages that ask for it (views.KeepAwake) load this script.
// The Screen Wake Lock API, where the browser has it; nothing changes
// where it does not. The lock is let go when the page is hidden,
// so it is asked for again when the page is shown.
(function () {
  "use strict";
  if (!("wakeLock" in navigator)) return;
  var lock = null;
  function ask() {
    if (lock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      l.addEventListener("release", function () { lock = null; });
    }, function () { /* refused (battery saver): the screen sleeps as usual */ });
  }
  document.addEventListener("visibilitychange", ask);
  ask();
})();
