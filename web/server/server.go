package server

import (
	"crypto/rand"
	"encoding/base32"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/views/i18n"
	"tablemate/web/kit"
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// contentSecurityPolicy allows nothing from elsewhere and no inline
// scripts or styles: every script and stylesheet is a file we embed.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// newServer builds the echo instance: middleware, error handling, routes.
func newServer(a *App) *echo.Echo {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = a.handleError
	// Forwarding headers count only from a trusted proxy (-trusted-proxy):
	// the write limiter keys on RealIP, share links on Scheme.
	e.IPExtractor = a.site.ipExtractor()
	e.SchemeExtractor = a.site.scheme
	pre := []echo.MiddlewareFunc{a.site.linkHeaders, middleware.RemoveTrailingSlashWithConfig(middleware.TrailingSlashConfig{RedirectCode: http.StatusMovedPermanently})}
	use := []echo.MiddlewareFunc{
		requestID,
		a.recoverer(),
		a.requestLogger(),
		securityHeaders, // with the Permissions-Policy
		nameRefusals,    // a 409 to a write says why (Tablemate-Refused)
		language,        // the page language: the lang cookie, else Accept-Language
		// Every body is bounded by its route's limit (bodyLimitOf): 413
		// over it, 408 when too slow, forms read whole. The API answers
		// bodies over 1 MiB itself with API.md's 400; an import may be as
		// large as the export of the longest table (it is read as a
		// stream and its events counted).
		a.guardBodies(),
		compressPages(),
		canonicalPages, // a page drawn after a POST names its GET page
		middleware.CSRFWithConfig(middleware.CSRFConfig{
			// An import checks its token itself, before its file is read
			// (uploads.go): echo's form lookup would read the whole body.
			Skipper:        func(c echo.Context) bool { return strings.HasPrefix(c.Path(), "/api/") || isImport(c) && isWrite(c) },
			TokenLookup:    "form:_csrf,header:X-CSRF-Token",
			CookieName:     serve.CSRFCookie,
			CookiePath:     "/",
			CookieHTTPOnly: true,
			CookieSameSite: http.SameSiteLaxMode,
			CookieMaxAge:   7 * 24 * 3600,
		}),
	}
	if a.writeRate > 0 {
		use = append(use, a.writeLimiter())
	}
	e.Pre(chained(e, pre, use))
	a.routes(e)
	return e
}

// chained is the whole middleware chain as one pre-middleware, composed
// once: pre, then routing, then use, then the route's handler. Echo
// composes the chains of Pre and Use anew for every request (a closure
// per middleware); this one is composed when the server is built, and
// the route's handler is taken from the context the router filled in.
func chained(e *echo.Echo, pre, use []echo.MiddlewareFunc) echo.MiddlewareFunc {
	h := func(c echo.Context) error { return c.Handler()(c) }
	for i := len(use) - 1; i >= 0; i-- {
		h = use[i](h)
	}
	inner := h
	h = func(c echo.Context) error {
		r := c.Request()
		e.Router().Find(r.Method, echo.GetPath(r), c)
		return inner(c)
	}
	for i := len(pre) - 1; i >= 0; i-- {
		h = pre[i](h)
	}
	return func(echo.HandlerFunc) echo.HandlerFunc { return h }
}

// securityHeaders sets the headers every answer carries. Their values
// are made once and shared by every answer (a header value is never
// changed in place; Add copies a value of full capacity), so setting them
// allocates nothing.
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		for _, kv := range fixedHeaders {
			h[kv.key] = kv.value
		}
		return next(c)
	}
}

type fixedHeader struct {
	key   string
	value []string
}

// fixedHeaders are what echo's Secure middleware set (X-XSS-Protection
// off, as browsers' own filter is gone and could be abused), and the
// Permissions-Policy.
var fixedHeaders = func() []fixedHeader {
	var out []fixedHeader
	for _, kv := range [][2]string{
		{"X-XSS-Protection", "0"},
		{"X-Content-Type-Options", "nosniff"},
		{"X-Frame-Options", "DENY"},
		{"Content-Security-Policy", contentSecurityPolicy},
		{"Referrer-Policy", "same-origin"},
		{"Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"},
	} {
		out = append(out, fixedHeader{http.CanonicalHeaderKey(kv[0]), []string{kv[1]}[:1:1]})
	}
	return out
}()

