package areatest

import (
	"bytes"
	"image/png"
	"net/http"
	"net/url"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/web/webtest"
)

// The result cards and link previews as the tests read them (web/cards',
// and web/server's evening and crawl tests).

// DecodeCard checks that p is a result card: a PNG of 1200×630.
func DecodeCard(t *testing.T, what string, p webtest.Page) {
	t.Helper()
	if p.Status != http.StatusOK || p.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("%s: %d %q", what, p.Status, p.Header.Get("Content-Type"))
	}
	img, err := png.Decode(bytes.NewReader([]byte(p.Body)))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if b := img.Bounds(); b.Dx() != 1200 || b.Dy() != 630 {
		t.Fatalf("%s is %v, want 1200×630", what, b)
	}
}

// Preview returns a page's og: meta tags.
func Preview(p webtest.Page) map[string]string {
	out := map[string]string{}
	p.Doc.Find(`meta[property^="og:"]`).Each(func(_ int, s *goquery.Selection) {
		k, _ := s.Attr("property")
		v, _ := s.Attr("content")
		out[k] = v
	})
	return out
}

// LocalPath is the path and query of an absolute URL on the test server.
func LocalPath(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		t.Fatalf("not an absolute URL: %q", raw)
	}
	return u.RequestURI()
}
