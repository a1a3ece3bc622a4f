package server

import (
	"bytes"
	"container/list"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/views/i18n"
	"tablemate/web/kit"
)

// A table's page asked without a query is the same page for every reader
// of one version of the table in one language, on one link, at one
// public address, but for its tokens (the phone's CSRF token and the
// forms' one-time tokens). pagezip.go keeps such a page compressed, but
// only once it has been rendered again and found to be the same bytes;
// here the page is kept rendered, by what it is drawn from, and a view
// of a kept page renders nothing: the kept bytes with this request's CSRF
// token and fresh one-time tokens spliced in, compressed from the kept
// parts.
//
// The key is the area's (its route, the table's key and version, the
// links the page shows: serve.Kit.Kept) and the request's own inputs
// that a page reads, which the server adds here: the language, the
// address asked (the language switch comes back to it), the public
// address share links carry and the phone features there. Pages are
// kept only for a GET without a query or an escaped path, and only when
// every token drawn was cut out of the page and is nowhere else in it;
// a view is served from a kept page only with a CSRF token of the kept
// one's length and of characters no escaping changes. Anything else is
// rendered as before.

// keptPagesMax and keptPagesBytes bound the pages kept: the least
// recently used goes first. A page is a table's page of one version, and
// a new version makes a new page, so the bound is what keeps old
// versions from piling up.
const (
	keptPagesMax   = 512
	keptPagesBytes = 16 << 20
)

// keptPage is a rendered page cut at its tokens: raw is the page without
// them, lens the lengths of its text parts (one more than the cuts), and
// slots says what each cut holds: -1 the CSRF token, else the number of
// the one-time token (a token drawn twice is the same token in both).
type keptPage struct {
	key     string
	raw     []byte
	lens    []int
	slots   []int
	tokens  int
	csrfLen int
	size    int
	// zip is the page's compressed parts, cut as the page is, once a
	// client took gzip (the cuts' lengths are the kept ones, so the
	// parts' back-references hold).
	zip atomic.Pointer[zipped]
}

// pageCache keeps rendered pages by key, the least recently used going
// first, at most max pages and maxBytes bytes.
type pageCache struct {
	mu            sync.Mutex
	byKey         map[string]*list.Element // of *keptPage
	lru           list.List
	bytes         int
	max, maxBytes int
	// hits counts the views served from a kept page (tests read it).
	hits int
}

func newPageCache(max, maxBytes int) *pageCache {
	return &pageCache{byKey: map[string]*list.Element{}, max: max, maxBytes: maxBytes}
}

func (pc *pageCache) get(key string) *keptPage {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	el, ok := pc.byKey[key]
	if !ok {
		return nil
	}
	pc.lru.MoveToFront(el)
	return el.Value.(*keptPage)
}

// hit counts a view served from a kept page.
func (pc *pageCache) hit() {
	pc.mu.Lock()
	pc.hits++
	pc.mu.Unlock()
}

func (pc *pageCache) put(p *keptPage) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if el, ok := pc.byKey[p.key]; ok { // made meanwhile by another view
		pc.lru.Remove(el)
		pc.bytes -= el.Value.(*keptPage).size
	}
	pc.byKey[p.key] = pc.lru.PushFront(p)
	pc.bytes += p.size
	for pc.lru.Len() > 1 && (pc.bytes > pc.maxBytes || pc.lru.Len() > pc.max) {
		el := pc.lru.Back()
		old := el.Value.(*keptPage)
		pc.lru.Remove(el)
		delete(pc.byKey, old.key)
		pc.bytes -= old.size
	}
}

// served is the number of views served from kept pages so far.
func (pc *pageCache) served() int {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	return pc.hits
}

// len is the number of pages kept and their bytes.
func (pc *pageCache) len() (int, int) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	return pc.lru.Len(), pc.bytes
}

// keptPage answers the page kept under the area's key with this
// request's tokens, or renders page(), answers it and keeps it
// (serve.Kit.Kept). The status is 200.
func (a *App) keptPage(c echo.Context, key string, page func() templ.Component) error {
	r := c.Request()
	if r.Method != http.MethodGet || r.URL.RawQuery != "" || r.URL.ForceQuery || r.URL.RawPath != "" || !zipsItself(c) {
		return render(c, http.StatusOK, page())
	}
	f := a.site.features(r)
	var b strings.Builder
	b.Grow(len(key) + len(r.URL.Path) + 64)
	b.WriteString(key)
	b.WriteByte('|')
	b.WriteString(i18n.Code(i18n.Lang(r.Context())))
	b.WriteByte('|')
	b.WriteString(r.URL.Path)
	b.WriteByte('|')
	b.WriteString(a.site.origin(r))
	b.WriteByte('|')
	for _, on := range []bool{f.Secure, f.OfflinePages, f.Phones} {
		b.WriteByte('0' + btoi(on))
	}
	full := b.String()
	csrf := kit.CSRFToken(c)
	if p := a.pages.get(full); p != nil && len(csrf) == p.csrfLen && plainToken(csrf) {
		a.pages.hit()
		return p.serve(c, csrf)
	}
	return renderKept(c, a.pages, full, csrf, page())
}

