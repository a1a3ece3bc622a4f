package alaska_test

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/web/alaska/alaskatest"
	"tablemate/web/webtest"
)

// Issue #38: a refused cast opens again where it was made: a cast into a
// section the section's panel (with the casts the hand allows), two cards
// into open water the open water unfolded.
func TestAlaskaRefusalKeepsTheCast(t *testing.T) {
	ts, table := akStarted(t)
	for _, m := range alaskatest.Script[:2] { // salmon on 4, a flow: 2 cards left
		if p := alaskatest.Tap(t, ts, table, m); p.Status != http.StatusSeeOther {
			t.Fatalf("%v: %d %s", m, p.Status, p.Text(".banner-bad"))
		}
	}
	send := func(fields map[string]string) webtest.Page {
		f := ts.Get(table+"/play").FormOf(t, table+"/play/step")
		for k, v := range fields {
			f.Set(k, v)
		}
		return ts.Post(table+"/play/step", f)
	}
	p := send(map[string]string{"move": "cast:1+2+4"})
	if p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".banner-bad"), "rule ALA-1") {
		t.Fatalf("three cards cast from a hand of 2: %d %q", p.Status, p.Text(".banner-bad"))
	}
	if got := p.Text(`[data-testid="cast-preview"]`); !strings.HasPrefix(got, "A cast into 7") {
		t.Errorf("the refusal does not open section 7: %q", got)
	}
	// Two cards into open water with the second missing: the open water
	// opens with the first card chosen.
	p = send(map[string]string{"move": "cast:pair", "pair_a": "12", "pair_b": ""})
	if p.Status != http.StatusUnprocessableEntity {
		t.Fatalf("two cards into open water, one missing: %d", p.Status)
	}
	if _, open := p.Doc.Find(`[data-testid="open-water"]`).Attr("open"); !open {
		t.Error("the refused open-water cast is folded away")
	}
	if v, _ := p.Doc.Find(`[data-testid="pair-a"] option[selected]`).Attr("value"); v != "12" {
		t.Errorf("the first card chosen is lost: %q", v)
	}
	if _, open := ts.Get(table + "/play").Doc.Find(`[data-testid="open-water"]`).Attr("open"); open {
		t.Error("a fresh page unfolds the open water")
	}
}
