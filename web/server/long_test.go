package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// Fixtures for long tables and big leagues, written through the import
// (one transaction) so building them takes a second, not an fsync per
// event.

// kksTwo and kksThree are full, valid Koffer, Katze & Sombrero states
// (KKS-3: 17 cards each with two players, 12 with three).
const (
	kksTwo = `{"players":[{"name":"Amelia","tokens":3,"display":{"red":"1 2 3 4 5 6 7 8 9 10","blue":"1 2 3 4 5 6 7"}},` +
		`{"name":"Victor","tokens":1,"display":{"yellow":"1 2 3 4 5 6 7 8 9 10","black":"1 2 3 4 5 6 7"}}]}`
	kksThree = `{"players":[{"name":%q,"tokens":0,"display":{"red":"1 2 3 4 5 6 7 8 9 10","blue":"1 2"}},` +
		`{"name":%q,"tokens":0,"display":{"yellow":"1 2 3 4 5 6 7 8 9 10","blue":"3 4"}},` +
		`{"name":%q,"tokens":0,"display":{"black":"1 2 3 4 5 6 7 8 9 10","blue":"5 6"}}]}`
)

// tableExport is the export of a table named name of Amelia and Victor
// (or the given players) with the given game states, one event each.
func tableExport(name string, players []string, states []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"format":"tablemate-table","version":1,"name":%q,"game":"koffer-katze-sombrero","events":[`, name)
	fmt.Fprintf(&b, `{"seq":1,"kind":"table_created","payload":{"game":"koffer-katze-sombrero","name":%q,"players":["%s"]},"at":"2026-11-20T19:00:00Z"}`,
		name, strings.Join(players, `","`))
	for i, s := range states {
		fmt.Fprintf(&b, `,{"seq":%d,"kind":"game_recorded","payload":{"state":%s},"at":"2026-11-20T19:%02d:00Z"}`, i+2, s, i%60)
	}
	b.WriteString("]}")
	return b.String()
}

// kksExport is a table of n events: its start and n−1 games.
func kksExport(n int) string {
	states := make([]string, n-1)
	for i := range states {
		states[i] = kksTwo
	}
	return tableExport("Long evening", []string{"Amelia", "Victor"}, states)
}

// sheetExport is a table of another game for Ana, Ben and Cy that played
// n short games of it (one round each, the last), named in turn Skyjo,
// Wizard and Doppelkopf and won in turn by Ana, Ben and Cy.
func sheetExport(n int) string {
	var b strings.Builder
	b.WriteString(`{"format":"tablemate-table","version":1,"name":"Long evening","game":"another-game","events":[` +
		`{"seq":1,"kind":"table_created","payload":{"game":"another-game","name":"Long evening","players":["Ana","Ben","Cy"]},"at":"2026-11-20T19:00:00Z"}`)
	for i := range n {
		points := [3]int{10, 10, 10}
		points[i%3] = 20
		fmt.Fprintf(&b, `,{"seq":%d,"kind":"round_recorded","payload":{"game":%d,"round":{"name":%q,"last":true,"scores":[`+
			`{"name":"Ana","points":%d},{"name":"Ben","points":%d},{"name":"Cy","points":%d}]}},"at":"2026-11-20T19:%02d:00Z"}`,
			i+2, i+1, []string{"Skyjo", "Wizard", "Doppelkopf"}[i%3], points[0], points[1], points[2], i%60)
	}
	b.WriteString("]}")
	return b.String()
}

// leagueExport is a placing league of six members over the given number
// of tables of three players, each with games games.
func leagueExport(tables, games int) string {
	members := []string{"Amelia", "Victor", "Enrique", "Ida", "Ola", "Ben"}
	var b strings.Builder
	b.WriteString(`{"format":"tablemate-league","version":1,"name":"Season","scheme":"placing","points":"3/2/1/0","members":[`)
	for i, m := range members {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"Name":%q,"Emoji":"","MergedInto":""}`, m)
	}
	b.WriteString(`],"tables":[`)
	for i := range tables {
		if i > 0 {
			b.WriteString(",")
		}
		p := []string{members[i%6], members[(i+1)%6], members[(i+3)%6]}
		states := make([]string, games)
		for g := range states {
			states[g] = fmt.Sprintf(kksThree, p[g%3], p[(g+1)%3], p[(g+2)%3])
		}
		b.WriteString(tableExport(fmt.Sprintf("Table %d", i+1), p, states))
	}
	b.WriteString("]}")
	return b.String()
}

// importJSON stores an export through the sessions' import and returns
// the new table's path, or the league's public and admin paths.
func (ts *testServer) importJSON(data string) (table, public, admin string) {
	ts.T.Helper()
	im, err := ts.app.tables.ImportFile(context.Background(), strings.NewReader(data))
	if err != nil {
		ts.T.Fatal(err)
	}
	if im.League != nil {
		return "", "/leagues/" + im.League.ID, "/l/" + im.League.AdminLink()
	}
	return "/tables/" + im.Edit, "", ""
}

func TestFixturesImport(t *testing.T) {
	ts := newTestServer(t)
	table, _, _ := ts.importJSON(kksExport(30))
	if got := ts.Get(table).Text(`tr[data-player="Amelia"] [data-testid="total"]`); got != fmt.Sprint(29*86) {
		t.Errorf("Amelia has %s after 29 games", got)
	}
	_, public, _ := ts.importJSON(leagueExport(4, 5))
	if p := ts.Get(public); p.Doc.Find(`[data-testid="league-tables"] li`).Length() != 4 {
		t.Errorf("league of 4 tables lists %d", p.Doc.Find(`[data-testid="league-tables"] li`).Length())
	}
}

// cambioExport is a Cambio table of Ana, Ben and Cy with n events: its
// start and n−1 rounds. Every game is five rounds: Ana scores 11 a round,
// Ben 7 and Cy, who calls Cambio with the fewest points, 2 − 5, so Ana's
// 55 ends each game after its fifth round (ruling CAM-2) and Cy wins it.
func cambioExport(n int) string {
	var b strings.Builder
	b.WriteString(`{"format":"tablemate-table","version":1,"name":"Long Cambio","game":"cambio","events":[` +
		`{"seq":1,"kind":"table_created","payload":{"game":"cambio","name":"Long Cambio","players":["Ana","Ben","Cy"]},"at":"2026-11-20T19:00:00Z"}`)
	hands := [][3]string{{`"5","6"`, `"3","4"`, `"2"`}, {`"4","7"`, `"7"`, `"1","1"`}, {`"11"`, `"2","5"`, `"0","2"`}}
	for i := range n - 1 {
		h := hands[i%len(hands)]
		fmt.Fprintf(&b, `,{"seq":%d,"kind":"round_recorded","payload":{"game":%d,"round":{"players":[`+
			`{"name":"Ana","cards":[%s]},{"name":"Ben","cards":[%s]},{"name":"Cy","cards":[%s],"cambio":true}]}},"at":"2026-11-20T%02d:%02d:00Z"}`,
			i+2, i/5+1, h[0], h[1], h[2], 19+i/60%5, i%60)
	}
	b.WriteString("]}")
	return b.String()
}