func btoi(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// plainToken reports whether a CSRF token is written into a page as it
// is (no HTML escaping changes it) and is long enough to be cut out of
// it. The CSRF middleware makes 32 letters and digits; a phone may send
// any cookie.
func plainToken(s string) bool {
	if len(s) < 8 || len(s) > 256 {
		return false
	}
	for i := range len(s) {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// renderKept renders comp as render does, and keeps it in pc under key when
// its tokens can be cut out of it.
func renderKept(c echo.Context, pc *pageCache, key, csrf string, comp templ.Component) error {
	buf := renderBuffers.Get().(*bytes.Buffer)
	defer putRenderBuffer(buf)
	if err := comp.Render(c.Request().Context(), buf); err != nil {
		return err
	}
	forms := kit.FormTokens(c)
	var p *keptPage
	if plainToken(csrf) {
		p = cutPage(key, buf.Bytes(), csrf, forms)
	}
	if p != nil {
		pc.put(p)
	}
	z, cuts, err := answerPage(c, http.StatusOK, echo.MIMETextHTMLCharsetUTF8, buf.Bytes(), append([]string{csrf}, forms...))
	if err == nil && z != nil && p != nil && sameCuts(p, cuts) {
		p.zip.Store(z)
	}
	return err
}

// cutPage is page kept, cut at its tokens: nil unless every token drawn
// (csrf and the forms' one-time tokens, each 32 hex digits as
// views.Form.FormToken makes them) was cut out, and none is left
// anywhere else in the page (a token written in another form, escaped,
// or in a script, would go to other phones).
func cutPage(key string, page []byte, csrf string, forms []string) *keptPage {
	for _, f := range forms {
		if !hexToken(f) {
			return nil // a part of the page that is the view's own (a running clock's time), or a token carried from a refused form
		}
	}
	secrets := append([]string{csrf}, forms...)
	cuts := tokens(page, secrets)
	p := &keptPage{key: key, csrfLen: len(csrf)}
	slot := map[string]int{csrf: -1}
	found := map[string]int{}
	from := 0
	for _, ct := range cuts {
		s := string(page[ct.at : ct.at+ct.n])
		n, ok := slot[s]
		if !ok {
			n = p.tokens
			slot[s] = n
			p.tokens++
		}
		found[s]++
		p.slots = append(p.slots, n)
		p.raw = append(p.raw, page[from:ct.at]...)
		p.lens = append(p.lens, ct.at-from)
		from = ct.at + ct.n
	}
	p.raw = append(p.raw, page[from:]...)
	p.lens = append(p.lens, len(page)-from)
	for i, s := range secrets { // the CSRF token is on no page without a form
		if i > 0 && found[s] == 0 || bytes.Count(page, []byte(s)) != found[s] {
			return nil
		}
	}
	p.size = 2*len(p.raw) + 64*(len(cuts)+1) + len(key)
	return p
}

// hexToken reports whether s is a one-time token as views.Form.FormToken
// draws it.
func hexToken(s string) bool {
	if len(s) != 32 {
		return false
	}
	for i := range len(s) {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// sameCuts reports whether cuts are where p was cut (the compressed
// parts of the page, made with them, then fit p).
func sameCuts(p *keptPage, cuts []cut) bool {
	if len(cuts) != len(p.slots) {
		return false
	}
	at := 0
	for i, ct := range cuts {
		at += p.lens[i]
		if ct.at != at {
			return false
		}
		at += ct.n
	}
	return true
}

// serve answers p with csrf and fresh one-time tokens.
func (p *keptPage) serve(c echo.Context, csrf string) error {
	buf := renderBuffers.Get().(*bytes.Buffer)
	defer putRenderBuffer(buf)
	fresh := make([]string, p.tokens)
	for i := range fresh {
		fresh[i] = kit.NewToken()
	}
	buf.Grow(len(p.raw) + len(p.slots)*max(len(csrf), 32))
	page := buf.AvailableBuffer()
	cuts := make([]cut, 0, len(p.slots))
	from := 0
	for i, s := range p.slots {
		page = append(page, p.raw[from:from+p.lens[i]]...)
		from += p.lens[i]
		tok := csrf
		if s >= 0 {
			tok = fresh[s]
		}
		cuts = append(cuts, cut{at: len(page), n: len(tok)})
		page = append(page, tok...)
	}
	page = append(page, p.raw[from:]...)
	varyEncoding(c.Response().Header())
	if len(page) < minGzip || !acceptsGzip(c.Request()) {
		return sized(c, http.StatusOK, echo.MIMETextHTMLCharsetUTF8, page)
	}
	z := p.zip.Load()
	if z == nil {
		var err error
		if z, err = zipOf(page, cuts); err != nil {
			return err
		}
		p.zip.Store(z)
	} else {
		pageZips.reused(z)
	}
	return answerZipped(c, http.StatusOK, echo.MIMETextHTMLCharsetUTF8, z, page, cuts)
}
