package scoring

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// counter is a toy guided game for the shared loop: the players add
// numbers in turn until the sum reaches the setup's target. A step of 0
// is refused, a step of 7 is frowned on (a warning) but played, and the
// setup refuses a target below 1.
type counter struct {
	Players []string
	Sum     int
	Target  int
	Turn    int
}

type counterView struct {
	Sum  int    `json:"sum"`
	Next string `json:"next"`
}

type counterRules struct{}

func (counterRules) Start(players []string, setup []byte) (counter, error) {
	var s struct {
		Target int `json:"target"`
	}
	if err := Decode(setup, &s, ""); err != nil {
		return counter{}, err
	}
	if s.Target < 1 {
		return counter{}, Refusef(0, "target", "T-1", "the target is %d or more, not %d", 1, s.Target)
	}
	return counter{Players: players, Target: s.Target}, nil
}

func (counterRules) ReadStep(raw []byte, field string) (int, error) {
	var n int
	if err := Decode(raw, &n, field); err != nil {
		return 0, err
	}
	return n, nil
}

func (p counter) Apply(n int) (counter, *StepError) {
	switch {
	case p.Sum >= p.Target:
		return p, Refusef(0, "over", "T-1", "the game is over")
	case n == 0:
		return p, Refusef(0, "zero", "T-1", "%s adds nothing", Name(p.Players[p.Turn]))
	}
	next := p
	next.Sum += n
	next.Turn = (p.Turn + 1) % len(p.Players)
	if n == 7 {
		w := Refusef(0, "seven", "T-2", "7 is unlucky")
		w.Warning = true
		return next, w
	}
	return next, nil
}

func (p counter) Moves() []int {
	if p.Sum >= p.Target {
		return nil
	}
	return []int{1, 2, 3}
}

func (p counter) Over() bool             { return p.Sum >= p.Target }
func (counterRules) Final(p counter) any { return map[string]int{"sum": p.Sum} }
func (counterRules) Score(p counter) Result {
	r := NewResult("counter")
	r.GameOver = p.Sum >= p.Target
	r.Finish()
	return r
}
func (p counter) View() counterView {
	return counterView{Sum: p.Sum, Next: p.Players[p.Turn]}
}

func (r counterRules) ReadRequest(players []string, setup []byte) (Request[counter, int], error) {
	names, err := PlayerList(players)
	if err != nil {
		return Request[counter, int]{}, err
	}
	if _, err := r.Start(names, setup); err != nil {
		if in, ok := err.(*InputError); ok {
			return Request[counter, int]{}, in
		}
	}
	return Request[counter, int]{Start: func() (counter, error) {
		p, err := r.Start(names, setup)
		if se, ok := err.(*StepError); ok {
			return p, Errorf("target", "%s", se.Phrase)
		}
		return p, err
	}}, nil
}

type counterGame struct {
	Play[counterRules, counter, int, counterView]
}

var (
	_ Guided                              = counterGame{}
	_ Rules[counter, int, counterView]    = counterRules{}
	_ Position[counter, int, counterView] = counter{}
)

func raws(steps ...string) [][]byte {
	out := make([][]byte, len(steps))
	for i, s := range steps {
		out[i] = []byte(s)
	}
	return out
}

func TestResumeStopsAtTheFirstRefusedStep(t *testing.T) {
	g := counterGame{}
	setup := []byte(`{"target": 10}`)
	pos, err := g.Resume([]string{"Ana", "Ben"}, setup, raws("2", "7", "0", "1"))
	var se *StepError
	if !errors.As(err, &se) || se.Code != "zero" || pos.Sum != 9 || se.Message != "Ana adds nothing" {
		t.Fatalf("got %+v, %v; want the position after 2 and 7 and the refusal of 0", pos, err)
	}
	if _, err := g.Resume([]string{"Ana"}, setup, raws(`"x"`)); !errors.As(err, new(*InputError)) || err.(*InputError).Field != "step" {
		t.Errorf("unreadable step: %v", err)
	}
	if _, err := g.Resume([]string{"Ana"}, []byte(`{"target": 0}`), nil); !errors.As(err, &se) || se.Step != 0 {
		t.Errorf("refused setup: %v", err)
	}
}

