package sessions

import (
	"encoding/json"
	"slices"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/alaska"
	"tablemate/scoring/aufderhut"
	"tablemate/scoring/cambio"
	"tablemate/scoring/kks"
	"tablemate/scoring/kociaki"
	"tablemate/scoring/kodiak"
	"tablemate/scoring/runemarket"
	"tablemate/scoring/sheet"
)

// findEvening finds the games with rules and another game's sheet, as
// the web app's finder (the registry, which sessions' tests cannot
// import) does.
func findEvening(slug string) (scoring.Game, bool) {
	for _, g := range []scoring.Game{kks.Engine{}, aufderhut.Engine{}, kociaki.Engine{}, cambio.Engine{},
		kodiak.Engine{}, alaska.Engine{}, runemarket.Engine{}, sheet.Engine{}} {
		if g.Info().Slug == slug {
			return g, true
		}
	}
	return nil, false
}

// kksTom89 is README's finished two-player game: Tom wins 89 to 87.
const kksTom89 = `{"players":[{"name":"Lea","tokens":4,"display":{"red":"1 2 3 4 5 6 7 8 9 10","blue":"1 2 3 4 5 6 7"}},` +
	`{"name":"Tom","tokens":6,"display":{"yellow":"1 2 3 4 5 6 7 8 9 10","black":"1 2 3 4 5 6 7"}}]}`

func log(kinds ...any) []Event {
	var out []Event
	for i := 0; i < len(kinds); i += 2 {
		body, err := json.Marshal(kinds[i+1])
		if err != nil {
			panic(err)
		}
		out = append(out, Event{Seq: len(out) + 1, Kind: kinds[i].(Kind), Payload: body})
	}
	return out
}

// A table of one game, logged before evenings existed, replays as it
// did: its games are of the game it was started with, it names no other
// kind, and its standing is that game's sum.
func TestOldSingleGameLogReplaysUnchanged(t *testing.T) {
	events := log(
		KindTableCreated, TableCreated{Game: "koffer-katze-sombrero", Name: "Friday", Players: []string{"Lea", "Tom"}},
		KindGameRecorded, GameRecorded{State: json.RawMessage(kksTom89)},
		KindGameRecorded, GameRecorded{State: json.RawMessage(kksTom89)},
	)
	tb, err := Replay("x", events, findEvening)
	if err != nil {
		t.Fatal(err)
	}
	ev := tb.Evening()
	if tb.Opened != "koffer-katze-sombrero" || tb.Kinds() != nil || ev.Mode != EveningSum || ev.Done != 2 {
		t.Fatalf("opened %q kinds %v evening %+v", tb.Opened, tb.Kinds(), ev)
	}
	if ev.Rows[0].Name != "Tom" || ev.Rows[0].Points != 178 || ev.Rows[0].Wins != 2 || ev.Rows[1].Points != 174 {
		t.Errorf("sum of two games (KKS-5): %+v", ev.Rows)
	}
	if got := tb.Standings(); got[1].Total != 178 || !got[1].Leader {
		t.Errorf("the running totals are as before: %+v", got)
	}
}

// Games of different kinds on one table stand by places: 2/1/0 for three
// seats, a tie sharing the points of the places it covers (1.5 each for
// two tied first), a player who sat a game out scoring nothing in it;
// wins count the winners (a tie wins for each, G-2).
func TestEveningPlacingsWithTiesAcrossMixedGames(t *testing.T) {
	events := log(
		KindTableCreated, TableCreated{Game: sheet.Slug, Players: []string{"Lea", "Tom", "Cy"}},
		KindRoundRecorded, RoundRecorded{Game: 1, Round: mustJSON(sheet.Round{Name: "Skat", Scores: []sheet.Entry{{Name: "Lea", Points: 10}, {Name: "Tom", Points: 10}, {Name: "Cy", Points: 3}}, Last: true})},
		KindGameChosen, GameChosen{Game: "koffer-katze-sombrero", First: "Tom"},
		KindGameRecorded, GameRecorded{State: json.RawMessage(kksTom89)},
	)
	tb, err := Replay("x", events, findEvening)
	if err != nil {
		t.Fatal(err)
	}
	ev := tb.Evening()
	if ev.Mode != EveningPlacings || !slices.Equal(ev.Points, []float64{2, 1, 0}) || ev.Done != 2 {
		t.Fatalf("evening %+v", ev)
	}
	want := []struct {
		name   string
		points float64
		wins   int
		rank   int
	}{{"Tom", 3.5, 2, 1}, {"Lea", 2.5, 1, 2}, {"Cy", 0, 0, 3}}
	for i, w := range want {
		r := ev.Rows[i]
		if r.Name != w.name || r.Points != w.points || r.Wins != w.wins || r.Rank != w.rank {
			t.Errorf("row %d: %+v, want %+v", i, r, w)
		}
	}
	if c, played := tb.Games.At(1).Record.Seat("Cy"); played {
		t.Errorf("Cy sat the KKS game out: %+v", c)
	}
	if c, _ := tb.Games.At(0).Record.Seat("Lea"); c.Place != 1 || c.Score != 10 || !c.Won {
		t.Errorf("Lea shares first in the sheet: %+v", c)
	}
	if !slices.Equal(tb.Leaders(), []string{"Tom"}) || !slices.Equal(tb.Kinds(), []string{sheet.Slug, "koffer-katze-sombrero"}) {
		t.Errorf("leaders %v kinds %v", tb.Leaders(), tb.Kinds())
	}
	if tb.Info.Slug != "koffer-katze-sombrero" || tb.First != "Tom" || tb.Games.At(0).Info.Slug != sheet.Slug {
		t.Errorf("the table plays %s (first %q); game 1 is %s", tb.Info.Slug, tb.First, tb.Games.At(0).Info.Slug)
	}

	// Undoing the choice goes back to the sheet, its first player too.
	events = append(events[:3:3], Event{Seq: 4, Kind: KindUndo, Payload: json.RawMessage(`{"seq":3}`)})
	back, err := Replay("x", events, findEvening)
	if err != nil {
		t.Fatal(err)
	}
	if back.Info.Slug != sheet.Slug || back.First != "" || back.Kinds() != nil {
		t.Errorf("after the undo: %s first %q kinds %v", back.Info.Slug, back.First, back.Kinds())
	}
}

