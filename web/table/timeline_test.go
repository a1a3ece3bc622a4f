package table

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views/i18n"
	"tablemate/web/replay"
	"tablemate/web/tablepage"
)

// roundsEngine is a tiny round-based game for the timeline: each round is
// {"players":[{"name","points","cambio"}]}; a caller gets a −5 line.
type roundsEngine struct{}

func (roundsEngine) Info() scoring.Info {
	return scoring.Info{Slug: "cambio", Title: "Cambio", MinPlayers: 2, MaxPlayers: 8, LowestWins: true}
}

type fakeRound struct {
	Players []struct {
		Name   string `json:"name"`
		Points int    `json:"points"`
		Cambio bool   `json:"cambio"`
	} `json:"players"`
}

func (roundsEngine) AppendRound(state, round []byte) ([]byte, error) {
	var s struct {
		Rounds []json.RawMessage `json:"rounds"`
	}
	if len(state) > 0 {
		json.Unmarshal(state, &s)
	}
	s.Rounds = append(s.Rounds, round)
	return json.Marshal(s)
}

func (roundsEngine) Notes(round []byte) ([]scoring.Phrase, error) {
	var r fakeRound
	if err := json.Unmarshal(round, &r); err != nil {
		return nil, err
	}
	var out []scoring.Phrase
	for _, p := range r.Players {
		if p.Cambio {
			out = append(out, scoring.Phrasef("%s called Cambio", scoring.Name(p.Name)))
		}
	}
	return out, nil
}

func (roundsEngine) Target([]byte) int { return 50 }

func (roundsEngine) Check(body []byte) (scoring.Result, error) {
	var s struct {
		Rounds []fakeRound `json:"rounds"`
		Over   bool        `json:"over"`
	}
	if err := json.Unmarshal(body, &s); err != nil {
		return scoring.Result{}, err
	}
	r := scoring.NewResult("cambio")
	r.GameOver = s.Over
	for j, rd := range s.Rounds {
		for i, p := range rd.Players {
			if j == 0 {
				r.Players = append(r.Players, scoring.PlayerResult{Name: p.Name})
			}
			pr := &r.Players[i]
			pts := p.Points
			pr.Breakdown = append(pr.Breakdown, scoring.Line{Label: fmt.Sprintf("round %d: cards", j+1), Points: p.Points})
			if p.Cambio {
				pts -= 5
				pr.Breakdown = append(pr.Breakdown, scoring.Line{Label: fmt.Sprintf("round %d: Cambio called, fewest (−5)", j+1), Points: -5})
			}
			pr.Rounds = append(pr.Rounds, pts)
			pr.Total += pts
		}
	}
	r.Finish()
	return r, nil
}

// fakeFind knows the fake game only, as Cambio (Kodiak is not in it).
func fakeFind(slug string) (scoring.Game, bool) { return roundsEngine{}, slug == "cambio" }

func roundEvent(seq, game int, round string) sessions.Event {
	body, _ := json.Marshal(sessions.RoundRecorded{Game: game, Round: json.RawMessage(round)})
	return sessions.Event{Seq: seq, Kind: sessions.KindRoundRecorded, Payload: body, At: time.Unix(int64(seq), 0)}
}

