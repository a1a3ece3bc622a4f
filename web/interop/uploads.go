package interop

import (
	"crypto/subtle"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/web/serve"
)

// Permission before memory (issue #31): an import's file is the one body
// that may be large (33 MB), so nothing of it is read before the request
// has shown its right to send it. The league's admin link is resolved
// first (ImportPlays), then the form's security token is checked — from
// the X-CSRF-Token header, or from a small field sent before the file, as
// the import forms send it — and the file is read only after that, as a
// stream. Without a valid token the answer is 403 before the file is
// read; and only a few imports are read at once, per client and in all.

// Imports read at once, by default.
const (
	DefaultImportsPerClient = 2
	DefaultImportsTotal     = 6
)

// maxTokenPart bounds a form field read before the file (the security
// token and the other hidden fields); maxFieldsBefore bounds them all.
const (
	maxTokenPart    = 256
	maxFieldsBefore = 16 << 10
)

// importGate counts the imports being read, per client and in all.
type importGate struct {
	mu        sync.Mutex
	perClient int
	total     int
	clients   map[string]int
	all       int
}

func newImportGate(perClient, total int) *importGate {
	return &importGate{perClient: perClient, total: total, clients: map[string]int{}}
}

// enter admits one more import of client, or reports false when the
// client or the server reads as many as it may already.
func (g *importGate) enter(client string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.all >= g.total || g.clients[client] >= g.perClient {
		return false
	}
	g.all++
	g.clients[client]++
	return true
}

// leave ends an import enter admitted.
func (g *importGate) leave(client string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.all--
	if g.clients[client]--; g.clients[client] <= 0 {
		delete(g.clients, client)
	}
}

// errNoFile means the form came without its file.
var errNoFile = errors.New("the form has no file")

// tooManyImports is the 503 of an import over the caps, sent before its
// file is read.
func tooManyImports(c echo.Context) error {
	c.Response().Header().Set("Retry-After", "30")
	return echo.NewHTTPError(http.StatusServiceUnavailable,
		scoring.Phrasef("Too many imports are being read at once. Nothing was read or imported; send the file again in a minute."))
}

// openUpload admits an import and opens its file field: over the caps it
// is a 503, without the form's valid security token a 403 (the "form
// expired" page), both before the file is read. done must be called when
// the import is over (it frees its place).
func (a *Area) openUpload(c echo.Context, field string) (file io.ReadCloser, done func(), err error) {
	client := c.RealIP()
	if !a.gate.enter(client) {
		serve.QuickRefusal(c)
		return nil, func() {}, tooManyImports(c)
	}
	done = func() { a.gate.leave(client) }
	file, err = a.uploadAfterToken(c, field)
	if err != nil {
		var he *echo.HTTPError
		if errors.As(err, &he) && he.Code == http.StatusForbidden {
			serve.QuickRefusal(c)
		}
	}
	return file, done, err
}

// uploadAfterToken checks the form's security token and returns its file
// part, reading no byte of the file before the token has passed.
func (a *Area) uploadAfterToken(c echo.Context, field string) (io.ReadCloser, error) {
	r := c.Request()
	token := r.Header.Get(echo.HeaderXCSRFToken)
	trusted := sameOrigin(r) // a browser's own form, as echo's check takes it
	if !trusted && token != "" {
		if !a.csrfValid(c, token) {
			return nil, echo.ErrForbidden
		}
		trusted = true
	}
	if serve.MediaType(r.Header.Get(echo.HeaderContentType)) != echo.MIMEMultipartForm {
		if !trusted {
			return nil, echo.ErrForbidden
		}
		return nil, errNoFile
	}
	mr, err := r.MultipartReader()
	if err != nil {
		if !trusted {
			return nil, echo.ErrForbidden
		}
		return nil, err
	}
	before := 0
	for {
		part, err := mr.NextPart()
		if err != nil {
			if !trusted {
				return nil, echo.ErrForbidden
			}
			return nil, err
		}
		if part.FormName() == field && part.FileName() != "" {
			if !trusted {
				part.Close()
				return nil, echo.ErrForbidden // the file came before its token: not read
			}
			return part, nil
		}
		n, ok := a.fieldBefore(c, part, &trusted)
		before += n
		if !ok || before > maxFieldsBefore {
			return nil, echo.ErrForbidden
		}
	}
}

// uploadTokenKey holds the one-time token (_token) sent before an
// upload's file.
const uploadTokenKey = "uploadToken"

// uploadToken is the one-time token sent before the file ("" for none).
func uploadToken(c echo.Context) string {
	s, _ := c.Get(uploadTokenKey).(string)
	return s
}

// fieldBefore reads one small field sent before the file: the security
// token is checked (and trusted set when it is valid), the one-time
// token kept (uploadToken); another field is read and thrown away. It reports the bytes read and false for a field
// too large to be one of the form's.
func (a *Area) fieldBefore(c echo.Context, part *multipart.Part, trusted *bool) (int, bool) {
	defer part.Close()
	b, err := io.ReadAll(io.LimitReader(part, maxTokenPart+1))
	if err != nil || len(b) > maxTokenPart {
		return len(b), false
	}
	if part.FormName() == "_csrf" && !*trusted {
		if !a.csrfValid(c, string(b)) {
			return len(b), false
		}
		*trusted = true
	}
	if part.FormName() == "_token" {
		c.Set(uploadTokenKey, string(b)) // the form's one-time token: a double post imports once
	}
	return len(b), true
}

// csrfValid compares a form's security token with the request's cookie,
// as echo's CSRF check does, and keeps it for the page answered.
func (a *Area) csrfValid(c echo.Context, token string) bool {
	k, err := c.Cookie(serve.CSRFCookie)
	if err != nil || k.Value == "" || subtle.ConstantTimeCompare([]byte(k.Value), []byte(token)) != 1 {
		return false
	}
	c.Set("csrf", k.Value)
	return true
}

// sameOrigin: a browser says its own page sent the form (Sec-Fetch-Site),
// which echo's CSRF check accepts without a token too.
func sameOrigin(r *http.Request) bool {
	s := r.Header.Get(echo.HeaderSecFetchSite)
	return s == "same-origin" || s == "none"
}