// While a round game is going on, the standing counts the finished games
// only and says which game is in progress and at which round.
func TestEveningCountsFinishedGamesOnly(t *testing.T) {
	events := log(
		KindTableCreated, TableCreated{Game: sheet.Slug, Players: []string{"Lea", "Tom"}},
		KindRoundRecorded, RoundRecorded{Game: 1, Round: mustJSON(sheet.Round{Name: "Skat", Scores: []sheet.Entry{{Name: "Lea", Points: 1}, {Name: "Tom", Points: 5}}, Last: true})},
		KindRoundRecorded, RoundRecorded{Game: 2, Round: mustJSON(sheet.Round{Name: "Skat", Scores: []sheet.Entry{{Name: "Lea", Points: 50}, {Name: "Tom", Points: 0}}})},
		KindRoundRecorded, RoundRecorded{Game: 2, Round: mustJSON(sheet.Round{Scores: []sheet.Entry{{Name: "Lea", Points: 50}, {Name: "Tom", Points: 0}}})},
	)
	tb, err := Replay("x", events, findEvening)
	if err != nil {
		t.Fatal(err)
	}
	ev := tb.Evening()
	if ev.Done != 1 || ev.Going != 2 || ev.Round != 2 || ev.Rows[0].Name != "Tom" || ev.Rows[0].Points != 5 {
		t.Errorf("evening %+v", ev)
	}
	if _, going := tb.InProgress(); !going {
		t.Error("game 2 is in progress")
	}
}

// A choice is refused while a game is still going on, for a game the
// seated players cannot play, and for a first player not seated.
func TestChooseGameRefusals(t *testing.T) {
	ts := &Tables{find: findEvening}
	events := log(
		KindTableCreated, TableCreated{Game: sheet.Slug, Players: []string{"Lea", "Tom"}},
		KindRoundRecorded, RoundRecorded{Game: 1, Round: mustJSON(sheet.Round{Name: "Skat", Scores: []sheet.Entry{{Name: "Lea", Points: 1}, {Name: "Tom", Points: 5}}})},
	)
	tb, err := Replay("x", events, findEvening)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		g     GameChosen
		field string
	}{
		{"round game going on", GameChosen{Game: "cambio"}, "game"},
		{"unknown", GameChosen{Game: "chess"}, "game"},
	} {
		if _, err := ts.decideChoose(tb, tc.g); !isInputOn(err, tc.field) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	done, _ := Replay("x", events[:1], findEvening)
	if _, err := ts.decideChoose(done, GameChosen{Game: "koffer-katze-sombrero", First: "Cy"}); !isInputOn(err, "first") {
		t.Errorf("first not seated: %v", err)
	}
	if _, err := ts.decideChoose(done, GameChosen{Game: "alaska"}); err != nil {
		t.Errorf("alaska for two: %v", err)
	}
}

// The running totals of a sheet whose lowest total wins are led by the
// fewest points, and stay so when the table has chosen a game the most
// win and not played it yet (the games summed decide, not the game
// chosen next).
func TestLowestWinsSheetLeadsByTheFewest(t *testing.T) {
	events := log(
		KindTableCreated, TableCreated{Game: sheet.Slug, Players: []string{"Lea", "Tom", "Cy"}},
		KindRoundRecorded, RoundRecorded{Game: 1, Round: mustJSON(sheet.Round{Name: "Golf", LowestWins: true, FinalOnly: true,
			Scores: []sheet.Entry{{Name: "Lea", Points: 30}, {Name: "Tom", Points: 41}, {Name: "Cy", Points: 35}}, Last: true})},
		KindGameChosen, GameChosen{Game: "koffer-katze-sombrero"},
	)
	for _, n := range []int{2, 3} {
		tb, err := Replay("x", events[:n], findEvening)
		if err != nil {
			t.Fatal(err)
		}
		st := tb.Standings()
		if !tb.Evening().LowestWins() || !slices.Equal(tb.Leaders(), []string{"Lea"}) || !st[0].Leader || st[1].Behind != 11 || st[2].Behind != 5 {
			t.Errorf("after %d events: lowest %v, leaders %v, standings %+v; want Lea leading by the fewest", n, tb.Evening().LowestWins(), tb.Leaders(), st)
		}
	}
	if tb, _ := Replay("x", events[:1], findEvening); tb.Evening().LowestWins() {
		t.Error("a sheet with no game yet: the most win, as its game says")
	}
}

func isInputOn(err error, field string) bool {
	in, ok := err.(*scoring.InputError)
	return ok && in.Field == field
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
