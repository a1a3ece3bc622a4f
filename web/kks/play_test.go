package kks_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/static"
	"tablemate/web/kks/kkstest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

func TestPlayAlongKKS(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateTable("Amelia", "Victor")
	if href, _ := ts.Get(table).Doc.Find(`[data-testid="play-along"]`).Attr("href"); href != table+"/play" {
		t.Fatalf("no play-along link on the table page: %q", href)
	}
	setup := ts.Get(table + "/play")
	f := setup.FormOf(t, table+"/play/start")
	for i, c := range kkstest.Row {
		f.Set(fmt.Sprintf("row[%d]", i), c)
	}
	bad := url.Values{}
	for k, v := range f {
		bad[k] = v
	}
	bad.Set("row[1]", "green 2")
	if p := ts.Post(table+"/play/start", bad); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".field-error"), "green") {
		t.Fatalf("bad row card: %d %q", p.Status, p.Text(".field-error"))
	}
	if p := ts.Post(table+"/play/start", f); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}

	play := ts.Get(table + "/play")
	if got := play.Text(`[data-testid="to-move"]`); !strings.HasPrefix(got, "Amelia") {
		t.Fatalf("to move: %q", got)
	}
	// The rule text's example: taking the third card costs two tokens,
	// one on each skipped card.
	if txt := play.Text(`[data-testid="take-3"]`); !strings.Contains(txt, "pay 2 tokens") {
		t.Errorf("take 3 says %q", txt)
	}
	pick := ts.Get(table + "/play?take=3")
	if pick.Doc.Find(`[data-testid="reveal-blue-7"]`).Length() != 1 || pick.Doc.Find(`[data-testid="reveal-red-1"]`).Length() != 0 {
		t.Fatal("the reveal picker must offer unseen cards only")
	}
	step := pick.FormOf(t, table+"/play/step")
	step.Set("reveal", "blue 7")
	if p := ts.Post(table+"/play/step", step); p.Status != http.StatusSeeOther {
		t.Fatalf("step: %d %s", p.Status, p.Body)
	}
	if p := ts.Post(table+"/play/step", step); p.Status != http.StatusSeeOther { // double tap
		t.Fatalf("repeated step: %d", p.Status)
	}
	play = ts.Get(table + "/play")
	if n := play.Doc.Find(`[data-testid="row-tokens"]`).Length(); n != 2 {
		t.Errorf("%d row cards carry tokens after the take, want 2", n)
	}
	if got := play.Text(`[data-player="Amelia"] [data-testid="seat-tokens"]`); got != "5 tokens" {
		t.Errorf("Amelia has %q", got)
	}
	if got := play.Text(`[data-testid="to-move"]`); !strings.HasPrefix(got, "Victor") {
		t.Errorf("after one turn %q is to move", got)
	}
	// A take the rules refuse names the rule and records nothing.
	refused := play.FormOf(t, table+"/undo")
	refused.Set("take", "9")
	refused.Set("reveal", "blue 8")
	if p := ts.Post(table+"/play/step", refused); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "rule KKS") {
		t.Errorf("take 9: %d", p.Status)
	}
	// Undo takes the move back and stays in the game.
	if p := ts.Post(table+"/undo", play.FormOf(t, table+"/undo")); p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/play" {
		t.Fatalf("undo: %d %q", p.Status, p.Header.Get("Location"))
	}

	last := kkstest.PlayToTheEnd(t, ts, table)
	if last.Header.Get("Location") != table+"/games/1" {
		t.Fatalf("after the last turn: %q, want the game's result", last.Header.Get("Location"))
	}
	res := ts.Get(table + "/games/1")
	if v, _ := res.Doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "true" {
		t.Errorf("the guided game's final state is not valid: %s", res.Text(`[data-testid="violations"]`))
	}
}

// The game's own script lives in this package and is served with the
// shared files: hashed, cached for a year, sent gzipped.
func TestGameScriptIsServedFromItsPackage(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	table := ts.CreateTable("Amelia", "Victor")
	src := ""
	ts.Get(table + "/play").Doc.Find("script[src]").Each(func(_ int, s *goquery.Selection) {
		if v, _ := s.Attr("src"); strings.HasPrefix(v, "/static/js/play.js?v=") {
			src = v
		}
	})
	if src == "" {
		t.Fatal("the set-up page does not load js/play.js by its hashed URL")
	}
	req, _ := http.NewRequest(http.MethodGet, ts.URL+src, nil)
	req.Header.Set("Accept-Encoding", "gzip") // set by hand: the client then leaves the body compressed
	resp, err := ts.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("%s: %d, Content-Encoding %q, Cache-Control %q", src, resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.Header.Get("Cache-Control"))
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(zr)
	want, _ := os.ReadFile("js/play.js")
	want, err = static.Minify("js/play.js", want) // served minified (static/minify.go)
	if err != nil || len(want) == 0 || !bytes.Equal(got, want) {
		t.Errorf("served %d bytes, the package's js/play.js has %d", len(got), len(want))
	}
}
