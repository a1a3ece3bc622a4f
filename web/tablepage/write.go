package tablepage

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/web/kit"
	"tablemate/web/serve"
)

// The true answer of a write to a table (issue #31), which every area
// that writes to a table answers with: the table's page (web/table), a
// game's entry and correction, play along. web/server's truth.go
// answers the errors no handler caught; what a handler answers itself
// is here.

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
	// HeaderOutbox marks a write sent by the outbox script rather than by
	// the browser's own form submission: its answer is not a redirect,
	// which a script cannot read the headers of, but 204 with the page to
	// go on to in Location.
	HeaderOutbox = "X-Tablemate-Outbox"
	// HeaderRefused says why a write was answered 409 and nothing was
	// recorded: "used" when its one-time token was recorded for another
	// entry (the outbox sends it again with a fresh token), "conflict"
	// when the table moved on since the form was drawn (the page shows the
	// fresh state). The outbox reads this, not the page's markup.
	HeaderRefused   = "Tablemate-Refused"
	RefusedUsed     = "used"
	RefusedConflict = "conflict"
)

// Acknowledge marks the answer to a write the store recorded (or had
// recorded: a repeated token) with the acknowledgement; Writes.Recorded
// then answers it (GoOn).
func Acknowledge(c echo.Context, app sessions.Appended) {
	ack := c.Param("id") + " " + strconv.Itoa(app.Event.Seq)
	if app.Repeat {
		ack += " already"
	}
	c.Response().Header().Set(HeaderRecorded, ack)
}

// GoOn answers a recorded write with the page to go on to: a redirect for
// the browser's own form, 204 with Location for an acknowledged entry the
// outbox sent.
func GoOn(c echo.Context, to string) error {
	h := c.Response().Header()
	if h.Get(HeaderRecorded) != "" && c.Request().Header.Get(HeaderOutbox) != "" {
		h.Set(echo.HeaderLocation, to)
		return c.NoContent(http.StatusNoContent)
	}
	return serve.Redirect(c, to)
}

// Writes answers the writes to a table. The table's area (web/table)
// builds it, and web/server hands it to the other areas that write: the
// server's log, and the table page drawn afresh with a refusal's reason
// (Rerender: web/table's).
type Writes struct {
	Log      *slog.Logger
	Rerender func(c echo.Context, status int, msg scoring.Phrase) error
}

// Recorded answers a write that is committed: a redirect to the page
// where says, or to fallback when working that out fails (the table
// cannot be read again just now). Nothing after the commit turns the
// answer into an error: the entry is stored, and "try again" would
// record it twice. It is the one place a recorded form is answered from
// where the answer needs more than the write's own result.
func (w Writes) Recorded(c echo.Context, fallback string, where func() (string, error)) error {
	url, err := where()
	if err != nil {
		w.Log.Warn("recorded, but the page after it could not be worked out", "request_id", c.Response().Header().Get(echo.HeaderXRequestID),
			"err", serve.RedactLinks(err.Error()))
		url = fallback
	}
	return GoOn(c, url)
}

// After answers a small table form: back to the table on success; the
// fresh table with the reason when the write was refused.
func (w Writes) After(c echo.Context, app sessions.Appended, err error, done string) error {
	var in *scoring.InputError
	switch {
	case err == nil:
		return serve.Redirect(c, kit.EditBase(c)+Done(done, app))
	case errors.Is(err, sessions.ErrNotFound), errors.Is(err, sessions.ErrReplaced):
		return serve.LinkError(c, err)
	case serve.Stale(c, err):
		return w.Rerender(c, http.StatusConflict, scoring.Phrasef("Someone else just changed this table, so nothing was done. Here is the fresh state; try again if it is still needed."))
	case errors.Is(err, sessions.ErrNothingToUndo):
		return w.Rerender(c, http.StatusConflict, scoring.Phrasef("Nothing to undo: only the table's start is left."))
	case errors.As(err, &in):
		return w.Rerender(c, http.StatusUnprocessableEntity, in.Phrase)
	}
	return err
}
