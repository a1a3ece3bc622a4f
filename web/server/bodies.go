package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/web/serve"
)

// Limits of a request body: each route's (bodyLimitOf) is refused with a
// 413 before more of it is read.
const (
	// maxBody is every route's limit but the import's. The JSON API
	// answers bodies over 1 MiB (scoring.MaxBody) itself with API.md's
	// 400; maxBody stops anything larger before it is read.
	maxBody = 2 << 20
	// maxImportBody is an import's: the largest file an import reads
	// (sessions.MaxImportBytes, the export of the longest table) and the
	// form around it. The import reads it as a stream.
	maxImportBody = sessions.MaxImportBytes + 1<<20
	// drainLimit bounds what is read and thrown away after refusing a
	// body, so a client that sends its whole body before it reads the
	// answer (Python's urllib does) gets the 413 instead of a connection
	// reset; a body larger still is cut off. A route whose limit is
	// larger drains twice its limit (bodyLimit.drain).
	drainLimit   = 8 * maxBody
	drainTimeout = 10 * time.Second
	// DefaultBodyTimeout is how long a body may take to arrive once the
	// headers are in (serve -body-timeout): 2 MB in 30 s is 70 KB/s.
	DefaultBodyTimeout = 30 * time.Second
	// writeTimeout is how long an answer may take to write (the server's
	// WriteTimeout); a request with a body gets it after the body's time.
	writeTimeout = 30 * time.Second
	// defaultHeaderTimeout is how long the request line and headers may
	// take.
	defaultHeaderTimeout = 5 * time.Second
)

// bodyLimit is the most one route reads of a request body.
type bodyLimit int64

// bodyLimitOf is the limit of the request's route: an import's, or
// maxBody.
func bodyLimitOf(c echo.Context) bodyLimit {
	if isImport(c) {
		return maxImportBody
	}
	return maxBody
}

// isImport: the routes that take an exported table or league, and a
// play logger's file (plays.DefaultLimits.MaxBytes is within the limit).
func isImport(c echo.Context) bool {
	return c.Path() == "/tables/import" || c.Path() == "/l/:admin/plays"
}

// words is the limit for people ("2 MB") and for the API ("2 MiB").
func (l bodyLimit) words() (people, api string) {
	return fmt.Sprintf("%d MB", l>>20), fmt.Sprintf("%d MiB", l>>20)
}

// drain is what is read and thrown away of a body refused on this route.
func (l bodyLimit) drain() int64 { return max(drainLimit, 2*int64(l)) }

// newHTTPServer is the server of `tablemate serve` with its timeouts:
// headers must arrive within a.headerTimeout, and the body within
// a.bodyTimeout after them (ReadTimeout covers both; guardBodies answers
// a body cut off by it with a 408). An answer must be written within
// writeTimeout; guardBodies gives a slow body's answer its own time. Live
// streams set a deadline per event.
func newHTTPServer(addr string, a *App) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           newServer(a),
		ReadHeaderTimeout: a.headerTimeout,
		ReadTimeout:       a.headerTimeout + a.bodyTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       120 * time.Second,
	}
}

// plainError is an error answer people read (serve.PlainError).
type plainError = serve.PlainError

// bodyTooLarge is the 413 of a body over its route's limit.
func bodyTooLarge(limit bodyLimit) *plainError {
	people, api := limit.words()
	return plainPhrase(http.StatusRequestEntityTooLarge,
		scoring.Phrasef("This is more than %s, the most Tablemate takes in one go, so it was not read and nothing was saved.", people),
		"the body is larger than "+api+", the most this server reads; nothing was read")
}

// bodyTooSlow is the 408 of a body that did not arrive in time.
func bodyTooSlow(timeout time.Duration) *plainError {
	secs := scoring.Count(max(1, int(timeout.Round(time.Second)/time.Second)), "1 second", "%d seconds")
	return plainPhrase(http.StatusRequestTimeout,
		scoring.Phrasef("What was sent arrived too slowly (it was not complete after %s), so it was not read and nothing was saved. Check the connection and send it again.", secs),
		fmt.Sprintf("the body arrived too slowly: it was not complete after %s; nothing was read", secs))
}

// plainPhrase is an error answer people read, its words a phrase made
// here and said when the answer is written (server.go).
func plainPhrase(status int, p scoring.Phrase, api string) *plainError {
	return &plainError{Status: status, Format: p.Format(), Args: p.Args(), API: api}
}

// guardBodies bounds every request body: more than its route's limit
// (bodyLimitOf) is a 413, a body not complete within bodyTimeout a 408
// (both said in words), and forms are read here, whole, so no handler
// ever acts on half a form. The import's form is the exception: its file
// is read as a stream (uploaded), an import writes all or nothing, and
// importTable answers a refused body itself (serve.BodyRefused). What is left
// of a refused body, or of one a handler did not read, is read and thrown
// away (up to the limit's drain) before the connection closes, so a
// client still sending sees the answer instead of a reset.
func (a *App) guardBodies() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			if r.Body == nil || r.Body == http.NoBody {
				return next(c)
			}
			// The server's ReadTimeout bounds the body (newHTTPServer): no
			// deadline is set here, which would cost every request.
			limit := bodyLimitOf(c)
			b := &guardedBody{body: r.Body, limit: limit, left: int64(limit), res: c.Response(), timeout: a.bodyTimeout, start: time.Now(),
				waitsToSend: r.Header.Get("Expect") == "100-continue"}
			r.Body = b
			defer b.drain() // also after a panic: whatever the handler left

			var err error
			switch {
			case r.ContentLength > int64(limit):
				b.refuse(bodyTooLarge(limit))
				err = b.err
			case isForm(r) && !isImport(c):
				if perr := parseForm(r); perr != nil {
					err = echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
					if b.err != nil {
						err = b.err
					}
					break
				}
				err = next(c)
			default:
				err = next(c)
			}
			if err != nil && b.err != nil {
				err = b.err // the handler may have wrapped or replaced it
			}
			return err
		}
	}
}

