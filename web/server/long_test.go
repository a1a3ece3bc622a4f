package server

import (
	"fmt"
	"testing"

	"tablemate/web/areatest"
)

func TestFixturesImport(t *testing.T) {
	ts := newTestServer(t)
	table, _, _ := ts.ImportJSON(areatest.KKSExport(30))
	if got := ts.Get(table).Text(`tr[data-player="Amelia"] [data-testid="total"]`); got != fmt.Sprint(29*86) {
		t.Errorf("Amelia has %s after 29 games", got)
	}
	_, public, _ := ts.ImportJSON(areatest.LeagueExport(4, 5))
	if p := ts.Get(public); p.Doc.Find(`[data-testid="league-tables"] li`).Length() != 4 {
		t.Errorf("league of 4 tables lists %d", p.Doc.Find(`[data-testid="league-tables"] li`).Length())
	}
}
