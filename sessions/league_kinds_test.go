package sessions

import (
	"context"
	"encoding/json"
	"testing"

	"tablemate/sessions/league"
)

// eveningLeague is a wins league of Lea and Tom with one table that
// played an evening: Koffer, Katze & Sombrero (Tom 89, Lea 87: the most
// win), then Cambio (Lea called with 0, Tom holds 60: the fewest win),
// then another game's sheet, Golf, whose lowest total wins (Lea 30, Tom
// 41). Lea won two of the three games.
func eveningLeague(t *testing.T, ts *Tables) (League, string) {
	t.Helper()
	ctx := context.Background()
	l, err := ts.CreateLeague(ctx, "Season", "wins", "", []string{"Lea", "Tom"})
	if err != nil {
		t.Fatal(err)
	}
	id, err := ts.Create(ctx, "", TableCreated{Game: "koffer-katze-sombrero", Name: "Friday", Players: []string{"Lea", "Tom"}})
	if err != nil {
		t.Fatal(err)
	}
	head := 1
	step := func(what string, a Appended, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		head = a.Event.Seq
	}
	a, err := ts.RecordGame(ctx, id, head, "", json.RawMessage(kksTom89))
	step("KKS game", a, err)
	a, err = ts.ChooseGame(ctx, id, head, "", GameChosen{Game: "cambio"})
	step("choose Cambio", a, err)
	a, err = ts.RecordRound(ctx, id, head, "", json.RawMessage(`{"players":[{"name":"Lea","cards":["0"],"cambio":true},{"name":"Tom","cards":["sum:60"]}]}`))
	step("Cambio round", a, err)
	a, err = ts.ChooseGame(ctx, id, head, "", GameChosen{Game: "another-game"})
	step("choose another game", a, err)
	a, err = ts.RecordRound(ctx, id, head, "", json.RawMessage(`{"name":"Golf","lowest_wins":true,"final_only":true,"scores":[{"name":"Lea","points":30},{"name":"Tom","points":41}],"last":true}`))
	step("Golf", a, err)
	if l, err = ts.reload(ctx, l); err != nil {
		t.Fatal(err)
	}
	if err := ts.AddTable(ctx, l, id); err != nil {
		t.Fatal(err)
	}
	if l, err = ts.reload(ctx, l); err != nil {
		t.Fatal(err)
	}
	return l, id
}

// A league counts each game of an evening as the game it was: the
// Cambio game and the lowest-wins sheet are won by the fewest points
// although the table started on a game the most win, and each is filed
// under its own game (a sheet under the name the table gave it) —
// derived from the log, and read back from the stored summary.
func TestLeagueCountsEachGameOfAnEveningAsItsOwnGame(t *testing.T) {
	st, ts := openTestWith(t, findEvening)
	ctx := context.Background()
	l, _ := eveningLeague(t, ts)

	for _, tables := range []*Tables{ts, NewTables(st, findEvening)} { // derived, then read back
		games, err := tables.LeagueGames(ctx, l)
		if err != nil || len(games) != 3 {
			t.Fatalf("league games %+v, %v", games, err)
		}
		for i, want := range []struct {
			game, sheet string
			lowest      bool
			first       string
		}{
			{"koffer-katze-sombrero", "", false, "Tom"},
			{"cambio", "", true, "Lea"},
			{"another-game", "Golf", true, "Lea"},
		} {
			g := games[i]
			if g.Game != want.game || g.Sheet != want.sheet || g.Result.LowestWins != want.lowest || g.TableName != "Friday" {
				t.Errorf("game %d counts as %q sheet %q lowest %v at %q; want %q sheet %q lowest %v",
					i+1, g.Game, g.Sheet, g.Result.LowestWins, g.TableName, want.game, want.sheet, want.lowest)
			}
			if places := league.Places(g.Result); places[want.first] != 1 || len(places) != 2 {
				t.Errorf("game %d (%s) places %v, want %s first", i+1, want.game, places, want.first)
			}
		}
		var results []league.Result
		for _, g := range games {
			results = append(results, g.Result)
		}
		if s := league.Standings(results, l.Scheme, l.Points); s[0].Player != "Lea" || s[0].Points != 2 || s[1].Points != 1 {
			t.Errorf("standings %+v: want Lea first with two wins", s)
		}
		sums, err := tables.LeagueSummaries(ctx, l)
		if err != nil || len(sums) != 1 || len(sums[0].Games) != 3 {
			t.Fatalf("summaries %+v, %v", sums, err)
		}
		if s := sums[0]; s.Games[0].Game != "koffer-katze-sombrero" || s.Games[0].LowestWins || s.Games[1].Game != "cambio" || !s.Games[1].LowestWins ||
			s.Games[2].Game != "another-game" || !s.Games[2].LowestWins || s.Games[2].Sheet != "Golf" {
			t.Errorf("summary games %+v: each keeps its own game", s.Games)
		}
		if k := sums[0].Games[2].Kind(); k != "another-game:golf" {
			t.Errorf("the sheet's kind %q", k)
		}
	}
}

