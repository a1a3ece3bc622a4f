package server

import (
	"errors"
	"net/http"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/kit"
	"tablemate/web/serve"
)

// Every answer is true (issue #31). A write answers in one of three ways:
//
//   - recorded: once its commit returned, the success redirect (or the
//     "already recorded" one), whatever fails after it (recorded);
//   - not recorded: any failure before the commit; a failure of the
//     storage (PostgreSQL out of reach, SQLite busy past its timeout, a
//     full disk, an I/O error, the database file gone) is 503 "nothing was
//     recorded — try again", never 500 and never "your entries are safe";
//   - not known: the connection to PostgreSQL broke while the commit was
//     under way: 503 saying so. Sending the same form again (its one-time
//     token) is safe either way, so the page offers to.
//
// A page that cannot read its storage is 503 too, and the health check
// hears of it (sessions.Store.Noticed). What a handler answers itself
// (recorded, refused) is web/tablepage's (Writes, Acknowledge): the
// areas that write to a table answer with it too.

// isWrite reports whether the request asks to change something.
func isWrite(c echo.Context) bool {
	switch c.Request().Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// isCSRFError reports echo's answer to a form without its security token
// ("missing csrf token in …", 400): it gets the "form expired" page.
func isCSRFError(he *echo.HTTPError) bool {
	m, _ := he.Message.(string)
	return he.Code == http.StatusBadRequest && strings.HasPrefix(m, "missing csrf token")
}

// answerTruly answers the errors whose answer issue #31 fixes: a store
// that failed (503, said as "nothing was recorded" for a write), a commit
// of unknown outcome (503, saying so), a one-time token used for another
// write (409), and bad input no handler caught (422, never 500). It
// reports whether it answered.
func (a *App) answerTruly(c echo.Context, err error) bool {
	var in *scoring.InputError
	var status int
	var heading, msg scoring.Phrase
	var api string
	switch {
	case errors.Is(err, sessions.ErrUnknownOutcome):
		a.log.Error("commit of unknown outcome", "request_id", c.Response().Header().Get(echo.HeaderXRequestID), "err", serve.RedactLinks(err.Error()))
		status, heading = http.StatusServiceUnavailable, scoring.Phrasef("Not sure it was saved")
		msg = scoring.Phrasef("The connection to the database broke while this was being saved, so the server cannot tell whether it was recorded. Send the same form again: if it was recorded, it is not recorded twice.")
		api = "the connection to the database broke during the commit: it may or may not be recorded; send the same request again"
	case a.store.Unavailable(err):
		a.store.Noticed(err)
		a.log.Error("storage failed", "request_id", c.Response().Header().Get(echo.HeaderXRequestID), "write", isWrite(c), "err", serve.RedactLinks(err.Error()))
		status, heading = http.StatusServiceUnavailable, scoring.Phrasef("Not available")
		msg = scoring.Phrasef("The server cannot read its database just now, so this page cannot be shown. Nothing was changed. Try again in a moment.")
		api = "the server cannot reach its database just now; try again in a moment"
		if isWrite(c) {
			heading = scoring.Phrasef("Not saved")
			msg = scoring.Phrasef("Nothing was recorded: the server could not save it (its storage failed). Try again in a moment.")
			api = "nothing was recorded: the server could not save it (its storage failed); try again in a moment"
		}
	case errors.Is(err, sessions.ErrTokenUsed):
		status, heading = http.StatusConflict, scoring.Phrasef("Form used already")
		msg = scoring.Phrasef("This form was sent before for another entry, so nothing was done. Open the page again and use a fresh form.")
		api = "this form's one-time token was used for another entry; nothing was done"
		c.Response().Header().Set(HeaderRefused, refusedUsed)
	case errors.As(err, &in):
		status, heading = http.StatusUnprocessableEntity, textOf(http.StatusText(http.StatusUnprocessableEntity))
		msg, api = in.Phrase, in.Error()
	default:
		return false
	}
	if status == http.StatusServiceUnavailable {
		c.Response().Header().Set("Retry-After", "30")
	}
	if strings.HasPrefix(c.Request().URL.Path, "/api/") {
		c.JSON(status, map[string]any{"error": map[string]string{"message": api}})
		return true
	}
	c.SetRequest(c.Request().WithContext(views.WithoutClock(c.Request().Context())))
	p := kit.Page(c, heading)
	var comp = views.ErrorPage(p, heading, msg)
	if resend := resendable(c); status == http.StatusServiceUnavailable && resend != nil {
		comp = views.ResendPage(p, heading, msg, c.Request().URL.Path, resend)
	}
	if err := render(c, status, comp); err != nil {
		a.log.Error("error page failed", "err", serve.RedactLinks(err.Error()))
	}
	return true
}

// maxResend bounds the form a 503 page offers to send again.
const maxResend = 64 << 10

// resendable is the posted form as fields to send again, nil when the
// request was no small form: the 503 page of a write offers "Send it
// again", which posts exactly what was posted (its one-time token
// included), so a retry can never record it twice.
func resendable(c echo.Context) []views.Field {
	r := c.Request()
	if !isWrite(c) || r.PostForm == nil || r.MultipartForm != nil || serve.MediaType(r.Header.Get(echo.HeaderContentType)) != echo.MIMEApplicationForm {
		return nil
	}
	names := make([]string, 0, len(r.PostForm))
	size := 0
	for k, vs := range r.PostForm {
		names = append(names, k)
		for _, v := range vs {
			size += len(k) + len(v)
		}
	}
	if size > maxResend || len(names) == 0 {
		return nil
	}
	sort.Strings(names)
	var out []views.Field
	for _, k := range names {
		for _, v := range r.PostForm[k] {
			out = append(out, views.Field{Name: k, Value: v})
		}
	}
	return out
}
