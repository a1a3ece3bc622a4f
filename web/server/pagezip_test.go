package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"tablemate/web/areatest"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/kit"
	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

// gunzip reads a gzip member with the standard library's reader.
func gunzip(t *testing.T, z []byte) []byte {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	r.Multistream(false)
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("gunzip: %v", err)
	}
	return out
}

// A page made of kept parts and the request's tokens reads back as
// exactly the page, the first time (parts compressed) and every time
// after (parts kept, other tokens between them): pages of random text
// with the tokens anywhere, repeated and next to each other, and with
// zero bytes in them.
func TestGzipPageIsThePage(t *testing.T) {
	webtest.SQLiteOnly(t, "random pages compressed; no store")
	webtest.WithoutRace(t, "compresses random pages in one goroutine")
	// A cache of its own: the same random pages on the PostgreSQL pass
	// would find the SQLite pass's parts kept on their first view.
	kept := pageZips
	pageZips = newZipCache(zipCacheBytes)
	t.Cleanup(func() { pageZips = kept })
	rnd := rand.New(rand.NewPCG(1, 2))
	words := []string{"<tr><td>", "</td>", "Ana", "Ben", "round 3: 7 + 3", `<input type="hidden" name="_csrf" value="`, `">`, "\x00", "ü", "\n"}
	token := func() string { return kit.NewToken() }
	for i := range 300 {
		csrf, form := token(), token()
		var parts []string // the page, with "C" and "F" where the tokens go
		for range rnd.IntN(400) {
			switch r := rnd.IntN(20); {
			case r == 0:
				parts = append(parts, "C")
			case r == 1:
				parts = append(parts, "F")
			case r == 2 && i%3 != 0: // some pages hold no zero byte
				parts = append(parts, words[7])
			default:
				parts = append(parts, words[rnd.IntN(len(words)-4)]+fmt.Sprint(rnd.IntN(1000)))
			}
		}
		render := func(csrf, form string) []byte {
			var b strings.Builder
			for _, p := range parts {
				switch p {
				case "C":
					b.WriteString(csrf)
				case "F":
					b.WriteString(form)
				default:
					b.WriteString(p)
				}
			}
			return []byte(b.String())
		}
		for round := range 3 {
			page := render(csrf, form)
			before := pageZips.served()
			z, err := gzipPage(nil, page, []string{csrf, form})
			if err != nil {
				t.Fatal(err)
			}
			if got := gunzip(t, z); !bytes.Equal(got, page) {
				t.Fatalf("page %d, round %d: read back %d bytes that differ from the page's %d", i, round, len(got), len(page))
			}
			if hit := pageZips.served() > before; hit != (round > 0) {
				t.Errorf("page %d, round %d: served from the cache %v", i, round, hit)
			}
			form = token() // the next view: another form token, the same phone
			if round == 1 {
				csrf = token() // another phone
			}
		}
	}
}

// Another page that hashes alike is never served for this one: the kept
// parts are compared with the page byte for byte.
func TestGzipPageComparesTheBytes(t *testing.T) {
	zc := newZipCache(1 << 20)
	page := []byte(strings.Repeat("the kept page ", 200))
	z, err := compressParts(zc.keyOf(page, nil), page, nil)
	if err != nil {
		t.Fatal(err)
	}
	zc.put(z)
	other := bytes.Clone(page)
	other[100] = 'X'
	if got := zc.get(z.key, other, nil); got != nil {
		t.Error("a page of other bytes under the same key was served the kept one")
	}
	if got := zc.get(z.key, page, []cut{{at: 10, n: 8}}); got != nil {
		t.Error("the page cut elsewhere was served the kept one")
	}
	if got := zc.get(z.key, page, nil); got != z {
		t.Error("the page itself was not served the kept parts")
	}
}

