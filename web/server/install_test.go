package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

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
			Src string `json:"src"`
		} `json:"icons"`
	}
	if err := json.Unmarshal([]byte(m.Body), &man); err != nil || m.Header.Get("Content-Type") != "application/manifest+json" {
		t.Fatalf("manifest: %v %q", err, m.Header.Get("Content-Type"))
	}
	if man.Name != "Tablemate" || man.StartURL != "/" || man.Display != "standalone" || len(man.Icons) == 0 {
		t.Errorf("manifest %+v", man)
	}
	for _, icon := range man.Icons {
		if p := ts.Get(icon.Src); p.Status != http.StatusOK {
			t.Errorf("icon %s: %d", icon.Src, p.Status)
		}
	}
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
