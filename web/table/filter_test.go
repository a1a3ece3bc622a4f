package table

import (
	"net/url"
	"strings"
	"testing"
)

func FuzzHistoryFilter(f *testing.F) {
	f.Add("game=koffer-katze-sombrero&player=Ana")
	f.Add("player=%ff%fe" + strings.Repeat("x", 60))
	f.Add("game=../../etc&player=")
	f.Fuzz(func(t *testing.T, raw string) {
		q, _ := url.ParseQuery(raw)
		h := parseHistoryFilter(q)
		if len([]rune(h.Player)) > 40 || strings.TrimSpace(h.Player) != h.Player {
			t.Errorf("player %q not trimmed to 40", h.Player)
		}
		if h.Game != "" && h.Game != q.Get("game") {
			t.Errorf("game %q not from the query", h.Game)
		}
	})
}