// A table page is compressed once: a second phone's view of the same
// version is served the kept parts (its own tokens in them), and both
// read back as whole pages with working forms. A phone that does not
// take gzip gets the page as it is.
func TestTablePageIsCompressedOnce(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	get := func(client *http.Client, enc string) (*http.Response, []byte) {
		req, _ := http.NewRequest(http.MethodGet, ts.URL+table, nil)
		req.Header.Set("Accept-Encoding", enc)
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp, body
	}
	get(ts.Client, "gzip") // the first view compresses it
	hits := pageZips.served()
	other := ts.OtherPhone().Client
	resp, body := get(other, "gzip")
	if resp.Header.Get("Content-Encoding") != "gzip" || pageZips.served() != hits+1 {
		t.Fatalf("another phone's view: Content-Encoding %q, %d kept pages served (want 1)", resp.Header.Get("Content-Encoding"), pageZips.served()-hits)
	}
	page := string(gunzip(t, body))
	if !strings.Contains(page, "</html>") || !strings.Contains(strings.Join(resp.Header.Values("Vary"), ","), "Accept-Encoding") {
		t.Fatalf("the page read back is not whole (%d bytes), or has no Vary", len(page))
	}
	var csrf string
	for _, c := range other.Jar.Cookies(resp.Request.URL) {
		if c.Name == "tm_csrf" {
			csrf = c.Value
		}
	}
	if csrf == "" || !strings.Contains(page, `name="_csrf" value="`+csrf+`"`) {
		t.Errorf("the kept page does not carry this phone's CSRF token %q", csrf)
	}
	resp, body = get(other, "identity")
	if resp.Header.Get("Content-Encoding") != "" || !bytes.Contains(body, []byte("</html>")) {
		t.Errorf("without gzip: Content-Encoding %q, %d bytes", resp.Header.Get("Content-Encoding"), len(body))
	}
}

