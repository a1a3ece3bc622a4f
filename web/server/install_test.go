package server

import (
	"encoding/json"
	"fmt"
	"image/png"
	"net/http"
	"strings"
	"testing"

	"tablemate/web/webtest"
)

// checkPNG: the response is a PNG image of the size the page or manifest says.
func checkPNG(t *testing.T, src string, p webtest.Page, sizes string) {
	t.Helper()
	img, err := png.Decode(strings.NewReader(p.Body))
	if err != nil || p.Header.Get("Content-Type") != "image/png" {
		t.Errorf("%s: %v, %q", src, err, p.Header.Get("Content-Type"))
		return
	}
	if got := fmt.Sprintf("%dx%d", img.Bounds().Dx(), img.Bounds().Dy()); got != sizes {
		t.Errorf("%s is %s, said %s", src, got, sizes)
	}
}

func TestInstallable(t *testing.T) {
	ts := newTestServer(t)
	home := ts.Get("/")
	if href, _ := home.Doc.Find(`link[rel="manifest"]`).Attr("href"); href != "/manifest.webmanifest" {
		t.Fatalf("manifest link %q", href)
	}
	m := ts.Get("/manifest.webmanifest")
	var man struct {
		Name     string `json:"name"`
		StartURL string `json:"start_url"`
		Display  string `json:"display"`
		Icons    []struct {
			Src     string `json:"src"`
			Sizes   string `json:"sizes"`
			Type    string `json:"type"`
			Purpose string `json:"purpose"`
		} `json:"icons"`
	}
	if err := json.Unmarshal([]byte(m.Body), &man); err != nil || m.Header.Get("Content-Type") != "application/manifest+json" {
		t.Fatalf("manifest: %v %q", err, m.Header.Get("Content-Type"))
	}
	if man.Name != "Tablemate" || man.StartURL != "/" || man.Display != "standalone" || len(man.Icons) == 0 {
		t.Errorf("manifest %+v", man)
	}
	pngs := map[string]bool{}
	for _, icon := range man.Icons {
		p := ts.Get(icon.Src)
		if p.Status != http.StatusOK {
			t.Errorf("icon %s: %d", icon.Src, p.Status)
		}
		if icon.Type == "image/png" {
			checkPNG(t, icon.Src, p, icon.Sizes)
			pngs[icon.Sizes+" "+icon.Purpose] = true
		}
	}
	if !pngs["192x192 maskable"] || !pngs["512x512 maskable"] {
		t.Errorf("manifest lacks the 192 and 512 maskable PNGs: %v", pngs)
	}
	// iOS takes no SVG for a home-screen icon: the page links a 180×180 PNG.
	apple := home.Doc.Find(`link[rel="apple-touch-icon"]`)
	href, _ := apple.Attr("href")
	if sizes, _ := apple.Attr("sizes"); sizes != "180x180" || !strings.HasSuffix(strings.SplitN(href, "?", 2)[0], ".png") {
		t.Fatalf("apple-touch-icon %q sizes %q", href, sizes)
	}
	checkPNG(t, href, ts.Get(href), "180x180")
	sw := ts.Get("/sw.js")
	if sw.Status != http.StatusOK || !strings.HasPrefix(sw.Header.Get("Content-Type"), "text/javascript") ||
		sw.Header.Get("Cache-Control") != "no-cache" || !strings.Contains(sw.Body, `addEventListener("fetch"`) {
		t.Fatalf("sw.js: %d %q %q", sw.Status, sw.Header.Get("Content-Type"), sw.Header.Get("Cache-Control"))
	}
	for q, want := range map[string]string{"": "no copy to show", "?write=1": "not saved"} {
		if p := ts.Get("/offline" + q); p.Status != http.StatusOK || !strings.Contains(p.Body, want) {
			t.Errorf("/offline%s: %d, lacks %q", q, p.Status, want)
		}
	}
	if home.Doc.Find(`#offline-banner[hidden]`).Length() != 1 {
		t.Error("pages lack the (hidden) offline banner")
	}
}