func isForm(r *http.Request) bool {
	ct := r.Header.Get(echo.HeaderContentType)
	if ct == echo.MIMEApplicationJSON {
		return false // the API's requests, without parsing
	}
	mt, _, _ := mime.ParseMediaType(ct)
	return mt == echo.MIMEApplicationForm || mt == echo.MIMEMultipartForm
}

// parseForm reads a form whole, as the handlers' FormValue would, but
// says when it could not (FormValue keeps quiet and gives "").
func parseForm(r *http.Request) error {
	mt, _, _ := mime.ParseMediaType(r.Header.Get(echo.HeaderContentType))
	if mt == echo.MIMEMultipartForm {
		return r.ParseMultipartForm(32 << 20) // echo's FormFile would use the same
	}
	return r.ParseForm()
}

// guardedBody is a request body that refuses to give more than its
// limit (413) and turns the read deadline into a 408.
type guardedBody struct {
	body    io.ReadCloser
	limit   bodyLimit
	left    int64 // of the limit
	res     *echo.Response
	timeout time.Duration
	start   time.Time
	// waitsToSend: the client waits for "100 Continue" before it sends
	// the body, which net/http sends on the first read.
	waitsToSend bool
	read        int64 // bytes given to the handler
	eof         bool
	err         *plainError
	// drainCap, if set, bounds the drain below the limit's (an import
	// refused before its file was read: serve.QuickRefusal).
	drainCap int64
}

func (b *guardedBody) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if b.eof {
		return 0, io.EOF
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1] // one byte more shows a body over the limit
	}
	n, err := b.body.Read(p)
	if int64(n) > b.left {
		n = int(b.left)
		b.read += int64(n)
		b.left = 0
		b.refuse(bodyTooLarge(b.limit))
		return n, b.err
	}
	b.left -= int64(n)
	b.read += int64(n)
	switch {
	case err == io.EOF:
		b.eof = true
		if time.Since(b.start) > time.Second {
			b.answerInTime() // the time the body took does not eat into the answer's
		}
	case err != nil && isTimeout(err):
		b.refuse(bodyTooSlow(b.timeout))
		return n, b.err
	}
	return n, err
}

func (b *guardedBody) Close() error { return b.body.Close() }

// refuse records why the body is refused and closes the connection after
// the answer. A body too large is drained at once, before any answer is
// written: a client that sends all before it reads then gets the answer.
func (b *guardedBody) refuse(e *plainError) {
	b.err = e
	b.res.Header().Set(echo.HeaderConnection, "close")
	if e.Status == http.StatusRequestEntityTooLarge {
		b.drain()
	}
	b.answerInTime()
}

// answerInTime gives the answer writeTimeout from now: the server's write
// deadline ran from the end of the headers, and a body that took long (or
// timed out) would leave the answer no time.
func (b *guardedBody) answerInTime() {
	http.NewResponseController(b.res).SetWriteDeadline(time.Now().Add(writeTimeout))
}

func isTimeout(err error) bool {
	var ne interface{ Timeout() bool }
	return errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &ne) && ne.Timeout()
}

// drain reads what is left of the body and throws it away, at most the
// limit's drain for at most drainTimeout, so a client still sending
// reads the answer rather than a reset (a larger body is cut off). A body
// that timed out is not waited for again, and a client waiting for
// "100 Continue" before sending was never told to go on: it reads the
// answer and sends nothing.
func (b *guardedBody) drain() {
	if b.eof || b.err != nil && b.err.Status == http.StatusRequestTimeout || b.waitsToSend && b.read == 0 {
		return
	}
	http.NewResponseController(b.res).SetReadDeadline(time.Now().Add(drainTimeout))
	n := b.limit.drain()
	if b.drainCap > 0 {
		n = min(n, b.drainCap)
	}
	io.CopyN(io.Discard, b.body, n)
	b.eof = true // all of it, or as much as will be read
}

// Refused is why the body was refused (a 413 or a 408), or nil: an
// import reads its body as a stream and answers a failed read itself
// (serve.BodyRefused).
func (b *guardedBody) Refused() *plainError { return b.err }

// DrainLittle bounds the drain to drainLimit, below an import's: an
// import refused before its file was read (serve.QuickRefusal).
func (b *guardedBody) DrainLittle() { b.drainCap = drainLimit }

// detached is ctx without its cancellation: a request whose body timed
// out has its context cancelled by net/http, yet its 408 page must still
// be rendered.
func detached(c echo.Context) {
	if r := c.Request(); r.Context().Err() != nil {
		c.SetRequest(r.WithContext(context.WithoutCancel(r.Context())))
	}
}
