package server

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tablemate/sessions"
)

// The acknowledgement of a recorded entry. A phone's outbox
// (static/js/outbox.js) forgets an entry it kept only when the answer
// carries it: a service worker's cached page, a proxy's error page, a
// captive portal or a 5xx never do, since the header is set on the answer
// to a write only once the store has committed (or found) the entry.
const (
	// HeaderRecorded is "LINK SEQ" (the table's edit link the entry was
	// sent to, and the sequence number of the entry in the table's log:
	// the head it made), with " already" appended when the entry's
	// one-time token had been recorded before and nothing was added.
	HeaderRecorded = "Tablemate-Recorded"
	// headerOutbox marks a write sent by the outbox script rather than by
	// the browser's own form submission: its answer is not a redirect,
	// which a script cannot read the headers of, but 204 with the page to
	// go on to in Location.
	headerOutbox = "X-Tablemate-Outbox"
	// HeaderRefused says why a write was answered 409 and nothing was
	// recorded: "used" when its one-time token was recorded for another
	// entry (the outbox sends it again with a fresh token), "conflict"
	// when the table moved on since the form was drawn (the page shows the
	// fresh state). The outbox reads this, not the page's markup.
	HeaderRefused   = "Tablemate-Refused"
	refusedUsed     = "used"
	refusedConflict = "conflict"
)

// nameRefusals marks every 409 answer to a write with HeaderRefused:
// "conflict" unless the answer named itself "used" already (answerTruly).
// It is a hook on the answer, so no handler that answers 409 can forget
// it.
func nameRefusals(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if isWrite(c) {
			res := c.Response()
			res.Before(func() {
				if res.Status == http.StatusConflict && res.Header().Get(HeaderRefused) == "" {
					res.Header().Set(HeaderRefused, refusedConflict)
				}
			})
		}
		return next(c)
	}
}

// acknowledge marks the answer to a write the store recorded (or had
// recorded: a repeated token) with the acknowledgement; App.recorded then
// answers it (goOn).
func acknowledge(c echo.Context, app sessions.Appended) {
	ack := c.Param("id") + " " + strconv.Itoa(app.Event.Seq)
	if app.Repeat {
		ack += " already"
	}
	c.Response().Header().Set(HeaderRecorded, ack)
}

// goOn answers a recorded write with the page to go on to: a redirect for
// the browser's own form, 204 with Location for an acknowledged entry the
// outbox sent.
func goOn(c echo.Context, to string) error {
	h := c.Response().Header()
	if h.Get(HeaderRecorded) != "" && c.Request().Header.Get(headerOutbox) != "" {
		h.Set(echo.HeaderLocation, to)
		return c.NoContent(http.StatusNoContent)
	}
	return redirect(c, to)
}
