package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tablemate/scoring"
)

// mixGame is a stand-in engine with every way of entering a game: whole
// states, rounds (a game is over once a total reaches 20) and guided play
// (three steps, each worth its number to the first player).
type mixGame struct{}

type mixState struct {
	raceState
	Rounds int `json:"rounds,omitempty"`
}

func (mixGame) Info() scoring.Info {
	return scoring.Info{Slug: "mix", Title: "Mix", MinPlayers: 2, MaxPlayers: 5}
}

func (mixGame) Check(body []byte) (scoring.Result, error) {
	var s mixState
	if err := scoring.Decode(body, &s, ""); err != nil {
		return scoring.Result{}, err
	}
	r := scoring.NewResult("mix")
	for _, p := range s.Players {
		pr := scoring.PlayerResult{Name: p.Name, Total: p.Total}
		for i := range s.Rounds {
			pr.Breakdown = append(pr.Breakdown, scoring.Line{Label: fmt.Sprintf("round %d: points", i+1), Points: p.Total})
			pr.Rounds = append(pr.Rounds, p.Total)
		}
		r.Players = append(r.Players, pr)
		r.GameOver = r.GameOver || p.Total >= 20 || s.Rounds == 0
	}
	if r.GameOver {
		r.Winners = scoring.Highest(r.Players)
	}
	r.Finish()
	return r, nil
}

func (mixGame) AppendRound(state, round []byte) ([]byte, error) {
	var s mixState
	var r raceState
	if state != nil {
		if err := json.Unmarshal(state, &s); err != nil {
			return nil, err
		}
	}
	if err := scoring.Decode(round, &r, "round"); err != nil {
		return nil, err
	}
	s.add(r)
	s.Rounds++
	return json.Marshal(s)
}

func (mixGame) Guide(players []string, setup []byte, steps [][]byte) (bool, []byte, error) {
	total := 0
	for _, st := range steps {
		var n int
		if err := json.Unmarshal(st, &n); err != nil || n < 0 {
			return false, nil, scoring.Errorf("step", "a step is a number")
		}
		total += n
	}
	if len(steps) < 3 {
		return false, nil, nil
	}
	return true, []byte(fmt.Sprintf(`{"players":[{"name":%q,"total":%d},{"name":%q,"total":0}]}`, players[0], total, players[1])), nil
}

func findMix(slug string) (scoring.Game, bool) { return mixGame{}, slug == "mix" }

// randomLog makes a log of n events with the live commands' decide
// functions: every event is one a phone could have entered.
func randomLog(rng *rand.Rand, n int) []Event {
	ts := &Tables{find: findMix}
	created, _ := json.Marshal(TableCreated{Game: "mix", Name: "Mix", Players: []string{"Ana", "Ben"}})
	events := []Event{{Seq: 1, Kind: KindTableCreated, Payload: created, At: time.Unix(1, 0)}}
	t, err := Replay("r", events, findMix)
	if err != nil {
		panic(err)
	}
	names := []string{"Cy", "Dee", "Eve"}
	state := func() json.RawMessage {
		return json.RawMessage(fmt.Sprintf(`{"players":[{"name":"Ana","total":%d},{"name":"Ben","total":%d}]}`, rng.IntN(30), rng.IntN(30)))
	}
	for len(events) < n {
		var d decision
		var err error
		switch rng.IntN(9) {
		case 0:
			d, err = ts.decideJoin(t, names[rng.IntN(len(names))])
		case 1:
			d, err = ts.decideGame(t, GameRecorded{State: state()})
		case 2, 3:
			d, err = ts.decideRound(t, json.RawMessage(fmt.Sprintf(`{"players":[{"name":"Ana","total":%d},{"name":"Ben","total":%d}]}`, rng.IntN(8), rng.IntN(8))))
		case 4:
			if t.Games.Len() == 0 {
				continue
			}
			d, err = ts.decideCorrection(t, GameCorrected{Game: 1 + rng.IntN(t.Games.Len()), State: state(), Reason: "typo"}, nil)
		case 5:
			d, err = ts.decideStart(t, json.RawMessage(`{}`))
		case 6:
			d, err = ts.decideStep(t, json.RawMessage(fmt.Sprint(rng.IntN(9))))
		default:
			d, err = ts.decideUndo(t)
		}
		if err != nil {
			continue
		}
		body, _ := json.Marshal(d.payload)
		e := Event{Seq: t.Head + 1, Kind: d.kind, Payload: body, At: time.Unix(int64(t.Head+1), 0)}
		if err := t.next(e, d.said); err != nil || t.readable() != nil {
			panic(fmt.Sprint(err, t.readable()))
		}
		events = append(events, e)
	}
	return events
}

