package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"tablemate/scoring"
)

// raceGame is a stand-in round-based engine: each round adds points; the
// game is over once a total reaches 10.
type raceGame struct{}

type raceState struct {
	Players []struct {
		Name  string `json:"name"`
		Total int    `json:"total"`
	} `json:"players"`
}

func (raceGame) Info() scoring.Info {
	return scoring.Info{Slug: "race", Title: "Race", MinPlayers: 2, MaxPlayers: 4}
}

func (raceGame) Check(body []byte) (scoring.Result, error) {
	res, err := sumGame{}.Check(body)
	res.GameOver = false
	for _, p := range res.Players {
		if p.Total >= 10 {
			res.GameOver = true
		}
	}
	if !res.GameOver {
		res.Winners = []string{}
	}
	return res, err
}

func (raceGame) AppendRound(state, round []byte) ([]byte, error) {
	var s, r raceState
	if state != nil {
		if err := json.Unmarshal(state, &s); err != nil {
			return nil, err
		}
	}
	if err := scoring.Decode(round, &r, "round"); err != nil {
		return nil, err
	}
	s.add(r)
	return json.Marshal(s)
}

// add adds a round's points to the state.
func (s *raceState) add(r raceState) {
	for _, rp := range r.Players {
		found := false
		for i := range s.Players {
			if s.Players[i].Name == rp.Name {
				s.Players[i].Total += rp.Total
				found = true
			}
		}
		if !found {
			s.Players = append(s.Players, rp)
		}
	}
}

func findRace(slug string) (scoring.Game, bool) {
	if slug == "race" {
		return raceGame{}, true
	}
	return findSum(slug)
}

func TestRoundsBuildGamesAndStartTheNext(t *testing.T) {
	st, err := Open(testDB(t, "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	st.Migrate(ctx)
	ts := NewTables(st, findRace)
	id, err := ts.Create(ctx, "", TableCreated{Game: "race", Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	round := func(a, b int) json.RawMessage {
		r, _ := json.Marshal(map[string]any{"players": []map[string]any{{"name": "Ana", "total": a}, {"name": "Ben", "total": b}}})
		return r
	}
	seen := 1
	for i, r := range []json.RawMessage{round(3, 4), round(5, 1), round(4, 0), round(1, 2)} {
		a, err := ts.RecordRound(ctx, id, seen, "", r)
		if err != nil {
			t.Fatalf("round %d: %v", i+1, err)
		}
		seen = a.Event.Seq
	}
	tb, err := ts.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if !tb.ByRounds(findRace) {
		t.Fatal("a round-based table is not marked so")
	}
	// Ana reached 12 in round 3: game 1 is over; round 4 started game 2.
	if tb.Games.Len() != 2 {
		t.Fatalf("%d games, want 2", tb.Games.Len())
	}
	if got, _ := tb.Games.At(0).Result().Total("Ana"); got != 12 || !tb.Games.At(0).Result().GameOver {
		t.Errorf("game 1: Ana %d, over %v", got, tb.Games.At(0).Result().GameOver)
	}
	cur, inProgress := tb.Current()
	if !inProgress || cur.Number != 2 {
		t.Errorf("current game %d in progress %v, want game 2", cur.Number, inProgress)
	}
	// Undo takes back the round that started game 2, then the one that ended game 1.
	if _, err := ts.Undo(ctx, id, seen, "u1"); err != nil {
		t.Fatal(err)
	}
	tb, _ = ts.Table(ctx, id)
	if tb.Games.Len() != 1 {
		t.Fatalf("after undo: %d games", tb.Games.Len())
	}
	if _, err := ts.Undo(ctx, id, tb.Head, "u2"); err != nil {
		t.Fatal(err)
	}
	tb, _ = ts.Table(ctx, id)
	if got, _ := tb.Games.At(0).Result().Total("Ana"); got != 8 || tb.Games.At(0).Result().GameOver {
		t.Errorf("after two undos: Ana %d over %v, want 8 and in progress", got, tb.Games.At(0).Result().GameOver)
	}
	// A stranger in a round is refused with the field.
	_, err = ts.RecordRound(ctx, id, tb.Head, "", json.RawMessage(`{"players":[{"name":"Zed","total":1}]}`))
	var in *scoring.InputError
	if !errors.As(err, &in) {
		t.Errorf("stranger's round: %v", err)
	}
	// Whole-game tables refuse rounds.
	sid := newTable(t, NewTables(st, findRace))
	if _, err := ts.RecordRound(ctx, sid, 1, "", round(1, 1)); !errors.As(err, &in) {
		t.Errorf("round on a whole-game table: %v", err)
	}
}
