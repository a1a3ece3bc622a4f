package server

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestCompressPages: pages (error pages too) reach a gzip client
// compressed and whole; a small answer and a client without gzip get the
// bytes as they are.
func TestCompressPages(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	for _, tc := range []struct {
		name, method, path, body, enc string
		status                        int
		zipped                        bool
		want                          string
	}{
		{"table page", http.MethodGet, table, "", "gzip", http.StatusOK, true, "Amelia"},
		{"table page, no gzip", http.MethodGet, table, "", "", http.StatusOK, false, "Amelia"},
		{"missing page", http.MethodGet, "/tables/nosuchtable", "", "gzip", http.StatusNotFound, true, "Not found"},
		{"small API answer", http.MethodPost, "/api/v1/games/auf-der-hut/score", `{"players":[]}`, "gzip", http.StatusOK, false, `"game"`},
		{"large API answer", http.MethodPost, "/api/v1/games/koffer-katze-sombrero/score", ameliaJSON, "gzip", http.StatusOK, true, `"label":"red face-up"`},
		{"large API answer, gzip refused", http.MethodPost, "/api/v1/games/koffer-katze-sombrero/score", ameliaJSON, "gzip;q=0, br", http.StatusOK, false, `"label":"red face-up"`},
		{"large API answer, gzip among others", http.MethodPost, "/api/v1/games/koffer-katze-sombrero/score", ameliaJSON, "br, gzip;q=0.5", http.StatusOK, true, `"game":"koffer-katze-sombrero"`},
	} {
		req, _ := http.NewRequest(tc.method, ts.URL+tc.path, strings.NewReader(tc.body))
		req.Header.Set("Accept-Encoding", tc.enc)
		if tc.body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body := resp.Body
		zipped := resp.Header.Get("Content-Encoding") == "gzip"
		if zipped {
			if body, err = gzip.NewReader(resp.Body); err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
		}
		text, err := io.ReadAll(body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != tc.status || zipped != tc.zipped || !strings.Contains(string(text), tc.want) {
			t.Errorf("%s: status %d, gzip %v, err %v, body %.200q", tc.name, resp.StatusCode, zipped, err, text)
		}
		if (tc.zipped || tc.status == http.StatusOK && tc.body != "") && !strings.Contains(strings.Join(resp.Header.Values("Vary"), ","), "Accept-Encoding") {
			t.Errorf("%s: no Vary: Accept-Encoding", tc.name)
		}
	}
}