// referenceReplay is the replay as it was before tables were built event
// by event: find what every undo took back, then apply the events left in
// order. The incremental build must agree with it exactly.
func referenceReplay(events []Event) (players []string, games []Game, play *Play, undone map[int]int) {
	undone = map[int]int{}
	var inEffect []int
	for _, e := range events[1:] {
		if e.Kind != KindUndo {
			inEffect = append(inEffect, e.Seq)
			continue
		}
		var u Undo
		json.Unmarshal(e.Payload, &u)
		inEffect = inEffect[:len(inEffect)-1]
		undone[u.Seq] = e.Seq
	}
	var c TableCreated
	json.Unmarshal(events[0].Payload, &c)
	players = slices.Clone(c.Players)
	engine := mixGame{}
	for _, e := range events[1:] {
		if undone[e.Seq] != 0 || e.Kind == KindUndo {
			continue
		}
		switch e.Kind {
		case KindPlayerJoined:
			var p PlayerJoined
			json.Unmarshal(e.Payload, &p)
			players = append(players, p.Name)
		case KindGameRecorded:
			var g GameRecorded
			json.Unmarshal(e.Payload, &g)
			games = append(games, score(len(games)+1, e.Seq, g.State, engine))
		case KindRoundRecorded:
			var r RoundRecorded
			json.Unmarshal(e.Payload, &r)
			var prev Game
			if r.Game == len(games) {
				prev = games[r.Game-1]
			}
			state, _ := engine.AppendRound(prev.State, r.Round)
			g := score(r.Game, e.Seq, state, engine)
			g.Corrected = prev.Corrected
			if r.Game > len(games) {
				games = append(games, g)
			} else {
				games[r.Game-1] = g
			}
		case KindPlayStarted:
			play = &Play{StartSeq: e.Seq, Players: slices.Clone(players)}
		case KindPlayStep:
			var p PlayStep
			json.Unmarshal(e.Payload, &p)
			play.Steps = append(play.Steps, p.Step)
			if over, final, _ := engine.Guide(play.Players, nil, play.RawSteps()); over {
				games = append(games, score(len(games)+1, e.Seq, final, engine))
				play = nil
			}
		case KindGameCorrected:
			var g GameCorrected
			json.Unmarshal(e.Payload, &g)
			games[g.Game-1] = score(g.Game, e.Seq, g.State, engine)
			games[g.Game-1].Corrected = true
		}
	}
	return players, games, play, undone
}