func TestTimelineOfRounds(t *testing.T) {
	created, _ := json.Marshal(sessions.TableCreated{Game: "cambio", Players: []string{"Ana", "Ben"}})
	undo, _ := json.Marshal(sessions.Undo{Seq: 3})
	events := []sessions.Event{
		{Seq: 1, Kind: sessions.KindTableCreated, Payload: created},
		roundEvent(2, 1, `{"players":[{"name":"Ana","points":9,"cambio":true},{"name":"Ben","points":12}]}`),
		roundEvent(3, 1, `{"players":[{"name":"Ana","points":20},{"name":"Ben","points":1}]}`),
		{Seq: 4, Kind: sessions.KindUndo, Payload: undo},
		roundEvent(5, 1, `{"players":[{"name":"Ana","points":2},{"name":"Ben","points":30,"cambio":true}]}`),
	}
	tb, err := sessions.Replay("t", events, fakeFind)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Table started for Cambio with Ana and Ben",
		"Round 1 of game 1: Ana called Cambio; Ana 4 (Cambio called, fewest (−5)), Ben 12",
		"Round 2 of game 1: Ana 20, Ben 1", // undone, told as it was
		"Undid: round 2 of game 1",
		"Round 2 of game 1: Ben called Cambio; Ana 2, Ben 25 (Cambio called, fewest (−5))",
	}
	for i, e := range tb.Log.All() {
		if got := tablepage.LogText(tb, e.Event).Say(context.Background()); got != want[i] {
			t.Errorf("event %d:\n got %q\nwant %q", e.Seq, got, want[i])
		}
	}

	// The round chart: running totals by round with Cambio's target.
	g, _ := tb.Current()
	c := roundLines("cambio", g)
	if !c.HasTarget || c.Target != 50 || len(c.Series) != 2 {
		t.Fatalf("round chart %+v", c)
	}
	if !slices.Equal(c.Series[0].Values, []float64{4, 6}) || !slices.Equal(c.Series[1].Values, []float64{12, 37}) {
		t.Errorf("running totals by round %+v", c.Series)
	}
	if c := roundLines("kodiak", g); c.HasTarget {
		t.Error("Kodiak has no target line")
	}
}

func TestRunningLinesAddUpGames(t *testing.T) {
	created, _ := json.Marshal(sessions.TableCreated{Game: "cambio", Players: []string{"Ana", "Ben", "Cy"}})
	game := func(seq int, state string) sessions.Event {
		return sessions.Event{Seq: seq, Kind: sessions.KindGameRecorded, Payload: json.RawMessage(`{"state":{"over":true,"rounds":[` + state + `]}}`)}
	}
	tb, err := sessions.Replay("t", []sessions.Event{
		{Seq: 1, Kind: sessions.KindTableCreated, Payload: created},
		game(2, `{"players":[{"name":"Ana","points":10},{"name":"Ben","points":-3}]}`),
		game(3, `{"players":[{"name":"Ana","points":5},{"name":"Ben","points":7},{"name":"Cy","points":1}]}`),
	}, fakeFind)
	if err != nil {
		t.Fatal(err)
	}
	c := runningLines(tb)
	got := [][]float64{c.Series[0].Values, c.Series[1].Values, c.Series[2].Values}
	want := [][]float64{{10, 15}, {-3, 4}, {0, 1}}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("%s: %v, want %v", c.Series[i].Name, got[i], want[i])
		}
	}
	if title := i18n.Say(context.Background(), c.Title); !strings.Contains(title, "2 games") {
		t.Errorf("title %q", title)
	}
}

// guidedEngine is a tiny guided game: each step is a number of points for
// the first player; the game is over after two steps.
type guidedEngine struct{ roundsEngine }

func (guidedEngine) Guide(players []string, setup []byte, steps [][]byte) (bool, []byte, error) {
	if len(steps) < 2 {
		return false, nil, nil
	}
	total := 0
	for _, s := range steps {
		var n int
		json.Unmarshal(s, &n)
		total += n
	}
	return true, []byte(fmt.Sprintf(`{"rounds":[{"players":[{"name":%q,"points":%d},{"name":%q,"points":0}]}]}`, players[0], total, players[1])), nil
}

func TestTimelineAndReplayOfGuidedPlay(t *testing.T) {
	find := func(string) (scoring.Game, bool) { return guidedEngine{}, true }
	created, _ := json.Marshal(sessions.TableCreated{Game: "cambio", Players: []string{"Ana", "Ben"}})
	step := func(seq int, kind sessions.Kind, payload string) sessions.Event {
		return sessions.Event{Seq: seq, Kind: kind, Payload: json.RawMessage(payload)}
	}
	events := []sessions.Event{
		{Seq: 1, Kind: sessions.KindTableCreated, Payload: created},
		step(2, sessions.KindPlayStarted, `{"setup":{}}`),
		step(3, sessions.KindPlayStep, `{"step":4}`),
		step(4, sessions.KindPlayStep, `{"step":6}`),
	}
	tb, err := sessions.Replay("t", events, find)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Guided game started", "Move 1 of the guided game", "Game 1 finished by guided play (move 2): Ana 10, Ben 0"}
	for i, w := range want {
		if got := tablepage.LogText(tb, tb.Log.At(i+1).Event).Say(context.Background()); got != w {
			t.Errorf("event %d: %q, want %q", i+2, got, w)
		}
	}
	if steps := replay.Steps(tb, 1); len(steps) != 1 || tb.Log.At(steps[0]).Seq != 4 {
		t.Errorf("game 1's replay steps %v, want only the move that ended it", steps)
	}
}

