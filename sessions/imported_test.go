package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/sheet"
)

func importedGroup(winner bool) ImportGroup {
	return ImportGroup{Game: "sum", Name: "BG Stats 2024-05-11", Players: []string{"Ana", "Ben", "Cy"},
		Games: []GameImported{{Source: "bgstats", Play: "0b9d6a52-0000-5000-8000-000000000001", Played: "2024-05-11 20:15:00", Minutes: 25,
			Players: []ImportedScore{{Name: "Ana", Score: 30, Winner: winner, Start: true}, {Name: "Ben", Score: 20}, {Name: "Cy", Score: 10}}}},
		Plays: []int{0}}
}

// TestImportGames: imported plays become a league's table of games that
// count with the file's totals and winners, never checked by the engine;
// the players who are not members become members; a bad game writes
// nothing; the league's JSON export carries them and imports again; an
// undo takes an imported game back.
func TestImportGames(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	l, _ := ts.CreateLeague(ctx, "Season", "wins", "", []string{"Ana", "Ben"})
	admin := l.AdminLink()

	// No winner: refused, nothing written (not even the new member).
	var in *scoring.InputError
	if _, _, err := ts.ImportGames(ctx, l, []ImportGroup{importedGroup(false)}); !errors.As(err, &in) || in.Field != "plays[0].players" {
		t.Fatalf("a game with no winner: %v", err)
	}
	if l, _ = ts.LeagueByAdmin(ctx, admin); l.Tables() != 0 || len(l.Members) != 2 {
		t.Fatalf("a refused import wrote %d tables, %d members", l.Tables(), len(l.Members))
	}
	// Through the standings link: not the admin.
	public, _ := ts.League(ctx, l.ID)
	if _, _, err := ts.ImportGames(ctx, public, []ImportGroup{importedGroup(true)}); !errors.Is(err, ErrNotAdmin) {
		t.Fatalf("import without the admin link: %v", err)
	}

	made, added, err := ts.ImportGames(ctx, l, []ImportGroup{importedGroup(true)})
	if err != nil {
		t.Fatal(err)
	}
	if len(made) != 1 || made[0].Games != 1 || made[0].Edit == "" || !slices.Equal(added, []string{"Cy"}) {
		t.Fatalf("made %+v, added %v", made, added)
	}
	tb, err := ts.Table(ctx, made[0].Edit)
	if err != nil {
		t.Fatal(err)
	}
	g := tb.Games.At(0)
	if g.Imported == nil || !g.Result().Valid || !g.Result().GameOver || !slices.Equal(g.Result().Winners, []string{"Ana"}) || g.Result().Players[2].Total != 10 {
		t.Fatalf("imported game %+v", g)
	}
	if !tb.Created.Equal(g.Imported.PlayedAt()) {
		t.Errorf("the table starts %v, not when the play was played", tb.Created)
	}
	l, _ = ts.LeagueByAdmin(ctx, admin)
	games, err := ts.LeagueGames(ctx, l)
	if err != nil || len(games) != 1 || games[0].Result.Totals["Cy"] != 10 {
		t.Fatalf("league games %+v %v", games, err)
	}
	ids, err := ts.ImportedIDs(ctx, l)
	if err != nil || !ids["0b9d6a52-0000-5000-8000-000000000001"] {
		t.Fatalf("imported ids %v %v", ids, err)
	}

	// The league's own export carries the imported games and imports again.
	x, err := ts.ExportLeague(ctx, l)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(x)
	if !strings.Contains(string(data), `"game_imported"`) {
		t.Fatalf("export: %s", data)
	}
	copyL, err := ts.ImportLeague(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	y, _ := ts.ExportLeague(ctx, copyL)
	if again, _ := json.Marshal(y); string(again) != string(data) {
		t.Errorf("round trip changed the file:\n%s\n%s", data, again)
	}
	// A file whose imported game names a stranger is refused.
	bad := strings.Replace(string(data), `{"name":"Cy","score":10}`, `{"name":"Zed","score":10}`, 1)
	if _, err := ts.ImportLeague(ctx, []byte(bad)); !errors.As(err, &in) || !strings.Contains(in.Field, "players[2].name") {
		t.Fatalf("stranger: %v", err)
	}

	// An undo takes the imported game back.
	if _, err := ts.Undo(ctx, made[0].Edit, tb.Head, ""); err != nil {
		t.Fatal(err)
	}
	if tb, _ = ts.Table(ctx, made[0].Edit); tb.Games.Len() != 0 {
		t.Errorf("undo left %d games", tb.Games.Len())
	}
}

// sheetImported is a play of a game that is not one of the seven, as the
// server imports it: another game's finished sheet under the file's title.
func sheetImported(t *testing.T, name string, lowest bool, scores ...int) GameImported {
	t.Helper()
	names := []string{"Ana", "Ben", "Cy"}
	s := sheet.State{Name: name, LowestWins: lowest, FinalOnly: true, Over: true}
	g := GameImported{Source: "bgg", Play: "bgg:" + name, Played: "2024-05-11 21:00:00", Game: name + ": the long title", BGGID: 13}
	for i, v := range scores {
		s.Players = append(s.Players, sheet.Player{Name: names[i], Scores: []int{v}})
		g.Players = append(g.Players, ImportedScore{Name: names[i], Score: v, Winner: (lowest && v == slices.Min(scores)) || (!lowest && v == slices.Max(scores))})
	}
	g.State = mustJSON(s)
	return g
}

// TestImportSheetGames: a play of another game becomes a finished sheet
// under its name, counted as the file says, its kind and way of winning
// the sheet's; the state must be a finished sheet whose totals are the
// file's, and only a sheet keeps one.
func TestImportSheetGames(t *testing.T) {
	st, _ := openTest(t)
	ts := NewTables(st, findEvening)
	ctx := context.Background()
	l, _ := ts.CreateLeague(ctx, "Season", "wins", "", []string{"Ana", "Ben", "Cy"})
	group := func(games ...GameImported) ImportGroup {
		gr := ImportGroup{Game: sheet.Slug, Name: "BoardGameGeek 2024-05-11", Players: []string{"Ana", "Ben", "Cy"}, Games: games}
		for i := range games {
			gr.Plays = append(gr.Plays, i)
		}
		return gr
	}
	var in *scoring.InputError
	refused := map[string]struct {
		g     GameImported
		field string
	}{
		"no state": {func() GameImported { g := sheetImported(t, "Skat", false, 3, 2, 1); g.State = nil; return g }(), "plays[0].state"},
		"totals differ": {func() GameImported {
			g := sheetImported(t, "Skat", false, 3, 2, 1)
			g.Players[2].Score = 5
			return g
		}(), "plays[0].players[2]"},
		"not finished": {func() GameImported {
			g := sheetImported(t, "Skat", false, 3, 2, 1)
			g.State = json.RawMessage(strings.Replace(string(g.State), `"over":true`, `"over":false`, 1))
			return g
		}(), "plays[0].state"},
		"unnamed": {func() GameImported {
			g := sheetImported(t, "Skat", false, 3, 2, 1)
			g.State = json.RawMessage(strings.Replace(string(g.State), `"name":"Skat"`, `"name":""`, 1))
			return g
		}(), "plays[0].state.name"},
		"bgg id": {func() GameImported { g := sheetImported(t, "Skat", false, 3, 2, 1); g.BGGID = -1; return g }(), "plays[0].bgg_id"},
	}
	for name, c := range refused {
		if _, _, err := ts.ImportGames(ctx, l, []ImportGroup{group(c.g)}); !errors.As(err, &in) || in.Field != c.field {
			t.Errorf("%s: %v (want field %s)", name, err, c.field)
		}
	}
	// A game of the seven keeps no state and no title of its own.
	kks := ImportGroup{Game: "koffer-katze-sombrero", Name: "x", Players: []string{"Ana", "Ben", "Cy"},
		Games: []GameImported{sheetImported(t, "Skat", false, 3, 2, 1)}, Plays: []int{0}}
	if _, _, err := ts.ImportGames(ctx, l, []ImportGroup{kks}); !errors.As(err, &in) || in.Field != "plays[0].state" {
		t.Errorf("a state on a game of the seven: %v", err)
	}

	made, _, err := ts.ImportGames(ctx, l, []ImportGroup{group(sheetImported(t, "Skat", false, 3, 2, 1), sheetImported(t, "Golf", true, 40, 35, 50))})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := ts.Table(ctx, made[0].Edit)
	if err != nil || tb.Games.Len() != 2 {
		t.Fatalf("%+v %v", tb.Games, err)
	}
	skat, golf := tb.Games.At(0), tb.Games.At(1)
	if skat.Kind() != "another-game:skat" || skat.LowestWins() || !slices.Equal(skat.Result().Winners, []string{"Ana"}) || skat.Imported.Game != "Skat: the long title" {
		t.Errorf("skat: kind %q lowest %v winners %v", skat.Kind(), skat.LowestWins(), skat.Result().Winners)
	}
	if golf.Kind() != "another-game:golf" || !golf.LowestWins() || !slices.Equal(golf.Result().Winners, []string{"Ben"}) || golf.Result().Players[2].Total != 50 {
		t.Errorf("golf: kind %q lowest %v winners %v", golf.Kind(), golf.LowestWins(), golf.Result().Winners)
	}
	// The evening ranks the two games by places: two kinds.
	if ev := tb.Evening(); ev.Mode != EveningPlacings {
		t.Errorf("Skat and Golf summed as one kind: %+v", ev)
	}
	// Replayed from the log, the same.
	events := make([]Event, tb.Log.Len())
	for i, e := range tb.Log.All() {
		events[i] = e.Event
	}
	again, err := Replay(tb.Key, events, findEvening)
	if err != nil || again.Games.At(1).Kind() != "another-game:golf" || !again.Games.At(1).LowestWins() {
		t.Fatalf("replayed: %+v %v", again.Games, err)
	}
}

// TestCheckImport: the preview of an import decides everything an import
// does — it refuses what the import would refuse, with the same field —
// and says what it would make, writing nothing.
func TestCheckImport(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	l, _ := ts.CreateLeague(ctx, "Season", "wins", "", []string{"Ana", "Ben"})
	admin := l.AdminLink()
	var in *scoring.InputError
	if _, _, err := ts.CheckImport(ctx, l, []ImportGroup{importedGroup(false)}); !errors.As(err, &in) || in.Field != "plays[0].players" {
		t.Fatalf("a game with no winner: %v", err)
	}
	public, _ := ts.League(ctx, l.ID)
	if _, _, err := ts.CheckImport(ctx, public, []ImportGroup{importedGroup(true)}); !errors.Is(err, ErrNotAdmin) {
		t.Fatalf("preview without the admin link: %v", err)
	}
	made, added, err := ts.CheckImport(ctx, l, []ImportGroup{importedGroup(true)})
	if err != nil || len(made) != 1 || made[0].Games != 1 || made[0].Edit != "" || made[0].Name != "BG Stats 2024-05-11" || !slices.Equal(added, []string{"Cy"}) {
		t.Fatalf("preview: %+v %v %v", made, added, err)
	}
	if l, _ = ts.LeagueByAdmin(ctx, admin); l.Tables() != 0 || len(l.Members) != 2 {
		t.Fatalf("a preview wrote %d tables, %d members", l.Tables(), len(l.Members))
	}
	// The import itself makes what the preview said.
	done, addedNow, err := ts.ImportGames(ctx, l, []ImportGroup{importedGroup(true)})
	if err != nil || len(done) != 1 || done[0].Name != made[0].Name || !slices.Equal(addedNow, added) {
		t.Fatalf("import after preview: %+v %v %v", done, addedNow, err)
	}
}