func TestLastTellsTheNewestStepApart(t *testing.T) {
	g := counterGame{}
	before, now, last, warn, err := g.Last([]string{"Ana", "Ben"}, []byte(`{"target": 20}`), raws("2", "7"))
	if err != nil || before.Sum != 2 || now.Sum != 9 || last != 7 || warn == nil || warn.Code != "seven" {
		t.Fatalf("got %+v %+v %d %v %v", before, now, last, warn, err)
	}
	before, now, _, warn, err = g.Last([]string{"Ana"}, []byte(`{"target": 20}`), nil)
	if err != nil || before.Sum != 0 || now.Sum != 0 || warn != nil {
		t.Errorf("no steps: %+v %+v %v %v", before, now, warn, err)
	}
}

func TestGuideGivesTheFinalStateOnceOver(t *testing.T) {
	g := counterGame{}
	over, final, err := g.Guide([]string{"Ana", "Ben"}, []byte(`{"target": 5}`), raws("2", "2"))
	if over || final != nil || err != nil {
		t.Errorf("not over yet: %v %s %v", over, final, err)
	}
	over, final, err = g.Guide([]string{"Ana", "Ben"}, []byte(`{"target": 5}`), raws("2", "2", "3"))
	if !over || string(final) != `{"sum":7}` || err != nil {
		t.Errorf("over: %v %s %v", over, final, err)
	}
}