// Two views of one table page by one phone are served the same kept
// parts, and each carries one-time tokens of its own: the forms' tokens
// are made while the page is drawn (views.Form.FormToken), noted on the
// request (kit.FormTokens) and cut out of what is kept. Were a token not
// cut out, the second view would be compressed again (no hit); were the
// kept parts served with the first view's tokens, the tokens would repeat.
func TestTablePageViewsShareTheKeptParts(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	entry := ts.Get(table + "/games/new")
	ts.Post(table+"/games", kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2"}}, []string{"3", "1"}))
	tokenRE := regexp.MustCompile(`name="_token" value="([^"]*)"`)
	view := func() (page string, tokens []string, hit bool) {
		before := pageZips.served()
		req, _ := http.NewRequest(http.MethodGet, ts.URL+table, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := ts.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("GET %s: %d, Content-Encoding %q", table, resp.StatusCode, resp.Header.Get("Content-Encoding"))
		}
		page = string(gunzip(t, body))
		for _, m := range tokenRE.FindAllStringSubmatch(page, -1) {
			tokens = append(tokens, m[1])
		}
		return page, tokens, pageZips.served() > before
	}
	first, firstTokens, _ := view()
	second, secondTokens, hit := view()
	if !hit {
		t.Error("the second view of the same table version was compressed again, not served the kept parts")
	}
	if len(firstTokens) < 2 || len(firstTokens) != len(secondTokens) {
		t.Fatalf("one-time tokens: %d in the first view, %d in the second (want the same number, at least 2: Undo and Add a player)", len(firstTokens), len(secondTokens))
	}
	seen := map[string]bool{}
	for _, tok := range append(slices.Clone(firstTokens), secondTokens...) {
		if len(tok) < 16 || seen[tok] {
			t.Errorf("one-time token %q is short or used twice across the two views", tok)
		}
		seen[tok] = true
	}
	// Apart from its tokens, the second view is the first.
	if tokenRE.ReplaceAllString(first, "T") != tokenRE.ReplaceAllString(second, "T") {
		t.Error("the two views differ in more than their one-time tokens")
	}
}

// Every page compressed once is the same page when viewed again at the
// same version (its tokens aside): the second view is served the kept
// parts. A page that did not repeat would be compressed at the best
// level on every view.
func TestZippedPagesRepeat(t *testing.T) {
	webtest.SQLiteOnly(t, "the compression of pages read from the derived tables")
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	entry := ts.Get(table + "/games/new")
	game := ts.Post(table+"/games", kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2"}}, []string{"3", "1"})).Header.Get("Location")
	view := ts.Get(table).Doc.Find(`[data-testid="view-link"]`).AttrOr("value", "")
	_, public, admin := ts.ImportJSON(areatest.LeagueExport(2, 2))
	paths := map[string]string{
		"/": "/", "/tables/new": "/tables/new", "/tables/:id": table, "/tables/:id/games/:n": game, "/tables/:id/games/new": table + "/games/new",
		"/tables/:id/evening": table + "/evening", "/tables/:id/next": table + "/next", "/leagues/:id": public, "/l/:admin": admin,
		"/check": "/check", "/check/:game": "/check/koffer-katze-sombrero",
	}
	if u, err := url.Parse(view); err == nil && u.Path != "" {
		paths["/v/:rid"] = u.Path
		paths["/v/:rid/games/:n"] = u.Path + "/games/1"
	}
	for route := range zippedRoutes {
		path, ok := paths[route]
		if !ok {
			t.Errorf("no page of %s is checked", route)
			continue
		}
		for _, phone := range []*http.Client{ts.Client, ts.OtherPhone().Client} {
			served := 0
			for range 2 {
				before := pageZips.served()
				req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
				req.Header.Set("Accept-Encoding", "gzip")
				resp, err := phone.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" {
					t.Fatalf("%s: %d, Content-Encoding %q", path, resp.StatusCode, resp.Header.Get("Content-Encoding"))
				}
				served += pageZips.served() - before
			}
			if served < 1 {
				t.Errorf("%s (%s): viewed twice, compressed twice", route, path)
			}
		}
	}
}

// TestRunningClockPageIsCompressedOnce: a running clock's time differs at
// every view, and is spliced into the kept compressed page as the tokens
// are: two views of a table (and of its round entry) with the clock
// running are served from the kept parts, and each shows the time the
// clock had when it was drawn.
func TestRunningClockPageIsCompressedOnce(t *testing.T) {
	webtest.SQLiteOnly(t, "the compression of pages read from the derived tables")
	ts := newTestServer(t)
	table := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	start := table + "/clock/start?back=round"
	if p := ts.Post(start, ts.Get(table+"/games/new").FormOf(t, start)); p.Status != http.StatusSeeOther {
		t.Fatalf("start the clock: %d\n%s", p.Status, p.Body)
	}
	tb, err := ts.app.tables.Table(context.Background(), strings.TrimPrefix(table, "/tables/"))
	if err != nil {
		t.Fatal(err)
	}
	clock := tb.Clock()
	if !clock.Running {
		t.Fatal("the clock does not run")
	}
	timeRE := regexp.MustCompile(`data-clock-ms="(\d+)" data-clock-running>([0-9:]+)</span>`)
	for _, path := range []string{table, table + "/games/new"} {
		view := func() (page string, ms, lo, hi int64) {
			lo = clock.Elapsed(time.Now()).Milliseconds()
			req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			resp, err := ts.Client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			hi = clock.Elapsed(time.Now()).Milliseconds()
			if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" {
				t.Fatalf("%s: %d, Content-Encoding %q", path, resp.StatusCode, resp.Header.Get("Content-Encoding"))
			}
			zr, err := gzip.NewReader(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(zr)
			if err != nil {
				t.Fatal(err)
			}
			m := timeRE.FindStringSubmatch(string(body))
			if m == nil {
				t.Fatalf("%s: no running clock\n%s", path, body)
			}
			ms, _ = strconv.ParseInt(m[1], 10, 64)
			if want := fmt.Sprintf("%d:%02d", ms/60000, ms/1000%60); m[2] != want {
				t.Errorf("%s: the clock reads %q at %d ms, want %q", path, m[2], ms, want)
			}
			return string(body), ms, lo, hi
		}
		view() // the page of this version is compressed
		before := pageZips.served()
		var last int64 = -1
		for i := range 2 {
			time.Sleep(20 * time.Millisecond)
			_, ms, lo, hi := view()
			if ms < lo || ms > hi {
				t.Errorf("%s, view %d: the clock says %d ms, drawn when it had run %d–%d ms", path, i+1, ms, lo, hi)
			}
			if ms <= last {
				t.Errorf("%s, view %d: the clock says %d ms, the view before %d", path, i+1, ms, last)
			}
			last = ms
		}
		if served := pageZips.served() - before; served != 2 {
			t.Errorf("%s: two views with the clock running, %d served from the kept compressed page", path, served)
		}
	}
}
