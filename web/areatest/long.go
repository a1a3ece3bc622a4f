package areatest

import (
	"context"
	"fmt"
	"strings"

	"tablemate/scoring/kks"
	"tablemate/scoring/sheet"
)

// Fixtures for long tables and big leagues (the tests of web/server and
// of web/table read them), written through the import
// (one transaction) so building them takes a second, not an fsync per
// event.

// KKSTwo and KKSThree are full, valid Koffer, Katze & Sombrero states
// (KKS-3: 17 cards each with two players, 12 with three).
const (
	KKSTwo = `{"players":[{"name":"Amelia","tokens":3,"display":{"red":"1 2 3 4 5 6 7 8 9 10","blue":"1 2 3 4 5 6 7"}},` +
		`{"name":"Victor","tokens":1,"display":{"yellow":"1 2 3 4 5 6 7 8 9 10","black":"1 2 3 4 5 6 7"}}]}`
	KKSThree = `{"players":[{"name":%q,"tokens":0,"display":{"red":"1 2 3 4 5 6 7 8 9 10","blue":"1 2"}},` +
		`{"name":%q,"tokens":0,"display":{"yellow":"1 2 3 4 5 6 7 8 9 10","blue":"3 4"}},` +
		`{"name":%q,"tokens":0,"display":{"black":"1 2 3 4 5 6 7 8 9 10","blue":"5 6"}}]}`
)

// TableExport is the export of a table named name of Amelia and Victor
// (or the given players) with the given game states, one event each.
func TableExport(name string, players []string, states []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"format":"tablemate-table","version":1,"name":%q,"game":%q,"events":[`, name, kks.Slug)
	fmt.Fprintf(&b, `{"seq":1,"kind":"table_created","payload":{"game":%q,"name":%q,"players":["%s"]},"at":"2026-11-20T19:00:00Z"}`,
		kks.Slug, name, strings.Join(players, `","`))
	for i, s := range states {
		fmt.Fprintf(&b, `,{"seq":%d,"kind":"game_recorded","payload":{"state":%s},"at":"2026-11-20T19:%02d:00Z"}`, i+2, s, i%60)
	}
	b.WriteString("]}")
	return b.String()
}

// KKSExport is a table of n events: its start and n−1 games.
func KKSExport(n int) string {
	states := make([]string, n-1)
	for i := range states {
		states[i] = KKSTwo
	}
	return TableExport("Long evening", []string{"Amelia", "Victor"}, states)
}

// SheetExport is a table of another game for Ana, Ben and Cy that played
// n short games of it (one round each, the last), named in turn Skyjo,
// Wizard and Doppelkopf and won in turn by Ana, Ben and Cy.
func SheetExport(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"format":"tablemate-table","version":1,"name":"Long evening","game":%q,"events":[`+
		`{"seq":1,"kind":"table_created","payload":{"game":%q,"name":"Long evening","players":["Ana","Ben","Cy"]},"at":"2026-11-20T19:00:00Z"}`, sheet.Slug, sheet.Slug)
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

// LeagueExport is a placing league of six members over the given number
// of tables of three players, each with games games.
func LeagueExport(tables, games int) string {
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
			states[g] = fmt.Sprintf(KKSThree, p[g%3], p[(g+1)%3], p[(g+2)%3])
		}
		b.WriteString(TableExport(fmt.Sprintf("Table %d", i+1), p, states))
	}
	b.WriteString("]}")
	return b.String()
}

// ImportJSON stores an export through the sessions' import and returns
// the new table's path, or the league's public and admin paths.
func (ts Steps) ImportJSON(data string) (table, public, admin string) {
	ts.T.Helper()
	im, err := ts.Tables().ImportFile(context.Background(), strings.NewReader(data))
	if err != nil {
		ts.T.Fatal(err)
	}
	if im.League != nil {
		return "", "/leagues/" + im.League.ID, "/l/" + im.League.AdminLink()
	}
	return "/tables/" + im.Edit, "", ""
}
