package sessions

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
	"tablemate/scoring/kks"
	"tablemate/scoring/sheet"
)

// kksShort is a two-player KKS result that breaks KKS-3 (too few cards):
// Lea 1 + 2 + 3 tokens = 6, Tom 3.
const kksShort = `{"players":[{"name":"Lea","tokens":3,"display":{"red":"1 2"}},{"name":"Tom","tokens":0,"display":{"blue":"3"}}]}`

// writer is a command's answer checked: it fails the test on an error,
// and returns the table's new head.
func writer(t *testing.T) func(Appended, error) int {
	return func(a Appended, err error) int {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return a.Event.Seq
	}
}

// A disputed game is shown with its totals and violations but counts in
// no standing, win or league until the table settles it: by counting it
// as entered (undoable) or by correcting it (ruling G-5).
func TestDisputedGameCountsNowhereUntilSettled(t *testing.T) {
	_, ts := openTestWith(t, findEvening)
	ctx := context.Background()
	write := writer(t)
	id, err := ts.Create(ctx, "", TableCreated{Game: kks.Slug, Players: []string{"Lea", "Tom"}})
	if err != nil {
		t.Fatal(err)
	}
	head := write(ts.RecordGame(ctx, id, 1, "", json.RawMessage(kksTom89)))
	head = write(ts.RecordGame(ctx, id, head, "", json.RawMessage(kksShort)))
	tb, _ := ts.Table(ctx, id)
	r := tb.Games.At(1).Record
	if r.Status != StatusDisputed || r.Counted || !r.Over || len(r.Winners) != 0 || r.Violations == 0 {
		t.Fatalf("the short game's record: %+v", r)
	}
	if s, _ := r.Seat("Lea"); s.Score != 6 || s.Place != 1 || s.Won {
		t.Errorf("a disputed game keeps its totals and places by score, crowning nobody: %+v", s)
	}
	ev := tb.Evening()
	if ev.Done != 1 || ev.Disputed != 1 || ev.Rows[0].Name != "Tom" || ev.Rows[0].Points != 89 || ev.Rows[0].Wins != 1 || ev.Rows[1].Points != 87 {
		t.Errorf("the disputed game changes the standing: %+v", ev)
	}
	if s := summarize(tb, true); len(s.Games) != 1 || !slices.Equal(s.Leaders, []string{"Tom"}) {
		t.Errorf("the league counts the disputed game: %+v", s.Games)
	}

	// Counted as entered: it counts, Lea winning on the best total.
	settled := write(ts.SettleGame(ctx, id, head, "", 2))
	tb, _ = ts.Table(ctx, id)
	r = tb.Games.At(1).Record
	if !r.Settled || !r.Counted || r.Rule != RuleAsEntered || !slices.Equal(r.Winners, []string{"Lea"}) {
		t.Errorf("settled: %+v", r)
	}
	ev = tb.Evening()
	if ev.Done != 2 || ev.Disputed != 0 || ev.Rows[0].Name != "Lea" || ev.Rows[0].Points != 93 || ev.Rows[0].Wins != 1 || ev.Rows[1].Points != 92 {
		t.Errorf("after settling: %+v", ev)
	}
	if s := summarize(tb, true); len(s.Games) != 2 || !s.Games[1].Settled || s.Games[1].Places["Lea"] != 1 {
		t.Errorf("the league's summary of the settled game: %+v", s.Games)
	}
	if _, err := ts.SettleGame(ctx, id, settled, "", 2); !isInputOn(err, "game") {
		t.Errorf("settling a settled game: %v", err)
	}
	if _, err := ts.SettleGame(ctx, id, settled, "", 1); !isInputOn(err, "game") {
		t.Errorf("settling a checked game: %v", err)
	}

	// Undone, it is disputed again; corrected, it counts as checked.
	head = write(ts.Undo(ctx, id, settled, ""))
	if tb, _ = ts.Table(ctx, id); tb.Evening().Done != 1 || !tb.Games.At(1).Record.Disputed() {
		t.Errorf("the undone settling still counts: %+v", tb.Evening())
	}
	write(ts.CorrectGame(ctx, id, head, "", 2, json.RawMessage(kksTom89), "typo"))
	tb, _ = ts.Table(ctx, id)
	if r := tb.Games.At(1).Record; r.Status != StatusChecked || r.Settled || !r.Counted || tb.Evening().Rows[0].Points != 178 {
		t.Errorf("corrected: %+v, %+v", r, tb.Evening())
	}
}

