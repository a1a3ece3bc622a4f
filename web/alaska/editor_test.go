package alaska_test

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/web/server"
	"tablemate/web/webtest"
)

func TestAlaskaTable(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	table := ts.NewTable("alaska", "", "Ana", "Ben", "Cy")
	if n := ts.Get(table + "/games/new").Doc.Find(`input[name="players[2].salmon"]`).Length(); n != 1 {
		t.Fatal("no salmon field for the third player")
	}
	p := ts.EnterGame(t, table, map[string]string{"players[0].salmon": "5", "players[1].salmon": "3", "players[2].salmon": "5"})
	if p.Status != http.StatusSeeOther {
		t.Fatalf("enter: %d %s", p.Status, p.Body)
	}
	res := ts.Get(p.Header.Get("Location"))
	if got := res.Text(`[data-testid="winners"]`); !strings.Contains(got, "Ana and Cy tie for the win") {
		t.Errorf("winners %q (ALA-1: ties all win)", got)
	}
	bad := ts.EnterGame(t, table, map[string]string{"players[1].salmon": "lots"})
	if bad.Status != http.StatusUnprocessableEntity {
		t.Fatalf("bad count: %d", bad.Status)
	}
	if inv, _ := bad.Doc.Find(`[name="players[1].salmon"]`).Attr("aria-invalid"); inv != "true" {
		t.Error("the bad field is not marked")
	}
	neg := ts.EnterDisputed(t, table, map[string]string{"players[1].salmon": "-2"})
	if r := ts.Get(neg.Header.Get("Location")); r.Doc.Find(`[data-code="negative_count"]`).Length() != 1 {
		t.Error("a negative count is not shown as negative_count")
	}
}
