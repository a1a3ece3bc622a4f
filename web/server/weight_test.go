package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/static"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

func TestPagesStayWithinTheirWeightBudget(t *testing.T) {
	t.Parallel()
	webtest.SQLiteOnly(t, "the pages' sizes, read from the derived tables")
	webtest.WithoutRace(t, "weighs pages one request after another")
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor", "Enrique", "Zofia")
	entry := ts.Get(table + "/games/new")
	f := kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2"}, {"blue": "3"}, {"black": "4"}}, []string{"3", "1", "1", "1"})
	game := ts.Post(table+"/games", f).Header.Get("Location")

	// The evening's pages: the next game, the end of the evening, and
	// another game's first round (its editor, with the name chips).
	sheet := ts.NewTable("another-game", "", "Amelia", "Victor", "Enrique", "Zofia")
	// A round game: Cambio's table with the game in progress (its rounds,
	// their chart and its next round's entry), with a game over, and a
	// long one (60 games: every list and chart on its page at its longest).
	cambio := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	cambiotest.EnterRound(ts.Server, cambio, cambiotest.Rounds[0].Cards, cambiotest.Rounds[0].Ended)
	cambioOver := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	for _, r := range cambiotest.Rounds {
		cambiotest.EnterRound(ts.Server, cambioOver, r.Cards, r.Ended)
	}
	cambioLong, _, _ := ts.ImportJSON(cambiotest.Export(301))

	for _, path := range []string{"/", "/tables/new", table, table + "/games/new", game, "/check", "/check/koffer-katze-sombrero",
		table + "/next", table + "/evening", sheet + "/games/new", cambio, cambio + "/games/new", cambioOver, cambioOver + "/games/1", cambioLong, cambioLong + "/evening"} {
		t.Run(path, func(t *testing.T) {
			total, doc := ts.CompressedSize(t, path)
			assets := map[string]bool{}
			doc.Find(`link[rel="stylesheet"], script[src]`).Each(func(_ int, s *goquery.Selection) {
				if href, ok := s.Attr("href"); ok {
					assets[href] = true
				}
				if src, ok := s.Attr("src"); ok {
					assets[src] = true
				}
			})
			for a := range assets {
				u, _ := url.Parse(a)
				if u.Host != "" {
					t.Errorf("third-party request to %s", a)
				}
				n, _ := ts.CompressedSize(t, a)
				total += n
			}
			t.Logf("%s: %d bytes compressed with its CSS and JS", path, total)
			if total > webtest.PageBudget {
				t.Errorf("%s weighs %d bytes compressed, over the %d budget", path, total, webtest.PageBudget)
			}
		})
	}
}

// TestStaticFilesArePrecompressed: CSS and JS go out gzipped from the
// copy made at start-up, with Vary, the right type and the same bytes
// as the file; a client that does not take gzip gets the file itself.
func TestStaticFilesArePrecompressed(t *testing.T) {
	ts := newTestServer(t)
	css := ts.Get("/").Doc.Find(`link[rel="stylesheet"]`).AttrOr("href", "")
	for _, enc := range []string{"gzip", "gzip;q=0", "br, gzip; q=0.0", "deflate, gzip;q=0.5", ""} {
		req, _ := http.NewRequest(http.MethodGet, ts.URL+css, nil)
		req.Header.Set("Accept-Encoding", enc)
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		zipped := resp.Header.Get("Content-Encoding") == "gzip"
		if zipped != (enc == "gzip" || strings.Contains(enc, "q=0.5")) || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/css") {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, Content-Type %q", enc, resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Type"))
			continue
		}
		if zipped {
			if !strings.Contains(strings.Join(resp.Header.Values("Vary"), ","), "Accept-Encoding") {
				t.Errorf("no Vary: Accept-Encoding")
			}
			r, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			body, _ = io.ReadAll(r)
		}
		if !bytes.Contains(body, []byte(".lang-switch")) {
			t.Errorf("Accept-Encoding %q: the body is not app.css (%d bytes)", enc, len(body))
		}
	}
}

// TestEveryServedScriptMinifies: every CSS and JS file served, the games'
// registered ones too, is read by the minifier (static/minify.go serves a
// file it cannot read as it is written, which would cost the budget).
func TestEveryServedScriptMinifies(t *testing.T) {
	newTestServer(t) // the games have registered their files
	n := 0
	fs.WalkDir(static.FS(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(name, "vendor/") || strings.Contains(name, ".min.") || (path.Ext(name) != ".css" && path.Ext(name) != ".js") {
			return err
		}
		n++
		served, _ := fs.ReadFile(static.FS(), name)
		if _, err := static.Minify(name, served); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if strings.Contains(string(served), "\n") && len(served) > 400 {
			t.Errorf("%s: served with line breaks, not minified", name)
		}
		return nil
	})
	if n < 20 {
		t.Errorf("only %d CSS/JS files served", n)
	}
}
