package check_test

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/web/kks/kkstest"
)

func TestCheckPageScoresWithoutSaving(t *testing.T) {
	ts := newTestServer(t)
	form := ts.Get("/check/koffer-katze-sombrero")
	f := form.FormOf(t, "/check/koffer-katze-sombrero")
	f.Set("players[0].name", "Amelia")
	f.Set("players[1].name", "Victor")
	f = kkstest.Form(f, []map[string]string{kkstest.Amelia, {"red": "7 5"}}, []string{"3", "0"})
	p := ts.Post("/check/koffer-katze-sombrero", f)
	if p.Status != http.StatusOK {
		t.Fatalf("check: %d\n%s", p.Status, p.Body)
	}
	if got := p.Text(`[data-player="Amelia"] [data-testid="player-total"]`); got != "58" {
		t.Errorf("Amelia = %q, want 58", got)
	}
	li := p.Doc.Find(`[data-code="not_ascending"]`)
	if li.Length() == 0 || !strings.Contains(li.Text(), "Victor") || !strings.Contains(li.Text(), "KKS-2") {
		t.Errorf("red 7 then 5 face up is not shown as not_ascending for Victor with KKS-2: %q", li.Text())
	}
	// Plain words first (issue #18): the engine's sentence is what a
	// player reads; the ruling and the code are small print under "Why?".
	sentence, why := li.Find(`[data-testid="violation-text"]`).Text(), li.Find(`details[data-testid="why"]`)
	if sentence == "" || strings.Contains(sentence, "not_ascending") || strings.Contains(sentence, "KKS-2") {
		t.Errorf("the sentence %q is empty or shows the code or ruling", sentence)
	}
	if why.Find("summary").Text() != "Why?" || why.Find("code").Text() != "not_ascending" || !strings.Contains(why.Text(), "KKS-2") {
		t.Errorf("the why disclosure does not hold the ruling and the code: %q", why.Text())
	}
	// "Change these entries" brings the editor back with what was entered.
	back := ts.Post("/check/koffer-katze-sombrero", p.FormOf(t, "/check/koffer-katze-sombrero"))
	if v, _ := back.Doc.Find(`input[name="players[1].display.red"]`).Attr("value"); back.Status != http.StatusOK || v != "7 5" {
		t.Errorf("reopened kit.Editor: %d, Victor's red = %q, want 7 5", back.Status, v)
	}
	// A bad token in the third seat is reported on that seat's field.
	f.Set("players[2].name", "Cy")
	f.Set("players[2].display.red", "1 2 ?")
	p = ts.Post("/check/koffer-katze-sombrero", f)
	if p.Status != http.StatusUnprocessableEntity {
		t.Fatalf("bad token: %d", p.Status)
	}
	if inv, _ := p.Doc.Find(`[name="players[2].display.red"]`).Attr("aria-invalid"); inv != "true" {
		t.Errorf("the third seat's red stack is not marked invalid:\n%s", p.Text(".field-error"))
	}
	if recent := ts.Get("/"); recent.Doc.Find(`[data-testid="no-tables"]`).Length() != 1 {
		t.Error("checking a score created a table")
	}
}
