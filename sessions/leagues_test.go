package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/sessions/league"
)

func TestLeagueLifecycle(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	var in *scoring.InputError
	for _, bad := range []struct{ name, scheme, points, field string }{
		{"", "placing", "", "name"},
		{"Season", "chess", "", "scheme"},
		{"Season", "placing", "3/x", "points"},
	} {
		if _, err := ts.CreateLeague(ctx, bad.name, bad.scheme, bad.points, nil); !errors.As(err, &in) || in.Field != bad.field {
			t.Errorf("CreateLeague(%q, %q, %q): %v, want an error on %s", bad.name, bad.scheme, bad.points, err, bad.field)
		}
	}
	l, err := ts.CreateLeague(ctx, "Season 1", "placing", "", []string{"Ana", "Ben", "Cy", "Anna"})
	if err != nil {
		t.Fatal(err)
	}
	admin := l.AdminLink()
	if l.ID == admin || len(admin) < 26 {
		t.Fatalf("ids %q / %q: the admin link must be its own 128-bit id", l.ID, admin)
	}
	if got, _ := ts.LeagueByAdmin(ctx, admin); got.ID != l.ID || got.PointsText != "3/2/1/0" || got.AdminLink() != admin {
		t.Fatalf("by admin: %+v", got)
	}
	if _, err := ts.LeagueByAdmin(ctx, l.ID); !errors.Is(err, ErrNotFound) {
		t.Fatal("the public id opens the admin page")
	}
	// Opened by its public id, a league shows no admin link and cannot
	// be changed.
	public, _ := ts.League(ctx, l.ID)
	if public.AdminLink() != "" || !errors.Is(ts.AddMember(ctx, public, "Eve", ""), ErrNotAdmin) {
		t.Fatal("the public league can be changed")
	}

	// Two tables: Ana wins one, Ben the other; a third game is invalid.
	id1 := newTable(t, ts) // Ana, Ben, Cy
	ts.RecordGame(ctx, id1, 1, "", state(30, 20, 10))
	ts.RecordGame(ctx, id1, 2, "", state(5, 40, 10))
	l, _ = ts.LeagueByAdmin(ctx, admin)
	if err := ts.AddTable(ctx, l, id1); err != nil {
		t.Fatal(err)
	}
	id2, _ := ts.Create(ctx, "", TableCreated{Game: "sum", Players: []string{"Anna", "Dee"}})
	if err := ts.AddTable(ctx, l, id2); !errors.As(err, &in) {
		t.Fatalf("a table with a non-member was added: %v", err)
	}
	if err := ts.AddMember(ctx, l, "Dee", "🦊"); err != nil {
		t.Fatal(err)
	}
	l, _ = ts.LeagueByAdmin(ctx, admin)
	if err := ts.AddMember(ctx, l, "dee", ""); !errors.As(err, &in) {
		t.Error("a duplicate member was added")
	}
	l, _ = ts.LeagueByAdmin(ctx, admin)
	ts.RecordGame(ctx, id2, 1, "", []byte(`{"players":[{"name":"Anna","total":9},{"name":"Dee","total":3}]}`))
	if err := ts.AddTable(ctx, l, id2); err != nil {
		t.Fatal(err)
	}
	// "Anna" is Ana entered twice: merge her in.
	l, _ = ts.LeagueByAdmin(ctx, admin)
	if err := ts.MergeMembers(ctx, l, "Anna", "Ana"); err != nil {
		t.Fatal(err)
	}
	if err := ts.MergeMembers(ctx, l, "Ana", "Ana"); !errors.As(err, &in) {
		t.Error("merging an entry into itself was accepted")
	}
	l, _ = ts.LeagueByAdmin(ctx, admin)
	if l.Canonical("anna") != "Ana" || l.Canonical("Zed") != "Zed" {
		t.Errorf("canonical names: %q %q", l.Canonical("anna"), l.Canonical("Zed"))
	}
	games, err := ts.LeagueGames(ctx, l)
	if err != nil || len(games) != 3 {
		t.Fatalf("%d league games, %v; want 3", len(games), err)
	}
	results := make([]league.Result, len(games))
	for i, g := range games {
		results[i] = g.Result
	}
	st := league.Standings(results, l.Scheme, l.Points)
	// Ana: 1st (3), 3rd (1), and Anna's 1st (3) = 7.
	if st[0].Player != "Ana" || st[0].Points != 7 || st[0].Played != 3 {
		t.Errorf("standings %+v: Ana (with Anna's game) should lead with 7", st)
	}
}

func TestLeagueExportImportRoundTrip(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	l, _ := ts.CreateLeague(ctx, "Season", "wins", "", []string{"Ana", "Ben", "Cy", "Bob"})
	admin := l.AdminLink()
	id := newTable(t, ts)
	ts.RecordGame(ctx, id, 1, "", state(30, 20, 10))
	l, _ = ts.LeagueByAdmin(ctx, admin)
	ts.AddTable(ctx, l, id)
	ts.AddMember(ctx, l, "Dee", "🦊")
	l, _ = ts.LeagueByAdmin(ctx, admin)
	ts.MergeMembers(ctx, l, "Bob", "Ben")
	l, _ = ts.LeagueByAdmin(ctx, admin)

	x, err := ts.ExportLeague(ctx, l)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(x)
	copyL, err := ts.ImportLeague(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	if copyL.ID == l.ID || copyL.AdminLink() == l.AdminLink() || copyL.AdminLink() == "" {
		t.Fatal("the import reuses the league's links")
	}
	y, _ := ts.ExportLeague(ctx, copyL)
	again, _ := json.Marshal(y)
	if string(again) != string(data) {
		t.Errorf("league round trip changed the file:\n%s\n%s", data, again)
	}
	// A table with a stranger is refused before anything is written.
	bad := strings.Replace(string(data), `"players":["Ana","Ben","Cy"]`, `"players":["Ana","Ben","Zed"]`, 1)
	var in *scoring.InputError
	if _, err := ts.ImportLeague(ctx, []byte(bad)); !errors.As(err, &in) || !strings.HasPrefix(in.Field, "tables[0]") {
		t.Fatalf("stranger: %v", err)
	}
}