// cambioRound is round j of the three rounds to 50 (Cy wins 19).
func cambioRound(j int) json.RawMessage {
	rounds := [][]string{
		{`{"name":"Ana","cards":["7","red-king","swap"]}`, `{"name":"Ben","cards":["3","4"],"cambio":true}`, `{"name":"Cy","cards":["peek-mine","blue-king"]}`},
		{`{"name":"Ana","cards":["blue-king","energy"]}`, `{"name":"Ben","cards":["5","6","peek-yours"]}`, `{"name":"Cy","cards":["0"],"cambio":true}`},
		{`{"name":"Ana","cards":["13","sunlight"]}`, `{"name":"Ben","cards":["8"],"cambio":true}`, `{"name":"Cy","cards":["1"]}`},
	}
	return json.RawMessage(`{"players":[` + strings.Join(rounds[j], ",") + `]}`)
}

// Any game and any round of an evening is corrected as the game it is of,
// whatever the table plays now, and the correction re-derives the
// standing.
func TestCorrectAnyGameAfterTheGameChanged(t *testing.T) {
	_, ts := openTestWith(t, findEvening)
	ctx := context.Background()
	write := writer(t)
	players := []string{"Ana", "Ben", "Cy"}
	id, err := ts.Create(ctx, "", TableCreated{Game: kks.Slug, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	short3 := `{"players":[{"name":"Ana","tokens":7,"display":{"red":"1 2"}},{"name":"Ben","tokens":0,"display":{"blue":"3"}},{"name":"Cy","tokens":0,"display":{"black":"9"}}]}`
	head := write(ts.RecordGame(ctx, id, 1, "", json.RawMessage(short3)))
	head = write(ts.SettleGame(ctx, id, head, "", 1))
	head = write(ts.ChooseGame(ctx, id, head, "", GameChosen{Game: cambio.Slug}))
	for j := range 3 {
		head = write(ts.RecordRound(ctx, id, head, "", cambioRound(j)))
	}
	head = write(ts.ChooseGame(ctx, id, head, "", GameChosen{Game: sheet.Slug}))
	head = write(ts.RecordRound(ctx, id, head, "", mustJSON(sheet.Round{Name: "Skat", Scores: []sheet.Entry{{Name: "Ana", Points: 1}, {Name: "Ben", Points: 2}, {Name: "Cy", Points: 3}}})))
	tb, _ := ts.Table(ctx, id)
	if ev := tb.Evening(); ev.Mode != EveningPlacings || ev.Done != 2 || ev.Going != 3 {
		t.Fatalf("the evening before the corrections: %+v", ev)
	}
	if w := tb.Games.At(1).Record.Winners; !slices.Equal(w, []string{"Cy"}) {
		t.Fatalf("Cambio's winners %v", w)
	}

	// Game 1 (KKS) corrected while the sheet is played: Cy wins it now.
	fixed := `{"players":[{"name":"Ana","tokens":0,"display":{"red":"1"}},{"name":"Ben","tokens":0,"display":{"blue":"3"}},{"name":"Cy","tokens":7,"display":{"black":"9"}}]}`
	head = write(ts.CorrectGame(ctx, id, head, "", 1, json.RawMessage(fixed), ""))
	// Round 1 of game 2 (Cambio) corrected: Ana's 7 was a 0, and she,
	// not Ben, called Cambio.
	round := json.RawMessage(`{"players":[{"name":"Ana","cards":["0","red-king","swap"],"cambio":true},{"name":"Ben","cards":["3","4"]},{"name":"Cy","cards":["peek-mine","blue-king"]}]}`)
	head = write(ts.CorrectRound(ctx, id, head, "", 2, 1, round, ""))
	tb, _ = ts.Table(ctx, id)
	if tb.Info.Slug != sheet.Slug || !tb.Games.At(1).Corrected || tb.Games.At(1).Info.Slug != cambio.Slug {
		t.Fatalf("the table plays %s; game 2 is %s, corrected %v", tb.Info.Slug, tb.Games.At(1).Info.Slug, tb.Games.At(1).Corrected)
	}
	// Round 1: Ana 0 − 2 + 10 = 8, not below Ben's 7: her call costs +5
	// (CAM-2), so 13 instead of 15; Ben 7 instead of 7 − 5.
	if ana, _ := tb.Games.At(1).Result().Total("Ana"); ana != 61-15+13 {
		t.Errorf("Ana's Cambio total after the correction: %d, want %d", ana, 61-15+13)
	}
	// The corrected KKS game still breaks KKS-3: disputed again, the
	// Cambio game alone counts (summed) until it is settled once more.
	if ev := tb.Evening(); ev.Mode != EveningSum || ev.Done != 1 || !tb.Games.At(0).Record.Disputed() {
		t.Errorf("after correcting game 1: %+v", ev)
	}
	head = write(ts.SettleGame(ctx, id, head, "", 1))
	tb, _ = ts.Table(ctx, id)
	if g, going := tb.InProgress(); !going || g.Number != 3 {
		t.Error("the sheet's game in progress is no longer in progress")
	}
	// Re-derived: the standing is the records' placing points (2/1/0).
	want := map[string]float64{}
	for _, g := range tb.Games.All() {
		if !g.Record.Counted {
			continue
		}
		for _, s := range g.Record.Seats {
			want[s.Name] += float64(2*3-2*s.Place-s.Tied+1) / 2
		}
	}
	for _, r := range tb.Evening().Rows {
		if r.Points != want[r.Name] {
			t.Errorf("%s has %v points, the records give %v", r.Name, r.Points, want[r.Name])
		}
	}
	// A round correction of a round the game does not have names it.
	if _, err := ts.CorrectRound(ctx, id, head, "", 2, 9, round, ""); err == nil {
		t.Error("round 9 of a game of 3 rounds was corrected")
	}
}

// kksSetup is a row for a guided KKS game; kksStep is the first move.
var kksSetup = []byte(`{"row":["red 10","black 2","red 1","blue 4","yellow 6","red 5","black 9"]}`)

// Stopping a game played along keeps its position as an unfinished game
// (shown, counted nowhere) or discards it; either is undone by Undo, and
// both export and import as the log they are.
func TestStopPlayKeepsOrDiscards(t *testing.T) {
	_, ts := openTestWith(t, findEvening)
	ctx := context.Background()
	write := writer(t)
	id, err := ts.Create(ctx, "", TableCreated{Game: kks.Slug, Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	head := write(ts.StartPlay(ctx, id, 1, "", kksSetup))
	if _, err := ts.StopPlay(ctx, id, head, "", true); !isInputOn(err, "keep") {
		t.Errorf("keeping a game of no move: %v", err)
	}
	head = write(ts.PlayStep(ctx, id, head, "", []byte(`{"take":1,"reveal":"red 2"}`)))
	head = write(ts.PlayStep(ctx, id, head, "", []byte(`{"take":1,"reveal":"red 3"}`)))
	tb, _ := ts.Table(ctx, id)
	if res, ok := tb.PlayStanding(); !ok || len(res.Players) != 2 {
		t.Fatalf("the position played along: %+v %v", res, ok)
	}

	kept := write(ts.StopPlay(ctx, id, head, "", true))
	tb, _ = ts.Table(ctx, id)
	if tb.Play != nil || tb.Games.Len() != 1 {
		t.Fatalf("after keeping: play %v, %d games", tb.Play != nil, tb.Games.Len())
	}
	if r := tb.Games.At(0).Record; !r.Unfinished || r.Over || r.Counted || len(r.Winners) != 0 || tb.Evening().Done != 0 {
		t.Errorf("the kept game: %+v", r)
	}
	if _, err := ts.SettleGame(ctx, id, kept, "", 1); !isInputOn(err, "game") {
		t.Errorf("an unfinished game was counted as entered: %v", err)
	}
	if _, err := ts.StopPlay(ctx, id, kept, "", false); !isInputOn(err, "play") {
		t.Errorf("stopping with nothing played along: %v", err)
	}
	head = write(ts.Undo(ctx, id, kept, ""))
	tb, _ = ts.Table(ctx, id)
	if tb.Play == nil || len(tb.Play.Steps) != 2 || tb.Games.Len() != 0 {
		t.Fatalf("undo of keeping: play %+v, %d games", tb.Play, tb.Games.Len())
	}

	head = write(ts.StopPlay(ctx, id, head, "", false))
	tb, _ = ts.Table(ctx, id)
	if tb.Play != nil || tb.Games.Len() != 0 {
		t.Errorf("after discarding: play %v, %d games", tb.Play != nil, tb.Games.Len())
	}
	head = write(ts.Undo(ctx, id, head, ""))
	// Kept again, then corrected to a whole game: it counts then.
	head = write(ts.StopPlay(ctx, id, head, "", true))
	write(ts.CorrectGame(ctx, id, head, "", 1, json.RawMessage(strings.NewReplacer("Lea", "Ana", "Tom", "Ben").Replace(kksTom89)), ""))
	tb, _ = ts.Table(ctx, id)
	if r := tb.Games.At(0).Record; r.Unfinished || !r.Counted {
		t.Errorf("the corrected unfinished game: %+v", r)
	}

	// The log exports and imports as it is, the same evening after it.
	x := ExportOf(tb)
	body, _ := json.Marshal(x)
	copyID, err := ts.Import(ctx, body)
	if err != nil {
		t.Fatal(err)
	}
	copied, _ := ts.Table(ctx, copyID)
	if fmt.Sprint(copied.Evening()) != fmt.Sprint(tb.Evening()) || copied.Games.Len() != 1 {
		t.Errorf("imported: %+v, want %+v", copied.Evening(), tb.Evening())
	}
	// A file whose kept position differs from the moves is refused.
	for i, e := range x.Events {
		if e.Kind == KindPlayStopped && bytes.Contains(e.Payload, []byte(`"keep":true`)) {
			x.Events[i].Payload = json.RawMessage(`{"keep":true,"state":` + strings.NewReplacer("Lea", "Ana", "Tom", "Ben").Replace(kksTom89) + `}`)
		}
	}
	bad, _ := json.Marshal(x)
	if _, err := ts.Import(ctx, bad); err == nil || !strings.Contains(err.Error(), "otherwise than the file says") {
		t.Errorf("an import keeping another position than its moves: %v", err)
	}
}

// The records are the one place a game is ranked: ties share a place,
// an engine's tie-break is named, and places count the winners first.
func TestRecordPlaces(t *testing.T) {
	for _, tc := range []struct {
		name    string
		scores  []int
		winners []string
		lowest  bool
		places  []int
		rule    RankRule
	}{
		{"ties share", []int{10, 8, 8, 5}, []string{"a"}, false, []int{1, 2, 2, 4}, RuleMost},
		{"two winners", []int{7, 7, 3}, []string{"a", "b"}, false, []int{1, 1, 3}, RuleMost},
		{"fewest", []int{12, 3, 3}, []string{"b", "c"}, true, []int{3, 1, 1}, RuleFewest},
		{"tie-break", []int{20, 20, 5}, []string{"b"}, false, []int{2, 1, 3}, RuleTieBreak},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := scoring.NewResult("x")
			res.Valid, res.GameOver, res.Winners = true, true, tc.winners
			for i, s := range tc.scores {
				res.Players = append(res.Players, scoring.PlayerResult{Name: string(rune('a' + i)), Total: s})
			}
			g := Game{Number: 1, result: &res, Info: scoring.Info{Slug: "x", LowestWins: tc.lowest}, engine: sumGame{}}
			r := recordOf(g)
			for i, s := range r.Seats {
				if s.Place != tc.places[i] || s.Won != slices.Contains(tc.winners, s.Name) {
					t.Errorf("seat %d: %+v, want place %d", i, s, tc.places[i])
				}
			}
			if r.Rule != tc.rule || !r.Counted {
				t.Errorf("rule %q counted %v, want %q", r.Rule, r.Counted, tc.rule)
			}
		})
	}
}

// A round game stopped before its end is kept as it stands, unfinished:
// counted nowhere, its rounds still correctable, and the table chooses
// its next game without undoing a round; Undo takes the stop back, the
// game going on again, and the log exports and imports as it is.
func TestStopARoundGameKeepsItUnfinished(t *testing.T) {
	_, ts := openTestWith(t, findEvening)
	ctx := context.Background()
	write := writer(t)
	id, err := ts.Create(ctx, "", TableCreated{Game: cambio.Slug, Players: []string{"Ana", "Ben", "Cy"}})
	if err != nil {
		t.Fatal(err)
	}
	head := 1
	if _, err := ts.StopGame(ctx, id, head, "", 1); !isInputOn(err, "game") {
		t.Errorf("stopping with no game going on: %v", err)
	}
	for j := range 2 {
		head = write(ts.RecordRound(ctx, id, head, "", cambioRound(j)))
	}
	if _, err := ts.ChooseGame(ctx, id, head, "", GameChosen{Game: sheet.Slug}); !isInputOn(err, "game") {
		t.Fatalf("the next game chosen while game 1 goes on: %v", err)
	}
	if _, err := ts.StopGame(ctx, id, head, "", 2); !isInputOn(err, "game") {
		t.Errorf("stopping a game that is not the one going on: %v", err)
	}
	stopped := write(ts.StopGame(ctx, id, head, "", 1))
	tb, _ := ts.Table(ctx, id)
	if _, going := tb.InProgress(); going {
		t.Fatal("the stopped game is still going on")
	}
	if r := tb.Games.At(0).Record; !r.Unfinished || r.Over || r.Counted || r.Rounds != 2 || len(r.Winners) != 0 || tb.Evening().Done != 0 {
		t.Errorf("the stopped game: %+v", r)
	}
	if _, err := ts.StopGame(ctx, id, stopped, "", 1); !isInputOn(err, "game") {
		t.Errorf("stopping a stopped game: %v", err)
	}
	// Undo: the game goes on again, and takes its next round.
	head = write(ts.Undo(ctx, id, stopped, ""))
	tb, _ = ts.Table(ctx, id)
	if g, going := tb.InProgress(); !going || g.Number != 1 || g.Unfinished {
		t.Fatalf("after the undo the game does not go on: %+v", g.Record)
	}
	head = write(ts.StopGame(ctx, id, head, "", 1))
	// A round of the stopped game is corrected, and it stays unfinished.
	head = write(ts.CorrectRound(ctx, id, head, "", 1, 2, cambioRound(1), "a typo"))
	head = write(ts.ChooseGame(ctx, id, head, "", GameChosen{Game: sheet.Slug}))
	write(ts.RecordRound(ctx, id, head, "", mustJSON(sheet.Round{Name: "Skat", Last: true, Scores: []sheet.Entry{{Name: "Ana", Points: 3}, {Name: "Ben", Points: 1}}})))
	tb, _ = ts.Table(ctx, id)
	if tb.Games.Len() != 2 || !tb.Games.At(0).Record.Unfinished || !tb.Games.At(0).Corrected || tb.Games.At(0).Record.Counted || tb.Games.At(1).Record.Number != 2 {
		t.Fatalf("after the next game: %d games, game 1 %+v", tb.Games.Len(), tb.Games.At(0).Record)
	}
	if ev := tb.Evening(); ev.Done != 1 || ev.Mode != EveningSum || ev.Sheet != "Skat" {
		t.Errorf("the evening counts %d games by %s of %q", ev.Done, ev.Mode, ev.Sheet)
	}

	// The log exports and imports as it is, the same evening after it.
	body, _ := json.Marshal(ExportOf(tb))
	copyID, err := ts.Import(ctx, body)
	if err != nil {
		t.Fatal(err)
	}
	copied, _ := ts.Table(ctx, copyID)
	if fmt.Sprint(copied.Evening()) != fmt.Sprint(tb.Evening()) || copied.Games.Len() != 2 || !copied.Games.At(0).Record.Unfinished {
		t.Errorf("imported: %+v, want %+v", copied.Evening(), tb.Evening())
	}
}
