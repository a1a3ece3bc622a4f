package tablepage

import (
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/kit"
)

// ShowClock puts the clock of t's game at hand (sessions/clock.go) on
// the page about to be rendered: the table's, a round game's entry,
// guided play. The server says its running time from the log's times
// when it draws the page (views.Clock); js/clock.js counts on from there
// while it runs. back names that page ("play", "round", "table"); on the
// table's own page it shows only once started. A view-only page passes
// edit false: the clock, no form.
func ShowClock(c echo.Context, t sessions.Table, back string, edit bool) {
	clock := t.Clock()
	if clock.Game == 0 || back == "table" && !clock.Used {
		return
	}
	vm := views.ClockVM{Game: clock.Game, Used: clock.Used, Running: clock.Running, Head: t.Head,
		Millis: clock.Elapsed(time.Now()).Milliseconds()}
	if clock.Running { // its time differs at every view: spliced into the kept compressed page
		vm.PerView = func(part string) { kit.NoteOwn(c, part) }
	}
	if edit {
		vm.Action, vm.Back, vm.Form = kit.EditBase(c), back, kit.Form(c, t.Head)
		if back == "round" { // no live refresh there: the clock follows the table itself
			vm.Live = kit.EditBase(c) + "/live"
		}
	}
	c.SetRequest(c.Request().WithContext(views.WithClock(c.Request().Context(), vm)))
}

// KeepAwake asks the page about to be rendered to keep the phone's
// screen on (guided play, round entry: views.KeepAwake); where the
// browser gives no wake lock (not a secure context: Features), the page
// says the screen may sleep.
func KeepAwake(c echo.Context) {
	ctx := views.KeepAwake(c.Request().Context())
	if !FeaturesAt(c.Scheme()+"://"+c.Request().Host, false).Secure {
		ctx = views.NoWakeLock(ctx) // the page says the screen may sleep
	}
	c.SetRequest(c.Request().WithContext(ctx))
}
