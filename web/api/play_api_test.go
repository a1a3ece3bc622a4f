package api_test

import (
	"net/http"
	"testing"

	"tablemate/web/kks/kkstest"
)

func TestPlayAPIUnknownGame(t *testing.T) {
	ts := newTestServer(t)
	for _, game := range []string{"nope", "kociak"} { // every known game has guided play
		status, out := ts.PostJSON("/api/v1/games/"+game+"/play", `{"players": ["A", "B"], `+kkstest.RowJSON+`, "steps": []}`)
		e, _ := out["error"].(map[string]any)
		if status != http.StatusNotFound || e == nil || e["message"] == "" {
			t.Errorf("%s: %d %v, want 404", game, status, out)
		}
	}
	// GET is not the play route.
	if p := ts.Get(kkstest.PlayURL); p.Status == http.StatusOK {
		t.Errorf("GET %s: %d", kkstest.PlayURL, p.Status)
	}
}