// sameAsReference compares a table with the reference replay of its log.
func sameAsReference(t *testing.T, tb Table, events []Event) {
	t.Helper()
	players, games, play, undone := referenceReplay(events)
	if !slices.Equal(tb.Players, players) {
		t.Fatalf("head %d: players %v, want %v", tb.Head, tb.Players, players)
	}
	if tb.Games.Len() != len(games) {
		t.Fatalf("head %d: %d games, want %d", tb.Head, tb.Games.Len(), len(games))
	}
	for i, g := range games {
		got := tb.Games.At(i)
		if got.Number != g.Number || got.Seq != g.Seq || string(got.State) != string(g.State) || got.Corrected != g.Corrected ||
			!reflect.DeepEqual(got.Result(), g.Result()) {
			t.Fatalf("head %d: game %d is %+v, want %+v", tb.Head, i+1, got, g)
		}
	}
	if (tb.Play == nil) != (play == nil) || play != nil && (len(tb.Play.Steps) != len(play.Steps) || tb.Play.StartSeq != play.StartSeq) {
		t.Fatalf("head %d: guided game %+v, want %+v", tb.Head, tb.Play, play)
	}
	for seq := 1; seq <= tb.Head; seq++ {
		if got := tb.UndoneBy(seq); got != undone[seq] {
			t.Fatalf("head %d: event %d undone by %d, want %d", tb.Head, seq, got, undone[seq])
		}
	}
	// Standings add up the finished games in effect (a round game still
	// going counts once it is over).
	want := map[string]int{}
	for _, g := range games {
		if g.Err != "" || !g.Result().GameOver || !g.Result().Valid {
			continue
		}
		for _, p := range g.Result().Players {
			want[p.Name] += p.Total
		}
	}
	for _, s := range tb.Standings() {
		if s.Total != want[s.Name] {
			t.Fatalf("head %d: %s has %d, want %d", tb.Head, s.Name, s.Total, want[s.Name])
		}
	}
}

// TestIncrementalBuildMatchesReplay builds random tables event by event,
// each version from the one before as the cache does, and checks every
// version against the reference replay of its log, after all the later
// versions were built (so no later event changed what an earlier version
// shows).
func TestIncrementalBuildMatchesReplay(t *testing.T) {
	noStore(t)
	withoutRace(t)
	t.Parallel()
	for seed := range uint64(24) {
		rng := rand.New(rand.NewPCG(seed, 7))
		n := 60 + rng.IntN(80)
		if seed == 23 {
			n = 800 // games past a chunk of a GameList (gameChunk)
		}
		events := randomLog(rng, n)
		first, err := Replay("r", events[:1], findMix)
		if err != nil {
			t.Fatal(err)
		}
		versions := []Table{first}
		for _, e := range events[1:] {
			next := versions[len(versions)-1]
			next.ownGames = false // published, as the cache does
			if err := next.applyAll([]Event{e}, nil); err != nil {
				t.Fatal(err)
			}
			next.ownGames = false
			versions = append(versions, next)
		}
		for i, v := range versions {
			sameAsReference(t, v, events[:i+1])
		}
		whole, err := Replay("r", events, findMix)
		if err != nil {
			t.Fatal(err)
		}
		sameAsReference(t, whole, events)
		if seed == 23 && whole.Games.Len() <= gameChunk {
			t.Errorf("seed %d: %d games, the chunks are barely used", seed, whole.Games.Len())
		}
		if seed >= 8 {
			continue
		}
		// Every game at every point, worked out from the log.
		for seq := 1; seq <= len(events); seq++ {
			_, games, _, _ := referenceReplay(events[:seq])
			for n := 1; n <= len(games)+1; n++ {
				g, ok := whole.GameAsOf(n, seq)
				if ok != (n <= len(games)) || ok && (string(g.State) != string(games[n-1].State) || g.Seq != games[n-1].Seq) {
					t.Fatalf("seed %d: game %d as of %d: %v %s, want %v", seed, n, seq, ok, g.State, n <= len(games))
				}
			}
		}
	}
}

// TestFactsAreThoseOfTheirTime: the game, round and move numbers worked
// out while replaying are those the entry had when it was written.
func TestFactsAreThoseOfTheirTime(t *testing.T) {
	noStore(t)
	withoutRace(t)
	t.Parallel()
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 11))
		events := randomLog(rng, 120)
		tb, err := Replay("r", events, findMix)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range tb.Log.All() {
			_, games, play, _ := referenceReplay(events[:i+1])
			switch e.Kind {
			case KindGameRecorded:
				if e.Game != len(games) || e.After == nil || e.After.Seq != e.Seq {
					t.Fatalf("seed %d: recording %d is game %d, want %d", seed, e.Seq, e.Game, len(games))
				}
			case KindRoundRecorded:
				g := games[e.Game-1]
				var s mixState
				json.Unmarshal(g.State, &s)
				if e.Round != s.Rounds || len(e.Points()) != len(g.Result().Players) {
					t.Fatalf("seed %d: round %d is round %d of game %d, want round %d", seed, e.Seq, e.Round, e.Game, s.Rounds)
				}
			case KindPlayStep:
				if play != nil && e.Move != len(play.Steps) || play == nil && (e.Move != 3 || e.Game != len(games) || e.After == nil) {
					t.Fatalf("seed %d: step %d is move %d (game %d)", seed, e.Seq, e.Move, e.Game)
				}
			}
		}
	}
}

