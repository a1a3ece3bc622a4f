package table_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"tablemate/web/cambio/cambiotest"
	"tablemate/web/server"
)

// A table page asked without a query is drawn from its view kept per
// version, language, link and capability (viewOf) and its invite links
// kept per version and language (tableShare); a page asked with a query
// that changes nothing it shows (?done= of no confirmation) is built
// afresh. Both must be the same page but for their tokens, on the edit
// and the view-only link, in English and German, for a table with a round
// in progress (the edit page's links to correct a round) and one after a
// write (a new version keeps its own view). Were anything of one reader's
// request kept in the view (a token, a confirmation, the other link), the
// pages would differ or a token would repeat.
func TestKeptTableViewIsTheFreshOne(t *testing.T) {
	ts := newTestServer(t)
	table, _, _ := ts.ImportJSON(cambiotest.Export(13)) // game 3 in progress, two rounds in
	view := ts.Get(table).Doc.Find(`[data-testid="view-link"]`).AttrOr("value", "")
	i := strings.Index(view, "/v/")
	if i < 0 {
		t.Fatalf("no view-only link on the edit page: %q", view)
	}
	viewPath := view[i:]
	tokenRE := regexp.MustCompile(`name="_(token|csrf)" value="[^"]*"`)
	get := func(path, lang string) string {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
		req.Header.Set("Accept-Language", lang)
		resp, err := ts.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", path, resp.StatusCode)
		}
		return string(body)
	}
	check := func(when string) {
		for _, lang := range []string{"en", "de"} {
			for _, path := range []string{table, viewPath} {
				kept1, kept2, fresh := get(path, lang), get(path, lang), get(path+"?done=none", lang)
				// The layout's language switch comes back to the address asked.
				fresh = strings.ReplaceAll(fresh, "%3Fdone%3Dnone", "")
				if tokenRE.ReplaceAllString(kept1, "T") != tokenRE.ReplaceAllString(fresh, "T") ||
					tokenRE.ReplaceAllString(kept2, "T") != tokenRE.ReplaceAllString(fresh, "T") {
					a, b := tokenRE.ReplaceAllString(kept2, "T"), tokenRE.ReplaceAllString(fresh, "T")
					n := 0
					for n < min(len(a), len(b)) && a[n] == b[n] {
						n++
					}
					t.Errorf("%s, %s in %s: the page from the kept view differs from the one built afresh at byte %d: %q against %q", when, path, lang, n, a[max(0, n-80):min(len(a), n+80)], b[max(0, n-80):min(len(b), n+80)])
				}
				if path == viewPath {
					if strings.Contains(kept2, table) || strings.Contains(kept2, "_token") {
						t.Errorf("%s, the view-only page in %s carries the edit link or a form", when, lang)
					}
					continue
				}
				if !strings.Contains(kept2, table+"/games/3/rounds/") {
					t.Errorf("%s, the edit page in %s has no link to correct a round of the game in progress", when, lang)
				}
				seen := map[string]bool{}
				for _, page := range []string{kept1, kept2} {
					for _, m := range regexp.MustCompile(`name="_token" value="([^"]*)"`).FindAllStringSubmatch(page, -1) {
						if seen[m[1]] {
							t.Errorf("%s, the edit page in %s: one-time token %q in two views", when, lang, m[1])
						}
						seen[m[1]] = true
					}
				}
				if len(seen) < 4 {
					t.Errorf("%s, the edit page in %s: %d one-time tokens in two views", when, lang, len(seen))
				}
			}
		}
	}
	check("at first")
	undo := ts.Get(table)
	resp := ts.Post(table+"/undo", undo.FormOf(t, table+"/undo"))
	if resp.Status >= 400 {
		t.Fatalf("undo: %d", resp.Status)
	}
	check("after an undo")
}

// BenchmarkTablePageGzip is BenchmarkTablePage as tablemate-bench asks
// for it: compressed, from a client without cookies (each view is given
// a CSRF cookie).
func BenchmarkTablePageGzip(b *testing.B) {
	ts := newTestServerWith(b, func(a *server.App) { a.SetWriteRate(0) })
	defer ts.Close()
	table := ts.BenchTable(b)
	h := ts.Config.Handler
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, table, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "gzip" {
			b.Fatal(rec.Code, rec.Header())
		}
	}
}

// BenchmarkGameAndEveningPages asks a finished game's result page and the
// evening's page of one version again and again, compressed, from a
// client without cookies: served from the kept page after the first.
func BenchmarkGameAndEveningPages(b *testing.B) {
	ts := newTestServerWith(b, func(a *server.App) { a.SetWriteRate(0) })
	defer ts.Close()
	table, _, _ := ts.ImportJSON(cambiotest.Export(13))
	h := ts.Config.Handler
	for _, page := range []string{"/games/2", "/evening"} {
		b.Run(strings.TrimPrefix(page, "/"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				rec := httptest.NewRecorder()
				req := httptest.NewRequest(http.MethodGet, table+page, nil)
				req.Header.Set("Accept-Encoding", "gzip")
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatal(rec.Code)
				}
			}
		})
	}
}
