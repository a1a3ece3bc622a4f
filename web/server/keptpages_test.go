package server

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"tablemate/web/cambio/cambiotest"
	"tablemate/web/kks/kkstest"
)

// A table's page kept rendered (keptpages.go) is every reader's own:
// each view carries its phone's CSRF token and one-time tokens never
// drawn before; a page kept for the edit link is never served for the
// view-only link (nor the other way round), nor for the links before
// one was replaced, nor at another public address or in another
// language; a phone whose CSRF cookie could not be spliced in as it is
// (another length, characters the page escapes) gets its page drawn
// afresh. Were the key short of one of these, or a token kept, a check
// here fails.
func TestKeptPageIsEachReadersOwn(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	entry := ts.Get(table + "/games/new")
	ts.Post(table+"/games", kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2"}}, []string{"3", "1"}))
	csrfRE := regexp.MustCompile(`name="_csrf" value="([^"]*)"`)
	tokenRE := regexp.MustCompile(`name="_token" value="([^"]*)"`)
	viewLinkRE := regexp.MustCompile(`/v/[a-z2-7]{26}`)
	type view struct {
		page   string
		csrf   []string
		tokens []string
		kept   bool
	}
	get := func(client *http.Client, path, host, lang, enc string) view {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
		if host != "" {
			req.Host = host
		}
		req.Header.Set("Accept-Language", lang)
		req.Header.Set("Accept-Encoding", enc)
		before := ts.app.pages.served()
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body []byte
		if resp.Header.Get("Content-Encoding") == "gzip" {
			raw, _ := io.ReadAll(resp.Body)
			body = gunzip(t, raw)
		} else {
			body, _ = io.ReadAll(resp.Body)
		}
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "</html>") {
			t.Fatalf("GET %s: %d, %d bytes", path, resp.StatusCode, len(body))
		}
		v := view{page: string(body), kept: ts.app.pages.served() > before}
		for _, m := range csrfRE.FindAllStringSubmatch(v.page, -1) {
			v.csrf = append(v.csrf, m[1])
		}
		for _, m := range tokenRE.FindAllStringSubmatch(v.page, -1) {
			v.tokens = append(v.tokens, m[1])
		}
		return v
	}
	csrfOf := func(client *http.Client) string {
		for _, c := range client.Jar.Cookies(mustURL(t, ts.URL)) {
			if c.Name == "tm_csrf" {
				return c.Value
			}
		}
		return ""
	}
	seen := map[string]string{} // one-time token → the view that had it
	owns := func(what string, v view, client *http.Client) {
		t.Helper()
		want := csrfOf(client)
		if want == "" || len(v.csrf) == 0 {
			t.Fatalf("%s: no CSRF token (cookie %q, %d in the page)", what, want, len(v.csrf))
		}
		for _, c := range v.csrf {
			if c != want {
				t.Errorf("%s: the page carries CSRF token %q, the phone's is %q", what, c, want)
			}
		}
		if len(v.tokens) < 4 {
			t.Errorf("%s: %d one-time tokens (want Undo, Add a player and the two links' forms)", what, len(v.tokens))
		}
		for _, tok := range v.tokens {
			if other, ok := seen[tok]; ok {
				t.Errorf("%s: one-time token %q was in %s already", what, tok, other)
			}
			seen[tok] = what
		}
	}

	a, b := ts.Client, ts.OtherPhone().Client
	first := get(a, table, "", "en", "gzip")
	owns("the first view", first, a)
	again := get(a, table, "", "en", "gzip")
	if !again.kept {
		t.Fatal("the second view of the same version was drawn afresh, not served from the kept page")
	}
	owns("the second view", again, a)
	other := get(b, table, "", "en", "identity")
	if !other.kept {
		t.Error("another phone's view was drawn afresh")
	}
	owns("another phone's view", other, b)
	if tokenRE.ReplaceAllString(csrfRE.ReplaceAllString(first.page, "C"), "T") != tokenRE.ReplaceAllString(csrfRE.ReplaceAllString(other.page, "C"), "T") {
		t.Error("the kept page differs from the one drawn for it in more than its tokens")
	}

	// The view-only link: its own page, never the edit page's.
	viewPath := viewLinkRE.FindString(first.page)
	if viewPath == "" {
		t.Fatal("no view-only link on the edit page")
	}
	for i := range 2 {
		v := get(a, viewPath, "", "en", "gzip")
		if strings.Contains(v.page, table) || len(v.tokens) > 0 || len(v.csrf) > 0 {
			t.Errorf("view-only page, view %d: carries the edit link or a form", i+1)
		}
		if i == 1 && !v.kept {
			t.Error("the view-only page was drawn afresh at its second view")
		}
	}
	if v := get(a, table, "", "en", "gzip"); !strings.Contains(v.page, `data-testid="undo"`) {
		t.Error("the edit page, after the view-only page was kept, has no undo form")
	}

	// Another public address (both are the server's own): the invite
	// panel's links are on the address asked.
	port := ts.URL[strings.LastIndex(ts.URL, ":"):]
	for _, host := range []string{"localhost" + port, "127.0.0.1" + port, "localhost" + port} {
		v := get(a, table, host, "en", "gzip")
		if !strings.Contains(v.page, `value="http://`+host+viewPath+`"`) {
			t.Errorf("asked at %s: the view-only link to pass on is not on that address", host)
		}
	}
	// Another language.
	if v := get(a, table, "", "de", "gzip"); !strings.Contains(v.page, `<html lang="de">`) {
		t.Error("the page asked in German is not German")
	}

	// A link replaced (the table's version stays): the page shows the new
	// one, and the old view-only link opens nothing.
	page := ts.Get(table)
	if r := ts.Post(table+"/rotate/view", page.FormOf(t, table+"/rotate/view")); r.Status != http.StatusSeeOther {
		t.Fatalf("replace the view-only link: %d", r.Status)
	}
	after := get(a, table, "", "en", "gzip")
	if strings.Contains(after.page, viewPath) || viewLinkRE.FindString(after.page) == "" {
		t.Error("after the view-only link was replaced, the edit page still shows the old one, or none")
	}
	owns("the view after the link was replaced", after, a)

	// CSRF cookies the kept page cannot take as they are: drawn afresh,
	// each with its own token, escaped where it must be.
	for _, cookie := range []string{strings.Repeat("x", 40), "abcdefgh<b>ijklmnop"} {
		jar, _ := cookiejar.New(nil)
		jar.SetCookies(mustURL(t, ts.URL), []*http.Cookie{{Name: "tm_csrf", Value: cookie, Path: "/"}})
		c := &http.Client{Jar: jar, Transport: a.Transport}
		v := get(c, table, "", "en", "gzip")
		if v.kept {
			t.Errorf("CSRF cookie %q: served from the kept page", cookie)
		}
		if strings.Contains(cookie, "<") {
			if strings.Contains(v.page, cookie) || !strings.Contains(v.page, `value="abcdefgh&lt;b&gt;ijklmnop"`) {
				t.Errorf("CSRF cookie %q is in the page unescaped, or not at all", cookie)
			}
			continue
		}
		owns("a phone with a long CSRF cookie", v, c)
	}
}