// requestID names each request in the log and in the X-Request-Id
// header: the one a proxy in front gave it, else this process's prefix
// and a count (unique within the process, and cheaper than random
// characters).
func requestID(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id := c.Request().Header.Get(echo.HeaderXRequestID)
		if id == "" {
			id = nextRequestID()
		}
		c.Response().Header()[echo.HeaderXRequestID] = []string{id}
		return next(c)
	}
}

var requestIDs struct {
	prefix string
	n      atomic.Uint64
}

func init() {
	b := make([]byte, 5)
	rand.Read(b)
	requestIDs.prefix = strings.ToLower(base32.StdEncoding.EncodeToString(b)) + "-"
}

// nextRequestID is the prefix and the next count, in base 36.
func nextRequestID() string {
	var b [32]byte
	out := append(b[:0], requestIDs.prefix...)
	return string(strconv.AppendUint(out, requestIDs.n.Add(1), 36))
}

// writeLimiter refuses a client's writes beyond writeRate per second (a
// stuck button or a script), with a page saying what happened.
func (a *App) writeLimiter() echo.MiddlewareFunc {
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Skipper: func(c echo.Context) bool {
			// Only writes to tables are limited; the JSON API is stateless.
			m := c.Request().Method
			return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions || strings.HasPrefix(c.Path(), "/api/")
		},
		Store: middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
			Rate: rate.Limit(a.writeRate), Burst: a.writeBurst, ExpiresIn: 3 * time.Minute,
		}),
		DenyHandler: func(c echo.Context, _ string, _ error) error {
			return echo.NewHTTPError(http.StatusTooManyRequests, "Too many entries from this phone in a short time. Wait a few seconds and send again; nothing was lost.")
		},
	})
}

// recoverer turns a panic into a logged 500 page instead of a dropped
// connection; the stack goes to the log, never to the phone.
func (a *App) recoverer() echo.MiddlewareFunc {
	return middleware.RecoverWithConfig(middleware.RecoverConfig{
		LogErrorFunc: func(c echo.Context, err error, stack []byte) error {
			if errors.Is(err, sessions.ErrColdRead) {
				// A table's older part that its database did not give
				// (sessions/snaprest.go): answered as the storage failure
				// it is, not as a bug.
				return err
			}
			a.log.Error("panic", "request_id", c.Response().Header().Get(echo.HeaderXRequestID), "err", serve.RedactLinks(err.Error()), "stack", serve.RedactLinks(string(stack)))
			return err
		},
	})
}

// requestLogger logs each request by its route pattern ("/tables/:id"),
// never its URI: URIs hold links, and whoever reads a log must not be
// able to open a table with it. A request no route matched logs "-".
// An error is answered (the error handler) before the line is written,
// so the line has the status the client got, and is passed on as echo's
// RequestLogger with HandleError passes it. Written by hand rather than
// with echo's RequestLogger, whose values escape to the heap at every
// request (BenchmarkAccessLog: no allocation).
func (a *App) requestLogger() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			latency := time.Since(start)
			req, res := c.Request(), c.Response()
			id := req.Header.Get(echo.HeaderXRequestID)
			if id == "" {
				id = res.Header().Get(echo.HeaderXRequestID)
			}
			level := slog.LevelInfo
			if res.Status >= 500 {
				level = slog.LevelError
			}
			route := c.Path()
			if route == "" {
				route = "-"
			}
			a.log.LogAttrs(req.Context(), level, "request",
				slog.String("method", req.Method), slog.String("route", route), slog.Int("status", res.Status),
				slog.Duration("latency", latency.Round(time.Microsecond)), slog.String("request_id", id))
			return err
		}
	}
}