// A game entered by rounds and a guided game after it are games 1 and 2:
// each replay holds only its own events.
func TestReplayStepsOfRoundsThenGuidedGame(t *testing.T) {
	find := func(string) (scoring.Game, bool) { return guidedEngine{}, true }
	created, _ := json.Marshal(sessions.TableCreated{Game: "cambio", Players: []string{"Ana", "Ben"}})
	step := func(seq int, kind sessions.Kind, payload string) sessions.Event {
		return sessions.Event{Seq: seq, Kind: kind, Payload: json.RawMessage(payload)}
	}
	tb, err := sessions.Replay("t", []sessions.Event{
		{Seq: 1, Kind: sessions.KindTableCreated, Payload: created},
		step(2, sessions.KindRoundRecorded, `{"game":1,"round":{"players":[{"name":"Ana","points":3},{"name":"Ben","points":4}]}}`),
		step(3, sessions.KindPlayStarted, `{"setup":{}}`),
		step(4, sessions.KindPlayStep, `{"step":4}`),
		step(5, sessions.KindPlayStep, `{"step":6}`),
	}, find)
	if err != nil {
		t.Fatal(err)
	}
	for n, want := range map[int][]int{1: {2}, 2: {5}} {
		var got []int
		for _, i := range replay.Steps(tb, n) {
			got = append(got, tb.Log.At(i).Seq)
		}
		if !slices.Equal(got, want) {
			t.Errorf("game %d's replay steps are events %v, want %v", n, got, want)
		}
	}
}

// An event without short words of its own is named as the log tells it,
// starting small in English; German keeps the sentence's capital.
func TestUndoLabelsOfSentences(t *testing.T) {
	created, _ := json.Marshal(sessions.TableCreated{Game: "cambio", Players: []string{"Ana", "Ben"}})
	chosen, _ := json.Marshal(sessions.GameChosen{Game: "cambio", First: "Ben"})
	undo, _ := json.Marshal(sessions.Undo{Seq: 3})
	tb, err := sessions.Replay("t", []sessions.Event{
		{Seq: 1, Kind: sessions.KindTableCreated, Payload: created},
		{Seq: 2, Kind: sessions.KindGameChosen, Payload: chosen},
		{Seq: 3, Kind: sessions.KindPlayStarted, Payload: json.RawMessage(`{"setup":{}}`)},
		{Seq: 4, Kind: sessions.KindUndo, Payload: undo},
	}, func(string) (scoring.Game, bool) { return guidedEngine{}, true })
	if err != nil {
		t.Fatal(err)
	}
	de := i18n.With(context.Background(), i18n.German, "/")
	for i, want := range []struct{ en, de string }{
		{"table started for Cambio with Ana and Ben", "Tisch für Cambio eröffnet mit Ana und Ben"},
		{"next game chosen: Cambio, Ben starts", "Nächstes Spiel gewählt: Cambio, Ben beginnt"},
		{"guided game started", "Mitgespielte Partie begonnen"},
		{"undid: guided game started", "Rückgängig gemacht: Mitgespielte Partie begonnen"},
	} {
		short := tablepage.LogShort(tb, tb.Log.At(i).Event)
		if got := i18n.Say(context.Background(), short); got != want.en {
			t.Errorf("event %d: %q, want %q", i+1, got, want.en)
		}
		if got := i18n.Say(de, short); got != want.de {
			t.Errorf("event %d in German: %q, want %q", i+1, got, want.de)
		}
	}
}
