package sessions

import (
	"context"
	"errors"
	"slices"
	"testing"

	"tablemate/scoring"
)

func TestMatchNames(t *testing.T) {
	l := League{Members: []Member{
		{Name: "Ana Berg"}, {Name: "Ana Kraus"}, {Name: "Ben"}, {Name: "Chloé"}, {Name: "Benny", MergedInto: "Ben"}, {Name: "Dora"},
	}}
	for _, c := range []struct {
		name   string
		member string
		like   []string
	}{
		{"ben", "Ben", nil},                            // the same name in another case
		{"BENNY", "Ben", nil},                          // an entry merged into Ben
		{"Ana", "", []string{"Ana Berg", "Ana Kraus"}}, // ambiguous: two Anas
		{"Ana Berg", "Ana Berg", nil},
		{"Chloe", "", []string{"Chloé"}}, // the same letters without the accent
		{"Dorra", "", []string{"Dora"}},  // one letter apart
		{"Bex", "", []string{"Ben"}},
		{"Zed", "", nil}, // new to the league
		{"Al", "", nil},  // too short to guess from one letter
	} {
		got := l.MatchNames([]string{c.name})[0]
		if got.Member != c.member || !slices.Equal(got.Like, c.like) || got.Known() != (c.member != "") {
			t.Errorf("MatchNames(%q) = %+v, want member %q, like %q", c.name, got, c.member, c.like)
		}
	}
}

func TestAddTableAs(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	l, err := ts.CreateLeague(ctx, "Season", "wins", "", []string{"Ana", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	admin := l.AdminLink()
	id, _ := ts.Create(ctx, "", TableCreated{Game: "sum", Players: []string{"ana", "Benny", "Cy"}})
	ts.RecordGame(ctx, id, 1, "", []byte(`{"players":[{"name":"ana","total":9},{"name":"Benny","total":3},{"name":"Cy","total":5}]}`))
	var in *scoring.InputError
	// Nothing said about Cy: refused, and nothing is written.
	if err := ts.AddTableAs(ctx, l, id, map[string]string{"Benny": "Ben"}); !errors.As(err, &in) {
		t.Fatalf("a table with an undecided name was added: %v", err)
	}
	if err := ts.AddTableAs(ctx, l, id, map[string]string{"Benny": "Nobody", "Cy": ""}); !errors.As(err, &in) {
		t.Fatalf("a name mapped to a non-member was accepted: %v", err)
	}
	if l, _ = ts.LeagueByAdmin(ctx, admin); l.Tables() != 0 || len(l.Members) != 2 {
		t.Fatalf("a refused add left %d tables, members %+v", l.Tables(), l.Members)
	}
	// Opened by its public id the league cannot be changed.
	public, _ := ts.League(ctx, l.ID)
	if err := ts.AddTableAs(ctx, public, id, map[string]string{"Benny": "Ben", "Cy": ""}); !errors.Is(err, ErrNotAdmin) {
		t.Fatalf("public league: %v", err)
	}
	if err := ts.AddTableAs(ctx, l, id, map[string]string{"Benny": "Ben", "Cy": ""}); err != nil {
		t.Fatal(err)
	}
	l, _ = ts.LeagueByAdmin(ctx, admin)
	if l.Tables() != 1 || l.Canonical("Benny") != "Ben" || l.Canonical("cy") != "Cy" {
		t.Fatalf("after the add: %d tables, Benny → %q, cy → %q; members %+v", l.Tables(), l.Canonical("Benny"), l.Canonical("cy"), l.Members)
	}
	games, err := ts.LeagueGames(ctx, l)
	if err != nil || len(games) != 1 || games[0].Result.Totals["Ben"] != 3 || games[0].Result.Totals["Ana"] != 9 {
		t.Fatalf("league games %+v, %v", games, err)
	}
}

func TestSummaryGamesCarryWinnersAndTime(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	l, _ := ts.CreateLeague(ctx, "Season", "wins", "", []string{"Ana", "Ben"})
	id, _ := ts.Create(ctx, "", TableCreated{Game: "sum", Players: []string{"Ana", "Ben"}})
	ts.RecordGame(ctx, id, 1, "", []byte(`{"players":[{"name":"Ana","total":9},{"name":"Ben","total":3}]}`))
	if err := ts.AddTable(ctx, l, id); err != nil {
		t.Fatal(err)
	}
	l, _ = ts.League(ctx, l.ID)
	for _, fresh := range []*Tables{ts, NewTables(ts.store, ts.find)} { // derived, then read back
		sums, err := fresh.LeagueSummaries(ctx, l)
		if err != nil || len(sums) != 1 || len(sums[0].Games) != 1 {
			t.Fatalf("summaries %+v, %v", sums, err)
		}
		g := sums[0].Games[0]
		if !slices.Equal(g.Winners, []string{"Ana"}) || g.At.IsZero() {
			t.Errorf("summary game %+v: want Ana the winner and the time it was entered", g)
		}
	}
}
