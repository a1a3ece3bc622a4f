package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

func TestInstallable(t *testing.T) {
	ts := newTestServer(t)
	home := ts.get("/")
	if href, _ := home.doc.Find(`link[rel="manifest"]`).Attr("href"); href != "/manifest.webmanifest" {
		t.Fatalf("manifest link %q", href)
	}
	m := ts.get("/manifest.webmanifest")
	var man struct {
		Name     string `json:"name"`
		StartURL string `json:"start_url"`
		Display  string `json:"display"`
		Icons    []struct {
			Src string `json:"src"`
		} `json:"icons"`
	}
	if err := json.Unmarshal([]byte(m.body), &man); err != nil || m.header.Get("Content-Type") != "application/manifest+json" {
		t.Fatalf("manifest: %v %q", err, m.header.Get("Content-Type"))
	}
	if man.Name != "Tablemate" || man.StartURL != "/" || man.Display != "standalone" || len(man.Icons) == 0 {
		t.Errorf("manifest %+v", man)
	}
	for _, icon := range man.Icons {
		if p := ts.get(icon.Src); p.status != http.StatusOK {
			t.Errorf("icon %s: %d", icon.Src, p.status)
		}
	}
	sw := ts.get("/sw.js")
	if sw.status != http.StatusOK || !strings.HasPrefix(sw.header.Get("Content-Type"), "text/javascript") ||
		sw.header.Get("Cache-Control") != "no-cache" || !strings.Contains(sw.body, `addEventListener("fetch"`) {
		t.Fatalf("sw.js: %d %q %q", sw.status, sw.header.Get("Content-Type"), sw.header.Get("Cache-Control"))
	}
	for q, want := range map[string]string{"": "no copy to show", "?write=1": "not saved"} {
		if p := ts.get("/offline" + q); p.status != http.StatusOK || !strings.Contains(p.body, want) {
			t.Errorf("/offline%s: %d, lacks %q", q, p.status, want)
		}
	}
	if home.doc.Find(`#offline-banner[hidden]`).Length() != 1 {
		t.Error("pages lack the (hidden) offline banner")
	}
}