// handleError answers every error: JSON for the API, a friendly page for
// people. Unexpected errors are logged with the request id.
func (a *App) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	detached(c) // a body that timed out cancelled the request; its page is still due
	if c.Response().Header().Get(HeaderRecorded) != "" {
		// The write was committed (tablepage.Acknowledge) before what
		// failed: it is answered as recorded, never "try again", which
		// would record it twice (a panic too: the table's older part
		// that did not read while the page after it was worked out).
		a.log.Warn("recorded, but the page after it could not be worked out", "request_id", c.Response().Header().Get(echo.HeaderXRequestID),
			"err", serve.RedactLinks(err.Error()))
		if err := tablepage.GoOn(c, kit.EditBase(c)); err != nil {
			a.log.Error("answer failed", "err", serve.RedactLinks(err.Error()))
		}
		return
	}
	var pe *plainError
	if errors.As(err, &pe) {
		if strings.HasPrefix(c.Request().URL.Path, "/api/") {
			msg := pe.API
			if msg == "" {
				msg = pe.Error()
			}
			c.JSON(pe.Status, map[string]any{"error": map[string]string{"message": msg}})
			return
		}
		heading := textOf(http.StatusText(pe.Status))
		msg := scoring.Phrasef(pe.Format, pe.Args...)
		if err := render(c, pe.Status, views.ErrorPage(kit.Page(c, heading), heading, msg)); err != nil {
			a.log.Error("error page failed", "err", serve.RedactLinks(err.Error()))
		}
		return
	}
	if errors.Is(err, sessions.ErrNotFound) || errors.Is(err, sessions.ErrReplaced) {
		err = serve.LinkError(c, err) // a link that stopped working while answering
	}
	if a.answerTruly(c, err) {
		return
	}
	status, msg := http.StatusInternalServerError, scoring.Phrasef("Something went wrong on our side. Your entries are safe; try again.")
	var he *echo.HTTPError
	if errors.As(err, &he) {
		status = he.Code
		switch m := he.Message.(type) {
		case scoring.Phrase: // a handler's, made where it knew why
			msg = m
		case string: // echo's own, or a middleware's
			msg = textOf(m)
		}
	}
	switch {
	case status >= 500:
		a.log.Error("request failed", "request_id", c.Response().Header().Get(echo.HeaderXRequestID), "err", serve.RedactLinks(err.Error()))
		msg = scoring.Phrasef("Something went wrong on our side. Your entries are safe; try again.")
		if isWrite(c) {
			// A write answers as recorded once it is committed
			// (recorded): an error here came before anything was stored.
			msg = scoring.Phrasef("Something went wrong on our side, so nothing was recorded. Try again.")
		}
	case status == http.StatusBadRequest && isCSRFError(he):
		status = http.StatusForbidden // a form without its security token: the "form expired" page
	}
	if strings.HasPrefix(c.Request().URL.Path, "/api/") {
		c.JSON(status, map[string]any{"error": map[string]string{"message": msg.String()}})
		return
	}
	heading := textOf(http.StatusText(status))
	switch status {
	case http.StatusNotFound:
		heading, msg = scoring.Phrasef("Not found"), scoring.Phrasef("There is nothing here. A table's link must be copied whole; check it and try again.")
	case http.StatusTooManyRequests:
		heading = scoring.Phrasef("Slow down")
	case http.StatusGone:
		heading = scoring.Phrasef("Link replaced")
	case http.StatusForbidden:
		heading, msg = scoring.Phrasef("Form expired"), scoring.Phrasef("This form is too old to send (its security token expired). Go back, reload the page and send it again.")
	}
	if err := render(c, status, views.ErrorPage(kit.Page(c, heading), heading, msg)); err != nil {
		a.log.Error("error page failed", "err", serve.RedactLinks(err.Error()))
	}
}

// textOf is an error's text that did not come as a phrase (an HTTP
// status's name, echo's own message): said from the catalog when it is a
// key there, else shown as it is.
func textOf(s string) scoring.Phrase {
	if i18n.Has(s) && !strings.Contains(s, "%") {
		return scoring.Phrasef(s)
	}
	return scoring.Verbatim(s)
}