// The kept pages are bounded in number and in bytes: the least recently
// used goes first.
func TestKeptPagesAreBounded(t *testing.T) {
	pc := newPageCache(3, 1000)
	for i := range 5 {
		pc.put(&keptPage{key: string(rune('a' + i)), size: 100})
	}
	if n, size := pc.len(); n != 3 || size != 300 {
		t.Errorf("5 pages put into a cache of 3: %d kept, %d bytes", n, size)
	}
	if pc.get("a") != nil || pc.get("b") != nil || pc.get("e") == nil {
		t.Error("not the newest pages kept")
	}
	pc.put(&keptPage{key: "big", size: 950})
	if n, size := pc.len(); n != 1 || size != 950 {
		t.Errorf("a page of 950 bytes into a cache of 1,000: %d kept, %d bytes", n, size)
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// A table's page with the clock running is never kept (its time is the
// view's own: TestRunningClockPageIsCompressedOnce); once paused, the
// page is kept with the clock's form, whose one-time token is drawn
// afresh for each view, and is the page drawn afresh but for its tokens.
func TestKeptPageAndTheClock(t *testing.T) {
	ts := newTestServer(t)
	table := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	tokenRE := regexp.MustCompile(`name="_(token|csrf)" value="[^"]*"`)
	view := func(path string) (string, bool) {
		t.Helper()
		before := ts.app.pages.served()
		p := ts.Get(path)
		if p.Status != http.StatusOK {
			t.Fatalf("GET %s: %d", path, p.Status)
		}
		return string(p.Body), ts.app.pages.served() > before
	}
	start := table + "/clock/start?back=round"
	if p := ts.Post(start, ts.Get(table+"/games/new").FormOf(t, start)); p.Status != http.StatusSeeOther {
		t.Fatalf("start the clock: %d", p.Status)
	}
	view(table)
	if _, kept := view(table); kept {
		t.Error("a page with the clock running was served from a kept page")
	}
	pause := table + "/clock/pause?back=round"
	if p := ts.Post(pause, ts.Get(table+"/games/new").FormOf(t, pause)); p.Status != http.StatusSeeOther {
		t.Fatalf("pause the clock: %d", p.Status)
	}
	first, _ := view(table)
	second, kept := view(table)
	if !kept {
		t.Fatal("the page with the clock paused was not kept")
	}
	if !strings.Contains(second, `data-testid="clock-paused"`) || !strings.Contains(second, table+"/clock/start") {
		t.Error("the kept page has no paused clock with its form")
	}
	fresh, _ := view(table + "?done=none")
	fresh = strings.ReplaceAll(fresh, "%3Fdone%3Dnone", "")
	if tokenRE.ReplaceAllString(second, "T") != tokenRE.ReplaceAllString(fresh, "T") {
		t.Error("the kept page with the paused clock differs from the page drawn afresh in more than its tokens")
	}
	seen := map[string]bool{}
	for _, page := range []string{first, second} {
		for _, m := range regexp.MustCompile(`name="_token" value="([^"]*)"`).FindAllStringSubmatch(page, -1) {
			if seen[m[1]] {
				t.Errorf("one-time token %q in two views", m[1])
			}
			seen[m[1]] = true
		}
	}
}