// A summary stored by the previous summary version (its games without
// their own game) is not read: it is made again from the log, and the
// new one stored in its place.
func TestSummaryOfThePreviousVersionIsMadeAgain(t *testing.T) {
	st, ts := openTestWith(t, findEvening)
	ctx := context.Background()
	l, id := eveningLeague(t, ts)
	tb, err := ts.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	// What version 4 stored: the table's game and its rule for every game.
	old := `{"games":[{"n":1,"totals":{"Lea":87,"Tom":89},"w":["Tom"]},{"n":2,"totals":{"Lea":-5,"Tom":60},"w":["Lea"]},{"n":3,"totals":{"Lea":30,"Tom":41},"w":["Lea"]}]}`
	if _, err := st.write.ExecContext(ctx, `UPDATE table_summaries SET deriver = ?, games = ? WHERE table_id = ?`,
		"v4:"+buildName(), old, tb.Key); err != nil {
		t.Fatal(err)
	}
	fresh := NewTables(st, findEvening)
	games, err := fresh.LeagueGames(ctx, l)
	if err != nil || len(games) != 3 || games[1].Game != "cambio" || !games[1].Result.LowestWins || games[2].Sheet != "Golf" {
		t.Fatalf("league games after an old summary %+v, %v", games, err)
	}
	if fresh.Stats().Replays != 1 {
		t.Errorf("%d replays: the old summary was read instead of made again", fresh.Stats().Replays)
	}
	var by string
	if err := st.read.QueryRowContext(ctx, `SELECT deriver FROM table_summaries WHERE table_id = ?`, tb.Key).Scan(&by); err != nil || by != Deriver() {
		t.Errorf("stored deriver %q (%v), want %q", by, err, Deriver())
	}
	again := NewTables(st, findEvening)
	if games, _ := again.LeagueGames(ctx, l); len(games) != 3 || games[1].Game != "cambio" || again.Stats().Replays != 0 {
		t.Errorf("the summary made again is not read back: %+v, %d replays", games, again.Stats().Replays)
	}
}

// A stored summary of an evening names the game the table plays now, as a
// freshly derived one does (the tables row keeps the game it started
// with): a restart does not change a card's title.
func TestStoredEveningSummaryNamesTheGameNow(t *testing.T) {
	st, ts := openTestWith(t, findEvening)
	ctx := context.Background()
	l, id := eveningLeague(t, ts)
	tb, err := ts.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if now := summarize(tb, false).Game; now != tb.Info.Slug || now == "koffer-katze-sombrero" {
		t.Fatalf("a fresh summary names %q, the table plays %q", now, tb.Info.Slug)
	}
	if _, err := ts.LeagueSummaries(ctx, l); err != nil { // stores it
		t.Fatal(err)
	}
	again := NewTables(st, findEvening)
	sums, err := again.LeagueSummaries(ctx, l)
	if err != nil || len(sums) != 1 || again.Stats().Replays != 0 {
		t.Fatalf("stored summaries %+v, %v, %d replays", sums, err, again.Stats().Replays)
	}
	if sums[0].Game != tb.Info.Slug {
		t.Errorf("the stored summary names %q, the table plays %q", sums[0].Game, tb.Info.Slug)
	}
}