func TestReplayAnswersThePlayAPI(t *testing.T) {
	g := counterGame{}
	ans, err := g.Replay([]byte(`{"players": [" Ana ", "Ben"], "target": 12, "steps": [2, 7, 3]}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(ans)
	want := `{"valid":true,"errors":[{"step":0,"code":"seven","rule":"T-2","message":"7 is unlucky","warning":true}],"state":{"sum":12,"next":"Ben"},"result":{"game":"counter","valid":true,"game_over":true,"violations":[],"warnings":[],"players":[],"winners":[]}}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	ans, _ = g.Replay([]byte(`{"steps": [1, 0, 2], "players": ["Ana", "Ben"], "target": 9}`))
	if ans.Valid || len(ans.Errors) != 1 || ans.Errors[0].Message != "Ben adds nothing" || ans.State.Sum != 1 || ans.Result != nil {
		t.Errorf("refused step: %+v", ans)
	}
}

func TestReplayInputErrorsNameTheField(t *testing.T) {
	for _, c := range []struct{ body, field, message string }{
		{`{"players": ["Ana"], "target": 3, "steps": [1,]}`, "", "invalid JSON at byte"},
		{`[1]`, "", "must be an object, not a JSON array"},
		{`{"target": 3}`, "players", "a list of player names is required"},
		{`{"players": "Ana", "target": 3}`, "players", "must be a list, not a JSON string"},
		{`{"players": ["Ana", "ana "], "target": 3}`, "players[1]", `"ana" is already a player's name`},
		{`{"players": ["Ana"], "target": 3, "steps": 4}`, "steps", "must be a list"},
		{`{"players": ["Ana"], "target": 3, "steps": [1, "x"]}`, "steps[1]", "must be a whole number"},
		{`{"players": ["Ana"], "target": 3, "colour": "red"}`, "colour", `unknown field "colour"`},
		{`{"players": ["Ana"], "target": "3"}`, "target", "must be a whole number"},
		{`{"players": ["Ana"], "target": 0, "steps": [1]}`, "target", "the target is 1 or more, not 0"},
		{`{"players": ["Ana"], "target": 3} {}`, "", "unexpected data after the JSON value"},
		// API.md: names are exact, null is a wrong type, a name is given once.
		{`null`, "", "must be an object, not a JSON null"},
		{`{"PLAYERS": ["Ana"], "target": 3}`, "PLAYERS", `unknown field "PLAYERS"`},
		{`{"players": ["Ana"], "Steps": [1], "target": 3}`, "Steps", `unknown field "Steps"`},
		{`{"players": null, "target": 3}`, "players", "must be a list, not a JSON null"},
		{`{"players": ["Ana", null], "target": 3}`, "players[1]", "must be a string, not a JSON null"},
		{`{"players": ["Ana"], "target": 3, "steps": null}`, "steps", "must be a list, not a JSON null"},
		{`{"players": ["Ana"], "target": 3, "steps": [1, null]}`, "steps[1]", "must be a whole number, not a JSON null"},
		{`{"players": ["Ana"], "players": ["Ben"], "target": 3}`, "players", "given twice"},
		{`{"players": ["Ana"], "target": 1000001}`, "target", "1000001 is out of range"},
	} {
		_, err := counterGame{}.Replay([]byte(c.body))
		var in *InputError
		if !errors.As(err, &in) || in.Field != c.field || !strings.Contains(in.Message, c.message) {
			t.Errorf("%s: %v, want %s: %s", c.body, err, c.field, c.message)
		}
	}
}

func TestReadPlayBodyKeepsTheSetupInOrder(t *testing.T) {
	players, setup, steps, err := readPlayBody([]byte(`{"b": 1, "players": ["A"], "a": {"x": [1, 2]}, "steps": [3], "c": "s"}`))
	if err != nil || !slices.Equal(players, []string{"A"}) || len(steps) != 1 || string(setup) != `{"b":1,"a":{"x": [1, 2]},"c":"s"}` {
		t.Errorf("got %v %s %v %v", players, setup, steps, err)
	}
	_, setup, _, err = readPlayBody([]byte(`{}`))
	if err != nil || string(setup) != "{}" {
		t.Errorf("{}: %s %v", setup, err)
	}
}

func TestPlayerListTrimsAndChecks(t *testing.T) {
	got, err := PlayerList([]string{" Ana", "Ben "})
	if err != nil || !slices.Equal(got, []string{"Ana", "Ben"}) {
		t.Errorf("got %v %v", got, err)
	}
	long := strings.Repeat("x", MaxNameLen+1)
	for i, names := range [][]string{nil, {"Ana", " "}, {"Ana", long}} {
		if _, err := PlayerList(names); err == nil {
			t.Errorf("case %d: %v accepted", i, names)
		}
	}
	_, err = PlayerList([]string{"red", "Red"})
	if in := err.(*InputError); in.Field != "players[1]" || in.Phrase.Args()[0] != Name("Red") || strconv.Quote("Red")+" is already a player's name: names must differ" != in.Message {
		t.Errorf("repeated name: %+v", in)
	}
}

// A kept position plays on as the game replayed from its start would:
// at every step of a log (a warning, the end, a refusal, an unreadable
// step), KeepStep from the position kept says what Guide says of the
// whole log, and LastOf and ResumeOf read from it what Last and Resume
// replay. A kept position of another length, or none, is replayed.
func TestKeptPlaysOnAsTheReplayedGame(t *testing.T) {
	g := counterGame{}
	var _ Keeping = g
	players, setup := []string{"Ana", "Ben"}, []byte(`{"target": 10}`)
	steps := raws("2", "7", "1")
	l := PlayLog{Players: players, Setup: setup}
	k, err := g.Keep(l)
	if err != nil || !k.Keeps(0) {
		t.Fatalf("the start kept: %+v, %v", k, err)
	}
	l.Kept = k
	for i, step := range append(steps, []byte("0"), []byte(`"x"`)) {
		want := append(slices.Clone(l.Steps), step)
		wantOver, wantFinal, wantErr := g.Guide(players, setup, want)
		next, over, final, err := g.KeepStep(l, step)
		if over != wantOver || string(final) != string(wantFinal) || (err == nil) != (wantErr == nil) ||
			err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("step %d: kept %v %s %v, replayed %v %s %v", i+1, over, final, err, wantOver, wantFinal, wantErr)
		}
		if err != nil {
			if next.ok {
				t.Errorf("step %d: a refused step kept a position", i+1)
			}
			continue
		}
		l.Steps, l.Kept = want, next
		b1, n1, s1, w1, e1 := g.LastOf(l)
		b2, n2, s2, w2, e2 := g.Last(players, setup, l.Steps)
		if b1.Sum != b2.Sum || n1.Sum != n2.Sum || n1.Turn != n2.Turn || s1 != s2 || (w1 == nil) != (w2 == nil) || e1 != e2 {
			t.Fatalf("step %d: LastOf %+v %+v %d %v, Last %+v %+v %d %v", i+1, b1, n1, s1, w1, b2, n2, s2, w2)
		}
		if r1, _ := g.ResumeOf(l); r1.Sum != n2.Sum {
			t.Errorf("step %d: ResumeOf %+v, Resume %+v", i+1, r1, n2)
		}
		// Kept of another length is not read: the log decides.
		stale := l
		stale.Steps = l.Steps[:len(l.Steps)-1]
		if r, _ := g.ResumeOf(stale); r.Sum != b2.Sum {
			t.Errorf("step %d: a kept position of another length was read: %+v", i+1, r)
		}
	}
	if l.Kept.now.(counter).Sum != 10 || len(l.Steps) != 3 {
		t.Fatalf("the log kept %d steps, sum %d", len(l.Steps), l.Kept.now.(counter).Sum)
	}
}
