package server

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"tablemate/web/areatest"
	"tablemate/web/cambio/cambiotest"
)

// A game's result page (behind either link) and the evening's page are
// kept rendered as the table's page is: a second view of one version is
// served from the kept page, the same page but for its tokens as the one
// drawn afresh (asked with a query that changes nothing), in English and
// German; the edit pages' one-time tokens are never drawn twice, the
// view-only page carries no edit link and no form, and a new version (an
// undo) is drawn anew, not served from the page kept before it.
func TestKeptGameAndEveningPages(t *testing.T) {
	ts := newTestServer(t)
	table, _, _ := ts.ImportJSON(cambiotest.Export(13)) // two games over, game 3 in progress
	viewPath := areatest.ViewPath(t, ts.Get(table))
	tokenRE := regexp.MustCompile(`name="_(token|csrf)" value="[^"]*"`)
	oneTimeRE := regexp.MustCompile(`name="_token" value="([^"]*)"`)
	get := func(path, lang string) (string, bool) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
		req.Header.Set("Accept-Language", lang)
		before := ts.app.pages.served()
		resp, err := ts.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", path, resp.StatusCode)
		}
		return string(body), ts.app.pages.served() > before
	}
	check := func(when string) {
		for _, lang := range []string{"en", "de"} {
			for _, path := range []string{table + "/games/1", table + "/games/2", viewPath + "/games/2", table + "/evening"} {
				first, _ := get(path, lang)
				second, kept := get(path, lang)
				if !kept {
					t.Errorf("%s, %s in %s: the second view was not served from the kept page", when, path, lang)
				}
				fresh, _ := get(path+"?done=none", lang)
				fresh = strings.ReplaceAll(fresh, "%3Fdone%3Dnone", "")
				if a, b := tokenRE.ReplaceAllString(second, "T"), tokenRE.ReplaceAllString(fresh, "T"); a != b {
					n := 0
					for n < min(len(a), len(b)) && a[n] == b[n] {
						n++
					}
					t.Errorf("%s, %s in %s: the kept page differs from the one drawn afresh at byte %d: %q against %q", when, path, lang, n, a[max(0, n-80):min(len(a), n+80)], b[max(0, n-80):min(len(b), n+80)])
				}
				if strings.HasPrefix(path, viewPath) {
					if strings.Contains(second, table) || strings.Contains(second, "_token") {
						t.Errorf("%s, the view-only %s in %s carries the edit link or a form", when, path, lang)
					}
					continue
				}
				seen := map[string]bool{}
				for _, page := range []string{first, second} {
					for _, m := range oneTimeRE.FindAllStringSubmatch(page, -1) {
						if seen[m[1]] {
							t.Errorf("%s, %s in %s: one-time token %q in two views", when, path, lang, m[1])
						}
						seen[m[1]] = true
					}
				}
				if len(seen) < 2 {
					t.Errorf("%s, %s in %s: %d one-time tokens in two views, want forms on the edit page", when, path, lang, len(seen))
				}
			}
		}
	}
	check("at first")
	// An undo takes back game 3's newest round: a new version, whose
	// pages are drawn anew (the first view of each is not a kept one).
	undo := ts.Get(table)
	if resp := ts.Post(table+"/undo", undo.FormOf(t, table+"/undo")); resp.Status >= 400 {
		t.Fatalf("undo: %d", resp.Status)
	}
	if _, kept := get(table+"/evening", "en"); kept {
		t.Error("the evening's page after an undo was served from the page kept before it")
	}
	check("after an undo")
}