// TestVersionsAreSafeToShare reads tables from several goroutines while
// writes, undos and another server's writes build newer versions of them
// (run with -race: a version written to after it was handed out fails).
func TestVersionsAreSafeToShare(t *testing.T) {
	t.Parallel()
	st, _ := openTest(t)
	ts := NewTables(st, findMix)
	other := NewTables(st, findMix)
	ctx := context.Background()
	id, err := ts.Create(ctx, "", TableCreated{Game: "mix", Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	var readers sync.WaitGroup
	for range 3 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				tb, err := ts.Table(ctx, id)
				if err != nil {
					t.Error(err)
					return
				}
				sum := 0
				for _, g := range tb.Games.All() {
					sum += g.Number + len(g.State)
				}
				for _, e := range tb.Log.All() {
					sum += e.Game + e.Round + tb.UndoneBy(e.Seq)
				}
				for _, s := range tb.Standings() {
					sum += s.Total
				}
				_ = sum
			}
		}()
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 150 {
		writer := ts
		if i%5 == 4 {
			writer = other
		}
		tb, err := writer.Table(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		round := json.RawMessage(fmt.Sprintf(`{"players":[{"name":"Ana","total":%d},{"name":"Ben","total":%d}]}`, rng.IntN(6), rng.IntN(6)))
		switch rng.IntN(4) {
		case 0:
			_, err = writer.Undo(ctx, id, tb.Head, "")
		case 1:
			_, err = writer.CorrectGame(ctx, id, tb.Head, "", 1, json.RawMessage(`{"players":[{"name":"Ana","total":1}]}`), "")
		default:
			_, err = writer.RecordRound(ctx, id, tb.Head, "", round)
		}
		var in *scoring.InputError
		if err != nil && !errors.Is(err, ErrNothingToUndo) && !errors.As(err, &in) {
			t.Fatal(err)
		}
	}
	close(done)
	readers.Wait()
	tb, _ := ts.Table(ctx, id)
	events, _ := st.Events(ctx, tb.Key)
	sameAsReference(t, tb, events)
}

// countingMix counts the engine's Guide calls and the moves they replay.
type countingMix struct {
	mixGame
	calls, moves *int
}

func (c countingMix) Guide(players []string, setup []byte, steps [][]byte) (bool, []byte, error) {
	*c.calls++
	*c.moves += len(steps)
	return c.mixGame.Guide(players, setup, steps)
}

// TestGuidedGamesReplayInOneEngineCall: replaying a log with guided games
// runs the engine once per game (for the move that ended it or the last
// one), not once per move: a long guided game replays in a time linear
// in its moves. A live move runs the engine once, for its command.
func TestGuidedGamesReplayInOneEngineCall(t *testing.T) {
	calls, moves := 0, 0
	eng := countingMix{calls: &calls, moves: &moves}
	find := func(slug string) (scoring.Game, bool) { return eng, slug == "mix" }
	created, _ := json.Marshal(TableCreated{Game: "mix", Players: []string{"Ana", "Ben"}})
	events := []Event{{Seq: 1, Kind: KindTableCreated, Payload: created}}
	add := func(kind Kind, payload string) {
		events = append(events, Event{Seq: len(events) + 1, Kind: kind, Payload: json.RawMessage(payload)})
	}
	for range 3 { // three guided games of three moves, a player joining and taken back between the first two
		add(KindPlayStarted, `{"setup":{}}`)
		add(KindPlayStep, `{"step":1}`)
		add(KindPlayerJoined, `{"name":"Cy"}`)
		add(KindUndo, fmt.Sprintf(`{"seq":%d}`, len(events)))
		add(KindPlayStep, `{"step":2}`)
		add(KindPlayStep, `{"step":3}`)
	}
	tb, err := Replay("g", events, find)
	if err != nil || tb.Games.Len() != 3 {
		t.Fatalf("%d games, %v", tb.Games.Len(), err)
	}
	if calls != 3 || moves != 9 {
		t.Errorf("replaying 9 moves ran Guide %d times over %d moves, want 3 over 9", calls, moves)
	}
	for _, e := range tb.Log.All() {
		if e.Kind == KindPlayStep && (e.Move < 1 || e.Move > 3) {
			t.Errorf("move %d numbered %d", e.Seq, e.Move)
		}
	}
	// Live: a move runs the engine once, its command's check.
	st, _ := openTest(t)
	ts := NewTables(st, find)
	ctx := context.Background()
	id, _ := ts.Create(ctx, "", TableCreated{Game: "mix", Players: []string{"Ana", "Ben"}})
	ts.StartPlay(ctx, id, 1, "", json.RawMessage(`{}`))
	ts.Table(ctx, id)
	calls = 0
	if _, err := ts.PlayStep(ctx, id, 2, "", json.RawMessage(`1`)); err != nil {
		t.Fatal(err)
	}
	ts.Table(ctx, id)
	if calls != 1 {
		t.Errorf("a live move ran Guide %d times, want once", calls)
	}
}

// TestImportedGuidedGamesAreCheckedOncePerRun: an import checks a run of
// guided moves with one replay of the game (and one more to see it was not
// over before the last move), refusing the first bad move by its place.
func TestImportedGuidedGamesAreCheckedOncePerRun(t *testing.T) {
	calls, moves := 0, 0
	eng := countingMix{calls: &calls, moves: &moves}
	st, _ := openTest(t)
	ts := NewTables(st, func(slug string) (scoring.Game, bool) { return eng, slug == "mix" })
	file := func(steps ...string) []byte {
		events := []string{`{"seq":1,"kind":"table_created","payload":{"game":"mix","name":"G","players":["Ana","Ben"]}}`,
			`{"seq":2,"kind":"play_started","payload":{"setup":{}}}`}
		for i, s := range steps {
			events = append(events, fmt.Sprintf(`{"seq":%d,"kind":"play_step","payload":{"step":%s}}`, i+3, s))
		}
		return []byte(`{"format":"tablemate-table","version":1,"name":"G","game":"mix","events":[` + strings.Join(events, ",") + `]}`)
	}
	ctx := context.Background()
	id, err := ts.Import(ctx, file("1", "2", "3"))
	if err != nil {
		t.Fatal(err)
	}
	if calls != 3 || moves != 0+3+2 { // the start's check, then the run: its last move, and the two before it
		t.Errorf("importing three moves ran Guide %d times over %d moves", calls, moves)
	}
	if tb, _ := ts.Table(ctx, id); tb.Games.Len() != 1 || tb.Games.At(0).Result().Players[0].Total != 6 {
		t.Errorf("the imported guided game: %+v", tb.Games)
	}
	for _, tt := range []struct {
		steps []string
		field string
	}{
		{[]string{"1", `"x"`, "3"}, "events[3].payload"},         // a bad move in the middle of a run
		{[]string{"1", "2", "3", "4"}, "events[5].payload.step"}, // a move after the game ended
	} {
		_, err := ts.Import(ctx, file(tt.steps...))
		var in *scoring.InputError
		if !errors.As(err, &in) || !strings.HasPrefix(in.Field, tt.field) {
			t.Errorf("moves %v: %v, want an input error on %s", tt.steps, err, tt.field)
		}
	}
}
